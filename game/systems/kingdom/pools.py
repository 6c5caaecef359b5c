"""Deck-builder presets, deck validity and shop draws (spec kingdom.md 4.2 and 4.4.2).

Pure functions of the `Content` and, for the random ones, one `Stream`: the rules (build_deck,
shop top-up and refresh), the CPUs (their own `ai` stream) and the deck-builder screen all call
these, so the order and number of draws here is part of the replay format. `randrange(n)` of the
spec is `stream.randint(0, n - 1)`, one draw each.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate

from game.engine.rng import Stream
from game.systems.kingdom.content import MODES, Card, Content


def cheap_key(card: Card) -> tuple[int, int, str, str]:
    """The cheap order of 4.2.3: cost, era, name casefolded, id (all ascending)."""
    return (card.cost, card.era, card.name.casefold(), card.id)


def _cheap(content: Content, ids: Sequence[str]) -> list[str]:
    return sorted(ids, key=lambda i: cheap_key(content.cards[i]))


def select_all(content: Content, mode: str, faction: str) -> list[str]:
    """Select All: the first `deck_max_units` pool units in cheap order (the hero unchanged)."""
    return _cheap(content, content.pool_units(mode, faction))[:content.deck_max_units]


MAX_DRAW_TABLES = 4096  # (deck, level) running totals kept (a long simulation meets many)


def _randrange(stream: Stream, n: int) -> int:
    return stream.randint(0, n - 1)


def default_preset(content: Content, mode: str, faction: str, stream: Stream
                   ) -> tuple[str, list[str]]:
    """The Default preset of 4.2.3, drawing in exactly the spec's order: the hero, then one unit
    per era (continent mode prefers groups not picked yet), then cheap fillers up to the cap.

    Returns (hero, units) with the units in pick order (era picks first, then the fillers).
    """
    units = content.pool_units(mode, faction)
    heroes = content.pool_heroes(mode, faction)
    if not heroes:
        raise ValueError(f"the {mode} pool {faction!r} has no hero")
    hero = heroes[_randrange(stream, len(heroes))]
    chosen: list[str] = []
    groups: set[str] = set()
    for era in range(1, content.max_level + 1):
        candidates = [u for u in units if content.cards[u].era == era and u not in chosen]
        if mode == "continent":
            fresh = [u for u in candidates if content.cards[u].faction not in groups]
            candidates = fresh or candidates
        if not candidates:
            continue
        pick = candidates[_randrange(stream, len(candidates))]
        chosen.append(pick)
        groups.add(content.cards[pick].faction)
    for unit in _cheap(content, [u for u in units if u not in chosen]):
        if len(chosen) >= content.deck_max_units:
            break
        chosen.append(unit)
    return hero, chosen


def shop_weights(content: Content, deck: Sequence[str], level: int) -> list[int]:
    """w(t) = SHOP_WEIGHT(|era(t) - current era|) per deck unit, in deck order (4.4.2)."""
    table = content.shop_weights
    last = len(table) - 1
    return [table[min(abs(content.cards[t].era - level), last)] for t in deck]


def draw_offer(content: Content, deck: Sequence[str], level: int, stream: Stream) -> str:
    """One shop offer (4.4.2): r = randrange(sum of weights); the first type whose running total
    of weights exceeds r. One draw from `stream`; with replacement."""
    if not deck:
        raise ValueError("cannot draw an offer from an empty deck")
    key = (tuple(deck), level)
    draws = content._draws
    running = draws.get(key)
    if running is None:  # the running totals of a deck at a level: a pure function of both
        if len(draws) >= MAX_DRAW_TABLES:
            draws.clear()
        running = draws[key] = list(accumulate(shop_weights(content, deck, level)))
    return key[0][bisect_right(running, _randrange(stream, running[-1]))]


def deck_problem(content: Content, mode: str, faction: str, hero: str,
                 units: Sequence[str]) -> str | None:
    """None if the deck is valid (4.2.2), else a message naming the first failing rule, checked
    in the spec's order: mode, faction, hero, unit count, distinct units, units in the pool."""
    if mode not in MODES:
        return f"mode {mode!r} is not one of {', '.join(MODES)}"
    if not content.is_faction(mode, faction):
        where = "a countries entry" if mode == "country" else "a continent id"
        return f"faction {faction!r} is not {where} (mode {mode})"
    if hero not in content.pool_heroes(mode, faction):
        return f"hero {hero!r} is not a hero of the {faction} pool"
    low, high = content.deck_min_units, content.deck_max_units
    if not low <= len(units) <= high:
        return f"a deck has {low}-{high} unit types, not {len(units)}"
    seen: set[str] = set()
    for unit in units:
        if unit in seen:
            return f"unit {unit!r} is listed twice (unit types are distinct)"
        seen.add(unit)
    pool = set(content.pool_units(mode, faction))
    for unit in units:
        if unit not in pool:
            card = content.cards.get(unit)
            if card is not None and card.kind == "hero":
                return f"{unit!r} is a hero, never a unit"
            return f"unit {unit!r} is not in the {faction} pool"
    return None
