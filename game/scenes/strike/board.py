"""The board view: placement (spec 8.3), combat (8.4) and the result overlay (8.5).

The grid fills the window above a bottom panel (27 % of the height); the tile size is
floor(min(width / cols, board height / rows)) and row 0 is drawn at the top. Everything is
rendered from the seat view; blue/red tiles and target rings come from
`match.legal_decisions(seat)` (destinations and targets) and the card data (reach of ready
abilities), never from rules written here.
"""

from __future__ import annotations

import copy
import math
import random
import secrets
import time
from functools import cache
from pathlib import Path
from typing import Any

import arcade
import arcade.gui as gui
from arcade.shape_list import ShapeElementList, create_rectangle_filled
from arcade.types import Color

from game.scenes import theme
from game.scenes.animation import AlphaTween, PositionTween, ValueTween
from game.scenes.fonts import KENNEY_FONT, UI_FONT
from game.scenes.strike import look
from game.scenes.strike.base import StrikeSession, StrikeView
from game.scenes.strike.fx import FAMILY, Fx
from game.scenes.widgets import make_button
from game.systems.strike.grid import cheb

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


def _rect(left: float, right: float, bottom: float, top: float, colour: Any) -> Any:
    return create_rectangle_filled((left + right) / 2, (bottom + top) / 2, right - left,
                                   top - bottom, colour)


ABILITY_STYLE = _small_style(Color(60, 70, 96), look.TEXT)


@cache
def _spark_texture() -> arcade.Texture:
    return arcade.make_soft_circle_texture(24, Color(255, 220, 80), 255, 0)


