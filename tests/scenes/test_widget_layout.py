"""No two clickable widgets overlap, every button's text fits its button with room to spare,
and every screen grows with the UI scale (the polish pass after issue 27).

Every screen of `game.scenes.gallery` is built once (building is the cost), shown at 960x600
and then at 1920x1080, and laid out again at each UI scale the setting offers that the window
does not clamp to another one (960x600 shows 0.75x and 1x; 1920x1080 all six, 2x as 1.8x).
At each scale:

- every clickable gui widget that shows (buttons, toggles, sliders, fields) lies inside the
  window, and no two of them share more than a pixel's rounding (a click on one must not land
  on the other, nor may one cover the other's label);
- every button's text clears the button's 2 px hover border by 4 px on both sides
  (`theme.BUTTON_TEXT_MARGIN`): a text closer to the edge reads as cut off (issue: "Undo (Ctrl+Z)"
  at 960x600) once the hover border is drawn over it or another renderer's hinting widens it.

On 1920x1080, against 1x, measured in physical pixels (logical size times the window's pixel
ratio): above 1x every button that shows at both is no shorter and every gui text's font no
smaller (below 1x, no larger); and the board (conquest's hexes, strike's tiles, kingdom's and
crawl's cards: `board_size`) keeps at least `BOARD_KEEPS` of its 1x size up to 1.5x (the
panels around it grow and take room; above 1.5x it may give way, as the screens' docs say).
Texts inside their boxes are tests/scenes/test_text_extents.py's job.
"""

from __future__ import annotations

from typing import Any

import arcade.gui as gui
import pytest

from game.scenes import gallery, theme
from game.scenes.scale import effective_scale, view_size
from game.scenes.settings import UI_SCALES

SIZES = ((960, 600), (1920, 1080))
SLACK = 1.5  # pixels: rounding of the layout
BOARD_KEEPS = 0.8  # of the board's 1x physical size, up to `BOARD_UP_TO`
BOARD_UP_TO = 1.5

SCREENS = list(gallery.screens())


