"""Queries of a conquest world (docs/conquest.md "Entities"): units, seats, cards and their
piles, bases, battles and the board, read through the engine's query layer (named rows,
cached per world until a component type they read is added or removed; game.engine.query).

Units come in canonical order (4.1.2: seat, tanks before infantry, number); every list of
units the rules print or walk is in that order. The readers here are the one way the rules,
the CPUs and the State JSON look at a position; callers must not mutate the lists they get.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import esper

from game.components.common import CardRef, Ident, InPile, Owner, Round
from game.components.conquest import (
    ArmySetup,
    Base,
    Battle,
    Chosen,
    Commander,
    ConquestMap,
    LastResult,
    OnTile,
    Order,
    Outcome,
    Ready,
    Reinforcing,
    Retreating,
    Sequence,
    Site,
    UnitKind,
)
from game.engine import ecs
from game.engine.piles import cards_in
from game.engine.query import Query
from game.systems.conquest.content import KINDS

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.conquest.content import ArmyDef, CardDef, Content

KIND_ORDER = {kind: i for i, kind in enumerate(KINDS)}
PILES = (("hand0", "hand1"), ("discard0", "discard1"))  # engine piles: hands, discards


def canonical(row: Any) -> tuple[int, int, int]:
    return (row.owner.seat, KIND_ORDER[row.kind.kind], row.kind.n)


UNITS = Query("unit", ident=Ident, owner=Owner, kind=UnitKind, pos=OnTile, order=canonical,
              key=lambda u: u.ident.id)
SEATS = Query("seat", owner=Owner, commander=Commander, order=lambda s: s.owner.seat)
CARDS = Query("card", card=CardRef, owner=Owner, pile=InPile, key=lambda c: c.entity)
CHOSEN = Query("chosen", chosen=Chosen, card=CardRef, owner=Owner)
BOARD = Query("board", map=ConquestMap, setup=ArmySetup, round=Round, sequence=Sequence,
              last=LastResult)
BASES = Query("base", site=Site, base=Base, key=lambda b: b.site.tile)


def _battle_number(row: Any) -> int:
    return row.battle.number


# in number order, and by number (a sequence numbers its battles 1, 2, ...)
BATTLES = Query("battle", site=Site, battle=Battle, order=_battle_number, key=_battle_number)

Unit = Any  # a row of UNITS: entity, ident, owner, kind, pos


def content(match: Match) -> Content:
    return match.rules.content


# -- the board -------------------------------------------------------------------------------------
def board(match: Match) -> Any:
    """The board's row: entity, map, setup, round, sequence, last."""
    return BOARD.first(match)


def the_map(match: Match) -> ConquestMap:
    return BOARD.first(match).map


def round_of(match: Match) -> int:
    return BOARD.first(match).round.round


# -- units -----------------------------------------------------------------------------------------
def units(match: Match) -> list[Unit]:
    """Every living unit, canonical order (dead units are deleted)."""
    return UNITS(match)


def unit(match: Match, unit_id: str) -> Unit | None:
    return UNITS.get(match, unit_id)


def units_by_id(match: Match) -> dict[str, Unit]:
    return UNITS.index(match)  # type: ignore[return-value]


def of_seat(match: Match, seat: int) -> list[Unit]:
    return [u for u in UNITS(match) if u.owner.seat == seat]


def on_tile(match: Match, tile: str, seat: int | None = None) -> list[Unit]:
    """Living units whose committed tile is `tile`, canonical order."""
    return [u for u in UNITS(match)
            if u.pos.tile == tile and (seat is None or u.owner.seat == seat)]


def strength(match: Match, rows: Iterable[Unit]) -> int:
    table = content(match).strength
    return sum(table[u.kind.kind] for u in rows)


def sort_ids(match: Match, ids: Iterable[str]) -> tuple[str, ...]:
    """Unit ids in canonical order."""
    index = UNITS.index(match)
    return tuple(sorted(ids, key=lambda i: canonical(index[i])))


def ident_of(entity: int) -> str:
    return esper.component_for_entity(entity, Ident).id


def ids(rows: Iterable[Unit]) -> tuple[str, ...]:
    return tuple(u.ident.id for u in rows)


# A unit's flags (`Fought`, `Reinforced`, `Reinforcing`, `Retreating`) and its `Order` come
# and go with play; they are read from the unit's own components (one lookup each), so that
# adding one never makes a query compute its rows again.
holds = esper.has_component


def with_flag(match: Match, flag: type, seat: int | None = None) -> list[Unit]:
    """The units holding a flag component (of one seat, or both), canonical order: the
    world's set of the flag's holders is read once, not each unit's table."""
    holding = ecs.holders(flag)
    if not holding:
        return []
    return [u for u in UNITS(match)
            if u.entity in holding and (seat is None or u.owner.seat == seat)]


def order_of(entity: int) -> str | None:
    """The tile of a unit's pending order, or None."""
    order = esper.try_component(entity, Order)
    return order.tile if order is not None else None


