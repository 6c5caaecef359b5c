"""The per-seat view (spec conquest.md 6.4): what a player, and every CPU, may see.

Only three values are secret, and only while they are being chosen: the other seat's pending
orders (placement and movement), its reinforcement picks (reinforcements) and its chosen card
(cards). They print as "hidden" whatever they hold, so a view never even tells whether the
other seat has chosen yet. The engine masks the envelope `seed`. Events carry no secret
(`units_placed` and `orders_changed` name only the seat), so they need no masking.

In the history (`replay --trace --seat N`) the decisions that set those values are the other
seat's secret: their verb and fields print as "hidden" (`{"seat": 1, "type": "hidden"}`), so a
`move` cannot be told from a `reset_moves`. That the seat changed its orders stays public, as
its `orders_changed`/`units_placed` event and its ready flag are (4.3, 4.16).
"""

from __future__ import annotations

from typing import Any

from game.engine.match import HIDDEN

SECRET_BY_PHASE = {
    "placement": "orders",
    "movement": "orders",
    "reinforcements": "reinforcements",
    "cards": "cards_chosen",
}


PUBLIC_VERBS = frozenset({"ready", "unready"})  # ready flags are public (6.4)


def view_decision(decision: dict[str, Any], seat: int, phase: str) -> dict[str, Any]:
    """Another seat's decision made in `phase`, as seat `seat` sees it (see the docstring)."""
    if phase in SECRET_BY_PHASE and decision["type"] not in PUBLIC_VERBS:
        return {"seat": decision["seat"], "type": HIDDEN}
    return decision


def mask_board(board: dict[str, Any], seat: int, phase: str) -> dict[str, Any]:
    """A full `board` object as seat `seat` sees it in `phase`."""
    key = SECRET_BY_PHASE.get(phase)
    if key is None or seat not in (0, 1):
        return board
    masked = list(board[key])
    masked[1 - seat] = HIDDEN
    return {**board, key: masked}
