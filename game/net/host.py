"""The authoritative host of a network match (docs/network.md).

The host holds the match, its seed and its record; clients hold seat tokens. A client sends
`{token, index, decision}`; the host checks the token against the connection's seat, the
decision's seat against the token's, the index against the steps that seat has been shown,
then submits through the same `Match.submit` as a local match and answers a rejection with its
id and message. Every connection is then sent only what its viewer may see (`game.net.views`);
the record goes out only at the end. A kingdom seat's deck-builder preset is drawn here too,
from the match's own stream (`preset`), and told to that seat only.

The host runs on one asyncio loop. esper is module-global and not thread-safe, so every use of
the match is inside `Match.lock` (a CPU client in the same process takes it too).

A session (the record, the seat tokens, which seats were claimed, the spectator setting) is
kept on disk by `game.net.session`: a snapshot when the host starts and stops, and one line
appended for every accepted decision and claimed seat, so a host that quits, or is killed, is
hosted again from it and each player rejoins with the token it already holds. A session that
cannot be written is said at start (`persist_error`) and the host plays on without it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.engine.events import Event
from game.engine.match import Match, Rejection
from game.engine.record import (
    RecordError,
    match_record,
    parse_record_json,
    read_record_text,
    replay,
    validate_record,
)
from game.net import protocol
from game.net.protocol import Hello, Ping, Preset, ProtocolError, Submit
from game.net.session import SessionLog, SessionWriteError, read_log
from game.net.views import seat_step, seat_view

log = logging.getLogger(__name__)

SESSION_KIND = "tabula-net-session"
# Connections that have not joined yet (no hello accepted): each is closed HELLO_TIMEOUT
# seconds after it opened, and past MAX_PENDING of them (MAX_PENDING_PER_ADDRESS from one
# address) a new one closes the oldest, so a flood never keeps a seat's rejoin out: a hello
# with a seat's token is always taken. Spectators are bounded apart (docs/network.md "Bounds").
HELLO_TIMEOUT = 3.0
MAX_PENDING = 64
MAX_PENDING_PER_ADDRESS = 16
MAX_SPECTATORS = 16
MAX_SPECTATORS_PER_ADDRESS = 4


class SessionError(ValueError):
    """A session file that cannot be hosted again (the message names the file and field)."""


@dataclass
class Viewer:
    """What one viewer (a seat, or the spectators as one) has been shown so far."""

    shown: int = 0  # steps sent: the `index` a seat's next decision must carry
    view: dict[str, Any] | None = None  # the last view sent (an unchanged one is not resent)


@dataclass(eq=False)
class Connection:
    ws: ServerConnection
    address: str = ""  # the peer's IP address (the per-address bounds)
    opened: float = field(default_factory=time.monotonic)
    seat: int | None = None  # a seat once its hello is accepted
    spectator: bool = False
    rate: tuple[float, float] = (protocol.RATE_PER_S, protocol.RATE_BURST)
    tokens: float = float(protocol.RATE_BURST)
    last: float = field(default_factory=time.monotonic)

    @property
    def joined(self) -> bool:
        return self.seat is not None or self.spectator

    def allow(self) -> bool:
        """Token bucket: `rate` = (messages a second on average, burst)."""
        now = time.monotonic()
        per_s, burst = self.rate
        self.tokens = min(burst, self.tokens + (now - self.last) * per_s)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Host:
    """One network match. `record` is a new record or a saved one (its decisions replay)."""

    def __init__(self, record: dict[str, Any], *, spectators: bool = False,
                 tokens: list[str] | None = None, claimed: list[bool] | None = None,
                 session_path: Path | None = None,
                 rate: tuple[float, float] = (protocol.RATE_PER_S, protocol.RATE_BURST),
                 hello_timeout: float = HELLO_TIMEOUT) -> None:
        self.rate = rate
        self.hello_timeout = hello_timeout
        self.record = validate_record(record)
        with Match.lock:
            outcome = replay(self.record)
            if not outcome.ok:
                outcome.match.close()
                raise RecordError(f"record: decisions.{outcome.rejected_index}: rejected "
                                  f"({outcome.rejection.error})")
        self.match: Match = outcome.match
        self.events: list[list[Event]] = outcome.events
        seats = self.match.rules.seats
        if seats < 2:
            self.match.close()
            raise RecordError(f"record: mode: {self.match.rules.mode} has one seat: "
                              "nothing to play over the network")
        self.spectators = spectators
        self.tokens = list(tokens) if tokens else [secrets.token_urlsafe(18) for _ in
                                                   range(seats)]
        self.claimed = list(claimed) if claimed else [False] * seats
        self.session_path = session_path
        self.store: SessionLog | None = None  # open once `open_session` wrote the snapshot
        self.persist_error: str | None = None  # why this match cannot be saved, if it cannot
        self.seat_conn: list[Connection | None] = [None] * seats
        self.watchers: set[Connection] = set()
        self.connections: set[Connection] = set()
        self.viewers: dict[int | None, Viewer] = {s: Viewer() for s in (*range(seats), None)}
        with Match.lock:
            for index, events in enumerate(self.events):
                for viewer, state in self.viewers.items():
                    if seat_step(self.match, index, events, viewer) is not None:
                        state.shown += 1
        self.port: int | None = None
        self._server: Any = None
        self._stopped: asyncio.Event | None = None

    # -- sessions --------------------------------------------------------------------------
    @classmethod
    def from_session(cls, path: Path) -> Host:
        """The host of a saved session (SessionError naming the file and field)."""
        try:
            data = parse_record_json(read_record_text(path))
        except RecordError as exc:
            raise SessionError(str(exc)) from None
        if not isinstance(data, dict) or data.get("kind") != SESSION_KIND:
            raise SessionError(f"{path}: kind: not a Tabula network session")
        tokens, claimed = data.get("tokens"), data.get("claimed")
        record = data.get("record")
        if isinstance(record, dict) and isinstance(record.get("decisions"), list):
            try:
                logged, logged_claims = read_log(path, len(record["decisions"]))
            except RecordError as exc:
                raise SessionError(str(exc)) from None
            record = {**record, "decisions": record["decisions"] + logged}
            if logged_claims is not None and isinstance(claimed, list) \
                    and len(logged_claims) == len(claimed):
                claimed = logged_claims
        if not (isinstance(tokens, list) and all(isinstance(t, str) and 0 < len(t) <= 64
                                                 for t in tokens)):
            raise SessionError(f"{path}: tokens: must be a list of seat tokens")
        if not (isinstance(claimed, list) and len(claimed) == len(tokens)
                and all(isinstance(c, bool) for c in claimed)):
            raise SessionError(f"{path}: claimed: must be one true/false per seat")
        try:
            host = cls(record, spectators=data.get("spectators") is True,
                       tokens=tokens, claimed=claimed, session_path=path)
        except RecordError as exc:
            raise SessionError(f"{path}: {exc}") from None
        if len(host.tokens) != host.match.rules.seats:
            raise SessionError(f"{path}: tokens: one per seat ({host.match.rules.seats})")
        return host

    def session_json(self) -> dict[str, Any]:
        return {"kind": SESSION_KIND, "format": 1, "spectators": self.spectators,
                "tokens": self.tokens, "claimed": self.claimed, "record": self.current_record()}

    def open_session(self) -> None:
        """Write the snapshot and open the log (the host's start); a session that cannot be
        written sets `persist_error` (said by whoever started the host) and the host plays
        on without saving."""
        if self.session_path is None or self.store is not None:
            return
        store = SessionLog(self.session_path)
        try:
            self.session_path.parent.mkdir(parents=True, exist_ok=True)
            store.snapshot(self.session_json())
        except (SessionWriteError, OSError) as exc:
            self.persist_error = (f"cannot save the match in {self.session_path}: "
                                  f"{getattr(exc, 'strerror', None) or exc}")
            log.warning("%s", self.persist_error)
            return
        self.store = store

    def save_session(self) -> None:
        """The whole session as a snapshot (the log folded in): at the stop and the end. A
        failure is logged, never raised (a stopping host always stops)."""
        if self.session_path is None:
            return
        if self.store is None:
            self.open_session()
        if self.store is None:
            return
        try:
            self.store.snapshot(self.session_json())
        except SessionWriteError as exc:
            log.warning("the match could not be saved: %s", exc)

    def _append(self, entry: dict[str, Any]) -> None:
        """One line of the session log (SessionWriteError when it cannot be written)."""
        if self.store is not None:
            self.store.append(entry)

    def _sync(self) -> None:
        if self.store is None:
            return
        try:
            self.store.sync()
        except SessionWriteError as exc:  # the line is written: the kernel will keep it
            log.warning("%s", exc)

    def _claim(self, seat: int) -> None:
        self.claimed[seat] = True
        try:
            self._append({"claimed": self.claimed})
            self._sync()
        except SessionWriteError as exc:  # the seat is taken all the same
            log.warning("%s", exc)

    def current_record(self) -> dict[str, Any]:
        with Match.lock:
            return match_record(self.match)

    # -- serving ---------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on (host, port); port 0 picks a free one. Returns the port. The session
        is written first (`persist_error` says when it cannot be)."""
        self._stopped = asyncio.Event()
        self.open_session()
        self._server = await serve(self._handle, host, port,
                                   max_size=protocol.MAX_FRAME_BYTES, max_queue=64,
                                   open_timeout=self.hello_timeout,
                                   ping_interval=5, ping_timeout=10)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        """Close every connection and the listener; save the session. It always stops, even
        when the session cannot be written."""
        try:
            if self._server is not None:
                server, self._server = self._server, None
                server.close()
                await server.wait_closed()
            self.save_session()
        finally:
            if self.store is not None:
                self.store.close()
                self.store = None
            if self._stopped is not None:
                self._stopped.set()

    async def serve_until_stopped(self) -> None:
        assert self._stopped is not None
        await self._stopped.wait()

    async def _handle(self, ws: ServerConnection) -> None:
        peer = ws.remote_address
        conn = Connection(ws, address=str(peer[0]) if peer else "", rate=self.rate,
                          tokens=float(self.rate[1]))
        self._make_room(conn.address)
        self.connections.add(conn)
        overdue = asyncio.get_running_loop().call_later(
            self.hello_timeout, lambda: asyncio.ensure_future(self._hello_overdue(conn)))
        try:
            async for frame in ws:
                await self._on_frame(conn, frame)
        except ConnectionClosed:
            pass
        finally:
            overdue.cancel()
            await self._drop(conn)

    def _make_room(self, address: str) -> None:
        """Before a new connection is taken: past the bounds of connections that have not
        joined, the oldest of them (from `address` first) is closed, never the new one, so a
        seat's rejoin always gets to say its hello."""
        pending = sorted((c for c in self.connections if not c.joined),
                         key=lambda c: c.opened)
        same = [c for c in pending if c.address == address]
        evict = []
        if len(same) >= MAX_PENDING_PER_ADDRESS:
            evict += same[:len(same) - MAX_PENDING_PER_ADDRESS + 1]
        rest = [c for c in pending if c not in evict]
        if len(rest) >= MAX_PENDING:
            evict += rest[:len(rest) - MAX_PENDING + 1]
        for old in evict:
            self.connections.discard(old)
            asyncio.ensure_future(self._refuse(old, "host_full", "Too many connections that "
                                               "have not joined: the oldest is closed."))

    async def _refuse(self, conn: Connection, error: str, message: str) -> None:
        await self._send(conn, protocol.error(error, message))
        await conn.ws.close(1013, "too many connections")

    async def _hello_overdue(self, conn: Connection) -> None:
        if not conn.joined:
            await self._send(conn, protocol.error(
                "no_hello", f"No hello within {self.hello_timeout:g} s."))
            await conn.ws.close(1008, "no hello")

    async def _drop(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self.watchers.discard(conn)
        seat = conn.seat
        if seat is not None and self.seat_conn[seat] is conn:
            self.seat_conn[seat] = None
            await self._tell_peers(seat, connected=False)

    async def _send(self, conn: Connection, message: dict[str, Any]) -> None:
        try:
            await conn.ws.send(protocol.dumps(message))
        except ConnectionClosed:
            pass

    async def _on_frame(self, conn: Connection, frame: str | bytes) -> None:
        if not conn.allow():
            await self._send(conn, protocol.error(
                "rate_limited", f"Too many messages: at most {self.rate[0]:g} a second."))
            return
        try:
            message = protocol.parse_client(frame)
        except ProtocolError as exc:
            await self._send(conn, protocol.error(exc.error, exc.message))
            return
        if isinstance(message, Ping):
            await self._send(conn, {"type": "pong"})
        elif isinstance(message, Hello):
            await self._hello(conn, message)
        elif isinstance(message, Preset):
            await self._preset(conn, message)
        else:
            await self._submit(conn, message)

    # -- joining ---------------------------------------------------------------------------
    async def _hello(self, conn: Connection, hello: Hello) -> None:
        if hello.protocol != protocol.PROTOCOL:
            await self._send(conn, protocol.error(
                "protocol", f"This host speaks protocol {protocol.PROTOCOL}, "
                            f"not {hello.protocol}: update Tabula."))
            return
        if conn.seat is not None or conn.spectator:
            await self._send(conn, protocol.error("already_joined", "Already joined."))
            return
        if hello.role == "spectator":
            if not self.spectators:
                await self._send(conn, protocol.error("no_spectators",
                                                      "This host does not allow spectators."))
                return
            same = sum(w.address == conn.address for w in self.watchers)
            if len(self.watchers) >= MAX_SPECTATORS or same >= MAX_SPECTATORS_PER_ADDRESS:
                await self._refuse(conn, "host_full", "Too many spectators.")
                return
            conn.spectator = True
            self.watchers.add(conn)
            await self._send(conn, self._welcome(None))
            await self._send_end_if_over(conn)
            return
        if hello.token is not None:
            seat = next((s for s, t in enumerate(self.tokens)
                         if secrets.compare_digest(t, hello.token)), None)
            if seat is None:
                await self._send(conn, protocol.error("bad_token",
                                                      "No seat of this match has that token."))
                return
        else:
            seat = next((s for s, c in enumerate(self.claimed) if not c), None)
            if seat is None:
                await self._send(conn, protocol.error(
                    "match_full", "Every seat is taken: rejoin with your token, or watch."))
                return
            self._claim(seat)
        old = self.seat_conn[seat]
        conn.seat = seat
        self.seat_conn[seat] = conn
        if old is not None:  # a reconnect while the old socket is not yet known dead
            old.seat = None
            await self._send(old, protocol.error("replaced", "Your seat joined again elsewhere."))
            await old.ws.close(1000, "replaced")
        await self._send(conn, self._welcome(seat))
        await self._tell_peers(seat, connected=True)
        await self._send_end_if_over(conn)

    def _welcome(self, viewer: int | None) -> dict[str, Any]:
        """Everything a viewer needs to show the match from scratch (also on a reconnect)."""
        with Match.lock:
            match = self.match
            history = []
            for index, events in enumerate(self.events):
                step = seat_step(match, index, events, viewer)
                if step is not None:
                    history.append({**step, "index": len(history)})
            state = self.viewers[viewer]
            state.view = seat_view(match, viewer)
            message: dict[str, Any] = {
                "type": "welcome", "protocol": protocol.PROTOCOL, "mode": match.rules.mode,
                "rules": match.rules.rules_version, "seat": viewer,
                "spectator": viewer is None, "seats": match.rules.seats,
                "options": self.record["options"], "mods": self.record.get("mods", []),
                "index": state.shown, "history": history, "view": state.view,
                "connected": [c is not None for c in self.seat_conn],
            }
            if viewer is not None:
                message["token"] = self.tokens[viewer]
                message.update(self._seat_extra(viewer))
        return message

    def _seat_extra(self, seat: int) -> dict[str, Any]:
        """A seat's own extras: its legal decisions and whether the match waits for it."""
        match = self.match
        return {"legal": match.legal_decisions(seat),
                "act": match.result is None and seat in match.rules.waiting_for(match)}

    async def _tell_peers(self, seat: int, connected: bool) -> None:
        message = {"type": "peer", "seat": seat, "connected": connected,
                   "message": "" if connected else protocol.OPPONENT_DISCONNECTED}
        for other in [c for c in self.seat_conn if c is not None and c.seat != seat]:
            await self._send(other, message)
        for watcher in list(self.watchers):
            await self._send(watcher, message)

    async def _send_end_if_over(self, conn: Connection) -> None:
        if self.match.result is not None:
            await self._send(conn, {"type": "end", "result": self.match.result,
                                    "record": self.current_record()})

    # -- deck-builder presets --------------------------------------------------------------
    async def _preset(self, conn: Connection, ask: Preset) -> None:
        """A seat's preset, drawn here from the match's own stream (kingdom's Default: a
        client never has the seed): answered to that connection only, never recorded, and
        nothing any other viewer is sent changes."""
        seat = conn.seat
        drawn: Any
        if seat is None:
            drawn = Rejection("not_joined", "Take a seat before building a deck.")
        elif not secrets.compare_digest(self.tokens[seat], ask.token):
            drawn = Rejection("bad_token", "That token is not your seat's.")
        else:
            draw = getattr(self.match.rules, "deck_preset", None)
            if draw is None:
                drawn = Rejection("no_presets", f"{self.match.rules.mode} has no deck presets.")
            else:
                with Match.lock:
                    drawn = draw(self.match, seat, ask.mode, ask.faction)
        await self._send(conn, protocol.preset_answer(ask.id, ask.mode, ask.faction, drawn))

    # -- decisions -------------------------------------------------------------------------
    async def _submit(self, conn: Connection, sub: Submit) -> None:
        seat = conn.seat
        if seat is None:
            await self._send(conn, protocol.error("not_joined", "Say hello and take a seat "
                                                                "before deciding."))
            return
        if not secrets.compare_digest(self.tokens[seat], sub.token):
            await self._send(conn, protocol.error("bad_token",
                                                  "That token is not your seat's."))
            return
        if sub.decision.get("seat") != seat:
            await self._send(conn, protocol.error(
                "not_your_seat", f"You hold seat {seat}: decide for that seat only."))
            return
        shown = self.viewers[seat].shown
        if sub.index != shown:
            await self._send(conn, protocol.rejected(
                sub.index, "stale_index",
                f"Decided on an old position: the next step is {shown}, not {sub.index}."))
            return
        with Match.lock:
            try:
                result = self.match.submit(sub.decision)
            except Exception:  # a rules bug: the match is rebuilt from its record
                log.exception("decision %r failed", sub.decision)
                self._rebuild()
                result = Rejection("host_error", "The host could not apply that decision.")
        if isinstance(result, Rejection):
            await self._send(conn, protocol.rejected(sub.index, result.error, result.message))
            return
        self.events.append(result.events)
        index = len(self.events) - 1
        try:  # written before anyone is told: a crashed host process loses nothing
            self._append({"n": index, "decision": self.match.decisions[index]})
        except SessionWriteError as exc:  # never half-applied: undone, and said so
            log.warning("%s", exc)
            with Match.lock:
                self._rebuild(drop_last=True)
            await self._send(conn, protocol.rejected(
                sub.index, "host_cannot_save", "The host cannot save the match (its disk "
                "may be full), so it did not take that decision: try again."))
            return
        await self._broadcast(index)
        self._sync()  # on disk too, once the players have it
        if self.match.result is not None:
            self.save_session()  # the end: the log folded into the snapshot

    def _rebuild(self, drop_last: bool = False) -> None:
        """The match as its record says, after a decision failed half-way (or without its
        last decision, which could not be saved)."""
        record = match_record(self.match)
        if drop_last:
            record["decisions"] = record["decisions"][:-1]
        self.match.close()
        outcome = replay(record)
        self.match, self.events = outcome.match, outcome.events

    def _updates(self, index: int) -> dict[int | None, dict[str, Any]]:
        """The `update` message of every viewer for decision `index` (None: nothing to tell:
        the viewer neither sees the decision nor any change to its view)."""
        match, events = self.match, self.events[index]
        messages: dict[int | None, dict[str, Any]] = {}
        for viewer, state in self.viewers.items():
            if viewer is None and not self.spectators:
                continue
            step = seat_step(match, index, events, viewer)
            view = seat_view(match, viewer)
            if step is None and view == state.view:
                continue
            message: dict[str, Any] = {"type": "update", "step": None, "view": view}
            if step is not None:
                message["step"] = {**step, "index": state.shown}
                state.shown += 1
            message["index"] = state.shown
            state.view = view
            if viewer is not None:
                message.update(self._seat_extra(viewer))
            messages[viewer] = message
        return messages

    async def _broadcast(self, index: int) -> None:
        with Match.lock:
            messages = self._updates(index)
            over = self.match.result is not None
            end = ({"type": "end", "result": self.match.result,
                    "record": match_record(self.match)} if over else None)
        sends = []
        for seat, conn in enumerate(self.seat_conn):
            if conn is not None and seat in messages:
                sends.append((conn, messages[seat]))
        for watcher in self.watchers:
            if None in messages:
                sends.append((watcher, messages[None]))
        await asyncio.gather(*(self._send(c, m) for c, m in sends))
        if end is not None:
            targets = [c for c in self.seat_conn if c is not None] + list(self.watchers)
            await asyncio.gather(*(self._send(c, end) for c in targets))


class HostThread:
    """A host on its own asyncio loop in a thread (tests, benches, the window's own match)."""

    def __init__(self, host: Host, address: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(address, port), daemon=True,
                                        name="tabula-host")

    def _run(self, address: str, port: int) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self.host.start(address, port))
        except BaseException as exc:  # the port is taken...
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_until_complete(self.host.serve_until_stopped())
        self.loop.close()

    def start(self) -> int:
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise self._error
        assert self.host.port is not None
        return self.host.port

    def stop(self) -> None:
        """Stop serving (the session is saved) and wait for the thread."""
        if self._thread.is_alive():
            asyncio.run_coroutine_threadsafe(self.host.stop(), self.loop).result(10)
            self._thread.join(10)

