"""Rebuy (spec crawl.md section 4.9): pay HP to send the whole board back into the deck.

Order (design decision 11): cost and counter, then the damage (Revive and Capitalize apply),
then each board card in slot order goes back into the deck at a random position, then the
cycle's end check and redraw. A rebuy that kills the hero is legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.systems.crawl import hero
from game.systems.crawl.zones import board_cards, put

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.zones import Index


def rebuy(match: Match, idx: Index) -> None:
    run = idx.run
    cost = idx.content.rebuy_cost(run.clear_counter)
    match.journal.set(run, clear_counter=run.clear_counter + 1)
    match.emit("rebuy", cost=cost)
    hero.damage(match, idx, cost, "rebuy")
    dungeon = match.stream("dungeon")
    for _, card in board_cards(idx):
        # One draw per card, against the deck's length at that insertion; len(deck) = bottom.
        position = dungeon.randint(0, len(idx.deck.cards))
        put(match, idx, card, "deck", position)
        match.emit("card_returned_to_deck", id=idx.ident[card])  # never the position (6.1)
