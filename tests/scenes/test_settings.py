"""Settings: the JSON file (atomic save, corrupt file kept aside) and the Settings screen."""

from __future__ import annotations

import json

import arcade
import pytest

from game.scenes import theme
from game.scenes.harness import click, close_to, drag, key, pixel, screenshot, step
from game.scenes.menu import MainMenuView
from game.scenes.settings import Settings, settings_path
from game.scenes.settings_view import SettingsView


def on_disk() -> dict:
    return json.loads(settings_path().read_text())


# -- the file ------------------------------------------------------------------------------------
def test_defaults_without_a_file():
    s = Settings.load()
    assert (s.animation_speed, s.sound_on, s.volume, s.fullscreen, s.hint_level) == (
        "normal", True, 0.8, False, "hard",
    )  # fmt: skip
    assert s.load_error is None
    assert not settings_path().exists()


def test_save_and_load_round_trip():
    s = Settings.load()
    s.updated(animation_speed="instant", volume=0.25, hint_level="easy")
    assert on_disk()["animation_speed"] == "instant"
    again = Settings.load()
    assert (again.animation_speed, again.volume, again.hint_level) == ("instant", 0.25, "easy")
    # atomic write: no temp file left beside it
    assert sorted(p.name for p in settings_path().parent.iterdir()) == ["settings.json"]


def test_corrupt_file_is_kept_aside_and_defaults_used():
    settings_path().write_text("{ this is not json")
    s = Settings.load()
    assert s.model_dump() == Settings().model_dump()
    assert s.load_error and "corrupt" in s.load_error
    backup = settings_path().with_name("settings.json.bak")
    assert backup.read_text() == "{ this is not json"
    assert not settings_path().exists()


def test_invalid_values_count_as_corrupt():
    settings_path().write_text(json.dumps({"animation_speed": "warp", "volume": 3}))
    s = Settings.load()
    assert s.animation_speed == "normal" and s.volume == 0.8 and s.load_error
    settings_path().write_text("[1, 2]")
    assert Settings.load().load_error


def test_non_utf8_and_deeply_nested_files_are_corrupt_not_fatal(window, registry):
    from game.scenes.app import App

    for bad in (b"\xff\xfe{\"volume\": 0.5}", b"[" * 100_000 + b"]" * 100_000):
        settings_path().write_bytes(bad)
        s = Settings.load()
        assert s.model_dump() == Settings().model_dump() and "corrupt" in s.load_error
        assert not settings_path().exists()
    kept = sorted(p.name for p in settings_path().parent.iterdir())
    assert kept == ["settings.json.bak", "settings.json.bak2"], "older copies are never lost"
    settings_path().write_bytes(b"\x80\x81")
    menu = App(window).show_menu()  # the game starts, and says so
    assert menu.toast.visible and "corrupt" in menu.toast.message


def test_a_home_that_is_a_file_starts_with_defaults(window, registry, tmp_path, monkeypatch):
    from game.scenes.app import App

    home = tmp_path / "a_file"
    home.write_text("x")
    monkeypatch.setenv("TABULA_HOME", str(home))
    app = App(window)
    assert app.settings.model_dump() == Settings().model_dump()
    assert app.home_problem is not None
    menu = app.show_menu()
    assert "Settings and saves cannot be written" in menu.notice_label.text
    assert not app.update_settings(volume=0.2)  # reported, not raised


def test_unknown_keys_are_ignored():
    settings_path().write_text(json.dumps({"volume": 0.5, "from_the_future": True}))
    s = Settings.load()
    assert s.volume == 0.5 and s.load_error is None


def test_corrupt_settings_are_reported_on_the_menu(window, registry):
    from game.scenes.app import App

    settings_path().write_text("garbage")
    app = App(window)
    menu = app.show_menu()
    assert menu.toast.visible and "corrupt" in menu.toast.message


# -- the screen ----------------------------------------------------------------------------------
def show_settings(window, app) -> SettingsView:
    view = app.show_settings()
    step(window)
    return view


def test_settings_screen_renders_the_current_choice(window, app):
    view = show_settings(window, app)
    img = screenshot(window)
    title = view.title_label.rect
    assert any(close_to(pixel(img, x, title.center_y), theme.GOLD, 40)
               for x in range(int(title.left), int(title.right)))  # fmt: skip
    normal = view.controls["animation_speed"].buttons["normal"].rect
    fast = view.controls["animation_speed"].buttons["fast"].rect
    assert close_to(pixel(img, normal.left + 5, normal.bottom + 5), theme.GOLD)  # selected
    assert not close_to(pixel(img, fast.left + 5, fast.bottom + 5), theme.GOLD, 30)


@pytest.mark.slow
def test_clicks_persist_immediately(window, app):
    view = show_settings(window, app)
    speed = view.controls["animation_speed"]
    click(window, *speed.buttons["instant"].rect.center)
    assert on_disk()["animation_speed"] == "instant"
    assert app.settings.animation_speed == "instant"

    click(window, *view.controls["sound_on"].buttons["off"].rect.center)
    assert on_disk()["sound_on"] is False
    click(window, *view.controls["hint_level"].buttons["normal"].rect.center)
    assert on_disk()["hint_level"] == "normal"
    click(window, *view.controls["fullscreen"].buttons["on"].rect.center)
    assert on_disk()["fullscreen"] is True  # a headless window stays windowed; no error

    step(window)
    img = screenshot(window)
    instant = speed.buttons["instant"].rect
    assert close_to(pixel(img, instant.left + 5, instant.bottom + 5), theme.GOLD)


def test_volume_slider_drag_persists(window, app):
    view = show_settings(window, app)
    slider = view.controls["volume"]
    r = slider.rect
    drag(window, slider._thumb_x, r.center_y, r.left + 2, r.center_y, steps=6)
    assert on_disk()["volume"] == 0.0
    assert view.volume_label.text == "0 %"
    drag(window, r.left + 4, r.center_y, r.right - 2, r.center_y, steps=6)
    assert on_disk()["volume"] == 1.0


def test_reset_to_defaults(window, app):
    app.update_settings(animation_speed="slow", volume=0.1)
    view = show_settings(window, app)
    assert view.controls["animation_speed"].value == "slow"
    reset = next(b for b in view.ui.walk_widgets() if getattr(b, "text", "") == "Reset to defaults")
    click(window, *reset.rect.center)
    assert on_disk()["animation_speed"] == "normal" and on_disk()["volume"] == 0.8


def test_escape_goes_back_to_where_it_was_opened(window, app):
    show_settings(window, app)
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, MainMenuView)
