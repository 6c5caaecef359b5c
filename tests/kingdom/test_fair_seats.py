"""Fair seats (docs/kingdom.md "Fair seats"): in rules "2" seat 0 plans first in odd turns and
seat 1 in even turns; rules "1" always starts with seat 0."""

from __future__ import annotations

import pytest

from game.engine.record import build_match, new_record, validate_record
from tests.kingdom.helpers import seat, setup_match

END = {"type": "end_turn"}


def end(match, who):
    assert match.submit({"seat": who, **END}).ok


@pytest.mark.parametrize(("rules", "turn", "order"), [
    ("1", 1, (0, 1)), ("1", 2, (0, 1)), ("2", 1, (0, 1)), ("2", 2, (1, 0)), ("2", 3, (0, 1)),
])
def test_planning_order(rules, turn, order):
    first, second = order
    match = setup_match(seat(), seat(), turn=turn, to_act=[first], rules=rules)
    end(match, first)
    assert match.state_json()["to_act"] == [second] and match.state.turn == turn
    refused = match.submit({"seat": first, **END})
    assert not refused.ok and refused.error == "not_your_turn"
    end(match, second)  # the second planner's end_turn runs the combat
    state = match.state_json()
    assert state["turn"] == turn + 1 and state["phase"] == "planning"
    following = 0 if rules == "1" else turn % 2
    assert state["to_act"] == [following]


def test_a_rules_2_setup_defaults_to_the_turns_first_planner():
    for turn, expected in ((1, [0]), (2, [1]), (7, [0])):
        setup = {"phase": "planning", "turn": turn, "board": {"seats": [seat(), seat()]}}
        record = validate_record(new_record("kingdom", "2", 1, {}, setup))
        assert build_match(record).state_json()["to_act"] == expected
