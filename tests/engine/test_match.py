"""game.engine.match with the synthetic duel: common checks, rejections, rollback, views."""

from __future__ import annotations

import copy
from typing import Any

import esper
import pytest

from game.components.common import Health
from game.engine import ecs
from game.engine.events import Event
from game.engine.match import COMMON_MESSAGES, Accepted, Match, Rejection, SetupError
from game.engine.record import build_match, new_record
from game.engine.rng import BadForced
from game.engine.schedule import Schedule, System
from game.engine.synthetic import SyntheticRules

from .support import duel_from

STRIKE = {"seat": 0, "type": "strike", "unit": "p0.u0", "target": "p1.u0"}


def everything(match: Match) -> tuple:
    """All the state a rejection must leave alone."""
    with match.active():
        world, next_id = ecs.world_snapshot(), ecs.next_entity_id()
    return (match.state_json(), world, next_id, match.streams.snapshot(),
            copy.deepcopy(match.decisions), list(match.events.pending))


@pytest.mark.parametrize(("decision", "error"), [
    # 1. not a JSON object at all: malformed
    ([0, "pass"], "bad_decision"),
    ("pass", "bad_decision"),
    (None, "bad_decision"),
    # 2. an object whose type is missing or unknown (checked before the seat)
    ({"seat": 0}, "unknown_decision"),
    ({"seat": 0, "type": "fly"}, "unknown_decision"),
    ({"seat": 0, "type": 5}, "unknown_decision"),
    ({"type": "fly"}, "unknown_decision"),
    ({"seat": "zero", "type": ["strike"]}, "unknown_decision"),
    # 3. seat missing or not an integer, or a verb's fields malformed
    ({"type": "pass"}, "bad_decision"),
    ({"seat": "0", "type": "pass"}, "bad_decision"),
    ({"seat": True, "type": "pass"}, "bad_decision"),
    ({"seat": False, "type": "pass"}, "bad_decision"),
    ({"seat": 0.0, "type": "pass"}, "bad_decision"),
    ({"seat": None, "type": "pass"}, "bad_decision"),
    ({"seat": 0, "type": "strike", "unit": "p0.u0"}, "bad_decision"),
    ({"seat": 0, "type": "strike", "unit": 1, "target": "p1.u0"}, "bad_decision"),
    # ... or a key its verb does not define, however well-formed the rest is
    ({"seat": 0, "type": "pass", "note": 1}, "bad_decision"),
    ({**STRIKE, "note": "x" * 60_000}, "bad_decision"),
    ({**STRIKE, "from": None}, "bad_decision"),
    # 4. not your turn (a seat the mode doesn't have included)
    ({"seat": 1, "type": "pass"}, "not_your_turn"),
    ({"seat": 7, "type": "pass"}, "not_your_turn"),
    ({"seat": -1, "type": "pass"}, "not_your_turn"),
    ({"seat": 1, "type": "strike", "unit": "nope", "target": "nope"}, "not_your_turn"),
    # 5. then the mode's own checks
    ({"seat": 0, "type": "strike", "unit": "nope", "target": "p1.u0"}, "no_such_unit"),
    ({"seat": 0, "type": "strike", "unit": "p1.u0", "target": "p0.u0"}, "not_your_unit"),
    ({"seat": 0, "type": "strike", "unit": "p0.u0", "target": "p0.u1"}, "friendly_fire"),
])
def test_common_checks_in_order(duel, decision, error):
    before = everything(duel)
    result = duel.submit(decision)
    assert isinstance(result, Rejection)
    assert not result.ok
    assert result.error == error
    # the usual words; an unknown key's message also names the key
    assert result.message.startswith(COMMON_MESSAGES.get(error, error).rstrip("."))
    assert everything(duel) == before  # state, world, ids, streams, decisions, events


def test_wrong_phase_comes_after_not_your_turn(duel):
    with duel.active():
        duel.set_phase("parley", (0,))
    assert duel.submit({"seat": 0, "type": "pass"}).as_json() == {
        "error": "wrong_phase", "message": "Not now."}
    assert duel.submit({"seat": 1, "type": "pass"}).error == "not_your_turn"
    assert duel.submit({"seat": 0, "type": "strike"}).error == "bad_decision"


