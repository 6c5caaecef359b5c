"""Schedules: a mode's named steps, each an ordered list of systems, run by a flat runner.

A system is an `esper.Processor` whose `process(match)` queries the world for what it needs and
changes it only through engine commands. A mode declares its `Schedule` in code
(`step name -> systems, in order`). A system never runs a step: it asks for the next one with
`match.goto(step)`, and the match's runner (`Match.run_steps`) runs the requested steps one
after the other, first requested first, until none is left. So the printed schedule is exactly
what happens: a step's systems run in their order, and the steps in the order they were asked
for.

A phase may have transition steps, `on_exit:<phase>` and `on_enter:<phase>`: when a system
changes the phase (`Match.set_phase`), the runner is asked for the old phase's exit step, then
the new phase's enter step, where the mode declared them.

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


def on_enter(phase: str) -> str:
    """The name of the step that runs when the match enters `phase`."""
    return f"on_enter:{phase}"


def on_exit(phase: str) -> str:
    """The name of the step that runs when the match leaves `phase`."""
    return f"on_exit:{phase}"


class Schedule:
    """Ordered steps of ordered systems (see the module docstring)."""

    __slots__ = ("steps",)

    def __init__(self, steps: Iterable[tuple[str, tuple[System, ...]]]) -> None:
        self.steps: dict[str, tuple[System, ...]] = {}
        for name, systems in steps:
            if name in self.steps:
                raise ValueError(f"step {name!r} declared twice")
            self.steps[name] = tuple(systems)

    def __contains__(self, step: object) -> bool:
        return step in self.steps

    def run_step(self, match: Match, step: str) -> None:
        """One step's systems, in order (the match's runner calls this)."""
        for system in self.steps[step]:
            system.process(match)

    def names(self) -> dict[str, list[str]]:
        """Step -> system names, in order: what the docs print and a test asserts."""
        return {step: [s.name for s in systems] for step, systems in self.steps.items()}

    def describe(self) -> str:
        """The schedule as the lines a mode's doc prints."""
        return "\n".join(f"{step}: {', '.join(names)}" for step, names in self.names().items())


EMPTY = Schedule(())  # a mode that resolves its decisions without steps
