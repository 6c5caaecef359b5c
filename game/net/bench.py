"""`tabula bench` rows of network play (goal: p95 <= 20 ms, docs/network.md "Speed"):
`net.round_trip_ms.{median,p95}`, a loopback round trip from a decision sent to both seats'
views updated, and `net.host_cpu_ms_per_decision`, the host's CPU time per decision.

The host is a real one: a `tabula host conquest --headless` process with its session file (in
the bench's temporary home), as a player runs it. Two clients on 127.0.0.1 replay the decisions
of an easy-vs-easy conquest game through it (every conquest step is shown to both seats, even
a sealed one, as "hidden"), one decision at a time: each figure is the wall time from `submit`
to the moment both clients hold the update (views, legal lists and, for the deciding seat,
its answer). The host's CPU time is read from /proc (Linux) around the decisions.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from game.engine.autoplay import play_cpu_match
from game.engine.modes import BenchRow, get_mode
from game.engine.stats import percentile
from game.net.client import NetClient

DECISIONS = 300
CHECKOUT = Path(__file__).resolve().parents[2]  # where `python -m game` imports this copy


@dataclass
class Measure:
    samples: list[float]  # round trips, ms
    host_cpu_ms: float | None  # the host process's CPU time over the decisions, ms


def _cpu_ns(pid: int) -> int | None:
    """A process's CPU time so far, in ns (Linux's schedstat), or None elsewhere."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def start_host(seed: int, root: Path = CHECKOUT) -> tuple[subprocess.Popen[str], int]:
    """`tabula host conquest --headless` of the checkout at `root`, on a free loopback port,
    in this process's home (the bench's temporary one); the process and its port."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "conquest", "--headless", "--port", "0",
         "--bind", "127.0.0.1", "--seed", str(seed), "--new"],
        cwd=root, env=dict(os.environ), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True)
    line = proc.stdout.readline() if proc.stdout else ""
    if not line.startswith("Hosting conquest at 127.0.0.1:"):
        proc.kill()
        proc.wait()
        raise RuntimeError(f"the host did not start: {line!r}")
    return proc, int(line.split(":")[1].split()[0])


def measure(seed: int = 5000, limit: int = DECISIONS, root: Path = CHECKOUT) -> Measure:
    spec = get_mode("conquest")
    played = play_cpu_match(spec, seed, {0: "easy", 1: "easy"})
    proc, port = start_host(seed, root)
    url = f"ws://127.0.0.1:{port}"
    clients = [NetClient(url), NetClient(url)]
    samples: list[float] = []
    try:
        for client in clients:
            client.start()
        before = _cpu_ns(proc.pid)
        for decision in played.record["decisions"][:limit]:
            client = clients[decision["seat"]]
            targets = [c.index + 1 for c in clients]
            start = time.perf_counter()
            client.submit(decision)
            for c, target in zip(clients, targets, strict=True):
                c.wait(lambda c, t=target: c.index >= t)
            samples.append((time.perf_counter() - start) * 1000)
        after = _cpu_ns(proc.pid)
    finally:
        for client in clients:
            client.close()
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    cpu = None if before is None or after is None else (after - before) / 1e6 / len(samples)
    return Measure(samples, cpu)


def round_trip_samples(seed: int = 5000, limit: int = DECISIONS) -> list[float]:
    return measure(seed, limit).samples


def bench_rows() -> list[BenchRow]:
    """The rows, or none when the conquest mode they play is not installed."""
    if get_mode("conquest") is None:
        return []
    result = measure()
    rows = [BenchRow("net.round_trip_ms.median", percentile(result.samples, 50), "ms"),
            BenchRow("net.round_trip_ms.p95", percentile(result.samples, 95), "ms")]
    if result.host_cpu_ms is not None:
        rows.append(BenchRow("net.host_cpu_ms_per_decision", result.host_cpu_ms, "ms"))
    return rows
