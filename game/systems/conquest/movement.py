"""Placement and movement resolution (spec conquest.md 4.5.5, 4.6.5).

Both seats' orders apply at the same moment: only final positions count, so two stacks that
swap tiles pass each other. Then battles are detected (4.7, in `battle`); with none the
sequence ends at once and the next round (or the round cap) follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.systems.conquest import battle, orders
from game.systems.conquest.state import index

if TYPE_CHECKING:
    from game.engine.match import Match


def end_placement(match: Match) -> None:
    """4.5.5: every unit lands on its placed tile, round 1 starts."""
    idx = index(match)
    landed = []
    for seat in (0, 1):
        for uid, tile in idx.board.orders[seat]:
            match.journal.set(idx.by_id[uid], tile=tile)
            landed.append({"unit": uid, "tile": tile})
    orders.clear_all(match)
    match.emit("placements_revealed", units=landed)
    battle.start_round(match, 1)


def end_movement(match: Match) -> None:
    """4.6.5: apply every order at once, then detect battles (4.7)."""
    idx = index(match)
    moves = []
    for seat in (0, 1):
        for uid, tile in idx.board.orders[seat]:
            unit = idx.by_id[uid]
            moves.append({"unit": uid, "from": unit.tile, "to": tile})
            match.journal.set(unit, tile=tile)
    orders.clear_all(match)
    match.emit("units_moved", moves=moves)
    sites = battle.battle_sites(idx, exclude=set(), reverse=battle.reversed_round(match))
    if not sites:
        battle.end_sequence(match)
        return
    battle.add_battles(match, sites, new=False)
    battle.start_next(match)
