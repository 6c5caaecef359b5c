"""Screens that are not engine phases (spec conquest.md 8): the hot-seat curtain, "Battles
detected" / "New battle detected" (8.4) and the battle results (8.7).

They need no decision: each waits for its button (or Enter) and then hands over to the screen
of what happens next. The curtain draws nothing of the match, so neither seat's secrets can be
seen while the screen changes hands.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import arcade
import pyglet
from arcade.types import Color

from game.i18n import N_, _, ngettext
from game.scenes.bake import draw_baked
from game.scenes.base import GameViewBase
from game.scenes.conquest import look
from game.scenes.conquest.base import SCREEN_EVENTS, ConquestView, Token
from game.scenes.conquest.screens import ENTER_KEYS, battle_site
from game.scenes.fonts import UI_FONT
from game.scenes.widgets import HelpTopic, make_button

WATCH_PAUSE = 2.0  # seconds a watched CPU vs CPU match shows a battle or its result
RESULT_CARD_W, RESULT_CARD_H = 84.0, 118.0  # a battle card in its results column (the back)


def losses_line(kind: str, n: int) -> str:
    """A side's losses of one kind on the results screen, counted ("2 units destroyed")."""
    if kind == "main":
        return ngettext("{n} unit destroyed", "{n} units destroyed", n).format(n=n)
    if kind == "reinforcements":
        return ngettext("{n} reinforcement destroyed", "{n} reinforcements destroyed",
                        n).format(n=n)
    return ngettext("{n} retreating unit destroyed", "{n} retreating units destroyed",
                    n).format(n=n)


class CurtainView(GameViewBase):
    """Full-screen "Pass to Player N" with "I am Player N" (8, hot-seat)."""

    title = "CardConquest"
    mode_id = "conquest"
    kind = "curtain"

    def __init__(self, app: Any, session: Any, seat: int) -> None:
        super().__init__(app)
        self.session = session
        self.seat = seat
        self.viewer = seat
        self.background_color = Color(12, 14, 18)
        self.heading = arcade.Text(_("Pass to {player}").format(player=look.seat_name(seat)),
                                   0, 0,
                                   look.SEAT_LIGHT[seat], 34, bold=True, font_name=UI_FONT,
                                   anchor_x="center", anchor_y="center", batch=self.batch)
        taking_back = session.claim == seat
        words = (_("{player} takes the screen back to change their orders. {other} looks "
                   "away.").format(player=look.seat_name(seat), other=look.seat_name(1 - seat))
                 if taking_back else
                 _("The other player looks away. Secret orders stay hidden."))
        self.sub = arcade.Text(words, 0, 0, look.MUTED, 14, font_name=UI_FONT,
                               anchor_x="center", anchor_y="center", batch=self.batch)
        self.button = make_button(_("I am {player}").format(player=look.seat_name(seat)),
                                  width=260, kind="primary",
                                  on_click=self.reveal)
        self.ui.add(self.button)
        # a take-back pressed by mistake: the screen returns, through the other seat's curtain
        self.cancel_btn = make_button(_("Back to {player}").format(
            player=look.seat_name(1 - seat)), width=260,
                                      on_click=self.cancel) if taking_back else None
        if self.cancel_btn is not None:
            self.ui.add(self.cancel_btn)

    def layout(self, width: int, height: int) -> None:
        self.heading.position = (width / 2, height / 2 + 70)
        self.sub.position = (width / 2, height / 2 + 24)
        self.button.rect = arcade.LBWH(width / 2 - 130, height / 2 - 50, 260, 46)
        if self.cancel_btn is not None:
            self.cancel_btn.rect = arcade.LBWH(width / 2 - 130, height / 2 - 106, 260, 40)

    def reveal(self) -> None:
        from game.scenes.conquest.start import phase_view

        if self.session.closed:
            return
        self.app.show_view(phase_view(self.app, self.session, self.seat))

    def cancel(self) -> None:
        """Give up a take-back: whoever sits here may be either player, so the screen goes
        to its seat through that seat's curtain, never straight to its secrets."""
        if self.session.closed:
            return
        self.session.drop_claim()
        self.app.show_view(CurtainView(self.app, self.session, self.session.screen_seat()))

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if symbol in ENTER_KEYS:
            self.reveal()
            return True
        return False

    def help_topics(self) -> list[HelpTopic]:
        from game.scenes.conquest.help import help_topics

        return help_topics(self.session.match.rules.content,
                           rules=self.session.match.rules.rules_version)

    def current_record(self) -> dict[str, Any] | None:
        from game.engine.record import match_record

        if self.session.closed or self.session.remote is not None:
            return None
        return match_record(self.session.match)

    def on_leave(self) -> None:
        self.session.close()


