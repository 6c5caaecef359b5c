"""A headless network client: its own asyncio loop in a thread, talking to the arcade (or
test) thread through queues, so that neither loop blocks the other.

The thread keeps the latest state the host sent (seat, token, step index, view, legal list,
history, who is connected, the final record) and puts every message on `inbox` for the owner
to react to (a scene polls it once a frame; a test waits on it). `submit` hands a decision to
the thread, which sends it with the seat's token and the index of the step it expects. A
dropped connection is retried with the seat's token until `close()`: the host keeps the seat
and the welcome it answers with resumes the match where it stands.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.net import protocol

RETRY_DELAYS = (0.05, 0.1, 0.2, 0.5, 1.0, 2.0)  # then every 2 s until closed


class JoinError(RuntimeError):
    """The host could not be reached, or refused the hello (the message says why; `error`
    is the host's refusal id, one of JOIN_ERRORS, or None when no host answered), so a
    screen can say it in its own language."""

    def __init__(self, message: str, error: str | None = None) -> None:
        super().__init__(message)
        self.error = error


class NetClient:
    """One connection to a host, as a seat (`role="player"`) or a spectator."""

    def __init__(self, url: str, *, token: str | None = None, role: str = "player",
                 reconnect: bool = True) -> None:
        self.url = url
        self.role = role
        self.token = token
        self.reconnect = reconnect
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.frames: list[str] = []  # every frame received, as sent (the leak test's input)
        self.seat: int | None = None
        self.mode: str | None = None
        self.options: dict[str, Any] = {}
        self.index = 0
        self.view: dict[str, Any] | None = None
        self.legal: list[dict[str, Any]] = []
        self.act = False
        self.history: list[dict[str, Any]] = []
        self.connected: list[bool] = []
        self.online = False
        self.record: dict[str, Any] | None = None
        self.welcomes = 0
        self.pongs = 0
        self.rejections: list[dict[str, Any]] = []  # `rejected` and `error` answers, in order
        # Answers to this client's submits: each gets one, a rejection or the update that
        # shows the seat its own decision (the other seat's steps do not count).
        self.answers = 0
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[str] | None = None
        self._ws: ClientConnection | None = None
        self._closing = False
        self._thread = threading.Thread(target=self._run, daemon=True, name="tabula-client")

    # -- owner's side ----------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> dict[str, Any]:
        """Connect and join; the welcome, or JoinError with the host's reason."""
        self._thread.start()
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                if self.welcomes:
                    return {"seat": self.seat, "token": self.token, "index": self.index}
                if self._join_error is not None:
                    break
                left = deadline - time.monotonic()
                if left <= 0:
                    self._join_error = f"no answer from {self.url} within {timeout:g} s"
                    break
                self._changed.wait(left)
        self.close()
        raise JoinError(self._join_error, self._join_error_id)

    _join_error: str | None = None
    _join_error_id: str | None = None  # the host's refusal id, when it refused the hello

    def submit(self, decision: dict[str, Any], index: int | None = None) -> int:
        """Send one decision of this seat; returns the index it was sent with."""
        with self._lock:
            sent = self.index if index is None else index
            token = self.token or ""
        self.send_message(protocol.submit(token, sent, decision))
        return sent

    def ask_preset(self, mode: str, faction: str) -> int:
        """Ask the host for this seat's deck-builder preset of a tile (kingdom's Default,
        drawn from the match's stream); the answer comes to the inbox as a `preset` message
        carrying the id returned here."""
        with self._lock:
            self._presets += 1
            request = self._presets
            token = self.token or ""
        self.send_message(protocol.preset(token, request, mode, faction))
        return request

    _presets = 0

    def send_message(self, message: dict[str, Any]) -> None:
        self.send_raw(protocol.dumps(message))

    def send_raw(self, text: str | bytes) -> None:
        """Send any frame as is (the hostile-client tests)."""
        self._loop.call_soon_threadsafe(self._enqueue, text)

    def wait(self, predicate: Callable[[NetClient], bool], timeout: float = 10.0) -> None:
        """Block until `predicate(self)` holds (checked after every message)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not predicate(self):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"{self.url}: condition not met within {timeout:g} s")
                self._changed.wait(left)

    def next_message(self, kind: str | None = None, timeout: float = 10.0) -> dict[str, Any]:
        """The next inbox message (of type `kind`, the others skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind or 'message'} within {timeout:g} s")
            message = self.inbox.get(timeout=left)
            if kind is None or message["type"] == kind:
                return message

    def sync(self, timeout: float = 10.0) -> None:
        """Wait until everything the host sent this client before now has arrived."""
        pongs = self.pongs
        self.send_message({"type": "ping"})
        self.wait(lambda c: c.pongs > pongs, timeout)

    def drain(self) -> list[dict[str, Any]]:
        """Every message waiting in the inbox (a scene's once-a-frame poll)."""
        messages = []
        while True:
            try:
                messages.append(self.inbox.get_nowait())
            except queue.Empty:
                return messages

    def drop(self) -> None:
        """Cut the connection without a goodbye, as a crash or a lost network would (the
        client then reconnects, if it may)."""
        def abort() -> None:
            if self._ws is not None:
                self._ws.transport.abort()
        self._loop.call_soon_threadsafe(abort)

    def close(self) -> None:
        """Leave for good (no reconnect) and end the thread."""
        self._closing = True
        if self._thread.is_alive():
            async def shut() -> None:
                if self._ws is not None:
                    await self._ws.close()
                if self._outbox is not None:
                    self._outbox.put_nowait("")  # wake the writer
            closing = shut()
            try:
                asyncio.run_coroutine_threadsafe(closing, self._loop)
            except RuntimeError:  # the loop is already closed: nothing is left to shut
                closing.close()
            self._thread.join(5)
            if not closing.cr_running:  # a loop that ended before running it: no warning
                closing.close()

    # -- the client's thread ---------------------------------------------------------------
    def _enqueue(self, text: str | bytes) -> None:
        if self._outbox is not None:
            self._outbox.put_nowait(text)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main())
            self._loop.run_until_complete(self._loop.shutdown_asyncgens())
        finally:
            self._loop.close()

    async def _main(self) -> None:
        self._outbox = asyncio.Queue()
        attempt = 0
        while not self._closing:
            try:
                async with connect(self.url, max_size=protocol.MAX_HOST_FRAME_BYTES,
                                   open_timeout=5, ping_interval=5, ping_timeout=10) as ws:
                    attempt = 0
                    self._ws = ws
                    await ws.send(protocol.dumps(protocol.hello(self.role, self.token)))
                    await self._session(ws)
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed) as exc:
                if not self.welcomes:  # never joined: say why now, do not retry
                    self._fail(f"cannot reach {self.url}: {exc}")
                    return
            finally:
                self._ws = None
                self._set_online(False)
            if self._join_error is not None or not self.reconnect:
                return
            await asyncio.sleep(RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)])
            attempt += 1

    async def _session(self, ws: ClientConnection) -> None:
        writer = asyncio.ensure_future(self._write(ws))
        try:
            async for frame in ws:
                if isinstance(frame, str):
                    self._receive(frame)
                if self._join_error is not None:
                    await ws.close()
                    return
        finally:
            writer.cancel()

    async def _write(self, ws: ClientConnection) -> None:
        assert self._outbox is not None
        while True:
            text = await self._outbox.get()
            if self._closing:
                return
            try:
                await ws.send(text)
            except ConnectionClosed:
                return  # dropped: the decision is not resent (its index would be stale)

    def _fail(self, reason: str) -> None:
        with self._changed:
            self._join_error = reason
            self._changed.notify_all()

    def _set_online(self, online: bool) -> None:
        with self._changed:
            if self.online == online:
                return
            self.online = online
            self._changed.notify_all()
        if not online and not self._closing:
            self.inbox.put({"type": "offline"})

    def _receive(self, frame: str) -> None:
        message = protocol.loads_host(frame)
        kind = message.get("type")
        with self._changed:
            self.frames.append(frame)
            if kind == "welcome":
                self.seat = message["seat"]
                self.token = message.get("token", self.token)
                self.mode = message["mode"]
                self.options = message["options"]
                self.history = list(message["history"])
                self.connected = list(message["connected"])
                self._apply_view(message)
                self.welcomes += 1
                self.online = True
            elif kind == "update":
                step = message["step"]
                if step is not None:
                    self.history.append(step)
                    decision = step["decision"]
                    if isinstance(decision, dict) and decision.get("seat") == self.seat \
                            and self.seat is not None:
                        self.answers += 1
                self._apply_view(message)
            elif kind == "peer":
                self.connected[message["seat"]] = message["connected"]
            elif kind == "pong":
                self.pongs += 1
            elif kind == "end":
                self.record = message["record"]
            elif kind in ("rejected", "error"):
                self.rejections.append(message)
                self.answers += 1
                if kind == "error" and not self.welcomes and message["error"] in JOIN_ERRORS:
                    self._join_error = message["message"]
                    self._join_error_id = message["error"]
                    self._closing = True
            self._changed.notify_all()
        self.inbox.put(message)

    def _apply_view(self, message: dict[str, Any]) -> None:
        self.index = message["index"]
        self.view = message["view"]
        self.legal = message.get("legal", [])
        self.act = message.get("act", False)


JOIN_ERRORS = frozenset({"bad_token", "match_full", "no_spectators", "protocol", "host_full"})
