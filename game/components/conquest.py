"""Components of CardConquest (spec conquest.md section 6.2; docs/conquest.md "Entities").

Small, plain values, one fact each:

- the board entity: `Ident("board")`, the map's fixed data (`ConquestMap`: terrain,
  neighbours, zones, bases; it never changes), `ArmySetup`, `Round`, `Sequence` (the battle
  being fought) and `LastResult`;
- a seat: `Owner`, `Commander`, and `Ready` while it is ready (4.3);
- a tank or an infantry: `Ident` (`p0.t3`), `Owner`, `UnitKind`, `OnTile` (tile None in the
  placement tray), and while they hold: `Fought`, `Reinforced` (flags of the battle sequence),
  `Order` (a pending placement or move: a long-lived intent, secret until both seats are
  ready), `Reinforcing` (picked for the current battle), `Retreating` (must leave the site);
- a battle card of a hand or a discard pile: `CardRef`, `Owner`, `InPile` (engine piles
  `hand0`, `hand1`, `discard0`, `discard1`), and `Chosen` while it is its seat's card for
  the current battle;
- a tile that holds state: a base (`Site`, `Base` with its defence bonus) or a battle of the
  current sequence's list (`Site`, `Battle`);
- decision intents, attached by a decision and consumed by its step: `CommanderChoice`,
  `PlaceUnits`, `MoveUnits`, `ResetOrders` (on the seat), `PickUnits` (on the seat),
  `ChooseCard` (on the card), `RetreatTo` (on the unit), `ReadyOrder` (on the seat).

Every value is immutable (ints, strs, bools, tuples, frozen maps; `LastResult.result` is a
dict that is replaced, never mutated) so the journal can record and restore it by assignment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class TileDef:
    """One tile of the map (3.1): doubled-row coordinates, land or water, zone and base."""

    id: str
    col: int
    row: int
    land: bool
    zone: int | None
    base_of: int | None


@dataclass(frozen=True, slots=True)
class ConquestMap:
    """The map's fixed data (3.1), one component on the board entity: every tile, the land
    tiles in scan order, their land neighbours (in scan order, derived from coordinates), the
    scan position of each, the base and the placement zone of each seat."""

    id: str
    tiles: dict[str, TileDef]
    land: tuple[str, ...]
    neighbours: dict[str, tuple[str, ...]]
    scan: dict[str, int]
    bases: tuple[str, str]
    zones: tuple[tuple[str, ...], tuple[str, ...]]

    def is_land(self, tile: str) -> bool:
        found = self.tiles.get(tile)
        return found is not None and found.land

    def col(self, tile: str) -> int:
        return self.tiles[tile].col

    def distance(self, a: str, b: str) -> int:
        """Hex distance on doubled rows (3.1): dc + max(0, (dr - dc) / 2)."""
        ta, tb = self.tiles[a], self.tiles[b]
        dc, dr = abs(ta.col - tb.col), abs(ta.row - tb.row)
        return dc + max(0, (dr - dc) // 2)

    def base_owner(self, tile: str) -> int | None:
        return self.tiles[tile].base_of


# -- the board ---------------------------------------------------------------------------------
@dataclass(slots=True)
class ArmySetup:
    """"commanders" (each seat picks a commander army) or "classic" (6.2 `setup_kind`)."""

    kind: str


@dataclass(slots=True)
class Sequence:
    """The number of the battle being fought (kept through its retreat step), else None."""

    current: int | None = None


@dataclass(slots=True)
class LastResult:
    """The most recent resolution's `last_result` (6.3), kept until the next one."""

    result: dict[str, Any] | None = None


# -- seats -------------------------------------------------------------------------------------
@dataclass(slots=True)
class Commander:
    """The seat's commander army id (public, 4.4); None in Classic and until chosen."""

    army: str | None = None


@dataclass(slots=True)
class Ready:
    """The seat is ready: its orders are frozen until it unreadies (4.3)."""


# -- units -------------------------------------------------------------------------------------
@dataclass(slots=True)
class UnitKind:
    """"tank" or "infantry", and the unit's number within its kind (the n of `p0.t<n>`)."""

    kind: str
    n: int


@dataclass(slots=True)
class OnTile:
    """The committed tile of a unit; None while it waits in the placement tray (4.5)."""

    tile: str | None


@dataclass(slots=True)
class Fought:
    """The unit was in a main army earlier in this battle sequence (4.8.2)."""


@dataclass(slots=True)
class Reinforced:
    """The unit reinforced a battle earlier in this battle sequence (4.9.3)."""


@dataclass(slots=True)
class Order:
    """A pending placement or move (4.5, 4.6): the tile the unit will stand on when both
    seats are ready. A long-lived intent, secret from the other seat."""

    tile: str


@dataclass(slots=True)
class Reinforcing:
    """Picked to reinforce the current battle (4.9): secret until both seats are ready, then
    public until the resolution."""


@dataclass(slots=True)
class Retreating:
    """One of the units that must leave the current battle's site in this retreat (4.12)."""


# -- cards -------------------------------------------------------------------------------------
@dataclass(slots=True)
class Chosen:
    """The card its seat plays in the current battle (4.10): secret until the resolution."""


# -- tiles that hold state ---------------------------------------------------------------------
@dataclass(slots=True)
class Site:
    """The map tile an entity is: a base, or a battle's site."""

    tile: str


@dataclass(slots=True)
class Base:
    """A base (3.1) and what it gives its owner in a battle on it (4.11.3 `base`): a
    modifier of the battle score."""

    owner: int
    bonus: int


@dataclass(slots=True)
class Battle:
    """One battle of the current sequence's list (4.7): its number and state."""

    number: int
    state: str  # "pending" | "current" | "done"


@dataclass(slots=True)
class Outcome:
    """The verdict of the battle being resolved (scores, winner, casualties, who retreats) and
    the ids of both seats' picks, on its battle entity from the judging system until the
    battle is done."""

    verdict: Any
    picks: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())


# -- decision intents --------------------------------------------------------------------------
@dataclass(slots=True)
class CommanderChoice:
    army: str


@dataclass(slots=True)
class PlaceUnits:
    """`place`: these unit entities (canonical order, once each) to `tile` (None: the tray)."""

    units: tuple[int, ...]
    tile: str | None


@dataclass(slots=True)
class MoveUnits:
    """`move`: these unit entities to `tile` (their own tile clears their order)."""

    units: tuple[int, ...]
    tile: str


@dataclass(slots=True)
class ResetOrders:
    """`reset_moves`: the seat's orders cleared (placement, movement) or its retreating units
    back on the site (retreat)."""


@dataclass(slots=True)
class PickUnits:
    """`reinforce`: the seat's picks become exactly these unit entities."""

    units: tuple[int, ...]


@dataclass(slots=True)
class ChooseCard:
    """`choose_card`: this card becomes its seat's chosen card."""


@dataclass(slots=True)
class RetreatTo:
    """`retreat`: the unit moves off the site to `tile`, now and publicly."""

    tile: str


@dataclass(slots=True)
class ReadyOrder:
    """`ready` (True) or `unready` (False)."""

    ready: bool
