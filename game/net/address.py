"""Host addresses and the short join code a host shows (docs/network.md "Joining").

A join code is the host's IPv4 address and port (6 bytes) in Crockford base32, two groups of
five letters ("B0G2M-0Y7ZR"): easier to read out than "192.168.1.20:47615", and it carries no
secret (the seat tokens are the secret). `tabula join` takes either form.
"""

from __future__ import annotations

import ipaddress
import re
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


_PORT = re.compile(r"[0-9]{1,5}")
_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)")
_CODE = re.compile(r"[0-9A-Za-z]{5}-[0-9A-Za-z]{5}")


def _port(text: str, port_text: str) -> int:
    if not _PORT.fullmatch(port_text) or not 0 < int(port_text) < 65536:
        raise AddressError(f"{text!r}: the port must be a number from 1 to 65535")
    return int(port_text)


def _host(text: str, host: str) -> str:
    """A host name (RFC 1123 labels) or an IPv4 address, as typed; AddressError otherwise."""
    if not host:
        raise AddressError(f"{text!r}: the host is missing (HOST:PORT)")
    if all(part.isdigit() for part in host.split(".")):  # looks like an IPv4 address: is one
        try:
            return str(ipaddress.IPv4Address(host))
        except ValueError:
            raise AddressError(f"{text!r}: {host!r} is not an IPv4 address") from None
    name = host.removesuffix(".")
    if len(name) > 253 or not all(_LABEL.fullmatch(label) for label in name.split(".")):
        raise AddressError(f"{text!r}: {host!r} is not a host name or address (letters, "
                           "digits, '-' and '.')")
    return host


def _ipv6(text: str, host: str) -> str:
    try:
        return str(ipaddress.IPv6Address(host))
    except ValueError:
        raise AddressError(f"{text!r}: {host!r} is not an IPv6 address") from None


def parse_address(text: str) -> tuple[str, int]:
    """HOST, HOST:PORT, [IPv6], [IPv6]:PORT, a bare IPv6 address or a join code to (host,
    port), strictly: anything else is an AddressError saying what is wrong (docs/network.md
    "Hosting and joining")."""
    text = text.strip()
    if not text:
        raise AddressError("an address is needed: HOST[:PORT] or a join code")
    if _CODE.fullmatch(text):  # a join code (a host name has no dash in sixth place)
        return read_code(text)
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise AddressError(f"{text!r}: an IPv6 address is written [ADDRESS]:PORT")
        return _ipv6(text, host), _port(text, rest[1:]) if rest else DEFAULT_PORT
    if text.count(":") > 1:  # a bare IPv6 address (its port, if any, needs brackets)
        try:
            return str(ipaddress.IPv6Address(text)), DEFAULT_PORT
        except ValueError:
            raise AddressError(f"{text!r}: not an address: HOST:PORT, [IPv6]:PORT or a join "
                               "code") from None
    host, colon, port_text = text.partition(":")
    return _host(text, host), _port(text, port_text) if colon else DEFAULT_PORT


WILDCARDS = frozenset({"", "0.0.0.0", "::"})  # a bind address meaning every interface


def local_target(bind: str) -> str:
    """Where a client of this computer reaches a host bound to `bind`: loopback for a
    wildcard bind, the bound address itself otherwise."""
    if bind in WILDCARDS:
        return "127.0.0.1"
    return bind


def ws_url(host: str, port: int) -> str:
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"
