"""How Card Crawl looks: the colours of the card types and every texture drawn in code.

Card faces are painted once with PIL (tinted body, art window, the art from the resources'
`art` / `icon` handles, badges) and cached by what they show, so a whole table is a handful of
atlas entries and each card is one sprite; numbers and names stay `arcade.Text` (spec 8.3).
`code:<name>` art handles are drawn here (`code:shield`). Nothing in this module knows a rule.
"""

from __future__ import annotations

import math
from functools import cache

import arcade
import arcade.shape_list
from arcade.types import Color
from PIL import Image, ImageDraw, ImageEnhance, ImageFilter

from game.engine.art import ArtError, load_art
from game.i18n import N_
from game.scenes import theme

# -- colours -------------------------------------------------------------------------------
TYPE_COLORS: dict[str, Color] = {
    "enemy": Color(128, 38, 42),  # dark red
    "spell": Color(46, 88, 160),  # blue
    "shield": Color(104, 116, 130),  # steel grey
    "potion": Color(190, 86, 124),  # rose
    "gold": Color(204, 146, 40),  # amber
    "ability": Color(108, 70, 158),  # violet
}
TYPE_PLURALS = {
    "enemy": N_("Enemies"), "spell": N_("Spells"), "shield": N_("Shields"), "potion": N_("Potions"),
    "gold": N_("Gold"), "ability": N_("Abilities"),
}  # fmt: skip
FRAME_COLOR = Color(190, 210, 200, 70)  # the outline of an empty zone
WOUND_RED = Color(255, 96, 84)
HEAL_GREEN = Color(120, 226, 120)
LEGAL_GREEN = Color(92, 214, 112)
SELECT_GOLD = theme.GOLD_HI
FOCUS_BLUE = Color(120, 190, 255)
HP_RED = Color(206, 58, 52)
HP_BACK = Color(40, 22, 24)
CARD_BACK = ":resources:images/cards/cardBack_blue2.png"
PORTRAIT = ":resources:images/animated_characters/male_adventurer/maleAdventurer_idle.png"
COIN = ":resources:images/items/coinGold.png"
PADLOCK = ":resources:images/tiles/lockYellow.png"

_SS = 2  # supersampling of painted textures (smooth edges without MSAA)


def card_size(height: float) -> tuple[int, int]:
    """Card width and height for a card of this height (poker-card proportions)."""
    h = int(height)
    return int(round(h * 0.7)), h


# -- art -----------------------------------------------------------------------------------
@cache
def art_image(handle: str) -> Image.Image:
    """The art of a card or ability (`:resources:` path, a file or `code:<name>`), cropped to
    its visible pixels; an unknown handle gives a plain question-mark disc, never an error."""
    try:
        if handle.startswith("code:"):
            img = CODE_ART[handle[5:]](256)
        else:  # read and decoded within bounds: a mod names it (game.engine.art)
            img = load_art(handle)
    except (KeyError, ArtError):  # a file gone since the mod was checked still shows
        img = _unknown_art(256)
    box = img.getbbox()
    return img.crop(box) if box else img


def _fit(img: Image.Image, w: int, h: int) -> Image.Image:
    scale = min(w / img.width, h / img.height)
    size = (max(1, round(img.width * scale)), max(1, round(img.height * scale)))
    return img.resize(size, Image.Resampling.LANCZOS)


def _unknown_art(size: int) -> Image.Image:
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((size * 0.15, size * 0.15, size * 0.85, size * 0.85), fill=(220, 220, 220, 255))
    return img


def shield_image(size: int) -> Image.Image:
    """`code:shield`: a heater shield, steel with a gold rim and a boss."""
    s = size
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)

    def outline(inset: float) -> list[tuple[float, float]]:
        top, left, right = s * 0.08 + inset, s * 0.14 + inset, s * 0.86 - inset
        mid = s / 2
        pts = [(left, top), (right, top), (right, s * 0.5)]
        for i in range(1, 12):  # the curved lower half to the point
            t = i / 12
            x = right + (mid - right) * t
            y = s * 0.5 + (s * 0.94 - inset * 1.4 - s * 0.5) * math.sin(t * math.pi / 2)
            pts.append((x, y))
        pts.append((mid, s * 0.94 - inset * 1.4))
        for x, y in reversed(pts[3:-1]):
            pts.append((2 * mid - x, y))
        pts.append((left, s * 0.5))
        return pts

    d.polygon(outline(0), fill=(226, 178, 74, 255))
    d.polygon(outline(s * 0.05), fill=(176, 188, 202, 255))
    d.polygon(outline(s * 0.1), fill=(132, 146, 162, 255))
    d.rectangle((s * 0.46, s * 0.2, s * 0.54, s * 0.78), fill=(226, 178, 74, 255))
    d.rectangle((s * 0.24, s * 0.38, s * 0.76, s * 0.46), fill=(226, 178, 74, 255))
    d.ellipse((s * 0.41, s * 0.33, s * 0.59, s * 0.51), fill=(242, 214, 140, 255))
    return img


