"""The Kingdom deck builder (spec kingdom.md 8.1, rules 4.2): one seat picks a mode, a faction,
a hero and 1-10 unit types, then Start Match submits `build_deck`.

Layout, from the window size: a top bar (title, the Country | Continent toggle, Start Match),
the faction tiles in a scrollable column on the left, and the main area: the hero picker row
(full cards, "Requires <Era>"), the controls (search, sort, Only selected, the "7 / 10 units"
counter, Default / Select All / Clear) and the scrollable unit list. Hovering a unit row shows its
full card and effect text.

Everything that does not change from frame to frame is a sprite: the faction tiles, the unit
rows and the labels under the heroes are baked with PIL once per (what, size) and cached, so
scrolling moves sprites and hovering swaps a texture; only a handful of `arcade.Text`s (title,
headings, counter) live in the view's batch.

The first selection of a faction since the builder opened applies the Default preset drawn from
the match's `deck/<seat>` stream (4.2.3); coming back to a faction restores what was picked for
it. Keys: Ctrl+F search, Enter Start Match, Tab cycles the widgets (Space presses the focused
one), H help, Esc pause.

A network seat (docs/network.md "Kingdom") builds on a `RemoteMatch`: the Default preset is
drawn by the host from the same `deck/<seat>` stream (asked with `ask_preset`, applied when
the answer comes, unless the player changed the selection meanwhile), Start Match sends the
`build_deck`, and once the host took it the builder holds the deck, input closed, and says it
waits for the other player, until the host's step ends the deck builder: then the match view
opens. Nothing of the other seat's deck is shown, nor whether it has built, before that.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import arcade
import arcade.gui as gui
from arcade.types import Color
from PIL import Image, ImageDraw

from game.engine.match import Rejection
from game.engine.record import match_record
from game.i18n import N_, _, language, ngettext
from game.scenes import glyphs, theme
from game.scenes.base import GameViewBase, esc_clears
from game.scenes.cpu_worker import prestart_for
from game.scenes.fonts import TITLE_FONT, UI_FONT
from game.scenes.kingdom import words
from game.scenes.kingdom.art import tinted_flag
from game.scenes.kingdom.cards import CARD_RATIO, card_texture
from game.scenes.net_banner import NetBanner, sending, watch
from game.scenes.scale import view_size
from game.scenes.widgets import (
    HelpTopic,
    Segmented,
    centred_field,
    make_button,
    rounded_rect_texture,
)
from game.systems.kingdom.pools import cheap_key, deck_problem, select_all

MODE_ID = "kingdom"
SORTS = ("Era", "Cost", "Name", "ATK", "DEF", "Effect")  # the sort ids (English)
# the unit list's column heads and sort names, shown in the player's language
HEADS = {"Era": N_("Era"), "Cost": N_("Cost"), "Name": N_("Name"), "ATK": N_("ATK"),
         "DEF": N_("DEF"), "Effect": N_("Effect"), "Faction": N_("Faction")}


def sort_label(sort: str) -> str:
    """The Sort list's entry of a sort id: "Sort: Era", in the player's language."""
    return _("Sort: {column}").format(column=_(HEADS[sort]))
# an era's badge: every era a mod may have (max_level is at most 10, kingdom content)
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
TOP_BAR = 60
TILE_H = 64
ROW_H = 32
HERO_W = 96
PAD = 14
SCROLL_STEP = 40
ONLY_W = 132  # the Only selected button: its text and theme.BUTTON_TEXT_MARGIN each side
FOCUS_ORDER = ("search", "sort", "only", "default", "select_all", "clear", "start")

StartHandler = Callable[[dict[str, Any]], Any]


# --------------------------------------------------------------------------------------------
# baked pictures (PIL): tiles, unit rows, labels
# --------------------------------------------------------------------------------------------


def _rgba(color: Any, a: int = 255) -> tuple[int, int, int, int]:
    if isinstance(color, str):
        c = color.lstrip("#")
        return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16), a
    c = tuple(color)
    return c[0], c[1], c[2], a


@cache
def _pil_font(size: int, bold: bool = False) -> Any:
    from PIL import ImageFont

    name = "Liberation_Sans_Bold.ttf" if bold else "Liberation_Sans_Regular.ttf"
    return ImageFont.truetype(
        str(arcade.resources.resolve(f":resources:fonts/ttf/Liberation/{name}")), size)


@cache
def _item(name: str) -> Image.Image:
    image = Image.open(arcade.resources.resolve(f":resources:images/items/{name}.png"))
    image = image.convert("RGBA")
    return image.crop(image.getchannel("A").getbbox())


def _fit(draw: ImageDraw.ImageDraw, text: str, max_w: float, size: int, bold: bool) -> str:
    """text, cut with an ellipsis if it is wider than max_w at this size."""
    font = _pil_font(size, bold)
    if draw.textlength(text, font=font) <= max_w:
        return text
    while text and draw.textlength(text + "…", font=font) > max_w:
        text = text[:-1]
    return text + "…"


@cache
def tile_texture(faction_id: str, name: str, sub: str, color: str, width: int, height: int,
                 state: str) -> arcade.Texture:
    """A faction tile: tinted flag, name, continent or member count. state: normal, hover or
    selected (gold border)."""
    s = 2
    W, H = width * s, height * s
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    fill = {"normal": theme.PANEL, "hover": theme.PANEL_HI, "selected": theme.PANEL_HI}[state]
    if state == "hover":
        fill = Color(58, 70, 84)
    edge = theme.GOLD if state == "selected" else theme.PANEL_EDGE
    border = 3 * s if state == "selected" else 1 * s
    draw.rounded_rectangle((0, 0, W - 1, H - 1), radius=8 * s, fill=_rgba(fill),
                           outline=_rgba(edge), width=border)
    flag_h = H - 20 * s
    flag = tinted_flag(color, flag_h)
    img.alpha_composite(flag, (10 * s, (H - flag_h) // 2))
    x = 10 * s + flag.width + 8 * s
    max_w = W - x - 8 * s
    name_size, sub_size = 15 * s, 11 * s
    draw.text((x, H / 2 - 2 * s), _fit(draw, name, max_w, name_size, True),
              font=_pil_font(name_size, True), fill=_rgba(theme.TEXT), anchor="ls")
    draw.text((x, H / 2 + 4 * s), _fit(draw, sub, max_w, sub_size, False),
              font=_pil_font(sub_size), fill=_rgba(theme.TEXT_MUTED), anchor="lt")
    img = img.resize((width, height), Image.Resampling.LANCZOS)
    return arcade.Texture(img, hash=f"kingdom-tile-{faction_id}-{width}x{height}-{state}-"
                                     f"{name}-{sub}")


@cache
def label_texture(text: str, size: int, color: tuple[int, ...], bold: bool = False
                  ) -> arcade.Texture:
    """One line of text baked into a texture (trimmed to its ink, a pixel of margin)."""
    font = _pil_font(size * 2, bold)
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    w = int(probe.textlength(text, font=font)) + 8
    h = size * 3
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((4, h / 2), text, font=font, fill=_rgba(color, color[3] if len(
        color) > 3 else 255), anchor="lm")
    img = img.resize((max(1, w // 2), max(1, h // 2)), Image.Resampling.LANCZOS)
    return arcade.Texture(img, hash=f"kingdom-label-{text}-{size}-{color}-{bold}")


@dataclass(frozen=True)
class Columns:
    """x offsets of the unit list's columns, from the row's left edge (whole pixels)."""

    check: int
    era: int
    name: int
    faction: int
    cost: int
    atk: int
    defense: int
    effect: int
    show_faction: bool

    @classmethod
    def for_width(cls, width: int, show_faction: bool) -> Columns:
        rest = width - 48 - 36
        effect_w = min(230, max(130, int(rest * 0.28)))
        fac_w = min(150, max(90, int(rest * 0.16))) if show_faction else 0
        name_w = max(120, rest - fac_w - 164 - effect_w)
        name = 48 + 36
        faction = name + name_w
        cost = faction + fac_w
        return cls(check=10, era=44, name=name, faction=faction, cost=cost, atk=cost + 62,
                   defense=cost + 112, effect=cost + 164, show_faction=show_faction)


@cache
def _icon(name: str, height: int) -> Image.Image:
    """An item image scaled to `height` px (aspect kept), cached."""
    src = _item(name)
    return src.resize((max(1, round(src.width * height / src.height)), height),
                      Image.Resampling.LANCZOS)


@cache
def _era_badge(era: int, color: str, width: int = 30, height: int = 20) -> Image.Image:
    """The era pill of a unit row: the era colour with its numeral (drawn 4x, shrunk)."""
    s = 4
    img = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, width * s - 1, height * s - 1), radius=5 * s,
                           fill=_rgba(color))
    draw.text((width * s / 2, height * s / 2), ROMAN[era - 1], font=_pil_font(12 * s, True),
              fill=(255, 255, 255, 255), anchor="mm")
    return img.resize((width, height), Image.Resampling.LANCZOS)


@cache
def row_texture(content_key: int, card: Any, name: str, faction_name: str, era_color: str,
                archetype: str, width: int, height: int, show_faction: bool) -> arcade.Texture:
    """The text of one unit row (era badge, name, faction, cost + coin, ATK, DEF, effect) on a
    transparent background: the row's plate and checkbox are separate sprites. Drawn at its own
    size (FreeType antialiases the text; the badge and icons are cached, already smooth).
    `name`, `faction_name` and `archetype` are in the player's language (a picture per
    language)."""
    cols = Columns.for_width(width, show_faction)
    img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    mid = height // 2
    badge = _era_badge(card.era, era_color)
    img.alpha_composite(badge, (cols.era, mid - badge.height // 2))
    body = _pil_font(14, True)
    small = _pil_font(13)
    name_w = (cols.faction if show_faction else cols.cost) - cols.name - 10
    draw.text((cols.name, mid), _fit(draw, name, name_w, 14, True), font=body,
              fill=_rgba(theme.TEXT), anchor="lm")
    if show_faction:
        draw.text((cols.faction, mid), _fit(draw, faction_name, cols.cost - cols.faction - 10,
                                            13, False),
                  font=small, fill=_rgba(theme.TEXT_MUTED), anchor="lm")
    coin = _icon("coinGold", 18)
    img.alpha_composite(coin, (cols.cost, mid - 9))
    draw.text((cols.cost + 24, mid), str(card.cost), font=body, fill=_rgba(theme.GOLD_HI),
              anchor="lm")
    for name, value, x in (("gemRed", card.atk, cols.atk), ("gemBlue", card.defense,
                                                              cols.defense)):
        gem = _icon(name, 16)
        img.alpha_composite(gem, (x, mid - 8))
        draw.text((x + gem.width + 5, mid), str(value), font=body, fill=_rgba(theme.TEXT),
                  anchor="lm")
    effect_w = width - cols.effect - 8
    draw.text((cols.effect, mid), _fit(draw, archetype, effect_w, 13, False), font=small,
              fill=_rgba(theme.TEXT), anchor="lm")
    return arcade.Texture(img, hash=f"kingdom-row-{content_key}-{card.id}-{width}x{height}-"
                                     f"{int(show_faction)}-{name}-{faction_name}-{archetype}")


@cache
def header_texture(width: int, height: int, show_faction: bool, lang: str) -> arcade.Texture:
    """The unit list's column heads, in the language `lang` (a picture per language)."""
    s = 2
    cols = Columns.for_width(width, show_faction)
    img = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    font = _pil_font(11 * s, True)
    heads = [("Era", cols.era), ("Name", cols.name), ("Cost", cols.cost), ("ATK", cols.atk),
             ("DEF", cols.defense), ("Effect", cols.effect)]
    if show_faction:
        heads.append(("Faction", cols.faction))
    for head, x in heads:
        draw.text((x * s, height * s / 2), _(HEADS[head]).upper(), font=font,
                  fill=_rgba(theme.TEXT_MUTED), anchor="lm")
    img = img.resize((width, height), Image.Resampling.LANCZOS)
    return arcade.Texture(img, hash=f"kingdom-rowhead-{width}x{height}-{int(show_faction)}-"
                                     f"{lang}")


