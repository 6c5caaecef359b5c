"""No text outside its box at 960x600 and at 1920x1080 (issue 14, item 4), and at every UI
scale the setting offers (issue 27: 1920x1080 at 0.75x to 2x, which shows 1.8x there).

On every screen of `game.scenes.gallery`, every arcade.gui text widget (labels and buttons) is
measured: its text's laid-out extent must fit the widget, and the widget must lie inside the
widget that holds it (a game row of the menu, a panel, a bar). The toast that says where a
replay was saved must wrap inside its bubble and the window.

Texts a screen places itself (`arcade.Text` in one of its batches: board labels, HP numbers,
panel lines) must lie inside the window and inside the width they wrap to. Texts painted into
textures (strike and conquest card faces) are cut with "…" by their painter; their size is
checked in tests/scenes/test_readable.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import arcade
import arcade.gui as gui
import pyglet
import pytest

from game.scenes import gallery
from game.scenes.harness import step
from game.scenes.scale import effective_scale, view_size
from game.scenes.settings import UI_SCALES

SIZES = ((960, 600), (1920, 1080))
# (physical window size, UI scale): both sizes at 1x, then every other scale on the big one
CASES = [(size, 1.0) for size in SIZES] + [((1920, 1080), s) for s in UI_SCALES if s != 1.0]
CASE_IDS = [f"{w}x{h}" + ("" if s == 1.0 else f"@{s:g}x") for (w, h), s in CASES]
SLACK = 1.5  # pixels: rounding of the layout


@pytest.fixture
def app(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    return App(window, settings=Settings(animation_speed="instant", sound_on=False))


def sized(window, size):
    """Make the shared headless window report `size` (see tests/scenes/test_readable.py)."""
    window._width, window._height = size
    window.dispatch_event("on_resize", *size)


@contextmanager
def shown(window, app, screen, size, scale: float = 1.0) -> Iterator[Any]:
    """The screen built and shown on the window reporting `size` at the UI `scale`, two
    frames drawn; closed and the window's size and scale put back after."""
    old = (window._width, window._height)
    view = screen.build(app)
    try:
        sized(window, size)
        app.update_settings(ui_scale=scale)
        assert window.ui_scale == effective_scale(scale, *size)
        window.show_view(view)
        step(window, 2)
        yield window.current_view
    finally:
        gallery.close(view)
        app.update_settings(ui_scale=1.0)
        sized(window, old)


def text_of(widget: gui.UIWidget) -> Any:
    label = getattr(widget, "_label", None)  # UILabel / UITextWidget's arcade.Text
    if isinstance(widget, gui.UILabel):
        return widget._label
    if label is not None and hasattr(label, "_label"):
        return label._label
    return None


def problems(view: Any) -> list[str]:
    out: list[str] = []
    ui = getattr(view, "ui", None)
    if ui is None:
        return out
    for widget in ui.walk_widgets():
        text = text_of(widget)
        if text is None or not str(text.text).strip() or not widget.visible:
            continue
        r = widget.rect
        name = f"{type(widget).__name__} {str(text.text)[:30]!r}"
        if text.content_width > r.width + SLACK:
            out.append(f"{name}: text {text.content_width:.0f} px wide in {r.width:.0f}")
        if text.content_height > r.height + SLACK:
            out.append(f"{name}: text {text.content_height:.0f} px tall in {r.height:.0f}")
        parent = widget.parent
        while isinstance(parent, gui.UIWidget):  # inside every box that holds it
            p = parent.rect
            if p.width > 1 and (r.left < p.left - SLACK or r.right > p.right + SLACK
                                or r.bottom < p.bottom - SLACK or r.top > p.top + SLACK):
                out.append(f"{name}: outside its {type(parent).__name__}")
                break
            parent = parent.parent
    return out


SCREENS = list(gallery.screens())


@pytest.fixture
def created(monkeypatch) -> list[arcade.Text]:
    """Every arcade.Text made while the fixture is on, in order."""
    made: list[arcade.Text] = []
    init = arcade.Text.__init__

    def recording_init(self, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(arcade.Text, "__init__", recording_init)
    return made


def batches_of(view: Any) -> list[pyglet.graphics.Batch]:
    """The pyglet batches a screen draws its own texts with (attributes of the view)."""
    return [value for value in vars(view).values()
            if isinstance(value, pyglet.graphics.Batch)]


def outside_window(view: Any, texts: list[arcade.Text], size: tuple[int, int]) -> list[str]:
    """Self-drawn texts (in one of the view's batches) that are shown and leave the window, or
    overflow the width they wrap to."""
    width, height = size
    drawn = batches_of(view)
    out: list[str] = []
    for text in texts:
        if text.batch not in drawn or not text.visible or not str(text.text).strip():
            continue
        name = repr(str(text.text)[:30])
        label = text.label
        left = label.x - {"left": 0, "center": 0.5, "right": 1}[label.anchor_x] * \
            text.content_width
        if label.width and label.multiline:
            left = label.left
            if text.content_width > label.width + SLACK:
                out.append(f"{name}: wraps to {label.width:.0f} px but is "
                           f"{text.content_width:.0f} wide")
        right = left + text.content_width
        top, bottom = text.top, text.bottom
        if left < -SLACK or right > width + SLACK or bottom < -SLACK or top > height + SLACK:
            out.append(f"{name}: at x {left:.0f}..{right:.0f}, y {bottom:.0f}..{top:.0f}, "
                       f"outside the {width}x{height} window")
    return out


@pytest.mark.parametrize("size, scale", CASES, ids=CASE_IDS)
@pytest.mark.parametrize("screen", SCREENS, ids=[s.name for s in SCREENS])
@pytest.mark.slow
def test_every_text_inside_its_box_and_the_window(window, app, screen, size, scale, created):
    """Both checks on one showing of the screen (building and showing it is the cost): every
    widget's text inside its box and every box that holds it, and every text the screen draws
    itself inside the window and the width it wraps to."""
    with shown(window, app, screen, size, scale) as view:
        found = problems(view) + outside_window(view, created, view_size(window))
        assert found == []


def test_a_saved_replay_toast_wraps_inside_its_bubble(window):
    from game.scenes.widgets import Toast

    toast = Toast()
    path = "/".join(("", "home", "a-player", ".local", "share", "tabula", "replays",
                     "conquest-2026-12-01-131755-1234567.json"))
    toast.show(f"Replay saved: {path}", "success")
    text = toast._bubble._text
    width, height = toast._bubble.size
    assert text.content_width <= width and text.content_height <= height
    assert width <= 960 - 8 and text.content_width <= toast._bubble.max_width
