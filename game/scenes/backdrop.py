"""A screen's unchanging bottom layers, drawn once and copied to the window every frame.

On Mesa's llvmpipe a frame's cost is mostly fill: every blended pixel of every layer is read,
mixed and written by the CPU. Kingdom's end screen draws the two final boards, their texts, a
full-window shade and the result panel (about 12 ms of CPU a frame at 1280 x 720), though none
of it changes while the mouse hovers its buttons. A `Backdrop` draws such layers into an
offscreen framebuffer of the window's size when what they show changes (the caller's `key`),
and otherwise copies that framebuffer to the window (`Context.copy_framebuffer`,
`glBlitFramebuffer`), in place of the clear and the layers. The copy is itself a full-window
fill on llvmpipe, so it pays only where the cached layers cost more than one: on kingdom's
match view, whose shapes cover less of the window and whose cards move, it cost 1-2 ms a frame
more than it saved. Measured in docs/kingdom-screens.md "Benchmarks".

The copy needs the window's framebuffer without multisampling (the App opens it with
`antialiasing=False`) and of the offscreen one's size, which `draw` keeps in step.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import arcade
from arcade.types import Color


class Backdrop:
    """The bottom layers of one screen, cached in an offscreen framebuffer."""

    def __init__(self) -> None:
        self._fbo: arcade.gl.Framebuffer | None = None
        self._camera: arcade.Camera2D | None = None
        self._key: Hashable = None
        self.paints = 0  # how many times the layers were drawn (tests)

    def draw(self, window: arcade.Window, key: Hashable, colour: Color,
             paint: Callable[[], None]) -> None:
        """Put the layers on the window: repaint them (on `colour`) when `key` differs from
        the last frame's, else copy the cached picture. `paint` draws in window coordinates."""
        ctx = window.ctx
        size = window.get_framebuffer_size()
        if self._fbo is None or self._fbo.size != size:
            self._fbo = ctx.framebuffer(color_attachments=[ctx.texture(size, components=4)])
            self._key = None
        ratio = window.get_pixel_ratio()  # the window's units (logical, at a UI scale)
        width, height = size[0] / ratio, size[1] / ratio  # as the default camera projects
        key = (key, width, height)
        if key != self._key:
            self._camera = arcade.Camera2D(
                viewport=arcade.LBWH(0, 0, *size), position=(width / 2, height / 2),
                projection=arcade.LRBT(-width / 2, width / 2, -height / 2, height / 2),
                render_target=self._fbo)
            with self._camera.activate():
                self._fbo.clear(color=colour)
                paint()
            self._key = key
            self.paints += 1
        ctx.copy_framebuffer(self._fbo, ctx.screen, depth=False)
        ctx.active_framebuffer.use(force=True)  # the blit left its source bound for reading

    def forget(self) -> None:
        """Repaint on the next frame (what the layers show changed in place)."""
        self._key = None

    def release(self) -> None:
        """Free the framebuffer (the screen is gone)."""
        self._fbo = None
        self._camera = None
        self._key = None
