"""The CPU seats of a Strike match, thinking in a worker process (spec 7, NOTES 3.2).

esper is module-global and not thread-safe, and `hard` may search for its whole budget, so a
CPU decides in a spawned worker process that is given only its seat view and the state of its
own `ai.<seat>` stream, never the record or the live match. It returns its decision and the
stream's new state, which the view keeps for the next decision.

`CpuRunner(sync=True)` decides in-process instead (tests and benches: nothing is spawned).
"""

from __future__ import annotations

import logging
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

log = logging.getLogger(__name__)

BUDGET_MS = 1500.0  # hard's live thinking time


def think(level: str, seat: int, view: dict[str, Any], stream_state: Any,
          budget_ms: float | None) -> tuple[dict[str, Any], Any]:
    """One CPU decision on a seat view (runs in the worker): (decision, new stream state)."""
    from game.ai.strike import make_cpu
    from game.engine.modes import get_mode
    from game.engine.resources import load_mode_resources
    from game.engine.rng import Stream

    spec = get_mode("strike")
    if spec is None:
        raise RuntimeError("the strike mode is not registered")
    resources = load_mode_resources(spec)
    stream = Stream(0, f"ai.{seat}")
    stream.set_state(stream_state)
    cpu = make_cpu(level, seat, stream, resources, budget_ms=budget_ms)
    decision = cpu.decide(view)
    return decision, stream.get_state()


class CpuRunner:
    """One CPU decision at a time; `poll()` hands the finished answer back once."""

    def __init__(self, sync: bool = False) -> None:
        self.sync = sync
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
        budget = BUDGET_MS if level == "hard" else None
        if self.sync:
            try:
                self._ready = think(level, seat, view, stream_state, budget)
            except Exception as exc:  # a CPU bug must not end the match
                log.exception("strike CPU failed")
                self._ready = exc
            return
        try:
            if self._executor is None:  # spawn, never fork: the parent holds a GL context
                self._executor = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            self._future = self._executor.submit(think, level, seat, view, stream_state, budget)
        except Exception as exc:
            log.exception("strike CPU worker could not start")
            self._ready = exc

    def poll(self) -> Any:
        """(decision, stream state), an exception if the CPU failed, or None while thinking."""
        if self._future is not None and self._future.done():
            future, self._future = self._future, None
            try:
                self._ready = future.result()
            except BaseException as exc:  # the worker died or the CPU raised
                log.warning("strike CPU failed: %s", exc)
                self._ready = exc
        ready, self._ready = self._ready, None
        return ready

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._ready = None

    def shutdown(self) -> None:
        self.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
