"""Worker processes that play with exactly the content of the process that starts them, and
end when it ends.

Workers are spawned, never forked (the game's process holds a GL context), so each
starts as a fresh interpreter that knows nothing of `--mods PATH` or of where its parent looked
for mods. Every pool is made here: `spawn_pool` hands each worker its parent's mod folders
before it runs anything, so `simulate --jobs`, the CPU worker and the crawl hint load the same
mods as the process that asked them.

A parent that dies without ending its workers (SIGKILL, a crash, the out-of-memory killer)
must not leave them running: a pool worker waits on a queue whose writing end it holds itself,
so it never sees the parent go, and each kept about 67 MB for as long as the machine ran
(issue 26). Every worker therefore watches its parent's sentinel (`parent_process()`: a pipe
that closes when the parent ends) on a daemon thread and exits at once when it does, even in
the middle of a search.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import wait
from pathlib import Path

from game.engine.resources import mod_roots, use_mod_roots

ORPHAN_EXIT_CODE = 70  # what a worker exits with when its parent is gone (EX_SOFTWARE)


def _exit_when_parent_ends(sentinel: int) -> None:
    wait([sentinel])  # readable (EOF) once the parent process has ended, however it ended
    os._exit(ORPHAN_EXIT_CODE)  # nobody is left to take an answer: no clean-up is owed


def watch_parent() -> bool:
    """In a spawned worker: end this process when its parent ends. False when there is no
    parent to watch (the main process, or a worker started without a sentinel)."""
    parent = multiprocessing.parent_process()
    sentinel = getattr(parent, "sentinel", None)
    if parent is None or sentinel is None:
        return False
    threading.Thread(target=_exit_when_parent_ends, args=(sentinel,), name="parent-watch",
                     daemon=True).start()
    return True


def start_worker(roots: Iterable[str | Path]) -> None:
    """Every pool worker's initializer: its parent's mod folders, and its parent watched."""
    watch_parent()
    use_mod_roots(roots)


def spawn_pool(max_workers: int) -> ProcessPoolExecutor:
    """A pool of spawned workers that read mods from this process's mod folders and end with
    this process."""
    return ProcessPoolExecutor(max_workers=max_workers,
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=start_worker, initargs=(tuple(mod_roots()),))
