"""A row of buttons baked into textures: the gui's look, none of its per-change cost.

A `gui.UIFlatButton` that changes state (enabled, hovered, pressed) asks its manager to lay
out and render again: on Mesa's llvmpipe a frame in which the picker's Start or Clear button
turned on or off cost 5-8 ms more than any other (layout of every widget, the label's text
laid out again in its new colour, the surface rendered and copied). A screen whose buttons
change state while it animates keeps the same buttons as `BakedButtons`: each button is
rendered by arcade's own gui once per state at layout (normal, hover, press, disabled), read
back, and shown as an opaque sprite whose texture is swapped when the state changes. The
pixels are the gui's; a state change costs a texture swap.

The row is placed as the screens place their gui rows (an `UIAnchorLayout` holding a
horizontal `UIBoxLayout`, centred, `align_y` above the bottom), and the input follows
`UIInteractiveWidget`: hover on motion, press inside a button, click on release inside the
pressed button unless it is disabled. The view forwards its mouse handlers.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import arcade
import arcade.gui as gui
from PIL import Image

from game.scenes.widgets import make_button

STATES = ("normal", "hover", "press", "disabled")


@dataclass
class ButtonSpec:
    """One button of the row: its label, width, theme kind and action."""

    text: str
    width: float
    kind: str = "secondary"
    on_click: Callable[[], Any] | None = None


class BakedButton:
    """One baked button: its rectangle, its state and the sprite that shows it."""

    def __init__(self, row: BakedButtons, name: str, spec: ButtonSpec) -> None:
        self.row = row
        self.name = name
        self.spec = spec
        self.rect = arcade.LBWH(0, 0, spec.width, row.height)
        self.textures: dict[str, arcade.Texture] = {}
        self.sprite: arcade.Sprite | None = None
        self._disabled = False
        self.hovered = False
        self.pressed = False

    @property
    def text(self) -> str:
        return self.spec.text

    @text.setter
    def text(self, value: str) -> None:
        """A new label: baked in its four states the first time it is shown (cached)."""
        if value != self.spec.text:
            self.spec.text = value
            if self.sprite is not None:
                self.row.bake(self)

    @property
    def disabled(self) -> bool:
        return self._disabled

    @disabled.setter
    def disabled(self, value: bool) -> None:
        value = bool(value)
        if value != self._disabled:
            self._disabled = value
            self.show()

    @property
    def state(self) -> str:
        """The gui's precedence: disabled, then pressed, then hovered."""
        if self._disabled:
            return "disabled"
        if self.pressed:
            return "press"
        if self.hovered:
            return "hover"
        return "normal"

    def show(self) -> None:
        """Put the current state's texture on the sprite (a swap only when it changed)."""
        if self.sprite is None:
            return
        texture = self.textures.get(self.state)
        if texture is not None and self.sprite.texture is not texture:
            self.sprite.texture = texture