class OverlayView(ConquestView):
    """A board screen that waits for its button before the match goes on."""

    drives_cpu = False
    button_words = N_("Next")

    def __init__(self, app: Any, session: Any, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        self.done = False
        self.watch_time = 0.0
        self.next_btn = make_button(_(self.button_words), kind="primary", on_click=self.close)
        self.ui.add(self.next_btn)

    def wants_handover(self) -> bool:
        return self.done

    def show_tip(self, tip: str, x: float, y: float) -> None:
        self.tooltip.hide()  # a modal panel: no tooltip of the map under it over it (issue 27)

    def may_leave(self) -> bool:
        return self.done

    def update_game(self, dt: float) -> None:
        super().update_game(dt)
        # CPU vs CPU: nobody clicks Next, so a watched match goes on by itself
        if not self.session.humans and self.session.live and not self.done:
            self.watch_time += dt * (self.tweener.factor or 100.0)
            if self.watch_time >= WATCH_PAUSE and not self.playing:
                self.close()

    @property
    def playing(self) -> bool:
        """Animations of this screen still to play: tweens, or queued events that are not the
        next screen's (a queued `match_ended` waits for this screen to close)."""
        pending = self.session.events
        return self.tweener.busy or bool(pending and pending[0]["type"] not in SCREEN_EVENTS)

    def close(self) -> None:
        self.done = True
        self.play_sound(look.SOUNDS["click"], 0.5)
        if not self.session.live:
            return
        self.fast_forward()
        self.handover()

    def on_screen_key(self, symbol: int, modifiers: int) -> bool:
        if symbol in ENTER_KEYS:
            self.close()
            return True
        return False


class BattlesView(OverlayView):
    """8.4: every site gets a numbered badge and a red outline; a list at the side."""

    kind = "battles"

    def __init__(self, app: Any, session: Any, event: dict[str, Any]) -> None:
        self.event = event
        self.new = bool(event.get("new"))
        self.button_words = N_("Return to battles") if self.new else N_("Start battles")
        super().__init__(app, session)
        self.add_log(event)
        self.badges = pyglet.graphics.Batch()
        self.badge_texts: list[arcade.Text] = []
        self.pop = 0.0
        self.play_sound(look.SOUNDS["reveal"], 0.4)

    def refresh_screen(self) -> None:
        battles = self.event["battles"]
        title = _("New battle detected") if self.new else \
            ngettext("Battle detected", "Battles detected", len(battles))
        lines = [(title, look.BATTLE, 17, True), ("", look.TEXT, 0, False)]
        for b in battles:
            p = [look.stack_badge(self.units_on(b["tile"], s)) for s in (0, 1)]
            lines.append((_("Battle {number}: {tile}").format(number=b["number"], tile=b["tile"]),
                          look.TEXT, 13, True))
            lines.append((_("  P1 {first}   vs   P2 {second}").format(first=p[0], second=p[1]),
                          look.MUTED, 11, False))
        lines += [("", look.TEXT, 0, False),
                  (_("Battles are fought one at a time, in number order."), look.MUTED, 11,
                   False)]
        self.set_panel(lines)
        self.stack_buttons([self.next_btn])
        self.badges = pyglet.graphics.Batch()
        self.badge_texts = []
        for b in battles:
            x, y = self.grid.centre(b["tile"])
            self.badge_texts.append(arcade.Text(
                str(b["number"]), x, y + self.grid.size * 0.98, look.TEXT, 13, bold=True,
                font_name=UI_FONT, anchor_x="center", anchor_y="center", batch=self.badges))

    def refresh_bar(self) -> None:
        super().refresh_bar()
        self.bar_title.text = _("New Battle Detected") if self.new else _("Battles Detected")
        self.fit_bar()

    def update_screen(self, dt: float) -> None:
        self.pop = min(1.0, self.pop + dt * 4 * max(self.tweener.factor, 0.25)) \
            if self.tweener.factor > 0 else 1.0

    def draw_marks_under(self) -> None:
        for b in self.event["battles"]:
            arcade.draw_polygon_outline(self.grid.corners(b["tile"], 2), look.BATTLE, 4)

    def draw_marks_over(self) -> None:
        r = 12 * self.pop
        for b in self.event["battles"]:
            x, y = self.grid.centre(b["tile"])
            arcade.draw_circle_filled(x, y + self.grid.size * 0.98, r, look.BATTLE)
            arcade.draw_circle_outline(x, y + self.grid.size * 0.98, r, look.TEXT, 2)
        if self.pop >= 1.0:
            self.badges.draw()


class ResultsView(OverlayView):
    """8.7: both cards flip, six score parts and totals, abilities, winner, lost units."""

    kind = "results"
    right_w = 560
    button_words = N_("Next")

    def __init__(self, app: Any, session: Any, result: dict[str, Any]) -> None:
        self.result = result
        super().__init__(app, session)
        self.add_log({"type": "battle_resolved", "result": result})
        self.cards = arcade.SpriteList()
        self.card_sprites: list[arcade.Sprite] = []
        self.faces: list[arcade.Texture] = []  # the two cards' faces (`paint_faces`)
        self.icons = arcade.SpriteList()
        self.texts = pyglet.graphics.Batch()
        self.result_texts: list[arcade.Text] = []
        self.flipped = False
        self.result_sprites = arcade.SpriteList()
        self.play_sound(look.SOUNDS["reveal"], 0.6)

    def refresh_screen(self) -> None:
        for _step in self.screen_steps():
            pass

    def screen_steps(self) -> Iterator[None]:
        """The verdict, the two cards' faces, the two columns' texts, then their bake: a step
        each (together they were one 90 ms unit of the screen's opening, issue 27)."""
        r = self.result
        w = r["winner"]
        title = _("Battle #{number} at {tile}").format(number=r["number"], tile=r["tile"])
        if w is None:
            verdict = look.battle_reason("draw")
        else:
            reason = look.battle_reason(r["reason"])
            if self.session.hotseat or not self.session.humans:
                verdict = _("{player} wins — {reason}").format(player=look.seat_name(w),
                                                               reason=reason)
            elif self.is_me(w):
                verdict = _("You win — {reason}").format(reason=reason)
            else:
                verdict = _("{player} wins — {reason}").format(player=self.who_name(w),
                                                               reason=reason)
        self.set_panel([(title, look.GOLD, 16, True), (verdict, look.TEXT, 14, True)])
        self.stack_buttons([self.next_btn])
        yield
        self.paint_faces()
        yield
        self.build_columns()
        yield
        self.result_sprites = self.bake(self.result_texts)

    def paint_faces(self) -> None:
        """The faces the two cards turn up, painted at the column's card width and as tall as
        their ability's text needs (issue 27: it was cut with "…"); the column leaves them
        that room."""
        self.faces = [look.card_texture(self.content, card_id, RESULT_CARD_W)
                      for card_id in self.result["cards"]]

    def face_room(self) -> float:
        """How tall the column's card is once face up (at least the back's height)."""
        return max([RESULT_CARD_H, *(look.face_height(f, RESULT_CARD_W) for f in self.faces)])

    def build_columns(self) -> None:
        """The two score columns' texts and tokens (`screen_steps` bakes the texts)."""
        if not self.faces:
            self.paint_faces()
        r = self.result
        rect = self.right_rect
        col_w = (rect.width - 30) / 2
        top = rect.top - 96
        self.texts = pyglet.graphics.Batch()
        self.result_texts = []
        self.icons = arcade.SpriteList()
        flip_now = not self.card_sprites
        if flip_now:
            self.cards = arcade.SpriteList()
        kw = {"font_name": UI_FONT, "anchor_y": "top"}
        for seat in (0, 1):
            x = rect.left + 14 + self.session.side(seat) * (col_w + 2)
            cw, ch = RESULT_CARD_W, RESULT_CARD_H
            if flip_now:
                sp = arcade.Sprite(look.card_back(self.session.side(seat)))
                sp.height = ch
                sp.width = cw
                self.card_sprites.append(sp)
                self.cards.append(sp)
            sp = self.card_sprites[seat]
            sp.position = (x + cw / 2 + 4, top - ch / 2)
            name = look.seat_name(seat)
            self.result_texts.append(arcade.Text(name, x + cw + 16, top, look.SEAT_LIGHT[seat],
                                                 13, bold=True, **kw))
            y = top - 22
            parts = r["score_parts"][seat]
            for key, label in look.PART_NAMES:
                value = parts[key]
                colour = look.GOLD if key == "ability" and r["abilities"][seat] else look.TEXT
                self.result_texts.append(arcade.Text(_(label), x + cw + 16, y, colour, 11,
                                                     **kw))
                self.result_texts.append(arcade.Text(f"{value:+d}" if key != "army" else
                                                     str(value), x + col_w - 10, y, colour, 11,
                                                     anchor_x="right", **kw))
                y -= 16
            self.result_texts.append(arcade.Text(_("Total"), x + cw + 16, y - 2, look.GOLD, 13,
                                                 bold=True, **kw))
            self.result_texts.append(arcade.Text(str(r["scores"][seat]), x + col_w - 10, y - 2,
                                                 look.GOLD, 13, bold=True, anchor_x="right",
                                                 **kw))
            y = top - self.face_room() - 32  # under the card, face up
            abil = r["abilities"][seat]
            card = self.content.cards[r["cards"][seat]]
            label = _("Ability #{n} active").format(n=abil[0]) if abil else \
                _("No active ability")
            self.result_texts.append(arcade.Text(
                _("Power {power} · attack {attack} · defence {defence}").format(
                    power=card.power, attack=r["attack"][seat], defence=r["defence"][seat]),
                x + 4, y, look.TEXT, 11, **kw))
            self.result_texts.append(arcade.Text(label, x + 4, y - 16,
                                                 look.GOLD if abil else look.MUTED, 11,
                                                 bold=bool(abil), **kw))
            y -= 44
            reinf = set(r["reinforcements"][seat])
            lost_main = [u for u in r["casualties"][seat] if u not in reinf]
            lost_reinf = [u for u in r["casualties"][seat] if u in reinf]
            groups = [("main", lost_main), ("reinforcements", lost_reinf),
                      ("trapped", r["trapped"][seat])]
            if not any(g for _kind, g in groups):
                self.result_texts.append(arcade.Text(_("No losses"), x + 4, y, look.MUTED, 11,
                                                     **kw))
            for kind, group in groups:
                if not group:
                    continue
                self.result_texts.append(arcade.Text(losses_line(kind, len(group)), x + 4, y,
                                                     look.ILLEGAL, 11, bold=True, **kw))
                y -= 18
                for i, uid in enumerate(group):
                    tok = Token(uid, self.content, 20, self.session.flip)
                    tok.position = (x + 14 + (i % 9) * 24, y - 10 - (i // 9) * 24)
                    self.icons.append(tok.disc)
                    self.icons.append(tok.body)
                y -= 24 * (1 + (len(group) - 1) // 9) + 6

    def refresh_bar(self) -> None:
        super().refresh_bar()
        self.bar_title.text = _("Battle Results: Battle #{number}").format(
            number=self.result["number"])
        self.fit_bar()

    def update_screen(self, dt: float) -> None:
        if not self.flipped and self.card_sprites:
            self.flipped = True
            self.flip_cards()

    def flip_cards(self) -> None:
        """Scale-x through 0, texture swap, back to full width: 0.4 s (8.7)."""
        from game.scenes.animation import ValueTween

        if not self.faces:
            self.paint_faces()
        for seat, sp in enumerate(self.card_sprites):
            full = sp.width
            face = self.faces[seat]  # as tall as its text needs: the column left it room

            def shrink(v: float, sp: arcade.Sprite = sp, full: float = full) -> None:
                sp.width = max(0.5, full * v)

            def swap(sp: arcade.Sprite = sp, face: arcade.Texture = face, full: float = full
                     ) -> None:
                top = sp.top
                sp.texture = face
                sp.height = look.face_height(face, full)  # as tall as its label needs
                sp.top = top
                grow = ValueTween(0.0, 1.0, 0.2, lambda v, sp=sp: setattr(
                    sp, "width", max(0.5, full * v)))
                self.tweener.add(grow)

            self.tweener.add(ValueTween(1.0, 0.0, 0.2, shrink, on_done=swap))

    def draw_screen(self) -> None:
        r = self.right_rect
        mid = r.left + r.width / 2
        arcade.draw_line(mid, r.bottom + 60, mid, r.top - 70, look.PANEL_EDGE, 1)
        for seat, sp in enumerate(self.card_sprites):
            x, y, h = sp.center_x, sp.center_y, sp.height / 2
            if self.result["abilities"][seat] and self.flipped:
                a = int(140 + 100 * self.pulse(5))
                arcade.draw_lrbt_rectangle_outline(x - 46, x + 46, y - h - 4, y + h + 4,
                                                   look.GOLD.replace(a=a), 4)
            if seat == self.result["winner"]:
                arcade.draw_lrbt_rectangle_outline(x - 50, x + 50, y - h - 8, y + h + 8,
                                                   look.SEAT_COLOURS[self.session.side(seat)],
                                                   2)
        self.cards.draw()
        self.icons.draw()
        draw_baked(self.result_sprites)

    def results_text(self) -> str:
        return "\n".join(t.text for t in self.result_texts)

    def draw_marks_under(self) -> None:
        site = self.result["tile"] if self.result else battle_site(self.board)
        if site:
            arcade.draw_polygon_outline(self.grid.corners(site, 2), look.BATTLE, 4)

