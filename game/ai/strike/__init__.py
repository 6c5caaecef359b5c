"""Strike CPU players (spec strike.md section 7): `make_cpu` for the levels easy, normal and
hard. The normal level's eleven algorithms live in `draft`, `dac`, `combat`, `greedy` and
(BFS, shared with the rules) `reach`; hard's search in `hard`."""

from __future__ import annotations

from typing import Any

from game.ai.strike.hard import HardCpu
from game.ai.strike.players import EasyCpu, NormalCpu, StrikeCpu
from game.engine.rng import Stream

LEVELS = {"easy": EasyCpu, "normal": NormalCpu, "hard": HardCpu}


def make_cpu(level: str, seat: int, stream: Stream, resources: Any,
             *, budget_ms: float | None = None) -> StrikeCpu:
    """A strike CPU for `seat` drawing only from `stream` (its `ai.<seat>`). `budget_ms`
    bounds hard's search time (live play); without it hard searches every candidate."""
    if level not in LEVELS:
        raise ValueError(f"unknown strike CPU level {level!r} (known: {', '.join(LEVELS)})")
    if level == "hard":
        return HardCpu(level, seat, stream, resources, budget_ms=budget_ms)
    return LEVELS[level](level, seat, stream, resources)


__all__ = ["LEVELS", "make_cpu"]
