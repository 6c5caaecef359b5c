"""The CPU seats of a Kingdom match, thinking in a worker process (spec 7).

esper is module-global and not thread-safe and `expert` looks a turn ahead, so a CPU decides
in a spawned worker process, given only its seat view and its own `ai` stream's state, never
the record or the live match. The worker runs `game.ai.workers.kingdom` (no arcade), which
keeps each session's CPUs between decisions; the warm worker the deck builder kept waiting
(`cpu_worker.prestart`) is the one the match view takes.

`CpuRunner(sync=True)` decides in-process instead (tests and benches: nothing is spawned).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import uuid4

from game.ai.workers.kingdom import forget, think
from game.scenes.cpu_worker import WorkerCalls


class CpuRunner(WorkerCalls):
    """One kingdom CPU decision at a time; `poll()` hands back (decision, stream state)."""

    factory: Callable[..., Any] | None = None  # tests: a stand-in CPU (decided in-process)

    def __init__(self, token: str, sync: bool = False) -> None:
        super().__init__("kingdom CPU", sync, cpu=True)
        self.token = token

    def start(self, level: str, seat: int, view: dict[str, Any], stream_state: Any,
              tag: Any = None) -> None:
        if self.factory is not None:
            self.submit(think, self.token, level, seat, view, stream_state, self.factory,
                        tag=tag, in_process=True)
        else:
            self.submit(think, self.token, level, seat, view, stream_state, tag=tag)

    def warm(self) -> None:
        if self.factory is None:  # a stand-in decides in-process
            super().warm()

    def renew(self) -> None:
        """An undo: the answer being thought is dropped, and the next decision is asked of a
        CPU built afresh from the stream state it is given (the worker's kept one planned,
        and drew, for a position that is gone). Undo lands where the person decides, never
        in the middle of the CPU's turn, where a fresh CPU decides as the kept one would."""
        self.cancel()
        forget(self.token)  # in-process (sync, stand-ins); a worker's copy is left unused
        self.token = uuid4().hex

    def shutdown(self) -> None:
        super().shutdown()
        forget(self.token)
