"""Widgets every screen shares: card frames, themed buttons, tooltips, toasts, the help overlay.

They are built from `arcade.Text` (batched where many), sprites with textures made in code and
`arcade.gui` widgets, never `draw_text`, whose per-call layout is slow and whose warning fails
`-W error`. Textures are drawn once with PIL, antialiased by supersampling, and
cached by size and colour so a screen full of cards costs a handful of atlas entries.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import arcade
import arcade.gui as gui
import pyglet
from arcade.types import Color
from PIL import Image, ImageDraw

from game.i18n import _
from game.scenes import theme
from game.scenes.fonts import TITLE_FONT, UI_FONT
from game.scenes.scale import view_size

# --------------------------------------------------------------------------------------------
# textures made in code
# --------------------------------------------------------------------------------------------

_SUPERSAMPLE = 4  # draw 4x larger and shrink: smooth corners without MSAA


@cache
def rounded_rect_texture(
    width: int,
    height: int,
    radius: int = theme.RADIUS,
    fill: tuple[int, int, int, int] | None = (255, 255, 255, 255),
    outline: tuple[int, int, int, int] | None = None,
    outline_width: int = 0,
) -> arcade.Texture:
    """A rounded rectangle; white by default so a sprite's `color` tints it."""
    width, height = max(2, int(width)), max(2, int(height))
    s = _SUPERSAMPLE
    img = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1),
        radius=max(0, radius) * s,
        fill=tuple(fill) if fill else None,
        outline=tuple(outline) if outline else None,
        width=outline_width * s,
    )
    img = img.resize((width, height), Image.Resampling.LANCZOS)
    name = f"tabula-rrect-{width}x{height}-r{radius}-{fill}-{outline}-{outline_width}"
    return arcade.Texture(img, hash=name)


@cache
def panel_texture(
    fill: tuple[int, int, int, int] = tuple(theme.PANEL),
    edge: tuple[int, int, int, int] | None = tuple(theme.PANEL_EDGE),
    radius: int = theme.RADIUS,
) -> gui.NinePatchTexture:
    """A nine-patch rounded panel for `UIWidget.with_background(texture=...)`."""
    size = radius * 2 + 8
    tex = rounded_rect_texture(size, size, radius, fill, edge, 1 if edge else 0)
    border = radius + 2
    return gui.NinePatchTexture(border, border, border, border, tex)


