"""Placement and movement resolution (spec conquest.md 4.5.5, 4.6.5) and the start of a
movement round.

Both seats' orders apply at the same moment: only final positions count, so two stacks that
swap tiles pass each other. Then battles are detected (4.7, in `battle`); with none the
sequence ends at once and the next round (or the round cap) follows. Entering `movement`
(after placement, after a battle sequence, or again after a round without a battle) starts a
round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.schedule import System
from game.systems.conquest.commands import ApplyOrders, StartRound

if TYPE_CHECKING:
    from game.engine.match import Match


class RevealPlacements(System):
    """4.5.5: every unit lands on its placed tile; the first movement round follows."""

    name = "reveal_placements"

    def process(self, match: Match) -> None:
        ApplyOrders(placement=True).run(match)
        match.set_phase("movement", (0, 1))


class ApplyMoves(System):
    """4.6.5: every order applied at once."""

    name = "apply_moves"

    def process(self, match: Match) -> None:
        ApplyOrders(placement=False).run(match)


class NewRound(System):
    """`on_enter:movement`: `round` and `turn` count the new movement round (6.1)."""

    name = "new_round"

    def process(self, match: Match) -> None:
        StartRound().run(match)
