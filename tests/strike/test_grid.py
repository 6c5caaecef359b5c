"""The grid (spec strike.md 4.1, 4.2, 4.10): distances, BFS reach, paths, flame lines."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.systems.strike.grid import (
    bfs_reachable,
    cheb,
    flame_line,
    manh,
    path_to,
)


def test_distances():
    assert cheb((5, 5), (7, 6)) == 2 and manh((5, 5), (7, 6)) == 3
    assert cheb([0, 0], [0, 0]) == 0


def test_f11_counts_on_an_empty_board():
    assert len(bfs_reachable((5, 5), 3, diagonal=False)) == 25
    assert len(bfs_reachable((0, 0), 3, False)) == 10
    assert len(bfs_reachable((5, 5), 2, True)) == 25
    assert len(bfs_reachable((0, 0), 3, True)) == 16


def test_start_first_and_discovery_order():
    tiles = bfs_reachable((5, 5), 1)
    assert tiles == [(5, 5), (6, 5), (4, 5), (5, 6), (5, 4)]
    diag = bfs_reachable((5, 5), 1, True)
    assert diag == [(5, 5), (6, 5), (4, 5), (5, 6), (5, 4), (6, 6), (4, 6), (6, 4), (4, 4)]


def test_units_block_movement():
    """4.2: a unit on (6, 5) costs (6, 5), (7, 5) and (8, 5): 21 destinations."""
    tiles = bfs_reachable((5, 5), 3, occupied={(6, 5)})
    assert len(tiles) - 1 == 21
    assert not {(6, 5), (7, 5), (8, 5)} & set(tiles)
    assert (7, 4) in tiles


def test_diagonal_never_blocks():
    assert len(bfs_reachable((5, 5), 2, True, occupied={(6, 5), (6, 6)})) == 25


def test_board_size_is_respected():
    assert bfs_reachable((0, 0), 5, cols=2, rows=1) == [(0, 0), (1, 0)]


@given(c=st.integers(0, 22), r=st.integers(0, 10), depth=st.integers(0, 5))
def test_diagonal_reach_is_the_chebyshev_square(c, r, depth):
    reach = set(bfs_reachable((c, r), depth, True))
    square = {(x, y) for x in range(23) for y in range(11) if cheb((x, y), (c, r)) <= depth}
    assert reach == square


@given(c=st.integers(0, 22), r=st.integers(0, 10), depth=st.integers(0, 4))
def test_free_movement_is_the_manhattan_diamond(c, r, depth):
    reach = bfs_reachable((c, r), depth)
    assert len(reach) == len(set(reach))
    diamond = {(x, y) for x in range(23) for y in range(11) if manh((x, y), (c, r)) <= depth}
    assert set(reach) == diamond


def test_path_goes_around_the_blocker():
    assert path_to((5, 5), (7, 4), 3, occupied={(6, 5)}) == [[5, 5], [5, 4], [6, 4], [7, 4]]


def test_flame_lines_of_the_spec():
    assert flame_line((10, 5), (12, 6)) == [(11, 6), (12, 6)]
    assert flame_line((12, 6), (10, 5)) == [(11, 5), (10, 5)]
    assert flame_line((5, 5), (8, 6)) == [(6, 5), (7, 6), (8, 6)]


@given(a=st.tuples(st.integers(0, 22), st.integers(0, 10)),
       b=st.tuples(st.integers(0, 22), st.integers(0, 10)))
def test_flame_line_shape(a, b):
    line = flame_line(a, b)
    assert len(line) == cheb(a, b)
    if line:
        assert line[-1] == b
        steps = [a, *line]
        assert all(cheb(x, y) == 1 for x, y in zip(steps, steps[1:], strict=False))


def test_bfs_walks_are_memoised_and_hand_out_copies(monkeypatch):
    """The hard CPU asks the same walk many times per decision: a repeated walk (whatever
    container holds the occupied tiles) is answered from the memo, and a caller that mutates
    its answer does not change the next one."""
    from game.systems.strike import grid

    walks = []
    real_walk, real_parents = grid._walk, grid._parents
    monkeypatch.setattr(grid, "_walk", lambda *a: walks.append("reach") or real_walk(*a))
    monkeypatch.setattr(grid, "_parents", lambda *a: walks.append("paths") or real_parents(*a))
    monkeypatch.setattr(grid, "_reach_memo", {})
    monkeypatch.setattr(grid, "_paths_memo", {})
    first = bfs_reachable((4, 4), 2, occupied={(5, 4)})
    first.append((99, 99))
    again = bfs_reachable((4, 4), 2, occupied=[(5, 4)])
    assert again == first[:-1] and (99, 99) not in again and (5, 4) not in again
    assert bfs_reachable((4, 4), 2, occupied=frozenset()) != again  # another key: walked
    parents = grid.bfs_paths((4, 4), 2, occupied={(5, 4)})
    parents.clear()
    assert path_to((4, 4), (4, 6), 2, occupied={(5, 4)}) == [[4, 4], [4, 5], [4, 6]]
    assert walks == ["reach", "reach", "paths"]
