"""Determinization for the crawl CPU (spec 7.3 step 1): fill the hidden deck of a seat view.

A CPU never reads the live match (docs/architecture.md). It rebuilds the position from its seat
view, where the deck and the seed are "hidden", with the rules' own
`game.systems.crawl.scratch.scratch_match`; this module supplies the deck that match gets: per
type, `deck_types[t]` cards sampled from the run's cards of that type that are not on the
table, short pools filled with copies of catalogue cards, then shuffled, all from the CPU's
own `ai` stream.
"""

from __future__ import annotations

from typing import Any

from game.engine.rng import Stream
from game.systems.crawl.content import Content
from game.systems.crawl.scratch import run_cards

CARD_TYPES = ("enemy", "spell", "shield", "potion", "gold", "ability")


def visible_ids(board: dict[str, Any]) -> set[str]:
    cards = [*board["board"], board["left_hand"], board["right_hand"], board["backpack"]]
    return {c["id"] for c in cards if c is not None}


def determinize(view: dict[str, Any], content: Content, stream: Stream | None) -> list[dict]:
    """A deck consistent with the view. With no stream (a legality check only), the first
    cards of each pool are taken in order and nothing is shuffled."""
    board = view["board"]
    seen = visible_ids(board)
    run = run_cards(content, board["abilities"])
    catalogue: list[dict[str, Any]] | None = None  # made only for a short pool (a setup's)
    deck: list[dict[str, Any]] = []
    for card_type in CARD_TYPES:
        need = board["deck_types"][card_type]
        if not need:
            continue
        pool = [c for c in run if c["type"] == card_type and c["id"] not in seen]
        if len(pool) >= need:
            deck.extend(stream.sample(pool, need) if stream else pool[:need])
            continue
        deck.extend(pool)
        if catalogue is None:
            catalogue = run_cards(content, content.catalogue_ids)
        extra = [c for c in catalogue if c["type"] == card_type]
        for n in range(need - len(pool)):
            copy = dict(stream.choice(extra) if stream else extra[n % len(extra)])
            copy["id"] = f"{copy['id']}~{n}"  # setups need unique ids
            deck.append(copy)
    return stream.shuffle(deck) if stream else deck
