"""Card Crawl components (spec crawl.md sections 4.1 and 6.1): plain data, changed only
through the match journal (`match.journal.set(component, field=value)`).

A card is an entity with `Ident` (its stable id), `CrawlCard`, `LastValue` and `InPile` (the
zone pile it is in; pile 0 once it has left the game). The hero and the run counters live on
two more entities. Zones are engine `Pile`s named in `game.systems.crawl.zones`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class CrawlCard:
    """The card fields of the State JSON except `id` (which is the entity's `Ident`).

    `type` is enemy | spell | shield | potion | gold | ability. Abilities have `value` and
    `initial_value` None and name their ability in `ability`; Life and Galvanize rewrite
    `type`, `value`, `initial_value`, `ability` and `name` when the card becomes a potion or
    gold card (4.7).
    """

    type: str
    value: int | None
    initial_value: int | None
    ability: str | None = None
    pyro: bool = False
    bash: bool = False
    spent: bool = False
    name: str = ""


@dataclass(slots=True)
class LastValue:
    """The value at the start of the last action (4.3 step 1): views pulse changed numbers.

    Not part of the State JSON, so it can never break a replay (design decision 17).
    """

    value: int | None = None


@dataclass(slots=True)
class Hero:
    """The hero: hit points, gold and the three one-shot effect flags (4.6, 4.7)."""

    hp: int
    max_hp: int
    gold: int = 0
    can_revive: bool = False
    reflect_damage: bool = False
    bleed: bool = False


@dataclass(slots=True)
class Run:
    """Run-wide values of the State JSON `board` object (6.1).

    `abilities` is a tuple of ability ids (catalogue order after a deal, as given in a setup).
    """

    variant: str = "normal"
    abilities: tuple[str, ...] = ()
    clear_counter: int = 0
    random_attack_used: bool = False
    removed: int = 0
