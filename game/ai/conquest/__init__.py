"""CardConquest CPU players (spec conquest.md section 7): `make_cpu` for the levels easy,
normal and hard. Easy and normal are in `players` (normal's heuristic in `policy`), hard's
matrix game and look-ahead in `hard`, the scratch match they all plan on in `scratch`, and
CPU-only matches for tests and benchmarks in `selfplay`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.conquest.hard import HardCpu
from game.ai.conquest.players import ConquestCpu, EasyCpu, NormalCpu

if TYPE_CHECKING:
    from game.engine.resources import ResourceSet
    from game.engine.rng import Stream

LEVELS: dict[str, type[ConquestCpu]] = {"easy": EasyCpu, "normal": NormalCpu, "hard": HardCpu}


def make_cpu(level: str, seat: int, stream: Stream, resources: ResourceSet) -> ConquestCpu:
    """A conquest CPU for `seat` that draws only from `stream` (its own `ai.<seat>`)."""
    if level not in LEVELS:
        raise ValueError(f"unknown conquest CPU level {level!r} (known: {', '.join(LEVELS)})")
    return LEVELS[level](level, seat, stream, resources)


__all__ = ["LEVELS", "make_cpu"]
