"""Accepted decisions of Kingdom (spec kingdom.md 4.2-4.5): building a deck and the planning
actions. Checks already passed (`legal`); these only change the state and emit events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.systems.kingdom.legal import HERO
from game.systems.kingdom.shop import fresh_offers, shop_stream
from game.systems.kingdom.state import index
from game.systems.kingdom.turn import end_turn

if TYPE_CHECKING:
    from game.components.kingdom import KingdomSeat
    from game.engine.match import Match


def resolve(match: Match, decision: dict[str, Any]) -> None:
    """One accepted decision, by verb."""
    verb = decision["type"]
    seat = index(match).seats[decision["seat"]]
    if verb == "build_deck":
        build_deck(match, seat, decision)
    elif verb == "buy":
        buy(match, seat, decision["offer"], decision["slot"])
    elif verb == "sell":
        sell(match, seat, decision["slot"])
    elif verb == "move":
        move(match, seat, decision["from"], decision["to"])
    elif verb == "refresh":
        refresh(match, seat)
    elif verb == "upgrade":
        upgrade(match, seat)
    else:
        end_turn(match, seat.seat)


def build_deck(match: Match, seat: KingdomSeat, decision: dict[str, Any]) -> None:
    """4.2.1: fix the deck; once both seats have built, fill both shops and start turn 1."""
    j = match.journal
    j.set(seat, mode=decision["mode"], faction=decision["faction"], hero=decision["hero"],
          hero_status="in_hand", deck=tuple(sorted(decision["units"])), built=True)
    idx = index(match)
    waiting = tuple(s.seat for s in idx.seats if not s.built)
    if waiting:
        match.set_phase("deck_builder", waiting)
        return
    for other in idx.seats:  # seat 0's offers first (4.2.1)
        j.set(other, shop=fresh_offers(idx.content, other, shop_stream(match, other.seat)))
    j.set(match.state, turn=1)
    match.set_phase("planning", (0,))
    match.emit("phase_changed", phase="planning", turn=1)


def buy(match: Match, seat: KingdomSeat, offer: int | str, slot: int) -> None:
    """Pay, place a new unit with the next match-wide uid, clear the offer (4.4.5, 4.5.3)."""
    idx = index(match)
    j = match.journal
    if offer == HERO:
        card = seat.hero
        j.set(seat, hero_status="deployed")
    else:
        card = seat.shop[offer]  # type: ignore[index]
        shop = list(seat.shop)
        shop[offer] = None  # type: ignore[index]
        j.set(seat, shop=tuple(shop))
    assert card is not None
    cost = idx.content.cards[card].cost
    uid = f"u{idx.board.next_uid}"
    j.set(idx.board, next_uid=idx.board.next_uid + 1)
    slots = list(seat.slots)
    slots[slot] = (card, uid)
    j.set(seat, slots=tuple(slots), coins=seat.coins - cost)
    match.emit("unit_bought", seat=seat.seat, slot=slot, uid=uid, card=card, offer=offer,
               cost=cost)


def sell(match: Match, seat: KingdomSeat, slot: int) -> None:
    unit = seat.slots[slot]
    assert unit is not None
    price = index(match).content.sell_price(unit[0])
    slots = list(seat.slots)
    slots[slot] = None
    match.journal.set(seat, slots=tuple(slots), coins=seat.coins + price)
    match.emit("unit_sold", seat=seat.seat, slot=slot, uid=unit[1], card=unit[0], coins=price)


def move(match: Match, seat: KingdomSeat, source: int, target: int) -> None:
    slots = list(seat.slots)
    unit = slots[source]
    assert unit is not None
    slots[source], slots[target] = None, unit
    match.journal.set(seat, slots=tuple(slots))
    match.emit("unit_moved", seat=seat.seat, uid=unit[1], **{"from": source, "to": target})


def refresh(match: Match, seat: KingdomSeat) -> None:
    """4.4.4: pay, then SHOP_SIZE fresh draws; the hero position is untouched."""
    content = index(match).content
    cost = content.refresh_cost(len(seat.slots))
    match.journal.set(seat, coins=seat.coins - cost)
    match.journal.set(seat, shop=fresh_offers(content, seat, shop_stream(match, seat.seat)))
    match.emit("shop_refreshed", seat=seat.seat, cost=cost)


def upgrade(match: Match, seat: KingdomSeat) -> None:
    """4.3.2: pay 2 x level; one more slot on the right; max HP and HP +5. The shop waits for
    the next top-up or refresh."""
    content = index(match).content
    cost = content.upgrade_cost(seat.level)
    slots = (*seat.slots, None)
    gain = content.max_hp(len(slots)) - seat.max_hp
    match.journal.set(seat, coins=seat.coins - cost, level=seat.level + 1, slots=slots,
                      max_hp=seat.max_hp + gain, hp=seat.hp + gain)
    match.emit("nexus_upgraded", seat=seat.seat, level=seat.level, hp=seat.hp,
               max_hp=seat.max_hp)
