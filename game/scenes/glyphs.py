"""The glyphs of the game's common text styles, rendered before a screen needs them.

pyglet renders a glyph with FreeType the first time a font (face, size, weight) lays it out,
and keeps it. Cold, a screen's first layout pays that for every style it uses: 20-50 ms a
style for the printable characters here, 100-220 ms of the first layout of strike's board or
kingdom's match view (eight to ten styles), in one frame. `warm_steps` renders the styles of
`WARM_STYLES` one per step:

- at launch, `start_warming` runs it on the pyglet clock behind the menu (one style a tick,
  20 ticks a second; no frame is drawn for it), so a player's first click finds them warm;
- a screen whose preparation runs before that is done (`GameViewBase.prepare`, `StagedLayout`)
  runs the styles still cold as its first steps, behind its loading state.

The styles are the ones the screens use most (counted over every screen of
`game.scenes.gallery`): Liberation Sans at 9-18 points, regular and bold. Titles and card
values at other sizes draw few characters and are left to render when used.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from typing import Any

from game.scenes.fonts import UI_FONT

WARM_STYLES: tuple[tuple[str, int, bool], ...] = tuple(
    (UI_FONT, size, bold) for size in (9, 10, 11, 12, 13, 14, 15, 16, 18)
    for bold in (False, True))
CHARACTERS = string.ascii_letters + string.digits + string.punctuation + " —–·…×→←’“”✓€"
TICK_SECONDS = 0.05  # the launch warm-up: one style a tick

_warm: set[tuple[str, int, bool]] = set()


def cold_styles() -> list[tuple[str, int, bool]]:
    """The styles of `WARM_STYLES` not rendered yet in this process."""
    return [style for style in WARM_STYLES if style not in _warm]


def warm_style(style: tuple[str, int, bool]) -> None:
    """Render one style's characters into pyglet's glyph cache (the shared glyph texture)."""
    import pyglet

    name, size, bold = style
    pyglet.font.load(name, size, weight="bold" if bold else "normal").get_glyphs(CHARACTERS)
    _warm.add(style)


def warm_steps() -> Iterator[None]:
    """Render the cold styles, one a step (a screen's preparation yields from it)."""
    for style in cold_styles():
        if style not in _warm:  # the launch warm-up may have done it between two steps
            warm_style(style)
            yield


def start_warming(clock: Any = None) -> None:
    """Warm every style on the clock (pyglet's, by default), one a tick, from the window's
    launch; the ticks stop when all are warm."""
    if clock is None:
        import pyglet

        clock = pyglet.clock
    steps = warm_steps()

    def tick(dt: float) -> None:
        if next(steps, StopIteration) is StopIteration:
            clock.unschedule(tick)

    clock.schedule_interval(tick, TICK_SECONDS)
