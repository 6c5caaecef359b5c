"""Components shared by every mode."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class MatchState:
    """The envelope of the state JSON: one per match, on the match's own entity."""

    phase: str
    turn: int = 0
    to_act: tuple[int, ...] = ()
    result: Any = None  # None while the match runs; a dict that is replaced, never mutated


@dataclass(slots=True)
class Ident:
    """A stable string id (`p0.ember`, `e9a`): what the state JSON and events print."""

    id: str


@dataclass(slots=True)
class Owner:
    seat: int


@dataclass(slots=True)
class GridPos:
    """A tile of a grid (x: column, y: row); absent while an entity is off the grid."""

    x: int
    y: int


@dataclass(slots=True)
class Round:
    """A match's round number (strike's combat rounds, conquest's movement rounds)."""

    round: int = 0


@dataclass(slots=True)
class Health:
    hp: int
    max_hp: int


@dataclass(slots=True)
class Status:
    """Base of every status component: turns left and a value (damage or heal per tick...).

    A status is its own component, added when it starts and removed when it ends; a status
    kind (game.engine.statuses) says what its ticks do. Subclasses add no field.
    """

    turns: int
    value: int = 0


@dataclass(slots=True)
class Cooldowns:
    remaining: tuple[int, ...] = ()


@dataclass(slots=True)
class CardRef:
    """The definition (resource id) an entity was created from."""

    definition: str


@dataclass(slots=True)
class Pile:
    """An ordered zone of card entities (deck, hand, discard, board slot, backpack...).

    `cards[0]` is the top. `capacity` 0 means unlimited.
    """

    name: str
    owner: int = -1
    capacity: int = 0
    cards: tuple[int, ...] = ()


@dataclass(slots=True)
class InPile:
    """Which pile entity a card is in (0: none, e.g. removed from the game)."""

    pile: int = 0


@dataclass(slots=True)
class Modifier:
    """A layered modifier of a hook value (docs/architecture.md), gathered in one query.

    `layer` is "add", "mul" or "cap". It applies when `role` is "any", or when the entity
    `holder` plays that role ("source" or "target") in the computation.
    """

    hook: str
    layer: str
    amount: float
    holder: int = 0
    role: str = "any"
    tag: str = ""
