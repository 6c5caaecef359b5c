"""The board as the seat-0 CPU reads it: mirrored left to right (docs/strike.md "Fair seats").

The CPU's tie-breaks ("first best" over scan order and BFS discovery order, spec 7.1) are
written in absolute board terms, and the spec's CPU is seat 1, whose enemy is toward column 0.
Read unmirrored, the same rules give seat 0 other tie-breaks (measured: seat 0 won 59.3 % of
600 normal mirror games, 45.5 % once one seat read the board mirrored). So the seat-0 CPU reads
its view mirrored and mirrors its decision back: both seats then play the same strategy, each
from its own side, and seat 1, the spec's CPU, keeps every specified choice.
"""

from __future__ import annotations

from typing import Any

View = dict[str, Any]
Decision = dict[str, Any]


def mirror_tile(tile: list[int], cols: int) -> list[int]:
    """Column c becomes cols - 1 - c; the row stays."""
    return [cols - 1 - tile[0], tile[1]]


def mirror_view(view: View) -> View:
    """A copy of a strike view with every tile mirrored; flames stay in scan order."""
    board = view["board"]
    cols = board["cols"]
    units = [{**u, "pos": None if u.get("pos") is None else mirror_tile(u["pos"], cols)}
             for u in board.get("units", ())]
    flames = sorted(({**f, "tile": mirror_tile(f["tile"], cols)} for f in board.get("flames", ())),
                    key=lambda f: (f["tile"][0], f["tile"][1]))
    return {**view, "board": {**board, "units": units, "flames": flames}}


def unmirror_decision(decision: Decision, cols: int) -> Decision:
    """A decision made on the mirrored board, in the real board's tiles."""
    out = dict(decision)
    for key in ("to", "tile"):
        if key in out:
            out[key] = mirror_tile(out[key], cols)
    return out
