"""The placement view (spec strike.md 8.3).

The board with both zones tinted in the seat colours (alpha 40) and the neutral column dark
with a dashed outline; the panel marks the next unit to place (gold outline, "NEXT") and says
"PLACE YOUR UNITS" / "Next: P2 Nature Wave". Hovering a legal tile shows a ghost token (alpha
120) with a green outline, other tiles a red one; a click submits `place` (the rules say why an
illegal tile is refused). Placed tokens pop (1.3 -> 1.0 in 0.2 s), the CPU's fade in 0.25 s
apart; on `combat_started` "FIGHT!" shows for 0.8 s, then the combat view opens and plays the
events that follow.
"""

from __future__ import annotations

from typing import Any

import arcade

from game.engine.rng import ai_stream
from game.i18n import _
from game.scenes.animation import AlphaTween, ValueTween
from game.scenes.strike import look
from game.scenes.strike.board import BoardBase
from game.scenes.widgets import make_button

PLACE_FOR_ME_LEVEL = "normal"  # Place for me places as this CPU level would


class PlacementView(BoardBase):
    zone_tint = True

    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app, session)
        self.place_btn = make_button(_("Place for me"), width=150, height=28,
                                     on_click=self.place_for_me)
        self.placing_for: int | None = None  # Place for me is placing this seat's units

    # -- Place for me ----------------------------------------------------------------------------
    def place_for_me(self) -> None:
        """The rest of the acting person's units go where the normal CPU would put them: each
        placement is the CPU's decision for this seat (from the seat's own `ai.<seat>`
        stream), submitted through the rules as the person's own, one a frame
        (`update_screen`), so a network seat waits for each answer."""
        if self.human_to_act and self.next_to_place() is not None:
            self.app.sounds.play("click")
            self.placing_for = self.acting
            self.refresh_controls()

    def place_next_for_me(self) -> None:
        seat = self.placing_for
        if seat is None or self.animating or self.awaiting:
            return
        if not self.human_to_act or self.acting != seat or self.next_to_place() is None:
            self.placing_for = None
            self.refresh_controls()
            return
        from game.ai.workers.strike import think  # no arcade: placement is one draw

        streams = self.session.streams
        state = streams.get(seat) or ai_stream(self.match.seed, seat).get_state()
        decision, streams[seat] = think(PLACE_FOR_ME_LEVEL, seat, self.match.view_json(seat),
                                        state, None)
        if not self.submit(decision):
            self.placing_for = None

    def refresh_controls(self) -> None:
        self.show_widget(self.place_btn, self.human_to_act and self.placing_for is None
                         and self.next_to_place() is not None)

    def layout_panel(self, width: int, height: int) -> None:
        super().layout_panel(width, height)
        cx = self.turn_badge[0]
        self.place_btn.rect = arcade.LBWH(cx - 75, 30, 150, 28)  # clear of Undo (4..26)

    def update_screen(self, dt: float) -> None:
        super().update_screen(dt)
        self.place_next_for_me()

    def tutorial_button(self, name: Any) -> Any:
        return self.place_btn if name == "place_for_me" else None

    def undone(self) -> None:
        """An undo stops Place for me (it would place again what was taken back)."""
        self.placing_for = None
        self.refresh_controls()

    def next_to_place(self) -> str | None:
        seat = self.acting
        for u in self.state["board"]["units"]:
            if u["owner"] == seat and u["pos"] is None:
                return u["id"]
        return None

    # -- panel hooks ---------------------------------------------------------------------------
    def centre_lines(self) -> tuple[str, str, str]:
        nu = self.unit_json(self.next_to_place())
        nxt = ""
        if nu is not None:
            nxt = _("Next: {unit} {name}").format(unit=self.label_of(nu["id"]),
                                                  name=_(self.card(nu["card"]).name))
        other = _("{who} PLACING…").format(who=self.other_name(self.acting))
        return _("PLACEMENT"), _("PLACE YOUR UNITS") if self.human_to_act else other, nxt

    def block_words(self, u: dict[str, Any]) -> list[str]:
        return ["NEXT"] if self.next_to_place() == u["id"] else (["placed"] if u["pos"] else [])

    def is_ko(self, u: dict[str, Any]) -> bool:
        return False

    def gold_block(self) -> str | None:
        return self.next_to_place()

    # -- drawing -------------------------------------------------------------------------------
    def draw_under_tokens(self) -> None:
        tile = self.hover_tile
        if tile is None or self.animating:
            return
        if not self.human_to_act:
            self.tile_outline(tile, look.TEXT)
            return
        ok = any(d.get("tile") == list(tile) for d in self.legal())
        if ok:
            nxt = self.unit_json(self.next_to_place())
            if nxt is not None:
                ghost = self.ghost_sprite(nxt)
                ghost.position = self.centre(tile)
                arcade.draw_sprite(ghost)
        self.tile_outline(tile, look.GREEN if ok else look.RED)

    def ghost_sprite(self, u: dict[str, Any]) -> arcade.Sprite:
        tex = self.token_texture(u)
        ghost = getattr(self, "_ghost", None)
        if ghost is None or ghost.texture is not tex:
            ghost = self._ghost = arcade.Sprite(tex)
        ghost.alpha = 120
        return ghost

    # -- input and events ----------------------------------------------------------------------
    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if self.board_click():
            return True
        tile = self.tile_at(x, y)
        if (tile is None or not self.human_to_act or button != arcade.MOUSE_BUTTON_LEFT
                or self.placing_for is not None):
            return True
        self.submit({"seat": self.acting, "type": "place", "tile": list(tile)}, at=(x, y + 30))
        return True

    def after_submit(self, decision: dict[str, Any]) -> None:
        self.refresh_panel()

    def play_event(self, ev: dict[str, Any]) -> float:
        t = ev["type"]
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
            from game.scenes.strike.combat import CombatView

            self.show_banner("FIGHT!", 0.8)
            self.next_view = CombatView  # once the banner is gone
            return 0.8
        return 0.0
