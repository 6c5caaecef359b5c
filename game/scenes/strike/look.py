"""What Strike looks like (spec strike.md 8.1): colours, words and textures drawn in code.

Card faces, mini cards and unit tokens are painted once with PIL (supersampled, text in the
bundled Liberation faces) and cached as arcade textures, so a hand of cards or a board of
tokens is one SpriteList draw. Nothing here decides a rule: the texts are read from the card
data (`Content`), the numbers from the state JSON.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import arcade
from arcade.types import Color
from PIL import Image, ImageDraw, ImageFont

SEAT_COLOURS = (Color(80, 220, 150), Color(255, 85, 100))
BACKGROUND = Color(24, 26, 34)
CHECK_A = Color(36, 40, 52)
CHECK_B = Color(40, 44, 58)
PANEL = Color(30, 34, 44)
PANEL_EDGE = Color(62, 70, 88)
TEXT = Color(236, 236, 240)
MUTED = Color(160, 166, 180)
BLUE = Color(60, 140, 255)
RED = Color(255, 70, 70)
GREEN = Color(90, 220, 110)
AMBER = Color(240, 180, 50)
HP_RED = Color(230, 60, 60)

ELEMENT_FALLBACK = {
    "fire": (255, 110, 40), "water": (60, 150, 255), "leaf": (80, 200, 90),
    "wind": (190, 225, 255), "null": (180, 110, 230), "combined": (255, 200, 60),
}
GEMS = {
    "fire": ":resources:images/items/gemRed.png",
    "water": ":resources:images/items/gemBlue.png",
    "leaf": ":resources:images/items/gemGreen.png",
    "wind": ":resources:images/items/gemYellow.png",
    "null": ":resources:images/items/star.png",
    "combined": ":resources:images/items/star.png",
}
STATUS_COLOURS = {
    "burn": Color(255, 140, 40), "stun": Color(250, 220, 60), "root": Color(160, 110, 60),
    "regen": Color(90, 220, 110),
}
SOUNDS = {
    "pick": ":resources:sounds/coin2.wav",
    "place": ":resources:sounds/phaseJump1.wav",
    "move": ":resources:sounds/jump3.wav",
    "launch": ":resources:sounds/laser2.wav",
    "hit": ":resources:sounds/hit3.wav",
    "boom": ":resources:sounds/explosion2.wav",
    "heal": ":resources:sounds/upgrade1.wav",
    "illegal": ":resources:sounds/error2.wav",
    "death": ":resources:sounds/fall3.wav",
    "victory": ":resources:sounds/secret2.wav",
    "defeat": ":resources:sounds/gameover1.wav",
}
KEYS_BY_SLOT = (("Q", "W", "E"), ("A", "S", "D"), ("Z", "X", "C"))
REJECT_WORDS = {
    "out_of_range": "OUT OF RANGE!", "stunned": "STUNNED!", "rooted": "ROOTED!",
    "not_reachable": "NOT REACHABLE", "occupied": "OCCUPIED", "outside_zone": "Outside your zone",
    "bad_target": "NOT A TARGET", "not_your_turn": "NOT YOUR TURN",
}


def reject_words(error: str | None, message: str, decision: dict[str, Any],
                 unit: dict[str, Any] | None) -> str:
    """The words of a rejection (spec 8.4): "OUT OF RANGE!", "COOLDOWN 2!", "STUNNED!"..."""
    if error == "on_cooldown":
        try:
            return f"COOLDOWN {unit['cooldowns'][int(decision.get('attack', 0))]}!"  # type: ignore[index]
        except (TypeError, LookupError, ValueError):
            return "COOLDOWN!"
    return REJECT_WORDS.get(error or "", message)


def element_name(element: str) -> str:
    """An element as players read it ("Fire", "Null"), never its id; a mod's own element
    ("deep_sea") reads "Deep Sea"."""
    return element.replace("_", " ").title()


def card_elements(card: Any) -> str:
    """A card's elements for a heading: "Fire / Leaf", or one name when both are the same."""
    first, second = element_name(card.element), element_name(card.secondary)
    return first if first == second else f"{first} / {second}"


def element_colour(content: Any, element: str) -> Color:
    rgb = getattr(content, "colours", {}).get(element) or ELEMENT_FALLBACK.get(element, (200,) * 3)
    return Color(*[int(v) for v in rgb][:3])


def unit_label(owner: int, slot: int) -> str:
    return f"{'PE'[owner]}{slot + 1}"


