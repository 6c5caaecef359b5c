"""What the kingdom match screens say (spec kingdom.md 8.2-8.4), as pure functions of the state.

The locked tooltips of the shop, the button tooltips, the rejection toasts, the upkeep toast
and the end screen's banner and reason live here once, so the view, the tests and the docs read
the same words. The reasons come from the rules (`game.systems.kingdom.legal`): a screen never
decides what is legal, it only says why the rules refused.

Every text is in the player's language: the constants are msgids (`N_`) that the functions and
the screens `_()` where they show them; the rules' own refusal messages (English, in
`game.systems.kingdom.mode.MESSAGES`) are matched to msgids by their error id (`RULES_MESSAGES`).
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _, ngettext
from game.systems.kingdom import legal

# Spec 8.2: the locked tooltips of offers and the hero position, exactly.
NO_EMPTY_SLOT = N_("No empty slot")
HERO_DEPLOYED = N_("Already on the battlefield")
HERO_DEAD = N_("Fallen — lost for this match")
CANNOT_SELL_HERO = N_("Heroes cannot be sold")
MAX_LEVEL = N_("Max level")
OPPONENT_PLANNING = N_("Opponent is planning…")
BUILDING_DECKS = N_("The players are building their decks…")  # a spectator, before the match
BOUGHT = N_("Bought — a new offer comes at the end of the turn")

# The rules' refusal messages (game.systems.kingdom.mode.MESSAGES, English by design) as
# msgids, by error id: a toast shows the rules' reason in the player's language
# (tests/scenes/kingdom/test_translated.py keeps the two tables' English equal).
RULES_MESSAGES = {
    "invalid_deck": N_("That deck is not valid."),
    "bad_offer": N_("No such offer."),
    "bad_slot": N_("No such slot."),
    "offer_empty": N_("That offer was already bought."),
    "hero_dead": N_("Fallen — lost for this match."),
    "hero_deployed": N_("Already on the battlefield."),
    "hero_locked_era": N_("Your Nexus has not reached the hero's era yet."),
    "slot_occupied": N_("That slot is taken."),
    "not_enough_coins": N_("Not enough coins."),
    "slot_empty": N_("That slot is empty."),
    "cannot_sell_hero": N_("Heroes cannot be sold."),
    "max_level": N_("Your Nexus is at its last era."),
}


def planning(who: str) -> str:
    """The banner while the other player of a network match plans: "Player 2 (remote) is
    planning…"."""
    return _("{who} is planning…").format(who=who)


def waiting_to_build(who: str) -> str:
    """The deck builder of a network seat whose deck is sent, until the other's is."""
    return _("Deck ready. Waiting for {who} to build theirs…").format(who=who)

# Spec 8.4: the end screen's reasons.
REASONS = {
    "nexus_destroyed": N_("Enemy Nexus destroyed"),
    "both_destroyed": N_("Both Nexus fell — the higher HP wins"),
    "round_cap": N_("Turn limit reached"),
}
OWN_NEXUS_DESTROYED = N_("Your Nexus was destroyed")


# An era's name that another game's msgid already translates otherwise (Card Crawl's potion
# "Powder" is "Pó" in pt_BR): the era has its own msgid, shown where the catalogue has it.
ERA_MSGIDS = {"Powder": N_("Powder (the era)")}


def era_name(content: Any, level: int) -> str:
    """An era's name (the rules file's `name`) in the player's language; English shows the
    name itself."""
    name = content.era(level).name
    own = ERA_MSGIDS.get(name)
    if own is not None and _(own) != own:
        return _(own)
    return _(name)


def coins(n: int) -> str:
    """"1 coin" / "3 coins"."""
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def coins_needed(cost: int, coins: int) -> str:
    return _("Not enough coins (need {cost}, have {coins})").format(cost=cost, coins=coins)


def requires_era(content: Any, era: int) -> str:
    return _("Requires {era} (Nexus level {level})").format(era=era_name(content, era),
                                                              level=era)


def offer_lock(content: Any, seat: Any, offer: int | str) -> str | None:
    """Why seat (its `SeatFacts`) cannot buy this offer (an index or "hero") now, in the order
    of the rules' checks, or None when it can (then an empty slot is waiting for it)."""
    problem = legal.buy_problem(content, seat, offer, None)
    card = legal.offer_card(seat, offer)
    if problem == "hero_dead":
        return _(HERO_DEAD)
    if problem == "hero_deployed":
        return _(HERO_DEPLOYED)
    if problem == "hero_locked_era":
        return requires_era(content, content.cards[card].era)
    if problem in ("bad_offer", "offer_empty"):
        return _(BOUGHT)
    if all(unit is not None for unit in seat.slots):
        return _(NO_EMPTY_SLOT)
    if problem == "not_enough_coins":
        return coins_needed(content.cards[card].cost, seat.coins)
    return None


