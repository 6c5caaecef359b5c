"""Match: one esper world, its step runner, RNG streams, hooks, journal and history.

The match is the mode-independent API that scenes, the CLI, replays and CPU players use:

    result = match.submit({"seat": 0, "type": "move", ...})   # Accepted(events) | Rejection
    match.legal_decisions(0); match.state_json(); match.view_json(0); match.result
    match.view_step(index, accepted.events, seat)  # one decision as a seat may see it

A mode plugs in its `Rules` (verbs, checks, resolution, state JSON, seat masking). The match
runs the common checks (docs/architecture.md) first, in order, then the mode's `check`, which
returns a rejection or the decision's typed `Intent` with its entities already resolved; a
rejected decision changes nothing. An accepted intent is attached to its entity by an engine
command and the step that consumes it runs; the match's runner (`run_steps`) then runs every
step the systems asked for with `goto`, in order, until none is left (game.engine.schedule).
A decision that fails half-way (a bug, or a bad forced value) is *not* rolled back: the error
propagates and the match must be discarded (see `submit`).

Seat views (docs/architecture.md) cover the state (`view_json`: the mode's `view_board` and
`view_to_act`) and the history (`view_step`: the mode's `view_decision` and `view_event`), so
that `tabula replay --seat N`, its `--trace`, a CPU and a networked seat are all shown exactly
what seat N may see, by the same functions.
"""

from __future__ import annotations

import copy
import itertools
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import esper

from game.components.common import MatchState
from game.engine import ecs
from game.engine.commands import (  # import no match: one import, not one per submit
    Attach,
    attach_intent,
)
from game.engine.events import Event, EventQueue
from game.engine.hooks import Carrier, Hooks
from game.engine.journal import Journal
from game.engine.journal import Mark as JournalMark
from game.engine.rng import Stream, Streams
from game.engine.schedule import EMPTY, Schedule, on_enter, on_exit

HIDDEN = "hidden"
ENVELOPE_FIELDS = frozenset({"seat", "type"})  # the fields every decision has

_world_numbers = itertools.count(1)  # esper world names: unique within the process

COMMON_MESSAGES = {
    "unknown_decision": "Unknown decision.",
    "bad_decision": "Malformed decision.",
    "game_over": "The match is over.",
    "not_your_turn": "It is not your turn.",
    "wrong_phase": "Not now.",
}


def unknown_field_message(verb: str, unknown: set[str]) -> str:
    """The message of a decision with keys its verb does not define: the first one (sorted,
    as at most a 60-character excerpt, however long a crafted key is) and how many more."""
    first = sorted(map(str, unknown))[0]
    name = first if len(first) <= 60 else first[:59] + "…"
    more = f" (and {len(unknown) - 1} more)" if len(unknown) > 1 else ""
    return f"Malformed decision: {verb} has no field {name!r}{more}."


class SetupError(ValueError):
    """A setup (or forced draws) that the mode cannot load: a malformed record (exit 1)."""


@dataclass(frozen=True, slots=True)
class Rejection:
    """An illegal decision: a reason id from the spec and the message a view shows."""

    error: str
    message: str
    ok = False

    def as_json(self) -> dict[str, Any]:
        return {"error": self.error, "message": self.message}


@dataclass(slots=True)  # not frozen: built on every submit or mark of a search
class Intent:
    """An accepted decision as the rules will act on it: the intent component (`MoveOrder`,
    `PickCard`...) for `entity`, with every entity it names already resolved, and the step of
    the mode's schedule that consumes it. `Rules.check` returns it; nothing is looked up twice."""

    entity: int
    order: Any
    step: str


@dataclass(slots=True)  # not frozen: built on every submit or mark of a search
class Accepted:
    """An accepted decision and the events its resolution produced, in order."""

    events: list[Event] = field(default_factory=list)
    ok = True