@cache
def blank_texture() -> arcade.Texture:
    """A transparent pixel: the stand-in of a row picture not drawn yet."""
    return arcade.Texture(Image.new("RGBA", (1, 1), (0, 0, 0, 0)), hash="kingdom-blank")


@cache
def checkbox_texture(checked: bool, size: int = 18) -> arcade.Texture:
    s = 4
    S = size * s
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    if checked:
        draw.rounded_rectangle((0, 0, S - 1, S - 1), radius=4 * s, fill=_rgba(theme.GOLD))
        draw.line([(S * 0.22, S * 0.52), (S * 0.42, S * 0.72), (S * 0.78, S * 0.3)],
                  fill=_rgba(theme.TEXT_DARK), width=3 * s, joint="curve")
    else:
        draw.rounded_rectangle((s, s, S - 1 - s, S - 1 - s), radius=4 * s,
                               outline=_rgba(theme.TEXT_MUTED), width=2 * s)
    img = img.resize((size, size), Image.Resampling.LANCZOS)
    return arcade.Texture(img, hash=f"kingdom-check-{int(checked)}-{size}")


class SortDropdown(gui.UIDropdown):
    """UIDropdown whose option list opens below the button (arcade 3.3.3's `do_layout` aligns
    the list's bottom, not its top, with the button's bottom, so it covered the button)."""

    def do_layout(self) -> None:
        super().do_layout()
        self._place_overlay()

    def _show_overlay(self) -> None:
        super()._show_overlay()
        self._place_overlay()

    def _place_overlay(self) -> None:
        overlay = self._overlay
        # the options' own sizes: the overlay's size hints are not computed before its first
        # layout, and the manager grows a root widget upwards from its bottom
        h = sum(child.height for child in overlay.children)
        overlay.rect = arcade.LBWH(self.left, self.bottom - 2 - h, self.width, h)

    def close(self) -> None:
        self._overlay.hide()

    def set_options(self, options: list[str], value: str) -> None:
        """New entries (the same sorts in another language) and the shown one."""
        self._options = options
        self.value = value  # remakes the list's buttons


# --------------------------------------------------------------------------------------------
# scroll areas
# --------------------------------------------------------------------------------------------


@dataclass
class ScrollArea:
    """A clipped region whose content is `extent` px long along one axis."""

    rect: arcade.types.Rect
    horizontal: bool = False
    offset: float = 0.0
    extent: float = 0.0

    @property
    def visible(self) -> float:
        return self.rect.width if self.horizontal else self.rect.height

    @property
    def max_offset(self) -> float:
        return max(0.0, self.extent - self.visible)

    def scroll(self, amount: float) -> bool:
        new = min(self.max_offset, max(0.0, self.offset + amount))
        changed = new != self.offset
        self.offset = new
        return changed

    def contains(self, x: float, y: float) -> bool:
        return self.rect.point_in_rect((x, y))

    def scissor(self, window: arcade.Window) -> tuple[int, int, int, int]:
        r = self.rect  # in window units: the screen multiplies by the pixel ratio itself
        return (int(r.left), int(r.bottom), math.ceil(r.width), math.ceil(r.height))


