"""The deck builder and planning (spec kingdom.md 4.2-4.5) as the systems of the `deck_builder`,
`deal` and `planning` steps (the schedule: game.systems.kingdom.schedule).

Each system consumes its intent (game.systems.kingdom.legal made it, with every entity the
decision names resolved) and changes the world only through commands: `build_deck` gives the
seat its tile, its hero and its deck pile; once both seats have built, `deal` stocks both
shops (seat 0 first) and opens turn 1. In planning, `buy` pays and deploys the offer (or the
hero) with the next uid, `sell` takes the unit off for its price, `move` moves it, `refresh`
pays and draws a new shop, `upgrade` grows the Nexus, and `end_turn` passes planning to the
other seat or, from the turn's second planner, asks for the `combat` step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.components.common import CardRef, Owner
from game.components.kingdom import (
    BuyOrder,
    DeckOrder,
    EndTurnOrder,
    Faction,
    Hero,
    MoveOrder,
    Nexus,
    RefreshOrder,
    SellOrder,
    UpgradeOrder,
)
from game.engine import ecs
from game.engine.commands import consume, create, update
from game.engine.piles import create_pile, move_card
from game.engine.schedule import System
from game.systems.kingdom import world
from game.systems.kingdom.commands import (
    ClearShop,
    Deploy,
    MoveUnit,
    SellUnit,
    StockShop,
    UpgradeNexus,
    gain,
    spend,
)
from game.systems.kingdom.shop import seat_draw
from game.systems.kingdom.turn import first_planner

if TYPE_CHECKING:
    from game.engine.match import Match

# Each system takes its intent off the world with the engine's `consume` (one entity holds it,
# for the one step it lives): a cached query would be computed again at every decision anyway.


class BuildDeck(System):
    """4.2.1: the seat's tile, its hero in hand and its deck (unit ids ascending) as a pile;
    when the other seat has built too, the `deal`."""

    name = "build_deck"

    def process(self, match: Match) -> None:
        found = consume(match, DeckOrder)
        if found is None:
            return
        entity, order = found
        seat = esper.component_for_entity(entity, Owner).seat
        update(esper.component_for_entity(entity, Faction), faction=order.faction,
               mode=order.mode).target(entity).run(match)
        create(CardRef(order.hero), Owner(seat), Hero("in_hand")).run(match)
        pile = create_pile(match, world.deck_pile(seat), owner=seat)
        for card_id in sorted(order.units):
            card = create(CardRef(card_id), Owner(seat)).run(match).entity
            move_card(card).to(pile).run(match)
        waiting = tuple(s for s in match.state.to_act if s != seat)
        if waiting:
            match.set_phase("deck_builder", waiting)
        else:
            match.goto("deal")


class Deal(System):
    """4.2.1: both shops get their first SHOP_SIZE offers (seat 0's first), then turn 1's
    planning starts."""

    name = "deal"

    def process(self, match: Match) -> None:
        content = world.content(match)
        for seat in (0, 1):
            row = world.seat_row(match, seat)
            size = content.shop_size(len(row.slots.units))
            StockShop(size, list(range(size)), seat_draw(match, seat), "deal").target(
                row.entity).run(match)
        match.journal.set_field(match.state, "turn", 1)
        match.set_phase("planning", (0,))
        match.emit("phase_changed", phase="planning", turn=1)


class Buy(System):
    """Pay the card's cost, then the card takes the slot as a unit with the next match-wide
    uid; its offer position empties (4.4.5, 4.5.3)."""

    name = "buy"

    def process(self, match: Match) -> None:
        found = consume(match, BuyOrder)
        if found is None:
            return
        entity, order = found
        parts = ecs.components_of(entity)
        cost = world.content(match).cards[parts[CardRef].definition].cost
        spend(cost).target(world.seat_row(match, parts[Owner].seat).entity).run(match)
        board = world.board(match)
        uid = f"u{board.board.next_uid}"
        update(board.board, next_uid=board.board.next_uid + 1).target(board.entity).run(match)
        Deploy(order.slot, uid, order.offer, cost).target(entity).run(match)


class Sell(System):
    """The unit leaves the board; its owner gains SELL_PRICE (floor(cost / 2))."""

    name = "sell"

    def process(self, match: Match) -> None:
        found = consume(match, SellOrder)
        if found is None:
            return
        entity, _ = found
        parts = ecs.components_of(entity)
        seat = parts[Owner].seat
        price = world.content(match).sell_price(parts[CardRef].definition)
        SellUnit(price).target(entity).run(match)
        gain(price).target(world.seat_row(match, seat).entity).run(match)


class Move(System):
    """The unit moves to an empty slot of its board and keeps its uid (no swaps)."""

    name = "move"

    def process(self, match: Match) -> None:
        found = consume(match, MoveOrder)
        if found is None:
            return
        entity, order = found
        MoveUnit(order.to).target(entity).run(match)


class Refresh(System):
    """4.4.4: pay REFRESH_COST(slots); the shop becomes SHOP_SIZE fresh draws; the hero
    position is untouched."""

    name = "refresh"

    def process(self, match: Match) -> None:
        found = consume(match, RefreshOrder)
        if found is None:
            return
        entity, _ = found
        content = world.content(match)
        seat = esper.component_for_entity(entity, Owner).seat
        slots = len(world.seat_row(match, seat).slots.units)
        cost = content.refresh_cost(slots)
        spend(cost).target(entity).run(match)
        ClearShop().target(entity).run(match)
        size = content.shop_size(slots)
        StockShop(size, list(range(size)), seat_draw(match, seat), "refresh", cost).target(
            entity).run(match)


class Upgrade(System):
    """4.3.2: pay 2 x level; one more slot on the right; max HP and HP +5. The shop waits
    for the next top-up or refresh."""

    name = "upgrade"

    def process(self, match: Match) -> None:
        found = consume(match, UpgradeOrder)
        if found is None:
            return
        entity, _ = found
        level = esper.component_for_entity(entity, Nexus).level
        UpgradeNexus(world.content(match).upgrade_cost(level)).target(entity).run(match)


class EndTurn(System):
    """4.5.1: the turn's first planner passes planning to the other seat; the second one's
    `end_turn` starts the combat (phase `combat`, transient) and asks for its step."""

    name = "end_turn"

    def process(self, match: Match) -> None:
        found = consume(match, EndTurnOrder)
        if found is None:
            return
        entity, _ = found
        first = first_planner(match, match.state.turn)
        if esper.component_for_entity(entity, Owner).seat == first:
            match.set_phase("planning", (1 - first,))
            return
        match.set_phase("combat", ())
        match.emit("phase_changed", phase="combat", turn=match.state.turn)
        match.goto("combat")
