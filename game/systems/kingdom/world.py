"""Queries of a kingdom world (docs/kingdom.md "Entities") and the seat facts read from them.

Everything is read from the esper world through the engine's query layer: named rows, cached
per world until a component type they read is added or removed. Seats are keyed by seat
number (their rows are cached for the whole match: no seat entity gains or loses a
component), heroes by seat; a seat's units and offers are found by position in its `Slots` and
`Shop`, as an engine pile's cards are; a deck is its seat's engine pile (`deck0`, `deck1`).
Callers must not mutate the lists they get.

`SeatFacts` is one seat as the CPUs and the screens read it: a plain value (never a
component) built from the world (`read_seat`) or from a shown seat JSON (`SeatFacts.of_json`).
It and `LiveSeat` (the world, looked up when asked) are the two `PlanningSeat`s the planning
checks read, so that the reasons a decision is refused exist once
(game.systems.kingdom.legal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import esper

from game.components.common import CardRef, Health, Ident, Owner, Pile
from game.components.kingdom import (
    Board,
    Coins,
    CombatLog,
    Faction,
    Hero,
    Nexus,
    Shop,
    Slots,
    Unit,
)
from game.engine import ecs
from game.engine.query import Query

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.kingdom.content import Content

EMPTY = 0  # an empty slot or bought offer position in `Slots` and `Shop` (no entity is 0)


def _seat_of(row: Any) -> int:
    """The seat of a row's entity (its `Owner`, which never changes), for the queries that
    do not read `Owner`: every card has one, so reading it would drop their rows whenever a
    card is created or destroyed."""
    return esper.component_for_entity(row.entity, Owner).seat


SEATS = Query("kingdom_seat", nexus=Nexus, health=Health, coins=Coins, slots=Slots, shop=Shop,
              faction=Faction, order=_seat_of, key=_seat_of)
HEROES = Query("kingdom_hero", hero=Hero, order=_seat_of, key=_seat_of)
BOARD = Query("kingdom_board", board=Board, log=CombatLog)


DECK_PILES = ("deck0", "deck1")


def deck_pile(seat: int) -> str:
    """The engine pile holding a seat's deck cards, in deck order (id ascending)."""
    return DECK_PILES[seat]


def content(match: Match) -> Content:
    return match.rules.content


def seat_row(match: Match, seat: int) -> Any:
    """A seat's row: entity, nexus, health (the Nexus HP), coins, slots, shop, faction."""
    return SEATS.get(match, seat)


def card_of(entity: int) -> str:
    """The card id of a card entity."""
    return esper.component_for_entity(entity, CardRef).definition


def board(match: Match) -> Any:
    """The board's row: entity, board (`next_uid`), log (the last combat's)."""
    return BOARD.first(match)


def hero_of(match: Match, seat: int) -> Any:
    """The seat's hero row (entity, hero), None before its deck is built."""
    return HEROES.get(match, seat)


def deck_cards(match: Match, seat: int) -> tuple[str, ...]:
    """The card ids of a seat's deck, in deck order; () before it is built."""
    return _deck_cards(match, seat, ecs.entity_table())


def _deck_cards(match: Match, seat: int, table: dict[int, dict[type, Any]]
                ) -> tuple[str, ...]:
    pile = match.piles.get(DECK_PILES[seat])
    if pile is None:
        return ()
    return tuple([table[c][CardRef].definition for c in table[pile][Pile].cards])


def shop_cards(row: Any) -> tuple[str | None, ...]:
    """A seat's shop positions (its row): the offer's card id, or None where it was bought."""
    return _shop_cards(row, ecs.entity_table())


def _shop_cards(row: Any, table: dict[int, dict[type, Any]]) -> tuple[str | None, ...]:
    return tuple([table[e][CardRef].definition if e else None for e in row.shop.offers])


def slot_units(row: Any) -> tuple[Unit | None, ...]:
    """A seat's slots (its row): (card id, uid) of each unit, None where empty."""
    return _slot_units(row, ecs.entity_table())


def _slot_units(row: Any, table: dict[int, dict[type, Any]]) -> tuple[Unit | None, ...]:
    units = []
    for entity in row.slots.units:
        if entity:
            parts = table[entity]
            units.append((parts[CardRef].definition, parts[Ident].id))
        else:
            units.append(None)
    return tuple(units)


