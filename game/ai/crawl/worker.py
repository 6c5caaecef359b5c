"""The Hint's CPU as a worker-process entry point (spec crawl.md sections 7 and 8.3).

The play view runs `think` in a spawned process (game.scenes.crawl.hint.HintRunner). A spawned
worker imports the module of the function it runs, so this one lives outside game.scenes and
imports no arcade: the worker starts without the 0.7 s arcade import and never opens GL.
"""

from __future__ import annotations

from typing import Any

Decision = dict[str, Any]
StreamState = Any

OVERHEAD_MS = 25.0  # the Hint's pipe both ways and up to one 60 Hz frame before it is polled


def _resources() -> Any:
    from game.engine.modes import get_mode
    from game.engine.resources import load_mode_resources

    spec = get_mode("crawl")
    if spec is None:
        raise RuntimeError("the crawl mode is not registered")
    return load_mode_resources(spec)


def warm() -> None:
    """Import the CPU and load the content in a fresh worker, ahead of the first Hint: a
    spawned worker takes about 2.5 s to get there, which the first Hint would otherwise wait
    (docs/crawl.md "CPU players")."""
    from game.ai.crawl import make_cpu  # noqa: F401

    _resources()


def think(level: str, view: dict[str, Any], stream_state: StreamState,
          budget_ms: float | None) -> tuple[Decision, StreamState]:
    """Run one CPU decision on a seat view: (decision, new stream state)."""
    from game.ai.crawl import make_cpu
    from game.engine.rng import Stream

    resources = _resources()
    stream = Stream(0, "ai.0")
    stream.set_state(stream_state)
    cpu = make_cpu(level, 0, stream, resources, budget_ms=budget_ms)
    decision = cpu.decide(view)
    return decision, stream.get_state()


PAR_NODES = 2000  # a daily par's node budget (docs/crawl.md "Solver and par": its table, its time)


def daily_par(date: str, max_nodes: int = PAR_NODES) -> int:
    """The par of the daily run of `date` (YYYY-MM-DD): the solver's best score within a node
    budget (docs/crawl.md "Solver and par"), so every player's screen shows the same number."""
    from game.ai.crawl.solver import solve_seed

    seed = int(date.replace("-", ""))
    solution, _ = solve_seed(seed, {"variant": "daily", "date": date},
                             budget_ms=60_000.0, max_nodes=max_nodes)
    return solution.par
