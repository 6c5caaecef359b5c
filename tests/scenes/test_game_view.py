"""GameViewBase: H help overlay, Esc pause menu, toast, layout hook; through window events."""

from __future__ import annotations

import json

import arcade

from game import paths
from game.scenes import theme
from game.scenes.base import GameViewBase
from game.scenes.harness import click, close_to, key, pixel, screenshot, scroll, step
from game.scenes.menu import MainMenuView
from game.scenes.pause import PauseView
from game.scenes.settings_view import SettingsView
from game.scenes.widgets import HelpOverlay, HelpTopic


class Board(GameViewBase):
    title = "Test board"

    def __init__(self, app, topics=None):
        super().__init__(app)
        self.topics = topics or [HelpTopic("Goal", ["Win."])]
        self.layouts: list[tuple[int, int]] = []
        self.keys: list[int] = []
        self.record = None
        self.selecting = False
        self.left = 0

    def layout(self, width, height):
        self.layouts.append((width, height))

    def help_topics(self):
        return self.topics

    def current_record(self):
        return self.record

    def on_leave(self):
        self.left += 1

    def on_game_key(self, symbol, modifiers):
        self.keys.append(symbol)
        if symbol == arcade.key.ESCAPE and self.selecting:
            self.selecting = False  # Esc cancels a selection before it opens the pause menu
            return True
        return False


def show(window, view):
    window.show_view(view)
    step(window)
    return view


def test_layout_runs_on_show_and_resize_not_on_return(window, app):
    board = show(window, Board(app))
    assert board.layouts == [(window.width, window.height)]
    key(window, arcade.key.H)
    key(window, arcade.key.H)
    assert window.current_view is board
    assert len(board.layouts) == 1  # coming back from the overlay keeps the layout
    window.dispatch_event("on_resize", 1100, 650)
    try:
        assert board.layouts[-1] == (1100, 650)
    finally:
        window.dispatch_event("on_resize", window.width, window.height)


def test_h_opens_help_and_escape_closes_it(window, app):
    topics = [HelpTopic(f"Topic {i}", [f"line {j} of {i}" for j in range(8)]) for i in range(6)]
    board = show(window, Board(app, topics))
    key(window, arcade.key.H)
    overlay = window.current_view
    assert isinstance(overlay, HelpOverlay) and overlay.parent is board
    assert overlay.topics[-1].title == "Keys on this screen"
    img = screenshot(window)
    panel = overlay.panel
    assert close_to(pixel(img, panel.center_x, panel.center_y), theme.PANEL, 10)
    assert sum(pixel(img, 5, 5)) < sum(theme.TABLE[:3]) - 30  # the board below is dimmed

    assert overlay.max_scroll > 0
    key(window, arcade.key.PAGEDOWN)
    assert overlay.scroll > 0
    scroll(window, panel.center_x, panel.center_y, 5)  # wheel up: back towards the top
    key(window, arcade.key.HOME)
    assert overlay.scroll == 0
    key(window, arcade.key.END)
    assert overlay.scroll == overlay.max_scroll

    key(window, arcade.key.ESCAPE)
    assert window.current_view is board
    key(window, arcade.key.H)
    key(window, arcade.key.H)  # H toggles
    assert window.current_view is board


def test_escape_opens_pause_and_resume_returns(window, app):
    board = show(window, Board(app))
    key(window, arcade.key.ESCAPE)
    pause = window.current_view
    assert isinstance(pause, PauseView) and pause.game_view is board
    step(window)
    img = screenshot(window)
    resume = pause.buttons["resume"].rect
    assert close_to(pixel(img, resume.left + 6, resume.bottom + 6), theme.GOLD)
    click(window, *resume.center)
    assert window.current_view is board
    key(window, arcade.key.ESCAPE)
    key(window, arcade.key.ESCAPE)  # Esc in the pause menu resumes too
    assert window.current_view is board


def test_game_keys_come_first(window, app):
    board = show(window, Board(app))
    board.selecting = True
    key(window, arcade.key.ESCAPE)
    assert window.current_view is board and not board.selecting
    assert board.keys == [arcade.key.ESCAPE]


RECORD = {
    "format": 1, "mode": "alpha", "rules": "1", "seed": 3,
    "options": {"ai": {"1": "hard"}}, "setup": None, "decisions": [],
}  # fmt: skip