@pytest.fixture
def app(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    return App(window, settings=Settings(animation_speed="instant", sound_on=False))


def sized(window: Any, size: tuple[int, int]) -> None:
    """Make the shared headless window report `size` (see tests/scenes/test_readable.py)."""
    window._width, window._height = size
    window.dispatch_event("on_resize", *size)


def scales_for(size: tuple[int, int]) -> list[float]:
    """The UI scales that lay a window of this size out differently (one per effective scale,
    in increasing order)."""
    seen: dict[float, float] = {}
    for s in UI_SCALES:
        seen.setdefault(effective_scale(s, *size), s)
    return list(seen.values())


def laid_out(view: Any) -> None:
    """The gui laid out and rendered for the window as it is now, as the next frame would
    (a button's style, its font, applies when it renders); the frame itself is not drawn."""
    ui = getattr(view, "ui", None)
    if ui is None:
        return
    prepare = getattr(ui, "prepare", None)  # TightUIManager: layout and render only
    if prepare is not None:
        prepare()
    else:
        ui.execute_layout()
        ui._do_render()


def showing(widget: gui.UIWidget) -> bool:
    """The widget and every box that holds it are visible."""
    while isinstance(widget, gui.UIWidget):
        if not widget.visible:
            return False
        widget = widget.parent
    return True


def clickables(view: Any) -> list[gui.UIWidget]:
    ui = getattr(view, "ui", None)
    if ui is None:
        return []
    return [w for w in ui.walk_widgets()
            if isinstance(w, (gui.UIInteractiveWidget, gui.UIInputText, gui.UISlider))
            and showing(w) and w.rect.width > 0 and w.rect.height > 0]


def name_of(widget: gui.UIWidget) -> str:
    text = getattr(widget, "text", "")
    r = widget.rect
    return (f"{type(widget).__name__} {str(text)[:30]!r} at "
            f"({r.left:.0f}, {r.bottom:.0f}, {r.width:.0f}x{r.height:.0f})")


def within(inner: gui.UIWidget, outer: gui.UIWidget) -> bool:
    parent = inner.parent
    while isinstance(parent, gui.UIWidget):
        if parent is outer:
            return True
        parent = parent.parent
    return False


def problems(view: Any, size: tuple[int, int]) -> list[str]:
    """Clickable widgets outside the window or over one another, button texts cramped."""
    width, height = size
    widgets = clickables(view)
    out: list[str] = []
    for i, a in enumerate(widgets):
        r = a.rect
        if (r.left < -SLACK or r.bottom < -SLACK or r.right > width + SLACK
                or r.top > height + SLACK):
            out.append(f"{name_of(a)}: outside the {width}x{height} window")
        label = getattr(a, "_label", None)
        if isinstance(a, gui.UIFlatButton) and label is not None and str(a.text).strip():
            text = label._label
            if text.content_width + 2 * theme.BUTTON_TEXT_MARGIN > r.width + SLACK:
                out.append(f"{name_of(a)}: text {text.content_width:.0f} px wide leaves less "
                           f"than {theme.BUTTON_TEXT_MARGIN} px each side")
            if text.content_height > r.height + SLACK:
                out.append(f"{name_of(a)}: text {text.content_height:.0f} px tall")
        for b in widgets[i + 1:]:
            if within(a, b) or within(b, a):
                continue
            q = b.rect
            across = min(r.right, q.right) - max(r.left, q.left)
            up = min(r.top, q.top) - max(r.bottom, q.bottom)
            if across > SLACK and up > SLACK:
                out.append(f"{name_of(a)} overlaps {name_of(b)}")
    return out


def board_size(view: Any) -> float | None:
    """The board's unit in logical pixels: a conquest hex, a strike tile, a kingdom or crawl
    card (None on a screen without a board)."""
    grid = getattr(view, "grid", None)
    if grid is not None and hasattr(grid, "size"):
        return float(grid.size)
    tile = getattr(view, "tile", None)
    if isinstance(tile, (int, float)) and not isinstance(tile, bool):
        return float(tile)
    lay = getattr(view, "lay", None)
    card_w = getattr(lay, "card_w", None)
    return float(card_w) if card_w is not None else None


def measures(view: Any, ratio: float) -> dict[str, float]:
    """Physical sizes to compare between scales: each button's height and text, each gui
    text's font, the board."""
    out: dict[str, float] = {}
    ui = getattr(view, "ui", None)
    for w in ui.walk_widgets() if ui is not None else ():
        if not showing(w):
            continue
        if isinstance(w, gui.UIFlatButton):
            out[f"button {w.text!r} height"] = w.rect.height * ratio
        label = getattr(w, "_label", None)
        text = label if isinstance(w, gui.UILabel) else getattr(label, "_label", None)
        if text is not None and str(text.text).strip():
            key = f"{type(w).__name__} {str(text.text)[:30]!r} font"
            out[key] = min(out.get(key, 1e9), text.font_size * ratio)
    board = board_size(view)
    if board is not None:
        out["board"] = board * ratio
    return out


def shrunk(seen: dict[float, dict[str, float]]) -> list[str]:
    """What is smaller above 1x than at 1x (or larger below it), and a board under
    `BOARD_KEEPS` of its 1x size up to `BOARD_UP_TO`."""
    out: list[str] = []
    one = seen.get(1.0, {})
    for scale, sizes in sorted(seen.items()):
        for key, size in sizes.items():
            base = one.get(key)
            if base is None or scale == 1.0:
                continue
            if key == "board":
                if 1.0 < scale <= BOARD_UP_TO and size < BOARD_KEEPS * base - 0.5:
                    out.append(f"board: {size:.1f} px at {scale:g}x, under "
                               f"{BOARD_KEEPS:.0%} of its {base:.1f} px at 1x")
            elif (size < base - 0.5) if scale > 1.0 else (size > base + 0.5):
                out.append(f"{key}: {size:.1f} px at {scale:g}x, {base:.1f} at 1x")
    return out


def steps() -> list[tuple[tuple[int, int], float]]:
    """(size, scale) in an order where each step changes one of them, so that each is one
    layout: 960x600 at 1x (the first show), at 0.75x; 1920x1080 at 0.75x, then upwards."""
    small, big = SIZES
    return ([(small, s) for s in sorted(scales_for(small), reverse=True)]
            + [(big, s) for s in scales_for(big)])


@pytest.mark.parametrize("screen", SCREENS, ids=[s.name for s in SCREENS])
@pytest.mark.slow
def test_no_widget_overlaps_or_cramps_its_text_and_the_screen_grows_with_the_scale(
        window, app, screen):
    """One build of the screen (building and the first layout are the cost): shown fresh at
    960x600 at 1x, where the reports were, then one layout per step (`steps`): the scale
    changes, or the window grows to 1920x1080 as a player's would. The view is hidden before
    the size and the scale are put back (no layout for them)."""
    found: list[str] = []
    old = (window._width, window._height)
    seen: dict[float, dict[str, float]] = {}
    sized(window, SIZES[0])  # no view shows yet: nothing lays out
    view = screen.build(app)
    try:
        window.show_view(view)
        for size, scale in steps():
            if (window._width, window._height) != size:
                sized(window, size)
            if window.ui_scale_wanted != scale:
                window.set_ui_scale(scale)
            shown = window.current_view
            laid_out(shown)
            where = f"{size[0]}x{size[1]}@{scale:g}x"
            found += [f"{where} {p}" for p in problems(shown, view_size(window))]
            if size == SIZES[1]:
                seen[window.ui_scale] = measures(shown, window.get_pixel_ratio())
        found += [f"{SIZES[1][0]}x{SIZES[1][1]} {p}" for p in shrunk(seen)]
    finally:
        window.hide_view()
        gallery.close(view)
        window.set_ui_scale(1.0)
        sized(window, old)
    assert not found, "\n".join(found)
