"""The seat view (spec crawl.md section 6.1): what the player and every CPU may see.

Only the deck is secret: it prints as "hidden", with its `deck_count` and `deck_types` kept.
The engine masks the envelope `seed` (docs/architecture.md). The run's abilities and everything
on the table are public; events never carry a deck position (4.14), so they need no masking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import HIDDEN
from game.systems.crawl.state import board_json

if TYPE_CHECKING:
    from game.engine.match import Match


def mask_board(board: dict[str, Any], seat: int) -> dict[str, Any]:
    """A full `board` object as seat `seat` sees it."""
    return {**board, "deck": HIDDEN}


def view_board(match: Match, seat: int) -> dict[str, Any]:
    """The seat's `board` object, built without ever listing the deck."""
    return board_json(match, hide_deck=True)
