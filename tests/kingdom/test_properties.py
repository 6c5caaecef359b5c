"""Reliability of the kingdom rules under random play (issue 5 item 7, spec 9 S37): random
legal matches keep the spec's invariants after every decision, end by the turn cap and replay
to the same state hash; random decisions are rejected exactly when illegal and a rejection
changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import Match
from game.engine.record import match_record, replay, state_hash, validate_record
from game.systems.kingdom.legal import FIELDS
from tests.hypothesis_profiles import examples
from tests.kingdom.helpers import canonical, content, new_match, streams_state

MODES = ("country", "continent")


def random_deck(rng: random.Random, seat: int) -> dict[str, Any]:
    """A valid build_deck decision: random mode, faction, hero and 1-10 pool units."""
    c = content()
    mode = rng.choice(MODES)
    faction = rng.choice(c.countries if mode == "country" else c.continent_order)
    pool = c.pool_units(mode, faction)
    units = rng.sample(pool, rng.randint(1, min(10, len(pool))))
    return {"seat": seat, "type": "build_deck", "mode": mode, "faction": faction,
            "hero": rng.choice(c.pool_heroes(mode, faction)), "units": units}


def check_invariants(match: Match, dead_heroes: set[tuple[int, str]]) -> None:
    """The invariants of issue 5 item 7 and S37 on the printed state."""
    c = content()
    state = match.state_json()
    assert 1 <= state["turn"] <= c.turn_cap
    uids: list[str] = []
    for n, seat in enumerate(state["board"]["seats"]):
        slots = seat["slots"]
        assert seat["coins"] >= 0
        assert len(slots) == seat["level"] + 4
        assert seat["max_hp"] == 5 * len(slots)
        if state["phase"] != "over":
            assert seat["hp"] <= seat["max_hp"]
        assert len(seat["shop"]) <= c.shop_size(len(slots))
        units = [s for s in slots if s is not None]
        uids += [u["uid"] for u in units]
        hero = seat["hero"]
        if hero is None:
            continue
        on_board = sum(1 for u in units if u["card"] == hero["card"])
        assert on_board == (1 if hero["status"] == "deployed" else 0)
        if (n, hero["card"]) in dead_heroes:
            assert hero["status"] == "dead"  # a dead hero never returns
        if hero["status"] == "dead":
            dead_heroes.add((n, hero["card"]))
    assert len(uids) == len(set(uids))


def pick(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A random legal decision; ending the turn often enough that matches move on."""
    if rng.random() < 0.3:
        return legal[-1]  # end_turn is always last
    return rng.choice(legal)


def play_random(match: Match, rng: random.Random) -> None:
    dead: set[tuple[int, str]] = set()
    c = content()
    for _ in range(20000):
        if match.result is not None:
            return
        seat = match.to_act[0]
        if match.phase == "deck_builder":
            decision = random_deck(rng, seat)
        else:
            decision = pick(rng, match.legal_decisions(seat))
        turn = match.turn
        outcome = match.submit(decision)
        assert outcome.ok, (decision, outcome)
        check_invariants(match, dead)
        if match.turn != turn and match.result is None:  # a new turn: shops are topped up
            for seat_state in match.state_json()["board"]["seats"]:
                shop = seat_state["shop"]
                assert len(shop) == c.shop_size(len(seat_state["slots"]))
                assert None not in shop
    raise AssertionError("the match did not end")


@pytest.mark.slow
@settings(max_examples=examples(50))
@given(seed=st.integers(0, 10**6), rng_seed=st.integers(0, 2**32))
def test_random_legal_matches_keep_the_invariants_end_and_replay(seed, rng_seed):
    match = new_match(seed=seed)
    play_random(match, random.Random(rng_seed))
    assert match.result["reason"] in ("nexus_destroyed", "both_destroyed", "round_cap")
    assert match.state_json()["phase"] == "over"
    again = replay(validate_record(match_record(match)))
    assert again.ok
    assert canonical(again.match.state_json()) == canonical(match.state_json())
    assert state_hash(again.match.state_json()) == state_hash(match.state_json())


def random_decision(rng: random.Random, match: Match) -> Any:
    verb = rng.choice(["build_deck", "buy", "sell", "move", "refresh", "upgrade", "end_turn",
                       "dance", None])
    decision: dict[str, Any] = {"seat": rng.choice([0, 0, 1, 1, 2, -1, "0", True, None]),
                                "type": verb}
    ints = [-1, 0, 1, 2, 3, 4, 5, 6, 8, 9, "1", True, None, 1.0]
    for key in ("slot", "from", "to"):
        if rng.random() < 0.85:
            decision[key] = rng.choice(ints)
    if rng.random() < 0.85:
        decision["offer"] = rng.choice([*ints, "hero", "HERO"])
    if verb == "build_deck" and rng.random() < 0.7:
        deck = random_deck(rng, decision["seat"] if isinstance(decision["seat"], int) else 0)
        decision.update({k: v for k, v in deck.items() if k not in ("seat", "type")})
        if rng.random() < 0.5:
            decision["units"] = decision["units"] + [rng.choice(["china_sun_tzu", "nope",
                                                                 decision["units"][0]])]
    if rng.random() < 0.9:  # mostly only the verb's own keys (any other is malformed)
        allowed = FIELDS.get(verb, set()) | {"seat", "type"}
        decision = {k: v for k, v in decision.items() if k in allowed}
    return decision if rng.random() < 0.97 else rng.choice([[], "end_turn", 7, None])


def _template(decision: Any) -> Any:
    """The keys a legal-list entry has; None (matches none) for a decision with a key its verb
    does not define, which is malformed (the engine's common checks)."""
    if not isinstance(decision, dict):
        return None
    if set(decision) - {"seat", "type"} - FIELDS.get(decision.get("type"), set()):
        return None
    keys = {"build_deck": ("seat", "type"), "buy": ("seat", "type", "offer", "slot"),
            "sell": ("seat", "type", "slot"), "move": ("seat", "type", "from", "to")}
    wanted = keys.get(decision.get("type"), ("seat", "type"))
    return {k: decision.get(k) for k in wanted}


@pytest.mark.slow
@settings(max_examples=examples(30))
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 80), rng_seed=st.integers(0, 2**32))
def test_random_decisions_rejected_exactly_when_illegal(seed, steps, rng_seed):
    rng = random.Random(rng_seed)
    match = new_match(seed=seed)
    for _ in range(steps):
        if match.result is not None:
            break
        seat = match.to_act[0]
        match.submit(random_deck(rng, seat) if match.phase == "deck_builder"
                     else pick(rng, match.legal_decisions(seat)))
    for _ in range(40):
        decision = random_decision(rng, match)
        legal = [] if match.result is not None else [
            d for s in match.to_act for d in match.legal_decisions(s)]
        before, streams = canonical(match.state_json()), streams_state(match)
        listed = match.phase != "deck_builder"  # decks are not enumerated (section 5)
        wanted = json.dumps(_template(decision), sort_keys=True)  # true is not 1
        expected = any(json.dumps(d, sort_keys=True) == wanted for d in legal)
        mark = match.mark()
        outcome = match.submit(decision)
        if listed:  # the planning list is complete: accepted exactly when listed
            assert outcome.ok == expected, decision
        if outcome.ok:
            match.rollback(mark)
            assert canonical(match.state_json()) == before
            continue
        match.release(mark)
        assert outcome.error
        assert canonical(match.state_json()) == before, decision
        assert streams_state(match) == streams