def test_game_over_comes_after_bad_decision_and_before_not_your_turn(duel):
    with duel.active():
        duel.finish({"winner": 0, "reason": "elimination"})
    assert (duel.phase, duel.to_act, duel.result) == ("over", (), {"winner": 0,
                                                                   "reason": "elimination"})
    assert duel.submit({"seat": 0, "type": "pass"}).as_json() == {
        "error": "game_over", "message": "The match is over."}
    assert duel.submit({"seat": 1, "type": "pass"}).error == "game_over"
    assert duel.submit({"seat": 9, "type": "pass"}).error == "game_over"
    assert duel.submit({"seat": "1", "type": "pass"}).error == "bad_decision"
    assert duel.submit({"seat": 1, "type": "dance"}).error == "unknown_decision"
    assert duel.legal_decisions(0) == [] and duel.legal_decisions(1) == []


def test_a_rejected_decision_draws_nothing(synthetic):
    match = duel_from([("a", 0, 5), ("b", 1, 5)], forced={"fight": [3]})
    before = everything(match)
    assert match.submit({"seat": 0, "type": "strike", "unit": "a", "target": "zz"}).error == (
        "no_such_unit")
    assert match.submit({"seat": 1, "type": "strike", "unit": "b", "target": "a"}).error == (
        "not_your_turn")
    assert everything(match) == before
    assert match.stream("fight").forced_pending == 1


def test_an_accepted_strike_runs_the_steps_its_systems_ask_for_in_order(synthetic):
    match = duel_from([("a", 0, 5), ("b", 1, 2), ("c", 1, 4)], forced={"fight": [6]})
    result = match.submit({"seat": 0, "type": "strike", "unit": "a", "target": "b"})
    assert isinstance(result, Accepted) and result.ok
    assert result.events == [  # strike, then fall, then end_turn
        Event("damage_dealt", {"source": "a", "target": "b", "amount": 6, "hp": 0}),
        Event("card_moved", {"card": "b", "origin": "p1.units", "to": "p1.fallen"}),
        Event("unit_fell", {"unit": "b"}),
    ]
    assert match.events.pending == []
    state = match.state_json()
    assert (state["turn"], state["phase"], state["to_act"]) == (1, "fight", [1])
    assert state["board"] == {"units": [{"id": "a", "seat": 0, "hp": 5},
                                        {"id": "b", "seat": 1, "hp": 0},
                                        {"id": "c", "seat": 1, "hp": 4}]}
    assert match.decisions == [{"seat": 0, "type": "strike", "unit": "a", "target": "b"}]


def test_the_last_unit_falling_finishes_the_match(synthetic):
    match = duel_from([("a", 0, 5), ("b", 1, 1)], forced={"fight": [1]})
    assert match.submit({"seat": 0, "type": "strike", "unit": "a", "target": "b"}).ok
    state = match.state_json()
    assert (state["phase"], state["to_act"], state["result"]) == (
        "over", [], {"winner": 0, "reason": "elimination"})
    assert match.legal_decisions(0) == [] and match.legal_decisions(1) == []
    assert match.submit({"seat": 1, "type": "pass"}).error == "game_over"


class Boom(System):
    name = "boom"

    def process(self, match):
        assert match.turn == 1 and match.stream("fight").draws == 1  # the strike did happen
        match.journal.create(Health(1, 1))
        match.emit("half_way")
        match.goto("end_turn")  # asked for, never run: the bug comes first
        raise RuntimeError("rule bug")


class ExplodingRules(SyntheticRules):
    """Strikes and ends the turn, then a bug blows up at the end of the resolution."""

    schedule = Schedule([(name, systems + ((Boom(),) if name == "end_turn" else ()))
                         for name, systems in SyntheticRules.schedule.steps.items()])


def test_an_exception_during_resolution_propagates_and_leaves_no_step_behind(synthetic):
    """A rule bug is not a rejection: it propagates (the match is discarded by its caller),
    no asked-for step is left, the decision is not recorded and the previous world is
    active."""
    match = build_match(new_record("synthetic", "1", 7))
    match.rules = ExplodingRules()
    with pytest.raises(RuntimeError, match="rule bug"):
        match.submit(STRIKE)
    assert not match.steps
    assert match.decisions == []
    assert not match.journal.recording
    assert esper.current_world == "default"


