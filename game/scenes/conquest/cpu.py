"""The CPU seats of a CardConquest match, thinking in a worker process (spec 7, NOTES 3.2).

esper is module-global and not thread-safe, and `hard` searches, so a CPU decides in a spawned
worker process that gets only its seat view and the state of its own `ai.<seat>` stream. It
returns one decision and the stream's new state; the view keeps the state for the next call.

The CPU players live in `game.ai.conquest`; while that package is missing the import is
guarded and the runner answers with `CpuUnavailable` (the screen says so, humans play on).
`CpuRunner(sync=True)` decides in-process (tests, benches), and `decide=` replaces the CPU
with any callable `(seat, view) -> decision` (tests' stand-ins).
"""

from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from functools import cache
from typing import Any

log = logging.getLogger(__name__)


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
    """One CPU decision at a time; `poll()` hands the finished answer back once."""

    def __init__(self, sync: bool = False,
                 decide: Callable[[int, dict[str, Any]], dict[str, Any]] | None = None) -> None:
        self.sync = sync
        self.decide = decide
        self._executor: ProcessPoolExecutor | None = None
        self._future: Future | None = None
        self._ready: Any = None
        self.tag: Any = None

    @property
    def pending(self) -> bool:
        return self._future is not None or self._ready is not None

    def start(self, level: str, seat: int, view: dict[str, Any], stream_state: Any,
              tag: Any = None) -> None:
        if self.pending:
            return
        self.tag = tag
        if self.decide is not None or self.sync:
            try:
                if self.decide is not None:
                    self._ready = (self.decide(seat, view), stream_state)
                else:
                    self._ready = think(level, seat, view, stream_state)
            except Exception as exc:  # a CPU bug must not end the match
                if not isinstance(exc, CpuUnavailable):
                    log.exception("conquest CPU failed")
                self._ready = exc
            return
        try:
            if self._executor is None:  # spawn, never fork: the parent holds a GL context
                self._executor = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            self._future = self._executor.submit(think, level, seat, view, stream_state)
        except Exception as exc:
            log.exception("conquest CPU worker could not start")
            self._ready = exc

    def poll(self) -> Any:
        """(decision, stream state), an exception if the CPU failed, or None while thinking."""
        if self._future is not None and self._future.done():
            future, self._future = self._future, None
            try:
                self._ready = future.result()
            except BaseException as exc:  # the worker died or the CPU raised
                log.warning("conquest CPU failed: %s", exc)
                self._ready = exc
        ready, self._ready = self._ready, None
        return ready

    def shutdown(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._ready = None
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