class BakedButtons:
    """A centred row of buttons, baked per state at layout, drawn as one opaque sprite list."""

    def __init__(self, specs: dict[str, ButtonSpec], *, height: float, gap: float = 12,
                 align_y: float = 22, tag: str = "buttons") -> None:
        self.height = height
        self.gap = gap
        self.align_y = align_y
        self.tag = tag
        self.buttons = {name: BakedButton(self, name, spec) for name, spec in specs.items()}
        self.sprites = arcade.SpriteList()
        self._size = (0, 0)
        self._cache: dict[tuple[Any, ...], dict[str, arcade.Texture]] = {}

    def __getitem__(self, name: str) -> BakedButton:
        return self.buttons[name]

    def __iter__(self):
        return iter(self.buttons.values())

    def __len__(self) -> int:
        return len(self.buttons)

    # -- layout ---------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """Place the row and bake every button in every state with arcade's gui."""
        manager = gui.UIManager()
        row = gui.UIBoxLayout(vertical=False, space_between=self.gap)
        widgets = {name: row.add(make_button(b.spec.text, width=b.spec.width,
                                             height=self.height, kind=b.spec.kind))
                   for name, b in self.buttons.items()}  # fmt: skip
        anchor = gui.UIAnchorLayout()
        anchor.add(row, anchor_x="center_x", anchor_y="bottom", align_y=self.align_y)
        manager.add(anchor)
        manager.execute_layout()
        self._size = (width, height)
        for name, widget in widgets.items():
            self.buttons[name].rect = widget.rect
        self._cache.clear()
        self._store(widgets, self._render_states(manager, widgets, width, height))
        manager.clear()
        self.sprites.clear()
        for button in self.buttons.values():
            button.textures = self._cache[self._key(button)]
            sprite = arcade.Sprite(button.textures[button.state])
            sprite.size = (button.rect.width, button.rect.height)
            sprite.position = button.rect.center
            button.sprite = sprite
            self.sprites.append(sprite)

    def _key(self, button: BakedButton) -> tuple[Any, ...]:
        r = button.rect
        return (button.name, button.spec.text, button.spec.kind, r.width, r.height)

    def _store(self, widgets: dict[str, gui.UIFlatButton],
               images: dict[str, dict[str, Image.Image]]) -> None:
        for name in widgets:
            button = self.buttons[name]
            textures = {}
            for state in STATES:
                image = images[state][name]
                digest = hashlib.blake2b(image.tobytes(), digest_size=10).hexdigest()
                textures[state] = arcade.Texture(
                    image, hash=f"tabula-{self.tag}-{image.width}x{image.height}-{digest}",
                    hit_box_algorithm=arcade.hitbox.algo_bounding_box,
                )  # fmt: skip
            self._cache[self._key(button)] = textures

    def bake(self, button: BakedButton) -> None:
        """Show a button's current label: from the cache, or rendered by the gui now (one
        button, where it stands; its rectangle does not depend on its label)."""
        key = self._key(button)
        if key not in self._cache:
            manager = gui.UIManager()
            widget = make_button(button.spec.text, width=button.rect.width,
                                 height=button.rect.height, kind=button.spec.kind)
            manager.add(widget)
            widget.rect = button.rect
            manager.execute_layout()
            widgets = {button.name: widget}
            self._store(widgets, self._render_states(manager, widgets, *self._size))
            manager.clear()
        button.textures = self._cache[key]
        button.show()

    def _render_states(self, manager: gui.UIManager, widgets: dict[str, gui.UIFlatButton],
                       width: int, height: int) -> dict[str, dict[str, Image.Image]]:
        """Draw the row with the stock manager into an offscreen framebuffer once per state
        and read each button's rectangle back (opaque: the buttons paint their whole box)."""
        window = arcade.get_window()
        ctx = window.ctx
        ratio = window.get_pixel_ratio()
        pw, ph = max(1, round(width * ratio)), max(1, round(height * ratio))
        fbo = ctx.framebuffer(color_attachments=[ctx.texture((pw, ph), components=4)])
        boxes = {name: (round(w.rect.left * ratio), round(w.rect.bottom * ratio),
                        round(w.rect.width * ratio), round(w.rect.height * ratio))
                 for name, w in widgets.items()}
        # one read-back per state, of the box around the row: each read waits for the
        # software rasterizer to finish, so reading each button apart cost 5x as long
        left = min(b[0] for b in boxes.values())
        bottom = min(b[1] for b in boxes.values())
        right = max(b[0] + b[2] for b in boxes.values())
        top = max(b[1] + b[3] for b in boxes.values())
        area = (left, bottom, right - left, top - bottom)
        out: dict[str, dict[str, Image.Image]] = {}
        with fbo.activate():
            for state in STATES:
                for widget in widgets.values():
                    widget.disabled = state == "disabled"
                    widget.pressed = state == "press"
                    widget.hovered = state == "hover"
                fbo.clear(color=(0, 0, 0, 0))
                manager.draw()
                row = Image.frombytes("RGBA", area[2:], fbo.read(viewport=area, components=4))
                row = row.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
                out[state] = {}
                for name, (x, y, w, h) in boxes.items():
                    y0 = area[3] - (y - bottom) - h  # the image's rows run top down
                    out[state][name] = row.crop((x - left, y0, x - left + w, y0 + h))
        return out

    # -- drawing --------------------------------------------------------------------------
    def draw(self) -> None:
        """The buttons, texel for pixel and without blending (they are opaque)."""
        ctx = self.sprites.ctx
        with ctx.enabled_only():
            self.sprites.draw(filter=ctx.NEAREST)

    # -- input (the view forwards its mouse handlers) ---------------------------------------
    def _at(self, x: float, y: float) -> BakedButton | None:
        for button in self.buttons.values():
            if button.rect.point_in_rect((x, y)):
                return button
        return None

    def on_mouse_motion(self, x: float, y: float) -> None:
        for button in self.buttons.values():
            hovered = button.rect.point_in_rect((x, y))
            if hovered != button.hovered:
                button.hovered = hovered
                button.show()

    def on_mouse_press(self, x: float, y: float, mouse_button: int) -> bool:
        """True when the press landed on a button (it is then the button's)."""
        if mouse_button != arcade.MOUSE_BUTTON_LEFT:
            return False
        button = self._at(x, y)
        if button is None:
            return False
        button.pressed = True
        button.show()
        return True

    def on_mouse_release(self, x: float, y: float, mouse_button: int) -> bool:
        """Click the pressed button if the release is inside it and it is enabled."""
        if mouse_button != arcade.MOUSE_BUTTON_LEFT:
            return False
        handled = False
        for button in self.buttons.values():
            if not button.pressed:
                continue
            button.pressed = False
            button.show()
            handled = True
            if button.rect.point_in_rect((x, y)) and not button.disabled:
                if button.spec.on_click is not None:
                    button.spec.on_click()
        return handled
