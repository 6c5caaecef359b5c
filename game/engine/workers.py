"""Worker processes that play with exactly the content of the process that starts them.

Workers are spawned, never forked (the game's process holds a GL context), so each
starts as a fresh interpreter that knows nothing of `--mods PATH` or of where its parent looked
for mods. Every pool is made here: `spawn_pool` hands each worker its parent's mod folders
before it runs anything, so `simulate --jobs`, the CPU worker and the crawl hint load the same
mods as the process that asked them.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from game.engine.resources import mod_roots, use_mod_roots


def spawn_pool(max_workers: int) -> ProcessPoolExecutor:
    """A pool of spawned workers that read mods from this process's mod folders."""
    return ProcessPoolExecutor(max_workers=max_workers,
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=use_mod_roots, initargs=(tuple(mod_roots()),))
