"""The State JSON `board` object (spec crawl.md section 6.1), built only on request.

Key order is canonical: `variant`, `abilities`, `board`, `left_hand`, `right_hand`,
`backpack`, `hero`, `deck`, `deck_count`, `deck_types`, `clear_counter`, `rebuy_cost`,
`random_attack_used`, `removed`; every card has all its keys, `id`, `type`, `value`,
`initial_value`, `ability`, one per card mark of the content (`pyro`, `bash`), `spent`, `name`;
the hero `hp`, `max_hp`, `gold`, then one key per hero effect (`can_revive`, `reflect_damage`,
`bleed`), each in declaration order (`statuses.toml`); `deck_types` always has all six types.
`forced` draws are never printed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.components.common import Ident
from game.components.crawl import CrawlCard
from game.engine import ecs
from game.engine.match import HIDDEN
from game.systems.crawl.table import CARD_TYPES, SLOTS
from game.systems.crawl.world import (
    BACKPACK,
    DECK,
    LEFT,
    RIGHT,
    content,
    hero,
    piles,
    run,
)

if TYPE_CHECKING:
    from game.engine.match import Match


def card_json(comps: dict[type, Any], card_marks: tuple[tuple[str, type], ...]
              ) -> dict[str, Any]:
    """A card object of 6.1 from the card entity's components (`card_marks`: the content's
    (id, component class) of each card mark, in order)."""
    c = comps[CrawlCard]
    out = {"id": comps[Ident].id, "type": c.type, "value": c.value,
           "initial_value": c.initial_value, "ability": c.ability}
    for mark, component in card_marks:
        out[mark] = component in comps
    out["spent"] = c.spent
    out["name"] = c.name
    return out


def board_json(match: Match, *, hide_deck: bool = False) -> dict[str, Any]:
    """The `board` object; with `hide_deck` the deck is "hidden" (the seat view, 6.1)."""
    found = content(match)
    statuses = found.statuses
    card_marks = statuses.card_pairs
    rows = piles(match)
    counters = run(match)
    the_hero = hero(match)
    health = the_hero.health
    deck = rows[DECK].pile.cards
    entities = ecs.entity_table()
    held = [card_json(entities[row.pile.cards[0]], card_marks) if row.pile.cards else None
            for row in rows[:DECK]]
    deck_types = dict.fromkeys(CARD_TYPES, 0)
    for card in deck:
        deck_types[entities[card][CrawlCard].type] += 1
    hero_json: dict[str, Any] = {"hp": health.hp, "max_hp": health.max_hp,
                                 "gold": the_hero.hero.gold}
    comps = entities[the_hero.entity]
    for effect, component in statuses.hero_pairs:
        hero_json[effect] = component in comps
    return {
        "variant": counters.variant,
        "abilities": list(counters.abilities),
        "board": held[:SLOTS],
        "left_hand": held[LEFT],
        "right_hand": held[RIGHT],
        "backpack": held[BACKPACK],
        "hero": hero_json,
        "deck": HIDDEN if hide_deck else [card_json(entities[card], card_marks)
                                          for card in deck],
        "deck_count": len(deck),
        "deck_types": deck_types,
        "clear_counter": counters.clear_counter,
        "rebuy_cost": found.rebuy_cost(counters.clear_counter),
        "random_attack_used": counters.random_attack_used,
        "removed": counters.removed,
    }
