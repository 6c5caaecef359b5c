"""A Card Crawl card on screen: one face sprite painted in code plus its `arcade.Text`s.

The face (tint, art window, art, Pyroclasm / Shield Bash badges, the grey of a spent card) is a
cached texture from `look`; the value (top left, large), the struck initial value of a wounded
enemy, the name (bottom band) and an ability's "Hero" / "Target" are texts in the layer's
Batch. A card belongs to one `Layer` at a time (the table, or the top layer while it is dragged
or flies), so a card in the air is drawn above every card at rest, texts included.

A card never decides anything: it shows the card object of the seat view it was last given.
"""

from __future__ import annotations

import math
from typing import Any

import arcade
import pyglet
from arcade.types import Color

from game.scenes.crawl import look
from game.scenes.fonts import UI_FONT

CardData = dict[str, Any]


class Layer:
    """A sprite list and a text batch drawn together (sprites first)."""

    def __init__(self) -> None:
        self.sprites = arcade.SpriteList()
        self.batch = pyglet.graphics.Batch()

    def draw(self, nearest: bool = False) -> None:
        """Sprites, then texts. `nearest`: the sprites rest on whole pixels, unscaled (the
        table), where nearest sampling draws them exactly and fills a fifth faster."""
        if nearest:
            self.sprites.draw(filter=self.sprites.ctx.NEAREST)
        else:
            self.sprites.draw()
        self.batch.draw()


def wounded(card: CardData) -> bool:
    """An enemy below its initial value (spec 4.1: the view shows it in red)."""
    value, initial = card.get("value"), card.get("initial_value")
    return (
        card.get("type") == "enemy" and value is not None and initial is not None
        and value < initial
    )  # fmt: skip


def worn(card: CardData) -> bool:
    """A shield that absorbed blows (shown cracked)."""
    value, initial = card.get("value"), card.get("initial_value")
    return (
        card.get("type") == "shield" and value is not None and initial is not None
        and value < initial
    )  # fmt: skip


