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

from operator import attrgetter, itemgetter
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
    RUN,
    content,
    hero,
    piles,
)

if TYPE_CHECKING:
    from game.engine.match import Match


def card_json(comps: dict[type, Any], card_marks: tuple[tuple[str, type], ...],
              unmarked: dict[str, bool], mark_types: frozenset[type]) -> dict[str, Any]:
    """A card object of 6.1 from the card entity's components (`card_marks`: the content's
    (id, component class) of each card mark, in order; `unmarked`: each mark id False, in
    that order; `mark_types`: the mark components). Most cards hold no mark: their marks are
    the `unmarked` dict merged in C, and only a marked card walks the marks (a view prints
    every held card, and a CPU reads a view every decision)."""
    c = comps[CrawlCard]
    out = {"id": comps[Ident].id, "type": c.type, "value": c.value,
           "initial_value": c.initial_value, "ability": c.ability, **unmarked,
           "spent": c.spent, "name": c.name}
    if not comps.keys().isdisjoint(mark_types):  # a keys view looks the few marks up
        for mark, component in card_marks:
            out[mark] = component in comps
    return out


class DeckTypes:
    """The `deck_types` object of a match, counted again only when its deck is another tuple.

    Counting the deck's types was the costliest part of a view (every decision reads one,
    and a CPU's search reads thousands): the deck changes on a draw, a return or a swap, far
    less often. A pile's cards are an immutable tuple that every move, rollback and scratch
    reload replaces by another object, and the memo holds the tuple it counted, so `is` tells
    a changed deck. A card's type changes only when an ability turns its own card into a
    potion or gold (`create_card`), and that card is in a hand, never in the deck: the counts
    of a deck tuple never change. tests/crawl/test_state.py replays every CPU level's games
    and compares each view's counts with a fresh count."""

    __slots__ = ("deck", "counts")

    def __init__(self) -> None:
        self.deck: tuple[int, ...] | None = None
        self.counts: dict[str, int] = {}

    def of(self, deck: tuple[int, ...], entities: dict[int, dict[type, Any]]) -> dict[str, int]:
        """A fresh dict (the caller owns it), all six types in CARD_TYPES order."""
        if deck is not self.deck:
            self.counts = count_types(deck, entities)
            self.deck = deck
        return self.counts.copy()


def count_types(deck: tuple[int, ...], entities: dict[int, dict[type, Any]]) -> dict[str, int]:
    """How many cards of each type (all six, in CARD_TYPES order) these card entities are.
    The types are read by `map` (no bytecode per card: a deck holds about fifty) and counted
    by `tuple.count`, six passes in C."""
    types = tuple(map(_TYPE, map(_CARD, map(entities.__getitem__, deck))))
    return {card_type: types.count(card_type) for card_type in CARD_TYPES}


_CARD, _TYPE = itemgetter(CrawlCard), attrgetter("type")


def board_json(match: Match, *, hide_deck: bool = False) -> dict[str, Any]:
    """The `board` object; with `hide_deck` the deck is "hidden" (the seat view, 6.1)."""
    found = content(match)
    statuses = found.statuses
    card_marks, unmarked, mark_types = statuses.card_pairs, statuses.unmarked, statuses.mark_types
    rows = piles(match)
    counters = RUN.first(match).run  # the query's own read (no wrapper call a view)
    the_hero = hero(match)
    health = the_hero.health
    deck = rows[DECK].pile.cards
    entities = ecs.entity_table()
    held: list[dict[str, Any] | None] = []
    for row in rows[:DECK]:  # each pile read once (a row's field is a descriptor lookup)
        cards = row.pile.cards
        held.append(card_json(entities[cards[0]], card_marks, unmarked, mark_types)
                    if cards else None)
    deck_types = match.rules.deck_types.of(deck, entities)  # type: ignore[attr-defined]
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
        "deck": HIDDEN if hide_deck else [card_json(entities[card], card_marks, unmarked,
                                                    mark_types)
                                          for card in deck],
        "deck_count": len(deck),
        "deck_types": deck_types,
        "clear_counter": counters.clear_counter,
        "rebuy_cost": found.rebuy_cost(counters.clear_counter),
        "random_attack_used": counters.random_attack_used,
        "removed": counters.removed,
    }
