"""Openings that never freeze (issue 14 item 2): the start screens and the heavy phase screens
prepare in steps behind the loading state (game.scenes.staged, GameViewBase.prepare), and end
up exactly as a layout done at once leaves them."""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.scenes.base import GameViewBase
from game.scenes.harness import screenshot, step


def _crawl_start(app: Any) -> Any:
    from game.scenes.crawl.start import StartView

    view = StartView(app)
    view.par_sync = True
    view.par_nodes = 50
    return view


def _crawl_picker(app: Any) -> Any:
    from game.scenes.crawl.picker import PickerView
    from game.scenes.crawl.start import new_match

    return PickerView(app, new_match("constructed", 7))


def _crawl_board(app: Any) -> Any:
    from game.scenes.crawl.play import PlayView
    from game.scenes.crawl.start import new_match

    return PlayView(app, new_match("normal", 5), intro=False, scored=False)


def _gallery(name: str):
    """A screen of game.scenes.gallery (a real position of a CPU-played match, seat 0 to act)."""
    from game.scenes import gallery

    screen = next(s for s in gallery.screens() if s.name == name)
    return screen.build


def _strike_draft(app: Any) -> Any:
    from game.scenes.strike.base import StrikeSession
    from game.scenes.strike.draft import DraftView
    from game.scenes.strike.start import new_match

    return DraftView(app, StrikeSession(new_match(5, {1: "easy"}), live=False, sync=True))


def _conquest_setup(app: Any) -> Any:
    from game.scenes.conquest.setup import MatchSetupView

    return MatchSetupView(app)


def _conquest_commander(app: Any) -> Any:
    from game.scenes.conquest import screens
    from game.scenes.conquest.base import ConquestSession
    from game.scenes.conquest.start import new_match

    match = new_match(5, {1: "easy"})
    assert match.phase == "commander"
    session = ConquestSession(match, live=False, sync=True)
    return screens.CommanderView(app, session, 0)


def _kingdom_builder(app: Any) -> Any:
    from game.scenes.kingdom.deck_builder import DeckBuilderView
    from game.scenes.kingdom.start import new_match

    return DeckBuilderView(app, new_match(5, {1: "easy"}), 0)


SCREENS = {
    "crawl start": (_crawl_start, 8),
    "crawl picker": (_crawl_picker, 14),
    "crawl board": (_crawl_board, 20),
    "strike draft": (_strike_draft, 8),
    "strike combat board": (_gallery("strike/combat"), 5),
    "kingdom match view": (_gallery("kingdom/planning"), 6),
    "conquest setup": (_conquest_setup, 6),
    "conquest commander": (_conquest_commander, 14),
    "kingdom deck builder": (_kingdom_builder, 10),
}


def _close(app: Any, window: Any, view: Any) -> None:
    app.leave_match(view)
    window.show_view(arcade.View())
    session = getattr(view, "session", None)
    for part in (getattr(session, "runner", None), getattr(view, "par_worker", None)):
        if part is not None:
            part.shutdown()


@pytest.mark.parametrize("name", list(SCREENS))
@pytest.mark.slow
def test_the_opening_prepares_in_small_steps_and_ends_whole(name, window, app, monkeypatch):
    make, min_units = SCREENS[name]
    # the reference: the same screen prepared whole when shown (as before issue 14 item 2)
    monkeypatch.setattr(GameViewBase, "prepare_sync", True)
    whole = make(app)
    window.show_view(whole)
    step(window, 2)
    reference = screenshot(window)
    _close(app, window, whole)

    monkeypatch.setattr(GameViewBase, "prepare_sync", False)
    view = make(app)
    units = 0
    prep = view.prepare(window.width, window.height)  # count its units on a twin
    assert prep is not None
    for _ in prep:
        units += 1
    _close(app, window, view)
    assert units >= min_units  # the work is cut into many units, not one

    view = make(app)
    window.show_view(view)
    assert view.preparing  # the click's handler did none of the preparation
    frames = 0
    while view.preparing:
        step(window)
        frames += 1
        assert frames < 400
    assert frames >= 1  # at least one frame of work after the show
    step(window, 2)
    assert screenshot(window).tobytes() == reference.tobytes()  # whole, pixel for pixel
    _close(app, window, view)
