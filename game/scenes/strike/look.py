"""What Strike looks like (spec strike.md 8.1): colours, words and textures drawn in code.

Card faces, mini cards and unit tokens are painted once with PIL (supersampled, text in the
bundled Liberation faces) and cached as arcade textures, so a hand of cards or a board of
tokens is one SpriteList draw. Nothing here decides a rule: the texts are read from the card
data (`Content`), the numbers from the state JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import arcade
from arcade.types import Color
from PIL import Image, ImageDraw, ImageFont

from game import i18n
from game.i18n import N_, _, ngettext
from game.scenes import palette, theme
from game.scenes.painted_text import clip_text
from game.scenes.scale import view_size

STANDARD_SEATS = (Color(80, 220, 150), Color(255, 85, 100))
SEAT_COLOURS = palette.seat_colours(STANDARD_SEATS)  # palette.use() swaps them later
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
    "out_of_range": N_("OUT OF RANGE!"), "stunned": N_("STUNNED!"), "rooted": N_("ROOTED!"),
    "not_reachable": N_("NOT REACHABLE"), "occupied": N_("OCCUPIED"), "outside_zone": N_("Outside your zone"),
    "bad_target": N_("NOT A TARGET"), "not_your_turn": N_("NOT YOUR TURN"),
}


def reject_words(error: str | None, message: str, decision: dict[str, Any],
                 unit: dict[str, Any] | None) -> str:
    """The words of a rejection (spec 8.4): "OUT OF RANGE!", "COOLDOWN 2!", "STUNNED!"..."""
    if error == "on_cooldown":
        try:
            return _("COOLDOWN {n}!").format(
                n=unit["cooldowns"][int(decision.get("attack", 0))])  # type: ignore[index]
        except (TypeError, LookupError, ValueError):
            return _("COOLDOWN!")
    return _(REJECT_WORDS.get(error or "", message))


def element_name(element: str) -> str:
    """An element as players read it ("Fire", "Null"), never its id; a mod's own element
    ("deep_sea") reads "Deep Sea"."""
    return _(element.replace("_", " ").title())


def card_elements(card: Any) -> str:
    """A card's elements for a heading: "Fire / Leaf", or one name when both are the same."""
    first, second = element_name(card.element), element_name(card.secondary)
    return first if first == second else f"{first} / {second}"


def element_colour(content: Any, element: str) -> Color:
    rgb = getattr(content, "colours", {}).get(element) or ELEMENT_FALLBACK.get(element, (200,) * 3)
    rgb = palette.element_colour(element, tuple(int(v) for v in rgb[:3]))
    return Color(*[int(v) for v in rgb][:3])


def unit_label(owner: int, slot: int) -> str:
    return f"{'PE'[owner]}{slot + 1}"


def hp_colour(hp: int, max_hp: int) -> Color:
    frac = hp / max_hp if max_hp else 0
    return palette.hp_colour(frac, (GREEN, AMBER, HP_RED))


# ---------------------------------------------------------------------------------------------
# words
# ---------------------------------------------------------------------------------------------


def ability_short(a: Any) -> str:
    """The card's one-line ability summary: "14 dmg · r2 · cd 0" (spec 8.2)."""
    if a.kind == "heal":
        amount = (_("+{heal} all allies") if a.effect == "heal_all" else _("+{heal} heal")
                  ).format(heal=a.heal)
        return _("{amount} · r{range} · cd {cooldown}").format(amount=amount, range=a.range,
                                                               cooldown=a.cooldown)
    if a.kind == "drain":
        return _("drain {damage} / +{heal} · r{range} · cd {cooldown}").format(
            damage=a.damage, heal=a.heal, range=a.range, cooldown=a.cooldown)
    return _("{damage} dmg · r{range} · cd {cooldown}").format(damage=a.damage, range=a.range,
                                                               cooldown=a.cooldown)


def ability_button(a: Any) -> str:
    if a.kind == "heal":
        return f"{_(a.name)} · +{a.heal}"
    return f"{_(a.name)} · {a.damage} · r{a.range}"