def hp_colour(hp: int, max_hp: int) -> Color:
    frac = hp / max_hp if max_hp else 0
    return GREEN if frac > 0.6 else AMBER if frac > 0.3 else HP_RED


# ---------------------------------------------------------------------------------------------
# words
# ---------------------------------------------------------------------------------------------


def ability_short(a: Any) -> str:
    """The card's one-line ability summary: "14 dmg · r2 · cd 0" (spec 8.2)."""
    if a.kind == "heal":
        amount = f"+{a.heal} all allies" if a.effect == "heal_all" else f"+{a.heal} heal"
        return f"{amount} · r{a.range} · cd {a.cooldown}"
    if a.kind == "drain":
        return f"drain {a.damage} / +{a.heal} · r{a.range} · cd {a.cooldown}"
    return f"{a.damage} dmg · r{a.range} · cd {a.cooldown}"


def ability_button(a: Any) -> str:
    if a.kind == "heal":
        return f"{a.name} · +{a.heal}"
    return f"{a.name} · {a.damage} · r{a.range}"


def ability_full(a: Any) -> list[str]:
    """Every fact of one ability, for tooltips."""
    kind = {"strike": "Strike", "drain": "Life drain", "heal": "Heal"}[a.kind]
    lines = [f"{a.name} ({element_name(a.element)}): {kind}"]
    if a.kind == "heal":
        if a.effect == "heal_all":
            lines.append(f"  Heals every ally on the board by {a.heal}")
        elif a.range == 0:
            lines.append(f"  Heals itself by {a.heal}")
        else:
            lines.append(f"  Heals itself and allies within {a.range} tiles by {a.heal}")
    elif a.kind == "drain":
        lines.append(f"  Drains {a.damage} at range {a.range}, heals itself {a.heal}")
    else:
        lines.append(f"  {a.damage} damage, range {a.range}")
    lines.append(f"  Cooldown: {'instant' if a.cooldown == 0 else f'{a.cooldown} turns'}")
    if a.status == "burn":
        lines.append(f"  Burn: {a.status_value} damage for {a.status_turns} turns")
    elif a.status in ("stun", "root"):
        what = "no abilities" if a.status == "stun" else "no moving"
        lines.append(f"  {a.status.capitalize()}: {what} for {a.status_turns} turn(s)")
    if a.effect == "flame_trail":
        lines.append(f"  Leaves a flame trail: {a.effect_value} damage, {a.effect_turns} rounds")
    return lines


def card_tooltip(card: Any, unit: dict[str, Any] | None = None) -> str:
    head = f"{card.name} ({card_elements(card)})"
    if unit is not None:
        head += f"   HP {unit['hp']}/{unit['max_hp']}"
        st = status_words(unit)
        if st:
            head += "   " + " ".join(st)
    else:
        head += f"   HP {card.hp} · MOVE {card.move} · SPD {card.speed}"
    lines = [head]
    for i, a in enumerate(card.attacks):
        block = ability_full(a)
        if unit is not None and unit["cooldowns"][i] > 0:
            block[0] += f"   [WAIT {unit['cooldowns'][i]}]"
        lines.extend(block)
    return "\n".join(lines)


def status_words(unit: dict[str, Any]) -> list[str]:
    s = unit.get("statuses") or {}
    out = []
    if s.get("burn", {}).get("turns", 0) > 0:
        out.append(f"BURN {s['burn']['turns']}")
    if s.get("stun", 0) > 0:
        out.append(f"STUN {s['stun']}")
    if s.get("root", 0) > 0:
        out.append(f"ROOT {s['root']}")
    if s.get("regen", {}).get("turns", 0) > 0:
        out.append(f"REGEN {s['regen']['turns']}")
    return out


# ---------------------------------------------------------------------------------------------
# textures
# ---------------------------------------------------------------------------------------------

_SS = 3  # supersampling


@cache
def _font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    name = "Liberation_Sans_Bold.ttf" if bold else "Liberation_Sans_Regular.ttf"
    path = arcade.resources.resolve(f":resources:fonts/ttf/Liberation/{name}")
    return ImageFont.truetype(str(path), size)


@cache
def _gem(element: str, size: int) -> Image.Image:
    img = Image.open(arcade.resources.resolve(GEMS.get(element, GEMS["null"]))).convert("RGBA")
    return img.resize((size, size), Image.Resampling.LANCZOS)


