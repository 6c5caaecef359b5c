"""The State JSON `board` of CardConquest (spec conquest.md 6.2), read from the world.

Keys and list orders are the spec's: tiles in scan order, units in canonical order, orders
per seat in canonical key order, picks canonical, hands power descending, discards oldest
first. `eligible` is derived during `reinforcements` (nothing else can change it there), and
`retreat` is printed while units are listed to retreat.
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any

from game.components.conquest import (
    Fought,
    Order,
    Ready,
    Reinforced,
    Reinforcing,
    Retreating,
)
from game.engine.ecs import components_of, entity_table, holders
from game.systems.conquest import world
from game.systems.conquest.battle import eligible_ids

if TYPE_CHECKING:
    from game.engine.match import Match


def board_json(match: Match) -> dict[str, Any]:
    """The `board` object with the canonical key and list orders of section 6.2."""
    b = world.board(match)
    tiles: dict[str, list[list[str]]] = {t: [[], []] for t in b.map.land}
    rows = []
    orders: list[dict[str, str]] = [{}, {}]
    picks: list[list[str]] = [[], []]
    retreat: list[list[str]] = [[], []]
    leaving = False
    table = entity_table()  # each unit's components, one lookup for every flag of the unit
    # picks and retreats exist in their phases only: most views look at no unit for them
    picking, retreating = holders(Reinforcing), holders(Retreating)
    row = rows.append
    for u in world.units(match):
        uid, seat, tile = u.ident.id, u.owner.seat, u.pos.tile
        has = table[u.entity]
        if tile is not None:
            tiles[tile][seat].append(uid)
        row({"id": uid, "seat": seat, "kind": u.kind.kind, "tile": tile,
             "fought": Fought in has, "reinforced": Reinforced in has})
        order = has.get(Order)
        if order is not None:
            orders[seat][uid] = order.tile
        if picking and Reinforcing in has:
            picks[seat].append(uid)
        if retreating and Retreating in has:
            retreat[seat].append(uid)
            leaving = True
    seats = world.seats(match)
    eligible = eligible_ids(match)
    return {
        "setup_kind": b.setup.kind,
        "commanders": [seats[0].commander.army, seats[1].commander.army],
        "round": b.round.round,
        "tiles": tiles,
        "units": rows,
        "orders": orders,
        "ready": [Ready in components_of(seats[0].entity),
                  Ready in components_of(seats[1].entity)],
        "battles": [{"number": x.battle.number, "tile": x.site.tile, "state": x.battle.state}
                    for x in world.battles(match)],
        "current_battle": b.sequence.current,
        "eligible": [list(eligible[0]), list(eligible[1])],
        "reinforcements": picks,
        "cards_chosen": world.chosen_ids(match),
        "hands": [list(world.hand(match, 0)), list(world.hand(match, 1))],
        "discards": [list(world.discards(match, 0)), list(world.discards(match, 1))],
        "retreat": ({"tile": world.current_site(match), "units": retreat}
                    if leaving else None),
        "last_result": _copy_last(b.last.result),
    }


# The last result copied and its marshal bytes. A battle's result is a new object written once
# (`set_field`) and never changed in place, and every view until the next battle prints the same
# one, so it is dumped once, not once a view. A tuple, rebound whole: a thread reading it sees
# one pair. It keeps that one result alive.
_dumped: tuple[Any, bytes] = (None, marshal.dumps(None))


def _copy_last(result: Any) -> Any:
    """A copy of the `last_result` object, so no caller can change the match through its
    State JSON (marshal copies plain JSON data in C, at half the cost of walking it here)."""
    global _dumped
    dumped = _dumped
    if dumped[0] is not result:
        dumped = _dumped = (result, marshal.dumps(result))
    return marshal.loads(dumped[1])
