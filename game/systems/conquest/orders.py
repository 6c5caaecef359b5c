"""Pending orders of placement and movement (spec conquest.md 4.5, 4.6): secret until both
seats are ready.

An order maps a unit to the tile it will stand on when the phase ends. A unit's *pending
position* is its order's tile, else its committed `tile` (None in the placement tray). The
5-unit cap counts only the seat's own pending positions; enemy units never count, so a tile can
hold 5 + 5.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.systems.conquest.state import canonical_key, index

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.conquest.state import Index

MAX_OWN_PER_TILE = 5


def orders_of(idx: Index, seat: int) -> dict[str, str]:
    return dict(idx.board.orders[seat])


def pending_positions(idx: Index, seat: int) -> dict[str, str | None]:
    """Unit id -> pending tile, for every living unit of the seat."""
    orders = idx.board.orders[seat]
    ordered = dict(orders)
    return {u.id: ordered.get(u.id, u.tile) for u in idx.units if u.seat == seat}


def count_after(idx: Index, seat: int, group: set[str], tile: str) -> int:
    """Own units pending on `tile` once every unit of `group` is ordered there (4.6.2)."""
    positions = pending_positions(idx, seat)
    return len(group) + sum(1 for uid, t in positions.items() if t == tile and uid not in group)


def pending_counts(idx: Index, seat: int) -> tuple[dict[str, str | None], Counter[str | None]]:
    """Pending positions and the number of own units pending per tile (for legal lists)."""
    positions = pending_positions(idx, seat)
    return positions, Counter(positions.values())


def _store(match: Match, seat: int, orders: dict[str, str]) -> None:
    idx = index(match)
    ordered = tuple(sorted(orders.items(), key=lambda kv: canonical_key(idx.by_id[kv[0]])))
    both = list(idx.board.orders)
    both[seat] = ordered
    match.journal.set(idx.board, orders=(both[0], both[1]))


def place(match: Match, seat: int, units: list[str], to: str | None) -> None:
    """4.5.3: set (or, with None, clear) the pending placement of each unit."""
    orders = orders_of(index(match), seat)
    for uid in units:
        if to is None:
            orders.pop(uid, None)
        else:
            orders[uid] = to
    _store(match, seat, orders)
    match.emit("units_placed", seat=seat)


def move(match: Match, seat: int, units: list[str], to: str) -> None:
    """4.6.4: set each unit's destination; an order to its own tile removes it."""
    idx = index(match)
    orders = orders_of(idx, seat)
    for uid in units:
        if idx.by_id[uid].tile == to:
            orders.pop(uid, None)
        else:
            orders[uid] = to
    _store(match, seat, orders)
    match.emit("orders_changed", seat=seat)


def reset(match: Match, seat: int) -> None:
    """`reset_moves` in placement or movement: clear the seat's orders."""
    _store(match, seat, {})
    match.emit("units_placed" if match.state.phase == "placement" else "orders_changed",
               seat=seat)


def clear_all(match: Match) -> None:
    match.journal.set(index(match).board, orders=((), ()))
