"""The greedy algorithms of spec 7.2: (8) greedy target selection and (9) greedy movement at
the ideal range 3. The orchestrator (11) calls neither; they are the linear-scan forms kept
for mods and other AI profiles, pinned by function-level checks (spec 9.2 F9, F10, F12)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.ai.strike.position import Unit
from game.ai.strike.reach import bfs_reachable
from game.ai.strike.score import target_ratio

Tile = tuple[int, int]
IDEAL_RANGE = 3
EDGE_PENALTY = 2


def greedy_best_target(pos: Tile, opponents: Sequence[Unit]) -> Unit | None:
    """Algorithm 8: the first opponent (scan order) with the largest target score (5)."""
    best: Unit | None = None
    best_score = None
    for unit in opponents:
        score = target_ratio(pos, unit)
        if best_score is None or score > best_score:
            best, best_score = unit, score
    return best


def greedy_nearest_move(pos: Tile, opponents: Sequence[Tile | Unit], move: int, *,
                        cols: int = 23, rows: int = 11,
                        occupied: Collection[Tile] = ()) -> tuple[Tile, int | None]:
    """Algorithm 9: the first BFS tile minimising Σ |manh(tile, o) − 3| (+2 on the board's
    edge). Returns (tile, score); (pos, None) when no tile is scored."""
    targets = [o.pos if isinstance(o, Unit) else o for o in opponents]
    best, best_score = pos, None
    for tile in bfs_reachable(pos, move, False, cols=cols, rows=rows, occupied=occupied):
        c, r = tile
        score = sum(abs(abs(c - t[0]) + abs(r - t[1]) - IDEAL_RANGE)
                    for t in targets if t is not None)
        if c == 0 or c == cols - 1 or r == 0 or r == rows - 1:
            score += EDGE_PENALTY
        if best_score is None or score < best_score:
            best, best_score = tile, score
    return best, best_score