def ability_full(a: Any) -> list[str]:
    """Every fact of one ability, for tooltips."""
    kind = {"strike": _("Strike"), "drain": _("Life drain"), "heal": _("Heal")}[a.kind]
    lines = [f"{_(a.name)} ({element_name(a.element)}): {kind}"]
    if a.kind == "heal":
        if a.effect == "heal_all":
            line = _("Heals every ally on the board by {heal}")
        elif a.range == 0:
            line = _("Heals itself by {heal}")
        else:
            line = _("Heals itself and allies within {range} tiles by {heal}")
    elif a.kind == "drain":
        line = _("Drains {damage} at range {range}, heals itself {heal}")
    else:
        line = _("{damage} damage, range {range}")
    lines.append("  " + line.format(heal=a.heal, range=a.range, damage=a.damage))
    cooldown = _("instant") if a.cooldown == 0 else ngettext(
        "{n} turn", "{n} turns", a.cooldown).format(n=a.cooldown)
    lines.append("  " + _("Cooldown: {cooldown}").format(cooldown=cooldown))
    if a.status == "burn":
        lines.append("  " + _("Burn: {damage} damage for {turns} turns").format(
            damage=a.status_value, turns=a.status_turns))
    elif a.status in ("stun", "root"):
        line = (ngettext("Stun: no abilities for {n} turn", "Stun: no abilities for {n} turns",
                         a.status_turns) if a.status == "stun" else
                ngettext("Root: no moving for {n} turn", "Root: no moving for {n} turns",
                         a.status_turns))
        lines.append("  " + line.format(n=a.status_turns))
    if a.effect == "flame_trail":
        lines.append("  " + _("Leaves a flame trail: {damage} damage, {rounds} rounds").format(
            damage=a.effect_value, rounds=a.effect_turns))
    return lines


def card_tooltip(card: Any, unit: dict[str, Any] | None = None) -> str:
    head = f"{_(card.name)} ({card_elements(card)})"
    if unit is not None:
        head += f"   HP {unit['hp']}/{unit['max_hp']}"
        st = status_words(unit)
        if st:
            head += "   " + " ".join(st)
    else:
        head += "   " + _("HP {hp} · MOVE {move} · SPD {speed}").format(
            hp=card.hp, move=card.move, speed=card.speed)
    lines = [head]
    for i, a in enumerate(card.attacks):
        block = ability_full(a)
        if unit is not None and unit["cooldowns"][i] > 0:
            block[0] += "   [" + _("WAIT {n}").format(n=unit["cooldowns"][i]) + "]"
        lines.extend(block)
    return "\n".join(lines)


def status_words(unit: dict[str, Any]) -> list[str]:
    s = unit.get("statuses") or {}
    out = []
    if s.get("burn", {}).get("turns", 0) > 0:
        out.append(_("BURN {n}").format(n=s["burn"]["turns"]))
    if s.get("stun", 0) > 0:
        out.append(_("STUN {n}").format(n=s["stun"]))
    if s.get("root", 0) > 0:
        out.append(_("ROOT {n}").format(n=s["root"]))
    if s.get("regen", {}).get("turns", 0) > 0:
        out.append(_("REGEN {n}").format(n=s["regen"]["turns"]))
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




def _fit(draw: ImageDraw.ImageDraw, text: str, bold: bool, size: int, width: int,
         floor: int = 8) -> ImageFont.FreeTypeFont:
    """The largest font from `size` down to `floor` (pixels of the image) that fits `width`."""
    while size > floor and draw.textlength(text, font=_font(bold, size)) > width:
        size -= 1
    return _font(bold, size)


def _dark(rgb: tuple[int, ...], f: float) -> tuple[int, int, int]:
    return tuple(int(v * f) for v in rgb[:3])  # type: ignore[return-value]


def card_texture(card: Any, colours: tuple[tuple[str, tuple[int, int, int]], ...],
                 width: int = 150, height: int = 210) -> arcade.Texture:
    """A full card face in the player's language (painted once per language)."""
    return _card_texture(card, colours, width, height, i18n.language())


