"""Host addresses and the short join code a host shows (docs/network.md "Joining").

A join code is the host's IPv4 address and port (6 bytes) in Crockford base32, two groups of
five letters ("B0G2M-0Y7ZR"): easier to read out than "192.168.1.20:47615", and it carries no
secret (the seat tokens are the secret). `tabula join` takes either form.
"""

from __future__ import annotations

import ipaddress
import socket

DEFAULT_PORT = 47615
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford: no I, L, O, U
_READS_AS = {"O": "0", "I": "1", "L": "1"}


class AddressError(ValueError):
    """An address or join code that cannot be read (the message says why)."""


def lan_address() -> str:
    """This machine's address on its local network (127.0.0.1 when it has none). Connecting
    a UDP socket sends nothing; it only picks the interface a packet would leave by."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed to anyone
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def join_code(host: str, port: int) -> str:
    value = int(ipaddress.IPv4Address(host)) << 16 | port
    chars = "".join(_ALPHABET[(value >> (5 * i)) & 31] for i in reversed(range(10)))
    return f"{chars[:5]}-{chars[5:]}"


def read_code(code: str) -> tuple[str, int]:
    text = "".join(_READS_AS.get(c, c) for c in code.upper() if c not in "- ")
    if len(text) != 10 or any(c not in _ALPHABET for c in text):
        raise AddressError(f"{code!r}: a join code is 10 letters and digits, like B0G2M-0Y7ZR")
    value = 0
    for c in text:
        value = value << 5 | _ALPHABET.index(c)
    if value >> 48:
        raise AddressError(f"{code!r}: not a join code")
    return str(ipaddress.IPv4Address(value >> 16)), value & 0xFFFF


def parse_address(text: str) -> tuple[str, int]:
    """HOST, HOST:PORT, [IPv6]:PORT or a join code to (host, port)."""
    text = text.strip()
    if not text:
        raise AddressError("an address is needed: HOST[:PORT] or a join code")
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest.removeprefix(":") or str(DEFAULT_PORT)
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    elif ":" in text:
        host, port_text = text, str(DEFAULT_PORT)  # a bare IPv6 address
    else:
        if len(text) == 11 and text[5] == "-":  # a join code (a host name has no such dash)
            return read_code(text)
        host, port_text = text, str(DEFAULT_PORT)
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise AddressError(f"{text!r}: the port must be a number from 1 to 65535")
    return host, int(port_text)


def ws_url(host: str, port: int) -> str:
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"
