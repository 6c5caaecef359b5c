"""Starting a run (spec crawl.md section 4.2): abilities, canonical deck, shuffle, first draw.

`deal` stream draws, in order: `sample(catalogue, abilities_per_run)` (normal and daily runs
only; a constructed run takes the player's pick instead) and `shuffle(canonical deck)` (4.12).
The card entities are created here, once: afterwards cards only move between piles.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.components.crawl import CrawlCard, Hero, Run
from game.systems.crawl.cycle import draw
from game.systems.crawl.zones import Index, add_card, create_zones

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.content import Content


def start_run(match: Match, content: Content) -> None:
    """A new run from the seed (`setup: null`): phase `pick` for a constructed run, else the
    deal at once."""
    rules = content.rules
    variant = match.options.get("variant", "normal")
    idx = create_zones(match, content, Hero(rules.max_hp, rules.max_hp, rules.start_gold),
                       Run(variant=variant))
    if variant == "constructed":
        match.set_phase("pick", (0,))
    else:
        picked = match.stream("deal").sample(list(content.catalogue_ids),
                                             rules.abilities_per_run)
        deal(match, idx, picked)
    match.events.pending.clear()  # the first screen shows the dealt table as it is


def deal(match: Match, idx: Index, picked: Iterable[str]) -> None:
    """4.2 steps 1-4: the chosen abilities in catalogue order, the canonical deck, the shuffle
    and one draw; then phase `play`, turn 0."""
    content = idx.content
    chosen = set(picked)
    abilities = tuple(a.id for a in content.catalogue if a.id in chosen)
    match.journal.set(idx.run, abilities=abilities)
    cards = [add_card(match, idx, c.id, CrawlCard(c.type, c.value, c.value, name=c.name))
             for c in content.deck]
    cards += [add_card(match, idx, a, CrawlCard("ability", None, None, a,
                                                name=content.abilities[a].name))
              for a in abilities]
    order = match.stream("deal").shuffle(cards)
    match.journal.set(idx.deck, cards=tuple(order))
    deck_entity = idx.pile_entity["deck"]
    for card in order:
        match.journal.set(idx.in_pile[card], pile=deck_entity)
    draw(match, idx)
    match.set_phase("play", (0,))
