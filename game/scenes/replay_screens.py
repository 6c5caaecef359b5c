"""Each mode's own play screens, built read-only for the replay viewer (docs/replays.md).

`screen_for(app, match, seat)` builds the screen a player of `seat` would see at the match's
current position (seat None: the full view, nothing masked), with the mode's `live=False`
sessions, so no CPU moves and nothing is saved. The viewer owns the match: a screen built
here never closes it; `discard(view)` stops only what the screen itself started (CPU runners,
card warmers). The full view hands the screen a `FullView` of the match, whose `view_json`
is the whole state, so the screens need no special case for it.

A step of the viewer must not build a screen again (100-600 ms here: gui widgets, texts, card
faces). `ScreenCache` keeps the built screens, one per kind of screen (`screen_kind`: the
mode's screen class for the position) and seat, and a screen taken again for another position
is told so with its `show_position()`: it reads the match's position and refreshes its sprites
and texts in place, without layout and without animation, as it does after an event playback.
A screen class without `show_position` is built again for each position.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import arcade

from game.engine.match import Match
from game.scenes.base import GameViewBase
from game.scenes.scale import view_size


class FullView:
    """A match whose every seat view is the whole state (the viewer's full view of a finished
    match). Everything else is the match's own."""

    def __init__(self, match: Match) -> None:
        self._match = match

    def view_json(self, seat: int) -> dict[str, Any]:
        return self._match.state_json()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._match, name)


def _shown(match: Match, seat: int | None) -> Any:
    return match if seat is not None else FullView(match)


def _strike(app: Any, match: Match, seat: int | None) -> arcade.View:
    from game.scenes.strike.base import StrikeSession
    from game.scenes.strike.start import screen_for as strike_screen

    session = StrikeSession(_shown(match, seat), live=False, sync=True)
    session.me = 0 if seat is None else seat
    session.hotseat = False
    session.humans = [session.me]
    return strike_screen(app, session)


def _conquest(app: Any, match: Match, seat: int | None) -> arcade.View:
    from game.scenes.conquest import screens
    from game.scenes.conquest.base import ConquestSession

    session = ConquestSession(_shown(match, seat), live=False, sync=True)
    viewer = 0 if seat is None else seat
    session.viewer = viewer
    session.humans = [viewer]
    session.hotseat = False
    if match.result is not None:
        return screens.GameOverView(app, session, viewer)
    return screens.PHASE_VIEWS[match.phase](app, session, viewer)


def _crawl(app: Any, match: Match, seat: int | None) -> arcade.View:
    from game.scenes.crawl.picker import PickerView
    from game.scenes.crawl.play import PlayView

    shown = _shown(match, seat)
    if match.phase == "pick":
        return PickerView(app, shown)
    return PlayView(app, shown, undo=False)  # the viewer takes no decision, so no Undo


def _kingdom(app: Any, match: Match, seat: int | None) -> arcade.View:
    from game.scenes.kingdom.match_view import KingdomSession, MatchView

    if match.phase == "deck_builder":
        from game.scenes.kingdom.deck_builder import DeckBuilderView

        return DeckBuilderView(app, match, 0 if seat is None else seat)
    session = KingdomSession(match, live=False, sync=True)
    session.me = seat  # None: the spectator's view, which is the whole state
    return MatchView(app, session)


SCREENS = {"strike": _strike, "conquest": _conquest, "crawl": _crawl, "kingdom": _kingdom}


def screen_for(app: Any, match: Match, seat: int | None) -> arcade.View:
    """The mode's screen of the match's current position as `seat` sees it (None: all)."""
    return SCREENS[match.rules.mode](app, match, seat)


def screen_kind(match: Match) -> str:
    """Which of the mode's screens `screen_for` builds at the match's position: two
    positions of one kind are shown by one screen (`ScreenCache`)."""
    mode = match.rules.mode
    if mode in ("strike", "conquest") and match.result is not None:
        return "over"
    if mode == "kingdom" and match.phase != "deck_builder":
        return "match"  # planning and combat: one MatchView, the end included
    return str(match.phase)  # crawl's "pick" and "play" (the end is the play board)


class ScreenCache:
    """The viewer's built screens, one per (kind, seat), the least recently shown dropped
    past `limit` (see the module docstring)."""

    def __init__(self, app: Any, limit: int = 8) -> None:
        self.app = app
        self.limit = limit
        self.views: OrderedDict[tuple[str, int | None], arcade.View] = OrderedDict()
        self.built = 0  # screens built (tests: a step reuses one)
        self.reused = 0  # positions shown by a screen built before

    def show(self, match: Match, seat: int | None) -> arcade.View:
        """The screen of the match's current position for `seat`, laid out for the window."""
        key = (screen_kind(match), seat)
        view = self.views.get(key)
        if view is not None and hasattr(view, "show_position"):
            self.views.move_to_end(key)
            if isinstance(view, GameViewBase):
                view.prepare_now()  # still in its opening steps: whole before it moves on
            view.show_position()
            self.reused += 1
            open_for_window(view)  # laid out again if the window was resized meanwhile
            return view
        if view is not None:
            discard(self.views.pop(key))
        view = screen_for(self.app, match, seat)
        open_for_window(view)  # never shown: the app must not take it for a live match
        self.built += 1
        self.views[key] = view
        while len(self.views) > self.limit:
            discard(self.views.popitem(last=False)[1])
        return view

    def keep_only(self, view: arcade.View) -> None:
        """Stop every kept screen but `view` (laid out for a log panel shown or hidden, the
        others would be out of date)."""
        for key in [k for k, v in self.views.items() if v is not view]:
            discard(self.views.pop(key))

    def clear(self) -> None:
        """Stop every kept screen (the viewer closes)."""
        while self.views:
            discard(self.views.popitem()[1])


def open_for_window(view: arcade.View) -> None:
    """Lay a screen out for the window without showing it: a game screen prepares in steps
    behind its loading state first (`GameViewBase.open_for_window`: the viewer's frames run
    the steps through the screen's `on_update`), any other view is laid out at once."""
    if isinstance(view, GameViewBase):
        view.open_for_window()
    elif getattr(view, "_laid_out_for", None) != view_size(view.window):
        view.relayout()


def discard(view: arcade.View) -> None:
    """Stop what a screen built by `screen_for` started, leaving the match open."""
    session = getattr(view, "session", None)
    for name in ("runner", "warmer"):
        part = getattr(session, name, None)
        if part is not None:
            try:
                part.shutdown()
            except Exception:  # noqa: BLE001 - a screen going away must never fail
                pass
    hint = getattr(view, "hint", None)
    if hint is not None and hasattr(hint, "shutdown"):
        hint.shutdown()
