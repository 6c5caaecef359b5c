"""Every screen's help says what its Esc really does (issue 14, item 6).

Each screen of `game.scenes.gallery` (a real position of each phase of each game, live, as the
menu would open it) is shown; its help overlay (H) ends with the screen's Esc line; then Esc is
pressed with nothing selected and the view it lands on must be the one the line names. No
other help line may claim a destination for Esc (a mode's topics only say what Esc cancels).
"""

from __future__ import annotations

import re

import arcade
import pytest

from game.scenes import gallery
from game.scenes.harness import key, step
from game.scenes.widgets import HelpOverlay

GAME_SCREENS = [s for s in gallery.screens() if s.mode != "shell"]


def destination_words(view: arcade.View) -> str:
    """What an Esc line must say to name the view Esc landed on."""
    from game.scenes.crawl.start import StartView
    from game.scenes.menu import MainMenuView
    from game.scenes.pause import PauseView
    from game.scenes.strike.leave import LeaveDialog

    if isinstance(view, PauseView):
        return "the pause menu (resume, help, settings, save and quit, quit)"
    if isinstance(view, LeaveDialog):
        return 'ask "Leave this match?"'
    if isinstance(view, MainMenuView):
        return "back to the main menu"
    if isinstance(view, StartView):
        return "back to the Card Crawl start screen"
    raise AssertionError(f"Esc went to an unexpected view: {type(view).__name__}")


@pytest.fixture
def app(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    return App(window, settings=Settings(animation_speed="instant", sound_on=False))


@pytest.mark.parametrize("screen", GAME_SCREENS, ids=[s.name for s in GAME_SCREENS])
@pytest.mark.slow
def test_the_help_says_where_esc_goes(window, app, screen):
    view = screen.build(app)
    try:
        window.show_view(view)
        step(window, 2)
        key(window, arcade.key.H)
        overlay = window.current_view
        assert isinstance(overlay, HelpOverlay)
        *topics, common = overlay.topics
        esc_lines = [line for line in common.lines if line.startswith("Esc")]
        assert len(esc_lines) == 1, common.lines
        for topic in topics:
            for line in topic.lines:
                assert not re.search(r"\bEsc\s*:", line), (topic.title, line)
        key(window, arcade.key.H)
        assert window.current_view is view
        key(window, arcade.key.ESCAPE)
        step(window)
        landed = window.current_view
        assert landed is not view, "Esc did nothing"
        assert destination_words(landed) in esc_lines[0], (esc_lines[0], type(landed).__name__)
    finally:
        gallery.close(view)
