"""The frame-time helpers of the shell: the tight UIManager (layout, render and copy only on
change), baked texts, the colour-only clear, the felt mesh, and the Hint worker's module."""

from __future__ import annotations

import subprocess
import sys

import arcade
import arcade.gui as gui
import arcade.shape_list
import numpy as np
import pytest

from game.scenes.bake import bake_each, bake_texts, draw_baked
from game.scenes.base import GameViewBase
from game.scenes.fonts import UI_FONT
from game.scenes.harness import screenshot, step
from game.scenes.menu import felt_light, table_felt
from game.scenes.screen import clear_color, draw_opaque
from game.scenes.widgets import make_button, make_label


def _pixels(image) -> np.ndarray:
    return np.asarray(image.convert("RGB")).astype(int)


class Buttons(GameViewBase):
    def layout(self, width, height):
        self.ui.clear()
        row = gui.UIBoxLayout(vertical=False, space_between=10)
        self.one = row.add(make_button("One", width=150, kind="danger"))
        self.two = row.add(make_button("Two", width=150))
        self.note = row.add(make_label("A note", width=200, multiline=True))
        anchor = gui.UIAnchorLayout()
        anchor.add(row, anchor_x="center_x", anchor_y="bottom", align_y=10)
        self.ui.add(anchor)


def test_gui_lays_out_and_renders_only_on_change(window, app):
    view = Buttons(app)
    window.show_view(view)
    step(window, 3)
    ui = view.ui
    laid_out = ui.layout_count
    step(window, 5)
    assert ui.layout_count == laid_out  # nothing changed: no layout, no render
    assert not ui.needs_update()
    view.two.disabled = True  # a state change renders the button (and lays out once)
    step(window, 2)
    assert laid_out < ui.layout_count <= laid_out + 2
    assert not ui.needs_update()
    # the blit samples a plain copy of the surface, not the framebuffer's texture
    assert ui._copies and ui._copies[0] is not ui._get_surface(0).texture
    # what the copy shows is what the surface holds under the widgets
    rect = view.two.rect
    x, y = int(rect.left) + 6, int(rect.bottom) + 6  # beside the label, on the background
    assert screenshot(window).getpixel((x, window.height - 1 - y))[:3] == (52, 58, 64)


def test_ui_boxes_are_merged_when_they_overlap(window, app):
    from game.scenes.ui import merge_boxes

    assert merge_boxes([(0, 0, 10, 10), (5, 5, 20, 20), (30, 0, 40, 10)]) == [
        (0, 0, 20, 20), (30, 0, 40, 10)]


class Canvas(GameViewBase):
    def __init__(self, app, draw):
        super().__init__(app)
        self.draw = draw

    def draw_board(self):
        self.draw()


def _shot(window, app, draw):
    window.show_view(Canvas(app, draw))
    step(window)
    return _pixels(screenshot(window))


@pytest.mark.slow
def test_baked_texts_look_like_the_texts(window, app):
    texts = [
        arcade.Text("Revive", 300.4, 400.6, (255, 255, 255), 22, font_name=UI_FONT, bold=True,
                    anchor_x="center"),
        arcade.Text("The next time your HP would drop to 0, it stays at 1.", 120.3, 300.2,
                    (236, 230, 246), 11, font_name=UI_FONT, multiline=True, width=150,
                    align="center", anchor_x="center", anchor_y="top"),
    ]

    def direct():
        for text in texts:
            text.draw()

    sprites = arcade.SpriteList()
    sprites.extend(bake_each(texts, "test"))
    assert len(sprites) == 2
    baked = _shot(window, app, lambda: draw_baked(sprites))
    plain = _shot(window, app, direct)
    # (a glyph edge exactly on a pixel centre may round either way: keep off half pixels)
    assert np.abs(baked - plain).max() <= 3
    # a sprite is trimmed to the ink of its text
    single = bake_texts({"k": texts[:1]}, "test")["k"]
    assert single.rect.width <= texts[0].content_width + 2


def test_colour_clear_fills_the_window(window, app):
    view = Canvas(app, lambda: None)
    view.background_color = arcade.types.Color(12, 34, 56)
    window.show_view(view)
    step(window)
    image = screenshot(window)
    for point in ((0, 0), (640, 360), (1279, 719)):
        assert image.getpixel(point)[:3] == (12, 34, 56)
    clear_color(window, (200, 10, 20))
    assert arcade.get_image(0, 0, 4, 4).getpixel((1, 1))[:3] == (200, 10, 20)


def test_rounded_fill_covers_the_polygon(window, app):
    from game.scenes.crawl import look

    rect = arcade.XYWH(300.5, 250.25, 161, 229)
    color = arcade.types.Color(108, 70, 158)
    polygon = arcade.shape_list.ShapeElementList()
    polygon.append(arcade.shape_list.create_polygon(look.rounded_points(rect, 12), color))
    fill = arcade.shape_list.ShapeElementList()
    fill.append(look.rounded_fill(rect, 12, color))
    assert (_shot(window, app, polygon.draw) == _shot(window, app, fill.draw)).all()


