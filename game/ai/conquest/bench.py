"""`tabula bench` rows of the conquest CPUs (spec conquest.md 7.3, docs/architecture.md).

- `conquest.decision_ms.<level>.median` / `.p95`: every decision of the level in seat 0
  against `normal`, in one process, from the deal of fixed seeds (commander and placement
  included: they are decisions too). `hard` thinks for seconds per movement round, so it is
  timed over the first rounds of a few matches, which hold every kind of its decisions. These
  pooled rows are dominated by queued orders and readies; the worst case, one whole phase step
  over whole games, is in the `conquest.decision_ms.<level>.<step>.{p95,max}` rows of
  `game.bench_steps`.
- `conquest.games_per_s.normal_vs_normal`: whole normal-vs-normal matches per second.

About a minute in all on the reference machine; never a timed assertion in the tests.
"""

from __future__ import annotations

import time

from game.ai.conquest.selfplay import play_match
from game.bench import distribution_rows
from game.engine.autoplay import play_cpu_match
from game.engine.modes import BenchRow, get_mode

FIRST_SEED = 1000
GAMES = {"easy": 10, "normal": 10, "hard": 2}
HARD_ROUNDS = 4  # hard is timed until this movement round begins
GAMES_PER_S_RUNS = 20


def decision_samples(level: str, games: int) -> list[float]:
    """Milliseconds per decision of `level` (seat 0) against `normal`."""
    samples: list[float] = []
    until = HARD_ROUNDS if level == "hard" else None
    for seed in range(FIRST_SEED, FIRST_SEED + games):
        played = play_match(seed, {0: level, 1: "normal"}, timed=True, until_round=until)
        samples.extend(ms for _, ms in played.decision_ms[0])
    return samples


def bench_rows() -> list[BenchRow]:
    rows: list[BenchRow] = []
    for level, games in GAMES.items():
        rows += distribution_rows(f"conquest.decision_ms.{level}",
                                  decision_samples(level, games))
    spec = get_mode("conquest")
    assert spec is not None
    play_cpu_match(spec, 1999, {0: "normal", 1: "normal"})  # warm-up: caches, imports
    start = time.perf_counter()
    for seed in range(GAMES_PER_S_RUNS):  # the same driver as `tabula simulate`
        play_cpu_match(spec, 2000 + seed, {0: "normal", 1: "normal"})
    rows.append(BenchRow("conquest.games_per_s.normal_vs_normal",
                         GAMES_PER_S_RUNS / (time.perf_counter() - start), "games/s"))
    return rows
