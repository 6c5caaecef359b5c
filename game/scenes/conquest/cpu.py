"""The CPU seats of a CardConquest match, thinking in a worker process (spec 7).

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
          ) -> tuple[list[dict[str, Any]], Any]:
    """The CPU's decisions for its current phase step (runs in the worker; the CPU thinks
    once per step): (decisions, new stream state)."""
    try:
        from game.ai.conquest import make_cpu  # noqa: F401  (the players themselves)
        from game.ai.conquest.worker import think as plan_step
    except ImportError as exc:
        raise CpuUnavailable("the conquest CPU is not available yet") from exc
    return plan_step(level, seat, view, stream_state)


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
              view: dict[str, Any], stream_state: Any) -> tuple[list[dict[str, Any]], Any]:
    return [decide(seat, view)], stream_state
