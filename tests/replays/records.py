"""One CPU-played record per mode for the replay viewer tests (fixed seeds, easy CPUs: the
records are the same on every run, and short enough to walk whole)."""

from __future__ import annotations

from functools import cache
from typing import Any

from game.engine.autoplay import play_cpu_match
from game.engine.modes import get_mode

MODES = ("strike", "conquest", "crawl", "kingdom")
SEATS = {"strike": 2, "conquest": 2, "crawl": 1, "kingdom": 2}


@cache
def _played(mode: str) -> dict[str, Any]:
    cpu = {seat: "easy" for seat in range(SEATS[mode])}
    return play_cpu_match(get_mode(mode), 7, cpu).record


def record_of(mode: str) -> dict[str, Any]:
    """A fresh copy of the mode's finished record (tests may change it)."""
    import copy

    return copy.deepcopy(_played(mode))
