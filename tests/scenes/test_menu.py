"""The main menu, rendered headless: real pixels, real clicks through the window."""

from __future__ import annotations

import json

import arcade
import pytest

from game import paths
from game.scenes import theme
from game.scenes.app import NOT_PLAYABLE
from game.scenes.harness import click, close_to, key, pixel, region_colors, screenshot, step
from game.scenes.menu import MainMenuView
from game.scenes.settings_view import SettingsView
from game.scenes.widgets import HelpOverlay

RECORD = {
    "format": 1, "mode": "alpha", "rules": "1", "seed": 7,
    "options": {"ai": {"1": "normal"}}, "setup": None, "decisions": [],
}  # fmt: skip


def show_menu(window, app) -> MainMenuView:
    menu = app.show_menu()
    step(window)  # the first draw lays the gui out
    return menu


def test_title_and_rows_are_drawn(window, app, registry):
    registry("alpha")
    registry("solo", seats=1, title="Solo", description="One seat, no CPU level.")
    menu = show_menu(window, app)
    img = screenshot(window)

    title = menu.title_label.rect
    assert title.top <= window.height and title.bottom > window.height / 2
    colours = region_colors(img, title)
    assert any(close_to(c, theme.GOLD, 40) for c in colours), "title glyphs are gold"
    assert len(colours) > 10, "antialiased glyphs, not a flat fill"

    start = menu.start_buttons["alpha"].rect
    assert close_to(pixel(img, start.left + 6, start.bottom + 4), theme.GOLD)
    # one level button for the two-seat mode only
    assert set(menu.level_buttons) == {"alpha"}
    # rows line up: every Start button has the same x
    xs = {round(b.rect.left) for b in menu.start_buttons.values()}
    assert len(xs) == 1


def test_no_modes_message(window, app, registry):
    menu = show_menu(window, app)
    assert menu.start_buttons == {}
    assert menu.empty_label is not None and menu.empty_label.text == "No games installed"
    img = screenshot(window)
    assert len(region_colors(img, menu.empty_label.rect)) > 5


def test_start_without_scenes_shows_toast(window, app, registry):
    registry("alpha")
    menu = show_menu(window, app)
    click(window, *menu.start_buttons["alpha"].rect.center)
    assert window.current_view is menu
    assert menu.toast.visible and menu.toast.message == NOT_PLAYABLE


def test_start_launches_scene_with_chosen_level(window, app, registry, fake_scenes):
    registry("alpha", scene_entry="tabula_fake_scenes:start")
    menu = show_menu(window, app)
    assert menu.level_buttons["alpha"].text == "CPU: normal"
    click(window, *menu.level_buttons["alpha"].rect.center)
    assert menu.level_buttons["alpha"].text == "CPU: hard"
    click(window, *menu.start_buttons["alpha"].rect.center)
    view = window.current_view
    assert isinstance(view, fake_scenes.FakeGameView)
    (launch,) = fake_scenes.launches
    assert launch.mode == "alpha" and launch.cpu == {1: "hard"} and launch.record is None


def test_solitaire_launch_has_no_cpu(window, app, registry, fake_scenes):
    registry("solo", seats=1, scene_entry="tabula_fake_scenes:start")
    menu = show_menu(window, app)
    click(window, *menu.start_buttons["solo"].rect.center)
    assert fake_scenes.launches[0].cpu == {}


def test_continue_enabled_only_with_a_save(window, app, registry, fake_scenes):
    registry("alpha", scene_entry="tabula_fake_scenes:start")
    registry("beta")
    (paths.saves_dir() / "alpha.json").write_text(json.dumps(RECORD))
    menu = show_menu(window, app)
    assert not menu.continue_buttons["alpha"].disabled
    assert menu.continue_buttons["beta"].disabled

    click(window, *menu.continue_buttons["beta"].rect.center)  # disabled: nothing happens
    assert window.current_view is menu
    click(window, *menu.continue_buttons["alpha"].rect.center)
    (launch,) = fake_scenes.launches
    assert launch.record is not None and launch.record["seed"] == 7


def test_continue_with_a_bad_save_explains(window, app, registry, fake_scenes):
    registry("alpha", scene_entry="tabula_fake_scenes:start")
    (paths.saves_dir() / "alpha.json").write_text("{not json")
    menu = show_menu(window, app)
    click(window, *menu.continue_buttons["alpha"].rect.center)
    assert window.current_view is menu and fake_scenes.launches == []
    assert "cannot be loaded" in menu.toast.message and "JSON" in menu.toast.message


