"""A screen's layout as small steps, so its first opening never blocks the window (issue 14).

`GameViewBase.prepare` runs a generator `PREPARE_BUDGET_MS` a frame behind the loading state,
and `layout` follows it. A screen whose layout itself is the heavy part (gui widgets: each
`UIFlatButton` or `UILabel` costs 5-15 ms to build, more while its font's glyphs are rendered
for the first time; card faces painted with PIL; texts baked) mixes `StagedLayout` in and writes
its layout as `layout_steps(width, height)`, the same code with a `yield` between its units:

- on first show, `prepare` runs `warm_steps` (caches the layout then finds: faces, and
  modules loaded on a thread by `imported`),
  then `layout_steps`, then the gui's first layout and render (`gui_steps`), each unit in its
  own step; the `layout` that follows finds the work done for that size and returns at once;
- on a resize (or a screen calling `relayout`), `layout` runs every step at once, as before.

So the screen ends up exactly as a plain `layout` would leave it (tests/scenes/test_staged.py
compares the pixels), only spread over frames. Widgets are added to the view's manager during
the steps, but the loading state draws no gui and `GameViewBase` keeps keys from the board
until it is done.
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Iterator
from typing import Any

from game.scenes import glyphs

IMPORT_WAIT_S = 0.002  # a step waiting for a background import sleeps this long (GIL free)


def imported(*names: str) -> Iterator[None]:
    """Import modules on a background thread, yielding (each step a short sleep) until they
    are loaded: a cold import that runs hundreds of milliseconds (numpy's is about 250 ms
    here) is never one step. An import error is raised by the last step, in the caller."""
    missing = [name for name in names if name not in sys.modules]
    if not missing:
        return
    done = threading.Event()

    def load() -> None:
        try:
            for name in missing:
                importlib.import_module(name)
        except Exception:  # noqa: BLE001 - raised again below, where the screen sees it
            pass
        finally:
            done.set()

    threading.Thread(target=load, name="staged-import", daemon=True).start()
    while not done.wait(IMPORT_WAIT_S):
        yield
    for name in missing:
        importlib.import_module(name)


def gui_steps(ui: Any) -> Iterator[None]:
    """The gui's first layout pass, then its first render, one step each (the frame that
    shows the screen then finds nothing to lay out or render)."""
    ui.execute_layout()
    yield
    ui.prepare()
    yield


class StagedLayout:
    """Mixin for a `GameViewBase` whose layout runs in steps (see the module docstring).
    Put it before the view's base class: `class StartView(StagedLayout, GameViewBase)`."""

    _staged_for: tuple[int, int] | None = None  # the size `prepare` laid the screen out for
    ui: Any

    def warm_steps(self, width: int, height: int) -> Iterator[None]:
        """Fill the caches the layout reads (card faces, modules), one unit per step."""
        return iter(())

    def layout_steps(self, width: int, height: int) -> Iterator[None]:
        """The layout for this window size, yielding between its units of work."""
        return iter(())

    def layout(self, width: int, height: int) -> None:
        if self._staged_for == (width, height):  # `prepare` just did it for this size
            self._staged_for = None
            return
        self._staged_for = None
        for _ in self.layout_steps(width, height):
            pass

    def prepare(self, width: int, height: int) -> Iterator[None] | None:
        def staged() -> Iterator[None]:
            yield from glyphs.warm_steps()  # the text styles still cold (game.scenes.glyphs)
            yield from self.warm_steps(width, height)
            yield from self.layout_steps(width, height)
            yield from gui_steps(self.ui)
            self._staged_for = (width, height)

        return staged()


def finish_preparing(window: Any, limit: int = 600) -> int:
    """Run frames until the window's screen is whole (no longer `preparing`): benchmarks
    and tools that measure or picture a screen, not its loading state. The frames run."""
    from game.scenes.harness import step

    frames = 0
    while getattr(window.current_view, "preparing", False) and frames < limit:
        step(window)
        frames += 1
    return frames
