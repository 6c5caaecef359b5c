"""The result view (spec strike.md 8.5): an overlay over the final board.

"VICTORY" (200 confetti particles), "DEFEAT" (falling ash) or "DRAW" ("SEAT n WINS" in hot seat
and watch), the reason, per side units alive, damage dealt, HP healed and abilities used (from a
replay of the record), rounds played and both decks. Buttons: "Play again" (new seed, same CPU
levels; Enter), "Watch replay", "Save replay", "Main menu" (Esc).

Nothing under the overlay moves, so the view draws it once into an offscreen texture (the
board, the panel with its labels, the dimming) and then shows that picture as one opaque
full-window quad instead of clearing the window: each frame draws the picture, the confetti,
the box (opaque), its texts (baked, `game.scenes.bake`) and the buttons. A resize draws the
picture again.
"""

from __future__ import annotations

import random
import secrets
import time
from functools import cache
from pathlib import Path
from typing import Any

import arcade
import arcade.gui as gui
import pyglet
from arcade.gl import geometry
from arcade.shape_list import ShapeElementList
from arcade.types import Color

from game.i18n import N_, _
from game.scenes import theme
from game.scenes.bake import bake_each, draw_baked, offscreen
from game.scenes.base import ESC_MENU
from game.scenes.fonts import KENNEY_FONT, UI_FONT
from game.scenes.scale import view_size
from game.scenes.screen import draw_opaque
from game.scenes.strike import look
from game.scenes.strike.board import BoardBase, rect
from game.scenes.widgets import make_button

DIM = Color(0, 0, 0, 150)


