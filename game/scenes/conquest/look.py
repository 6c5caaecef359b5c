"""What CardConquest looks like (spec conquest.md 8): colours, words, the hex grid, card faces.

Card faces are painted once with PIL (supersampled, text in the bundled Liberation faces) and
cached as arcade textures, so a hand is one SpriteList draw. The hex grid maps the map content's
doubled-row coordinates (3.1) to flat-topped hexes inside a window rect. Nothing here decides a
rule: texts come from the content, numbers from the state JSON.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

import arcade
from arcade.types import Color
from PIL import Image, ImageDraw, ImageFont, ImageOps

from game.i18n import N_, _, language, ngettext
from game.scenes import palette, theme
from game.scenes.painted_text import clip_text

SQRT3 = math.sqrt(3.0)

# -- colours --------------------------------------------------------------------------------
STANDARD_SEATS = (Color(64, 176, 84), Color(66, 128, 230))
SEAT_COLOURS = palette.seat_colours(STANDARD_SEATS)  # palette.use() swaps them later
SEAT_LIGHT = (Color(150, 226, 160), Color(160, 196, 255))
BACKGROUND = Color(22, 30, 36)
LAND = Color(128, 138, 116)
LAND_EDGE = Color(70, 78, 64)
WATER = Color(48, 92, 148)
WATER_EDGE = Color(40, 78, 128)
BASE_TINT = (Color(104, 160, 100), Color(100, 128, 178))
PANEL = Color(28, 36, 44)
PANEL_EDGE = Color(70, 84, 98)
BAR = Color(16, 22, 28)
TEXT = Color(236, 233, 222)
MUTED = Color(160, 170, 168)
GOLD = Color(226, 178, 74)
SELECT = Color(255, 226, 60)  # selected units glow yellow (8.3)
CHECK = Color(70, 150, 255)  # blue check on legal tiles (8.3, 8.8)
LEGAL = Color(90, 200, 100)
ILLEGAL = Color(214, 64, 56)
BATTLE = Color(230, 52, 44)
CROSS = Color(20, 20, 20)
TILE_ID = Color(34, 40, 30)

SOUNDS = {
    "reveal": ":resources:sounds/hit1.wav",
    "boom": ":resources:sounds/explosion1.wav",
    "click": ":resources:sounds/coin1.wav",
    "victory": ":resources:sounds/upgrade1.wav",
    "defeat": ":resources:sounds/lose1.wav",
}
TANK_SPRITES = (":resources:images/topdown_tanks/tank_green.png",
                ":resources:images/topdown_tanks/tank_blue.png")
INFANTRY_SPRITE = ":resources:images/animated_characters/male_person/malePerson_idle.png"
CARD_BACKS = (":resources:images/cards/cardBack_green1.png",
              ":resources:images/cards/cardBack_blue1.png")
EXPLOSION = ":resources:images/spritesheets/explosion.png"

# -- words ----------------------------------------------------------------------------------
# msgids (N_): the screens show them through `_()` (docs/i18n.md)
PHASE_NAMES = {
    "commander": N_("Commander Select"), "placement": N_("Unit Placement"),
    "movement": N_("Unit Movement"), "reinforcements": N_("Reinforcements: Battle #{k}"),
    "cards": N_("Choose Cards: Battle #{k}"), "retreat": N_("Retreat Units"),
    "over": N_("Game Over"),
}
BATTLE_REASONS = {
    "score": N_("Battle score"), "power": N_("Tie breaker 1: highest card power"),
    "infantry": N_("Tie breaker 2: most infantry"), "draw": N_("Draw: no winner"),
}
MATCH_REASONS = {
    "base_captured": N_("Base captured"), "elimination": N_("All units destroyed"),
    "mutual_elimination": N_("Mutual destruction"), "round_cap": N_("Round limit"),
}
PART_NAMES = (("army", N_("Army")), ("base", N_("Base")),
              ("reinforcements", N_("Reinforcements")), ("card", N_("Card")),
              ("ability", N_("Ability")), ("cancelled", N_("Cancelled")))
SECRET_PHASES = ("placement", "movement", "reinforcements", "cards")
# the log strip's line for the shipped commanders (a mod's: its id in the plain sentence)
COMMANDER_WORDS = {"tank": N_("{player} chose the tank commander"),
                   "infantry": N_("{player} chose the infantry commander")}
# the rules' rejections (game.systems.conquest.mode.MESSAGES) as the screens word them; an
# error the table lacks shows the rules' own English message
REJECT_WORDS = {
    "not_ready": N_("You are not ready."),
    "already_ready": N_("You are ready: unready to change your orders."),
    "unknown_commander": N_("No such commander."), "no_units": N_("Name at least one unit."),
    "unknown_unit": N_("No such living unit."), "not_your_unit": N_("Not your unit."),
    "unknown_tile": N_("No such tile."), "water": N_("Units cannot enter water."),
    "zone_forbidden": N_("Place units only in your own zone."),
    "not_adjacent": N_("Units move one tile at a time."),
    "not_eligible": N_("That unit cannot reinforce this battle."),
    "card_not_in_hand": N_("That card is not in your hand."),
    "not_retreating": N_("That unit does not retreat."),
    "retreat_toward_enemy": N_("You cannot retreat toward the enemy base."),
    "retreat_enemy_present": N_("Enemy units hold that tile."),
    "no_commander_chosen": N_("Choose a commander first."),
    "not_all_placed": N_("Place every unit first."), "no_card_chosen": N_("Choose a card first."),
    "must_retreat_all": N_("Every retreating unit must leave the battle first."),
    "not_your_turn": N_("It is not your turn."), "wrong_phase": N_("Not now."),
    "game_over": N_("The match is over."),
}


def seat_name(seat: int) -> str:
    return _("Player {n}").format(n=seat + 1)


def phase_title(state: dict[str, Any]) -> str:
    k = state["board"].get("current_battle")
    name = PHASE_NAMES.get(state["phase"])
    return _(name).format(k=k if k is not None else "") if name else state["phase"]


def battle_reason(reason: str) -> str:
    """Why a battle went as it did, in words ("Battle score"; an unknown id as it is)."""
    return _(BATTLE_REASONS[reason]) if reason in BATTLE_REASONS else reason


def match_reason(reason: str) -> str:
    """Why the war ended, in words ("Base captured"; an unknown id as it is)."""
    return _(MATCH_REASONS[reason]) if reason in MATCH_REASONS else reason


def unit_kind(uid: str) -> str:
    return "tank" if uid.split(".")[1].startswith("t") else "infantry"


def unit_seat(uid: str) -> int:
    return int(uid[1])


def unit_label(uid: str) -> str:
    """p0.t3 -> "Tank 3"."""
    number = uid.split(".")[1][1:]
    return (_("Tank {n}") if unit_kind(uid) == "tank" else _("Infantry {n}")).format(n=number)


def kinds_count(uids: list[str] | tuple[str, ...]) -> tuple[int, int]:
    tanks = sum(1 for u in uids if unit_kind(u) == "tank")
    return tanks, len(uids) - tanks


def stack_badge(uids: list[str]) -> str:
    t, i = kinds_count(uids)
    return f"T×{t} I×{i}"


def strength_of(uids: list[str] | tuple[str, ...]) -> int:
    t, i = kinds_count(uids)
    return 2 * t + i


def event_words(e: dict[str, Any]) -> str | None:
    """One line of the log strip for an event (None: not worth a line)."""
    t = e["type"]
    if t == "commander_chosen":
        words = COMMANDER_WORDS.get(e["commander"], N_("{player} chose the {commander} commander"))
        return _(words).format(player=seat_name(e["seat"]), commander=e["commander"])
    if t == "placements_revealed":
        return _("Placements revealed")
    if t == "units_moved":
        n = len(e["moves"])
        return ngettext("{n} unit moved", "{n} units moved", n).format(n=n) if n \
            else _("Nobody moved")
    if t == "battles_detected":
        tiles = ", ".join(b["tile"] for b in e["battles"])
        return (_("New battle detected: {tiles}") if e.get("new")
                else _("Battles detected: {tiles}")).format(tiles=tiles)
    if t == "battle_started":
        return _("Battle #{number} at {tile}").format(number=e["number"], tile=e["tile"])
    if t == "battle_resolved":
        r = e["result"]
        w = r["winner"]
        if w is None:
            return _("Battle #{number}: draw").format(number=r["number"])
        return _("Battle #{number}: {player} wins {score}–{other}").format(
            number=r["number"], player=seat_name(w), score=r["scores"][w],
            other=r["scores"][1 - w])
    if t == "unit_destroyed":
        return _("{player}'s {unit} destroyed").format(player=seat_name(unit_seat(e["unit"])),
                                                      unit=unit_label(e["unit"]))
    if t == "unit_retreated":
        return _("{unit} retreated {start}→{end}").format(unit=unit_label(e["unit"]),
                                                         start=e["from"], end=e["to"])
    if t == "hand_recycled":
        return _("{player} takes the discards back").format(player=seat_name(e["seat"]))
    if t == "round_started":
        return _("Round {n}").format(n=e["round"])
    if t == "match_ended":
        return _("Game over")
    return None


def reject_words(error: str | None, message: str) -> str:
    """A rejection in the player's language: the table's words for the rules' error id
    (tile_full with the content's cap in `message`), else the rules' own message."""
    if error == "tile_full":
        digits = "".join(ch for ch in message if ch.isdigit())
        if digits:
            return _("At most {n} of your units on one tile.").format(n=digits)
    if error in REJECT_WORDS:
        return _(REJECT_WORDS[error])
    return message or (error or _("Not allowed"))


# -- hex grid -------------------------------------------------------------------------------
@dataclass
class HexGrid:
    """Flat-topped hexes of side `size` fitted into a rect; doubled-row coordinates (3.1)."""

    tiles: dict[str, Any]  # id -> TileDef
    flip: int = 0  # 1: turned half a turn, for a network seat 1 (its base where seat 0's is)
    cx: float = 0.0
    cy: float = 0.0
    size: float = 40.0
    cmid: float = 0.0
    rmid: float = 0.0

    def fit(self, left: float, bottom: float, width: float, height: float) -> None:
        cols = [t.col for t in self.tiles.values()]
        rows = [t.row for t in self.tiles.values()]
        span_c, span_r = max(cols) - min(cols), max(rows) - min(rows)
        self.size = max(8.0, min(width / (1.5 * span_c + 2.0),
                                 height / (SQRT3 / 2 * span_r + SQRT3)))
        self.cmid = (max(cols) + min(cols)) / 2
        self.rmid = (max(rows) + min(rows)) / 2
        self.cx, self.cy = left + width / 2, bottom + height / 2

    def centre(self, tile: str) -> tuple[float, float]:
        t = self.tiles[tile]
        turn = -1 if self.flip else 1
        return (round(self.cx + turn * (t.col - self.cmid) * 1.5 * self.size),
                round(self.cy + turn * (t.row - self.rmid) * SQRT3 / 2 * self.size))

    def corners(self, tile: str, shrink: float = 0.0) -> list[tuple[float, float]]:
        x, y = self.centre(tile)
        s = self.size - shrink
        return [(x + s * math.cos(math.radians(a)), y + s * math.sin(math.radians(a)))
                for a in range(0, 360, 60)]

    def tile_at(self, x: float, y: float) -> str | None:
        s = self.size
        for tile in self.tiles:
            cx, cy = self.centre(tile)
            dx, dy = abs(x - cx), abs(y - cy)
            if dy <= SQRT3 / 2 * s and SQRT3 * dx + dy <= SQRT3 * s:
                return tile
        return None

    def slot(self, tile: str, seat: int, i: int) -> tuple[float, float]:
        """Where the i-th (0..4) unit of a seat stands on a tile: seat 0 left, seat 1 right."""
        x, y = self.centre(tile)
        s = self.size
        dx, dy = SLOTS[i % 5]
        side = -1 if (seat ^ self.flip) == 0 else 1
        return x + side * dx * s, y + dy * s


# Unit slots per seat, in hex sides from the centre (seat 0 mirrors x): two rows of two and
# one unit below, which leaves the lower edge free for the tile id.
SLOTS = ((0.60, 0.36), (0.24, 0.36), (0.60, 0.0), (0.24, 0.0), (0.42, -0.36))
# The base flag, in hex sides from the centre: the pole's x, its foot and top, the pennant's
# reach. Above the tile id's band, below the middle row of units.
FLAG_X, FLAG_FOOT, FLAG_TOP, FLAG_REACH = -0.05, -0.5, -0.2, 0.26


DISC_SCALE = 1.05  # a token's disc diameter per unit size (the sprite on it is 0.86)


def unit_size(size: float) -> float:
    """A unit token's size on hexes of side `size`: one rule for the tokens and for the
    tile ids that must keep clear of them."""
    return max(10.0, size * 0.35)


# -- tile ids -------------------------------------------------------------------------------
ID_MAX_PT = 9.0  # "small text" (8) on large hexes
ID_MIN_PT = 8.25  # 11 px (issue 14): below this the ids are hidden, the tooltip names the tile
ID_EM_W = 1.8  # ink width of "L07" per em (three 0.556 em glyphs, plus hinting slack)
ID_EM_CAP = 0.76  # ink height of capitals and digits per em (0.73, plus hinting slack)
ID_GAP = 1.0  # pixels kept clear of units, the flag and the hex outline
PX_PER_PT = 96 / 72


def tile_id_style(size: float) -> tuple[float, float] | None:
    """(font points, baseline below the hex centre in px) of the tile ids on hexes of side
    `size`, or None when no readable size fits.

    The id sits on the hex's lower edge (8), between the two lowest unit slots and under the
    base flag. A fixed fraction of the hex made it unreadable on small windows (960x600 gives
    26-33 px hexes), so the largest size whose ink clears every unit disc is taken.
    """
    # the outline is 2 px wide, centred 1 px inside the edge (HexGrid.corners(tile, 1))
    baseline = SQRT3 / 2 * (size - 1) - 1 - ID_GAP
    pt = ID_MAX_PT
    while pt >= ID_MIN_PT:
        if _id_fits(size, pt, baseline):
            return pt, baseline
        pt -= 0.5
    return None


def _id_fits(size: float, pt: float, baseline: float) -> bool:
    """Does an id of `pt` points on `baseline` keep ID_GAP px from every unit disc and the
    flag's foot? Its ink box is centred: x in [-w/2, w/2], y in [-baseline, -baseline + cap]."""
    em = pt * PX_PER_PT
    half, top = ID_EM_W * em / 2, -baseline + ID_EM_CAP * em
    if top + ID_GAP > FLAG_FOOT * size:
        return False
    clear = unit_size(size) * DISC_SCALE / 2 + ID_GAP
    for dx, dy in SLOTS:  # the box's nearest point to each disc centre (x mirrors per seat)
        gap_x = max(0.0, dx * size - half)
        gap_y = max(0.0, dy * size - top)
        if gap_x * gap_x + gap_y * gap_y < clear * clear:
            return False
    return True


# -- textures -------------------------------------------------------------------------------
def font_path(bold: bool = False) -> str:
    name = "Liberation_Sans_Bold.ttf" if bold else "Liberation_Sans_Regular.ttf"
    return str(arcade.resources.resolve(f":resources:fonts/ttf/Liberation/{name}"))


@cache
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    with open(font_path(bold), "rb") as fh:  # bytes: no file handle left open
        from io import BytesIO

        return ImageFont.truetype(BytesIO(fh.read()), size)


def _sword(d: ImageDraw.ImageDraw, x: float, y: float, s: float, colour: tuple) -> None:
    d.polygon([(x, y - s), (x + s * 0.16, y + s * 0.35), (x - s * 0.16, y + s * 0.35)],
              fill=colour)
    d.rectangle([x - s * 0.42, y + s * 0.35, x + s * 0.42, y + s * 0.47], fill=colour)
    d.rectangle([x - s * 0.09, y + s * 0.47, x + s * 0.09, y + s * 0.9], fill=colour)


def _shield(d: ImageDraw.ImageDraw, x: float, y: float, s: float, colour: tuple) -> None:
    d.polygon([(x - s * 0.6, y - s * 0.75), (x + s * 0.6, y - s * 0.75), (x + s * 0.6, y + 0.05 * s),
               (x, y + s * 0.85), (x - s * 0.6, y + 0.05 * s)], fill=colour)




def _wrap(d: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: float,
          lines: int) -> list[str]:
    """`text` in at most `lines` lines of `width`, the last one cut with an ellipsis."""
    if lines <= 0:
        return []
    out = [""]
    for word in text.split():
        trial = f"{out[-1]} {word}".strip()
        if d.textlength(trial, font=font) <= width or not out[-1]:
            out[-1] = trial
        else:
            out.append(word)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = clip_text(d, out[-1] + " …", font, width)
    return [clip_text(d, line, font, width) for line in out[:lines]]


@cache
def card_image(card_id: str, power: int, attack: int, defence: int, ability: str,
               label: str, width: int = 120, max_height: int | None = None,
               short: str = "–", lang: str = "en") -> Image.Image:
    """A card face (3.3) painted at the size it is shown (`width` screen pixels wide, at
    least 1.4 `width` tall): "Power N", swords and shields with counts, the ability's number
    and its whole label, no text under `theme.MIN_TEXT_PX` on screen. A label that needs more
    lines than a 1.4 card holds makes the card taller (issue 27: it was cut with "…" on the
    commander and battle cards); screens show faces at their own aspect (`face_height`). Only
    a card that may not grow past `max_height` (a small window) still cuts its label.
    `ability` and `label` come translated; `short` is the ability's line where `ability` is
    too wide ("#3"); `lang` keys the cache, the painted words are in that language."""
    k = 3  # supersampled, then reduced: smooth edges on a software renderer
    u = width / 120  # the layout was drawn for a 120 x 168 card
    floor = theme.MIN_TEXT_PX * k
    w = width * k

    def px(v: float) -> int:
        return round(v * u * k)

    head = max(px(34), floor + px(10))
    icon = max(px(13), floor)
    f = _font(floor, False)
    step = round(floor * 1.2)
    bold = _font(floor, True)
    rule_y = head + icon * 0.9 + 2 * icon * 1.25
    measure = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    if measure.textlength(ability, font=bold) > w - px(10):
        ability = short
    lines = _wrap(measure, label, f, w - px(14), 99)
    needed = rule_y + step * (1 + len(lines)) + px(6)
    height = max(round(width * 1.4), math.ceil(needed / k))
    if max_height is not None and height > max_height:
        height = max(round(width * 1.4), max_height)
        room = max(0, int((height * k - px(6) - rule_y - step) // step))
        lines = _wrap(measure, label, f, w - px(14), room)
    h = height * k

    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=px(10), fill=(246, 240, 226),
                        outline=(60, 54, 48), width=max(k, px(2)))
    d.rounded_rectangle([px(4), px(4), w - px(5), head], radius=px(7), fill=(58, 66, 80))
    font = _font(max(floor, px(17)), True)
    title = clip_text(d, _("Power {n}").format(n=power), font, w - px(10))
    d.text((w / 2, (px(4) + head) / 2), title, font=font, fill=(250, 236, 200), anchor="mm")
    num = _font(max(floor, px(12)), True)
    y = head + icon * 0.9
    for kind, n, colour in (("sword", attack, (176, 58, 48)), ("shield", defence, (52, 96, 170))):
        draw = _sword if kind == "sword" else _shield
        draw(d, px(14) + icon * 0.5, y, icon * 0.7, colour)
        words = _("Attack {n}") if kind == "sword" else _("Defence {n}")
        d.text((px(14) + icon * 1.2, y), words.format(n=n) if w > 100 * k else f"×{n}",
               font=num, fill=colour, anchor="lm")
        y += icon * 1.25
    d.line([px(8), y - icon * 0.35, w - px(8), y - icon * 0.35], fill=(190, 180, 160), width=k)
    d.text((px(7), y), clip_text(d, ability, bold, w - px(10)), font=bold, fill=(40, 36, 32))
    y += step
    for line in lines:
        d.text((px(7), y), line, font=f, fill=(40, 36, 32))
        y += step
    return img.resize((width, height), Image.Resampling.LANCZOS)


def face_height(texture: arcade.Texture, width: float) -> float:
    """How tall a card face is shown `width` wide: at its own aspect (a long ability label
    makes it taller than 1.4 `width`)."""
    return width * texture.height / texture.width


def card_texture(content: Any, card_id: str, width: float = 120,
                 max_height: float | None = None) -> arcade.Texture:
    """The face of a card shown `width` pixels wide (painted at that size), as tall as its
    label needs (at most `max_height`)."""
    c = content.cards[card_id]
    if c.ability:
        ability = _("Ability #{n}").format(n=c.ability)
        label, short = _(content.abilities[c.ability].label), f"#{c.ability}"
    else:
        ability, label, short = _("No ability"), "", "–"
    return _card_texture(card_id, c.power, c.attack, c.defence, ability, label,
                         max(24, round(width)),
                         None if max_height is None else max(34, int(max_height)), short,
                         language())


@cache
def _card_texture(card_id: str, power: int, attack: int, defence: int, ability: str,
                  label: str, width: int, max_height: int | None = None, short: str = "–",
                  lang: str = "en") -> arcade.Texture:
    """One texture per card face, size and language, made once (the atlas keeps it)."""
    img = card_image(card_id, power, attack, defence, ability, label, width, max_height,
                     short, lang)
    return arcade.Texture(img, hash=f"conquest-card-{card_id}-{power}-{attack}-{defence}"
                          f"-{abs(hash(label))}-{width}x{img.height}-{lang}",
                          hit_box_algorithm=arcade.hitbox.algo_bounding_box)


def seat_tinted(path: str, seat: int) -> arcade.Texture:
    """A seat's picture in the seat's colour. The standard palette's seats are the art's own
    green and blue; the colour-blind palette's (blue, orange) are the art's shading laid over
    the seat colour: the stock blue tank was the *player's* colour there (issue 27)."""
    if not palette.colour_blind():
        return arcade.load_texture(path)
    art = arcade.load_texture(path).image.convert("RGBA")
    shade = ImageOps.autocontrast(art.convert("L"), cutoff=1)
    colour = tuple(SEAT_COLOURS[seat])[:3]
    dark = tuple(c // 4 for c in colour)
    light = tuple((c + 255) // 2 for c in colour)
    tinted = ImageOps.colorize(shade, black=dark, mid=colour, white=light).convert("RGBA")
    tinted.putalpha(art.getchannel("A"))
    return arcade.Texture(tinted, hash=f"conquest-tinted-{path}-{colour}")


@cache
def card_back(seat: int) -> arcade.Texture:
    return seat_tinted(CARD_BACKS[seat], seat)


@cache
def unit_texture(kind: str, seat: int) -> arcade.Texture:
    """A unit's body: a tank in its seat's colour, or the infantry figure (on its seat's disc
    or diamond, `disc_texture`)."""
    if kind == "tank":
        return seat_tinted(TANK_SPRITES[seat], seat)
    return arcade.load_texture(INFANTRY_SPRITE)


@cache
def disc_texture(seat: int) -> arcade.Texture:
    """What a unit stands on: a disc in its seat's colour; in the colour-blind palette seat 1
    stands on a diamond, so the seats differ by shape too."""
    if not palette.colour_blind() or seat == 0:
        return arcade.make_circle_texture(64, SEAT_COLOURS[seat])
    img = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    ImageDraw.Draw(img).polygon([(32, 0), (63, 32), (32, 63), (0, 32)],
                                fill=tuple(SEAT_COLOURS[seat]))
    return arcade.Texture(img, hash=f"conquest-diamond-{tuple(SEAT_COLOURS[seat])}")


@cache
def ring_texture(colour: tuple[int, int, int, int]) -> arcade.Texture:
    img = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    ImageDraw.Draw(img).ellipse([2, 2, 61, 61], outline=colour, width=6)
    return arcade.Texture(img, hash=f"conquest-ring-{colour}")


@cache
def explosion_frames() -> tuple[arcade.Texture, ...]:
    sheet = arcade.load_spritesheet(EXPLOSION)
    return tuple(sheet.get_texture_grid(size=(256, 256), columns=16, count=60))


INFANTRY_TINT = (Color(120, 220, 120), Color(120, 160, 255))
