"""What every Strike screen shares: the match, the CPU seats, submitting, event playback.

A Strike view renders `match.view_json(seat)` and asks the match what is legal
(`match.legal_decisions(seat)`); it never decides a rule. Decisions go through `submit`, which
autosaves the record, and the accepted events are played one after another (`play_event`,
written by each screen) before the CPU seat is asked for its next decision.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import Any

import arcade

from game.engine.match import Match
from game.engine.record import match_record
from game.engine.rng import ai_stream
from game.i18n import N_, _
from game.net.remote import RemoteMatch, seat_label
from game.scenes.base import GameViewBase
from game.scenes.cpu_worker import warm_session
from game.scenes.event_log import EventLog
from game.scenes.net_banner import NetBanner, sending, watch
from game.scenes.scale import view_size
from game.scenes.strike import look
from game.scenes.strike.cpu import CpuRunner
from game.scenes.strike.help import help_topics
from game.scenes.strike.log_words import SENTENCES, StrikeNamer
from game.scenes.take_back import TakeBack, offered, take_back_session
from game.scenes.widgets import HelpTopic

log = logging.getLogger(__name__)

MODE_ID = "strike"


class StrikeSession:
    """What outlives one screen: the match, its CPU seats, their streams and worker."""

    def __init__(self, match: Match | RemoteMatch, *, live: bool = True,
                 sync: bool = False) -> None:
        self.match = match
        # A network seat (docs/network.md): one human here, the other seat is remote.
        self.remote = match if isinstance(match, RemoteMatch) else None
        self.cpu = match.cpu_seats()
        self.humans = [s for s in (0, 1) if s not in self.cpu]
        if self.remote is not None:  # a spectator has no seat: the screens with no human
            self.humans = [] if self.remote.seat is None else [self.remote.seat]
        self.me = self.humans[0] if self.humans else 0
        # The side a seat is drawn on: the screens' seat 0 is the player's (P, left, the
        # player's colour), so a network seat 1 sees its own units there (docs/network.md).
        self.flip = 1 if self.remote is not None and self.remote.seat == 1 else 0
        self.hotseat = len(self.humans) == 2
        self.streams = {s: ai_stream(match.seed, s).get_state() for s in self.cpu}
        self.runner = CpuRunner(sync=sync)
        self.live = live  # False: a still shot or a watched replay, the CPU never moves
        # A watched replay: the record's decisions still to play (None in a normal match).
        self.replay_queue: deque[dict[str, Any]] | None = None
        self.closed = False
        # the match log (L), told as the seat on screen sees it (game.scenes.event_log)
        self.log = EventLog(SENTENCES, StrikeNamer(self))
        # Undo (game.scenes.take_back): one person against CPUs, live and local only; the
        # replay viewer and `replay_view` set `live` False after building the session
        self.take_back = (TakeBack(match, self.me)
                          if offered(live=live, remote=self.remote, humans=self.humans,
                                     cpu=self.cpu) else None)

    @property
    def undo_offered(self) -> bool:
        return (self.take_back is not None and self.live and not self.closed
                and self.replay_queue is None)

    def tell(self, events: Any) -> None:
        """Log the events of the match's last decision as this screen's seat sees them."""
        self.log.add_seen(self.match, events, self.me)

    def kept(self) -> tuple[dict[int, Any], tuple[str, ...]]:
        """What an undo puts back beside the match: the CPUs' streams, the log's lines."""
        return dict(self.streams), tuple(self.log.lines)

    def side(self, seat: int) -> int:
        """Where and in which colour the screens draw `seat`: 0 the player's side (left, P),
        1 the other's (right, E)."""
        return seat ^ self.flip

    @property
    def content(self) -> Any:
        return self.match.rules.content

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.runner.shutdown()
        self.match.close()


UNDONE = N_("Decision taken back.")
UNDO_LABEL = N_("Undo (Ctrl+Z)")
ACRONYMS = frozenset({"CPU"})  # words that keep their capitals in a sentence


def sentence_case(name: str) -> str:
    """A name in the screens' capitals ("CPU", "PLAYER 2 (REMOTE)") at the start of a
    sentence: "CPU stole …" (it read "Cpu stole", issue 27), "Player 2 (remote) stole …"."""
    text = " ".join(w if w in ACRONYMS else w.lower() for w in name.split(" "))
    return text[:1].upper() + text[1:]


