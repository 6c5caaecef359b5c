"""A screen answers at once (issue 27, section 4): the work of a transition is never done in
the click's frame when it can be avoided or spread.

- The menu and Settings are built once and shown again: a rebuild (and its first render)
  only when what they show changed; a save made meanwhile only switches Continue on.
- A UI scale change lays out Settings again, not the pause menu and the board under it: the
  board lays itself out for the new scale when the pause menu shows again, in steps behind
  its loading state, while the pause menu runs its preparation (the match stays paused).

The figures are `tabula bench`'s `<mode>.transition_ms.*` rows (game/scenes/transition_bench.py).
"""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.scenes import gallery
from game.scenes.base import GameViewBase
from game.scenes.harness import click, key, step
from game.scenes.menu import MainMenuView
from game.scenes.pause import PauseView
from game.scenes.settings_view import SettingsView
from game.scenes.staged import finish_preparing


@pytest.fixture
def builds(monkeypatch) -> dict[str, int]:
    """How many times the menu and Settings built their widgets."""
    counts = {"menu": 0, "settings": 0}
    for name, cls in (("menu", MainMenuView), ("settings", SettingsView)):
        original = cls.build

        def counted(self: Any, *args: Any, _name: str = name, _original: Any = original,
                    **kwargs: Any) -> None:
            counts[_name] += 1
            _original(self, *args, **kwargs)

        monkeypatch.setattr(cls, "build", counted)
    return counts


def press(window: Any, widget: Any) -> None:
    """Click a widget where it is drawn, then draw the frame that answers."""
    scale = float(getattr(window, "ui_scale", 1.0))
    click(window, widget.rect.x * scale, widget.rect.y * scale)
    step(window)


@pytest.mark.slow
def test_settings_is_built_once_and_shown_again(window, app, builds):
    menu = app.show_menu()
    step(window)
    press(window, menu.settings_button)
    settings = window.current_view
    assert isinstance(settings, SettingsView) and builds["settings"] == 1
    press(window, settings.back_button)
    assert window.current_view is menu
    press(window, menu.settings_button)
    assert window.current_view is settings and builds["settings"] == 1
    app.update_settings(palette="colour-blind")  # what it shows changed: built again
    press(window, settings.back_button)
    press(window, menu.settings_button)
    assert builds["settings"] == 2


@pytest.mark.slow
def test_a_ui_scale_change_respaces_the_settings_rows_it_keeps(window, app, builds):
    """1280x720 at 1.5x (1.2x: 1066x600 logical) crosses into the short-window spacing: the
    same rows, closer together, the whole panel inside the window; and back."""
    import arcade.gui as gui

    settings = app.show_settings()
    step(window)
    panel = settings.title_label.parent  # the padded column of rows on its background
    while not isinstance(panel.parent, gui.UIAnchorLayout):
        panel = panel.parent
    assert panel._space_between == 18 and builds["settings"] == 1
    try:
        press(window, settings.controls["ui_scale"].buttons["1.5"])
        step(window)
        assert window.ui_scale == 1.2 and builds["settings"] == 1
        assert panel._space_between == 8
        assert 0 <= panel.rect.bottom and panel.rect.top <= 600, panel.rect
        assert settings.back_button.rect.bottom >= panel.rect.bottom
    finally:
        press(window, settings.controls["ui_scale"].buttons["1"])
        step(window)
    assert window.ui_scale == 1.0 and panel._space_between == 18
    assert builds["settings"] == 1


def test_the_menu_is_built_once_and_a_new_save_only_switches_continue_on(window, app, registry,
                                                                         builds):
    registry("alpha")
    menu = app.show_menu()
    step(window)
    assert builds["menu"] == 1 and menu.continue_buttons["alpha"].disabled
    app.show_settings()
    app.save_match({"format": 1, "mode": "alpha", "rules": "1", "seed": 7, "options": {},
                    "setup": None, "decisions": []})
    assert app.show_menu() is menu
    assert builds["menu"] == 1
    assert not menu.continue_buttons["alpha"].disabled


@pytest.mark.slow
def test_the_menu_shows_a_rules_choice_made_on_another_screen(window, app, builds):
    """CardConquest's setup shares the menu's Rules choice (App.rules_choice): the menu shown
    again says what the setup chose, and a rebuild is what it costs."""
    from game.engine.modes import ModeLaunch, get_mode

    menu = app.show_menu()
    step(window)
    assert menu.rules_buttons["conquest"].text == "Current rules"
    setup = app.start_mode(ModeLaunch(mode="conquest", cpu={1: "easy"}))
    step(window, 2)
    press(window, setup.rows["rules"].buttons["1"])
    assert app.rules_choice == {"conquest": "1"}
    assert app.show_menu() is menu and builds["menu"] == 2
    assert menu.rules_buttons["conquest"].text == "Original rules"
    assert menu.row_text(get_mode("conquest")).startswith("Original rules:")


def _board(app: Any) -> Any:
    screen = next(s for s in gallery.screens(("crawl",)) if s.name == "crawl/play")
    return screen.build(app)


@pytest.mark.slow
def test_a_ui_scale_change_lays_out_the_board_later_in_steps(window, app, monkeypatch):
    monkeypatch.setattr(GameViewBase, "prepare_sync", False)  # preparations in steps
    board = _board(app)
    window.show_view(board)
    finish_preparing(window)
    step(window, 2)
    layouts: list[tuple[int, int]] = []
    layout = board.layout
    monkeypatch.setattr(board, "layout", lambda w, h: (layouts.append((w, h)), layout(w, h)))
    key(window, arcade.key.ESCAPE)
    step(window)
    pause = window.current_view
    assert isinstance(pause, PauseView)
    press(window, pause.buttons["settings"])
    settings = window.current_view
    press(window, settings.controls["ui_scale"].buttons["1.5"])
    step(window)
    try:
        assert window.ui_scale == 1.2  # 1.5 clamped on the 1280x720 window
        assert layouts == [] and not board.preparing, "nothing under Settings in the click"
        press(window, settings.back_button)
        assert window.current_view is pause
        assert board.preparing, "the board prepares again, behind its loading state"
        decisions = len(board.match.decisions)
        finish_preparing(window)  # the pause menu's frames run its preparation, in steps
        assert not board.preparing and board._laid_out_for == (1066, 600)
        assert len(board.match.decisions) == decisions and window.current_view is pause
        press(window, pause.buttons["resume"])
        assert window.current_view is board and not board.preparing
    finally:
        app.update_settings(ui_scale=1.0)
        gallery.close(board)


@pytest.mark.slow
def test_the_kept_settings_screen_lets_a_left_match_go(window, app):
    """Settings opened from a match's pause menu returns there; once the match is left, the
    kept screen holds no pause menu (nor its match) for its next Back."""
    board = _board(app)
    window.show_view(board)
    finish_preparing(window)
    key(window, arcade.key.ESCAPE)
    step(window)
    pause = window.current_view
    press(window, pause.buttons["settings"])
    settings = window.current_view
    assert isinstance(settings, SettingsView) and settings.back_to is pause
    press(window, settings.back_button)
    assert window.current_view is pause
    app.leave_match(board)
    menu = app.show_menu()
    gallery.close(board)
    assert settings.back_to is None
    step(window)  # the menu laid out (its widgets have no place before its first frame)
    press(window, menu.settings_button)
    press(window, settings.back_button)
    assert window.current_view is menu
