"""`tabula bench` rows of the kingdom CPUs and combat (spec kingdom.md 7, docs/architecture.md).

- `kingdom.combat_resolve_ms.p95`: one `resolve_combat` of two full 9-slot boards (random units
  from a fixed stream), the function the match and the expert both run.
- `kingdom.decision_ms.<level>.median` / `.p95`: the CPU time of one whole planning phase (every
  `decide` call of the seat in that turn, summed), since the budgets of 7 are per phase: a CPU
  plans its phase in its first call and hands the rest out from a queue. Each level plays
  against hard from the deal of fixed seeds, seats alternating.
- `kingdom.games_per_s.hard_vs_hard`: whole matches in one process.

Every figure is CPU time (`time.thread_time`): other programs on a shared machine do not
inflate it (docs/architecture.md).
"""

from __future__ import annotations

import time

from game.bench import distribution_rows
from game.engine.autoplay import CpuError, make_players, play_cpu_match
from game.engine.match import Rejection
from game.engine.modes import BenchRow, ModeSpec, get_mode
from game.engine.record import build_match, new_record
from game.engine.resources import load_mode_resources
from game.engine.rng import Stream
from game.engine.stats import percentile
from game.systems.kingdom.combat import SeatBoard, resolve_combat
from game.systems.kingdom.content import content_of

GAMES_PER_LEVEL = {"easy": 30, "hard": 30, "expert": 12}
GAMES_PER_S_RUNS = 60
COMBAT_BOARDS = 300
COMBAT_REPEAT = 5


def kingdom_spec() -> ModeSpec:
    spec = get_mode("kingdom")
    assert spec is not None
    return spec


def combat_samples(boards: int | None = None, repeat: int | None = None) -> list[float]:
    """Milliseconds per combat of two full 9-slot boards of random units at full HP."""
    boards = COMBAT_BOARDS if boards is None else boards
    repeat = COMBAT_REPEAT if repeat is None else repeat
    content = content_of(load_mode_resources(kingdom_spec()))
    units = sorted(card.id for card in content.cards.values() if card.kind == "unit")
    stream = Stream(0, "bench.kingdom.combat")
    slots = content.slot_count(content.max_level)
    hp = content.max_hp(slots)
    samples: list[float] = []
    for _ in range(boards):
        pair = [SeatBoard(tuple((units[stream.randint(0, len(units) - 1)], f"u{s * slots + i + 1}")
                                for i in range(slots)), hp, hp) for s in (0, 1)]
        for _ in range(repeat):
            start = time.thread_time()
            resolve_combat(content, pair)
            samples.append((time.thread_time() - start) * 1000)
    return samples


def phase_samples(level: str, games: int, first_seed: int = 3000,
                  opponent: str = "hard") -> list[float]:
    """Milliseconds per planning phase of `level` against `opponent`, seats alternating."""
    spec = kingdom_spec()
    samples: list[float] = []
    for n in range(games):
        seed = first_seed + n
        seat = n % 2
        cpu = {seat: level, 1 - seat: opponent}
        match = build_match(new_record(spec.id, spec.rules_version, seed,
                                       {"ai": {str(s): lvl for s, lvl in sorted(cpu.items())}}))
        match.events.enabled = False
        players = make_players(spec, seed, cpu)
        phases: dict[int, float] = {}
        with match.active():
            while match.result is None:
                acting = match.to_act[0]
                view = match.view_json(acting)
                start = time.thread_time()
                decision = players[acting].decide(view)
                spent = time.thread_time() - start
                if acting == seat and match.phase == "planning":
                    phases[match.turn] = phases.get(match.turn, 0.0) + spent
                if isinstance(match.submit(decision), Rejection):
                    raise CpuError(f"{level} CPU chose an illegal decision {decision}")
        match.close()
        samples.extend(t * 1000 for t in phases.values())
    return samples


def games_per_second(runs: int | None = None, first_seed: int = 4000) -> float:
    spec = kingdom_spec()
    runs = GAMES_PER_S_RUNS if runs is None else runs
    play_cpu_match(spec, first_seed - 1, {0: "hard", 1: "hard"})  # warm-up: caches, imports
    start = time.thread_time()
    for n in range(runs):
        play_cpu_match(spec, first_seed + n, {0: "hard", 1: "hard"})
    return runs / (time.thread_time() - start)


def bench_rows() -> list[BenchRow]:
    rows = [BenchRow("kingdom.combat_resolve_ms.p95", percentile(combat_samples(), 95), "ms")]
    for level, games in GAMES_PER_LEVEL.items():
        rows += distribution_rows(f"kingdom.decision_ms.{level}", phase_samples(level, games))
    rows.append(BenchRow("kingdom.games_per_s.hard_vs_hard", games_per_second(), "games/s"))
    return rows
