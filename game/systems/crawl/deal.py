"""Starting a run (spec crawl.md section 4.2): abilities, canonical deck, shuffle, first draw.

`deal` stream draws, in order: `sample(catalogue, abilities_per_run)` (normal and daily runs
only; a constructed run takes the player's pick instead) and `shuffle(canonical deck)` (4.12).
The card entities are created here, once: afterwards cards only move between piles.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.components.common import Health
from game.components.crawl import CrawlCard, Hero, Run
from game.engine.commands import update
from game.engine.piles import fill_pile, shuffle_pile
from game.systems.crawl.cycle import draw
from game.systems.crawl.world import (
    card_parts,
    content,
    create_zones,
    pile_entity,
    run,
    run_entity,
)

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.content import Content


def start_run(match: Match, content: Content) -> None:
    """A new run from the seed (`setup: null`): phase `pick` for a constructed run, else the
    deal at once."""
    rules = content.rules
    variant = match.options.get("variant", "normal")
    create_zones(match, (Hero(rules.start_gold), Health(rules.max_hp, rules.max_hp)),
                 Run(variant=variant))
    if variant == "constructed":
        match.set_phase("pick", (0,))
    else:
        picked = match.stream("deal").sample(list(content.catalogue_ids),
                                             rules.abilities_per_run)
        deal(match, picked)
    match.events.pending.clear()  # the first screen shows the dealt table as it is


def deal(match: Match, picked: Iterable[str]) -> None:
    """4.2 steps 1-4: the chosen abilities in catalogue order, the canonical deck, the shuffle
    and one draw; then phase `play`, turn 0."""
    found = content(match)
    chosen = set(picked)
    abilities = tuple(a.id for a in found.catalogue if a.id in chosen)
    update(run(match), abilities=abilities).target(run_entity(match)).run(match)
    deck = pile_entity(match, "deck")
    rows = [card_parts(c.id, CrawlCard(c.type, c.value, c.value, name=c.name), (), deck)
            for c in found.deck]
    rows += [card_parts(a, CrawlCard("ability", None, None, a, name=found.abilities[a].name),
                        (), deck)
             for a in abilities]
    cards = match.journal.create_many(rows)  # the deck's cards at once, in this order
    fill_pile(match, deck, tuple(cards))  # the canonical deck, then its shuffle
    shuffle_pile(deck, "deal").run(match)
    draw(match)
    match.set_phase("play", (0,))
