"""Kingdom's own commands (docs/architecture.md "Commands"): the mutations no engine command
covers, each with the typed fields its spec event is made of (game.systems.kingdom.mode's event
table). The systems decide the order; a command changes the world only through the journal.

- `Spend` / `Gain`: a seat's coins (no event: the action's event says it);
- `Deploy`: a card (an offer, or the hero) becomes a unit in a slot (`unit_bought`);
- `SellUnit`: a unit leaves the board for its price (`unit_sold`);
- `MoveUnit`: a unit to another slot (`unit_moved`);
- `StockShop`: empty positions of a seat's shop get offers drawn from its deck
  (`shop_topped_up`, `shop_refreshed`, or nothing at the deal); `ClearShop`: a refresh's
  offers leave;
- `UpgradeNexus`: one level more (`nexus_upgraded`);
- `PayUpkeep`: tax, base income and income units (`upkeep`);
- `Fall`: a unit removed by a combat (a fallen hero is kept, "dead");
- `StoreCombatLog`: the combat's log on the board (every combat event, in order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.components.common import CardRef, Health, Ident, Owner
from game.components.kingdom import (
    Coins,
    CombatLog,
    GuardianCharge,
    Hero,
    Nexus,
    Offer,
    Shop,
    Slot,
    Slots,
    Stats,
)
from game.engine import ecs
from game.engine.commands import Command
from game.systems.kingdom.world import seat_row

if TYPE_CHECKING:
    from game.engine.match import Match


def _coins(match: Match, seat_entity: int, delta: int) -> None:
    coins = esper.component_for_entity(seat_entity, Coins)
    match.journal.set_field(coins, "coins", coins.coins + delta)


class Spend(Command):
    name = "spend"
    __slots__ = ("amount",)

    def __init__(self, amount: int) -> None:
        super().__init__()
        self.amount = amount

    def apply(self, match: Match) -> None:
        _coins(match, self.target_id, -self.amount)


class Gain(Command):
    name = "gain"
    __slots__ = ("amount",)

    def __init__(self, amount: int) -> None:
        super().__init__()
        self.amount = amount

    def apply(self, match: Match) -> None:
        _coins(match, self.target_id, self.amount)


def unit_components(content: Any, card_id: str, slot: int, uid: str) -> list[Any]:
    """What a card gets when it is deployed: its slot, uid, base stats and, when its keyword
    saves neighbours, its guardian charges (setups load units with the same)."""
    card = content.cards[card_id]
    parts: list[Any] = [Slot(slot), Ident(uid), Stats(card.atk, card.defense)]
    if content.effects[card.effect].saves:
        parts.append(GuardianCharge(content.guardian_charges))
    return parts


def _seat_entity(match: Match, seat: int) -> int:
    return seat_row(match, seat).entity


def _replace(items: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*items[:index], value, *items[index + 1:])


class Deploy(Command):
    """The target card (an offer, or the seat's hero) becomes a unit in `slot` with `uid`: its
    offer position empties, the slot holds it; `offer` (an index or "hero") and `cost` are
    for the event."""

    name = "deploy"
    __slots__ = ("slot", "uid", "offer", "cost", "seat", "card")

    def __init__(self, slot: int, uid: str, offer: int | str, cost: int) -> None:
        super().__init__()
        self.slot, self.uid, self.offer, self.cost = slot, uid, offer, cost
        self.seat = 0
        self.card = ""

    def apply(self, match: Match) -> None:
        entity = self.target_id
        journal = match.journal
        parts = ecs.components_of(entity)  # read once: the card's owner, card, hero or offer
        self.seat = parts[Owner].seat
        self.card = parts[CardRef].definition
        seat = seat_row(match, self.seat)
        hero = parts.get(Hero)
        if hero is not None:
            journal.set_field(hero, "status", "deployed")
        else:
            shop = seat.shop
            journal.set_field(shop, "offers", _replace(shop.offers, parts[Offer].index, 0))
            journal.remove(entity, Offer)
        for part in unit_components(match.rules.content, self.card, self.slot, self.uid):
            journal.add(entity, part)
        slots = seat.slots
        journal.set_field(slots, "units", _replace(slots.units, self.slot, entity))


class SellUnit(Command):
    """The target unit leaves the board (its owner gains `price` by a `Gain`)."""

    name = "sell"
    __slots__ = ("price", "seat", "slot", "uid", "card")

    def __init__(self, price: int) -> None:
        super().__init__()
        self.price = price
        self.seat = self.slot = 0
        self.uid = self.card = ""

    def apply(self, match: Match) -> None:
        entity = self.target_id
        parts = ecs.components_of(entity)
        self.seat = parts[Owner].seat
        self.slot = parts[Slot].index
        self.uid = parts[Ident].id
        self.card = parts[CardRef].definition
        slots = seat_row(match, self.seat).slots
        match.journal.set_field(slots, "units", _replace(slots.units, self.slot, 0))
        match.journal.delete(entity)


class MoveUnit(Command):
    """The target unit to slot `to` of its board (it keeps its uid)."""

    name = "move_unit"
    __slots__ = ("to", "origin")

    def __init__(self, to: int) -> None:
        super().__init__()
        self.to = to
        self.origin = 0

    def apply(self, match: Match) -> None:
        entity = self.target_id
        parts = ecs.components_of(entity)
        slot = parts[Slot]
        self.origin = slot.index
        slots = seat_row(match, parts[Owner].seat).slots
        units = list(slots.units)
        units[self.origin], units[self.to] = 0, entity
        match.journal.set_field(slots, "units", tuple(units))
        match.journal.set_field(slot, "index", self.to)


class StockShop(Command):
    """The target seat's shop gets `size` positions (never fewer than it has), then an offer
    drawn from its deck (`draw()`, one draw each) at each of `positions` (empty ones), in
    that order. `reason` says which rule stocked it: "deal", "top_up" or "refresh" (`cost`
    paid)."""

    name = "stock_shop"
    __slots__ = ("size", "positions", "draw", "reason", "cost", "seat")

    def __init__(self, size: int, positions: list[int], draw: Any, reason: str,
                 cost: int = 0) -> None:
        super().__init__()
        self.size, self.positions, self.draw = size, positions, draw
        self.reason, self.cost = reason, cost
        self.seat = 0

    def apply(self, match: Match) -> None:
        journal = match.journal
        entity = self.target_id
        self.seat = seat = esper.component_for_entity(entity, Owner).seat
        shop = esper.component_for_entity(entity, Shop)
        offers = list(shop.offers) + [0] * (self.size - len(shop.offers))
        for index in self.positions:
            offers[index] = journal.create(CardRef(self.draw()), Owner(seat), Offer(index))
        journal.set_field(shop, "offers", tuple(offers))


class ClearShop(Command):
    """Every offer of the target seat's shop leaves the game (a refresh, 4.4.4)."""

    name = "clear_shop"
    __slots__ = ()

    def apply(self, match: Match) -> None:
        shop = esper.component_for_entity(self.target_id, Shop)
        for offer in shop.offers:
            if offer:
                match.journal.delete(offer)
        match.journal.set_field(shop, "offers", ())


class UpgradeNexus(Command):
    """4.3.2: pay `cost`; one more level and slot; max HP and HP grow by the slot's HP."""

    name = "upgrade"
    __slots__ = ("cost", "seat", "level", "hp", "max_hp")

    def __init__(self, cost: int) -> None:
        super().__init__()
        self.cost = cost
        self.seat = self.level = self.hp = self.max_hp = 0

    def apply(self, match: Match) -> None:
        journal = match.journal
        entity = self.target_id
        content = match.rules.content
        nexus = esper.component_for_entity(entity, Nexus)
        health = esper.component_for_entity(entity, Health)
        slots = esper.component_for_entity(entity, Slots)
        gain = content.max_hp(len(slots.units) + 1) - health.max_hp
        _coins(match, entity, -self.cost)
        journal.set_field(nexus, "level", nexus.level + 1)
        journal.set_field(slots, "units", (*slots.units, 0))
        journal.set(health, max_hp=health.max_hp + gain, hp=health.hp + gain)
        self.seat = esper.component_for_entity(entity, Owner).seat
        self.level, self.hp, self.max_hp = nexus.level, health.hp, health.max_hp


class PayUpkeep(Command):
    """4.8 on the target seat: tax paid, base income, income units; `coins` after."""

    name = "upkeep"
    __slots__ = ("tax", "base", "income", "seat", "coins")

    def __init__(self, tax: int, base: int, income: int) -> None:
        super().__init__()
        self.tax, self.base, self.income = tax, base, income
        self.seat = self.coins = 0

    def apply(self, match: Match) -> None:
        entity = self.target_id
        _coins(match, entity, self.base + self.income - self.tax)
        self.seat = esper.component_for_entity(entity, Owner).seat
        self.coins = esper.component_for_entity(entity, Coins).coins


class Fall(Command):
    """A unit the combat removed (`cause`: "killed" or "sacrifice"): its slot empties and it
    leaves the game, but a hero stays the seat's, off the board and "dead" (4.6.5, 4.4.5)."""

    name = "fall"
    __slots__ = ("cause",)

    def __init__(self, cause: str) -> None:
        super().__init__()
        self.cause = cause

    def apply(self, match: Match) -> None:
        entity = self.target_id
        journal = match.journal
        seat = esper.component_for_entity(entity, Owner).seat
        slots = esper.component_for_entity(_seat_entity(match, seat), Slots)
        journal.set_field(slots, "units", _replace(slots.units,
                                          esper.component_for_entity(entity, Slot).index, 0))
        hero = esper.try_component(entity, Hero)
        if hero is None:
            journal.delete(entity)
            return
        journal.set_field(hero, "status", "dead")
        for part in (Slot, Ident, Stats, GuardianCharge):
            if esper.has_component(entity, part):
                journal.remove(entity, part)


class StoreCombatLog(Command):
    """The combat's log (4.6.7) replaces the board's (`board.combat_log`)."""

    name = "combat_log"
    __slots__ = ("events",)

    def __init__(self, events: list[dict[str, Any]]) -> None:
        super().__init__()
        self.events = events

    def apply(self, match: Match) -> None:
        log = esper.component_for_entity(self.target_id, CombatLog)
        if log.shaped:
            match.journal.set_field(log, "events", tuple(self.events))
        else:  # the first combat after a setup's log
            match.journal.set(log, events=tuple(self.events), shaped=True)


def spend(amount: int) -> Spend:
    return Spend(amount)


def gain(amount: int) -> Gain:
    return Gain(amount)