def test_a_search_mark_undoes_a_failed_resolution(synthetic):
    """Inside a search (a mark is open) the caller rolls a failed resolution back exactly."""
    match = build_match(new_record("synthetic", "1", 7))
    match.rules = ExplodingRules()
    before = everything(match)
    mark = match.mark()
    with pytest.raises(RuntimeError, match="rule bug"):
        match.submit(STRIKE)
    match.rollback(mark)
    assert everything(match) == before
    match.rules = SyntheticRules()
    assert match.submit(STRIKE).ok  # and the match still plays


def test_a_bad_forced_value_raises_bad_forced(synthetic):
    match = duel_from([("a", 0, 5), ("b", 1, 5)], forced={"fight": [7]})
    with pytest.raises(BadForced, match=r"forced\.fight\[0\]"):
        match.submit({"seat": 0, "type": "strike", "unit": "a", "target": "b"})
    assert match.decisions == []


def test_state_json_envelope_and_view_json_masks_the_seed(synthetic):
    match = build_match(new_record("synthetic", "1", 7, {"ai": {"1": "random"}}))
    state = match.state_json()
    assert state == {
        "mode": "synthetic", "rules": "1", "seed": 7, "phase": "fight", "turn": 0,
        "to_act": [0], "result": None,
        "seats": [{"kind": "human"}, {"kind": "cpu", "ai": "random"}],
        "board": {"units": [{"id": f"p{s}.u{n}", "seat": s, "hp": 10}
                            for s in (0, 1) for n in range(3)]},
    }
    for seat in (0, 1):
        assert match.view_json(seat) == {**state, "seed": "hidden"}
    assert match.state_json()["seed"] == 7  # the view is a copy


@pytest.mark.parametrize(("ai", "seats"), [
    ({}, [{"kind": "human"}, {"kind": "human"}]),
    ({"0": "first"}, [{"kind": "cpu", "ai": "first"}, {"kind": "human"}]),
    ({"0": "first", "1": "random"}, [{"kind": "cpu", "ai": "first"},
                                     {"kind": "cpu", "ai": "random"}]),
])
def test_seats_json_comes_from_options_ai(synthetic, ai, seats):
    match = build_match(new_record("synthetic", "1", 1, {"ai": ai}))
    assert match.seats_json() == seats
    assert match.state_json()["seats"] == seats


def test_seats_json_is_a_fresh_copy_and_follows_a_new_options_ai(synthetic):
    match = build_match(new_record("synthetic", "1", 1, {"ai": {"1": "random"}}))
    printed = match.seats_json()
    printed[1]["ai"] = "changed by a caller"
    printed.append({"kind": "extra"})
    assert match.seats_json() == [{"kind": "human"}, {"kind": "cpu", "ai": "random"}]
    match.options["ai"] = {"0": "first"}  # a seat handed to a CPU: a new options.ai
    assert match.seats_json() == [{"kind": "cpu", "ai": "first"}, {"kind": "human"}]


def test_legal_decisions_list_the_seat_to_act_only(duel):
    legal = duel.legal_decisions(0)
    assert legal[0] == {"seat": 0, "type": "strike", "unit": "p0.u0", "target": "p1.u0"}
    assert legal[-1] == {"seat": 0, "type": "pass"}
    assert len(legal) == 3 * 3 + 1
    assert duel.legal_decisions(1) == []
    assert all(duel.validate(d) is None for d in legal)


def test_result_survives_state_json_copies(duel):
    with duel.active():
        duel.finish({"winner": None, "reason": "round_cap"})
    state = duel.state_json()
    state["result"]["winner"] = 1
    assert duel.result == {"winner": None, "reason": "round_cap"}


def test_load_forced_rejects_unknown_streams_and_non_lists(synthetic):
    match = build_match(new_record("synthetic", "1", 1))
    with pytest.raises(SetupError, match=r"setup\.forced\.dice: this stream cannot be forced "
                                         r"\(fight\)"):
        match.load_forced({"dice": [1]})
    with pytest.raises(SetupError, match=r"setup\.forced\.fight: must be a list"):
        match.load_forced({"fight": 3})
    with pytest.raises(SetupError, match=r"setup\.forced: must be an object"):
        match.load_forced([1])
    match.load_forced(None)
    match.load_forced({"fight": [2, 3]})
    assert match.stream("fight").forced_pending == 2


