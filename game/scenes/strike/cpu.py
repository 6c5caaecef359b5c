"""The CPU seats of a Strike match, thinking in a worker process (spec 7).

`hard` may search for its whole budget, so a CPU decides in a worker process
(`game.scenes.cpu_worker`) that is given only its seat view and the state of its own
`ai.<seat>` stream, never the record or the live match. It returns its decision and the
stream's new state, which the view keeps for the next decision. The worker runs
`game.ai.workers.strike` (no arcade), warmed when a screen of the match shows.

`CpuRunner(sync=True)` decides in-process instead (tests and benches: nothing is spawned).
"""

from __future__ import annotations

from typing import Any

from game.ai.budgets import STRIKE_HARD_MS as BUDGET_MS  # hard's live time: the spec's
from game.ai.workers.strike import think
from game.scenes.cpu_worker import WorkerCalls


class CpuRunner(WorkerCalls):
    """One strike CPU decision at a time; `poll()` hands back (decision, stream state)."""

    def __init__(self, sync: bool = False) -> None:
        super().__init__("strike CPU", sync, cpu=True)

    def start(self, level: str, seat: int, view: dict[str, Any], stream_state: Any,
              tag: Any = None) -> None:
        budget = BUDGET_MS if level == "hard" else None
        self.submit(think, level, seat, view, stream_state, budget, tag=tag)
