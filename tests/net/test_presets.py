"""Deck-builder presets over the network (docs/network.md "Kingdom"): a kingdom seat's Default
preset is drawn by the host from that seat's own `deck/<seat>` stream, exactly as a local deck
builder draws it, is told to that seat only, and is refused with the rules' reason when the
seat is not building or the tile does not exist."""

from __future__ import annotations

import json

import pytest

from game.net import protocol
from tests.net.support import hosted, joined, local_game

pytestmark = pytest.mark.network


def ask(client, mode: str, faction: str, request: int = 1, token: str | None = None) -> dict:
    client.send_message(protocol.preset(token or client.token or "x", request, mode, faction))
    return client.next_message("preset")


def local_presets(seed: int, asks: list[tuple[int, str, str]]) -> list:
    """The presets a local match of `seed` draws for the same asks, in order."""
    from game.scenes.kingdom.start import new_match

    match = new_match(seed, {})
    try:
        return [match.rules.deck_preset(match, seat, mode, faction)
                for seat, mode, faction in asks]
    finally:
        match.close()


def test_the_host_draws_each_seats_default_from_its_own_deck_stream():
    record, _ = local_game("kingdom", 4)
    asks = [(0, "country", "rome"), (1, "continent", "asia"), (0, "country", "rome"),
            (0, "continent", "oceania"), (1, "continent", "asia")]
    expected = local_presets(record["seed"], asks)
    with hosted(record, spectators=True) as thread, \
            joined(thread, None, None, spectator=True) as clients:
        got, asked = [], {0: [], 1: [], None: []}
        for n, (seat, mode, faction) in enumerate(asks):
            answer = ask(clients[seat], mode, faction, request=n + 7)
            asked[seat].append(n + 7)
            assert answer["id"] == n + 7 and (answer["mode"], answer["faction"]) == (mode,
                                                                                     faction)
            got.append((answer["hero"], answer["units"]))
        assert got == expected
        assert got[0] != got[2]  # the second press is the stream's next draw
        for client, seat in zip(clients, (0, 1, None), strict=True):  # told to nobody else
            client.sync()
            told = [json.loads(f)["id"] for f in client.frames if '"type":"preset"' in f]
            assert told == asked[seat]
        assert thread.host.current_record()["decisions"] == []  # never a decision


def test_a_preset_is_refused_with_the_reason_and_nothing_drawn():
    record, decisions = local_game("kingdom", 4)
    with hosted(record, spectators=True) as thread, \
            joined(thread, None, None, spectator=True) as (seat0, seat1, watcher):
        assert ask(seat0, "country", "atlantis")["error"] == "bad_preset"
        assert ask(seat0, "galaxy", "rome")["error"] == "bad_preset"
        refused = ask(seat0, "country", "rome", token="not-the-token")
        assert (refused["error"], refused["message"]) == ("bad_token",
                                                          "That token is not your seat's.")
        assert ask(watcher, "country", "rome", token="whatever")["error"] == "not_joined"
        # nothing was drawn by the refusals: the first real ask is the stream's first draw
        first = ask(seat0, "country", "rome")
        assert (first["hero"], first["units"]) == local_presets(record["seed"],
                                                                [(0, "country", "rome")])[0]
        seat0.submit(decisions[0])  # seat 0 builds
        seat0.wait(lambda c: c.answers == 1)
        built = ask(seat0, "country", "rome")
        assert (built["error"], built["message"]) == ("not_your_turn", "Your deck is built.")
        seat1.submit(decisions[1])
        seat1.wait(lambda c: c.answers == 1)
        assert ask(seat1, "country", "rome")["error"] == "wrong_phase"
        assert seat0.rejections == [] and seat1.rejections == []  # no `error` message


def test_a_malformed_preset_is_an_error_and_a_mode_without_presets_says_so():
    record, _ = local_game("conquest", 7)
    with hosted(record) as thread, joined(thread, None) as (seat0,):
        assert ask(seat0, "country", "rome")["error"] == "no_presets"
        for bad in ({"type": "preset", "token": seat0.token, "id": -1, "mode": "country",
                     "faction": "rome"},
                    {"type": "preset", "token": seat0.token, "id": 1, "mode": "country",
                     "faction": "x" * 65},
                    {"type": "preset", "token": seat0.token, "id": 1, "mode": "country",
                     "faction": "rome", "extra": 1},
                    {"type": "preset", "token": seat0.token, "id": True, "mode": "country",
                     "faction": "rome"}):
            seat0.send_message(bad)
            assert seat0.next_message("error")["error"] == "malformed"
