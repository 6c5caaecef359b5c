"""game.engine.schedule: a step runs its systems in the declared order, nothing else."""

from __future__ import annotations

import esper
import pytest

from game.engine.schedule import Schedule, System


class Record(System):
    def __init__(self, name: str, log: list[str]) -> None:
        self.name, self.log = name, log

    def process(self, match) -> None:
        self.log.append(self.name)


def test_a_step_runs_its_own_systems_in_order_and_they_are_esper_processors(bare):
    log: list[str] = []
    schedule = Schedule([("start", (Record("b", log), Record("a", log))),
                         ("end", (Record("z", log),))])
    schedule.run(bare, "start")
    assert log == ["b", "a"]
    schedule.run(bare, "end")
    assert log == ["b", "a", "z"]
    assert isinstance(schedule.steps["end"][0], esper.Processor)
    assert schedule.names() == {"start": ["b", "a"], "end": ["z"]}
    assert schedule.describe() == "start: b, a\nend: z"


def test_a_step_declared_twice_is_an_error():
    with pytest.raises(ValueError, match="'x' declared twice"):
        Schedule([("x", ()), ("x", ())])
