"""A Strike CPU decision as a worker-process entry point (docs/architecture.md, spec 7).

The window runs `think` in a spawned process (game.scenes.strike.cpu.CpuRunner), given only
the seat view and the state of the CPU's own `ai.<seat>` stream; it returns the decision and
the stream's new state. This module imports no arcade, so the worker starts without the arcade
import and never opens GL (`game.ai.workers.warm` readies it ahead of the first decision).
"""

from __future__ import annotations

from typing import Any

from game.ai.workers import mode_resources

Decision = dict[str, Any]
StreamState = Any



def think(level: str, seat: int, view: dict[str, Any], stream_state: StreamState,
          budget_ms: float | None) -> tuple[Decision, StreamState]:
    """One CPU decision on a seat view: (decision, new stream state)."""
    from game.ai.strike import make_cpu
    from game.engine.rng import Stream

    stream = Stream(0, f"ai.{seat}")
    stream.set_state(stream_state)
    cpu = make_cpu(level, seat, stream, mode_resources("strike"), budget_ms=budget_ms)
    decision = cpu.decide(view)
    return decision, stream.get_state()
