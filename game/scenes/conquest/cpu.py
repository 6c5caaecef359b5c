"""The CPU seats of a CardConquest match, thinking in a worker process (spec 7).

esper is module-global and not thread-safe, and `hard` searches, so a CPU decides in a spawned
worker process that gets only its seat view and the state of its own `ai.<seat>` stream. It
returns one decision and the stream's new state; the view keeps the state for the next call.

The calls run on the shared `game.scenes.cpu_worker.WorkerCalls`; the worker runs
`game.ai.workers.conquest` (no arcade), warmed while the match setup or the match's first
screen shows. The CPU players live in `game.ai.conquest`; when that package is missing the
runner answers with `CpuUnavailable` (the screen says so, humans play on).
`CpuRunner(sync=True)` decides in-process (tests, benches), and `decide=` replaces the CPU
with any callable `(seat, view) -> decision` (tests' stand-ins).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any

from game.ai.workers.conquest import think as plan_step
from game.scenes.cpu_worker import WorkerCalls


class CpuUnavailable(RuntimeError):
    """The conquest CPU players are not installed (game.ai.conquest is missing)."""


def cpu_available() -> bool:
    """The CPU players are installed (found, not imported: the window never runs them)."""
    try:
        return importlib.util.find_spec("game.ai.conquest") is not None
    except (ImportError, ValueError):
        return False


def think(level: str, seat: int, view: dict[str, Any], stream_state: Any
          ) -> tuple[list[dict[str, Any]], Any]:
    """The CPU's decisions for its current phase step (the CPU thinks once per step):
    (decisions, new stream state); `CpuUnavailable` when the CPU players are missing."""
    try:
        from game.ai.conquest import make_cpu  # noqa: F401  (the players themselves)
    except ImportError as exc:
        raise CpuUnavailable("the conquest CPU is not available yet") from exc
    return plan_step(level, seat, view, stream_state)


class CpuRunner:
    """One CPU decision at a time on the shared worker (`game.scenes.cpu_worker`); `poll()`
    hands the finished answer back once."""

    def __init__(self, sync: bool = False,
                 decide: Callable[[int, dict[str, Any]], dict[str, Any]] | None = None) -> None:
        self.calls = WorkerCalls("conquest CPU", sync=sync, cpu=True)
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
        elif cpu_available():  # in the worker: no arcade there (game.ai.workers)
            self.calls.submit(plan_step, level, seat, view, stream_state, tag=tag)
        else:  # the players are missing: the answer says why, at once
            self.calls.submit(think, level, seat, view, stream_state, tag=tag,
                              in_process=True)

    def warm(self) -> None:
        """Start the worker now and let it load the CPU (game.scenes.cpu_worker)."""
        if self.decide is None:
            self.calls.warm()

    def poll(self) -> Any:
        """(decision, stream state), an exception if the CPU failed, or None while thinking."""
        return self.calls.poll()

    def cancel(self) -> None:
        """Forget the answer being thought (an undo: its position is gone)."""
        self.calls.cancel()

    def shutdown(self) -> None:
        self.calls.shutdown()


def _stand_in(decide: Callable[[int, dict[str, Any]], dict[str, Any]], seat: int,
              view: dict[str, Any], stream_state: Any) -> tuple[list[dict[str, Any]], Any]:
    return [decide(seat, view)], stream_state
