"""`tabula bench` worst-case rows: one CPU decision per phase step over whole games.

The `<mode>.decision_ms.<level>.{median,p95}` rows of each mode pool every decision, so cheap
ones (queued orders, readies, forced moves) hide the expensive ones. These rows time each
level over whole games from the deal of fixed seeds and split the figures by the phase the
decision was asked in: `<mode>.decision_ms.<level>.<step>.p95` and `.max`. A spec's time
budget is per decision, so the maximum is the figure to hold against it (docs/architecture.md).
They are CPU time of the process (`time.process_time`), not the wall clock: on a machine shared
with other programs the wall clock of a 300 ms decision can read 1.8 s, and the CPU time is
what the decision costs; on an idle machine both are the same.

- A CPU that plans a whole phase step at once (conquest's `plan_step`) is timed once per
  step: the engine's driver asks it once and sends the step's decisions without asking again.
- A CPU that plans its step in its first `decide` and hands the rest out from a queue
  (kingdom) is timed over the step: its calls in one phase of one turn are summed.
- Every other CPU is timed per decision.

The driver is the engine's (`autoplay.play_out`), so the games are those `tabula simulate`
plays. The level under test takes seat 0 and seat 1 in turn; the other seat plays the mode's
usual opponent. Never a timed assertion in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.autoplay import PlanTime, make_players, play_out
from game.engine.modes import BenchRow, ModeSpec
from game.engine.record import build_match, new_record
from game.engine.stats import percentile


@dataclass(frozen=True)
class StepBench:
    """How one mode's CPU levels are timed per phase step."""

    games: dict[str, int]       # level -> whole games timed
    opponent: str | None        # the other seat's level; None for a one-seat mode
    per_turn: bool = False      # sum a seat's calls in one phase of one turn (a queueing CPU)
    first_seed: int = 5000


STEP_BENCHES: dict[str, StepBench] = {
    "conquest": StepBench({"easy": 10, "normal": 10, "hard": 4}, opponent="normal"),
    "strike": StepBench({"easy": 10, "normal": 10, "hard": 3}, opponent="normal"),
    "kingdom": StepBench({"easy": 10, "hard": 10, "expert": 6}, opponent="hard", per_turn=True),
    "crawl": StepBench({"easy": 10, "normal": 20, "hard": 3}, opponent=None),
}


def game_plans(spec: ModeSpec, seed: int, cpu: dict[int, str]) -> list[PlanTime]:
    """Every `plan_step` call of one whole CPU match from the deal of `seed`, timed."""
    opts = {**spec.default_options,
            "ai": {str(seat): level for seat, level in sorted(cpu.items())}}
    match = build_match(new_record(spec.id, spec.rules_version, seed, opts))
    match.events.enabled = False
    plans: list[PlanTime] = []
    try:
        play_out(match, make_players(spec, seed, cpu), plans=plans)
    finally:
        match.close()
    return plans


def step_times(plans: list[PlanTime], seat: int, per_turn: bool) -> list[tuple[str, float]]:
    """(phase, ms) of each step of `seat`: a plan alone, or with `per_turn` the consecutive
    plans of one phase in one turn summed."""
    out: list[tuple[str, float]] = []
    key: tuple[str, int] | None = None
    for plan in plans:
        if plan.seat != seat:
            continue
        ms = plan.cpu_seconds * 1000
        if per_turn and key == (plan.phase, plan.turn):
            out[-1] = (plan.phase, out[-1][1] + ms)
        else:
            out.append((plan.phase, ms))
        key = (plan.phase, plan.turn)
    return out


def level_samples(spec: ModeSpec, level: str, bench: StepBench,
                  games: int | None = None) -> dict[str, list[float]]:
    """Milliseconds per step of `level`, by phase, over `games` whole games."""
    by_phase: dict[str, list[float]] = {}
    for n in range(bench.games[level] if games is None else games):
        seat = n % spec.seats
        cpu = {seat: level}
        if bench.opponent is not None:
            cpu[1 - seat] = bench.opponent
        for phase, ms in step_times(game_plans(spec, bench.first_seed + n, cpu), seat,
                                    bench.per_turn):
            by_phase.setdefault(phase, []).append(ms)
    return by_phase


def step_rows(spec: ModeSpec, games: int | None = None) -> list[BenchRow]:
    """`<mode>.decision_ms.<level>.<step>.{p95,max}` for every level and phase step timed."""
    bench = STEP_BENCHES.get(spec.id)
    if bench is None:
        return []
    rows: list[BenchRow] = []
    for level in bench.games:
        for phase, samples in level_samples(spec, level, bench, games).items():
            name = f"{spec.id}.decision_ms.{level}.{phase}"
            rows += [BenchRow(f"{name}.p95", percentile(samples, 95), "ms"),
                     BenchRow(f"{name}.max", max(samples), "ms")]
    return rows
