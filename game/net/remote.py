"""A network seat seen as a match: what lets the game screens play over the network unchanged.

The play screens of a mode read a `Match` (its seat view, legal decisions, decisions, result)
and submit decisions to it. `RemoteMatch` offers that surface on top of a `NetClient`, so a
screen plugs a network seat in exactly as it plugs a CPU seat: its own clicks go through
`send` (the decision goes to the host and is `sending`, one at a time, so the window never
waits) and `answer` reads, in a later frame, the host's answer: the step the host applied,
with the seat's events, or the rejection. The other seat's steps wait in `pending` until the
screen takes them (`take`) at a moment it would have asked a CPU, and applies them like a
CPU's answer. A spectator (no seat) is the same match with the public view, deciding nothing.
A deck-builder preset drawn from the match's own stream (kingdom's Default) is asked of the
host the same way: `ask_preset` sends, `preset_answer` reads the answer in a later frame.

Everything the screen sees is what the host sent this seat: the view, the legal decisions and
the events of `update` messages, applied in order on the thread that owns the screen (the
client's thread only fills its inbox). A decision refused with `stale_index` (it was sent just
as the other seat's hidden step arrived, in a simultaneous phase) is sent again with the new
index: a player never sees that refusal. At the end the host sends the whole record; the match
is then replayed here (`final`) and every read goes to it, so the end screens, Save record and
the Replays list work as after a local match.

Rules side: no arcade. esper is module-global, so every local match built here (the rules'
content, a preview mirror, the final replay) is built inside `Match.lock`, as the host of the
same process does.
"""

from __future__ import annotations

import logging
import queue
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine.match import HIDDEN, Accepted, Match, Rejection
from game.engine.modes import get_mode
from game.engine.record import RecordError, build_match, new_record, replay
from game.net import protocol
from game.net.client import NetClient

log = logging.getLogger(__name__)

ANSWER_TIMEOUT = 5.0  # a decision's answer on loopback takes ~3 ms, on a LAN a few more
STALE_RETRIES = 8
OFFLINE = "Not connected to the host: reconnecting…"
RECONNECTING = "Connection lost — reconnecting…"


class JsonEvent:
    """An event as the host sent it (a JSON object), with the `as_json` the screens call."""

    __slots__ = ("data",)

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def as_json(self) -> dict[str, Any]:
        return self.data


@dataclass
class Entry:
    """One `update` (or the steps a reconnect's welcome brought): the steps in order, then the
    view, legal decisions and turn flag they leave the seat with."""

    steps: list[dict[str, Any]]
    view: dict[str, Any]
    legal: list[dict[str, Any]] = field(default_factory=list)
    act: bool = False


@dataclass
class Sending:
    """The one decision of this seat on its way to the host (`RemoteMatch.send`): the screen
    holds its input for it, and shows "Sending…" when the answer is slow."""

    decision: dict[str, Any]
    at: Any = None  # where the screen floats a rejection
    then: Any = None  # the screen's follow-up once it is accepted (a slide), or None
    since: float = 0.0  # time.monotonic() when it was sent
    retries: int = 0  # `stale_index` answers sent again
    refusal: dict[str, Any] | None = None  # the host's `rejected` / `error`, not yet read


