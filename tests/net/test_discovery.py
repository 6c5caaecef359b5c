"""LAN discovery (docs/network.md): a host's Announcer answers the Join screen's query with
its port, mode and join code; anything that is not the query or an answer is ignored."""

from __future__ import annotations

import json
import socket

import pytest

from game.net.address import join_code
from game.net.discovery import QUERY, Announcer, discover, parse_answer


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.slow
def test_a_host_is_found_with_its_port_mode_and_code():
    port = free_udp_port()
    announcer = Announcer("conquest", 47999, listen_port=port)
    try:
        assert announcer.listening
        found = discover(timeout=0.5, port=port)
    finally:
        announcer.stop()
    ours = [f for f in found if f.host_id == announcer.host_id]
    assert len(ours) == 1  # the broadcast and the loopback answers are one host
    host = ours[0]
    assert (host.port, host.mode, host.code) == (47999, "conquest",
                                                 join_code(host.address, 47999))
    assert host.target == f"{host.address}:47999"


@pytest.mark.slow
def test_nothing_but_the_query_is_answered():
    port = free_udp_port()
    announcer = Announcer("strike", 47999, listen_port=port)
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.settimeout(0.3)
            for junk in (b"", b"tabula-discover 2", QUERY + b"x", b"\xff" * 60):
                sock.sendto(junk, ("127.0.0.1", port))
            try:
                answer = sock.recvfrom(600)
            except TimeoutError:
                answer = None
            assert answer is None
            sock.sendto(QUERY, ("127.0.0.1", port))
            data, _ = sock.recvfrom(600)
        assert json.loads(data)["mode"] == "strike"
    finally:
        announcer.stop()


def test_answers_that_are_not_a_host_are_dropped():
    good = {"tabula": 1, "mode": "strike", "port": 47615, "code": "60N00-H9EFZ", "id": "ab"}
    assert parse_answer(json.dumps(good).encode(), "10.0.0.2").target == "10.0.0.2:47615"
    for bad in ({**good, "tabula": 2}, {**good, "port": 0}, {**good, "port": True},
                {**good, "mode": ""}, {**good, "mode": "x" * 40}, {**good, "code": 5}, [1]):
        assert parse_answer(json.dumps(bad).encode(), "10.0.0.2") is None
    assert parse_answer(b"{not json", "10.0.0.2") is None
    assert parse_answer(b" " * 600, "10.0.0.2") is None


@pytest.mark.slow
def test_an_announcer_listens_only_where_its_host_is_bound():
    """`tabula host --bind 127.0.0.1` (issue 27): discovery binds there too, and answers
    only queries that reach that address."""
    from game.net.address import lan_address

    port = free_udp_port()
    announcer = Announcer("strike", 47999, listen_port=port, bind="127.0.0.1")
    try:
        assert announcer.sock.getsockname() == ("127.0.0.1", port)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.settimeout(0.3)
            lan = lan_address()
            if lan != "127.0.0.1":  # a query to the LAN address finds nobody listening
                sock.sendto(QUERY, (lan, port))
                try:
                    answer = sock.recvfrom(600)
                except (TimeoutError, ConnectionRefusedError):
                    answer = None
                assert answer is None
            sock.sendto(QUERY, ("127.0.0.1", port))
            data, _ = sock.recvfrom(600)
        assert json.loads(data)["code"] == join_code("127.0.0.1", 47999)
    finally:
        announcer.stop()
