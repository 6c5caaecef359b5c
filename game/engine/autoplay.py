"""Matches played by CPU players alone: `tabula simulate`, benchmarks and property tests.

The host gives each CPU seat only its seat view and its own `ai` stream (derived from the match
seed), submits what it decides through the same path as a human, and records everything in the
match record. A CPU decision that the rules reject is a bug in that CPU and raises.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from game.engine.events import Event
from game.engine.match import Match, Rejection
from game.engine.modes import CpuPlayer, ModeSpec
from game.engine.record import build_match, match_record, new_record
from game.engine.resources import load_mode_resources

MAX_DECISIONS = 100_000


class CpuError(RuntimeError):
    """A CPU player submitted an illegal decision, or failed while deciding (the message
    names its level, seat and decision; `tabula simulate` adds the seed, exit 1)."""


@dataclass
class PlayedMatch:
    record: dict[str, Any]
    result: dict[str, Any]
    turns: int
    decision_seconds: dict[int, list[float]] = field(default_factory=dict)
    match: Match | None = None


def make_players(spec: ModeSpec, seed: int, cpu: dict[int, str]) -> dict[int, CpuPlayer]:
    resources = load_mode_resources(spec)
    return {seat: spec.make_cpu(level, seat, spec.ai_stream(seed, seat), resources)
            for seat, level in cpu.items()}


@dataclass(frozen=True)
class PlanTime:
    """One `plan_step` call of a CPU seat (`play_out(plans=...)`): the phase and turn it was
    asked in, how many decisions it returned and the process's CPU time it took (the view's
    build not included). CPU time, not the wall clock: other programs on a shared machine do
    not inflate it, and on an idle machine the two are the same for a one-thread CPU."""

    seat: int
    phase: str
    turn: int
    decisions: int
    cpu_seconds: float


def play_out(match: Match, players: dict[int, CpuPlayer], *, timed: bool = False,
             max_decisions: int = MAX_DECISIONS, plans: list[PlanTime] | None = None,
             events: list[Event] | None = None) -> dict[int, list[float]]:
    """Let the CPU players decide until the match ends; returns decision times if `timed`.
    With `plans`, every `plan_step` call is timed into it instead (the same decisions as an
    untimed run: a CPU that plans a whole step at once is timed once per step). With
    `events`, every accepted decision's events are added to it, in order."""
    times: dict[int, list[float]] = {seat: [] for seat in players}
    with match.active():  # one world switch for the whole match, not two per call
        return _play(match, players, times, timed, max_decisions, plans, events)


def _play(match: Match, players: dict[int, CpuPlayer], times: dict[int, list[float]],
          timed: bool, max_decisions: int, plans: list[PlanTime] | None,
          events: list[Event] | None) -> dict[int, list[float]]:
    for _ in range(max_decisions):
        if match.result is not None:
            return times
        seat = match.rules.waiting_for(match)[0]
        player = players[seat]
        try:
            plan = _plan(match, seat, player, times, timed, plans)
        except CpuError:
            raise
        except Exception as exc:  # a bug in the CPU: said with where, never a bare traceback
            raise CpuError(f"{player.level} CPU in seat {seat} failed at decision "
                           f"{len(match.decisions)} ({match.phase}): "
                           f"{type(exc).__name__}: {exc}") from exc
        for n, decision in enumerate(plan):
            if n and (match.result is not None or match.rules.waiting_for(match)[0] != seat):
                break  # the step ended early: the rest was planned for a position now gone
            outcome = match.submit(decision)
            if isinstance(outcome, Rejection):
                raise CpuError(f"{player.level} CPU in seat {seat} chose an illegal decision "
                               f"{decision} at decision {len(match.decisions)}: "
                               f"{outcome.error} ({outcome.message})")
            if events is not None:
                events.extend(outcome.events)
    raise CpuError(f"match did not end within {max_decisions} decisions")


def _plan(match: Match, seat: int, player: CpuPlayer, times: dict[int, list[float]],
          timed: bool, plans: list[PlanTime] | None) -> list[dict[str, Any]]:
    """The decisions `player` sends now (one, or a whole step's), timed as asked."""
    plan_step = getattr(player, "plan_step", None)  # players may be bare `decide`s
    if plans is not None:  # whole steps, each timed once
        view = match.view_json(seat)
        phase, turn = match.phase, match.turn
        start = time.process_time()
        plan = plan_step(view) if plan_step is not None else [player.decide(view)]
        plans.append(PlanTime(seat, phase, turn, len(plan), time.process_time() - start))
        return plan
    if timed or plan_step is None:  # timed: one decision at a time, times per decision
        start = time.perf_counter()
        plan = [player.decide(match.view_json(seat))]
        if timed:
            times[seat].append(time.perf_counter() - start)
        return plan
    return plan_step(match.view_json(seat))


def play_cpu_match(spec: ModeSpec, seed: int, cpu: dict[int, str],
                   options: dict[str, Any] | None = None, *, timed: bool = False,
                   keep_match: bool = False, rules: str | None = None) -> PlayedMatch:
    """One whole match between CPU players from the deal of `seed`, on the mode's current
    rules or on `rules` (one of its older versions)."""
    opts = {**spec.default_options, **(options or {}),
            "ai": {str(seat): level for seat, level in sorted(cpu.items())}}
    record = new_record(spec.id, rules or spec.rules_version, seed, opts)
    match = build_match(record)
    match.events.enabled = keep_match  # nobody reads a simulated match's events
    times = play_out(match, make_players(spec, seed, cpu), timed=timed)
    played = PlayedMatch(match_record(match), match.result, match.turn, times,
                         match if keep_match else None)
    if not keep_match:
        match.close()
    return played
