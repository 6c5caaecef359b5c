"""`tabula bench` rows of network play: `net.round_trip_ms.{median,p95}`, a loopback round
trip from a decision sent to both seats' views updated (goal: p95 <= 20 ms, docs/network.md).

Two clients on 127.0.0.1 replay the decisions of an easy-vs-easy conquest game through a host
(every conquest step is shown to both seats, even a sealed one, as "hidden"), one decision at
a time: each figure is the wall time from `submit` to the moment both clients hold the
update (views, legal lists and, for the deciding seat, its answer).
"""

from __future__ import annotations

import time

from game.engine.autoplay import play_cpu_match
from game.engine.modes import BenchRow, get_mode
from game.engine.record import new_record
from game.engine.stats import percentile
from game.net.client import NetClient
from game.net.host import Host, HostThread

DECISIONS = 300


def round_trip_samples(seed: int = 5000, limit: int = DECISIONS) -> list[float]:
    spec = get_mode("conquest")
    played = play_cpu_match(spec, seed, {0: "easy", 1: "easy"})
    options = {k: v for k, v in played.record["options"].items() if k != "ai"}
    record = new_record(spec.id, spec.rules_version, seed, options)
    thread = HostThread(Host(record, rate=(1e6, 1e6)))
    thread.start()
    url = f"ws://127.0.0.1:{thread.host.port}"
    clients = [NetClient(url), NetClient(url)]
    samples: list[float] = []
    try:
        for client in clients:
            client.start()
        for decision in played.record["decisions"][:limit]:
            client = clients[decision["seat"]]
            targets = [c.index + 1 for c in clients]
            start = time.perf_counter()
            client.submit(decision)
            for c, target in zip(clients, targets, strict=True):
                c.wait(lambda c, t=target: c.index >= t)
            samples.append((time.perf_counter() - start) * 1000)
    finally:
        for client in clients:
            client.close()
        thread.stop()
    return samples


def bench_rows() -> list[BenchRow]:
    if get_mode("conquest") is None:  # a registry without conquest (the CLI tests' own)
        return []
    samples = round_trip_samples()
    return [BenchRow("net.round_trip_ms.median", percentile(samples, 50), "ms"),
            BenchRow("net.round_trip_ms.p95", percentile(samples, 95), "ms")]
