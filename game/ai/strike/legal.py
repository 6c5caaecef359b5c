"""The legal decisions of a seat view in the canonical order of spec 4.6 and section 5
(`tabula replay --legal`), for the easy CPU's uniform draws.

Built from the parsed view with the rules' own BFS (`reach.bfs_reachable`); a test checks the
list against the rules' `legal_decisions` on many positions.
"""

from __future__ import annotations

from typing import Any

from game.ai.strike.position import Position, parse_position
from game.ai.strike.reach import bfs_reachable
from game.ai.strike.score import cheb
from game.ai.strike.tables import Tables

Decision = dict[str, Any]
Tile = tuple[int, int]


def zone_tiles(board: dict[str, Any], seat: int) -> list[Tile]:
    """Empty tiles of the seat's placement zone in scan order (4.4)."""
    cols, rows, width = board["cols"], board["rows"], board["zone_columns"]
    columns = range(0, width) if seat == 0 else range(cols - width, cols)
    occupied = {(u["pos"][0], u["pos"][1]) for u in board.get("units", ())
                if u.get("pos") is not None and u.get("hp", 1) > 0}
    return [(c, r) for c in columns for r in range(rows) if (c, r) not in occupied]


def draft_legal(board: dict[str, Any], seat: int, tables: Tables) -> list[Decision]:
    """Steals (other hand order), then retains (own hand order); a full deck: every swap
    (other-hand card × own deck card), then `pass`."""
    own, other = board["hands"][seat], board["hands"][1 - seat]
    deck = board["decks"][seat]
    if len(deck) >= tables.deck_size:
        swaps = [{"seat": seat, "type": "swap", "card": c, "drop": d} for c in other for d in deck]
        return [*swaps, {"seat": seat, "type": "pass"}]
    return ([{"seat": seat, "type": "steal", "card": c} for c in other]
            + [{"seat": seat, "type": "retain", "card": c} for c in own])


def combat_legal(position: Position) -> list[Decision]:
    """Units in slot order; per unit its abilities (index order, targets in slot order) then
    its moves (BFS discovery order); an empty list means only `pass` is legal."""
    seat = position.seat
    own = sorted((u for u in position.units if u.owner == seat and u.hp > 0 and u.pos),
                 key=lambda u: u.slot)
    enemies = sorted((u for u in position.units if u.owner != seat and u.hp > 0 and u.pos),
                     key=lambda u: u.slot)
    out: list[Decision] = []
    for unit in own:
        pos = unit.pos
        assert pos is not None
        if unit.stun <= 0:
            for attack in unit.card.attacks:
                if unit.cooldowns[attack.index] != 0:
                    continue
                base = {"seat": seat, "type": "attack", "unit": unit.id, "attack": attack.index}
                if attack.kind == "heal":
                    out.append(base)
                    continue
                out.extend({**base, "target": e.id} for e in enemies
                           if cheb(pos, e.pos) <= attack.range)  # type: ignore[arg-type]
        if unit.root <= 0:
            tiles = bfs_reachable(pos, unit.card.move, False, cols=position.cols,
                                  rows=position.rows, occupied=position.occupied)
            out.extend({"seat": seat, "type": "move", "unit": unit.id, "to": [c, r]}
                       for c, r in tiles[1:])
    return out


def legal_from_view(view: dict[str, Any], seat: int, tables: Tables) -> list[Decision]:
    """The canonical legal list of the view's position for `seat` (empty once over)."""
    if view.get("result") is not None or seat not in view.get("to_act", ()):
        return []
    phase, board = view["phase"], view["board"]
    if phase == "draft":
        return draft_legal(board, seat, tables)
    if phase == "placement":
        return [{"seat": seat, "type": "place", "tile": [c, r]} for c, r in zone_tiles(board, seat)]
    if phase == "combat":
        return combat_legal(parse_position(view, tables, seat)) or [{"seat": seat,
                                                                     "type": "pass"}]
    return []
