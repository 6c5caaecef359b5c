"""A Kingdom CPU decision as a worker-process entry point (docs/architecture.md, spec 7).

The window runs `think` in a spawned process (game.scenes.kingdom.cpu.CpuRunner). Decisions
come one at a time (`decide(view)` returns the next buy, sell, move, refresh, upgrade or
end_turn): the worker keeps the CPU object of each (session, seat) between calls, so a CPU that
plans a whole turn at its first decision keeps its plan, and returns the stream's new state
with every decision; a restarted worker rebuilds the CPU from that state. This module imports
no arcade, so the worker starts without the arcade import and never opens GL
(`game.ai.workers.warm` readies it ahead of the first decision).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.workers import mode_resources

Decision = dict[str, Any]
StreamState = Any

# (session token, seat) -> (level, CPU, its stream), in whichever process decides
_cpus: dict[tuple[str, int], tuple[str, Any, Any]] = {}


def default_factory(level: str, seat: int, stream: Any, resources: Any) -> Any:
    from game.ai.kingdom import make_cpu

    return make_cpu(level, seat, stream, resources)


def think(token: str, level: str, seat: int, view: dict[str, Any], stream_state: StreamState,
          factory: Callable[..., Any] | None = None) -> tuple[Decision, StreamState]:
    """One CPU decision on a seat view: (decision, the ai stream's new state)."""
    from game.engine.rng import Stream

    key = (token, seat)
    entry = _cpus.get(key)
    if entry is None or entry[0] != level:
        stream = Stream(0, f"ai.{seat}")
        stream.set_state(stream_state)
        cpu = (factory or default_factory)(level, seat, stream, mode_resources("kingdom"))
        entry = _cpus[key] = (level, cpu, stream)
    _level, cpu, stream = entry
    decision = cpu.decide(view)
    return decision, stream.get_state()


def forget(token: str) -> None:
    """Drop the CPUs of a finished session (in this process)."""
    for key in [k for k in _cpus if k[0] == token]:
        del _cpus[key]
