"""No text under 11 px at the minimum window size, 960x600 (issue 14, item 4).

Every screen of `game.scenes.gallery` is shown at 960x600 and the mouse is moved over it (so
its tooltips and hover states show). Two kinds of text are measured:

- every `arcade.Text` given a non-blank string, at the font size it has then: pyglet lays
  points out at 96 dpi, so a size of `s` points is `s * 96 / 72` pixels on screen;
- text painted into textures with PIL (strike's card faces and mini cards, conquest's card
  faces and unit tokens): the font sizes the painters ask for, in screen pixels (they paint at
  3x and reduce), and every card sprite is shown at the size its face was painted at.
"""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.scenes import gallery, theme
from game.scenes.harness import hover_grid, step

SMALL = (960, 600)
PT_TO_PX = 96 / 72
SS = 3  # the painters' supersampling


@pytest.fixture
def small_window(window):
    """The shared window, reporting 960x600 to every layout. A headless pyglet window ignores
    `set_size` (its pbuffer keeps its size), so its private size fields are set, and put back:
    layouts and text sizes follow them; the framebuffer, not measured here, stays as it was."""
    old = (window._width, window._height)
    window._width, window._height = SMALL
    window.dispatch_event("on_resize", *SMALL)
    yield window
    window._width, window._height = old
    window.dispatch_event("on_resize", *old)


@pytest.fixture
def sizes(monkeypatch) -> list[tuple[float, str]]:
    """(pixels, text) of every arcade.Text with a non-blank string, as it is set."""
    seen: list[tuple[float, str]] = []
    init = arcade.Text.__init__

    def note(text: Any, points: float) -> None:
        if str(text).strip():
            seen.append((float(points) * PT_TO_PX, str(text)))

    def recording_init(self, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        note(self.text, self.font_size)

    monkeypatch.setattr(arcade.Text, "__init__", recording_init)
    for name in ("text", "value"):
        prop = getattr(arcade.Text, name)

        def set_text(self: Any, value: Any, _prop: property = prop) -> None:
            _prop.fset(self, value)
            note(value, self.font_size)

        monkeypatch.setattr(arcade.Text, name, property(prop.fget, set_text))
    size_prop = arcade.Text.font_size

    def set_size(self: Any, value: Any) -> None:
        size_prop.fset(self, value)
        note(self.text, value)

    monkeypatch.setattr(arcade.Text, "font_size", property(size_prop.fget, set_size))
    return seen


@pytest.fixture
def painted(monkeypatch) -> list[float]:
    """Screen pixels of every font the strike and conquest painters ask for."""
    from game.scenes.conquest import look as conquest_look
    from game.scenes.strike import look as strike_look

    seen: list[float] = []
    strike_font, conquest_font = strike_look._font, conquest_look._font
    strike_look._card_texture.cache_clear()
    strike_look._mini_card_texture.cache_clear()
    conquest_look.card_image.cache_clear()
    conquest_look._card_texture.cache_clear()

    def strike(bold: bool, size: int):
        seen.append(size / SS)
        return strike_font(bold, size)

    def conquest(size: int, bold: bool):
        seen.append(size / SS)
        return conquest_font(size, bold)

    monkeypatch.setattr(strike_look, "_font", strike)
    monkeypatch.setattr(conquest_look, "_font", conquest)
    yield seen
    strike_look._card_texture.cache_clear()
    strike_look._mini_card_texture.cache_clear()
    conquest_look.card_image.cache_clear()
    conquest_look._card_texture.cache_clear()


@pytest.fixture
def app(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    return App(window, settings=Settings(animation_speed="instant", sound_on=False))


SCREENS = list(gallery.screens())


def card_sprites(view: Any) -> list[arcade.Sprite]:
    """The card sprites of a strike draft or a conquest screen."""
    out = []
    for name in ("cards", "hand"):
        sprites = getattr(view, name, None)
        if isinstance(sprites, arcade.SpriteList):
            out.extend(sprites)
    return out


@pytest.mark.parametrize("screen", SCREENS, ids=[s.name for s in SCREENS])
@pytest.mark.slow
def test_no_text_under_11_px_at_960x600(small_window, app, sizes, painted, screen):
    window = small_window
    view = screen.build(app)
    try:
        window.show_view(view)
        step(window, 2)
        assert (window.width, window.height) == SMALL
        hover_grid(window, 40)
        if screen.name in ("strike/draft", "strike/draft_picked", "conquest/cards",
                           "conquest/commander"):
            sprites = card_sprites(view)
            assert sprites
            for sprite in sprites:  # painted at the size shown: painted px are screen px
                assert abs(sprite.width - sprite.texture.width) <= 1.5, screen.name
            assert painted
    finally:
        gallery.close(view)
    small = sorted({(round(px, 2), text[:40]) for px, text in sizes if px < theme.MIN_TEXT_PX})
    assert small == []
    assert [px for px in painted if px < theme.MIN_TEXT_PX] == []


def test_the_smallest_size_is_over_11_px():
    assert theme.SIZE_MIN * PT_TO_PX >= theme.MIN_TEXT_PX == 11
