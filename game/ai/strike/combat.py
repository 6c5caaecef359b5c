"""The normal CPU's combat (spec 7.2, algorithms 5, 6, 7 and 11).

One decision per turn: every own unit offers its best attack (target by (5), ability by (7))
and its approach move (6); the first best score in scan order wins (11). Positions come from
`position.parse_position`, so nothing here reads JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.strike.dac import dac_max
from game.ai.strike.position import Position, Unit
from game.ai.strike.reach import bfs_reachable
from game.ai.strike.score import cheb, get_attack_score, target_ratio
from game.ai.strike.tables import Attack, Tables

Decision = dict[str, Any]
Tile = tuple[int, int]

FIRE_BONUS = 2
KILL_BONUS = 50
MOVE_SCORE = 10


def select_attack_target(unit: Unit, pos: Tile, opponents: Sequence[Unit],
                         prioritize_range: bool) -> Unit | None:
    """Algorithm 5: with `prioritize_range`, keep the opponents within the largest range of
    the unit's ready abilities (heals included; none left: keep all), then `dac_max` of
    `get_target_score`."""
    candidates = opponents
    if prioritize_range:
        cooldowns = unit.cooldowns
        ready = [a.range for a in unit.card.attacks if cooldowns[a.index] == 0]
        if ready:
            reach = max(ready)
            near = [c for c in opponents if cheb(pos, c.pos) <= reach]  # type: ignore[arg-type]
            if near:
                candidates = near
    return dac_max(candidates, lambda c: target_ratio(pos, c))


def movement_tiles(unit: Unit, pos: Tile, position: Position) -> list[Tile]:
    """The unit's BFS tiles (own tile first, then its legal destinations; spec 4.2)."""
    return bfs_reachable(pos, unit.card.move, False, cols=position.cols, rows=position.rows,
                         occupied=position.occupied)


def select_position(unit: Unit, pos: Tile, target: Unit | None, position: Position,
                    tiles: list[Tile] | None = None) -> Tile:
    """Algorithm 6: the first BFS tile (own tile first) at the smallest Manhattan distance
    from the target; no target: stay."""
    if target is None:
        return pos
    goal = target.pos
    assert goal is not None
    if tiles is None:
        tiles = movement_tiles(unit, pos, position)
    best, best_distance = pos, None
    for tile in tiles:
        distance = abs(tile[0] - goal[0]) + abs(tile[1] - goal[1])
        if best_distance is None or distance < best_distance:
            best, best_distance = tile, distance
    return best


def select_attack_placement(unit: Unit, pos: Tile, target: Unit,
                            tables: Tables) -> Attack | None:
    """Algorithm 7: among the ready strikes and drains that reach the target (index order),
    the first with the largest damage × element percent."""
    distance = cheb(pos, target.pos)  # type: ignore[arg-type]
    valid = [a for a in unit.card.attacks
             if unit.cooldowns[a.index] == 0 and a.targets_enemy and distance <= a.range]
    return dac_max(valid, lambda a: get_attack_score(a, target, tables))


def attack_decision(seat: int, unit: Unit, attack: Attack, target: Unit | None) -> Decision:
    decision: Decision = {"seat": seat, "type": "attack", "unit": unit.id,
                          "attack": attack.index}
    if target is not None:
        decision["target"] = target.id
    return decision


def move_decision(seat: int, unit: Unit, to: Tile) -> Decision:
    return {"seat": seat, "type": "move", "unit": unit.id, "to": [to[0], to[1]]}


def advanced_cpu_turn(position: Position, tables: Tables) -> Decision:
    """Algorithm 11: the best single action of the whole side (attack or move, strict `>` in
    scan order), else the fallback of 7.2 (11) step 4, else `pass`."""
    seat = position.seat
    own = position.living(seat)
    opponents = position.living(1 - seat)
    best: Decision | None = None
    best_score = -1
    for unit in own:
        pos = unit.pos
        assert pos is not None
        if "attack" not in unit.blocked:
            target = select_attack_target(unit, pos, opponents, True)
            if target is not None:
                attack = select_attack_placement(unit, pos, target, tables)
                if attack is not None:
                    score = attack.damage + (FIRE_BONUS if attack.element == "fire" else 0)
                    if target.hp <= attack.damage:
                        score += KILL_BONUS
                    if score > best_score:
                        best, best_score = attack_decision(seat, unit, attack, target), score
        if "move" not in unit.blocked and MOVE_SCORE > best_score:
            goal = select_attack_target(unit, pos, opponents, False)
            to = select_position(unit, pos, goal, position)
            if to != pos:
                best, best_score = move_decision(seat, unit, to), MOVE_SCORE
    if best is not None:
        return best
    return fallback_turn(position, own, opponents)


def fallback_turn(position: Position, own: list[Unit], opponents: list[Unit]) -> Decision:
    """7.2 (11) step 4: a pass is illegal while an action exists, so the CPU may not idle."""
    seat = position.seat
    for unit in own:
        if "attack" in unit.blocked:
            continue
        for attack in unit.card.attacks:
            if unit.cooldowns[attack.index] != 0:
                continue
            if not attack.targets_enemy:
                return attack_decision(seat, unit, attack, None)
            for target in opponents:
                if cheb(unit.pos, target.pos) <= attack.range:  # type: ignore[arg-type]
                    return attack_decision(seat, unit, attack, target)
    for unit in own:
        if "move" in unit.blocked:
            continue
        pos = unit.pos
        assert pos is not None
        destinations = movement_tiles(unit, pos, position)[1:]
        if not destinations:
            continue
        goal = select_attack_target(unit, pos, opponents, False)
        if goal is None:
            return move_decision(seat, unit, destinations[0])
        return move_decision(seat, unit, select_position(unit, pos, goal, position,
                                                         destinations))
    return {"seat": seat, "type": "pass"}
