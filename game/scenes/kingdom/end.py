"""The kingdom end screen (spec kingdom.md 8.4): the final boards under a result panel.

"Victory" / "Defeat" / "Draw" ("<Faction> wins" or "Draw" when two CPUs played), the reason,
both final HPs, the turn count, both factions and heroes. Buttons: Rematch (the same decks on
a new seed), New Deck (the deck builder), Save Replay (the record into the replays folder) and
Menu. The finished match has nothing to resume, so its save slot is cleared. After a network
match the record is the one the host sent at the end, and Rematch and New Deck go back to the
Network screen (a new network match is hosted or joined there).
"""

from __future__ import annotations

import datetime
import logging
import secrets
from pathlib import Path
from typing import Any

import arcade
import pyglet
from arcade import shape_list
from arcade.types import Color

from game import paths
from game.engine.match import Match
from game.engine.modes import ModeLaunch
from game.engine.record import build_match, new_record, save_record
from game.i18n import _
from game.scenes import theme
from game.scenes.backdrop import Backdrop
from game.scenes.base import ESC_MENU
from game.scenes.fonts import TITLE_FONT, UI_FONT
from game.scenes.kingdom import art, words
from game.scenes.kingdom.match_view import (
    MODE_ID,
    SOUNDS,
    KingdomSession,
    MatchView,
    open_match_view,
)
from game.scenes.widgets import make_button

log = logging.getLogger(__name__)

PANEL_W, PANEL_H = 620, 330


def rematch_match(record: dict[str, Any], final: dict[str, Any], seed: int,
                  rules: str) -> Match:
    """A new match on `rules` with the same seats and decks on `seed`: both `build_deck`
    decisions from the deck builder when the decks are valid ones, else (a deck from a test
    setup) a setup with those decks at turn 1."""
    options = dict(record.get("options") or {})
    seats = final["board"]["seats"]
    match = build_match(new_record(MODE_ID, rules, seed, options))
    ok = all(s.get("hero") for s in seats)
    for seat_no, seat in enumerate(seats):
        if not ok:
            break
        outcome = match.submit({"seat": seat_no, "type": "build_deck", "mode": seat["mode"],
                                "faction": seat["faction"], "hero": seat["hero"]["card"],
                                "units": list(seat["deck"])})
        ok = outcome.ok
    if ok:
        return match
    match.close()
    setup_seats = []
    for seat in seats:
        entry: dict[str, Any] = {"faction": seat["faction"], "mode": seat["mode"],
                                 "deck": list(seat["deck"])}
        if seat.get("hero"):
            entry["hero"] = {"card": seat["hero"]["card"], "status": "in_hand"}
        setup_seats.append(entry)
    setup = {"phase": "planning", "turn": 1, "board": {"seats": setup_seats}}
    return build_match(new_record(MODE_ID, rules, seed, options, setup))


