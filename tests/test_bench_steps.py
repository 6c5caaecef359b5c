"""The worst-case bench rows (`game.bench_steps`): one CPU decision per phase step over whole
games, a whole-step plan counted once. Values are never timed assertions; these tests hold the
grouping, the names and the games played."""

from __future__ import annotations

import dataclasses

import pytest

from game import bench_steps
from game.bench_steps import STEP_BENCHES, StepBench, game_plans, step_rows, step_times
from game.engine.autoplay import PlanTime, make_players, play_cpu_match, play_out
from game.engine.modes import get_mode
from game.engine.record import build_match, match_record, new_record


def plan(seat: int, phase: str, turn: int, ms: float) -> PlanTime:
    return PlanTime(seat, phase, turn, 1, ms / 1000)


PLANS = [plan(0, "planning", 1, 200), plan(0, "planning", 1, 1), plan(1, "planning", 1, 50),
         plan(0, "planning", 2, 30), plan(0, "combat", 2, 4), plan(0, "planning", 3, 7)]


def test_a_queueing_cpu_is_timed_over_its_phase_of_one_turn():
    assert [(p, round(ms, 6)) for p, ms in step_times(PLANS, 0, per_turn=True)] == [
        ("planning", 201.0), ("planning", 30.0), ("combat", 4.0), ("planning", 7.0)]


def test_any_other_cpu_is_timed_per_plan_and_only_its_own_seat_counts():
    assert [(p, round(ms, 6)) for p, ms in step_times(PLANS, 0, per_turn=False)] == [
        ("planning", 200.0), ("planning", 1.0), ("planning", 30.0), ("combat", 4.0),
        ("planning", 7.0)]
    assert [(p, round(ms, 6)) for p, ms in step_times(PLANS, 1, per_turn=True)] == [
        ("planning", 50.0)]


@pytest.mark.slow
def test_timed_plans_play_the_same_game_as_simulate():
    """The timed driver asks each CPU once per step, as the untimed one does: same record;
    conquest's whole-step plans are one timing each (several decisions)."""
    spec = get_mode("conquest")
    assert spec is not None
    cpu = {0: "normal", 1: "easy"}
    plans = game_plans(spec, 5000, cpu)
    played = play_cpu_match(spec, 5000, cpu)
    assert {p.phase for p in plans} <= {"commander", "placement", "movement", "reinforcements",
                                         "cards", "retreat"}
    assert {p.seat for p in plans} == {0, 1}
    assert any(p.decisions > 1 for p in plans)  # a placement or movement step at once
    sent = sum(p.decisions for p in plans)
    assert sent >= len(played.record["decisions"])  # a plan's tail may be dropped, never added
    # and the same decisions: the timed run's record equals simulate's
    opts = {**spec.default_options, "ai": {"0": "normal", "1": "easy"}}
    match = build_match(new_record(spec.id, spec.rules_version, 5000, opts))
    play_out(match, make_players(spec, 5000, cpu), plans=[])
    assert match_record(match) == played.record
    match.close()


def test_rows_name_every_level_and_phase_step_with_its_p95_and_max(monkeypatch):
    spec = get_mode("conquest")
    assert spec is not None
    one = StepBench({"easy": 2}, opponent="normal")
    monkeypatch.setattr(bench_steps, "STEP_BENCHES", {"conquest": one})
    rows = step_rows(spec)
    names = [row.name for row in rows]
    assert "conquest.decision_ms.easy.movement.p95" in names
    assert "conquest.decision_ms.easy.movement.max" in names
    assert all(n.startswith("conquest.decision_ms.easy.") and n.rsplit(".", 1)[1] in
               ("p95", "max") for n in names)
    assert len(names) == 2 * len({n.rsplit(".", 1)[0] for n in names})
    values = {row.name: row.value for row in rows}
    assert all(values[f"{n[:-4]}.max"] >= values[n] >= 0 for n in names if n.endswith(".p95"))
    assert all(row.unit == "ms" for row in rows)


def test_every_mode_and_level_is_timed_and_a_mode_without_a_table_has_no_rows():
    for mode_id, bench in STEP_BENCHES.items():
        spec = get_mode(mode_id)
        assert spec is not None
        assert set(bench.games) == set(spec.cpu_levels), mode_id
        assert (bench.opponent is None) == (spec.seats == 1), mode_id
    spec = get_mode("conquest")
    assert spec is not None
    assert step_rows(dataclasses.replace(spec, id="elsewhere")) == []
