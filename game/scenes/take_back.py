"""Undo where it is fair (issue 25): the screens' side of `game.engine.undo.UndoLog`.

Undo is offered in a Card Crawl run and in a live match where one person plays against CPUs
only (`offered`): never in hot-seat (the other person saw the decision), over the network,
in the replay viewer or a still shot, or while CPUs play each other. Ctrl+Z or the Undo button
takes back the person's last decision and everything that followed it (the CPUs' replies),
back to the point where the person last decided: a journal rollback, so nothing is drawn again
and the same decision again gives the same position, byte for byte.

What is fair, decided here and in docs/saves.md "Undo":

- **Reveals end it.** A step that shows the person what another seat chose in secret (a mode's
  `reveals(phase, events)`: CardConquest's placements, moves, reinforcements and battle cards;
  Kingdom's CPU turn, planned from a shop the person cannot see) is a wall: nothing before it
  can be taken back, since the person would then choose again knowing it. A person's own
  sealed orders before the reveal may be.
- **A finished match stands** (`TakeBack.can_undo` is False once there is a result): its
  record is kept as a replay and a run is scored when it ends.
- **Any moment otherwise**: mid-animation the events still to play are dropped and the
  position shows at once; a CPU still thinking about a position that is gone is dropped.
- **Only this sitting**: the points are kept in memory, so a match continued from its save
  can be taken back to where it was continued, no further.

The record keeps only the decisions that stand and counts the undos in `options.undo`; a run
with undos enters no high-score table or daily board (game.scenes.crawl.scores).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from game.engine.match import Accepted, Match, Rejection
from game.engine.undo import UndoLog

Reveals = Callable[[str, list[dict[str, Any]]], bool]  # (phase decided in, its events)


def offered(*, live: bool, remote: Any, humans: Iterable[int], cpu: Iterable[int]) -> bool:
    """Undo is fair in this match: live, local, one person, every other seat a CPU."""
    return live and remote is None and len(list(humans)) == 1 and bool(list(cpu))


def as_json(events: Iterable[Any]) -> list[dict[str, Any]]:
    return [e.as_json() if hasattr(e, "as_json") else e for e in events]


class TakeBack:
    """The points where the person decided, and the walls that reveals put up."""

    def __init__(self, match: Match, seat: int, reveals: Reveals | None = None) -> None:
        self.match = match
        self.seat = seat
        self.reveals = reveals
        self._log = UndoLog(match)

    @property
    def can_undo(self) -> bool:
        return self._log.can_undo and self.match.result is None

    def mine(self, decision: dict[str, Any]) -> bool:
        """The decision is the person's (a CPU seat's goes to `match.submit` unmarked)."""
        return decision.get("seat") == self.seat

    def submit(self, decision: dict[str, Any], kept: Any = None) -> Accepted | Rejection:
        """Submit any seat's decision: the person's with a point to come back to (`kept`:
        what `undo` hands back), then check its events for a reveal."""
        if self.mine(decision):
            outcome = self._log.submit(decision, kept)
        else:
            outcome = self.match.submit(decision)
        if outcome.ok:
            self.note(outcome.events)
        return outcome

    def note(self, events: Iterable[Any]) -> None:
        """A step was accepted (the last of `match.decisions`): a reveal walls off every
        point before it."""
        if self.reveals is not None and self.match.phases and \
                self.reveals(self.match.phases[-1], as_json(events)):
            self._log.forget()

    def undo(self) -> Any:
        """Back to just before the person's last decision; what was kept then. IndexError
        when there is nothing to take back."""
        if self.match.result is not None:
            raise IndexError("a finished match stands")
        return self._log.undo()


def take_back_session(session: Any) -> None:
    """Undo on a screen session that keeps the CPUs' streams and a log beside its match
    (Marve-Strike's, Kingdom's): the match back before the person's last decision, and what
    was kept with it put back."""
    streams, lines = session.take_back.undo()
    session.streams = dict(streams)
    session.log.reset_to(lines)
