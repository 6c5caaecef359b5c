"""The replay viewer's model: a record's positions, walked forward and back (docs/replays.md).

`ReplayModel(record)` holds one live match of the record and the index of the position shown
(0: the start, n: after the record's n-th decision). Forward submits the next decision under a
journal mark (`Match.mark`); back rolls the newest mark back, so stepping back costs what the
undone decision changed, never a replay from the start, and a seek back is one rollback to an
older mark (tests count the submits). The seat shown is 0, 1 or None (the full view). Until the
record's match is over, only the seats a person plays in it may be shown (`seats_allowed`: a
seat `options.ai` does not give to a CPU), so a player never sees the CPU's sealed orders,
hand or shop of a match they can still continue; every seat and the full view open once it
is over. `play_from_here` turns the position into the record of a new match against the CPU,
through the mode's `Rules.position_setup`.

Arcade-free: the viewer screen (game/scenes/replays.py) only renders what this model says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.events import Event
from game.engine.match import Match, MatchMark
from game.engine.record import RecordError, build_match, new_record


@dataclass(frozen=True)
class RecordSummary:
    """One line of the Replays list: what the record is, without opening it on screen. Facts
    only: the list (game/scenes/replays.py) words them in the language shown."""

    mode: str
    cpu_levels: tuple[str | None, ...]  # the CPU level of each seat, None for a person
    decisions: int
    result: dict[str, Any] | None  # the match's result (None: in progress, or it stopped)
    stopped: tuple[int, str] | None  # (decision number from 1, why) where a replay stopped
    over: bool


def person_seats(record: dict[str, Any], seats: int) -> tuple[int, ...]:
    """The seats a person plays in the record's match: those `options.ai` gives no CPU."""
    ai = (record.get("options") or {}).get("ai") or {}
    return tuple(s for s in range(seats) if str(s) not in ai)


def cpu_levels(record: dict[str, Any], seats: int) -> tuple[str | None, ...]:
    """Who played each seat, from the record's `options.ai`: its CPU level, None (a person)
    for a seat it does not list."""
    ai = (record.get("options") or {}).get("ai") or {}
    return tuple(str(ai[str(s)]) if str(s) in ai else None for s in range(seats))


def summarize(record: dict[str, Any]) -> RecordSummary:
    """Replay a record once (no listeners) for its list line; RecordError if it cannot load."""
    match = build_match(record)
    try:
        match.events.enabled = False
        decisions = record.get("decisions") or []
        stopped = None
        for index, decision in enumerate(decisions):
            outcome = match.submit(decision)
            if not outcome.ok:
                stopped = (index + 1, str(outcome.message))
                break
        return RecordSummary(match.rules.mode, cpu_levels(record, match.rules.seats),
                             len(decisions), None if stopped else match.result, stopped,
                             match.result is not None)
    finally:
        match.close()


