"""Components of Kingdom (spec kingdom.md section 6; docs/kingdom.md "Entities"): small values.

- the board entity: `Ident("board")`, `Board` (`next_uid`) and `CombatLog` (the last
  combat's events, plain data);
- a seat entity: `Ident("seat<n>")`, `Owner`, its Nexus as `Nexus` (level), `Health` (the
  Nexus HP), `Coins` and `Slots` (the unit in each slot), its `Shop` (the offer at each
  position) and its deck's tile as `Faction` (empty before `build_deck`);
- every card is an entity with `CardRef` and `Owner`, and where it is: a card of a deck is in
  the seat's deck pile (`InPile`, the engine's piles `deck0` / `deck1`), a shop offer has an
  `Offer`, the hero has a `Hero` (its status), and a deployed unit (the hero too) has a `Slot`,
  its uid as `Ident`, its `Stats` and, when its keyword saves neighbours, a `GuardianCharge`.
  `Slots` and `Shop` hold their cards' entities by position as an engine `Pile` holds its cards
  (0 where a position is empty), and a card's `Slot` / `Offer` says where it is, as `InPile`
  does: the commands that move a card change both;
- intents, attached by a decision and consumed by the step's systems: `DeckOrder` (on the
  seat), `BuyOrder` (on the offer or the hero), `SellOrder` and `MoveOrder` (on the unit),
  `RefreshOrder`, `UpgradeOrder` and `EndTurnOrder` (on the seat).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Unit = tuple[str, str]  # (card id, uid "u<n>"): a deployed unit as a State JSON slot shows it


@dataclass(slots=True)
class Board:
    """`board.next_uid`: the number of the next bought unit's uid."""

    next_uid: int = 1


@dataclass(slots=True)
class CombatLog:
    """`board.combat_log`: the last combat's events (4.6.7), plain JSON objects that nothing
    changes once stored (a State JSON copies them). `shaped`: a combat of these rules made
    them, so they have the shapes of 4.6.7 (a setup's log may hold any event objects)."""

    events: tuple[dict[str, Any], ...] = ()
    shaped: bool = True


@dataclass(slots=True)
class Nexus:
    """A seat's Nexus level (its era); its HP is the seat's `Health`, its slots `Slots`."""

    level: int


@dataclass(slots=True)
class Slots:
    """The unit entity in each slot of a seat's board (SLOTS(level) of them), 0 where empty."""

    units: tuple[int, ...]


@dataclass(slots=True)
class Coins:
    coins: int


@dataclass(slots=True)
class Shop:
    """The offer card entity at each position of a seat's shop, 0 where it was bought."""

    offers: tuple[int, ...] = ()


@dataclass(slots=True)
class Faction:
    """The tile a seat built its deck from: a country or continent id, and the deck mode
    (both None before `build_deck`)."""

    faction: str | None = None
    mode: str | None = None


@dataclass(slots=True)
class Offer:
    """A card in its owner's shop, at position `index`."""

    index: int


@dataclass(slots=True)
class Hero:
    """The seat's hero card: "in_hand", "deployed" (it also has a `Slot`) or "dead"."""

    status: str


@dataclass(slots=True)
class Slot:
    """A deployed unit's slot on its owner's board."""

    index: int


@dataclass(slots=True)
class Stats:
    """A unit's base ATK and DEF (a combat adds the aura modifiers it gathers)."""

    atk: int
    defense: int


@dataclass(slots=True)
class GuardianCharge:
    """The saves a guardian has in a combat (`guardian_charges`; a guardian dies when it
    saves, 4.6.4)."""

    charges: int


# -- intents -----------------------------------------------------------------------------------
@dataclass(slots=True)
class DeckOrder:
    mode: str
    faction: str
    hero: str
    units: tuple[str, ...]


@dataclass(slots=True)
class BuyOrder:
    """On the bought card: the offer position (or "hero") and the target slot."""

    offer: int | str
    slot: int


@dataclass(slots=True)
class SellOrder:
    pass


@dataclass(slots=True)
class MoveOrder:
    to: int


@dataclass(slots=True)
class RefreshOrder:
    pass


@dataclass(slots=True)
class UpgradeOrder:
    pass


@dataclass(slots=True)
class EndTurnOrder:
    pass
