"""The combat view (spec strike.md 8.4).

Selection (mouse first): click an own living unit; blue tiles are exactly its legal move
destinations (`match.legal_decisions`), red tiles the reach of its ready strikes and drains minus
the blue ones, and enemies it can hit get a red ring. Click a blue tile = `move`, a ringed enemy =
`attack`; an ability button (or Q/W/E, A/S/D, Z/X/C) arms an ability, heals act at once, holding
1/2/3 attacks E1/E2/E3 at once. Right-click or Esc clears the selection; "Pass turn" (SPACE)
shows when `pass` is the only legal decision. Events animate (fx.py); on `match_ended`, once its
animations have played, the result view opens over the final board.
"""

from __future__ import annotations

import math
from typing import Any

import arcade
from arcade.shape_list import ShapeElementList, create_rectangle_filled
from arcade.types import Color

from game.i18n import N_, _, ngettext
from game.scenes.animation import AlphaTween, PositionTween, ValueTween
from game.scenes.strike import look
from game.scenes.strike.board import BoardBase, Tile, set_text
from game.scenes.strike.fx import FAMILY, Fx
from game.scenes.strike.guide import CombatGuide
from game.scenes.widgets import make_button
from game.systems.strike.grid import cheb

STATUS_WORDS = {"burn": N_("BURNED"), "stun": N_("STUNNED"), "root": N_("ROOTED")}


