"""Components of Marve-Strike (spec strike.md section 6; docs/architecture.md): small, plain values.

- the board entity: `Ident("board")`, `Grid`, `Draft`, `Round` (game.components.common), `Rolls`;
- a card of the pool, a hand, a deck or the discard: `CardRef` and `InPile` (engine piles
  `hand0`, `hand1`, `deck0`, `deck1`, `discard`);
- a hero: `Ident`, `Owner`, `Slot`, `CardRef`, `Element`, `Health`, `Cooldowns`, `GridPos` while
  on the grid, and one component per active status (each status kind of the content has its own
  component class, made by game.engine.statuses from `statuses.toml`: burn, stun, root, regen,
  or a kind a mod declares);
- a tile that holds a flame: `GridPos` and `Flame`;
- intents, added by a decision and consumed by the step's systems: `PickCard` (on the card),
  `PlaceOrder`, `MoveOrder`, `AttackOrder` (on the hero), `PassOrder` (on the board).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Grid:
    cols: int
    rows: int
    zone_columns: int


@dataclass(slots=True)
class Draft:
    pool: tuple[str, ...]
    picks: int = 0
    # The seat that drafts, places and fights first: always 0 in rules "1"; drawn by the deal
    # in rules "2" (docs/strike.md "Fair seats").
    starter: int = 0


@dataclass(slots=True)
class Rolls:
    """Forced combat rolls, used first (4.12)."""

    rolls: tuple[int, ...] = ()


@dataclass(slots=True)
class Slot:
    slot: int


@dataclass(slots=True)
class Element:
    element: str


@dataclass(slots=True)
class Flame:
    owner: int
    rounds: int
    value: int


# -- intents -------------------------------------------------------------------------------
@dataclass(slots=True)
class PickCard:
    seat: int
    verb: str
    drop: str | None = None


@dataclass(slots=True)
class PassOrder:
    seat: int


@dataclass(slots=True)
class PlaceOrder:
    x: int
    y: int


@dataclass(slots=True)
class MoveOrder:
    x: int
    y: int


@dataclass(slots=True)
class AttackOrder:
    attack: int
    target: int | None = None  # the target hero's entity (None: none, a heal)
