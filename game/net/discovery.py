"""LAN discovery (docs/network.md "Finding a host on the local network"): the Join screen asks
the local network who hosts, and every host answers with its port, mode and join code.

A plain UDP broadcast on one fixed port (DISCOVERY_PORT) is enough for one local network and
needs no library: the Join screen sends one small query to the broadcast address (and to
127.0.0.1, for a host on the same computer), and a host's `Announcer` thread answers each
query it can read with one JSON datagram. Nothing secret is in either: the answer is what the
host's screen already shows (address, port, join code, game). Both sides bound what they
read: a query must be exactly QUERY, an answer at most MAX_ANSWER bytes of JSON with the
expected fields, anything else is ignored. Only one host per computer can answer (the first
to bind the port); a second one is still joined by its address or code.
"""

from __future__ import annotations

import json
import logging
import secrets
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

from game.net.address import WILDCARDS, join_code

log = logging.getLogger(__name__)

DISCOVERY_PORT = 47616
QUERY = b"tabula-discover 1"
MAX_ANSWER = 512


@dataclass(frozen=True)
class Found:
    """A host that answered: where to join it and what it plays."""

    address: str
    port: int
    mode: str
    code: str
    host_id: str = ""

    @property
    def target(self) -> str:
        """What the Join field takes."""
        return f"{self.address}:{self.port}"


class Announcer:
    """Answers discovery queries for one host until `stop()` (a daemon thread)."""

    def __init__(self, mode: str, port: int, *, listen_port: int = DISCOVERY_PORT,
                 bind: str = "") -> None:
        self.mode = mode
        self.port = port
        # The host's own bind address: the announcer listens there too, so a host bound to
        # 127.0.0.1 answers only this computer, and one bound to a LAN address only queries
        # sent to that address (a broadcast reaches a socket bound to every interface only).
        self.bind = "" if bind in WILDCARDS else bind
        self.host_id = secrets.token_hex(4)  # one host found by broadcast and loopback is one
        self.sock: socket.socket | None = None
        self._stopping = threading.Event()
        try:
            if self.bind:  # a name (localhost) to the IPv4 address the answer carries
                self.bind = socket.gethostbyname(self.bind)
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        except OSError as exc:
            log.info("LAN discovery off: %s", exc)
            return
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.bind, listen_port))
            sock.settimeout(0.2)
        except OSError as exc:  # another host of this computer answers already
            sock.close()
            log.info("LAN discovery off: cannot listen on UDP %s: %s", listen_port, exc)
            return
        self.sock = sock
        self._thread = threading.Thread(target=self._run, daemon=True, name="tabula-announce")
        self._thread.start()

    @property
    def listening(self) -> bool:
        return self.sock is not None

    def answer(self, to: str) -> bytes:
        """The answer for a query from `to`: the address the asker can reach us by."""
        address = self.bind or _address_towards(to)
        code = join_code(address, self.port)
        return json.dumps({"tabula": 1, "mode": self.mode, "port": self.port,
                           "code": code, "id": self.host_id}).encode()

    def _run(self) -> None:
        assert self.sock is not None
        while not self._stopping.is_set():
            try:
                data, sender = self.sock.recvfrom(64)
            except TimeoutError:
                continue
            except OSError:
                return
            if data != QUERY:
                continue  # not ours: never answered, so never a reflector for anything else
            try:
                self.sock.sendto(self.answer(sender[0]), sender)
            except OSError as exc:
                log.debug("discovery answer to %s failed: %s", sender, exc)

    def stop(self) -> None:
        if self.sock is None:
            return
        self._stopping.set()
        self._thread.join(2)
        self.sock.close()
        self.sock = None


def _address_towards(peer: str) -> str:
    """This computer's address on the route to `peer` (connecting a UDP socket sends
    nothing)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((peer, 9))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def parse_answer(data: bytes, sender: str) -> Found | None:
    """A host's answer, or None for anything that is not one."""
    if len(data) > MAX_ANSWER:
        return None
    try:
        value: Any = json.loads(data)
    except ValueError:
        return None
    if not isinstance(value, dict) or value.get("tabula") != 1:
        return None
    mode, port, code = value.get("mode"), value.get("port"), value.get("code")
    host_id = value.get("id", "")
    if not (isinstance(mode, str) and 0 < len(mode) <= 32 and isinstance(port, int)
            and not isinstance(port, bool) and 0 < port < 65536 and isinstance(code, str)
            and len(code) <= 16 and isinstance(host_id, str) and len(host_id) <= 16):
        return None
    return Found(sender, port, mode, code, host_id)


def discover(timeout: float = 0.6, port: int = DISCOVERY_PORT) -> list[Found]:
    """Every host that answers within `timeout` seconds, by address (blocking: call it off
    the window's thread)."""
    found: dict[str, Found] = {}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        for target in ("<broadcast>", "127.0.0.1"):
            try:
                sock.sendto(QUERY, (target, port))
            except OSError as exc:  # no broadcast route: the loopback query still goes
                log.debug("discovery query to %s failed: %s", target, exc)
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                data, sender = sock.recvfrom(MAX_ANSWER + 1)
            except (TimeoutError, OSError):
                break
            host = parse_answer(data, sender[0])
            if host is not None:  # one host heard twice: loopback is the sure way to it
                key = host.host_id or host.target
                if key not in found or host.address == "127.0.0.1":
                    found[key] = host
    return sorted(found.values(), key=lambda h: (h.address, h.port))