def test_close_frees_the_world(duel):
    world = duel.world
    assert world in esper.list_worlds()
    duel.close()
    assert world not in esper.list_worlds()


def test_a_trusted_submit_skips_the_checks_and_resolves_the_same(synthetic, monkeypatch):
    """A search replaying its own legal list (`trusted=True`) resolves exactly as a checked
    submit does, without running the checks again."""
    checked = duel_from([("a", 0, 5), ("b", 1, 2), ("c", 1, 4)], forced={"fight": [6]})
    trusted = duel_from([("a", 0, 5), ("b", 1, 2), ("c", 1, 4)], forced={"fight": [6]})
    assert checked.submit({"seat": 0, "type": "strike", "unit": "a", "target": "b"}).ok
    monkeypatch.setattr(trusted, "_validate", lambda decision: pytest.fail("validated"))
    assert trusted.submit({"seat": 0, "type": "strike", "unit": "a", "target": "b"}, trusted=True).ok
    assert trusted.state_json() == checked.state_json()
    assert trusted.decisions == checked.decisions


def test_a_key_the_verb_does_not_define_is_named_and_nothing_is_stored(duel):
    before = everything(duel)
    bloated = {**STRIKE, "note": "x" * 60_000, "zz" * 100: 1}
    rejection = duel.submit(bloated)
    assert rejection.error == "bad_decision"
    assert rejection.message == (
        "Malformed decision: strike has no field 'note' (and 1 more).")
    long_key = duel.submit({**STRIKE, "k" * 500: 1}).message
    assert long_key == f"Malformed decision: strike has no field '{'k' * 59}…'."
    assert everything(duel) == before and duel.decisions == []


def test_stored_decisions_are_deep_copies(synthetic, monkeypatch):
    # a verb whose field holds lists: the stored decision must not share them
    monkeypatch.setattr(SyntheticRules, "fields",
                        {**SyntheticRules.fields, "strike": frozenset({"unit", "target", "note"})})
    match = duel_from([("a", 0, 5), ("b", 1, 2), ("c", 1, 4)], forced={"fight": [6]})
    decision = {"seat": 0, "type": "strike", "unit": "a", "target": "b",
                "note": [[1, 2], {"k": [3]}]}
    assert match.submit(decision).ok
    decision["note"][0].append(9)
    decision["note"][1]["k"].append(9)
    assert match.decisions[0]["note"] == [[1, 2], {"k": [3]}]


def test_json_copies_equal_deepcopy_and_share_no_container():
    """`_copy_json` copies lists in C and recurses only into their lists and dicts: the result
    is `copy.deepcopy`'s, at every depth, and no list or dict is shared with the original."""
    from game.engine.match import _copy_json

    data = ["p0.t1", 3, None, True, 1.5, [["x"], {"k": ["y", {"z": []}]}], {"a": [1, [2]]},
            ("kept", "as is")]
    copied = _copy_json(data)
    assert copied == copy.deepcopy(data) and type(copied) is list

    def containers(value: Any) -> list[Any]:
        inner = value if isinstance(value, list) else (
            list(value.values()) if isinstance(value, dict) else [])
        found = [value] if isinstance(value, (list, dict)) else []
        for v in inner:
            found += containers(v)
        return found

    original_ids = {id(c) for c in containers(data)}
    assert len(containers(copied)) == len(original_ids)
    assert not original_ids & {id(c) for c in containers(copied)}


def test_a_stored_decision_of_scalars_is_its_own_copy(synthetic):
    """A decision holding only scalars (most of them: one C pass over its value types) is
    stored as a copy equal to it and shares nothing with it."""
    match = duel_from([("a", 0, 5), ("b", 1, 2), ("c", 1, 4)], forced={"fight": [6]})
    decision = {"seat": 0, "type": "strike", "unit": "a", "target": "b"}
    assert match.submit(decision).ok
    decision["unit"] = "c"
    assert match.decisions[0] == {"seat": 0, "type": "strike", "unit": "a", "target": "b"}
