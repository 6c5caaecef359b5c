"""Rebuy (spec crawl.md section 4.9): pay HP to send the whole board back into the deck.

Order (design decision 11): cost and counter, then the damage (Revive and Capitalize apply),
then each board card in slot order goes back into the deck at a random position, then the
cycle's end check and redraw. A rebuy that kills the hero is legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.commands import update
from game.systems.crawl import hero
from game.systems.crawl.commands import move_card
from game.systems.crawl.world import board_cards, content, deck, run, run_entity

if TYPE_CHECKING:
    from game.engine.match import Match


def rebuy(match: Match) -> None:
    counters = run(match)
    cost = content(match).rebuy_cost(counters.clear_counter)
    update(counters, clear_counter=counters.clear_counter + 1).target(
        run_entity(match)).run(match)
    match.emit("rebuy", cost=cost)
    hero.damage(match, cost, "rebuy")
    dungeon = match.stream("dungeon")
    the_deck = deck(match)
    for _, card in board_cards(match):
        # One draw per card, against the deck's length at that insertion; len(deck) = bottom.
        position = dungeon.randint(0, len(the_deck.cards))
        move_card(match, card, "deck", "return", position)  # the event never says where
