"""The CPU seats of a CardConquest match, thinking in a worker process (spec 7, NOTES 3.2).

esper is module-global and not thread-safe, and `hard` searches, so a CPU decides in a spawned
worker process that gets only its seat view and the state of its own `ai.<seat>` stream. It
returns one decision and the stream's new state; the view keeps the state for the next call.

The calls run on the shared `game.scenes.cpu_worker.WorkerCalls`. The CPU players live in
`game.ai.conquest`; while that package is missing the import is
guarded and the runner answers with `CpuUnavailable` (the screen says so, humans play on).
`CpuRunner(sync=True)` decides in-process (tests, benches), and `decide=` replaces the CPU
with any callable `(seat, view) -> decision` (tests' stand-ins).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from game.scenes.cpu_worker import WorkerCalls


class CpuUnavailable(RuntimeError):
    """The conquest CPU players are not installed (game.ai.conquest is missing)."""


def cpu_available() -> bool:
    try:
        from game.ai.conquest import make_cpu  # noqa: F401
    except ImportError:
        return False
    return True


def think(level: str, seat: int, view: dict[str, Any], stream_state: Any
          ) -> tuple[dict[str, Any], Any]:
    """One CPU decision on a seat view (runs in the worker): (decision, new stream state)."""
    try:
        from game.ai.conquest import make_cpu
    except ImportError as exc:
        raise CpuUnavailable("the conquest CPU is not available yet") from exc
    from game.engine.rng import Stream

    resources = _resources()
    stream = Stream(0, f"ai.{seat}")
    stream.set_state(stream_state)
    cpu = make_cpu(level, seat, stream, resources)
    decision = cpu.decide(view)
    return decision, stream.get_state()


@cache
def _resources() -> Any:
    """The conquest resources, loaded once per worker process (not once per decision)."""
    from game.engine.modes import get_mode
    from game.engine.resources import load_mode_resources

    spec = get_mode("conquest")
    if spec is None:
        raise RuntimeError("the conquest mode is not registered")
    return load_mode_resources(spec)


class CpuRunner:
    """One CPU decision at a time on the shared worker (`game.scenes.cpu_worker`); `poll()`
    hands the finished answer back once."""

    def __init__(self, sync: bool = False,
                 decide: Callable[[int, dict[str, Any]], dict[str, Any]] | None = None) -> None:
        self.calls = WorkerCalls("conquest CPU", sync=sync)
        self.decide = decide

    @property
    def sync(self) -> bool:
        return self.calls.sync

    @sync.setter
    def sync(self, value: bool) -> None:
        self.calls.sync = value

    @property
    def tag(self) -> Any:
        return self.calls.tag

    @property
    def pending(self) -> bool:
        return self.calls.pending

    def start(self, level: str, seat: int, view: dict[str, Any], stream_state: Any,
              tag: Any = None) -> None:
        if self.decide is not None:  # a stand-in: in-process, the stream untouched
            self.calls.submit(_stand_in, self.decide, seat, view, stream_state, tag=tag,
                              in_process=True)
        else:
            self.calls.submit(think, level, seat, view, stream_state, tag=tag)

    def poll(self) -> Any:
        """(decision, stream state), an exception if the CPU failed, or None while thinking."""
        return self.calls.poll()

    def shutdown(self) -> None:
        self.calls.shutdown()


def _stand_in(decide: Callable[[int, dict[str, Any]], dict[str, Any]], seat: int,
              view: dict[str, Any], stream_state: Any) -> tuple[dict[str, Any], Any]:
    return decide(seat, view), stream_state
