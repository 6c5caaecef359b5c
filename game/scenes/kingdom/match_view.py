"""The Kingdom match view (spec kingdom.md 8.2 planning, 8.3 playback via playback.py, 8.6
spectate): both Nexus panels, both boards on shared lanes, the shop row and the buttons.

The view renders a *shown* copy of the state JSON (the human's seat view, or the full state
when two CPUs play) and changes it only by playing the match's events one by one, each with
its animation: a bought card flies in, a move slides, a sale fades with "+N", an upgrade grows
a slot, and a combat plays its log lane by lane. When the queue is empty the shown copy is
replaced by the live state (it is the same, unless a skip cut an animation short). Clicks and
keys only become decisions for `match.submit`; what is legal, and why an offer is locked, is
asked of the rules (`game.systems.kingdom.legal` through `words`).

Cards are sprites of one SpriteList keyed by what they show (a unit by its uid, an offer by
seat and position), so an event moves the same sprite the player was looking at.

A network seat (docs/network.md "Kingdom") plays through a `RemoteMatch` the way strike and
conquest do: a click's decision is sent and the host's answer comes to `answered` in a later
frame (the planning input is held meanwhile), and the other player's steps are taken where a
CPU would be asked and played like a CPU's, with "Player 2 (remote) is planning…" while that
seat plans. The view shows only the seat view the host sent: the other seat's offers are card
backs.
"""

from __future__ import annotations

import logging
import math
from collections import deque
from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import arcade
import arcade.gui as gui
import pyglet
from arcade import shape_list
from arcade.types import Color

from game.engine.match import HIDDEN, Match
from game.engine.record import match_record
from game.i18n import N_, _
from game.net.remote import seat_label
from game.scenes import theme
from game.scenes.animation import ColorTween, PositionTween, Tween, ValueTween
from game.scenes.base import GameViewBase, esc_clears
from game.scenes.cpu_worker import warm_session
from game.scenes.event_log import EventLog, tell
from game.scenes.fonts import UI_FONT
from game.scenes.kingdom import art, words
from game.scenes.kingdom.cards import card_back_texture, card_texture
from game.scenes.kingdom.cpu import CpuRunner
from game.scenes.kingdom.layout import Layout, compute
from game.scenes.kingdom.log_words import SENTENCES, KingdomNamer, cpu_turn_reveals
from game.scenes.kingdom.warm import CardWarmer, Face
from game.scenes.log_panel import log_width
from game.scenes.net_banner import NetBanner, sending, watch
from game.scenes.scale import view_size
from game.scenes.staged import StagedLayout
from game.scenes.take_back import TakeBack, offered, take_back_session
from game.scenes.widgets import HelpTopic, Segmented, make_button, rounded_rect_texture
from game.systems.kingdom.mode import SPEC
from game.systems.kingdom.world import SeatFacts

log = logging.getLogger(__name__)

MODE_ID = "kingdom"
SOUNDS = {
    "coin": ":resources:sounds/coin1.wav",
    "upgrade": ":resources:sounds/upgrade1.wav",
    "melee": ":resources:sounds/hit3.wav",
    "ranged": ":resources:sounds/laser1.wav",
    "aoe": ":resources:sounds/explosion1.wav",
    "nexus": ":resources:sounds/hurt2.wav",
    "guardian": ":resources:sounds/secret2.wav",
    "win": ":resources:sounds/gameover1.wav",
    "lose": ":resources:sounds/lose1.wav",
    "error": ":resources:sounds/error1.wav",
}
PLAN_BEAT = 0.3  # seconds between two planning events at 1x
WAKE_FRAMES = 3  # frames a view has run before it first asks a CPU (shots run two)
FLY = 0.35  # a bought card's flight
GOLD = theme.GOLD
NARROW_PANEL = 860  # a seat panel narrower than this (the log beside it) packs its parts
BUTTON_ROW_MAX = 48  # the planning buttons' row height at most (logical px)
UNDO_LABEL = N_("Undo (Ctrl+Z)")
UNDONE = N_("Decision taken back.")
WHITE = Color(255, 255, 255)
PLANNING_EVENTS = frozenset({"unit_bought", "unit_sold", "unit_moved", "shop_refreshed",
                             "nexus_upgraded"})
Key = tuple[Any, ...]


class KingdomSession:
    """What outlives one screen: the match, its CPU seats, their streams and worker. `match`
    may be a network seat's `RemoteMatch` (`remote`): one human here (none for a spectator),
    the other seat is the remote player."""

    def __init__(self, match: Match | Any, *, live: bool = True, sync: bool = False) -> None:
        self.match = match
        self.remote: Any = match if getattr(match, "remote", False) is True else None
        self.cpu = match.cpu_seats()
        self.humans = [s for s in (0, 1) if s not in self.cpu]
        if self.remote is not None:
            self.humans = [] if self.remote.seat is None else [self.remote.seat]
        self.me: int | None = self.humans[0] if self.humans else None
        self.streams = {s: SPEC.ai_stream(match.seed, s).get_state() for s in self.cpu}
        self.runner = CpuRunner(uuid4().hex, sync=sync)
        self.warmer = CardWarmer(self.content)
        self.live = live  # False: a still shot, nobody moves
        self.closed = False
        # the match log (L), told as each event plays (game.scenes.event_log)
        self.namer = KingdomNamer(self)
        self.log = EventLog(SENTENCES, self.namer)
        # Undo (game.scenes.take_back): one person against the CPU, live and local only;
        # the CPU's turn is a wall (it plans from a shop the person cannot see)
        self.take_back = (TakeBack(match, self.humans[0], cpu_turn_reveals(self.cpu))
                          if offered(live=live, remote=self.remote, humans=self.humans,
                                     cpu=self.cpu) else None)

    @property
    def content(self) -> Any:
        return self.match.rules.content

    @property
    def undo_offered(self) -> bool:
        return self.take_back is not None and self.live and not self.closed

    def tell(self, events: Any) -> None:
        """Events play: their lines in the log (the namer learns each unit's card)."""
        self.log.add(events)

    def tell_history(self, history: list[list[Any]]) -> None:
        """A continued match: the log of the decisions replayed to get here, as this
        screen's seat saw them."""
        self.log.add_history(self.match, history, self.me)

    def kept(self, queued: Any) -> tuple[Any, ...]:
        """What an undo puts back beside the match: the CPU's streams and the log's lines,
        the events still to play (`queued`) told."""
        lines = list(self.log.lines)
        for event in queued:
            self.namer.learn(event)
            line = tell(SENTENCES, event, self.namer)
            if line:
                lines.append(line)
        return dict(self.streams), tuple(lines)

    def submit(self, decision: dict[str, Any], queued: Any = ()) -> Any:
        """A local decision (any seat's), through `take_back` where Undo is offered."""
        if self.take_back is None:
            return self.match.submit(decision)
        return self.take_back.submit(decision, self.kept(queued))

    def other_name(self, seat: int) -> str:
        """Who plays `seat` when it is not this screen's player: its CPU level, the remote
        player ("Player 2 (remote)"; a spectator's "Player 2"), else "Player 2"."""
        if seat in self.cpu:
            from game.scenes.menu import level_words

            return _("CPU · {level}").format(level=level_words(self.cpu[seat]).capitalize())
        return seat_label(seat, remote=self.remote is not None and self.me is not None)

    def record(self) -> dict[str, Any] | None:
        """The match's record: a network match's comes from the host at its end (None
        before)."""
        if self.remote is None:
            return match_record(self.match)
        final = self.remote.final
        return match_record(final) if final is not None else None

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.runner.shutdown()
        self.warmer.shutdown()
        self.match.close()


def match_screen(app: Any, match: Match | Any, *, live: bool = True,
                 history: list[list[Any]] | None = None) -> arcade.View:
    """The view of a live kingdom match in planning (or its end screen once it is over), not
    shown yet; `match` may be a network seat's `RemoteMatch`. `history`: the events of the
    decisions replayed to get here (a Continue), told in the log."""
    session = KingdomSession(match, live=live, sync=MatchView.cpu_sync)
    if history:
        session.tell_history(history)
    if match.phase == "over":
        from game.scenes.kingdom.end import EndView

        return EndView(app, session)
    return MatchView(app, session)


def open_match_view(app: Any, match: Match | Any, *, live: bool = True,
                    history: list[list[Any]] | None = None) -> arcade.View:
    """`match_screen`, shown on the app's window and returned."""
    view = match_screen(app, match, live=live, history=history)
    app.show_view(view)
    return view


def unmasked(seat: dict[str, Any]) -> dict[str, Any]:
    """A seat JSON with the deck builder's masks read as "nothing yet" (a spectator watching
    the decks being built sees every faction, hero and deck as "hidden")."""
    if HIDDEN not in (seat.get("faction"), seat.get("mode"), seat.get("hero"),
                      seat.get("deck")):
        return seat
    seat = dict(seat)
    for key in ("faction", "mode", "hero"):
        if seat.get(key) == HIDDEN:
            seat[key] = None
    if seat.get("deck") == HIDDEN:
        seat["deck"] = []
    return seat


def seat_object(seat_no: int, seat: dict[str, Any]) -> SeatFacts:
    """The facts of a shown seat JSON, for the rules' own checks (locks, tooltips)."""
    return SeatFacts.of_json(seat_no, seat)


