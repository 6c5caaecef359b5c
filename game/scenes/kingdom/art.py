"""Textures of the kingdom match view made in code: slot frames, hatched "no slot" spaces,
dashed empty offers, glows, the lock, badges and combat effects (spec kingdom.md 8.2, 8.3).

Each is drawn once with PIL (supersampled for smooth edges) and cached by size, and most are
white so that a sprite's `color` tints them (a gold or a white glow is one texture).
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

import arcade
from arcade import shape_list
from PIL import Image, ImageDraw, ImageOps

from game.scenes.widgets import rounded_rect_texture

_SS = 3
COIN = ":resources:images/items/coinGold.png"
STAR = ":resources:images/items/star.png"
FLAG = ":resources:images/items/flagYellow1.png"
GEM_RED = ":resources:images/items/gemRed.png"
GEM_GREEN = ":resources:images/items/gemGreen.png"


def _texture(img: Image.Image, size: tuple[int, int], name: str) -> arcade.Texture:
    img = img.resize(size, Image.Resampling.LANCZOS)
    return arcade.Texture(img, hash=f"kingdom-art-{name}-{size[0]}x{size[1]}")


@cache
def slot_texture(width: int, height: int) -> arcade.Texture:
    """An empty battlefield slot: a dark inset card frame."""
    return rounded_rect_texture(width, height, 10, (0, 0, 0, 70), (255, 255, 255, 70), 2)


@cache
def hatch_texture(width: int, height: int) -> arcade.Texture:
    """A lane a board does not have ("no slot"): diagonal hatching in a faint frame."""
    s = _SS
    img = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, width * s - 1, height * s - 1), radius=10 * s,
                           fill=(0, 0, 0, 40))
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width * s - 1, height * s - 1),
                                           radius=10 * s, fill=255)
    lines = Image.new("RGBA", img.size, (0, 0, 0, 0))
    ld = ImageDraw.Draw(lines)
    step = 14 * s
    for x in range(-height * s, width * s, step):
        ld.line((x, height * s, x + height * s, 0), fill=(150, 150, 150, 70), width=3 * s)
    img.paste(lines, (0, 0), Image.composite(lines, Image.new("RGBA", img.size), mask))
    draw.rounded_rectangle((0, 0, width * s - 1, height * s - 1), radius=10 * s,
                           outline=(150, 150, 150, 70), width=2 * s)
    return _texture(img, (width, height), "hatch")


@cache
def dashed_texture(width: int, height: int) -> arcade.Texture:
    """An empty shop position: a dashed outline (white, tinted by the sprite)."""
    s = _SS
    img = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    dash, gap, lw = 10 * s, 7 * s, 2 * s
    w, h = width * s - 1, height * s - 1
    inset = lw
    for x in range(inset, w - inset, dash + gap):
        draw.line((x, inset, min(x + dash, w - inset), inset), fill=(255, 255, 255, 255), width=lw)
        draw.line((x, h - inset, min(x + dash, w - inset), h - inset), fill=(255, 255, 255, 255),
                  width=lw)
    for y in range(inset, h - inset, dash + gap):
        draw.line((inset, y, inset, min(y + dash, h - inset)), fill=(255, 255, 255, 255), width=lw)
        draw.line((w - inset, y, w - inset, min(y + dash, h - inset)), fill=(255, 255, 255, 255),
                  width=lw)
    return _texture(img, (width, height), "dashed")


@cache
def glow_texture(width: int, height: int) -> arcade.Texture:
    """A thick soft outline around a card-sized box (white; gold or white by tint)."""
    s = _SS
    pad = 8
    w, h = width + 2 * pad, height + 2 * pad
    img = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    for i, alpha in enumerate((255, 170, 110, 60)):  # bright at the card, fading out
        inset = (pad - 2 - i * 2) * s
        draw.rounded_rectangle((inset, inset, w * s - 1 - inset, h * s - 1 - inset),
                               radius=(12 + pad - i * 2) * s, outline=(255, 255, 255, alpha),
                               width=2 * s)
    return _texture(img, (w, h), "glow")


@cache
def lock_texture(size: int) -> arcade.Texture:
    """A padlock (grey body, dark outline)."""
    s = _SS * 4
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    k = s / 12
    draw.rounded_rectangle((3 * k, 1 * k, 9 * k, 8 * k), radius=3 * k, outline=(30, 30, 34, 255),
                           width=int(2.2 * k))
    draw.rounded_rectangle((3 * k, 1 * k, 9 * k, 8 * k), radius=3 * k,
                           outline=(215, 215, 220, 255), width=int(1.1 * k))
    draw.rounded_rectangle((1.5 * k, 5 * k, 10.5 * k, 11.5 * k), radius=1.2 * k,
                           fill=(215, 215, 220, 255), outline=(30, 30, 34, 255),
                           width=int(0.6 * k))
    draw.ellipse((5.2 * k, 7 * k, 6.8 * k, 8.6 * k), fill=(40, 40, 44, 255))
    draw.rectangle((5.7 * k, 8 * k, 6.3 * k, 10 * k), fill=(40, 40, 44, 255))
    return _texture(img, (size, size), "lock")


@cache
def disc_texture(size: int) -> arcade.Texture:
    """A filled circle with a dark rim (white; tinted for badges and projectiles)."""
    s = _SS
    img = Image.new("RGBA", (size * s, size * s), (0, 0, 0, 0))
    ImageDraw.Draw(img).ellipse((0, 0, size * s - 1, size * s - 1), fill=(255, 255, 255, 255),
                                outline=(40, 20, 20, 255), width=max(1, size * s // 12))
    return _texture(img, (size, size), "disc")


@cache
def ring_texture(size: int) -> arcade.Texture:
    """A splash ring (white outline)."""
    s = _SS
    img = Image.new("RGBA", (size * s, size * s), (0, 0, 0, 0))
    ImageDraw.Draw(img).ellipse((2 * s, 2 * s, size * s - 2 * s, size * s - 2 * s),
                                outline=(255, 255, 255, 255), width=4 * s)
    return _texture(img, (size, size), "ring")


@cache
def shield_texture(size: int) -> arcade.Texture:
    """A shield outline for a guardian's save."""
    s = _SS * 4
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    k = s / 10
    poly = [(1 * k, 1.5 * k), (5 * k, 0.5 * k), (9 * k, 1.5 * k), (8.5 * k, 6 * k),
            (5 * k, 9.5 * k), (1.5 * k, 6 * k)]
    ImageDraw.Draw(img).polygon(poly, fill=(120, 190, 255, 170), outline=(240, 250, 255, 255),
                                width=int(0.7 * k))
    return _texture(img, (size, size), "shield")


