"""`simulate --cluster`: an arena's games played by Dask distributed workers (docs/arena.md).

Dask is an optional extra (`pip install tabula[cluster]`), imported only here and only when
asked for. Without an address the games run on a `LocalCluster` of `--jobs` worker processes
listening on loopback only; with one, on the workers of that scheduler, each of which needs
Tabula installed and the same mods at the same folders (every batch brings the submitting
process's mod folders, and every record is checked against this machine's mods).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from game.engine.arena import Job, in_order, play_batch
from game.engine.resources import mod_roots

BATCH = 4            # games a task: few enough that an early stop wastes little
QUEUED_PER_WORKER = 2  # tasks queued ahead per worker thread: enough to keep each one busy


class ClusterUnavailable(RuntimeError):
    """Dask is not installed, or its scheduler cannot be reached (the message says which)."""


@contextmanager
def cluster_games(jobs: Iterable[Job], address: str | None,
                  workers: int) -> Iterator[Iterator[dict[str, Any]]]:
    """The games of `jobs` in order, played by Dask workers."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterUnavailable("--cluster needs Dask distributed: pip install "
                                 "'tabula[cluster]'") from None
    with ExitStack() as stack:
        try:
            if address:
                client = stack.enter_context(Client(address, timeout="20s"))
            else:
                cluster = stack.enter_context(LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                    dashboard_address=None, silence_logs=logging.ERROR))
                client = stack.enter_context(Client(cluster))
        except (OSError, TimeoutError) as exc:
            where = address or "a local cluster"
            raise ClusterUnavailable(f"--cluster {where}: cannot start or reach the Dask "
                                     f"scheduler ({exc})") from None
        threads = max(1, sum(client.nthreads().values()))
        roots = tuple(str(root.resolve()) for root in mod_roots())  # workers have other cwds
        yield in_order(jobs, lambda chunk: client.submit(play_batch, chunk, roots, pure=False),
                       batch=BATCH, window=QUEUED_PER_WORKER * threads)
