"""Deal, draft and placement (spec strike.md 4.3 and 4.4) as systems of the `draft` and
`placement` steps.

Order of play: `deal` (stream `deal`, one shuffle, cards moved into the piles `hand0`,
`hand1`, `discard`) -> picks alternate, the starter first (seat 0; in rules "2" a seat drawn by
the deal) (a `PickCard` intent on the card taken, or a `PassOrder`) -> the end of the draft
(leftovers to the discard, one hero entity per deck card, in deck order) -> placement (a
`PlaceOrder` on the seat's lowest-slot unplaced hero), the starter's heroes first -> when
nobody has a hero left to place, `goto("combat_start")`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.components.common import CardRef, Cooldowns, Health, Ident, Owner
from game.components.strike import Element, PassOrder, PickCard, PlaceOrder, Slot
from game.engine.commands import consume, create, place_at
from game.engine.piles import cards_in, move_card
from game.engine.schedule import System
from game.systems.strike import world

if TYPE_CHECKING:
    from collections.abc import Container

    from game.engine.match import Match


def in_pool_order(pool: tuple[str, ...], cards: list[str]) -> list[str]:
    order = {card: i for i, card in enumerate(pool)}
    return sorted(cards, key=lambda c: order.get(c, len(order)))


def new_card(match: Match, card_id: str, pile: str) -> int:
    """A card entity at the bottom of a pile."""
    entity = create(CardRef(card_id)).run(match).entity
    move_card(entity).to(match.piles[pile]).run(match)
    return entity


def deal(match: Match) -> None:
    """4.3.1: one shuffle of the pool; hands of `hand_size`, the rest discarded."""
    draft = world.board(match).draft
    pool = draft.pool
    size = world.content(match).rules.draft.hand_size
    shuffled = match.stream("deal").shuffle(list(pool))
    hands = (in_pool_order(pool, shuffled[:size]), in_pool_order(pool, shuffled[size:2 * size]))
    where = {c: "hand0" for c in hands[0]} | {c: "hand1" for c in hands[1]}
    for card_id in pool:
        new_card(match, card_id, where.get(card_id, "discard"))
    if world.seats_drawn(match):
        starter = match.stream("deal").randint(0, 1)
        match.journal.set_field(draft, "starter", starter)
        match.set_phase("draft", (starter,))
        match.emit("dealt", hands=[hands[0], hands[1]], starter=starter)
        return
    match.set_phase("draft", (0,))
    match.emit("dealt", hands=[hands[0], hands[1]])


class DraftPick(System):
    """One draft decision (4.3.2-4.3.4), from its `PickCard` (or `PassOrder`) intent."""

    name = "draft_pick"

    def process(self, match: Match) -> None:
        passed = consume(match, PassOrder)
        if passed is not None:
            seat = passed[1].seat
            match.emit("draft_passed", seat=seat)
        else:
            found = consume(match, PickCard)
            assert found is not None
            card, order = found
            seat = order.seat
            card_id = esper.component_for_entity(card, CardRef).definition
            event = {"seat": seat, "how": order.verb, "card": card_id}
            if order.drop is not None:  # a swap: the dropped deck card goes to the discard
                move_card(order.drop).to(match.piles["discard"]).run(match)
                event["dropped"] = esper.component_for_entity(order.drop, CardRef).definition
            move_card(card).to(match.piles[f"deck{seat}"]).run(match)
            match.emit("card_taken", **event)
        d = world.board(match).draft
        match.journal.set_field(d, "picks", d.picks + 1)
        full = world.content(match).rules.draft.deck_size
        decks = (world.pile_cards(match, "deck0"), world.pile_cards(match, "deck1"))
        hands = (world.pile_cards(match, "hand0"), world.pile_cards(match, "hand1"))
        if (len(decks[0]) >= full and len(decks[1]) >= full) or not (hands[0] or hands[1]):
            end_draft(match)
        else:
            match.set_phase("draft", (1 - seat,))


def end_draft(match: Match) -> None:
    """4.3.5: leftovers discarded, one hero per deck card, then placement."""
    discard = match.piles["discard"]
    for hand in ("hand0", "hand1"):
        for card in cards_in(match.piles[hand]):
            move_card(card).to(discard).run(match)
    cards = world.content(match).cards
    for seat in (0, 1):
        for slot, card_id in enumerate(world.pile_cards(match, f"deck{seat}")):
            card = cards[card_id]
            create(Ident(f"p{seat}.{card_id}"), Owner(seat), Slot(slot), CardRef(card_id),
                   Element(card.element), Health(card.hp, card.hp),
                   Cooldowns((0,) * len(card.attacks))).run(match)
    match.emit("draft_ended")
    next_placer(match, None)


def unplaced(match: Match, seat: int) -> list[world.Hero]:
    return [h for h in world.living(match, seat) if world.tile_of(h.entity) is None]


def next_placer(match: Match, current: int | None) -> None:
    """Placement's `to_act` (4.4.2): the current seat until its heroes are placed, the
    starter (seat 0 in rules "1") before the other; the `combat_start` step when nobody has a
    hero left to place."""
    starter = world.board(match).draft.starter
    order = (starter, 1 - starter) if current is None else (current, starter, 1 - starter)
    for seat in order:
        if unplaced(match, seat):
            match.set_phase("placement", (seat,))
            return
    match.goto("combat_start")


class Place(System):
    """4.4.2: the hero with a `PlaceOrder` goes to its tile."""

    name = "place"

    def process(self, match: Match) -> None:
        found = consume(match, PlaceOrder)
        assert found is not None
        entity, order = found
        place_at(order.x, order.y).target(entity).run(match)
        next_placer(match, esper.component_for_entity(entity, Owner).seat)


def zone_tiles(match: Match, seat: int) -> list[tuple[int, int]]:
    """The empty tiles of a seat's zone in scan order (legal placements, CPU draws)."""
    with match.active():
        g = world.board(match).grid
        taken = world.occupied(match)
    return empty_zone_tiles(seat, g.cols, g.rows, g.zone_columns, taken)


def empty_zone_tiles(seat: int, cols: int, rows: int, zone_columns: int,
                     taken: Container[tuple[int, int]]) -> list[tuple[int, int]]:
    """`zone_tiles` from the board's numbers and the tiles units stand on: the CPU's
    placement reads them off its view (board cols, rows, zone_columns and the units' pos),
    without rebuilding a match for one list."""
    zone = range(0, zone_columns) if seat == 0 else range(cols - zone_columns, cols)
    return [(c, r) for c in zone for r in range(rows) if (c, r) not in taken]

