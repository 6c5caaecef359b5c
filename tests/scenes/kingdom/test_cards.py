"""Kingdom card faces (spec 8.7): one cached texture per distinct face, the era border and the
faction band in their colours, the variants."""

from __future__ import annotations

from game.scenes.kingdom.cards import BORDER, CARD_RATIO, card_back_texture, card_texture


def _hex(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))


def _close(a, b, tol=6) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3], strict=True))


def test_same_arguments_return_the_same_texture(content):
    a = card_texture(content, "rome_hastatus", 120, 168)
    assert card_texture(content, "rome_hastatus", 120, 168) is a
    assert a.width == 120 and a.height == 168
    assert round(168 / 120, 2) == CARD_RATIO


def test_distinct_arguments_give_distinct_textures(content):
    base = card_texture(content, "rome_hastatus", 120, 168)
    variants = [
        card_texture(content, "rome_velite", 120, 168),
        card_texture(content, "rome_hastatus", 100, 140),
        card_texture(content, "rome_hastatus", 120, 168, atk=5),
        card_texture(content, "rome_hastatus", 120, 168, defense=7),
        card_texture(content, "rome_hastatus", 120, 168, selected=True),
        card_texture(content, "rome_hastatus", 120, 168, disabled=True),
    ]
    textures = [base, *variants]
    assert len({id(t) for t in textures}) == len(textures)
    assert len({t.image.tobytes() for t in textures[2:]} | {base.image.tobytes()}) == 6
    # every variant keeps the size it was asked for (a selected glow stays inside the box)
    assert all(t.size == (120, 168) for t in textures if t is not variants[1])


def test_border_and_band_colours(content):
    card = content.cards["china_fire_lancer"]
    img = card_texture(content, card.id, 120, 168).image.convert("RGB")
    era = _hex(content.era(card.era).color)
    band = _hex(content.factions[card.faction].color)
    # middle of the left border (4 px wide) and of the right one
    assert _close(img.getpixel((BORDER // 2, 84)), era)
    assert _close(img.getpixel((120 - 1 - BORDER // 2, 84)), era)
    # inside the top band, away from the name: just inside its left end
    assert _close(img.getpixel((BORDER + 3, BORDER + 6)), band)


def test_raised_stat_is_green_and_disabled_is_grey(content):
    card = content.cards["rome_hastatus"]
    raised = card_texture(content, card.id, 120, 168, atk=card.atk + 2).image.convert("RGB")
    green = [p for p in raised.getdata() if p[1] > 200 and p[0] < 160 and p[2] < 150]
    assert green, "a raised ATK is drawn in green"
    plain = card_texture(content, card.id, 120, 168).image.convert("RGB")
    assert not [p for p in plain.getdata() if p[1] > 200 and p[0] < 160 and p[2] < 150]
    grey = card_texture(content, card.id, 120, 168, disabled=True).image
    r, g, b, a = grey.getpixel((60, 100))
    assert r == g == b and a == 255 and r < 200


def test_hero_has_a_gold_outer_border(content):
    hero = content.cards["china_sun_tzu"]
    img = card_texture(content, hero.id, 120, 168).image.convert("RGB")
    assert _close(img.getpixel((1, 84)), (226, 178, 74), tol=30)


def test_selected_glow_is_gold(content):
    img = card_texture(content, "rome_hastatus", 120, 168, selected=True).image
    r, g, b, a = img.getpixel((3, 84))
    assert a > 60 and r > g > b


def test_card_back(content):
    back = card_back_texture(60, 84)
    assert back.size == (60, 84)
    assert card_back_texture(60, 84) is back
