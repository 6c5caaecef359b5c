"""Baked buttons (crawl/buttons.py): the gui's pixels in every state, the gui's click rules,
and no gui layout or render when a button changes state; the flattened fan (crawl/flat.py)."""

from __future__ import annotations

import arcade
import arcade.gui as gui

from game.scenes.base import GameViewBase
from game.scenes.crawl.buttons import BakedButtons, ButtonSpec
from game.scenes.crawl.flat import draw_opaque_sprites, flatten
from game.scenes.harness import click, move, screenshot, step
from game.scenes.widgets import make_button
from tests.scenes.crawl.crawl_scene_helpers import show

SPECS = (("one", "One", 150, "danger"), ("two", "Two (T)", 170, "primary"),
         ("three", "Three", 130, "secondary"))


class GuiRow(GameViewBase):
    """The same row as stock gui buttons."""

    def layout(self, width, height):
        self.ui.clear()
        row = gui.UIBoxLayout(vertical=False, space_between=12)
        self.buttons = {k: row.add(make_button(t, width=w, height=44, kind=kind))
                        for k, t, w, kind in SPECS}
        anchor = gui.UIAnchorLayout()
        anchor.add(row, anchor_x="center_x", anchor_y="bottom", align_y=22)
        self.ui.add(anchor)


class BakedRow(GameViewBase):
    def __init__(self, app):
        super().__init__(app)
        self.clicks = []
        self.buttons = BakedButtons(
            {k: ButtonSpec(t, w, kind, on_click=lambda k=k: self.clicks.append(k))
             for k, t, w, kind in SPECS}, height=44, gap=12, align_y=22, tag="test")

    def layout(self, width, height):
        self.buttons.layout(width, height)

    def draw_board(self):
        self.buttons.draw()

    def on_mouse_motion(self, x, y, dx, dy):
        self.buttons.on_mouse_motion(x, y)

    def on_mouse_press(self, x, y, button, modifiers):
        self.buttons.on_mouse_press(x, y, button)

    def on_mouse_release(self, x, y, button, modifiers):
        self.buttons.on_mouse_release(x, y, button)


def _row_pixels(window, view, names):
    img = screenshot(window)
    boxes = [view.buttons[n].rect for n in names]
    left = int(min(b.left for b in boxes)) - 3
    right = int(max(b.right for b in boxes)) + 3
    top = int(max(b.top for b in boxes)) + 3
    bottom = int(min(b.bottom for b in boxes)) - 3
    return img.crop((left, img.height - top, right, img.height - bottom)).convert("RGB")


def test_same_pixels_as_the_gui_in_every_state(window, crawl_app):
    names = [k for k, *_ in SPECS]
    shots, rects = {}, {}
    for label, make in (("gui", GuiRow), ("baked", BakedRow)):
        view = show(window, make(crawl_app))
        b = view.buttons
        rects[label] = [b[n].rect for n in names]
        states = []
        states.append(_row_pixels(window, view, names))  # normal
        move(window, *b["one"].rect.center)
        step(window)
        states.append(_row_pixels(window, view, names))  # hover
        window.dispatch_event("on_mouse_press", *b["two"].rect.center, arcade.MOUSE_BUTTON_LEFT, 0)
        step(window)
        states.append(_row_pixels(window, view, names))  # press (and the hover moved)
        window.dispatch_event("on_mouse_release", 5, 5, arcade.MOUSE_BUTTON_LEFT, 0)
        move(window, 5, 5)
        b["three"].disabled = True
        step(window)
        states.append(_row_pixels(window, view, names))  # disabled
        shots[label] = states
        window.hide_view()
    assert rects["gui"] == rects["baked"]
    for gui_img, baked_img in zip(shots["gui"], shots["baked"], strict=True):
        assert gui_img.size == baked_img.size
        assert gui_img.tobytes() == baked_img.tobytes()


def test_click_rules_and_no_gui_work(window, crawl_app):
    view = show(window, BakedRow(crawl_app))
    one, three = view.buttons["one"], view.buttons["three"]
    click(window, *one.rect.center)
    assert view.clicks == ["one"]
    three.disabled = True
    click(window, *three.rect.center)
    assert view.clicks == ["one"]  # a disabled button takes the press but never clicks
    # pressed on one, released outside: no click (as UIInteractiveWidget)
    window.dispatch_event("on_mouse_press", *one.rect.center, arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", 5, 5, arcade.MOUSE_BUTTON_LEFT, 0)
    assert view.clicks == ["one"] and not one.pressed
    # state changes swap textures: the gui manager never lays out
    layouts = view.ui.layout_count
    for i in range(6):
        three.disabled = i % 2 == 0
        step(window)
    assert view.ui.layout_count == layouts
    assert three.sprite.texture is three.textures[three.state]
    three.disabled = True
    assert three.sprite.texture is three.textures["disabled"]


def test_label_change_bakes_once(window, crawl_app):
    view = show(window, BakedRow(crawl_app))
    two = view.buttons["two"]
    normal = two.textures["normal"]
    two.text = "Used"
    assert two.text == "Used" and two.sprite.texture is not normal
    used = two.sprite.texture
    two.text = "Two (T)"
    assert two.sprite.texture is normal  # cached
    two.text = "Used"
    assert two.sprite.texture is used


def test_flattened_fan_matches_the_sprites(window, crawl_app):
    from game.scenes import theme
    from game.scenes.crawl import look

    sprites = arcade.SpriteList()
    for i, kind in enumerate(("enemy", "spell", "shield")):
        sprite = arcade.Sprite(look.card_face_texture(kind, "", 70, 100))
        sprite.position = (300.3 + i * 30, 200.6 - abs(i - 1) * 8)
        sprite.angle = (i - 1) * 9
        sprites.append(sprite)
    flat = arcade.SpriteList()
    flat.append(flatten(sprites, theme.TABLE, "test"))

    class Fan(GameViewBase):
        def __init__(self, app, draw):
            super().__init__(app)
            self.draw = draw

        def draw_board(self):
            self.draw()

    shots = []
    for draw in (sprites.draw, lambda: draw_opaque_sprites(flat)):
        show(window, Fan(crawl_app, draw))
        shots.append(screenshot(window).convert("RGB"))
        window.hide_view()
    diff = [abs(a - b) for pa, pb in zip(shots[0].getdata(), shots[1].getdata(), strict=True)
            for a, b in zip(pa, pb, strict=True)]
    assert max(diff) <= 2  # atlas placement may move linear sampling by a unit
