"""Frame stepping and synthetic input for headless windows (scene tests and `tabula shot`).

Outside `pyglet.app.run()` a window queues dispatched events until the next
`dispatch_events()`, so a synthetic click would never reach a handler. The harness turns the
queue off, as `app.run()` does, and drives frames by hand with a fixed dt so that animations are
deterministic. Input always goes through the window: the UIManager and any
SectionManager push their own handlers onto it, so calling a view's method directly would
bypass them.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade
from PIL import Image, ImageOps


def make_window(width: int = 1280, height: int = 720, title: str = "Tabula") -> arcade.Window:
    """A window whose events run at dispatch time; no MSAA because llvmpipe doubles frame time."""
    from game.scenes.redraw import OnDemandWindow

    win = OnDemandWindow(width, height, title, antialiasing=False, vsync=False)
    win._enable_event_queue = False  # private: handlers run at dispatch time, as under app.run()
    win.dispatch_events()  # flush what window creation queued
    return win


def step(win: arcade.Window, n: int = 1, dt: float = 1 / 60) -> None:
    """Run n frames: update (view, UIManager, sections) then draw then flip."""
    for _ in range(n):
        win.dispatch_event("on_update", dt)
        win.dispatch_event("on_draw")
        win.flip()


def move(win: arcade.Window, x: float, y: float) -> None:
    """Move the mouse (hover); headless windows have no real pointer, so motion is synthetic."""
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)


def hover_grid(win: arcade.Window, spacing: int) -> None:
    """Hover over a grid of points `spacing` px apart, a frame a column: every tooltip and
    hover state of the screen shows once (the screen walks of the text and size tests)."""
    for x in range(12, win.width, spacing):
        for y in range(12, win.height, spacing):
            move(win, x, y)
        step(win)


def click(win: arcade.Window, x: float, y: float, button: int = arcade.MOUSE_BUTTON_LEFT) -> None:
    """Hover, press and release at (x, y); arcade.gui buttons fire on release."""
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)
    win.dispatch_event("on_mouse_press", x, y, button, 0)
    win.dispatch_event("on_mouse_release", x, y, button, 0)


def drag(
    win: arcade.Window,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    steps: int = 8,
    button: int = arcade.MOUSE_BUTTON_LEFT,
) -> None:
    """Press at (x0, y0), drag in `steps` equal moves to (x1, y1), release there."""
    win.dispatch_event("on_mouse_motion", x0, y0, 0, 0)
    win.dispatch_event("on_mouse_press", x0, y0, button, 0)
    steps = max(1, steps)
    x, y = x0, y0
    for i in range(1, steps + 1):
        nx = x0 + (x1 - x0) * i / steps
        ny = y0 + (y1 - y0) * i / steps
        win.dispatch_event("on_mouse_drag", nx, ny, nx - x, ny - y, button, 0)
        x, y = nx, ny
    win.dispatch_event("on_mouse_release", x1, y1, button, 0)


def scroll(win: arcade.Window, x: float, y: float, scroll_y: float) -> None:
    """Mouse wheel at (x, y); positive scroll_y is wheel up."""
    win.dispatch_event("on_mouse_scroll", x, y, 0, scroll_y)


def key(win: arcade.Window, symbol: int, modifiers: int = 0) -> None:
    """Press and release a key (also updates `window.keyboard`)."""
    win.dispatch_event("on_key_press", symbol, modifiers)
    win.dispatch_event("on_key_release", symbol, modifiers)


def screenshot(win: arcade.Window, dt: float = 1 / 60) -> Image.Image:
    """One frame as a PIL image (top-left origin), read before flip() while the buffer is valid:
    the whole framebuffer in physical pixels, whatever the UI scale (`arcade.get_image` reads
    the window's size times the pixel ratio, which the scale already is)."""
    win.dispatch_event("on_update", dt)
    win.dispatch_event("on_draw")
    width, height = win.get_framebuffer_size()
    data = win.ctx.screen.read(viewport=(0, 0, width, height), components=4)
    img = ImageOps.flip(Image.frombytes("RGBA", (width, height), data))
    win.flip()
    return img


def pixel(img: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """RGB at window point (x, y) (GL origin, bottom-left) of a screenshot (top-left origin)."""
    return img.getpixel((int(x), img.height - 1 - int(y)))[:3]


def region_colors(img: Image.Image, rect: arcade.types.Rect, inset: int = 2) -> set[tuple]:
    """The set of RGB colours inside a window rect, `inset` pixels in from its edges."""
    left, bottom = int(rect.left) + inset, int(rect.bottom) + inset
    right, top = int(rect.right) - inset, int(rect.top) - inset
    crop = img.crop((left, img.height - top, right, img.height - bottom)).convert("RGB")
    return {color for _, color in crop.getcolors(maxcolors=1 << 22)}


def close_to(color: tuple, expected: tuple, tolerance: int = 6) -> bool:
    """Channel-wise comparison of two colours (RGB part only)."""
    pairs = zip(color[:3], expected[:3], strict=True)
    return all(abs(int(a) - int(b)) <= tolerance for a, b in pairs)


def timed_frame(win: arcade.Window, dt: float = 1 / 60) -> float:
    """One whole frame in ms (update, draw, flip, and `ctx.finish()` so a software renderer's
    work is inside the figure): the unit of every `<mode>.frame_ms.*` benchmark row."""
    import time

    start = time.perf_counter()
    win.dispatch_event("on_update", dt)
    win.dispatch_event("on_draw")
    win.flip()
    win.ctx.finish()
    return (time.perf_counter() - start) * 1000.0


def timed_frames(win: arcade.Window, frames: int, before: Callable[[], None],
                 counts: Callable[[], bool] = lambda: True, limit: int = 6000) -> list[float]:
    """`frames` frame times (ms) of the frames that `counts()` says animate: `before()` drives
    the screen ahead of each frame; at most `limit` frames are run."""
    times: list[float] = []
    for _ in range(limit):
        if len(times) >= frames:
            break
        before()
        busy = counts()
        elapsed = timed_frame(win)
        if busy:
            times.append(elapsed)
    return times
