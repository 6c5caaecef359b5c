"""A Card Crawl card on screen: one face sprite painted in code plus its texts.

The face (tint, art window, art, Pyroclasm / Shield Bash badges, the grey of a spent card) is a
cached texture from `look`; the value (top left, large), the struck initial value of a wounded
enemy, the name (bottom band) and an ability's "Hero" / "Target" are baked labels
(`card_text.CardLabel`), sprites in the card's layer above its face. A card belongs to one `Layer` at a time (the table, or the top layer while it is dragged
or flies), so a card in the air is drawn above every card at rest, texts included.

A card never decides anything: it shows the card object of the seat view it was last given.
"""

from __future__ import annotations

import math
from typing import Any

import arcade
from arcade.types import Color

from game.i18n import _
from game.scenes.crawl import look
from game.scenes.crawl.card_text import CardLabel, fitted_size

INITIAL_COLOR = Color(236, 226, 220)  # the struck initial value of a wounded enemy
KIND_COLOR = Color(230, 220, 255)  # an ability's "Hero" / "Target"


def value_size(card_h: int) -> float:
    return max(14, card_h * 0.12)


def initial_size(card_h: int) -> float:
    return max(10, card_h * 0.064)


def name_size(card_h: int) -> float:
    return max(9, card_h * 0.054)


def kind_size(card_h: int) -> float:
    return max(8, card_h * 0.05)

CardData = dict[str, Any]


class Layer:
    """The sprites of the cards at rest, of one card in the air, or of the effects: a card's
    texts are sprites too (`card_text`), so a layer is one sprite list and one draw."""

    def __init__(self) -> None:
        self.sprites = arcade.SpriteList()

    def draw(self, nearest: bool = False) -> None:
        """`nearest`: the sprites rest on whole pixels, unscaled (the table), where nearest
        sampling draws them exactly and fills a fifth faster."""
        if nearest:
            self.sprites.draw(filter=self.sprites.ctx.NEAREST)
        else:
            self.sprites.draw()


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
        self.value_text = CardLabel(value_size(h), "left", "top", Color(255, 255, 255))
        self.initial_text = CardLabel(initial_size(h), "left", "top", INITIAL_COLOR)
        self.strike = arcade.SpriteSolidColor(10, 2, color=INITIAL_COLOR)
        self.name_text = CardLabel(name_size(h), "center", "center", Color(255, 255, 255))
        self.kind_text = CardLabel(kind_size(h), "right", "top", KIND_COLOR)
        self._sprites_in: list[arcade.Sprite] = []
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
            self.value_text.set(text)
            self._sync_extra_sprites()

    def _apply_texts(self) -> None:
        d = self.data
        value = d.get("value")
        value_str = "" if value is None else str(value)
        if self.value_text.text != value_str:
            self.value_text.set(value_str)
        hurt = wounded(d)
        base = look.WOUND_RED if hurt else Color(255, 255, 255)
        if d.get("spent"):
            base = Color(206, 208, 212)
        self._value_color = base
        initial = str(d.get("initial_value")) if hurt else ""
        if self.initial_text.text != initial:
            self.initial_text.set(initial)
        name = _(str(d["name"])) if d.get("name") else ""
        if self.name_text.text != name:
            self.name_text.set(name, fitted_size(name, self.width - 16, name_size(self.height)))
        kind = self.kind_label if d.get("type") == "ability" else ""
        if self.kind_text.text != kind:
            self.kind_text.set(kind)
        self._sync_extra_sprites()
        self._restyle()

    def _wanted(self) -> list[arcade.Sprite]:
        """The card's sprites, bottom to top: ring, face, crack, strike line, then texts."""
        wanted = [self.outline_sprite] if self._outline is not None else []
        wanted.append(self.face)
        if worn(self.data):
            wanted.append(self.crack)
        if self.initial_text.text:
            wanted.append(self.strike)
        wanted += [label.sprite for label in self.texts if label.text]
        return wanted

    def _sync_extra_sprites(self) -> None:
        """Put the sprites the card shows now in its layer, in order (only on a change)."""
        wanted = self._wanted()
        if wanted != self._sprites_in:
            for sprite in self._sprites_in:
                sprite.remove_from_sprite_lists()
            for sprite in wanted:
                self.layer.sprites.append(sprite)
            self._sprites_in = wanted

    # -- layers ----------------------------------------------------------------------------
    def set_layer(self, layer: Layer) -> None:
        """Move the card to another layer (the top while dragged or flying)."""
        if layer is self.layer:
            return
        for sprite in self._sprites_in:
            sprite.remove_from_sprite_lists()
        for sprite in self._sprites_in:
            layer.sprites.append(sprite)
        self.layer = layer

    @property
    def texts(self) -> tuple[CardLabel, ...]:
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
        self.value_text.place(left, top)
        vw = self.value_text.content_width
        self.initial_text.place(left + vw + 5 * s, top - 4 * s)
        if self.strike in self._sprites_in:
            iw = self.initial_text.content_width
            self.strike.width = iw + 4
            self.strike.position = (
                left + vw + 5 * s + iw / 2, top - 4 * s - self.initial_text.content_height * 0.58
            )  # fmt: skip
        self.name_text.place(x, y - h / 2 + h * 0.0825)
        self.kind_text.place(x + w / 2 - pad, top - 3 * s)

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
            self._sync_extra_sprites()  # the ring goes under the face
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
        for text, color in ((self.value_text, self._value_color.replace(a=text_alpha)),
                            (self.initial_text, INITIAL_COLOR.replace(a=text_alpha)),
                            (self.name_text, Color(255, 255, 255, text_alpha)),
                            (self.kind_text, KIND_COLOR.replace(a=text_alpha))):
            text.set_color(color)

    def remove(self) -> None:
        """Take the card off the screen for good."""
        self.gone = True
        for sprite in self._sprites_in:
            sprite.remove_from_sprite_lists()
        self._sprites_in = []
