"""Leak test (issue 15): two host matches that differ only in one seat's hidden choice send
byte-identical messages to the other seat and to spectators, until the reveal.

For many positions of real games (conquest placement, movement, reinforcements and cards;
kingdom's deck builder), seat S makes its recorded secret decision in one host and another
legal secret decision in a second host; then the other seat makes its own next decisions of
the record while S has not readied. Every frame the other seat and a spectator receive,
welcome included, must be the same bytes in both hosts.
"""

from __future__ import annotations

import json

import pytest

from game.engine.match import HIDDEN
from game.engine.modes import get_mode
from game.engine.record import replay
from game.engine.resources import load_mode_resources
from game.engine.rng import ai_stream
from game.systems.conquest.view import PUBLIC_VERBS
from tests.net.support import hosted, joined, local_game, shown_counts

MAX_POSITIONS = 8
TOKENS = ["seat-zero-token", "seat-one-token"]  # the same in both hosts (a seat's own)


def cpu_choices(match, seat):
    """What a CPU with other streams would decide here (kingdom's legal list is a template)."""
    spec = get_mode(match.rules.mode)
    resources = load_mode_resources(spec)
    view = match.view_json(seat)
    return [spec.make_cpu(spec.cpu_levels[0], seat, ai_stream(n, seat), resources).decide(view)
            for n in range(3)]


