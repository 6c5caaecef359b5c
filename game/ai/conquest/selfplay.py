"""CPU-only conquest matches for tests, benchmarks and strength figures.

Conquest is the one mode whose simultaneous phases keep a ready seat in `to_act` (spec 4.3):
the seat to ask is the first one in `to_act` that is not ready, which the generic driver of
`game.engine.autoplay` cannot know. Otherwise this is the same protocol: each CPU seat gets
only its seat view and its own `ai.<seat>` stream derived from the seed, every decision goes
through `Match.submit`, and a rejection is a CPU bug.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from game.engine.autoplay import CpuError, make_players
from game.engine.match import Match, Rejection
from game.engine.modes import CpuPlayer, get_mode
from game.engine.record import build_match, match_record, new_record
from game.systems.conquest import world

MAX_DECISIONS = 100_000


@dataclass
class Played:
    record: dict[str, Any]
    result: dict[str, Any] | None
    turns: int
    decision_ms: dict[int, list[tuple[str, float]]] = field(default_factory=dict)


def seat_to_ask(match: Match) -> int:
    """The first seat in `to_act` that is not ready (a CPU never unreadies, 4.3.4)."""
    with match.active():
        ready = world.ready_flags(match)
    return next(s for s in match.to_act if not ready[s])


def play_out(match: Match, players: dict[int, CpuPlayer], *, timed: bool = False,
             until_round: int | None = None) -> dict[int, list[tuple[str, float]]]:
    """Let the CPUs decide until the match ends (or, with `until_round`, until that movement
    round begins); with `timed`, (phase, ms) per decision."""
    times: dict[int, list[tuple[str, float]]] = {seat: [] for seat in players}
    for _ in range(MAX_DECISIONS):
        if match.result is not None:
            return times
        if until_round is not None and match.phase == "movement" and (
                match.turn >= until_round):
            return times
        seat = seat_to_ask(match)
        player = players[seat]
        phase = match.phase
        start = time.perf_counter()
        decision = player.decide(match.view_json(seat))
        if timed:
            times[seat].append((phase, (time.perf_counter() - start) * 1000))
        outcome = match.submit(decision)
        if isinstance(outcome, Rejection):
            raise CpuError(f"{player.level} CPU in seat {seat} chose an illegal decision "
                           f"{decision}: {outcome.error} ({outcome.message})")
    raise CpuError(f"match did not end within {MAX_DECISIONS} decisions")


def play_match(seed: int, cpu: dict[int, str], options: dict[str, Any] | None = None, *,
               timed: bool = False, until_round: int | None = None,
               setup: dict[str, Any] | None = None) -> Played:
    """One whole match between CPU players from the deal of `seed` (record as `simulate`), or
    from `setup`."""
    spec = get_mode("conquest")
    assert spec is not None
    opts = {**spec.default_options, **(options or {}),
            "ai": {str(seat): level for seat, level in sorted(cpu.items())}}
    match = build_match(new_record(spec.id, spec.rules_version, seed, opts, setup))
    match.events.enabled = False
    try:
        times = play_out(match, make_players(spec, seed, cpu), timed=timed,
                         until_round=until_round)
        return Played(match_record(match), match.result, match.turn, times)
    finally:
        match.close()