def luminance(color: Iterable[int]) -> float:
    """Perceived brightness 0..255, to pick dark or light text on a tinted surface."""
    r, g, b = list(color)[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


def text_color_on(color: Iterable[int]) -> Color:
    """Readable text colour on a surface of `color`."""
    return theme.TEXT_DARK if luminance(color) > 150 else theme.TEXT


def shade(color: Iterable[int], factor: float) -> Color:
    """Darken (factor < 1) or lighten (factor > 1) a colour, keeping its alpha."""
    c = Color.from_iterable(color)
    if factor <= 1.0:
        rgb = [round(v * factor) for v in c[:3]]
    else:
        rgb = [round(v + (255 - v) * (factor - 1.0)) for v in c[:3]]
    return Color(*rgb, c.a)


# --------------------------------------------------------------------------------------------
# card frame
# --------------------------------------------------------------------------------------------


class CardFrame:
    """A card drawn in code: shadow, rounded body tinted by `color`, outline, three texts.

    `title` runs along the top, `value` is large in the middle, `footer` small at the bottom.
    It moves, fades and highlights as one object (`position`, `alpha`, `highlight`), so tweens
    can target it directly. Pass the screen's SpriteList and Batch to draw every card in two
    calls; without them the frame owns both and `draw()` draws it alone.
    """

    SHADOW_OFFSET = (3, -4)

    def __init__(
        self,
        x: float,
        y: float,
        width: int,
        height: int,
        color: Iterable[int],
        *,
        title: str = "",
        value: str = "",
        footer: str = "",
        sprites: arcade.SpriteList | None = None,
        batch: pyglet.graphics.Batch | None = None,
        radius: int = theme.RADIUS,
        value_size: float = theme.SIZE_CARD_VALUE,
        title_size: float = theme.SIZE_CARD_TITLE,
    ) -> None:
        self.width, self.height = int(width), int(height)
        self._owns_sprites = sprites is None
        self._owns_batch = batch is None
        self.sprites = sprites if sprites is not None else arcade.SpriteList()
        self.batch = batch if batch is not None else pyglet.graphics.Batch()
        self._x, self._y = float(x), float(y)
        self._alpha = 255
        self._color = Color.from_iterable(color)
        self._highlight: Color | None = None

        self._shadow = arcade.Sprite(rounded_rect_texture(self.width, self.height, radius))
        self._shadow.color = Color(0, 0, 0, 90)
        self._body = arcade.Sprite(rounded_rect_texture(self.width, self.height, radius))
        self._edge = arcade.Sprite(
            rounded_rect_texture(self.width, self.height, radius, None, (255, 255, 255, 255), 2)
        )
        for sprite in (self._shadow, self._body, self._edge):
            self.sprites.append(sprite)

        ink = text_color_on(self._color)
        self._title = arcade.Text(
            title, 0, 0, ink, title_size, font_name=UI_FONT, bold=True,
            anchor_x="center", anchor_y="top", batch=self.batch,
        )  # fmt: skip
        self._value = arcade.Text(
            value, 0, 0, ink, value_size, font_name=UI_FONT, bold=True,
            anchor_x="center", anchor_y="center", batch=self.batch,
        )  # fmt: skip
        self._footer = arcade.Text(
            footer, 0, 0, ink, title_size, font_name=UI_FONT,
            anchor_x="center", anchor_y="bottom", batch=self.batch,
        )  # fmt: skip
        self._restyle()
        self._place()

    # geometry --------------------------------------------------------------------------------
    @property
    def position(self) -> tuple[float, float]:
        return self._x, self._y

    @position.setter
    def position(self, xy: Sequence[float]) -> None:
        self._x, self._y = float(xy[0]), float(xy[1])
        self._place()

    @property
    def center_x(self) -> float:
        return self._x

    @property
    def center_y(self) -> float:
        return self._y

    @property
    def rect(self) -> arcade.types.Rect:
        return arcade.XYWH(self._x, self._y, self.width, self.height)

    def contains(self, x: float, y: float) -> bool:
        """Hit test for clicks and hover (the whole card, corners included)."""
        return abs(x - self._x) <= self.width / 2 and abs(y - self._y) <= self.height / 2

    def _place(self) -> None:
        x, y = self._x, self._y
        dx, dy = self.SHADOW_OFFSET
        self._shadow.position = (x + dx, y + dy)
        self._body.position = (x, y)
        self._edge.position = (x, y)
        pad = max(6, self.height // 14)
        self._title.position = (x, y + self.height / 2 - pad)
        self._value.position = (x, y)
        self._footer.position = (x, y - self.height / 2 + pad)

    # look ------------------------------------------------------------------------------------
    @property
    def color(self) -> Color:
        return self._color

    @color.setter
    def color(self, color: Iterable[int]) -> None:
        self._color = Color.from_iterable(color)
        self._restyle()

    @property
    def alpha(self) -> int:
        return self._alpha

    @alpha.setter
    def alpha(self, alpha: int) -> None:
        self._alpha = max(0, min(255, int(alpha)))
        self._restyle()

    @property
    def highlight(self) -> Color | None:
        """Outline colour for hover/selection/legal target; None for the plain edge."""
        return self._highlight

    @highlight.setter
    def highlight(self, color: Iterable[int] | None) -> None:
        new = Color.from_iterable(color) if color is not None else None
        if new != self._highlight:
            self._highlight = new
            self._restyle()

    def _restyle(self) -> None:
        a = self._alpha
        self._shadow.alpha = round(90 * a / 255)
        self._body.color = self._color.replace(a=a)
        edge = self._highlight or shade(self._color, 0.55)
        self._edge.color = Color(edge.r, edge.g, edge.b, a)
        self._edge.scale = 1.0 if self._highlight is None else 1.03
        ink = text_color_on(self._color)
        for text in (self._title, self._value, self._footer):
            text.color = Color(ink.r, ink.g, ink.b, a)

    # text ------------------------------------------------------------------------------------
    def _set_text(self, text: arcade.Text, value: str) -> None:
        if text.text != value:  # setting .text lays the label out again: only on change
            text.text = value

    @property
    def title(self) -> str:
        return self._title.text

    @title.setter
    def title(self, value: str) -> None:
        self._set_text(self._title, value)

    @property
    def value(self) -> str:
        return self._value.text

    @value.setter
    def value(self, value: str) -> None:
        self._set_text(self._value, value)

    @property
    def footer(self) -> str:
        return self._footer.text

    @footer.setter
    def footer(self, value: str) -> None:
        self._set_text(self._footer, value)

    @property
    def texts(self) -> tuple[arcade.Text, arcade.Text, arcade.Text]:
        """(title, value, footer), for a screen that restyles one (e.g. a wounded value in red)."""
        return self._title, self._value, self._footer

    # life ------------------------------------------------------------------------------------
    def draw(self) -> None:
        """Draw the sprites and texts this frame owns (shared ones are drawn by their owner)."""
        if self._owns_sprites:
            self.sprites.draw()
        if self._owns_batch:
            self.batch.draw()

    def remove(self) -> None:
        """Take the card off the screen sprites out of their list, texts out of the batch."""
        for sprite in (self._shadow, self._body, self._edge):
            sprite.remove_from_sprite_lists()
        for text in (self._title, self._value, self._footer):
            text.visible = False
            text.label.delete()


# --------------------------------------------------------------------------------------------
# arcade.gui helpers
# --------------------------------------------------------------------------------------------


def make_button(
    text: str,
    *,
    width: float = 200,
    height: float = theme.BUTTON_HEIGHT,
    kind: str = "secondary",
    on_click: Callable[[], Any] | None = None,
    font_size: float | None = None,
    multiline: bool = False,
) -> gui.UIFlatButton:
    """A UIFlatButton in the theme style; kind is primary, secondary, info or danger
    (`font_size`: a smaller text than the theme's, for a button in a tight panel;
    `multiline`: the text's lines, split at its newlines, one under the other).

    `on_click` takes no argument: screens rarely need the gui event, and a zero-argument
    callback is easy to call from keyboard shortcuts too.
    """
    style = theme.BUTTON_STYLES[kind]
    if font_size is not None:
        style = {state: copy.copy(s) for state, s in style.items()}
        for s in style.values():
            s.font_size = font_size
    button = gui.UIFlatButton(text=text, width=width, height=height, style=style,
                              multiline=multiline)
    if multiline:  # arcade sized the lines in its default font: size them in the style's
        button.ui_label.fit_content()
    if on_click is not None:
        button.on_click = lambda _event: on_click()
    return button


def text_room(button: gui.UIFlatButton) -> float:
    """The width `button` needs to show its text whole: the text's laid-out width and
    `theme.BUTTON_TEXT_MARGIN` on each side (for a button sized to its room, not its text)."""
    text = button.ui_label._label  # the arcade.Text the label draws (arcade has no public name)
    return math.ceil(text.content_width) + 2 * theme.BUTTON_TEXT_MARGIN


def centred_field(field: gui.UIInputText) -> gui.UIInputText:
    """A text field whose line sits in the middle of its box: arcade's field lays its text
    out at the top of a box taller than the line (issue 27). The field's own pyglet layout
    centres it (`content_valign`), the caret follows."""
    field.layout.content_valign = "center"
    return field


def make_label(
    text: str,
    *,
    size: float = theme.SIZE_BODY,
    color: Iterable[int] = theme.TEXT,
    bold: bool = False,
    font_name: str = UI_FONT,
    width: float | None = None,
    multiline: bool = False,
    align: str = "left",
) -> gui.UILabel:
    """A UILabel in a theme face (UILabel's default face list may not exist on the machine).

    With a `width` the label keeps exactly that width inside box layouts (columns line up);
    without one it fits its text.
    """
    return gui.UILabel(
        text=text,
        font_name=font_name,
        font_size=size,
        text_color=Color.from_iterable(color),
        bold=bold,
        width=width,
        multiline=multiline,
        align=align,
        size_hint=None if width else (0, 0),
    )


def make_heading(text: str, *, size: float = theme.SIZE_HEADING) -> gui.UILabel:
    return make_label(text, size=size, color=theme.GOLD, bold=True, font_name=TITLE_FONT)


class CycleButton(gui.UIFlatButton):
    """A button that steps through options on each click: "CPU: normal" -> "CPU: hard" -> ...

    Cheaper to read and to click than a dropdown for two to four choices. `on_change(value)` is
    called after each step.
    """

    def __init__(
        self,
        label: str,
        options: Sequence[str],
        value: str | None = None,
        *,
        width: float = 180,
        height: float = theme.BUTTON_HEIGHT,
        kind: str = "secondary",
        on_change: Callable[[str], Any] | None = None,
        describe: Callable[[str], str] | None = None,
    ) -> None:
        if not options:
            raise ValueError("a CycleButton needs at least one option")
        self.label = label
        self.options = tuple(options)
        self.value = value if value in self.options else self.options[0]
        self.on_change = on_change
        self._describe = describe or (lambda v: v)
        super().__init__(
            text=self._caption(), width=width, height=height, style=theme.BUTTON_STYLES[kind]
        )

    def _caption(self) -> str:
        shown = self._describe(self.value)
        return f"{self.label}: {shown}" if self.label else shown

    def set_value(self, value: str) -> None:
        """Show `value` without calling on_change (used when the setting changes elsewhere)."""
        if value in self.options:
            self.value = value
            self.text = self._caption()

    def on_click(self, event: gui.UIOnClickEvent) -> None:
        i = self.options.index(self.value)
        self.value = self.options[(i + 1) % len(self.options)]
        self.text = self._caption()
        if self.on_change is not None:
            self.on_change(self.value)


# --------------------------------------------------------------------------------------------
# transient overlays drawn by a view: tooltip and toast
# --------------------------------------------------------------------------------------------


class _Bubble:
    """A text on a rounded background; the shared body of Tooltip and Toast."""

    def __init__(self, font_size: float, max_width: int, pad: int) -> None:
        self.pad = pad
        self.max_width = max_width
        self._sprites = arcade.SpriteList()
        self._bg = arcade.Sprite(rounded_rect_texture(16, 16))
        self._sprites.append(self._bg)
        self._text = arcade.Text(
            "", 0, 0, theme.TEXT, font_size, font_name=UI_FONT,
            anchor_x="center", anchor_y="center", multiline=True, width=max_width,
            align="center",
        )  # fmt: skip
        self._shown = ""

    def set_text(self, message: str) -> None:
        if message == self._shown:
            return
        self._shown = message
        # Lay the text out unwrapped first, then wrap only when it is wider than max_width.
        self._text.width = self.max_width
        # a path is one long word: let it wrap after its separators (a zero-width space)
        self._text.text = message.replace("/", "/\u200b").replace("\\", "\\\u200b")
        w = min(self.max_width, self._text.content_width + 2)
        self._text.width = max(8, int(w))
        tex = rounded_rect_texture(
            int(self._text.content_width + 2 * self.pad) // 8 * 8 + 8,
            int(self._text.content_height + self.pad * 1.2) // 4 * 4 + 4,
            8,
        )
        self._bg.texture = tex

    @property
    def size(self) -> tuple[float, float]:
        return self._bg.width, self._bg.height

    def place(self, x: float, y: float) -> None:
        self._bg.position = (x, y)
        self._text.position = (x, y)

    def style(self, bg: Iterable[int], fg: Iterable[int], alpha: int = 255) -> None:
        bg_c, fg_c = Color.from_iterable(bg), Color.from_iterable(fg)
        self._bg.color = bg_c.replace(a=round(bg_c.a * alpha / 255))
        self._text.color = fg_c.replace(a=round(fg_c.a * alpha / 255))

    def draw(self) -> None:
        self._sprites.draw()
        self._text.draw()


def _overlap(a: arcade.types.Rect, b: arcade.types.Rect) -> float:
    w = min(a.right, b.right) - max(a.left, b.left)
    h = min(a.top, b.top) - max(a.bottom, b.bottom)
    return w * h if w > 0 and h > 0 else 0.0


def _gap_between(a: arcade.types.Rect, b: arcade.types.Rect) -> float:
    dx = max(0.0, max(a.left, b.left) - min(a.right, b.right))
    dy = max(0.0, max(a.bottom, b.bottom) - min(a.top, b.top))
    return max(dx, dy)


def _spots_beside(t: arcade.types.Rect, w: float, h: float,
                  gap: float) -> list[tuple[float, float]]:
    """(left, bottom) right of, left of, above and below `t` (beside: level with its top,
    then with its bottom)."""
    return [(t.right + gap, t.top - h), (t.right + gap, t.bottom),
            (t.left - gap - w, t.top - h), (t.left - gap - w, t.bottom),
            (t.center_x - w / 2, t.top + gap), (t.center_x - w / 2, t.bottom - gap - h)]


def place_beside(size: tuple[float, float], target: arcade.types.Rect,
                 avoid: Sequence[arcade.types.Rect] = (),
                 bounds: tuple[float, float] | None = None,
                 gap: float = 10.0) -> arcade.types.Rect:
    """Where a tooltip of `size` goes: beside `target` (what it describes), never over it,
    and clear of `avoid` (what the player may click next: a unit's moves and targets, the turn
    badge) wherever the window allows (issue 27: strike's unit tooltip covered the move tiles,
    the target and the turn pill). Tried in order: right, left, above and below the target,
    then the same around the target and the rects to avoid near it (a unit's move tiles
    surround it), each kept inside `bounds` (the logical window); the first that covers
    nothing wins, else the one covering the least."""
    w, h = size
    if bounds is None:
        bounds = view_size(arcade.get_window())
    bw, bh = bounds
    near = [r for r in avoid if _gap_between(r, target) <= max(w, h)]
    cluster = arcade.LRBT(min([target.left, *(r.left for r in near)]),
                          max([target.right, *(r.right for r in near)]),
                          min([target.bottom, *(r.bottom for r in near)]),
                          max([target.top, *(r.top for r in near)]))
    spots = _spots_beside(target, w, h, gap) + _spots_beside(cluster, w, h, gap)
    best: tuple[float, int, arcade.types.Rect] | None = None
    for order, (left, bottom) in enumerate(spots):
        left = min(max(4.0, left), bw - w - 4)
        bottom = min(max(4.0, bottom), bh - h - 4)
        rect = arcade.LBWH(left, bottom, w, h)
        covered = _overlap(rect, target) * 1e6 + sum(_overlap(rect, r) for r in avoid)
        if covered == 0.0:
            return rect
        if best is None or (covered, order) < best[:2]:
            best = (covered, order, rect)
    assert best is not None
    return best[2]


class Tooltip:
    """A small panel of help text near the mouse; `show` on hover, `hide` on leave.

    It places itself above and to the right of the point and stays inside the window.
    """

    def __init__(self, max_width: int = 320) -> None:
        self._bubble = _Bubble(theme.SIZE_SMALL + 1, max_width, 10)
        self._bubble.style(Color(16, 20, 26, 235), theme.TEXT)
        self.text = ""
        self.visible = False

    def show(self, text: str, x: float, y: float, *,
             beside: arcade.types.Rect | None = None,
             avoid: Sequence[arcade.types.Rect] = ()) -> None:
        """Show near the point (x, y), or `beside` what it describes, clear of `avoid`
        (`place_beside`)."""
        self.text = text
        self.visible = bool(text)
        if not self.visible:
            return
        self._bubble.set_text(text)
        w, h = self._bubble.size
        if beside is not None:
            spot = place_beside((w, h), beside, avoid)
            cx, cy = spot.center_x, spot.center_y
        else:
            win = arcade.get_window()
            win_w, win_h = view_size(win)
            cx = min(max(x + 16 + w / 2, w / 2 + 4), win_w - w / 2 - 4)
            cy = y + 18 + h / 2
            if cy + h / 2 > win_h - 4:
                cy = y - 18 - h / 2
            cy = max(h / 2 + 4, cy)
        self._bubble.place(cx, cy)

    def hide(self) -> None:
        self.visible = False
        self.text = ""

    def draw(self) -> None:
        if self.visible:
            self._bubble.draw()


TOAST_KINDS: dict[str, Color] = {
    "error": Color(150, 44, 38, 240),
    "info": Color(30, 38, 46, 240),
    "success": Color(40, 110, 60, 240),
}


class Toast:
    """A short message that appears and fades by itself (rejections, "Saved", upkeep news).

    Shown at the bottom centre of the window unless given a point (e.g. beside a card that was
    refused). A new message replaces the current one. It is timed by `update(dt)` from the view's
    on_update, like every animation, so it never needs the pyglet clock.
    """

    FADE = 0.3  # seconds of fade-out at the end

    def __init__(self, max_width: int = 560) -> None:
        self._bubble = _Bubble(theme.SIZE_BODY, max_width, 16)
        self.message = ""
        self.kind = "info"
        self.remaining = 0.0
        self.duration = 0.0
        self._at: tuple[float, float] | None = None

    @property
    def visible(self) -> bool:
        return self.remaining > 0.0 and bool(self.message)

    def show(
        self,
        message: str,
        kind: str = "error",
        duration: float = 1.5,
        at: tuple[float, float] | None = None,
    ) -> None:
        """Show `message` for `duration` seconds; kind picks the colour (error, info, success)."""
        self.message = message
        self.kind = kind if kind in TOAST_KINDS else "info"
        self.duration = self.remaining = max(0.1, duration)
        self._at = at
        self._bubble.set_text(message)

    def hide(self) -> None:
        self.remaining = 0.0

    def update(self, dt: float) -> None:
        if self.remaining > 0.0:
            self.remaining = max(0.0, self.remaining - dt)

    def draw(self) -> None:
        if not self.visible:
            return
        alpha = round(255 * min(1.0, self.remaining / self.FADE))
        self._bubble.style(TOAST_KINDS[self.kind], theme.TEXT, alpha)
        w, h = self._bubble.size
        win = arcade.get_window()
        win_w, win_h = view_size(win)
        if self._at is None:
            x, y = win_w / 2, 56 + h / 2
        else:
            x = min(max(self._at[0], w / 2 + 4), win_w - w / 2 - 4)
            y = min(max(self._at[1], h / 2 + 4), win_h - h / 2 - 4)
        self._bubble.place(x, y)
        self._bubble.draw()


# --------------------------------------------------------------------------------------------
# help overlay
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HelpTopic:
    """One section of a help overlay: a heading and its lines (each wraps to the panel)."""

    title: str
    lines: tuple[str, ...] | list[str] = field(default_factory=tuple)


class HelpOverlay(arcade.View):
    """A scrollable help panel over any view; H or Esc (or a click outside) closes it.

    It is a View of its own, so while it is open the view below gets no input, and it draws
    that view as a still backdrop. Closing shows the view again (its on_show_view runs again).
    Scroll with the wheel, Up/Down, PageUp/PageDown, Home/End.
    """

    CLOSE_KEYS = (arcade.key.H, arcade.key.ESCAPE)
    LINE_STEP = 40

    def __init__(
        self,
        parent: arcade.View,
        topics: Sequence[HelpTopic],
        title: str | None = None,
    ) -> None:
        super().__init__()
        self.parent = parent
        self.topics = list(topics)
        self.title = title = _("Help") if title is None else title
        self.scroll = 0.0
        self.content_height = 0.0
        self._batch = pyglet.graphics.Batch()
        self._texts: list[tuple[arcade.Text, float]] = []  # text, y offset from content top
        self._frame = arcade.SpriteList()
        self._bar = arcade.SpriteList()
        self._title_text = arcade.Text(
            title, 0, 0, theme.GOLD, theme.SIZE_HEADING, font_name=TITLE_FONT, bold=True,
            anchor_x="left", anchor_y="top",
        )  # fmt: skip
        self._footer = arcade.Text(
            _("H or Esc: close      Wheel, Up/Down, PgUp/PgDn: scroll"), 0, 0, theme.TEXT_MUTED,
            theme.SIZE_SMALL, font_name=UI_FONT, anchor_x="center", anchor_y="bottom",
        )  # fmt: skip
        self.panel = arcade.LBWH(0, 0, 1, 1)
        self.content = arcade.LBWH(0, 0, 1, 1)

    @classmethod
    def open(
        cls, parent: arcade.View, topics: Sequence[HelpTopic], title: str | None = None
    ) -> HelpOverlay:
        """Show help over `parent` and return the overlay."""
        overlay = cls(parent, topics, title)
        parent.window.show_view(overlay)
        return overlay

    def close(self) -> None:
        self.window.show_view(self.parent)

    # layout ----------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        pw = min(900, width - 80)
        ph = max(200, height - 80)
        self.panel = arcade.XYWH(width / 2, height / 2, pw, ph)
        top_bar, bottom_bar = 70, 40
        self.content = arcade.LBWH(
            self.panel.left + 32, self.panel.bottom + bottom_bar,
            pw - 64, ph - top_bar - bottom_bar,
        )  # fmt: skip
        self._title_text.position = (self.panel.left + 32, self.panel.top - 22)
        self._footer.position = (self.panel.center_x, self.panel.bottom + 12)

        self._frame.clear()
        shade_sprite = arcade.SpriteSolidColor(width, height, width / 2, height / 2, theme.SHADE)
        self._frame.append(shade_sprite)
        body = arcade.Sprite(
            rounded_rect_texture(int(pw), int(ph), 14, tuple(theme.PANEL), tuple(theme.GOLD), 2)
        )
        body.position = self.panel.center
        self._frame.append(body)
        rule = arcade.SpriteSolidColor(
            int(pw - 64), 1, self.panel.center_x, self.panel.top - top_bar + 6, theme.PANEL_EDGE
        )
        self._frame.append(rule)

        # Content texts: laid out once per size, moved by scrolling.
        for text, _offset in self._texts:
            text.label.delete()
        self._texts = []
        self._batch = pyglet.graphics.Batch()
        wrap = int(self.content.width - 16)
        y = 8.0
        for topic in self.topics:
            heading = arcade.Text(
                topic.title, 0, 0, theme.GOLD_HI, theme.SIZE_SUBHEADING, font_name=UI_FONT,
                bold=True, anchor_y="top", batch=self._batch, multiline=True, width=wrap,
            )  # fmt: skip
            self._texts.append((heading, y))
            y += heading.content_height + 6
            for line in topic.lines:
                body_text = arcade.Text(
                    line, 0, 0, theme.TEXT, theme.SIZE_BODY, font_name=UI_FONT,
                    anchor_y="top", batch=self._batch, multiline=True, width=wrap - 18,
                )  # fmt: skip
                self._texts.append((body_text, y))
                y += body_text.content_height + 4
            y += 16
        self.content_height = y
        self._scroll_to(self.scroll)

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_height - self.content.height)

    def _scroll_to(self, value: float) -> None:
        self.scroll = max(0.0, min(self.max_scroll, value))
        left, top = self.content.left, self.content.top + self.scroll
        for text, offset in self._texts:
            indent = 0 if text.font_size == theme.SIZE_SUBHEADING else 18
            text.position = (left + indent, top - offset)
        self._bar.clear()
        if self.max_scroll > 0:
            track_h = self.content.height
            thumb_h = max(30.0, track_h * self.content.height / self.content_height)
            frac = self.scroll / self.max_scroll
            thumb_y = self.content.top - thumb_h / 2 - frac * (track_h - thumb_h)
            x = self.content.right + 14
            self._bar.append(
                arcade.SpriteSolidColor(4, int(track_h), x, self.content.center_y, theme.PANEL_HI)
            )
            self._bar.append(arcade.SpriteSolidColor(6, int(thumb_h), x, thumb_y, theme.GOLD))

    # view events -----------------------------------------------------------------------------
    def on_show_view(self) -> None:
        self.layout(*view_size(self.window))

    def on_resize(self, width: int, height: int) -> None:
        from game.scenes.base import resize_under  # base imports this module

        resize_under(self.parent, width, height)  # a game screen: in steps, behind its loading state
        self.layout(width, height)

    def on_update(self, delta_time: float) -> None:
        if getattr(self.parent, "preparing", False):  # the screen underneath lays out again
            self.parent.on_update(delta_time)

    def on_draw(self) -> None:
        self.parent.on_draw()
        self._frame.draw()
        self._title_text.draw()
        self._footer.draw()
        ctx = self.window.ctx
        c = self.content
        # in window units: the screen framebuffer multiplies by the pixel ratio itself
        ctx.scissor = (int(c.left), int(c.bottom), math.ceil(c.width), math.ceil(c.height))
        try:
            self._batch.draw()
        finally:
            ctx.scissor = None
        self._bar.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in self.CLOSE_KEYS:
            self.close()
        elif symbol == arcade.key.DOWN:
            self._scroll_to(self.scroll + self.LINE_STEP)
        elif symbol == arcade.key.UP:
            self._scroll_to(self.scroll - self.LINE_STEP)
        elif symbol == arcade.key.PAGEDOWN:
            self._scroll_to(self.scroll + self.content.height * 0.9)
        elif symbol == arcade.key.PAGEUP:
            self._scroll_to(self.scroll - self.content.height * 0.9)
        elif symbol == arcade.key.HOME:
            self._scroll_to(0)
        elif symbol == arcade.key.END:
            self._scroll_to(self.max_scroll)
        return True

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        self._scroll_to(self.scroll - scroll_y * self.LINE_STEP)
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if not self.panel.point_in_rect((x, y)):
            self.close()
        return True


class Segmented(gui.UIBoxLayout):
    """A row of buttons of which one is selected (animation speed, on/off, hint level).

    All choices stay visible, unlike a CycleButton; the selected one wears the primary style.
    `on_change(value)` is called when the player picks a different option.
    """

    def __init__(
        self,
        options: Sequence[str],
        value: str | None = None,
        *,
        labels: Sequence[str] | None = None,
        button_width: float = 110,
        height: float = theme.BUTTON_HEIGHT - 4,
        on_change: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__(vertical=False, space_between=4)
        if not options:
            raise ValueError("a Segmented control needs at least one option")
        self.options = tuple(options)
        self.value = value if value in self.options else self.options[0]
        self.on_change = on_change
        self.buttons: dict[str, gui.UIFlatButton] = {}
        for option, label in zip(self.options, labels or self.options, strict=True):
            button = gui.UIFlatButton(
                text=label, width=button_width, height=height, style=theme.BUTTON_SECONDARY
            )
            button.on_click = lambda _event, opt=option: self.select(opt)
            self.buttons[option] = self.add(button)
        self._restyle()

    def select(self, value: str, notify: bool = True) -> None:
        """Pick `value`; on_change runs only when it differs and `notify` is True."""
        if value not in self.options or value == self.value:
            return
        self.value = value
        self._restyle()
        if notify and self.on_change is not None:
            self.on_change(value)

    def _restyle(self) -> None:
        for option, button in self.buttons.items():
            button.style = theme.BUTTON_PRIMARY if option == self.value else theme.BUTTON_SECONDARY
            button.trigger_render()
