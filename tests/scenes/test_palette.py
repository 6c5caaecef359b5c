"""The colour-blind palette setting (issue 14, item 5): seats, elements and HP bars differ by
more than hue once it is on (shapes, patterns, lightness), and the setting reaches the screens."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image

from game.scenes import palette


@pytest.fixture
def colour_blind():
    palette.use("colour-blind")
    yield
    palette.use("standard")


def grey(texture) -> list[int]:
    return list(texture.image.convert("RGBA").convert("L").getdata())


def lightness(colour) -> float:
    r, g, b = colour[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_the_setting_is_saved_validated_and_applied(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings, settings_path

    assert Settings().palette == "standard"
    with pytest.raises(ValueError):
        Settings(palette="sepia")
    app = App(window, settings=Settings(sound_on=False))
    try:
        assert app.update_settings(palette="colour-blind")
        assert palette.current() == "colour-blind"
        assert Settings.load(settings_path()).palette == "colour-blind"
    finally:
        app.update_settings(palette="standard")
    assert palette.current() == "standard"


def test_the_settings_screen_has_the_switch(window):
    from game.scenes.app import App
    from game.scenes.harness import click, step
    from game.scenes.settings import Settings
    from game.scenes.settings_view import SettingsView

    app = App(window, settings=Settings(sound_on=False))
    view = SettingsView(app)
    window.show_view(view)
    step(window, 2)
    control = view.controls["palette"]
    blind = next(b for b in control.children if getattr(b, "text", "") == "Colour-blind")
    try:
        click(window, *blind.rect.center)
        step(window)
        assert app.settings.palette == "colour-blind" and palette.colour_blind()
    finally:
        app.update_settings(palette="standard")


def test_strike_elements_differ_in_pattern_not_only_in_colour(colour_blind):
    """Every pair of element rings differs even in grey (the ring patterns), and the seats'
    colours are Okabe-Ito blue and orange."""
    from game.scenes.strike import look

    assert look.SEAT_COLOURS == palette.CB_SEATS
    elements = list(palette.CB_ELEMENTS)
    assert len({palette.ring_pattern(e) for e in elements}) == len(elements) == 6
    tokens = {e: look.token_texture(48, 0, palette.CB_ELEMENTS[e], "P1",
                                    palette.ring_pattern(e)) for e in elements}
    for a, b in itertools.combinations(elements, 2):
        diff = sum(abs(x - y) > 40 for x, y in zip(grey(tokens[a]), grey(tokens[b]),
                                                       strict=True))
        assert diff > 40, (a, b)


def test_standard_palette_keeps_its_colours_and_solid_rings():
    from game.scenes.strike import look

    assert palette.current() == "standard"
    assert look.SEAT_COLOURS == look.STANDARD_SEATS
    assert {palette.ring_pattern(e) for e in palette.CB_ELEMENTS} == {"solid"}


def test_conquest_seats_stand_on_different_shapes(colour_blind):
    from game.scenes.conquest import look

    disc, diamond = (look.disc_texture(s).image.convert("RGBA") for s in (0, 1))
    assert isinstance(disc, Image.Image)
    corner = (10, 10)  # inside the disc's bounding circle's corner area: disc ink, no diamond
    assert disc.getpixel((32, 4))[3] > 0 and diamond.getpixel((32, 2))[3] > 0
    assert disc.getpixel(corner)[3] > 0 and diamond.getpixel(corner)[3] == 0
    assert look.SEAT_COLOURS == palette.CB_SEATS


def _mean_colour(image: Image.Image) -> tuple[float, float, float]:
    inked = [p for p in image.convert("RGBA").getdata() if p[3] > 128]
    return tuple(sum(p[i] for p in inked) / len(inked) for i in range(3))  # type: ignore[return-value]


def _distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a[:3], b[:3], strict=True)) ** 0.5


@pytest.mark.parametrize("picture", ["tank", "card back"])
def test_conquest_tanks_and_card_backs_wear_their_own_seat_colour(colour_blind, picture):
    """Issue 27: the enemy's tanks (and card backs) were the stock blue art, the player's
    colour in the colour-blind palette."""
    from game.scenes.conquest import look

    for seat in (0, 1):
        texture = look.unit_texture("tank", seat) if picture == "tank" else \
            look.card_back(seat)
        mean = _mean_colour(texture.image)
        own, other = palette.CB_SEATS[seat], palette.CB_SEATS[1 - seat]
        assert _distance(mean, own) < _distance(mean, other), (seat, mean)


def test_conquest_standard_palette_keeps_the_stock_art():
    from game.scenes.conquest import look

    assert look.unit_texture("tank", 1).image.tobytes() == \
        arcade_image(look.TANK_SPRITES[1]).tobytes()


def arcade_image(path: str) -> Image.Image:
    import arcade

    return arcade.load_texture(path).image


def test_hp_bar_states_differ_in_lightness(colour_blind):
    from game.scenes.strike import look

    high, mid, low = (look.hp_colour(hp, 50) for hp in (50, 25, 10))
    assert (high, mid, low) == palette.CB_HP
    values = sorted(lightness(c) for c in (high, mid, low))
    assert values[1] - values[0] > 40 and values[2] - values[1] > 15
