"""Screens that never freeze: a screen with heavy preparation shows a loading state at once and
prepares a bounded amount of work per frame (GameViewBase.prepare); the crawl board bakes only
the texts of its first frame before it shows, and the rest a few per idle frame after."""

from __future__ import annotations

import math
import time

import arcade
import pytest

from game.scenes import theme
from game.scenes.base import FIRST_FRAME_BUDGET_MS, GameViewBase
from game.scenes.crawl import card_text
from game.scenes.harness import region_colors, screenshot, step


class SlowView(GameViewBase):
    """Ten units of preparation (`UNIT_S` each), then a layout that records the window size
    it got."""

    UNIT_S = 0.008  # ten units: 80 ms, more than the first frame's budget

    def __init__(self, app) -> None:
        super().__init__(app)
        self.units = 0
        self.laid_out: list[tuple[int, int]] = []

    def prepare(self, width, height):
        def work():
            for _ in range(10):
                time.sleep(self.UNIT_S)
                self.units += 1
                yield
        return work()

    def layout(self, width, height):
        self.laid_out.append((width, height))


@pytest.fixture
def incremental(monkeypatch):
    monkeypatch.setattr(GameViewBase, "prepare_sync", False)


def test_a_long_preparation_shows_the_loading_state_after_a_short_first_frame(window, app,
                                                                            incremental):
    view = SlowView(app)
    window.show_view(view)
    assert view.preparing and view.units == 0 and view.laid_out == []  # the show did none
    img = screenshot(window)  # update + draw: the first frame's budget, then the loading line
    first_units = math.ceil(FIRST_FRAME_BUDGET_MS / 1000 / SlowView.UNIT_S)
    assert 1 <= view.units <= first_units and view.preparing
    middle = arcade.LBWH(window.width / 2 - 150, window.height / 2 - 20, 300, 40)
    assert len(region_colors(img, middle)) > 1  # text on the table colour
    assert view._loading is not None and view._loading.text.startswith("Preparing the table")
    for _ in range(50):
        if not view.preparing:
            break
        step(window)
    assert view.units == 10
    assert view.laid_out == [(window.width, window.height)]  # once, after the preparation
    window.show_view(arcade.View())


def test_a_short_preparation_shows_the_screen_in_its_first_frame(window, app, incremental,
                                                                  monkeypatch):
    """Warm caches (a phase change, a second run): no frame of loading state between two
    screens."""
    monkeypatch.setattr(SlowView, "UNIT_S", 0.0)
    view = SlowView(app)
    window.show_view(view)
    assert view.preparing
    step(window)
    assert not view.preparing and view.units == 10
    assert view.laid_out == [(window.width, window.height)] and view._loading is None
    window.show_view(arcade.View())


def test_keys_wait_for_the_board(window, app, incremental):
    seen = []

    class Keyed(SlowView):
        def on_game_key(self, symbol, modifiers):
            seen.append(symbol)
            return True

    view = Keyed(app)
    window.show_view(view)
    window.dispatch_event("on_key_press", arcade.key.A, 0)
    assert seen == []
    while view.preparing:
        step(window)
    window.dispatch_event("on_key_press", arcade.key.A, 0)
    assert seen == [arcade.key.A]
    window.show_view(arcade.View())


@pytest.mark.slow
def test_the_crawl_board_bakes_only_its_first_frame_before_it_shows(window, app, incremental,
                                                                     monkeypatch):
    from game.scenes.crawl import play
    from game.scenes.crawl.play import PlayView
    from game.scenes.crawl.start import new_match

    monkeypatch.setattr(card_text, "_baked", {})  # a cold start: nothing baked yet
    baked: list[int] = []
    warm = card_text.warm

    def counting(specs):
        specs = list(specs)
        baked.append(sum(1 for s in specs if not card_text.is_baked(s)))
        warm(specs)

    monkeypatch.setattr(card_text, "warm", counting)
    view = PlayView(app, new_match("normal", 3))
    view.hint_sync = True
    window.show_view(view)
    assert view.preparing
    assert sum(baked) == 0  # showing it baked nothing
    frames = 0
    while view.preparing:
        step(window)
        frames += 1
        assert frames < 100
        assert all(n <= play.BAKE_STEP for n in baked)  # each unit is small
    first = sum(baked)
    # the board's first frame needs its cards' and counters' texts: a few dozen, against the
    # 530-odd every card of the content may ever show (baked before, all at once)
    assert 0 < first <= 40
    assert len(view.cards) == 4 and view.background_work
    frames = 0
    while view.background_work:  # nothing moves: the rest, at most BAKE_STEP units a frame
        before = len(baked)
        step(window)
        frames += 1
        assert len(baked) - before <= play.BAKE_STEP and all(n <= 1 for n in baked[before:])
        assert frames < 2000
    assert sum(baked) - first > 400 and frames >= (sum(baked) - first) / play.BAKE_STEP
    img = screenshot(window)
    assert theme.TABLE[:3] in region_colors(img, arcade.LBWH(2, 300, 6, 6), inset=0)
    view.close()
    window.show_view(arcade.View())