def refresh_tip(content: Any, seat: Any) -> str:
    cost = content.refresh_cost(len(seat.slots))
    size = content.shop_size(len(seat.slots))
    tip = _("Refresh: {coins} for {size} new offers (R)").format(coins=coins(cost), size=size)
    if legal.refresh_problem(content, seat):
        tip = f"{coins_needed(cost, seat.coins)}\n{tip}"
    return tip


def upgrade_caption(content: Any, seat: Any) -> str:
    if seat.level >= content.max_level:
        return _(MAX_LEVEL)
    return _("Upgrade → {era} ({cost})").format(era=era_name(content, seat.level + 1),
                                                cost=content.upgrade_cost(seat.level))


def upgrade_tip(content: Any, seat: Any) -> str:
    if seat.level >= content.max_level:
        return _("Max level: your Nexus is in its last era ({era})").format(
            era=era_name(content, seat.level))
    level = seat.level + 1
    cost = content.upgrade_cost(seat.level)
    slots = content.slot_count(level)
    gains = _("+1 slot, +{hp} HP, income {income}, shop {size} at end of turn").format(
        hp=content.hp_per_slot, income=content.income(level), size=content.shop_size(slots))
    tip = _("Upgrade to {era} for {coins} (U)").format(era=era_name(content, level),
                                                        coins=coins(cost)) + f"\n{gains}"
    if legal.upgrade_problem(content, seat):
        tip = f"{coins_needed(cost, seat.coins)}\n{tip}"
    return tip


def sell_tip(content: Any, card_id: str) -> str:
    if content.cards[card_id].kind == "hero":
        return _(CANNOT_SELL_HERO)
    return _("Sell for {coins}").format(coins=coins(content.sell_price(card_id)))


def rejection(error: str, message: str, decision: dict[str, Any], content: Any,
              seat: Any) -> str:
    """A refused decision in the screen's words (the rules' message otherwise, matched to
    its msgid by the error id; a message the table does not know is shown as it is)."""
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
    screen = {
        "hero_dead": HERO_DEAD,
        "hero_deployed": HERO_DEPLOYED,
        "cannot_sell_hero": CANNOT_SELL_HERO,
        "max_level": MAX_LEVEL,
    }
    if error == "slot_occupied" and verb == "buy":
        return _(NO_EMPTY_SLOT)
    if error in screen:
        return _(screen[error])
    return rules_message(error, message)


def rules_message(error: str, message: str) -> str:
    """The rules' refusal `message` in the player's language when it is the rules' own
    sentence for `error` (a mod's or the engine's other messages are shown as they are)."""
    from game.systems.kingdom.mode import MESSAGES

    msgid = RULES_MESSAGES.get(error)
    return _(msgid) if msgid is not None and MESSAGES.get(error) == message else message


def upkeep_toast(event: dict[str, Any]) -> str:
    """"+2 income, −1 tax" (the base income and income units together)."""
    income = event["base"] + event["income"]
    if event.get("tax"):
        return _("+{income} income, −{tax} tax").format(income=income, tax=event["tax"])
    return _("+{income} income").format(income=income)


def faction_name(content: Any, faction: str | None) -> str:
    if faction is None:
        return "—"
    if faction in content.factions:
        return _(content.factions[faction].name)
    return _(content.continent_names.get(faction, faction.title()))


def end_banner(result: dict[str, Any], me: int | None, factions: list[str]) -> str:
    """"Victory" / "Defeat" / "Draw"; spectating: "<Faction> wins" or "Draw"."""
    winner = result.get("winner")
    if winner is None:
        return _("Draw")
    if me is None:
        return _("{faction} wins").format(faction=factions[winner])
    return _("Victory") if winner == me else _("Defeat")


def end_reason(result: dict[str, Any], me: int | None) -> str:
    reason = result.get("reason", "")
    if reason == "nexus_destroyed" and me is not None and result.get("winner") not in (me,):
        return _(OWN_NEXUS_DESTROYED)
    return _(REASONS[reason]) if reason in REASONS else reason
