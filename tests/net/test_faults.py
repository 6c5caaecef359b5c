"""Fault and hostile-client tests (issue 15).

Fault: clients are cut off at random decision indexes and reconnect with their tokens; the
host is stopped and hosted again from its session file on the same port; the match goes on,
nothing lost or duplicated, and the final record replays with `tabula replay`.

Hostile: a wrong token, the other seat's decision, a stale index, oversized, malformed and
binary frames and a flood are each answered with an error; the host lives on and the match is
unchanged.
"""

from __future__ import annotations

import json
import random

import pytest

from game.cli import run
from game.engine.record import json_text, match_record, replay
from game.net import protocol
from game.net.client import JoinError, NetClient
from game.net.host import Host, HostThread
from tests.net.support import FAST, feed, hosted, joined, local_game, shown_counts, url


@pytest.mark.slow
def test_drops_and_host_restarts_lose_nothing(tmp_path, capsys):
    record, decisions = local_game("conquest", 7)
    counts = shown_counts(record, decisions)
    session = tmp_path / "session.json"
    rng = random.Random(15)
    cuts = sorted(rng.sample(range(1, len(decisions) - 1), 8))
    restarts = set(cuts[2::3])
    thread = HostThread(Host(record, session_path=session, rate=FAST))
    port = thread.start()
    a, b = NetClient(url(thread)), NetClient(url(thread))
    a.start()
    b.start()
    clients = [a, b]
    done = 0
    try:
        for cut in cuts:
            feed(clients, decisions, counts, done, cut)
            done = cut
            if cut in restarts:
                thread.stop()  # the host quits: its session is saved
                saved = json.loads(session.read_text())
                assert saved["record"]["decisions"] == decisions[:cut]
                thread = HostThread(Host.from_session(session), port=port)
                thread.host.rate = FAST
                thread.start()
            else:
                victim = clients[rng.randrange(2)]
                other = clients[1 - victim.seat]
                welcomes = victim.welcomes
                victim.drop()
                other.wait(lambda c, s=victim.seat: c.connected[s] is False)
                assert other.drain()  # the peer message is in its inbox
                assert any(m.get("message") == protocol.OPPONENT_DISCONNECTED
                           for m in map(json.loads, other.frames))
                victim.wait(lambda c, w=welcomes: c.welcomes > w)
            for client in clients:  # both resumed at the right step
                client.wait(lambda c, n=counts[cut][client.seat]: c.online and c.index == n)
        feed(clients, decisions, counts, done)
        a.wait(lambda c: c.record is not None)
        local = replay({**record, "decisions": decisions})
        assert json_text(thread.host.current_record()) == json_text(match_record(local.match))
        assert a.record["decisions"] == decisions  # nothing lost or duplicated
    finally:
        a.close()
        b.close()
        thread.stop()
    out = tmp_path / "final.json"
    out.write_text(json_text(a.record, indent=1))
    assert run(["replay", str(out)]) == 0
    capsys.readouterr()


@pytest.fixture
def table():
    record, decisions = local_game("conquest", 7)
    with hosted({**record, "decisions": decisions[:4]}, rate=(50.0, 20)) as thread, \
            joined(thread, None, None) as clients:
        yield thread, clients, decisions


def answer(client: NetClient, text: str) -> dict:
    before = client.answers
    client.send_raw(text)
    client.wait(lambda c: c.answers > before)
    return client.rejections[-1]


def test_hostile_messages_get_errors_and_change_nothing(table):
    thread, (a, b), decisions = table
    state = json_text(thread.host.match.state_json())
    legal = a.legal[0]
    assert legal["seat"] == 0
    cases = [
        (protocol.dumps(protocol.submit(b.token, a.index, legal)), "bad_token"),
        (protocol.dumps(protocol.submit(a.token, a.index, {**legal, "seat": 1})),
         "not_your_seat"),
        (protocol.dumps(protocol.submit(a.token, a.index + 3, legal)), "stale_index"),
        (protocol.dumps(protocol.submit(a.token, a.index, {"seat": 0, "type": "fly"})),
         "unknown_decision"),
        # a legal decision with a key its verb does not define: refused, never stored
        (protocol.dumps(protocol.submit(a.token, a.index, {**legal, "note": "x" * 60_000})),
         "bad_decision"),
        ("x" * (protocol.MAX_CLIENT_BYTES + 1), "too_large"),
        ("{not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"type": "submit", "token": 5, "index": 0, "decision": {}}', "malformed"),
        ('{"type": "submit", "index": NaN}', "malformed"),
        ("[" * 200 + "]" * 200, "malformed"),
        ('{"type": "hello", "protocol": 1}', "already_joined"),
        ('{"type": "launch"}', "malformed"),
    ]
    for text, error in cases:
        got = answer(a, text)
        assert got["error"] == error, (text[:60], got)
        assert got["message"]
    assert answer(a, protocol.dumps(protocol.submit(b.token, 0, legal)))["message"] == \
        "That token is not your seat's."
    # binary frames
    before = a.answers
    a.send_raw(b"\x00\x01")
    a.wait(lambda c: c.answers > before)
    assert a.rejections[-1]["error"] == "malformed"
    # a flood: past the burst, rate_limited errors
    before = len(a.rejections)
    for _ in range(60):
        a.send_message({"type": "ping"})
    a.wait(lambda c: sum(r["error"] == "rate_limited" for r in c.rejections[before:]) > 0)
    assert json_text(thread.host.match.state_json()) == state
    assert len(thread.host.match.decisions) == 4
    # spectators are refused by a host that does not allow them
    with pytest.raises(JoinError, match="does not allow spectators"):
        NetClient(url(thread), role="spectator", reconnect=False).start()
    # the host still plays: b's next decision is accepted
    b.wait(lambda c: c.act)
    before = b.answers
    b.submit(b.legal[0])
    b.wait(lambda c: c.answers > before)
    assert b.rejections == []
    assert len(thread.host.match.decisions) == 5


@pytest.mark.slow
def test_a_frame_past_the_websocket_bound_closes_only_that_connection(table):
    thread, (a, b), _ = table
    welcomes = a.welcomes
    a.send_raw("y" * (protocol.MAX_FRAME_BYTES + 10))
    a.wait(lambda c, w=welcomes: c.welcomes > w)  # closed (1009), then rejoined by token
    assert a.seat == 0 and a.online
    b.sync()
    assert b.online


def test_a_wrong_token_and_a_full_match_refuse_the_hello(table):
    thread, _, _ = table
    with pytest.raises(JoinError, match="No seat of this match has that token") as refused:
        NetClient(url(thread), token="not-a-token", reconnect=False).start()
    assert refused.value.error == "bad_token"  # the id a screen words in its language
    with pytest.raises(JoinError, match="Every seat is taken") as refused:
        NetClient(url(thread), reconnect=False).start()
    assert refused.value.error == "match_full"


def test_a_session_file_that_is_not_one_is_refused_by_name(tmp_path):
    from game.net.host import SessionError

    path = tmp_path / "s.json"
    path.write_text('{"kind": "tabula-net-session", "tokens": "x", "claimed": []}')
    with pytest.raises(SessionError, match="s.json: tokens: must be a list of seat tokens"):
        Host.from_session(path)
    path.write_text("[]")
    with pytest.raises(SessionError, match="kind: not a Tabula network session"):
        Host.from_session(path)
