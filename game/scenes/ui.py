"""A UIManager that lays out and renders only on change, and blits only where its widgets are.

arcade's UIManager (3.3) does three costly things in every `draw()`, changed or not:

- it runs the whole layout pass (property look-ups through every widget: about 1 ms of CPU
  for a screen of a dozen widgets);
- it binds each layer's surface framebuffer to render the widgets that asked for it, and then
  samples the surface's texture for the blit: Mesa's llvmpipe waits for every pending draw of
  the frame before it samples a texture attached to a framebuffer (2-4 ms a frame);
- it draws each surface as one full-window blended textured quad, the most expensive single
  draw of a screen on a software rasterizer.

This manager lays out and renders only when a widget (or the manager: add, remove, clear,
resize) asked for a render, which every layout-relevant change does (a changed rect, text,
style, visibility or child list). After a render it copies the painted boxes into a plain
texture (no framebuffer's), and each frame it draws that copy only over the rectangles its
visible widgets paint (a panel with a background counts as one rectangle, its contents
included; overlapping rectangles are merged so no pixel is blended twice), as one mesh per
layer rebuilt only when the boxes change. A view that calls `prepare()` first in its frame
renders gui changes before its own drawing is queued. Rendering into the surface is arcade's.

*Private*: it calls `UIManager._do_layout`, `_do_render`, `_get_surface`, `_requires_render`
and `_render_to_surface_camera`, and reads the surface's `texture` (arcade 3.3.3, pinned);
tests/scenes/crawl/test_ui.py checks the pixels against the stock manager and
tests/scenes/test_draw_costs.py that nothing is laid out while nothing changes.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterator
from typing import Any

import arcade
import arcade.gui as gui
import pyglet.gl as gl
from arcade.gl import BufferDescription

from game.scenes.scale import fit_camera, view_size

PAD = 2  # pixels around each widget (hover borders, antialiased edges)
PLAIN_LAYOUTS = (gui.UIAnchorLayout, gui.UIBoxLayout, gui.UIGridLayout, gui.UILayout)
Box = tuple[int, int, int, int]  # left, bottom, right, top in whole pixels


def _has_background(widget: gui.UIWidget) -> bool:
    return (
        getattr(widget, "_bg_color", None) is not None
        or getattr(widget, "_bg_tex", None) is not None
        or bool(getattr(widget, "_border_width", 0))
    )  # fmt: skip


def widget_areas(widget: gui.UIWidget) -> Iterator[arcade.types.Rect]:
    """The rectangles a widget tree paints: drawn widgets, not the empty layouts around them."""
    if not widget.visible:
        return
    if isinstance(widget, gui.UISpace):
        return
    # only plain layouts are see-through (buttons are anchor layouts around their label)
    if type(widget) in PLAIN_LAYOUTS and not _has_background(widget):
        for child in widget.children:
            yield from widget_areas(child)
        return
    yield widget.rect


def _box(rect: arcade.types.Rect) -> Box:
    return (int(rect.left) - PAD, int(rect.bottom) - PAD,
            int(rect.right) + PAD + 1, int(rect.top) + PAD + 1)


def merge_boxes(boxes: list[Box]) -> list[Box]:
    """Boxes with every overlapping pair replaced by their bounding box (so no pixel is drawn
    twice: the surface is blended, and blending a half-transparent pixel twice darkens it)."""
    out = list(boxes)
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    out[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    return sorted(out)


class _LayerBlit:
    """The painted boxes of one layer as one mesh of textured quads over its surface."""

    def __init__(self, ctx: Any, boxes: list[Box], size: tuple[int, int]) -> None:
        self.boxes = boxes
        self.size = size
        w, h = size
        data = array("f")
        for left, bottom, right, top in boxes:
            left, bottom = max(0, left), max(0, bottom)
            right, top = min(w, right), min(h, top)
            if right <= left or top <= bottom:
                continue
            u0, v0, u1, v1 = left / w, bottom / h, right / w, top / h
            for x, y, u, v in ((left, bottom, u0, v0), (right, bottom, u1, v0),
                               (left, top, u0, v1), (left, top, u0, v1),
                               (right, bottom, u1, v0), (right, top, u1, v1)):
                data.extend((x, y, 0.0, u, v))
        self.vertices = len(data) // 5
        self.geometry = None
        if self.vertices:
            buffer = ctx.buffer(data=data)
            self.geometry = ctx.geometry(
                [BufferDescription(buffer, "3f 2f", ["in_pos", "in_uv"])],
                mode=ctx.TRIANGLES,
            )


class ScaledUIManager(gui.UIManager):
    """arcade's UIManager in logical pixels (game.scenes.scale): its surfaces have the
    window's logical size at the window's pixel ratio (so widgets render at the physical
    resolution), its cameras project the logical size, and its rect is the logical window.
    The stock manager reads `Window.get_size()` and `Camera2D.match_window()`, which are
    physical. The mouse reaches it already in logical pixels (`ScaledWindow`).

    *Private*: it wraps `UIManager._get_surface` (arcade 3.3.3) to size each new surface."""

    def __init__(self, window: arcade.Window | None = None) -> None:
        super().__init__(window)
        self._size: tuple[int, int] | None = None  # the last on_resize's, else the window's
        self._fit_cameras()

    @property
    def logical_size(self) -> tuple[int, int]:
        """The size the widgets lay out in: what the last `on_resize` reported (logical,
        from `ScaledWindow`), else the window's logical size."""
        return self._size if self._size is not None else view_size(self.window)

    def _fit_cameras(self) -> None:
        size = self.logical_size
        for camera in (self.camera, self._render_to_surface_camera):
            fit_camera(camera, self.window, position=True, size=size)

    def _get_surface(self, layer: int) -> Any:
        surface = super()._get_surface(layer)
        surface.resize(size=self.logical_size, pixel_ratio=self.window.get_pixel_ratio())
        return surface

    def on_resize(self, width: int, height: int) -> None:
        """A new window size or UI scale: cameras, surfaces and a render for the new size."""
        self._size = (int(width), int(height))
        self._fit_cameras()
        for layer in list(self.children.keys()):
            self._get_surface(layer)
        self.trigger_render()

    @property
    def rect(self) -> arcade.types.Rect:
        """The logical window."""
        return arcade.LBWH(0, 0, *self.logical_size)


