"""Card Crawl's sentences for the run's log (game.scenes.event_log), for the events of spec
4.14. The namer is the screen's: `card(id)` ("Goblin (5)"), `zone(name)` ("the backpack"),
`ability(id)`; `seat` is the player."""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]

REMOVED = {"killed": "was slain", "hit": "struck the hero", "blocked": "was blocked",
           "used_up": "was used up", "broken": "broke", "sold": "was sold",
           "cleanup": "was cleared away", "deflected": "was deflected", "doomed": "was doomed",
           "gangrene": "withered", "ability_used": "was spent"}
DAMAGE = {"hit": "a hit", "excess": "damage a shield did not hold", "rebuy": "the rebuy"}
GOLD = {"collect": "collected", "sell": "a sale", "capitalize": "Capitalize",
        "galvanize": "Galvanize", "win_bonus": "the win bonus"}


def _over(e: Event, n: Any) -> str:
    return (f"The dungeon is cleared! Score {e['score']}." if e.get("won")
            else f"The hero fell. Score {e['score']}.")


def _deflected(e: Event, n: Any) -> str:
    if e.get("target"):
        return f"{n.card(e['enemy'])} was deflected onto {n.card(e['target'])}."
    return f"{n.card(e['enemy'])} was deflected away."


SENTENCES = {
    "card_moved": lambda e, n: f"{n.card(e['id'])} went to {n.zone(e['to'])}.",
    "card_drawn": lambda e, n: f"{n.card(e['id'])} was drawn.",
    "card_removed": lambda e, n: f"{n.card(e['id'])} {REMOVED.get(e['reason'], 'left')}.",
    "hero_damaged": lambda e, n: (f"The hero took {e['amount']} from "
                                  f"{DAMAGE.get(e['source'], 'a blow')}."),
    "hero_healed": lambda e, n: f"The hero healed {e['amount']}.",
    "gold_gained": lambda e, n: f"+{e['amount']} gold ({GOLD.get(e['source'], 'gold')}).",
    "value_changed": lambda e, n: f"{n.card(e['id'])} went from {e['from']} to {e['to']}.",
    "shield_absorbed": lambda e, n: f"{n.card(e['id'])} absorbed {e['amount']}.",
    "revive_triggered": lambda e, n: "The hero was revived!",
    "capitalize_triggered": lambda e, n: f"Capitalize: +{e['amount']} gold.",
    "deflected": _deflected,
    "random_attack": lambda e, n: f"A random attack hit {len(e.get('ids') or [])} cards.",
    "random_attack_missed": lambda e, n: "The random attack missed.",
    "card_returned_to_deck": lambda e, n: f"{n.card(e['id'])} went back into the deck.",
    "card_swapped": lambda e, n: f"{n.card(e['out'])} was swapped for {n.card(e['in'])}.",
    "ability_used": lambda e, n: (f"{n.ability(e['ability'])} used"
                                  + (f" on {n.card(e['target'])}." if e.get("target") else ".")),
    "rebuy": lambda e, n: f"Rebuy: a new board for {e['cost']} HP.",
    "run_over": _over,
}

# Events left out of the log on purpose: every event of a run is told.
LEFT_OUT: tuple[str, ...] = ()

ZONES = {"left_hand": "the left hand", "right_hand": "the right hand",
         "backpack": "the backpack", "hero": "the hero", "chest": "the chest",
         "deck": "the deck"}


class CrawlNamer:
    """Names for the run's log: a card by its name in the deck or the abilities (never its
    id), a zone as the board labels it."""

    def __init__(self, catalogue: Any) -> None:
        self.names = {c["id"]: c["name"] for c in catalogue.card_defs}
        self.catalogue = catalogue

    def seat(self, seat: int) -> str:
        return "You"

    def unit(self, unit_id: str) -> str:
        return self.card(unit_id)

    def card(self, card_id: str) -> str:
        if card_id in self.names:
            return str(self.names[card_id])
        if card_id in self.catalogue.abilities:
            return str(self.catalogue.abilities[card_id].name)
        return "A card"

    def zone(self, zone: str) -> str:
        if zone.startswith("board"):
            return "the board"
        return ZONES.get(zone, "the table")

    def ability(self, ability_id: str) -> str:
        info = self.catalogue.abilities.get(ability_id)
        return str(info.name) if info is not None else "An ability"
