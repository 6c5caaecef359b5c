"""App: starting modes through the registry, save slots, notices."""

from __future__ import annotations

import json

import pytest

from game import paths
from game.engine.modes import ModeLaunch
from game.scenes.app import NOT_PLAYABLE
from game.scenes.harness import step
from game.scenes.menu import MainMenuView

RECORD = {
    "format": 1, "mode": "alpha", "rules": "1", "seed": 11,
    "options": {"ai": {"1": "easy"}}, "setup": None, "decisions": [],
}  # fmt: skip


@pytest.fixture
def menu(window, app):
    view = app.show_menu()
    step(window)
    return view


def test_unknown_and_unplayable_modes_toast(window, app, registry, menu):
    registry("alpha")
    assert app.start_mode(ModeLaunch(mode="nope")) is None
    assert "Unknown game" in menu.toast.message
    assert app.start_mode(ModeLaunch(mode="alpha")) is None
    assert menu.toast.message == NOT_PLAYABLE
    assert window.current_view is menu


def test_a_failing_scene_is_reported_not_raised(window, app, registry, fake_scenes, menu):
    registry("alpha", scene_entry="tabula_fake_scenes:broken")
    assert app.start_mode(ModeLaunch(mode="alpha")) is None
    assert "could not start" in menu.toast.message and "exploded" in menu.toast.message
    registry("beta", scene_entry="tabula_no_such_module:start")
    assert app.start_mode(ModeLaunch(mode="beta")) is None
    assert window.current_view is menu


def test_start_mode_shows_the_returned_view(window, app, registry, fake_scenes, menu):
    registry("alpha", scene_entry="tabula_fake_scenes:start")
    launch = ModeLaunch(mode="alpha", seed=5, cpu={1: "hard"})
    view = app.start_mode(launch)
    assert window.current_view is view and view.launch is launch


def test_start_mode_shows_a_loading_line_before_building(window, app, registry, fake_scenes,
                                                          menu):
    """The first screen of a mode may take a while to build: the window shows
    "Opening <title>…" before the mode's scene entry runs."""
    import arcade

    from game.scenes import theme
    from game.scenes.harness import region_colors

    seen = []

    def start(app_, launch):
        img = arcade.get_image()  # what the window holds while the screen is being built
        middle = arcade.LBWH(window.width / 2 - 120, window.height / 2 - 12, 240, 24)
        seen.append(region_colors(img, middle))
        return fake_scenes.FakeGameView(app_, launch)

    fake_scenes.start_seen = start
    registry("alpha", title="Alpha", scene_entry="tabula_fake_scenes:start_seen")
    view = app.start_mode(ModeLaunch(mode="alpha", seed=5))
    assert window.current_view is view
    colors = seen[0]
    assert theme.TABLE[:3] in colors and len(colors) > 2  # text on the table


def test_save_slot_round_trip(window, app, registry):
    registry("alpha")
    assert not app.has_save("alpha")
    path = app.save_match(dict(RECORD))
    assert path == paths.saves_dir() / "alpha.json" and app.has_save("alpha")
    assert app.load_save("alpha")["seed"] == 11
    app.delete_save("alpha")
    assert not app.has_save("alpha")


def test_bad_save_is_explained(window, app, registry, menu):
    registry("alpha")
    (paths.saves_dir() / "alpha.json").write_text(json.dumps({**RECORD, "mode": "zeta"}))
    assert app.load_save("alpha") is None
    assert "unknown mode" in menu.toast.message


def test_continue_passes_the_record(window, app, registry, fake_scenes, menu):
    registry("alpha", scene_entry="tabula_fake_scenes:start")
    app.save_match(dict(RECORD))
    view = app.continue_mode("alpha")
    assert view is window.current_view and view.launch.record["seed"] == 11


def test_notices_wait_for_a_view_with_a_toast(window, app):
    window.hide_view()
    app.notify("Saved elsewhere", kind="info")
    menu = app.show_menu()
    assert isinstance(menu, MainMenuView) and menu.toast.message == "Saved elsewhere"


@pytest.mark.slow
def test_the_launch_heap_is_frozen_out_of_full_collections():
    """What exists at launch is no longer scanned by full collections; what comes after is."""
    import gc

    from game.scenes.app import freeze_launch_heap

    at_launch = [[] for _ in range(3)]  # tracked containers alive at the launch
    try:
        freeze_launch_heap()
        assert gc.get_freeze_count() > 1000
        later = [[] for _ in range(3)]  # made after it
        tracked = gc.get_objects()  # the collected generations, not the frozen one
        assert not any(obj is at_launch for obj in tracked)
        assert any(obj is later for obj in tracked)
    finally:
        gc.unfreeze()
    assert any(obj is at_launch for obj in gc.get_objects())
