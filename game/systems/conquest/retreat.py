"""Retreats (spec conquest.md 4.11.6, 4.11.7, 4.12): legal retreat tiles, trapped units, and
the retreat step itself.

A unit of seat s leaving site S may go to T when T is a land neighbour of S, T is not toward
the enemy base (seat 0: col(T) <= col(S); seat 1: col(T) >= col(S)), T holds no enemy unit
except the opponent's units that arrived there during this same retreat step, and afterwards at
most 5 of s's own units stand on T. Trapped units are fixed once at resolution, before anyone
moves, so any enemy unit blocks then and later openings are ignored (design decision 12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.systems.conquest.orders import MAX_OWN_PER_TILE
from game.systems.conquest.state import index

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.conquest.state import Index


def toward_enemy(idx: Index, seat: int, site: str, tile: str) -> bool:
    """Rule 2: moving along the same column is always allowed."""
    col, here = idx.content.col(tile), idx.content.col(site)
    return col > here if seat == 0 else col < here


def _arrivals(idx: Index, seat: int) -> set[str]:
    """The opponent's units that retreat in this step: on T they never block (rule 3)."""
    b = idx.board
    return set(b.retreat[1][1 - seat]) if b.retreat is not None else set()


def retreat_error(idx: Index, seat: int, unit_id: str, site: str, tile: str) -> str | None:
    """Rules 1-4 for one unit and a land tile, as the rejection id of 5.2 (or None)."""
    if tile == site or tile not in idx.content.neighbours[site]:
        return "not_adjacent"
    if toward_enemy(idx, seat, site, tile):
        return "retreat_toward_enemy"
    arrived = _arrivals(idx, seat)
    on_tile = idx.on_tile(tile)
    if any(u.seat != seat and u.id not in arrived for u in on_tile):
        return "retreat_enemy_present"
    own = sum(1 for u in on_tile if u.seat == seat and u.id != unit_id)
    return "tile_full" if own + 1 > MAX_OWN_PER_TILE else None


def retreat_tiles(idx: Index, seat: int, unit_id: str) -> list[str]:
    """Tiles a listed unit may retreat to now, in scan order (for `--legal` and CPUs)."""
    b = idx.board
    if b.retreat is None:
        return []
    site = b.retreat[0]
    return [t for t in idx.content.neighbours[site]
            if retreat_error(idx, seat, unit_id, site, t) is None]


def trapped_units(idx: Index, seat: int, site: str, survivors: list[str], dead: set[str]
                  ) -> list[str]:
    """4.11.7: survivors beyond the room on the tiles legal by rules 1-3 (any enemy unit
    blocks; card casualties no longer count), tanks first then canonical order."""
    room = 0
    for tile in idx.content.neighbours[site]:
        if toward_enemy(idx, seat, site, tile):
            continue
        on_tile = [u for u in idx.on_tile(tile) if u.id not in dead]
        if any(u.seat != seat for u in on_tile):
            continue
        room += max(0, MAX_OWN_PER_TILE - sum(1 for u in on_tile if u.seat == seat))
    excess = len(survivors) - room
    return survivors[:excess] if excess > 0 else []


def start(match: Match, site: str, units: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    """4.12.1: the seats with units to move off the site act."""
    match.journal.set(index(match).board, retreat=(site, units), ready=(False, False))
    match.set_phase("retreat", tuple(s for s in (0, 1) if units[s]))
    match.emit("retreat_started", tile=site, units=[list(units[0]), list(units[1])])


def move(match: Match, seat: int, unit_id: str, tile: str) -> None:
    """4.12.2: one listed unit moves now, publicly."""
    unit = index(match).by_id[unit_id]
    frm = unit.tile
    match.journal.set(unit, tile=tile)
    match.emit("unit_retreated", unit=unit_id, **{"from": frm, "to": tile})


def reset(match: Match, seat: int) -> None:
    """`reset_moves` in retreat: the seat's listed units go back onto the site."""
    idx = index(match)
    assert idx.board.retreat is not None
    site, units = idx.board.retreat
    for uid in units[seat]:
        unit = idx.by_id[uid]
        if unit.tile != site:
            frm = unit.tile
            match.journal.set(unit, tile=site)
            match.emit("unit_retreated", unit=uid, **{"from": frm, "to": site})


def all_left(idx: Index, seat: int) -> bool:
    """4.12.3: every listed unit of the seat is off the site."""
    b = idx.board
    assert b.retreat is not None
    site, units = b.retreat
    return all(idx.by_id[uid].tile != site for uid in units[seat])
