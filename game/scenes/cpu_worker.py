"""One call at a time in a spawned worker process: how every mode's CPU seats think without
freezing the window.

esper is module-global and not thread-safe, and a strong CPU may search for a while, so a CPU
decides in a worker process that receives only what the call passes (a seat view and the state
of the CPU's own `ai` stream, never the record or the live match). `WorkerCalls(sync=True)`
runs the call in-process instead (tests and benches: nothing is spawned). Each mode's `cpu.py`
supplies the function the worker runs and the arguments of a decision; those functions live
in `game.ai.workers.<mode>`, which imports no arcade (a spawned worker imports the module of
the function it runs: from `game.scenes` it paid the arcade import, 0.5 s and 30 MB).

**Warm workers.** A spawned worker needs half a second to start, import the CPUs and load the
content (1.4 s for Kingdom's when it imported arcade, 2-5 s on a loaded machine), which the
first decision of a match used to wait for ("Opponent is planning…"). So the game keeps one
warm worker waiting while the menu or a screen before a match shows (`prestart`, every mode's
CPU loaded in it: `game.ai.workers.warm`), a game screen takes it when it shows
(`WorkerCalls.warm`, or starts one there), and the CPU's first decision finds it ready.

**Stopping never waits.** A left match's worker is terminated and reaped on a thread
(`stop_executor`): joining it in the click's frame made leaving a match take seconds on a
loaded machine. Closing the game still waits for every child (`app.stop_worker_processes`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from game.engine.workers import spawn_pool

log = logging.getLogger(__name__)

REAP_SECONDS = 2.0  # a terminated worker gets this long to go before it is killed

_spare: list[ProcessPoolExecutor] = []  # a warm worker waiting for the next match (at most one)


def _reap(processes: list[Any]) -> None:
    for process in processes:
        process.join(timeout=REAP_SECONDS)
        if process.is_alive():
            process.kill()
            process.join(timeout=REAP_SECONDS)


def stop_executor(executor: ProcessPoolExecutor, wait: bool = False) -> None:
    """Shut a worker pool down and end its processes now: a CPU still thinking about a match
    that was left (or a game that is closing) must not go on using a core. The processes are
    terminated at once and reaped on a thread (`wait`: here, before returning)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    if wait:
        _reap(processes)
    elif processes:
        threading.Thread(target=_reap, args=(processes,), name="worker-reaper",
                         daemon=True).start()


def warmed_pool() -> ProcessPoolExecutor:
    """A new one-worker pool with every mode's CPU warming in it (`game.ai.workers.warm`,
    queued ahead of anything else; its answer is never read)."""
    from game.ai.workers import warm

    pool = spawn_pool(1)  # spawn, never fork: the parent holds a GL context
    pool.submit(warm)
    return pool


def prestart() -> None:
    """Have a warm worker waiting for the next match, unless one already is."""
    if _spare:
        return
    try:
        _spare.append(warmed_pool())
    except Exception:
        log.exception("a CPU worker could not be started ahead of its match")


def take_spare() -> ProcessPoolExecutor | None:
    """The waiting worker, if it is still usable (it is the caller's now)."""
    pool = _spare.pop() if _spare else None
    if pool is not None and getattr(pool, "_broken", False):
        stop_executor(pool)
        return None
    return pool


def drop_spare() -> None:
    """End the waiting worker (the game is closing, or a test is done)."""
    while _spare:
        stop_executor(_spare.pop())


def has_spare() -> bool:
    return bool(_spare)


def prestart_for(app: Any) -> None:
    """`prestart()` when the app keeps a worker ready ahead of a match (`App.prestart_cpus`:
    on in the game, off in tests, which spawn nothing they do not ask for), and may start
    one: a read-only window (another one owns the home, game.home_lock) plays no match."""
    if getattr(app, "prestart_cpus", False) and not getattr(app, "read_only", False):
        prestart()


class WorkerCalls:
    """One pending call; `poll()` hands its finished answer (or its exception) back once.

    `cpu`: the calls are a CPU player's, whose worker may be the warm one waiting for a match
    (`take_spare`) and is readied by `warm()`; other work (the daily par) gets its own."""

    def __init__(self, name: str, sync: bool = False, cpu: bool = False) -> None:
        self.name = name  # for the log: "strike CPU"
        self.sync = sync
        self.cpu = cpu
        self._executor: ProcessPoolExecutor | None = None
        self._future: Future | None = None
        self._ready: Any = None
        self.tag: Any = None

    @property
    def pending(self) -> bool:
        return self._future is not None or self._ready is not None

    @property
    def started(self) -> bool:
        """A worker process is running (or starting) for these calls."""
        return self._executor is not None

    def warm(self) -> None:
        """Have the worker ready before the first call: take the warm one waiting for a match
        (`prestart`) or start one now and let it warm up. Nothing happens in-process."""
        if self.sync or self._executor is not None or not self.cpu:
            return
        try:
            self._executor = take_spare() or warmed_pool()
        except Exception:
            log.exception("%s worker could not start", self.name)

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
            if self._executor is None:
                self._executor = (take_spare() if self.cpu else None) \
                    or spawn_pool(1)  # it loads this process's mods
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


def warm_session(session: Any, sync: bool = False) -> None:
    """A screen of a live match shows: start its CPU worker now, before the CPU's first
    decision (nothing for a still shot, a network seat, a finished match or an in-process
    CPU: `sync`, the screen's test switch)."""
    if (not getattr(session, "live", False) or getattr(session, "closed", False)
            or not getattr(session, "cpu", None)
            or getattr(session, "remote", None) is not None
            or session.match.result is not None):
        return
    runner = session.runner
    runner.sync = runner.sync or sync
    runner.warm()