class PlanningSeat(Protocol):
    """What the planning checks read of a seat (game.systems.kingdom.legal)."""

    @property
    def hero(self) -> str | None: ...
    @property
    def hero_status(self) -> str | None: ...
    @property
    def level(self) -> int: ...
    @property
    def coins(self) -> int: ...
    @property
    def slot_count(self) -> int: ...
    @property
    def offer_count(self) -> int: ...
    def card_at(self, slot: int) -> str | None: ...
    def offer_at(self, index: int) -> str | None: ...


class LiveSeat:
    """A seat of the match as the planning checks read it: only what they ask, looked up in
    the world when asked (a check reads a few facts; a whole `SeatFacts` would read them all)."""

    __slots__ = ("match", "seat", "row")

    def __init__(self, match: Match, seat: int) -> None:
        self.match = match
        self.seat = seat
        self.row = seat_row(match, seat)

    @property
    def hero(self) -> str | None:
        hero = hero_of(self.match, self.seat)
        return card_of(hero.entity) if hero is not None else None

    @property
    def hero_status(self) -> str | None:
        hero = hero_of(self.match, self.seat)
        return hero.hero.status if hero is not None else None

    @property
    def level(self) -> int:
        return self.row.nexus.level

    @property
    def coins(self) -> int:
        return self.row.coins.coins

    @property
    def slot_count(self) -> int:
        return len(self.row.slots.units)

    @property
    def offer_count(self) -> int:
        return len(self.row.shop.offers)

    def card_at(self, slot: int) -> str | None:
        unit = self.row.slots.units[slot]
        return ecs.components_of(unit)[CardRef].definition if unit else None

    def offer_at(self, index: int) -> str | None:
        offer = self.row.shop.offers[index]
        return ecs.components_of(offer)[CardRef].definition if offer else None


class SeatFacts(NamedTuple):
    """One seat as a State JSON shows it, as typed values: what the planning checks, the CPUs
    and the screens read. `hero` and `hero_status` are None when the seat has no hero (before
    `build_deck`, or a setup without one). A named tuple: a CPU reads one after each decision
    it plans, and a tuple is made at C speed."""

    seat: int
    faction: str | None
    mode: str | None
    hero: str | None
    hero_status: str | None
    deck: tuple[str, ...]
    level: int
    slots: tuple[Unit | None, ...]
    hp: int
    max_hp: int
    coins: int
    shop: tuple[str | None, ...]

    @property
    def slot_count(self) -> int:
        return len(self.slots)

    @property
    def offer_count(self) -> int:
        return len(self.shop)

    def card_at(self, slot: int) -> str | None:
        unit = self.slots[slot]
        return unit[0] if unit is not None else None

    def offer_at(self, index: int) -> str | None:
        return self.shop[index]

    @classmethod
    def of_json(cls, seat_no: int, seat: dict[str, Any]) -> SeatFacts:
        """The facts of a seat object of a State JSON or a seat view (a hidden offer stays
        "hidden": a position that holds something this seat cannot see)."""
        hero = seat.get("hero") or None
        if not isinstance(hero, dict):
            hero = None
        deck = seat.get("deck")
        return cls(seat_no, _shown(seat.get("faction")), _shown(seat.get("mode")),
                   hero["card"] if hero else None, hero["status"] if hero else None,
                   tuple(deck) if isinstance(deck, list) else (), seat["level"],
                   tuple(None if u is None else (u["card"], u["uid"]) for u in seat["slots"]),
                   seat["hp"], seat["max_hp"], seat["coins"], tuple(seat["shop"]))


def _shown(value: Any) -> Any:
    return None if value == "hidden" else value


def read_seat(match: Match, seat: int) -> SeatFacts:
    """A seat's facts as the world holds them now. The world's entity table is fetched once
    for every card read (a CPU reads its seat after each decision it plans, and a view reads
    both): one dict lookup per card instead of a call."""
    table = ecs.entity_table()
    row = SEATS.get(match, seat)  # seat_row and hero_of, without their call
    faction = row.faction
    hero = HEROES.get(match, seat)
    return _new_facts(SeatFacts, (  # the tuple itself: the named tuple's __new__ is a call
        seat, faction.faction, faction.mode,
        table[hero.entity][CardRef].definition if hero else None,
        hero.hero.status if hero else None,
        _deck_cards(match, seat, table), row.nexus.level, _slot_units(row, table),
        row.health.hp, row.health.max_hp, row.coins.coins, _shop_cards(row, table)))


_new_facts = tuple.__new__
