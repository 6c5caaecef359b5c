"""What every CardConquest screen shares: the session, the map, units, panels, events, CPU.

A screen shows one seat's view (`match.view_json(viewer)`): in hot-seat the seat whose turn it
is, behind a curtain whenever the screen changes hands in a phase with secret choices (8). It
asks the match what is legal and submits decisions; a rejection shows its reason. The events
of accepted decisions wait in the session's queue and play in order, each as an animation
(`play_event`); three of them open a screen of their own (battles detected, battle results,
game over), so when one reaches the head of the queue the screen hands over (`next_view`).
When the queue is empty the screen checks that it still is the screen of the current phase and
seat, and hands over when it is not.
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

import arcade
from arcade.shape_list import (
    ShapeElementList,
    create_line_loop,
    create_polygon,
    create_rectangle_filled,
)
from arcade.types import Color

from game.engine.match import Match
from game.engine.record import match_record
from game.engine.rng import ai_stream
from game.i18n import N_, _
from game.net.remote import RemoteMatch, seat_label
from game.scenes.bake import bake_each, draw_baked
from game.scenes.base import GameViewBase
from game.scenes.conquest import look
from game.scenes.conquest.cpu import CpuRunner, CpuUnavailable
from game.scenes.conquest.log_words import SENTENCES, ConquestNamer, reveals
from game.scenes.cpu_worker import warm_session
from game.scenes.event_log import EventLog, tell
from game.scenes.fonts import UI_FONT
from game.scenes.log_panel import log_width
from game.scenes.net_banner import NetBanner, sending, watch
from game.scenes.scale import scale_of, view_size
from game.scenes.screen import draw_opaque
from game.scenes.staged import StagedLayout
from game.scenes.take_back import TakeBack, offered
from game.scenes.widgets import HelpTopic, make_button

log = logging.getLogger(__name__)

MODE_ID = "conquest"
SCREEN_EVENTS = ("battles_detected", "battle_resolved", "match_ended")
BAR_H = 34
LOG_H = 24
SIDE_W = 214
RIGHT_W = 262
# Above 1x the panels give the map back part of the room their bigger text takes: at 1.5x
# on 1920x1080 fixed logical widths left the map and its tokens 13 % smaller than at 1x
# (issue 27); at this share their texts and buttons still fit (tests/scenes/test_scale.py).
PANEL_SHARE_MIN = 0.85
UNDO_LABEL = N_("Undo (Ctrl+Z)")
UNDONE = N_("Decision taken back.")


def panel_share(scale: float) -> float:
    """The side panels' width, as a share of their 1x logical width, at a UI scale."""
    return 1.0 if scale <= 1.0 else max(PANEL_SHARE_MIN, 1.0 / scale)
MOVE_TIME = 0.3
CPU_FRAME_MS = 12.0  # CPU decisions submitted per frame stop after this long


def set_text(text: arcade.Text, value: str) -> None:
    """Set a label only when it changes (setting `.text` lays it out again)."""
    if text.text != value:
        text.text = value


