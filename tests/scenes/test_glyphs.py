"""The common text styles are rendered before a screen needs them (game.scenes.glyphs)."""

from __future__ import annotations

import pyglet
import pytest

from game.scenes import glyphs
from game.scenes.base import GameViewBase


@pytest.fixture
def all_cold(monkeypatch):
    """This process's warm styles forgotten (pyglet keeps its glyphs: warming again is
    cheap, and what is asserted is which styles each step renders)."""
    monkeypatch.setattr(glyphs, "_warm", set())
    rendered: list[tuple[str, int, bool]] = []
    warm = glyphs.warm_style

    def recording(style):
        rendered.append(style)
        warm(style)

    monkeypatch.setattr(glyphs, "warm_style", recording)
    return rendered


def test_the_steps_render_each_cold_style_once(window, all_cold):
    glyphs.warm_style((glyphs.UI_FONT, 12, True))
    assert (glyphs.UI_FONT, 12, True) not in glyphs.cold_styles()
    steps = list(glyphs.warm_steps())
    assert len(steps) == len(glyphs.WARM_STYLES) - 1
    assert sorted(all_cold) == sorted(glyphs.WARM_STYLES)  # each style once, 12 bold first
    assert glyphs.cold_styles() == [] and list(glyphs.warm_steps()) == []


def test_the_glyphs_a_step_renders_are_the_ones_a_text_of_that_style_uses(window, all_cold):
    import arcade

    glyphs.warm_style((glyphs.UI_FONT, 11, False))
    font = pyglet.font.load(glyphs.UI_FONT, 11, weight="normal")
    before = len(font.glyphs)
    arcade.Text("Round 1 / 150 — HP 50/50", 0, 0, font_name=glyphs.UI_FONT, font_size=11)
    assert len(font.glyphs) == before  # every glyph of the text was there already


class Clock:
    """pyglet's clock as `start_warming` uses it, ticked by hand."""

    def __init__(self) -> None:
        self.scheduled: dict = {}

    def schedule_interval(self, fn, interval: float) -> None:
        self.scheduled[fn] = interval

    def unschedule(self, fn) -> None:
        del self.scheduled[fn]

    def tick(self) -> None:
        for fn in list(self.scheduled):
            fn(self.scheduled[fn])


def test_the_launch_warm_up_runs_one_style_a_clock_tick(window, all_cold):
    clock = Clock()
    glyphs.start_warming(clock)
    assert list(clock.scheduled.values()) == [glyphs.TICK_SECONDS]
    for ticks in range(1, len(glyphs.WARM_STYLES) + 1):
        clock.tick()
        assert len(all_cold) == ticks  # one style a tick
    assert glyphs.cold_styles() == [] and clock.scheduled  # the next tick finds none left
    clock.tick()
    assert clock.scheduled == {}  # and stops


def test_a_screen_prepares_the_cold_styles_before_its_first_layout(window, app, all_cold):
    view = GameViewBase(app)
    prep = view.prepare(*window.get_size())
    assert prep is not None and len(list(prep)) == len(glyphs.WARM_STYLES)
    assert view.prepare(*window.get_size()) is None  # all warm: nothing to prepare
