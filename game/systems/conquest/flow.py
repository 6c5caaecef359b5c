"""The ready protocol and the phase machine (spec conquest.md 4.2, 4.3).

A seat in `to_act` gives its orders, then `ready`; a ready seat's orders are frozen until it
`unready`s. The moment every seat in `to_act` is ready, both flags are cleared and the phase's
transition runs in the same submit:

    commander       -> armies and hands created, placement     (setup.create_armies)
    placement       -> units land, round 1, movement           (movement.end_placement)
    movement        -> orders applied, battles detected         (movement.end_movement)
    reinforcements  -> picks committed, cards                   (battle.commit_reinforcements)
    cards           -> resolution                               (resolution.resolve)
    retreat         -> new battles, next battle or next round   (battle.after_retreat)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.systems.conquest import battle, movement, resolution, setup
from game.systems.conquest.state import index

if TYPE_CHECKING:
    from game.engine.match import Match


TRANSITIONS: dict[str, Callable[[Match], None]] = {
    "commander": setup.create_armies,
    "placement": movement.end_placement,
    "movement": movement.end_movement,
    "reinforcements": battle.commit_reinforcements,
    "cards": resolution.resolve,
    "retreat": battle.after_retreat,
}


def _set_ready(match: Match, seat: int, value: bool) -> None:
    b = index(match).board
    flags = list(b.ready)
    flags[seat] = value
    match.journal.set(b, ready=(flags[0], flags[1]))
    match.emit("ready_changed", seat=seat, ready=value)


def ready(match: Match, seat: int) -> None:
    """4.3.1, 4.3.3: mark the seat ready; run the transition when every seat is."""
    _set_ready(match, seat, True)
    b = index(match).board
    if all(b.ready[s] for s in match.state.to_act):
        match.journal.set(b, ready=(False, False))
        TRANSITIONS[match.state.phase](match)


def unready(match: Match, seat: int) -> None:
    """4.3.2: the seat's orders become editable again."""
    _set_ready(match, seat, False)
