"""Headless screenshots: shell screens by name, a match through its mode's shot view."""

from __future__ import annotations

import pytest
from PIL import Image

from game.scenes.shot import shoot_record, shoot_screen


@pytest.mark.parametrize("name", ["menu", "settings"])
def test_shoot_screen(window, registry, tmp_path, name):
    registry("alpha")
    out = shoot_screen(name, tmp_path / f"{name}.png")
    with Image.open(out) as img:
        assert img.size == (1280, 720)
        assert len(img.getcolors(maxcolors=1 << 20)) > 20  # more than a blank frame


def test_unknown_screen(window, tmp_path):
    with pytest.raises(ValueError, match="unknown screen"):
        shoot_screen("credits", tmp_path / "x.png")


def test_shoot_record_without_screens(window, registry, tmp_path):
    registry("alpha")
    with pytest.raises(ValueError, match="mode alpha has no screens yet"):
        shoot_record({"mode": "alpha"}, tmp_path / "x.png")


def test_shoot_record_uses_the_mode_shot_view(window, registry, fake_scenes, tmp_path):
    registry("alpha", shot_entry="tabula_fake_scenes:shot")

    class FakeMatch:
        class rules:  # noqa: N801  (mirrors Match.rules.mode)
            mode = "alpha"

    match = FakeMatch()
    out = shoot_record(match, tmp_path / "deep" / "shot.png")
    assert out.is_file() and fake_scenes.shots == [match]


@pytest.mark.slow
def test_a_shot_is_of_the_screen_never_of_its_loading_state(window, tmp_path, monkeypatch):
    """`tabula shot` runs in a fresh process: the text styles are cold and the screen prepares
    in steps; the shot waits for the whole screen, never "Preparing the table" (about 200
    colours; a kingdom screen has thousands)."""
    from game.engine.record import build_match
    from game.scenes import gallery, glyphs
    from game.scenes.base import GameViewBase

    monkeypatch.setattr(GameViewBase, "prepare_sync", False)
    monkeypatch.setattr(glyphs, "_warm", set())
    match = build_match(gallery.phase_records("kingdom")["over"])
    try:
        out = shoot_record(match, tmp_path / "kingdom.png")
        view = window.current_view
        assert isinstance(view, GameViewBase) and not view.preparing
        assert view._laid_out_for is not None
    finally:
        match.close()
    with Image.open(out) as img:
        assert len(img.getcolors(maxcolors=1 << 20)) > 2000
