"""The engine's autoplay with CPUs that plan several decisions at once (`CpuPlayer.plan_step`):
the plan is sent in order, and what is left of it is dropped once the seat is no longer the one
the rules wait for."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.autoplay import CpuError, play_out
from game.engine.modes import CpuPlayer


class Planner(CpuPlayer):
    level = "planner"

    def __init__(self, plans: list[list[dict[str, Any]]]) -> None:
        self.plans = plans
        self.asked = 0

    def plan_step(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        self.asked += 1
        return self.plans.pop(0)


STRIKE_0 = {"seat": 0, "type": "strike", "unit": "p0.u0", "target": "p1.u0"}
STRIKE_1 = {"seat": 1, "type": "strike", "unit": "p1.u2", "target": "p0.u1"}
PASS_0 = {"seat": 0, "type": "pass"}


def test_a_plan_stops_where_the_turn_passes_and_a_rejection_is_a_cpu_error(duel):
    """Seat 0 plans two decisions, but the duel hands the turn to seat 1 after the first: the
    second is dropped (it was planned for a position that is gone) and seat 0 is asked again
    later. An illegal decision in a plan raises `CpuError`, as one from `decide` does."""
    seat0 = Planner([[STRIKE_0, PASS_0], [PASS_0]])
    seat1 = Planner([[STRIKE_1], [{"seat": 1, "type": "fly"}]])
    with pytest.raises(CpuError, match="illegal decision"):
        play_out(duel, {0: seat0, 1: seat1}, max_decisions=10)
    assert [d["type"] for d in duel.decisions] == ["strike", "strike", "pass"]
    assert seat0.asked == 2 and seat1.asked == 2
