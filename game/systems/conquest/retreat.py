"""Retreats (spec conquest.md 4.11.6, 4.11.7, 4.12): legal retreat tiles, trapped units, and
the systems of the retreat step.

A unit of seat s leaving site S may go to T when T is a land neighbour of S, T is not toward
the enemy base (seat 0: col(T) <= col(S); seat 1: col(T) >= col(S)), T holds no enemy unit
except the opponent's units that retreat in this same step, and afterwards at most
`max_own_per_tile` of s's own units stand on T. Trapped units are fixed once at resolution,
before anyone moves, so any enemy unit blocks then and later openings are ignored (design
decision 12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.components.common import Owner
from game.components.conquest import ResetOrders, Retreating, RetreatTo
from game.engine import ecs
from game.engine.commands import consume
from game.engine.schedule import System
from game.systems.conquest import world
from game.systems.conquest.commands import EndRetreat, RetreatUnit
from game.systems.conquest.orders import cap

if TYPE_CHECKING:
    from game.engine.match import Match


def toward_enemy(match: Match, seat: int, site: str, tile: str) -> bool:
    """Rule 2: moving along the same column is always allowed."""
    the_map = world.the_map(match)
    col, here = the_map.col(tile), the_map.col(site)
    return col > here if seat == 0 else col < here


def retreat_site(match: Match) -> str | None:
    """The site units retreat from, during a retreat step (else None)."""
    if not ecs.holders(Retreating):
        return None
    return world.current_site(match)


def retreat_error(match: Match, seat: int, unit_id: str, site: str, tile: str) -> str | None:
    """Rules 1-4 for one unit and a land tile, as the rejection id of 5.2 (or None)."""
    if tile == site or tile not in world.the_map(match).neighbours[site]:
        return "not_adjacent"
    if toward_enemy(match, seat, site, tile):
        return "retreat_toward_enemy"
    own = 0
    for u in world.on_tile(match, tile):
        if u.owner.seat != seat:
            if not world.holds(u.entity, Retreating):  # arrivals never block (rule 3)
                return "retreat_enemy_present"
        elif u.ident.id != unit_id:
            own += 1
    return "tile_full" if own + 1 > cap(match) else None


def retreat_tiles(match: Match, seat: int, unit_id: str) -> list[str]:
    """Tiles a listed unit may retreat to now, in scan order (for `--legal` and CPUs)."""
    site = retreat_site(match)
    if site is None:
        return []
    return [t for t in world.the_map(match).neighbours[site]
            if retreat_error(match, seat, unit_id, site, t) is None]


def trapped_units(match: Match, seat: int, site: str, survivors: list[str], dead: set[str]
                  ) -> list[str]:
    """4.11.7: survivors beyond the room on the tiles legal by rules 1-3 (any enemy unit
    blocks; card casualties no longer count), tanks first then canonical order."""
    if not survivors:
        return []
    the_map = world.the_map(match)
    near = the_map.neighbours[site]
    here = the_map.col(site)
    counts: dict[str, list[int]] = {}  # the living units of each seat on the site's neighbours
    for u in world.units(match):
        tile = u.pos.tile
        if tile in near and u.ident.id not in dead:
            counts.setdefault(tile, [0, 0])[u.owner.seat] += 1
    room = 0
    most = cap(match)
    for tile in near:
        col = the_map.col(tile)
        if col > here if seat == 0 else col < here:  # toward the enemy (rule 2)
            continue
        found = counts.get(tile, (0, 0))
        if found[1 - seat]:
            continue
        room += max(0, most - found[seat])
    excess = len(survivors) - room
    return survivors[:excess] if excess > 0 else []


def all_left(match: Match, seat: int) -> bool:
    """4.12.3: every listed unit of the seat is off the site."""
    site = world.current_site(match)
    return all(u.pos.tile != site for u in world.retreating(match, seat))


class RetreatMove(System):
    """4.12.2: one listed unit moves now, publicly."""

    name = "retreat_move"

    def process(self, match: Match) -> None:
        found = consume(match, RetreatTo)
        if found is None:
            return
        entity, intent = found
        RetreatUnit(entity, world.ident_of(entity), intent.tile).run(match)


class RetreatReset(System):
    """`reset_moves` in retreat: the seat's listed units go back onto the site."""

    name = "reset_retreat"

    def process(self, match: Match) -> None:
        found = consume(match, ResetOrders)
        if found is None:
            return
        entity, _ = found
        seat = esper.component_for_entity(entity, Owner).seat
        site = world.current_site(match)
        for u in world.retreating(match, seat):
            if u.pos.tile != site:
                RetreatUnit(u.entity, u.ident.id, site).run(match)


class RetreatOver(System):
    """4.13.1: the retreat step is over; nobody is listed any more."""

    name = "end_retreat"

    def process(self, match: Match) -> None:
        EndRetreat().run(match)
