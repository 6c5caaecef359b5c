"""Helpers of the network tests: a host on a loopback thread, clients, and a driver that feeds a
known list of decisions through the clients (each sent with the index its seat must carry)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.engine.autoplay import play_cpu_match
from game.engine.modes import get_mode
from game.engine.record import new_record, replay
from game.net.client import NetClient
from game.net.host import Host, HostThread

FAST = (10_000.0, 10_000)  # the driver sends as fast as the host answers: no rate limit


def local_game(mode: str, seed: int, level: str | None = None
               ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A new record (all seats human) and the decisions two CPUs of `level` (the mode's
    easiest by default) play from it locally."""
    spec = get_mode(mode)
    level = level or spec.cpu_levels[0]
    played = play_cpu_match(spec, seed, {0: level, 1: level})
    options = {k: v for k, v in played.record["options"].items() if k != "ai"}
    return new_record(mode, spec.rules_version, seed, options), played.record["decisions"]


def shown_counts(record: dict[str, Any], decisions: list[dict[str, Any]]) -> list[list[int]]:
    """For each decision index i, the index each seat's client holds just before decision i
    (the number of steps of decisions < i that the seat sees)."""
    from game.net.views import seat_step

    outcome = replay({**record, "decisions": decisions})
    counts, now = [], [0, 0]
    for i, events in enumerate(outcome.events):
        counts.append(list(now))
        for seat in (0, 1):
            if seat_step(outcome.match, i, events, seat) is not None:
                now[seat] += 1
    counts.append(list(now))
    outcome.match.close()
    return counts


@contextlib.contextmanager
def hosted(record: dict[str, Any], port: int = 0, **kwargs: Any) -> Iterator[HostThread]:
    thread = HostThread(Host(record, rate=kwargs.pop("rate", FAST), **kwargs), port=port)
    thread.start()
    try:
        yield thread
    finally:
        thread.stop()


def url(thread: HostThread) -> str:
    return f"ws://127.0.0.1:{thread.host.port}"


@contextlib.contextmanager
def joined(thread: HostThread, *tokens: str | None, spectator: bool = False
           ) -> Iterator[list[NetClient]]:
    clients = [NetClient(url(thread), token=t) for t in tokens]
    if spectator:
        clients.append(NetClient(url(thread), role="spectator"))
    try:
        for client in clients:
            client.start()
        yield clients
    finally:
        for client in clients:
            client.close()


def feed(clients: list[NetClient], decisions: list[dict[str, Any]],
         counts: list[list[int]], start: int = 0, stop: int | None = None) -> None:
    """Send decisions[start:stop] through the clients of their seats, in order."""
    for i in range(start, len(decisions) if stop is None else stop):
        decision = decisions[i]
        client = clients[decision["seat"]]
        expected = counts[i][decision["seat"]]
        client.wait(lambda c, e=expected: c.index == e and c.online)
        client.submit(decision)
        client.wait(lambda c, e=expected: c.index > e)


def session_file(tmp_path: Path) -> Path:
    return tmp_path / "session.json"
