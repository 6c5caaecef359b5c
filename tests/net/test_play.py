"""Whole matches through a host (issue 15): two headless clients play a conquest and a strike
match on loopback, and the host's record is, byte for byte, the record of the same decisions
played locally; the clients get that record at the end, and never the seed before."""

from __future__ import annotations

import json
import threading

import pytest

from game.engine.record import json_text, match_record, replay
from game.net.cpu import play_seat
from tests.net.support import feed, hosted, joined, local_game, shown_counts


@pytest.mark.parametrize("mode,seed", [("conquest", 7), ("strike", 3)])
@pytest.mark.slow
def test_a_whole_match_through_the_host_records_what_a_local_match_does(mode, seed):
    record, decisions = local_game(mode, seed)
    local = replay({**record, "decisions": decisions})
    assert local.match.result is not None
    local_text = json_text(match_record(local.match), indent=1)
    with hosted(record, spectators=True) as thread, joined(thread, None, None,
                                                           spectator=True) as clients:
        assert [c.seat for c in clients] == [0, 1, None]
        feed(clients, decisions, shown_counts(record, decisions))
        for client in clients:
            client.wait(lambda c: c.record is not None)
        host_text = json_text(thread.host.current_record(), indent=1)
        assert host_text == local_text
        for client in clients:
            assert json_text(client.record, indent=1) == local_text
            assert client.view["result"] == local.match.result
        # nothing before the end carried the seed or the record
        for client in clients:
            for frame in client.frames:
                message = json.loads(frame)
                if message["type"] != "end":
                    assert "record" not in message and "decisions" not in frame
                    if "view" in message:
                        assert message["view"]["seed"] == "hidden"
            assert json.loads(client.frames[-1])["type"] == "end"


@pytest.mark.parametrize("mode", ["conquest", "strike", "kingdom"])
@pytest.mark.slow
def test_two_cpu_clients_play_a_network_match_to_the_end(mode):
    """The `--cpu` client: two CPUs on network seats finish a match; the record replays to
    the host's final state."""
    record, _ = local_game(mode, 11)
    with hosted(record) as thread, joined(thread, None, None) as clients:
        results: dict[int, dict] = {}
        threads = [threading.Thread(target=lambda c=c: results.setdefault(
            c.seat, play_seat(c, "easy", cpu_seed=5))) for c in clients]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert set(results) == {0, 1}
        host_record = thread.host.current_record()
        assert results[0] == results[1] == host_record
        again = replay(host_record)
        assert again.ok
        assert again.match.state_json() == thread.host.match.state_json()
        assert again.match.result is not None
