"""The draft view, "STEALING PHASE" (spec strike.md 8.2).

Both hands face up (enemy hand on top: click to steal; own hand below: click to retain), both
decks as three slots at the window edges, six progress dots, a turn pill and one message line.
A taken card flies to its deck slot and turns over once (`CardFlip`); the dealt hands turn face
up one after another when a live draft opens before anyone has picked. With a full deck (setups only) a card of the enemy hand and
then one of the own deck make a `swap`, or Pass passes. When the draft ends, SPACE or Continue
opens the placement view.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache
from typing import Any

import arcade
from arcade import easing
from arcade.types import Color

from game.i18n import N_, _
from game.scenes import glyphs, theme
from game.scenes.animation import PositionTween, Tween, ValueTween
from game.scenes.fonts import KENNEY_FONT, UI_FONT
from game.scenes.log_panel import log_width
from game.scenes.scale import view_size
from game.scenes.strike import look
from game.scenes.strike.base import UNDO_LABEL, StrikeSession, StrikeView, sentence_case
from game.scenes.widgets import make_button

CARD_W, CARD_H = 150, 210
DECK_SCALE = 0.62
FLY = 0.35  # seconds a taken card flies to its deck slot (ease-out)
FLIP = 0.3  # seconds it then takes to turn over


def layout_scale(width: int, height: int) -> float:
    """The draft's scale for a window size (1 at 1280 x 720 and up, at least 0.5)."""
    return max(0.5, min(1.0, width / 1280, height / 720))


@cache
def card_back(seat: int) -> arcade.Texture:
    """The seat's card back (spec 8.1: green for seat 0, red for seat 1)."""
    name = "cardBack_green2" if seat == 0 else "cardBack_red2"
    return arcade.load_texture(f":resources:images/cards/{name}.png")


# a drafted card's line, whole for a translator: the person's, then another seat's
YOU_TOOK = {"steal": N_("Stole {card}!"), "retain": N_("Retained {card}!"),
            "swap": N_("Swapped for {card}!")}
THEY_TOOK = {"steal": N_("{who} stole {card}"), "retain": N_("{who} retained {card}"),
             "swap": N_("{who} swapped for {card}")}


class CardFlip(Tween):
    """A card turning over, drawn by squeezing its width (spec 8.2).

    A pick turns once round (face, back, face) after its flight; a reveal (`reveal=True`)
    starts on its back and ends on its face. The back is stretched to the face's size. In
    instant mode the Tweener finishes it at once: the face, at its size.
    """

    def __init__(self, sprite: arcade.Sprite, back: arcade.Texture, *, reveal: bool = False,
                 duration: float = FLIP, **kwargs: Any) -> None:
        kwargs.setdefault("ease", easing.ease_in_out)
        super().__init__(duration, **kwargs)
        self.sprite, self.back, self.reveal = sprite, back, reveal
        self.face = sprite.texture
        self.size = (sprite.width, sprite.height)
        if reveal:  # face down until it turns
            sprite.texture = back
            sprite.width, sprite.height = self.size

    def on_start(self) -> None:
        if not self.reveal:  # where the flight left it
            self.size = (self.sprite.width, self.sprite.height)

    def apply(self, t: float) -> None:
        a0 = math.pi if self.reveal else 0.0
        c = math.cos(a0 + t * (2 * math.pi - a0))
        texture = self.face if c >= 0 else self.back
        if self.sprite.texture is not texture:
            self.sprite.texture = texture
        w, h = self.size
        self.sprite.width, self.sprite.height = max(1.0, w * abs(c)), h

    def on_end(self) -> None:
        self.sprite.texture = self.face
        self.sprite.width, self.sprite.height = self.size


