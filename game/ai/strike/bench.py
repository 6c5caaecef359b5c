"""`tabula bench` rows of the strike CPU (spec 7.5): combat decision times per level (each
level in seat 0 against `normal`, from the deal of fixed seeds) and whole normal-vs-normal
matches per second, in one process. The first six decisions of a seat (three picks, three
placements) are left out: the budgets are about combat turns."""

from __future__ import annotations

import time

from game.bench import distribution_rows
from game.engine.autoplay import play_cpu_match
from game.engine.modes import BenchRow, get_mode

GAMES_PER_LEVEL = {"easy": 20, "normal": 20, "hard": 3}
GAMES_PER_S_RUNS = 50
SETUP_DECISIONS = 6  # deck_size picks + deck_size placements


def decision_samples(level: str, games: int, first_seed: int = 1000) -> list[float]:
    """Milliseconds per combat decision of `level` (seat 0) against `normal`."""
    spec = get_mode("strike")
    assert spec is not None
    samples: list[float] = []
    for seed in range(first_seed, first_seed + games):
        played = play_cpu_match(spec, seed, {0: level, 1: "normal"}, timed=True)
        samples.extend(t * 1000 for t in played.decision_seconds[0][SETUP_DECISIONS:])
    return samples


def bench_rows() -> list[BenchRow]:
    spec = get_mode("strike")
    assert spec is not None
    rows: list[BenchRow] = []
    for level, games in GAMES_PER_LEVEL.items():
        rows += distribution_rows(f"strike.decision_ms.{level}", decision_samples(level, games))
    start = time.perf_counter()
    for seed in range(GAMES_PER_S_RUNS):
        play_cpu_match(spec, 2000 + seed, {0: "normal", 1: "normal"})
    rows.append(BenchRow("strike.games_per_s.normal_vs_normal",
                         GAMES_PER_S_RUNS / (time.perf_counter() - start), "games/s"))
    return rows
