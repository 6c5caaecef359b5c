"""Event animations of the play view (spec crawl.md sections 4.14 and 8.3).

`EventPlayer.play(events, decision)` turns the events of one accepted decision into tweens on
a timeline: every event starts where the previous one left the cursor (draws 80 ms apart, a
hit before its damage number...), so the table replays what happened in resolution order. All
timing goes through the view's Tweener, which follows the animation-speed setting; in
"instant" mode each tween ends as it is added, in the same order, so the end state is the same.
At the end of the timeline the view settles on the seat view of the new position.

The player reads only the events and the new seat view; it never works a rule out.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
from arcade import easing
from arcade.types import Color

from game.engine.events import Event
from game.i18n import _
from game.scenes import theme
from game.scenes.animation import AlphaTween, PositionTween, Tween, ValueTween
from game.scenes.crawl import look
from game.scenes.crawl.card_text import CardLabel
from game.scenes.crawl.cards import CardSprite
from game.scenes.crawl.preview import dest_place, source_place

if TYPE_CHECKING:
    from game.scenes.crawl.play import PlayView

SOUNDS = {
    "hurt": ":resources:sounds/hurt2.wav",
    "hit": ":resources:sounds/hit3.wav",
    "break": ":resources:sounds/explosion1.wav",
    "heal": ":resources:sounds/upgrade1.wav",
    "coin": ":resources:sounds/coin1.wav",
    "sell": ":resources:sounds/coin2.wav",
    "revive": ":resources:sounds/upgrade4.wav",
    "draw": ":resources:sounds/phaseJump1.wav",
    "miss": ":resources:sounds/error4.wav",
    "zap": ":resources:sounds/laser2.wav",
}
DRAW_GAP = 0.08  # spec 8.3: cards fly from the deck 80 ms apart
FLY = 0.32
CARRY_KINDS = {"hit", "block", "attack", "bash", "use", "sell"}  # the rules' move kinds


class Call(Tween):
    """Run a callback at a point of the timeline (a zero-length tween after `delay`)."""

    def __init__(self, delay: float, fn: Callable[[], Any]) -> None:
        super().__init__(0.0, delay=delay, on_done=fn)


class Shake(Tween):
    """Shake a card or the portrait sideways, fading out."""

    def __init__(self, target: Any, duration: float, amplitude: float, delay: float = 0.0):
        super().__init__(duration, ease=easing.linear, delay=delay)
        self.target = target
        self.amplitude = amplitude

    def apply(self, t: float) -> None:
        self.target.shake = math.sin(t * math.pi * 8) * self.amplitude * (1.0 - t)

    def on_end(self) -> None:
        self.target.shake = 0.0


class SpriteFx(Tween):
    """A decoration sprite (flash, coin, shard, beam) in the fx layer, animated by `step(t)` and
    removed at the end. Non-blocking unless told otherwise."""

    blocking = False

    def __init__(self, view: PlayView, sprite: arcade.Sprite, duration: float,
                 step: Callable[[arcade.Sprite, float], None], delay: float = 0.0,
                 ease: Callable[[float], float] = easing.linear) -> None:
        super().__init__(duration, delay=delay, ease=ease)
        self.view = view
        self.sprite = sprite
        self.step = step

    def on_start(self) -> None:
        self.view.fx_layer.sprites.append(self.sprite)

    def apply(self, t: float) -> None:
        self.step(self.sprite, t)

    def on_end(self) -> None:
        self.sprite.remove_from_sprite_lists()


class FloatLabel(Tween):
    """A number or a word (a hit, "+3", "Deflected!") that rises and fades out, then leaves:
    a baked label in the fx layer (`card_text`), so nothing is laid out or restyled while it
    floats. Fully visible for the first 40 % of the time. It never blocks input."""

    blocking = False

    def __init__(self, view: PlayView, label: CardLabel, x: float, y: float, rise: float,
                 duration: float) -> None:
        super().__init__(duration, ease=easing.ease_out)
        self.view, self.label = view, label
        self.x0, self.y0, self.rise = x, y, rise
        self.color = label.color
        label.place(x, y)

    def on_start(self) -> None:
        self.view.fx_layer.sprites.append(self.label.sprite)

    def apply(self, t: float) -> None:
        self.label.place(self.x0, self.y0 + self.rise * t)
        fade = 1.0 - max(0.0, min(1.0, (self.elapsed_fraction - 0.4) / 0.6))
        self.label.set_color(self.color.replace(a=round(self.color.a * fade)))

    def on_end(self) -> None:
        self.label.sprite.remove_from_sprite_lists()


class EventPlayer:
    """Plays one decision's events on the view's cards, hero panel and fx layer."""

    def __init__(self, view: PlayView) -> None:
        self.v = view
        self.t = 0.0
        self.end = 0.0
        self.chaos = False
        self.action_pos: tuple[float, float] = (0.0, 0.0)

    # -- timeline helpers ------------------------------------------------------------------
    def at(self, t: float, fn: Callable[[], Any]) -> None:
        self.v.tweener.add(Call(t, fn))
        self.end = max(self.end, t)

    def tween(self, tween: Tween) -> Tween:
        self.v.tweener.add(tween)
        if tween.blocking:
            self.end = max(self.end, tween.delay + tween.duration)
        return tween

    def sound(self, t: float, name: str) -> None:
        self.at(t, lambda: self.v.play_sound(SOUNDS[name]))

    def float_text(self, t: float, text: str, x: float, y: float, color: Any,
                   size: float = 22, rise: float = 50, duration: float = 1.0) -> None:
        def start() -> None:
            label = CardLabel(size, "center", "center", Color.from_iterable(color))
            label.set(text)
            self.v.tweener.add(FloatLabel(self.v, label, x, y, rise, duration))

        self.at(t, start)

    def flash(self, t: float, x: float, y: float, size: float, color: Any,
              duration: float = 0.45) -> None:
        sprite = arcade.Sprite(look.disc_texture(128))
        sprite.position = (x, y)
        sprite.color = Color.from_iterable(color)
        sprite.alpha = 0
        base = size / 128

        def step(s: arcade.Sprite, k: float) -> None:
            s.scale = base * (0.6 + 0.8 * k)
            s.alpha = round(230 * (1.0 - k))

        self.tween(SpriteFx(self.v, sprite, duration, step, delay=t))

    def coins(self, t: float, start: tuple[float, float], end: tuple[float, float],
              count: int) -> float:
        """Coins fly from `start` to `end`; returns when the last one lands."""
        size = max(16, int(self.v.lay.card_h * 0.1))
        last = t
        for i in range(count):
            sprite = arcade.Sprite(look.icon_texture(look.COIN, size))
            sprite.position = start
            sprite.alpha = 0
            jitter = ((i * 37) % 21 - 10, (i * 53) % 17 - 8)
            sx, sy = start[0] + jitter[0], start[1] + jitter[1]

            def step(s: arcade.Sprite, k: float, sx=sx, sy=sy) -> None:
                s.alpha = 255
                s.position = (sx + (end[0] - sx) * k,
                              sy + (end[1] - sy) * k + math.sin(k * math.pi) * 40)

            delay = t + i * 0.05
            self.tween(SpriteFx(self.v, sprite, 0.4, step, delay=delay, ease=easing.ease_in))
            last = delay + 0.4
        return last

    # -- the whole decision ----------------------------------------------------------------
    def play(self, events: list[Event], decision: dict[str, Any] | None = None,
             kind: str | None = None) -> float:
        """Schedule every event; returns the timeline's length (seconds at normal speed).

        `kind` is the rules' resolution kind of the decision (hit, block, attack...), asked
        before it was submitted."""
        self.t = 0.0
        self.end = 0.0
        if decision is not None and decision.get("type") == "move" and kind is not None:
            self.carry(decision, kind)
        for event in events:
            handler = getattr(self, f"on_{event.type}", None)
            if handler is not None:
                handler(**event.data)
        return max(self.t, self.end)

    def carry(self, decision: dict[str, Any], kind: str) -> None:
        """The moved card travels to what it acts on before the outcome shows."""
        src = source_place(decision)
        card = self.v.card_in(src)
        if card is None:
            return
        dst = dest_place(decision)
        lay = self.v.lay
        x, y = lay.center(dst)
        self.action_pos = (x, y)
        if kind not in CARRY_KINDS:
            return
        if dst.startswith("board.") or dst in ("left_hand", "right_hand", "backpack"):
            # stop short, on the side it came from: the target card stays visible
            sx, sy = card.position
            dist = math.dist((sx, sy), (x, y))
            if dist > 1:
                short = min(dist, lay.card_h * 0.3)
                x, y = x + (sx - x) / dist * short, y + (sy - y) / dist * short
        self.v.to_top(card)
        card.lift = 0
        card.outline = None
        self.tween(PositionTween(card, (x, y), 0.16, ease=easing.ease_in))
        self.t = 0.16

    # -- events (spec 4.14) ----------------------------------------------------------------
    def on_card_moved(self, id: str, to: str, **_rest: Any) -> None:
        card = self.v.cards.get(id)
        if card is None:
            return
        card.place = to
        home = self.v.lay.center(to) if to in self.v.lay.places else card.position
        card.home = home
        self.action_pos = home

        def land(card: CardSprite = card) -> None:
            if not card.gone and card.place == to:
                self.v.to_table(card)

        self.v.to_top(card)
        card.lift = 0
        card.outline = None
        self.tween(PositionTween(card, home, 0.22, delay=self.t, on_done=land))
        self.t += 0.14

    def on_card_drawn(self, id: str, slot: int, **_rest: Any) -> None:
        data = self.v.after_card(id)
        if data is None:
            return
        place = f"board.{slot}"
        card = self.v.make_card(data, top=True)
        card.place = place
        card.home = self.v.lay.center(place)
        card.position = self.v.lay.center("deck")
        card.flip = 0.0
        card.alpha = 0
        self.v.cards[id] = card
        t = self.t

        def appear(card: CardSprite = card) -> None:
            card.alpha = 255
            self.v.shown_deck = max(0, self.v.shown_deck - 1)
            self.v.refresh_deck()

        def land(card: CardSprite = card) -> None:
            if not card.gone:
                self.v.to_table(card)

        self.at(t, appear)
        self.tween(PositionTween(card, card.home, FLY, delay=t, ease=easing.ease_out,
                                 on_done=land))
        self.tween(ValueTween(0.0, 1.0, FLY * 0.9, lambda f, c=card: setattr(c, "flip", f),
                              delay=t + FLY * 0.1, ease=easing.linear))
        self.end = max(self.end, t + FLY)
        self.t += DRAW_GAP

    def on_card_removed(self, id: str, reason: str, **_rest: Any) -> None:
        card = self.v.cards.pop(id, None)
        if card is None:
            return
        t = self.t
        x, y = card.position
        if reason == "killed":
            self.sound(t, "hit")
        elif reason == "broken":
            self.sound(t, "break")
            self.shards(t, x, y)
        elif reason == "doomed":
            self.flash(t, x, y, self.v.lay.card_h * 1.1, (255, 90, 40))
        elif reason == "gangrene":
            self.flash(t, x, y, self.v.lay.card_h, (120, 220, 90))
        self.v.to_top(card)
        if reason == "sold":
            chest = self.v.lay.center("chest")
            self.tween(PositionTween(card, chest, 0.25, delay=t, ease=easing.ease_in))
            self.tween(ValueTween(1.0, 0.3, 0.25, lambda s, c=card: setattr(c, "scale", s),
                                  delay=t))
            self.tween(AlphaTween(card, 0, 0.25, delay=t + 0.05, on_done=card.remove))
            self.action_pos = chest
            self.t += 0.2
            return
        duration = 0.22 if reason in ("cleanup", "used_up", "ability_used") else 0.3
        self.tween(ValueTween(1.0, 0.55, duration, lambda s, c=card: setattr(c, "scale", s),
                              delay=t))
        self.tween(AlphaTween(card, 0, duration, delay=t, on_done=card.remove))
        self.t += 0.1

    def shards(self, t: float, x: float, y: float) -> None:
        size = max(10, int(self.v.lay.card_h * 0.08))
        for i in range(7):
            angle = i / 7 * math.tau + 0.3
            sprite = arcade.Sprite(look.shard_texture(size))
            sprite.position = (x, y)
            sprite.alpha = 0
            dx, dy = math.cos(angle), math.sin(angle)

            def step(s: arcade.Sprite, k: float, dx=dx, dy=dy) -> None:
                s.position = (x + dx * 90 * k, y + dy * 90 * k - 40 * k * k)
                s.angle = k * 360 * (1 if dx > 0 else -1)
                s.alpha = round(255 * (1.0 - k))

            self.tween(SpriteFx(self.v, sprite, 0.55, step, delay=t, ease=easing.ease_out))

    def on_hero_damaged(self, amount: int, source: str = "", **_rest: Any) -> None:
        t = self.t
        hx, hy = self.v.hero_anchor()
        self.sound(t, "hurt")
        self.float_text(t, f"−{amount}", hx, hy, look.WOUND_RED, size=30)
        target = max(0, self.v.shown_hp - amount)
        self.v.shown_hp = target
        self.at(t, lambda: self.v.animate_hp(target))
        self.tween(Shake(self.v.portrait_shaker, 0.35, 7, delay=t))
        self.t += 0.32

    def on_revive_triggered(self, **_rest: Any) -> None:
        t = self.t
        x, y = self.v.lay.center("hero")
        self.sound(t, "revive")
        self.flash(t, x, y, self.v.lay.card_h * 1.3, theme.GOLD_HI, duration=0.7)
        self.float_text(t, _("Revived!"), x, y + 30, theme.GOLD_HI, size=26, duration=1.3)
        self.v.shown_hp = 1
        self.at(t + 0.1, lambda: self.v.animate_hp(1))
        self.t += 0.45

    def on_capitalize_triggered(self, amount: int = 0, **_rest: Any) -> None:
        t = self.t
        x, y = self.v.hero_anchor()
        size = max(16, int(self.v.lay.card_h * 0.1))
        for i in range(10):
            angle = i / 10 * math.tau
            sprite = arcade.Sprite(look.icon_texture(look.COIN, size))
            sprite.position = (x, y)
            sprite.alpha = 0

            def step(s: arcade.Sprite, k: float, a=angle) -> None:
                s.position = (x + math.cos(a) * 70 * k, y + math.sin(a) * 70 * k)
                s.alpha = round(255 * (1.0 - k * k))

            self.tween(SpriteFx(self.v, sprite, 0.5, step, delay=t, ease=easing.ease_out))
        self.action_pos = (x, y)
        self.t += 0.15

    def on_hero_healed(self, amount: int, **_rest: Any) -> None:
        if amount <= 0:
            return
        t = self.t
        hx, hy = self.v.hero_anchor()
        self.sound(t, "heal")
        self.float_text(t, f"+{amount}", hx, hy, look.HEAL_GREEN, size=30)
        target = min(self.v.max_hp, self.v.shown_hp + amount)
        self.v.shown_hp = target
        self.at(t, lambda: self.v.animate_hp(target))
        self.t += 0.28

    def on_gold_gained(self, amount: int, source: str = "", **_rest: Any) -> None:
        t = self.t
        lay = self.v.lay
        if source == "sell":
            start = lay.center("chest")
            self.sound(t, "sell")
            self.float_text(t, f"+{amount}", start[0], start[1] + lay.card_h * 0.3, theme.GOLD_HI,
                            size=28)
        elif source in ("capitalize", "galvanize"):
            start = self.v.hero_anchor()
            self.sound(t, "coin")
        elif source == "win_bonus":
            start = (self.v.lay.width / 2, lay.board_y)
            self.sound(t, "coin")
            self.float_text(t, _("+{amount} survival bonus").format(amount=amount), start[0], start[1], theme.GOLD_HI,
                            size=28, duration=1.6)
        else:
            start = self.action_pos
            self.sound(t, "coin")
        end = self.v.gold_anchor()
        landed = self.coins(t, start, end, max(3, min(8, amount // 2 + 2)))
        before = self.v.shown_gold
        after = before + amount
        self.v.shown_gold = after
        self.tween(ValueTween(before, after, 0.35, self.v.show_gold, delay=landed - 0.2,
                              ease=easing.linear))
        self.t += 0.2

    def on_value_changed(self, id: str, to: int, **data: Any) -> None:
        card = self.v.cards.get(id)
        if card is None:
            return
        old = data.get("from")
        t = self.t
        x, y = card.home
        self.action_pos = card.position
        if self.chaos:
            self.spin(card, to)
            return
        after = self.v.after_card(id)

        def apply(card: CardSprite = card) -> None:
            if card.gone:
                return
            if after is not None and after.get("spent") != card.data.get("spent"):
                card.set_data({**card.data, "value": to, "spent": after.get("spent")})
            else:
                card.set_value(to)
            self.v.pulse(card)

        self.at(t, apply)
        if isinstance(old, int) and card.data.get("type") == "enemy" and to < old:
            self.float_text(t, f"−{old - to}", x, y + self.v.lay.card_h * 0.1, look.WOUND_RED,
                            size=32)
            self.sound(t, "hit")
        elif isinstance(old, int) and to > old and card.data.get("type") in ("spell", "shield"):
            self.float_text(t, f"+{to - old}", x, y + self.v.lay.card_h * 0.1, look.HEAL_GREEN,
                            size=30)
        self.t += 0.12

    def spin(self, card: CardSprite, final: int) -> None:
        """Chaos: the value spins like a slot machine, then settles."""
        t = self.t
        rng = random.Random(hash((card.id, final)))  # presentation only
        steps = 9
        for i in range(steps):
            shown = str(rng.randint(1, 10))
            self.at(t + i * 0.06, lambda s=shown, c=card: (not c.gone) and c.show_value_text(s))

        def settle(card: CardSprite = card) -> None:
            if not card.gone:
                card.show_value_text(str(final))
                card.set_value(final)
                self.v.pulse(card)

        self.at(t + steps * 0.06, settle)
        self.end = max(self.end, t + steps * 0.06)

    def on_shield_absorbed(self, id: str, amount: int = 0, **_rest: Any) -> None:
        card = self.v.cards.get(id)
        if card is None:
            return
        self.tween(Shake(card, 0.3, 6, delay=self.t))
        self.t += 0.12

    def on_deflected(self, enemy: str, target: str | None = None, **_rest: Any) -> None:
        t = self.t
        hx, hy = self.v.lay.center("hero")
        card = self.v.cards.get(target) if target else None
        self.sound(t, "zap")
        if card is None:
            self.float_text(t, _("Deflected!"), hx, hy + 40, look.FOCUS_BLUE, size=24)
            self.t += 0.3
            return
        tx, ty = card.home
        self.beam(t, (hx, hy), (tx, ty))
        self.t += 0.3

    def beam(self, t: float, a: tuple[float, float], b: tuple[float, float]) -> None:
        length = math.dist(a, b)
        sprite = arcade.SpriteSolidColor(max(2, int(length)), 8, color=look.FOCUS_BLUE)
        sprite.position = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        sprite.angle = -math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
        sprite.alpha = 0

        def step(s: arcade.Sprite, k: float) -> None:
            s.alpha = round(255 * (1.0 - k))
            s.height = 10 * (1.0 - k) + 2

        self.tween(SpriteFx(self.v, sprite, 0.45, step, delay=t))
        self.flash(t + 0.1, b[0], b[1], self.v.lay.card_h * 0.8, look.FOCUS_BLUE)

    def on_random_attack(self, n: int, hit: list[str] | None = None, **_rest: Any) -> None:
        t = self.t
        lay = self.v.lay
        cx = self.v.lay.width / 2
        self.sound(t, "zap")
        self.float_text(t, _("Random attack: −{n}").format(n=n), cx, lay.strip_y, theme.GOLD_HI, size=26,
                        rise=30, duration=1.4)
        for card_id in hit or []:
            card = self.v.cards.get(card_id)
            if card is not None:
                self.flash(t, *card.home, lay.card_h * 1.0, (255, 240, 200))
        self.t += 0.3

    def on_random_attack_missed(self, **_rest: Any) -> None:
        t = self.t
        self.sound(t, "miss")
        cx = self.v.lay.width / 2
        self.float_text(t, _("Missed!"), cx, self.v.lay.board_y, theme.TEXT,
                        size=44, rise=40, duration=1.4)
        self.t += 0.5

    def on_card_returned_to_deck(self, id: str, **_rest: Any) -> None:
        card = self.v.cards.pop(id, None)
        if card is None:
            return
        self.fly_to_deck(card, self.t)
        self.t += 0.08

    def fly_to_deck(self, card: CardSprite, t: float) -> None:
        deck = self.v.lay.center("deck")
        self.v.to_top(card)
        card.outline = None
        card.lift = 0

        def arrive() -> None:
            card.remove()
            self.v.shown_deck += 1
            self.v.refresh_deck()

        self.tween(PositionTween(card, deck, 0.3, delay=t, ease=easing.ease_in_out))
        self.tween(ValueTween(1.0, 0.0, 0.15, lambda f, c=card: setattr(c, "flip", f),
                              delay=t + 0.15, ease=easing.linear, on_done=arrive))

    def on_card_swapped(self, out: str, **data: Any) -> None:
        incoming = data.get("in")
        card = self.v.cards.pop(out, None)
        slot_place = card.place if card is not None else None
        if card is not None:
            self.fly_to_deck(card, self.t)
        self.t += 0.3
        if incoming is None:
            return
        after = self.v.after_card(incoming)
        place = self.v.after_place(incoming) or slot_place
        if after is None or place is None:
            return
        new = self.v.make_card(after, top=True)
        new.place = place
        new.home = self.v.lay.center(place)
        new.position = self.v.lay.center("deck")
        new.flip = 0.0
        new.alpha = 0
        self.v.cards[incoming] = new
        t = self.t

        def appear() -> None:
            new.alpha = 255
            self.v.shown_deck = max(0, self.v.shown_deck - 1)
            self.v.refresh_deck()

        self.at(t, appear)
        self.tween(PositionTween(new, new.home, FLY, delay=t,
                                 on_done=lambda: self.v.to_table(new)))
        self.tween(ValueTween(0.0, 1.0, FLY * 0.9, lambda f: setattr(new, "flip", f),
                              delay=t + FLY * 0.1, ease=easing.linear))
        self.t += FLY

    def on_ability_used(self, ability: str, target: str = "hero", **_rest: Any) -> None:
        t = self.t
        v = self.v
        info = v.catalogue.abilities.get(ability)
        name = _(info.name) if info else ability
        if info is not None and info.effect == "shuffle_values":
            self.chaos = True
        if target == "hero":
            x, y = v.lay.center("hero")
            self.flash(t, x, y, v.lay.card_h * 1.1, (190, 150, 255))
        else:
            card = v.cards.get(target)
            x, y = card.home if card is not None else v.lay.center("hero")
            self.flash(t, x, y, v.lay.card_h * 0.9, (190, 150, 255))
        self.float_text(t, f"{name}!", x, y + v.lay.card_h * 0.35, (214, 190, 255), size=24)
        # Life and Galvanize: the card turns into the card it creates, in its hand
        for card in list(v.cards.values()):
            if card.data.get("ability") == ability and card.data.get("type") == "ability":
                after = v.after_card(card.id)
                if after is not None and after.get("type") != "ability":
                    created = {**after, "value": after.get("initial_value"), "spent": False}
                    self.at(t, lambda c=card, d=created: c.gone or c.set_data(
                        d, art=v.catalogue.art_for(d), kind_label=""))
        self.action_pos = (x, y)
        self.t += 0.3

    def on_rebuy(self, cost: int = 0, **_rest: Any) -> None:
        cx = self.v.lay.width / 2
        self.float_text(self.t, _("Rebuy −{cost} HP").format(cost=cost), cx, self.v.lay.strip_y,
                        theme.GOLD_HI, size=24, rise=30)

    def on_run_over(self, **_rest: Any) -> None:
        self.t += 0.2