class ResultView(BoardBase):
    ability_buttons = False
    esc_help = ESC_MENU  # type: ignore[assignment]  (Esc: to_menu)

    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app, session)
        self.stats = self.compute_stats()
        self.result_ui: list[gui.UIWidget] = []
        self.result_texts: list[arcade.Text] = []
        self.particles = arcade.SpriteList()
        self.saved_replay: Path | None = None
        self._sounded = False
        self.backdrop: Any = None  # the framebuffer holding the picture under the overlay
        self.panel_batch = self.batch  # the panel's labels, drawn into the picture
        self.box = ShapeElementList(blend=False)
        self.baked = arcade.SpriteList()
        again = make_button(_("Play again"), width=150, kind="primary", on_click=self.play_again)
        watch = make_button(_("Watch replay"), width=150, on_click=self.watch_replay)
        save = make_button(_("Save replay"), width=150, on_click=self.save_replay)
        menu = make_button(_("Main menu"), width=150, on_click=self.to_menu)
        self.result_ui = [again, watch, save, menu]
        self.again_btn, self.watch_btn, self.save_btn, self.menu_btn = self.result_ui
        for widget in self.result_ui:
            self.ui.add(widget)

    def centre_lines(self) -> tuple[str, str, str]:
        return _("MATCH OVER"), self.round_line(), self.last_action

    # -- contents ------------------------------------------------------------------------------
    def compute_stats(self) -> dict[int, dict[str, int]]:
        from game.engine.record import match_record, replay

        stats = {s: {"alive": 0, "damage": 0, "healed": 0, "abilities": 0} for s in (0, 1)}
        for u in self.state["board"]["units"]:
            if u["hp"] > 0:
                stats[u["owner"]]["alive"] += 1
        owner = {u["id"]: u["owner"] for u in self.state["board"]["units"]}
        from game.engine.match import Match

        try:
            with Match.lock:  # a host of this process shares esper
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
            with Match.lock:
                rp.match.close()
        return stats

    def result_words(self) -> tuple[str, str]:
        res = self.state["result"] or {}
        winner, reason = res.get("winner"), res.get("reason")
        me = self.session.me
        neutral = self.session.hotseat or not self.session.humans
        if winner is None:
            title = N_("DRAW")
        elif neutral:
            title = _("SEAT {n} WINS").format(n=winner + 1)
        else:
            title = N_("VICTORY") if winner == me else N_("DEFEAT")
        if reason == "mutual_elimination":
            why = _("Both sides fell at once")
        elif reason == "round_cap":
            why = _("Round limit — equal HP") if winner is None else _("Round limit — more total HP")
        elif neutral:
            why = _("All units of seat {n} were defeated").format(n=2 - (winner or 0))
        elif winner == me:
            why = _("All enemy units defeated")
        else:
            why = _("All your units were defeated")
        return title, why

    def stat_lines(self) -> list[str]:
        board = self.state["board"]
        lines = []
        for seat in (0, 1):
            st = self.stats[seat]
            deck = ", ".join(_(self.card(c).name) for c in board["decks"][seat])
            side = self.side_name(seat)
            who = {"YOUR": _("You"), "ENEMY": _("Enemy")}.get(side, side.title())
            lines.append(_("{who}: {alive} alive · {damage} damage · {healed} healed · "
                           "{abilities} abilities").format(who=who, **st))
            lines.append("    " + _("deck: {cards}").format(cards=deck))
        return lines

    # -- layout and drawing --------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        super().layout(width, height)
        title, why = self.result_words()
        cx, cy = (width - self.log_room(width)) / 2, height / 2  # left of the log panel
        colour = theme.GOLD if title == "VICTORY" or "WINS" in title else \
            look.RED if title == "DEFEAT" else look.TEXT
        self.result_texts = [
            arcade.Text(_(title), cx, cy + 120, colour, 46, font_name=KENNEY_FONT,
                        anchor_x="center", anchor_y="center"),
            arcade.Text(why, cx, cy + 70, look.TEXT, 16, font_name=UI_FONT, bold=True,
                        anchor_x="center", anchor_y="center"),
            arcade.Text(_("Rounds played: {n}").format(n=self.state["board"]["round"]), cx, cy + 40,
                        look.MUTED, 12, font_name=UI_FONT, anchor_x="center", anchor_y="center"),
            arcade.Text("\n".join(self.stat_lines()), cx, cy + 20, look.TEXT, 11,
                        font_name=UI_FONT, anchor_x="center", anchor_y="top", multiline=True,
                        width=620, align="center"),
        ]
        for i, btn in enumerate(self.result_ui):
            btn.rect = arcade.LBWH(cx - 315 + i * 160, cy - 130, 150, 40)
        left, right, bottom, top = cx - 340, cx + 340, cy - 150, cy + 160
        self.box = ShapeElementList(blend=False)
        for box in ((left, right, bottom, bottom + 2), (left, right, top - 2, top),
                    (left, left + 2, bottom, top), (right - 2, right, bottom, top)):
            self.box.append(rect(*box, look.PANEL_EDGE))
        self.box.append(rect(left + 2, right - 2, bottom + 2, top - 2, look.PANEL))
        self.baked = arcade.SpriteList()
        self.baked.extend(bake_each(self.result_texts, "strike-result"))
        self.backdrop = None  # drawn again at the next frame
        self.make_particles(width, height, victory=title != "DEFEAT")
        if self.session.live and not self._sounded:
            self._sounded = True
            self.play("victory" if title != "DEFEAT" else "defeat")

    def make_particles(self, w: int, h: int, victory: bool) -> None:
        self.particles = arcade.SpriteList()
        rng = random.Random(len(self.match.decisions))
        for _n in range(200 if victory else 120):
            colr = (rng.choice([look.SEAT_COLOURS[0], look.SEAT_COLOURS[1], theme.GOLD,
                                look.BLUE, look.TEXT]) if victory
                    else Color(90, 90, 96, 200))
            p = arcade.SpriteSolidColor(5, 8 if victory else 4, color=colr)
            p.position = (rng.uniform(0, w), rng.uniform(h * 0.3, h * 1.3))
            p.change_y = -rng.uniform(40, 120) if victory else -rng.uniform(15, 45)
            p.change_x = rng.uniform(-30, 30)
            p.change_angle = rng.uniform(-180, 180) if victory else 0
            self.particles.append(p)

    def has_loops(self) -> bool:
        return bool(self.particles) or super().has_loops()  # the confetti or the ash

    def update_screen(self, dt: float) -> None:
        super().update_screen(dt)
        if not self.lively:  # the particles hold still when nobody plays
            return
        h = view_size(self.window)[1]
        for p in self.particles:
            p.center_x += p.change_x * dt
            p.center_y += p.change_y * dt
            p.angle += p.change_angle * dt
            if p.center_y < -10:
                p.center_y = h + 10

    def draw_backdrop(self) -> None:
        """Draw the final board, the panel and the dimming into an offscreen framebuffer."""
        win = self.window
        ctx = win.ctx
        w, h = view_size(win)
        target = offscreen(0, 0, w, h)
        fbo = target.fbo
        with target.camera.activate():
            fbo.clear(color=look.BACKGROUND.replace(a=255))
            super().draw_board()
            self.panel_batch.draw()
            arcade.draw_lrbt_rectangle_filled(0, w, 0, h, DIM)
        fbo.color_attachments[0].filter = (ctx.NEAREST, ctx.NEAREST)
        self.backdrop = fbo
        self.batch = pyglet.graphics.Batch()  # the panel's labels are in the picture now

    def clear(self, *args: Any, **kwargs: Any) -> None:
        """The frame starts with the picture (opaque, every pixel) instead of a clear."""
        if self.backdrop is None:
            self.draw_backdrop()
        ctx = self.window.ctx
        with ctx.enabled_only():
            self.backdrop.color_attachments[0].use(0)
            self._quad().render(ctx.utility_textured_quad_program)

    @staticmethod
    @cache
    def _quad() -> Any:
        return geometry.quad_2d_fs()

    def draw_board(self) -> None:
        """Over the picture: confetti (or ash), the box and its texts; the gui comes next."""
        self.particles.draw()
        draw_opaque(self.box)
        draw_baked(self.baked)

    # -- input ---------------------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        return True  # no hover or tooltip under the overlay

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        return True  # the buttons take their clicks through the gui

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.play_again()
            return True
        if symbol == arcade.key.ESCAPE:
            self.to_menu()
            return True
        return False

    # -- buttons -------------------------------------------------------------------------------
    def replay_record(self) -> dict[str, Any]:
        from game.engine.record import match_record

        return match_record(self.match)

    def watch_replay(self) -> None:
        """Replay the finished match from the start, input and CPU disabled."""
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
            self.notify(_("Could not save the replay: {problem}").format(problem=exc))
            return None
        self.saved_replay = path
        self.app.replay_saved(record)  # a match that could not be kept: its save may go now
        self.notify(_("Replay saved: {path}").format(path=path), "success", duration=4.0)
        return path

    def play_again(self) -> None:
        from game.scenes.strike.start import new_match, view_for

        cpu = self.match.cpu_seats()
        if self.session.remote is not None:  # a new network match: back to the Network screen
            from game.scenes.network import open_network

            self.app.leave_match(self)
            open_network(self.app)
            return
        self.session.close()
        match = new_match(secrets.randbelow(900_000_000) + 1, cpu,
                          self.app.rules_for(self.match.rules.mode))
        self.app.show_view(view_for(self.app, match))
