"""Render on demand (game.scenes.redraw, GameViewBase): a screen at rest draws no frame; input,
tweens, toasts, timers and decoration loops ask for frames, and loops settle when left alone."""

from __future__ import annotations

import arcade
import pytest

from game.scenes.animation import Wait
from game.scenes.base import QUIET_SECONDS, GameViewBase
from game.scenes.redraw import IDLE_RATE, IDLE_TICKS, OnDemandWindow, request_redraw

DT = 1 / 60


class CountingView(GameViewBase):
    """A game screen that counts its draws; `loops` turns a decoration loop on."""

    loops = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.draws = 0
        self.clock = 0.0

    def has_loops(self) -> bool:
        return self.loops

    def update_game(self, dt: float) -> None:
        if self.lively:
            self.clock += dt

    def draw_board(self) -> None:
        self.draws += 1


def tick(win: OnDemandWindow, n: int = 1) -> int:
    """Run n ticks of the real loop (update, then `Window.draw`, which may skip); returns how
    many of them drew."""
    before = win.drawn
    for _ in range(n):
        win.dispatch_event("on_update", DT)
        win.draw(DT)
    return win.drawn - before


@pytest.fixture
def view(window, app):
    assert isinstance(window, OnDemandWindow)
    v = CountingView(app)
    window.show_view(v)
    tick(window, 3)  # the first frame, then at rest
    yield v
    window.show_view(arcade.View())


def test_a_screen_at_rest_draws_nothing(window, view):
    draws = view.draws
    assert tick(window, 120) == 0
    assert view.draws == draws
    assert window.skipped >= 120


def test_input_draws_one_frame(window, view):
    draws = view.draws
    window.dispatch_event("on_mouse_motion", 10, 10, 1, 1)
    assert tick(window, 5) == 1
    assert view.draws == draws + 1
    window.dispatch_event("on_key_press", arcade.key.A, 0)
    window.dispatch_event("on_key_release", arcade.key.A, 0)
    assert tick(window, 5) == 1


def test_a_tween_draws_every_frame_it_runs_and_one_after(window, view):
    view.tweener.add(Wait(10 * DT))
    drawn = tick(window, 30)
    assert 10 <= drawn <= 12  # its frames, the frame where it ends, nothing after
    assert tick(window, 30) == 0


def test_an_instant_tween_still_draws_once(window, view, app):
    app.settings.animation_speed = "instant"
    try:
        view.tweener.add(Wait(1.0))  # finished inside add: no tween left to see
        assert len(view.tweener) == 0
        # added outside any input: the change counter shows it to the next update
        assert tick(window, 5) == 1
    finally:
        app.settings.animation_speed = "normal"


def test_a_toast_draws_until_it_is_gone(window, view):
    view.toast.show("Saved", "info", duration=0.5)
    drawn = tick(window, 60)
    assert 30 <= drawn <= 32
    assert not view.toast.visible
    assert tick(window, 30) == 0


def test_request_redraw_draws_one_frame(window, view):
    request_redraw(window)
    assert tick(window, 5) == 1
    view.request_redraw()
    assert tick(window, 5) == 1


def test_show_view_and_resize_draw(window, view):
    window.show_view(view)
    assert tick(window, 3) >= 1
    window.dispatch_event("on_resize", window.width, window.height)
    assert tick(window, 3) >= 1


def test_decoration_loops_run_while_lively_then_hold_still(window, view):
    view.loops = True
    window.dispatch_event("on_mouse_motion", 20, 20, 1, 1)
    frames = round(QUIET_SECONDS / DT)
    drawn = tick(window, frames + 30)
    assert frames - 2 <= drawn <= frames + 2  # QUIET_SECONDS of frames, then none
    clock = view.clock
    assert tick(window, 60) == 0
    assert view.clock == clock  # the loop's clock stopped: the last frame shown stays true
    window.dispatch_event("on_mouse_motion", 30, 30, 1, 1)  # the player is back
    assert tick(window, 10) == 10
    assert view.clock > clock


def test_the_harness_still_draws_every_stepped_frame(window, view):
    from game.scenes.harness import step

    draws = view.draws
    step(window, 4)
    assert view.draws == draws + 4


def test_the_loop_slows_down_at_rest_and_input_restores_it(window, view):
    window.dispatch_event("on_mouse_motion", 30, 30, 1, 1)
    assert tick(window, 1) == 1  # the frame of the input, then nothing to draw
    assert window.update_rate == window.active_rate == pytest.approx(1 / 60)
    tick(window, IDLE_TICKS - 1)
    assert window.update_rate == window.active_rate
    tick(window, 1)
    assert window.update_rate == IDLE_RATE  # half a second without a frame
    window.dispatch_event("on_mouse_motion", 40, 40, 1, 1)
    assert window.update_rate == window.active_rate  # at once, before the next tick
    tick(window, IDLE_TICKS + 5)
    assert window.update_rate == IDLE_RATE
    request_redraw(window)  # a change from no input: the next tick draws and speeds up
    assert tick(window, 1) == 1
    assert window.update_rate == window.active_rate


def test_background_work_keeps_the_full_rate(window, view, monkeypatch):
    monkeypatch.setattr(CountingView, "background_work", property(lambda self: True))
    window.dispatch_event("on_mouse_motion", 30, 30, 1, 1)
    assert tick(window, IDLE_TICKS * 2) == 1  # nothing to draw, but work to do each tick
    assert window.update_rate == window.active_rate
    monkeypatch.setattr(CountingView, "background_work", property(lambda self: False))
    tick(window, IDLE_TICKS)
    assert window.update_rate == IDLE_RATE
