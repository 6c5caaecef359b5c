"""The end of the match (spec conquest.md 4.15).

After each resolution, in order: base captured, mutual elimination (a draw), elimination. The
round cap is checked only when a battle sequence ends (or a round produced no battle): at round
60 the greater total strength wins, equal strength is a draw. On game over the board is left as
it was (a pending battle stays pending, flags are not cleared).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.systems.conquest.state import index

if TYPE_CHECKING:
    from game.engine.match import Match

ROUND_CAP = 60


def finish(match: Match, winner: int | None, reason: str) -> None:
    result: dict[str, Any] = {"winner": winner, "reason": reason}
    match.journal.set(index(match).board, ready=(False, False))
    match.finish(result)
    match.emit("match_ended", winner=winner, reason=reason)


def after_resolution(match: Match, site: str, winner: int | None) -> bool:
    """4.15.1-4.15.3, once the dead are removed. True when the match ended."""
    idx = index(match)
    owner = idx.content.base_owner(site)
    if owner is not None and winner is not None and winner != owner:
        finish(match, winner, "base_captured")
        return True
    alive = [any(u.seat == s for u in idx.units) for s in (0, 1)]
    if not alive[0] and not alive[1]:
        finish(match, None, "mutual_elimination")
        return True
    if not alive[0] or not alive[1]:
        finish(match, 0 if alive[0] else 1, "elimination")
        return True
    return False


def round_cap(match: Match) -> bool:
    """4.15.4: at the cap the stronger army wins (tank 2, infantry 1). True when over."""
    idx = index(match)
    if idx.board.round < ROUND_CAP:
        return False
    strength = [idx.strength(idx.of_seat(s)) for s in (0, 1)]
    winner = None if strength[0] == strength[1] else (0 if strength[0] > strength[1] else 1)
    finish(match, winner, "round_cap")
    return True
