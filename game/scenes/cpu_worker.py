"""One call at a time in a spawned worker process: how every mode's CPU seats think without
freezing the window.

esper is module-global and not thread-safe, and a strong CPU may search for a while, so a CPU
decides in a worker process that receives only what the call passes (a seat view and the state
of the CPU's own `ai` stream, never the record or the live match). `WorkerCalls(sync=True)`
runs the call in-process instead (tests and benches: nothing is spawned). Each mode's `cpu.py`
supplies the function the worker runs and the arguments of a decision.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from game.engine.workers import spawn_pool

log = logging.getLogger(__name__)


def stop_executor(executor: ProcessPoolExecutor) -> None:
    """Shut a worker pool down and end its processes now: a CPU still thinking about a match
    that was left (or a game that is closing) must not go on using a core."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=2.0)


class WorkerCalls:
    """One pending call; `poll()` hands its finished answer (or its exception) back once."""

    def __init__(self, name: str, sync: bool = False) -> None:
        self.name = name  # for the log: "strike CPU"
        self.sync = sync
        self._executor: ProcessPoolExecutor | None = None
        self._future: Future | None = None
        self._ready: Any = None
        self.tag: Any = None

    @property
    def pending(self) -> bool:
        return self._future is not None or self._ready is not None

    def submit(self, fn: Callable[..., Any], *args: Any, tag: Any = None,
               in_process: bool = False) -> None:
        """Run `fn(*args)` (a module-level function: it is pickled for the worker); ignored
        while a call is pending. `in_process` forces an in-process call (stand-in CPUs)."""
        if self.pending:
            return
        self.tag = tag
        if self.sync or in_process:
            try:
                self._ready = fn(*args)
            except Exception as exc:  # a CPU bug must not end the match
                log.exception("%s failed", self.name)
                self._ready = exc
            return
        try:
            if self._executor is None:  # spawn, never fork: the parent holds a GL context
                self._executor = spawn_pool(1)  # it loads this process's mods
            self._future = self._executor.submit(fn, *args)
        except Exception as exc:
            log.exception("%s worker could not start", self.name)
            self._ready = exc

    def poll(self) -> Any:
        """The call's answer, an exception if it failed, or None while it runs."""
        if self._future is not None and self._future.done():
            future, self._future = self._future, None
            try:
                self._ready = future.result()
            except BaseException as exc:  # the worker died or the call raised
                log.warning("%s failed: %s", self.name, exc)
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
            stop_executor(self._executor)
            self._executor = None