# --------------------------------------------------------------------------------------------
# the view
# --------------------------------------------------------------------------------------------


class DeckBuilderView(GameViewBase):
    """Seat `seat` builds its deck on `match` (phase deck_builder). `on_start(decision)` is
    called with the `build_deck` decision when Start Match is pressed."""

    title = N_("Kingdom — Deck Builder")
    mode_id = MODE_ID
    esc_help = esc_clears("leave the search field, close the Sort list or drop the keyboard "
                          "focus")

    def __init__(self, app: Any, match: Any, seat: int = 0, *,
                 on_start: StartHandler | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.seat = seat
        self.content = match.rules.content
        self.on_start = on_start
        self.mode = "country"
        self.faction: str | None = None
        self.hero: str | None = None
        self.units: list[str] = []
        self.picks: dict[tuple[str, str], tuple[str | None, list[str]]] = {}
        self.search_text = ""
        self.sort = SORTS[0]
        self.only_selected = False
        self.rows: list[str] = []  # unit ids shown, in order
        self.hover_tile: str | None = None
        self.hover_row: str | None = None
        self.hover_hero: str | None = None
        self.mouse = (-1.0, -1.0)  # the last mouse position (hover after a relayout)
        self.focus: int | None = None  # index into FOCUS_ORDER (Tab)
        self.shake: tuple[str, float] | None = None  # unit refused, seconds left
        self.owns_match = True  # False once the match was handed on or left
        # A network seat (docs/network.md): the host draws its presets and takes its deck.
        self.remote: Any = match if getattr(match, "remote", False) is True else None
        self.net_banner = NetBanner() if self.remote is not None else None
        self.built = False  # the host took this seat's deck: it waits for the other seat's
        self.edits = 0  # every change of the selection (a preset that comes later is stale)
        self.preset_asked: tuple[int, int] | None = None  # (request, `edits` when asked)
        if self.remote is not None and seat not in self.remote.to_act:
            self._show_built(self.remote.view_json(seat)["board"]["seats"][seat])

        # sprites
        self.panels = arcade.SpriteList()
        self.tile_sprites = arcade.SpriteList()
        self.hero_sprites = arcade.SpriteList()
        self.row_plates = arcade.SpriteList()
        self.row_sprites = arcade.SpriteList()
        self.popup_sprites = arcade.SpriteList()
        self.tile_of: dict[str, arcade.Sprite] = {}
        self.hero_of: dict[str, tuple[arcade.Sprite, arcade.Sprite]] = {}
        self.row_of: dict[str, tuple[arcade.Sprite, arcade.Sprite, arcade.Sprite]] = {}
        self.header = arcade.Sprite()
        self.tiles_area = ScrollArea(arcade.LBWH(0, 0, 1, 1))
        self.heroes_area = ScrollArea(arcade.LBWH(0, 0, 1, 1), horizontal=True)
        self.list_area = ScrollArea(arcade.LBWH(0, 0, 1, 1))
        self.tile_size = (140, TILE_H)
        self.hero_size = (HERO_W, round(HERO_W * CARD_RATIO))
        self.hero_step = HERO_W + 14

        # texts (batched)
        self.title_text = arcade.Text("", 0, 0, theme.GOLD, 24, font_name=TITLE_FONT,
                                      bold=True, anchor_y="center", batch=self.batch)
        self.factions_text = self._heading()
        self.hero_heading = self._heading()
        self.units_heading = self._heading()
        self.hero_hint = arcade.Text("", 0, 0, theme.TEXT_MUTED, 13, font_name=UI_FONT,
                                     anchor_y="center", batch=self.batch)
        self.list_hint = arcade.Text("", 0, 0, theme.TEXT_MUTED, 13, font_name=UI_FONT,
                                     anchor_x="center", anchor_y="center", batch=self.batch)
        self.counter_text = arcade.Text(self.counter_line(), 0, 0, theme.TEXT, 15, font_name=UI_FONT,
                                        bold=True, anchor_x="right", anchor_y="center",
                                        batch=self.batch)
        self.popup_text = arcade.Text("", 0, 0, theme.TEXT, 12, font_name=UI_FONT,
                                      multiline=True, width=180, anchor_y="top")
        self.popup_name = arcade.Text("", 0, 0, theme.GOLD_HI, 13, font_name=UI_FONT, bold=True,
                                      anchor_y="top", multiline=True, width=180)
        self.wait_text = arcade.Text("", 0, 0, theme.TEXT, 18, font_name=UI_FONT, bold=True,
                                     anchor_x="center", anchor_y="center")
        self.wait_plate = arcade.SpriteList()

        # widgets: made by `prepare` a few per step (each costs 5-30 ms, the Sort list more)
        self.widgets: dict[str, gui.UIWidget] = {}
        self.focus_ring = arcade.SpriteList()
        self.scrollbars = arcade.SpriteList()
        self.labelled_in: str | None = None  # the language of the fixed texts (`relabel`)
        self.relabel()

    def show_position(self) -> None:
        """The replay viewer moved to another position of the deck builder: the screen shows
        the seat's pool, not the position (a seat view never prints a committed deck), so
        it stays as it is (docs/replays.md)."""

    def _widget_steps(self) -> Iterator[None]:
        """Make the bar's widgets, one a step, then show the selection's state on them."""
        if self.widgets:
            return
        self.mode_toggle = Segmented(("country", "continent"), self.mode,
                                     labels=(_("Country"), _("Continent")), button_width=110,
                                     height=36, on_change=self.set_mode)
        yield
        self.start_btn = make_button(_("Start Match"), width=180, height=42, kind="primary",
                                     on_click=self.start_match)
        yield
        field = gui.UIInputText.UIStyle
        self.search = gui.UIInputText(
            width=220, height=34, text="", font_name=(UI_FONT,), font_size=13,
            text_color=theme.TEXT, caret_color=theme.GOLD_HI, style={
                "normal": field(bg=theme.PANEL, border=theme.PANEL_EDGE),
                "hover": field(bg=theme.PANEL_HI, border=theme.TEXT_MUTED),
                "press": field(bg=theme.PANEL_HI, border=theme.GOLD),
                "disabled": field(bg=theme.PANEL, border=theme.PANEL_EDGE),
                "invalid": field(bg=theme.PANEL, border=theme.RED),
            },
        )  # fmt: skip
        centred_field(self.search).with_padding(left=6, right=6)
        self.search.on_change = self._on_search
        self.search_hint = arcade.Text(_("Search (Ctrl+F)"), 0, 0, theme.GREY_TEXT, 13,
                                       font_name=UI_FONT, anchor_y="center")
        yield
        self.sort_box = SortDropdown(default=sort_label(self.sort),
                                     options=[sort_label(s) for s in SORTS], width=130,
                                     height=34, primary_style=theme.BUTTON_SECONDARY,
                                     dropdown_style=theme.BUTTON_SECONDARY,
                                     active_style=theme.BUTTON_PRIMARY)
        self.sort_box.on_change = self._on_sort
        yield
        self.only_btn = make_button(_("Only selected"), width=ONLY_W, height=34,
                                    on_click=self.toggle_only_selected)
        self.default_btn = make_button(_("Default"), width=86, height=34,
                                       on_click=self.apply_default)
        yield
        self.select_all_btn = make_button(_("Select All"), width=100, height=34,
                                          on_click=self.apply_select_all)
        self.clear_btn = make_button(_("Clear"), width=72, height=34, on_click=self.apply_clear)
        yield
        self.widgets = {
            "search": self.search, "sort": self.sort_box, "only": self.only_btn,
            "default": self.default_btn, "select_all": self.select_all_btn,
            "clear": self.clear_btn, "start": self.start_btn,
        }
        for widget in (self.mode_toggle, self.start_btn, self.search, self.sort_box,
                       self.only_btn, self.default_btn, self.select_all_btn, self.clear_btn):
            self.ui.add(widget)
        self.refresh_state()

    def prepare(self, width: int, height: int) -> Iterator[None]:
        """The widgets, then the faction tiles' faces (PIL) one per step, uploaded, behind
        the loading state; the layout that follows only places them."""
        def work() -> Iterator[None]:
            yield from glyphs.warm_steps()  # the text styles still cold (game.scenes.glyphs)
            yield from self._widget_steps()
            self.tile_size = (self._tile_geometry(width)[2], TILE_H)
            atlas = self.window.ctx.default_atlas
            for faction in self.tile_ids:
                atlas.add(self._tile_texture(faction))
                yield
        return work()

    def _tile_geometry(self, width: int) -> tuple[int, int, int]:
        """(column width, tiles per row, tile width) of the faction column."""
        col_w = int(min(330, max(230, width * 0.24)))
        per_row = 2 if col_w >= 270 else 1
        return col_w, per_row, (col_w - 8 * (per_row - 1)) // per_row

    def _heading(self) -> arcade.Text:
        return arcade.Text("", 0, 0, theme.TEXT_MUTED, 12, font_name=UI_FONT, bold=True,
                           anchor_y="center", batch=self.batch)

    def relabel(self) -> None:
        """The fixed texts and the bar's labels in the language shown: a language change
        (Settings, from the pause menu) lays the screen out again, and this follows it."""
        if self.labelled_in == language():
            return
        self.labelled_in = language()
        self.title_text.text = _("Deck Builder")
        for heading, word in ((self.factions_text, _("Factions")), (self.hero_heading, _("Hero")),
                              (self.units_heading, _("Units"))):
            heading.text = word.upper()
        if not self.widgets:
            return  # made in the language shown, when they are made
        self.mode_toggle.buttons["country"].text = _("Country")
        self.mode_toggle.buttons["continent"].text = _("Continent")
        self.search_hint.text = _("Search (Ctrl+F)")
        self.sort_box.set_options([sort_label(s) for s in SORTS], sort_label(self.sort))
        for button, word in ((self.only_btn, _("Only selected")), (self.default_btn, _("Default")),
                             (self.select_all_btn, _("Select All")), (self.clear_btn, _("Clear"))):
            button.text = word

    # -- queries --------------------------------------------------------------------------------
    @property
    def tile_ids(self) -> tuple[str, ...]:
        return self.content.countries if self.mode == "country" else self.content.continent_order

    def faction_name(self, faction: str) -> str:
        """A tile's name (a country's or a continent's) in the player's language."""
        if self.mode == "continent" or faction in self.content.continent_names:
            name = self.content.continent_names.get(faction)
            if name:
                return _(name)
        f = self.content.factions.get(faction)
        return _(f.name) if f else faction

    def faction_color(self, faction: str) -> str:
        if faction in self.content.factions:
            return self.content.factions[faction].color
        members = self.content.continents.get(faction, ())
        return self.content.factions[members[0]].color if members else "#808080"

    def tile_sub(self, faction: str) -> str:
        if self.mode == "country":
            f = self.content.factions[faction]
            return _(self.content.continent_names.get(f.continent, f.continent))
        members = self.content.continents.get(faction, ())
        return ngettext("{n} faction", "{n} factions", len(members)).format(n=len(members))

    @property
    def pool_units(self) -> tuple[str, ...]:
        if self.faction is None:
            return ()
        return self.content.pool_units(self.mode, self.faction)

    @property
    def pool_heroes(self) -> tuple[str, ...]:
        if self.faction is None:
            return ()
        return self.content.pool_heroes(self.mode, self.faction)

    def matches_search(self, unit: str) -> bool:
        """The search finds a unit by its name, effect or faction as shown (in the player's
        language) or in English, or by its id."""
        needle = self.search_text.strip().casefold()
        if not needle:
            return True
        card = self.content.cards[unit]
        effect = self.content.effects[card.effect]
        faction = self.content.factions[card.faction].name
        english = (card.name, effect.archetype, faction)
        return any(needle in hay.casefold() for hay in (
            *english, *(_(text) for text in english), card.id, card.effect))

    def sort_key(self, unit: str) -> tuple[Any, ...]:
        card = self.content.cards[unit]
        key: Any = {
            "Era": card.era, "Cost": card.cost, "Name": _(card.name).casefold(),
            "ATK": -card.atk, "DEF": -card.defense,
            "Effect": _(self.content.effects[card.effect].archetype).casefold(),
        }[self.sort]
        return (key, *cheap_key(card))

    def visible_units(self) -> list[str]:
        units = [u for u in self.pool_units if self.matches_search(u)]
        if self.only_selected:
            units = [u for u in units if u in self.units]
        return sorted(units, key=self.sort_key)

    def missing(self) -> str | None:
        """What keeps Start Match disabled ("Pick a hero", ...), or None when it is enabled."""
        if self.faction is None:
            return _("Pick a faction")
        if self.hero is None:
            return _("Pick a hero")
        if len(self.units) < self.content.deck_min_units:
            least = self.content.deck_min_units
            return ngettext("Pick at least {n} unit", "Pick at least {n} units",
                            least).format(n=least)
        if deck_problem(self.content, self.mode, self.faction, self.hero, self.units):
            return _("This deck is not valid")
        return None

    def counter_line(self, n: int | None = None) -> str:
        """"3 / 10 units": the units chosen (or `n`) of the most a deck holds."""
        cap = self.content.deck_max_units
        return ngettext("{n} / {cap} unit", "{n} / {cap} units", cap).format(
            n=len(self.units) if n is None else n, cap=cap)

    def counter_room(self) -> int:
        """The counter's width in the controls row: its widest line ("10 / 10 units", longer
        in Portuguese), at least 110 px."""
        widest = arcade.Text(self.counter_line(self.content.deck_max_units), 0, 0,
                             font_size=self.counter_text.font_size, font_name=UI_FONT,
                             bold=True)
        return max(110, math.ceil(widest.content_width) + 4)

    def decision(self) -> dict[str, Any]:
        return {"type": "build_deck", "seat": self.seat, "mode": self.mode,
                "faction": self.faction, "hero": self.hero, "units": sorted(self.units)}

    def _show_built(self, own: dict[str, Any]) -> None:
        """A network seat that rejoins after its deck was taken: that deck, waiting."""
        hero = own.get("hero") or {}
        if own.get("mode") in ("country", "continent") and own.get("faction"):
            self.mode, self.faction = own["mode"], own["faction"]
            self.hero, self.units = hero.get("card"), list(own.get("deck") or [])
        self.built = True

    @property
    def frozen(self) -> bool:
        """The deck is sent (on its way to the host, or taken): the selection stays."""
        return self.built or sending(self.remote)

    def other_name(self) -> str:
        from game.net.remote import seat_label

        return seat_label(1 - self.seat)

    def waiting_line(self) -> str:
        """What the builder says once this seat's deck is sent (empty before)."""
        if self.built:
            return words.waiting_to_build(self.other_name())
        return ""

    # -- actions --------------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        if mode == self.mode or self.frozen:
            if self.frozen and hasattr(self, "mode_toggle"):
                self.mode_toggle.select(self.mode, notify=False)
            return
        self._remember()
        self.mode = mode
        self.faction, self.hero, self.units = None, None, []
        self.mode_toggle.select(mode, notify=False)
        self.tiles_area.offset = self.heroes_area.offset = self.list_area.offset = 0.0
        self.relayout()

    def _remember(self) -> None:
        if self.faction is not None:
            self.picks[(self.mode, self.faction)] = (self.hero, list(self.units))

    def select_faction(self, faction: str) -> None:
        """Pick a tile: the first time since the builder opened applies Default (4.2.3)."""
        if faction == self.faction or self.frozen:
            return
        self._remember()
        self.faction = faction
        self.heroes_area.offset = self.list_area.offset = 0.0
        saved = self.picks.get((self.mode, faction))
        if saved is None:
            self.hero, self.units = None, []  # until Default's (a network seat's comes later)
            self.apply_default(relayout=False)
        else:
            self.hero, self.units = saved[0], list(saved[1])
        self.play_sound("click")
        self.relayout()

    def apply_default(self, relayout: bool | None = None) -> None:
        """Default (4.2.3), drawn by the rules from the seat's `deck/<seat>` stream; over the
        network the host draws it, and it is applied when its answer comes (`take_preset`)."""
        if self.faction is None or self.frozen:
            return
        if self.remote is not None:
            self.edits += 1
            asked = self.remote.ask_preset(self.mode, self.faction)
            if isinstance(asked, Rejection):
                self.notify(words.rules_message(asked.error, asked.message))
                self.preset_asked = None
            else:
                self.preset_asked = (asked, self.edits)
            return
        drawn = self.match.rules.deck_preset(self.match, self.seat, self.mode, self.faction)
        if isinstance(drawn, Rejection):
            self.notify(words.rules_message(drawn.error, drawn.message))
            return
        self.hero, self.units = drawn
        self._changed(relayout)

    def take_preset(self) -> None:
        """The host's answer to the preset asked: applied if the selection is still the one
        it was asked for (the player may have picked something meanwhile)."""
        if self.preset_asked is None or self.remote is None:
            return
        request, edits = self.preset_asked
        answer = self.remote.preset_answer(request)
        if answer is None:
            return
        self.preset_asked = None
        if isinstance(answer, Rejection):
            self.notify(words.rules_message(answer.error, answer.message))
            return
        hero, units = answer
        if edits != self.edits or self.frozen:
            return  # the selection changed since: the player's choice stands
        if hero not in self.pool_heroes or not set(units) <= set(self.pool_units):
            self.notify(_("The host's Default preset names cards this game does not have "
                          "(the host plays other mods)."))
            return
        self.hero, self.units = hero, list(units)
        self._changed(True)

    def apply_select_all(self) -> None:
        if self.faction is None or self.frozen:
            return
        self.units = select_all(self.content, self.mode, self.faction)
        self._changed()

    def apply_clear(self) -> None:
        if self.frozen:
            return
        self.units = []
        self._changed()

    def pick_hero(self, hero: str) -> None:
        if self.frozen:
            return
        self.hero = hero
        self.play_sound("click")
        self._changed()

    def toggle_unit(self, unit: str) -> bool:
        """Click on a row: select or unselect; an 11th unit is refused (shake + toast)."""
        if self.frozen:
            return False
        if unit in self.units:
            self.units.remove(unit)
        elif len(self.units) >= self.content.deck_max_units:
            self.shake = (unit, 0.4)
            plate = self.row_of.get(unit)
            at = (plate[0].center_x, plate[0].center_y + 40) if plate else None
            most = self.content.deck_max_units
            self.notify(ngettext("At most {n} unit", "At most {n} units", most).format(n=most),
                        at=at)
            return False
        else:
            self.units.append(unit)
        self._changed()
        return True

    def toggle_only_selected(self) -> None:
        self.only_selected = not self.only_selected
        self.only_btn.style = theme.BUTTON_PRIMARY if self.only_selected else (
            theme.BUTTON_SECONDARY)
        self.only_btn.trigger_render()
        self.list_area.offset = 0.0
        self.relayout()

    def set_sort(self, name: str) -> None:
        if name in SORTS and name != self.sort:
            self.sort = name
            if self.sort_box.value != sort_label(name):
                self.sort_box.value = sort_label(name)
            self.relayout()

    def set_search(self, text: str) -> None:
        if self.search.text != text:
            self.search.text = text  # on_change sets search_text
        else:
            self._on_search(None)

    def _on_search(self, _event: Any) -> None:
        if self.search.text != self.search_text:
            self.search_text = self.search.text
            self.list_area.offset = 0.0
            if self.window is not None:
                self.relayout()

    def _on_sort(self, event: Any) -> None:
        shown = str(self.sort_box.value or "")
        value = next((s for s in SORTS if sort_label(s) == shown), None)
        if value is not None and value != self.sort:
            self.sort = value
            if self.window is not None:
                self.relayout()

    def _changed(self, relayout: bool | None = None) -> None:
        """The selection changed: restyle in place, or lay out again when the rows shown
        depend on it (Only selected)."""
        self.edits += 1
        if relayout is None:
            relayout = self.only_selected
        if relayout and self.window is not None:
            self.relayout()
        else:
            self.refresh_state()

    def start_match(self) -> None:
        """Start Match: submit this seat's `build_deck` through the start handler; a network
        seat's is sent, and its answer comes to `answered` in a later frame."""
        if self.frozen:
            return
        problem = self.missing()
        if problem is not None:
            self.notify(problem)
            return
        decision = self.decision()
        if self.remote is not None:
            refused = self.remote.send(decision)
            if refused is not None:
                self.answered(decision, refused)
            self.refresh_state()
            return
        if self.on_start is None:
            from game.scenes.kingdom.start import begin_match

            begin_match(self.app, self.match, decision)
        else:
            self.on_start(decision)

    def answered(self, decision: dict[str, Any], outcome: Any, at: Any = None) -> bool:
        """The host's answer to this seat's `build_deck`: refused, the reason (the deck stays
        to be changed); taken, the builder waits for the other seat, or, when this deck
        ended the deck builder, the match view opens."""
        if not outcome.ok:
            self.notify(words.rules_message(outcome.error, outcome.message))
            self.refresh_state()
            return False
        self.built = True
        self.refresh_state()
        if self.window is not None:
            self.relayout()  # the waiting panel
        self.open_match_when_built()
        return True

    def drive_net(self) -> None:
        """A network seat: the host's answers (its deck, a preset), then what the host sent
        meanwhile: the step that ends the deck builder (the other seat's, shown only as
        "hidden"), or a reconnect's view saying the host took this seat's deck while the link
        was down (its answer was lost with the link): the builder then waits as it would."""
        remote = self.remote
        if remote is None or remote.closed:
            return
        watch(self, remote)
        self.take_preset()
        if sending(remote) or not remote.take():
            return
        if not self.built and self.seat not in remote.to_act and remote.phase == "deck_builder":
            self._show_built(remote.view_json(self.seat)["board"]["seats"][self.seat])
            self.refresh_state()
            if self.window is not None:
                self.relayout()
        self.open_match_when_built()

    def open_match_when_built(self) -> None:
        """The match view, once the host's view of this seat has left the deck builder."""
        remote = self.remote
        if remote is None or remote.phase == "deck_builder" or self.window is None \
                or self.window.current_view is not self:
            return
        from game.scenes.kingdom.match_view import open_match_view

        self.owns_match = False  # the match view owns it now
        open_match_view(self.app, remote)

    # -- state -> pictures ----------------------------------------------------------------------
    def refresh_state(self) -> None:
        """Restyle what depends on the selection (no relayout): tiles, hero glow, checkboxes,
        counter, Start Match."""
        problem = self.missing()
        locked = problem is not None or self.frozen
        if self.start_btn.disabled != locked:
            self.start_btn.disabled = locked
        caption = _("Waiting…") if self.frozen else _("Start Match")
        if self.start_btn.text != caption:
            self.start_btn.text = caption
        n, cap = len(self.units), self.content.deck_max_units
        counter = self.counter_line()
        if self.counter_text.text != counter:
            self.counter_text.text = counter
        self.counter_text.color = theme.GOLD_HI if n == cap else (
            theme.TEXT if n else theme.RED_HI)
        self.search_hint.visible = not self.search.text and not self.search.active
        for faction, sprite in self.tile_of.items():
            sprite.texture = self._tile_texture(faction)
        w, h = self.hero_size
        for hero, (card, _label) in self.hero_of.items():
            card.texture = card_texture(self.content, hero, w, h, selected=hero == self.hero)
        for unit, (plate, check, _text) in self.row_of.items():
            chosen = unit in self.units
            check.texture = checkbox_texture(chosen)
            plate.color = self._plate_color(unit, chosen)

    def _tile_texture(self, faction: str) -> arcade.Texture:
        state = ("selected" if faction == self.faction else
                 "hover" if faction == self.hover_tile else "normal")
        w, h = self.tile_size
        return tile_texture(faction, self.faction_name(faction), self.tile_sub(faction),
                            self.faction_color(faction), w, h, state)

    def _plate_color(self, unit: str, chosen: bool) -> Color:
        if unit == self.hover_row:
            return Color(70, 84, 100) if not chosen else Color(92, 82, 52)
        return Color(74, 64, 40) if chosen else theme.PANEL

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        for _step in self._widget_steps():  # made by `prepare` unless the screen never showed
            pass
        self.relabel()
        top = height - TOP_BAR
        self.title_text.position = (PAD + 4, height - TOP_BAR / 2)
        self.mode_toggle.rect = arcade.LBWH(250, height - TOP_BAR / 2 - 18, 224, 36)
        self.start_btn.rect = arcade.LBWH(width - PAD - 180, height - TOP_BAR / 2 - 21, 180, 42)

        self.panels.clear()
        bar = arcade.SpriteSolidColor(width, TOP_BAR, width / 2, height - TOP_BAR / 2,
                                      Color(14, 30, 26))
        self.panels.append(bar)
        self.panels.append(arcade.SpriteSolidColor(width, 2, width / 2, top, theme.PANEL_EDGE))

        # left column: faction tiles (two columns when they fit, else one)
        col_w, per_row, tile_w = self._tile_geometry(width)
        gap = 8
        self.tile_size = (tile_w, TILE_H)
        self.factions_text.position = (PAD, top - 20)
        area_top = top - 36
        self.tiles_area.rect = arcade.LRBT(PAD, PAD + col_w, PAD, area_top)
        self._layout_tiles(per_row, gap)

        # main area
        left = PAD + col_w + 24
        right = width - PAD
        main_w = right - left
        self.panels.append(arcade.SpriteSolidColor(1, int(top - 2 * PAD), left - 12,
                                                   (top + PAD) / 2 - PAD / 2, theme.PANEL_EDGE))
        hero_h = int(min(150, max(112, (height - 600) * 0.3 + 112)))
        hero_w = round(hero_h / CARD_RATIO)
        self.hero_size = (hero_w, hero_h)
        self.hero_heading.position = (left, top - 20)
        self.hero_hint.position = (left + 60, top - 20)
        hero_top = top - 34
        self.heroes_area.rect = arcade.LRBT(left, right, hero_top - hero_h - 24, hero_top)
        self._layout_heroes()

        # controls: a flow of widgets that wraps onto a second row when the area is narrow
        y = hero_top - hero_h - 24 - 12
        self.units_heading.position = (left, y - 10)
        y -= 26
        items: list[tuple[Any, int, int]] = [(self.search, 200, 8), (self.sort_box, 130, 8),
                                             (self.only_btn, ONLY_W, 12),
                                             ("counter", self.counter_room(), 12),
                                             (self.default_btn, 86, 6),
                                             (self.select_all_btn, 100, 6), (self.clear_btn, 72, 0)]
        total = sum(w + g for _widget, w, g in items)
        rows = [items] if total <= main_w else [items[:3], items[3:]]
        for row in rows:
            x = left
            for i, (widget, w, g) in enumerate(row):
                is_counter = isinstance(widget, str)
                if len(rows) == 1 and is_counter:
                    # the counter and the quick buttons hug the right edge
                    x = max(x, right - sum(ww + gg for _widget, ww, gg in row[i:]))
                if is_counter:
                    self.counter_text.position = (x + w, y - 17)
                else:
                    widget.rect = arcade.LBWH(x, y - 34, w, 34)
                    if widget is self.search:
                        self.search_hint.position = (x + 8, y - 17)
                x += w + g
            y -= 42
        # the unit list fills the rest
        self.header.texture = header_texture(main_w, 20, self.mode == "continent", language())
        self.header.position = (left + main_w / 2, y - 12)
        list_top = y - 24
        self.list_area.rect = arcade.LRBT(left, right, PAD, list_top)
        self.list_hint.position = (left + main_w / 2, (list_top + PAD) / 2)
        self._layout_rows()
        self._update_hover()
        self.refresh_state()
        self._place_focus()
        self._place_scrollbars()
        self._layout_waiting(width, top)

    def _layout_waiting(self, width: int, top: float) -> None:
        """A network seat whose deck is taken: the whole builder dimmed (nothing in it takes
        a click any more), and in the middle of the main area a plate saying whom it waits
        for (the deck stays visible under it)."""
        self.wait_plate.clear()
        line = self.waiting_line()
        if self.wait_text.text != line:
            self.wait_text.text = line
        if not line:
            return
        height = top + TOP_BAR
        self.wait_plate.append(arcade.SpriteSolidColor(width, int(height), width / 2,
                                                       height / 2, Color(0, 0, 0, 120)))
        w, h = int(self.wait_text.content_width) + 64, 64
        plate = arcade.Sprite(rounded_rect_texture(w, h, 12, tuple(theme.PANEL),
                                                   tuple(theme.GOLD), 2))
        plate.position = (width / 2, top / 2)
        self.wait_plate.append(plate)
        self.wait_text.position = (width / 2, top / 2)

    def _layout_tiles(self, per_row: int, gap: int) -> None:
        self.tile_sprites.clear()
        self.tile_of = {}
        w, h = self.tile_size
        area = self.tiles_area
        for i, faction in enumerate(self.tile_ids):
            sprite = arcade.Sprite(self._tile_texture(faction))
            self.tile_of[faction] = sprite
            self.tile_sprites.append(sprite)
            sprite.properties["slot"] = (i % per_row, i // per_row)
        rows = math.ceil(len(self.tile_ids) / per_row)
        area.extent = rows * (h + gap) - gap
        self._tile_gap = gap
        area.scroll(0)
        self._place_tiles()

    def _place_tiles(self) -> None:
        w, h = self.tile_size
        area = self.tiles_area
        for sprite in self.tile_sprites:
            col, row = sprite.properties["slot"]
            sprite.position = (area.rect.left + col * (w + self._tile_gap) + w / 2,
                               area.rect.top - row * (h + self._tile_gap) - h / 2 + area.offset)

    def _layout_heroes(self) -> None:
        self.hero_sprites.clear()
        self.hero_of = {}
        heroes = self.pool_heroes
        w, h = self.hero_size
        for hero in heroes:
            card = arcade.Sprite(card_texture(self.content, hero, w, h, selected=hero == self.hero))
            era = words.era_name(self.content, self.content.cards[hero].era)
            label = arcade.Sprite(label_texture(_("Requires {era}").format(era=era), 12,
                                                tuple(theme.TEXT_MUTED)))
            self.hero_sprites.extend((card, label))
            self.hero_of[hero] = (card, label)
        if not heroes:  # faint outlines where the hero cards will be
            for _pass in range(2):
                ghost = arcade.Sprite(rounded_rect_texture(w, h, 8, None, (255, 255, 255, 255),
                                                           2))
                ghost.color = Color(*theme.PANEL_EDGE[:3], 160)
                self.hero_sprites.append(ghost)
        area = self.heroes_area
        widest = max((label.width for _card, label in self.hero_of.values()), default=0)
        self.hero_step = max(w, widest) + 14
        area.extent = max(0, len(heroes) * self.hero_step - (self.hero_step - w))
        area.scroll(0)
        if self.hero in heroes:  # keep the picked hero in view
            x = heroes.index(self.hero) * self.hero_step
            if x < area.offset or x + w > area.offset + area.visible:
                area.offset = x + w - area.visible if x >= area.offset else x
                area.scroll(0)
        hint = (_("Click a card to pick your hero") if heroes
                else _("Pick a faction on the left to see its heroes"))
        if self.hero_hint.text != hint:
            self.hero_hint.text = hint
        self._place_heroes()

    def _place_heroes(self) -> None:
        w, h = self.hero_size
        area = self.heroes_area
        step = self.hero_step
        if not self.hero_of:
            for i, ghost in enumerate(self.hero_sprites):
                ghost.position = (area.rect.left + w / 2 + i * step, area.rect.top - h / 2)
        for i, (card, label) in enumerate(self.hero_of.values()):
            x = area.rect.left + (step - 14) / 2 + i * step - area.offset
            card.position = (x, area.rect.top - h / 2)
            label.position = (round(x), round(area.rect.bottom + 10))

    def _layout_rows(self) -> None:
        self.row_plates.clear()
        self.row_sprites.clear()
        self.row_of = {}
        self.rows = self.visible_units()
        area = self.list_area
        width = int(area.rect.width)
        show_faction = self.mode == "continent"
        plate_tex = rounded_rect_texture(width, ROW_H - 4, 6)
        for unit in self.rows:
            plate = arcade.Sprite(plate_tex)
            check = arcade.Sprite(checkbox_texture(unit in self.units))
            text = arcade.Sprite(blank_texture())  # its row texture comes when it scrolls in
            text.properties["row"] = (unit, width, show_faction)
            self.row_plates.append(plate)
            self.row_sprites.extend((check, text))
            self.row_of[unit] = (plate, check, text)
        area.extent = len(self.rows) * ROW_H
        area.scroll(0)
        if self.faction is None:
            self.list_hint.text = _("Pick a faction to see its units")
        elif not self.rows:
            self.list_hint.text = (_("No selected unit matches") if self.only_selected
                                   else _("No unit matches the search"))
        else:
            self.list_hint.text = ""
        self._place_rows()

    def row_picture(self, unit: str, width: int, show_faction: bool) -> arcade.Texture:
        card = self.content.cards[unit]
        return row_texture(id(self.content), card, _(card.name),
                           _(self.content.factions[card.faction].name),
                           self.content.era(card.era).color,
                           _(self.content.effects[card.effect].archetype), width, ROW_H,
                           show_faction)

    def _place_rows(self) -> None:
        area = self.list_area
        cx = area.rect.left + area.rect.width / 2
        for i, unit in enumerate(self.rows):
            plate, check, text = self.row_of[unit]
            y = area.rect.top - i * ROW_H - ROW_H / 2 + area.offset
            dx = 0.0
            if self.shake and self.shake[0] == unit:
                dx = math.sin(self.shake[1] * 60) * 8 * min(1.0, self.shake[1] / 0.2)
            plate.position = (cx + dx, y)
            if "row" in text.properties and area.rect.bottom - ROW_H < y < area.rect.top + ROW_H:
                row, width, show_faction = text.properties.pop("row")
                text.texture = self.row_picture(row, width, show_faction)
            text.position = (round(cx + dx), round(y))
            check.position = (area.rect.left + 20 + dx, y)

    def _place_scrollbars(self) -> None:
        """A thin gold thumb along each area whose content is longer than the area."""
        self.scrollbars.clear()
        for area in (self.tiles_area, self.heroes_area, self.list_area):
            if area.max_offset <= 0:
                continue
            r = area.rect
            frac = area.offset / area.max_offset
            if area.horizontal:
                length = max(30.0, r.width * r.width / area.extent)
                x = r.left + length / 2 + frac * (r.width - length)
                bar = arcade.SpriteSolidColor(int(length), 4, x, r.bottom - 4, theme.GOLD)
            else:
                length = max(30.0, r.height * r.height / area.extent)
                y = r.top - length / 2 - frac * (r.height - length)
                bar = arcade.SpriteSolidColor(4, int(length), r.right + 5, y, theme.GOLD)
            bar.alpha = 170
            self.scrollbars.append(bar)

    def _place_focus(self) -> None:
        self.focus_ring.clear()
        if self.focus is None:
            return
        widget = self.widgets[FOCUS_ORDER[self.focus]]
        r = widget.rect
        ring = arcade.Sprite(rounded_rect_texture(int(r.width) + 8, int(r.height) + 8, 8, None,
                                                  (255, 255, 255, 255), 2))
        ring.color = theme.GOLD_HI
        ring.position = r.center
        self.focus_ring.append(ring)

    # -- drawing --------------------------------------------------------------------------------
    def draw_board(self) -> None:
        self.panels.draw()
        ctx = self.window.ctx
        for area, lists in ((self.tiles_area, (self.tile_sprites,)),
                            (self.heroes_area, (self.hero_sprites,)),
                            (self.list_area, (self.row_plates, self.row_sprites))):
            ctx.scissor = area.scissor(self.window)
            try:
                for sprites in lists:
                    sprites.draw()
            finally:
                ctx.scissor = None
        if self.faction is not None:
            arcade.draw_sprite(self.header)

    def draw_overlay(self) -> None:
        if self.built:
            self.wait_plate.draw()
            self.wait_text.draw()
        if self.net_banner is not None:
            self.net_banner.draw(self.match, *view_size(self.window))
        if self.search_hint.visible:
            self.search_hint.draw()
        self.scrollbars.draw()
        self.focus_ring.draw()
        if self.hover_row is not None and self.popup_sprites:
            self.popup_sprites.draw()
            self.popup_name.draw()
            self.popup_text.draw()

    # -- per frame --------------------------------------------------------------------------------
    def is_animating(self) -> bool:
        return self.shake is not None or super().is_animating()  # a refused row shakes

    def on_show_view(self) -> None:
        super().on_show_view()
        if self.match.cpu_seats():  # the CPU's worker warms while the deck is built
            prestart_for(self.app)

    def update_game(self, dt: float) -> None:
        if self.remote is not None:
            self.drive_net()
            if self.window is None or self.window.current_view is not self:
                return  # the match view took over
        if self.shake is not None:
            unit, left = self.shake
            left -= dt
            self.shake = (unit, left) if left > 0 else None
            self._place_rows()
        hint = not self.search.text and not self.search.active
        if self.search_hint.visible != hint:
            self.search_hint.visible = hint

    # -- hover popup ------------------------------------------------------------------------------
    def _show_popup(self, unit: str | None) -> None:
        """The hovered unit's full card and effect text, beside its row."""
        self.popup_sprites.clear()
        if unit is None or unit not in self.row_of:
            return
        plate = self.row_of[unit][0]
        card = self.content.cards[unit]
        effect = self.content.effects[card.effect]
        cw = 130
        ch = round(cw * CARD_RATIO)
        if self.popup_name.width != cw:
            self.popup_name.width = self.popup_text.width = cw
        archetype, rule = _(effect.archetype), _(effect.text)
        if self.popup_name.text != archetype:
            self.popup_name.text = archetype
        if self.popup_text.text != rule:
            self.popup_text.text = rule
        text_h = self.popup_name.content_height + 4 + self.popup_text.content_height
        pw, ph = cw + 24, int(ch + 12 + 8 + text_h + 14)
        area = self.list_area.rect
        x = area.right - pw / 2 - 8
        # beside the row, inside the list when it is tall enough (never over the controls)
        top_limit = area.top if area.height >= ph else view_size(self.window)[1] - 8
        y = min(max(plate.center_y, area.bottom + ph / 2), top_limit - ph / 2)
        bg = arcade.Sprite(rounded_rect_texture(int(pw), int(ph), 10, tuple(theme.PANEL),
                                                tuple(theme.GOLD), 2))
        bg.position = (x, y)
        face = arcade.Sprite(card_texture(self.content, unit, cw, ch))
        face.position = (x, y + ph / 2 - 12 - ch / 2)
        self.popup_sprites.extend((bg, face))
        text_top = y + ph / 2 - 12 - ch - 8
        self.popup_name.position = (x - cw / 2, text_top)
        self.popup_text.position = (x - cw / 2, text_top - self.popup_name.content_height - 4)

    def _update_hover(self) -> None:
        """Hover state from the last mouse position (after a move, a scroll or a relayout)."""
        x, y = self.mouse
        covered = self._overlay_open()
        tile = None if covered else self._tile_at(x, y)
        row = None if covered else self._row_at(x, y)
        changed = tile != self.hover_tile or row != self.hover_row
        self.hover_tile, self.hover_row = tile, row
        self._show_popup(row)
        self.hover_hero = None if covered else self._hero_at(x, y)
        if changed:
            self.refresh_state()

    # -- input ----------------------------------------------------------------------------------
    def _tile_at(self, x: float, y: float) -> str | None:
        if not self.tiles_area.contains(x, y):
            return None
        w, h = self.tile_size
        for faction, sprite in self.tile_of.items():
            if abs(x - sprite.center_x) <= w / 2 and abs(y - sprite.center_y) <= h / 2:
                return faction
        return None

    def _hero_at(self, x: float, y: float) -> str | None:
        if not self.heroes_area.contains(x, y):
            return None
        w, h = self.hero_size
        for hero, (card, _label) in self.hero_of.items():
            if abs(x - card.center_x) <= w / 2 and abs(y - card.center_y) <= h / 2:
                return hero
        return None

    def _row_at(self, x: float, y: float) -> str | None:
        if not self.list_area.contains(x, y):
            return None
        i = int((self.list_area.rect.top + self.list_area.offset - y) // ROW_H)
        return self.rows[i] if 0 <= i < len(self.rows) else None

    def _overlay_open(self) -> bool:
        """The sort dropdown's option list is open (it sits over the unit list)."""
        return any(w is self.sort_box._overlay for layer in self.ui.children.values()
                   for w in layer)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        before = (self.hover_tile, self.hover_row)
        self.mouse = (x, y)
        covered = self._overlay_open()
        tile = None if covered else self._tile_at(x, y)
        row = None if covered else self._row_at(x, y)
        if (tile, row) != before:
            self._update_hover()
        self.hover_hero = None if covered else self._hero_at(x, y)
        if self.start_btn.disabled and self.start_btn.rect.point_in_rect((x, y)):
            self.tooltip.show(self.waiting_line() or self.missing() or "", x, y)
        elif self.hover_hero is not None:
            card = self.content.cards[self.hover_hero]
            effect = self.content.effects[card.effect]
            self.tooltip.show(_("{name} — requires {era} (Nexus level {level}). {archetype}: "
                                "{text}").format(
                name=_(card.name), era=words.era_name(self.content, card.era), level=card.era,
                archetype=_(effect.archetype), text=_(effect.text)), x, y)
        else:
            self.tooltip.hide()
        return False

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if button != arcade.MOUSE_BUTTON_LEFT or self._overlay_open():
            return False
        if self.focus is not None:  # the mouse takes over from Tab
            self.focus = None
            self._place_focus()
        if self.search.active and not self.search.rect.point_in_rect((x, y)):
            self.search.deactivate()
        tile = self._tile_at(x, y)
        if tile is not None:
            self.select_faction(tile)
            return True
        hero = self._hero_at(x, y)
        if hero is not None:
            self.pick_hero(hero)
            return True
        row = self._row_at(x, y)
        if row is not None:
            self.toggle_unit(row)
            return True
        return False

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        if self._overlay_open():
            return False
        amount = -scroll_y * SCROLL_STEP
        if self.tiles_area.contains(x, y) and self.tiles_area.scroll(amount):
            self._place_tiles()
            self._place_scrollbars()
        elif self.heroes_area.contains(x, y) and self.heroes_area.scroll(
                amount if scroll_x == 0 else scroll_x * SCROLL_STEP):
            self._place_heroes()
            self._place_scrollbars()
        elif self.list_area.contains(x, y) and self.list_area.scroll(amount):
            self._place_rows()
            self._place_scrollbars()
            self._update_hover()
        return True

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if self._overlay_open():
            if symbol == arcade.key.ESCAPE:
                self.sort_box.close()
            return True
        if self.search.active:
            if symbol in (arcade.key.ESCAPE, arcade.key.ENTER, arcade.key.RETURN,
                          arcade.key.TAB):
                self.search.deactivate()
                if symbol == arcade.key.TAB:
                    self.cycle_focus(-1 if modifiers & arcade.key.MOD_SHIFT else 1)
            return True  # typing never triggers H, Esc or the shortcuts
        if symbol == arcade.key.F and modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND):
            self.focus = FOCUS_ORDER.index("search")
            self._place_focus()
            self.search.activate()
            return True
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER):
            if self.missing() is None:
                self.start_match()
            else:
                self.notify(self.missing() or "")
            return True
        if symbol == arcade.key.TAB:
            self.cycle_focus(-1 if modifiers & arcade.key.MOD_SHIFT else 1)
            return True
        if symbol == arcade.key.SPACE and self.focus is not None:
            self.press_focused()
            return True
        if symbol == arcade.key.ESCAPE and self.focus is not None:
            self.focus = None
            self._place_focus()
            return True
        return False

    def cycle_focus(self, step: int = 1) -> str:
        """Tab: move the focus ring to the next widget; returns its name."""
        n = len(FOCUS_ORDER)
        self.focus = (step - 1 if step > 0 else n + step) if self.focus is None else (
            (self.focus + step) % n)
        name = FOCUS_ORDER[self.focus]
        if name == "search":
            self.search.activate()
        self._place_focus()
        return name

    def press_focused(self) -> None:
        name = FOCUS_ORDER[self.focus or 0]
        if name == "search":
            self.search.activate()
        elif name == "sort":
            i = SORTS.index(self.sort)
            self.set_sort(SORTS[(i + 1) % len(SORTS)])
        elif name == "only":
            self.toggle_only_selected()
        elif name == "default":
            self.apply_default()
        elif name == "select_all":
            self.apply_select_all()
        elif name == "clear":
            self.apply_clear()
        elif name == "start":
            self.start_match()

    # -- shell hooks ----------------------------------------------------------------------------
    def help_topics(self) -> list[HelpTopic]:
        from game.scenes.kingdom.help import help_topics

        return help_topics(self.content, "deck_builder", self.match.rules.rules_version)

    def current_record(self) -> dict[str, Any] | None:
        if not self.owns_match or self.remote is not None:  # a network match: the host's
            return None
        return match_record(self.match)

    def on_leave(self) -> None:
        if self.owns_match:
            self.owns_match = False
            self.match.close()