class ReplayModel:
    """Positions 0..length of one record (see the module docstring)."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.match: Match = build_match(record)
        self.decisions: list[dict[str, Any]] = list(record.get("decisions") or [])
        self.index = 0
        self.submits = 0  # decisions submitted so far (a test checks that back never replays)
        self.events: list[Event] = []  # the events of the decision that led here
        self._marks: list[MatchMark] = []
        self._step_events: list[list[Event]] = []
        self.problem: str | None = None  # why the record stops before its last decision
        self.length = len(self.decisions)
        # Walk to the end once: the length a broken record really has, and whether the match
        # is over (the full view and every seat open only then); then back to the start.
        self.seek(self.length)
        self.over = self.match.result is not None
        self.final_result = self.match.result
        self.seek(0)
        self.seat: int | None = self.seats_allowed[0]

    # -- walking -------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self.match.rules.seats

    def step(self) -> bool:
        """Apply the next decision; False at the end (or where the record stops)."""
        if self.index >= self.length:
            return False
        mark = self.match.mark()
        try:
            outcome = self.match.submit(self.decisions[self.index])
        except Exception as exc:  # a forced value that does not fit: the record ends here
            self.match.rollback(mark)
            self.length, self.problem = self.index, f"decision {self.index + 1}: {exc}"
            return False
        self.submits += 1
        if not outcome.ok:
            self.match.rollback(mark)
            self.length = self.index
            self.problem = f"decision {self.index + 1} is rejected: {outcome.message}"
            return False
        self._marks.append(mark)
        self._step_events.append(list(outcome.events))
        self.index += 1
        self.events = self._step_events[-1]
        return True

    def back(self) -> bool:
        """Undo the last decision by rollback; False at the start."""
        if self.index == 0:
            return False
        self.match.rollback(self._marks.pop())
        self._step_events.pop()
        self.index -= 1
        self.events = self._step_events[-1] if self._step_events else []
        return True

    def seek(self, index: int) -> int:
        """Go to position `index` (clamped to 0..length): back by one rollback to the mark of
        that position, forward by submitting. Returns the index reached."""
        index = max(0, min(int(index), self.length))
        if index < self.index:
            self.match.rollback(self._marks[index])  # closes every newer mark with it
            del self._marks[index:]
            del self._step_events[index:]
            self.index = index
            self.events = self._step_events[-1] if self._step_events else []
        while self.index < index and self.step():
            pass
        return self.index

    @property
    def history(self) -> list[list[Event]]:
        """The events of each decision up to the position shown, in order (the log of the
        viewer's screen is told from them, as the seat shown may see them)."""
        return self._step_events

    # -- what is shown ---------------------------------------------------------------------
    @property
    def full_allowed(self) -> bool:
        """The full view hides nothing a player may still learn: only for a finished match."""
        return self.over

    @property
    def seats_allowed(self) -> tuple[int, ...]:
        """The seats whose view may be shown: every seat once the match is over; before, only
        the seats a person plays. A record no person plays in (CPU against CPU) is watched
        as its live screen showed it to a spectator: every seat (docs/replays.md)."""
        every = tuple(range(self.seats))
        if self.over:
            return every
        return person_seats(self.record, self.seats) or every

    def set_seat(self, seat: int | None) -> None:
        """Show seat `seat`'s view, or the full view (None); ValueError for a view the
        player may not see yet (the reason is the viewer's toast)."""
        if seat is None:
            if not self.full_allowed:
                raise ValueError("The full view opens once the match is over.")
        elif not 0 <= seat < self.seats:
            raise ValueError(f"seat must be 0..{self.seats - 1}, got {seat}")
        elif seat not in self.seats_allowed:
            raise ValueError(f"Seat {seat + 1} is the CPU's: its view opens once the match "
                             "is over.")
        self.seat = seat

    def state(self) -> dict[str, Any]:
        """The position as the chosen seat sees it (`Match.view_json`), or all of it."""
        if self.seat is None:
            return self.match.state_json()
        return self.match.view_json(self.seat)

    def last_step(self) -> dict[str, Any] | None:
        """The decision that led here and its events, as the chosen seat may see them
        (`Match.view_step`, what `tabula replay --trace --seat N` prints); None at the start
        or when the seat saw nothing of it."""
        if self.index == 0:
            return None
        return self.match.view_step(self.index - 1, self.events, self.seat)

    # -- play from here ----------------------------------------------------------------------
    def setup_problem(self) -> str | None:
        """Why this position cannot start a new match, or None when it can."""
        setup = self.match.rules.position_setup(self.match)
        return setup if isinstance(setup, str) else None

    def play_from_here(self, seat: int, level: str | None = None) -> dict[str, Any]:
        """The record of a new match whose setup is this position: the player takes `seat`,
        the CPU (at `level`, the mode's default when None) every other seat. Same seed, mode
        options and mods as the watched record. ValueError with the reason when the mode's
        setup cannot express the position."""
        from game.engine.modes import get_mode

        setup = self.match.rules.position_setup(self.match)
        if isinstance(setup, str):
            raise ValueError(setup)
        spec = get_mode(self.match.rules.mode)
        level = level or (spec.default_level if spec else "normal")
        options = {k: v for k, v in (self.record.get("options") or {}).items()
                   if k not in ("ai", "hotseat")}
        options["ai"] = {str(s): level for s in range(self.seats) if s != seat}
        setup = {**setup, "seats": [{"kind": "cpu", "ai": level} if s != seat
                                    else {"kind": "human"} for s in range(self.seats)]}
        record = new_record(self.match.rules.mode, self.match.rules.rules_version,
                            self.match.seed, options, setup, [],
                            mods=list(self.record.get("mods") or []))
        try:
            build_match(record).close()  # the mode's own setup checks, once
        except RecordError as exc:
            raise ValueError(f"this position cannot be a setup: {exc}") from None
        return record

    def close(self) -> None:
        self.match.close()
