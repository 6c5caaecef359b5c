"""Reliability properties (issue item 7), with hypothesis: random legal matches for both seats
(tests/conquest/random_play.py), Commanders and Classic.

After every decision: at most 5 units of a seat on a tile (committed and pending); units only on
land tiles; unit counts only decrease; hand + discard is always the army's cards; the envelope is
consistent. Every match ends by the round cap, and replaying its record reproduces the state
hash. Random illegal decisions are rejected with the spec's id and change nothing; a mark,
submit, rollback restores the state exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import Match
from game.engine.record import build_match, match_record, replay, state_hash, validate_record
from game.systems.conquest.content import load_content
from tests.hypothesis_profiles import examples

from .helpers import canonical, new_match, record_of, streams_state
from .random_play import play

CONTENT = load_content([])
ROUND_CAP = CONTENT.rules.round_cap
ARMY_PHASES = ("placement", "movement", "reinforcements", "cards", "retreat")


class Invariants:
    """The per-decision checks, remembering the unit counts seen so far."""

    def __init__(self) -> None:
        self.units: dict[int, set[str]] | None = None
        self.probes = 0

    def __call__(self, match: Match, decision: dict[str, Any]) -> None:
        state = match.state_json()
        board = state["board"]
        per_tile: Counter[tuple[str, int]] = Counter()
        for u in board["units"]:
            if u["tile"] is None:
                assert state["phase"] in ("placement", "over"), u
            else:
                assert CONTENT.is_land(u["tile"]), u
                per_tile[(u["tile"], u["seat"])] += 1
        assert max(per_tile.values(), default=0) <= 5, per_tile
        for seat in (0, 1):
            pending: Counter[str] = Counter()
            for u in board["units"]:
                if u["seat"] == seat:
                    tile = board["orders"][seat].get(u["id"], u["tile"])
                    if tile is not None:
                        pending[tile] += 1
            assert max(pending.values(), default=0) <= 5
            for tile in board["orders"][seat].values():
                assert CONTENT.is_land(tile)
        if board["units"] or state["phase"] in ARMY_PHASES:
            now = {s: {u["id"] for u in board["units"] if u["seat"] == s} for s in (0, 1)}
            if self.units is not None:
                assert now[0] <= self.units[0] and now[1] <= self.units[1]
            self.units = now
            for seat in (0, 1):
                army = ("classic" if board["setup_kind"] == "classic"
                        else board["commanders"][seat])
                cards = board["hands"][seat] + board["discards"][seat]
                assert sorted(cards) == sorted(CONTENT.armies[army].cards)
                assert board["hands"][seat], "a hand is never empty"
                powers = [CONTENT.cards[c].power for c in board["hands"][seat]]
                assert powers == sorted(powers, reverse=True)
        assert state["turn"] == board["round"] <= ROUND_CAP
        if state["result"] is None:
            assert state["to_act"] and state["phase"] != "over"
        else:
            assert state["phase"] == "over" and state["to_act"] == []


def _probe_rollback(match: Match, rng: random.Random) -> None:
    """Mark, submit a legal decision, roll back: the state and streams are as before."""
    seat = rng.choice(list(match.to_act))
    legal = match.legal_decisions(seat)
    before, streams = canonical(match.state_json()), streams_state(match)
    mark = match.mark()
    assert match.submit(rng.choice(legal)).ok
    match.rollback(mark)
    assert canonical(match.state_json()) == before
    assert streams_state(match) == streams


@given(seed=st.integers(0, 10**6), classic=st.booleans(), patience=st.integers(1, 8),
       rng_seed=st.integers(0, 2**32))
@pytest.mark.slow
def test_random_legal_matches_keep_the_invariants_end_and_replay(seed, classic, patience,
                                                                  rng_seed):
    rng = random.Random(rng_seed)
    match = new_match(seed, **({"setup_kind": "classic"} if classic else {}))
    invariants = Invariants()

    def check(m: Match, decision: dict[str, Any]) -> None:
        invariants(m, decision)
        if m.result is None and rng.random() < 0.01:
            _probe_rollback(m, rng)

    play(match, rng, patience=patience, check=check)
    assert match.result is not None and match.turn <= ROUND_CAP
    assert match.result["reason"] in ("base_captured", "elimination", "mutual_elimination",
                                      "round_cap")
    record = validate_record(match_record(match))
    again = replay(record)
    assert again.ok
    assert state_hash(again.match.state_json()) == state_hash(match.state_json())


# -- illegal decisions -----------------------------------------------------------------------
def illegal_decisions(match: Match, rng: random.Random) -> list[tuple[dict[str, Any] | Any, str]]:
    """(decision, the spec's rejection id) pairs that are illegal in the current state."""
    b = match.state_json()["board"]  # the public position: what the decisions are made from
    out: list[tuple[Any, str]] = [
        ({"seat": 0, "type": "dance"}, "unknown_decision"),
        ({"seat": 0}, "unknown_decision"),
        (["ready"], "bad_decision"),
        ({"seat": "0", "type": "ready"}, "bad_decision"),
        ({"seat": 0, "type": "move", "units": "p0.t1", "to": "L01"}, "bad_decision"),
        ({"seat": 0, "type": "place", "units": ["p0.t1"]}, "bad_decision"),
        ({"seat": 0, "type": "choose_card", "card": 3}, "bad_decision"),
        ({"seat": 1, "type": "retreat", "unit": "p1.t1"}, "bad_decision"),
    ]
    if match.result is not None:
        out.append(({"seat": 0, "type": "ready"}, "game_over"))
        return out
    phase = match.phase
    out.append(({"seat": 2, "type": "ready"}, "not_your_turn"))
    out.extend(({"seat": s, "type": "ready"}, "not_your_turn") for s in (0, 1)
               if s not in match.to_act)
    seat = rng.choice(list(match.to_act))
    wrong = {"commander": ("move", {"units": ["p0.t1"], "to": "L01"}),
             "placement": ("choose_card", {"card": "power1"}),
             "movement": ("retreat", {"unit": "p0.t1", "to": "L01"}),
             "reinforcements": ("place", {"units": ["p0.t1"], "to": "L01"}),
             "cards": ("reinforce", {"units": []}),
             "retreat": ("choose_commander", {"commander": "tank"})}[phase]
    out.append(({"seat": seat, "type": wrong[0], **wrong[1]}, "wrong_phase"))
    if b["ready"][seat]:
        verb = {"commander": "choose_commander", "cards": "choose_card"}.get(phase, "ready")
        out.append(({"seat": seat, "type": "ready"}, "already_ready"))
        field = {"choose_commander": {"commander": "tank"}, "choose_card": {"card": "x"}}
        out.append(({"seat": seat, "type": verb, **field.get(verb, {})}, "already_ready"))
        # a key the verb does not define is malformed (check 2), before any rule
        out.append(({"seat": seat, "type": verb, "commander": "tank", "card": "x"},
                    "bad_decision"))
        return out
    out.append(({"seat": seat, "type": "unready"}, "not_ready"))
    own = [u["id"] for u in b["units"] if u["seat"] == seat]
    enemy = [u["id"] for u in b["units"] if u["seat"] != seat]
    tile_of = {u["id"]: u["tile"] for u in b["units"]}
    water = rng.choice([t for t in CONTENT.tiles if not CONTENT.tiles[t].land])
    if phase == "commander":
        out.append(({"seat": seat, "type": "choose_commander", "commander": "classic"},
                    "unknown_commander"))
        if b["commanders"][seat] is None:
            out.append(({"seat": seat, "type": "ready"}, "no_commander_chosen"))
    elif phase in ("placement", "movement"):
        verb = "place" if phase == "placement" else "move"
        unit = rng.choice(own)
        out += [
            ({"seat": seat, "type": verb, "units": [], "to": "L01"}, "no_units"),
            ({"seat": seat, "type": verb, "units": [unit, "p9.x1"], "to": "L01"},
             "unknown_unit"),
            ({"seat": seat, "type": verb, "units": [unit], "to": "Z99"}, "unknown_tile"),
            ({"seat": seat, "type": verb, "units": [unit], "to": water}, "water"),
        ]
        if enemy:
            out.append(({"seat": seat, "type": verb, "units": [enemy[0]], "to": water},
                        "not_your_unit"))
        if phase == "placement":
            outside = rng.choice([t for t in CONTENT.land if CONTENT.tiles[t].zone != seat])
            out.append(({"seat": seat, "type": "place", "units": [unit], "to": outside},
                        "zone_forbidden"))
            zone_tile = rng.choice(CONTENT.zones[seat])
            six = own[:6]
            out.append(({"seat": seat, "type": "place", "units": six, "to": zone_tile},
                        "tile_full"))
            if any(u not in b["orders"][seat] for u in own):
                out.append(({"seat": seat, "type": "ready"}, "not_all_placed"))
        else:
            here = tile_of[unit]
            assert here is not None
            far = [t for t in CONTENT.land if t != here and t not in CONTENT.neighbours[here]]
            out.append(({"seat": seat, "type": "move", "units": [unit],
                         "to": rng.choice(far)}, "not_adjacent"))
    elif phase == "reinforcements":
        others = [u for u in own if u not in b["eligible"][seat]]
        if others:
            out.append(({"seat": seat, "type": "reinforce", "units": [others[0]]},
                        "not_eligible"))
        if enemy:
            out.append(({"seat": seat, "type": "reinforce", "units": [enemy[0]]},
                        "not_your_unit"))
        out.append(({"seat": seat, "type": "reinforce", "units": ["p0.q1"]}, "unknown_unit"))
    elif phase == "cards":
        elsewhere = [c for c in CONTENT.cards if c not in b["hands"][seat]]
        out.append(({"seat": seat, "type": "choose_card", "card": rng.choice(elsewhere)},
                    "card_not_in_hand"))
        if b["cards_chosen"][seat] is None:
            out.append(({"seat": seat, "type": "ready"}, "no_card_chosen"))
    elif phase == "retreat":
        site, listed = b["retreat"]["tile"], b["retreat"]["units"]
        staying = [u for u in own if u not in listed[seat]]
        if staying:
            out.append(({"seat": seat, "type": "retreat", "unit": staying[0], "to": site},
                        "not_retreating"))
        mover = listed[seat][0]
        out.append(({"seat": seat, "type": "retreat", "unit": mover, "to": water}, "water"))
        out.append(({"seat": seat, "type": "retreat", "unit": mover, "to": site},
                    "not_adjacent"))
        toward = [t for t in CONTENT.neighbours[site]
                  if (CONTENT.col(t) > CONTENT.col(site)) == (seat == 0)
                  and CONTENT.col(t) != CONTENT.col(site)]
        if toward:
            out.append(({"seat": seat, "type": "retreat", "unit": mover, "to": toward[0]},
                        "retreat_toward_enemy"))
        if any(tile_of[u] == site for u in listed[seat]):
            out.append(({"seat": seat, "type": "ready"}, "must_retreat_all"))
    return out


@settings(max_examples=examples(25))
@given(seed=st.integers(0, 10**6), classic=st.booleans(), steps=st.integers(0, 300),
       rng_seed=st.integers(0, 2**32))
@pytest.mark.slow
def test_random_illegal_decisions_are_rejected_with_the_spec_id(seed, classic, steps,
                                                               rng_seed):
    rng = random.Random(rng_seed)
    match = new_match(seed, **({"setup_kind": "classic"} if classic else {}))
    checked = 0

    def probe(m: Match, decision: dict[str, Any]) -> None:
        nonlocal checked
        if m.result is None and rng.random() > 0.1:
            return
        for bad, error in illegal_decisions(m, rng):
            before, streams = canonical(m.state_json()), streams_state(m)
            views = [canonical(m.view_json(s)) for s in (0, 1)]
            decisions = len(m.decisions)
            outcome = m.submit(bad)
            assert not outcome.ok, bad
            assert outcome.error == error, (bad, outcome.error, error, m.phase)
            assert outcome.message
            assert canonical(m.state_json()) == before
            assert [canonical(m.view_json(s)) for s in (0, 1)] == views
            assert streams_state(m) == streams and len(m.decisions) == decisions
            checked += 1
        if len(m.decisions) >= steps:
            raise _Stop

    try:
        play(match, rng, patience=rng.randint(1, 6), check=probe)
    except _Stop:
        pass
    if match.result is not None:
        probe(match, {})
    assert checked


class _Stop(Exception):
    """Ends a random match early once enough states have been probed."""


@settings(max_examples=examples(15))
@given(seed=st.integers(0, 10**6), rng_seed=st.integers(0, 2**32))
@pytest.mark.slow
def test_legal_decisions_are_all_accepted(seed, rng_seed):
    """Every listed decision is accepted (tried under a mark and rolled back)."""
    rng = random.Random(rng_seed)
    match = new_match(seed, setup_kind=rng.choice(["classic", "commanders"]))

    def check(m: Match, decision: dict[str, Any]) -> None:
        if m.result is not None or rng.random() > 0.03:
            return
        for seat in m.to_act:
            for legal in m.legal_decisions(seat):
                mark = m.mark()
                outcome = m.submit(legal)
                m.rollback(mark)
                assert outcome.ok, (legal, outcome.error)

    play(match, rng, patience=rng.randint(1, 6), check=check)


def test_a_finished_record_replays_from_a_setup_too():
    """The final state loads back as a setup (board only) and lists the same State JSON."""
    rng = random.Random(3)
    match = new_match(3, setup_kind="classic")
    play(match, rng, patience=3)
    state = match.state_json()
    again = build_match(record_of({"phase": state["phase"], "result": state["result"],
                                   "board": state["board"]}, seed=3,
                                  options={"setup_kind": "classic"}))
    assert canonical(again.state_json()["board"]) == canonical(state["board"])