class StrikeView(GameViewBase):
    """Base of the draft and board screens (see the module docstring)."""

    title = N_("Marve-Strike")
    mode_id = MODE_ID
    cpu_sync = False  # tests: the CPU decides in-process
    esc_cancels = ""  # what Esc clears first on this screen ("the selected unit"), if anything
    think_min = 0.6  # seconds of "CPU THINKING…" before its decision shows

    def __init__(self, app: Any, session: StrikeSession) -> None:
        super().__init__(app)
        self.background_color = look.BACKGROUND
        self.session = session
        self.match = session.match
        self.content = session.content
        self.state = self.match.view_json(session.me)
        self.events: deque[dict[str, Any]] = deque()
        self.event_wait = 0.0
        self.think_time = 0.0
        self.message = ""
        self.tip = look.CardTip()
        self.net_banner = NetBanner() if session.remote is not None else None

    # -- who is who -------------------------------------------------------------------------
    @property
    def acting(self) -> int | None:
        to_act = self.state.get("to_act") or []
        return to_act[0] if to_act else None

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.session.humans

    @property
    def human_to_act(self) -> bool:
        return self.session.live and self.is_human(self.acting) and not self.awaiting

    def side_name(self, seat: int) -> str:
        if self.session.remote is not None and self.session.remote.spectator:
            return f"PLAYER {seat + 1}"
        if self.session.hotseat or not self.session.humans:
            return f"SEAT {seat + 1}"
        return "YOUR" if seat == self.session.me else "ENEMY"

    def side_units(self, seat: int) -> str:
        """The heading over a side's unit blocks ("YOUR UNITS", "SEAT 2 UNITS")."""
        if self.session.remote is not None and self.session.remote.spectator:
            return _("PLAYER {n} UNITS").format(n=seat + 1)
        if self.session.hotseat or not self.session.humans:
            return _("SEAT {n} UNITS").format(n=seat + 1)
        return _("YOUR UNITS") if seat == self.session.me else _("ENEMY UNITS")

    def other_name(self, seat: int | None) -> str:
        """Who plays a seat that is not this screen's human: the CPU, or over the network
        "PLAYER 2 (REMOTE)" (in the screens' capitals)."""
        remote = self.session.remote
        if remote is not None and seat is not None:  # a spectator's "PLAYER 1", "PLAYER 2"
            return seat_label(seat, remote=not remote.spectator).upper()
        return "CPU"

    def preview_match(self) -> Any:
        """The match a preview reads (a network seat's mirror of its view). Use it inside
        `Match.lock`: a host of this process shares esper."""
        remote = self.session.remote
        return remote.mirror() if remote is not None else self.match

    def card(self, card_id: str) -> Any:
        return self.content.cards[card_id]

    @property
    def animating(self) -> bool:
        return bool(self.events) or self.tweener.busy

    def is_animating(self) -> bool:
        """Events wait to play, or a CPU seat thinks (its spinner turns)."""
        seat = self.acting
        thinking = (seat is not None and seat in self.session.cpu and self.session.live
                    and self.session.runner.pending)
        return (bool(self.events) or self.event_wait > 0 or thinking or self.awaiting
                or super().is_animating())

    # -- deciding ---------------------------------------------------------------------------
    def submit(self, decision: dict[str, Any], at: tuple[float, float] | None = None) -> bool:
        """Submit a decision; a rejection shows its reason and changes nothing. A network
        seat's decision is sent and this returns at once (True: sent): the host's answer comes
        to `answered` in a later frame, meanwhile the seat's input is held (`awaiting`)."""
        if self.session.closed or self.tutorial_refuses(decision):
            return False
        remote = self.session.remote
        if remote is not None:
            refused = remote.send(decision, at)
            if refused is not None:
                self.answered(decision, refused, at)
                return False
            return True
        take_back = self.session.take_back
        if take_back is None:
            return self.answered(decision, self.match.submit(decision), at)
        return self.answered(decision, take_back.submit(decision, self.session.kept()), at)

    @property
    def awaiting(self) -> bool:
        """A network seat's decision waits for the host: no other decision until it comes."""
        return sending(self.session.remote)

    def answered(self, decision: dict[str, Any], outcome: Any,
                 at: tuple[float, float] | None = None) -> bool:
        """Show a decision's outcome: the accepted events play, a rejection is a message."""
        if not outcome.ok:
            words = look.reject_words(outcome.error, outcome.message, decision,
                                      self.unit_json(decision.get("unit")))
            self.reject(words, decision, at)
            return False
        self.state = self.match.view_json(self.session.me)
        self.autosave()
        self.session.tell(outcome.events)
        for event in outcome.events:
            self.events.append(event.as_json())
        self.after_submit(decision)
        return True

    def reject(self, words: str, decision: dict[str, Any],
               at: tuple[float, float] | None) -> None:
        """Show a rejection (a screen may float it at the unit) with the error sound."""
        self.notify(words, at=at)

    def autosave(self) -> None:
        """Save after each decision; a finished match empties the slot only if it is its own."""
        if not self.session.live:
            return
        if self.session.remote is not None:  # the host saves; the record comes at the end
            if self.state.get("result") is not None and self.match.final is not None:
                self.app.finish_match(match_record(self.match))
            return
        if self.state.get("result") is not None:
            self.app.finish_match(match_record(self.match))
        else:
            self.app.save_match(match_record(self.match), MODE_ID)

    def unit_json(self, unit_id: Any) -> dict[str, Any] | None:
        for u in self.state["board"]["units"]:
            if u["id"] == unit_id:
                return u
        return None

    def after_submit(self, decision: dict[str, Any]) -> None:
        """A decision was accepted (its events are queued)."""

    def show_position(self) -> None:
        """The replay viewer moved the match to another position of this screen's phase:
        show it as it is, in place, without animation and without layout (docs/replays.md)."""
        self.state = self.match.view_json(self.session.me)
        self.events.clear()
        self.event_wait = 0.0
        self.tweener.finish_all()
        self.show_state()

    def show_state(self) -> None:
        """Hook of `show_position`: every sprite and text as `self.state` says."""

    def play_event(self, event: dict[str, Any]) -> float:
        """Start the animation of one event; the seconds to wait before the next one."""
        return 0.0

    def events_done(self) -> None:
        """Every queued event has played: show the state as it is now."""

    @property
    def handing_over(self) -> bool:
        """A phase event asked for the next screen: the events left are played there."""
        return False

    def fast_forward(self) -> None:
        while self.events and not self.handing_over:
            self.play_event(self.events.popleft())
        self.event_wait = 0.0
        self.tweener.finish_all()
        self.events_done()

    # -- per frame --------------------------------------------------------------------------
    def update_game(self, dt: float) -> None:
        factor = self.tweener.factor
        if self.events:
            if factor <= 0.0:
                self.fast_forward()
            else:
                self.event_wait -= dt * factor
                while self.events and self.event_wait <= 0.0 and not self.handing_over:
                    self.event_wait += self.play_event(self.events.popleft())
                if not self.events:
                    self._done_pending = True
        elif self.event_wait > 0.0:  # the last event's own time runs out, then events_done
            self.event_wait = max(0.0, self.event_wait - dt * factor) if factor > 0.0 else 0.0
        if getattr(self, "_done_pending", False) and not self.events and self.event_wait <= 0:
            self._done_pending = False
            self.events_done()
        self.update_screen(dt)
        if self.session.remote is not None:
            watch(self, self.session.remote)
        self.refresh_tip()
        self.drive_cpu(dt)

    def update_screen(self, dt: float) -> None:
        """Per-frame animation of the screen itself."""

    def refresh_tip(self) -> None:
        """Keep a shown tooltip true to what it describes (HP, statuses, cooldowns change under
        a still mouse); a board screen rebuilds it from the hovered tile."""

    def drive_cpu(self, dt: float) -> None:
        s = self.session
        if s.remote is not None:
            self.drive_net()
            return
        seat = self.acting
        if (not s.live or s.closed or seat is None or seat not in s.cpu or self.cpu_blocked()
                or self.cpu_held()):
            return
        if self.animating:
            return
        runner = s.runner
        if not runner.pending:
            runner.sync = runner.sync or self.cpu_sync
            self.think_time = 0.0
            runner.start(s.cpu[seat], seat, self.match.view_json(seat), s.streams[seat],
                         tag=len(self.match.decisions))
            return
        self.think_time += dt
        if self.think_time < self.think_min * (self.tweener.factor and 1 / self.tweener.factor):
            return
        answer = runner.poll()
        if answer is None:
            return
        if runner.tag != len(self.match.decisions):
            return  # an answer about a position that is gone
        if isinstance(answer, BaseException):
            self.notify(_("The CPU failed: {problem}").format(problem=answer))
            s.live = False
            return
        decision, stream_state = answer
        s.streams[seat] = stream_state
        if not self.submit(decision):
            log.error("CPU decision rejected: %s", decision)
            s.live = False

    def drive_net(self) -> None:
        """A network seat: the other seat's steps, taken when a CPU's answer would be, and
        applied like one (the state, its events, `after_submit`)."""
        s = self.session
        remote = s.remote
        if not s.live or s.closed or remote is None or self.animating or self.cpu_blocked():
            return
        for entry in remote.take():
            self.state = self.match.view_json(s.me)
            for step in entry.steps:
                self.events.extend(step["events"])
                self.session.log.add(step["events"])
            for step in entry.steps:
                self.after_submit(step["decision"])
            if self.state.get("result") is not None:
                self.autosave()

    def cpu_blocked(self) -> bool:
        """A screen may hold the CPU back (a banner waiting for Continue)."""
        return False

    # -- the log and Undo (issue 25) --------------------------------------------------------
    @property
    def event_log(self) -> EventLog:
        return self.session.log

    def offers_undo(self) -> bool:
        return self.session.undo_offered

    def undo_source(self) -> Any:
        return self.session.take_back

    def undo(self) -> bool:
        """Take back the person's last decision and the CPU's replies: the position before it
        shows at once (what still played is dropped, a CPU still thinking forgotten) on the
        screen of its phase, and the save is written again (docs/saves.md "Undo")."""
        s = self.session
        if not self.can_undo() or s.take_back is None:
            return False
        s.runner.cancel()
        take_back_session(s)
        self.think_time = 0.0
        self.autosave()
        from game.scenes.strike.start import screen_class

        screen = screen_class(self.match)
        if screen is type(self):
            self.show_position()
            self.undone()
            self.notify(_(UNDONE), "info", duration=1.0)
            return True
        view = screen(self.app, s)  # the undo went back into an earlier phase
        view.skip_intro()
        self.app.show_view(view)
        view.notify(_(UNDONE), "info", duration=1.0)
        return True

    def undone(self) -> None:
        """Hook: the screen's own state after an undo shows the position again (a selection
        cleared, the last-action line)."""

    def skip_intro(self) -> None:
        """Hook: a screen opened by an undo shows the position as it is, without the
        animation its phase opens with (the draft's hands turning over)."""

    def tutorial_busy(self) -> bool:
        return self.animating or self.event_wait > 0 or self.handing_over

    # -- shell hooks ------------------------------------------------------------------------
    def help_topics(self) -> list[HelpTopic]:
        return help_topics(rules=self.match.rules.rules_version)

    def current_record(self) -> dict[str, Any] | None:
        if self.session.closed or self.state.get("result") is not None \
                or self.session.remote is not None:  # a network match is the host's to save
            return None
        return match_record(self.match)

    def on_leave(self) -> None:
        self.session.close()

    @property
    def esc_help(self) -> str:  # type: ignore[override]
        """What Esc does here: a watched replay leaves, a live match asks "Leave this match?",
        a still position opens the pause menu."""
        if self.session.replay_queue is not None:
            return _("Esc: stop watching and go back to the main menu.")
        if self.session.live:
            line = (_('Esc: clear {what}, else ask "Leave this match?" (it says whether the '
                      'match is saved: it saves after every move).') if self.esc_cancels else
                    _('Esc: ask "Leave this match?" (it says whether the match is saved: it '
                      'saves after every move).'))
            return line.format(what=_(self.esc_cancels) if self.esc_cancels else "")
        if self.esc_cancels:
            return _("Esc: clear {what}, else the pause menu (resume, help, settings, save and "
                     "quit, quit).").format(what=_(self.esc_cancels))
        return _("Esc: the pause menu (resume, help, settings, save and quit, quit).")

    def open_pause(self) -> arcade.View:
        """Esc in a live match: "Leave this match?" saying truly whether it is saved."""
        from game.scenes.strike.leave import LeaveDialog

        if not self.session.live:
            return super().open_pause()
        dialog = LeaveDialog(self)
        self.window.show_view(dialog)
        return dialog

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.SPACE and self.animating:
            self.fast_forward()
            return True
        return False

    def show_widget(self, widget: Any, shown: bool) -> None:
        """Add or remove a widget (a hidden widget would ask for a render every frame)."""
        present = any(widget in layer for layer in self.ui.children.values())
        if shown and not present:
            self.ui.add(widget)
        elif not shown and present:
            self.ui.remove(widget)

    def widget_shown(self, widget: Any) -> bool:
        return any(widget in layer for layer in self.ui.children.values())

    def draw_overlay(self) -> None:
        self.tip.draw()
        if self.net_banner is not None:
            self.net_banner.draw(self.match, *view_size(self.window))

    def on_show_view(self) -> None:
        super().on_show_view()
        warm_session(self.session, self.cpu_sync)  # the worker is ready for the first move

    def on_hide_view(self) -> None:
        super().on_hide_view()
        self.tip.hide()

    def play(self, name: str) -> None:
        self.play_sound(look.SOUNDS.get(name, name))

    def notify(self, message: str, kind: str = "error", **kwargs: Any) -> None:
        super().notify(message, kind, **kwargs)
