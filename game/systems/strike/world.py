"""Queries of a strike world (docs/strike.md "Entities"): heroes, flames, the board, piles.

Everything is read from the esper world through the engine's query layer (game.engine.query):
named rows, cached per world until a component type they read is added or removed. Heroes are
the entities with a `Slot`, in (owner, slot) order; flames are tiles with a `Flame`, in scan
order; the board's components are on the one entity with a `Grid`. Callers must not mutate the
lists they get.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.components.common import CardRef, Cooldowns, GridPos, Health, Ident, Owner, Round
from game.components.strike import Draft, Flame, Grid, Rolls, Slot
from game.engine.ecs import components_of
from game.engine.piles import cards_in
from game.engine.query import Query

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.strike.content import Content

PILES = ("hand0", "hand1", "deck0", "deck1", "discard")

HEROES = Query("hero", ident=Ident, owner=Owner, slot=Slot, card=CardRef, health=Health,
               cooldowns=Cooldowns, order=lambda h: (h.owner.seat, h.slot.slot),
               key=lambda h: h.ident.id)
# Heroes on the grid (a hero leaves it when it dies), for the tiles they block.
PLACED = Query("placed", slot=Slot, pos=GridPos)
FLAMES = Query("flame", pos=GridPos, flame=Flame, order=lambda f: (f.pos.x, f.pos.y))
BOARD = Query("board", grid=Grid, draft=Draft, round=Round, rolls=Rolls)
CARDS = Query("card", card=CardRef, key=lambda c: c.entity)

Hero = Any  # a row of HEROES: entity, ident, owner, slot, card, health, cooldowns


def heroes(match: Match) -> list[Hero]:
    """Every hero (living or dead, placed or not) in (owner, slot) order."""
    return HEROES(match)


def living(match: Match, seat: int | None = None) -> list[Hero]:
    return [h for h in HEROES(match) if h.health.hp > 0 and (seat is None or h.owner.seat == seat)]


def hero(match: Match, unit_id: str) -> Hero | None:
    return HEROES.get(match, unit_id)


def tile_of(entity: int) -> tuple[int, int] | None:
    pos = esper.try_component(entity, GridPos)
    return (pos.x, pos.y) if pos is not None else None


def occupied(match: Match) -> set[tuple[int, int]]:
    """Tiles holding a hero (4.1): heroes leave the grid when they die."""
    return {(p.pos.x, p.pos.y) for p in PLACED(match)}


def flames(match: Match) -> list[Any]:
    """Flame tiles in scan order (column, then row): rows of entity, pos, flame."""
    return FLAMES(match)


def board(match: Match) -> Any:
    """The board's row: entity, grid, draft, round, rolls."""
    return BOARD.first(match)


def pile_cards(match: Match, name: str) -> list[str]:
    """The card ids of a pile, top first."""
    cards = CARDS.index(match)
    return [cards[c].card.definition for c in cards_in(match.piles[name])]


def card_in(match: Match, pile: str, card_id: str) -> int | None:
    """The entity of a card of that id in a pile."""
    cards = CARDS.index(match)
    for c in cards_in(match.piles[pile]):
        if cards[c].card.definition == card_id:
            return c
    return None


def content(match: Match) -> Content:
    return match.rules.content


def seats_drawn(match: Match) -> bool:
    """Rules "2" on: the deal draws the starter (docs/strike.md "Fair seats")."""
    return match.rules.rules_version != "1"


def statuses_of(match: Match, entity: int) -> list[tuple[Any, Any]]:
    """(kind, component) of the statuses an entity holds, in declaration order."""
    held = components_of(entity)  # one table lookup for every kind (the search's hot read)
    out = []
    for kind in content(match).statuses.kinds:
        comp = held.get(kind.component)
        if comp is not None:
            out.append((kind, comp))
    return out


def blocked(match: Match, entity: int, action: str) -> bool:
    """True when a status the entity holds blocks `action` ("attack" or "move"), by its
    kind's `blocks` (stun blocks attacks and root moves in the base game; a mod adds more)."""
    return any(esper.has_component(entity, t)
               for t in content(match).statuses.blocking(action))


def ident_of(entity: int) -> str:
    return esper.component_for_entity(entity, Ident).id
