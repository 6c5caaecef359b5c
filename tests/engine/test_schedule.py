"""game.engine.schedule and the match's runner: a step runs its systems in the declared order;
a system asks for the next step and the runner runs the steps in the order they were asked
for, never one inside another; a phase change asks for the phase's exit and enter steps."""

from __future__ import annotations

from typing import Any

import esper
import pytest

from game.engine.match import Match, Rules
from game.engine.schedule import Schedule, System


class Record(System):
    """Logs its name; asks for the steps in `then` (a system never runs a step itself)."""

    def __init__(self, name: str, log: list[str], *then: str) -> None:
        self.name, self.log, self.then = name, log, then

    def process(self, match) -> None:
        self.log.append(self.name)
        for step in self.then:
            match.goto(step)


class Phase(System):
    """Changes the phase."""

    def __init__(self, name: str, phase: str, log: list[str]) -> None:
        self.name, self.phase, self.log = name, phase, log

    def process(self, match) -> None:
        self.log.append(self.name)
        match.set_phase(self.phase, (0,))


def scheduled(schedule: Schedule) -> Match:
    class Scheduled(Rules):
        mode, rules_version, seats = "scheduled", "1", 1
        verbs = {"pass": frozenset({"a"})}

        def board_json(self, match: Match) -> dict[str, Any]:
            return {}

    Scheduled.schedule = schedule
    match = Match(Scheduled(), seed=1, phase="a")
    return match


def run(match: Match, *steps: str) -> None:
    with match.active():
        for step in steps:
            match.goto(step)
        match.run_steps()


def test_a_step_runs_its_own_systems_in_order_and_they_are_esper_processors():
    log: list[str] = []
    schedule = Schedule([("start", (Record("b", log), Record("a", log))),
                         ("end", (Record("z", log),))])
    match = scheduled(schedule)
    run(match, "start")
    assert log == ["b", "a"]
    run(match, "end")
    assert log == ["b", "a", "z"]
    assert isinstance(schedule.steps["end"][0], esper.Processor)
    assert schedule.names() == {"start": ["b", "a"], "end": ["z"]}
    assert schedule.describe() == "start: b, a\nend: z"


def test_asked_for_steps_run_after_the_whole_current_step_first_asked_first():
    log: list[str] = []
    match = scheduled(Schedule([
        ("action", (Record("act", log, "turn_end", "bonus"), Record("check", log))),
        ("turn_end", (Record("tick", log, "turn_start"),)),
        ("bonus", (Record("bonus", log),)),
        ("turn_start", (Record("start", log),)),
    ]))
    run(match, "action")
    # `check` runs before `turn_end`: the step is finished first; no step runs inside another
    assert log == ["act", "check", "tick", "bonus", "start"]
    assert not match.steps


def test_the_runner_stops_at_a_step_of_the_horizon_and_drops_the_rest():
    log: list[str] = []
    match = scheduled(Schedule([
        ("action", (Record("act", log, "combat", "bonus"),)),
        ("combat", (Record("fight", log, "upkeep"),)),
        ("bonus", (Record("bonus", log),)),
        ("upkeep", (Record("pay", log, "next"),)),
        ("next", (Record("next", log),)),
    ]))
    match.horizon = frozenset({"upkeep"})
    run(match, "action")
    # `bonus`, asked before `upkeep`, still runs; `upkeep` and all after it do not
    assert log == ["act", "fight", "bonus"]
    assert not match.steps
    match.horizon = frozenset({"bonus"})
    log.clear()
    run(match, "action")
    assert log == ["act", "fight"]  # `upkeep`, asked after `bonus`, is dropped with it
    assert not match.steps
    match.horizon = frozenset()
    log.clear()
    run(match, "action")
    assert log == ["act", "fight", "bonus", "pay", "next"]


def test_a_phase_change_asks_for_its_exit_then_its_enter_step():
    log: list[str] = []
    match = scheduled(Schedule([
        ("play", (Phase("to_b", "b", log), Record("after", log))),
        ("on_exit:a", (Record("leave_a", log),)),
        ("on_enter:b", (Record("enter_b", log),)),
        ("on_enter:a", (Record("enter_a", log),)),
    ]))
    run(match, "play")
    assert log == ["to_b", "after", "leave_a", "enter_b"]
    with match.active():
        match.set_phase("b", (1,))  # the same phase: no transition
    assert not match.steps


def test_a_phase_started_again_asks_for_its_exit_and_enter_steps_once_more():
    """`set_phase(phase, again=True)`: a new round of the same phase (conquest's next movement
    round after one without a battle) leaves and enters it, in that order."""
    log: list[str] = []
    match = scheduled(Schedule([
        ("on_exit:a", (Record("leave_a", log),)),
        ("on_enter:a", (Record("enter_a", log),)),
    ]))
    with match.active():
        match.set_phase("a", (0,))
        assert not match.steps  # the same phase, not again: nothing asked for
        match.set_phase("a", (0,), again=True)
        match.run_steps()
    assert log == ["leave_a", "enter_a"] and match.phase == "a"


def test_an_unknown_step_is_an_error_naming_it():
    match = scheduled(Schedule([("x", ())]))
    with match.active(), pytest.raises(KeyError, match="no step 'y'"):
        match.goto("y")


def test_a_setup_is_a_position_and_runs_no_transition_step():
    log: list[str] = []

    class Loaded(Rules):
        mode, rules_version, seats = "loaded", "1", 1
        verbs = {"pass": frozenset({"b"})}
        schedule = Schedule([("on_enter:b", (Record("enter_b", log),))])

        def load_setup(self, match: Match, setup: dict[str, Any]) -> None:
            match.set_phase("b", (0,))

        def board_json(self, match: Match) -> dict[str, Any]:
            return {}

    match = Match(Loaded(), seed=1, phase="a")
    match.begin({})
    assert match.phase == "b" and log == [] and not match.steps


def test_a_step_declared_twice_is_an_error():
    with pytest.raises(ValueError, match="'x' declared twice"):
        Schedule([("x", ()), ("x", ())])