@cache
def icon(path: str) -> arcade.Texture:
    """A built-in image (coin, star, flag) loaded once."""
    return arcade.load_texture(path)


def hex_color(value: str) -> arcade.types.Color:
    v = value.lstrip("#")
    return arcade.types.Color(int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16), 255)


@cache
def tinted_flag(color: str, height: int) -> Image.Image:
    """flagYellow1.png with its cloth recoloured to `color` (the pole keeps its grey): the
    deck builder's tiles and the match view's panels fly the faction's own colour (a sprite
    tint of the yellow cloth multiplied it: blue and green factions flew olive, the
    others red, issue 27)."""
    flag = Image.open(arcade.resources.resolve(FLAG)).convert("RGBA")
    flag = flag.crop(flag.getchannel("A").getbbox())
    scale = height / flag.height
    flag = flag.resize((max(1, round(flag.width * scale)), height), Image.Resampling.LANCZOS)
    alpha = flag.getchannel("A")
    hsv = flag.convert("RGB").convert("HSV")
    saturation = hsv.getchannel("S")
    grey = ImageOps.grayscale(flag.convert("RGB"))
    r, g, b = hex_color(color)[:3]
    # lightness of the cloth kept, hue and saturation taken from the faction colour
    tinted = ImageOps.colorize(grey, black=(r // 3, g // 3, b // 3), white=(
        min(255, r + 90), min(255, g + 90), min(255, b + 90)), mid=(r, g, b))
    out = Image.composite(tinted, flag.convert("RGB"), saturation.point(lambda v: 255 if v > 60
                                                                        else 0))
    out = out.convert("RGBA")
    out.putalpha(alpha)
    return out


@cache
def flag_texture(color: str, height: int) -> arcade.Texture:
    """A faction's flag (`tinted_flag`) as a texture, made once per colour and size."""
    return arcade.Texture(tinted_flag(color, height), hash=f"kingdom-flag-{color}-{height}")


def hp_color(hp: float, max_hp: float) -> arcade.types.Color:
    """The Nexus bar: green above 60 %, yellow above 30 %, red below."""
    frac = 0.0 if max_hp <= 0 else hp / max_hp
    if frac > 0.6:
        return arcade.types.Color(76, 184, 88)
    if frac > 0.3:
        return arcade.types.Color(226, 196, 58)
    return arcade.types.Color(212, 62, 52)


# -- untextured shapes ---------------------------------------------------------------------------
# Panels, slot frames and hatches are flat colours: as untextured triangles of one
# ShapeElementList they cost about half the fill of the same boxes as textured sprites on a
# software rasterizer, and one draw call.


def rounded_points(rect: arcade.types.Rect, radius: float, segments: int = 4
                   ) -> list[tuple[float, float]]:
    """The outline of a rounded rectangle, counter-clockwise, as a convex polygon."""
    r = max(0.0, min(radius, rect.width / 2, rect.height / 2))
    corners = ((rect.right - r, rect.top - r, 0), (rect.left + r, rect.top - r, 90),
               (rect.left + r, rect.bottom + r, 180), (rect.right - r, rect.bottom + r, 270))
    points: list[tuple[float, float]] = []
    for cx, cy, start in corners:
        for i in range(segments + 1):
            a = math.radians(start + 90 * i / segments)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def add_box(shapes: Any, rect: arcade.types.Rect, fill: Any, edge: Any = None,
            radius: float = 10, edge_width: float = 2) -> None:
    """A rounded box: a filled polygon and, with `edge`, its outline."""
    points = rounded_points(rect, radius)
    if fill is not None:
        shapes.append(shape_list.create_polygon(points, fill))
    if edge is not None:
        shapes.append(shape_list.create_line_loop(points, edge, edge_width))


def add_hatch(shapes: Any, rect: arcade.types.Rect, color: Any, step: float = 14) -> None:
    """Diagonal hatching (45 degrees) clipped to a rectangle."""
    lines: list[tuple[float, float]] = []
    w, h = rect.width, rect.height
    c = -h
    while c < w:
        # the line x = y' + c (y' from the bottom), clipped to 0 <= x <= w, 0 <= y' <= h
        y0 = max(0.0, -c)
        y1 = min(h, w - c)
        if y1 > y0:
            lines.append((rect.left + y0 + c, rect.bottom + y0))
            lines.append((rect.left + y1 + c, rect.bottom + y1))
        c += step
    if lines:
        shapes.append(shape_list.create_lines(lines, color))