def _fit(draw: ImageDraw.ImageDraw, text: str, bold: bool, size: int, width: int
         ) -> ImageFont.FreeTypeFont:
    while size > 8 and draw.textlength(text, font=_font(bold, size)) > width:
        size -= 1
    return _font(bold, size)


def _dark(rgb: tuple[int, ...], f: float) -> tuple[int, int, int]:
    return tuple(int(v * f) for v in rgb[:3])  # type: ignore[return-value]


@cache
def card_texture(card: Any, colours: tuple[tuple[str, tuple[int, int, int]], ...],
                 width: int = 150, height: int = 210) -> arcade.Texture:
    """A full card face: frame and header in the element colour, stripe, gem, name, stats and
    three ability rows (spec 8.2)."""
    cmap = dict(colours)
    s = _SS
    w, h = width * s, height * s
    main = cmap.get(card.element, ELEMENT_FALLBACK.get(card.element, (200, 200, 200)))
    second = cmap.get(card.secondary, ELEMENT_FALLBACK.get(card.secondary, (200, 200, 200)))
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = 12 * s
    d.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=(*_dark(main, 0.55), 255))
    d.rounded_rectangle((3 * s, 3 * s, w - 1 - 3 * s, h - 1 - 3 * s), r - 3 * s,
                        fill=(28, 31, 40, 255))
    head = 42 * s
    d.rounded_rectangle((3 * s, 3 * s, w - 1 - 3 * s, head), r - 3 * s, fill=(*main, 255))
    d.rectangle((3 * s, head - 8 * s, w - 1 - 3 * s, head), fill=(*main, 255))
    d.rectangle((3 * s, head, w - 1 - 3 * s, head + 4 * s), fill=(*second, 255))
    d.ellipse((6 * s, 8 * s, 34 * s, 36 * s), fill=(20, 22, 28, 170))
    gem = _gem(card.element, 34 * s)
    img.alpha_composite(gem, (3 * s, 5 * s))
    tcol = (20, 22, 28) if sum(main) > 420 else (250, 250, 250)
    font = _fit(d, card.name, True, 14 * s, w - 48 * s)
    d.text((40 * s, 21 * s), card.name, font=font, fill=tcol, anchor="lm")
    stats = f"HP {card.hp} · MOVE {card.move} · SPD {card.speed}"
    d.text((w // 2, head + 15 * s), stats, font=_fit(d, stats, True, 10 * s, w - 12 * s),
           fill=(230, 230, 236), anchor="mm")
    y = head + 30 * s
    row_h = (h - y - 8 * s) // 3
    for a in card.attacks:
        ac = cmap.get(a.element, ELEMENT_FALLBACK.get(a.element, (200, 200, 200)))
        d.rounded_rectangle((7 * s, y, w - 7 * s, y + row_h - 5 * s), 5 * s,
                            fill=(40, 44, 56, 255))
        d.ellipse((12 * s, y + 7 * s, 20 * s, y + 15 * s), fill=(*ac, 255))
        d.text((25 * s, y + 11 * s), a.name, font=_fit(d, a.name, True, 11 * s, w - 50 * s),
               fill=(245, 245, 245), anchor="lm")
        line = ability_short(a)
        d.text((12 * s, y + 27 * s), line, font=_fit(d, line, False, 10 * s, w - 40 * s),
               fill=(190, 196, 210), anchor="lm")
        _status_icon(d, a, w - 14 * s, y + 11 * s, s)
        y += row_h
    img = img.resize((width, height), Image.Resampling.LANCZOS)
    return arcade.Texture(img, hash=f"strike-card-{card.id}-{width}x{height}-{colours}")


def _status_icon(d: ImageDraw.ImageDraw, a: Any, x: int, y: int, s: int) -> None:
    """Burn: a flame; stun: a zig-zag; root: a vine; flame trail: three flames."""
    def flame(cx: int, cy: int, k: float = 1.0) -> None:
        pts = [(cx, cy - 7 * s * k), (cx + 4 * s * k, cy + 3 * s * k), (cx, cy + 6 * s * k),
               (cx - 4 * s * k, cy + 3 * s * k)]
        d.polygon(pts, fill=(255, 130, 30, 255))
        d.ellipse((cx - 2 * s * k, cy, cx + 2 * s * k, cy + 4 * s * k), fill=(255, 220, 80, 255))

    if a.effect == "flame_trail":
        for i in range(3):
            flame(x - i * 8 * s, y, 0.7)
    elif a.status == "burn":
        flame(x, y)
    elif a.status == "stun":
        pts = [(x - 5 * s, y - 6 * s), (x + 3 * s, y - 2 * s), (x - 3 * s, y + 1 * s),
               (x + 5 * s, y + 6 * s)]
        d.line(pts, fill=(250, 220, 60, 255), width=2 * s)
    elif a.status == "root":
        d.arc((x - 6 * s, y - 6 * s, x + 6 * s, y + 6 * s), 200, 520, fill=(110, 200, 80, 255),
              width=2 * s)
    elif a.kind == "heal":
        d.rectangle((x - 1 * s, y - 5 * s, x + 1 * s, y + 5 * s), fill=(100, 255, 100, 255))
        d.rectangle((x - 5 * s, y - 1 * s, x + 5 * s, y + 1 * s), fill=(100, 255, 100, 255))


@cache
def slot_texture(width: int, height: int, seat: int) -> arcade.Texture:
    """An empty deck slot: a dashed outline in the seat colour."""
    s = _SS
    img = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    col = tuple(SEAT_COLOURS[seat][:3])
    d.rounded_rectangle((0, 0, width * s - 1, height * s - 1), 10 * s, fill=(255, 255, 255, 12),
                        outline=(*col, 150), width=2 * s)
    img = img.resize((width, height), Image.Resampling.LANCZOS)
    return arcade.Texture(img, hash=f"strike-slot-{width}x{height}-{seat}")


@cache
def token_texture(size: int, seat: int, element_rgb: tuple[int, int, int], label: str
                  ) -> arcade.Texture:
    """A unit token: a disc in the seat colour, an element ring and its label (spec 8.4)."""
    s = _SS
    n = size * s
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = n / 2
    ring = n * 0.47
    disc = n * 0.38
    d.ellipse((c - ring, c - ring, c + ring, c + ring), fill=(*element_rgb, 255))
    d.ellipse((c - ring + 3 * s, c - ring + 3 * s, c + ring - 3 * s, c + ring - 3 * s),
              fill=(20, 22, 30, 255))
    seat_rgb = tuple(SEAT_COLOURS[seat][:3])
    d.ellipse((c - disc, c - disc, c + disc, c + disc), fill=(*_dark(seat_rgb, 0.8), 255))
    d.ellipse((c - disc * 0.8, c - disc * 0.85, c + disc * 0.6, c + disc * 0.3),
              fill=(*seat_rgb, 255))
    font = _font(True, int(size * 0.3) * s)
    d.text((c, c + s), label, font=font, fill=(18, 20, 26), anchor="mm")
    img = img.resize((size, size), Image.Resampling.LANCZOS)
    return arcade.Texture(img, hash=f"strike-token-{size}-{seat}-{element_rgb}-{label}")


def colour_items(content: Any) -> tuple[tuple[str, tuple[int, int, int]], ...]:
    cols = getattr(content, "colours", {}) or {}
    merged = {**ELEMENT_FALLBACK, **{k: tuple(int(x) for x in v[:3]) for k, v in cols.items()}}
    return tuple(sorted(merged.items()))  # type: ignore[arg-type]


class CardTip:
    """A left-aligned panel listing a card's abilities in full (hover on a card or a token)."""

    def __init__(self, width: int = 300) -> None:
        from game.scenes.fonts import UI_FONT

        self.width = width
        self.text = arcade.Text("", 0, 0, TEXT, 10, font_name=UI_FONT, multiline=True,
                                width=width, anchor_x="left", anchor_y="top")
        self.visible = False
        self.box = (0.0, 0.0, 0.0, 0.0)

    def show(self, text: str, x: float, y: float) -> None:
        """Show at the right of (x, y), its top at y, kept inside the window."""
        if self.text.text != text:
            self.text.text = text
        self.visible = True
        win = arcade.get_window()
        w, h = self.width + 16, self.text.content_height + 14
        x, y = round(x), round(y)
        left = min(x + 12, win.width - w - 4)
        if left < x and x - w - 12 >= 4:
            left = x - w - 12
        top = max(min(y, win.height - 4), h + 4)
        self.box = (left, left + w, top - h, top)
        self.text.position = (left + 8, top - 7)

    def hide(self) -> None:
        self.visible = False

    def draw(self) -> None:
        if not self.visible:
            return
        left, right, bottom, top = self.box
        arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, Color(14, 16, 22, 240))
        arcade.draw_lrbt_rectangle_outline(left, right, bottom, top, PANEL_EDGE, 1)
        self.text.draw()
