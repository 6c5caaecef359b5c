"""The fonts every screen uses, loaded from the arcade wheel so screenshots match on any machine.

Without system fonts a default `arcade.Text` raises `FontException`, and with them it picks
whatever fontconfig finds, so every Text names one of these faces. The files are handed to
pyglet as bytes because `arcade.load_font()` leaves the `.ttf` open and its `ResourceWarning`
fails `pytest -W error`.
"""

from __future__ import annotations

from typing import Any

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
    share_glyph_textures()
    _loaded = True


_shared_glyphs: list[Any] = []  # the one GlyphTextureBin, once a GL context exists


def share_glyph_textures() -> None:
    """Every font (face, size, weight) puts its glyphs into one shared set of textures.

    pyglet gives each font its own glyph texture, and a batch draws the texts of each texture
    separately: a card's value, name and kind, each in its own size, cost three draws and three
    state changes. With one texture, the texts of a batch are one draw (the crawl play screen
    went from 14 text draws a frame to 6, a millisecond of its frame on llvmpipe). The glyphs
    are the same images, so the pixels are the same."""
    from pyglet.font import base

    if getattr(base.Font.create_glyph, "shared", False):
        return
    own = base.Font.create_glyph

    def create_glyph(font: Any, img: Any, fmt: int | None = None) -> Any:
        if font.texture_bin is None:
            if not _shared_glyphs:  # made on first use: it needs the GL context's limits
                _shared_glyphs.append(base.GlyphTextureBin(2048, 2048))
            font.texture_bin = _shared_glyphs[0]
        return own(font, img, fmt)

    create_glyph.shared = True  # type: ignore[attr-defined]
    base.Font.create_glyph = create_glyph  # type: ignore[method-assign]
