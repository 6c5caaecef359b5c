"""What the three board screens share: the grid, the tokens, the panel, effects, hand-over.

Screens are one View per phase. `BoardBase` draws the board of spec strike.md 8.3-8.5
(grid, tokens with HP bars and status badges, flames, the bottom panel with the unit blocks,
the turn badge and the centre lines) and runs what every board phase does (hover tooltips,
rejections floated at the unit, a watched replay's driver, the shake and flashes of hits).
The phases are its subclasses, each in its own module:

- `placement.PlacementView` (8.3): zones tinted, ghost token, `place`; on `combat_started`
  the "FIGHT!" banner shows, then the combat view takes over the remaining events;
- `combat.CombatView` (8.4): selection, blue/red tiles, abilities, keys, the event animations;
  on `match_ended` (once its animations have played) the result view opens;
- `result.ResultView` (8.5): the overlay over the final board, with its buttons.

The grid fills the window above a bottom panel (27 % of the height); the tile size is
floor(min(width / cols, board height / rows)); row 0 is drawn at the top. Everything is rendered
from the seat view; legal tiles and targets come from `match.legal_decisions(seat)`, never
from rules written here.

Board labels (HP numbers, status badges, floating numbers) live in `board_batch`, drawn through
the shake camera with the sprites; the panel's labels live in the view's `batch` and stay still.
"""

from __future__ import annotations

import copy
import math
from collections import deque
from collections.abc import Iterator
from functools import cache
from typing import Any

import arcade
import arcade.gui as gui
import pyglet
from arcade import easing
from arcade.shape_list import ShapeElementList, create_rectangle_filled
from arcade.types import Color

from game.i18n import _
from game.scenes import palette, theme
from game.scenes.animation import ValueTween
from game.scenes.fonts import KENNEY_FONT, UI_FONT
from game.scenes.log_panel import log_width
from game.scenes.scale import fit_camera, view_size
from game.scenes.screen import draw_opaque
from game.scenes.staged import StagedLayout
from game.scenes.strike import look
from game.scenes.strike.base import UNDO_LABEL, StrikeSession, StrikeView
from game.scenes.strike.fx import Fx
from game.scenes.strike.guide import BoardGuide
from game.scenes.widgets import make_button, text_room

Tile = tuple[int, int]

_S = gui.UIFlatButton.UIStyle


def _small_style(bg: Color, text: Color) -> dict[str, Any]:
    return {
        "normal": _S(font_name=UI_FONT, font_size=9, font_color=text, bg=bg),
        "hover": _S(font_name=UI_FONT, font_size=9, font_color=text, bg=look.RED.replace(a=255),
                    border=look.TEXT, border_width=1),
        "press": _S(font_name=UI_FONT, font_size=9, font_color=theme.TEXT_DARK, bg=look.TEXT),
        "disabled": _S(font_name=UI_FONT, font_size=9, font_color=Color(150, 150, 160),
                       bg=Color(44, 48, 58)),
    }


def rect(left: float, right: float, bottom: float, top: float, colour: Any) -> Any:
    """A filled rectangle for a ShapeElementList, from its edges."""
    return create_rectangle_filled((left + right) / 2, (bottom + top) / 2, right - left,
                                   top - bottom, colour)


ABILITY_STYLE = _small_style(Color(60, 70, 96), look.TEXT)
ROW_BG, ROW_TEXT = Color(44, 48, 58), Color(150, 150, 160)  # as a disabled ability button
GAP = Color(14, 16, 22)  # between tiles and around the grid
HP_LABEL_ROOM = 10  # pixels above the grid: a top-row unit's HP number sits over its token


def mix(base: Color, over: Color, alpha: int) -> Color:
    """`over` at `alpha` (0-255) blended onto the opaque `base`, as blending would draw it."""
    k = alpha / 255
    return Color(*(round(b + (o - b) * k) for b, o in zip(base[:3], over[:3], strict=True)))


@cache
def _spark_texture() -> arcade.Texture:
    return arcade.make_soft_circle_texture(24, Color(255, 220, 80), 255, 0)


def set_text(text: arcade.Text, value: str) -> None:
    """Set a label only when it changes (setting `.text` lays it out again)."""
    if text.text != value:
        text.text = value


