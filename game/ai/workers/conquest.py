"""A conquest CPU step as a worker-process entry point (docs/architecture.md, spec 7).

`hard` thinks for a second or two per movement round, longer than a frame, so the window runs
it in a spawned process. The worker receives only the seat view and the state of the CPU's
own `ai.<seat>` stream, never the record (which holds the seed and every secret), and hands
back the whole phase step's decisions with the stream's new state; the window submits them one
by one. This module imports no arcade, so the worker starts fast and never opens GL.
"""

from __future__ import annotations

from typing import Any

from game.ai.workers import mode_resources

Decision = dict[str, Any]
StreamState = Any



def think(level: str, seat: int, view: dict[str, Any], stream_state: StreamState
          ) -> tuple[list[Decision], StreamState]:
    """The current phase step's decisions for `seat` (ending with `ready`) and the new state
    of its stream."""
    from game.ai.conquest import make_cpu
    from game.engine.rng import Stream

    stream = Stream(0, f"ai.{seat}")
    stream.set_state(stream_state)
    cpu = make_cpu(level, seat, stream, mode_resources("conquest"))
    decisions = cpu.plan_step(view)
    return decisions, stream.get_state()