class ConquestSession:
    """What outlives one screen: the match, its seats, the CPU, the event queue and the log."""

    def __init__(self, match: Match | RemoteMatch, *, live: bool = True, sync: bool = False,
                 decide: Any = None) -> None:
        self.match = match
        # A network seat (docs/network.md): one human here, the other seat is remote.
        self.remote = match if isinstance(match, RemoteMatch) else None
        self.cpu = match.cpu_seats()
        self.humans = [s for s in (0, 1) if s not in self.cpu]
        if self.remote is not None:  # a spectator has no seat: the screens with no human
            self.humans = [] if self.remote.seat is None else [self.remote.seat]
        self.hotseat = len(self.humans) == 2
        self.viewer = self.humans[0] if self.humans else 0  # the seat the screen shows
        # The side and colour a seat is drawn in: the screens' seat 0 is the player's, so a
        # network seat 1 sees its own units in the player's colour, its base where seat 0's
        # is (the map turned half a turn, docs/network.md).
        self.flip = 1 if self.remote is not None and self.remote.seat == 1 else 0
        self.streams = {s: ai_stream(match.seed, s).get_state() for s in self.cpu}
        self.runner = CpuRunner(sync=sync, decide=decide)
        # a CPU thinks once per phase step; the rest of the step's decisions wait here
        self.plans: dict[int, list[dict[str, Any]]] = {}
        self.live = live  # False: a still shot, nobody decides
        self.cpu_off = False  # the CPU failed or is not installed: humans play on
        self.events: deque[dict[str, Any]] = deque()
        self.log: deque[str] = deque(maxlen=4)  # the strip at the foot of the map
        # the war's log (L), told as each event plays (game.scenes.event_log)
        self.event_log = EventLog(SENTENCES, ConquestNamer(self))
        # Undo (game.scenes.take_back): one person against the CPU, live and local only;
        # a reveal of the CPU's secret choices walls off what came before it
        self.undo_journal = (TakeBack(match, self.humans[0], reveals)
                          if offered(live=live, remote=self.remote, humans=self.humans,
                                     cpu=self.cpu) else None)
        self.panels_open = True
        self.show_ids = True
        self.closed = False
        # hot-seat: a ready seat that asked for the screen back to change its orders (4.3)
        self.claim: int | None = None
        self._turn: tuple[int, list[int], list[bool]] = (-1, [], [False, False])

    @property
    def undo_offered(self) -> bool:
        return self.undo_journal is not None and self.live and not self.closed

    def tell(self, event: dict[str, Any]) -> None:
        """An event plays: its line in the strip and in the log."""
        words = look.event_words(event)
        if words:
            self.log.append(words)
        self.event_log.add([event])

    def tell_history(self, history: list[list[Any]]) -> None:
        """A continued match: the log and the strip of the decisions replayed to get here,
        as the screen's seat saw them (so the last battles are there after Continue)."""
        for step in self.match.trace_json(history, self.viewer):
            for event in step["events"]:
                self.tell(event)

    def kept(self) -> tuple[Any, ...]:
        """What an undo puts back beside the match: the CPU's streams and plans, and the
        lines of the log and the strip with the events still to play told."""
        lines = list(self.event_log.lines)
        strip = deque(self.log, maxlen=self.log.maxlen)
        for event in self.events:
            line = tell(SENTENCES, event, self.event_log.namer)
            if line:
                lines.append(line)
            words = look.event_words(event)
            if words:
                strip.append(words)
        plans = {seat: list(plan) for seat, plan in self.plans.items()}
        return dict(self.streams), plans, tuple(lines), tuple(strip)

    def submit(self, decision: dict[str, Any]) -> Any:
        """Submit a local decision (any seat's): through `undo_journal` where Undo is offered,
        so the person's decisions leave a point to come back to."""
        if self.undo_journal is None:
            return self.match.submit(decision)
        return self.undo_journal.submit(decision, self.kept())

    def undo(self) -> bool:
        """Back to just before the person's last decision (the CPU's replies with it)."""
        journal = self.undo_journal
        if not self.undo_offered or journal is None or not journal.can_undo:
            return False
        self.runner.cancel()
        streams, plans, lines, strip = journal.undo()
        self.streams, self.plans = dict(streams), {k: list(v) for k, v in plans.items()}
        self.event_log.reset_to(lines)
        self.log.clear()
        self.log.extend(strip)
        self.events.clear()  # what still played is dropped: the position shows at once
        self._turn = (-1, [], [False, False])
        return True

    def side(self, seat: int) -> int:
        """The colour (and side of a tile) the screens draw `seat` in: 0 the player's."""
        return seat ^ self.flip

    @property
    def content(self) -> Any:
        return self.match.rules.content

    def push(self, events: list[dict[str, Any]]) -> None:
        """Queue a decision's events. The results screen opens first (8.7): the casualties
        the rules remove before writing the result explode on that screen's map."""
        at = next((i for i, e in enumerate(events) if e["type"] == "battle_resolved"), None)
        if at is not None:
            first = next((i for i, e in enumerate(events[:at])
                          if e["type"] in ("unit_destroyed", "card_discarded",
                                           "hand_recycled")), at)
            events.insert(first, events.pop(at))
        self.events.extend(events)

    def turn(self) -> tuple[list[int], list[bool]]:
        """(`to_act`, ready flags), read once per decision: the router asks every idle frame."""
        key = len(self.match.decisions)
        if self._turn[0] != key:
            state = self.match.state_json()
            self._turn = (key, list(state["to_act"]), list(state["board"]["ready"]))
        return self._turn[1], self._turn[2]

    def waiting(self) -> list[int]:
        """Seats the match waits for (in `to_act`, not ready)."""
        to_act, ready = self.turn()
        return [s for s in to_act if not ready[s]]

    def screen_seat(self) -> int:
        """The seat whose view the screen should show now (8: one seat's masked view).
        In hot-seat a seat that took the screen back keeps it until it readies again."""
        if not self.humans:
            return 0
        if not self.hotseat:
            return self.humans[0]
        if self.claim is not None and self.claim in self.turn()[0]:
            return self.claim
        waiting = self.waiting()
        return waiting[0] if waiting else self.viewer

    def may_take_back(self, seat: int) -> bool:
        """Hot-seat: may `seat` take the screen back to unready? It is a human seat in
        `to_act` that is ready, so the phase still waits for the other seat (4.3)."""
        if not (self.hotseat and self.live and not self.closed) or self.match.result is not None:
            return False
        to_act, ready = self.turn()
        return seat in to_act and ready[seat]

    def take_back(self, seat: int) -> None:
        """Hot-seat: `seat` asks for the screen back. Nothing is submitted yet: the router
        now shows that seat (through the curtain in a secret phase), and `settle_claim`
        unreadies it once it is at the screen, so the other seat never unreadies it."""
        if self.may_take_back(seat):
            self.claim = seat

    def drop_claim(self) -> None:
        """The take-back was pressed by mistake: the screen goes to whoever it was for."""
        self.claim = None

    def settle_claim(self, seat: int) -> None:
        """`seat` is about to see its own screen: if it asked for the screen back, submit its
        `unready` now, so the screen opens editable."""
        if self.claim != seat or not self.may_take_back(seat):
            return
        outcome = self.match.submit({"seat": seat, "type": "unready"})
        if outcome.ok:
            self.push([e.as_json() for e in outcome.events])
        else:
            log.error("hot-seat unready rejected: %s", outcome.message)
            self.claim = None

    def note_decision(self, decision: dict[str, Any]) -> None:
        """A seat that took the screen back gives it up when it readies again."""
        if decision.get("type") == "ready" and decision.get("seat") == self.claim:
            self.claim = None

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.runner.shutdown()
        self.match.close()


class Token:
    """A unit on the map: a disc in the seat colour under the tank or infantry sprite."""

    def __init__(self, uid: str, content: Any, size: float, flip: int = 0) -> None:
        self.uid = uid
        seat, kind = look.unit_seat(uid) ^ flip, look.unit_kind(uid)  # the colour drawn in
        self.disc = arcade.Sprite(look.disc_texture(seat))
        self.body = arcade.Sprite(look.unit_texture(kind, seat))
        if kind == "infantry":
            tint = content.kinds["infantry"].tint[seat]
            self.body.color = Color(*tint)
        self.resize(size)

    def resize(self, size: float) -> None:
        self.disc.width = self.disc.height = size * look.DISC_SCALE
        tex = self.body.texture
        scale = size * 0.86 / max(tex.width, tex.height)
        self.body.scale = scale

    @property
    def position(self) -> tuple[float, float]:
        return self.disc.position

    @position.setter
    def position(self, xy: tuple[float, float]) -> None:
        self.disc.position = xy
        self.body.position = xy

    @property
    def alpha(self) -> int:
        return self.disc.alpha

    @alpha.setter
    def alpha(self, value: int) -> None:
        self.disc.alpha = self.body.alpha = max(0, min(255, int(value)))


