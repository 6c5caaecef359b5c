"""A UIManager that blits its surface only where its widgets are.

arcade's UIManager renders the widgets into a window-sized surface (re-rendered only when a
widget changes) and then draws that whole surface every frame: one full-window blended quad,
the single most expensive draw of a screen on a software rasterizer (llvmpipe fills about a
million pixels per pass). The crawl screens have a button bar and a few panels, so this manager
draws only the rectangles of its visible widgets (a panel with a background counts as one
rectangle, its contents included). Rendering into the surface is unchanged.

*Private*: it calls `UIManager._do_render`, `_get_surface` and `_render_to_surface_camera`
(arcade 3.3.3, pinned); tests/scenes/crawl/test_ui.py checks the pixels against the stock
manager.
"""

from __future__ import annotations

from collections.abc import Iterator

import arcade
import arcade.gui as gui

PAD = 2  # pixels around each widget (hover borders, antialiased edges)
PLAIN_LAYOUTS = (gui.UIAnchorLayout, gui.UIBoxLayout, gui.UIGridLayout, gui.UILayout)


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


class TightUIManager(gui.UIManager):
    """Same widgets, same rendering; the surface is drawn only over the widgets' bounding box.

    One box per layer, not one per widget: the surface's quad is rewritten only when the box
    changes, because rewriting a vertex buffer that a pending draw still uses stalls the
    software rasterizer (a stall per widget cost more than the whole full-window blit).
    """

    def areas(self, layer: int = 0) -> list[arcade.types.Rect]:
        """The rectangles the widgets of a layer paint (plain layouts excluded)."""
        rects = []
        for child in self.children.get(layer, []):
            rects.extend(r for r in widget_areas(child) if r.width > 0 and r.height > 0)
        return rects

    def area(self, layer: int = 0) -> arcade.types.Rect | None:
        """The bounding box of a layer's painted rectangles, padded, in whole pixels."""
        rects = self.areas(layer)
        if not rects:
            return None
        left = int(min(r.left for r in rects)) - PAD
        bottom = int(min(r.bottom for r in rects)) - PAD
        right = int(max(r.right for r in rects)) + PAD + 1
        top = int(max(r.top for r in rects)) + PAD + 1
        return arcade.LBWH(left, bottom, right - left, top - bottom)

    def draw(self, **kwargs: object) -> None:
        self.execute_layout()
        ctx = self.window.ctx
        with ctx.enabled(ctx.BLEND), self._render_to_surface_camera.activate():
            self._do_render()
        with self.camera.activate(), ctx.enabled(ctx.BLEND):
            for layer in sorted(self.children.keys()):
                area = self.area(layer)
                if area is not None:
                    self._get_surface(layer).draw(area=area)
