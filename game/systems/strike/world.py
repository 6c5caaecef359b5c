"""Queries of a strike world (docs/strike.md "Entities"): heroes, tiles, the board's singletons, piles.

Everything is read from the esper world, with no index beside it: heroes are the entities
with a `Slot`, sorted by (owner, slot) because esper returns set order; the board's
components are the one entity with a `Grid`. esper's own cached lists are never handed out
(mutating one corrupts its cache).

Four derived lookups are cached with `game.engine.ecs.derived`, because a measurement showed it
pays (docs/strike.md "Speed"): the sorted hero list, the sorted flame tiles, the board's
components and the card id of each card entity. They depend only on which entities exist, and hold component objects that rules
change in place and never replace. Callers must not mutate them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.components.common import CardRef, Cooldowns, GridPos, Health, Ident, Owner
from game.components.strike import Draft, Flame, Grid, Rolls, Round, Slot
from game.engine.ecs import components_of, derived
from game.engine.piles import cards_in

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.strike.content import Content

PILES = ("hand0", "hand1", "deck0", "deck1", "discard")

# (entity, ident, owner, slot, card, health, cooldowns)
Hero = tuple[int, Ident, Owner, Slot, CardRef, Health, Cooldowns]


def _key(hero: Hero) -> tuple[int, int]:
    return (hero[2].seat, hero[3].slot)


def _heroes() -> list[Hero]:
    found = [(e, i, o, s, c, h, cd) for e, (i, o, s, c, h, cd)
             in esper.get_components(Ident, Owner, Slot, CardRef, Health, Cooldowns)]
    found.sort(key=_key)
    return found


def heroes() -> list[Hero]:
    """Every hero (living or dead, placed or not) in (owner, slot) order (do not mutate)."""
    return derived("strike.heroes", _heroes)


def living(seat: int | None = None) -> list[Hero]:
    return [h for h in heroes() if h[5].hp > 0 and (seat is None or h[2].seat == seat)]


def hero(unit_id: str) -> Hero | None:
    for h in heroes():
        if h[1].id == unit_id:
            return h
    return None


def tile_of(entity: int) -> tuple[int, int] | None:
    pos = esper.try_component(entity, GridPos)
    return (pos.x, pos.y) if pos is not None else None


def occupied() -> set[tuple[int, int]]:
    """Tiles holding a living hero (4.1): heroes leave the grid when they die."""
    out = set()
    for h in heroes():
        pos = components_of(h[0]).get(GridPos)
        if pos is not None:
            out.add((pos.x, pos.y))
    return out


def _flames() -> list[tuple[int, GridPos, Flame]]:
    found = [(e, p, f) for e, (p, f) in esper.get_components(GridPos, Flame)]
    found.sort(key=lambda t: (t[1].x, t[1].y))
    return found


def flames() -> list[tuple[int, GridPos, Flame]]:
    """Flame tiles in scan order (column, then row) (do not mutate)."""
    return derived("strike.flames", _flames)


def _board() -> tuple[int, Grid, Draft, Round, Rolls]:
    entity, grid_ = esper.get_component(Grid)[0]
    return (entity, grid_, esper.component_for_entity(entity, Draft),
            esper.component_for_entity(entity, Round), esper.component_for_entity(entity, Rolls))


def _the_board() -> tuple[int, Grid, Draft, Round, Rolls]:
    return derived("strike.board", _board)


def grid() -> Grid:
    return _the_board()[1]


def draft() -> Draft:
    return _the_board()[2]


def round_() -> Round:
    return _the_board()[3]


def rolls() -> Rolls:
    return _the_board()[4]


def board_entity() -> int:
    return _the_board()[0]


def _card_ids() -> dict[int, str]:
    return {e: c.definition for e, c in esper.get_component(CardRef)}


def pile_cards(match: Match, name: str) -> list[str]:
    """The card ids of a pile, top first."""
    names = derived("strike.card_ids", _card_ids)
    return [names[c] for c in cards_in(match.piles[name])]


def card_in(match: Match, pile: str, card_id: str) -> int | None:
    """The entity of a card of that id in a pile."""
    for c in cards_in(match.piles[pile]):
        if esper.component_for_entity(c, CardRef).definition == card_id:
            return c
    return None


def content(match: Match) -> Content:
    return match.rules.content


def seats_drawn(match: Match) -> bool:
    """Rules "2" on: the deal draws the starter (docs/strike.md "Fair seats")."""
    return match.rules.rules_version != "1"


def statuses_of(match: Match, entity: int) -> list[tuple[Any, Any]]:
    """(kind, component) of the statuses an entity holds, in declaration order."""
    out = []
    for kind in content(match).statuses.kinds:
        comp = esper.try_component(entity, kind.component)
        if comp is not None:
            out.append((kind, comp))
    return out


def blocked(match: Match, entity: int, action: str) -> bool:
    """True when a status of the entity blocks `action` ("attack": stun; "move": root)."""
    return any(esper.has_component(entity, t)
               for t in content(match).statuses.blocking(action))


def ident_of(entity: int) -> str:
    return esper.component_for_entity(entity, Ident).id
