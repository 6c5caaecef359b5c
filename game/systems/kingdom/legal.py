"""Decisions of Kingdom (spec kingdom.md section 5): field types (check 2), the verbs' own
checks in the table's order (check 6), the intent of an accepted decision and the `--legal`
list in its canonical order.

`check` reads the seat's facts (game.systems.kingdom.world), checks the decision and returns
the rejection id or the `Intent`: the intent component on the entity it concerns (the seat,
the unit, the bought offer or hero), and the step that consumes it (`deck_builder` or
`planning`, game.systems.kingdom.schedule). `intent` resolves a decision known to be legal
without checking it again (a search replaying its own plan).

`buy_problem` and friends are public and read a `PlanningSeat`: the rules' check reads the
world (`LiveSeat`), the match view asks why an offer is locked from the seat JSON it shows
and the CPUs ask before they plan (both `SeatFacts`), so the reasons exist once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.components.kingdom import (
    BuyOrder,
    DeckOrder,
    EndTurnOrder,
    MoveOrder,
    RefreshOrder,
    SellOrder,
    UpgradeOrder,
)
from game.engine.match import Intent, is_int
from game.systems.kingdom import world
from game.systems.kingdom.pools import deck_problem
from game.systems.kingdom.world import LiveSeat, PlanningSeat, read_seat

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.kingdom.content import Content

PLANNING = frozenset({"planning"})
VERBS = {
    "build_deck": frozenset({"deck_builder"}),
    "buy": PLANNING,
    "sell": PLANNING,
    "move": PLANNING,
    "refresh": PLANNING,
    "upgrade": PLANNING,
    "end_turn": PLANNING,
}
# Section 5's fields of each verb; any other key is bad_decision (the engine's common checks).
FIELDS = {"build_deck": frozenset({"mode", "faction", "hero", "units"}),
          "buy": frozenset({"offer", "slot"}), "sell": frozenset({"slot"}),
          "move": frozenset({"from", "to"}), "refresh": frozenset(), "upgrade": frozenset(),
          "end_turn": frozenset()}
INT_FIELDS = {"buy": ("slot",), "sell": ("slot",), "move": ("from", "to")}
HERO = "hero"


def malformed(decision: dict[str, Any]) -> bool:
    """Section 5 check 2: a required field missing or of the wrong JSON type."""
    verb = decision["type"]
    if verb == "build_deck":
        units = decision.get("units")
        return (not all(isinstance(decision.get(k), str) for k in ("mode", "faction", "hero"))
                or not isinstance(units, list) or not all(isinstance(u, str) for u in units))
    for name in INT_FIELDS.get(verb, ()):  # a loop, not any() of a generator: every decision
        if type(decision.get(name)) is not int:  # is_int, inline
            return True
    if verb == "buy":
        offer = decision.get("offer")
        return not (is_int(offer) or offer == HERO)
    return False


def check(match: Match, decision: dict[str, Any]) -> str | tuple[str, str] | Intent:
    verb = decision["type"]
    content = world.content(match)
    if verb == "build_deck":
        problem = deck_problem(content, decision["mode"], decision["faction"],
                               decision["hero"], decision["units"])
        if problem:
            return ("invalid_deck", f"Invalid deck: {problem}")
        return intent(match, decision)
    seat = LiveSeat(match, decision["seat"])
    if verb == "buy":
        problem = buy_problem(content, seat, decision["offer"], decision["slot"])
    elif verb == "sell":
        problem = sell_problem(content, seat, decision["slot"])
    elif verb == "move":
        problem = move_problem(seat, decision["from"], decision["to"])
    elif verb == "refresh":
        problem = refresh_problem(content, seat)
    elif verb == "upgrade":
        problem = upgrade_problem(content, seat)
    else:
        problem = None
    return problem or _intent(match, decision, seat.row)


def intent(match: Match, decision: dict[str, Any]) -> Intent:
    """The intent of a decision legal at this position: its component on the entity it
    concerns, and the step that consumes it."""
    return _intent(match, decision, world.seat_row(match, decision["seat"]))


def _intent(match: Match, decision: dict[str, Any], row: Any) -> Intent:
    """`intent`, the deciding seat's row already read (the checks read it)."""
    verb = decision["type"]
    if verb == "build_deck":
        return Intent(row.entity, DeckOrder(decision["mode"], decision["faction"],
                                            decision["hero"], tuple(decision["units"])), verb)
    if verb == "buy":
        offer = decision["offer"]
        card = (world.hero_of(match, decision["seat"]).entity if offer == HERO
                else row.shop.offers[offer])
        return Intent(card, BuyOrder(offer, decision["slot"]), verb)
    if verb == "sell":
        return Intent(row.slots.units[decision["slot"]], SellOrder(), verb)
    if verb == "move":
        return Intent(row.slots.units[decision["from"]], MoveOrder(decision["to"]), verb)
    return Intent(row.entity, SEAT_ORDERS[verb](), verb)


