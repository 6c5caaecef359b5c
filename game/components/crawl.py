"""Card Crawl components (spec crawl.md sections 4.1 and 6.1): plain data, changed only
through engine commands (game.systems.crawl.commands).

- a card: `Ident` (its stable id), `CrawlCard`, `LastValue` and `InPile` (the zone pile it is
  in; pile 0 once it has left the game), plus one component per card mark it holds (Pyroclasm,
  Shield Bash or a mark a mod declares: a status kind of `statuses.toml`);
- the hero: `Ident("hero")`, `Health` (the engine's), `Hero` (the gold) and one component per
  one-shot effect it holds (Revive, Deflect, Capitalize or a mod's: status kinds too);
- the run: `Ident("run")` and `Run` (the counters of the State JSON);
- the zones: engine `Pile`s named in game.systems.crawl.world;
- intents, added by an accepted decision and consumed by the `play` or `pick` step's systems,
  on the run entity: `MoveOrder`, `RebuyOrder`, `RandomAttackOrder`, `PickOrder`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class CrawlCard:
    """The card fields of the State JSON except `id` (the entity's `Ident`) and its marks
    (status components).

    `type` is enemy | spell | shield | potion | gold | ability. Abilities have `value` and
    `initial_value` None and name their ability in `ability`; Life and Galvanize rewrite
    `type`, `value`, `initial_value`, `ability` and `name` when the card becomes a potion or
    gold card (4.7).
    """

    type: str
    value: int | None
    initial_value: int | None
    ability: str | None = None
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
    """The hero's gold (the score). HP is the engine's `Health`; the one-shot effects are
    status components."""

    gold: int = 0


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


# -- intents (docs/architecture.md "One decision, from click to event") ----------------------
@dataclass(slots=True)
class MoveOrder:
    """An accepted `move`: its resolution `kind` (moves.judge_move), the card that moves, the
    destination pile (0 for the hero and the chest) and the card there (0 for none)."""

    kind: str
    card: int
    dest: int = 0
    target: int = 0


@dataclass(slots=True)
class RebuyOrder:
    """An accepted `rebuy`, on the run entity."""


@dataclass(slots=True)
class RandomAttackOrder:
    """An accepted `random_attack`, on the run entity."""


@dataclass(slots=True)
class PickOrder:
    """An accepted `choose_abilities` (a constructed run's pick), on the run entity."""

    abilities: tuple[str, ...] = ()
