"""game.engine.tutorial: a tutorial's schema and its script played against the rules, each
problem named by key (docs/tutorials.md)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from game.engine.modes import get_mode
from game.engine.resources import load_mode_resources
from game.engine.tutorial import (
    TUTORIAL_FILE,
    Tutorial,
    check_script,
    same_decision,
    tutorials_of,
)


def shipped(mode: str) -> tuple[Any, Any, dict[str, Any]]:
    spec = get_mode(mode)
    resources = load_mode_resources(spec)
    return spec, resources, tutorials_of(resources)[0].model_dump()


def problems(mode: str, change) -> list[tuple[str, str]]:
    spec, resources, data = shipped(mode)
    data = copy.deepcopy(data)
    change(data)
    return check_script(spec, resources, Tutorial.model_validate(data))


@pytest.mark.parametrize("mode", ["strike", "conquest", "crawl", "kingdom"])
def test_every_shipped_script_plays_against_its_rules(mode):
    spec, resources, data = shipped(mode)
    assert check_script(spec, resources, Tutorial.model_validate(data)) == []


def test_a_decision_the_rules_refuse_is_named_by_its_step():
    def far(data):
        data["steps"][1]["decision"]["to"] = [22, 10]

    (key, problem), = problems("strike", far)
    assert key == "tutorial[0].steps.1.decision"
    assert problem.startswith("not legal at this step:")


def test_a_setup_the_mode_refuses_is_named_setup():
    def two_phases(data):
        data["setup"]["phase"] = "nonsense"

    (key, problem), = problems("strike", two_phases)
    assert key == "tutorial[0].setup" and "phase" in problem


def test_a_script_that_leaves_the_cpu_no_turn_is_named_by_its_last_step():
    def extra_cpu_move(data):  # the CPU's move scripted too: after it, it is the person's turn
        data["steps"].append({"say": "The CPU moves.", "decision": {
            "seat": 1, "type": "move", "unit": "p1.vine_strike", "to": [16, 4]}})

    (key, problem), = problems("strike", extra_cpu_move)
    assert key == "tutorial[0].steps.5" and "not the CPU's turn" in problem


def test_shape_checks_the_seat_the_cpu_level_and_free_steps_last():
    _, resources, data = shipped("strike")

    def keys(change) -> list[str]:
        copied = copy.deepcopy(data)
        change(copied)
        return [k for k, _ in TUTORIAL_FILE.check([Tutorial.model_validate(copied)], resources)]

    assert keys(lambda d: d.update(seat=3, cpu="godlike")) == [
        "tutorial[0].seat", "tutorial[0].cpu"]
    assert keys(lambda d: d["steps"][2].update(only=False)) == [  # the CPU's scripted move
        "tutorial[0].steps.2.only", "tutorial[0].steps.3.decision"]
    assert keys(lambda d: d["steps"][1].update(only=False)) == ["tutorial[0].steps.2.decision"]
    assert keys(lambda d: d["steps"][3].update(only=False)) == []  # the last decision step


@pytest.mark.parametrize("bad, where", [
    ({"say": ""}, "say"),
    ({"say": "x" * 201}, "say"),
    ({"say": "ok", "decision": {"type": "move"}}, "decision"),
    ({"say": "ok", "decision": {"seat": True, "type": "move"}}, "decision"),
    ({"say": "ok", "colour": "red"}, "colour"),
])
def test_a_malformed_step_is_refused_by_its_field(bad, where):
    _, _, data = shipped("strike")
    data = copy.deepcopy(data)
    data["steps"][0] = bad
    with pytest.raises(ValidationError) as caught:
        Tutorial.model_validate(data)
    assert caught.value.errors()[0]["loc"][:3] == ("steps", 0, where)


def test_a_setup_given_as_json_text_must_be_an_object():
    _, _, data = shipped("strike")
    with pytest.raises(ValidationError, match="must be an object"):
        Tutorial.model_validate({**data, "setup": "[1, 2]"})
    with pytest.raises(ValidationError):
        Tutorial.model_validate({**data, "options": {"ai": {"1": "easy"}}})


def test_same_decision_compares_the_fields_the_script_names():
    taught = {"seat": 0, "type": "move", "units": ["p0.t1", "p0.t2"], "to": "L13"}
    assert same_decision(taught, {**taught, "units": ["p0.t2", "p0.t1"]})
    assert not same_decision(taught, {**taught, "units": ["p0.t1"]})
    assert same_decision({"seat": 0, "type": "attack"}, {"seat": 0, "type": "attack",
                                                         "target": "p1.x"})
    assert not same_decision({"seat": 0, "slot": 1}, {"seat": 0, "slot": True})
