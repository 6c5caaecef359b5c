"""The State JSON `board` of Marve-Strike (spec strike.md section 6), read from the world.

Units print in (owner, slot) order, flames in scan order, piles top first; each status kind
prints under its id, as {"turns", "value"} or only its turns (`shows_value`), 0s when absent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.components.common import GridPos
from game.engine.ecs import components_of
from game.engine.match import HIDDEN
from game.systems.strike import world

if TYPE_CHECKING:
    from game.engine.match import Match


def unit_json(kinds: tuple[Any, ...], hero: world.Hero) -> dict[str, Any]:
    entity, ident, owner, slot, card, health, cooldowns = hero
    held = components_of(entity)  # one table for the position and every status
    pos = held.get(GridPos)
    statuses: dict[str, Any] = {}
    for kind_id, component_type, pair in kinds:
        comp = held.get(component_type)
        if pair:
            statuses[kind_id] = ({"turns": comp.turns, "value": comp.value} if comp is not None
                                 else {"turns": 0, "value": 0})
        else:
            statuses[kind_id] = comp.turns if comp is not None else 0
    return {
        "id": ident.id, "owner": owner.seat, "slot": slot.slot, "card": card.definition,
        "pos": [pos.x, pos.y] if pos is not None else None,
        "hp": health.hp, "max_hp": health.max_hp, "cooldowns": list(cooldowns.remaining),
        "statuses": statuses,
    }


def board_json(match: Match) -> dict[str, Any]:
    """The `board` object with the canonical key and list orders of section 6."""
    board = world.board(match)
    g, d = board.grid, board.draft
    kinds = world.content(match).statuses.json_rows
    return {
        "cols": g.cols, "rows": g.rows, "zone_columns": g.zone_columns,
        "pool": list(d.pool),
        "picks": d.picks,
        "hands": [world.pile_cards(match, "hand0"), world.pile_cards(match, "hand1")],
        "decks": [world.pile_cards(match, "deck0"), world.pile_cards(match, "deck1")],
        "discard": world.pile_cards(match, "discard"),
        "units": [unit_json(kinds, h) for h in world.heroes(match)],
        "flames": [{"tile": [p.x, p.y], "owner": f.owner, "rounds": f.rounds, "value": f.value}
                   for _, p, f in world.flames(match)],
        "round": board.round.round,
        "rolls": list(board.rolls.rolls),
    } | ({"starter": d.starter} if world.seats_drawn(match) else {})


def mask_board(board: dict[str, Any], seat: int) -> dict[str, Any]:
    """A seat's view (6): only the forced rolls are hidden (the engine hides the seed)."""
    return {**board, "rolls": HIDDEN}
