"""Decisions of Kingdom (spec kingdom.md section 5): field types (check 2), the verbs' own
checks in the table's order (check 6) and the `--legal` list in its canonical order.

`buy_problem` and friends are public: the match view asks them why an offer is locked, and the
CPUs ask them before they submit, so the reasons exist once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import is_int
from game.systems.kingdom.pools import deck_problem
from game.systems.kingdom.state import index

if TYPE_CHECKING:
    from game.components.kingdom import KingdomSeat
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
    if any(not is_int(decision.get(name)) for name in INT_FIELDS.get(verb, ())):
        return True
    if verb == "buy":
        offer = decision.get("offer")
        return not (is_int(offer) or offer == HERO)
    return False


def check(match: Match, decision: dict[str, Any]) -> str | tuple[str, str] | None:
    idx = index(match)
    verb = decision["type"]
    seat = idx.seats[decision["seat"]]
    content = idx.content
    if verb == "build_deck":
        problem = deck_problem(content, decision["mode"], decision["faction"],
                               decision["hero"], decision["units"])
        return ("invalid_deck", f"Invalid deck: {problem}") if problem else None
    if verb == "buy":
        return buy_problem(content, seat, decision["offer"], decision["slot"])
    if verb == "sell":
        return sell_problem(content, seat, decision["slot"])
    if verb == "move":
        return move_problem(seat, decision["from"], decision["to"])
    if verb == "refresh":
        return refresh_problem(content, seat)
    if verb == "upgrade":
        return upgrade_problem(content, seat)
    return None


def offer_card(seat: KingdomSeat, offer: int | str) -> str | None:
    """The card an offer position (or "hero") shows; None when empty or missing."""
    if offer == HERO:
        return seat.hero
    assert isinstance(offer, int)
    return seat.shop[offer] if 0 <= offer < len(seat.shop) else None


def buy_problem(content: Content, seat: KingdomSeat, offer: int | str, slot: int | None
                ) -> str | None:
    """The `buy` checks of section 5, in order. `slot` may be None to check the offer alone
    (the match view greys offers before a slot is chosen)."""
    if offer == HERO:
        if seat.hero is None:
            return "bad_offer"
    elif not 0 <= offer < len(seat.shop):  # type: ignore[operator]
        return "bad_offer"
    if slot is not None and not 0 <= slot < len(seat.slots):
        return "bad_slot"
    if offer == HERO:
        if seat.hero_status == "dead":
            return "hero_dead"
        if seat.hero_status == "deployed":
            return "hero_deployed"
        assert seat.hero is not None
        if seat.level < content.cards[seat.hero].era:
            return "hero_locked_era"
        card = seat.hero
    else:
        card = seat.shop[offer]  # type: ignore[index]
        if card is None:
            return "offer_empty"
    if slot is not None and seat.slots[slot] is not None:
        return "slot_occupied"
    if seat.coins < content.cards[card].cost:
        return "not_enough_coins"
    return None


def sell_problem(content: Content, seat: KingdomSeat, slot: int) -> str | None:
    if not 0 <= slot < len(seat.slots):
        return "bad_slot"
    unit = seat.slots[slot]
    if unit is None:
        return "slot_empty"
    return "cannot_sell_hero" if content.cards[unit[0]].kind == "hero" else None


def move_problem(seat: KingdomSeat, source: int, target: int) -> str | None:
    count = len(seat.slots)
    if not (0 <= source < count and 0 <= target < count):
        return "bad_slot"
    if seat.slots[source] is None:
        return "slot_empty"
    return "slot_occupied" if seat.slots[target] is not None else None


def refresh_problem(content: Content, seat: KingdomSeat) -> str | None:
    cost = content.refresh_cost(len(seat.slots))
    return "not_enough_coins" if seat.coins < cost else None


def upgrade_problem(content: Content, seat: KingdomSeat) -> str | None:
    if seat.level >= content.max_level:
        return "max_level"
    return "not_enough_coins" if seat.coins < content.upgrade_cost(seat.level) else None


def legal_decisions(match: Match, seat_no: int) -> list[dict[str, Any]]:
    """Section 5's `--legal` order: buys (offers by index, then the hero; slots ascending),
    sells, moves (from, to), refresh, upgrade, end_turn; one template per seat in the deck
    builder."""
    if match.state.phase == "deck_builder":
        return [{"seat": seat_no, "type": "build_deck"}]
    idx = index(match)
    content = idx.content
    seat = idx.seats[seat_no]
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
