"""Crawl CPU players (spec section 7)."""

from __future__ import annotations

from typing import Any

from game.ai.crawl.players import CrawlCpu, EasyCpu, HardCpu, NormalCpu
from game.engine.rng import Stream

LEVELS = {"easy": EasyCpu, "normal": NormalCpu, "hard": HardCpu}


def make_cpu(level: str, seat: int, stream: Stream, resources: Any,
             *, budget_ms: float | None = None) -> CrawlCpu:
    """A crawl CPU. `budget_ms` (the Hint, live play) makes `hard` think for that long;
    without it `hard` takes exactly ai.toml's `samples`, for reproducible results."""
    if level == "hard":
        return HardCpu(level, stream, resources, budget_ms)
    return LEVELS[level](level, stream, resources)


__all__ = ["make_cpu", "LEVELS"]
