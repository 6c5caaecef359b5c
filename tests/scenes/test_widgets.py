"""Shared widgets: card frames, cycle and segmented buttons, tooltip, toast."""

from __future__ import annotations

import arcade
import arcade.gui as gui
import pyglet
import pytest

from game.scenes import theme
from game.scenes.harness import click, close_to, pixel, screenshot, step
from game.scenes.widgets import (
    CardFrame,
    CycleButton,
    Segmented,
    Toast,
    Tooltip,
    make_button,
    text_color_on,
)


class Canvas(gui.UIView):
    """A bare view that draws what a test hands it."""

    def __init__(self, draw=None):
        super().__init__()
        self.draw = draw or (lambda: None)
        self.background_color = theme.TABLE

    def on_draw_before_ui(self):
        self.draw()


@pytest.mark.slow
def test_card_frame_draws_tint_text_and_highlight(window):
    sprites, batch = arcade.SpriteList(), pyglet.graphics.Batch()
    red = (150, 40, 40)
    card = CardFrame(300, 300, 120, 170, red, title="Goblin", value="9", footer="enemy",
                     sprites=sprites, batch=batch)  # fmt: skip
    window.show_view(Canvas(lambda: (sprites.draw(), batch.draw())))
    img = screenshot(window)
    assert close_to(pixel(img, 300 - 40, 300 - 30), red)  # body, away from the texts
    assert close_to(pixel(img, 300 + 75, 300), theme.TABLE, 12)  # outside the card
    value_px = {pixel(img, x, 300) for x in range(285, 316)}
    assert any(close_to(c, text_color_on(red), 40) for c in value_px), "the value is drawn"

    card.highlight = theme.GREEN
    img = screenshot(window)
    edge = [pixel(img, 300 - 62 + d, 300) for d in range(0, 6)]
    assert any(close_to(c, theme.GREEN, 40) for c in edge)

    card.position = (600, 400)
    assert card.contains(600, 400) and not card.contains(300, 300)
    card.alpha = 0
    img = screenshot(window)
    assert close_to(pixel(img, 560, 370), theme.TABLE, 12)
    card.remove()
    assert len(sprites) == 0


def test_card_frame_owns_its_lists_when_none_given(window):
    card = CardFrame(200, 200, 100, 140, theme.BLUE, value="3")
    window.show_view(Canvas(card.draw))
    img = screenshot(window)
    assert close_to(pixel(img, 170, 170), theme.BLUE)
    card.value = "4"
    assert card.value == "4"


def test_text_colour_picks_contrast():
    assert text_color_on((240, 220, 120)) == theme.TEXT_DARK
    assert text_color_on((30, 30, 60)) == theme.TEXT


def test_cycle_and_segmented_buttons(window):
    picked: list[str] = []
    view = Canvas()
    anchor = view.ui.add(gui.UIAnchorLayout())
    box = anchor.add(gui.UIBoxLayout(space_between=20))
    cycle = box.add(CycleButton("CPU", ("easy", "hard"), "hard", on_change=picked.append))
    seg = box.add(Segmented(("a", "b", "c"), "a", on_change=picked.append))
    pressed: list[bool] = []
    plain = box.add(make_button("Go", kind="primary", on_click=lambda: pressed.append(True)))
    window.show_view(view)
    step(window)
    click(window, *cycle.rect.center)
    assert cycle.value == "easy" and cycle.text == "CPU: easy"
    click(window, *seg.buttons["c"].rect.center)
    click(window, *seg.buttons["c"].rect.center)  # same option again: no second change
    assert seg.value == "c" and picked == ["easy", "c"]
    click(window, *plain.rect.center)
    assert pressed == [True]


def test_tooltip_stays_inside_the_window(window):
    tip = Tooltip()
    tip.show("A long tooltip near the right edge of the window", window.width - 5, 100)
    bg = tip._bubble._bg
    assert bg.right <= window.width and bg.left >= 0
    tip.show("Near the top", 100, window.height - 5)
    assert tip._bubble._bg.top <= window.height
    tip.hide()
    assert not tip.visible


def test_toast_fades_then_hides(window):
    toast = Toast()
    toast.show("Not enough coins", duration=1.5)
    assert toast.visible
    toast.update(1.4)
    assert toast.visible
    toast.update(0.2)
    assert not toast.visible
    toast.show("Elsewhere", kind="info", at=(-50, 9999))
    window.show_view(Canvas(toast.draw))
    screenshot(window)  # clamped into the window, drawn without error
    bg = toast._bubble._bg
    assert bg.left >= 0 and bg.top <= window.height


def _field_of(app, name):
    from game.scenes.conquest.setup import MatchSetupView
    from game.scenes.crawl.start import StartView
    from game.scenes.kingdom.deck_builder import DeckBuilderView
    from game.scenes.kingdom.start import new_match

    if name == "conquest seed":
        return MatchSetupView(app), lambda v: v.seed_input
    if name == "crawl seed":
        view = StartView(app)
        view.par_sync, view.par_nodes = True, 40
        return view, lambda v: v.seed_field
    return DeckBuilderView(app, new_match(5, {1: "easy"}), 0), lambda v: v.search


@pytest.mark.slow
@pytest.mark.parametrize("name", ["conquest seed", "crawl seed", "kingdom search"])
def test_a_text_fields_line_sits_in_the_middle_of_its_box(window, app, name):
    """Issue 27: the typed text sat at the top of each field. The ink of "12345" is now as
    far from the box's top as from its bottom (within 3 px)."""
    from game.scenes import gallery

    view, field_of = _field_of(app, name)
    window.show_view(view)
    step(window, 2)
    field = field_of(view)
    field.text = "12345"
    step(window, 2)
    image = screenshot(window).convert("L")
    r = field.rect
    h = image.height
    crop = image.crop((int(r.left) + 4, h - int(r.top) + 3, int(r.right) - 4,
                       h - int(r.bottom) - 3))
    background = crop.getpixel((crop.width - 2, crop.height // 2))
    rows = [y for y in range(crop.height)
            if max(abs(crop.getpixel((x, y)) - background) for x in range(crop.width)) > 60]
    gallery.close(view)
    assert rows, name
    above, below = rows[0], crop.height - 1 - rows[-1]
    assert abs(above - below) <= 3, (name, above, below)
