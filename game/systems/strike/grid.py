"""The grid of Marve-Strike (spec strike.md 4.1, 4.2, 4.10): distances, scan order, the BFS
reach shared by the rules and the CPUs, and the flame-trail line.

Pure functions on tuples: no match, no esper. Tiles are `(col, row)`, row 0 at the top.

The two BFS walks are memoised on their arguments (the occupied tiles as a frozenset): they
are pure, so a memo is never stale, and the hard CPU's search asks the same walk many times
per decision (the legal list, the move check, the reply's CPU, the move's path). The memo is
bounded (emptied when full) and hands out copies, so a caller may mutate what it gets.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Container, Iterable

Tile = tuple[int, int]

COLS = 23
ROWS = 11

N4: tuple[Tile, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
N8: tuple[Tile, ...] = (*N4, (1, 1), (-1, 1), (1, -1), (-1, -1))


def cheb(a: Iterable[int], b: Iterable[int]) -> int:
    """Chebyshev distance max(|dcol|, |drow|)."""
    ac, ar = a
    bc, br = b
    return max(abs(ac - bc), abs(ar - br))


def manh(a: Iterable[int], b: Iterable[int]) -> int:
    """Manhattan distance |dcol| + |drow|."""
    ac, ar = a
    bc, br = b
    return abs(ac - bc) + abs(ar - br)


def scan_key(tile: Iterable[int]) -> tuple[int, int]:
    """Scan order (4.1): column ascending, then row ascending."""
    col, row = tile
    return (col, row)


MEMO_SIZE = 4096  # entries per walk before the memo is emptied (a few MB at most)
_reach_memo: dict[tuple[object, ...], tuple[Tile, ...]] = {}
_paths_memo: dict[tuple[object, ...], dict[Tile, Tile | None]] = {}


def _blockers(occupied: Iterable[Tile]) -> frozenset[Tile]:
    """The occupied tiles as a hashable memo key part (tuples, whatever the caller passed)."""
    return occupied if isinstance(occupied, frozenset) else frozenset(
        (t[0], t[1]) for t in occupied)


def bfs_reachable(start: Tile, max_depth: int, diagonal: bool = False, *,
                  occupied: Collection[Tile] = frozenset(), cols: int = COLS,
                  rows: int = ROWS) -> list[Tile]:
    """Tiles within `max_depth` steps of `start` in discovery order, `start` first (4.2).

    Without `diagonal` the steps are N4 and tiles in `occupied` (living units) are neither
    entered nor passed through; with it the steps are N8 and nothing blocks.
    """
    key = (start[0], start[1], max_depth, diagonal,
           frozenset() if diagonal else _blockers(occupied), cols, rows)
    found = _reach_memo.get(key)
    if found is None:
        if len(_reach_memo) >= MEMO_SIZE:
            _reach_memo.clear()
        found = _reach_memo[key] = tuple(
            _walk((start[0], start[1]), max_depth, diagonal, key[4], cols, rows))
    return list(found)


def _walk(start: Tile, max_depth: int, diagonal: bool, occupied: Container[Tile], cols: int,
          rows: int) -> list[Tile]:
    steps = N8 if diagonal else N4
    visited = {start}
    queue: deque[tuple[Tile, int]] = deque(((start, 0),))
    result: list[Tile] = []
    while queue:
        tile, depth = queue.popleft()
        if depth > max_depth:
            continue
        result.append(tile)
        if depth == max_depth:
            continue  # neighbours would be dropped at pop time (depth + 1 > max_depth)
        col, row = tile
        for dc, dr in steps:
            n = (col + dc, row + dr)
            if not (0 <= n[0] < cols and 0 <= n[1] < rows) or n in visited:
                continue
            visited.add(n)
            if not diagonal and n in occupied:
                continue
            queue.append((n, depth + 1))
    return result


def bfs_paths(start: Tile, max_depth: int, *, occupied: Collection[Tile] = frozenset(),
              cols: int = COLS, rows: int = ROWS) -> dict[Tile, Tile | None]:
    """Parent links of the movement BFS (4.2): the path a moving unit slides along."""
    return dict(_memo_paths(start, max_depth, occupied, cols, rows))


def _memo_paths(start: Tile, max_depth: int, occupied: Collection[Tile], cols: int,
                rows: int) -> dict[Tile, Tile | None]:
    """The memoised parent links (shared: read only)."""
    key = (start[0], start[1], max_depth, _blockers(occupied), cols, rows)
    found = _paths_memo.get(key)
    if found is None:
        if len(_paths_memo) >= MEMO_SIZE:
            _paths_memo.clear()
        found = _paths_memo[key] = _parents((start[0], start[1]), max_depth, key[3], cols, rows)
    return found


def _parents(start: Tile, max_depth: int, occupied: Container[Tile], cols: int,
             rows: int) -> dict[Tile, Tile | None]:
    parent: dict[Tile, Tile | None] = {start: None}
    visited = {start}
    queue: deque[tuple[Tile, int]] = deque(((start, 0),))
    while queue:
        tile, depth = queue.popleft()
        if depth >= max_depth:
            continue
        for dc, dr in N4:
            n = (tile[0] + dc, tile[1] + dr)
            if not (0 <= n[0] < cols and 0 <= n[1] < rows) or n in visited:
                continue
            visited.add(n)
            if n in occupied:
                continue
            parent[n] = tile
            queue.append((n, depth + 1))
    return parent


def path_to(start: Tile, goal: Tile, max_depth: int, *,
            occupied: Collection[Tile] = frozenset(), cols: int = COLS,
            rows: int = ROWS) -> list[list[int]]:
    """The BFS path from `start` to `goal` (both included) as JSON tiles."""
    parent = _memo_paths(start, max_depth, occupied, cols, rows)
    path: list[list[int]] = []
    node: Tile | None = (goal[0], goal[1])
    while node is not None:
        path.append([node[0], node[1]])
        node = parent.get(node)
    path.reverse()
    return path


def _step(i: int, v: int, n: int) -> int:
    """i * v / n rounded half away from zero (4.10)."""
    sign = (v > 0) - (v < 0)
    return sign * ((2 * i * abs(v) + n) // (2 * n))


def flame_line(attacker: Tile, target: Tile) -> list[Tile]:
    """The Chebyshev line from the attacker (exclusive) to the target (inclusive) (4.10)."""
    ac, ar = attacker
    dx, dy = target[0] - ac, target[1] - ar
    n = max(abs(dx), abs(dy))
    return [(ac + _step(i, dx, n), ar + _step(i, dy, n)) for i in range(1, n + 1)]