def test_felt_is_lit_in_the_middle_and_covers_the_window(window, app):
    assert felt_light(0, 0) == 1.0
    assert felt_light(1, 1) < felt_light(1, 0) < felt_light(0.3, 0.2)
    felt = table_felt(window.width, window.height)
    image = _shot(window, app, lambda: draw_opaque(felt))
    centre, corner, edge = image[360, 640], image[2, 2], image[360, 4]
    assert centre.sum() > edge.sum() > corner.sum()
    # the old felt texture's colours at the middle of an edge and near a corner
    assert np.abs(edge - (22, 41, 36)).max() <= 2
    assert np.abs(corner - (19, 34, 31)).max() <= 2


@pytest.mark.slow
def test_hint_worker_imports_no_arcade():
    from game.ai.crawl.worker import think
    from game.scenes.crawl import hint

    assert hint.think is think and think.__module__ == "game.ai.crawl.worker"
    code = "import sys, game.ai.crawl.worker; print('arcade' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_settings_are_written_through_atomic_write_text(monkeypatch, tmp_path):
    from game.scenes import settings as settings_module
    from game.scenes.settings import Settings

    written = []
    real = settings_module.atomic_write_text

    def spy(path, text):
        written.append(path)
        real(path, text)

    monkeypatch.setattr(settings_module, "atomic_write_text", spy)
    folder = tmp_path / "config"  # tmp_path also holds the test's TABULA_HOME
    folder.mkdir()
    Settings().save(folder / "settings.json")
    assert written == [folder / "settings.json"]
    assert sorted(p.name for p in folder.iterdir()) == ["settings.json"]


def test_texts_of_every_size_share_one_glyph_texture_and_draw_once(window, app):
    """`fonts.share_glyph_textures`: a value, a name and a bold title in three sizes put their
    glyphs in one texture, so a batch draws them as one group, and they still show."""
    import pyglet

    from game.scenes.fonts import TITLE_FONT, _shared_glyphs

    batch = pyglet.graphics.Batch()
    texts = [arcade.Text("17", 40, 300, arcade.color.WHITE, 29, font_name=UI_FONT, bold=True,
                         batch=batch),
             arcade.Text("Frost Shard", 40, 200, arcade.color.WHITE, 13, font_name=UI_FONT,
                         batch=batch),
             arcade.Text("Card Crawl", 40, 100, arcade.color.WHITE, 21, font_name=TITLE_FONT,
                         bold=True, batch=batch)]
    shared = {atlas.texture.id for atlas in _shared_glyphs[0].atlases}
    used = {group.texture.id for group in batch.group_map}
    assert used <= shared  # every size and face in the shared textures
    assert len(batch.group_map) == len(used)  # one state change and one draw per texture
    assert len(used) <= 2  # (a second texture only once a long session fills the first)
    window.clear(color=(0, 0, 0, 255))
    batch.draw()
    image = arcade.get_image()
    for text in texts:
        y = window.height - 1 - int(text.y + text.content_height / 2)
        row = [image.getpixel((x, y))[:3] for x in range(40, 40 + int(text.content_width))]
        assert max(sum(px) for px in row) > 600, text.text  # white ink on the black clear


def test_a_shape_batch_draws_what_a_shape_list_draws(window, app):
    """`ShapeBatch` (cached triangle arrays, one buffer) shows the same pixels as arcade's
    ShapeElementList for filled panels and outline strips, and re-batches to a new set."""
    from game.scenes.crawl import look
    from game.scenes.shape_batch import ShapeBatch, triangles

    rect = arcade.LBWH(100, 100, 160, 220)
    shapes = look.panel_shapes(rect, 12, arcade.types.Color(120, 80, 170, 200))
    shapes.append(look.rounded_outline(rect.resize(168, 228), 14, arcade.color.GOLD, 4))
    listed = arcade.shape_list.ShapeElementList()
    for shape in shapes:
        listed.append(shape)
    window.clear(color=(20, 40, 30, 255))
    listed.draw()
    expected = _pixels(arcade.get_image())
    batch = ShapeBatch()
    strip = triangles([shapes[-1]])
    assert len(strip) == 3 * (len(shapes[-1].points) - 2)  # the strip unrolled to triangles
    batch.set([triangles(shapes[:-1]), strip])
    window.clear(color=(20, 40, 30, 255))
    batch.draw()
    assert np.array_equal(_pixels(arcade.get_image()), expected)
    batch.set([])
    window.clear(color=(20, 40, 30, 255))
    batch.draw()
    assert (_pixels(arcade.get_image()) == (20, 40, 30)).all()


@pytest.mark.slow
def test_the_same_bake_twice_is_one_texture_that_survives_the_first_ones_collection(window,
                                                                                   app):
    """Baking the same text again gives the very texture of the first bake: two textures of
    one name would let the first one's collection remove the atlas entry under the second."""
    import gc

    def bake_once() -> arcade.Sprite:
        text = arcade.Text("Round 3", 40, 40, arcade.color.WHITE, 14, font_name=UI_FONT)
        return bake_each([text], "twice")[0]

    first = bake_once()
    first_texture = first.texture
    sprites = arcade.SpriteList()
    second = bake_once()
    assert second.texture is first_texture
    sprites.append(second)
    del first, first_texture
    gc.collect()
    sprites.append(bake_once())  # the atlas still knows the texture
    sprites.draw()
