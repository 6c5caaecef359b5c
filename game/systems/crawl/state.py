"""The State JSON `board` object (spec crawl.md section 6.1), built only on request.

Key order is canonical: `variant`, `abilities`, `board`, `left_hand`, `right_hand`,
`backpack`, `hero`, `deck`, `deck_count`, `deck_types`, `clear_counter`, `rebuy_cost`,
`random_attack_used`, `removed`; every card has all nine keys in the order of `CARD_KEYS`;
`deck_types` always has all six types. `forced` draws are never printed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import HIDDEN
from game.systems.crawl.table import CARD_TYPES
from game.systems.crawl.zones import index

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.zones import Index


def card_json(idx: Index, card: int) -> dict[str, Any]:
    c = idx.card[card]
    return {"id": idx.ident[card], "type": c.type, "value": c.value,
            "initial_value": c.initial_value, "ability": c.ability, "pyro": c.pyro,
            "bash": c.bash, "spent": c.spent, "name": c.name}


def _held(idx: Index, cards: tuple[int, ...]) -> dict[str, Any] | None:
    return card_json(idx, cards[0]) if cards else None


def board_json(match: Match, *, hide_deck: bool = False) -> dict[str, Any]:
    """The `board` object; with `hide_deck` the deck is "hidden" (the seat view, 6.1)."""
    idx = index(match)
    run, hero = idx.run, idx.hero
    deck = idx.deck.cards
    cards = idx.card
    deck_types = dict.fromkeys(CARD_TYPES, 0)
    for card in deck:
        deck_types[cards[card].type] += 1
    return {
        "variant": run.variant,
        "abilities": list(run.abilities),
        "board": [_held(idx, pile.cards) for pile in idx.slots],
        "left_hand": _held(idx, idx.left_hand.cards),
        "right_hand": _held(idx, idx.right_hand.cards),
        "backpack": _held(idx, idx.backpack.cards),
        "hero": {"hp": hero.hp, "max_hp": hero.max_hp, "gold": hero.gold,
                 "can_revive": hero.can_revive, "reflect_damage": hero.reflect_damage,
                 "bleed": hero.bleed},
        "deck": HIDDEN if hide_deck else [card_json(idx, card) for card in deck],
        "deck_count": len(deck),
        "deck_types": deck_types,
        "clear_counter": run.clear_counter,
        "rebuy_cost": idx.content.rebuy_cost(run.clear_counter),
        "random_attack_used": run.random_attack_used,
        "removed": run.removed,
    }
