"""What the kingdom match screens say (spec kingdom.md 8.2-8.4), as pure functions of the state.

The locked tooltips of the shop, the button tooltips, the rejection toasts, the upkeep toast
and the end screen's banner and reason live here once, so the view, the tests and the docs read
the same words. The reasons come from the rules (`game.systems.kingdom.legal`): a screen never
decides what is legal, it only says why the rules refused.
"""

from __future__ import annotations

from typing import Any

from game.systems.kingdom import legal

# Spec 8.2: the locked tooltips of offers and the hero position, exactly.
NO_EMPTY_SLOT = "No empty slot"
HERO_DEPLOYED = "Already on the battlefield"
HERO_DEAD = "Fallen — lost for this match"
CANNOT_SELL_HERO = "Heroes cannot be sold"
MAX_LEVEL = "Max level"
OPPONENT_PLANNING = "Opponent is planning…"
BUILDING_DECKS = "The players are building their decks…"  # a spectator, before the match


def planning(who: str) -> str:
    """The banner while the other player of a network match plans: "Player 2 (remote) is
    planning…"."""
    return f"{who} is planning…"


def waiting_to_build(who: str) -> str:
    """The deck builder of a network seat whose deck is sent, until the other's is."""
    return f"Deck ready. Waiting for {who} to build theirs…"

# Spec 8.4: the end screen's reasons.
REASONS = {
    "nexus_destroyed": "Enemy Nexus destroyed",
    "both_destroyed": "Both Nexus fell — the higher HP wins",
    "round_cap": "Turn limit reached",
}
OWN_NEXUS_DESTROYED = "Your Nexus was destroyed"


def coins_needed(cost: int, coins: int) -> str:
    return f"Not enough coins (need {cost}, have {coins})"


def requires_era(content: Any, era: int) -> str:
    return f"Requires {content.era(era).name} (Nexus level {era})"


def offer_lock(content: Any, seat: Any, offer: int | str) -> str | None:
    """Why seat (its `SeatFacts`) cannot buy this offer (an index or "hero") now, in the order
    of the rules' checks, or None when it can (then an empty slot is waiting for it)."""
    problem = legal.buy_problem(content, seat, offer, None)
    card = legal.offer_card(seat, offer)
    if problem == "hero_dead":
        return HERO_DEAD
    if problem == "hero_deployed":
        return HERO_DEPLOYED
    if problem == "hero_locked_era":
        return requires_era(content, content.cards[card].era)
    if problem in ("bad_offer", "offer_empty"):
        return "Bought — a new offer comes at the end of the turn"
    if all(unit is not None for unit in seat.slots):
        return NO_EMPTY_SLOT
    if problem == "not_enough_coins":
        return coins_needed(content.cards[card].cost, seat.coins)
    return None


def refresh_tip(content: Any, seat: Any) -> str:
    cost = content.refresh_cost(len(seat.slots))
    size = content.shop_size(len(seat.slots))
    tip = f"Refresh: {cost} coin{'s' if cost != 1 else ''} for {size} new offers (R)"
    if legal.refresh_problem(content, seat):
        tip = f"{coins_needed(cost, seat.coins)}\n{tip}"
    return tip


def upgrade_caption(content: Any, seat: Any) -> str:
    if seat.level >= content.max_level:
        return MAX_LEVEL
    return f"Upgrade → {content.era(seat.level + 1).name} ({content.upgrade_cost(seat.level)})"


def upgrade_tip(content: Any, seat: Any) -> str:
    if seat.level >= content.max_level:
        return f"{MAX_LEVEL}: your Nexus is in its last era ({content.era(seat.level).name})"
    level = seat.level + 1
    cost = content.upgrade_cost(seat.level)
    slots = content.slot_count(level)
    gains = (f"+1 slot, +{content.hp_per_slot} HP, income {content.income(level)}, "
             f"shop {content.shop_size(slots)} at end of turn")
    tip = f"Upgrade to {content.era(level).name} for {cost} coins (U)\n{gains}"
    if legal.upgrade_problem(content, seat):
        tip = f"{coins_needed(cost, seat.coins)}\n{tip}"
    return tip


def sell_tip(content: Any, card_id: str) -> str:
    if content.cards[card_id].kind == "hero":
        return CANNOT_SELL_HERO
    return f"Sell for {content.sell_price(card_id)} coin{'s' if content.sell_price(card_id) != 1 else ''}"


def rejection(error: str, message: str, decision: dict[str, Any], content: Any,
              seat: Any) -> str:
    """A refused decision in the screen's words (the rules' message otherwise)."""
    verb = decision.get("type")
    if error == "not_enough_coins":
        if verb == "buy":
            card = legal.offer_card(seat, decision.get("offer", -1))
            if card is not None:
                return coins_needed(content.cards[card].cost, seat.coins)
        if verb == "refresh":
            return coins_needed(content.refresh_cost(len(seat.slots)), seat.coins)
        if verb == "upgrade":
            return coins_needed(content.upgrade_cost(seat.level), seat.coins)
    if error == "hero_locked_era" and seat.hero is not None:
        return requires_era(content, content.cards[seat.hero].era)
    return {
        "hero_dead": HERO_DEAD,
        "hero_deployed": HERO_DEPLOYED,
        "cannot_sell_hero": CANNOT_SELL_HERO,
        "max_level": MAX_LEVEL,
        "slot_occupied": NO_EMPTY_SLOT if verb == "buy" else message,
    }.get(error, message)


def upkeep_toast(event: dict[str, Any]) -> str:
    """"+2 income, −1 tax" (the base income and income units together)."""
    parts = [f"+{event['base'] + event['income']} income"]
    if event.get("tax"):
        parts.append(f"−{event['tax']} tax")
    return ", ".join(parts)


def faction_name(content: Any, faction: str | None) -> str:
    if faction is None:
        return "—"
    if faction in content.factions:
        return content.factions[faction].name
    return content.continent_names.get(faction, faction.title())


def end_banner(result: dict[str, Any], me: int | None, factions: list[str]) -> str:
    """"Victory" / "Defeat" / "Draw"; spectating: "<Faction> wins" or "Draw"."""
    winner = result.get("winner")
    if winner is None:
        return "Draw"
    if me is None:
        return f"{factions[winner]} wins"
    return "Victory" if winner == me else "Defeat"


def end_reason(result: dict[str, Any], me: int | None) -> str:
    reason = result.get("reason", "")
    if reason == "nexus_destroyed" and me is not None and result.get("winner") not in (me,):
        return OWN_NEXUS_DESTROYED
    return REASONS.get(reason, reason)
