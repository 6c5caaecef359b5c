"""The UI scale: every screen lays out and draws in logical pixels, the window maps them.

A scale `s` (Settings > UI scale, 0.75x to 2x) makes the window behave like a HiDPI window
whose pixel ratio is `s`: arcade already works in "window units" times a pixel ratio (the
screen framebuffer's viewport and scissor setters multiply by `Window.get_pixel_ratio()`,
the default camera and every `Camera2D` project the viewport in those units, `arcade.gui`
surfaces render at the ratio), so `ScaledWindow.get_pixel_ratio()` returns the platform's
ratio times `s` and everything drawn in logical units fills the physical window, rendered at
the physical resolution (shapes, sprites and gui surfaces; see docs/architecture.md, "UI
scale", for texts). Input is mapped back in one place: `ScaledWindow.dispatch_event` divides
the mouse coordinates by `s` and hands `on_resize` the logical size, before any view, gui
manager or section sees them.

pyglet's `Window.width` / `height` / `get_size()` stay physical (pyglet's own event code flips
mouse y and restores the windowed size with them), so screens read their size through
`view_size(window)`, never `window.width` directly, and a camera that should cover the window
uses `fit_camera` instead of `Camera2D.match_window` (which reads the physical size).

The effective scale never makes the logical window smaller than the minimum layout size
(`MIN_LAYOUT`, the window's minimum size): 2x on a 1280x800 window gives 1.33x, the largest
that still lays out; below 1x nothing is clamped (the logical window only grows).
"""

from __future__ import annotations

from typing import Any

import arcade

from game.scenes.settings import UI_SCALES

__all__ = ["UI_SCALES", "MIN_LAYOUT", "ScaledWindow", "effective_scale", "fit_camera",
           "view_size"]

MIN_LAYOUT = (960, 600)  # the smallest logical size a screen lays out for (the window minimum)

MOUSE_XY = frozenset({
    "on_mouse_motion", "on_mouse_press", "on_mouse_release", "on_mouse_drag",
    "on_mouse_scroll", "on_mouse_enter", "on_mouse_leave",
})  # fmt: skip
MOUSE_DXDY = frozenset({"on_mouse_motion", "on_mouse_drag"})


def effective_scale(requested: float, width: int, height: int) -> float:
    """The scale used for a window of this physical size: the requested one, lowered so the
    logical size stays at least `MIN_LAYOUT` (never below 1x for that: a window smaller than
    the minimum at 1x lays out as before)."""
    fit = min(width / MIN_LAYOUT[0], height / MIN_LAYOUT[1])
    if requested <= 1.0 or requested <= fit:
        return float(requested)
    return max(1.0, fit)


def scale_of(window: Any) -> float:
    """The effective UI scale of a window (1.0 for a window that does not scale)."""
    return float(getattr(window, "ui_scale", 1.0))


def logical(window: Any, width: float, height: float) -> tuple[int, int]:
    """A physical size in logical pixels of this window (whole pixels, rounded down)."""
    s = scale_of(window)
    if s == 1.0:
        return int(width), int(height)
    return int(width / s + 1e-6), int(height / s + 1e-6)


def view_size(window: Any) -> tuple[int, int]:
    """The size screens lay out for: the window's size in logical pixels."""
    return logical(window, window.width, window.height)


def fit_camera(camera: arcade.Camera2D, window: Any, position: bool = False,
               size: tuple[int, int] | None = None) -> None:
    """`Camera2D.match_window` in logical pixels: viewport and projection cover the window,
    or `size` logical pixels of it (`position`: put (0, 0) at the bottom left)."""
    camera.update_values(arcade.LBWH(0, 0, *(size or view_size(window))), viewport=True,
                         projection=True, scissor=True, position=position)


class ScaledWindow(arcade.Window):
    """An arcade Window with a UI scale: logical pixels for views, physical for the screen."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.ui_scale = 1.0  # effective (see `effective_scale`); before super(): events
        self.ui_scale_wanted = 1.0  # what the player chose
        super().__init__(*args, **kwargs)

    def get_pixel_ratio(self) -> float:
        """Physical pixels per logical pixel: the platform's ratio times the UI scale."""
        return float(super().get_pixel_ratio()) * self.ui_scale

    def set_ui_scale(self, wanted: float) -> None:
        """Apply a UI scale now: every handler (views, gui managers) gets `on_resize` with the
        new logical size, so the screens lay out again."""
        self.ui_scale_wanted = float(wanted)
        self._refit(self.width, self.height, force=False)

    def _refit(self, width: int, height: int, force: bool) -> None:
        scale = effective_scale(self.ui_scale_wanted, width, height)
        if scale == self.ui_scale and not force:
            return
        self.ui_scale = scale
        if force:
            return
        self.dispatch_event("on_resize", width, height)

    def dispatch_event(self, *args: Any) -> Any:
        if args:
            name = args[0]
            if name == "on_resize" and len(args) == 3:
                self._refit(args[1], args[2], force=True)
                args = (name, *logical(self, args[1], args[2]))
            elif name in MOUSE_XY and self.ui_scale != 1.0:
                s = self.ui_scale
                values = list(args)
                values[1], values[2] = values[1] / s, values[2] / s
                if name in MOUSE_DXDY:
                    values[3], values[4] = values[3] / s, values[4] / s
                args = tuple(values)
        return super().dispatch_event(*args)