class TightUIManager(ScaledUIManager):
    """Same widgets, same rendering; layout and rendering only on change, and each surface
    drawn only under the widgets (one mesh per layer, rewritten only when the boxes change:
    rewriting a vertex buffer that a pending draw still uses stalls the software rasterizer)."""

    def __init__(self, window: arcade.Window | None = None) -> None:
        super().__init__(window)
        self._blits: dict[int, _LayerBlit | None] = {}
        self._program: Any = None
        self._layout_pending = False  # one layout pass next frame (see _settle_render_flags)
        self._copies: dict[int, Any] = {}  # plain copies of the surfaces, sampled by the blit
        self._copy_ok = True
        self._prepared = False  # prepare() ran in this frame, before draw()
        self.layout_count = 0  # layout passes run (tests: none while nothing changes)

    def areas(self, layer: int = 0) -> list[arcade.types.Rect]:
        """The rectangles the widgets of a layer paint (plain layouts excluded)."""
        rects = []
        for child in self.children.get(layer, []):
            rects.extend(r for r in widget_areas(child) if r.width > 0 and r.height > 0)
        return rects

    def boxes(self, layer: int = 0) -> list[Box]:
        """The padded, merged pixel boxes a layer's surface is drawn over."""
        return merge_boxes([_box(r) for r in self.areas(layer)])

    def area(self, layer: int = 0) -> arcade.types.Rect | None:
        """The bounding box of a layer's painted rectangles, padded, in whole pixels."""
        boxes = self.boxes(layer)
        if not boxes:
            return None
        left, bottom = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, top = max(b[2] for b in boxes), max(b[3] for b in boxes)
        return arcade.LBWH(left, bottom, right - left, top - bottom)

    def _flagged(self) -> list[gui.UIWidget]:
        """The widgets that asked for a render."""
        out = []
        for layer in self.children.values():
            stack = list(layer)
            while stack:
                widget = stack.pop()
                if widget._requires_render:
                    out.append(widget)
                stack.extend(widget.children)
        return out

    def needs_update(self) -> bool:
        """True when the manager or any widget asked for a render (so layout may change)."""
        return self._layout_pending or self._requires_render or bool(self._flagged())

    def _sizes(self) -> list[tuple[object, object]]:
        """What layout reads from each widget: its minimum size hint and its size."""
        return [(w.size_hint_min, w.rect.size) for w in self.walk_widgets(layer=None)]

    def _settle_render_flags(self, sizes: list[tuple[object, object]]) -> None:
        """Drop the flags a render pass raised on see-through ancestors only.

        A button applies its state's font colour to its label while it renders; the label then
        asks every ancestor up to the manager for a full render (it has no background of its
        own), although the button just repainted its whole rectangle, label included. Left
        alone, every hover or enable change would cost a second, full render next frame. When
        only plain layouts (which paint nothing) and the manager are flagged, the flags go;
        if the render changed a size (`sizes`, taken before it), layout runs next frame, and
        a widget it moves is rendered again then.
        """
        flagged = self._flagged()
        if not self._requires_render and not flagged:
            return
        if all(type(w) in PLAIN_LAYOUTS and not _has_background(w) for w in flagged):
            for widget in flagged:
                widget._requires_render = False
            self._requires_render = False
            self._layout_pending = self._sizes() != sizes

    def execute_layout(self) -> None:
        self.layout_count += 1
        super().execute_layout()

    def prepare(self) -> None:
        """Lay out, render and copy what changed. `draw` does it too, but a view that calls
        this first in its frame, before drawing anything else, keeps the framebuffer switch
        and the copy from waiting for the rest of the frame to be rasterized."""
        ctx = self.window.ctx
        self._prepared = True
        if self.needs_update():
            self._layout_pending = False
            self.execute_layout()
            rendered = False
            if self._requires_render or self._flagged():
                sizes = self._sizes()
                with ctx.enabled(ctx.BLEND), self._render_to_surface_camera.activate():
                    self._do_render()
                self._settle_render_flags(sizes)
                rendered = True
            self._update_blits(rendered)

    def draw(self, **kwargs: object) -> None:
        ctx = self.window.ctx
        if not self._prepared:
            self.prepare()
        self._prepared = False  # the next frame prepares again
        if self._program is None:
            self._program = ctx.load_program(
                vertex_shader=":system:shaders/gui/surface_vs.glsl",
                fragment_shader=":system:shaders/gui/surface_fs.glsl",
            )
        with self.camera.activate(), ctx.enabled(ctx.BLEND):
            blend = ctx.blend_func
            ctx.blend_func = ctx.BLEND_DEFAULT
            try:
                for layer in sorted(self.children.keys()):
                    blit = self._blits.get(layer)
                    if blit is None or blit.geometry is None:
                        continue
                    texture = self._copies.get(layer) or self._get_surface(layer).texture
                    texture.use(0)
                    blit.geometry.render(self._program, vertices=blit.vertices)
            finally:
                ctx.blend_func = blend

    def _update_blits(self, rendered: bool) -> None:
        """Rebuild the meshes whose boxes changed; after a render, copy the painted boxes."""
        ctx = self.window.ctx
        for layer in list(self._blits):
            if layer not in self.children:
                del self._blits[layer]
                self._copies.pop(layer, None)
        for layer in self.children:
            surface = self._get_surface(layer)
            boxes = self.boxes(layer)
            size = surface.size
            old = self._blits.get(layer)
            if old is None or old.boxes != boxes or old.size != size:
                self._blits[layer] = _LayerBlit(ctx, boxes, size) if boxes else None
            if rendered or old is None or old.boxes != boxes:
                self._copy(layer, surface, boxes)

    def _copy(self, layer: int, surface: Any, boxes: list[Box]) -> None:
        """Copy the painted boxes of a surface into a texture that is no framebuffer's.

        Mesa's llvmpipe waits for every pending draw of the frame before it samples a texture
        that is attached to a framebuffer, so a blit straight from the surface stalls the frame
        (2-4 ms); sampling a plain copy does not. Only the boxes are copied, and only when the
        widgets were rendered. Where the copy is not available (GL before 4.3) the surface is
        sampled directly.
        """
        ctx = self.window.ctx
        src = surface.texture
        dst = self._copies.get(layer)
        if not self._copy_ok:
            return
        if dst is None or dst.size != src.size:
            dst = ctx.texture(src.size, components=4)
            # the quads are pixel-aligned and unscaled: nearest sampling reads the same texels
            # as linear, and a software rasterizer fills it about a third faster
            dst.filter = ctx.NEAREST, ctx.NEAREST
            self._copies[layer] = dst
        ratio = surface.pixel_ratio
        w, h = src.size
        try:
            for left, bottom, right, top in boxes:
                x0, y0 = max(0, int(left * ratio)), max(0, int(bottom * ratio))
                x1, y1 = min(w, math.ceil(right * ratio)), min(h, math.ceil(top * ratio))
                if x1 > x0 and y1 > y0:
                    gl.glCopyImageSubData(src.glo, gl.GL_TEXTURE_2D, 0, x0, y0, 0,
                                          dst.glo, gl.GL_TEXTURE_2D, 0, x0, y0, 0,
                                          x1 - x0, y1 - y0, 1)
        except Exception:  # no ARB_copy_image: sample the surface itself
            self._copy_ok = False
            self._copies.clear()