def test_settings_button_and_back(window, app, registry):
    registry("alpha")
    menu = show_menu(window, app)
    click(window, *menu.settings_button.rect.center)
    settings = window.current_view
    assert isinstance(settings, SettingsView)
    step(window)
    click(window, *settings.back_button.rect.center)
    assert isinstance(window.current_view, MainMenuView)


def test_help_opens_and_closes(window, app, registry):
    menu = show_menu(window, app)
    key(window, arcade.key.H)
    assert isinstance(window.current_view, HelpOverlay)
    step(window)
    key(window, arcade.key.ESCAPE)
    assert window.current_view is menu


@pytest.mark.slow
def test_relayout_on_resize(window, app, registry):
    for mode_id in ("alpha", "beta", "gamma", "delta"):
        registry(mode_id, description="A description long enough to wrap onto a second line " * 2)
    menu = show_menu(window, app)

    def assert_no_overlap(width: int) -> None:
        rows = [b.rect for b in menu.start_buttons.values()]
        assert all(r.right <= width for r in rows)
        assert max(r.top for r in rows) < menu.title_label.rect.bottom
        assert min(r.bottom for r in rows) > menu.settings_button.rect.top

    assert_no_overlap(1280)
    old_start = menu.start_buttons["alpha"]
    # A headless window keeps its size, so the resize is dispatched: the view and its
    # UIManager both lay out for the size the event reports, as they do in a real window.
    try:
        window.dispatch_event("on_resize", 1000, 600)
        step(window)
        assert menu.start_buttons["alpha"] is not old_start, "rebuilt on resize"
        assert_no_overlap(1000)
    finally:
        window.dispatch_event("on_resize", 1280, 720)


def test_a_watchable_mode_offers_cpu_vs_cpu(window, app, registry, fake_scenes):
    registry("alpha", scene_entry="tabula_fake_scenes:start")
    registry("duo", scene_entry="tabula_fake_scenes:start", watchable=True)
    menu = show_menu(window, app)
    assert set(menu.watch_buttons) == {"duo"}
    watch, level = menu.watch_buttons["duo"], menu.level_buttons["duo"]
    assert (watch.text, level.text) == ("You", "vs normal")
    # both buttons share the width of one level button, so Start still lines up
    assert round(watch.rect.left) == round(menu.level_buttons["alpha"].rect.left)
    assert round(level.rect.right) == round(menu.level_buttons["alpha"].rect.right)
    assert len({round(b.rect.left) for b in menu.start_buttons.values()}) == 1
    click(window, *watch.rect.center)
    assert watch.text == "CPU easy"
    click(window, *menu.start_buttons["duo"].rect.center)
    (launch,) = fake_scenes.launches
    assert launch.mode == "duo" and launch.cpu == {0: "easy", 1: "normal"}


@pytest.mark.slow
def test_a_game_with_older_rules_offers_original_rules_and_says_what_differs(
        window, app, registry, fake_scenes):
    """Issue 27: a player can choose a game's original rules on its Start row; the row then
    says what they do differently, and the launch (and every later new match) plays them."""
    registry("alpha", scene_entry="tabula_fake_scenes:start", rules_version="2",
             older_rules=("1",), rules_changes={"1": "Player 1 always starts."})
    registry("solo", seats=1, title="Solo", description="One seat, no CPU level.")
    menu = show_menu(window, app)
    assert set(menu.rules_buttons) == {"alpha"}  # a game with one rules version has none
    button = menu.rules_buttons["alpha"]
    assert button.text == "Current rules" and menu.row_text(app_spec(menu)) == (
        "The alpha test game.")
    click(window, *button.rect.center)
    assert app.rules_choice == {"alpha": "1"}
    menu = window.current_view
    assert menu.rules_buttons["alpha"].text == "Original rules"
    assert menu.row_text(app_spec(menu)) == "Original rules: Player 1 always starts."
    step(window)
    click(window, *menu.start_buttons["alpha"].rect.center)
    (launch,) = fake_scenes.launches
    assert launch.rules == "1" and app.rules_for("alpha") == "1"
    app.show_menu()
    step(window)
    menu = window.current_view
    click(window, *menu.rules_buttons["alpha"].rect.center)  # back to the current rules
    assert app.rules_choice == {} and app.rules_for("alpha") == "2"


def app_spec(menu):
    return next(m for m in menu.modes if m.id == "alpha")