class BoardView(StrikeView):
    think_min = 0.4

    def __init__(self, app: Any, session: StrikeSession) -> None:
        super().__init__(app, session)
        b = self.state["board"]
        self.cols, self.rows, self.zone = b["cols"], b["rows"], b["zone_columns"]
        self.tile = 32
        self.x0 = self.y0 = 0.0
        self.panel_h = 0.0
        self.static = ShapeElementList()
        self.highlights = ShapeElementList()
        self.panel_shapes = ShapeElementList()
        self.bar_sprites = arcade.SpriteList()
        self.bars: dict[str, tuple[arcade.SpriteSolidColor, ...]] = {}
        self.flame_sprites = arcade.SpriteList()
        self.flame_sparks = []
        self.flame_tiles = {}
        self.turn_badge = (0.0, 0.0, 0.0, 0.0)
        self.tokens = arcade.SpriteList()
        self.token_of: dict[str, arcade.Sprite] = {}
        self.disp: dict[str, dict[str, Any]] = {}
        self.unit_texts: dict[str, tuple[arcade.Text, arcade.Text]] = {}
        self.fx: list[Fx] = []
        self.selected: str | None = None
        self.armed: int | None = None
        self.blue: list[Tile] = []
        self.red: set[Tile] = set()
        self.green: set[Tile] = set()
        self.rings: set[str] = set()
        self.hover_tile: Tile | None = None
        self.clock = 0.0
        self.banner = ""
        self.banner_time = 0.0
        self.last_action = ""
        self.buttons: dict[tuple[str, int], gui.UIFlatButton] = {}
        self.blocks: dict[str, tuple[float, float, float, float]] = {}
        self.compact = False
        self._floats: dict[str, tuple[float, int]] = {}
        self.result_ui: list[gui.UIWidget] = []
        self.result_texts: list[arcade.Text] = []
        self.particles = arcade.SpriteList()
        self.result_shown = False
        self.stats: dict[int, dict[str, int]] = {}
        self.replay_pause = 0.5  # seconds between replayed decisions (at 1x)
        self.replay_wait = 0.3
        self.saved_replay: Path | None = None
        self.shake = (0.0, 0.0)
        self.shake_cam = arcade.Camera2D()
        self._shake_size = (0, 0)
        self.flashes: list[list[Any]] = []  # [sprite, seconds left, colour]
        self.button_flash: dict[tuple[str, int], float] = {}
        self.last_reject = ""
        f = UI_FONT
        self.turn_text = arcade.Text("", 0, 0, theme.TEXT_DARK, 13, font_name=f, bold=True,
                                     anchor_x="center", anchor_y="center", batch=self.batch)
        self.round_text = arcade.Text("", 0, 0, look.TEXT, 12, font_name=f, anchor_x="center",
                                      anchor_y="center", batch=self.batch)
        self.action_text = arcade.Text("", 0, 0, look.MUTED, 10, font_name=f, anchor_x="center",
                                       anchor_y="top", multiline=True, width=240, align="center",
                                       batch=self.batch)
        self.help_text = arcade.Text("Press H for help", 0, 0, look.MUTED, 9, font_name=f,
                                     anchor_x="center", anchor_y="center", batch=self.batch)
        self.side_titles = [arcade.Text("", 0, 0, look.SEAT_COLOURS[s], 11, font_name=f,
                                        bold=True, anchor_y="center", batch=self.batch)
                            for s in (0, 1)]
        self.block_texts: dict[str, tuple[arcade.Text, arcade.Text, arcade.Text]] = {}
        self.banner_text = arcade.Text("", 0, 0, look.TEXT, 40, font_name=KENNEY_FONT,
                                       anchor_x="center", anchor_y="center")
        self.pass_btn = make_button("Pass turn", width=150, height=30, kind="primary",
                                    on_click=self.pass_turn)
        self.sync_units()

    # -- geometry ----------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        self.panel_h = int(height * 0.27)
        area_h = height - self.panel_h - 8
        self.tile = max(8, int(min(width / self.cols, area_h / self.rows)))
        self.x0 = (width - self.tile * self.cols) / 2
        self.y0 = self.panel_h + (area_h - self.tile * self.rows) / 2
        self.build_static()
        self.build_flames()
        for uid in list(self.token_of):
            self.tokens.remove(self.token_of.pop(uid))
        self.sync_units()
        self.layout_panel(width, height)
        self.refresh_highlights()
        self.refresh_panel()
        self.banner_text.position = (width / 2, self.y0 + self.tile * self.rows / 2)
        if self.result_shown:
            self.result_shown = False
            self.show_result()

    def centre(self, tile: Any) -> tuple[float, float]:
        c, r = tile
        return (self.x0 + (c + 0.5) * self.tile, self.y0 + (self.rows - r - 0.5) * self.tile)

    def tile_at(self, x: float, y: float) -> Tile | None:
        c = math.floor((x - self.x0) / self.tile)
        r = self.rows - 1 - math.floor((y - self.y0) / self.tile)
        if 0 <= c < self.cols and 0 <= r < self.rows:
            return (c, r)
        return None

    def build_static(self) -> None:
        t = self.tile
        shapes = ShapeElementList()
        w, h = t * self.cols, t * self.rows
        shapes.append(create_rectangle_filled(self.x0 + w / 2, self.y0 + h / 2, w + 4, h + 4,
                                              Color(14, 16, 22)))
        placing = self.state["phase"] == "placement"
        for c in range(self.cols):
            zone_seat = 0 if c < self.zone else 1 if c >= self.cols - self.zone else None
            for r in range(self.rows):
                x, y = self.centre((c, r))
                col = look.CHECK_A if (c + r) % 2 == 0 else look.CHECK_B
                if zone_seat is None:
                    col = Color(28, 30, 40)
                shapes.append(create_rectangle_filled(x, y, t - 1, t - 1, col))
                if placing and zone_seat is not None:
                    shapes.append(create_rectangle_filled(
                        x, y, t - 1, t - 1, look.SEAT_COLOURS[zone_seat].replace(a=40)))
        if placing:  # the neutral column's dashed outline
            nx = self.x0 + self.zone * t
            for r in range(self.rows * 2):
                y = self.y0 + (r + 0.5) * t / 2
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
                    arcade.Text("", 0, 0, look.TEXT, 7, font_name=UI_FONT, bold=True,
                                anchor_x="center", anchor_y="center", batch=self.batch),
                    arcade.Text("", 0, 0, look.TEXT, 7, font_name=UI_FONT, bold=True,
                                anchor_x="center", anchor_y="center", batch=self.batch))

    def make_token(self, u: dict[str, Any]) -> arcade.Sprite:
        card = self.card(u["card"])
        rgb = tuple(look.element_colour(self.content, card.element)[:3])
        tex = look.token_texture(max(8, self.tile), u["owner"], rgb,
                                 look.unit_label(u["owner"], u["slot"]))
        sprite = arcade.Sprite(tex)
        self.token_of[u["id"]] = sprite
        self.tokens.append(sprite)
        return sprite

    def unit_at(self, tile: Tile) -> dict[str, Any] | None:
        for u in self.state["board"]["units"]:
            if u["hp"] > 0 and u["pos"] is not None and tuple(u["pos"]) == tuple(tile):
                return u
        return None

    # -- panel ------------------------------------------------------------------------------
    def layout_panel(self, width: int, height: int) -> None:
        for btn in self.buttons.values():
            self.ui.remove(btn)
        self.buttons.clear()
        ph = self.panel_h
        centre_w = max(200, int(width * 0.2))
        side_w = (width - centre_w) / 2
        pad = 6
        self.blocks.clear()
        for seat in (0, 1):
            x_side = 0 if seat == 0 else side_w + centre_w
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
                        for c, sz, b in ((look.TEXT, 10, True), (look.TEXT, 8, True),
                                         (look.MUTED, 8, True)))
                head, hp, st = self.block_texts[u["id"]]
                head.position = (left + 6, top - 11)
                head.font_size = 8 if self.compact else 10
                hp.position = (left + 6, top - 27)
                st.position = (left + 6, top - 42)
                card = self.card(u["card"])
                bh = max(16, min(26, (top - 52 - 10) / 3 - 3))
                for i, _a in enumerate(card.attacks):
                    btn = gui.UIFlatButton(text="", width=bw - 8, height=bh, style=ABILITY_STYLE)
                    btn.rect = arcade.LBWH(left + 4, top - 52 - (i + 1) * (bh + 3), bw - 8, bh)
                    btn.on_click = (lambda _e, uid=u["id"], k=i: self.on_ability(uid, k))
                    self.ui.add(btn)
                    self.buttons[(u["id"], i)] = btn
        cx = side_w + centre_w / 2
        self.centre_box = (side_w, side_w + centre_w)
        self.turn_badge = (cx, ph - 22, centre_w - 30, 28)
        self.turn_text.position = (cx, ph - 22)
        self.round_text.position = (cx, ph - 50)
        self.action_text.position = (cx, ph - 64)
        self.action_text.width = int(centre_w - 20)
        self.help_text.position = (cx, 12)
        self.pass_btn.rect = arcade.LBWH(cx - 75, 24, 150, 30)

    def refresh_panel(self) -> None:
        state = self.state
        board = state["board"]
        seat_to_act = self.acting
        for seat in (0, 1):
            self.side_titles[seat].text = f"{self.side_name(seat)} UNITS"
        placing = state["phase"] == "placement"
        next_unit = self.next_to_place() if placing else None
        for u in board["units"]:
            uid = u["id"]
            if uid not in self.block_texts:
                continue
            d = self.disp.get(uid, {"hp": u["hp"], "max": u["max_hp"], "alive": u["hp"] > 0})
            card = self.card(u["card"])
            head, hp, st = self.block_texts[uid]
            label = look.unit_label(u["owner"], u["slot"])
            self._set(head, f"{label} {card.name}")
            dead = not d["alive"] and not placing
            self._set(hp, "KO" if dead else f"HP {d['hp']}/{d['max']}")
            words = look.status_words(self.shown_units.get(uid, u))
            if placing:
                words = ["NEXT"] if next_unit == uid else (["placed"] if u["pos"] else [])
            self._set(st, " ".join(words) or card.element.upper())
            head.color = look.MUTED if dead else look.TEXT
            mine = self.is_human(u["owner"]) and self.session.live
            keys = look.KEYS_BY_SLOT[u["slot"]] if u["slot"] < 3 else ("", "", "")
            for i, a in enumerate(card.attacks):
                btn = self.buttons.get((uid, i))
                if btn is None:
                    continue
                cd = u["cooldowns"][i]
                if dead:
                    text = "KO"
                elif u["statuses"]["stun"] > 0:
                    text = "STUNNED"
                elif cd > 0:
                    text = f"WAIT {cd}"
                else:
                    key = f"[{keys[i]}] " if mine and not self.session.hotseat or \
                        (self.session.hotseat) else ""
                    text = key + (a.name if self.compact else look.ability_button(a))
                if btn.text != text:
                    btn.text = text
                usable = (mine and seat_to_act == u["owner"] and state["phase"] == "combat"
                          and not dead and cd == 0 and u["statuses"]["stun"] == 0)
                if btn.disabled == usable:
                    btn.disabled = not usable
                    btn.trigger_full_render()
        if state["phase"] == "placement":
            self._set(self.turn_text, "PLACEMENT")
            nu = self.unit_json(next_unit) if next_unit else None
            nxt = ""
            if nu is not None:
                nxt = f"Next: {look.unit_label(nu['owner'], nu['slot'])} " \
                      f"{self.card(nu['card']).name}"
            who = "PLACE YOUR UNITS" if self.human_to_act else "CPU PLACING…"
            self._set(self.round_text, who)
            self._set(self.action_text, nxt)
        else:
            if state["result"] is not None:
                badge = "MATCH OVER"
            elif self.is_human(seat_to_act):
                badge = (f"SEAT {seat_to_act + 1} TURN" if self.session.hotseat
                         else "YOUR TURN")
            else:
                badge = "CPU TURN"
            self._set(self.turn_text, badge)
            cap = self.content.rules.combat.round_cap
            self._set(self.round_text, f"Round {board['round']} / {cap}")
            self._set(self.action_text, self.last_action)
        legal = self.legal()
        self.show_widget(self.pass_btn, state["phase"] == "combat" and self.human_to_act
                         and not self.result_shown
                         and legal == [{"seat": seat_to_act, "type": "pass"}])
        self.build_panel_shapes()

    @staticmethod
    def _set(text: arcade.Text, value: str) -> None:
        if text.text != value:
            text.text = value

    def next_to_place(self) -> str | None:
        seat = self.acting
        for u in self.state["board"]["units"]:
            if u["owner"] == seat and u["pos"] is None:
                return u["id"]
        return None

    def legal(self) -> list[dict[str, Any]]:
        seat = self.acting
        if seat is None:
            return []
        key = (len(self.match.decisions), seat)
        if getattr(self, "_legal_key", None) != key:
            self._legal_key = key
            self._legal = self.match.legal_decisions(seat)
        return self._legal

    # -- selection --------------------------------------------------------------------------
    def select(self, uid: str | None, armed: int | None = None) -> None:
        self.selected, self.armed = uid, armed
        self.refresh_highlights()
        self.build_panel_shapes()

    def refresh_highlights(self) -> None:
        self.blue, self.red, self.green, self.rings = [], set(), set(), set()
        uid = self.selected
        u = self.unit_json(uid) if uid else None
        if u is None or u["hp"] <= 0 or u["pos"] is None or self.state["phase"] != "combat":
            self.selected = self.armed = None
            self.highlights = ShapeElementList()
            return
        legal = [d for d in self.legal() if d.get("unit") == uid]
        card = self.card(u["card"])
        if self.armed is None:
            self.blue = [tuple(d["to"]) for d in legal if d["type"] == "move"]
        ready = [a for i, a in enumerate(card.attacks)
                 if u["cooldowns"][i] == 0 and u["statuses"]["stun"] == 0 and a.kind != "heal"
                 and (self.armed is None or i == self.armed)]
        reach = max((a.range for a in ready), default=-1)
        pos = tuple(u["pos"])
        blue = set(self.blue)
        for c in range(self.cols):
            for r in range(self.rows):
                if (c, r) != pos and cheb(pos, (c, r)) <= reach and (c, r) not in blue:
                    self.red.add((c, r))
        self.rings = {d["target"] for d in legal if d["type"] == "attack" and d.get("target")
                      and (self.armed is None or d["attack"] == self.armed)}
        shapes = ShapeElementList()
        t = self.tile
        for tile in self.blue:
            shapes.append(create_rectangle_filled(*self.centre(tile), t - 3, t - 3,
                                                  look.BLUE.replace(a=110)))
        for tile in self.red:
            shapes.append(create_rectangle_filled(*self.centre(tile), t - 3, t - 3,
                                                  look.RED.replace(a=60)))
        self.highlights = shapes

    def heal_area(self, uid: str, index: int) -> set[Tile]:
        u = self.unit_json(uid)
        if u is None or u["pos"] is None:
            return set()
        a = self.card(u["card"]).attacks[index]
        if a.effect == "heal_all":
            return {tuple(v["pos"]) for v in self.state["board"]["units"]
                    if v["owner"] == u["owner"] and v["pos"]}
        pos = tuple(u["pos"])
        return {(c, r) for c in range(self.cols) for r in range(self.rows)
                if cheb(pos, (c, r)) <= a.range}

    # -- drawing ----------------------------------------------------------------------------
    def draw_board(self) -> None:
        if self.shake != (0.0, 0.0):  # the board camera shifts; the panel stays put
            w, h = self.window.width, self.window.height
            if self._shake_size != (w, h):
                self._shake_size = (w, h)
                self.shake_cam.match_window()
            self.shake_cam.position = (w / 2 - self.shake[0], h / 2 - self.shake[1])
            with self.shake_cam.activate():
                self.draw_grid()
        else:
            self.draw_grid()
        self.draw_panel_shapes()

    def draw_flashes(self) -> None:
        for sprite, left, total, colour in self.flashes:
            if sprite.alpha > 0:
                arcade.draw_circle_filled(sprite.center_x, sprite.center_y,
                                          self.tile * 0.38 * sprite.scale_x,
                                          colour.replace(a=int(220 * left / total)),
                                          num_segments=20)

    def draw_grid(self) -> None:
        self.static.draw()
        t = self.tile
        self.update_flames()
        self.flame_sprites.draw()
        self.highlights.draw()
        for tile in self.green:
            x, y = self.centre(tile)
            arcade.draw_lrbt_rectangle_filled(x - t / 2 + 2, x + t / 2 - 2, y - t / 2 + 2,
                                              y + t / 2 - 2, look.GREEN.replace(a=90))
        self.draw_hover()
        for uid in self.rings:
            sp = self.token_of.get(uid)
            if sp is not None:
                arcade.draw_circle_outline(sp.center_x, sp.center_y, t * 0.5, look.RED, 3)
        self.tokens.draw()
        if self.selected and self.selected in self.token_of:
            sp = self.token_of[self.selected]
            pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
            arcade.draw_circle_outline(sp.center_x, sp.center_y, t * 0.5 + 2 + 2 * pulse,
                                       Color(255, 255, 255, int(150 + 105 * pulse)), 2)
        self.draw_flashes()
        self.draw_unit_bars()
        for fx in self.fx:
            fx.draw()

    def draw_hover(self) -> None:
        tile = self.hover_tile
        if tile is None or self.animating:
            return
        t = self.tile
        x, y = self.centre(tile)
        if self.state["phase"] == "placement" and self.human_to_act:
            ok = any(d.get("tile") == list(tile) for d in self.legal())
            col = look.GREEN if ok else look.RED
            if ok:
                nxt = self.unit_json(self.next_to_place())
                if nxt is not None:
                    ghost = self.ghost_sprite(nxt)
                    ghost.position = (x, y)
                    arcade.draw_sprite(ghost)
            arcade.draw_lrbt_rectangle_outline(x - t / 2 + 1, x + t / 2 - 1, y - t / 2 + 1,
                                               y + t / 2 - 1, col, 2)
        else:
            arcade.draw_lrbt_rectangle_outline(x - t / 2 + 1, x + t / 2 - 1, y - t / 2 + 1,
                                               y + t / 2 - 1, look.TEXT, 2)

    def ghost_sprite(self, u: dict[str, Any]) -> arcade.Sprite:
        card = self.card(u["card"])
        rgb = tuple(look.element_colour(self.content, card.element)[:3])
        tex = look.token_texture(max(8, self.tile), u["owner"], rgb,
                                 look.unit_label(u["owner"], u["slot"]))
        ghost = getattr(self, "_ghost", None)
        if ghost is None or ghost.texture is not tex:
            ghost = self._ghost = arcade.Sprite(tex)
        ghost.alpha = 120
        return ghost

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
                self._set(hp_t, f"{d['hp']}/{d['max']}")
                if hp_t.position[:2] != (x, top + 7):
                    hp_t.position = (x, top + 7)
                words = look.status_words(self.shown_units.get(uid, u))
                self._set(badge_t, " ".join(w.replace(" ", "") for w in words))
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
        self.flame_sparks: list[tuple[arcade.Sprite, float, float, float]] = []
        self.flame_tiles: dict[Tile, arcade.Sprite] = {}
        t = self.tile
        for fl in self.state["board"]["flames"]:
            x, y = self.centre(fl["tile"])
            a = 160 if fl["rounds"] >= 2 else 90
            base = arcade.SpriteSolidColor(t - 2, t - 2, x, y, color=Color(255, 110, 30, a))
            self.flame_tiles[tuple(fl["tile"])] = base  # type: ignore[index]
            self.flame_sprites.append(base)
            self.flame_sprites.append(arcade.SpriteSolidColor(
                6, 6, x - t / 2 + 5, y + t / 2 - 5, color=look.SEAT_COLOURS[fl["owner"]]))
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

    def draw_panel_shapes(self) -> None:
        self.panel_shapes.draw()
        cx, cy, bw, bh = self.turn_badge
        seat = self.acting
        if seat is not None and not self.is_human(seat) and self.session.runner.pending:
            ang = self.clock * 6
            arcade.draw_circle_filled(cx + bw / 2 - 14 + math.cos(ang) * 6,
                                      cy + math.sin(ang) * 6, 3, theme.TEXT_DARK)

    def build_panel_shapes(self) -> None:
        """The panel's backgrounds, outlines and HP bars, rebuilt when they change."""
        shapes = ShapeElementList()
        w = self.window.width if self.window else 1280
        shapes.append(_rect(0, w, 0, self.panel_h, look.PANEL))
        shapes.append(_rect(0, w, self.panel_h - 2, self.panel_h, look.PANEL_EDGE))
        cx, cy, bw, bh = self.turn_badge
        seat = self.acting
        col = look.SEAT_COLOURS[seat] if seat is not None else look.MUTED
        shapes.append(_rect(cx - bw / 2, cx + bw / 2, cy - bh / 2, cy + bh / 2, col))
        next_unit = self.next_to_place() if self.state["phase"] == "placement" else None
        for uid, (left, right, bottom, top) in self.blocks.items():
            d = self.disp.get(uid)
            u = self.unit_json(uid)
            if d is None or u is None:
                continue
            edge = look.SEAT_COLOURS[u["owner"]]
            if not d["alive"] and self.state["phase"] != "placement":
                edge = look.MUTED
            bg = Color(40, 44, 58) if uid != self.selected else Color(56, 62, 84)
            lw = 2 if uid == next_unit else 1
            shapes.append(_rect(left, right, bottom, top,
                                theme.GOLD if uid == next_unit else edge))
            shapes.append(_rect(left + lw, right - lw, bottom + lw, top - lw, bg))
            card = self.card(u["card"])
            ec = look.element_colour(self.content, card.element)
            shapes.append(_rect(right - 15, right - 5, top - 16, top - 6, ec))
            bx0, bx1, by = left + 60, right - 8, top - 27
            frac = d["hp"] / d["max"] if d["max"] else 0
            shapes.append(_rect(bx0, bx1, by - 4, by + 4, Color(0, 0, 0)))
            if frac > 0:
                shapes.append(_rect(bx0 + 1, bx0 + 1 + (bx1 - bx0 - 2) * frac, by - 3, by + 3,
                                    look.hp_colour(d["hp"], d["max"])))
        self.panel_shapes = shapes


    def draw_overlay(self) -> None:
        if self.banner:
            w, h = self.window.width, self.window.height
            cy = self.banner_text.y
            arcade.draw_lrbt_rectangle_filled(0, w, cy - 40, cy + 40, Color(0, 0, 0, 170))
            self.banner_text.draw()
            del h
        for key, left in self.button_flash.items():  # cooldown_ready: the button flashes once
            btn = self.buttons.get(key)
            if btn is not None and self.widget_shown(btn):
                r = btn.rect
                a = int(200 * math.sin(math.pi * min(1.0, left / 0.4)))
                arcade.draw_lrbt_rectangle_filled(r.left, r.right, r.bottom, r.top,
                                                  Color(255, 255, 255, a))
        if self.result_shown:
            self.draw_result()
        else:
            super().draw_overlay()

    # -- per frame ---------------------------------------------------------------------------
    def update_screen(self, dt: float) -> None:
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
            self.banner_time -= dt * (self.tweener.factor or 100)
            if self.banner_time <= 0:
                self.banner = ""
        if self.state["result"] is not None and not self.animating and not self.result_shown:
            self.show_result()
        if self.result_shown:
            self.update_particles(dt)
        if self.acting is not None and not self.is_human(self.acting):
            self.refresh_panel_spinner()

    def refresh_panel_spinner(self) -> None:
        if self.state["phase"] != "combat":
            return
        text = "CPU THINKING…" if self.session.runner.pending else "CPU TURN"
        self._set(self.turn_text, text)

    # -- input ------------------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        tile = self.tile_at(x, y)
        self.hover_tile = tile
        self.green = set()
        if tile is not None and (u := self.unit_at(tile)) is not None:
            d = self.disp.get(u["id"], {})
            view_u = dict(u, hp=d.get("hp", u["hp"]))
            sx, sy = self.centre(tile)
            self.tip.show(look.card_tooltip(self.card(u["card"]), view_u),
                          sx + self.tile / 2, sy + self.tile / 2)
        else:
            self.tip.hide()
        for (uid, i), btn in self.buttons.items():  # a heal button shows its area on hover
            if btn.rect.point_in_rect((x, y)):
                u = self.unit_json(uid)
                if u is not None and self.card(u["card"]).attacks[i].kind == "heal":
                    self.green = self.heal_area(uid, i)
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if self.result_shown:
            return True
        if self.animating:
            self.fast_forward()
            return True
        if button == arcade.MOUSE_BUTTON_RIGHT:
            self.select(None)
            return True
        tile = self.tile_at(x, y)
        if tile is None or not self.human_to_act:
            return True
        seat = self.acting
        assert seat is not None
        if self.state["phase"] == "placement":
            self.submit({"seat": seat, "type": "place", "tile": list(tile)}, at=(x, y + 30))
            return True
        if self.state["phase"] != "combat":
            return True
        u = self.unit_at(tile)
        sel = self.selected
        if sel and tile in self.blue:
            self.submit({"seat": seat, "type": "move", "unit": sel, "to": list(tile)})
        elif u is not None and u["owner"] != seat and sel:
            self.attack(sel, u["id"], self.armed)
        elif u is not None and u["owner"] == seat:
            self.select(u["id"])
        elif sel:
            sp = self.token_of.get(sel)
            at = (sp.center_x, sp.center_y + 30) if sp else (x, y)
            self.submit({"seat": seat, "type": "move", "unit": sel, "to": list(tile)}, at=at)
        return True

    def attack(self, uid: str, target: str, index: int | None) -> None:
        seat = self.acting
        u = self.unit_json(uid)
        if u is None or seat is None:
            return
        sp = self.token_of.get(uid)
        at = (sp.center_x, sp.center_y + 30) if sp else None
        if index is None:
            options = [d for d in self.legal() if d["type"] == "attack" and d.get("unit") == uid
                       and d.get("target") == target]
            if options:
                from game.systems.strike.combat import damage_preview

                best = max(options, key=lambda d: damage_preview(self.match, uid, d["attack"],
                                                                 target))
                index = best["attack"]
            else:  # let the rules say why (out of range, stunned...)
                attacks = self.card(u["card"]).attacks
                index = next((i for i, a in enumerate(attacks)
                              if a.kind != "heal" and u["cooldowns"][i] == 0), 0)
        self.submit({"seat": seat, "type": "attack", "unit": uid, "attack": index,
                     "target": target}, at=at)

    def on_ability(self, uid: str, index: int) -> None:
        if self.animating or not self.human_to_act or self.state["phase"] != "combat":
            return
        seat = self.acting
        u = self.unit_json(uid)
        if u is None or u["owner"] != seat:
            return
        a = self.card(u["card"]).attacks[index]
        sp = self.token_of.get(uid)
        at = (sp.center_x, sp.center_y + 30) if sp else None
        if a.kind == "heal":
            self.submit({"seat": seat, "type": "attack", "unit": uid, "attack": index}, at=at)
            return
        held = self.held_number()
        if held is not None:
            enemies = [v for v in self.state["board"]["units"] if v["owner"] != seat]
            if held < len(enemies):
                self.attack(uid, enemies[held]["id"], index)
                return
        if u["statuses"]["stun"] > 0 or u["cooldowns"][index] > 0:
            self.submit({"seat": seat, "type": "attack", "unit": uid, "attack": index,
                         "target": uid}, at=at)  # the rules' reason: stunned / cooldown
            return
        self.select(uid, index)

    def held_number(self) -> int | None:
        keys = getattr(self.window, "keyboard", None)
        if keys is None:
            return None
        for i, k in enumerate((arcade.key.KEY_1, arcade.key.KEY_2, arcade.key.KEY_3)):
            if keys[k]:
                return i
        return None

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if self.session.replay_queue is not None and not self.result_shown:
            if symbol == arcade.key.ESCAPE:  # a watched replay: Esc leaves
                self.to_menu()
                return True
            if symbol == arcade.key.SPACE and self.animating:
                self.fast_forward()
                return True
            return symbol not in (arcade.key.H,)
        if self.result_shown:
            if symbol in (arcade.key.ENTER, arcade.key.RETURN):
                self.play_again()
                return True
            if symbol == arcade.key.ESCAPE:
                self.to_menu()
                return True
            return False
        if super().on_game_key(symbol, modifiers):
            return True
        if symbol == arcade.key.ESCAPE and self.selected:
            self.select(None)
            return True
        if symbol == arcade.key.SPACE:
            if self.widget_shown(self.pass_btn):
                self.pass_turn()
            return True
        letters = "QWEASDZXC"
        name = arcade.key.symbol_string(symbol) if hasattr(arcade.key, "symbol_string") else ""
        for i, ch in enumerate(letters):
            if symbol == getattr(arcade.key, ch):
                name = ch
                slot, index = divmod(i, 3)
                seat = self.acting
                units = [u for u in self.state["board"]["units"] if u["owner"] == seat]
                if self.human_to_act and slot < len(units):
                    self.on_ability(units[slot]["id"], index)
                return True
        del name
        return False

    def pass_turn(self) -> None:
        if self.human_to_act and not self.animating:
            self.submit({"seat": self.acting, "type": "pass"})

    # -- decisions and events ------------------------------------------------------------------
    def after_submit(self, decision: dict[str, Any]) -> None:
        self.select(None)
        self.last_action = self.describe(decision)
        if decision["type"] == "place" or self.state["phase"] != "placement":
            pass
        self.refresh_panel()

    def describe(self, decision: dict[str, Any]) -> str:
        """The last action line ("E3 Burn Trail → P1: −6, burned, 3 tiles on fire")."""
        parts: list[str] = []
        events = list(self.events)
        label = self.label_of(decision.get("unit"))
        if decision["type"] == "move":
            c, r = decision["to"]
            return f"{label} moved to ({c + 1}, {r + 1})"
        if decision["type"] == "pass":
            return f"{self.side_name(decision['seat']).title()} passed"
        if decision["type"] != "attack":
            return self.last_action
        u = self.unit_json(decision["unit"])
        name = self.card(u["card"]).attacks[decision["attack"]].name if u else "?"
        head = f"{label} {name}"
        if decision.get("target") and decision["target"] != decision["unit"]:
            head += f" → {self.label_of(decision['target'])}"
        for ev in events:
            t = ev["type"]
            if t == "turn_ended":
                break
            if t == "damage_dealt" and ev.get("source") in ("strike", "drain"):
                parts.append(f"−{ev['amount']}")
            elif t == "strike_blocked":
                parts.append("blocked")
            elif t == "healed":
                parts.append(f"{self.label_of(ev['unit'])} +{ev['amount']}")
            elif t == "status_applied":
                parts.append({"burn": "burned", "stun": "stunned", "root": "rooted"}
                             .get(ev["status"], ev["status"]))
            elif t == "flames_laid":
                parts.append(f"{len(ev['tiles'])} tiles on fire")
            elif t == "unit_died":
                parts.append(f"{self.label_of(ev['unit'])} KO")
        return head + (": " + ", ".join(parts) if parts else "")

    def label_of(self, uid: Any) -> str:
        u = self.unit_json(uid)
        return look.unit_label(u["owner"], u["slot"]) if u else "?"

    def anim(self, key: str) -> Any:
        return self.content.animations.get(key)

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
                                    font_size=size, rise=20, batch=self.batch)
            return
        last, n = self._floats.get(uid, (-9.0, 0))
        n = n + 1 if self.clock - last < 1.0 else 0
        self._floats[uid] = (self.clock, n)
        self.tweener.float_text(text, sp.center_x, sp.center_y + self.tile * 0.3 + 32 * n,
                                color=colour, font_size=size, rise=30, batch=self.batch)

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
                                rise=26, duration=1.0, batch=self.batch)
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

    def play_event(self, ev: dict[str, Any]) -> float:
        t = ev["type"]
        tile = self.tile
        if t == "unit_placed":
            u = self.unit_json(ev["unit"])
            if u is None:
                return 0.0
            d = self.disp.setdefault(ev["unit"], {"hp": u["hp"], "max": u["max_hp"]})
            d.update(alive=True, pos=tuple(ev["tile"]))
            sp = self.token_of.get(ev["unit"]) or self.make_token(u)
            sp.position = self.centre(ev["tile"])
            self.play("place")
            if self.is_human(u["owner"]):
                sp.scale = 1.3
                self.tweener.add(ValueTween(1.3, 1.0, 0.2, lambda v: setattr(sp, "scale", v)))
                return 0.2
            sp.alpha = 0
            self.tweener.add(AlphaTween(sp, 255, 0.25, start=0))
            return 0.25
        if t == "combat_started":
            self.build_static()
            self.banner, self.banner_time = "FIGHT!", 0.8
            self.banner_text.text = "FIGHT!"
            return 0.8
        if t == "unit_moved":
            sp = self.token_of.get(ev["unit"])
            if sp is None:
                return 0.0
            path = [tuple(p) for p in ev.get("path") or [ev["from"], ev["to"]]]
            if path and path[0] == tuple(ev["from"]):
                path = path[1:]
            delay = 0.0
            fx = Fx("dust", (sp.center_x, sp.center_y), (sp.center_x, sp.center_y),
                    Color(170, 160, 140), Color(200, 190, 170), self.tile * 0.4, 0.4)
            self.fx.append(fx)
            self.tweener.add(fx)
            for p in path:
                self.tweener.add(PositionTween(sp, self.centre(p), 0.08, delay=delay))
                delay += 0.08
            self.play("move")
            return delay
        if t == "ability_used":
            return self.ability_fx(ev)
        if t == "damage_dealt":
            d = self.disp.get(ev["unit"])
            if d is not None:
                d["hp"] = ev["hp"]
            sp = self.token_of.get(ev["unit"])
            if sp is not None:
                red = ev.get("source") in ("strike", "drain")
                col = Color(255, 80, 80) if red else Color(255, 160, 40)
                self.float_at(ev["unit"], f"−{ev['amount']}", col, max(12, tile * 0.34))
                self.flash(sp, Color(255, 255, 255))
            if ev["amount"] >= 15:
                self.start_shake()
            self.play("hit")
            self.refresh_panel()
            return 0.15
        if t == "strike_blocked":
            sp = self.token_of.get(ev["unit"])
            if sp is not None:
                self.float_at(ev["unit"], "0", (170, 170, 170), max(12, tile * 0.34))
            return 0.1
        if t == "cooldown_ready":
            self.button_flash[(ev["unit"], int(ev.get("attack", 0)))] = 0.4
            return 0.0
        if t == "healed":
            d = self.disp.get(ev["unit"])
            if d is not None:
                d["hp"] = ev["hp"]
            sp = self.token_of.get(ev["unit"])
            if sp is not None:
                self.float_at(ev["unit"], f"+{ev['amount']}", (110, 255, 120),
                              max(12, tile * 0.34))
                self.flash(sp, Color(110, 255, 120), 0.25)
            self.play("heal")
            self.refresh_panel()
            return 0.1
        if t in ("status_applied", "status_expired"):
            shown = self.shown_units.get(ev["unit"])
            if shown is not None:
                st = shown["statuses"]
                turns = ev.get("turns", 0) if t == "status_applied" else 0
                if isinstance(st.get(ev["status"]), dict):
                    st[ev["status"]] = {"turns": turns, "value": ev.get("value", 0)}
                else:
                    st[ev["status"]] = turns
                self.refresh_panel()
            if t == "status_expired":
                return 0.0
            sp = self.token_of.get(ev["unit"])
            word = {"burn": "BURNED", "stun": "STUNNED", "root": "ROOTED"}.get(ev["status"],
                                                                                ev["status"])
            if sp is not None:
                col = look.STATUS_COLOURS.get(ev["status"], look.TEXT)
                self.float_at(ev["unit"], word, col, 11, side=True)
            return 0.1
        if t == "unit_died":
            d = self.disp.get(ev["unit"])
            if d is not None:
                d["alive"] = False
            sp = self.token_of.get(ev["unit"])
            if sp is not None:
                self.tweener.add(AlphaTween(sp, 0, 0.5))
                self.tweener.add(ValueTween(1.0, 0.4, 0.5, lambda v, s=sp: setattr(s, "scale", v)))
                ash = Fx("ash", (sp.center_x, sp.center_y), (sp.center_x, sp.center_y),
                         Color(120, 118, 124), Color(80, 80, 86), self.tile * 0.5, 0.8)
                self.fx.append(ash)
                self.tweener.add(ash)
            self.play("death")
            self.refresh_panel()
            return 0.5
        if t == "flames_laid":
            self.build_flames()
            for i, laid in enumerate(ev.get("tiles", [])):  # they ignite one after another
                sp = self.flame_tiles.get(tuple(laid))
                if sp is not None:
                    target = sp.alpha
                    sp.alpha = 0
                    self.tweener.add(AlphaTween(sp, target, 0.1, start=0, delay=0.06 * i))
            self.play("boom")
            return 0.06 * len(ev.get("tiles", []))
        if t == "turn_started":
            self.refresh_panel()
            return 0.0
        return 0.0

    def ability_fx(self, ev: dict[str, Any]) -> float:
        u = self.unit_json(ev["unit"])
        if u is None:
            return 0.0
        a = self.card(u["card"]).attacks[ev["attack"]]
        spec = self.anim(a.animation)
        sp = self.token_of.get(ev["unit"])
        if sp is None:
            return 0.0
        start = (sp.center_x, sp.center_y)
        tsp = self.token_of.get(ev.get("target") or "")
        end = (tsp.center_x, tsp.center_y) if tsp is not None else start
        kind = spec.type if spec is not None else "projectile"
        family = FAMILY.get(kind, "ring")
        colour = Color(*spec.colour) if spec is not None else look.TEXT
        accent = Color(*spec.accent) if spec is not None else look.TEXT
        size = (spec.size if spec is not None else 20) * self.tile / 64
        if family in ("orb", "line", "lunge"):
            size = max(size, 6)
        duration = spec.duration if spec is not None else 0.3
        others = []  # the units this ability heals (heal / heal_whirl particles)
        for later in self.events:
            if later["type"] in ("ability_used", "turn_ended"):
                break
            hsp = self.token_of.get(later.get("unit") or "")
            if later["type"] == "healed" and hsp is not None:
                others.append((hsp.center_x, hsp.center_y))
        fx = Fx(kind, start, end, colour, accent, size, duration, sprite=sp, others=others)
        self.fx.append(fx)
        self.tweener.add(fx)
        if kind in ("aoe", "trail"):
            self.play("boom")
        elif a.kind == "heal" or family == "aura":
            self.play("heal")
        else:
            self.play("launch")
        return duration

    def events_done(self) -> None:
        self.fx = [f for f in self.fx if not f.done]
        self.sync_units()
        self.build_flames()
        if self.state["phase"] != "placement":
            self.build_static()
        self.refresh_highlights()
        self.refresh_panel()

    def cpu_blocked(self) -> bool:
        return bool(self.banner)

    # -- result (8.5) ------------------------------------------------------------------------
    def compute_stats(self) -> dict[int, dict[str, int]]:
        from game.engine.record import match_record, replay

        stats = {s: {"alive": 0, "damage": 0, "healed": 0, "abilities": 0} for s in (0, 1)}
        for u in self.state["board"]["units"]:
            if u["hp"] > 0:
                stats[u["owner"]]["alive"] += 1
        owner = {u["id"]: u["owner"] for u in self.state["board"]["units"]}
        try:
            rp = replay(match_record(self.match))
        except Exception:  # statistics are a nicety
            return stats
        try:
            for events in rp.events:
                for e in events:
                    ev = e.as_json()
                    if ev["type"] == "damage_dealt" and ev["unit"] in owner:
                        stats[1 - owner[ev["unit"]]]["damage"] += ev["amount"]
                    elif ev["type"] == "healed" and ev["unit"] in owner:
                        stats[owner[ev["unit"]]]["healed"] += ev["amount"]
                    elif ev["type"] == "ability_used" and ev["unit"] in owner:
                        stats[owner[ev["unit"]]]["abilities"] += 1
        finally:
            rp.match.close()
        return stats

    def result_words(self) -> tuple[str, str]:
        res = self.state["result"] or {}
        winner, reason = res.get("winner"), res.get("reason")
        me = self.session.me
        if winner is None:
            title = "DRAW"
        elif self.session.hotseat or not self.session.humans:
            title = f"SEAT {winner + 1} WINS"
        else:
            title = "VICTORY" if winner == me else "DEFEAT"
        if reason == "mutual_elimination":
            why = "Both sides fell at once"
        elif reason == "round_cap":
            why = "Round limit — equal HP" if winner is None else "Round limit — more total HP"
        elif self.session.hotseat or not self.session.humans:
            why = f"All units of seat {2 - (winner or 0)} were defeated"
        elif winner == me:
            why = "All enemy units defeated"
        else:
            why = "All your units were defeated"
        return title, why

    def show_result(self) -> None:
        self.result_shown = True
        self.select(None)
        self.stats = self.stats or self.compute_stats()
        title, why = self.result_words()
        w, h = self.window.width, self.window.height
        cx, cy = w / 2, h / 2
        colour = theme.GOLD if title in ("VICTORY",) or "WINS" in title else \
            look.RED if title == "DEFEAT" else look.TEXT
        board = self.state["board"]
        lines = []
        for seat in (0, 1):
            st = self.stats[seat]
            deck = ", ".join(self.card(c).name for c in board["decks"][seat])
            who = self.side_name(seat).title().replace("Your", "You")
            lines.append(f"{who}: {st['alive']} alive · "
                         f"{st['damage']} damage · {st['healed']} healed · "
                         f"{st['abilities']} abilities")
            lines.append(f"    deck: {deck}")
        self.result_texts = [
            arcade.Text(title, cx, cy + 120, colour, 46, font_name=KENNEY_FONT,
                        anchor_x="center", anchor_y="center"),
            arcade.Text(why, cx, cy + 70, look.TEXT, 16, font_name=UI_FONT, bold=True,
                        anchor_x="center", anchor_y="center"),
            arcade.Text(f"Rounds played: {board['round']}", cx, cy + 40, look.MUTED, 12,
                        font_name=UI_FONT, anchor_x="center", anchor_y="center"),
            arcade.Text("\n".join(lines), cx, cy + 20, look.TEXT, 11, font_name=UI_FONT,
                        anchor_x="center", anchor_y="top", multiline=True, width=620,
                        align="center"),
        ]
        for widget in self.result_ui:
            self.ui.remove(widget)
        again = make_button("Play again", width=150, kind="primary", on_click=self.play_again)
        watch = make_button("Watch replay", width=150, on_click=self.watch_replay)
        save = make_button("Save replay", width=150, on_click=self.save_replay)
        menu = make_button("Main menu", width=150, on_click=self.to_menu)
        self.result_ui = [again, watch, save, menu]
        for i, btn in enumerate(self.result_ui):
            btn.rect = arcade.LBWH(cx - 315 + i * 160, cy - 130, 150, 40)
        self.watch_btn, self.save_btn = watch, save
        for btn in self.buttons.values():
            self.show_widget(btn, False)
        for widget in self.result_ui:
            self.ui.add(widget)
        self.again_btn, self.menu_btn = again, menu
        self.show_widget(self.pass_btn, False)
        self.particles = arcade.SpriteList()
        rng = random.Random(len(self.match.decisions))
        victory = title != "DEFEAT"
        for _ in range(200 if victory else 120):
            colr = (rng.choice([look.SEAT_COLOURS[0], look.SEAT_COLOURS[1], theme.GOLD,
                                look.BLUE, look.TEXT]) if victory
                    else Color(90, 90, 96, 200))
            p = arcade.SpriteSolidColor(5, 8 if victory else 4, color=colr)
            p.position = (rng.uniform(0, w), rng.uniform(h * 0.3, h * 1.3))
            p.change_y = -rng.uniform(40, 120) if victory else -rng.uniform(15, 45)
            p.change_x = rng.uniform(-30, 30)
            p.change_angle = rng.uniform(-180, 180) if victory else 0
            self.particles.append(p)
        if self.session.live:
            self.play("victory" if title != "DEFEAT" else "defeat")

    def update_particles(self, dt: float) -> None:
        h = self.window.height
        for p in self.particles:
            p.center_x += p.change_x * dt
            p.center_y += p.change_y * dt
            p.angle += p.change_angle * dt
            if p.center_y < -10:
                p.center_y = h + 10

    def draw_result(self) -> None:
        w, h = self.window.width, self.window.height
        arcade.draw_lrbt_rectangle_filled(0, w, 0, h, Color(0, 0, 0, 150))
        self.particles.draw()
        cx, cy = w / 2, h / 2
        arcade.draw_lrbt_rectangle_filled(cx - 340, cx + 340, cy - 150, cy + 160,
                                          Color(30, 34, 44, 240))
        arcade.draw_lrbt_rectangle_outline(cx - 340, cx + 340, cy - 150, cy + 160,
                                           look.PANEL_EDGE, 2)
        for text in self.result_texts:
            text.draw()
        self.ui.draw()

    def replay_record(self) -> dict[str, Any]:
        from game.engine.record import match_record

        return match_record(self.match)

    def watch_replay(self) -> None:
        """Replay the finished match from the start in this board, input and CPU disabled."""
        from game.scenes.strike.start import replay_view

        record = self.replay_record()
        self.session.close()
        self.app.show_view(replay_view(self.app, record))

    def save_replay(self) -> Path | None:
        """Write the record to user_data_dir()/replays/strike-<seed>-<timestamp>.json."""
        from game.engine.record import save_record
        from game.paths import user_data_dir

        record = self.replay_record()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = user_data_dir() / "replays" / f"strike-{record.get('seed')}-{stamp}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_record(path, record)
        except OSError as exc:
            self.notify(f"Could not save the replay: {exc}")
            return None
        self.saved_replay = path
        self.notify(f"Replay saved: {path}", "success", duration=4.0)
        return path

    # -- replay driver -------------------------------------------------------------------------
    def drive_replay(self, dt: float) -> None:
        """A watched replay submits the record's next decision once the last one has played."""
        queue = self.session.replay_queue
        if not queue or self.animating or self.banner or self.session.closed:
            return
        factor = self.tweener.factor
        self.replay_wait -= dt * (factor if factor > 0 else 1000.0)
        if self.replay_wait > 0:
            return
        self.replay_wait = self.replay_pause
        decision = queue.popleft()
        if not self.submit(decision):
            queue.clear()

    def play_again(self) -> None:
        from game.scenes.strike.start import new_match, view_for

        ai = (self.match.options or {}).get("ai") or {}
        self.session.close()
        match = new_match(secrets.randbelow(900_000_000) + 1, {int(k): v for k, v in ai.items()})
        self.app.show_view(view_for(self.app, match))

    def to_menu(self) -> None:
        self.session.close()
        self.app.show_menu()
