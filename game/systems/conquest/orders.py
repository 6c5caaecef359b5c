"""Pending orders of placement and movement (spec conquest.md 4.5, 4.6): `Order` components on
the units, secret until both seats are ready, and the systems of the `orders` step.

An order is the tile a unit will stand on when the phase ends. A unit's *pending position* is
its order's tile, else its committed tile (None in the placement tray). The per-tile cap
(`rules.toml` `max_own_per_tile`, 5) counts only the seat's own pending positions; enemy units
never count, so a tile can hold 5 + 5.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import esper

from game.components.common import Owner
from game.components.conquest import MoveUnits, OnTile, Order, PlaceUnits, ResetOrders
from game.engine.commands import consume
from game.engine.ecs import entity_table
from game.engine.schedule import System
from game.systems.conquest import world
from game.systems.conquest.commands import SetOrders

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.conquest.content import Content


def cap(match: Match) -> int:
    """Most units of one seat on one tile (placement, movement, retreat)."""
    return cap_of(world.content(match))


def cap_of(content: Content) -> int:
    """`cap` of a content (`rules.toml` `max_own_per_tile`), for a reader without a match."""
    return content.rules.max_own_per_tile


def pending_positions(match: Match, seat: int) -> dict[str, str | None]:
    """Unit id -> pending tile, for every living unit of the seat (canonical order)."""
    out = {}
    table = entity_table()
    for u in world.units(match):
        if u.owner.seat == seat:
            order = table[u.entity].get(Order)
            out[u.ident.id] = u.pos.tile if order is None else order.tile
    return out


def count_after(match: Match, seat: int, group: set[str], tile: str) -> int:
    """Own units pending on `tile` once every unit of `group` is ordered there (4.6.2)."""
    count = len(group)
    table = entity_table()
    for u in world.units(match):  # the tile first: most units are pending elsewhere
        if u.owner.seat == seat:
            order = table[u.entity].get(Order)
            if (u.pos.tile if order is None else order.tile) == tile and u.ident.id not in group:
                count += 1
    return count


def pending_counts(match: Match, seat: int) -> tuple[dict[str, str | None], Counter[str | None]]:
    """Pending positions and the number of own units pending per tile (for legal lists)."""
    positions = pending_positions(match, seat)
    return positions, Counter(positions.values())


def fits(positions: dict[str, str | None], counts: Counter[str | None], group: list[str],
         tile: str, most: int) -> bool:
    """The group may be ordered onto `tile` without more than `most` own units pending
    there (the group's units already there are not counted twice, 4.6.2)."""
    already = sum(1 for uid in group if positions[uid] == tile)
    return counts[tile] - already + len(group) <= most


def order_sequence(match: Match, seat: int, plan: dict[str, str], *, reset: bool = False
                   ) -> list[tuple[str, str]]:
    """The one-unit orders that bring the seat's units to the tiles of `plan` (unit id ->
    tile; units not listed keep their tile), in the order they can be given, each legal
    when it is given (`sequence_orders`), read from the world. `reset`: after the seat's
    orders are cleared."""
    # one pass over the seat's units: committed tiles, and pending ones unless `reset`
    tiles: dict[str, str | None] = {}
    positions: dict[str, str | None] = {}
    table = entity_table()
    for u in world.units(match):
        if u.owner.seat == seat:
            uid, here = u.ident.id, u.pos.tile
            tiles[uid] = here
            order = None if reset else table[u.entity].get(Order)
            positions[uid] = here if order is None else order.tile
    return sequence_orders(tiles, positions, plan, cap(match))


def sequence_orders(tiles: dict[str, str | None], positions: dict[str, str | None],
                    plan: dict[str, str], most: int) -> list[tuple[str, str]]:
    """4.6.2's order of one-unit orders for `plan`, from the seat's units (canonical order)
    with their committed `tiles` and pending `positions`, at most `most` own units pending
    on a tile: repeatedly the first unit in canonical order whose order keeps the cap
    against the orders given before it. A unit whose order never becomes legal (a swap
    between full tiles) is left out. The world's `order_sequence` and a CPU reading its
    seat view (game.ai.conquest.policy `view_moves`) share it. `positions` is the caller's
    own: it is updated as the orders are given."""
    counts: Counter[str | None] = Counter(positions.values())
    # Only the units not yet pending on their target are ever ordered, and one that is stays
    # so: the scan walks those alone (canonical order), dropping each once it is ordered. A
    # look-ahead's plans keep most units where they are.
    wanting = []
    for uid, here in positions.items():
        target = plan.get(uid, tiles[uid])
        if target is not None and here != target:
            wanting.append((uid, target))
    out: list[tuple[str, str]] = []
    while True:
        for i, (uid, target) in enumerate(wanting):
            # `fits` for one unit not yet on the target: one more there keeps the cap
            if counts[target] + 1 > most:
                continue
            out.append((uid, target))
            counts[positions[uid]] -= 1
            counts[target] += 1
            positions[uid] = target
            del wanting[i]
            break
        else:
            return out


class PlaceOrders(System):
    """4.5.3: set (or, with no tile, clear) the pending placement of each named unit."""

    name = "place"

    def process(self, match: Match) -> None:
        found = consume(match, PlaceUnits)
        if found is None:
            return
        seat_entity, intent = found
        seat = esper.component_for_entity(seat_entity, Owner).seat
        SetOrders(seat, dict.fromkeys(intent.units, intent.tile),  # type: ignore[attr-defined]
                  placement=True).run(match)


class MoveOrders(System):
    """4.6.4: set each named unit's destination; an order to its own tile removes it."""

    name = "move"

    def process(self, match: Match) -> None:
        found = consume(match, MoveUnits)
        if found is None:
            return
        seat_entity, intent = found
        table = entity_table()  # the seat's and each unit's components, one lookup each
        seat = table[seat_entity][Owner].seat
        to = intent.tile  # type: ignore[attr-defined]
        changes: dict[int, str | None] = {}
        for entity in intent.units:  # type: ignore[attr-defined]
            changes[entity] = None if table[entity][OnTile].tile == to else to
        SetOrders(seat, changes, placement=False).run(match)


class ClearOrders(System):
    """`reset_moves` in placement or movement: the seat's orders are cleared."""

    name = "reset_orders"

    def process(self, match: Match) -> None:
        found = consume(match, ResetOrders)
        if found is None:
            return
        seat_entity, _ = found
        seat = esper.component_for_entity(seat_entity, Owner).seat
        changes: dict[int, str | None] = {u.entity: None for u in world.of_seat(match, seat)
                                          if world.holds(u.entity, Order)}
        SetOrders(seat, changes, placement=match.state.phase == "placement").run(match)