class ConquestView(StagedLayout, GameViewBase):
    """Base of every map screen: status bar, map, units, hands and discards, log strip. Its
    first layout runs in steps behind the loading state (game.scenes.staged)."""

    title = "CardConquest"
    mode_id = MODE_ID
    kind = "board"
    cpu_sync = False  # tests: the CPU decides in-process
    drives_cpu = True  # phase screens let the CPU play; overlays hold it back
    wide_map = False  # a screen without the right-hand panel
    right_w = RIGHT_W
    show_map = True

    def __init__(self, app: Any, session: ConquestSession, viewer: int | None = None) -> None:
        super().__init__(app)
        self.background_color = look.BACKGROUND
        self.session = session
        self.match = session.match
        self.content = session.content
        self.viewer = session.viewer if viewer is None else viewer
        self.state = self.match.view_json(self.viewer)
        self.grid = look.HexGrid(self.content.tiles, flip=session.flip)
        self.map_shapes = ShapeElementList()
        self.frame_shapes = ShapeElementList()
        self.tile_labels = arcade.SpriteList()
        self.tile_id_pt: float | None = None  # the ids' font size at this layout
        self.discs = arcade.SpriteList()
        self.bodies = arcade.SpriteList()
        self.ghosts = arcade.SpriteList()
        self.fx = arcade.SpriteList()
        self.fx_frames: list[list[Any]] = []  # [sprite, seconds]
        self.tokens: dict[str, Token] = {}
        self.token_tile: dict[str, str] = {}
        self.event_wait = 0.0
        self.clock = 0.0
        self.hover_tile: str | None = None
        self.hover_xy: tuple[float, float] | None = None  # the mouse, for `refresh_tip`
        self.map_rect = arcade.LBWH(0, 0, 1, 1)
        self.side_rect = arcade.LBWH(0, 0, 1, 1)
        self.right_rect = arcade.LBWH(0, 0, 1, 1)
        self.side_hits: list[tuple[arcade.types.Rect, str]] = []  # hand lines -> card id
        self.left_over = False
        kw = {"font_name": UI_FONT, "batch": self.batch}
        self.bar_title = arcade.Text("", 0, 0, look.GOLD, 15, bold=True, anchor_y="center", **kw)
        self.bar_mid = arcade.Text("", 0, 0, look.TEXT, 12, anchor_x="center",
                                   anchor_y="center", **kw)
        self.bar_right = arcade.Text("", 0, 0, look.TEXT, 12, anchor_x="right",
                                     anchor_y="center", **kw)
        self.log_text = arcade.Text("", 0, 0, look.MUTED, 11, anchor_y="center", **kw)
        self.side_texts: list[arcade.Text] = []
        self.side_sprites = arcade.SpriteList()
        self.panel_sprites = arcade.SpriteList()
        self._side_key: Any = None
        self._panel_key: Any = None
        self._panel_bottom = 0.0
        self.panel_texts: list[arcade.Text] = []
        self.net_banner = NetBanner() if session.remote is not None else None
        self.undo_btn = make_button(_(UNDO_LABEL), kind="secondary", on_click=self.request_undo)

    # -- who is who -----------------------------------------------------------------------------
    @property
    def board(self) -> dict[str, Any]:
        return self.state["board"]

    @property
    def opponent(self) -> int:
        return 1 - self.viewer

    def is_human(self, seat: int) -> bool:
        return seat in self.session.humans

    @property
    def can_act(self) -> bool:
        """The viewer is a human seat the match waits for, and nothing is animating."""
        return (self.session.live and not self.session.closed and self.is_human(self.viewer)
                and self.viewer in self.state["to_act"] and self.state["result"] is None
                and not sending(self.session.remote))

    @property
    def viewer_ready(self) -> bool:
        return bool(self.board["ready"][self.viewer])

    def who_name(self, seat: int) -> str:
        if len(self.session.humans) == 1:
            if self.is_me(seat):
                return _("You")
            return _("CPU") if self.session.remote is None else seat_label(seat)
        return look.seat_name(seat)

    def is_me(self, seat: int) -> bool:
        """`seat` is the one person playing here (against a CPU or over the network)."""
        return len(self.session.humans) == 1 and seat == self.session.humans[0]

    def waiting_name(self, seat: int) -> str:
        """`seat` inside a sentence ("Waiting for you", "... for the CPU")."""
        if len(self.session.humans) == 1 and self.session.remote is None:
            return _("you") if self.is_me(seat) else _("the CPU")
        return _("you") if self.is_me(seat) else self.who_name(seat)

    @property
    def animating(self) -> bool:
        return bool(self.session.events) or self.tweener.busy

    def is_animating(self) -> bool:
        """Events wait to play, an explosion runs, or a CPU seat thinks."""
        thinking = self.session.live and bool(self.session.cpu) and self.session.runner.pending
        return (bool(self.session.events) or bool(self.fx_frames) or thinking
                or sending(self.session.remote) or super().is_animating())

    def has_loops(self) -> bool:
        return True  # selection glows and bobbing tokens (`pulse`): still when nobody plays

    def legal(self) -> list[dict[str, Any]]:
        return self.match.legal_decisions(self.viewer) if self.can_act else []

    # -- deciding -------------------------------------------------------------------------------
    def submit(self, decision: dict[str, Any], at: tuple[float, float] | None = None,
               then: Callable[[], Any] | None = None) -> bool:
        """Submit a decision; a rejection shows its reason (near `at`) and changes nothing;
        `then` runs once it is accepted (a slide of the moved units). A network seat's
        decision is sent and this returns at once (True: sent): the host's answer comes to
        `answered` (and `then`) in a later frame, meanwhile `can_act` is False."""
        if self.session.closed or self.tutorial_refuses(decision):
            return False
        remote = self.session.remote
        if remote is not None:
            refused = remote.send(decision, at, then)
            if refused is not None:
                self.answered(decision, refused, at)
                return False
            return True
        accepted = self.answered(decision, self.session.submit(decision), at)
        if accepted and then is not None:
            then()
        return accepted

    def answered(self, decision: dict[str, Any], outcome: Any,
                 at: tuple[float, float] | None = None) -> bool:
        """Show a decision's outcome: its events queue, a rejection is a message."""
        if not outcome.ok:
            self.notify(look.reject_words(outcome.error, outcome.message))
            if self.session.remote is not None:
                self.refresh()  # a token dropped while the answer was awaited goes back
            return False
        self.session.note_decision(decision)
        self.session.push([e.as_json() for e in outcome.events])
        self.refresh()
        self.pump_events(0.0)  # events without animation pass at once: input stays live
        return True

    def refresh(self) -> None:
        """The state changed: read the seat view again and redraw what depends on it."""
        self.state = self.match.view_json(self.viewer)
        self.sync_units()
        self.refresh_bar()
        self.refresh_side()
        self.refresh_screen()

    def refresh_screen(self) -> None:
        """Hook: the screen's own panels and highlights after a state change."""

    def show_position(self) -> None:
        """The replay viewer moved the match to another position of this screen's phase:
        show it as it is, in place, without animation and without layout (docs/replays.md)."""
        self.session.events.clear()
        self.fast_forward()
        self.refresh()

    # -- layout ---------------------------------------------------------------------------------
    def layout_steps(self, width: int, height: int) -> Iterator[None]:
        top = height - BAR_H
        share = panel_share(scale_of(self.window))
        side_w, right_w = round(SIDE_W * share), round(self.right_w * share)
        left = self.left_room(width, side_w)
        right = width if self.wide_map else width - right_w
        self.side_rect = arcade.LRBT(0, side_w, LOG_H, top)
        self.right_rect = arcade.LRBT(width - right_w, width, LOG_H, top)
        self.map_rect = self.fit_map(arcade.LRBT(left + 8, right - 8, LOG_H + 6, top - 6))
        self.grid.fit(self.map_rect.left, self.map_rect.bottom, self.map_rect.width,
                      self.map_rect.height)
        self.build_map_shapes()
        yield
        self.build_tile_ids()
        yield
        self.build_frame(width, height)
        self.bar_title.position = (12, height - BAR_H / 2)
        self.bar_mid.position = (width / 2, height - BAR_H / 2)
        self.bar_right.position = (width - 12, height - BAR_H / 2)
        self.log_text.position = (10, LOG_H / 2)
        yield
        for token in self.tokens.values():
            token.resize(self.unit_size)
        self.sync_units()
        self.refresh_bar()
        yield
        self.layout_screen(width, height)
        yield
        self.refresh_side()
        yield
        yield from self.screen_steps()

    @property
    def side_open(self) -> bool:
        """The side panel (hands, discards) shows: Tab opens it, the log panel takes its
        place while it shows."""
        return self.session.panels_open and not self.log_shown

    def left_room(self, width: int, side_w: float) -> float:
        """The room at the left of the map: the log panel's while it shows, else the side
        panel's (`side_w`) when it is open."""
        if self.log_shown:
            return log_width(width) + 8
        return side_w if self.session.panels_open else 0

    # -- the log and Undo (issue 25) ------------------------------------------------------------
    @property
    def event_log(self) -> EventLog:
        return self.session.event_log

    def log_rect(self, width: int, height: int) -> arcade.types.Rect:
        """In the side panel's place, between the status bar and the strip."""
        return arcade.LRBT(0, log_width(width), LOG_H, height - BAR_H)

    def offers_undo(self) -> bool:
        return self.session.undo_offered

    def undo_source(self) -> Any:
        return self.session.undo_journal

    def undo(self) -> bool:
        """Take back the person's last decision and the CPU's replies: the position before it
        shows at once on the screen of its phase, the save is written again (docs/saves.md
        "Undo")."""
        if not self.session.undo():
            return False
        self.fx_frames = []
        from game.scenes.conquest.start import desired_key, next_view

        if desired_key(self.session) == self.screen_key():
            self.show_position()
            self.undone()
            self.notify(_(UNDONE), "info", duration=1.0)
            return True
        view = next_view(self.app, self.session)  # the undo went back into an earlier phase
        self.app.show_view(view)
        view.notify(_(UNDONE), "info", duration=1.0)
        return True

    def undone(self) -> None:
        """Hook: the screen's own state after an undo (a selection, pending orders shown)."""

    def refresh_undo(self) -> list[Any]:
        """The Undo button where Undo is offered, enabled when there is something to take
        back; the buttons to stack for it ([] when it is not shown)."""
        shown = self.offers_undo() and self.state.get("result") is None
        self.show_widget(self.undo_btn, shown)
        if shown and self.undo_btn.disabled == self.can_undo():
            self.undo_btn.disabled = not self.can_undo()
        return [self.undo_btn] if shown else []

    def screen_steps(self) -> Iterator[None]:
        """`refresh_screen` as the layout's last steps (a screen with heavy panels splits it:
        the battle results)."""
        self.refresh_screen()
        yield

    def fit_map(self, rect: arcade.types.Rect) -> arcade.types.Rect:
        """Hook: the rect the map fills (the cards screen shrinks it)."""
        return rect

    def layout_screen(self, width: int, height: int) -> None:
        """Hook: place the screen's own widgets and texts."""

    @property
    def unit_size(self) -> float:
        return look.unit_size(self.grid.size)

    def build_map_shapes(self) -> None:
        """The hexes and the bases' flags (8); the tile ids are `build_tile_ids`."""
        g = self.grid
        shapes = ShapeElementList()
        for tile, t in self.content.tiles.items():
            if t.land:
                fill = look.BASE_TINT[self.session.side(t.base_of)] if t.base_of is not None else look.LAND
                edge = look.LAND_EDGE
            else:
                fill, edge = look.WATER, look.WATER_EDGE
            shapes.append(create_polygon(g.corners(tile, 1), fill))
            shapes.append(create_line_loop(g.corners(tile, 1), edge, 2))
            if t.land and t.base_of is not None:
                for shape in self.flag_shapes(tile, t.base_of):
                    shapes.append(shape)
        self.map_shapes = shapes

    def flag_shapes(self, tile: str, seat: int) -> list[Any]:
        """A base's flag: a pole with a pennant in the seat colour, above the tile id."""
        x, y = self.grid.centre(tile)
        s = self.grid.size
        px, foot, top = x + s * look.FLAG_X, y + s * look.FLAG_FOOT, y + s * look.FLAG_TOP
        return [create_rectangle_filled(px, (foot + top) / 2, 2, top - foot, look.CROSS),
                create_polygon([(px + 1, top), (px + s * look.FLAG_REACH, top - s * 0.08),
                                (px + 1, top - s * 0.16)],
                               look.SEAT_COLOURS[self.session.side(seat)])]

    def build_tile_ids(self) -> None:
        """Tile ids at each land hex's lower edge, sized to the hex so that they stay
        readable and clear of the units on small windows (8; `look.tile_id_style`)."""
        self.tile_labels = arcade.SpriteList()
        self.tile_id_pt = None
        style = look.tile_id_style(self.grid.size)
        if style is None:
            return  # too small to read: hidden rather than smudged
        self.tile_id_pt, below = style
        texts = [arcade.Text(tile, self.grid.centre(tile)[0], self.grid.centre(tile)[1] - below,
                             look.TILE_ID, self.tile_id_pt, font_name=UI_FONT,
                             anchor_x="center", anchor_y="baseline")
                 for tile in self.content.land]
        self.tile_labels.extend(bake_each(texts, "conquest-tile"))

    @property
    def tile_ids_shown(self) -> bool:
        """Are the tile ids drawn (the I key, and a hex large enough to read them)?"""
        return self.show_map and self.session.show_ids and len(self.tile_labels) > 0

    def build_frame(self, width: int, height: int) -> None:
        shapes = ShapeElementList()
        shapes.append(create_rectangle_filled(width / 2, height - BAR_H / 2, width, BAR_H,
                                              look.BAR))
        shapes.append(create_rectangle_filled(width / 2, LOG_H / 2, width, LOG_H, look.BAR))
        if self.side_open:
            r = self.side_rect
            shapes.append(create_rectangle_filled(r.center_x, r.center_y, r.width, r.height,
                                                  look.PANEL))
        if not self.wide_map:
            r = self.right_rect
            shapes.append(create_rectangle_filled(r.center_x, r.center_y, r.width, r.height,
                                                  look.PANEL))
        self.frame_shapes = shapes

    # -- units ----------------------------------------------------------------------------------
    def unit_tile(self, u: dict[str, Any]) -> str | None:
        """Hook: where a unit is drawn (placement and movement show pending orders)."""
        return u["tile"]

    def sync_units(self) -> None:
        """Put every token at its slot for the current state (no animation)."""
        placed: dict[tuple[str, int], int] = {}
        alive = set()
        for u in self.board["units"]:
            tile = self.unit_tile(u)
            if tile is None:
                continue
            alive.add(u["id"])
            token = self.tokens.get(u["id"])
            if token is None:
                token = self.tokens[u["id"]] = Token(u["id"], self.content, self.unit_size, self.session.flip)
                self.discs.append(token.disc)
                self.bodies.append(token.body)
            n = placed.get((tile, u["seat"]), 0)
            placed[(tile, u["seat"])] = n + 1
            token.position = self.grid.slot(tile, u["seat"], n)
            self.token_tile[u["id"]] = tile
        for uid in list(self.tokens):
            if uid not in alive:
                token = self.tokens.pop(uid)
                token.disc.remove_from_sprite_lists()
                token.body.remove_from_sprite_lists()

    def units_on(self, tile: str, seat: int | None = None) -> list[str]:
        return [uid for uid, t in self.token_tile.items()
                if t == tile and uid in self.tokens and (seat is None or look.unit_seat(uid) == seat)]

    def token_at(self, x: float, y: float) -> str | None:
        r = self.unit_size * 0.55
        for uid, token in self.tokens.items():
            tx, ty = token.position
            if abs(x - tx) <= r and abs(y - ty) <= r:
                return uid
        return None

    # -- status bar, side panel, log ------------------------------------------------------------
    def refresh_bar(self) -> None:
        st, b = self.state, self.board
        set_text(self.bar_title, look.phase_title(st))
        parts = [_("Round {n}").format(n=b["round"])] if b["round"] else []
        if b["battles"] and b.get("current_battle"):
            parts.append(_("Battle {n} of {total}").format(n=b["current_battle"],
                                                           total=len(b["battles"])))
        set_text(self.bar_mid, "  ·  ".join(parts))
        waiting = [s for s in st["to_act"] if not b["ready"][s]]
        right = ""
        if st["result"] is None and waiting:
            names = [self.waiting_name(s) for s in waiting]
            who = names[0] if len(names) == 1 else _("{one} and {other}").format(
                one=names[0], other=names[1])
            right = _("Waiting for {who}").format(who=who)
        if self.session.hotseat:
            screen = _("{player}'s screen").format(player=look.seat_name(self.viewer))
            right = screen + (f"  ·  {right}" if right else "")
        set_text(self.bar_right, right)
        set_text(self.log_text, "   ·   ".join(self.session.log))
        self.fit_bar()

    def fit_bar(self) -> None:
        """The bar's middle (round, battle) centred on the window, or between the title and
        the right-hand words where those leave it no room there (the hot-seat's "Player 2's
        screen · Waiting for ..." reached the middle at 960x600, longer still in pt_BR);
        hidden when it fits nowhere."""
        gap = 12
        left = self.bar_title.x + self.bar_title.content_width + gap
        right = self.bar_right.x - self.bar_right.content_width - gap
        half = self.bar_mid.content_width / 2
        centre = (self.bar_right.x + gap) / 2  # the window's middle
        if centre - half < left or centre + half > right:
            centre = (left + right) / 2
        if self.bar_mid.x != centre:
            self.bar_mid.x = centre
        self.bar_mid.visible = 2 * half <= right - left

    def card_line(self, card_id: str) -> str:
        c = self.content.cards[card_id]
        tag = f"  #{c.ability}" if c.ability else ""
        return _("Power {power}   atk {attack}  def {defence}").format(
            power=c.power, attack=c.attack, defence=c.defence) + tag

    def refresh_side(self) -> None:
        """The collapsible side panel: both hands and both discard piles (8)."""
        b = self.board
        key = (json.dumps([b["hands"], b["discards"]]), self.viewer, self.side_open,
               tuple(self.side_rect.lrbt))
        if key == self._side_key:
            return  # baking reads the GPU back: only when the hands or discards changed
        self._side_key = key
        self.side_texts = []
        self.side_hits = []
        if not self.side_open:
            return
        r = self.side_rect
        x, y = r.left + 10, r.top - 16
        b = self.board
        kw = {"font_name": UI_FONT, "anchor_y": "center"}
        me, opp = self.viewer, self.opponent

        def head(text: str, colour: Color) -> None:
            nonlocal y
            self.side_texts.append(arcade.Text(text, x, y, colour, 12, bold=True, **kw))
            y -= 19

        def line(text: str, card: str | None = None, colour: Color = look.TEXT) -> None:
            nonlocal y
            self.side_texts.append(arcade.Text(text, x + 4, y, colour, 10, **kw))
            if card is not None:
                self.side_hits.append((arcade.LRBT(r.left, r.right, y - 8, y + 8), card))
            y -= 16

        mine = _("Your hand") if not self.session.hotseat else _("Your hand ({player})").format(
            player=look.seat_name(me))
        head(mine if self.session.humans else _("{player}'s hand").format(
            player=look.seat_name(me)), look.SEAT_LIGHT[me])
        for c in b["hands"][me] or ["—"]:
            line(self.card_line(c) if c != "—" else _("no cards yet"), c if c != "—" else None,
                 look.TEXT if c != "—" else look.MUTED)
        y -= 6
        head(_("Opponent hand"), look.SEAT_LIGHT[opp])
        for c in b["hands"][opp] or ["—"]:
            line(self.card_line(c) if c != "—" else _("no cards yet"), c if c != "—" else None,
                 look.TEXT if c != "—" else look.MUTED)
        y -= 6
        head(_("Discards"), look.TEXT)
        for seat in (me, opp):
            cards = b["discards"][seat]
            powers = ", ".join(str(self.content.cards[c].power) for c in cards) or _("none")
            line((_("You: {powers}") if seat == me else _("Opponent: {powers}")).format(
                powers=powers), None, look.SEAT_LIGHT[seat])
        self.side_texts.append(arcade.Text(_("Tab: hide panel"), x, r.bottom + 10, look.MUTED,
                                           9, **kw))
        self.side_sprites = self.bake(self.side_texts)

    def add_log(self, event: dict[str, Any]) -> None:
        self.session.tell(event)
        set_text(self.log_text, "   ·   ".join(self.session.log))

    # -- events ---------------------------------------------------------------------------------
    def handles(self, event: dict[str, Any]) -> bool:
        return event["type"] not in SCREEN_EVENTS

    def play_event(self, event: dict[str, Any]) -> float:
        """Start the animation of one event; seconds to wait before the next."""
        self.add_log(event)
        t = event["type"]
        if t == "units_moved":
            return self.slide([(m["unit"], m["from"]) for m in event["moves"]])
        if t == "unit_retreated":
            return self.slide([(event["unit"], event["from"])])
        if t == "placements_revealed":
            for p in event["units"]:
                token = self.tokens.get(p["unit"])
                if token is not None and look.unit_seat(p["unit"]) != self.viewer:
                    token.alpha = 0
                    self.tweener.fade(token, 255, 0.4)
            return 0.2
        if t == "unit_destroyed":
            self.explode(event["unit"], event["tile"])
            return 0.15
        return 0.0

    def slide(self, moves: list[tuple[str, str | None]]) -> float:
        """Units slide from their old tile to where they stand now (ease-out, 0.3 s)."""
        for uid, start in moves:
            token = self.tokens.get(uid)
            if token is None or start is None or start not in self.content.tiles:
                continue
            end = token.position
            token.position = self.grid.centre(start)
            self.tweener.move(token, end, MOVE_TIME)
        return MOVE_TIME if moves else 0.0

    def explode(self, uid: str, tile: str) -> None:
        """A dead unit: its ghost fades while an explosion plays over it (8.7)."""
        if tile not in self.content.tiles:
            return
        token = self.tokens.get(uid)
        ghost = Token(uid, self.content, self.unit_size, self.session.flip)
        ghost.position = token.position if token is not None else self.grid.centre(tile)
        self.ghosts.append(ghost.disc)
        self.ghosts.append(ghost.body)
        self.tweener.fade(ghost, 0, 0.6, on_done=lambda: (ghost.disc.remove_from_sprite_lists(),
                                                          ghost.body.remove_from_sprite_lists()))
        frames = look.explosion_frames()
        boom = arcade.Sprite(frames[0])
        boom.position = ghost.position
        boom.width = boom.height = self.unit_size * 2.4
        self.fx.append(boom)
        self.fx_frames.append([boom, 0.0])
        self.play_sound(look.SOUNDS["boom"], 0.5)

    def pump_events(self, dt: float) -> None:
        events = self.session.events
        if not events:
            return
        factor = self.tweener.factor
        if factor <= 0.0:  # instant: everything this screen plays, at once
            while events and self.handles(events[0]):
                self.play_event(events.popleft())
            self.tweener.finish_all()
            self.event_wait = 0.0
        else:
            self.event_wait -= dt * factor
            while events and self.event_wait <= 0.0 and self.handles(events[0]):
                self.event_wait += self.play_event(events.popleft())
        if events and not self.handles(events[0]) and not self.tweener.busy \
                and self.event_wait <= 0.0 and self.may_leave():
            self.handover()

    def may_leave(self) -> bool:
        """A screen event waits: may this screen give way now? (Overlays wait for Next.)"""
        return True

    def fast_forward(self) -> None:
        events = self.session.events
        while events and self.handles(events[0]):
            self.play_event(events.popleft())
        self.event_wait = 0.0
        self.tweener.finish_all()
        for boom, _left in self.fx_frames:
            boom.remove_from_sprite_lists()
        self.fx_frames = []

    # -- screens --------------------------------------------------------------------------------
    def screen_key(self) -> tuple[str, int]:
        return (self.kind, self.viewer)

    def wants_handover(self) -> bool:
        """Idle: is another screen the one for the current phase and seat?"""
        from game.scenes.conquest.start import desired_key

        return desired_key(self.session) != self.screen_key()

    def handover(self) -> None:
        from game.scenes.conquest.start import next_view

        if self.session.closed or self.window is None or self.window.current_view is not self:
            return
        view = next_view(self.app, self.session)
        if view is not None and view is not self:
            self.app.show_view(view)

    # -- per frame ------------------------------------------------------------------------------
    def update_game(self, dt: float) -> None:
        if self.lively:
            self.clock += dt
        if self.session.remote is not None:
            watch(self, self.session.remote)
        self.pump_events(dt)
        for item in list(self.fx_frames):
            item[1] += dt * max(self.tweener.factor, 1.0)
            frames = look.explosion_frames()
            i = int(item[1] * 60)
            if i >= len(frames) or self.tweener.factor <= 0:
                item[0].remove_from_sprite_lists()
                self.fx_frames.remove(item)
            else:
                item[0].texture = frames[i]
        self.update_screen(dt)
        self.refresh_tip()
        if self.window is None or self.window.current_view is not self:
            return
        if not self.animating and self.session.live and not self.session.closed:
            if self.wants_handover():
                self.handover()
                return
            if self.drives_cpu:
                if self.session.remote is not None:
                    self.drive_net()
                else:
                    self.drive_cpu()

    def update_screen(self, dt: float) -> None:
        """Hook: per-frame animation of the screen itself."""

    def drive_net(self) -> None:
        """A network seat: the other seat's steps, taken when a CPU's answer would be, and
        applied like one (its events queued, the view read again)."""
        remote = self.session.remote
        assert remote is not None
        entries = remote.take()
        if not entries:
            return
        for entry in entries:
            self.session.push([dict(e) for step in entry.steps for e in step["events"]])
        self.refresh()
        self.pump_events(0.0)

    def drive_cpu(self) -> None:
        """Let a CPU seat play. Its orders in a secret phase show nothing, so several answers
        that are ready at once are submitted in one frame (within CPU_FRAME_MS)."""
        start = time.perf_counter()
        for _round in range(64):
            if not self.cpu_step() or self.window is None or \
                    self.window.current_view is not self or self.animating:
                return
            if (time.perf_counter() - start) * 1000.0 > CPU_FRAME_MS:
                return

    def cpu_step(self) -> bool:
        """One CPU decision if one is ready; True when a decision was submitted."""
        s = self.session
        if s.cpu_off or not s.cpu or self.match.result is not None or self.cpu_held():
            return False
        seats = [x for x in s.waiting() if x in s.cpu]
        if not seats:
            return False
        seat = seats[0]
        plan = s.plans.get(seat)
        if plan:
            decision = plan.pop(0)
            if self.match.validate(decision) is None:
                return self.submit(decision)
            s.plans.pop(seat, None)  # the position moved on (a public phase): think again
        runner = s.runner
        if not runner.pending:
            runner.sync = runner.sync or self.cpu_sync
            runner.start(s.cpu[seat], seat, self.match.view_json(seat), s.streams[seat],
                         tag=(len(self.match.decisions), seat))
        answer = runner.poll()
        if answer is None:
            return False
        if runner.tag != (len(self.match.decisions), seat):
            return False  # an answer about a position that is gone
        if isinstance(answer, BaseException):
            s.cpu_off = True
            if isinstance(answer, CpuUnavailable):
                self.notify(_("The CPU player is not available yet: use hot-seat play."))
            else:
                self.notify(_("The CPU failed: {error}").format(error=answer))
            return False
        decisions, stream_state = answer
        s.streams[seat] = stream_state
        decision, s.plans[seat] = decisions[0], list(decisions[1:])
        if not self.submit(decision):
            log.error("CPU decision rejected: %s", decision)
            s.cpu_off = True
            return False
        return True

    # -- tutorials (game.scenes.tutorial) -------------------------------------------------------
    def tutorial_rects(self, target: dict[str, Any]) -> list[arcade.types.Rect]:
        """A `unit`'s token (or every one of `units`), a `tile`'s hex, or a `button` by name
        (`tutorial_button`)."""
        size = self.unit_size
        rects = [arcade.XYWH(*self.tokens[uid].position, size, size)
                 for uid in ([target["unit"]] if "unit" in target else target.get("units", []))
                 if uid in self.tokens]
        tile = target.get("tile")
        if tile in self.content.tiles:
            s = self.grid.size
            rects.append(arcade.XYWH(*self.grid.centre(tile), 1.7 * s, 1.5 * s))
        button = self.tutorial_button(target.get("button"))
        if button is not None and self.widget_shown(button):
            rects.append(button.rect)
        return rects

    def tutorial_button(self, name: Any) -> Any:
        """A named button of this screen, for a tutorial to point at."""
        return None

    def tutorial_keep_clear(self) -> list[arcade.types.Rect]:
        return [self.map_rect]

    def tutorial_busy(self) -> bool:
        return self.animating or bool(self.fx_frames)

    # -- drawing --------------------------------------------------------------------------------
    def draw_board(self) -> None:
        draw_opaque(self.frame_shapes)  # opaque fills: no blending, no read-back of pixels
        if self.show_map:
            draw_opaque(self.map_shapes)
            self.draw_marks_under()
            if self.tile_ids_shown:  # over tints and site outlines, never under a unit
                draw_baked(self.tile_labels)
            self.ghosts.draw()
            self.discs.draw()
            self.bodies.draw()
            self.draw_marks_over()
            self.fx.draw()
            if self.hover_tile is not None and self.content.tiles[self.hover_tile].land:
                arcade.draw_polygon_outline(self.grid.corners(self.hover_tile, 3), look.TEXT, 2)
        if self.side_open:
            draw_baked(self.side_sprites)
        draw_baked(self.panel_sprites)
        self.draw_screen()

    def draw_screen(self) -> None:
        """Hook: the screen's own panels, drawn over the map and under the widgets."""

    # -- right panel ----------------------------------------------------------------------------
    def set_panel(self, lines: list[tuple[str, Color, int, bool]],
                  rect: arcade.types.Rect | None = None) -> float:
        """Rebuild the right panel's texts, top down; returns the y under the last line.
        A line is (text, colour, size, bold); an empty text is a small gap."""
        r = rect or self.right_rect
        key = (repr(lines), tuple(r.lrbt))
        if key == self._panel_key:
            return self._panel_bottom
        self._panel_key = key
        self.panel_texts = []
        y = r.top - 14
        for text, colour, size, bold in lines:
            if not text:
                y -= 8
                continue
            t = arcade.Text(text, r.left + 14, y, colour, size, bold=bold, font_name=UI_FONT,
                            anchor_y="top", multiline=True,
                            width=int(r.width - 28))
            self.panel_texts.append(t)
            y -= t.content_height + 5
        self.panel_sprites = self.bake(self.panel_texts)
        self._panel_bottom = y
        return y

    def bake(self, texts: list[arcade.Text]) -> arcade.SpriteList:
        """Static texts as baked sprites, one trimmed quad per text (game.scenes.bake): on a
        software renderer each glyph costs more than the pixels it covers."""
        sprites = arcade.SpriteList()
        if texts and self.window is not None:
            sprites.extend(bake_each(texts, "conquest"))
        return sprites

    def panel_text(self) -> str:
        """Every text of the right panel, joined (tests read it)."""
        return "\n".join(t.text for t in self.panel_texts)

    def stack_buttons(self, buttons: list[Any], rect: arcade.types.Rect | None = None,
                      height: float = 36) -> None:
        """Place buttons bottom-up at the foot of the right panel (first one lowest)."""
        r = rect or self.right_rect
        y = r.bottom + 12
        for btn in buttons:
            btn.rect = arcade.LBWH(r.left + 14, y, r.width - 28, height)
            y += height + 8

    def draw_marks_under(self) -> None:
        """Hook: tile tints and outlines under the units."""

    def draw_marks_over(self) -> None:
        """Hook: selection rings, checks and crosses over the units."""

    def draw_check(self, tile: str, colour: Color = look.CHECK) -> None:
        """A blue check mark on a tile (legal destination, 8.3 / 8.8)."""
        x, y = self.grid.centre(tile)
        s = self.grid.size * 0.17
        y += self.grid.size * 0.66
        arcade.draw_circle_filled(x, y, s * 1.1, Color(250, 250, 250, 230))
        arcade.draw_line_strip([(x - s * 0.55, y), (x - s * 0.1, y - s * 0.5),
                                (x + s * 0.6, y + s * 0.5)], colour, max(2, s * 0.3))

    def draw_cross(self, tile: str, colour: Color = look.CROSS, big: bool = False) -> None:
        x, y = self.grid.centre(tile)
        s = self.grid.size * (0.55 if big else 0.15)
        if not big:
            y += self.grid.size * 0.66
        w = max(2, self.grid.size * (0.08 if big else 0.07))
        arcade.draw_line(x - s, y - s, x + s, y + s, colour, w)
        arcade.draw_line(x - s, y + s, x + s, y - s, colour, w)

    def draw_ring(self, uid: str, colour: Color, width: float = 3) -> None:
        token = self.tokens.get(uid)
        if token is not None:
            x, y = token.position
            arcade.draw_circle_outline(x, y, self.unit_size * 0.62, colour, width)

    def tile_fill(self, tile: str, colour: Color) -> None:
        arcade.draw_polygon_filled(self.grid.corners(tile, 2), colour)

    # -- input ----------------------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        tile = self.grid.tile_at(x, y) if self.show_map and \
            self.map_rect.point_in_rect((x, y)) else None  # no map drawn: no map tooltip
        if tile is not None and not self.content.tiles[tile].land:
            tile = None
        self.hover_tile = tile
        self.hover_xy = (x, y)
        self.show_tip(self.hover_tip(x, y, tile), x, y)
        return True

    def show_tip(self, tip: str, x: float, y: float) -> None:
        """A hex's tooltip goes beside the hex, clear of the screen's marks (where the
        selection may move, retreat...: issue 27); a panel's beside the mouse."""
        if not tip:
            self.tooltip.hide()
        elif self.hover_tile is not None:
            cx, cy = self.grid.centre(self.hover_tile)
            s = self.grid.size
            self.tooltip.show(tip, x, y, beside=arcade.XYWH(cx, cy, 2 * s, 2 * s * 0.87),
                              avoid=self.tip_avoid())
        else:
            self.tooltip.show(tip, x, y)

    def tip_avoid(self) -> list[arcade.types.Rect]:
        """The hexes a tooltip must leave in sight: the screen's `marked_tiles`."""
        s = self.grid.size
        return [arcade.XYWH(*self.grid.centre(tile), 1.6 * s, 1.6 * s)
                for tile in self.marked_tiles()]

    def marked_tiles(self) -> list[str]:
        """Hook: the hexes marked for the player's next click (moves, retreats)."""
        return []

    def refresh_tip(self) -> None:
        """Keep the hover tooltip true under a still mouse: the unit counts change when units
        move, fight or retreat (every frame; the bubble is laid out again only on change)."""
        if self.hover_xy is None:
            return
        x, y = self.hover_xy
        tip = self.hover_tip(x, y, self.hover_tile)
        if tip != self.tooltip.text:
            self.show_tip(tip, x, y)

    def hover_tip(self, x: float, y: float, tile: str | None) -> str:
        for rect, card in self.side_hits:
            if rect.point_in_rect((x, y)):
                c = self.content.cards[card]
                label = _(self.content.abilities[c.ability].label) if c.ability else \
                    _("No special ability.")
                return _("Power {power} · attack {attack} · defence {defence}").format(
                    power=c.power, attack=c.attack, defence=c.defence) + f"\n{label}"
        if tile is None:
            return ""
        parts = [tile]
        for seat in (0, 1):
            uids = self.units_on(tile, seat)
            if uids:
                parts.append(f"{look.seat_name(seat)}: {look.stack_badge(uids)}")
        if len(parts) > 1:
            return "   ".join(parts)
        return "" if self.tile_ids_shown else tile  # ids too small to print: named on hover

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.SPACE and self.animating:
            self.fast_forward()
            return True
        if symbol == arcade.key.I:
            self.session.show_ids = not self.session.show_ids
            return True
        if symbol == arcade.key.TAB:
            self.session.panels_open = not self.session.panels_open
            self.relayout()
            return True
        return self.on_screen_key(symbol, modifiers)

    def on_screen_key(self, symbol: int, modifiers: int) -> bool:
        """Hook: the screen's own keys."""
        return False

    # -- shell hooks ----------------------------------------------------------------------------
    def help_topics(self) -> list[HelpTopic]:
        from game.scenes.conquest.help import help_topics

        return help_topics(self.match.rules.content, rules=self.match.rules.rules_version)

    def current_record(self) -> dict[str, Any] | None:
        if self.session.closed or self.match.result is not None \
                or self.session.remote is not None:  # a network match is the host's to save
            return None
        return match_record(self.match)

    def draw_overlay(self) -> None:
        if self.net_banner is not None:
            self.net_banner.draw(self.match, *view_size(self.window))

    def on_show_view(self) -> None:
        super().on_show_view()
        warm_session(self.session, self.cpu_sync)  # the worker is ready for the first move

    def on_leave(self) -> None:
        self.session.close()

    def show_widget(self, widget: Any, shown: bool) -> None:
        """Add or remove a widget (a hidden widget would still ask for a render)."""
        present = any(widget in layer for layer in self.ui.children.values())
        if shown and not present:
            self.ui.add(widget)
        elif not shown and present:
            self.ui.remove(widget)

    def widget_shown(self, widget: Any) -> bool:
        return any(widget in layer for layer in self.ui.children.values())

    def pulse(self, speed: float = 4.0) -> float:
        return 0.5 + 0.5 * math.sin(self.clock * speed)
