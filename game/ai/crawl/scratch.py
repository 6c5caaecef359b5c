"""Scratch matches for the crawl CPU: the seat view loaded as a setup, its hidden deck filled in.

A CPU never reads the live match (DESIGN.md section 5). It rebuilds the position from its seat
view, where the deck and the seed are "hidden", and fills those in itself: `determinize` samples
a deck consistent with the view's counts by type (spec 7.3), and the CPU's own `ai` stream gives
the scratch match its seed. Look-ahead then marks, submits and rolls back in that match.
"""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.engine.rng import Stream

CARD_TYPES = ("enemy", "spell", "shield", "potion", "gold", "ability")


def _card(entry: dict[str, Any]) -> dict[str, Any]:
    """A setup card from a resource entry (deck card or ability)."""
    if "kind" in entry:  # an ability definition
        return {"id": entry["id"], "type": "ability", "ability": entry["id"]}
    return {"id": entry["id"], "type": entry["type"], "value": entry["value"]}


class Catalogue:
    """The run's possible cards, from the loaded resources (mods included)."""

    _cache: dict[int, tuple[Any, Catalogue]] = {}

    @classmethod
    def of(cls, resources: Any) -> Catalogue:
        """One catalogue per loaded resource set (resource sets are cached and immutable)."""
        cached = cls._cache.get(id(resources))
        if cached is None or cached[0] is not resources:
            cached = cls._cache[id(resources)] = (resources, cls(resources))
        return cached[1]

    def __init__(self, resources: Any) -> None:
        self.deck = [_card(e.model_dump()) for e in resources.entries("deck.toml")]
        self.abilities = {e.id: e.model_dump() for e in resources.entries("abilities.toml")}
        self.ability_cards = {a: _card(info) for a, info in self.abilities.items()}

    def run_cards(self, abilities: list[str]) -> list[dict[str, Any]]:
        """The deck.toml cards plus one card per ability of the run."""
        return [*self.deck, *(self.ability_cards[a] for a in abilities if a in self.ability_cards)]

    def of_type(self, card_type: str) -> list[dict[str, Any]]:
        if card_type == "ability":
            return list(self.ability_cards.values())
        return [c for c in self.deck if c["type"] == card_type]


def visible_ids(board: dict[str, Any]) -> set[str]:
    cards = [*board["board"], board["left_hand"], board["right_hand"], board["backpack"]]
    return {c["id"] for c in cards if c is not None}


def determinize(view: dict[str, Any], catalogue: Catalogue, stream: Stream | None) -> list[dict]:
    """A deck consistent with the view (spec 7.3 step 1): per type, `deck_types[t]` cards drawn
    without replacement from the run's cards of that type that are not on the table, short
    pools filled with copies of catalogue cards; then shuffled. With no stream (legality
    only), the first cards of each pool are taken in order."""
    board = view["board"]
    seen = visible_ids(board)
    run = catalogue.run_cards(board["abilities"])
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
        extra = catalogue.of_type(card_type)
        for n in range(need - len(pool)):
            copy = dict(stream.choice(extra) if stream else extra[n % len(extra)])
            copy["id"] = f"{copy['id']}~{n}"  # setups need unique ids
            deck.append(copy)
    return stream.shuffle(deck) if stream else deck


def scratch_match(view: dict[str, Any], deck: list[dict[str, Any]], seed: int,
                  resources: Any) -> Match:
    """A match at the view's position with `deck` as its deck and `seed` as its seed."""
    from game.engine.modes import get_mode

    spec = get_mode("crawl")
    assert spec is not None
    board = dict(view["board"])
    board["deck"] = deck
    setup = {key: value for key, value in view.items() if key not in ("seed", "seats", "board")}
    setup["board"] = board
    setup["seed"] = seed
    record = {"format": 1, "mode": "crawl", "rules": view["rules"], "seed": seed,
              "options": {"variant": board["variant"]}, "setup": setup, "decisions": []}
    return spec.create_match(record, resources)
