"""Card Crawl's sentences for the run's log (game.scenes.event_log), for the events of spec
4.14. The namer is the screen's: `card(id)` ("Goblin (5)"), `zone(name)` ("the backpack"),
`ability(id)`; `seat` is the player."""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _, ngettext

Event = dict[str, Any]

# what happened to a removed card, a blow's source and a gold gain's, each a whole sentence
REMOVED = {"killed": N_("{card} was slain."), "hit": N_("{card} struck the hero."),
           "blocked": N_("{card} was blocked."), "used_up": N_("{card} was used up."),
           "broken": N_("{card} broke."), "sold": N_("{card} was sold."),
           "cleanup": N_("{card} was cleared away."), "deflected": N_("{card} was deflected."),
           "doomed": N_("{card} was doomed."), "gangrene": N_("{card} withered."),
           "ability_used": N_("{card} was spent.")}
DAMAGE = {"hit": N_("The hero took {amount} from a hit."),
          "excess": N_("The hero took {amount} from damage a shield did not hold."),
          "rebuy": N_("The hero took {amount} from the rebuy.")}
GOLD = {"collect": N_("+{amount} gold (collected)."), "sell": N_("+{amount} gold (a sale)."),
        "capitalize": N_("+{amount} gold (Capitalize)."),
        "galvanize": N_("+{amount} gold (Galvanize)."),
        "win_bonus": N_("+{amount} gold (the win bonus).")}
# what an event of a reason, source or zone the tables above do not know says
LEFT = N_("{card} left.")
A_BLOW = N_("The hero took {amount} from a blow.")
SOME_GOLD = N_("+{amount} gold.")
THE_TABLE = N_("the table")


def _over(e: Event, n: Any) -> str:
    return (_("The dungeon is cleared! Score {score}.") if e.get("won")
            else _("The hero fell. Score {score}.")).format(score=e["score"])


def _deflected(e: Event, n: Any) -> str:
    if e.get("target"):
        return _("{enemy} was deflected onto {target}.").format(
            enemy=n.card(e["enemy"]), target=n.card(e["target"]))
    return _("{enemy} was deflected away.").format(enemy=n.card(e["enemy"]))


def _ability_used(e: Event, n: Any) -> str:
    if e.get("target"):
        return _("{ability} used on {card}.").format(ability=n.ability(e["ability"]),
                                                     card=n.card(e["target"]))
    return _("{ability} used.").format(ability=n.ability(e["ability"]))


SENTENCES = {
    "card_moved": lambda e, n: _("{card} went to {zone}.").format(card=n.card(e["id"]),
                                                                  zone=n.zone(e["to"])),
    "card_drawn": lambda e, n: _("{card} was drawn.").format(card=n.card(e["id"])),
    "card_removed": lambda e, n: _(REMOVED.get(e["reason"], LEFT)).format(
        card=n.card(e["id"])),
    "hero_damaged": lambda e, n: _(DAMAGE.get(e["source"], A_BLOW)).format(
        amount=e["amount"]),
    "hero_healed": lambda e, n: _("The hero healed {amount}.").format(amount=e["amount"]),
    "gold_gained": lambda e, n: _(GOLD.get(e["source"], SOME_GOLD)).format(
        amount=e["amount"]),
    "value_changed": lambda e, n: _("{card} went from {old} to {new}.").format(
        card=n.card(e["id"]), old=e["from"], new=e["to"]),
    "shield_absorbed": lambda e, n: _("{card} absorbed {amount}.").format(
        card=n.card(e["id"]), amount=e["amount"]),
    "revive_triggered": lambda e, n: _("The hero was revived!"),
    "capitalize_triggered": lambda e, n: _("Capitalize: +{amount} gold.").format(
        amount=e["amount"]),
    "deflected": _deflected,
    "random_attack": lambda e, n: ngettext("A random attack hit {n} card.",
                                           "A random attack hit {n} cards.",
                                           len(e.get("ids") or [])).format(
        n=len(e.get("ids") or [])),
    "random_attack_missed": lambda e, n: _("The random attack missed."),
    "card_returned_to_deck": lambda e, n: _("{card} went back into the deck.").format(
        card=n.card(e["id"])),
    "card_swapped": lambda e, n: _("{old} was swapped for {new}.").format(
        old=n.card(e["out"]), new=n.card(e["in"])),
    "ability_used": _ability_used,
    "rebuy": lambda e, n: _("Rebuy: a new board for {cost} HP.").format(cost=e["cost"]),
    "run_over": _over,
}

# Events left out of the log on purpose: every event of a run is told.
LEFT_OUT: tuple[str, ...] = ()

ZONES = {"left_hand": N_("the left hand"), "right_hand": N_("the right hand"),
         "backpack": N_("the backpack"), "hero": N_("the hero"), "chest": N_("the chest"),
         "deck": N_("the deck")}


class CrawlNamer:
    """Names for the run's log: a card by its name in the deck or the abilities (never its
    id), a zone as the board labels it."""

    def __init__(self, catalogue: Any) -> None:
        self.names = {c["id"]: c["name"] for c in catalogue.card_defs}
        self.catalogue = catalogue

    def seat(self, seat: int) -> str:
        return _("You")

    def unit(self, unit_id: str) -> str:
        return self.card(unit_id)

    def card(self, card_id: str) -> str:
        if card_id in self.names:
            return _(str(self.names[card_id]))
        if card_id in self.catalogue.abilities:
            return _(str(self.catalogue.abilities[card_id].name))
        return _("A card")

    def zone(self, zone: str) -> str:
        if zone.startswith("board"):
            return _("the board")
        return _(ZONES.get(zone, THE_TABLE))

    def ability(self, ability_id: str) -> str:
        info = self.catalogue.abilities.get(ability_id)
        return _(str(info.name)) if info is not None else _("An ability")