class CardSprite:
    """One card: `position` moves it (sprites and texts), `lift` raises it, `alpha` fades it,
    `scale` shrinks it, `flip` (0 back .. 1 face) turns it over, `outline` rings it."""

    def __init__(
        self,
        data: CardData,
        width: int,
        height: int,
        layer: Layer,
        art: str,
        kind_label: str = "",
    ) -> None:
        self.data: CardData = dict(data)
        self.id: str = data["id"]
        self.width, self.height = int(width), int(height)
        self.layer = layer
        self.art = art
        self.kind_label = kind_label
        self.place: str | None = None  # the pile it rests in ("board.2", "left_hand", ...)
        self.home: tuple[float, float] = (0.0, 0.0)
        self._x, self._y = 0.0, 0.0
        self._lift = 0.0
        self._alpha = 255
        self._scale = 1.0
        self._flip = 1.0
        self._shake = 0.0
        self.gone = False

        self.face = arcade.Sprite(self._face_texture())
        self.crack = arcade.Sprite(look.crack_texture(self.width, self.height))
        self.outline_sprite = arcade.Sprite(look.outline_texture(self.width + 8, self.height + 8))
        self._outline: Color | None = None
        h = self.height
        self.value_text = arcade.Text(
            "", 0, 0, arcade.color.WHITE, max(14, h * 0.12), font_name=UI_FONT, bold=True,
            anchor_x="left", anchor_y="top", batch=layer.batch,
        )  # fmt: skip
        self.initial_text = arcade.Text(
            "", 0, 0, Color(236, 226, 220), max(10, h * 0.064), font_name=UI_FONT, bold=True,
            anchor_x="left", anchor_y="top", batch=layer.batch,
        )  # fmt: skip
        self.strike = arcade.SpriteSolidColor(10, 2, color=Color(236, 226, 220))
        self.name_text = arcade.Text(
            "", 0, 0, arcade.color.WHITE, max(9, h * 0.054), font_name=UI_FONT, bold=True,
            anchor_x="center", anchor_y="center", batch=layer.batch,
        )  # fmt: skip
        self.kind_text = arcade.Text(
            "", 0, 0, Color(230, 220, 255), max(8, h * 0.05), font_name=UI_FONT, bold=True,
            anchor_x="right", anchor_y="top", batch=layer.batch,
        )  # fmt: skip
        layer.sprites.append(self.face)
        self._sprites_in: set[arcade.Sprite] = {self.face}
        self._apply_texts()
        self._place()

    # -- data ------------------------------------------------------------------------------
    def _face_texture(self) -> arcade.Texture:
        d = self.data
        return look.card_face_texture(
            d["type"], self.art, self.width, self.height, pyro=bool(d.get("pyro")),
            bash=bool(d.get("bash")), spent=bool(d.get("spent")),
        )  # fmt: skip

    def set_data(self, data: CardData, art: str | None = None, kind_label: str | None = None):
        """Show a newer version of this card (value, marks, spent, a Life card's new type)."""
        new = dict(data)
        if art is not None:
            self.art = art
        if kind_label is not None:
            self.kind_label = kind_label
        face_changed = any(
            new.get(k) != self.data.get(k) for k in ("type", "pyro", "bash", "spent")
        ) or art is not None
        self.data = new
        if face_changed and self._flip >= 0.5:
            self.face.texture = self._face_texture()
        self._apply_texts()
        self._place()

    def set_value(self, value: int | None) -> None:
        """Only the value changed (a damage number, a potion drained): texts only."""
        if self.data.get("value") != value:
            self.data["value"] = value
            self._apply_texts()
            self._place()

    def show_value_text(self, text: str) -> None:
        """Show a transient number (Chaos spinning) without touching the card's data."""
        if self.value_text.text != text:
            self.value_text.text = text

    def _apply_texts(self) -> None:
        d = self.data
        value = d.get("value")
        value_str = "" if value is None else str(value)
        if self.value_text.text != value_str:
            self.value_text.text = value_str
        hurt = wounded(d)
        base = look.WOUND_RED if hurt else Color(255, 255, 255)
        if d.get("spent"):
            base = Color(206, 208, 212)
        self._value_color = base
        initial = str(d.get("initial_value")) if hurt else ""
        if self.initial_text.text != initial:
            self.initial_text.text = initial
        name = d.get("name") or ""
        if self.name_text.text != name:
            self.name_text.text = name
            self._fit_name()
        kind = self.kind_label if d.get("type") == "ability" else ""
        if self.kind_text.text != kind:
            self.kind_text.text = kind
        self._sync_extra_sprites()
        self._restyle()

    def _fit_name(self) -> None:
        """Shrink a long name until it fits the band."""
        size = max(9, self.height * 0.054)
        self.name_text.font_size = size
        while self.name_text.content_width > self.width - 16 and size > 7:
            size -= 0.5
            self.name_text.font_size = size

    def _sync_extra_sprites(self) -> None:
        want = {self.face}
        if self.initial_text.text:
            want.add(self.strike)
        if worn(self.data):
            want.add(self.crack)
        if self._outline is not None:
            want.add(self.outline_sprite)
        for sprite in (self.strike, self.crack, self.outline_sprite):
            if sprite in want and sprite not in self._sprites_in:
                self.layer.sprites.append(sprite)
            elif sprite not in want and sprite in self._sprites_in:
                sprite.remove_from_sprite_lists()
        self._sprites_in = want

    # -- layers ----------------------------------------------------------------------------
    def set_layer(self, layer: Layer) -> None:
        """Move the card to another layer (the top while dragged or flying)."""
        if layer is self.layer:
            return
        # the outline goes under the face, the rest above it
        order = [s for s in (self.outline_sprite, self.face, self.crack, self.strike)
                 if s in self._sprites_in]
        for sprite in order:
            sprite.remove_from_sprite_lists()
        for sprite in order:
            layer.sprites.append(sprite)
        for text in self.texts:
            text.batch = layer.batch
        self.layer = layer

    @property
    def texts(self) -> tuple[arcade.Text, ...]:
        return (self.value_text, self.initial_text, self.name_text, self.kind_text)

    # -- geometry --------------------------------------------------------------------------
    @property
    def position(self) -> tuple[float, float]:
        return self._x, self._y

    @position.setter
    def position(self, xy: Any) -> None:
        self._x, self._y = float(xy[0]), float(xy[1])
        self._place()

    @property
    def lift(self) -> float:
        return self._lift

    @lift.setter
    def lift(self, value: float) -> None:
        if value != self._lift:
            self._lift = value
            self._place()

    @property
    def shake(self) -> float:
        return self._shake

    @shake.setter
    def shake(self, value: float) -> None:
        self._shake = value
        self._place()

    @property
    def scale(self) -> float:
        return self._scale

    @scale.setter
    def scale(self, value: float) -> None:
        self._scale = max(0.01, value)
        self._place()

    @property
    def flip(self) -> float:
        """0: the back shows; 1: the face. In between the card turns (width shrinks to 0 at
        0.5, where the texture swaps)."""
        return self._flip

    @flip.setter
    def flip(self, value: float) -> None:
        was_face = self._flip >= 0.5
        self._flip = max(0.0, min(1.0, value))
        face = self._flip >= 0.5
        if face != was_face or not face:
            self.face.texture = (
                self._face_texture() if face else look.card_back_texture(self.width, self.height)
            )
        self._restyle()
        self._place()

    def rect(self) -> arcade.types.Rect:
        return arcade.XYWH(self._x, self._y + self._lift, self.width, self.height)

    def contains(self, x: float, y: float) -> bool:
        return abs(x - self._x) <= self.width / 2 and abs(y - self._y - self._lift) <= (
            self.height / 2
        )

    def _place(self) -> None:
        x = self._x + self._shake
        y = self._y + self._lift
        s = self._scale
        turn = abs(math.cos(self._flip * math.pi)) if self._flip < 1.0 else 1.0
        w, h = self.width * s, self.height * s
        self.face.position = (x, y)
        self.face.width = max(1.0, w * turn)
        self.face.height = h
        if self.crack in self._sprites_in:
            self.crack.position = (x, y)
            self.crack.width, self.crack.height = max(1.0, w * turn), h
        if self.outline_sprite in self._sprites_in:
            self.outline_sprite.position = (x, y)
            self.outline_sprite.width = max(1.0, (self.width + 8) * s * turn)
            self.outline_sprite.height = (self.height + 8) * s
        pad = 10 * s
        left, top = x - w / 2 + pad, y + h / 2 - pad * 0.6
        self.value_text.position = (left, top)
        vw = self.value_text.content_width
        self.initial_text.position = (left + vw + 5 * s, top - 4 * s)
        if self.strike in self._sprites_in:
            iw = self.initial_text.content_width
            self.strike.width = iw + 4
            self.strike.position = (
                left + vw + 5 * s + iw / 2, top - 4 * s - self.initial_text.content_height * 0.58
            )  # fmt: skip
        self.name_text.position = (x, y - h / 2 + h * 0.0825)
        self.kind_text.position = (x + w / 2 - pad, top - 3 * s)

    # -- look ------------------------------------------------------------------------------
    @property
    def alpha(self) -> int:
        return self._alpha

    @alpha.setter
    def alpha(self, value: int) -> None:
        value = max(0, min(255, int(value)))
        if value != self._alpha:
            self._alpha = value
            self._restyle()

    @property
    def outline(self) -> Color | None:
        return self._outline

    @outline.setter
    def outline(self, color: Any) -> None:
        new = Color.from_iterable(color) if color is not None else None
        if new == self._outline:
            return
        had = self._outline is not None
        self._outline = new
        if (new is not None) != had:
            self._sync_extra_sprites()
            if new is not None:  # keep the ring under the face
                sprites = self.layer.sprites
                sprites.remove(self.outline_sprite)
                sprites.insert(sprites.index(self.face), self.outline_sprite)
        self._restyle()
        self._place()

    def _restyle(self) -> None:
        a = self._alpha
        self.face.alpha = a
        self.crack.alpha = a
        self.strike.alpha = a
        if self._outline is not None:
            self.outline_sprite.color = self._outline.replace(a=round(self._outline.a * a / 255))
        # texts only once the card has turned (a narrow face with full-size texts looks wrong)
        text_alpha = a if self._flip >= 0.97 else 0
        # set only on change: a text's colour setter restyles its whole document
        for text, color in ((self.value_text, self._value_color.replace(a=text_alpha)),
                            (self.initial_text, Color(236, 226, 220, text_alpha)),
                            (self.name_text, Color(255, 255, 255, text_alpha)),
                            (self.kind_text, Color(230, 220, 255, text_alpha))):
            if text.color != color:
                text.color = color

    def remove(self) -> None:
        """Take the card off the screen for good."""
        self.gone = True
        for sprite in (self.face, self.crack, self.strike, self.outline_sprite):
            sprite.remove_from_sprite_lists()
        self._sprites_in = set()
        for text in self.texts:
            text.visible = False
            text.label.delete()  # drop its vertices from the layer's batch
