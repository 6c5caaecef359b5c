"""The kingdom index and the State JSON `board` (spec kingdom.md section 6).

The board and both seats are created once (match start or setup) before any journal mark, so
the index never changes: only their components' fields do, through `match.journal.set`.
"""

from __future__ import annotations

import pickle
from typing import TYPE_CHECKING, Any

from game.engine.match import HIDDEN

if TYPE_CHECKING:
    from game.components.kingdom import KingdomBoard, KingdomSeat
    from game.engine.match import Match
    from game.systems.kingdom.content import Content

KEY = "kingdom"


class Index:
    """The match's kingdom lookups: content, board component and the two seat components."""

    __slots__ = ("content", "board", "seats")

    def __init__(self, content: Content, board: KingdomBoard,
                 seats: tuple[KingdomSeat, KingdomSeat]) -> None:
        self.content = content
        self.board = board
        self.seats = seats


def pack_log(log: list[dict[str, Any]]) -> bytes:
    """The combat log as the board keeps it (see `KingdomBoard`)."""
    return pickle.dumps(log, protocol=5)


def index(match: Match) -> Index:
    return match.extra[KEY]


def hero_json(seat: KingdomSeat) -> dict[str, Any] | None:
    if seat.hero is None:
        return None
    return {"card": seat.hero, "status": seat.hero_status}


def seat_json(content: Content, seat: KingdomSeat) -> dict[str, Any]:
    """One seat object, keys in the order of section 6."""
    return {
        "faction": seat.faction,
        "mode": seat.mode,
        "hero": hero_json(seat),
        "deck": list(seat.deck),
        "level": seat.level,
        "era": content.era(seat.level).id,
        "slots": [None if u is None else {"card": u[0], "uid": u[1]} for u in seat.slots],
        "hp": seat.hp,
        "max_hp": seat.max_hp,
        "coins": seat.coins,
        "shop": list(seat.shop),
    }


def board_json(match: Match) -> dict[str, Any]:
    idx = index(match)
    return {
        "next_uid": idx.board.next_uid,
        "seats": [seat_json(idx.content, s) for s in idx.seats],
        "combat_log": pickle.loads(idx.board.combat_log),  # noqa: S301 (our own bytes)
    }


def view_board(match: Match, seat: int) -> dict[str, Any]:
    """Seat `seat`'s view: the other seat's offers are hidden, and during the deck builder its
    faction, mode, hero and deck too (section 6). Nulls and lengths stay visible."""
    board = board_json(match)
    other = board["seats"][1 - seat] if seat in (0, 1) else None
    if other is None:
        return board
    other["shop"] = [None if offer is None else HIDDEN for offer in other["shop"]]
    if match.state.phase == "deck_builder":
        for key in ("faction", "mode", "hero", "deck"):
            other[key] = HIDDEN
    return board


def view_to_act(match: Match, seat: int) -> tuple[int, ...]:
    """Seat `seat`'s view of `to_act`. In the deck builder the other seat is always listed,
    built or not, as its deck is always "hidden" (section 6): the real list would tell that it
    has built. The viewer's own entry is the truth; planning and `over` are public."""
    to_act = match.state.to_act
    if match.state.phase != "deck_builder" or seat not in (0, 1):
        return to_act
    return tuple(s for s in (0, 1) if s != seat or s in to_act)


def view_decision(decision: dict[str, Any], seat: int, phase: str) -> dict[str, Any] | None:
    """Another seat's decision as seat `seat` sees it: a `build_deck` not at all (whether the
    other seat has built is hidden until both have, section 6); everything else is public
    (planning is open: the board, coins and buys are public, and a buy empties the offer)."""
    return None if phase == "deck_builder" else decision
