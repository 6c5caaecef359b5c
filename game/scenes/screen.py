"""A colour-only clear of the window, for every screen's first draw call of a frame.

The window's default framebuffer has a 24-bit depth and 8-bit stencil buffer (pyglet's default
config), and `Window.clear()` clears them along with the colour. No screen draws with depth or
stencil tests, and on Mesa's llvmpipe the depth-stencil clear cost twice the colour clear:
about 6 ms of CPU a frame against 2 ms for colour alone at 1280 x 720 (single-threaded
rasterizer, measured on a 2-core CI-class machine).
"""

from __future__ import annotations

import arcade
import pyglet.gl as gl
from arcade.types import Color, RGBOrA255


def clear_color(window: arcade.Window, color: RGBOrA255 | None = None) -> None:
    """Fill the whole window with `color` (default: the window's background colour),
    leaving depth and stencil alone, as `Window.clear()` does otherwise."""
    c = Color.from_iterable(color if color is not None else window.background_color)
    screen = window.ctx.screen
    with screen.activate():
        scissor = screen.scissor
        screen.scissor = None  # the whole window
        gl.glClearColor(c.r / 255, c.g / 255, c.b / 255, c.a / 255)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        screen.scissor = scissor


class ColorClear:
    """View mixin: `clear()` fills the colour only (see `clear_color`). Put it before
    `arcade.View` (or `gui.UIView`) in the bases."""

    window: arcade.Window
    background_color: Color | None

    def clear(
        self,
        color: RGBOrA255 | None = None,
        color_normalized: tuple[float, ...] | None = None,
        viewport: tuple[int, int, int, int] | None = None,
    ) -> None:
        if color_normalized is not None or viewport is not None:
            super().clear(color, color_normalized, viewport)  # type: ignore[misc]
            return
        clear_color(self.window, color if color is not None else self.background_color)


def draw_opaque(shapes: arcade.shape_list.ShapeElementList) -> None:
    """Draw opaque geometry with blending off: a software rasterizer then writes each pixel
    without reading it back. (`ShapeElementList(blend=False)` only skips turning it on.)"""
    with shapes.ctx.enabled_only():
        shapes.draw()