def put_order(journal: Any, entity: int, current: Order | None, tile: str | None) -> None:
    """Journal the unit's order to `tile` (None: no order), from the `current` one it holds:
    added, changed in place or removed, nothing where it is the same."""
    if tile is None:
        if current is not None:
            journal.remove(entity, Order)
    elif current is None:
        journal.add(entity, Order(tile))
    elif current.tile != tile:
        journal.set_field(current, "tile", tile)


def with_order(match: Match, seat: int | None = None) -> list[tuple[Unit, str]]:
    """(unit row, pending tile) of the units holding an `Order` (of one seat, or both),
    canonical order: the world's set of the order holders is read once, not each unit's
    table (most units have none)."""
    holding = ecs.holders(Order)
    if not holding:
        return []
    table = ecs.entity_table()
    return [(u, table[u.entity][Order].tile) for u in UNITS(match)
            if u.entity in holding and (seat is None or u.owner.seat == seat)]


def orders_of(match: Match, seat: int) -> list[tuple[str, str]]:
    """(unit id, pending tile) of the seat's orders, canonical order."""
    return [(u.ident.id, tile) for u, tile in with_order(match, seat)]


def picks(match: Match, seat: int) -> list[Unit]:
    """The seat's reinforcement picks for the current battle, canonical order."""
    return with_flag(match, Reinforcing, seat)


def retreating(match: Match, seat: int | None = None) -> list[Unit]:
    """The units that must leave the site in this retreat (of one seat, or both)."""
    return with_flag(match, Retreating, seat)


# -- seats -----------------------------------------------------------------------------------------
def seats(match: Match) -> list[Any]:
    """The two seats' rows (entity, owner, commander), by seat."""
    return SEATS(match)


def seat_entity(match: Match, seat: int) -> int:
    return SEATS(match)[seat].entity


def commander(match: Match, seat: int) -> str | None:
    return SEATS(match)[seat].commander.army


def ready_flags(match: Match) -> tuple[bool, bool]:
    rows = SEATS(match)
    return (holds(rows[0].entity, Ready), holds(rows[1].entity, Ready))


def is_ready(match: Match, seat: int) -> bool:
    return holds(SEATS(match)[seat].entity, Ready)


def army_of(match: Match, seat: int) -> ArmyDef:
    """The seat's army: its commander's, or the Classic army."""
    found = content(match)
    if board(match).setup.kind == "classic":
        return found.armies["classic"]
    army = commander(match, seat)
    assert army is not None
    return found.armies[army]


# -- cards -----------------------------------------------------------------------------------------
def pile(match: Match, which: int, seat: int) -> int:
    """The pile entity of the seat's hand (which 0) or discard pile (which 1)."""
    return match.piles[PILES[which][seat]]


def pile_ids(match: Match, which: int, seat: int) -> tuple[str, ...]:
    """Card ids of the seat's hand (power descending) or discard pile (oldest first)."""
    cards = CARDS.index(match)  # a list, not a generator, into the tuple: one frame less
    return tuple([cards[c].card.definition for c in cards_in(pile(match, which, seat))])


def hand(match: Match, seat: int) -> tuple[str, ...]:
    return pile_ids(match, 0, seat)


def discards(match: Match, seat: int) -> tuple[str, ...]:
    return pile_ids(match, 1, seat)


def card_in_hand(match: Match, seat: int, card_id: str) -> int | None:
    """The entity of the card of that id in the seat's hand, or None."""
    cards = CARDS.index(match)
    for c in cards_in(pile(match, 0, seat)):
        if cards[c].card.definition == card_id:
            return c
    return None


def chosen(match: Match) -> list[int | None]:
    """Each seat's chosen card entity for the current battle, or None."""
    out: list[int | None] = [None, None]
    for row in CHOSEN(match):
        out[row.owner.seat] = row.entity
    return out


def chosen_ids(match: Match) -> list[str | None]:
    out: list[str | None] = [None, None]
    for row in CHOSEN(match):
        out[row.owner.seat] = row.card.definition
    return out


def card_def(match: Match, entity: int) -> CardDef:
    return content(match).cards[esper.component_for_entity(entity, CardRef).definition]


# -- bases and battles -----------------------------------------------------------------------------
def base_at(match: Match, tile: str) -> Any | None:
    """The base row (entity, site, base) of a tile, or None."""
    return BASES.get(match, tile)


def battles(match: Match) -> list[Any]:
    """The battle list of the current sequence (entity, site, battle), in number order."""
    return BATTLES(match)


def current_number(match: Match) -> int | None:
    return BOARD.first(match).sequence.current


def current_battle(match: Match) -> Any:
    """The row of the battle being fought (kept through its retreat step)."""
    return BATTLES.get(match, current_number(match))


def current_site(match: Match) -> str:
    return current_battle(match).site.tile


def open_sites(match: Match) -> set[str]:
    """Sites of `pending` and `current` battles (4.8.4.2)."""
    return {b.site.tile for b in BATTLES(match) if b.battle.state != "done"}


def pending_sites(match: Match) -> set[str]:
    return {b.site.tile for b in BATTLES(match) if b.battle.state == "pending"}


def current_outcome(match: Match) -> Any:
    """The verdict of the battle being resolved (its `Outcome`, during the resolution)."""
    return esper.component_for_entity(current_battle(match).entity, Outcome).verdict