SEAT_ORDERS = {"refresh": RefreshOrder, "upgrade": UpgradeOrder, "end_turn": EndTurnOrder}


def offer_card(seat: PlanningSeat, offer: int | str) -> str | None:
    """The card an offer position (or "hero") shows; None when empty or missing."""
    if offer == HERO:
        return seat.hero
    assert isinstance(offer, int)
    return seat.offer_at(offer) if 0 <= offer < seat.offer_count else None


def buy_problem(content: Content, seat: PlanningSeat, offer: int | str, slot: int | None
                ) -> str | None:
    """The `buy` checks of section 5, in order. `slot` may be None to check the offer alone
    (the match view greys offers before a slot is chosen)."""
    if offer == HERO:
        if seat.hero is None:
            return "bad_offer"
    elif not 0 <= offer < seat.offer_count:  # type: ignore[operator]
        return "bad_offer"
    if slot is not None and not 0 <= slot < seat.slot_count:
        return "bad_slot"
    if offer == HERO:
        status = seat.hero_status
        if status == "dead":
            return "hero_dead"
        if status == "deployed":
            return "hero_deployed"
        card = seat.hero
        assert card is not None
        if seat.level < content.cards[card].era:
            return "hero_locked_era"
    else:
        card = seat.offer_at(offer)  # type: ignore[arg-type]
        if card is None:
            return "offer_empty"
    if slot is not None and seat.card_at(slot) is not None:
        return "slot_occupied"
    if seat.coins < content.cards[card].cost:
        return "not_enough_coins"
    return None


def sell_problem(content: Content, seat: PlanningSeat, slot: int) -> str | None:
    if not 0 <= slot < seat.slot_count:
        return "bad_slot"
    card = seat.card_at(slot)
    if card is None:
        return "slot_empty"
    return "cannot_sell_hero" if content.cards[card].kind == "hero" else None


def move_problem(seat: PlanningSeat, source: int, target: int) -> str | None:
    count = seat.slot_count
    if not (0 <= source < count and 0 <= target < count):
        return "bad_slot"
    if seat.card_at(source) is None:
        return "slot_empty"
    return "slot_occupied" if seat.card_at(target) is not None else None


def refresh_problem(content: Content, seat: PlanningSeat) -> str | None:
    return "not_enough_coins" if seat.coins < content.refresh_cost(seat.slot_count) else None


def upgrade_problem(content: Content, seat: PlanningSeat) -> str | None:
    if seat.level >= content.max_level:
        return "max_level"
    return "not_enough_coins" if seat.coins < content.upgrade_cost(seat.level) else None


def legal_decisions(match: Match, seat_no: int) -> list[dict[str, Any]]:
    """Section 5's `--legal` order: buys (offers by index, then the hero; slots ascending),
    sells, moves (from, to), refresh, upgrade, end_turn; one template per seat in the deck
    builder."""
    if match.state.phase == "deck_builder":
        return [{"seat": seat_no, "type": "build_deck"}]
    content = world.content(match)
    seat = read_seat(match, seat_no)
    empty = [i for i, unit in enumerate(seat.slots) if unit is None]
    out: list[dict[str, Any]] = []
    offers: list[int | str] = [*range(len(seat.shop)), HERO]
    for offer in offers:
        if buy_problem(content, seat, offer, None) is None:
            out.extend({"seat": seat_no, "type": "buy", "offer": offer, "slot": s} for s in empty)
    for slot, unit in enumerate(seat.slots):
        if unit is not None and content.cards[unit[0]].kind != "hero":
            out.append({"seat": seat_no, "type": "sell", "slot": slot})
    for source, unit in enumerate(seat.slots):
        if unit is not None:
            out.extend({"seat": seat_no, "type": "move", "from": source, "to": t} for t in empty)
    if refresh_problem(content, seat) is None:
        out.append({"seat": seat_no, "type": "refresh"})
    if upgrade_problem(content, seat) is None:
        out.append({"seat": seat_no, "type": "upgrade"})
    out.append({"seat": seat_no, "type": "end_turn"})
    return out
