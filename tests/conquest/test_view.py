"""The per-seat view (spec 6.4): no seat ever sees the other seat's pending orders (placements
included), its chosen card before the reveal, or its reinforcement picks before both seats have
submitted. Checked over random legal matches, and on fixed positions."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import Match
from game.engine.record import build_match
from tests.hypothesis_profiles import examples

from .helpers import D, accept, canonical, new_match, record_of, setup_match
from .random_play import play

SECRET = {"placement": "orders", "movement": "orders", "reinforcements": "reinforcements",
          "cards": "cards_chosen"}
SECRET_VERBS = {"place", "move", "reinforce", "choose_card"}


def assert_masked(match: Match) -> list[dict[str, Any]]:
    """Both seat views, checked against the full state; returned for reuse."""
    key = SECRET.get(match.phase)
    full = match.state_json()
    views = [match.view_json(0), match.view_json(1)]
    for seat, view in enumerate(views):
        assert view["seed"] == "hidden"
        if key is None:
            assert view["board"] == full["board"]
            continue
        assert view["board"][key][1 - seat] == "hidden"
        assert view["board"][key][seat] == full["board"][key][seat]
        rest = {k: v for k, v in view["board"].items() if k != key}
        assert rest == {k: v for k, v in full["board"].items() if k != key}
    return views


@settings(max_examples=examples(20))
@given(seed=st.integers(0, 10**6), classic=st.booleans(), rng_seed=st.integers(0, 2**32))
@pytest.mark.slow
def test_no_view_shows_the_other_seats_secrets(seed, classic, rng_seed):
    rng = random.Random(rng_seed)
    match = new_match(seed, **({"setup_kind": "classic"} if classic else {}))
    views = [canonical(match.view_json(s)) for s in (0, 1)]
    phase = match.phase

    def check(m: Match, decision: dict[str, Any]) -> None:
        nonlocal views, phase
        now = [canonical(v) for v in assert_masked(m)]
        other = 1 - decision["seat"]
        if decision["type"] in SECRET_VERBS or (decision["type"] == "reset_moves"
                                                and phase != "retreat"):
            # a secret order changes nothing the other seat can see
            assert now[other] == views[other], decision
        views, phase = now, m.phase
        if m.result is None and rng.random() < 0.03:
            # 5.3: a seat's legal decisions computed on its own view are the same
            for seat in m.to_act:
                view = m.view_json(seat)
                scratch = build_match(record_of({"phase": view["phase"],
                                                 "board": view["board"]}))
                assert scratch.legal_decisions(seat) == m.legal_decisions(seat)
                scratch.close()

    play(match, rng, patience=rng.randint(1, 6), check=check)


def test_secret_events_name_only_the_seat():
    match = new_match(1, setup_kind="classic")
    events = accept(match, D(0, "place", units=["p0.t1"], to="L02"))
    assert [e for e in events if e["type"] == "units_placed"] == [
        {"type": "units_placed", "seat": 0}]
    assert all("L02" not in str(e) for e in events)


def test_picks_are_hidden_until_both_seats_submitted():
    units = {"p0.t1": "L13", "p0.t2": "L13", "p0.i1": "L13", "p0.i2": "L13", "p1.t1": "L13",
             "p1.i1": "L13", "p0.t3": "L06", "p0.i3": "L05", "p1.t2": "L07", "p0.t4": "L03",
             "p1.t3": "L10"}
    match = setup_match("reinforcements", units, setup_kind="classic",
                        battles=[{"number": 1, "tile": "L13", "state": "current"}],
                        current_battle=1)
    accept(match, D(0, "reinforce", units=["p0.t3"]))
    accept(match, D(0, "ready"))
    assert match.view_json(1)["board"]["reinforcements"] == ["hidden", []]
    assert match.view_json(0)["board"]["reinforcements"] == [["p0.t3"], "hidden"]
    accept(match, D(1, "reinforce", units=["p1.t2"]))
    accept(match, D(1, "ready"))
    assert match.phase == "cards"
    assert match.view_json(1)["board"]["reinforcements"] == [["p0.t3"], ["p1.t2"]]
    accept(match, D(0, "choose_card", card="power2"))
    assert match.view_json(1)["board"]["cards_chosen"] == ["hidden", None]
    assert match.view_json(0)["board"]["cards_chosen"] == ["power2", "hidden"]