def test_quit_to_menu_asks_first(window, app):
    board = show(window, Board(app))
    board.record = dict(RECORD)
    key(window, arcade.key.ESCAPE)
    pause = window.current_view
    step(window)
    click(window, *pause.buttons["quit_menu"].rect.center)
    assert pause.confirming
    assert set(pause.buttons) == {"confirm_save", "confirm_quit", "cancel_quit"}
    assert pause.unsaved_note == "The match in progress will be lost."
    step(window)
    click(window, *pause.buttons["cancel_quit"].rect.center)
    assert not pause.confirming and window.current_view is pause
    step(window)
    click(window, *pause.buttons["quit_menu"].rect.center)
    step(window)
    click(window, *pause.buttons["confirm_quit"].rect.center)
    assert isinstance(window.current_view, MainMenuView)
    assert pause.game_view.left == 1


def test_save_and_quit_writes_the_record(window, app, registry):
    registry("alpha")
    board = show(window, Board(app))
    board.record = {
        "format": 1, "mode": "alpha", "rules": "1", "seed": 3,
        "options": {"ai": {"1": "hard"}}, "setup": None, "decisions": [],
    }  # fmt: skip
    key(window, arcade.key.ESCAPE)
    pause = window.current_view
    step(window)
    click(window, *pause.buttons["save_quit"].rect.center)
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    saved = json.loads((paths.saves_dir() / "alpha.json").read_text())
    assert saved["seed"] == 3 and saved["options"] == {"ai": {"1": "hard"}}
    assert board.left == 1
    assert menu.toast.message == "Game saved"
    step(window)
    assert not menu.continue_buttons["alpha"].disabled


def test_pause_settings_come_back_to_pause(window, app):
    board = show(window, Board(app))
    key(window, arcade.key.ESCAPE)
    pause = window.current_view
    step(window)
    click(window, *pause.buttons["settings"].rect.center)
    settings = window.current_view
    assert isinstance(settings, SettingsView)
    step(window)
    click(window, *settings.controls["animation_speed"].buttons["fast"].rect.center)
    assert board.tweener.speed == "fast"  # the game's tweens follow the live setting
    step(window)
    click(window, *settings.back_button.rect.center)
    assert window.current_view is pause


def test_quit_game_without_a_match_quits_at_once(window, app, monkeypatch):
    quits: list[bool] = []
    monkeypatch.setattr(app, "quit", lambda: quits.append(True))
    show(window, Board(app))  # no record: nothing to lose
    key(window, arcade.key.ESCAPE)
    pause = window.current_view
    step(window)
    click(window, *pause.buttons["quit_game"].rect.center)
    assert quits == [True] and pause.game_view.left == 1


def test_quit_game_with_an_unsaved_match_asks_and_can_save(window, app, registry, monkeypatch):
    registry("alpha")
    quits: list[bool] = []
    monkeypatch.setattr(app, "quit", lambda: quits.append(True))
    board = show(window, Board(app))
    board.record = dict(RECORD)
    key(window, arcade.key.ESCAPE)
    pause = window.current_view
    step(window)
    click(window, *pause.buttons["quit_game"].rect.center)
    assert quits == [] and board.left == 0, "an unsaved match is never thrown away unasked"
    assert pause.confirming and pause.quit_target == "game"
    step(window)
    click(window, *pause.buttons["cancel_quit"].rect.center)
    assert not pause.confirming and quits == []
    step(window)
    click(window, *pause.buttons["quit_game"].rect.center)
    step(window)
    click(window, *pause.buttons["confirm_save"].rect.center)
    assert quits == [True] and board.left == 1
    assert json.loads((paths.saves_dir() / "alpha.json").read_text())["seed"] == 3


def test_quit_with_the_match_already_saved_does_not_ask(window, app, registry):
    registry("alpha")
    board = show(window, Board(app))
    board.record = dict(RECORD)
    app.save_match(dict(RECORD))
    key(window, arcade.key.ESCAPE)
    pause = window.current_view
    step(window)
    click(window, *pause.buttons["quit_menu"].rect.center)
    assert isinstance(window.current_view, MainMenuView) and board.left == 1
    assert app.has_save("alpha")


def test_moves_since_the_last_save_are_named(window, app, registry):
    registry("alpha")
    board = show(window, Board(app))
    app.save_match(dict(RECORD))
    board.record = {**RECORD, "decisions": [{"seat": 0, "type": "pass"}]}
    key(window, arcade.key.ESCAPE)
    pause = window.current_view
    step(window)
    click(window, *pause.buttons["quit_menu"].rect.center)
    assert pause.confirming
    assert pause.unsaved_note == "The moves since your last save will be lost."


def test_notify_shows_a_toast_that_expires(window, app):
    board = show(window, Board(app))
    board.notify("Not your turn")
    img = screenshot(window)
    # the toast sits at the bottom centre in the error colour
    colours = {pixel(img, x, 60) for x in range(600, 680, 4)}
    assert any(close_to(c, (150, 44, 38), 25) for c in colours)
    step(window, 100)  # 1.5 s + fade
    assert not board.toast.visible
