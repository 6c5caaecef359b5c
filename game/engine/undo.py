"""Undo where it is fair: a person's last decision taken back by a journal rollback.

Card Crawl and any match where the person plays only against CPUs offer Undo (never a hot-seat
or a network match: a decision another person saw stands). `UndoLog.submit` marks the match
just before each of the person's decisions; `undo()` rolls the match back to the last such
mark, so that decision and every decision after it (the CPUs' replies) are gone and the match
is exactly where the person decided, the RNG streams included: nothing is drawn again, so an
undo reveals nothing a redo would not, and the same decision again gives the same position.

The record keeps only the decisions that stand; `options.undo` counts the undos (a run with
undos enters no high-score table or daily board). Whatever the caller keeps beside the match
(a CPU seat's stream state) is handed back by `undo()` as it was at that point.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.match import Accepted, Match, MatchMark, Rejection

UNDO_OPTION = "undo"  # options.undo: how many decisions were taken back
MAX_UNDOS = 10**9  # a bound for crafted records (options.undo), far past any match


def undos(options: dict[str, Any]) -> int:
    """How many undos a match's options count (0 when none)."""
    value = options.get(UNDO_OPTION, 0)
    return value if type(value) is int else 0


def check_undo_option(options: dict[str, Any]) -> str | None:
    """The problem of a record's `options.undo`, or None."""
    if UNDO_OPTION not in options:
        return None
    value = options[UNDO_OPTION]
    if type(value) is not int or not 0 <= value <= MAX_UNDOS:
        return f"undo: must be a whole number of undos in 0..{MAX_UNDOS}, got {value!r}"
    return None


@dataclass(frozen=True, slots=True)
class _Point:
    mark: MatchMark
    kept: Any


class UndoLog:
    """The points where the person decided, newest last."""

    __slots__ = ("match", "_points")

    def __init__(self, match: Match) -> None:
        self.match = match
        self._points: list[_Point] = []

    @property
    def can_undo(self) -> bool:
        return bool(self._points)

    def submit(self, decision: dict[str, Any], kept: Any = None) -> Accepted | Rejection:
        """The person's decision, with a point to come back to; `kept` is handed back by the
        `undo` that returns here. A rejected decision leaves no point (it changed nothing)."""
        mark = self.match.mark()
        outcome = self.match.submit(decision)
        if outcome.ok:
            self._points.append(_Point(mark, kept))
        else:
            self.match.rollback(mark)
        return outcome

    def forget(self) -> None:
        """Nothing before now may be taken back any more (a reveal, in the scenes): every
        point is dropped and its journal mark released, so the journal stops recording."""
        if self._points:
            self.match.release(self._points[0].mark)  # the outermost: it closes them all
        self._points.clear()

    def undo(self) -> Any:
        """Back to just before the person's last decision; returns what was kept then.
        IndexError when there is nothing to take back."""
        point = self._points.pop()
        self.match.rollback(point.mark)
        options = self.match.options
        options[UNDO_OPTION] = undos(options) + 1
        return point.kept