class Rules:
    """What a mode plugs into the match. Subclasses fill these in; the match calls them."""

    mode: str = ""
    rules_version: str = ""
    seats: int = 1
    verbs: Mapping[str, frozenset[str]] = {}
    # The fields each verb defines besides `seat` and `type`: a decision with any other key
    # is `bad_decision` (docs/architecture.md), so no client can make a record carry data
    # the rules never read. A verb missing here defines no fields.
    fields: Mapping[str, frozenset[str]] = {}
    messages: Mapping[str, str] = {}
    forceable_streams: frozenset[str] = frozenset()
    # The match's named streams, created with the match (so a scratch match's rollbacks never
    # have to recreate one); others may still be created on first use.
    streams: tuple[str, ...] = ()
    # The steps of the mode's systems (game.engine.schedule); EMPTY for a mode that resolves
    # its decisions in `apply` without steps.
    schedule: Schedule = EMPTY
    # The mode's one table of events (docs/architecture.md): command class -> the function
    # that emits that command's events in the spec's shape, from its typed fields. A command
    # whose class is not listed emits nothing.
    events: Mapping[type, Callable[[Match, Any], None]] = {}

    def message(self, error: str) -> str:
        return self.messages.get(error) or COMMON_MESSAGES.get(error) or error

    def start(self, match: Match) -> None:
        """Set up a new match from the seed (`setup: null`)."""
        raise NotImplementedError

    def load_setup(self, match: Match, setup: dict[str, Any]) -> None:
        """Build the position a setup describes, exactly as given; raise SetupError."""
        raise NotImplementedError

    def malformed(self, decision: dict[str, Any]) -> bool:
        """True when a known verb's fields are missing or of the wrong JSON type."""
        return False

    def check(self, match: Match, decision: dict[str, Any]
              ) -> str | tuple[str, str] | Intent | None:
        """The mode's own rejection id for a well-formed decision in the right phase, or
        (id, message) when the message must say more than the id's usual words; for an
        accepted decision its `Intent` (or None: `apply` resolves it)."""
        return None

    def intent(self, match: Match, decision: dict[str, Any]) -> Intent | None:
        """The intent of a decision known to be legal here (`submit(trusted=True)`): its
        entities resolved, its legality not checked again. None: `apply` resolves it."""
        return None

    def apply(self, match: Match, decision: dict[str, Any]) -> None:
        """Resolve an accepted decision that has no intent: run its rules, or `goto` the
        steps that do."""
        raise NotImplementedError

    def install(self, match: Match) -> None:
        """Register this match's listeners and modifier carriers (its content's status kinds
        and triggers), once, when the match is made; never in a setup loader, which a reused
        scratch match runs again."""

    def board_json(self, match: Match) -> dict[str, Any]:
        raise NotImplementedError

    def mask_board(self, board: dict[str, Any], seat: int) -> dict[str, Any]:
        """The `board` part as `seat` may see it (hidden values become "hidden")."""
        return board

    def view_board(self, match: Match, seat: int) -> dict[str, Any]:
        """The `board` part of seat `seat`'s view. A mode may build it directly instead of
        masking the full board (crawl never lists its hidden deck for a view)."""
        return self.mask_board(self.board_json(match), seat)

    def view_to_act(self, match: Match, seat: int) -> tuple[int, ...]:
        """The envelope's `to_act` in seat `seat`'s view. Public by default; a mode whose
        simultaneous phase hides whether a seat has committed overrides it (kingdom's deck
        builder), so that the list cannot tell what the board masks."""
        return match.state.to_act

    def view_decision(self, decision: dict[str, Any], seat: int,
                      phase: str) -> dict[str, Any] | None:
        """An accepted decision, made in `phase`, as seat `seat` may see it: the decision
        itself (public, the default), a copy whose secret fields are "hidden", or None when
        `seat` may not even learn that it was made. A seat always sees its own decisions."""
        return decision

    def view_event(self, event: Event, seat: int, phase: str) -> Event | None:
        """An event of a decision made in `phase`, as seat `seat` may see it: the event itself
        (public, the default), a masked copy, or None until the spec's reveal."""
        return event

    def legal_decisions(self, match: Match, seat: int) -> list[dict[str, Any]]:
        return []

    def position_setup(self, match: Match) -> dict[str, Any] | str:
        """The setup of a new match that starts at this match's current position (the replay
        viewer's "Play from here"), or the reason this mode's setup cannot express it. Every
        mode's State JSON loads back as its setup (docs/<mode>.md "Setups"), so the default
        is the state itself; a finished match is no position to play from."""
        if match.result is not None:
            return "The match is over at this position."
        return match.state_json()

    def waiting_for(self, match: Match) -> tuple[int, ...]:
        """The seats whose decision the match is waiting for: `to_act`, less any seat that
        has already committed in a simultaneous phase (conquest's ready seats)."""
        return match.state.to_act