def _text(size: float, color: Any = theme.TEXT, *, bold: bool = False, anchor_x: str = "left",
          anchor_y: str = "center", batch: Any = None, **kw: Any) -> arcade.Text:
    return arcade.Text("", 0, 0, color, size, font_name=UI_FONT, bold=bold, anchor_x=anchor_x,
                       anchor_y=anchor_y, batch=batch, **kw)


def set_text(text: arcade.Text, value: str) -> None:
    if text.text != value:  # a new .text lays the label out again: only on change
        text.text = value


class MatchView(StagedLayout, GameViewBase):
    """Planning, the CPU's turn and the combat playback of one kingdom match."""

    title = N_("Kingdom")
    mode_id = MODE_ID
    esc_help = esc_clears("cancel the offer you picked or Sell Mode")
    cpu_sync = False  # tests: the CPU decides in-process
    think_min = 0.35  # seconds (at 1x) before a CPU decision shows
    ended = False  # the end screen shows the final boards without input

    def __init__(self, app: Any, session: KingdomSession) -> None:
        super().__init__(app)
        from game.scenes.kingdom.playback import CombatPlayback

        self.session = session
        self.match = session.match
        self.content = session.content
        self.me = session.me
        self.spectating = self.me is None
        self.bottom = self.me if self.me is not None else 0
        self.top = 1 - self.bottom
        self.shown = self.live_state()
        self.events: deque[dict[str, Any]] = deque()
        self.event_wait = 0.0
        self.think_time = 0.0
        self.frames_shown = 0
        self.settle_pending = False
        self.queue_owner = ""  # "me" when the queued events are the human's own decision
        self.skipping = False  # fast-forward: no sounds, no floating texts
        self.played_now: set[str] | None = None
        self.selected: tuple[Any, ...] | None = None  # ("offer", i) | ("hero",) | ("unit", slot)
        self.sell_mode = False
        self.paused = False
        self.hovered: Key | None = None
        self.hover_xy: tuple[float, float] | None = None  # the mouse, for `refresh_tip`
        self.banner = ""
        self.pulse = 0.0
        self.end_delay: float | None = None
        self.lay: Layout | None = None
        self.shapes = shape_list.ShapeElementList()  # panels, slot frames, hatches, strip
        self.static = arcade.SpriteList()  # flags, coin icons, the lane highlight
        # the dark fill of each slot frame, shown while no card covers it (`rebuild`): under a
        # card it is fill the rasterizer pays for and nobody sees
        self.slot_fills = arcade.SpriteList()
        self.fill_of: dict[tuple[int, int], arcade.Sprite] = {}
        self.hud = arcade.SpriteList()  # HP bar fills
        self.cards = arcade.SpriteList()  # every card and card back
        self.marks = arcade.SpriteList()  # glows, locks, stars, badges
        self.fx = arcade.SpriteList()  # ghosts, projectiles, rings
        self.over_ui = arcade.SpriteList()  # coin icons on the buttons
        self.sprites: dict[Key, arcade.Sprite] = {}
        self.home: dict[Key, tuple[float, float]] = {}
        self.moving: dict[Key, int] = {}
        self.slot_frames: dict[tuple[int, int], arcade.types.Rect] = {}  # (seat, lane)
        self.hatched: list[tuple[int, int]] = []  # (seat, lane) of the "no slot" spaces
        self.growing: set[tuple[int, int]] = set()  # a new slot's frame, while it grows
        self.bars: dict[int, dict[str, Any]] = {}
        self.hp_shown = [float(s["hp"]) for s in self.shown["seats"]]
        self.coins_shown = [float(s["coins"]) for s in self.shown["seats"]]
        self.effective: dict[str, tuple[int, int, int]] = {}  # uid -> (atk, def, bonus)
        self.lane_focus: int | None = None
        self.playback = CombatPlayback(self)
        self.net_banner = NetBanner() if session.remote is not None else None
        self._build_texts()
        self._build_buttons()
        self.update_banner()  # a match resumed on the CPU's turn says so at once

    # -- state ---------------------------------------------------------------------------------
    def live_state(self) -> dict[str, Any]:
        """The live state as this view may see it (the human's seat view, or all of it)."""
        m = self.match
        state = m.view_json(self.me) if self.me is not None else m.state_json()
        board = state["board"]
        return {"turn": state["turn"], "phase": state["phase"], "result": state["result"],
                "seats": [unmasked(s) for s in board["seats"]],
                "combat_log": board["combat_log"]}

    def seat(self, seat_no: int) -> dict[str, Any]:
        return self.shown["seats"][seat_no]

    def seat_obj(self, seat_no: int) -> SeatFacts:
        return seat_object(seat_no, self.seat(seat_no))

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(self.match.to_act)

    @property
    def animating(self) -> bool:
        return bool(self.events) or self.tweener.busy or self.settle_pending

    @property
    def my_turn(self) -> bool:
        """The human may plan now (the rules' to_act; the screen may still be animating)."""
        return (self.session.live and not self.session.closed and not self.ended
                and self.me is not None and self.to_act == (self.me,)
                and self.match.result is None)

    @property
    def can_plan(self) -> bool:
        return self.my_turn and not self.paused and not self.awaiting and not (
            self.animating and self.queue_owner != "me")

    @property
    def awaiting(self) -> bool:
        """A network seat's decision waits for the host's answer: no other until it comes."""
        return sending(self.session.remote)

    @property
    def lanes(self) -> int:
        return max(len(s["slots"]) for s in self.shown["seats"])

    def faction(self, seat_no: int) -> str:
        return words.faction_name(self.content, self.seat(seat_no).get("faction"))

    # -- building --------------------------------------------------------------------------------
    def _build_texts(self) -> None:
        b = self.batch
        self.shadow_batch = pyglet.graphics.Batch()  # drawn before the batch: text shadows
        self.panel_texts: dict[int, dict[str, arcade.Text]] = {}
        for seat in (0, 1):
            self.panel_texts[seat] = {
                "name": _text(15, bold=True, batch=b),
                "era": _text(12, bold=True, batch=b),
                "hp_shadow": _text(13, Color(0, 0, 0, 230), bold=True, anchor_x="center",
                                   batch=self.shadow_batch),
                "hp": _text(13, theme.TEXT, bold=True, anchor_x="center", batch=b),
                "coins": _text(16, theme.GOLD_HI, bold=True, batch=b),
                "fallen": _text(10, theme.GREY_TEXT, bold=True, anchor_x="center", batch=b),
                "tag": _text(13, theme.TEXT_MUTED, anchor_x="right", batch=b),
            }
        self.turn_text = _text(18, theme.GOLD, bold=True, anchor_x="right", batch=b)
        self.banner_text = _text(18, theme.TEXT, bold=True, anchor_x="center", batch=b)
        most = self.content.slot_count(self.content.max_level)  # lanes of the last era
        self.badge_texts = [_text(12, WHITE, bold=True, anchor_x="center", batch=b)
                            for _slot in range(most + 1)]
        self.note_text = _text(10, WHITE, bold=True, anchor_x="center", anchor_y="center",
                               batch=b, multiline=True, width=100, align="center")
        self.bonus_texts = [_text(11, art.hex_color("#78E66E"), bold=True, anchor_x="center",
                                  batch=b) for _badge in range(2 * most)]
        self.lane_texts = [_text(10, theme.TEXT_MUTED, anchor_x="center", batch=b)
                           for _lane in range(most)]

    def _build_buttons(self) -> None:
        self.buttons: dict[str, gui.UIFlatButton] = {}
        if self.ended:
            return
        if self.spectating:
            self.buttons["pause"] = make_button(_("Pause"), width=140,
                                                on_click=self.toggle_pause)
            self.speed = Segmented(("normal", "fast", "instant"), self.app.settings.animation_speed,
                                   labels=("1×", "2×", _("Instant")), button_width=86,
                                   on_change=self.set_speed)
            self.ui.add(self.speed)
        else:
            self.buttons["refresh"] = make_button(_("Refresh"), width=200,
                                                  on_click=self.do_refresh)
            self.buttons["upgrade"] = make_button(_("Upgrade"), width=200,
                                                  on_click=self.do_upgrade)
            self.buttons["sell"] = make_button(_("Sell Mode"), width=200,
                                               on_click=self.toggle_sell)
            self.buttons["end"] = make_button(_("End Turn"), width=200, kind="primary",
                                              on_click=self.do_end_turn)
            if self.offers_undo():
                self.buttons["undo"] = make_button(_(UNDO_LABEL), width=200,
                                                   on_click=self.request_undo)
        for button in self.buttons.values():
            self.ui.add(button)

    def relabel(self) -> None:
        """The texts that no refresh sets, in the language shown: a language change (Settings,
        from the pause menu) lays the screen out again. The buttons, panels and banner are
        worded at each refresh."""
        if getattr(self, "speed", None) is not None:
            self.speed.buttons["instant"].text = _("Instant")
        if not self.animating:
            self.update_banner()

    def layout_steps(self, width: int, height: int) -> Iterator[None]:
        """The layout (StagedLayout: in steps behind the loading state on first show, at once
        on a resize): the static shapes, the texts, the buttons, the cards, the HUD."""
        self.relabel()
        last = self.content.slot_count(self.content.max_level)  # the last era's board and shop
        self.lay = lay = compute(width, height, self.lanes, self.log_room(width), last,
                                 self.content.shop_size(last))
        self.build_static()
        yield
        self.place_texts()
        yield
        b = lay.buttons
        if self.spectating and not self.ended:
            p = lay.bottom_panel
            self.buttons["pause"].rect = arcade.LBWH(p.right - 150, b.top - 46, 140, 40)
            self.speed.rect = arcade.LBWH(p.right - 430, b.top - 46, 270, 36)
        elif self.buttons:
            col_w = min(250.0, max(190.0, (b.width - 16) * 0.6))
            gap = 8
            # three rows of buttons, no taller than BUTTON_ROW_MAX (on a big window they
            # filled the corner: 95 px at 1920x1080, smaller than at a larger UI scale),
            # the block centred in its corner
            h = min(BUTTON_ROW_MAX, (b.height - 2 * gap) / 3)
            block = 3 * h + 2 * gap
            bottom = b.bottom + (b.height - block) / 2
            top = bottom + block
            left = b.left
            for i, name in enumerate(("refresh", "upgrade", "sell")):
                self.buttons[name].rect = arcade.LBWH(left, top - (i + 1) * h - i * gap,
                                                      col_w, h)
            end_w = b.right - left - col_w - 16
            if "undo" in self.buttons:  # Undo under End Turn, as tall as the other buttons
                self.buttons["undo"].rect = arcade.LBWH(left + col_w + 16, bottom, end_w, h)
                self.buttons["end"].rect = arcade.LBWH(left + col_w + 16, bottom + h + gap,
                                                       end_w, block - h - gap)
            else:
                self.buttons["end"].rect = arcade.LBWH(left + col_w + 16, bottom, end_w,
                                                       block)
        yield
        self.rebuild(snap=True)
        yield
        self.refresh_hud()
        self.warm_faces()

    def warm_faces(self) -> None:
        """Compose, in the background, every face this layout may show next: both decks on
        the board, the player's deck and hero in the shop (plain, locked, lifted)."""
        lay = self.lay
        if lay is None or self.session.closed:
            return
        faces: list[Face] = []
        for seat in (self.bottom, self.top):
            sj = self.seat(seat)
            hero = (sj.get("hero") or {}).get("card")
            cards = [c for c in [*(sj.get("deck") or []), hero] if c in self.content.cards]
            mine = seat == self.bottom and not self.spectating
            for card in cards:
                if mine:
                    faces += [(card, lay.shop_w, lay.shop_h, None, None, sel, dis)
                              for sel, dis in ((False, False), (False, True), (True, False))]
                faces.append((card, lay.card_w, lay.card_h, None, None, False, False))
                if mine:
                    faces.append((card, lay.card_w, lay.card_h, None, None, True, False))
            if hero in self.content.cards:
                faces += [(hero, 34, 48, None, None, False, dead) for dead in (False, True)]
        self.session.warmer.warm(faces)

    def warm_combat(self) -> None:
        """The effective-stat faces of the combat about to play (its aura event)."""
        lay = self.lay
        if lay is None or self.session.closed:
            return
        cards = {u["uid"]: u["card"] for s in self.shown["seats"] for u in s["slots"] if u}
        for event in self.events:
            if event["type"] == "aura":
                self.session.warmer.warm([
                    (cards[u["uid"]], lay.card_w, lay.card_h, u["atk"], u["def"], False, False)
                    for u in event["units"] if u["uid"] in cards])
                return

    def panel_rect(self, seat_no: int) -> arcade.types.Rect:
        assert self.lay is not None
        return self.lay.top_panel if seat_no == self.top else self.lay.bottom_panel

    def row_y(self, seat_no: int) -> float:
        assert self.lay is not None
        return self.lay.top_row_y if seat_no == self.top else self.lay.bottom_row_y

    def slot_pos(self, seat_no: int, slot: int) -> tuple[float, float]:
        assert self.lay is not None
        return self.lay.lane_x(slot), self.row_y(seat_no)

    def panel_x(self, seat_no: int) -> dict[str, float]:
        """Left to right in a panel: flag, name and era, hero portrait, HP bar, coins, the
        hidden offers; the bar narrows with the window."""
        p = self.panel_rect(seat_no)
        narrow = p.width < NARROW_PANEL  # beside the log panel in a small window
        bar_w = max(110.0 if narrow else 160.0, min(300.0, p.width * (0.17 if narrow else 0.24)))
        x = p.left + 46 + (150 if narrow else 190)
        out = {"flag": p.left + 24, "name": p.left + 46, "portrait": x + 17}
        x += 34 + 12
        out["bar"], out["bar_w"] = x, bar_w
        x += bar_w + 14
        out["coin"], out["coins"] = x + 13, x + 31
        out["backs"] = x + 31 + (40 if narrow else 64)
        out["back_step"] = 34 if narrow else 40
        return out

    def bar_rect(self, seat_no: int) -> arcade.types.Rect:
        p = self.panel_rect(seat_no)
        g = self.panel_x(seat_no)
        return arcade.LBWH(g["bar"], p.center_y - 13, g["bar_w"], 26)

    def coins_pos(self, seat_no: int) -> tuple[float, float]:
        return self.panel_x(seat_no)["coins"], self.panel_rect(seat_no).center_y

    def portrait_pos(self, seat_no: int) -> tuple[float, float]:
        return self.panel_x(seat_no)["portrait"], self.panel_rect(seat_no).center_y

    def back_pos(self, seat_no: int, index: int) -> tuple[float, float]:
        """Where a hidden offer's card back sits: the panel's row (opponent), or the shop row
        (the bottom seat while spectating)."""
        assert self.lay is not None
        if seat_no == self.top:
            p = self.panel_rect(seat_no)
            g = self.panel_x(seat_no)
            return g["backs"] + index * g["back_step"], p.center_y
        return self.lay.offer_x(index), self.lay.shop_y

    def build_static(self) -> None:
        lay = self.lay
        assert lay is not None
        self.shapes = shapes = shape_list.ShapeElementList()
        self.static.clear()
        self.slot_fills.clear()
        self.fill_of = {}
        slot_fill = rounded_rect_texture(lay.card_w, lay.card_h, 10, (0, 0, 0, 70))
        self.hud.clear()
        self.slot_frames.clear()
        self.hatched.clear()
        self.bars.clear()
        shapes.append(shape_list.create_rectangle_filled(
            lay.strip.center_x, lay.strip.center_y, lay.strip.width, lay.strip.height,
            Color(0, 0, 0, 50)))
        for seat in (0, 1):
            p = self.panel_rect(seat)
            art.add_box(shapes, p, theme.PANEL, theme.PANEL_EDGE, 10, 1)
            faction = self.seat(seat).get("faction")
            fac = self.content.factions.get(faction) if faction else None
            flag = arcade.Sprite(art.flag_texture(fac.color, 30) if fac else art.icon(art.FLAG))
            flag.position = (self.panel_x(seat)["flag"], p.center_y)
            self.static.append(flag)
            coin = arcade.Sprite(art.icon(art.COIN))
            coin.size = (26, 26)
            coin.position = (self.panel_x(seat)["coin"], p.center_y)
            self.static.append(coin)
            r = self.bar_rect(seat)
            bg = arcade.SpriteSolidColor(int(r.width) + 4, int(r.height) + 4, r.center_x,
                                         r.center_y, Color(12, 14, 18))
            fill = arcade.SpriteSolidColor(int(r.width), int(r.height), r.center_x, r.center_y,
                                           WHITE)
            self.hud.append(bg)
            self.hud.append(fill)
            self.bars[seat] = {"bg": bg, "fill": fill, "rect": r, "dx": 0.0}
            for lane in range(lay.lanes):
                x, y = self.slot_pos(seat, lane)
                rect = arcade.XYWH(x, y, lay.card_w, lay.card_h)
                if lane < len(self.seat(seat)["slots"]):
                    self.slot_frames[(seat, lane)] = rect
                    if (seat, lane) not in self.growing:
                        art.add_box(shapes, rect, None, Color(255, 255, 255, 70))
                        sprite = arcade.Sprite(slot_fill, center_x=x, center_y=y)
                        self.fill_of[(seat, lane)] = sprite
                        self.slot_fills.append(sprite)
                else:
                    self.hatched.append((seat, lane))
                    art.add_box(shapes, rect, Color(0, 0, 0, 40), None)
                    art.add_hatch(shapes, rect, Color(150, 150, 150, 90))
                    art.add_box(shapes, rect, None, Color(150, 150, 150, 90))
        self.lane_marker = arcade.SpriteSolidColor(lay.card_w + 8, int(lay.top_row_y
                                                                      - lay.bottom_row_y
                                                                      + lay.card_h + 12),
                                                   0, (lay.top_row_y + lay.bottom_row_y) / 2,
                                                   Color(255, 240, 180, 40))
        self.lane_marker.visible = False
        self.static.append(self.lane_marker)
        self.banner_pill = arcade.Sprite(rounded_rect_texture(64, int(lay.strip.height) - 4, 12,
                                                              (16, 20, 26, 235)))
        self.banner_pill.position = lay.strip.center
        self.banner_pill.visible = bool(self.banner)
        if self.banner:
            self.banner_pill.width = self.banner_text.content_width + 90
        self.hud.append(self.banner_pill)
        for seat in (0, 1):  # the new bars show the HP at once
            self.set_bar(seat, self.hp_shown[seat])
        self.over_ui.clear()
        if "refresh" in self.buttons:
            coin = arcade.Sprite(art.icon(art.COIN))
            coin.size = (20, 20)
            self.refresh_coin = coin
            self.over_ui.append(coin)

    def place_texts(self) -> None:
        lay = self.lay
        assert lay is not None
        for seat in (0, 1):
            p = self.panel_rect(seat)
            t = self.panel_texts[seat]
            t["name"].position = (self.panel_x(seat)["name"], p.center_y + 11)
            t["era"].position = (self.panel_x(seat)["name"], p.center_y - 12)
            r = self.bar_rect(seat)
            t["hp"].position = r.center
            t["hp_shadow"].position = (r.center_x + 1, r.center_y - 1)
            t["coins"].position = self.coins_pos(seat)
            x, y = self.portrait_pos(seat)
            t["fallen"].position = (x, y)
            # the bottom panel's right end holds the turn counter
            t["tag"].position = (p.right - (14 if seat == self.top else 140), p.center_y)
        self.turn_text.position = (lay.bottom_panel.right - 14, lay.bottom_panel.center_y)
        self.banner_text.position = lay.strip.center
        for i, text in enumerate(self.lane_texts):
            if i < lay.lanes:
                text.position = (lay.lane_x(i), lay.strip.center_y)
                set_text(text, f"{i + 1}")
                text.visible = True
            else:
                text.visible = False

    # -- cards -----------------------------------------------------------------------------------
    def unit_texture(self, unit: dict[str, Any]) -> arcade.Texture:
        lay = self.lay
        assert lay is not None
        eff = self.effective.get(unit["uid"])
        atk, defense = (eff[0], eff[1]) if eff else (None, None)
        selected = self.selected == ("unit", self.slot_of(self.bottom, unit["uid"]))
        return card_texture(self.content, unit["card"], lay.card_w, lay.card_h, atk=atk,
                            defense=defense, selected=selected)

    def slot_of(self, seat_no: int, uid: str) -> int | None:
        for i, unit in enumerate(self.seat(seat_no)["slots"]):
            if unit is not None and unit["uid"] == uid:
                return i
        return None

    def offer_lock(self, offer: int | str) -> str | None:
        return words.offer_lock(self.content, self.seat_obj(self.bottom), offer)

    def wanted_cards(self) -> dict[Key, tuple[arcade.Texture, float, float]]:
        lay = self.lay
        assert lay is not None
        want: dict[Key, tuple[arcade.Texture, float, float]] = {}
        for seat in (0, 1):
            sj = self.seat(seat)
            for i, unit in enumerate(sj["slots"]):
                if unit is not None:
                    x, y = self.slot_pos(seat, i)
                    want[("unit", unit["uid"])] = (self.unit_texture(unit), x, y)
            hero = sj.get("hero")
            if hero:
                px, py = self.portrait_pos(seat)
                want[("portrait", seat)] = (card_texture(self.content, hero["card"], 34, 48,
                                                         disabled=hero["status"] == "dead"),
                                            px, py)
            hidden = seat != self.bottom or self.spectating
            if hidden:
                small = seat == self.top
                w, h = (28, 40) if small else (lay.shop_w, lay.shop_h)
                for i, offer in enumerate(sj["shop"]):
                    x, y = self.back_pos(seat, i)
                    tex = art.dashed_texture(w, h) if offer is None else card_back_texture(w, h)
                    want[("back", seat, i)] = (tex, x, y)
                if not small and hero:
                    r = lay.offer_rect("hero")
                    want[("hero", seat)] = (card_texture(self.content, hero["card"], lay.shop_w,
                                                         lay.shop_h, disabled=True), r.center_x,
                                            r.center_y)
                continue
            for i, offer in enumerate(sj["shop"]):
                r = lay.offer_rect(i)
                if offer is None or offer == HIDDEN:
                    want[("offer", seat, i)] = (art.dashed_texture(lay.shop_w, lay.shop_h),
                                                r.center_x, r.center_y)
                    continue
                chosen = self.selected == ("offer", i)
                tex = card_texture(self.content, offer, lay.shop_w, lay.shop_h, selected=chosen,
                                   disabled=self.offer_lock(i) is not None)
                want[("offer", seat, i)] = (tex, r.center_x, r.center_y + (14 if chosen else 0))
            if hero:
                r = lay.offer_rect("hero")
                chosen = self.selected == ("hero",)
                tex = card_texture(self.content, hero["card"], lay.shop_w, lay.shop_h,
                                   selected=chosen, disabled=self.offer_lock("hero") is not None)
                want[("hero", seat)] = (tex, r.center_x, r.center_y + (14 if chosen else 0))
        return want

    def rebuild(self, snap: bool = False) -> None:
        """Make the card sprites show `self.shown`: new ones appear at home, gone ones leave,
        moved ones go home (unless a tween is carrying them there)."""
        if self.lay is None:
            return
        want = self.wanted_cards()
        for key in [k for k in self.sprites if k not in want]:
            self.sprites.pop(key).remove_from_sprite_lists()
            self.home.pop(key, None)
        for key, (tex, x, y) in want.items():
            sprite = self.sprites.get(key)
            if sprite is None:
                sprite = arcade.Sprite(tex)
                self.sprites[key] = sprite
                self.cards.append(sprite)
                sprite.position = (x, y)
            elif sprite.texture is not tex:
                sprite.texture = tex
                sprite.size = (tex.width, tex.height)
            self.home[key] = (x, y)
            if snap or not self.moving.get(key):
                sprite.position = (x, y)
        for (seat, lane), shade in self.fill_of.items():
            slots = self.seat(seat)["slots"]
            shade.visible = lane >= len(slots) or slots[lane] is None
        self.refresh_marks()

    def refresh_marks(self) -> None:
        """Glows, the hero position's star and lock, sell badges, aura bonuses."""
        lay = self.lay
        if lay is None:
            return
        self.marks.clear()
        for text in (*self.badge_texts, *self.bonus_texts):
            text.visible = False
        self.note_text.visible = False
        self.pulsing: list[arcade.Sprite] = []
        bottom = self.seat(self.bottom)
        empty = [i for i, u in enumerate(bottom["slots"]) if u is None]
        if self.selected is not None:
            color = WHITE if self.selected[0] == "unit" else GOLD
            for i in empty:
                glow = arcade.Sprite(art.glow_texture(lay.card_w, lay.card_h))
                glow.position = self.slot_pos(self.bottom, i)
                glow.color = color
                self.marks.append(glow)
                self.pulsing.append(glow)
            if self.selected[0] == "unit":
                glow = arcade.Sprite(art.glow_texture(lay.card_w, lay.card_h))
                glow.position = self.slot_pos(self.bottom, self.selected[1])
                glow.color = WHITE
                self.marks.append(glow)
        hero = bottom.get("hero")
        key = ("hero", self.bottom)
        if hero and key in self.home:
            x, y = self.home[key]
            star = arcade.Sprite(art.icon(art.STAR))
            star.size = (30, 30)
            star.position = (x + lay.shop_w / 2 - 6, y + lay.shop_h / 2 - 6)
            self.marks.append(star)
            if self.spectating or self.offer_lock("hero") is not None:
                lock = arcade.Sprite(art.lock_texture(40))
                lock.position = (x, y)
                self.marks.append(lock)
        for seat in (0, 1):
            h = self.seat(seat).get("hero")
            t = self.panel_texts[seat]["fallen"]
            t.visible = bool(h and h["status"] == "dead")
            set_text(t, _("Fallen"))
            if t.visible:
                back = arcade.SpriteSolidColor(44, 16, t.x, t.y, Color(20, 20, 24, 220))
                self.marks.append(back)
        if self.hovered is not None and self.hovered in self.home and self.can_plan:
            lw, lh = ((lay.card_w, lay.card_h) if self.hovered[0] == "unit"
                      else (lay.shop_w, lay.shop_h))
            if self.hovered[0] in ("unit", "offer", "hero"):
                glow = arcade.Sprite(art.glow_texture(lw, lh))
                glow.position = self.sprites[self.hovered].position
                glow.color = Color(255, 255, 255, 110)
                self.marks.append(glow)
        if self.sell_mode:
            n = 0
            for i, unit in enumerate(bottom["slots"]):
                if unit is None:
                    continue
                x, y = self.slot_pos(self.bottom, i)
                if self.content.cards[unit["card"]].kind == "hero":
                    pill = arcade.Sprite(rounded_rect_texture(lay.card_w - 12, 40, 8,
                                                              (20, 20, 26, 230)))
                    pill.position = (x, y - 12)
                    self.marks.append(pill)
                    self.note_text.position = (x, y - 12)
                    set_text(self.note_text, _(words.CANNOT_SELL_HERO))
                    self.note_text.visible = True
                    continue
                if n >= len(self.badge_texts):
                    break
                badge = arcade.Sprite(art.disc_texture(36))
                badge.color = theme.RED
                badge.position = (x + lay.card_w / 2 - 10, y + lay.card_h / 2 - 10)
                self.marks.append(badge)
                text = self.badge_texts[n]
                n += 1
                set_text(text, f"+{self.content.sell_price(unit['card'])}")
                text.position = badge.position
                text.visible = True
        if self.effective:
            n = 0
            for seat in (0, 1):
                for i, unit in enumerate(self.seat(seat)["slots"]):
                    eff = self.effective.get(unit["uid"]) if unit else None
                    if not eff or eff[2] <= 0 or n >= len(self.bonus_texts):
                        continue
                    x, y = self.slot_pos(seat, i)
                    badge = arcade.Sprite(art.disc_texture(26))
                    badge.color = Color(30, 90, 40)
                    badge.position = (x, y + lay.card_h / 2 - 4)
                    self.marks.append(badge)
                    text = self.bonus_texts[n]
                    n += 1
                    set_text(text, f"+{eff[2]}")
                    text.position = badge.position
                    text.visible = True

    # -- HUD -------------------------------------------------------------------------------------
    def refresh_hud(self) -> None:
        """Panel texts, HP bars, the turn counter, the banner and the buttons."""
        if self.lay is None:
            return
        for seat in (0, 1):
            sj = self.seat(seat)
            t = self.panel_texts[seat]
            name = self.faction(seat)
            if self.me is not None and seat == self.me:
                name = _("{faction} (you)").format(faction=name)
            set_text(t["name"], name)
            era = self.content.era(sj["level"])
            set_text(t["era"], self.level_line(sj["level"]))
            t["era"].color = art.hex_color(era.color).replace(a=255)
            self.set_bar(seat, self.hp_shown[seat])
            set_text(t["coins"], str(round(self.coins_shown[seat])))
            other = seat != self.me and (seat in self.session.cpu
                                         or self.session.remote is not None)
            set_text(t["tag"], self.session.other_name(seat) if other else "")
        set_text(self.turn_text, _("Turn {n}").format(n=self.shown["turn"]))
        set_text(self.banner_text, self.banner)
        pill = getattr(self, "banner_pill", None)
        if pill is not None:
            pill.visible = bool(self.banner)
            if self.banner:
                pill.width = self.banner_text.content_width + 90
        self.refresh_buttons()

    def set_bar(self, seat: int, hp: float) -> None:
        bar = self.bars.get(seat)
        if bar is None:
            return
        max_hp = self.seat(seat)["max_hp"]
        r = bar["rect"]
        frac = max(0.0, min(1.0, hp / max_hp if max_hp else 0.0))
        fill = bar["fill"]
        fill.width = max(0.01, r.width * frac)
        fill.center_x = r.left + fill.width / 2 + bar["dx"]
        bar["bg"].center_x = r.center_x + bar["dx"]
        fill.color = art.hp_color(hp, max_hp)
        fill.visible = frac > 0
        text = self.panel_texts[seat]["hp"]
        shadow = self.panel_texts[seat]["hp_shadow"]
        for t in (text, shadow):
            set_text(t, f"{round(hp)} / {max_hp}")
        text.x = r.center_x + bar["dx"]
        shadow.x = text.x + 1

    def refresh_buttons(self) -> None:
        if not self.buttons or self.spectating:
            if self.spectating and "pause" in self.buttons:
                self.buttons["pause"].text = _("Resume") if self.paused else _("Pause")
            return
        seat = self.seat_obj(self.bottom)
        c = self.content
        # a still shot shows the buttons as the player would see them (clicks need `live`)
        plan = (self.me is not None and self.to_act == (self.me,) and not self.ended
                and self.match.result is None and not self.session.closed and not self.paused
                and not self.awaiting and not (self.animating and self.queue_owner != "me"))
        b = self.buttons
        cost = c.refresh_cost(len(seat.slots))
        self._set_button(b["refresh"], _("Refresh ({cost})").format(cost=cost),
                         not plan or c.refresh_cost(len(seat.slots)) > seat.coins)
        self._set_button(b["upgrade"], words.upgrade_caption(c, seat),
                         not plan or seat.level >= c.max_level
                         or seat.coins < c.upgrade_cost(seat.level))
        self._set_button(b["sell"], _("Sell Mode: on") if self.sell_mode else _("Sell Mode"),
                         not plan)
        b["sell"].style = theme.BUTTON_DANGER if self.sell_mode else theme.BUTTON_SECONDARY
        self._set_button(b["end"], _("End Turn"), not plan)
        if "undo" in b:
            self._set_button(b["undo"], _(UNDO_LABEL), not self.can_undo())
        r = b["refresh"].rect
        if hasattr(self, "refresh_coin"):
            self.refresh_coin.position = (r.left + 18, r.center_y)

    @staticmethod
    def _set_button(button: gui.UIFlatButton, text: str, disabled: bool) -> None:
        if button.text != text:
            button.text = text
        if button.disabled != disabled:
            button.disabled = disabled

    def button_tip(self, name: str) -> str:
        """What a button does, and why it is disabled."""
        seat = self.seat_obj(self.bottom)
        c = self.content
        waiting = "" if self.my_turn else _("Wait for your turn") + "\n"
        if name == "refresh":
            return waiting + words.refresh_tip(c, seat)
        if name == "upgrade":
            return waiting + words.upgrade_tip(c, seat)
        if name == "sell":
            return waiting + _("Sell Mode (S): click a unit to sell it for half its cost")
        if name == "end":
            return waiting + _("End your turn (Space/Enter): the opponent plans, then combat")
        if name == "pause":
            return _("Pause or resume the match")
        return ""

    # -- drawing ---------------------------------------------------------------------------------
    def draw_board(self) -> None:
        self.draw_shapes()
        self.draw_sprites()

    def draw_shapes(self) -> None:
        """The empty slots' fills under the panels, frames and hatching (drawn directly:
        fewer pixels than a cached copy's blit, game/scenes/backdrop.py)."""
        self.slot_fills.draw(filter=self.window.ctx.NEAREST)
        self.shapes.draw()

    def draw_sprites(self) -> None:
        """The layers above the shapes: flags and coins, HP bars, cards, effects, marks."""
        # Nearest sampling: sprites sit on whole pixels (cards, frames, panels), where it copies
        # the texels exactly, and a software rasterizer fills it faster (bake.py).
        nearest = self.window.ctx.NEAREST
        self.static.draw(filter=nearest)
        self.hud.draw()
        self.cards.draw(filter=nearest)
        self.fx.draw()
        self.marks.draw()
        self.shadow_batch.draw()

    def draw_overlay(self) -> None:
        self.over_ui.draw()
        if self.net_banner is not None:
            self.net_banner.draw(self.match, *view_size(self.window))

    # -- per frame -------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        if self.paused:
            self.toast.update(delta_time)
            return
        super().on_update(delta_time)

    def is_animating(self) -> bool:
        """Events wait to play, the end screen is due, or a CPU seat thinks."""
        thinking = self.session.runner.pending and not self.paused
        return (bool(self.events) or self.event_wait > 0.0 or self.end_delay is not None
                or thinking or self.awaiting or super().is_animating())

    def has_loops(self) -> bool:
        return bool(getattr(self, "pulsing", None))  # the glows of the playable cards

    def update_game(self, dt: float) -> None:
        self.frames_shown += 1
        self.refresh_tip()
        if self.lively:  # the glows hold still when the player is away
            self.pulse += dt
        for glow in getattr(self, "pulsing", []):
            glow.alpha = round(150 + 105 * math.sin(self.pulse * 5.0))
        factor = self.tweener.factor
        if self.event_wait > 0.0 and factor > 0.0:
            self.event_wait = max(0.0, self.event_wait - dt * factor)
        if self.events:
            if factor <= 0.0:
                self.fast_forward(mute=False)
            else:
                while self.events and self.event_wait <= 0.0:
                    self.event_wait += self.play_event(self.events.popleft())
                if not self.events:
                    self.settle_pending = True
        if self.settle_pending and not self.events and self.event_wait <= 0.0 \
                and not self.tweener.busy:
            self.settle_pending = False
            self.events_done()
        if self.end_delay is not None:
            self.end_delay -= dt * (factor if factor > 0 else 1e9)
            if self.end_delay <= 0:
                self.end_delay = None
                self.show_end()
                return
        if self.session.remote is not None and not self.ended:
            watch(self, self.session.remote)
        self.drive_cpu(dt)

    def fast_forward(self, mute: bool = True) -> None:
        """Space (muted), or instant mode (each sound once): every queued event to its end
        state at once."""
        self.skipping = mute
        self.played_now = set()
        try:
            while self.events:
                self.play_event(self.events.popleft())
            self.tweener.finish_all()
        finally:
            self.skipping = False
            self.played_now = None
        self.event_wait = 0.0
        self.settle_pending = False
        self.events_done()
        if self.end_delay is not None:
            self.end_delay = None
            self.show_end()

    def events_done(self) -> None:
        """The queue has played: show the live state exactly; open the end screen when over."""
        self.queue_owner = ""
        self.playback.finish()
        self.shown = self.live_state()
        self.hp_shown = [float(s["hp"]) for s in self.shown["seats"]]
        self.coins_shown = [float(s["coins"]) for s in self.shown["seats"]]
        if self.lay is not None and self.lay.lanes != self.lanes:
            self.relayout()
        else:
            self.build_static() if self.lay is not None else None
            self.rebuild(snap=True)
        self.update_banner()
        self.refresh_hud()
        if self.match.result is not None and not self.ended and self.end_delay is None:
            self.end_delay = 0.0 if self.tweener.instant else 0.9

    def show_position(self) -> None:
        """The replay viewer moved the match to another position: show it as it is, in
        place, without animation and without layout unless the lanes changed (docs/replays.md)
        ; never the end screen."""
        self.events.clear()
        self.event_wait = 0.0
        self.settle_pending = False
        self.tweener.finish_all()
        self.moving.clear()
        self.selected = None
        self.sell_mode = False
        self.events_done()
        self.end_delay = None

    # -- the log and Undo (issue 25) ------------------------------------------------------------
    @property
    def event_log(self) -> EventLog:
        return self.session.log

    def log_rect(self, width: int, height: int) -> arcade.types.Rect:
        """Right of the panels and boards, above the shop row (the layout leaves it the
        room)."""
        floor = self.lay.shop_top if self.lay is not None else 10
        return arcade.LRBT(width - log_width(width) - 8, width - 8, floor, height - 10)

    def offers_undo(self) -> bool:
        return self.session.undo_offered and not self.ended

    def undo_source(self) -> Any:
        return self.session.take_back

    def undo(self) -> bool:
        """Take back the person's last decision (and the CPU's replies, when no wall came
        between): the position before it shows at once, what still played dropped."""
        s = self.session
        if not self.can_undo() or s.take_back is None:
            return False
        s.runner.renew()
        take_back_session(s)
        self.think_time = 0.0
        self.show_position()
        self.refresh_buttons()
        self.notify(_(UNDONE), "info", duration=1.0)
        return True

    def update_banner(self) -> None:
        seat = self.to_act[0] if self.to_act else None
        remote = self.session.remote
        if self.match.result is not None or self.ended:
            self.banner = ""
        elif self.match.phase == "deck_builder":  # a spectator: the decks stay hidden
            self.banner = _(words.BUILDING_DECKS)
        elif seat is not None and self.spectating and (seat in self.session.cpu
                                                       or remote is not None):
            self.banner = words.planning(self.faction(seat))
        elif seat is not None and seat in self.session.cpu:
            self.banner = _(words.OPPONENT_PLANNING)
        elif seat is not None and seat != self.me and remote is not None:
            self.banner = words.planning(self.session.other_name(seat))
        else:
            self.banner = ""
        if self.paused:
            self.banner = _("Paused")

    def show_end(self) -> None:
        from game.scenes.kingdom.end import EndView

        if self.ended or self.window is None:
            return
        self.session.runner.cancel()
        self.app.show_view(EndView(self.app, self.session))

    # -- the CPU ---------------------------------------------------------------------------------
    def drive_cpu(self, dt: float) -> None:
        s = self.session
        if s.remote is not None:
            self.drive_net()
            return
        seat = self.to_act[0] if self.to_act else None
        if (not s.live or s.closed or self.ended or seat is None or seat not in s.cpu
                or self.paused or self.animating or self.match.result is not None
                or self.cpu_held()):
            return
        runner = s.runner
        factor = self.tweener.factor
        self.think_time += dt
        if not runner.pending:
            # a few frames first: a still shot (two frames) never wakes a worker up
            if self.frames_shown < WAKE_FRAMES:
                return
            runner.sync = runner.sync or self.cpu_sync
            runner.start(s.cpu[seat], seat, self.match.view_json(seat), s.streams[seat],
                         tag=len(self.match.decisions))
            return
        if factor > 0.0 and self.think_time < self.think_min / factor:
            return
        answer = runner.poll()
        if answer is None:
            return
        if runner.tag != len(self.match.decisions):
            return  # an answer about a position that is gone
        if isinstance(answer, BaseException):
            self.refuse(_("The CPU failed: {problem}").format(problem=answer))
            s.live = False
            return
        decision, stream_state = answer
        s.streams[seat] = stream_state
        self.think_time = 0.0
        if not self.submit(decision, by_cpu=True):
            log.error("kingdom CPU decision rejected: %s", decision)
            self.refuse(_("The CPU's decision was refused: {decision}").format(
                decision=decision.get("type")))
            s.live = False

    def drive_net(self) -> None:
        """A network seat: the other seat's steps, taken when a CPU's answer would be (not
        while anything animates), and played like one."""
        s = self.session
        remote = s.remote
        if not s.live or s.closed or self.ended or self.paused or self.animating:
            return
        entries = remote.take()
        if not entries:
            return
        if self.shown["phase"] == "deck_builder":
            # a spectator watched the decks being built unseen: the match starts from the
            # position as it stands (its events read shops this view never had)
            self.events_done()
            return
        self.queue_owner = "other"
        for entry in entries:
            for step in entry.steps:
                self.events.extend(dict(e) for e in step["events"])
        if not self.events:
            self.settle_pending = True  # a reconnect's view, or a step this seat sees no event of
        self.update_banner()
        self.refresh_hud()

    # -- deciding --------------------------------------------------------------------------------
    def submit(self, decision: dict[str, Any], *, by_cpu: bool = False) -> bool:
        """Submit a decision; a rejection plays error1 and shows the reason, changing nothing.
        A network seat's decision is sent and this returns at once (True: sent): the host's
        answer comes to `answered` in a later frame, and the planning input waits for it."""
        if self.session.closed or (not by_cpu and self.tutorial_refuses(decision)):
            return False
        if not by_cpu and self.events:
            self.fast_forward()  # the player's own last action finishes first
        remote = self.session.remote
        if remote is not None:
            refused = remote.send(decision)
            if refused is not None:
                return self.answered(decision, refused)
            self.refresh_buttons()
            return True
        return self.answered(decision, self.session.submit(decision, self.events),
                             by_cpu=by_cpu)

    def answered(self, decision: dict[str, Any], outcome: Any, at: Any = None, *,
                 by_cpu: bool = False) -> bool:
        """Show a decision's outcome: its events queue to play; a rejection is the reason."""
        if not outcome.ok:
            seat = decision.get("seat", self.bottom)
            seat_no = seat if seat in (0, 1) else self.bottom
            self.refuse(words.rejection(outcome.error, outcome.message, decision, self.content,
                                        self.seat_obj(seat_no)))
            self.refresh_buttons()
            return False
        self.selected = None
        if decision.get("type") == "end_turn":
            self.sell_mode = False
        self.queue_owner = "cpu" if by_cpu else "me"
        self.events.extend(e.as_json() for e in outcome.events)
        if not self.events:
            self.settle_pending = True
        self.update_banner()
        self.refresh_hud()
        return True

    def refuse(self, message: str, at: tuple[float, float] | None = None) -> None:
        self.toast.show(message, "error", duration=2.0, at=at)
        self.play(SOUNDS["error"])

    def play(self, name: str) -> None:
        if self.skipping:
            return
        if self.played_now is not None:  # instant mode: one of each sound per batch
            if name in self.played_now:
                return
            self.played_now.add(name)
        self.play_sound(SOUNDS.get(name, name))

    def decide(self, verb: str, **fields: Any) -> bool:
        if self.me is None:
            return False
        return self.submit({"seat": self.me, "type": verb, **fields})

    # buttons and keys
    def do_refresh(self) -> None:
        if self.can_plan:
            self.decide("refresh")

    def do_upgrade(self) -> None:
        if self.can_plan:
            self.decide("upgrade")

    def do_end_turn(self) -> None:
        if self.can_plan:
            self.cancel_selection()
            self.decide("end_turn")

    def toggle_sell(self) -> None:
        if not self.can_plan:
            return
        self.selected = None
        self.sell_mode = not self.sell_mode
        self.rebuild()
        self.refresh_buttons()

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.update_banner()
        self.refresh_hud()

    def set_speed(self, value: str) -> None:
        self.app.update_settings(animation_speed=value)

    def cancel_selection(self) -> bool:
        if self.selected is None:
            return False
        self.selected = None
        self.rebuild()
        return True

    def pick_offer(self, offer: int | str) -> None:
        """Click or key on an offer (an index or "hero"): lift it, or say why it is locked."""
        if not self.can_plan:
            return
        if self.sell_mode:
            self.sell_mode = False
        sj = self.seat(self.bottom)
        if offer != "hero" and not 0 <= offer < len(sj["shop"]):  # type: ignore[operator]
            return
        if offer == "hero" and not sj.get("hero"):
            return
        key = ("hero", self.bottom) if offer == "hero" else ("offer", self.bottom, offer)
        lock = self.offer_lock(offer)
        if lock is not None:
            x, y = self.home.get(key, (None, None))
            self.refuse(lock, at=(x, y + 100) if x is not None else None)
            return
        want = ("hero",) if offer == "hero" else ("offer", offer)
        self.selected = None if self.selected == want else want
        self.rebuild()
        self.refresh_buttons()

    def click_slot(self, slot: int) -> None:
        sj = self.seat(self.bottom)
        unit = sj["slots"][slot]
        sel = self.selected
        if self.sell_mode:
            if unit is None:
                return
            if self.content.cards[unit["card"]].kind == "hero":
                x, y = self.slot_pos(self.bottom, slot)
                self.refuse(_(words.CANNOT_SELL_HERO), at=(x, y + 110))
                return
            self.decide("sell", slot=slot)
            return
        if sel is not None and sel[0] in ("offer", "hero") and unit is None:
            self.decide("buy", offer="hero" if sel[0] == "hero" else sel[1], slot=slot)
            return
        if sel is not None and sel[0] == "unit" and unit is None:
            self.decide("move", **{"from": sel[1], "to": slot})
            return
        if unit is not None:
            self.selected = None if sel == ("unit", slot) else ("unit", slot)
            self.rebuild()
            return
        self.cancel_selection()

    # -- tutorials -------------------------------------------------------------------------------
    def tutorial_next(self, decision: dict[str, Any]) -> dict[str, Any]:
        """A buy's offer, then its slot; a move's unit, then the empty slot; Sell Mode, then
        the unit to sell; the button of the others."""
        kind = decision.get("type")
        if kind == "buy":
            offer = decision.get("offer")
            want = ("hero",) if offer == "hero" else ("offer", offer)
            return {"slot": decision.get("slot")} if self.selected == want else {"offer": offer}
        if kind == "move":
            if self.selected == ("unit", decision.get("from")):
                return {"slot": decision.get("to")}
            return {"slot": decision.get("from")}
        if kind == "sell":
            return {"slot": decision.get("slot")} if self.sell_mode else {"button": "sell"}
        return {"button": {"end_turn": "end"}.get(str(kind), str(kind))}

    def tutorial_rects(self, target: dict[str, Any]) -> list[arcade.types.Rect]:
        """Your shop's `offer` (an index or "hero"), your `slot`, the CPU's `top_slot`, a
        seat's Nexus panel (`nexus`: 0 or 1), or a `button` (refresh, upgrade, sell, end)."""
        lay = self.lay
        if lay is None:
            return []
        rects = []
        offer = target.get("offer")
        if offer is not None:
            key = ("hero", self.bottom) if offer == "hero" else ("offer", self.bottom, offer)
            home = self.home.get(key)
            if home is not None:
                rects.append(arcade.XYWH(*home, lay.shop_w, lay.shop_h))
        for name, seat in (("slot", self.bottom), ("top_slot", self.top)):
            slot = target.get(name)
            if isinstance(slot, int) and 0 <= slot < len(self.seat(seat)["slots"]):
                rects.append(arcade.XYWH(*self.slot_pos(seat, slot), lay.card_w, lay.card_h))
        if target.get("nexus") in (0, 1):
            rects.append(self.panel_rect(target["nexus"]))
        button = self.buttons.get(str(target.get("button")))
        if button is not None:
            rects.append(button.rect)
        return rects

    def tutorial_keep_clear(self) -> list[arcade.types.Rect]:
        """Both rows of slots and the shop."""
        rects = self.tutorial_rects({"offer": "hero"})
        for i in range(len(self.seat(self.bottom)["shop"])):
            rects += self.tutorial_rects({"offer": i})
        for i in range(self.lanes):
            rects += self.tutorial_rects({"slot": i, "top_slot": i})
        return rects

    def tutorial_busy(self) -> bool:
        return self.animating or self.event_wait > 0.0 or self.end_delay is not None

    def tutorial_play(self, decision: dict[str, Any]) -> bool:
        return self.submit(decision, by_cpu=True)

    # -- input -----------------------------------------------------------------------------------
    def hit(self, x: float, y: float) -> Key | None:
        """What is under the point: ("offer", i), ("hero",), ("slot", i), ("top_slot", i),
        ("button", name), ("portrait", seat), ("bar", seat)."""
        lay = self.lay
        if lay is None:
            return None
        for name, button in self.buttons.items():
            if button.rect.point_in_rect((x, y)):
                return ("button", name)
        sj = self.seat(self.bottom)
        if not self.spectating:
            for i in range(len(sj["shop"])):
                if self._inside(self.home.get(("offer", self.bottom, i)), x, y, lay.shop_w,
                                lay.shop_h):
                    return ("offer", i)
        if sj.get("hero") and self._inside(self.home.get(("hero", self.bottom)), x, y,
                                           lay.shop_w, lay.shop_h):
            return ("hero",)
        for seat in (self.bottom, self.top):
            for i in range(len(self.seat(seat)["slots"])):
                if self._inside(self.slot_pos(seat, i), x, y, lay.card_w, lay.card_h):
                    return ("slot" if seat == self.bottom else "top_slot", i)
            if self._inside(self.portrait_pos(seat), x, y, 34, 48):
                return ("portrait", seat)
            if self.bar_rect(seat).point_in_rect((x, y)):
                return ("bar", seat)
        return None

    @staticmethod
    def _inside(center: tuple[float, float] | None, x: float, y: float, w: float, h: float
                ) -> bool:
        return center is not None and abs(x - center[0]) <= w / 2 and abs(y - center[1]) <= h / 2

    def tip_for(self, target: Key | None) -> str:
        if target is None:
            return ""
        kind = target[0]
        c = self.content
        if kind == "button":
            return self.button_tip(target[1])
        if kind in ("offer", "hero"):
            offer = "hero" if kind == "hero" else target[1]
            sj = self.seat(self.bottom)
            card = sj["hero"]["card"] if kind == "hero" else sj["shop"][offer]
            if card is None or card == HIDDEN or self.spectating:
                return "" if card is None else _("Hidden offer")
            lock = self.offer_lock(offer)
            info = self.card_line(card)
            return f"{lock}\n{info}" if lock else info
        if kind in ("slot", "top_slot"):
            seat = self.bottom if kind == "slot" else self.top
            unit = self.seat(seat)["slots"][target[1]]
            if unit is None:
                return ""
            info = self.card_line(unit["card"])
            if kind == "slot" and self.sell_mode:
                return f"{words.sell_tip(c, unit['card'])}\n{info}"
            return info
        if kind == "portrait":
            hero = self.seat(target[1]).get("hero")
            if not hero:
                return ""
            line = {"in_hand": N_("Hero: {name} (in hand)"),
                    "deployed": N_("Hero: {name} (on the battlefield)"),
                    "dead": N_("Hero: {name} (Fallen — lost for this match)")}[hero["status"]]
            return _(line).format(name=_(c.cards[hero["card"]].name))
        if kind == "bar":
            sj = self.seat(target[1])
            return _("Nexus: {hp} / {max_hp} HP").format(hp=sj["hp"], max_hp=sj["max_hp"])
        return ""

    def card_line(self, card_id: str) -> str:
        card = self.content.cards[card_id]
        effect = self.content.effects[card.effect]
        return (_("{name} — {era}, cost {cost}, ATK {atk} / DEF {defense}").format(
            name=_(card.name), era=words.era_name(self.content, card.era), cost=card.cost,
            atk=card.atk, defense=card.defense) + f"\n{_(effect.archetype)}: {_(effect.text)}")

    def level_line(self, level: int) -> str:
        """A seat panel's era line: "Level 2 · Settled"."""
        return _("Level {level} · {era}").format(level=level,
                                                 era=words.era_name(self.content, level))

    def refresh_tip(self) -> None:
        """Keep the hover tooltip true under a still mouse (Nexus HP, coins and units change
        in combat and upkeep); the bubble is laid out again only when its text changes."""
        if self.hover_xy is None:
            return
        x, y = self.hover_xy
        tip = self.tip_for(self.hit(x, y))
        if tip == self.tooltip.text:
            return
        if tip:
            self.tooltip.show(tip, x, y)
        else:
            self.tooltip.hide()

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        self.hover_xy = (x, y)
        target = self.hit(x, y)
        tip = self.tip_for(target)
        if tip:
            self.tooltip.show(tip, x, y)
        else:
            self.tooltip.hide()
        key: Key | None = None
        if target is not None and target[0] == "offer":
            key = ("offer", self.bottom, target[1])
        elif target is not None and target[0] == "hero":
            key = ("hero", self.bottom)
        elif target is not None and target[0] == "slot":
            unit = self.seat(self.bottom)["slots"][target[1]]
            key = ("unit", unit["uid"]) if unit else None
        if key != self.hovered:
            self.hovered = key
            self.refresh_marks()
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        if not self.my_turn or self.paused:
            return True
        if self.animating and self.queue_owner == "me":
            self.fast_forward()
        if not self.can_plan:
            return True
        if button == arcade.MOUSE_BUTTON_RIGHT:
            self.cancel_selection()
            return True
        target = self.hit(x, y)
        if target is None or target[0] in ("top_slot", "portrait", "bar"):
            self.cancel_selection()
        elif target[0] == "offer":
            self.pick_offer(target[1])
        elif target[0] == "hero":
            self.pick_offer("hero")
        elif target[0] == "slot":
            self.click_slot(target[1])
        self.on_mouse_motion(x, y, 0, 0)
        return True

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        k = arcade.key
        if symbol == k.SPACE and self.animating and self.queue_owner != "me":
            self.fast_forward()
            return True
        if symbol == k.ESCAPE and (self.selected is not None or self.sell_mode):
            self.selected = None
            self.sell_mode = False
            self.rebuild()
            self.refresh_buttons()
            return True
        if self.spectating and symbol == k.P:
            self.toggle_pause()
            return True
        if not self.my_turn:
            return symbol in (k.SPACE, k.ENTER, k.RETURN)
        if self.animating and self.queue_owner == "me":
            self.fast_forward()
        offers = {k.KEY_1: 0, k.KEY_2: 1, k.KEY_3: 2, k.KEY_4: 3, k.KEY_5: 4,
                  k.NUM_1: 0, k.NUM_2: 1, k.NUM_3: 2, k.NUM_4: 3, k.NUM_5: 4}
        if symbol in offers:
            self.pick_offer(offers[symbol])
        elif symbol == k.Q:
            self.pick_offer("hero")
        elif symbol == k.R:
            self.do_refresh()
        elif symbol == k.U:
            self.do_upgrade()
        elif symbol == k.S:
            self.toggle_sell()
        elif symbol in (k.SPACE, k.ENTER, k.RETURN):
            self.do_end_turn()
        else:
            return False
        return True

    # -- events ----------------------------------------------------------------------------------
    def play_event(self, event: dict[str, Any]) -> float:
        """Apply one event to the shown state and start its animation; the seconds (at 1x)
        before the next event."""
        kind = event["type"]
        self.session.tell([event])
        handler = getattr(self, f"on_{kind}", None)
        if handler is not None:
            return float(handler(event) or 0.0)
        return self.playback.play(event)

    def tween(self, tween: Tween, key: Key | None = None) -> Tween:
        """Start a tween that carries a card (its key is `moving` until the tween ends)."""
        if key is not None:
            self.moving[key] = self.moving.get(key, 0) + 1
            done = tween.on_done

            def release() -> None:
                self.moving[key] -= 1
                if self.moving[key] <= 0:
                    del self.moving[key]
                if done is not None:
                    done()

            tween.on_done = release
        return self.tweener.add(tween)

    def float_text(self, text: str, x: float, y: float, color: Any, size: float = 18,
                   rise: float = 40.0, duration: float = 1.0) -> None:
        if self.skipping:
            return
        self.tweener.float_text(text, x, y, color=color, font_size=size, rise=rise,
                                duration=duration, batch=self.batch, font_name=UI_FONT)

    def fly(self, key: Key, start: tuple[float, float], duration: float = FLY) -> None:
        sprite = self.sprites.get(key)
        home = self.home.get(key)
        if sprite is None or home is None:
            return
        sprite.position = start
        self.tween(PositionTween(sprite, home, duration, start=start), key)

    def ghost(self, key: Key) -> arcade.Sprite | None:
        """Take a card's sprite off the board into the effects list (it fades there)."""
        sprite = self.sprites.pop(key, None)
        self.home.pop(key, None)
        if sprite is None:
            return None
        sprite.remove_from_sprite_lists()
        self.fx.append(sprite)
        return sprite

    def tick_coins(self, seat: int, coins: int) -> None:
        start = self.coins_shown[seat]

        def show(v: float) -> None:
            self.coins_shown[seat] = v
            set_text(self.panel_texts[seat]["coins"], str(round(v)))

        self.tweener.add(ValueTween(start, coins, 0.3, show, blocking=False))

    def tween_hp(self, seat: int, hp: int, duration: float = 0.3) -> None:
        start = self.hp_shown[seat]

        def show(v: float) -> None:
            self.hp_shown[seat] = v
            self.set_bar(seat, v)

        self.tweener.add(ValueTween(start, hp, duration, show, blocking=False))

    def flip_in(self, key: Key, delay: float = 0.0) -> None:
        sprite = self.sprites.get(key)
        if sprite is None:
            return
        full = sprite.width

        def apply(v: float) -> None:
            sprite.width = max(1.0, full * abs(v))

        self.tweener.add(ValueTween(0.0, 1.0, 0.25, apply, delay=delay, blocking=False))

    def source_of_buy(self, seat: int, offer: Any) -> tuple[float, float]:
        assert self.lay is not None
        if seat == self.bottom and not self.spectating:
            r = self.lay.offer_rect(offer)
            return r.center_x, r.center_y
        if offer == "hero":
            return self.portrait_pos(seat)
        return self.back_pos(seat, int(offer))

    def on_unit_bought(self, e: dict[str, Any]) -> float:
        seat = e["seat"]
        sj = self.seat(seat)
        start = self.sprites.get(("offer", seat, e["offer"]))
        start_pos = start.position if start is not None else self.source_of_buy(seat, e["offer"])
        sj["slots"][e["slot"]] = {"card": e["card"], "uid": e["uid"]}
        sj["coins"] -= e["cost"]
        if e["offer"] == "hero":
            sj["hero"]["status"] = "deployed"
        else:
            sj["shop"][e["offer"]] = None
        self.rebuild()
        self.fly(("unit", e["uid"]), tuple(start_pos))
        self.tick_coins(seat, sj["coins"])
        self.play("coin")
        self.refresh_buttons()
        return PLAN_BEAT if seat == self.me else 0.55

    def on_unit_sold(self, e: dict[str, Any]) -> float:
        seat = e["seat"]
        sj = self.seat(seat)
        sprite = self.ghost(("unit", e["uid"]))
        if sprite is not None:
            self.tweener.fade(sprite, 0, 0.4, on_done=sprite.remove_from_sprite_lists,
                              blocking=False)
        x, y = self.slot_pos(seat, e["slot"])
        self.float_text(f"+{e['coins']}", x, y, theme.GOLD_HI, size=22)
        sj["slots"][e["slot"]] = None
        sj["coins"] += e["coins"]
        self.rebuild()
        self.tick_coins(seat, sj["coins"])
        self.play("coin")
        self.refresh_buttons()
        return PLAN_BEAT if seat == self.me else 0.55

    def on_unit_moved(self, e: dict[str, Any]) -> float:
        seat = e["seat"]
        sj = self.seat(seat)
        sj["slots"][e["to"]], sj["slots"][e["from"]] = sj["slots"][e["from"]], None
        self.rebuild()
        self.fly(("unit", e["uid"]), self.slot_pos(seat, e["from"]), 0.3)
        return PLAN_BEAT if seat == self.me else 0.5

    def on_shop_refreshed(self, e: dict[str, Any]) -> float:
        seat = e["seat"]
        sj = self.seat(seat)
        sj["coins"] -= e["cost"]
        sj["shop"] = list(self.live_state()["seats"][seat]["shop"])
        self.rebuild()
        for i in range(len(sj["shop"])):
            for key in (("offer", seat, i), ("back", seat, i)):
                self.flip_in(key, delay=0.05 * i)
        self.tick_coins(seat, sj["coins"])
        self.play("coin")
        self.refresh_buttons()
        return PLAN_BEAT if seat == self.me else 0.55

    def on_nexus_upgraded(self, e: dict[str, Any]) -> float:
        seat = e["seat"]
        sj = self.seat(seat)
        old_level = sj["level"]
        sj["coins"] -= self.content.upgrade_cost(old_level)
        sj["level"] = e["level"]
        sj["era"] = self.content.era(e["level"]).id
        sj["max_hp"] = e["max_hp"]
        sj["slots"].append(None)
        new_slot = len(sj["slots"]) - 1
        if self.lay is not None and self.lay.lanes != self.lanes:
            self.relayout()
        else:
            self.build_static()
            self.rebuild()
        rect = self.slot_frames.get((seat, new_slot))
        if rect is not None and not self.skipping and not self.tweener.instant:
            self.grow_slot(seat, new_slot, rect)
        self.tween_hp(seat, e["hp"], 0.4)
        self.tick_coins(seat, sj["coins"])
        era = art.hex_color(self.content.era(e["level"]).color)
        self.tweener.add(ColorTween(self.panel_texts[seat]["era"], era, 0.4, blocking=False))
        set_text(self.panel_texts[seat]["era"], self.level_line(e["level"]))
        self.play("upgrade")
        self.refresh_buttons()
        return PLAN_BEAT if seat == self.me else 0.6

    def grow_slot(self, seat: int, lane: int, rect: arcade.types.Rect) -> None:
        """A new slot's frame grows from nothing (a sprite until it is full size, then the
        static frame again)."""
        assert self.lay is not None
        self.growing.add((seat, lane))
        self.build_static()
        frame = arcade.Sprite(art.slot_texture(self.lay.card_w, self.lay.card_h))
        frame.position = rect.center
        frame.scale = 0.01
        self.fx.append(frame)

        def done() -> None:
            frame.remove_from_sprite_lists()
            self.growing.discard((seat, lane))
            if self.lay is not None:
                self.build_static()
                self.refresh_hud()

        self.tweener.add(ValueTween(0.01, 1.0, 0.4, lambda v: setattr(frame, "scale", v),
                                    on_done=done, blocking=False))

    def on_upkeep(self, e: dict[str, Any]) -> float:
        seat = e["seat"]
        self.seat(seat)["coins"] = e["coins"]
        self.tick_coins(seat, e["coins"])
        x, y = self.coins_pos(seat)
        text = words.upkeep_toast(e)
        self.float_text(text, x + 40, y + 10, theme.GOLD_HI, size=14, rise=24, duration=1.6)
        if seat == self.bottom and not self.skipping:
            self.toast.show(text if not self.spectating else _("{faction}: {text}").format(
                faction=self.faction(seat), text=text),
                            "info", duration=2.0)
            self.play("coin")
        return 0.15

    def on_shop_topped_up(self, e: dict[str, Any]) -> float:
        seat = e["seat"]
        self.seat(seat)["shop"] = list(self.live_state()["seats"][seat]["shop"])
        self.rebuild()
        for n, i in enumerate(e["positions"]):
            for key in (("offer", seat, i), ("back", seat, i)):
                self.flip_in(key, delay=0.06 * n)
        return 0.15

    def on_phase_changed(self, e: dict[str, Any]) -> float:
        self.shown["phase"] = e["phase"]
        self.shown["turn"] = e["turn"]
        if e["phase"] == "combat":
            self.banner = _("Combat")
            self.playback.start()
            if not self.skipping and not self.tweener.instant:
                self.warm_combat()
        else:
            self.playback.finish()
            self.banner = ""
        self.refresh_hud()
        return 0.0

    def on_match_over(self, e: dict[str, Any]) -> float:
        self.shown["result"] = e["result"]
        return 0.0

    # -- shell hooks -----------------------------------------------------------------------------
    def help_topics(self) -> list[HelpTopic]:
        try:
            from game.scenes.kingdom.help import help_topics
        except ImportError:
            return [HelpTopic(_("Kingdom"), (_("Buy units, place them in slots, upgrade your "
                                               "Nexus, then watch the lanes clash."),))]
        if self.ended:
            which = "end"
        elif self.spectating:
            which = "spectate"
        elif self.playback.active:
            which = "playback"
        else:
            which = "match"
        return list(help_topics(self.content, which, self.match.rules.rules_version))

    def current_record(self) -> dict[str, Any] | None:
        if self.session.closed or self.match.result is not None or not self.session.live \
                or self.session.remote is not None:  # a network match is the host's to save
            return None
        return match_record(self.match)

    def on_show_view(self) -> None:
        super().on_show_view()
        warm_session(self.session, self.cpu_sync)  # the worker is ready for the first move

    def on_leave(self) -> None:
        self.session.close()