class DraftView(StrikeView):
    def __init__(self, app: Any, session: StrikeSession) -> None:
        super().__init__(app, session)
        self.cards = arcade.SpriteList()
        self.sprite_of: dict[str, arcade.Sprite] = {}
        self.slots = arcade.SpriteList()
        self.home: dict[str, tuple[float, float, float]] = {}  # card -> x, y, scale
        self.hover: str | None = None
        self.swap_card: str | None = None
        self.scale = 1.0
        self.message = self.message or starter_line(self)
        self.title_text = arcade.Text(_("STEALING PHASE"), 0, 0, look.TEXT, 26, font_name=KENNEY_FONT,
                                      anchor_x="center", anchor_y="center", batch=self.batch)
        self.pill_text = arcade.Text("", 0, 0, theme.TEXT_DARK, 13, font_name=UI_FONT, bold=True,
                                     anchor_x="center", anchor_y="center", batch=self.batch)
        self.message_text = arcade.Text("", 0, 0, look.TEXT, 14, font_name=UI_FONT,
                                        anchor_x="center", anchor_y="center", batch=self.batch)
        self.enemy_caption = arcade.Text("", 0, 0, look.MUTED, 12, font_name=UI_FONT, bold=True,
                                         anchor_x="center", anchor_y="center", batch=self.batch)
        self.own_caption = arcade.Text("", 0, 0, look.MUTED, 12, font_name=UI_FONT, bold=True,
                                       anchor_x="center", anchor_y="center", batch=self.batch)
        side = session.side
        self.slot_labels = [arcade.Text(look.unit_label(side(seat), i), 0, 0,
                                        look.SEAT_COLOURS[side(seat)], 11, font_name=UI_FONT, bold=True, anchor_x="center",
                                        anchor_y="center", batch=self.batch)
                            for seat in (0, 1) for i in range(3)]
        self.banner_text = arcade.Text("", 0, 0, look.TEXT, 16, font_name=UI_FONT, bold=True,
                                       anchor_x="center", anchor_y="center", batch=self.batch)
        self.continue_btn = make_button(_("Continue"), width=180, kind="primary",
                                        on_click=self.open_board)
        self.pass_btn = make_button(_("Pass"), width=140, on_click=self.pass_pick)
        self.undo_btn = make_button(_(UNDO_LABEL), width=150, height=34, on_click=self.request_undo)
        self.laid_w = 1280  # the width laid out for: the window's, less the log panel's room
        self._pill = (0.0, 0.0, 0.0, 0.0)
        self._dots: list[tuple[float, float, Color, bool]] = []
        self._rows: dict[str, tuple[float, float]] = {}
        self._dealt_shown = False

    # -- geometry ----------------------------------------------------------------------------
    @property
    def top_seat(self) -> int:
        return 1 - self.viewer

    @property
    def viewer(self) -> int:
        """Whose hand is at the bottom: the seat to act in hot seat, else the human seat."""
        if self.session.hotseat and self.acting is not None:
            return self.acting
        return self.session.me

    def prepare(self, width: int, height: int) -> Iterator[None]:
        """Paint the card faces the first layout shows (both hands, the decks' minis) and the
        card backs, one per step behind the loading state: each is a PIL painting of tens of
        milliseconds, cached by `look`, and uploaded to the atlas here, so the layout then
        only places sprites."""
        def faces() -> Iterator[None]:
            yield from glyphs.warm_steps()  # the text styles still cold (game.scenes.glyphs)
            s = self.scale = layout_scale(width, height)
            colours = look.colour_items(self.content)
            board = self.state["board"]
            atlas = self.window.ctx.default_atlas
            for seat in (0, 1):
                for card_id in board["hands"][seat]:
                    atlas.add(self.face(card_id, s, colours))
                    yield
                for card_id in board["decks"][seat][:3]:
                    atlas.add(self.face(card_id, DECK_SCALE * s, colours))
                    yield
                atlas.add(card_back(seat))
                yield
        return faces()

    def layout(self, width: int, height: int) -> None:
        self.undo_btn.rect = arcade.LBWH(16, 10, 150, 34)
        width = self.laid_w = width - self.log_room(width)  # the log panel's column
        s = self.scale = layout_scale(width, height)
        cw, ch, gap = CARD_W * s, CARD_H * s, 16 * s
        cx = width / 2
        self.title_text.position = (cx, height - 28 * s)
        self.title_text.font_size = 26 * s
        self.message_text.position = (cx, height - 62 * s)
        extra = max(0.0, (height - (90 * s + 2 * ch + 46 * s + 100 * s)) / 2)
        top_caption_y = height - 90 * s - extra
        top_y = top_caption_y - 14 * s - ch / 2
        own_caption_y = top_y - ch / 2 - 18 * s
        own_y = own_caption_y - 14 * s - ch / 2
        self.enemy_caption.position = (cx, top_caption_y)
        self.own_caption.position = (cx, own_caption_y)
        self._rows = {"top": (top_y, cw + gap), "own": (own_y, cw + gap)}
        self.banner_text.position = (cx, max(26 * s, own_y - ch / 2 - 26 * s))
        by = max(4.0, own_y - ch / 2 - 80 * s)
        self.continue_btn.rect = arcade.LBWH(cx - 90, by, 180, 40)
        self.pass_btn.rect = arcade.LBWH(cx - 70, by, 140, 40)
        # deck slots at the edges, three rows
        dw, dh = CARD_W * DECK_SCALE * s, CARD_H * DECK_SCALE * s
        self.slots.clear()
        self.deck_pos: dict[int, list[tuple[float, float]]] = {}
        mid = (top_y + own_y) / 2
        step = dh + 22 * s
        for seat in (0, 1):
            x = 20 * s + dw / 2 if self.session.side(seat) == 0 else width - 20 * s - dw / 2
            spots = [(x, mid + step - i * step) for i in range(3)]
            self.deck_pos[seat] = spots
            for i, (sx, sy) in enumerate(spots):
                slot = arcade.Sprite(look.slot_texture(int(dw), int(dh),
                                                       self.session.side(seat)), center_x=sx,
                                     center_y=sy)
                self.slots.append(slot)
                label = self.slot_labels[seat * 3 + i]
                label.position = (sx, sy + dh / 2 + 9 * s)
        # progress dots and the turn pill, top right
        self._pill = (width - 120 * s, height - 28 * s, 190 * s, 30 * s)
        self.pill_text.position = self._pill[:2]
        self.fit_pill()
        self.rebuild(animate=False)
        if not self._dealt_shown:
            self._dealt_shown = True
            self.reveal_hands()

    def reveal_hands(self) -> None:
        """A live draft nobody has picked in yet: the dealt hands turn face up, one card
        after another (0.06 s apart), each from its seat's back."""
        board = self.state["board"]
        if not self.session.live or any(board["decks"]) or self.state["phase"] != "draft":
            return
        i = 0
        for seat in (self.top_seat, self.viewer):
            for card_id in board["hands"][seat]:
                self.tweener.add(CardFlip(self.sprite_of[card_id], card_back(self.session.side(seat)), reveal=True,
                                          delay=0.06 * i, tag=card_id))
                i += 1

    def target_positions(self) -> dict[str, tuple[float, float, float]]:
        board = self.state["board"]
        out: dict[str, tuple[float, float, float]] = {}
        width = self.laid_w
        for row, seat in (("top", self.top_seat), ("own", self.viewer)):
            y, step = self._rows[row]
            hand = board["hands"][seat]
            x0 = width / 2 - step * (len(hand) - 1) / 2
            for i, card in enumerate(hand):
                out[card] = (x0 + i * step, y, self.scale)
        for seat in (0, 1):
            for i, card in enumerate(board["decks"][seat][:3]):
                x, y = self.deck_pos[seat][i]
                out[card] = (x, y, DECK_SCALE * self.scale)
        return out

    def rebuild(self, animate: bool = True) -> None:
        """Put every card where the state says; a card that changed place flies there."""
        if not self._rows:
            return
        targets = self.target_positions()
        decks = self.state["board"]["decks"]
        seat_of = {c: seat for seat in (0, 1) for c in decks[seat]}
        colours = look.colour_items(self.content)
        for card_id in list(self.sprite_of):
            if card_id not in targets:
                self.cards.remove(self.sprite_of.pop(card_id))
        for card_id, (x, y, sc) in targets.items():
            sprite = self.sprite_of.get(card_id)
            face = self.face(card_id, sc, colours)
            if sprite is None:
                sprite = arcade.Sprite(face)
                sprite.position = (x, y)
                sprite.scale = self.unit_scale(face, sc)
                self.sprite_of[card_id] = sprite
                self.cards.append(sprite)
            old = self.home.get(card_id)
            if animate and old is not None and (old[0], old[1]) != (x, y):
                self.cards.remove(sprite)
                self.cards.append(sprite)  # on top while it flies
                self.tweener.finish_all(tag=card_id)  # a flip or hover still running
                self.tweener.add(PositionTween(sprite, (x, y), FLY, tag=card_id))
                shown = sprite.width
                sprite.texture = face  # the face of where it lands, at the size it has now
                s0 = shown / face.width
                sprite.scale = s0

                def rescale(v: float, sp: arcade.Sprite = sprite) -> None:
                    sp.scale = v
                self.tweener.add(ValueTween(s0, self.unit_scale(face, sc), FLY, rescale,
                                            tag=card_id))
                if card_id in seat_of:  # a pick: it turns over once it has landed
                    self.tweener.add(CardFlip(sprite, card_back(self.session.side(seat_of[card_id])), delay=FLY,
                                              tag=card_id))
            else:
                sprite.position = (x, y)
                if sprite.texture is not face:
                    sprite.texture = face
                sprite.scale = self.unit_scale(face, sc)
        self.home = targets
        self.refresh_texts()

    def face(self, card_id: str, sc: float, colours: Any = None) -> arcade.Texture:
        """The face of a card shown at scale `sc` of a 150 x 210 card, painted at that very
        size so that no text is under 11 px: a full face in a hand, a mini card in a deck."""
        colours = colours if colours is not None else look.colour_items(self.content)
        w, h = max(1, round(CARD_W * sc)), max(1, round(CARD_H * sc))
        if sc < self.scale * 0.9:
            return look.mini_card_texture(self.card(card_id), colours, w, h)
        return look.card_texture(self.card(card_id), colours, w, h)

    @staticmethod
    def unit_scale(face: arcade.Texture, sc: float) -> float:
        """The sprite scale that shows `face` as a card of scale `sc` (about 1: the face is
        painted at its size)."""
        return sc * CARD_W / face.width

    def refresh_texts(self) -> None:
        board = self.state["board"]
        over = self.state["phase"] != "draft"
        top, own = self.top_seat, self.viewer
        if self.session.hotseat or not self.session.humans:
            self.enemy_caption.text = _("SEAT {n} HAND — click to steal").format(n=top + 1)
            self.own_caption.text = _("SEAT {n} HAND — click to retain").format(n=own + 1)
        else:
            self.enemy_caption.text = _("ENEMY HAND — click to steal")
            self.own_caption.text = _("YOUR HAND — click to retain")
        seat = self.acting
        if over:
            pill = _("DRAFT DONE")
        elif self.is_human(seat):
            pill = _("SEAT {n} TURN").format(n=seat + 1) if self.session.hotseat else \
                _("YOUR TURN")
        else:
            who = self.other_name(seat)
            pill = (_("{who} THINKING…") if self.session.live and who == "CPU" else
                    _("{who} TURN")).format(who=who)
        if self.pill_text.text != pill:
            self.pill_text.text = pill
            self.fit_pill()
        self.message_text.text = self.message
        full = (not over and seat is not None and len(board["decks"][seat]) >= 3
                and self.human_to_act)
        if over:
            self.banner_text.text = _("Draft complete — press SPACE or click Continue")
        elif full:
            self.banner_text.text = (_("Deck full — click an enemy card, then one of your deck "
                                     "cards to swap, or Pass"))
        else:
            self.banner_text.text = ""
        self.show_widget(self.continue_btn, over)
        self.show_widget(self.pass_btn, full)
        self.show_widget(self.undo_btn, self.offers_undo())
        self.undo_btn.disabled = not self.can_undo()
        self._dots = []
        width = self.laid_w
        s = self.scale
        for seat_i in (0, 1):
            for i in range(3):
                x = (150 * s + i * 22 * s if self.session.side(seat_i) == 0
                     else width - 300 * s - (2 - i) * 22 * s)
                filled = len(board["decks"][seat_i]) > i
                self._dots.append((x, view_size(self.window)[1] - 28 * s if self.window else 0,
                                   look.SEAT_COLOURS[self.session.side(seat_i)], filled))

    def fit_pill(self) -> None:
        """Widen the pill to its words ("PLAYER 2 (REMOTE) TURN"), its right edge kept."""
        s = self.scale
        px, py, pw, ph = self._pill
        right = px + pw / 2
        pw = max(190 * s, self.pill_text.content_width + 24 * s)
        self._pill = (right - pw / 2, py, pw, ph)
        self.pill_text.position = self._pill[:2]

    # -- drawing ----------------------------------------------------------------------------
    def draw_board(self) -> None:
        s = self.scale
        px, py, pw, ph = self._pill
        seat = self.acting
        pill_col = (look.SEAT_COLOURS[self.session.side(seat)] if seat is not None
                    else look.MUTED)
        arcade.draw_lrbt_rectangle_filled(px - pw / 2, px + pw / 2, py - ph / 2, py + ph / 2,
                                          pill_col)
        for x, y, col, filled in self._dots:
            if filled:
                arcade.draw_circle_filled(x, y, 7 * s, col)
            else:
                arcade.draw_circle_outline(x, y, 7 * s, col, 2)
        self.slots.draw()
        if self.hover and self.hover in self.sprite_of and not self.animating:
            sp = self.sprite_of[self.hover]
            glow = look.RED if self.hover in self.state["board"]["hands"][self.top_seat] \
                else look.GREEN
            lf, r, b, t = sp.left, sp.right, sp.bottom, sp.top
            for k in range(3):
                arcade.draw_lrbt_rectangle_outline(lf - 2 - 2 * k, r + 2 + 2 * k, b - 2 - 2 * k,
                                                   t + 2 + 2 * k, glow.replace(a=200 - 60 * k), 2)
        if self.swap_card and self.swap_card in self.sprite_of:
            sp = self.sprite_of[self.swap_card]
            arcade.draw_lrbt_rectangle_outline(sp.left - 4, sp.right + 4, sp.bottom - 4,
                                               sp.top + 4, theme.GOLD, 3)
        self.cards.draw()

    # -- input ------------------------------------------------------------------------------
    def card_at(self, x: float, y: float) -> str | None:
        for card_id, sprite in reversed(list(self.sprite_of.items())):
            if sprite.collides_with_point((x, y)):
                return card_id
        return None

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        card_id = self.card_at(x, y)
        if card_id != self.hover:
            self.set_hover(card_id)
        if card_id is not None:
            sp = self.sprite_of[card_id]
            self.tip.show(look.card_tooltip(self.card(card_id)), sp.right, sp.top)
        else:
            self.tip.hide()
        return True

    def set_hover(self, card_id: str | None) -> None:
        hands = self.state["board"]["hands"]
        in_hand = lambda c: c is not None and (c in hands[0] or c in hands[1])  # noqa: E731
        if self.hover and in_hand(self.hover) and self.hover in self.home and not self.animating:
            x, y, sc = self.home[self.hover]
            sp = self.sprite_of[self.hover]
            sp.position, sp.scale = (x, y), self.unit_scale(sp.texture, sc)
        self.hover = card_id
        if in_hand(card_id) and not self.animating:
            x, y, sc = self.home[card_id]
            sp = self.sprite_of[card_id]
            sc = self.unit_scale(sp.texture, sc)
            self.tweener.add(PositionTween(sp, (x, y + 8 * self.scale), 0.1, blocking=False))
            self.tweener.add(ValueTween(sc, sc * 1.06, 0.1, lambda v: setattr(sp, "scale", v),
                                        blocking=False))

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if self.animating:
            self.fast_forward()
            return True
        card_id = self.card_at(x, y)
        if card_id is None or not self.human_to_act:
            return True
        seat = self.acting
        assert seat is not None
        board = self.state["board"]
        other = 1 - seat
        full = len(board["decks"][seat]) >= 3
        if card_id in board["hands"][other]:
            if full:
                self.swap_card = card_id
                self.notify(_("Now click one of your deck cards to drop"), "info")
                return True
            self.submit({"seat": seat, "type": "steal", "card": card_id}, at=(x, y))
        elif card_id in board["hands"][seat]:
            self.submit({"seat": seat, "type": "retain", "card": card_id}, at=(x, y))
        elif card_id in board["decks"][seat] and self.swap_card:
            self.submit({"seat": seat, "type": "swap", "card": self.swap_card, "drop": card_id},
                        at=(x, y))
            self.swap_card = None
        return True

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if super().on_game_key(symbol, modifiers):
            return True
        if symbol == arcade.key.SPACE and self.state["phase"] != "draft":
            self.open_board()
            return True
        return False

    def cpu_blocked(self) -> bool:
        return self.state["phase"] != "draft"

    def update_screen(self, dt: float) -> None:
        if self.state["phase"] != "draft" and not self.session.humans and self.session.live \
                and not self.animating:
            self._auto = getattr(self, "_auto", 0.0) + dt
            if self._auto > 1.0:
                self.open_board()

    def pass_pick(self) -> None:
        if self.human_to_act:
            self.submit({"seat": self.acting, "type": "pass"})

    # -- events -----------------------------------------------------------------------------
    def after_submit(self, decision: dict[str, Any]) -> None:
        self.hover = None
        self.tip.hide()
        self.rebuild(animate=True)

    def play_event(self, event: dict[str, Any]) -> float:
        if event["type"] == "card_taken":
            name = _(self.card(event["card"]).name)
            seat = event["seat"]
            if self.is_human(seat) and not self.session.hotseat:
                self.message = _(YOU_TOOK[event["how"]]).format(card=name)
            else:
                who = _("Seat {n}").format(n=seat + 1) if self.session.hotseat else \
                    sentence_case(self.other_name(seat))
                self.message = _(THEY_TOOK[event["how"]]).format(who=who, card=name)
            self.message_text.text = self.message
            self.play("pick")
            return FLY
        if event["type"] == "draft_passed":
            self.message = _("Passed")
            self.message_text.text = self.message
        return 0.0

    def events_done(self) -> None:
        self.refresh_texts()

    def log_rect(self, width: int, height: int) -> arcade.types.Rect:
        """Right of the hands and the decks (the layout leaves it the room)."""
        return arcade.LRBT(width - log_width(width) - 8, width - 8, 8, height - 8)

    def undone(self) -> None:
        self.swap_card = None

    def skip_intro(self) -> None:
        self._dealt_shown = True  # shown by an undo: the hands are face up already

    def show_state(self) -> None:
        self.hover = None
        self.message = starter_line(self)  # the line a screen built at this position shows
        self.rebuild(animate=False)

    def open_board(self) -> None:
        if self.state["phase"] == "draft":
            return
        from game.scenes.strike.start import screen_for

        self.app.show_view(screen_for(self.app, self.session))


def starter_line(view: DraftView) -> str:
    """Before the first pick of a rules "2" match: who the deal chose to pick first (it also
    places first and takes combat turn 1, docs/strike.md "Fair seats")."""
    board = view.state["board"]
    if board.get("picks") != 0 or "starter" not in board or view.state["phase"] != "draft":
        return ""
    starter = board["starter"]
    if view.session.hotseat or not view.session.humans:
        return _("The deal chose Seat {n} to pick first").format(n=starter + 1)
    if view.is_human(starter):
        return _("The deal chose you to pick first")
    if view.other_name(starter) == "CPU":
        return _("The deal chose the CPU to pick first")
    return _("The deal chose {who} to pick first").format(who=view.other_name(starter))
