"""Kingdom cards drawn in code (spec kingdom.md 8.7), one cached texture per distinct face.

A card is a rounded rectangle with a 4 px border in its era colour, a top band in its faction
colour carrying the name, a coin badge with the cost at the top-left, the effect archetype and
key in the middle, and ATK (red gem) and DEF (blue gem) at the bottom corners. Heroes get a gold
double border and a star. Variants: effective stats (green when raised above the card's own),
selected (gold glow), disabled (50 % grey).

Every face is composed once with PIL from arcade's CC0 item images and cached as an
`arcade.Texture` keyed by everything that changes its pixels, so a screen draws any number of
cards as sprites of one SpriteList. A texture is always exactly `width` x `height`: the glow of
a selected card is drawn inside that box (the card shrinks a little), so swapping variants never
moves a card's edges. The name and archetype are painted in the player's language, so the key
holds the texts as painted (a face per language).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import arcade
from PIL import Image, ImageDraw, ImageFont, ImageOps

from game.i18n import _

CARD_RATIO = 1.4  # height / width of every kingdom card
BORDER = 4  # px of era colour (8.7), at the texture's own size
GOLD = (226, 178, 74, 255)  # theme.GOLD: hero borders and the selection glow
GOLD_LIGHT = (250, 222, 140, 255)
BODY = (240, 232, 212, 255)  # parchment under the text
INK = (34, 30, 26, 255)
RAISED = (120, 230, 110, 255)  # effective stat above the card's own
_SS = 2  # supersampling: draw twice as large, shrink with LANCZOS

_cache: dict[tuple[Any, ...], arcade.Texture] = {}


def _hex(color: str) -> tuple[int, int, int, int]:
    c = color.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16), 255


def _ink_on(rgb: tuple[int, ...]) -> tuple[int, int, int, int]:
    lum = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return INK if lum > 150 else (250, 246, 236, 255)


@cache
def _font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    name = "Liberation_Sans_Bold.ttf" if bold else "Liberation_Sans_Regular.ttf"
    path = arcade.resources.resolve(f":resources:fonts/ttf/Liberation/{name}")
    return ImageFont.truetype(str(path), max(4, size))


@cache
def _item(name: str) -> Image.Image:
    """An arcade item image cropped to its inked pixels (the PNGs carry wide margins)."""
    image = Image.open(arcade.resources.resolve(f":resources:images/items/{name}.png"))
    image = image.convert("RGBA")
    return image.crop(image.getchannel("A").getbbox())


def _paste_item(img: Image.Image, name: str, box: tuple[int, int, int, int]) -> None:
    """Paste an item image fitted (aspect kept) and centred into box (l, t, r, b)."""
    src = _item(name)
    left, t, r, b = box
    scale = min((r - left) / src.width, (b - t) / src.height)
    w, h = max(1, round(src.width * scale)), max(1, round(src.height * scale))
    icon = src.resize((w, h), Image.Resampling.LANCZOS)
    img.alpha_composite(icon, (left + (r - left - w) // 2, t + (b - t - h) // 2))


def _fit_lines(draw: ImageDraw.ImageDraw, text: str, max_w: int, max_h: int, size: int,
               max_lines: int = 2) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """The largest font (down from size) at which text fits max_w, in at most max_lines lines
    broken at spaces."""
    words = text.split()
    for s in range(size, 3, -1):
        font = _font(s)
        lines: list[str] = []
        for word in words:
            if lines and draw.textlength(f"{lines[-1]} {word}", font=font) <= max_w:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        line_h = s * 1.18
        if (len(lines) <= max_lines and all(draw.textlength(x, font=font) <= max_w for x in lines)
                and line_h * len(lines) <= max_h):
            return font, lines
    return _font(4), [text]


def _centered_lines(draw: ImageDraw.ImageDraw, lines: list[str], font: ImageFont.FreeTypeFont,
                    cx: float, cy: float, fill: tuple[int, ...], **kw: Any) -> None:
    line_h = font.size * 1.12
    top = cy - line_h * len(lines) / 2
    for i, line in enumerate(lines):
        draw.text((cx, top + line_h * (i + 0.5)), line, font=font, fill=fill, anchor="mm", **kw)


def _render(card: Any, name: str, faction_color: str, era_color: str, archetype: str,
            width: int, height: int, atk: int, defense: int, selected: bool,
            disabled: bool) -> Image.Image:
    s = _SS
    W, H = width * s, height * s
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    hero = card.kind == "hero"

    # the selection glow lives inside the box: the card itself shrinks by `glow`
    glow = max(3, round(width * 0.05)) * s if selected else 0
    if selected:
        for i in range(glow, 0, -1):  # soft gold halo, strongest next to the card
            a = round(230 * (1 - (i - 1) / glow) ** 1.5)
            r = round(width * 0.09) * s + i
            draw.rounded_rectangle((glow - i, glow - i, W - 1 - glow + i, H - 1 - glow + i),
                                   radius=r, outline=GOLD[:3] + (a,), width=s)
    x0, t, r_, b = glow, glow, W - 1 - glow, H - 1 - glow
    radius = round(width * 0.09) * s
    bw = BORDER * s
    era = _hex(era_color)
    draw.rounded_rectangle((x0, t, r_, b), radius=radius, fill=era)
    inset = bw
    if hero:  # gold double border: gold, era, gold lines around the body
        gw = max(1, round(width * 0.018)) * s
        draw.rounded_rectangle((x0, t, r_, b), radius=radius, outline=GOLD, width=gw)
        inset = bw + gw
        draw.rounded_rectangle((x0 + inset, t + inset, r_ - inset, b - inset),
                               radius=max(0, radius - inset), fill=GOLD)
        inset += gw
    il, it, ir, ib = x0 + inset, t + inset, r_ - inset, b - inset
    draw.rounded_rectangle((il, it, ir, ib), radius=max(0, radius - inset), fill=BODY)

    # top band: faction colour with the name
    inner_w = ir - il
    band_h = round((ib - it) * 0.24)
    faction = _hex(faction_color)
    draw.rounded_rectangle((il, it, ir, it + band_h), radius=max(0, radius - inset), fill=faction,
                           corners=(True, True, False, False))
    pad = max(2, round(width * 0.04)) * s
    font, lines = _fit_lines(draw, name, inner_w - 2 * pad, band_h * 0.9,
                             round(width * 0.11) * s)
    _centered_lines(draw, lines, font, (il + ir) / 2, it + band_h / 2, _ink_on(faction))

    # coin badge with the cost under the band's left end; the hero's star under its right end
    coin = round(width * 0.25) * s
    cy0 = it + band_h + s
    cl = il + pad // 2
    _paste_item(img, "coinGold", (cl, cy0, cl + coin, cy0 + coin))
    draw.text((cl + coin / 2, cy0 + coin / 2), str(card.cost), font=_font(round(coin * 0.55)),
              fill=INK, anchor="mm")
    if hero:
        cr = ir - pad // 2
        _paste_item(img, "star", (cr - coin, cy0, cr, cy0 + coin))

    # middle: the effect's archetype, its display name (the effect id is never shown: the
    # rule text is in the card's tooltip; docs/kingdom-screens.md "Card drawing")
    mid_top = cy0 + coin
    gem = round(width * 0.3) * s
    mid_bot = ib - gem
    cx, cy = (il + ir) / 2, (mid_top + mid_bot) / 2
    arch_font, arch_lines = _fit_lines(draw, archetype, inner_w - 2 * pad,
                                       (mid_bot - mid_top) * 0.8, round(width * 0.13) * s, 2)
    _centered_lines(draw, arch_lines, arch_font, cx, cy, INK)

    # bottom corners: ATK on a red gem, DEF on a blue gem
    num_font = _font(round(gem * 0.5))
    for name, value, base, left in (("gemRed", atk, card.atk, True),
                                    ("gemBlue", defense, card.defense, False)):
        gl = il + pad // 2 if left else ir - pad // 2 - gem
        gt = ib - gem - pad // 2
        _paste_item(img, name, (gl, gt, gl + gem, gt + gem))
        fill = RAISED if value > base else (255, 255, 255, 255)
        draw.text((gl + gem / 2, gt + gem * 0.47), str(value), font=num_font, fill=fill,
                  anchor="mm", stroke_width=max(1, s * 2 * width // 120), stroke_fill=(0, 0, 0, 230))

    img = img.resize((width, height), Image.Resampling.LANCZOS)
    if disabled:
        alpha = img.getchannel("A")
        grey = ImageOps.grayscale(img.convert("RGB"))
        flat = Image.new("L", grey.size, 128)
        img = Image.blend(grey, flat, 0.5).convert("RGBA")
        img.putalpha(alpha)
    return img


def card_texture(content: Any, card_id: str, width: int, height: int, *,
                 atk: int | None = None, defense: int | None = None, selected: bool = False,
                 disabled: bool = False) -> arcade.Texture:
    """The face of `card_id` at width x height px: base stats unless `atk`/`defense` give the
    effective ones (green when raised); `selected` adds the gold glow, `disabled` greys it 50 %.
    The same arguments return the same Texture object."""
    card = content.cards[card_id]
    width, height = max(24, int(width)), max(24, int(height))
    atk = card.atk if atk is None else int(atk)
    defense = card.defense if defense is None else int(defense)
    faction_color = content.factions[card.faction].color
    era_color = content.era(card.era).color
    name = _(card.name)
    archetype = _(content.effects[card.effect].archetype)
    key = (card, name, faction_color, era_color, archetype, width, height, atk, defense,
           bool(selected), bool(disabled))
    texture = _cache.get(key)
    if texture is None:
        img = _render(card, name, faction_color, era_color, archetype, width, height, atk,
                      defense, bool(selected), bool(disabled))
        flags = f"{'s' if selected else ''}{'d' if disabled else ''}"
        name = (f"kingdom-card-{card.id}-{width}x{height}-{atk}-{defense}-{flags}-"
                f"{faction_color}{era_color}{hash(key) & 0xFFFFFFFF:x}")
        texture = arcade.Texture(img, hash=name)
        _cache[key] = texture
    return texture


def card_back_texture(width: int, height: int) -> arcade.Texture:
    """The card back (`cardBack_red2.png`) scaled to width x height px, cached."""
    width, height = max(8, int(width)), max(8, int(height))
    key = ("back", width, height)
    texture = _cache.get(key)
    if texture is None:
        src = Image.open(arcade.resources.resolve(":resources:images/cards/cardBack_red2.png"))
        img = src.convert("RGBA").resize((width, height), Image.Resampling.LANCZOS)
        texture = arcade.Texture(img, hash=f"kingdom-card-back-{width}x{height}")
        _cache[key] = texture
    return texture