class BoardBase(StagedLayout, BoardGuide, StrikeView):
    """The board and panel of one phase; subclasses fill in the hooks below."""

    think_min = 0.4
    zone_tint = False  # placement tints both zones and outlines the neutral column
    ability_buttons = True  # the panel's blocks carry three ability buttons

    def __init__(self, app: Any, session: StrikeSession) -> None:
        super().__init__(app, session)
        b = self.state["board"]
        self.cols, self.rows, self.zone = b["cols"], b["rows"], b["zone_columns"]
        self.tile = 32
        self.x0 = self.y0 = 0.0
        self.panel_h = 0.0
        self.static = ShapeElementList(blend=False)
        self.panel_shapes = ShapeElementList(blend=False)
        self._panel_boxes: list[tuple[Any, ...]] = []  # what panel_shapes holds
        self.bar_sprites = arcade.SpriteList()
        self.bars: dict[str, tuple[arcade.SpriteSolidColor, ...]] = {}
        self.flame_sprites = arcade.SpriteList()
        self.flame_sparks: list[tuple[arcade.Sprite, float, float, float]] = []
        self.flame_tiles: dict[Tile, arcade.Sprite] = {}
        self.turn_badge = (0.0, 0.0, 0.0, 0.0)  # centre x, y, width, height
        self.badge = arcade.SpriteSolidColor(8, 8, color=look.MUTED)
        self.badge_list = arcade.SpriteList()
        self.badge_list.append(self.badge)
        self.badge_dx = 0.0  # the turn badge's slide offset (turn_started)
        self.centre_box = (0.0, 0.0)  # the panel's middle column, x0 x1
        self.tokens = arcade.SpriteList()
        self.token_of: dict[str, arcade.Sprite] = {}
        self.disp: dict[str, dict[str, Any]] = {}
        self.board_batch = pyglet.graphics.Batch()  # labels that shake with the board
        self.unit_texts: dict[str, tuple[arcade.Text, arcade.Text]] = {}
        self.fx: list[Fx] = []
        self.selected: str | None = None
        self.hover_tile: Tile | None = None
        self.clock = 0.0
        self.banner = ""
        self.banner_time = 0.0
        self.last_action = ""
        self.buttons: dict[tuple[str, int], gui.UIFlatButton] = {}
        # the ability rows of seats nobody clicks for (a CPU, a shot, a replay): drawn, not gui
        self.ability_rows: dict[tuple[str, int], tuple[tuple[float, float, float, float], arcade.Text]] = {}
        self.blocks: dict[str, tuple[float, float, float, float]] = {}
        self.compact = False
        self._floats: dict[str, tuple[float, int]] = {}
        self.replay_pause = 0.5  # seconds between replayed decisions (at 1x)
        self.replay_wait = 0.3
        self.shake = (0.0, 0.0)
        self.shake_cam = arcade.Camera2D()
        self._shake_size = (0, 0)
        self.flashes: list[list[Any]] = []  # [sprite, seconds left, total, colour]
        self.button_flash: dict[tuple[str, int], float] = {}
        self.last_reject = ""
        self.next_view: type[BoardBase] | None = None  # set by a phase event (hand-over)
        self.undo_btn = make_button(_(UNDO_LABEL), width=100, height=22, font_size=10,
                                    on_click=self.request_undo)
        f = UI_FONT
        self.turn_text = arcade.Text("", 0, 0, theme.TEXT_DARK, 13, font_name=f, bold=True,
                                     anchor_x="center", anchor_y="center")  # with the badge
        self.round_text = arcade.Text("", 0, 0, look.TEXT, 12, font_name=f, anchor_x="center",
                                      anchor_y="center", batch=self.batch)
        self.action_text = arcade.Text("", 0, 0, look.MUTED, 10, font_name=f, anchor_x="center",
                                       anchor_y="top", multiline=True, width=240, align="center",
                                       batch=self.batch)
        self.help_text = arcade.Text(_("Press H for help"), 0, 0, look.MUTED, 9, font_name=f,
                                     anchor_x="center", anchor_y="center", batch=self.batch)
        self.side_titles = [arcade.Text("", 0, 0, look.SEAT_COLOURS[session.side(s)], 11,
                                        font_name=f,
                                        bold=True, anchor_y="center", batch=self.batch)
                            for s in (0, 1)]
        self.block_texts: dict[str, tuple[arcade.Text, arcade.Text, arcade.Text]] = {}
        self.banner_text = arcade.Text("", 0, 0, look.TEXT, 40, font_name=KENNEY_FONT,
                                       anchor_x="center", anchor_y="center")
        self.sync_units()

    # -- hooks of the phases -----------------------------------------------------------------
    def centre_lines(self) -> tuple[str, str, str]:
        """The panel centre: turn badge, the line under it, the last-action line."""
        return "", "", ""

    def round_line(self) -> str:
        return _("Round {round} / {cap}").format(round=self.state["board"]["round"],
                                                 cap=self.content.rules.combat.round_cap)

    def block_words(self, u: dict[str, Any]) -> list[str]:
        """The third line of a unit's panel block (statuses; placement: NEXT / placed)."""
        return look.status_words(self.shown_units.get(u["id"], u))

    def is_ko(self, u: dict[str, Any]) -> bool:
        d = self.disp.get(u["id"])
        return d is not None and not d["alive"]

    def ability_usable(self, u: dict[str, Any], index: int) -> bool:
        return False

    def gold_block(self) -> str | None:
        """The unit whose panel block is outlined in gold (placement: the next to place)."""
        return None

    def refresh_controls(self) -> None:
        """Show or hide the phase's own widgets (combat: Pass turn)."""

    def draw_under_tokens(self) -> None:
        """Tile highlights and hover outlines, drawn between the grid and the tokens."""

    def draw_over_tokens(self) -> None:
        """Marks on top of the tokens (the selected unit's ring)."""

    # -- geometry ----------------------------------------------------------------------------
    def layout_steps(self, width: int, height: int) -> Iterator[None]:
        """The layout (StagedLayout: in steps behind the loading state on first show, at once
        on a resize): the grid, the flames, the tokens, the panel and its texts."""
        self.panel_h = int(height * 0.27)
        area_h = height - self.panel_h - 8 - HP_LABEL_ROOM  # the top row's HP labels fit
        grid_w = width - self.log_room(width)  # the log panel's column, while it shows
        self.tile = max(8, int(min(grid_w / self.cols, area_h / self.rows)))
        self.x0 = (grid_w - self.tile * self.cols) / 2
        self.y0 = self.panel_h + (area_h - self.tile * self.rows) / 2
        self.build_static()
        yield
        self.build_flames()
        for uid in list(self.token_of):
            self.tokens.remove(self.token_of.pop(uid))
        self.sync_units()
        yield
        self.layout_panel(width, height)
        yield
        self.refresh_panel()
        self.banner_text.position = (grid_w / 2, self.y0 + self.tile * self.rows / 2)

    def log_rect(self, width: int, height: int) -> arcade.types.Rect:
        """Right of the grid (which leaves it the room), above the unit panel."""
        return arcade.LRBT(width - log_width(width) - 8, width - 8, self.panel_h + 8,
                           height - 8)

    def centre(self, tile: Any) -> tuple[float, float]:
        """A tile's centre on screen; the board is mirrored for a network seat 1, whose own
        zone is then on the left (`session.flip`)."""
        c, r = tile
        if self.session.flip:
            c = self.cols - 1 - c
        return (self.x0 + (c + 0.5) * self.tile, self.y0 + (self.rows - r - 0.5) * self.tile)

    def tile_at(self, x: float, y: float) -> Tile | None:
        c = math.floor((x - self.x0) / self.tile)
        r = self.rows - 1 - math.floor((y - self.y0) / self.tile)
        if 0 <= c < self.cols and 0 <= r < self.rows:
            return (self.cols - 1 - c if self.session.flip else c, r)
        return None

    def build_static(self) -> None:
        """The grid as opaque shapes, each pixel filled once (drawn without blending): tiles
        whole, the 1-px gaps and the 2-px frame as thin rectangles, the zone tint mixed into
        the tile colours."""
        t = self.tile
        shapes = ShapeElementList(blend=False)
        w, h = t * self.cols, t * self.rows
        x0, y0 = self.x0, self.y0
        for c in range(self.cols):
            zone_seat = 0 if c < self.zone else 1 if c >= self.cols - self.zone else None
            for r in range(self.rows):
                col = look.CHECK_A if (c + r) % 2 == 0 else look.CHECK_B
                if zone_seat is None:
                    col = Color(28, 30, 40)
                elif self.zone_tint:
                    col = mix(col, look.SEAT_COLOURS[self.session.side(zone_seat)], 40)
                shapes.append(create_rectangle_filled(*self.centre((c, r)), t, t, col))
        for c in range(1, self.cols):  # the gaps between tiles
            shapes.append(rect(x0 + c * t - 0.5, x0 + c * t + 0.5, y0, y0 + h, GAP))
        for r in range(1, self.rows):
            shapes.append(rect(x0, x0 + w, y0 + r * t - 0.5, y0 + r * t + 0.5, GAP))
        for edge in ((x0 - 2, x0 + 0.5, y0 - 2, y0 + h + 2), (x0 + w - 0.5, x0 + w + 2, y0 - 2,
                     y0 + h + 2), (x0, x0 + w, y0 - 2, y0 + 0.5), (x0, x0 + w, y0 + h - 0.5,
                                                                   y0 + h + 2)):
            shapes.append(rect(*edge, GAP))
        if self.zone_tint:  # the neutral column's dashed outline
            nx = x0 + self.zone * t
            for r in range(self.rows * 2):
                y = y0 + (r + 0.5) * t / 2
                shapes.append(create_rectangle_filled(nx + 1, y, 2, t / 4, look.MUTED))
                shapes.append(create_rectangle_filled(nx + t - 1, y, 2, t / 4, look.MUTED))
        self.static = shapes

    # -- units ------------------------------------------------------------------------------
    def sync_units(self) -> None:
        """Tokens, HP and texts exactly as the state says (after animations, on layout)."""
        self.shown_units = {u["id"]: copy.deepcopy(u) for u in self.state["board"]["units"]}
        for u in self.state["board"]["units"]:
            uid = u["id"]
            alive = u["hp"] > 0 and u["pos"] is not None
            self.disp[uid] = {"hp": u["hp"], "max": u["max_hp"], "alive": alive,
                              "pos": tuple(u["pos"]) if u["pos"] else None}
            sprite = self.token_of.get(uid)
            if alive:
                if sprite is None:
                    sprite = self.make_token(u)
                sprite.position = self.centre(u["pos"])
                sprite.alpha = 255
                sprite.scale = 1.0
            elif sprite is not None:
                self.tokens.remove(self.token_of.pop(uid))
            if uid not in self.unit_texts:
                self.unit_texts[uid] = (
                    arcade.Text("", 0, 0, look.TEXT, theme.SIZE_MIN, font_name=UI_FONT, bold=True,
                                anchor_x="center", anchor_y="center", batch=self.board_batch),
                    arcade.Text("", 0, 0, look.TEXT, theme.SIZE_MIN, font_name=UI_FONT, bold=True,
                                anchor_x="center", anchor_y="center", batch=self.board_batch))

    def token_texture(self, u: dict[str, Any]) -> arcade.Texture:
        card = self.card(u["card"])
        rgb = tuple(look.element_colour(self.content, card.element)[:3])
        side = self.session.side(u["owner"])
        return look.token_texture(max(8, self.tile), side, rgb,  # type: ignore[arg-type]
                                  look.unit_label(side, u["slot"]),
                                  palette.ring_pattern(card.element))

    def make_token(self, u: dict[str, Any]) -> arcade.Sprite:
        sprite = arcade.Sprite(self.token_texture(u))
        self.token_of[u["id"]] = sprite
        self.tokens.append(sprite)
        return sprite

    def unit_at(self, tile: Tile) -> dict[str, Any] | None:
        for u in self.state["board"]["units"]:
            if u["hp"] > 0 and u["pos"] is not None and tuple(u["pos"]) == tuple(tile):
                return u
        return None

    def label_of(self, uid: Any) -> str:
        u = self.unit_json(uid)
        return look.unit_label(self.session.side(u["owner"]), u["slot"]) if u else "?"

    def legal(self) -> list[dict[str, Any]]:
        seat = self.acting
        if seat is None:
            return []
        key = (len(self.match.decisions), seat)
        if getattr(self, "_legal_key", None) != key:
            self._legal_key = key
            self._legal = self.match.legal_decisions(seat)
        return self._legal

    # -- panel ------------------------------------------------------------------------------
    def layout_panel(self, width: int, height: int) -> None:
        for btn in self.buttons.values():
            self.ui.remove(btn)
        self.buttons.clear()
        for _box, text in self.ability_rows.values():
            text.visible = False
        ph = self.panel_h
        centre_w = max(200, int(width * 0.2))
        side_w = (width - centre_w) / 2
        pad = 6
        self.blocks.clear()
        for seat in (0, 1):
            x_side = 0 if self.session.side(seat) == 0 else side_w + centre_w
            self.side_titles[seat].position = (x_side + pad + 4, ph - 12)
            units = [u for u in self.state["board"]["units"] if u["owner"] == seat]
            bw = (side_w - pad * 4) / 3
            self.compact = bw < 150
            for u in units[:3]:
                left = x_side + pad + u["slot"] * (bw + pad)
                top = ph - 24
                self.blocks[u["id"]] = (left, left + bw, 6, top)
                if u["id"] not in self.block_texts:
                    self.block_texts[u["id"]] = tuple(  # type: ignore[assignment]
                        arcade.Text("", 0, 0, c, sz, font_name=UI_FONT, bold=b,
                                    anchor_y="center", batch=self.batch)
                        for c, sz, b in ((look.TEXT, 10, True), (look.TEXT, theme.SIZE_MIN, True),
                                         (look.MUTED, theme.SIZE_MIN, True)))
                head, hp, st = self.block_texts[u["id"]]
                head.position = (left + 6, top - 11)
                head.font_size = theme.SIZE_MIN if self.compact else 10
                hp.position = (left + 6, top - 27)
                st.position = (left + 6, top - 42)
                if not self.ability_buttons:
                    continue
                card = self.card(u["card"])
                bh = max(16, min(26, (top - 52 - 10) / 3 - 3))
                for i, _a in enumerate(card.attacks):
                    box = arcade.LBWH(left + 4, top - 52 - (i + 1) * (bh + 3), bw - 8, bh)
                    if self.has_buttons(seat):
                        btn = gui.UIFlatButton(text="", width=bw - 8, height=bh,
                                               style=ABILITY_STYLE)
                        btn.rect = box
                        btn.on_click = (lambda _e, uid=u["id"], k=i: self.on_ability(uid, k))
                        self.ui.add(btn)
                        self.buttons[(u["id"], i)] = btn
                    else:
                        self.layout_row((u["id"], i), box)
        cx = side_w + centre_w / 2
        self.centre_box = (side_w, side_w + centre_w)  # the panel's middle column, x0 x1
        self.turn_badge = (cx, ph - 22, centre_w - 30, 28)
        self.badge.width, self.badge.height = centre_w - 30, 28
        self.place_badge(self.badge_dx)
        self.round_text.position = (cx, ph - 50)
        self.action_text.position = (cx, ph - 64)
        self.action_text.width = int(centre_w - 20)
        self.help_text.position = (cx, 12)
        if self.offers_undo():  # Undo beside the help line, at the foot of the middle column
            half = centre_w / 2  # its right half, or what its label needs (960x600: more)
            right = cx + half - 8
            undo_w = max(half - 12, text_room(self.undo_btn))
            self.undo_btn.rect = arcade.LBWH(right - undo_w, 4, undo_w, 22)
            self.help_text.position = ((cx - half + right - undo_w) / 2, 15)
        self.show_undo()

    def show_undo(self) -> None:
        """The Undo button shows where Undo is offered, enabled when there is something to
        take back (not in a finished match)."""
        shown = self.offers_undo() and self.state.get("result") is None
        self.show_widget(self.undo_btn, shown)
        if shown and self.undo_btn.disabled == self.can_undo():
            self.undo_btn.disabled = not self.can_undo()

    def has_buttons(self, seat: int) -> bool:
        """Only a seat the player acts for gets `arcade.gui` ability buttons; the others'
        rows look like disabled buttons but are drawn (a text in the batch over a panel
        rectangle), so that the gui renders only what can be clicked."""
        return self.session.live and self.session.replay_queue is None and self.is_human(seat)

    def layout_row(self, key: tuple[str, int], box: Any) -> None:
        old = self.ability_rows.get(key)
        text = old[1] if old else arcade.Text(
            "", 0, 0, ROW_TEXT, 9, font_name=UI_FONT, anchor_x="center", anchor_y="center",
            batch=self.batch)
        text.position = (round(box.center_x), round(box.center_y))
        text.visible = True
        self.ability_rows[key] = ((box.left, box.right, box.bottom, box.top), text)

    def ability_label(self, uid: str, index: int) -> str:
        """What an ability's button (or drawn row) says."""
        btn = self.buttons.get((uid, index))
        return btn.text if btn is not None else self.ability_rows[(uid, index)][1].text

    def ability_box(self, key: tuple[str, int]) -> tuple[float, float, float, float] | None:
        """left, right, bottom, top of an ability's button or row, if it is shown."""
        btn = self.buttons.get(key)
        if btn is not None:
            return (btn.rect.left, btn.rect.right, btn.rect.bottom, btn.rect.top)
        row = self.ability_rows.get(key)
        return row[0] if row is not None and row[1].visible else None

    def on_ability(self, uid: str, index: int) -> None:
        """An ability button was clicked (only the combat view acts on it)."""

    def refresh_panel(self) -> None:
        board = self.state["board"]
        for seat in (0, 1):
            self.side_titles[seat].text = self.side_units(seat)
        for u in board["units"]:
            uid = u["id"]
            if uid not in self.block_texts:
                continue
            d = self.disp.get(uid, {"hp": u["hp"], "max": u["max_hp"], "alive": u["hp"] > 0})
            card = self.card(u["card"])
            head, hp, st = self.block_texts[uid]
            set_text(head, f"{self.label_of(u['id'])} {_(card.name)}")
            dead = self.is_ko(u)
            set_text(hp, _("KO") if dead else _("HP {hp}/{max}").format(hp=d["hp"], max=d["max"]))
            set_text(st, " ".join(self.block_words(u)) or look.element_name(card.element).upper())
            head.color = look.MUTED if dead else look.TEXT
            self.refresh_buttons(u, dead)
        badge, line, action = self.centre_lines()
        set_text(self.turn_text, badge)
        set_text(self.round_text, line)
        set_text(self.action_text, action)
        self.refresh_controls()
        self.show_undo()
        self.build_panel_shapes()

    def refresh_buttons(self, u: dict[str, Any], dead: bool) -> None:
        """The three ability buttons of a unit: "[Q] Ember Lash · 14 · r2", WAIT n, STUNNED, KO."""
        mine = self.is_human(u["owner"]) and self.session.live
        keys = look.KEYS_BY_SLOT[u["slot"]] if u["slot"] < 3 else ("", "", "")
        for i, a in enumerate(self.card(u["card"]).attacks):
            btn = self.buttons.get((u["id"], i))
            row = self.ability_rows.get((u["id"], i))
            if btn is None and row is None:
                continue
            cd = u["cooldowns"][i]
            if dead:
                text = "KO"
            elif u["statuses"]["stun"] > 0:
                text = _("STUNNED")
            elif cd > 0:
                text = _("WAIT {n}").format(n=cd)
            else:
                key = f"[{keys[i]}] " if mine or self.session.hotseat else ""
                text = key + (_(a.name) if self.compact else look.ability_button(a))
            if btn is None:
                set_text(row[1], text)  # type: ignore[index]
                continue
            if btn.text != text:
                btn.text = text
            usable = not dead and self.ability_usable(u, i)
            if btn.disabled == usable:
                btn.disabled = not usable  # the button renders itself again (opaque)

    def build_panel_shapes(self) -> None:
        """The panel's backgrounds, outlines and HP bars: opaque rectangles, rebuilt only when
        one of them changed (each pixel is filled once: outlines are frames, not an underlay)."""
        w = view_size(self.window)[0] if self.window else 1280
        boxes = [(0, w, 0, self.panel_h - 2, look.PANEL),
                 (0, w, self.panel_h - 2, self.panel_h, look.PANEL_EDGE)]
        seat = self.acting
        self.badge.color = (look.SEAT_COLOURS[self.session.side(seat)] if seat is not None
                            else look.MUTED
                            ).replace(a=self.badge.alpha)
        gold = self.gold_block()
        for uid, (left, right, bottom, top) in self.blocks.items():
            d = self.disp.get(uid)
            u = self.unit_json(uid)
            if d is None or u is None:
                continue
            edge = (look.MUTED if self.is_ko(u)
                    else look.SEAT_COLOURS[self.session.side(u["owner"])])
            bg = Color(40, 44, 58) if uid != self.selected else Color(56, 62, 84)
            lw = 2 if uid == gold else 1
            edge = theme.GOLD if uid == gold else edge
            boxes += [(left, right, bottom, bottom + lw, edge), (left, right, top - lw, top, edge),
                      (left, left + lw, bottom + lw, top - lw, edge),
                      (right - lw, right, bottom + lw, top - lw, edge),
                      (left + lw, right - lw, bottom + lw, top - lw, bg)]
            ec = look.element_colour(self.content, self.card(u["card"]).element)
            boxes.append((right - 15, right - 5, top - 16, top - 6, ec))
            bx0, bx1, by = left + 60, right - 8, top - 27
            frac = d["hp"] / d["max"] if d["max"] else 0
            boxes.append((bx0, bx1, by - 4, by + 4, Color(0, 0, 0)))
            if frac > 0:
                boxes.append((bx0 + 1, bx0 + 1 + (bx1 - bx0 - 2) * frac, by - 3, by + 3,
                              look.hp_colour(d["hp"], d["max"])))
        boxes += [(*box, ROW_BG) for box, text in self.ability_rows.values() if text.visible]
        if boxes == self._panel_boxes:
            return
        self._panel_boxes = boxes
        shapes = ShapeElementList(blend=False)
        for box in boxes:
            shapes.append(rect(*box))
        self.panel_shapes = shapes

    # -- drawing ----------------------------------------------------------------------------
    def draw_board(self) -> None:
        if self.shake != (0.0, 0.0):  # the board camera shifts; the panel stays put
            w, h = view_size(self.window)
            if self._shake_size != (w, h):
                self._shake_size = (w, h)
                fit_camera(self.shake_cam, self.window)
            self.shake_cam.position = (w / 2 - self.shake[0], h / 2 - self.shake[1])
            with self.shake_cam.activate():
                self.draw_grid()
        else:
            self.draw_grid()
        self.draw_panel()

    def draw_grid(self) -> None:
        draw_opaque(self.static)
        self.update_flames()
        self.flame_sprites.draw()
        self.draw_under_tokens()
        self.tokens.draw()
        self.draw_over_tokens()
        self.draw_flashes()
        self.draw_unit_bars()
        self.board_batch.draw()
        for fx in self.fx:
            fx.draw()

    def draw_panel(self) -> None:
        draw_opaque(self.panel_shapes)
        if self.badge_dx:  # sliding: clipped to the panel's centre column
            left, right = self.centre_box
            self.window.ctx.scissor = (int(left), 0, int(right - left), int(self.panel_h))
            self.badge_list.draw()
            self.turn_text.draw()
            self.window.ctx.scissor = None
        else:
            self.badge_list.draw()
            self.turn_text.draw()

    def place_badge(self, dx: float, alpha: int = 255) -> None:
        """The turn badge and its words, `dx` px off their place (the slide of turn_started)."""
        self.badge_dx = dx
        cx, cy = self.turn_badge[:2]
        self.badge.position = (cx + dx, cy)
        self.badge.alpha = alpha
        self.turn_text.position = (cx + dx, cy)
        if self.turn_text.color[3] != alpha:
            self.turn_text.color = self.turn_text.color[:3] + (alpha,)

    def slide_badge(self, seat: int | None) -> None:
        """turn_started: the badge slides in from the acting seat's side (0.3 s, ease-out)
        and fades in; instant speed puts it in place at once."""
        width = self.turn_badge[2]
        start = -0.5 * width if seat is not None and self.session.side(seat) == 0 \
            else 0.5 * width

        def apply(k: float) -> None:
            self.place_badge(start * (1 - k), int(255 * min(1.0, 0.25 + k)))
        self.tweener.add(ValueTween(0.0, 1.0, 0.3, apply, ease=easing.ease_out, blocking=False))

    def draw_flashes(self) -> None:
        for sprite, left, total, colour in self.flashes:
            if sprite.alpha > 0:
                arcade.draw_circle_filled(sprite.center_x, sprite.center_y,
                                          self.tile * 0.38 * sprite.scale_x,
                                          colour.replace(a=int(220 * left / total)),
                                          num_segments=20)

    def tile_outline(self, tile: Tile, colour: Any) -> None:
        t = self.tile
        x, y = self.centre(tile)
        arcade.draw_lrbt_rectangle_outline(x - t / 2 + 1, x + t / 2 - 1, y - t / 2 + 1,
                                           y + t / 2 - 1, colour, 2)

    def draw_unit_bars(self) -> None:
        """HP bars and status badges follow the tokens (sprites: one draw call)."""
        t = self.tile
        for u in self.state["board"]["units"]:
            uid = u["id"]
            sp = self.token_of.get(uid)
            d = self.disp.get(uid)
            hp_t, badge_t = self.unit_texts.get(uid, (None, None))
            bars = self.bars.get(uid)
            if bars is None:
                bars = self.bars[uid] = tuple(arcade.SpriteSolidColor(4, 4, color=c) for c in (
                    Color(0, 0, 0), look.GREEN, Color(0, 0, 0, 190)))
                for b in bars:
                    self.bar_sprites.append(b)
            if sp is None or d is None or not (d["alive"] or sp.alpha > 0):
                for b in bars:
                    b.visible = False
                if hp_t is not None:
                    hp_t.visible = badge_t.visible = False  # type: ignore[union-attr]
                continue
            x, y = sp.center_x, sp.center_y
            bw = t * 0.8
            top = y + t * 0.5 - 1
            frac = max(0.0, d["hp"] / d["max"]) if d["max"] else 0
            bg, fill, badge_bg = bars
            bg.visible = True
            bg.width, bg.height, bg.position = bw, 5, (x, top - 2.5)
            fill.visible = frac > 0
            fw = max(1.0, (bw - 2) * frac)
            fill.width, fill.height = fw, 3
            fill.position = (x - bw / 2 + 1 + fw / 2, top - 2.5)
            fill.color = look.hp_colour(d["hp"], d["max"])
            if hp_t is not None and badge_t is not None:
                hp_t.visible = badge_t.visible = True
                set_text(hp_t, f"{d['hp']}/{d['max']}")
                if hp_t.position[:2] != (x, top + 7):
                    hp_t.position = (x, top + 7)
                words = look.status_words(self.shown_units.get(uid, u))
                set_text(badge_t, " ".join(w.replace(" ", "") for w in words))
                badge_bg.visible = bool(words)
                if words:
                    first = words[0].split()[0].lower()
                    colour = look.STATUS_COLOURS.get(first, look.TEXT)
                    if badge_t.color != colour:
                        badge_t.color = colour
                    bx = badge_t.content_width
                    badge_bg.width, badge_bg.height = bx + 4, 10
                    badge_bg.position = (x, y - t * 0.5 + 1)
                if badge_t.position[:2] != (x, y - t * 0.5 + 1):
                    badge_t.position = (x, y - t * 0.5 + 1)
        self.bar_sprites.draw()

    def build_flames(self) -> None:
        """Flame tiles, their owner marks and flicker particles, from the state."""
        self.flame_sprites = arcade.SpriteList()
        self.flame_sparks = []
        self.flame_tiles = {}
        t = self.tile
        for fl in self.state["board"]["flames"]:
            x, y = self.centre(fl["tile"])
            a = 160 if fl["rounds"] >= 2 else 90
            base = arcade.SpriteSolidColor(t - 2, t - 2, x, y, color=Color(255, 110, 30, a))
            self.flame_tiles[tuple(fl["tile"])] = base  # type: ignore[index]
            self.flame_sprites.append(base)
            self.flame_sprites.append(arcade.SpriteSolidColor(
                6, 6, x - t / 2 + 5, y + t / 2 - 5,
                color=look.SEAT_COLOURS[self.session.side(fl["owner"])]))
            for k in range(3):
                spark = arcade.Sprite(_spark_texture())
                spark.scale = max(0.2, t / 160)
                self.flame_sprites.append(spark)
                self.flame_sparks.append((spark, x, y, k * 2.1 + fl["tile"][0]))

    def update_flames(self) -> None:
        t = self.tile
        for spark, x, y, phase in self.flame_sparks:
            ph = self.clock * 3 + phase
            spark.position = (x + math.sin(ph * 1.7) * t * 0.25,
                              y - t * 0.3 + ((ph * 0.35) % 1.0) * t * 0.6)

    def draw_overlay(self) -> None:
        if self.banner:
            w = view_size(self.window)[0]
            cy = self.banner_text.y
            arcade.draw_lrbt_rectangle_filled(0, w, cy - 40, cy + 40, Color(0, 0, 0, 170))
            self.banner_text.draw()
        super().draw_overlay()

    def show_banner(self, words: str, seconds: float) -> None:
        self.banner, self.banner_time = words, seconds
        set_text(self.banner_text, words)

    # -- effects ------------------------------------------------------------------------------
    def float_at(self, uid: str, text: str, colour: Any, size: float, side: bool = False
                 ) -> None:
        """A floating number at a unit (quick successive ones stack upwards); `side` words
        (BURNED, STUNNED...) float at its right instead."""
        sp = self.token_of.get(uid)
        if sp is None:
            return
        if side:
            x, y = sp.center_x + self.tile * 0.6, sp.center_y
            self.tweener.float_text(text, x + len(text) * size * 0.35, y, color=colour,
                                    font_size=size, rise=20, batch=self.board_batch)
            return
        last, n = self._floats.get(uid, (-9.0, 0))
        n = n + 1 if self.clock - last < 1.0 else 0
        self._floats[uid] = (self.clock, n)
        self.tweener.float_text(text, sp.center_x, sp.center_y + self.tile * 0.3 + 32 * n,
                                color=colour, font_size=size, rise=30, batch=self.board_batch)

    def reject(self, words: str, decision: dict[str, Any],
               at: tuple[float, float] | None) -> None:
        """A floating text at the unit (or the clicked point) and the error sound."""
        self.last_reject = words
        sp = self.token_of.get(decision.get("unit") or "")
        if sp is not None:
            x, y = sp.center_x, sp.center_y + self.tile * 0.95
        elif at is not None:
            x, y = at
        else:
            self.notify(words)
            return
        self.tweener.float_text(words, x, y, color=look.RED, font_size=max(11, self.tile * 0.3),
                                rise=26, duration=1.0, batch=self.board_batch)
        self.app.sounds.play("reject")

    def flash(self, sprite: arcade.Sprite, colour: Color, seconds: float = 0.15) -> None:
        """A disc of `colour` over a token, fading out (hit flash white, heal flash green)."""
        self.flashes.append([sprite, seconds, seconds, colour])

    def start_shake(self) -> None:
        self.tweener.add(ValueTween(0.0, 1.0, 0.12, blocking=False, apply_value=self._shake,
                                    on_done=lambda: setattr(self, "shake", (0.0, 0.0))))

    def _shake(self, v: float) -> None:
        if v >= 1.0:
            self.shake = (0.0, 0.0)
            return
        self.shake = (3.0 * math.sin(v * 47.0 + 0.7), 3.0 * math.cos(v * 61.0 + 0.3))

    # -- per frame ---------------------------------------------------------------------------
    def is_animating(self) -> bool:
        """Hit flashes, a ready button's flash, effects, a banner, a watched replay's next
        decision or the next phase's screen are due."""
        replay = self.session.replay_queue
        return (bool(self.flashes or self.button_flash or self.banner or replay)
                or any(not f.done for f in self.fx) or self.next_view is not None
                or super().is_animating())

    def has_loops(self) -> bool:
        return bool(self.flame_sparks) or bool(self.selected)  # flames, the selection's pulse

    def update_screen(self, dt: float) -> None:
        if self.lively:  # flames and pulses hold still when nobody plays
            self.clock += dt
        factor = self.tweener.factor
        step = dt * factor if factor > 0 else 1e9
        if self.flashes:
            for f in self.flashes:
                f[1] -= step
            self.flashes = [f for f in self.flashes if f[1] > 0]
        if self.button_flash:
            self.button_flash = {k: v - step for k, v in self.button_flash.items() if v > step}
        if self.session.replay_queue is not None:
            self.drive_replay(dt)
        self.fx = [f for f in self.fx if not f.done]
        if self.banner and self.banner_time > 0:
            self.banner_time -= dt * (factor or 100)
            if self.banner_time <= 0:
                self.banner = ""
        if self.next_view is not None and not self.banner and not self.tweener.busy:
            self.hand_over()

    def events_done(self) -> None:
        self.fx = [f for f in self.fx if not f.done]
        self.sync_units()
        self.build_flames()
        self.refresh_panel()

    def show_state(self) -> None:
        self.fx, self.flashes, self.button_flash = [], [], {}
        self.banner, self.banner_time, self.next_view = "", 0.0, None
        self.shake = (0.0, 0.0)
        self.events_done()

    def cpu_blocked(self) -> bool:
        return bool(self.banner) or self.next_view is not None

    # -- the next phase ------------------------------------------------------------------------
    @property
    def handing_over(self) -> bool:
        return self.next_view is not None

    def hand_over(self) -> BoardBase:
        """Open the next phase's view on the same session; it plays the events still queued."""
        cls, self.next_view = self.next_view, None
        assert cls is not None
        view = cls(self.app, self.session)
        view.events = deque(self.events)
        view.event_wait = self.event_wait
        self.events.clear()
        view.last_action = self.last_action
        view.replay_wait = self.replay_wait
        self.app.show_view(view)
        return view

    # -- watched replay ------------------------------------------------------------------------
    def drive_replay(self, dt: float) -> None:
        """A watched replay submits the record's next decision once the last one has played."""
        queue = self.session.replay_queue
        if not queue or self.animating or self.banner or self.session.closed \
                or self.next_view is not None:
            return
        factor = self.tweener.factor
        self.replay_wait -= dt * (factor if factor > 0 else 1000.0)
        if self.replay_wait > 0:
            return
        self.replay_wait = self.replay_pause
        decision = queue.popleft()
        if not self.submit(decision):
            queue.clear()

    # -- input ------------------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        """Hover: the tile under the mouse, and the card of a token with live HP and statuses."""
        self.hover_tile = self.tile_at(x, y)
        self.refresh_tip()
        return True

    def refresh_tip(self) -> None:
        """The hovered tile's unit card, with the HP on screen now (every frame, so a hit or
        a move under a still mouse shows at once; `CardTip.show` re-lays out only on change)."""
        tile = self.hover_tile
        if tile is not None and (u := self.unit_at(tile)) is not None:
            d = self.disp.get(u["id"], {})
            view_u = dict(u, hp=d.get("hp", u["hp"]))
            sx, sy = self.centre(tile)
            self.tip.show(look.card_tooltip(self.card(u["card"]), view_u),
                          sx + self.tile / 2, sy + self.tile / 2,
                          beside=arcade.XYWH(sx, sy, self.tile, self.tile),
                          avoid=self.tip_avoid(u["id"]))
        else:
            self.tip.hide()

    def tip_avoid(self, uid: str) -> list[arcade.types.Rect]:
        """What a unit's tooltip must leave in sight: the tiles that unit may move to, the
        units it may attack, what is highlighted for the selected unit, the turn badge."""
        t = self.tile
        tiles: set[Tile] = set()
        for d in self.legal():
            if d.get("unit") != uid:
                continue
            if d["type"] == "move":
                tiles.add(tuple(d["to"]))
            target = self.unit_json(d["target"]) if d.get("target") else None
            if target is not None and target.get("pos") is not None:
                tiles.add(tuple(target["pos"]))
        tiles.update(self.highlighted_tiles())
        rects = [arcade.XYWH(*self.centre(tile), t, t) for tile in tiles]
        cx, cy, bw, bh = self.turn_badge
        if bw > 0:
            rects.append(arcade.XYWH(cx, cy, bw, bh))
        return rects

    def highlighted_tiles(self) -> set[Tile]:
        """Hook: the tiles this phase highlights for the player's next click."""
        return set()

    def board_click(self) -> bool:
        """Common start of a board click: True when the click was used up (fast-forward)."""
        if self.animating:
            self.fast_forward()
            return True
        return False

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if self.session.replay_queue is not None:
            if symbol == arcade.key.ESCAPE:  # a watched replay: Esc leaves
                self.to_menu()
                return True
            if symbol == arcade.key.SPACE and self.animating:
                self.fast_forward()
                return True
            return symbol != arcade.key.H
        return super().on_game_key(symbol, modifiers)

    def to_menu(self) -> None:
        self.session.close()
        self.app.show_menu()