class EndView(MatchView):
    """The final position of a finished match with the result panel over it."""

    ended = True
    esc_help = ESC_MENU

    def __init__(self, app: Any, session: KingdomSession) -> None:
        super().__init__(app, session)
        self.record = session.record() or {}  # a network match's: the host's, at the end
        self.final = self.match.state_json()
        self.result = self.final["result"] or {}
        self.saved_replay: Path | None = None
        self.panel = shape_list.ShapeElementList()
        self.backdrop = Backdrop()  # everything under the buttons, copied while it holds
        self.banner_word, self.lines = self._words()
        self.end_batch = pyglet.graphics.Batch()  # above the shade, under the buttons
        self.title_text = arcade.Text(self.banner_word, 0, 0, self._banner_color(), 44,
                                      font_name=TITLE_FONT, bold=True, anchor_x="center",
                                      anchor_y="center", batch=self.end_batch)
        self.line_texts = [arcade.Text(line, 0, 0, theme.TEXT if i else theme.GOLD_HI,
                                       15 if i else 17, font_name=UI_FONT, bold=i == 0,
                                       anchor_x="center", anchor_y="center",
                                       batch=self.end_batch)
                           for i, line in enumerate(self.lines)]
        self.end_buttons = {
            "rematch": make_button(_("Rematch"), width=130, kind="primary",
                                   on_click=self.rematch),
            "new_deck": make_button(_("New Deck"), width=130, on_click=self.new_deck),
            "save_replay": make_button(_("Save Replay"), width=130, on_click=self.save_replay),
            "menu": make_button(_("Menu"), width=130, on_click=self.to_menu),
        }
        for button in self.end_buttons.values():
            self.ui.add(button)
        self._sounded = False
        self.banner = ""

    def _banner_color(self) -> Color:
        winner = self.result.get("winner")
        if winner is None:
            return theme.TEXT
        if self.me is not None and winner != self.me:
            return theme.RED_HI
        return theme.GOLD

    def _words(self) -> tuple[str, list[str]]:
        """The banner ("Victory") and the panel's lines, in the language shown."""
        return (words.end_banner(self.result, self.me, [self.faction(0), self.faction(1)]),
                self._lines())

    def relabel(self) -> None:
        """The result panel and its buttons in the language shown (after a language change
        the screen is laid out again)."""
        super().relabel()
        if not hasattr(self, "end_buttons"):
            return  # the first layout runs inside MatchView's __init__, before the panel
        self.banner_word, self.lines = self._words()
        self.title_text.text = self.banner_word
        for text, line in zip(self.line_texts, self.lines, strict=True):
            text.text = line
        for name, word in (("rematch", _("Rematch")), ("new_deck", _("New Deck")),
                           ("save_replay", _("Save Replay")), ("menu", _("Menu"))):
            self.end_buttons[name].text = word

    def _lines(self) -> list[str]:
        c = self.content
        seats = self.final["board"]["seats"]
        out = [words.end_reason(self.result, self.me)]
        hp = "   ".join(_("{faction}: {hp} / {max_hp} HP").format(
            faction=self.faction(s), hp=seats[s]["hp"], max_hp=seats[s]["max_hp"])
            for s in (0, 1))
        out.append(hp)
        out.append(_("Turn {n}").format(n=self.final["turn"]))
        for s in (0, 1):
            hero = seats[s].get("hero")
            who = _("You") if s == self.me else (
                _("CPU") if s in self.session.cpu else self.session.other_name(s))
            faction = self.faction(s)
            if not hero:
                out.append(_("{who}: {faction} — no hero").format(who=who, faction=faction))
                continue
            name = _(c.cards[hero["card"]].name)
            line = (_("{who}: {faction} — hero {name} (fallen)") if hero["status"] == "dead"
                    else _("{who}: {faction} — hero {name}"))
            out.append(line.format(who=who, faction=faction, name=name))
        return out

    def layout(self, width: int, height: int) -> None:
        super().layout(width, height)
        cx, cy = (width - self.log_room(width)) / 2, height / 2  # left of the log panel
        # untextured: the full-window shade is the largest fill of the frame
        self.panel = shape_list.ShapeElementList()
        self.panel.append(shape_list.create_rectangle_filled(width / 2, cy, width, height,
                                                             Color(0, 0, 0, 130)))
        art.add_box(self.panel, arcade.XYWH(cx, cy, PANEL_W, PANEL_H), theme.PANEL, theme.GOLD,
                    14, 2)
        top = cy + PANEL_H / 2
        self.title_text.position = (cx, top - 44)
        y = top - 92
        for i, text in enumerate(self.line_texts):
            text.position = (cx, y)
            y -= 30 if i == 0 else 26
        names = list(self.end_buttons)
        total = len(names) * 130 + (len(names) - 1) * 12
        left = cx - total / 2
        for i, name in enumerate(names):
            self.end_buttons[name].rect = arcade.LBWH(left + i * 142, cy - PANEL_H / 2 + 20,
                                                      130, 40)

    def on_draw(self) -> None:
        # the frozen boards, their texts, the shade and the result panel are one picture,
        # repainted after a layout (`panel` is new then); the buttons go over it
        self.ui.prepare()
        self.backdrop.draw(self.window, (id(self.shapes), id(self.panel)),
                           self.background_color, self.paint_backdrop)
        self.ui.draw()
        self.place_log()  # over the shade: the whole match, read after its end
        self.draw_log()
        self.tooltip.draw()
        self.toast.draw()

    def paint_backdrop(self) -> None:
        """The final boards and their texts under the shade, and the result panel's texts."""
        self.draw_shapes()
        self.draw_sprites()
        self.batch.draw()
        self.panel.draw()
        self.end_batch.draw()

    def on_show_view(self) -> None:
        super().on_show_view()
        if self.session.live and self.record:  # this match's own save only: another's stays
            self.app.finish_match(self.record)
        if not self._sounded:
            self._sounded = True
            winner = self.result.get("winner")
            lost = self.me is not None and winner is not None and winner != self.me
            self.play("lose" if lost else "win")

    def update_game(self, dt: float) -> None:
        pass  # a finished match: nothing plays, nobody decides

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        return True

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        return True  # the boards are a backdrop here: no hover, no tooltips under the panel

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.rematch()
            return True
        if symbol == arcade.key.ESCAPE:
            self.to_menu()
            return True
        return False

    def current_record(self) -> dict[str, Any] | None:
        return None

    # -- buttons ---------------------------------------------------------------------------------
    def to_network(self) -> arcade.View:
        """A new network match is hosted or joined on the Network screen."""
        from game.scenes.network import open_network

        self.app.leave_match(self)
        return open_network(self.app)

    def rematch(self) -> arcade.View | None:
        if self.session.remote is not None:
            return self.to_network()
        seed = secrets.randbelow(900_000_000) + 1
        try:
            match = rematch_match(self.record, self.final, seed, self.app.rules_for(MODE_ID))
        except Exception as exc:  # a rematch must never close the app
            log.exception("kingdom rematch failed")
            self.refuse(_("The rematch could not start: {problem}").format(problem=exc))
            return None
        self.session.close()
        return open_match_view(self.app, match)

    def new_deck(self) -> None:
        from game.scenes.kingdom.start import open_deck_builder

        if self.session.remote is not None:
            self.to_network()
            return
        cpu = {int(k): v for k, v in (self.record.get("options") or {}).get("ai", {}).items()}
        self.session.close()
        view = open_deck_builder(self.app, ModeLaunch(mode=MODE_ID, cpu=cpu))
        if view is not None and view is not self.window.current_view:
            self.app.show_view(view)

    def save_replay(self) -> Path | None:
        if not self.record:
            self.refuse(_("The host sent no record of this match: there is nothing to save."))
            return None
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        path = paths.user_data_dir() / "replays" / f"kingdom-{self.record['seed']}-{stamp}.json"
        try:
            save_record(path, self.record)
        except OSError as exc:
            self.refuse(_("The replay could not be saved: {problem}").format(problem=exc))
            return None
        self.saved_replay = path
        self.app.replay_saved(self.record)  # a match that could not be kept: its save may go
        self.toast.show(_("Replay saved: {path}").format(path=path), "success", duration=4.0)
        return path

    def to_menu(self) -> None:
        self.session.close()
        self.app.show_menu()

    def on_leave(self) -> None:
        self.session.close()


def open_end_view(app: Any, match: Match) -> EndView:
    """The end screen of a finished match, shown and returned (`tabula shot`, a resumed
    record that is already over)."""
    session = KingdomSession(match, live=False)
    view = EndView(app, session)
    app.show_view(view)
    return view


__all__ = ["EndView", "SOUNDS", "open_end_view", "rematch_match"]
