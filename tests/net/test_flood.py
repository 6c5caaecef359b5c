"""A flood never locks the players out (issue 27): 200 connections at once and 40 idle
websockets that never say hello, on loopback, while a match is played; a seat that drops
rejoins with its token within a second and the match goes on; the idle ones are closed once
their hello is overdue, and spectators are bounded per address."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from websockets.asyncio.client import connect

from game.net import host as host_module
from game.net.client import JoinError, NetClient
from tests.net.support import feed, hosted, joined, local_game, shown_counts, url

pytestmark = pytest.mark.network


class Flood:
    """`count` websockets opened at once from this address, which never say hello, on a loop
    of their own; `closed` counts those the host closed."""

    def __init__(self, target: str, count: int) -> None:
        self.target, self.count = target, count
        self.opened = 0
        self.closed = 0
        self.loop = asyncio.new_event_loop()
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self.loop.run_until_complete,
                                        args=(self._main(),), daemon=True)

    async def _one(self) -> None:
        try:
            async with connect(self.target, open_timeout=10, ping_interval=None) as ws:
                self.opened += 1
                if self.opened == self.count:
                    self._ready.set()
                closing = asyncio.ensure_future(ws.wait_closed())
                stopping = asyncio.ensure_future(self._stop.wait())
                await asyncio.wait({closing, stopping}, return_when=asyncio.FIRST_COMPLETED)
                if closing.done():
                    self.closed += 1
                stopping.cancel()
        except Exception:  # refused at once: counted as closed by the host
            self.closed += 1

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        await asyncio.gather(*(self._one() for _ in range(self.count)))

    def __enter__(self) -> Flood:
        self._thread.start()
        self._ready.wait(20)
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)


@pytest.mark.slow
@pytest.mark.parametrize("count", [200, 40])
def test_a_flood_of_silent_connections_never_keeps_a_seat_out(count):
    record, decisions = local_game("conquest", 7)
    counts = shown_counts(record, decisions)
    with hosted(record, hello_timeout=1.5) as thread, joined(thread, None, None) as clients:
        a, b = clients
        feed(clients, decisions, counts, 0, 4)
        token = a.token
        a.close()  # seat 0's game quits (or its link breaks) ...
        b.wait(lambda c: c.connected[0] is False)
        with Flood(url(thread), count) as flood:  # ... and the flood comes meanwhile
            assert flood.opened == count  # the host took every one of them
            start = time.monotonic()
            again = NetClient(url(thread), token=token)
            try:
                again.start(timeout=1.0)  # the seat's own rejoin, within a second
                assert time.monotonic() - start < 1.0
                assert again.seat == 0
                feed([again, b], decisions, counts, 4, 8)  # the match goes on
                # a newcomer without a token gets its answer too (the match is full)
                with pytest.raises(JoinError, match="Every seat is taken"):
                    NetClient(url(thread), reconnect=False).start(timeout=2)
                # the silent ones are closed once their hello is overdue
                deadline = time.monotonic() + 5
                while flood.closed < count and time.monotonic() < deadline:
                    time.sleep(0.05)
                assert flood.closed == count
            finally:
                again.close()
        pending = [c for c in thread.host.connections if not c.joined]
        assert len(pending) <= host_module.MAX_PENDING
        assert len(thread.host.match.decisions) == 8


@pytest.mark.slow
def test_spectators_are_bounded_per_address_and_seats_still_get_in():
    record, decisions = local_game("conquest", 7)
    with hosted(record, spectators=True) as thread, joined(thread, None, None) as (a, b):
        watchers = [NetClient(url(thread), role="spectator", reconnect=False)
                    for _ in range(host_module.MAX_SPECTATORS_PER_ADDRESS)]
        try:
            for watcher in watchers:
                watcher.start()
            with pytest.raises(JoinError, match="Too many spectators"):
                NetClient(url(thread), role="spectator", reconnect=False).start(timeout=2)
            welcomes = b.welcomes
            b.drop()
            b.wait(lambda c: c.welcomes > welcomes and c.online, timeout=1.0)
        finally:
            for watcher in watchers:
                watcher.close()
