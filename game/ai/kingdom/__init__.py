"""Kingdom CPU players (spec kingdom.md section 7): `make_cpu` for the levels easy, hard and
expert (`normal` is the CLI's alias of hard). Easy is in `players`, hard's steps and
arrangement in `hard`, the value function in `value`, the expert's search in `expert`, and the
scratch match they plan on in `scratch`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.kingdom.expert import ExpertCpu
from game.ai.kingdom.hard import HardCpu
from game.ai.kingdom.players import EasyCpu, KingdomCpu

if TYPE_CHECKING:
    from game.engine.resources import ResourceSet
    from game.engine.rng import Stream

LEVELS: dict[str, type[KingdomCpu]] = {"easy": EasyCpu, "hard": HardCpu, "expert": ExpertCpu}


def make_cpu(level: str, seat: int, stream: Stream, resources: ResourceSet) -> KingdomCpu:
    """A kingdom CPU for `seat` that draws only from `stream` (its own `ai` stream)."""
    if level not in LEVELS:
        raise ValueError(f"unknown kingdom CPU level {level!r} (known: {', '.join(LEVELS)})")
    return LEVELS[level](level, seat, stream, resources)


__all__ = ["LEVELS", "make_cpu"]