class ModuleRules(Rules):
    """Rules that hand each job to a mode's own modules: `legal` (field types, checks, the
    legal list), `setup` (new match, setup) and one `resolve(match, decision)` function, with
    the content of the match. A mode subclass names them and adds its State JSON."""

    legal: Any = None  # a module with malformed(d), check(match, d), legal_decisions(match, s)
    setup: Any = None  # a module with start_match(match, content), load_setup(match, content, s)
    resolve: Any = None  # staticmethod(resolve): one accepted decision without an intent

    def __init__(self, content: Any, version: str | None = None) -> None:
        self.content = content
        if version is not None:  # a record of an older rules version plays those rules
            self.rules_version = version

    def start(self, match: Match) -> None:
        self.setup.start_match(match, self.content)

    def load_setup(self, match: Match, setup: dict[str, Any]) -> None:
        self.setup.load_setup(match, self.content, setup)

    def malformed(self, decision: dict[str, Any]) -> bool:
        return self.legal.malformed(decision)

    def check(self, match: Match, decision: dict[str, Any]
              ) -> str | tuple[str, str] | Intent | None:
        return self.legal.check(match, decision)

    def apply(self, match: Match, decision: dict[str, Any]) -> None:
        self.resolve(match, decision)

    def legal_decisions(self, match: Match, seat: int) -> list[dict[str, Any]]:
        return self.legal.legal_decisions(match, seat)


@dataclass(slots=True)  # not frozen: built on every submit or mark of a search
class MatchMark:
    """A rollback point: the journal mark plus the match state kept outside the world."""

    journal: JournalMark
    decisions: int
    # The pending events themselves: a submit after the mark drains (and so empties) the list.
    pending: tuple[Event, ...] = ()


# The types of a JSON scalar: a decision holding only these is copied whole by `dict`.
_SCALARS = frozenset({str, int, bool, float, type(None)})


def _copy_decision(decision: dict[str, Any]) -> dict[str, Any]:
    """Decisions are flat JSON objects: a plain dict copied in C whose lists and dicts are then
    copied is a deep enough copy, cheaply (no comprehension frame a decision; replacing a
    key's value while iterating the copy is allowed, its size never changes). Most decisions
    hold scalars only, which one C pass over their types tells (no loop in Python)."""
    copy = dict(decision)
    if _SCALARS.issuperset(map(type, copy.values())):
        return copy
    for key, value in copy.items():
        if isinstance(value, (list, dict)):
            copy[key] = _copy_json(value)
    return copy


def _copy_json(value: Any) -> Any:
    """A deep copy of JSON data (lists, dicts, scalars): what `copy.deepcopy` gives, without its
    memo (JSON has no shared or cyclic parts); a search submits thousands of decisions. A list
    or dict is copied in C and only its lists and dicts are copied again: a decision's list of
    unit or card ids costs no call per id."""
    if isinstance(value, list):
        out = value.copy()
        for i, v in enumerate(out):
            if isinstance(v, (list, dict)):
                out[i] = _copy_json(v)
        return out
    if isinstance(value, dict):
        return _copy_decision(value)
    return value


