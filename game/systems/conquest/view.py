"""The per-seat view (spec conquest.md 6.4): what a player, and every CPU, may see.

Only three values are secret, and only while they are being chosen: the other seat's pending
orders (placement and movement), its reinforcement picks (reinforcements) and its chosen card
(cards). They print as "hidden" whatever they hold, so a view never even tells whether the
other seat has chosen yet. The engine masks the envelope `seed`. Events carry no secret
(`units_placed` and `orders_changed` name only the seat), so they need no masking.
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


def mask_board(board: dict[str, Any], seat: int, phase: str) -> dict[str, Any]:
    """A full `board` object as seat `seat` sees it in `phase`."""
    key = SECRET_BY_PHASE.get(phase)
    if key is None or seat not in (0, 1):
        return board
    masked = list(board[key])
    masked[1 - seat] = HIDDEN
    return {**board, key: masked}
