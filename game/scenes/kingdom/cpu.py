"""The CPU seats of a Kingdom match, thinking in a worker process (spec 7).

esper is module-global and not thread-safe and `expert` looks a turn ahead, so a CPU decides
in a spawned worker process, given only its seat view and its own `ai` stream's state, never
the record or the live match. Decisions come one at a time (`decide(view)` returns the next
buy, sell, move, refresh, upgrade or end_turn): the worker keeps the CPU object of each
(session, seat) between calls, so a CPU that plans a whole turn at its first decision keeps
its plan, and returns the stream's new state with every decision. A worker that is restarted
rebuilds the CPU from that state.

`CpuRunner(sync=True)` decides in-process instead (tests and benches: nothing is spawned).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.scenes.cpu_worker import WorkerCalls

# (session token, seat) -> (level, CPU, its stream), in whichever process decides
_cpus: dict[tuple[str, int], tuple[str, Any, Any]] = {}
_resources: list[Any] = []


def _load_resources() -> Any:
    if not _resources:
        from game.engine.modes import get_mode
        from game.engine.resources import load_mode_resources

        spec = get_mode("kingdom")
        if spec is None:
            raise RuntimeError("the kingdom mode is not registered")
        _resources.append(load_mode_resources(spec))
    return _resources[0]


def default_factory(level: str, seat: int, stream: Any, resources: Any) -> Any:
    from game.ai.kingdom import make_cpu

    return make_cpu(level, seat, stream, resources)


def think(token: str, level: str, seat: int, view: dict[str, Any], stream_state: Any,
          factory: Callable[..., Any] | None = None) -> tuple[dict[str, Any], Any]:
    """One CPU decision on a seat view: (decision, the ai stream's new state)."""
    from game.engine.rng import Stream

    key = (token, seat)
    entry = _cpus.get(key)
    if entry is None or entry[0] != level:
        stream = Stream(0, f"ai.{seat}")
        stream.set_state(stream_state)
        cpu = (factory or default_factory)(level, seat, stream, _load_resources())
        entry = _cpus[key] = (level, cpu, stream)
    _level, cpu, stream = entry
    decision = cpu.decide(view)
    return decision, stream.get_state()


def forget(token: str) -> None:
    """Drop the CPUs of a finished session (in this process)."""
    for key in [k for k in _cpus if k[0] == token]:
        del _cpus[key]


class CpuRunner(WorkerCalls):
    """One kingdom CPU decision at a time; `poll()` hands back (decision, stream state)."""

    factory: Callable[..., Any] | None = None  # tests: a stand-in CPU (decided in-process)

    def __init__(self, token: str, sync: bool = False) -> None:
        super().__init__("kingdom CPU", sync)
        self.token = token

    def start(self, level: str, seat: int, view: dict[str, Any], stream_state: Any,
              tag: Any = None) -> None:
        if self.factory is not None:
            self.submit(think, self.token, level, seat, view, stream_state, self.factory,
                        tag=tag, in_process=True)
        else:
            self.submit(think, self.token, level, seat, view, stream_state, tag=tag)

    def shutdown(self) -> None:
        super().shutdown()
        forget(self.token)
