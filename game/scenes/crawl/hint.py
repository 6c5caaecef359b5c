"""The Hint (spec crawl.md sections 7 and 8.3): the CPU's choice for the current position.

The CPU runs in a worker *process* (esper is module-global and not thread-safe, and `hard`
thinks for its whole budget), so the window never freezes. The worker is given only the seat
view and the state of the view's own `ai` stream (`ai_stream(seed, 0)`), never the record or
the live match; it sends back its decision and the stream's new state, which the view keeps.
The hint never acts: the view only shows it.

The worker is started, and has imported the CPU and loaded the content, while the Start
screen shows (the warm worker `cpu_worker.prestart` keeps) or as soon as the play view shows
(`warm`), so even the first Hint answers within its budget (a cold worker took 2.5 s);
the search is given the budget less `OVERHEAD_MS`, what the pipe and the frame that polls the
answer take, so the arrow shows within the budget (docs/crawl.md "CPU players").

The worker runs `game.ai.crawl.worker.think`, which imports no arcade (a spawned process
imports the module of the function it runs). `HintRunner(sync=True)` runs the CPU in-process
instead (tests: no process is spawned).
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from game.ai.crawl.worker import OVERHEAD_MS, Decision, StreamState, think
from game.engine.workers import spawn_pool
from game.scenes.cpu_worker import stop_executor, take_spare, warmed_pool

log = logging.getLogger(__name__)



class HintRunner:
    """One hint at a time; `poll()` returns the finished decision once, else None."""

    def __init__(self, sync: bool = False) -> None:
        self.sync = sync
        self._executor: ProcessPoolExecutor | None = None
        self._future: Future | None = None
        self._ready: tuple[Decision, StreamState] | None = None
        self._error: BaseException | None = None
        self.tag: Any = None  # what the caller asked about (e.g. the turn), given back

    @property
    def busy(self) -> bool:
        return self._future is not None and not self._future.done()

    @property
    def pending(self) -> bool:
        """A hint was asked and its answer has not been collected yet."""
        return self._future is not None or self._ready is not None or self._error is not None

    def warm(self) -> None:
        """Start the worker now and let it load the CPU and the content in the background."""
        if self.sync or self._executor is not None:
            return
        try:  # the warm worker the Start screen kept (cpu_worker.prestart), or a new one
            self._executor = take_spare() or warmed_pool()
        except Exception:
            log.exception("hint worker could not start")

    def start(self, level: str, view: dict[str, Any], stream_state: StreamState,
              budget_ms: float | None, tag: Any = None) -> None:
        """Ask for a hint (ignored while one is being computed); a time budget covers the
        whole answer, so the search gets it less `OVERHEAD_MS`."""
        if self.busy:
            return
        if budget_ms is not None:
            budget_ms = max(1.0, budget_ms - OVERHEAD_MS)
        self.tag = tag
        self._ready = self._error = None
        if self.sync:
            try:
                self._ready = think(level, view, stream_state, budget_ms)
            except Exception as exc:  # a CPU bug must not end the run
                log.exception("hint failed")
                self._error = exc
            return
        try:
            if self._executor is None:
                # spawn, never fork: the parent holds a GL context
                self._executor = spawn_pool(1)  # it loads this process's mods
            self._future = self._executor.submit(think, level, view, stream_state, budget_ms)
        except Exception as exc:
            log.exception("hint worker could not start")
            self._error = exc

    def poll(self) -> tuple[Decision, StreamState] | BaseException | None:
        """The finished hint (decision, stream state), an exception if it failed, or None while
        it is still running or none was asked."""
        if self._future is not None and self._future.done():
            future, self._future = self._future, None
            try:
                self._ready = future.result()
            except BaseException as exc:  # the worker died or the CPU raised
                log.warning("hint failed: %s", exc)
                self._error = exc
        if self._ready is not None:
            ready, self._ready = self._ready, None
            return ready
        if self._error is not None:
            error, self._error = self._error, None
            return error
        return None

    def cancel(self) -> None:
        """Forget the hint being computed (its answer is dropped when it comes)."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._ready = self._error = None

    def shutdown(self) -> None:
        """End the worker process now (the view is closing)."""
        self.cancel()
        if self._executor is not None:
            stop_executor(self._executor)
            self._executor = None
