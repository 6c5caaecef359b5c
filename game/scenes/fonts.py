"""The fonts every screen uses, loaded from the arcade wheel so screenshots match on any machine.

Without system fonts a default `arcade.Text` raises `FontException`, and with them it picks
whatever fontconfig finds, so every Text names one of these faces. The files are handed to
pyglet as bytes because `arcade.load_font()` leaves the `.ttf` open and its `ResourceWarning`
fails `pytest -W error` (NOTES 1.4).
"""

from __future__ import annotations

import arcade
import pyglet

UI_FONT = "Liberation Sans"  # body text, labels, buttons
TITLE_FONT = "Liberation Serif"  # titles and headings: a card-table feel
MONO_FONT = "Liberation Mono"  # numbers that must not jiggle (timers, seeds)
KENNEY_FONT = "Kenney Future"  # UIFlatButton's default face: loaded so an unstyled one still works

_FONT_FILES: tuple[str, ...] = (
    "Liberation/Liberation_Sans_Regular.ttf",
    "Liberation/Liberation_Sans_Bold.ttf",
    "Liberation/Liberation_Sans_Italic.ttf",
    "Liberation/Liberation_Serif_Regular.ttf",
    "Liberation/Liberation_Serif_Bold.ttf",
    "Liberation/Liberation_Mono_Regular.ttf",
    "Liberation/Liberation_Mono_Bold.ttf",
    "Kenney/Kenney_Future.ttf",
)

_loaded = False


def load_fonts() -> None:
    """Register the bundled faces with pyglet once; later calls are free."""
    global _loaded
    if _loaded:
        return
    for name in _FONT_FILES:
        path = arcade.resources.resolve(f":resources:fonts/ttf/{name}")
        pyglet.font.add_file(path.read_bytes())
    _loaded = True