def _copy_result(result: Any) -> Any:
    return copy.deepcopy(result) if result is not None else None


def is_int(value: Any) -> bool:
    """A JSON integer (bool excluded)."""
    return type(value) is int


class Match:
    """One match of one mode. Its esper world is active only inside `with match.active()`."""

    # The process's world lock (game.engine.ecs): every `active()` block holds it; hold it
    # yourself around several calls that must see one position (a network host's send).
    lock = ecs.WORLD_LOCK

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
        resources: Any = None,
        phase: str = "setup",
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.options: dict[str, Any] = dict(options or {})
        self.resources = resources
        self.world = f"match-{next(_world_numbers)}"
        self.journal = Journal()
        self.streams = Streams(seed, self.journal)  # streams journal their own state
        for name in rules.streams:
            self.streams(name)
        self.steps: deque[str] = deque()  # steps the systems asked for, not yet run
        # A look-ahead's horizon: steps this match does not run. The runner stops where one
        # is asked for (it and every step asked after it are dropped), so a search that reads
        # only what comes before (kingdom's expert: a combat, not the upkeep after it) pays
        # for nothing else; it rolls the match back afterwards (`run_steps`).
        self.horizon: frozenset[str] = frozenset()
        self.events = EventQueue()
        self.hooks = Hooks()
        self.piles: dict[str, int] = {}
        self.decisions: list[dict[str, Any]] = []
        self.phases: list[str] = []  # the phase each accepted decision was made in (seat views)
        self.setup: dict[str, Any] | None = None  # the setup the match started from, if any
        self._intent: Intent | None = None  # what the last accepted check resolved
        # The keys a decision of each verb may have: the envelope's and the verb's fields.
        self._keys = {verb: ENVELOPE_FIELDS | rules.fields.get(verb, frozenset())
                      for verb in rules.verbs}
        self.extra: dict[str, Any] = {}  # mode-owned lookups (entity ids by stable id...)
        self._seats: tuple[Any, tuple[dict[str, Any], ...]] | None = None  # `seats_json`'s
        self._scope = ecs.active_world(self.world)  # entered by every call, nested or not
        with self.active():
            self._state_entity = esper.create_entity(MatchState(phase=phase))
            self.state: MatchState = esper.component_for_entity(self._state_entity, MatchState)
            rules.install(self)

    # -- world ---------------------------------------------------------------------------
    def active(self) -> ecs.WorldScope:
        """`with match.active():` makes the match's world the active esper world."""
        return self._scope

    def close(self) -> None:
        """Free the match's world (the match is unusable afterwards)."""
        ecs.delete_world(self.world)

    # -- envelope ------------------------------------------------------------------------
    @property
    def entity(self) -> int:
        """The match's own entity, holding the envelope (`MatchState`): where a match-wide
        intent (a pass) or value lives."""
        return self._state_entity

    @property
    def result(self) -> Any:
        return self.state.result

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.state.to_act

    def set_phase(self, phase: str, to_act: tuple[int, ...] | None = None, *,
                  again: bool = False) -> None:
        """The phase and the seats to act; leaving a phase asks for its `on_exit` step and
        entering one for its `on_enter` step, where the mode's schedule has them. With
        `again`, the phase starts anew even when it is the current one (a new round of the
        same phase: conquest's next movement round after one without a battle), so its exit
        and enter steps are asked for as for a change."""
        old = self.state.phase
        fields: dict[str, Any] = {"phase": phase}
        if to_act is not None:
            fields["to_act"] = tuple(to_act)
        self.journal.set(self.state, **fields)
        if phase != old or again:
            schedule = self.rules.schedule
            for step in (on_exit(old), on_enter(phase)):
                if step in schedule:
                    self.steps.append(step)

    def finish(self, result: dict[str, Any]) -> None:
        """End the match: result set, phase "over", nobody to act (docs/architecture.md)."""
        self.journal.set(self.state, result=dict(result), phase="over", to_act=())

    def cpu_seats(self) -> dict[int, str]:
        """The CPU seats and their levels, from the record's `options.ai` (docs/architecture.md)."""
        return {int(seat): str(level) for seat, level in (self.options.get("ai") or {}).items()}

    def seats_json(self) -> list[dict[str, Any]]:
        """The envelope's `seats`, from the record's `options.ai` only (docs/architecture.md):
        worked out once per `options.ai` object (every view prints them, and a CPU reads a
        view every decision), each call given its own copies."""
        ai = self.options.get("ai")
        seats = self._seats
        if seats is None or seats[0] is not ai:
            known = ai or {}
            seats = self._seats = (ai, tuple(
                {"kind": "cpu", "ai": known[str(seat)]} if str(seat) in known
                else {"kind": "human"} for seat in range(self.rules.seats)))
        return [seat.copy() for seat in seats[1]]

    # -- streams, events, actions ----------------------------------------------------------
    def stream(self, name: str) -> Stream:
        return self.streams(name)

    def begin(self, setup: dict[str, Any] | None) -> None:
        """Start the match: the mode's deal for `setup: null`, else the setup exactly as given
        plus its forced draws. Mode factories call this once, right after construction; on a
        bad setup the match's world is freed before the error propagates."""
        def build() -> None:
            if setup is None:
                self.rules.start(self)
                self.run_steps()  # the deal may ask for steps (a first turn's start)
            else:
                self.setup = setup
                self.rules.load_setup(self, setup)
                self.load_forced(setup.get("forced"))
                self.steps.clear()  # a setup is a position: entering its phase runs nothing

        self.build_or_close(build)

    def build_or_close(self, build: Callable[[], None]) -> None:
        """Run `build` inside the match's world; if it fails, free the world and re-raise."""
        try:
            with self.active():
                build()
        except BaseException:
            self.close()
            raise

    def load_forced(self, forced: Any) -> None:
        """Pin draws from a setup's `forced` object: {stream name: [values...]}."""
        if forced is None:
            return
        if not isinstance(forced, dict):
            raise SetupError("setup.forced: must be an object of stream name -> list of values")
        for name, values in forced.items():
            if name not in self.rules.forceable_streams:
                allowed = ", ".join(sorted(self.rules.forceable_streams)) or "none"
                raise SetupError(f"setup.forced.{name}: this stream cannot be forced ({allowed})")
            if not isinstance(values, list):
                raise SetupError(f"setup.forced.{name}: must be a list of values")
            self.streams.force(name, values)

    def emit(self, type_: str, **data: Any) -> None:
        self.events.emit(type_, **data)

    # -- steps ---------------------------------------------------------------------------
    def goto(self, step: str) -> None:
        """Ask the runner for a step of the mode's schedule, after those asked for before
        (game.engine.schedule); a system never runs a step itself."""
        if step not in self.rules.schedule.steps:  # the dict itself: one lookup a decision
            raise KeyError(f"{self.rules.mode}: no step {step!r} in the schedule")
        self.steps.append(step)

    def run_steps(self) -> None:
        """Run the steps asked for, first asked first, until none is left (the active world
        must be the match's), or until a step of the match's `horizon` is asked for: the
        runner stops there and drops it and every step still asked for."""
        steps, run_step, horizon = self.steps, self.rules.schedule.run_step, self.horizon
        while steps:
            step = steps.popleft()
            if step in horizon:
                steps.clear()
                return
            run_step(self, step)

    # -- modifiers -----------------------------------------------------------------------
    def add_carriers(self, carriers: Iterable[tuple[type, Carrier]]) -> None:
        """Component types whose components carry modifiers in this match (a content's status
        kinds with a `modifier`): `gather` finds them besides `Modifier` components."""
        for component_type, modifiers in carriers:
            self.hooks.add_carrier(component_type, modifiers)

    def gather(self, hook: str, source: int | None = None, target: int | None = None) -> list[Any]:
        """Every active modifier of `hook` for this source and target, in one pass
        (game.engine.hooks)."""
        return self.hooks.gather(self, hook, source, target)

    # -- journal -------------------------------------------------------------------------
    def mark(self) -> MatchMark:
        with self.active():
            return MatchMark(self.journal.mark(), len(self.decisions), tuple(self.events.pending))

    def rollback(self, mark: MatchMark) -> None:
        with self.active():
            self.journal.rollback(mark.journal)  # world and RNG streams
        del self.decisions[mark.decisions:]
        del self.phases[mark.decisions:]
        self.events.pending[:] = mark.pending
        self.steps.clear()

    def release(self, mark: MatchMark) -> None:
        self.journal.release(mark.journal)

    def keep(self, mark: MatchMark) -> None:
        """Close `mark` keeping the world as it is (`release`), but forget the decisions,
        events and steps since, as `rollback` does: a scratch match whose next load starts
        from the position its search left (game.engine.scratch, `keep_search`)."""
        self.journal.release(mark.journal)
        del self.decisions[mark.decisions:]
        del self.phases[mark.decisions:]
        self.events.pending[:] = mark.pending
        self.steps.clear()

    # -- decisions -----------------------------------------------------------------------
    def validate(self, decision: Any) -> Rejection | None:
        """The common checks (docs/architecture.md), in order, then the mode's own."""
        with self.active():
            return self._validate(decision)

    def _validate(self, decision: Any) -> Rejection | None:
        rules = self.rules
        if not isinstance(decision, dict):
            return self._reject("bad_decision")
        verb = decision.get("type")
        if not isinstance(verb, str) or verb not in rules.verbs:
            return self._reject("unknown_decision")
        if not is_int(decision.get("seat")) or rules.malformed(decision):
            return self._reject("bad_decision")
        allowed = self._keys[verb]
        if not decision.keys() <= allowed:  # a subset test: no set is built for a good one
            return Rejection("bad_decision",
                             unknown_field_message(verb, decision.keys() - allowed))
        state = self.state
        if state.result is not None:
            return self._reject("game_over")
        if decision["seat"] not in state.to_act:
            return self._reject("not_your_turn")
        if state.phase not in rules.verbs[verb]:
            return self._reject("wrong_phase")
        outcome = rules.check(self, decision)
        if outcome is None or isinstance(outcome, Intent):
            self._intent = outcome
            return None
        if isinstance(outcome, tuple):
            return Rejection(*outcome)
        return self._reject(outcome)

    def _reject(self, error: str) -> Rejection:
        return Rejection(error, self.rules.message(error))

    def submit(self, decision: Any, *, trusted: bool = False) -> Accepted | Rejection:
        """Validate and resolve one decision; events are drained to listeners and returned.

        A rejection changes nothing. `trusted` skips the checks, for a decision taken from
        this match's own `legal_decisions` at this very position (a search replaying its
        candidates: the checks would only repeat what built the list); the mode's `intent`
        resolves its entities, and the decision is kept as given (not copied). An exception
        during resolution is a bug (or a forced value that does not fit its draw, in a test
        setup): it propagates and the match must be discarded. Resolution is not wrapped in a
        journal mark, because saving every RNG stream's state on every decision would cost
        more than the rest of a submit.
        """
        with self.active():
            rules = self.rules
            if trusted:
                intent = rules.intent(self, decision)
            else:
                rejection = self._validate(decision)
                if rejection is not None:
                    return rejection
                intent, self._intent = self._intent, None
            phase = self.state.phase
            try:
                if intent is None:
                    rules.apply(self, decision)
                else:
                    attach_intent(self, intent.order, intent.entity)  # what attach() is
                    self.goto(intent.step)
                self.run_steps()
            except BaseException:
                self.steps.clear()
                raise
        # A trusted decision is a search's own (from this match's legal list or its plan),
        # which it never changes after: it is kept as given (the copy was 5 % of a hard
        # look-ahead). Any other is copied, so no caller changes the record through it.
        self.decisions.append(decision if trusted else _copy_decision(decision))
        self.phases.append(phase)
        return Accepted(self.events.drain())

    def legal_decisions(self, seat: int) -> list[dict[str, Any]]:
        if self.state.result is not None or seat not in self.state.to_act:
            return []
        with self.active():
            return self.rules.legal_decisions(self, seat)

    # -- state ---------------------------------------------------------------------------
    def state_json(self) -> dict[str, Any]:
        with self.active():
            board = self.rules.board_json(self)
        return self._envelope(self.seed, board)

    def view_json(self, seat: int) -> dict[str, Any]:
        """The state as `seat` sees it: the mode masks its secrets, the engine the seed."""
        with self.active():
            board = self.rules.view_board(self, seat)
            to_act = self.rules.view_to_act(self, seat)
        return self._envelope(HIDDEN, board, to_act)

    def _envelope(self, seed: int | str, board: dict[str, Any],
                  to_act: tuple[int, ...] | None = None) -> dict[str, Any]:
        """The common State JSON envelope (docs/architecture.md) around a mode's `board`."""
        state = self.state
        return {
            "mode": self.rules.mode,
            "rules": self.rules.rules_version,
            "seed": seed,
            "phase": state.phase,
            "turn": state.turn,
            "to_act": list(state.to_act if to_act is None else to_act),
            "result": _copy_result(state.result),
            "seats": self.seats_json(),
            "board": board,
        }

    # -- history -------------------------------------------------------------------------
    def view_step(self, index: int, events: Sequence[Event],
                  seat: int | None = None) -> dict[str, Any] | None:
        """Accepted decision `index` and its `events` as one `tabula replay --trace` step:
        everything when `seat` is None, else only what `seat` may see (the mode's
        `view_decision` and `view_event`). None when the seat sees nothing of it: neither the
        decision nor any event. A decision it may not learn of, but whose events it sees,
        prints as "hidden". This is also what a networked seat is sent after each decision."""
        decision = self.decisions[index]
        if seat is None:
            return {"index": index, "decision": decision, "events": [e.as_json() for e in events]}
        phase = self.phases[index]
        rules = self.rules
        shown = decision if decision["seat"] == seat else rules.view_decision(decision, seat,
                                                                               phase)
        seen = [e.as_json() for e in (rules.view_event(ev, seat, phase) for ev in events)
                if e is not None]
        if shown is None and not seen:
            return None
        return {"index": index, "decision": HIDDEN if shown is None else shown, "events": seen}

    def trace_json(self, events: Sequence[Sequence[Event]],
                   seat: int | None = None) -> list[dict[str, Any]]:
        """The steps of the first len(events) decisions (their events, in order) as `seat`
        sees them (`view_step`), the steps it sees nothing of left out."""
        steps = (self.view_step(i, evs, seat) for i, evs in enumerate(events))
        return [step for step in steps if step is not None]


def attach(intent: Intent) -> Any:
    """The engine command that attaches an accepted intent to its entity."""
    return Attach(intent.order).target(intent.entity)


def restored_match(rules: Rules, restore: Callable[[Match], None], *, resources: Any,
                   phase: str, seed: int = 0) -> Match:
    """A match nobody watches (events off) at the position `restore` builds inside its world:
    a CPU's scratch copy of a view this program printed (docs/architecture.md), loaded by the
    mode's unchecked loader. The seed is any number: a look-ahead draws nothing, or forces
    what it draws. The world is freed if `restore` fails."""
    match = Match(rules, seed=seed, resources=resources, phase=phase)
    match.events.enabled = False

    def build() -> None:
        restore(match)
        match.steps.clear()  # a position: entering its phase runs nothing

    match.build_or_close(build)
    return match
