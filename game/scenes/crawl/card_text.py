"""Texts that change in play as baked sprites: a card's value, struck initial value, name and
ability kind, the play screen's counters (HP, gold, deck, turn) and its floating numbers.

These used to be `arcade.Text`s in the layers' and the screen's batches. On Mesa's llvmpipe that
cost twice: every change of a value or of a layer (a card lifted, flying, landing) laid the text
out again in the frame where it happened, and each layer drew its texts on top of its sprites.
Here each distinct text (string, size, anchor) is drawn once in white into a texture
(`bake.bake_texts`, the same glyphs as the `arcade.Text`), kept for the session, and shown by
a sprite tinted to the text's colour: changing a value swaps a texture, moving a card moves a
sprite, and a layer is one sprite list.

`warm` bakes every text a screen will show in one pass at layout (the bake waits for the GPU);
a text met later is baked when first shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

import arcade
from arcade.types import Color

from game.scenes.bake import bake_texts
from game.scenes.fonts import UI_FONT

Spec = tuple[str, float, str, str]  # text, font size, anchor_x, anchor_y


@dataclass(frozen=True)
class BakedText:
    """A baked text and where its ink sits relative to its anchor point."""

    texture: arcade.Texture
    dx: float  # ink box left minus the anchor's x
    dy: float  # ink box bottom minus the anchor's y
    width: float
    height: float
    content_width: float  # the text's layout box, as `arcade.Text` reports it
    content_height: float


_baked: dict[Spec, BakedText] = {}


def _text(spec: Spec) -> arcade.Text:
    text, size, anchor_x, anchor_y = spec
    return arcade.Text(text, 0, 0, arcade.color.WHITE, size, font_name=UI_FONT, bold=True,
                       anchor_x=anchor_x, anchor_y=anchor_y)


def warm(specs: Iterable[Spec]) -> None:
    """Bake every spec not baked yet, in one pass (empty texts are never baked)."""
    missing = {spec for spec in specs if spec[0] and spec not in _baked}
    if not missing:
        return
    texts = {spec: _text(spec) for spec in missing}
    baked = bake_texts({spec: [text] for spec, text in texts.items()}, "card-text")
    atlas = arcade.get_window().ctx.default_atlas
    for spec, text in texts.items():
        rect = baked[spec].rect
        _baked[spec] = BakedText(baked[spec].texture, rect.left, rect.bottom, rect.width,
                                 rect.height, text.content_width, text.content_height)
        atlas.add(baked[spec].texture)  # uploaded now, not in the frame that first shows it


def is_baked(spec: Spec) -> bool:
    """True when the spec needs no bake (baked already, or empty)."""
    return not spec[0] or spec in _baked


def baked(spec: Spec) -> BakedText:
    """The baked text of a spec (baked now if it is new)."""
    if spec not in _baked:
        warm([spec])
    return _baked[spec]


@cache
def fitted_size(name: str, width: float, size: float, smallest: float = 7.0) -> float:
    """The largest size from `size` down, in half points, at which `name` fits `width`."""
    text = _text((name, size, "center", "center"))
    while text.content_width > width and size > smallest:
        size -= 0.5
        text.font_size = size
    return size


class CardLabel:
    """One changing text (a card's value, a counter, a floating number): `text`, `size` and
    `color` as an `arcade.Text` has them, shown by a sprite placed with `place(x, y)` at its
    anchor point. An empty text shows nothing."""

    def __init__(self, size: float, anchor_x: str, anchor_y: str, color: Color,
                 snap: bool = False) -> None:
        self.size = size
        self.snap = snap  # anchors rounded to whole pixels: for labels drawn texel for pixel
        self.anchor_x, self.anchor_y = anchor_x, anchor_y
        self.color = color
        self.text = ""
        self.sprite = arcade.Sprite()
        self.sprite.color = color
        self.sprite.visible = False
        self._shown: BakedText | None = None
        self._anchor = (0.0, 0.0)

    @property
    def spec(self) -> Spec:
        return (self.text, self.size, self.anchor_x, self.anchor_y)

    def set(self, text: str, size: float | None = None) -> None:
        """Show another string (or the same at another size)."""
        if size is not None:
            self.size = size
        self.text = text
        shown = baked(self.spec) if text else None
        if shown is not self._shown:
            self._shown = shown
            if shown is not None:
                self.sprite.texture = shown.texture
                self.sprite.size = (shown.width, shown.height)
            self._place()
        self.sprite.visible = shown is not None and self.color.a > 0

    def set_color(self, color: Color) -> None:
        if color != self.color:
            self.color = color
            self.sprite.color = color
        self.sprite.visible = self._shown is not None and color.a > 0

    @property
    def content_width(self) -> float:
        return self._shown.content_width if self._shown is not None else 0.0

    @property
    def content_height(self) -> float:
        return self._shown.content_height if self._shown is not None else 0.0

    @property
    def anchor(self) -> tuple[float, float]:
        return self._anchor

    def resize(self, size: float) -> None:
        if size != self.size:
            self.set(self.text, size)

    def place(self, x: float, y: float) -> None:
        if self.snap:
            x, y = round(x), round(y)
        if (x, y) != self._anchor:
            self._anchor = (x, y)
            self._place()

    def _place(self) -> None:
        shown = self._shown
        if shown is not None:
            x, y = self._anchor
            self.sprite.position = (x + shown.dx + shown.width / 2,
                                    y + shown.dy + shown.height / 2)
