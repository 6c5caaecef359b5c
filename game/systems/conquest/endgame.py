"""The end of the match (spec conquest.md 4.15): the resolution's win checks and the round cap.

After each resolution, in order: base captured, mutual elimination (a draw), elimination. The
round cap (`rules.toml` `round_cap`, 60) is checked only when a battle sequence ends (or a
round produced no battle): at the cap the greater total strength wins, equal strength is a
draw. On game over the board is left as it was (a pending battle stays pending, flags are not
cleared). Every system returns at once when the match is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.schedule import System
from game.systems.conquest import world
from game.systems.conquest.commands import Finish

if TYPE_CHECKING:
    from game.engine.match import Match


def over(match: Match) -> bool:
    return match.state.result is not None


def round_cap(match: Match) -> int:
    return world.content(match).rules.round_cap


class BaseCapture(System):
    """4.15.1: the site is a base and its owner lost the battle: the other seat wins (a draw
    on a base is no capture)."""

    name = "base_capture"

    def process(self, match: Match) -> None:
        verdict = world.current_outcome(match)
        owner = world.the_map(match).base_owner(world.current_site(match))
        winner = verdict.winner
        if owner is not None and winner is not None and winner != owner:
            Finish(winner, "base_captured").run(match)


class Elimination(System):
    """4.15.2-4.15.3, the dead already removed: both seats without units is a draw, one seat
    without units loses."""

    name = "elimination"

    def process(self, match: Match) -> None:
        if over(match):
            return
        alive = [False, False]
        for u in world.units(match):
            alive[u.owner.seat] = True
        if not alive[0] and not alive[1]:
            Finish(None, "mutual_elimination").run(match)
        elif not alive[0] or not alive[1]:
            Finish(0 if alive[0] else 1, "elimination").run(match)


class RoundCap(System):
    """4.15.4: at the cap the stronger army wins (strength of units.toml); equal is a draw."""

    name = "round_cap"

    def process(self, match: Match) -> None:
        if world.round_of(match) < round_cap(match):
            return
        totals = [world.strength(match, world.of_seat(match, s)) for s in (0, 1)]
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        Finish(winner, "round_cap").run(match)
