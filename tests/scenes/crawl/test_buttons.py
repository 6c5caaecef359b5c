"""The crawl screens' button rows are arcade gui buttons again: the same pixels as the baked
buttons they replace (references rendered with `BakedButtons` before its deletion, under ref/),
the gui's click rules, and no frame of preparation for them; the flattened fan (crawl/flat.py)."""

from __future__ import annotations

from pathlib import Path

import arcade
from PIL import Image, ImageChops

from game.scenes.base import GameViewBase
from game.scenes.crawl.flat import draw_opaque_sprites, flatten
from game.scenes.harness import click, move, screenshot, step
from tests.scenes.crawl.crawl_scene_helpers import show

REF = Path(__file__).parent / "ref"


def _bottom(img: Image.Image, rows: int) -> Image.Image:
    return img.crop((0, img.height - rows, img.width, img.height)).convert("RGB")


def _same(img: Image.Image, name: str) -> None:
    ref = Image.open(REF / name).convert("RGB")
    assert img.size == ref.size
    box = ImageChops.difference(img, ref).getbbox()
    assert box is None, f"{name}: pixels differ in {box}"


def test_the_play_bar_looks_as_it_did_baked(window, crawl_app):
    from game.scenes.crawl.play import PlayView
    from game.scenes.crawl.start import new_match

    crawl_app.settings.animation_speed = "instant"
    view = PlayView(crawl_app, new_match("normal", 5))
    view.hint_sync = True
    show(window, view, 3)
    _same(_bottom(screenshot(window), 72), "play-bar.png")
    move(window, *view.buttons["attack"].rect.center)
    step(window, 2)
    _same(_bottom(screenshot(window), 72), "play-bar-hover.png")
    view.close()
    window.hide_view()


def test_the_picker_bar_looks_as_it_did_baked(window, crawl_app):
    from game.scenes.crawl.picker import PickerView
    from game.scenes.crawl.start import new_match

    crawl_app.settings.animation_speed = "instant"
    picker = show(window, PickerView(crawl_app, new_match("constructed", 7)), 3)
    _same(_bottom(screenshot(window), 90), "picker-bar.png")  # Start and Clear disabled
    picker.toggle(picker.ids[0])
    step(window, 2)
    _same(_bottom(screenshot(window), 90), "picker-bar-one.png")  # Clear enabled
    picker.on_leave()
    window.hide_view()


def test_the_bar_clicks_wait_for_animations_and_help_does_not(window, crawl_app):
    from game.scenes.crawl.play import PlayView
    from game.scenes.crawl.start import new_match
    from game.scenes.widgets import HelpOverlay

    view = PlayView(crawl_app, new_match("normal", 5))
    view.hint_sync = True
    show(window, view, 3)
    attack = view.buttons["attack"]
    assert not attack.disabled and attack.text == "Random attack"
    click(window, *attack.rect.center)
    step(window, 240)
    assert attack.text == "Used" and attack.disabled  # the random attack was made
    click(window, *view.buttons["help"].rect.center)
    assert isinstance(window.current_view, HelpOverlay)
    window.show_view(view)
    view.close()
    window.hide_view()


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