@cache
def _card_texture(card: Any, colours: tuple[tuple[str, tuple[int, int, int]], ...],
                  width: int, height: int, lang: str) -> arcade.Texture:
    """A full card face painted at the size it is shown (`width` x `height` screen pixels):
    frame and header in the element colour, stripe, gem, name, stats and three ability rows
    (spec 8.2). Every text is at least `theme.MIN_TEXT_PX` on screen: the layout follows the card's
    width, a text that would need less is cut with an ellipsis (the tooltip has it all)."""
    cmap = dict(colours)
    s = _SS
    k = width / 150  # the layout was drawn for a 150 x 210 card
    floor = theme.MIN_TEXT_PX * s

    def px(v: float) -> int:
        return round(v * k * s)

    def size(v: float) -> int:
        return max(floor, px(v))

    w, h = width * s, height * s
    main = cmap.get(card.element, ELEMENT_FALLBACK.get(card.element, (200, 200, 200)))
    second = cmap.get(card.secondary, ELEMENT_FALLBACK.get(card.secondary, (200, 200, 200)))
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = px(12)
    d.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=(*_dark(main, 0.55), 255))
    d.rounded_rectangle((px(3), px(3), w - 1 - px(3), h - 1 - px(3)), r - px(3),
                        fill=(28, 31, 40, 255))
    head = px(42)
    d.rounded_rectangle((px(3), px(3), w - 1 - px(3), head), r - px(3), fill=(*main, 255))
    d.rectangle((px(3), head - px(8), w - 1 - px(3), head), fill=(*main, 255))
    d.rectangle((px(3), head, w - 1 - px(3), head + px(4)), fill=(*second, 255))
    d.ellipse((px(6), px(8), px(34), px(36)), fill=(20, 22, 28, 170))
    gem = _gem(card.element, max(1, px(34)))
    img.alpha_composite(gem, (px(3), px(5)))
    tcol = (20, 22, 28) if sum(main) > 420 else (250, 250, 250)
    room = w - px(44)
    name = _(card.name)
    font = _fit(d, name, True, size(14), room, floor)
    d.text((px(40), px(21)), clip_text(d, name, font, room), font=font, fill=tcol, anchor="lm")
    stats = _("HP {hp} · MOVE {move} · SPD {speed}").format(hp=card.hp, move=card.move,
                                                             speed=card.speed)
    font = _fit(d, stats, True, size(10), w - px(12), floor)
    if d.textlength(stats, font=font) > w - px(12):
        stats = _("HP {hp}  MV {move}  SPD {speed}").format(hp=card.hp, move=card.move,
                                                           speed=card.speed)
    d.text((w // 2, head + px(15)), clip_text(d, stats, font, w - px(12)), font=font,
           fill=(230, 230, 236), anchor="mm")
    y = head + px(30)
    row_h = (h - y - px(8)) // 3
    for a in card.attacks:
        ac = cmap.get(a.element, ELEMENT_FALLBACK.get(a.element, (200, 200, 200)))
        d.rounded_rectangle((px(7), y, w - px(7), y + row_h - px(5)), px(5),
                            fill=(40, 44, 56, 255))
        d.ellipse((px(12), y + px(7), px(20), y + px(15)), fill=(*ac, 255))
        room = w - px(50)
        font = _fit(d, _(a.name), True, size(11), room, floor)
        d.text((px(25), y + px(11)), clip_text(d, _(a.name), font, room), font=font,
               fill=(245, 245, 245), anchor="lm")
        line = ability_short(a)
        room = w - px(20)
        font = _fit(d, line, False, size(10), room, floor)
        d.text((px(12), y + px(27)), clip_text(d, line, font, room), font=font,
               fill=(190, 196, 210), anchor="lm")
        _status_icon(d, a, w - px(14), y + px(11), max(1, round(s * k)))
        y += row_h
    img = img.resize((width, height), Image.Resampling.LANCZOS)
    return arcade.Texture(img, hash=f"strike-card-{card.id}-{width}x{height}-{colours}-{lang}")


def mini_card_texture(card: Any, colours: tuple[tuple[str, tuple[int, int, int]], ...],
                      width: int, height: int) -> arcade.Texture:
    """A drafted card in a deck row, in the player's language (painted once per language)."""
    return _mini_card_texture(card, colours, width, height, i18n.language())


@cache
def _mini_card_texture(card: Any, colours: tuple[tuple[str, tuple[int, int, int]], ...],
                       width: int, height: int, lang: str) -> arcade.Texture:
    """A drafted card in a deck row, painted at its screen size: too small for the ability
    rows at 11 px, it shows the header colours, the gem, the name (two lines if need be) and
    the HP, every text at least `theme.MIN_TEXT_PX` (hover the card for the rest)."""
    cmap = dict(colours)
    s = _SS
    floor = theme.MIN_TEXT_PX * s
    w, h = width * s, height * s
    main = cmap.get(card.element, ELEMENT_FALLBACK.get(card.element, (200, 200, 200)))
    second = cmap.get(card.secondary, ELEMENT_FALLBACK.get(card.secondary, (200, 200, 200)))
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = max(s, w // 12)
    d.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=(*_dark(main, 0.55), 255))
    inset = max(s, w // 40)
    d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), r - inset,
                        fill=(28, 31, 40, 255))
    band = h * 2 // 7
    d.rounded_rectangle((inset, inset, w - 1 - inset, band), r - inset, fill=(*main, 255))
    d.rectangle((inset, band, w - 1 - inset, band + max(s, h // 50)), fill=(*second, 255))
    gem_size = min(band - 2 * inset, w // 2)
    img.alpha_composite(_gem(card.element, max(1, gem_size)), ((w - gem_size) // 2, inset * 2))
    font = _font(True, floor)
    room = w - 4 * inset
    words, lines = _(card.name).split(), [""]
    for word in words:
        trial = f"{lines[-1]} {word}".strip()
        if d.textlength(trial, font=font) <= room or not lines[-1]:
            lines[-1] = trial
        else:
            lines.append(word)
    lines = [clip_text(d, line, font, room) for line in lines[:2]]
    step = round(floor * 1.2)
    y = band + max(s, h // 50) + step // 2 + s * 2
    for line in lines:
        d.text((w // 2, y), line, font=font, fill=(245, 245, 245), anchor="mm")
        y += step
    d.text((w // 2, h - inset - step // 2 - s), _("HP {hp}").format(hp=card.hp), font=font,
           fill=(230, 230, 236), anchor="mm")
    img = img.resize((width, height), Image.Resampling.LANCZOS)
    return arcade.Texture(img, hash=f"strike-mini-{card.id}-{width}x{height}-{colours}-{lang}")


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
def token_texture(size: int, seat: int, element_rgb: tuple[int, int, int], label: str,
                  pattern: str = "solid") -> arcade.Texture:
    """A unit token: a disc in the seat colour, an element ring (drawn in the element's
    pattern in the colour-blind palette) and its label (spec 8.4)."""
    s = _SS
    n = size * s
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = n / 2
    ring = n * 0.47
    disc = n * 0.38
    _ring(d, c, ring, 3 * s, element_rgb, pattern)
    seat_rgb = tuple(SEAT_COLOURS[seat][:3])
    d.ellipse((c - disc, c - disc, c + disc, c + disc), fill=(*_dark(seat_rgb, 0.8), 255))
    d.ellipse((c - disc * 0.8, c - disc * 0.85, c + disc * 0.6, c + disc * 0.3),
              fill=(*seat_rgb, 255))
    font = _font(True, max(theme.MIN_TEXT_PX, int(size * 0.3)) * s)  # "P1" stays 11 px or more
    d.text((c, c + s), label, font=font, fill=(18, 20, 26), anchor="mm")
    img = img.resize((size, size), Image.Resampling.LANCZOS)
    return arcade.Texture(img, hash=f"strike-token-{size}-{seat}-{element_rgb}-{label}-"
                          f"{pattern}-{palette.current()}")


def _ring(d: ImageDraw.ImageDraw, c: float, r: float, width: int, rgb: tuple[int, int, int],
          pattern: str) -> None:
    """The element ring around a token: solid, or one of five patterns (`palette.ring_pattern`)
    so that elements differ by more than their colour."""
    import math

    box = (c - r, c - r, c + r, c + r)
    fill = (*rgb, 255)
    if pattern == "solid":
        d.ellipse(box, outline=fill, width=width)
    elif pattern == "dashed":
        for i in range(8):
            d.arc(box, i * 45, i * 45 + 28, fill=fill, width=width)
    elif pattern == "dotted":
        for i in range(12):
            a = math.radians(i * 30)
            x, y = c + (r - width / 2) * math.cos(a), c + (r - width / 2) * math.sin(a)
            d.ellipse((x - width * 0.7, y - width * 0.7, x + width * 0.7, y + width * 0.7),
                      fill=fill)
    elif pattern == "double":
        d.ellipse(box, outline=fill, width=max(1, width // 2))
        inner = r - width
        d.ellipse((c - inner, c - inner, c + inner, c + inner), outline=fill,
                  width=max(1, width // 2))
    elif pattern == "notched":
        d.ellipse(box, outline=fill, width=width)
        for i in range(4):
            a = math.radians(45 + i * 90)
            x, y = c + r * math.cos(a), c + r * math.sin(a)
            d.regular_polygon((x, y, width * 1.4), 3, rotation=i * 90, fill=fill)
    else:  # hatched: short radial strokes all round
        for i in range(16):
            a = math.radians(i * 22.5)
            d.line((c + (r - width) * math.cos(a), c + (r - width) * math.sin(a),
                    c + r * math.cos(a), c + r * math.sin(a)), fill=fill,
                   width=max(1, width // 2))


def colour_items(content: Any) -> tuple[tuple[str, tuple[int, int, int]], ...]:
    cols = getattr(content, "colours", {}) or {}
    merged = {**ELEMENT_FALLBACK, **{k: tuple(int(x) for x in v[:3]) for k, v in cols.items()}}
    merged = {k: palette.element_colour(k, v) for k, v in merged.items()}
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

    def show(self, text: str, x: float, y: float, *,
             beside: arcade.types.Rect | None = None,
             avoid: Sequence[arcade.types.Rect] = ()) -> None:
        """Show at the right of (x, y), its top at y, kept inside the window; or `beside` a
        rect (a unit's tile), clear of `avoid` (game.scenes.widgets.place_beside)."""
        from game.scenes.widgets import place_beside

        if self.text.text != text:
            self.text.text = text
        self.visible = True
        win = arcade.get_window()
        w, h = self.width + 16, self.text.content_height + 14
        if beside is not None:
            spot = place_beside((w, h), beside, avoid)
            left, top = round(spot.left), round(spot.top)
        else:
            x, y = round(x), round(y)
            left = min(x + 12, view_size(win)[0] - w - 4)
            if left < x and x - w - 12 >= 4:
                left = x - w - 12
            top = max(min(y, view_size(win)[1] - 4), h + 4)
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
