"""Deal, draft and placement (spec strike.md 4.3 and 4.4).

Order of play: `deal` (stream `deal`, one shuffle) -> picks alternate, seat 0 first
(`steal` / `retain`, or `swap` / `pass` with a full deck) -> `end_draft` (leftovers to the
discard, units created in deck order) -> `place`, seat 0's units first, then seat 1's ->
`start_combat` (game.systems.strike.combat).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.components.common import Ident
from game.components.strike import StrikeUnit
from game.systems.strike.state import index

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.strike.content import Content
    from game.systems.strike.state import Index


def in_pool_order(content: Content, pool: tuple[str, ...], cards: list[str]) -> tuple[str, ...]:
    order = {card: i for i, card in enumerate(pool)}
    return tuple(sorted(cards, key=lambda c: order.get(c, len(order))))


def deal(match: Match) -> None:
    """4.3.1: one shuffle of the pool; hands of `hand_size`, the rest discarded."""
    idx = index(match)
    b = idx.board
    size = idx.content.rules.draft.hand_size
    shuffled = match.stream("deal").shuffle(list(b.pool))
    hands = (in_pool_order(idx.content, b.pool, shuffled[:size]),
             in_pool_order(idx.content, b.pool, shuffled[size:2 * size]))
    discard = in_pool_order(idx.content, b.pool, shuffled[2 * size:])
    match.journal.set(b, hands=hands, decks=((), ()), discard=discard, picks=0)
    match.set_phase("draft", (0,))
    match.emit("dealt", hands=[list(hands[0]), list(hands[1])])


def _with(pair: tuple, seat: int, value: tuple) -> tuple:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def pick(match: Match, seat: int, verb: str, card: str | None, drop: str | None) -> None:
    """One draft decision (4.3.2-4.3.4); the checks of section 5 have passed."""
    idx = index(match)
    b = idx.board
    other = 1 - seat
    hands, decks, discard = b.hands, b.decks, b.discard
    if verb == "pass":
        match.emit("draft_passed", seat=seat)
    else:
        source = seat if verb == "retain" else other
        hand = tuple(c for c in hands[source] if c != card)
        hands = _with(hands, source, hand)
        deck = decks[seat]
        if verb == "swap":
            deck = tuple(c for c in deck if c != drop)
            discard = (*discard, drop)
        decks = _with(decks, seat, (*deck, card))
        event = {"seat": seat, "how": verb, "card": card}
        if verb == "swap":
            event["dropped"] = drop
        match.emit("card_taken", **event)
    match.journal.set(b, hands=hands, decks=decks, discard=discard, picks=b.picks + 1)
    full = idx.content.rules.draft.deck_size
    if (len(decks[0]) >= full and len(decks[1]) >= full) or not (hands[0] or hands[1]):
        end_draft(match)
    else:
        match.set_phase("draft", (other,))


def end_draft(match: Match) -> None:
    """4.3.5: leftovers discarded, one unit per deck card, then placement."""
    idx = index(match)
    b = idx.board
    journal = match.journal
    discard = (*b.discard, *b.hands[0], *b.hands[1])
    journal.set(b, hands=((), ()), discard=discard)
    created: list[tuple[int, StrikeUnit]] = []
    for seat in (0, 1):
        for slot, card_id in enumerate(b.decks[seat]):
            card = idx.content.cards[card_id]
            unit = StrikeUnit(f"p{seat}.{card_id}", seat, slot, card_id, None, card.hp, card.hp,
                              (0,) * len(card.attacks))
            entity = journal.create(Ident(unit.id), unit)
            created.append((entity, unit))
    journal.on_rollback(idx.restore, idx.units, dict(idx.entity))
    idx.set_units(created)
    match.emit("draft_ended")
    next_placer(match, None)


def _unplaced(idx: Index, seat: int) -> list[StrikeUnit]:
    return [u for u in idx.units if u.owner == seat and u.pos is None and u.hp > 0]


def next_placer(match: Match, current: int | None) -> None:
    """Placement's `to_act` (4.4.2): the current seat until its units are placed, seat 0
    before seat 1; combat starts when nobody has a unit left to place."""
    from game.systems.strike.combat import start_combat

    idx = index(match)
    order = (current, 0, 1) if current is not None else (0, 1)
    for seat in order:
        if _unplaced(idx, seat):
            match.set_phase("placement", (seat,))
            return
    start_combat(match)


def place(match: Match, seat: int, tile: tuple[int, int]) -> None:
    """4.4.2: the seat's lowest-slot unplaced unit goes to `tile`."""
    idx = index(match)
    unit = _unplaced(idx, seat)[0]
    match.journal.set(unit, pos=tile)
    match.emit("unit_placed", unit=unit.id, tile=[tile[0], tile[1]])
    next_placer(match, seat)


def zone_tiles(match: Match, seat: int) -> list[tuple[int, int]]:
    """The empty tiles of a seat's zone in scan order (legal placements, CPU draws)."""
    idx = index(match)
    b = idx.board
    occupied = idx.occupied()
    cols = range(0, b.zone_columns) if seat == 0 else range(b.cols - b.zone_columns, b.cols)
    return [(c, r) for c in cols for r in range(b.rows) if (c, r) not in occupied]
