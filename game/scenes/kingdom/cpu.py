"""The CPU seats of a Kingdom match, thinking in a worker process (spec 7, NOTES 3.2).

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

import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

log = logging.getLogger(__name__)

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


class CpuRunner:
    """One CPU decision at a time; `poll()` hands the finished answer back once."""

    factory: Callable[..., Any] | None = None  # tests: a stand-in CPU (sync mode only)

    def __init__(self, token: str, sync: bool = False) -> None:
        self.token = token
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
        if self.sync or self.factory is not None:
            try:
                self._ready = think(self.token, level, seat, view, stream_state, self.factory)
            except Exception as exc:  # a CPU bug must not end the match
                log.exception("kingdom CPU failed")
                self._ready = exc
            return
        try:
            if self._executor is None:  # spawn, never fork: the parent holds a GL context
                self._executor = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            self._future = self._executor.submit(think, self.token, level, seat, view,
                                                 stream_state)
        except Exception as exc:
            log.exception("kingdom CPU worker could not start")
            self._ready = exc

    def poll(self) -> Any:
        """(decision, stream state), an exception if the CPU failed, or None while thinking."""
        if self._future is not None and self._future.done():
            future, self._future = self._future, None
            try:
                self._ready = future.result()
            except BaseException as exc:  # the worker died or the CPU raised
                log.warning("kingdom CPU failed: %s", exc)
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
        forget(self.token)
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
