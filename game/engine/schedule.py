"""Schedules: a mode's named steps, each an ordered list of esper processors (docs/architecture.md).

A system is an `esper.Processor` whose `process(match)` queries the active world for what it
needs and changes it only through engine commands. A mode declares its `Schedule` in code
(`step name -> systems, in order`); the mode's resolution turns a decision into intent
components and runs a step, and a step may run the next one (a phase transition).

The match runs a step's processors itself, in the declared order, instead of `esper.process()`:
esper would run every processor of the world on every call, whatever the step, and order them
only by priority.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import esper

if TYPE_CHECKING:
    from game.engine.match import Match


class System(esper.Processor):
    """One rule of one step. `name` is what the mode's docs print; systems hold no state."""

    name = "system"

    def process(self, match: Match) -> None:  # type: ignore[override]  # pragma: no cover
        raise NotImplementedError


class Schedule:
    """Ordered steps of ordered systems; `run(match, step)` runs one step's systems."""

    __slots__ = ("steps",)

    def __init__(self, steps: Iterable[tuple[str, tuple[System, ...]]]) -> None:
        self.steps: dict[str, tuple[System, ...]] = {}
        for name, systems in steps:
            if name in self.steps:
                raise ValueError(f"step {name!r} declared twice")
            self.steps[name] = tuple(systems)

    def run(self, match: Match, step: str) -> None:
        for system in self.steps[step]:
            system.process(match)

    def names(self) -> dict[str, list[str]]:
        """Step -> system names, in order: what the docs print and a test asserts."""
        return {step: [s.name for s in systems] for step, systems in self.steps.items()}

    def describe(self) -> str:
        """The schedule as the lines a mode's doc prints."""
        return "\n".join(f"{step}: {', '.join(names)}" for step, names in self.names().items())
