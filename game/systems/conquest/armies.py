"""Commanders and armies (spec conquest.md 4.4): the `commander` and `armies` steps, and the
entities a new world starts with.

A world holds the board entity (the map's fixed data, the army setup, the round, the battle
being fought, the last result), one entity per seat (its commander, its ready flag), one per
base (its defence bonus) and the four card piles (`hand0`, `hand1`, `discard0`, `discard1`).
The armies, their units and their cards, are created when both commanders are known (or at
once in the Classic setup).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.components.common import CardRef, Ident, InPile, Owner, Pile, Round
from game.components.conquest import (
    ArmySetup,
    Base,
    Commander,
    CommanderChoice,
    LastResult,
    OnTile,
    Sequence,
    Site,
    UnitKind,
)
from game.engine.commands import Command, consume
from game.engine.piles import create_pile
from game.engine.schedule import System
from game.systems.conquest import world
from game.systems.conquest.commands import SetCommander
from game.systems.conquest.content import KINDS, SEATS

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.conquest.content import ArmyDef, Content

CLASSIC = "classic"


def unit_id(content: Content, seat: int, kind: str, n: int) -> str:
    """4.1.1: `p<seat>.<letter><n>`."""
    return f"p{seat}.{content.kind_letter[kind]}{n}"


def unit_components(content: Content, seat: int, kind: str, n: int, tile: str | None
                    ) -> tuple[Any, ...]:
    return (Ident(unit_id(content, seat, kind, n)), Owner(seat), UnitKind(kind, n),
            OnTile(tile))


def new_world(match: Match, content: Content, setup_kind: str) -> None:
    """The entities every conquest world has before any army exists."""
    journal = match.journal
    journal.create(Ident("board"), content.map, ArmySetup(setup_kind), Round(0), Sequence(),
                   LastResult())
    for seat in SEATS:
        journal.create(Owner(seat), Commander())
    bonus = content.rules.base_defence_bonus
    for seat, tile in enumerate(content.bases):
        journal.create(Site(tile), Base(seat, bonus))
    for names in world.PILES:
        for seat, name in enumerate(names):
            create_pile(match, name, owner=seat)


def deal_cards(match: Match, seat: int, hand: tuple[str, ...], discards: tuple[str, ...]
               ) -> None:
    """The seat's card entities, in its hand (in this order) and its discard pile."""
    journal = match.journal
    for which, cards in ((0, hand), (1, discards)):
        pile = world.pile(match, which, seat)
        entities = tuple(journal.create(CardRef(card), Owner(seat), InPile(pile))
                         for card in cards)
        journal.set_field(esper.component_for_entity(pile, Pile), "cards", entities)


class DealArmies(Command):
    """4.4.2: each seat's army, its units off the map and its hand of the army's cards."""

    name = "deal_armies"
    __slots__ = ()

    def apply(self, match: Match) -> None:
        content = world.content(match)
        journal = match.journal
        for seat in SEATS:
            army = world.army_of(match, seat)
            for kind, n in army_units(army):
                journal.create(*unit_components(content, seat, kind, n, None))
            deal_cards(match, seat, content.hand_order(army.cards), ())
        journal.set_field(world.board(match).round, "round", 0)


def armies_created(match: Match, command: DealArmies) -> None:
    """The event of `DealArmies` (in the mode's table, game.systems.conquest.mode)."""
    match.emit("armies_created")


class ChooseCommander(System):
    """4.4.1: the seat's commander; public, changeable until the seat readies."""

    name = "choose_commander"

    def process(self, match: Match) -> None:
        found = consume(match, CommanderChoice)
        if found is None:
            return
        entity, intent = found
        SetCommander(esper.component_for_entity(entity, Owner).seat, intent.army).run(match)


class CreateArmies(System):
    """Both commanders chosen: the armies and hands are created, placement begins."""

    name = "create_armies"

    def process(self, match: Match) -> None:
        DealArmies().run(match)
        match.set_phase("placement", (0, 1))


def army_units(army: ArmyDef) -> list[tuple[str, int]]:
    """(kind, n) of every unit of an army, canonical order."""
    return [(kind, n) for kind in KINDS for n in range(1, army.count(kind) + 1)]
