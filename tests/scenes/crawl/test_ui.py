"""The tight UIManager (it blits only under its widgets), the Hint runner, the help topics and
the screenshots of every screen for review."""

from __future__ import annotations

import arcade
import arcade.gui as gui
import pytest

from game.engine.record import build_match
from game.engine.rng import ai_stream
from game.scenes.base import GameViewBase
from game.scenes.crawl.hint import HintRunner, think
from game.scenes.crawl.play import PlayView
from game.scenes.crawl.start import StartView
from game.scenes.harness import key, screenshot, step
from game.scenes.ui import TightUIManager
from game.scenes.widgets import make_button, panel_texture
from tests.scenes.crawl.crawl_scene_helpers import MID_RUN, save_shot, setup_record, show


class Buttons(GameViewBase):
    def __init__(self, app, tight: bool):
        super().__init__(app)
        if tight:
            self.ui = TightUIManager()

    def layout(self, width, height):
        self.ui.clear()
        row = gui.UIBoxLayout(vertical=False, space_between=10)
        row.add(make_button("One", width=150, kind="danger"))
        row.add(make_button("Two", width=150, kind="primary"))
        box = gui.UIBoxLayout().with_padding(all=12).with_background(
            texture=panel_texture(edge=(226, 178, 74, 255)))
        box.add(make_button("Three", width=120))
        anchor = gui.UIAnchorLayout()
        anchor.add(row, anchor_x="center_x", anchor_y="bottom", align_y=10)
        anchor.add(box, anchor_x="left", anchor_y="top", align_x=20, align_y=-20)
        self.ui.add(anchor)


def test_tight_ui_draws_the_same_pixels(window, crawl_app):
    stock = show(window, Buttons(crawl_app, tight=False))
    a = screenshot(window)
    tight = show(window, Buttons(crawl_app, tight=True))
    b = screenshot(window)
    assert a.tobytes() == b.tobytes()
    areas = tight.ui.areas()
    assert len(areas) == 3  # two buttons and the panel (its button is not counted again)
    box = tight.ui.area()
    assert box.width * box.height < 0.8 * window.width * window.height
    del stock


def test_hint_runner_in_process():
    match = build_match(setup_record(MID_RUN))
    try:
        stream = ai_stream(match.seed, 0)
        decision, state = think("normal", match.view_json(0), stream.get_state(), None)
        assert decision in match.legal_decisions(0)
        runner = HintRunner(sync=True)
        runner.start("easy", match.view_json(0), stream.get_state(), None, tag=0)
        outcome = runner.poll()
        assert isinstance(outcome, tuple) and outcome[0] in match.legal_decisions(0)
        assert runner.poll() is None
        runner.start("nonsense", match.view_json(0), stream.get_state(), None)
        assert isinstance(runner.poll(), BaseException)  # reported, never raised
        runner.shutdown()
    finally:
        match.close()


def test_help_overlay_shot(window, play):
    view = play(MID_RUN)
    key(window, arcade.key.H)
    step(window)
    save_shot(screenshot(window), "help_overlay")
    key(window, arcade.key.H)
    assert window.current_view is view


def test_start_screen_shot(window, crawl_app):
    show(window, StartView(crawl_app))
    save_shot(screenshot(window), "start")


@pytest.mark.slow
def test_play_view_shot_of_a_fresh_deal(window, crawl_app):
    match = build_match(setup_record(None, seed=7))
    view = show(window, PlayView(crawl_app, match, intro=True))
    step(window, 3)
    save_shot(screenshot(window), "play_fresh_deal")
    view.close()
