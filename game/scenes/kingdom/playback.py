"""Combat playback (spec kingdom.md 8.3): `board.combat_log`, one event per beat.

The match view hands every combat event to `CombatPlayback.play`, which changes the view's
shown state as the event says (a unit dies, a Nexus loses HP) and animates it over the same
card sprites: a highlight walks the lanes left to right; melee attackers lunge at the card
opposite and back, ranged shots fly to the enemy Nexus bar, siege shots splash three lanes;
lethal hits flash red; a guardian slides over the unit it saves and fades behind a shield; the
dead shrink and fade ("Fallen" for a hero); Nexus numbers float off the bars, which shake and
drop. Each event returns its beat (about 0.35 s at 1x); the view's speed setting scales it,
Space skips to the end state and instant mode shows the final state at once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import arcade
from arcade.types import Color

from game.i18n import _
from game.scenes import theme
from game.scenes.animation import ColorTween, PositionTween, ValueTween
from game.scenes.kingdom import art

if TYPE_CHECKING:
    from game.scenes.kingdom.match_view import MatchView

BEAT = 0.35  # seconds per combat event at 1x (spec 8.3)
END_PAUSE = 0.8  # after combat_end, before upkeep and the next turn
RED = Color(235, 70, 60)
GREEN = Color(120, 230, 110)
LETHAL = Color(255, 90, 80)


class CombatPlayback:
    """Plays one combat's events on a MatchView (see the module docstring)."""

    def __init__(self, view: MatchView) -> None:
        self.view = view
        self.active = False

    # -- life ------------------------------------------------------------------------------------
    def start(self) -> None:
        self.active = True
        self.view.effective = {}

    def finish(self) -> None:
        """The combat is over (or skipped): effective stats and the lane highlight go."""
        view = self.view
        was = bool(view.effective) or self.active
        self.active = False
        view.effective = {}
        view.lane_focus = None
        marker = getattr(view, "lane_marker", None)
        if marker is not None:
            marker.visible = False
        if was:
            view.rebuild()

    def play(self, event: dict[str, Any]) -> float:
        handler = getattr(self, f"on_{event['type']}", None)
        if handler is None:
            return 0.0
        return float(handler(event))

    # -- helpers ---------------------------------------------------------------------------------
    def focus(self, lane: int) -> None:
        view = self.view
        view.lane_focus = lane
        marker = getattr(view, "lane_marker", None)
        if marker is None or view.lay is None:
            return
        marker.visible = True
        x = view.lay.lane_x(lane)
        if view.skipping or view.tweener.instant:
            marker.center_x = x
        else:
            view.tweener.add(PositionTween(marker, (x, marker.center_y), 0.15, blocking=False))

    def bar_point(self, seat: int) -> tuple[float, float]:
        r = self.view.bar_rect(seat)
        return r.center_x, r.center_y

    def sprite(self, uid: str | None) -> arcade.Sprite | None:
        return None if uid is None else self.view.sprites.get(("unit", uid))

    def projectile(self, start: tuple[float, float], end: tuple[float, float], color: Color,
                   size: int = 16, then: Any = None) -> None:
        view = self.view
        if view.skipping:
            if then is not None:
                then()
            return
        shot = arcade.Sprite(art.disc_texture(size))
        shot.color = color
        shot.position = start
        view.fx.append(shot)

        def land() -> None:
            shot.remove_from_sprite_lists()
            if then is not None:
                then()

        view.tweener.add(PositionTween(shot, end, 0.22, start=start, on_done=land,
                                       blocking=False))

    def ring(self, at: tuple[float, float]) -> None:
        view = self.view
        if view.skipping:
            return
        ring = arcade.Sprite(art.ring_texture(96))
        ring.position = at
        ring.color = Color(255, 170, 60)
        ring.scale = 0.3
        view.fx.append(ring)

        def grow(v: float) -> None:
            ring.scale = 0.3 + 0.9 * v
            ring.alpha = round(255 * (1 - v))

        view.tweener.add(ValueTween(0, 1, 0.35, grow, on_done=ring.remove_from_sprite_lists,
                                    blocking=False))

    def flash(self, uid: str | None) -> None:
        sprite = self.sprite(uid)
        if sprite is None or self.view.skipping:
            return
        sprite.color = LETHAL
        self.view.tweener.add(ColorTween(sprite, (255, 255, 255, 255), 0.3, start=LETHAL,
                                         blocking=False))

    def number(self, text: str, at: tuple[float, float], color: Color, size: float = 16,
               seat: int | None = None) -> None:
        """A floating number; over the top panel it floats down, into the window."""
        down = seat is not None and seat == self.view.top
        self.view.float_text(text, at[0], at[1] + (-14 if down else 10), color, size=size,
                             rise=-30 if down else 36, duration=0.9)

    def shake(self, seat: int) -> None:
        view = self.view
        bar = view.bars.get(seat)
        if bar is None or view.skipping:
            return

        def apply(v: float) -> None:
            bar["dx"] = math.sin(v * math.pi * 8) * (1 - v) * 7
            view.set_bar(seat, view.hp_shown[seat])

        def done() -> None:
            bar["dx"] = 0.0
            view.set_bar(seat, view.hp_shown[seat])

        view.tweener.add(ValueTween(0, 1, 0.35, apply, on_done=done, blocking=False))

    # -- events ----------------------------------------------------------------------------------
    def on_heal(self, e: dict[str, Any]) -> float:
        view = self.view
        seat = e["seat"]
        view.seat(seat)["hp"] = e["hp"]
        self.number(f"+{e['amount']}", self.bar_point(seat), GREEN, 18, seat)
        view.tween_hp(seat, e["hp"])
        view.play("upgrade")
        return BEAT

    def on_aura(self, e: dict[str, Any]) -> float:
        view = self.view
        view.effective = {u["uid"]: (u["atk"], u["def"], u["bonus"]) for u in e["units"]}
        view.rebuild()
        if not view.skipping:
            for seat in (0, 1):
                for unit in view.seat(seat)["slots"]:  # the units whose keyword lends
                    if unit and view.content.effects[
                            view.content.cards[unit["card"]].effect].lends:
                        self.pulse(("unit", unit["uid"]))
        return BEAT if any(u["bonus"] for u in e["units"]) else 0.1

    def pulse(self, key: Any) -> None:
        view = self.view
        sprite = view.sprites.get(key)
        if sprite is None:
            return
        base = sprite.scale_x

        def apply(v: float) -> None:
            sprite.scale = base * (1 + 0.1 * math.sin(v * math.pi))

        view.tweener.add(ValueTween(0, 1, 0.4, apply, blocking=False))

    def on_attack(self, e: dict[str, Any]) -> float:
        view = self.view
        seat, lane = e["seat"], e["lane"]
        enemy = 1 - seat
        self.focus(lane)
        attacker = self.sprite(e["uid"])
        home = view.slot_pos(seat, lane)
        style = e["style"]
        hits = e["hits"]
        if style == "melee":
            view.play("melee")
            target = view.slot_pos(enemy, lane)
            if attacker is not None and not view.skipping:
                key = ("unit", e["uid"])
                reach = (home[0] + (target[0] - home[0]) * 0.55,
                         home[1] + (target[1] - home[1]) * 0.55)

                def back() -> None:
                    view.tween(PositionTween(attacker, home, 0.14, start=reach), key)

                view.tween(PositionTween(attacker, reach, 0.12, start=home, on_done=back), key)
            self.land_hits(hits, enemy)
        elif style == "ranged":
            view.play("ranged")
            self.projectile(home, self.bar_point(enemy), Color(255, 230, 120),
                            then=lambda: self.land_hits(hits, enemy))
        else:
            view.play("aoe")
            for hit in hits:
                spot = view.slot_pos(enemy, hit["lane"])

                def splash(hit: dict[str, Any] = hit, spot: tuple[float, float] = spot) -> None:
                    self.ring(spot)
                    self.land_hits([hit], enemy)

                self.projectile(home, spot, Color(255, 150, 60), 18, then=splash)
        return BEAT

    def land_hits(self, hits: list[dict[str, Any]], enemy: int) -> None:
        view = self.view
        for hit in hits:
            if hit.get("lethal"):
                self.flash(hit.get("target"))
            if hit.get("nexus"):
                if hit.get("target") is None:
                    at = self.bar_point(enemy)
                else:
                    at = view.slot_pos(enemy, hit["lane"])
                self.number(f"{hit['nexus']}", at, Color(255, 150, 140), 14,
                            enemy if hit.get("target") is None else None)

    def on_guardian(self, e: dict[str, Any]) -> float:
        view = self.view
        seat = e["seat"]
        view.play("guardian")
        saved_at = view.slot_pos(seat, e["saved_slot"])
        sprite = view.ghost(("unit", e["guardian"]))
        view.seat(seat)["slots"][e["guardian_slot"]] = None
        if sprite is not None and not view.skipping:
            start = sprite.position

            def fade() -> None:
                view.tweener.fade(sprite, 0, 0.2, on_done=sprite.remove_from_sprite_lists,
                                  blocking=False)

            view.tweener.add(PositionTween(sprite, saved_at, 0.18, start=start, on_done=fade,
                                           blocking=False))
            shield = arcade.Sprite(art.shield_texture(80))
            shield.position = saved_at
            view.fx.append(shield)
            view.tweener.fade(shield, 0, 0.45, start=255,
                              on_done=shield.remove_from_sprite_lists, blocking=False)
        elif sprite is not None:
            sprite.remove_from_sprite_lists()
        return BEAT

    def on_death(self, e: dict[str, Any]) -> float:
        view = self.view
        seat = e["seat"]
        sj = view.seat(seat)
        unit = sj["slots"][e["slot"]]
        if unit is not None and unit["uid"] == e["uid"]:
            sj["slots"][e["slot"]] = None
        hero = sj.get("hero")
        if hero and hero["card"] == e["card"]:
            hero["status"] = "dead"
        sprite = view.ghost(("unit", e["uid"]))
        if sprite is not None:
            if view.skipping:
                sprite.remove_from_sprite_lists()
            else:
                base = sprite.scale_x

                def shrink(v: float) -> None:
                    sprite.scale = base * (1 - 0.6 * v)
                    sprite.alpha = round(255 * (1 - v))

                view.tweener.add(ValueTween(0, 1, 0.3, shrink,
                                            on_done=sprite.remove_from_sprite_lists,
                                            blocking=False))
        if hero and hero["card"] == e["card"]:
            x, y = view.slot_pos(seat, e["slot"])
            view.float_text(_("Fallen"), x, y, theme.GREY_TEXT, size=22, rise=20, duration=1.4)
        view.rebuild()
        return BEAT if e["cause"] != "sacrifice" else 0.1

    def on_trigger(self, e: dict[str, Any]) -> float:
        """A keyword's trigger: damage to the enemy Nexus ("Cleave +6", "Thorns +1") or a
        heal of its own ("+2"), as the keyword's effect says (`Keyword.nexus`)."""
        seat = e["seat"]
        keyword = self.view.content.effects.get(e["effect"])
        if keyword is not None and keyword.nexus == "enemy":
            self.number(f"{_(keyword.name)} +{e['amount']}", self.bar_point(1 - seat), RED, 18,
                        1 - seat)
        else:
            self.number(f"+{e['amount']}", self.bar_point(seat), GREEN, 18, seat)
        return BEAT

    def on_nexus_damage(self, e: dict[str, Any]) -> float:
        view = self.view
        seat = e["seat"]
        view.seat(seat)["hp"] = e["hp"]
        x, y = self.bar_point(seat)
        self.number(f"−{e['amount']}", (x + 60, y), RED, 20, seat)
        self.shake(seat)
        view.tween_hp(seat, e["hp"], 0.3)
        view.play("nexus")
        return BEAT

    def on_nexus_heal(self, e: dict[str, Any]) -> float:
        view = self.view
        seat = e["seat"]
        view.seat(seat)["hp"] = e["hp"]
        x, y = self.bar_point(seat)
        self.number(f"+{e['amount']}", (x - 60, y), GREEN, 20, seat)
        view.tween_hp(seat, e["hp"], 0.3)
        return BEAT

    def on_combat_end(self, e: dict[str, Any]) -> float:
        view = self.view
        for seat, hp in enumerate(e["hp"]):
            view.seat(seat)["hp"] = hp
        view.lane_focus = None
        marker = getattr(view, "lane_marker", None)
        if marker is not None:
            marker.visible = False
        return END_PAUSE
