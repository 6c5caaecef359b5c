"""Algorithm 10 of spec 7.2, BFS reachability: the rules' own `bfs_reachable`
(game/systems/strike/grid.py), so movement and reach have one definition (spec 4.2)."""

from __future__ import annotations

from game.systems.strike.grid import bfs_reachable

__all__ = ["bfs_reachable"]