class RemoteMatch:
    """The match of a network seat, for the screens (see the module docstring)."""

    remote = True

    def __init__(self, client: NetClient, *, on_close: Callable[[], None] | None = None) -> None:
        if (client.seat is None and client.role != "spectator") or client.mode is None \
                or client.view is None:
            raise ValueError("RemoteMatch needs a client that joined a seat or watches")
        self.client = client
        self.seat: int | None = client.seat  # None: a spectator
        self.on_close = on_close
        spec = get_mode(client.mode)
        if spec is None:
            raise RecordError(f"the host plays {client.mode!r}, which this Tabula does not have")
        self.spec = spec
        self.options: dict[str, Any] = dict(client.options)
        rules = client.view.get("rules")  # the host's rules version (its help says so)
        if not isinstance(rules, str) or not spec.plays_rules(rules):
            rules = spec.rules_version
        with Match.lock:  # the rules' content (the host's mods are not sent: base content)
            self.local = build_match(new_record(spec.id, rules, 1, self.options, mods=[]))
        self.rules = self.local.rules
        self.resources = self.local.resources
        self.decisions: list[dict[str, Any]] = []
        self.pending: deque[Entry] = deque()
        self.received = 0  # steps received (taken or pending)
        self.connected: list[bool] = [True] * self.rules.seats
        self.online = True
        self.record: dict[str, Any] | None = None
        self.final: Match | None = None
        self.closed = False
        self.changes = 0  # bumped by every message that changes what a screen shows
        self.sending: Sending | None = None  # this seat's decision on its way (one at a time)
        self._view: dict[str, Any] = {}
        self._legal: list[dict[str, Any]] = []
        self._act = False
        self._mirror: tuple[int, Match] | None = None
        self._welcomed = False
        self._presets: dict[int, dict[str, Any] | float] = {}  # id -> answer, or when asked
        self.pump()
        if not self._welcomed:  # the welcome was taken out of the inbox by someone else
            self._start_from(client.history, client.view, client.legal, client.act)

    # -- what the screens read ------------------------------------------------------------------
    @property
    def result(self) -> Any:
        return self._view.get("result")

    @property
    def phase(self) -> str:
        return str(self._view.get("phase", ""))

    @property
    def seed(self) -> Any:
        return self.final.seed if self.final is not None else HIDDEN

    @property
    def setup(self) -> Any:
        return self.final.setup if self.final is not None else None

    @property
    def peer_away(self) -> bool:
        """The other seat's connection dropped (the host keeps its seat)."""
        return self.online and not all(c for s, c in enumerate(self.connected) if s != self.seat)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats to act as this seat's view says (kingdom's deck builder always lists
        the other seat, whether it has built or not)."""
        if self.final is not None:
            return tuple(self.final.to_act)
        return tuple(self._view.get("to_act") or ())

    def view_json(self, seat: int) -> dict[str, Any]:
        """This seat's view (a screen of a network seat shows no other); a spectator's is
        the public view, and after the end the whole state (the record is public then)."""
        if self.final is not None:
            if self.seat is None:
                return self.final.state_json()
            return self.final.view_json(self.seat)
        return self._view

    def state_json(self) -> dict[str, Any]:
        return self.view_json(self.seat)

    def legal_decisions(self, seat: int) -> list[dict[str, Any]]:
        if seat != self.seat or self.final is not None:
            return []
        return list(self._legal)

    @property
    def acting(self) -> bool:
        """The host waits for this seat (its own `act` flag, never the other seat's)."""
        return self._act

    def validate(self, decision: Any) -> Rejection | None:
        return None  # the host checks every decision

    def cpu_seats(self) -> dict[int, str]:
        return {}

    def mirror(self) -> Match:
        """A local match at the seat view's position, for a screen's previews (strike's damage
        preview): the mode CPU's scratch copy of the view. Use it inside `Match.lock`."""
        if self.final is not None:
            return self.final
        key = len(self.decisions)
        if self._mirror is None or self._mirror[0] != key:
            from importlib import import_module

            with Match.lock:
                if self._mirror is not None:
                    self._mirror[1].close()
                scratch = import_module(f"game.ai.{self.spec.id}.scratch")
                self._mirror = (key, scratch.scratch_match(self._view, self.resources))
        return self._mirror[1]

    # -- deciding ------------------------------------------------------------------------------
    @property
    def spectator(self) -> bool:
        """This window watches (no seat): it is sent the public view only, decides nothing."""
        return self.seat is None

    def send(self, decision: dict[str, Any], at: Any = None,
             then: Any = None) -> Rejection | None:
        """Send one decision of this seat without waiting: it is `sending` until `answer()`
        finds the host's answer in a later frame. A rejection at once when it cannot be sent
        (over, offline, a spectator, or a decision already waiting: one at a time)."""
        if self.spectator:
            return Rejection("spectator", "You are watching: spectators do not decide.")
        if self.closed or self.final is not None:
            return Rejection("game_over", "The match is over.")
        if self.sending is not None:
            return Rejection("pending", "Your last decision is still on its way to the host.")
        if not self.online or not self.client.online:
            return Rejection("offline", OFFLINE)
        self.sending = Sending(decision, at, then, time.monotonic())
        self.client.submit(decision)
        self.changes += 1
        return None

    def answer(self) -> Accepted | Rejection | None:
        """The host's answer to the decision `sending`, once it is in (None until then, and
        when nothing is sent). Accepted carries the events of every step up to this seat's
        own, in order (the other seat's steps the screen had not taken yet come first); a
        rejection the host's id and message. `stale_index` is sent again, unseen."""
        sending = self.sending
        if sending is None:
            return None
        self.pump()
        while sending.refusal is not None:
            refusal, sending.refusal = sending.refusal, None
            if refusal.get("error") == "stale_index" and sending.retries < STALE_RETRIES:
                sending.retries += 1  # the other seat's step came first: its update is in
                self.client.submit(sending.decision)
                return None
            self.sending = None
            if refusal.get("error") == "stale_index":
                return Rejection("stale_index", "The position changed: decide again.")
            return Rejection(str(refusal.get("error")), str(refusal.get("message")))
        if any(self._own(step) for entry in self.pending for step in entry.steps):
            events: list[JsonEvent] = []
            while self.pending:
                entry = self.pending.popleft()
                self._take(entry)
                events += [JsonEvent(e) for step in entry.steps for e in step["events"]]
                if any(self._own(step) for step in entry.steps):
                    break
            self.sending = None
            return Accepted(events)
        if not self.online:  # the link dropped: a decision in flight is not resent
            self.sending = None
            return Rejection("offline", OFFLINE)
        if time.monotonic() - sending.since > ANSWER_TIMEOUT:
            self.sending = None
            return Rejection("no_answer", "The host did not answer: try again.")
        return None

    def submit(self, decision: dict[str, Any], trusted: bool = False) -> Accepted | Rejection:
        """`send`, then wait for the `answer` (headless callers and tests; the screens send
        and read the answer in a later frame, so that the window never waits)."""
        refused = self.send(decision)
        if refused is not None:
            return refused
        while True:
            outcome = self.answer()
            if outcome is not None:
                return outcome
            self.pump(block=0.05)

    # -- deck-builder presets ---------------------------------------------------------------
    def ask_preset(self, mode: str, faction: str) -> int | Rejection:
        """Ask the host for this seat's preset of a deck-builder tile (kingdom's Default,
        4.2.3: the host draws it from the seat's `deck/<seat>` stream, which a client never
        has). Returns the request's id for `preset_answer`, or a rejection at once when it
        cannot be asked (a spectator, over, offline). A new request supersedes the earlier
        ones: their answers are dropped when they come."""
        if self.spectator:
            return Rejection("spectator", "You are watching: spectators do not decide.")
        if self.closed or self.final is not None:
            return Rejection("game_over", "The match is over.")
        if not self.online or not self.client.online:
            return Rejection("offline", OFFLINE)
        request = self.client.ask_preset(mode, faction)
        self._presets = {request: time.monotonic()}  # it supersedes any earlier request
        return request

    def preset_answer(self, request: int) -> tuple[str, list[str]] | Rejection | None:
        """The host's answer to preset `request`: (hero, units), or its refusal; None
        while it is on its way. The link dropping, or no answer within ANSWER_TIMEOUT, is a
        refusal (a request in flight is not resent)."""
        self.pump()
        asked = self._presets.get(request)
        if asked is None:
            return Rejection("no_answer", "That preset was not asked for.")
        if isinstance(asked, dict):
            del self._presets[request]
            if "error" in asked:
                return Rejection(str(asked["error"]), str(asked.get("message")))
            hero, units = asked.get("hero"), asked.get("units")
            if not isinstance(hero, str) or not isinstance(units, list) \
                    or not all(isinstance(u, str) for u in units):
                return Rejection("malformed", "The host sent a preset that is not one.")
            return hero, list(units)
        if not self.online:
            del self._presets[request]
            return Rejection("offline", OFFLINE)
        if time.monotonic() - asked > ANSWER_TIMEOUT:
            del self._presets[request]
            return Rejection("no_answer", "The host did not answer: try again.")
        return None

    # -- the other seat's steps ------------------------------------------------------------
    def take(self) -> list[Entry]:
        """Every update waiting, taken (the view moves on to the last one): the screen applies
        their steps as it would a CPU's answers. None while this seat's decision is on its way:
        `answer` brings the steps before it, in order, with its own."""
        self.pump()
        if self.sending is not None:
            return []
        taken = []
        while self.pending:
            entry = self.pending.popleft()
            self._take(entry)
            taken.append(entry)
        return taken

    def pump(self, block: float = 0.0) -> None:
        """Read the client's inbox (on the screen's thread): updates wait in `pending`."""
        while True:
            try:
                message = (self.client.inbox.get(timeout=block) if block
                           else self.client.inbox.get_nowait())
            except queue.Empty:
                return
            block = 0.0
            self._receive(message)

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        self.changes += 1
        if kind == "welcome":
            self.online = True
            self.connected = list(message["connected"])
            if not self._welcomed:
                self._start_from(message["history"], message["view"], message.get("legal", []),
                                 message.get("act", False))
            else:  # a reconnect: the steps missed meanwhile, then the view as it is now
                missed = list(message["history"][self.received:])
                self.received += len(missed)
                self.pending.append(Entry(missed, message["view"], message.get("legal", []),
                                          message.get("act", False)))
        elif kind == "update":
            steps = [] if message["step"] is None else [message["step"]]
            self.received += len(steps)
            self.pending.append(Entry(steps, message["view"], message.get("legal", []),
                                      message.get("act", False)))
        elif kind == "peer":
            seat = message.get("seat")
            if isinstance(seat, int) and 0 <= seat < len(self.connected):
                self.connected[seat] = bool(message.get("connected"))
        elif kind == "offline":
            self.online = False
        elif kind == "end":
            self.record = message.get("record")
        elif kind == "preset":
            request = message.get("id")
            if isinstance(request, int) and request in self._presets:
                self._presets[request] = message  # read by `preset_answer`
        elif kind == "error" and message.get("error") == "replaced":
            log.warning("this seat joined again elsewhere")
        elif kind in ("rejected", "error") and self.sending is not None:
            self.sending.refusal = message  # the answer to the decision on its way

    def _start_from(self, history: list[dict[str, Any]], view: Any, legal: Any,
                    act: Any) -> None:
        self._welcomed = True
        self.decisions = [step["decision"] for step in history]
        self.received = len(history)
        self._view, self._legal, self._act = dict(view or {}), list(legal or []), bool(act)
        if self._view.get("result") is not None and self.final is None:
            self._finish()  # joined after the end: the record follows the welcome

    def _own(self, step: dict[str, Any]) -> bool:
        decision = step.get("decision")
        return isinstance(decision, dict) and decision.get("seat") == self.seat

    def _take(self, entry: Entry) -> None:
        self.decisions += [step["decision"] for step in entry.steps]
        self._view, self._legal, self._act = entry.view, entry.legal, entry.act
        if self._view.get("result") is not None:
            self._finish()

    def _finish(self) -> None:
        """The last step is in: wait for the record (sent right after it) and replay it here,
        so that the end screens read a real match."""
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while self.record is None and time.monotonic() < deadline:
            try:
                self._receive(self.client.inbox.get(timeout=0.05))
            except queue.Empty:
                pass
        if self.record is None:
            log.warning("the host sent no record at the end of the match")
            return
        with Match.lock:
            outcome = replay(self.record)
        if not outcome.ok:
            with Match.lock:
                outcome.match.close()
            log.warning("the host's record does not replay here (decision %s)",
                        outcome.rejected_index)
            return
        self.final = outcome.match
        self.rules = self.final.rules
        self.resources = self.final.resources
        self.decisions = self.final.decisions

    # -- leaving ---------------------------------------------------------------------------
    def close(self) -> None:
        """Leave the match: the connection, the local matches, and (for the player who hosts)
        the host, which saves the session on the way out."""
        if self.closed:
            return
        self.closed = True
        self.client.close()
        with Match.lock:
            for match in (self.local, self.final, self._mirror[1] if self._mirror else None):
                if match is not None:
                    match.close()
        if self.on_close is not None:
            self.on_close()


def status_line(match: Any) -> str | None:
    """The banner a network screen shows, or None: the link is down, or the peer is."""
    if not getattr(match, "remote", False) or match.final is not None or match.closed:
        return None
    if not match.online:
        return RECONNECTING
    if match.peer_away:
        return protocol.OPPONENT_DISCONNECTED
    return None


def seat_label(seat: int, remote: bool = True) -> str:
    """How a screen names the other player of a network match: "Player 2 (remote)", in the
    player's language (the screens call this; the host and the protocol never do)."""
    from game.i18n import _

    label = _("Player {n} (remote)") if remote else _("Player {n}")
    return label.format(n=seat + 1)
