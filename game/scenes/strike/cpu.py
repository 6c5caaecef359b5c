"""The CPU seats of a Strike match, thinking in a worker process (spec 7).

`hard` may search for its whole budget, so a CPU decides in a worker process
(`game.scenes.cpu_worker`) that is given only its seat view and the state of its own
`ai.<seat>` stream, never the record or the live match. It returns its decision and the
stream's new state, which the view keeps for the next decision.

`CpuRunner(sync=True)` decides in-process instead (tests and benches: nothing is spawned).
"""

from __future__ import annotations

from typing import Any

from game.ai.strike.hard import BUDGET_MS  # hard's live thinking time: the spec's budget
from game.scenes.cpu_worker import WorkerCalls


def think(level: str, seat: int, view: dict[str, Any], stream_state: Any,
          budget_ms: float | None) -> tuple[dict[str, Any], Any]:
    """One CPU decision on a seat view (runs in the worker): (decision, new stream state)."""
    from game.ai.strike import make_cpu
    from game.engine.modes import get_mode
    from game.engine.resources import load_mode_resources
    from game.engine.rng import Stream

    spec = get_mode("strike")
    if spec is None:
        raise RuntimeError("the strike mode is not registered")
    resources = load_mode_resources(spec)
    stream = Stream(0, f"ai.{seat}")
    stream.set_state(stream_state)
    cpu = make_cpu(level, seat, stream, resources, budget_ms=budget_ms)
    decision = cpu.decide(view)
    return decision, stream.get_state()


class CpuRunner(WorkerCalls):
    """One strike CPU decision at a time; `poll()` hands back (decision, stream state)."""

    def __init__(self, sync: bool = False) -> None:
        super().__init__("strike CPU", sync)

    def start(self, level: str, seat: int, view: dict[str, Any], stream_state: Any,
              tag: Any = None) -> None:
        budget = BUDGET_MS if level == "hard" else None
        self.submit(think, level, seat, view, stream_state, budget, tag=tag)
