"""Render on demand: a window that draws a frame only when something on it changed.

arcade's loop (3.3) draws the current view at every tick of its update clock, 60 times a
second, whether or not anything changed; on Mesa's llvmpipe a frame of the crawl board costs
about 9 ms of CPU, so a screen nobody touches burnt 40 % of a core. pyglet documents the fix:
`Window.invalid` is "the window display contents validity" flag, which a program that manages
its own invalidation sets when an event requires a redraw. arcade's loop ignores it (it calls
`Window.draw(dt)` from its frame clock unconditionally), so `OnDemandWindow.draw` honours it:

- every input event (mouse, keys, text, scroll, enter/leave), resize, expose, activation and
  `show_view` set `invalid` (`INPUT_EVENTS`): the next tick draws;
- a view sets it from its `on_update` while something moves by itself (tweens, particles, a
  toast, a CPU's thinking spinner) and once more when that ends; `GameViewBase` does this for
  every game screen from `is_animating()` (docs/architecture.md, "Render on demand");
- anything else that changes the picture outside input (a worker's answer, a timer) calls
  `request_redraw()`.

A skipped tick swaps no buffers, so the last frame stays on the screen. `on_update` still runs
at every tick, but arcade's gui walks every widget of a screen on each update (about 3 % of a
core for the menu's 56 widgets): after `IDLE_TICKS` ticks without a frame the loop slows to
`IDLE_RATE` with arcade's `Window.set_update_rate`, and input or a frame restores the normal
rate at once. A change that comes from no input (a CPU's answer, a toast's timer) then waits
at most a tenth of a second; timers and tweens run on dt, so they keep their pace. The test
harness dispatches `on_draw` itself and is not affected; `drawn` and `skipped` count frames
for tests and the idle benchmark.
"""

from __future__ import annotations

from typing import Any

import arcade

from game.scenes.scale import ScaledWindow

# Events after which the picture may differ: input, and what the window system reports.
INPUT_EVENTS = frozenset({
    "on_mouse_motion", "on_mouse_press", "on_mouse_release", "on_mouse_drag",
    "on_mouse_scroll", "on_mouse_enter", "on_mouse_leave", "on_key_press", "on_key_release",
    "on_text", "on_text_motion", "on_text_motion_select", "on_resize", "on_expose",
    "on_activate", "on_deactivate", "on_show",
})  # fmt: skip


IDLE_TICKS = 30  # ticks without a frame (half a second) before the loop slows down
IDLE_RATE = 1 / 10  # seconds between updates while nothing is drawn


def request_redraw(window: Any = None) -> None:
    """Ask for one more frame (a change that came from no input: a worker's answer, a timer).
    Safe without a window (tests build views before one shows them)."""
    if window is None:
        try:
            window = arcade.get_window()
        except RuntimeError:
            return
    window.invalid = True


def input_serial(window: Any) -> int:
    """How many input events the window has dispatched (0 for a window that does not count):
    a view compares it between frames to know whether the player did anything."""
    return int(getattr(window, "input_events", 0))


class OnDemandWindow(ScaledWindow):
    """An arcade Window whose loop skips the frames in which nothing changed (`invalid`);
    it also has the UI scale (game.scenes.scale)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.input_events = 0  # before super(): creating the window dispatches events
        self.drawn = 0
        self.skipped = 0
        self.active_rate = float(kwargs.get("update_rate", 1 / 60))
        self.update_rate = self.active_rate  # the rate the loop runs at now
        self._quiet_ticks = 0
        super().__init__(*args, **kwargs)
        self.invalid = True

    def _set_rate(self, rate: float) -> None:
        if rate != self.update_rate:
            self.update_rate = rate
            self.set_update_rate(rate)

    def dispatch_event(self, *args: Any) -> Any:
        if args and args[0] in INPUT_EVENTS:
            self.invalid = True
            self.input_events += 1
            self._quiet_ticks = 0
            self._set_rate(self.active_rate)
        return super().dispatch_event(*args)

    def show_view(self, new_view: arcade.View) -> None:
        super().show_view(new_view)
        self.invalid = True

    def draw(self, dt: float) -> None:
        """Draw and flip only when the picture is invalid; clear the flag first, so a change
        made while drawing asks for the next frame."""
        if not self.invalid:
            self.skipped += 1
            # a screen baking in its idle frames keeps the full rate until it is done
            if not getattr(self.current_view, "background_work", False):
                self._quiet_ticks += 1
            if self._quiet_ticks >= IDLE_TICKS:
                self._set_rate(IDLE_RATE)
            return
        self._quiet_ticks = 0
        self._set_rate(self.active_rate)
        self.invalid = False
        self.drawn += 1
        super().draw(dt)
