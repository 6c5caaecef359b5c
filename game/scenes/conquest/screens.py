"""The phase screens of CardConquest (spec conquest.md 8.1-8.3, 8.5, 8.6, 8.8, 8.9).

One View per engine phase: commander select, placement, movement, reinforcements,
choose cards, retreat, and the game-over screen. Each turns clicks and keys into decisions
(`submit`) and draws the seat view; the legality of a decision is always the match's answer,
the highlights only preview it.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import arcade
from arcade.types import Color

from game.engine.rng import ai_stream
from game.i18n import N_, _, ngettext
from game.scenes.bake import draw_baked
from game.scenes.base import esc_clears
from game.scenes.conquest import look
from game.scenes.conquest.base import LOG_H, ConquestView, Token, set_text
from game.scenes.fonts import UI_FONT
from game.scenes.scale import scale_of
from game.scenes.widgets import make_button

ENTER_KEYS = (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER)
DRAG_MIN = 6.0
PLACE_FOR_ME_LEVEL = "normal"  # Place for me places as this CPU level would


def battle_title(board: dict[str, Any], site: str | None, phase_name: str) -> str:
    """ "Battle #2 at L07"; the phase's name (a msgid) alone once the battle is over (the
    screen still shows while the next one comes in: never "Battle #None at None")."""
    number = board.get("current_battle")
    if site is None or number is None:
        return _(phase_name)
    return _("Battle #{number} at {tile}").format(number=number, tile=site)


class PhaseView(ConquestView):
    """A phase screen: a Ready / Unready pair of buttons and the right panel's words."""

    ready_words = N_("Ready")

    def __init__(self, app: Any, session: Any, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        self.kind = self.match.phase
        self.ready_btn = make_button(_(self.ready_words), kind="primary", on_click=self.ready)
        self.unready_btn = make_button(_("Unready"), kind="secondary", on_click=self.unready)
        # hot-seat: the other seat, ready, takes the screen back to unready ("Player 1: Unready")
        self.reclaim_btn = make_button("", kind="secondary", on_click=self.reclaim)

    def ready(self) -> None:
        if self.can_act and not self.viewer_ready:
            self.play_sound(look.SOUNDS["click"], 0.6)
            self.submit({"seat": self.viewer, "type": "ready"})

    def unready(self) -> None:
        if self.can_act and self.viewer_ready:
            self.submit({"seat": self.viewer, "type": "unready"})

    def reclaim_seat(self) -> int | None:
        """The other hot-seat seat when it is ready and may still unready (4.3): it cannot
        use its own Unready while this screen shows the viewer's secrets."""
        other = self.opponent
        return other if self.session.may_take_back(other) else None

    def reclaim(self) -> None:
        """Hand the screen back to the ready seat. The router passes it through the curtain
        in a secret phase, and that seat is unreadied only once it is at the screen."""
        seat = self.reclaim_seat()
        if seat is None:
            return
        self.play_sound(look.SOUNDS["click"], 0.5)
        self.session.take_back(seat)
        self.handover()

    def refresh_reclaim(self) -> bool:
        """Show the take-back button when it applies; True when shown."""
        seat = self.reclaim_seat()
        shown = seat is not None
        words = _("{player}: {button}").format(player=look.seat_name(seat),
                                               button=self.unready_btn.text) if shown else ""
        if shown and self.reclaim_btn.text != words:
            self.reclaim_btn.text = words
        self.show_widget(self.reclaim_btn, shown)
        return shown

    def extra_buttons(self) -> list[Any]:
        """Buttons above Ready (bottom-up)."""
        return []

    def undone(self) -> None:
        """After an undo nothing stays picked up: a selected unit, a box being dragged."""
        for name, empty in (("selected", None), ("press", None), ("dragging", False),
                            ("selection", []), ("box_from", None), ("box_to", None),
                            ("auto_plan", [])):  # Place for me's placements still to go
            if hasattr(self, name):
                setattr(self, name, empty)
        self.refresh()

    def tutorial_next(self, decision: dict[str, Any]) -> dict[str, Any]:
        return {"button": decision.get("type")}

    def tutorial_button(self, name: Any) -> Any:
        return {"ready": self.ready_btn, "unready": self.unready_btn}.get(str(name))

    def ready_allowed(self) -> bool:
        return True

    def refresh_buttons(self) -> None:
        acting = self.can_act
        ready = acting and self.viewer_ready
        self.show_widget(self.ready_btn, acting and not ready)
        self.show_widget(self.unready_btn, ready)
        self.ready_btn.disabled = not self.ready_allowed()
        extra = self.extra_buttons()
        for b in extra:
            self.show_widget(b, acting and not ready)
        reclaim = [self.reclaim_btn] if self.refresh_reclaim() else []
        self.stack_buttons([self.unready_btn if ready else self.ready_btn, *extra, *reclaim,
                            *self.refresh_undo()])

    def waiting_line(self) -> str:
        st = self.state
        if not self.session.live:
            return ""
        if self.viewer not in st["to_act"]:
            return _("Waiting for the opponent.")
        if self.viewer_ready:
            others = [s for s in st["to_act"] if s != self.viewer and not self.board["ready"][s]]
            if others:
                return _("Ready. Waiting for {player}.").format(player=self.who_name(others[0]))
        return ""

    def on_screen_key(self, symbol: int, modifiers: int) -> bool:
        if symbol in ENTER_KEYS:
            if self.viewer_ready:
                self.unready()
            elif self.ready_allowed():
                self.ready()
            return True
        if symbol == arcade.key.U and self.reclaim_seat() is not None:
            self.reclaim()
            return True
        return False


# -- 8.1 commander select -------------------------------------------------------------------
class CommanderView(PhaseView):
    """Two large panels, Infantry and Tank Commander: army, strength, 7 cards face up."""

    show_map = False
    wide_map = True

    def __init__(self, app: Any, session: Any, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        self.panels: dict[str, arcade.types.Rect] = {}
        self.cards = arcade.SpriteList()
        self.icons = arcade.SpriteList()
        self.texts = arcade.SpriteList()
        self.hover_panel: str | None = None
        self.label_batch = None
        self.label_sprites = arcade.SpriteList()

    def card_size(self, width: int, height: int) -> tuple[float, float]:
        """(width, tallest height) the army panels show their cards at for this window size:
        a card grows with its ability's label, up to half the room of the two rows."""
        left = self.left_room(width, 214) + 20
        top, bottom = height - 34 - 16, LOG_H + 70
        w = (width - 20 - left - 24) / 2
        cw = min(112.0, (w - 40) / 4 - 10)
        room = (top - 78 - 34) - (bottom + 44)
        if 2 * cw * 1.4 + 10 > room:
            cw = (room - 10) / 2 / 1.4
        return cw, (room - 10) / 2

    def warm_steps(self, width: int, height: int) -> Iterator[None]:
        """Paint the armies' card faces (PIL, tens of ms each when cold) one per step and
        upload them, before the layout places them."""
        cw, most = self.card_size(width, height)
        atlas = self.window.ctx.default_atlas
        for army_id in self.content.commanders:
            for card_id in self.content.armies[army_id].cards:
                atlas.add(look.card_texture(self.content, card_id, cw, most))
                yield

    def layout_screen(self, width: int, height: int) -> None:
        import pyglet

        left = self.left_room(width, 214) + 20
        right = width - 20
        top, bottom = height - 34 - 16, LOG_H + 70
        gap = 24
        w = (right - left - gap) / 2
        self.panels = {}
        self.cards = arcade.SpriteList()
        self.icons = arcade.SpriteList()
        self.label_batch = pyglet.graphics.Batch()
        self.labels: list[arcade.Text] = []  # kept: a batch holds its labels weakly
        self.pick_texts: dict[str, arcade.Text] = {}
        kw = {"font_name": UI_FONT}
        for i, army_id in enumerate(self.content.commanders):
            army = self.content.armies[army_id]
            x0 = left + i * (w + gap)
            rect = arcade.LRBT(x0, x0 + w, bottom, top)
            self.panels[army_id] = rect
            cx = rect.center_x
            title = arcade.Text(f"{i + 1}. {_(army.name)}", cx, top - 30, look.GOLD, 20,
                                bold=True, anchor_x="center", **kw)
            while title.content_width > w - 16 and title.font_size > 12:
                title.font_size -= 1  # a longer name (pt_BR) gets smaller, not past the panel
            self.labels.append(title)
            icon_y = top - 78
            wide = w >= 460  # a narrow panel (960x600) shows "× 4" beside the unit's picture
            size = 15 if wide else 12
            for j, (kind, n) in enumerate((("tank", army.tanks), ("infantry", army.infantry))):
                tok = Token(f"p{self.viewer}.{kind[0]}1", self.content, 40, self.session.flip)
                x = rect.left + w * (0.12 + 0.32 * j)
                tok.position = (x, icon_y)
                self.icons.append(tok.disc)
                self.icons.append(tok.body)
                words = (_("Tanks × {n}") if kind == "tank" else _("Infantry × {n}")) if wide \
                    else "× {n}"
                self.labels.append(arcade.Text(
                    words.format(n=n), x + 28, icon_y, look.TEXT, size, anchor_y="center", **kw))
            strength = army.tanks * self.content.strength["tank"] + \
                army.infantry * self.content.strength["infantry"]
            self.labels.append(arcade.Text(_("strength {n}").format(n=strength), rect.right - 12,
                                           icon_y,
                                           look.TEXT, size, bold=True, anchor_x="right",
                                           anchor_y="center", **kw))
            per_row = 4
            cw, most = self.card_size(width, height)
            faces = [look.card_texture(self.content, card_id, cw, most)
                     for card_id in army.cards]
            ch = max(look.face_height(face, cw) for face in faces)  # the rows' height
            for k, face in enumerate(faces):
                sp = arcade.Sprite(face)
                sp.width, sp.height = cw, look.face_height(face, cw)
                row, col = divmod(k, per_row)
                in_row = min(per_row, len(army.cards) - row * per_row)
                x0c = cx - (in_row * (cw + 10) - 10) / 2 + cw / 2
                sp.center_x = x0c + col * (cw + 10)
                sp.top = icon_y - 34 - row * (ch + 10)
                self.cards.append(sp)
            self.pick_texts[army_id] = arcade.Text("", cx, bottom + 22, look.TEXT, 14,
                                                   bold=True, anchor_x="center", **kw)
        self.stack_buttons_row(width)

    def stack_buttons_row(self, width: int) -> None:
        left = self.left_room(width, 214)
        cx = left + (width - left) / 2
        for b in (self.ready_btn, self.unready_btn):
            b.rect = arcade.LBWH(cx - 110, LOG_H + 14, 220, 40)
        self.reclaim_btn.rect = arcade.LBWH(cx + 122, LOG_H + 14, 220, 40)
        self.undo_btn.rect = arcade.LBWH(cx - 122 - 180, LOG_H + 14, 180, 40)

    def refresh_buttons(self) -> None:
        acting = self.can_act
        ready = acting and self.viewer_ready
        self.show_widget(self.ready_btn, acting and not ready)
        self.show_widget(self.unready_btn, ready)
        self.ready_btn.disabled = not self.ready_allowed()
        self.refresh_reclaim()
        self.refresh_undo()

    def ready_allowed(self) -> bool:
        return self.board["commanders"][self.viewer] is not None

    def refresh_screen(self) -> None:
        if not self.panels:
            return
        chosen = self.board["commanders"]
        for army_id, text in self.pick_texts.items():
            names = [_("{player} (ready)").format(player=self.who_name(s))
                     if self.board["ready"][s] else self.who_name(s)
                     for s in (0, 1) if chosen[s] == army_id]
            set_text(text, _("Chosen by: {players}").format(players=", ".join(names)) if names
                     else _("Click or press {key} to choose").format(
                         key=self.content.commanders.index(army_id) + 1))
        self.label_sprites = self.bake([*self.labels, *self.pick_texts.values()])
        self.refresh_buttons()

    def draw_screen(self) -> None:
        chosen = self.board["commanders"]
        for army_id, r in self.panels.items():
            hot = army_id == self.hover_panel and self.can_act and not self.viewer_ready
            arcade.draw_lrbt_rectangle_filled(r.left, r.right, r.bottom, r.top,
                                              look.PANEL if not hot else Color(40, 50, 62))
            edge = look.SEAT_COLOURS[self.session.side(self.viewer)] if chosen[self.viewer] == army_id \
                else look.PANEL_EDGE
            arcade.draw_lrbt_rectangle_outline(r.left, r.right, r.bottom, r.top, edge,
                                               5 if chosen[self.viewer] == army_id else 2)
        self.icons.draw()
        self.cards.draw()
        draw_baked(self.label_sprites)

    def choose(self, army_id: str) -> None:
        if self.can_act and not self.viewer_ready:
            self.play_sound(look.SOUNDS["click"], 0.5)
            self.submit({"seat": self.viewer, "type": "choose_commander", "commander": army_id})

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        self.hover_panel = next((a for a, r in self.panels.items()
                                 if r.point_in_rect((x, y))), None)
        return super().on_mouse_motion(x, y, dx, dy)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        for army_id, r in self.panels.items():
            if r.point_in_rect((x, y)):
                self.choose(army_id)
        return True

    def on_screen_key(self, symbol: int, modifiers: int) -> bool:
        keys = (arcade.key.KEY_1, arcade.key.KEY_2, arcade.key.NUM_1, arcade.key.NUM_2)
        if symbol in keys:
            i = keys.index(symbol) % 2
            if i < len(self.content.commanders):
                self.choose(self.content.commanders[i])
            return True
        return super().on_screen_key(symbol, modifiers)


# -- 8.2 placement --------------------------------------------------------------------------
class PlacementView(PhaseView):
    """Own units from the tray onto own-zone tiles; the opponent's units are not drawn."""

    ready_words = N_("Done placing units")
    esc_help = esc_clears("clear the selected unit")

    def __init__(self, app: Any, session: Any, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        self.reset_btn = make_button(_("Reset"), on_click=self.reset)
        self.place_btn = make_button(_("Place for me"), on_click=self.place_for_me)
        self.auto_plan: list[dict[str, Any]] = []  # Place for me's placements still to submit
        self.tray_rect = arcade.LBWH(0, 0, 1, 1)
        self.tray_tokens: dict[str, Token] = {}
        self.tray_sprites = arcade.SpriteList()
        self.selected: str | None = None
        self._problems: dict[tuple[str, str, int, bool], str | None] = {}
        self.press: tuple[float, float] | None = None
        self.dragging = False
        self.drag_pos = (0.0, 0.0)
        self.tray_label = arcade.Text(_("Unplaced units"), 0, 0, look.TEXT, 11, bold=True,
                                      font_name=UI_FONT, batch=self.batch)

    def unit_tile(self, u: dict[str, Any]) -> str | None:
        if u["seat"] != self.viewer:
            return None
        orders = self.board["orders"][self.viewer]
        return orders.get(u["id"]) if isinstance(orders, dict) else None

    @property
    def tray(self) -> list[str]:
        return [u["id"] for u in self.board["units"]
                if u["seat"] == self.viewer and self.unit_tile(u) is None]

    def extra_buttons(self) -> list[Any]:
        return [self.reset_btn, self.place_btn]

    def ready_allowed(self) -> bool:
        return not self.tray

    def place_for_me(self) -> None:
        """Place for me: the normal CPU's placement for this seat (its plan, drawn from the
        seat's own `ai.<seat>` stream, clearing the person's placements first where they
        differ), submitted through the rules as the person's own decisions, one a frame
        (`update_screen`: a network seat waits for each answer). Ready stays the person's."""
        if not self.can_act or self.viewer_ready or self.auto_plan:
            return
        from game.ai.workers.conquest import think  # no arcade

        seat, streams = self.viewer, self.session.streams
        state = streams.get(seat) or ai_stream(self.match.seed, seat).get_state()
        plan, streams[seat] = think(PLACE_FOR_ME_LEVEL, seat, self.match.view_json(seat), state)
        self.auto_plan = [d for d in plan if d["type"] != "ready"]
        self.selected = None
        self.play_sound(look.SOUNDS["click"], 0.6)

    def update_screen(self, dt: float) -> None:
        super().update_screen(dt)
        if not self.auto_plan or not self.can_act or self.animating:
            return
        if self.viewer_ready or not self.submit(self.auto_plan.pop(0)):
            self.auto_plan.clear()

    def layout_screen(self, width: int, height: int) -> None:
        m = self.map_rect
        per_row = 6
        size = max(18.0, self.unit_size * 1.15)
        rows = max(1, -(-len([u for u in self.board["units"] if u["seat"] == self.viewer])
                        // per_row))
        w = per_row * size + 16
        h = rows * size + 30
        self.tray_rect = arcade.LBWH(m.left + 2, m.top - h - 2, w, h)
        self.tray_label.position = (self.tray_rect.left + 8, self.tray_rect.top - 14)

    def refresh_screen(self) -> None:
        self.tray_sprites = arcade.SpriteList()
        self.tray_tokens = {}
        per_row, size = 6, max(18.0, self.unit_size * 1.15)
        r = self.tray_rect
        for i, uid in enumerate(self.tray):
            tok = Token(uid, self.content, self.unit_size, self.session.flip)
            tok.position = (r.left + 8 + size / 2 + (i % per_row) * size,
                            r.top - 26 - size / 2 - (i // per_row) * size)
            self.tray_tokens[uid] = tok
            self.tray_sprites.append(tok.disc)
            self.tray_sprites.append(tok.body)
        if self.selected and self.selected not in self.tray_tokens and \
                self.selected not in self.tokens:
            self.selected = None
        n = len(self.tray)
        lines = [(_("Place your units"), look.GOLD, 15, True),
                 (_("Click a unit (tray or map), then a tile of your zone, or drag it there. "
                    "Drop on the tray to take it back."), look.MUTED, 11, False),
                 ("", look.TEXT, 0, False),
                 (_("Unplaced: {n}").format(n=n) if n else _("All units placed."), look.TEXT, 13,
                  True)]
        wait = self.waiting_line()
        if wait:
            lines.append((wait, look.GOLD, 12, False))
        self.set_panel(lines)
        self.refresh_buttons()

    def tile_problem(self, tile: str) -> str | None:
        """Why the selected unit cannot go there (shown on hover), None when it can: the
        rules' own check of that placement (its rejection id in words), asked once per
        unit, tile and position (the hover asks every frame)."""
        if self.selected is None:
            return None
        key = (self.selected, tile, len(self.match.decisions), self.viewer_ready)
        if key not in self._problems:
            if len(self._problems) > 256:
                self._problems.clear()
            self._problems[key] = self.placement_problem(self.selected, tile)
        return self._problems[key]

    def placement_problem(self, uid: str, tile: str) -> str | None:
        rejection = self.match.validate({"seat": self.viewer, "type": "place", "units": [uid],
                                         "to": tile})
        if rejection is None:
            return None
        if rejection.error == "water":
            return _("Water")
        if rejection.error == "zone_forbidden":
            return _("Neutral ground") if self.content.tiles[tile].zone is None \
                else _("Enemy zone")
        if rejection.error == "tile_full":
            return _("Full: {n} units").format(n=self.content.rules.max_own_per_tile)
        return look.reject_words(rejection.error, rejection.message)

    def reset(self) -> None:
        if self.can_act:
            self.submit({"seat": self.viewer, "type": "reset_moves"})

    def place(self, uid: str, tile: str | None) -> bool:
        if not self.can_act or self.viewer_ready:
            return False
        from_tray = uid in self.tray_tokens

        def select_next() -> None:
            if from_tray and tile is not None:
                kind = look.unit_kind(uid)  # keep placing: the next unplaced unit of that kind
                nxt = [u for u in self.tray if look.unit_kind(u) == kind] or self.tray
                self.selected = nxt[0] if nxt else None
            else:
                self.selected = None

        return self.submit({"seat": self.viewer, "type": "place", "units": [uid], "to": tile},
                           then=select_next)

    def draw_marks_under(self) -> None:
        for tile in self.content.land:
            if self.content.tiles[tile].zone != self.viewer:
                self.draw_cross(tile, Color(200, 40, 40, 170), big=True)
        tile = self.hover_tile
        if tile is not None and self.can_act and not self.viewer_ready and self.selected:
            colour = look.LEGAL if self.tile_problem(tile) is None else look.ILLEGAL
            self.tile_fill(tile, colour.replace(a=110))

    def draw_marks_over(self) -> None:
        if self.selected:
            tok = self.tokens.get(self.selected) or self.tray_tokens.get(self.selected)
            if tok is not None:
                x, y = tok.position
                arcade.draw_circle_outline(x, y, self.unit_size * 0.62, look.SELECT, 3)

    def draw_screen(self) -> None:
        r = self.tray_rect
        arcade.draw_lrbt_rectangle_filled(r.left, r.right, r.bottom, r.top,
                                          Color(20, 26, 32, 230))
        arcade.draw_lrbt_rectangle_outline(r.left, r.right, r.bottom, r.top, look.PANEL_EDGE, 2)
        self.tray_sprites.draw()
        if self.selected:
            tok = self.tray_tokens.get(self.selected)
            if tok is not None:
                x, y = tok.position
                arcade.draw_circle_outline(x, y, self.unit_size * 0.62, look.SELECT, 3)

    def hover_tip(self, x: float, y: float, tile: str | None) -> str:
        if tile is not None and self.selected and self.can_act:
            problem = self.tile_problem(tile)
            if problem:
                return f"{tile}: {problem}"
        return super().hover_tip(x, y, tile)

    def unit_under(self, x: float, y: float) -> str | None:
        r = self.unit_size * 0.6
        for uid, tok in self.tray_tokens.items():
            tx, ty = tok.position
            if abs(x - tx) <= r and abs(y - ty) <= r:
                return uid
        uid = self.token_at(x, y)
        return uid if uid and look.unit_seat(uid) == self.viewer else None

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if not self.can_act or self.viewer_ready or self.animating:
            return True
        uid = self.unit_under(x, y)
        if uid is not None:
            self.selected = uid
            self.press = (x, y)
            self.dragging = False
            return True
        self.press = None
        tile = self.grid.tile_at(x, y)
        if self.selected and tile is not None:
            self.place(self.selected, tile)
        return True

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int,
                      modifiers: int) -> bool:
        if self.press is not None and self.selected:
            if abs(x - self.press[0]) + abs(y - self.press[1]) > DRAG_MIN:
                self.dragging = True
            if self.dragging:
                tok = self.tokens.get(self.selected) or self.tray_tokens.get(self.selected)
                if tok is not None:
                    tok.position = (x, y)
        self.on_mouse_motion(x, y, dx, dy)
        return True

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if self.press is None or not self.dragging or not self.selected:
            self.press = None
            return True
        uid, self.press, self.dragging = self.selected, None, False
        if self.tray_rect.point_in_rect((x, y)):
            if not self.place(uid, None):
                self.refresh()
        else:
            tile = self.grid.tile_at(x, y)
            if tile is None or not self.place(uid, tile):
                self.refresh()
        return True

    def on_screen_key(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.BACKSPACE:
            self.reset()
            return True
        if symbol == arcade.key.ESCAPE and self.selected:
            self.selected = None
            return True
        return super().on_screen_key(symbol, modifiers)


# -- 8.3 movement ---------------------------------------------------------------------------
class MovementView(PhaseView):
    """Select own units (click, Shift+click, box), click a blue check to order the move."""

    ready_words = N_("End unit movement")
    esc_help = esc_clears("clear the selection")

    def __init__(self, app: Any, session: Any, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        self.reset_btn = make_button(_("Reset unit movement"), on_click=self.reset)
        self.selection: list[str] = []
        self.checks: list[str] = []
        self.box_from: tuple[float, float] | None = None
        self.box_to: tuple[float, float] | None = None
        self.ghost_list = arcade.SpriteList()

    def pending(self, u: dict[str, Any]) -> str | None:
        orders = self.board["orders"][self.viewer]
        if u["seat"] == self.viewer and isinstance(orders, dict):
            return orders.get(u["id"], u["tile"])
        return u["tile"]

    def unit_tile(self, u: dict[str, Any]) -> str | None:
        return self.pending(u)

    def extra_buttons(self) -> list[Any]:
        return [self.reset_btn]

    def refresh_screen(self) -> None:
        self.ghost_list = arcade.SpriteList()
        orders = self.board["orders"][self.viewer]
        if isinstance(orders, dict):
            seen: dict[str, int] = {}
            for u in self.board["units"]:
                if u["id"] in orders and u["seat"] == self.viewer:
                    n = seen.get(u["tile"], 0)
                    seen[u["tile"]] = n + 1
                    ghost = Token(u["id"], self.content, self.unit_size, self.session.flip)
                    ghost.position = self.grid.slot(u["tile"], self.viewer, 4 - n)
                    ghost.alpha = 70
                    self.ghost_list.append(ghost.disc)
                    self.ghost_list.append(ghost.body)
        self.selection = [u for u in self.selection if u in self.tokens]
        self.checks = self.check_tiles()
        n = len(orders) if isinstance(orders, dict) else 0
        lines = [(_("Move your units"), look.GOLD, 15, True),
                 (_("Click a unit, Shift+click to add, drag a box to select. Click a blue check "
                    "to move there (one tile; at most {n} of yours per tile).").format(
                     n=self.content.rules.max_own_per_tile), look.MUTED, 11, False),
                 ("", look.TEXT, 0, False),
                 (_("Selected: {selected}   Orders: {orders}").format(
                     selected=len(self.selection), orders=n), look.TEXT, 13, True)]
        wait = self.waiting_line()
        if wait:
            lines.append((wait, look.GOLD, 12, False))
        self.set_panel(lines)
        self.refresh_buttons()

    def check_tiles(self) -> list[str]:
        """Tiles the whole selection may end on (4.6): those the rules accept the group's
        move to (`match.validate`), so the screen never judges reach or counts units."""
        if not self.selection or not self.can_act or self.viewer_ready:
            return []
        group = list(self.selection)
        return [tile for tile in self.content.land
                if self.match.validate({"seat": self.viewer, "type": "move", "units": group,
                                        "to": tile}) is None]

    def reset(self) -> None:
        if self.can_act and not self.viewer_ready:
            self.submit({"seat": self.viewer, "type": "reset_moves"})

    def tutorial_next(self, decision: dict[str, Any]) -> dict[str, Any]:
        """A move's units one by one (a click selects the first, Shift+click adds: the guide
        teaches moves of one unit), then the tile; Reset and Ready are buttons."""
        if decision.get("type") == "move":
            units = list(decision.get("units") or [])
            if units and sorted(self.selection) == sorted(units):
                return {"tile": decision.get("to")}
            return {"unit": units[0]} if units else {}
        if decision.get("type") == "reset_moves":
            return {"button": "reset"}
        return super().tutorial_next(decision)

    def tutorial_button(self, name: Any) -> Any:
        return self.reset_btn if name == "reset" else super().tutorial_button(name)

    def move_to(self, tile: str) -> None:
        if not self.selection or not self.can_act or self.viewer_ready:
            return
        froms = [(uid, self.token_tile.get(uid)) for uid in self.selection]

        def slide() -> None:
            self.slide(froms)
            self.refresh_screen()

        self.submit({"seat": self.viewer, "type": "move", "units": list(self.selection),
                     "to": tile}, then=slide)

    def marked_tiles(self) -> list[str]:
        """The move marks, and where the selected units stand."""
        return [*self.checks, *{self.token_tile[u] for u in self.selection
                                if self.token_tile.get(u)}]

    def draw_marks_under(self) -> None:
        self.ghost_list.draw()

    def draw_marks_over(self) -> None:
        glow = Color(*look.SELECT[:3], int(170 + 85 * self.pulse()))
        for uid in self.selection:
            self.draw_ring(uid, glow, 3)
        for tile in self.checks:
            self.draw_check(tile)
        if self.box_from and self.box_to:
            (x0, y0), (x1, y1) = self.box_from, self.box_to
            arcade.draw_lrbt_rectangle_filled(min(x0, x1), max(x0, x1), min(y0, y1),
                                              max(y0, y1), Color(255, 230, 80, 40))
            arcade.draw_lrbt_rectangle_outline(min(x0, x1), max(x0, x1), min(y0, y1),
                                               max(y0, y1), look.SELECT, 1)

    def set_selection(self, uids: list[str]) -> None:
        self.selection = uids
        self.checks = self.check_tiles()
        self.refresh_screen()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if not self.map_rect.point_in_rect((x, y)) or not self.can_act or self.viewer_ready:
            return True
        tile = self.grid.tile_at(x, y)
        if button == arcade.MOUSE_BUTTON_RIGHT:
            if tile in self.checks:
                self.move_to(tile)
            return True
        uid = self.token_at(x, y)
        if uid is not None and look.unit_seat(uid) == self.viewer:
            if modifiers & arcade.key.MOD_SHIFT:
                sel = [u for u in self.selection if u != uid] if uid in self.selection \
                    else [*self.selection, uid]
            else:
                sel = [uid]
            self.set_selection(sel)
            return True
        if tile is not None and tile in self.checks:
            self.move_to(tile)
            return True
        self.box_from, self.box_to = (x, y), None
        return True

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int,
                      modifiers: int) -> bool:
        if self.box_from is not None:
            if abs(x - self.box_from[0]) + abs(y - self.box_from[1]) > DRAG_MIN:
                self.box_to = (x, y)
        self.on_mouse_motion(x, y, dx, dy)
        return True

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if self.box_from is None:
            return True
        start, end = self.box_from, self.box_to
        self.box_from = self.box_to = None
        if end is None:  # a click on empty ground clears the selection
            self.set_selection([])
            return True
        l, r = sorted((start[0], end[0]))  # noqa: E741
        b, t = sorted((start[1], end[1]))
        inside = [uid for uid, tok in self.tokens.items() if look.unit_seat(uid) == self.viewer
                  and l <= tok.position[0] <= r and b <= tok.position[1] <= t]
        if modifiers & arcade.key.MOD_SHIFT:
            inside = [*self.selection, *[u for u in inside if u not in self.selection]]
        self.set_selection(inside)
        return True

    def on_screen_key(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.ESCAPE and self.selection:
            self.set_selection([])
            return True
        if symbol == arcade.key.BACKSPACE:
            self.reset()
            return True
        if symbol == arcade.key.A and self.hover_tile is not None:
            self.set_selection(self.units_on(self.hover_tile, self.viewer))
            return True
        return super().on_screen_key(symbol, modifiers)


# -- 8.5 reinforcements ---------------------------------------------------------------------
def battle_site(board: dict[str, Any]) -> str | None:
    k = board.get("current_battle")
    for b in board.get("battles") or []:
        if b["number"] == k:
            return b["tile"]
    return (board.get("retreat") or {}).get("tile")


class ReinforcementsView(PhaseView):
    """Click own eligible units (they bounce) to toggle them; the site pulses."""

    ready_words = N_("No reinforcements")

    def __init__(self, app: Any, session: Any, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        self.site = battle_site(self.board)

    @property
    def picks(self) -> list[str]:
        r = self.board["reinforcements"][self.viewer]
        return list(r) if isinstance(r, list) else []

    @property
    def eligible(self) -> list[str]:
        return list(self.board["eligible"][self.viewer])

    def refresh_screen(self) -> None:
        self.site = battle_site(self.board)
        picks = self.picks
        self.ready_btn.text = _("Submit units") if picks else _("No reinforcements")
        main = self.units_on(self.site, self.viewer) if self.site else []
        opp_main = self.units_on(self.site, self.opponent) if self.site else []
        base = self.content.tiles[self.site].base_of if self.site else None
        lines = [(battle_title(self.board, self.site, N_("Reinforcements")), look.GOLD, 15,
                  True)]
        if self.viewer not in self.state["to_act"]:
            lines.append((_("Waiting for the opponent's reinforcements"), look.TEXT, 13, True))
        else:
            lines.append((_("Click your bouncing units next to the battle to send them in. "
                            "Reinforcements add strength but never move."), look.MUTED, 11,
                          False))
        mine = look.strength_of(main) + look.strength_of(picks) + (2 if base == self.viewer
                                                                  else 0)
        theirs = look.strength_of(opp_main) + (2 if base == self.opponent else 0)
        lines += [("", look.TEXT, 0, False),
                  (_("Your battle strength: {n}").format(n=mine), look.SEAT_LIGHT[self.viewer],
                   13, True),
                  (_("  main army {strength} ({badge})").format(
                      strength=look.strength_of(main), badge=look.stack_badge(main)),
                   look.TEXT, 11, False),
                  (ngettext("  reinforcements {strength} ({n} unit)",
                            "  reinforcements {strength} ({n} units)", len(picks)).format(
                      strength=look.strength_of(picks), n=len(picks)),
                   look.TEXT, 11, False),
                  (_("Opponent main army: {n}").format(n=theirs), look.SEAT_LIGHT[self.opponent],
                   13, True),
                  (_("  their reinforcements are secret"), look.MUTED, 11, False)]
        wait = self.waiting_line()
        if wait and self.viewer in self.state["to_act"]:
            lines.append((wait, look.GOLD, 12, False))
        self.set_panel(lines)
        self.refresh_buttons()

    def toggle(self, uid: str) -> None:
        if not self.can_act or self.viewer_ready or uid not in self.eligible:
            return
        picks = self.picks
        picks = [u for u in picks if u != uid] if uid in picks else [*picks, uid]
        self.submit({"seat": self.viewer, "type": "reinforce", "units": picks})

    def update_screen(self, dt: float) -> None:
        if not self.can_act or self.viewer_ready:
            return
        for uid in self.eligible:  # own eligible units bounce gently
            tok = self.tokens.get(uid)
            tile = self.token_tile.get(uid)
            if tok is None or tile is None or self.tweener.busy:
                continue
            seat_units = self.units_on(tile, self.viewer)
            x, y = self.grid.slot(tile, self.viewer, seat_units.index(uid))
            tok.position = (x, y + abs(3 * math.sin(self.clock * 5)))

    def draw_marks_under(self) -> None:
        if self.site:
            a = int(120 + 120 * self.pulse(5))
            arcade.draw_polygon_outline(self.grid.corners(self.site, 2),
                                        look.BATTLE.replace(a=a), 4)

    def draw_marks_over(self) -> None:
        if self.can_act and not self.viewer_ready:
            faint = Color(*look.SELECT[:3], int(90 + 90 * self.pulse(5)))
            for uid in self.eligible:
                if uid not in self.picks:
                    self.draw_ring(uid, faint, 2)
        for uid in self.picks:
            self.draw_ring(uid, look.CHECK, 3)
            tok = self.tokens.get(uid)
            if tok is not None:
                x, y = tok.position
                s = self.unit_size * 0.3
                arcade.draw_line_strip([(x + s, y + s * 1.2), (x + s * 1.5, y + s * 0.7),
                                        (x + s * 2.4, y + s * 1.9)], look.CHECK, 3)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        uid = self.token_at(x, y)
        if uid is not None:
            if uid in self.eligible:
                self.toggle(uid)
            elif look.unit_seat(uid) == self.viewer and self.can_act:
                self.notify(_("That unit cannot reinforce this battle."))
        return True


# -- 8.6 choose cards -----------------------------------------------------------------------
HAND_H = 150
STRENGTH_H = 104
# A short window (960x600) packs the hand and the strength panels tighter: full size, they
# left the map hexes too small for the tile ids (8).
COMPACT_BELOW = 600  # map rect height under which the cards screen is compact
# Above this UI scale the strength panels are packed at any height: their texts have grown by
# half, and full size they left the map a quarter smaller than at 1x (53 px hexes for 70 at
# 1.5x on 1920x1080); packed, the map keeps over 80 % of its 1x size.
PACKED_ABOVE_SCALE = 1.25
# a packed strength panel at least this wide puts its total on the name's line: three rows
STRENGTH_WIDE_W = 360
STRENGTH_H_WIDE = 68
HAND_H_COMPACT = 124
STRENGTH_H_COMPACT = 86
CARD_W, CARD_W_COMPACT = 92.0, 74.0


class CardsView(PhaseView):
    """Strength panels on top, the own hand at the bottom; click a card, then Confirm."""

    ready_words = N_("Confirm card")
    esc_help = esc_clears("close the opponent's hand or the discards")

    def __init__(self, app: Any, session: Any, viewer: int | None = None) -> None:
        import pyglet

        super().__init__(app, session, viewer)
        self.site = battle_site(self.board)
        self.hand = arcade.SpriteList()
        self.hand_ids: list[str] = []
        self.hover_card: str | None = None
        self.popup: str | None = None  # "opponent" | "discards"
        self.popup_cards = arcade.SpriteList()
        self.popup_batch = pyglet.graphics.Batch()
        self.popup_rect = arcade.LBWH(0, 0, 1, 1)
        self.show_near = False
        self.show_reinf = True
        self.strength_batch = pyglet.graphics.Batch()
        self.strength_rects: list[arcade.types.Rect] = []
        self.strength_sprites = arcade.SpriteList()
        self.popup_sprites = arcade.SpriteList()
        self.texts_strength: list[arcade.Text] = []
        self.preview = arcade.Text("", 0, 0, look.TEXT, 12, bold=True, font_name=UI_FONT,
                                   anchor_x="center", batch=self.batch)
        self.opp_btn = make_button(_("Opponent hand"), height=32,
                                   on_click=lambda: self.toggle_popup("opponent"))
        self.disc_btn = make_button(_("Discards"), height=32,
                                    on_click=lambda: self.toggle_popup("discards"))
        self.near_btn = make_button(_("Show nearby units"), height=32, on_click=self.toggle_near)
        self.reinf_btn = make_button(_("Show reinforcements"), height=32,
                                     on_click=self.toggle_reinf)
        self.unready_btn.text = _("Change card")
        self.compact = False  # a short window: the hand's cards and the strength panels packed
        self.packed = False  # the strength panels packed (`PACKED_ABOVE_SCALE`)
        self.strength_wide = False  # packed, and wide enough for three rows (`STRENGTH_WIDE_W`)
        self.hand_room = 0.0  # what the tallest card of the hand needs (`fit_map`)

    @property
    def hand_h(self) -> float:
        return max(HAND_H_COMPACT if self.compact else HAND_H, self.hand_room)

    @property
    def strength_h(self) -> float:
        if self.packed:
            return STRENGTH_H_WIDE if self.strength_wide else STRENGTH_H_COMPACT
        return STRENGTH_H

    def fit_map(self, rect: arcade.types.Rect) -> arcade.types.Rect:
        """The map between the strength panels and the hand; both are packed tighter on a
        short window (decided here: it is the first step of every layout)."""
        self.compact = rect.height < COMPACT_BELOW
        self.packed = self.compact or scale_of(self.window) > PACKED_ABOVE_SCALE
        self.strength_wide = self.packed and (rect.width - 12) / 2 >= STRENGTH_WIDE_W
        cw = CARD_W_COMPACT if self.compact else CARD_W
        most = rect.height * 0.32  # a long label makes its card taller, the map gives way
        faces = [look.card_texture(self.content, cid, cw, most)
                 for cid in self.board["hands"][self.viewer]]
        self.hand_room = max((look.face_height(f, cw) for f in faces), default=0.0) + 24
        return arcade.LRBT(rect.left, rect.right, rect.bottom + self.hand_h + 4,
                           rect.top - self.strength_h - 4)

    def chosen(self) -> str | None:
        c = self.board["cards_chosen"][self.viewer]
        return c if isinstance(c, str) and c != "hidden" else None

    def layout_screen(self, width: int, height: int) -> None:
        m = self.map_rect
        self.preview.position = (m.center_x, LOG_H + self.hand_h - 6)
        r = self.right_rect
        for i, b in enumerate((self.reinf_btn, self.near_btn, self.disc_btn, self.opp_btn)):
            b.rect = arcade.LBWH(r.left + 14, r.bottom + 104 + i * 40, r.width - 28, 32)
            self.show_widget(b, True)

    def extra_buttons(self) -> list[Any]:
        return []

    def ready_allowed(self) -> bool:
        return self.chosen() is not None

    def refresh_screen(self) -> None:
        self.site = battle_site(self.board)
        self.build_hand()
        self.build_strength()
        c = self.chosen()
        lines = [(battle_title(self.board, self.site, N_("Choose Cards")), look.GOLD, 15, True),
                 (_("Pick one card in secret. Hover a card to preview your score."), look.MUTED,
                  11, False), ("", look.TEXT, 0, False)]
        if c is not None:
            card = self.content.cards[c]
            lines.append((_("Chosen: Power {n}").format(n=card.power), look.TEXT, 13, True))
        wait = self.waiting_line()
        if wait:
            lines.append((wait, look.GOLD, 12, False))
        self.set_panel(lines)
        self.refresh_buttons()
        self.update_preview()
        if self.popup:
            self.build_popup()

    def side_units(self, seat: int) -> tuple[list[str], list[str]]:
        main = self.units_on(self.site, seat) if self.site else []
        r = self.board["reinforcements"][seat]
        return main, (list(r) if isinstance(r, list) else [])

    def build_strength(self) -> None:
        """8.6: per army tanks, infantry, reinforcements, base +2 and the total."""
        import pyglet

        self.strength_batch = pyglet.graphics.Batch()
        self.texts_strength = []
        m = self.map_rect
        top = m.top + self.strength_h + 2
        pad, row_gap = (5, 6) if self.packed else (8, 10)
        w = (m.width - 12) / 2
        self.strength_rects = []
        base = self.content.tiles[self.site].base_of if self.site else None
        for i, seat in enumerate((self.viewer, self.opponent)):
            rect = arcade.LBWH(m.left + i * (w + 12), top - self.strength_h, w,
                               self.strength_h - 4)
            self.strength_rects.append(rect)
            main, reinf = self.side_units(seat)
            t, n = look.kinds_count(main)
            bonus = 2 if base == seat else 0
            total = look.strength_of(main) + look.strength_of(reinf) + bonus
            name = (_("You — {player}") if seat == self.viewer else
                    _("Opponent — {player}")).format(player=look.seat_name(seat))
            rows = [(name, look.SEAT_LIGHT[seat], 13, True),
                    (_("Tanks {tanks} (+{tank_strength})    Infantry {infantry} "
                       "(+{infantry_strength})").format(tanks=t, tank_strength=2 * t,
                                                        infantry=n, infantry_strength=n),
                     look.TEXT, 11, False),
                    (_("Reinf. {n} (+{strength})    Base +{bonus}").format(
                        n=len(reinf), strength=look.strength_of(reinf), bonus=bonus),
                     look.TEXT, 11, False)]
            y = rect.top - pad
            total_text = _("Total {n} + card").format(n=total)
            if self.strength_wide:  # the total at the right of the name's line
                self.texts_strength.append(arcade.Text(
                    total_text, rect.right - 10, y, look.GOLD, 13, bold=True,
                    font_name=UI_FONT, anchor_x="right", anchor_y="top"))
            else:
                rows.append((total_text, look.GOLD, 13, True))
            for text, colour, size, bold in rows:
                self.texts_strength.append(arcade.Text(
                    text, rect.left + 10, y, colour, size, bold=bold, font_name=UI_FONT,
                    anchor_y="top"))
                y -= size + row_gap
        self.strength_sprites = self.bake(self.texts_strength)

    def strength_text(self) -> str:
        return "\n".join(t.text for t in self.texts_strength)

    def build_hand(self) -> None:
        self.hand = arcade.SpriteList()
        self.hand_ids = list(self.board["hands"][self.viewer])
        m = self.map_rect
        n = max(1, len(self.hand_ids))
        cw = min(CARD_W_COMPACT if self.compact else CARD_W, (m.width - 20) / n - 8)
        chosen = self.chosen()
        x0 = m.center_x - (n * (cw + 8) - 8) / 2 + cw / 2
        for i, cid in enumerate(self.hand_ids):
            face = look.card_texture(self.content, cid, cw, self.hand_h - 24)
            sp = arcade.Sprite(face)
            sp.width, sp.height = cw, look.face_height(face, cw)
            raised = 16 if cid == chosen else 0
            sp.center_x, sp.bottom = x0 + i * (cw + 8), LOG_H + 8 + raised
            self.hand.append(sp)

    def card_at(self, x: float, y: float) -> str | None:
        for cid, sp in zip(self.hand_ids, self.hand, strict=False):
            if sp.left <= x <= sp.right and sp.bottom <= y <= sp.top:
                return cid
        return None

    def score_preview(self, card_id: str) -> str:
        """The own score with this card; abilities that need the opponent's card show "?"."""
        card = self.content.cards[card_id]
        main, reinf = self.side_units(self.viewer)
        opp_main, opp_reinf = self.side_units(self.opponent)
        base = self.content.tiles[self.site].base_of if self.site else None
        score = look.strength_of(main) + look.strength_of(reinf) + card.power
        score += 2 if base == self.viewer else 0
        unknown = False
        ab = card.ability
        own = [look.unit_kind(u) for u in main + reinf]
        if ab == 1 and own and "tank" not in own:
            score += 2
        elif ab == 3 and not reinf and opp_reinf:
            score += 3
        elif ab == 4 and sum(look.unit_kind(u) == "infantry" for u in opp_main) < 2:
            score += sum(look.unit_kind(u) == "infantry" for u in main + reinf)
        elif ab == 5 and sum(look.unit_kind(u) == "tank" for u in opp_main) < 2:
            score += sum(look.unit_kind(u) == "tank" for u in main)
        elif ab == 9 and base == self.viewer:
            score += 2
        elif ab in (6, 7, 8):
            unknown = True
        return _("Score with Power {power}: {score}").format(power=card.power, score=score) \
            + (" ?" if unknown else "")

    def update_preview(self) -> None:
        cid = self.hover_card or self.chosen()
        set_text(self.preview, self.score_preview(cid) if cid else "")

    def toggle_popup(self, which: str) -> None:
        self.popup = None if self.popup == which else which
        if self.popup:
            self.build_popup()

    def build_popup(self) -> None:
        import pyglet

        self.popup_cards = arcade.SpriteList()
        self.popup_batch = pyglet.graphics.Batch()
        m = self.map_rect
        rows: list[tuple[str, list[str]]]
        if self.popup == "opponent":
            rows = [(_("Opponent hand"), list(self.board["hands"][self.opponent]))]
        else:
            rows = [(_("Your discards"), list(self.board["discards"][self.viewer])),
                    (_("Opponent discards"), list(self.board["discards"][self.opponent]))]
        cw, ch = 70.0, 98.0
        h = len(rows) * (ch + 34) + 20
        self.popup_rect = arcade.LBWH(m.left + 10, m.center_y - h / 2, m.width - 20, h)
        y = self.popup_rect.top - 12
        self.popup_texts = []
        for title, cards in rows:
            self.popup_texts.append(arcade.Text(title, self.popup_rect.left + 12, y, look.GOLD,
                                                12, bold=True, font_name=UI_FONT,
                                                anchor_y="top"))
            if not cards:
                self.popup_texts.append(arcade.Text(_("none"), self.popup_rect.left + 12, y - 40,
                                                    look.MUTED, 12, font_name=UI_FONT))
            for i, cid in enumerate(cards):
                sp = arcade.Sprite(look.card_texture(self.content, cid, cw))
                sp.width, sp.height = cw, ch
                sp.position = (self.popup_rect.left + 12 + cw / 2 + i * (cw + 6),
                               y - 22 - ch / 2)
                self.popup_cards.append(sp)
            y -= ch + 34
        self.popup_sprites = self.bake(self.popup_texts)

    def toggle_near(self) -> None:
        self.show_near = not self.show_near
        self.near_btn.text = _("Hide nearby units") if self.show_near else _("Show nearby units")

    def toggle_reinf(self) -> None:
        self.show_reinf = not self.show_reinf
        self.reinf_btn.text = _("Hide reinforcements") if self.show_reinf else \
            _("Show reinforcements")

    def choose(self, card_id: str) -> None:
        if self.can_act and not self.viewer_ready:
            self.submit({"seat": self.viewer, "type": "choose_card", "card": card_id})

    def draw_marks_under(self) -> None:
        if self.site:
            arcade.draw_polygon_outline(self.grid.corners(self.site, 2), look.BATTLE, 4)
            if self.show_near:
                for t in self.content.neighbours[self.site]:
                    self.tile_fill(t, Color(255, 255, 255, 60))

    def draw_marks_over(self) -> None:
        if self.show_reinf:
            for seat in (0, 1):
                for uid in self.side_units(seat)[1]:
                    self.draw_ring(uid, look.CHECK, 3)

    def draw_screen(self) -> None:
        for r in self.strength_rects:
            arcade.draw_lrbt_rectangle_filled(r.left, r.right, r.bottom, r.top, look.PANEL)
            arcade.draw_lrbt_rectangle_outline(r.left, r.right, r.bottom, r.top,
                                               look.PANEL_EDGE, 1)
        draw_baked(self.strength_sprites)
        self.hand.draw()
        chosen = self.chosen()
        for cid, sp in zip(self.hand_ids, self.hand, strict=False):
            if cid == chosen:
                arcade.draw_lrbt_rectangle_outline(sp.left - 2, sp.right + 2, sp.bottom - 2,
                                                   sp.top + 2, look.SELECT, 3)
            elif cid == self.hover_card and self.can_act and not self.viewer_ready:
                arcade.draw_lrbt_rectangle_outline(sp.left - 1, sp.right + 1, sp.bottom - 1,
                                                   sp.top + 1, look.TEXT, 2)
        if self.popup:
            r = self.popup_rect
            arcade.draw_lrbt_rectangle_filled(r.left, r.right, r.bottom, r.top,
                                              Color(16, 20, 26, 245))
            arcade.draw_lrbt_rectangle_outline(r.left, r.right, r.bottom, r.top, look.GOLD, 2)
            self.popup_cards.draw()
            draw_baked(self.popup_sprites)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        card = self.card_at(x, y)
        if card != self.hover_card:
            self.hover_card = card
            self.update_preview()
        return super().on_mouse_motion(x, y, dx, dy)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if self.popup:
            self.popup = None
            return True
        card = self.card_at(x, y)
        if card is not None:
            self.choose(card)
        return True

    def on_screen_key(self, symbol: int, modifiers: int) -> bool:
        if arcade.key.KEY_1 <= symbol <= arcade.key.KEY_9:
            i = symbol - arcade.key.KEY_1
            if i < len(self.hand_ids):
                self.choose(self.hand_ids[i])
            return True
        if symbol == arcade.key.ESCAPE and self.popup:
            self.popup = None
            return True
        if symbol == arcade.key.BACKSPACE:
            self.unready()
            return True
        return super().on_screen_key(symbol, modifiers)


# -- 8.8 retreat ----------------------------------------------------------------------------
class RetreatView(PhaseView):
    """Select a retreating unit, then click (or drag it to) a tile with a blue check."""

    ready_words = N_("Done retreating")

    def __init__(self, app: Any, session: Any, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        self.reset_btn = make_button(_("Reset retreat"), on_click=self.reset)
        self.selected: str | None = None
        self.press: tuple[float, float] | None = None
        self.dragging = False

    @property
    def site(self) -> str | None:
        r = self.board.get("retreat")
        return r["tile"] if r else None

    @property
    def listed(self) -> list[str]:
        r = self.board.get("retreat")
        return list(r["units"][self.viewer]) if r else []

    def on_site(self) -> list[str]:
        units = {u["id"]: u for u in self.board["units"]}
        return [u for u in self.listed if u in units and units[u]["tile"] == self.site]

    def extra_buttons(self) -> list[Any]:
        return [self.reset_btn]

    def ready_allowed(self) -> bool:
        return not self.on_site()

    def marked_tiles(self) -> list[str]:
        return [*self.targets(), *([self.site] if self.site else [])]

    def targets(self) -> list[str]:
        if not self.selected:
            return []
        return [d["to"] for d in self.legal()
                if d["type"] == "retreat" and d["unit"] == self.selected]

    def refresh_screen(self) -> None:
        left = self.on_site()
        if self.selected not in self.listed or (self.selected not in left and left):
            self.selected = left[0] if left else None
        trapped = (self.board.get("last_result") or {}).get("trapped") or [[], []]
        lines = [(_("Retreat Units"), look.GOLD, 15, True)]
        if self.viewer not in self.state["to_act"]:
            lines.append((_("The opponent is retreating"), look.TEXT, 13, True))
        else:
            lines += [(_("Select a highlighted unit, then click a tile with a blue check (or "
                         "drag the unit there). Not toward the enemy base, not onto enemy units, "
                         "at most {n} of yours per tile.").format(
                           n=self.content.rules.max_own_per_tile), look.MUTED, 11, False),
                      ("", look.TEXT, 0, False),
                      (_("Still on {tile}: {n}").format(tile=self.site, n=len(left)) if self.site
                       else _("Still to retreat: {n}").format(n=len(left)), look.TEXT, 13, True)]
        lost = trapped[self.viewer] + trapped[self.opponent]
        if lost:
            lines.append(("", look.TEXT, 0, False))
            lines.append((_("Destroyed for lack of room:"), look.ILLEGAL, 12, True))
            lines += [(_("  {player} {unit}").format(player=look.seat_name(look.unit_seat(u)),
                                                     unit=look.unit_label(u)),
                       look.TEXT, 11, False) for u in lost]
        wait = self.waiting_line()
        if wait and self.viewer in self.state["to_act"]:
            lines.append((wait, look.GOLD, 12, False))
        self.set_panel(lines)
        self.refresh_buttons()

    def reset(self) -> None:
        if self.can_act and not self.viewer_ready:
            self.submit({"seat": self.viewer, "type": "reset_moves"})

    def retreat_to(self, uid: str, tile: str) -> bool:
        if not self.can_act or self.viewer_ready:
            return False
        return self.submit({"seat": self.viewer, "type": "retreat", "unit": uid, "to": tile})

    def draw_marks_under(self) -> None:
        if self.site:
            arcade.draw_polygon_outline(self.grid.corners(self.site, 2), look.BATTLE, 4)

    def draw_marks_over(self) -> None:
        glow = Color(*look.SELECT[:3], int(150 + 100 * self.pulse()))
        for uid in self.on_site():
            self.draw_ring(uid, glow if uid != self.selected else look.TEXT,
                           3 if uid != self.selected else 4)
        if self.selected and self.site and self.can_act and not self.viewer_ready:
            ok = set(self.targets())
            for t in self.content.neighbours[self.site]:
                if t in ok:
                    self.draw_check(t)
                else:
                    self.draw_cross(t)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if not self.can_act or self.viewer_ready or self.animating:
            return True
        uid = self.token_at(x, y)
        if uid is not None and uid in self.listed:
            self.selected = uid
            self.press = (x, y)
            self.dragging = False
            return True
        self.press = None
        tile = self.grid.tile_at(x, y)
        if self.selected and tile is not None and tile != self.site:
            self.retreat_to(self.selected, tile)
        return True

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int,
                      modifiers: int) -> bool:
        if self.press is not None and self.selected:
            if abs(x - self.press[0]) + abs(y - self.press[1]) > DRAG_MIN:
                self.dragging = True
            tok = self.tokens.get(self.selected)
            if self.dragging and tok is not None:
                tok.position = (x, y)
        self.on_mouse_motion(x, y, dx, dy)
        return True

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if self.press is None or not self.dragging or not self.selected:
            self.press = None
            return True
        self.press, self.dragging = None, False
        tile = self.grid.tile_at(x, y)
        if tile is None or not self.retreat_to(self.selected, tile):
            self.refresh()
        return True

    def on_screen_key(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.BACKSPACE:
            self.reset()
            return True
        return super().on_screen_key(symbol, modifiers)


# -- 8.9 game over --------------------------------------------------------------------------
class GameOverView(ConquestView):
    """Victory / Defeat / Draw with the reason, the last battle, rounds and units left."""

    kind = "over"
    drives_cpu = False

    def __init__(self, app: Any, session: Any, viewer: int | None = None) -> None:
        super().__init__(app, session, viewer)
        self.rematch_btn = make_button(_("Rematch"), kind="primary", on_click=self.rematch)
        self.save_btn = make_button(_("Save replay"), on_click=self.save_replay)
        self.menu_btn = make_button(_("Menu"), on_click=self.to_menu)
        for b in (self.rematch_btn, self.save_btn, self.menu_btn):
            self.ui.add(b)
        self.saved: Path | None = None
        self.announced = False

    def wants_handover(self) -> bool:
        return False

    def on_show_view(self) -> None:
        super().on_show_view()
        remote = self.session.remote
        if self.session.live and not self.session.closed \
                and (remote is None or remote.final is not None):
            # The match is over: its own save has nothing left to continue (another
            # match's save stays). A network match's record came from the host at the end.
            from game.engine.record import match_record

            self.app.finish_match(match_record(self.session.match))

    def outcome(self) -> str:
        """"draw", "victory", "defeat" (one person playing) or "seat" (a seat won)."""
        w = (self.state["result"] or {}).get("winner")
        if w is None:
            return "draw"
        if len(self.session.humans) == 1:
            return "victory" if w == self.session.humans[0] else "defeat"
        return "seat"

    def headline(self) -> str:
        outcome = self.outcome()
        if outcome == "seat":
            return _("{player} wins").format(
                player=look.seat_name((self.state["result"] or {})["winner"]))
        return {"draw": _("Draw"), "victory": _("Victory"), "defeat": _("Defeat")}[outcome]

    def reason_line(self) -> str:
        result = self.state["result"] or {}
        reason = result.get("reason", "")
        words = look.match_reason(reason)
        if reason == "round_cap":
            s = [look.strength_of([u["id"] for u in self.board["units"] if u["seat"] == seat])
                 for seat in (0, 1)]
            words = _("{reason}: strength {first} vs {second}").format(
                reason=words, first=s[0], second=s[1])
        return words

    def refresh_screen(self) -> None:
        lr = self.board.get("last_result")
        left = [sum(1 for u in self.board["units"] if u["seat"] == s) for s in (0, 1)]
        lines = [(self.headline(), look.GOLD, 26, True), (self.reason_line(), look.TEXT, 14, True),
                 ("", look.TEXT, 0, False),
                 (_("Rounds played: {n}").format(n=self.board["round"]), look.TEXT, 12, False),
                 (_("Units left: {first} (Player 1), {second} (Player 2)").format(
                     first=left[0], second=left[1]), look.TEXT, 12, False)]
        if lr:
            w = lr["winner"]
            scores = {"first": lr["scores"][0], "second": lr["scores"][1],
                      "reason": look.battle_reason(lr["reason"])}
            lines += [("", look.TEXT, 0, False),
                      (_("Last battle #{number} at {tile}").format(number=lr["number"],
                                                                   tile=lr["tile"]),
                       look.TEXT, 12, True),
                      (_("Scores {first} – {second}: draw ({reason})").format(**scores)
                       if w is None else
                       _("Scores {first} – {second}: {player} won ({reason})").format(
                           player=look.seat_name(w), **scores), look.MUTED, 11, False)]
        self.set_panel(lines)
        self.stack_buttons([self.menu_btn, self.save_btn, self.rematch_btn])

    def update_screen(self, dt: float) -> None:
        if not self.announced and self.session.live:
            self.announced = True
            self.play_sound(look.SOUNDS["defeat" if self.outcome() == "defeat" else "victory"],
                            0.7)

    def rematch(self) -> None:
        from game.scenes.conquest.start import new_match, view_for

        if self.session.remote is not None:  # a new network match: the Network screen
            from game.scenes.network import open_network

            self.app.leave_match(self)
            open_network(self.app)
            return
        opts = self.match.options or {}
        ai = {int(k): v for k, v in (opts.get("ai") or {}).items()}
        kind = opts.get("setup_kind", "commanders")
        self.session.close()
        rules = self.app.rules_for(self.match.rules.mode)
        self.app.show_view(view_for(self.app, new_match(secrets.randbelow(900_000_000) + 1,
                                                        ai, kind, rules)))

    def save_replay(self) -> Path | None:
        from game.engine.record import match_record, save_record
        from game.paths import user_data_dir

        record = match_record(self.match)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = user_data_dir() / "replays" / f"conquest-{record.get('seed')}-{stamp}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_record(path, record)
        except OSError as exc:
            self.notify(_("Could not save the replay: {error}").format(error=exc))
            return None
        self.saved = path
        self.app.replay_saved(record)  # a match that could not be kept: its save may go now
        self.notify(_("Replay saved: {path}").format(path=path), "success", duration=4.0)
        return path

    def to_menu(self) -> None:
        self.session.close()
        self.app.show_menu()

    def on_screen_key(self, symbol: int, modifiers: int) -> bool:
        if symbol in ENTER_KEYS:
            self.rematch()
            return True
        return False


PHASE_VIEWS = {
    "commander": CommanderView, "placement": PlacementView, "movement": MovementView,
    "reinforcements": ReinforcementsView, "cards": CardsView, "retreat": RetreatView,
    "over": GameOverView,
}