def flame_image(size: int) -> Image.Image:
    """The Pyroclasm badge: a flame on a dark disc."""
    s = size * 4
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((0, 0, s - 1, s - 1), fill=(40, 20, 16, 235), outline=(255, 170, 60, 255),
              width=s // 14)

    def flame(scale: float, color: tuple[int, int, int, int]) -> None:
        cx, base = s / 2, s * 0.84
        r = s * 0.24 * scale
        tip = (cx + s * 0.04 * scale, base - s * 0.66 * scale)
        d.ellipse((cx - r, base - 2 * r, cx + r, base), fill=color)
        d.polygon([(cx - r, base - r * 1.1), tip, (cx + r, base - r * 1.1)], fill=color)
        d.polygon([(cx - r * 0.95, base - r * 1.3), (cx - r * 1.25, base - r * 2.3),
                   (cx - r * 0.2, base - r * 1.6)], fill=color)

    flame(1.0, (255, 120, 30, 255))
    flame(0.6, (255, 214, 80, 255))
    return img.resize((size, size), Image.Resampling.LANCZOS)


def fist_image(size: int) -> Image.Image:
    """The Shield Bash badge: a clenched fist on a dark disc."""
    s = size * 4
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((0, 0, s - 1, s - 1), fill=(24, 30, 40, 235), outline=(150, 200, 255, 255),
              width=s // 14)
    skin, edge = (240, 196, 150, 255), (150, 96, 60, 255)
    left, right, top, bottom = s * 0.24, s * 0.76, s * 0.26, s * 0.76
    d.rounded_rectangle((left, top + s * 0.1, right, bottom), radius=s * 0.1, fill=skin,
                        outline=edge, width=s // 40)
    knuckle = (right - left) / 4
    for i in range(4):
        x0 = left + i * knuckle
        d.rounded_rectangle((x0, top, x0 + knuckle, top + s * 0.22), radius=knuckle * 0.45,
                            fill=skin, outline=edge, width=s // 40)
    d.rounded_rectangle((left - s * 0.04, top + s * 0.28, right - s * 0.2, top + s * 0.4),
                        radius=s * 0.05, fill=skin, outline=edge, width=s // 40)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def chest_image(w: int, h: int) -> Image.Image:
    """The sell zone: a wooden chest with gold bands and a lock."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    wood, dark, band = (134, 84, 44, 255), (84, 50, 24, 255), (226, 178, 74, 255)
    lid_h = h * 0.38
    d.rounded_rectangle((0, 0, w - 1, lid_h + h * 0.06), radius=w * 0.18, fill=wood,
                        outline=dark, width=max(2, w // 30))
    d.rectangle((0, lid_h, w - 1, h - 1), fill=wood, outline=dark, width=max(2, w // 30))
    for y in (h * 0.52, h * 0.78):
        d.line((w * 0.04, y, w * 0.96, y), fill=dark, width=max(1, w // 60))
    bw = w * 0.09
    for x in (w * 0.14, w * 0.86):
        d.rectangle((x - bw / 2, 0, x + bw / 2, h - 1), fill=band)
    d.rectangle((0, lid_h - h * 0.03, w - 1, lid_h + h * 0.03), fill=band)
    d.rounded_rectangle((w * 0.42, lid_h - h * 0.06, w * 0.58, lid_h + h * 0.16),
                        radius=w * 0.03, fill=band, outline=dark, width=max(1, w // 60))
    d.ellipse((w * 0.48, lid_h + h * 0.02, w * 0.52, lid_h + h * 0.08), fill=dark)
    return img


CODE_ART = {"shield": shield_image, "chest": lambda s: chest_image(s, int(s * 0.8))}


# -- textures ------------------------------------------------------------------------------
def _tex(img: Image.Image, name: str) -> arcade.Texture:
    return arcade.Texture(img, hash=f"crawl-{name}")


@cache
def card_face_texture(
    card_type: str, art: str, width: int, height: int, *, pyro: bool = False,
    bash: bool = False, spent: bool = False,
) -> arcade.Texture:  # fmt: skip
    """A card face without its texts: tinted body, art window, art and mark badges."""
    base = TYPE_COLORS.get(card_type, TYPE_COLORS["ability"])
    w, h = width * _SS, height * _SS
    radius = max(6, int(height * 0.06)) * _SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    edge = _shade(base, 0.45)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=_rgba(_shade(base, 0.8)),
                        outline=_rgba(edge), width=2 * _SS)
    inset = 5 * _SS
    d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius=radius - inset // 2,
                        fill=_rgba(base))
    # the art window, between the value line and the name band
    top, bottom = int(h * 0.25), int(h * 0.80)
    left, right = int(w * 0.12), int(w * 0.88)
    d.rounded_rectangle((left, top, right, bottom), radius=radius // 2,
                        fill=_rgba(_shade(base, 0.55)), outline=_rgba(_shade(base, 1.25)),
                        width=_SS)
    # the name band along the bottom
    d.rounded_rectangle((inset, int(h * 0.835), w - 1 - inset, h - 1 - inset),
                        radius=radius // 2, fill=_rgba(_shade(base, 0.5)))
    pic = _fit(art_image(art), int((right - left) * 0.82), int((bottom - top) * 0.82))
    img.alpha_composite(pic, ((left + right - pic.width) // 2, (top + bottom - pic.height) // 2))
    badge = int(h * 0.17)
    bx, by = w - inset - badge - 2 * _SS, inset + 2 * _SS
    if pyro:
        img.alpha_composite(flame_image(badge), (bx, by))
        bx -= badge + 2 * _SS
    if bash:
        img.alpha_composite(fist_image(badge), (bx, by))
    if spent:
        grey = ImageEnhance.Color(img).enhance(0.08)
        img = ImageEnhance.Brightness(grey).enhance(0.62)
    img = img.resize((width, height), Image.Resampling.LANCZOS)
    marks = f"{int(pyro)}{int(bash)}{int(spent)}"
    return _tex(img, f"face-{card_type}-{art}-{width}x{height}-{marks}")


@cache
def card_back_texture(width: int, height: int) -> arcade.Texture:
    with Image.open(arcade.resources.resolve(CARD_BACK)) as src:
        img = src.convert("RGBA").resize((width, height), Image.Resampling.LANCZOS)
    return _tex(img, f"back-{width}x{height}")


@cache
def outline_texture(width: int, height: int, line: int = 3) -> arcade.Texture:
    """A white rounded outline (tinted by the sprite colour): hover, legal target, focus."""
    w, h = width * _SS, height * _SS
    radius = max(6, int(height * 0.06)) * _SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius,
                                          outline=(255, 255, 255, 255), width=line * _SS)
    return _tex(img.resize((width, height), Image.Resampling.LANCZOS),
                f"outline-{width}x{height}-{line}")


@cache
def glow_texture(width: int, height: int) -> arcade.Texture:
    """A soft filled rounded rectangle: the green wash of a legal destination."""
    w, h = width * _SS, height * _SS
    radius = max(6, int(height * 0.06)) * _SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=(255, 255, 255, 70),
                        outline=(255, 255, 255, 255), width=4 * _SS)
    return _tex(img.resize((width, height), Image.Resampling.LANCZOS), f"glow-{width}x{height}")


@cache
def icon_texture(handle: str, size: int) -> arcade.Texture:
    """Art fitted into a transparent square (badges, picker icons, coins)."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    pic = _fit(art_image(handle), size, size)
    img.alpha_composite(pic, ((size - pic.width) // 2, (size - pic.height) // 2))
    return _tex(img, f"icon-{handle}-{size}")


@cache
def badge_texture(handle: str, size: int, lit: bool) -> arcade.Texture:
    """A hero effect badge: the ability icon on a disc, gold-rimmed when lit, grey when not."""
    s = size * _SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if lit:
        d.ellipse((0, 0, s - 1, s - 1), fill=(70, 54, 20, 255), outline=_rgba(theme.GOLD_HI),
                  width=3 * _SS)
    else:
        d.ellipse((0, 0, s - 1, s - 1), fill=(34, 38, 44, 255), outline=(80, 86, 94, 255),
                  width=2 * _SS)
    pic = _fit(art_image(handle), int(s * 0.66), int(s * 0.66))
    if not lit:
        pic = ImageEnhance.Brightness(ImageEnhance.Color(pic).enhance(0.0)).enhance(0.45)
    img.alpha_composite(pic, ((s - pic.width) // 2, (s - pic.height) // 2))
    img = img.resize((size, size), Image.Resampling.LANCZOS)
    return _tex(img, f"badge-{handle}-{size}-{int(lit)}")


@cache
def chest_texture(width: int, height: int) -> arcade.Texture:
    return _tex(chest_image(width, height), f"chest-{width}x{height}")


@cache
def crack_texture(width: int, height: int) -> arcade.Texture:
    """Cracks over a shield that absorbed a blow."""
    img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    cx, cy = width * 0.5, height * 0.48
    for angle, length in ((-0.6, 0.42), (0.4, 0.38), (1.9, 0.3), (2.8, 0.36), (4.2, 0.34)):
        x, y = cx, cy
        for step in range(4):
            a = angle + (0.35 if step % 2 else -0.3)
            nx = x + math.cos(a) * width * length / 4
            ny = y + math.sin(a) * height * length / 4
            d.line((x, y, nx, ny), fill=(20, 20, 24, 230), width=3)
            d.line((x + 1, y + 1, nx + 1, ny + 1), fill=(230, 236, 244, 160), width=1)
            x, y = nx, ny
    return _tex(img, f"crack-{width}x{height}")


@cache
def shard_texture(size: int) -> arcade.Texture:
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(img).polygon([(0, size), (size * 0.5, 0), (size, size * 0.7)],
                                fill=(210, 220, 232, 255))
    return _tex(img, f"shard-{size}")


@cache
def disc_texture(size: int) -> arcade.Texture:
    """A soft white disc (flashes, the beam's glow, the spinner's dots)."""
    s = size * 2
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    ImageDraw.Draw(img).ellipse((s * 0.1, s * 0.1, s * 0.9, s * 0.9), fill=(255, 255, 255, 255))
    img = img.filter(ImageFilter.GaussianBlur(s * 0.08))
    return _tex(img.resize((size, size), Image.Resampling.LANCZOS), f"disc-{size}")


@cache
def circle_texture(size: int) -> arcade.Texture:
    """A crisp white disc (count badges), tinted by its sprite."""
    s = size * 4
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    ImageDraw.Draw(img).ellipse((0, 0, s - 1, s - 1), fill=(255, 255, 255, 255))
    return _tex(img.resize((size, size), Image.Resampling.LANCZOS), f"circle-{size}")


@cache
def arrow_head_texture(size: int) -> arcade.Texture:
    """A white arrow head pointing right (the hint arrow's tip, tinted by its sprite)."""
    s = size * _SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    ImageDraw.Draw(img).polygon([(0, 0), (s - 1, s / 2), (0, s - 1), (s * 0.25, s / 2)],
                                fill=(255, 255, 255, 255))
    return _tex(img.resize((size, size), Image.Resampling.LANCZOS), f"arrow-{size}")


@cache
def spinner_texture(size: int) -> arcade.Texture:
    """Three quarters of a ring: it turns on the Hint button while the CPU thinks."""
    s = size * _SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    ImageDraw.Draw(img).arc((2, 2, s - 3, s - 3), 0, 270, fill=(255, 255, 255, 255),
                            width=max(2, s // 7))
    return _tex(img.resize((size, size), Image.Resampling.LANCZOS), f"spinner-{size}")


@cache
def bar_texture(width: int, height: int) -> arcade.Texture:
    """A white rounded bar (the HP bar and its track, tinted)."""
    s = _SS * 2
    img = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, width * s - 1, height * s - 1),
                                          radius=height * s // 2, fill=(255, 255, 255, 255))
    return _tex(img.resize((width, height), Image.Resampling.LANCZOS), f"bar-{width}x{height}")


# -- shapes --------------------------------------------------------------------------------
def rounded_points(rect: arcade.types.Rect, radius: float,
                   steps: int = 5) -> list[tuple[float, float]]:
    """The outline of a rounded rectangle, counter-clockwise from the top-right corner."""
    r = min(radius, rect.width / 2, rect.height / 2)
    corners = (
        (rect.right - r, rect.top - r, 0.0), (rect.left + r, rect.top - r, 90.0),
        (rect.left + r, rect.bottom + r, 180.0), (rect.right - r, rect.bottom + r, 270.0),
    )  # fmt: skip
    points = []
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90.0 * i / steps)
            points.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
    return points


def rounded_outline(rect: arcade.types.Rect, radius: float, color: Color,
                    width: float = 2.0, steps: int = 5) -> arcade.shape_list.Shape:
    """The outline of a rounded rectangle as line geometry: an empty zone's frame, a ring.

    Only the edge pixels are drawn, so an empty frame costs almost nothing to fill, unlike
    a card-sized transparent texture (the frames sit under cards most of the time). It is one
    strip between an outer and an inner outline, `width` apart: half the triangles of a
    thick line loop (a quad per segment plus joins), and no overlap at the joins, where a
    translucent loop blended twice.
    """
    half = width / 2
    outer = rounded_points(rect.resize(rect.width + width, rect.height + width),
                           radius + half, steps)
    inner = rounded_points(rect.resize(max(0.0, rect.width - width),
                                       max(0.0, rect.height - width)),
                           max(0.0, radius - half), steps)
    strip: list[tuple[float, float]] = []
    for o, i in zip(outer + outer[:1], inner + inner[:1], strict=True):
        strip.extend((o, i))
    return arcade.shape_list.create_triangles_strip_filled_with_colors(strip,
                                                                       [color] * len(strip))


def panel_shapes(rect: arcade.types.Rect, radius: float, fill: Color,
                 edge: Color | None = None, width: float = 2.0) -> list[arcade.shape_list.Shape]:
    """A filled rounded panel with an optional rim, as untextured geometry.

    A software rasterizer fills solid geometry about twice as fast as a textured sprite of
    the same size, and panels are the largest surfaces of the screens.
    """
    shapes = [rounded_fill(rect, radius, fill)]
    if edge is not None:
        shapes.append(rounded_outline(rect, radius, edge, width))
    return shapes


def rounded_fill(rect: arcade.types.Rect, radius: float, color: Color,
                 steps: int = 5) -> arcade.shape_list.Shape:
    """A filled rounded rectangle as big triangles: three bands (middle, top, bottom) and a
    fan in each corner, along the same outline as `rounded_points`.

    `create_polygon` fills it as one strip of sliver triangles that each span the whole
    panel, which a software rasterizer fills at about half the speed of a few large ones.
    """
    r = min(radius, rect.width / 2, rect.height / 2)
    l, b, rt, t = rect.left, rect.bottom, rect.right, rect.top  # noqa: E741
    points: list[tuple[float, float]] = []

    def quad(x0: float, y0: float, x1: float, y1: float) -> None:
        if x1 > x0 and y1 > y0:
            points.extend(((x0, y0), (x1, y0), (x1, y1), (x0, y0), (x1, y1), (x0, y1)))

    quad(l, b + r, rt, t - r)
    quad(l + r, t - r, rt - r, t)
    quad(l + r, b, rt - r, b + r)
    corners = ((rt - r, t - r, 0.0), (l + r, t - r, 90.0), (l + r, b + r, 180.0),
               (rt - r, b + r, 270.0))
    for cx, cy, start in corners:
        arc = [(cx + math.cos(a) * r, cy + math.sin(a) * r)
               for a in (math.radians(start + 90.0 * i / steps) for i in range(steps + 1))]
        for p0, p1 in zip(arc, arc[1:], strict=False):
            points.extend(((cx, cy), p0, p1))
    # one strip, the triangles joined by degenerate ones, so it batches (and keeps its drawing
    # order) with the outlines, which are strips too
    strip: list[tuple[float, float]] = []
    for i in range(0, len(points), 3):
        a, b, c = points[i:i + 3]
        strip.extend((a, a, b, c, c))
    return arcade.shape_list.create_triangles_strip_filled_with_colors(strip,
                                                                       [color] * len(strip))


# -- helpers -------------------------------------------------------------------------------
def _rgba(color: Color | tuple[int, ...]) -> tuple[int, int, int, int]:
    c = tuple(color)
    return (c[0], c[1], c[2], c[3] if len(c) > 3 else 255)


def _shade(color: Color, factor: float) -> Color:
    if factor <= 1.0:
        return Color(*(round(v * factor) for v in color[:3]), 255)
    return Color(*(round(v + (255 - v) * (factor - 1.0)) for v in color[:3]), 255)