class CombatView(CombatGuide, BoardBase):
    esc_cancels = N_("the selected unit")

    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app, session)
        self.armed: int | None = None
        self.blue: list[Tile] = []
        self.red: set[Tile] = set()
        self.green: set[Tile] = set()
        self.rings: set[str] = set()
        self.highlights = ShapeElementList()
        self.pass_btn = make_button(_("Pass turn"), width=150, height=30, kind="primary",
                                    on_click=self.pass_turn)

    # -- panel hooks ---------------------------------------------------------------------------
    def centre_lines(self) -> tuple[str, str, str]:
        seat = self.acting
        if self.state["result"] is not None:
            badge = _("MATCH OVER")
        elif self.is_human(seat):
            badge = _("SEAT {n} TURN").format(n=seat + 1) if self.session.hotseat else \
                _("YOUR TURN")
        elif seat is not None and self.session.runner.pending:
            badge = _("CPU THINKING…")
        else:
            badge = _("{who} TURN").format(who=self.other_name(seat))
        return badge, self.round_line(), self.last_action

    def ability_usable(self, u: dict[str, Any], index: int) -> bool:
        return (self.is_human(u["owner"]) and self.session.live and self.acting == u["owner"]
                and not self.awaiting
                and u["cooldowns"][index] == 0 and u["statuses"]["stun"] == 0)

    def refresh_controls(self) -> None:
        seat = self.acting
        self.show_widget(self.pass_btn, self.human_to_act
                         and self.legal() == [{"seat": seat, "type": "pass"}])

    def layout_panel(self, width: int, height: int) -> None:
        super().layout_panel(width, height)
        cx = self.turn_badge[0]
        self.pass_btn.rect = arcade.LBWH(cx - 75, 24, 150, 30)

    def layout(self, width: int, height: int) -> None:
        super().layout(width, height)
        self.refresh_highlights()

    # -- selection -----------------------------------------------------------------------------
    def select(self, uid: str | None, armed: int | None = None) -> None:
        self.selected, self.armed = uid, armed
        self.refresh_highlights()
        self.build_panel_shapes()

    def refresh_highlights(self) -> None:
        self.blue, self.red, self.rings = [], set(), set()
        uid = self.selected
        u = self.unit_json(uid) if uid else None
        if u is None or u["hp"] <= 0 or u["pos"] is None or self.state["result"] is not None:
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

    def highlighted_tiles(self) -> set[Tile]:
        """The selected unit's move tiles and its targets' tiles."""
        tiles = set(self.blue)
        for uid in self.rings:
            u = self.unit_json(uid)
            if u is not None and u.get("pos") is not None:
                tiles.add(tuple(u["pos"]))
        return tiles

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

    # -- drawing -------------------------------------------------------------------------------
    def draw_under_tokens(self) -> None:
        t = self.tile
        self.highlights.draw()
        for tile in self.green:
            x, y = self.centre(tile)
            arcade.draw_lrbt_rectangle_filled(x - t / 2 + 2, x + t / 2 - 2, y - t / 2 + 2,
                                              y + t / 2 - 2, look.GREEN.replace(a=90))
        if self.hover_tile is not None and not self.animating:
            self.tile_outline(self.hover_tile, look.TEXT)
        for uid in self.rings:
            sp = self.token_of.get(uid)
            if sp is not None:
                arcade.draw_circle_outline(sp.center_x, sp.center_y, t * 0.5, look.RED, 3)

    def draw_over_tokens(self) -> None:
        if self.selected and self.selected in self.token_of:
            sp = self.token_of[self.selected]
            pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
            arcade.draw_circle_outline(sp.center_x, sp.center_y, self.tile * 0.5 + 2 + 2 * pulse,
                                       Color(255, 255, 255, int(150 + 105 * pulse)), 2)

    def draw_panel(self) -> None:
        super().draw_panel()
        cx, cy, bw, bh = self.turn_badge
        seat = self.acting
        if seat is not None and not self.is_human(seat) and self.session.runner.pending:
            ang = self.clock * 6  # the CPU's spinner in the turn badge
            arcade.draw_circle_filled(cx + self.badge_dx + bw / 2 - 14 + math.cos(ang) * 6,
                                      cy + math.sin(ang) * 6, 3, (18, 20, 26))

    def draw_overlay(self) -> None:
        for key, left in self.button_flash.items():  # cooldown_ready: the button flashes once
            box = self.ability_box(key)
            if box is not None:
                a = int(200 * math.sin(math.pi * min(1.0, left / 0.4)))
                arcade.draw_lrbt_rectangle_filled(*box, Color(255, 255, 255, a))
        super().draw_overlay()

    def update_screen(self, dt: float) -> None:
        super().update_screen(dt)
        if self.acting is not None and not self.is_human(self.acting):
            set_text(self.turn_text, self.centre_lines()[0])  # CPU TURN / CPU THINKING…

    # -- input ---------------------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        super().on_mouse_motion(x, y, dx, dy)
        self.green = set()
        for (uid, i), btn in self.buttons.items():  # a heal button shows its area on hover
            if btn.rect.point_in_rect((x, y)):
                u = self.unit_json(uid)
                if u is not None and self.card(u["card"]).attacks[i].kind == "heal":
                    self.green = self.heal_area(uid, i)
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if self.board_click():
            return True
        if button == arcade.MOUSE_BUTTON_RIGHT:
            self.select(None)
            return True
        tile = self.tile_at(x, y)
        if tile is None or not self.human_to_act or self.state["phase"] != "combat":
            return True
        seat = self.acting
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
        """Attack `target` with ability `index`, or with the legal one of best expected damage."""
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
                from game.engine.match import Match
                from game.systems.strike.combat import damage_preview

                with Match.lock:
                    preview = self.preview_match()
                    best = max(options, key=lambda d: damage_preview(preview, uid, d["attack"],
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
        if super().on_game_key(symbol, modifiers):
            return True
        if symbol == arcade.key.ESCAPE and self.selected:
            self.select(None)
            return True
        if symbol == arcade.key.SPACE:
            if self.widget_shown(self.pass_btn):
                self.pass_turn()
            return True
        for i, ch in enumerate("QWEASDZXC"):
            if symbol == getattr(arcade.key, ch):
                slot, index = divmod(i, 3)
                units = [u for u in self.state["board"]["units"] if u["owner"] == self.acting]
                if self.human_to_act and slot < len(units):
                    self.on_ability(units[slot]["id"], index)
                return True
        return False

    def undone(self) -> None:
        self.last_action = ""
        self.select(None)
        self.refresh_panel()

    def pass_turn(self) -> None:
        if self.human_to_act and not self.animating:
            self.submit({"seat": self.acting, "type": "pass"})

    # -- decisions and events ------------------------------------------------------------------
    def after_submit(self, decision: dict[str, Any]) -> None:
        self.last_action = self.describe(decision)
        self.select(None)
        self.refresh_panel()

    def describe(self, decision: dict[str, Any]) -> str:
        """The last action line ("E3 Burn Trail → P1: −6, burned, 3 tiles on fire")."""
        label = self.label_of(decision.get("unit"))
        if decision["type"] == "move":
            c, r = decision["to"]
            return _("{unit} moved to ({col}, {row})").format(unit=label, col=c + 1, row=r + 1)
        if decision["type"] == "pass":
            seat = decision["seat"]
            if self.session.hotseat or not self.session.humans:
                return _("Seat {n} passed").format(n=seat + 1)
            if self.is_human(seat):
                return _("You passed")
            return _("{who} passed").format(who=self.other_name(seat))
        if decision["type"] != "attack":
            return self.last_action
        u = self.unit_json(decision["unit"])
        name = _(self.card(u["card"]).attacks[decision["attack"]].name) if u else "?"
        head = f"{label} {name}"
        if decision.get("target") and decision["target"] != decision["unit"]:
            head += f" → {self.label_of(decision['target'])}"
        parts: list[str] = []
        for ev in self.events:
            t = ev["type"]
            if t == "turn_ended":
                break
            if t == "damage_dealt" and ev.get("source") in ("strike", "drain"):
                parts.append(f"−{ev['amount']}")
            elif t == "strike_blocked":
                parts.append(_("blocked"))
            elif t == "healed":
                parts.append(f"{self.label_of(ev['unit'])} +{ev['amount']}")
            elif t == "status_applied":
                parts.append(_(STATUS_WORDS.get(ev["status"], ev["status"])).lower())
            elif t == "flames_laid":
                parts.append(ngettext("{n} tile on fire", "{n} tiles on fire",
                                      len(ev["tiles"])).format(n=len(ev["tiles"])))
            elif t == "unit_died":
                parts.append(f"{self.label_of(ev['unit'])} KO")
        return head + (": " + ", ".join(parts) if parts else "")

    def anim(self, key: str) -> Any:
        return self.content.animations.get(key)

    def play_event(self, ev: dict[str, Any]) -> float:
        handler = getattr(self, f"on_{ev['type']}", None)
        return handler(ev) if handler is not None else 0.0

    def on_unit_moved(self, ev: dict[str, Any]) -> float:
        sp = self.token_of.get(ev["unit"])
        if sp is None:
            return 0.0
        path = [tuple(p) for p in ev.get("path") or [ev["from"], ev["to"]]]
        if path and path[0] == tuple(ev["from"]):
            path = path[1:]
        self.add_fx(Fx("dust", sp.position, sp.position, Color(170, 160, 140),
                       Color(200, 190, 170), self.tile * 0.4, 0.4))
        delay = 0.0
        for p in path:
            self.tweener.add(PositionTween(sp, self.centre(p), 0.08, delay=delay))
            delay += 0.08
        self.play("move")
        return delay

    def on_ability_used(self, ev: dict[str, Any]) -> float:
        u = self.unit_json(ev["unit"])
        sp = self.token_of.get(ev["unit"])
        if u is None or sp is None:
            return 0.0
        a = self.card(u["card"]).attacks[ev["attack"]]
        spec = self.anim(a.animation)
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
        self.add_fx(Fx(kind, start, end, colour, accent, size, duration, sprite=sp,
                       others=others))
        if kind in ("aoe", "trail"):
            self.play("boom")
        elif a.kind == "heal" or family == "aura":
            self.play("heal")
        else:
            self.play("launch")
        return duration

    def add_fx(self, fx: Fx) -> None:
        self.fx.append(fx)
        self.tweener.add(fx)

    def on_damage_dealt(self, ev: dict[str, Any]) -> float:
        self.set_hp(ev)
        sp = self.token_of.get(ev["unit"])
        if sp is not None:
            red = ev.get("source") in ("strike", "drain")
            col = Color(255, 80, 80) if red else Color(255, 160, 40)
            self.float_at(ev["unit"], f"−{ev['amount']}", col, max(12, self.tile * 0.34))
            self.flash(sp, Color(255, 255, 255))
        if ev["amount"] >= 15:
            self.start_shake()
        self.play("hit")
        return 0.15

    def on_strike_blocked(self, ev: dict[str, Any]) -> float:
        self.float_at(ev["unit"], "0", (170, 170, 170), max(12, self.tile * 0.34))
        return 0.1

    def on_cooldown_ready(self, ev: dict[str, Any]) -> float:
        self.button_flash[(ev["unit"], int(ev.get("attack", 0)))] = 0.4
        return 0.0

    def on_healed(self, ev: dict[str, Any]) -> float:
        self.set_hp(ev)
        sp = self.token_of.get(ev["unit"])
        if sp is not None:
            self.float_at(ev["unit"], f"+{ev['amount']}", (110, 255, 120), max(12, self.tile * 0.34))
            self.flash(sp, Color(110, 255, 120), 0.25)
        self.play("heal")
        return 0.1

    def set_hp(self, ev: dict[str, Any]) -> None:
        d = self.disp.get(ev["unit"])
        if d is not None:
            d["hp"] = ev["hp"]
        self.refresh_panel()

    def on_status_applied(self, ev: dict[str, Any]) -> float:
        self.set_status(ev, ev.get("turns", 0))
        col = look.STATUS_COLOURS.get(ev["status"], look.TEXT)
        self.float_at(ev["unit"], _(STATUS_WORDS.get(ev["status"], ev["status"])), col, 11,
                      side=True)
        return 0.1

    def on_status_expired(self, ev: dict[str, Any]) -> float:
        self.set_status(ev, 0)
        return 0.0

    def set_status(self, ev: dict[str, Any], turns: int) -> None:
        shown = self.shown_units.get(ev["unit"])
        if shown is None:
            return
        st = shown["statuses"]
        if isinstance(st.get(ev["status"]), dict):
            st[ev["status"]] = {"turns": turns, "value": ev.get("value", 0)}
        else:
            st[ev["status"]] = turns
        self.refresh_panel()

    def on_unit_died(self, ev: dict[str, Any]) -> float:
        d = self.disp.get(ev["unit"])
        if d is not None:
            d["alive"] = False
        sp = self.token_of.get(ev["unit"])
        if sp is not None:
            self.tweener.add(AlphaTween(sp, 0, 0.5))
            self.tweener.add(ValueTween(1.0, 0.4, 0.5, lambda v, s=sp: setattr(s, "scale", v)))
            self.add_fx(Fx("ash", sp.position, sp.position, Color(120, 118, 124),
                           Color(80, 80, 86), self.tile * 0.5, 0.8))
        self.play("death")
        self.refresh_panel()
        return 0.5

    def on_flames_laid(self, ev: dict[str, Any]) -> float:
        self.build_flames()
        tiles = ev.get("tiles", [])
        for i, laid in enumerate(tiles):  # they ignite one after another
            sp = self.flame_tiles.get(tuple(laid))
            if sp is not None:
                target = sp.alpha
                sp.alpha = 0
                self.tweener.add(AlphaTween(sp, target, 0.1, start=0, delay=0.06 * i))
        self.play("boom")
        return 0.06 * len(tiles)

    def on_turn_started(self, ev: dict[str, Any]) -> float:
        self.refresh_panel()
        self.slide_badge(ev.get("seat"))
        return 0.0

    def on_match_ended(self, ev: dict[str, Any]) -> float:
        from game.scenes.strike.result import ResultView

        self.next_view = ResultView  # once the last animations have played
        return 0.0

    def events_done(self) -> None:
        super().events_done()
        self.refresh_highlights()