def secret_positions(record, decisions):
    """(index, alternative decision) pairs: decision `index` is hidden from the other seat
    and its seat had another hidden, legal choice at that position."""
    outcome = replay({**record, "decisions": []})
    match = outcome.match
    found = []
    for i, decision in enumerate(decisions):
        seat = decision["seat"]
        other = 1 - seat
        if match.rules.mode == "conquest":
            secret = match.phase in ("placement", "movement", "reinforcements", "cards") \
                and decision["type"] not in PUBLIC_VERBS
        else:
            secret = match.phase == "deck_builder"
        if secret:
            alternatives = [d for d in match.legal_decisions(seat) + cpu_choices(match, seat)
                            if d != decision and d.get("type") not in PUBLIC_VERBS
                            and len(d) > 2 and match.validate(d) is None]
            if alternatives:
                found.append((i, alternatives[len(alternatives) // 2], other))
        assert match.submit(decision).ok
    phases = [*match.phases, "over"]
    match.close()
    # a choice that ends the secret phase is the reveal itself
    found = [f for f in found if phases[f[0] + 1] == phases[f[0]]]
    step = max(1, len(found) // MAX_POSITIONS)
    return found[::step][:MAX_POSITIONS], phases


def frames_seen(record, decisions, phases, counts, i, choice, other):
    """The frames of the other seat and a spectator when seat 1-other decides `choice` at
    position i, then the other seat plays on (its next decisions of the record) until the
    deciding seat would act again."""
    with hosted({**record, "decisions": decisions[:i]}, spectators=True,
                tokens=TOKENS) as thread, \
            joined(thread, None, None, spectator=True) as clients:
        me = clients[1 - other]
        before = me.answers
        me.submit(choice)
        me.wait(lambda c: c.answers > before)
        assert me.rejections == [], me.rejections
        them = clients[other]
        n = counts[i][other]
        # the other seat's next decisions of the record, until the deciding seat's next
        for j in range(i + 1, len(decisions)):
            if decisions[j]["seat"] != other or phases[j] != phases[i] \
                    or phases[j + 1] != phases[j]:
                break  # the deciding seat's turn again, or the reveal
            before = them.answers
            them.submit(decisions[j], index=n)
            them.wait(lambda c, b=before: c.answers > b)
            if them.rejections:
                break
            n += 1
        spectator = clients[2]
        them.sync()
        spectator.sync()
        return list(them.frames), list(spectator.frames)


@pytest.mark.parametrize("mode,seed", [("conquest", 7), ("conquest", 21), ("kingdom", 4)])
@pytest.mark.slow
def test_a_hidden_choice_sends_the_same_bytes_to_the_other_seat_and_spectators(mode, seed):
    record, decisions = local_game(mode, seed)
    counts = shown_counts(record, decisions)
    positions, phases = secret_positions(record, decisions)
    assert len(positions) >= (8 if mode == "conquest" else 1)
    for i, alternative, other in positions:
        seen_a = frames_seen(record, decisions, phases, counts, i, decisions[i], other)
        seen_b = frames_seen(record, decisions, phases, counts, i, alternative, other)
        assert seen_a[0] == seen_b[0], f"seat {other} learns seat {1 - other}'s choice at {i}"
        assert seen_a[1] == seen_b[1], f"spectators learn seat {1 - other}'s choice at {i}"
        # and the choice really differed where its own seat would see it
        assert decisions[i] != alternative


@pytest.mark.slow
def test_spectators_see_neither_seat_s_secret():
    """In conquest placement both seats' orders print as hidden to a spectator, while each
    seat sees its own."""
    record, decisions = local_game("conquest", 7)
    outcome = replay({**record, "decisions": []})
    first_place = next(i for i, d in enumerate(decisions) if d["type"] == "place")
    second = next(i for i, d in enumerate(decisions)
                  if d["type"] == "place" and d["seat"] != decisions[first_place]["seat"])
    outcome.match.close()
    upto = max(first_place, second) + 1
    with hosted({**record, "decisions": decisions[:upto]}, spectators=True) as thread, \
            joined(thread, None, None, spectator=True) as (a, b, watcher):
        assert watcher.view["board"]["orders"] == [HIDDEN, HIDDEN]
        assert a.view["board"]["orders"][1] == HIDDEN and a.view["board"]["orders"][0] != HIDDEN
        assert b.view["board"]["orders"][0] == HIDDEN and b.view["board"]["orders"][1] != HIDDEN
        hidden_steps = [s for s in watcher.history if s["decision"] != HIDDEN
                        and s["decision"]["type"] == HIDDEN]
        assert len(hidden_steps) >= 2
        assert all(set(s["decision"]) == {"seat", "type"} for s in hidden_steps)
        assert json.dumps(watcher.view).count('"seed": "hidden"') == 1


def kingdom_planning_setups(seed: int = 7, at: int = 2) -> tuple[dict, dict]:
    """Two records that start from one planning position (the state before decision `at` of
    a hard game, as a setup) and differ only in seat 0's shop offers: its secret."""
    record, decisions = local_game("kingdom", seed, "hard")
    outcome = replay({**record, "decisions": decisions[:at]})
    state = outcome.match.state_json()
    outcome.match.close()
    setup = {k: state[k] for k in ("mode", "phase", "turn", "to_act", "board")}
    seat = setup["board"]["seats"][0]
    deck = seat["deck"]
    other = json.loads(json.dumps(setup))
    other["board"]["seats"][0]["shop"] = [
        None if offer is None else deck[(deck.index(offer) + 1) % len(deck)]
        for offer in seat["shop"]]
    assert other != setup
    return {**record, "setup": setup}, {**record, "setup": other}


def planning_frames(record: dict, turns: int = 4) -> tuple[list[str], list[str], list[str]]:
    """Seat 0 ends every turn without a buy (its offers are never shown by a buy); seat 1 is
    a hard CPU on its own view; `turns` turns with their combats. The frames of seat 1, of a
    spectator and of seat 0."""
    spec = get_mode("kingdom")
    resources = load_mode_resources(spec)
    cpu = spec.make_cpu("hard", 1, ai_stream(3, 1, spec.ai_stream_template), resources)
    with hosted(record, spectators=True, tokens=TOKENS) as thread, \
            joined(thread, None, None, spectator=True) as (seat0, seat1, watcher):
        while True:
            seat0.sync()  # both have everything the host sent before deciding what is next
            seat1.sync()
            if seat1.view["turn"] > turns or seat1.view["result"] is not None:
                break
            if seat0.act:
                plan = [{"seat": 0, "type": "end_turn"}]
                client = seat0
            else:
                assert seat1.act
                plan = cpu.plan_step(seat1.view)
                client = seat1
            for decision in plan:
                answers = client.answers
                client.submit(decision)
                client.wait(lambda c, a=answers: c.answers > a)
                assert client.rejections == []
                if not client.act:
                    break
        for client in (seat0, seat1, watcher):
            client.sync()
        return list(seat1.frames), list(watcher.frames), list(seat0.frames)


@pytest.mark.slow
def test_kingdom_planning_never_tells_the_other_seat_a_shop_offer():
    """Planning is open but the offers are not: two hosts whose matches differ only in seat
    0's offers send seat 1 and a spectator the same bytes through four turns of planning,
    refreshes of seat 1 and combats, while seat 0 buys nothing (a buy shows its card)."""
    a, b = kingdom_planning_setups()
    seen_a, seen_b = planning_frames(a), planning_frames(b)
    assert any('"type":"combat_end"' in f for f in seen_a[0])  # whole turns were played
    assert seen_a[0] == seen_b[0], "seat 1 learns seat 0's offers"
    assert seen_a[1] == seen_b[1], "spectators learn seat 0's offers"
    assert seen_a[2] != seen_b[2]  # and seat 0 itself is shown its own offers


@pytest.mark.slow
def test_a_kingdom_seats_presets_send_the_other_seat_nothing():
    """Seat 0 asks the host for Default presets (drawn from its deck stream) in one host and
    not in the other: seat 1 and a spectator get the same bytes, through both decks built."""
    from game.net import protocol

    record, decisions = local_game("kingdom", 4)

    def frames(presets: int) -> tuple[list[str], list[str]]:
        with hosted(record, spectators=True, tokens=TOKENS) as thread, \
                joined(thread, None, None, spectator=True) as (seat0, seat1, watcher):
            for n in range(presets):
                seat0.send_message(protocol.preset(seat0.token, n, "country", "rome"))
                assert "hero" in seat0.next_message("preset")
            for client, decision in ((seat0, decisions[0]), (seat1, decisions[1])):
                client.submit(decision)
                client.wait(lambda c: c.answers == 1)
            seat1.sync()
            watcher.sync()
            return list(seat1.frames), list(watcher.frames)

    assert frames(3) == frames(0)
