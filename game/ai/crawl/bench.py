"""`tabula bench` rows of the crawl CPU (spec 7.4): decision times per level, auto-played
runs per second, and the solver's time for a daily par (`crawl.solve_ms.par`, the search the
Start screen runs in the background), in one process, on fixed seeds (hard takes exactly
ai.toml's `samples`)."""

from __future__ import annotations

import time
from typing import Any

from game.bench import distribution_rows
from game.engine.autoplay import play_cpu_match
from game.engine.modes import BenchRow, get_mode

RUNS_PER_LEVEL = {"easy": 20, "normal": 50, "hard": 3}
GAMES_PER_S_RUNS = 100
PAR_SEEDS = 10
HINT_POSITIONS = 12  # positions of seed 21 (normal play), one hard Hint each


def hint_rows() -> list[BenchRow]:
    """The Hint as the player waits for it (wall clock, ask to answer, through a spawned worker
    as in the play view): `cold` is a first Hint on a worker started at that moment (what the
    game did before the worker was warmed at show time), `warm` every Hint after `warm()`."""
    from game.ai.crawl import make_cpu
    from game.ai.crawl.worker import OVERHEAD_MS, think, warm
    from game.engine.record import build_match, new_record
    from game.engine.rng import ai_stream
    from game.engine.workers import spawn_pool

    spec = get_mode("crawl")
    assert spec is not None
    match = build_match(new_record("crawl", spec.rules_version, 21, {"variant": "normal"}))
    cpu = make_cpu("normal", 0, ai_stream(0, 0), match.resources)
    views = []
    while len(views) < HINT_POSITIONS and match.result is None:
        views.append(match.view_json(0))
        for _ in range(3):
            if match.result is None:
                match.submit(cpu.decide(match.view_json(0)))
    match.close()
    budget = 300.0 - OVERHEAD_MS
    state = ai_stream(21, 0).get_state()

    def ask(pool: Any, view: dict[str, Any]) -> float:
        start = time.perf_counter()
        pool.submit(think, "hard", view, state, budget).result()
        return (time.perf_counter() - start) * 1000

    pool = spawn_pool(1)
    try:
        cold = ask(pool, views[0])
    finally:
        pool.shutdown()
    pool = spawn_pool(1)
    try:
        pool.submit(warm).result()
        times = [ask(pool, view) for view in views]
    finally:
        pool.shutdown()
    return [BenchRow("crawl.hint_ms.cold", cold, "ms"),
            *distribution_rows("crawl.hint_ms.warm", times)]


def bench_rows() -> list[BenchRow]:
    spec = get_mode("crawl")
    assert spec is not None
    rows: list[BenchRow] = []
    for level, runs in RUNS_PER_LEVEL.items():
        samples = []
        for seed in range(runs):
            played = play_cpu_match(spec, 1000 + seed, {0: level}, timed=True)
            samples.extend(t * 1000 for t in played.decision_seconds[0])
        rows += distribution_rows(f"crawl.decision_ms.{level}", samples)
    start = time.perf_counter()
    for seed in range(GAMES_PER_S_RUNS):
        play_cpu_match(spec, 2000 + seed, {0: "normal"})
    rows.append(BenchRow("crawl.games_per_s.normal",
                         GAMES_PER_S_RUNS / (time.perf_counter() - start), "games/s"))
    rows += distribution_rows("crawl.solve_ms.par", par_samples())
    rows += hint_rows()
    try:
        from game.scenes.crawl.bench import bench_rows as frame_rows
    except ImportError:  # screens not available (no GL libraries): the rules rows still count
        return rows
    return rows + frame_rows()


def par_samples(seeds: int = PAR_SEEDS) -> list[float]:
    """Wall time of the par search (PAR_NODES nodes) on the seeds 1..N of the normal variant."""
    from game.ai.crawl.solver import solve_seed
    from game.ai.crawl.worker import PAR_NODES

    samples = []
    for seed in range(1, seeds + 1):
        solution, _ = solve_seed(seed, {"variant": "normal"}, budget_ms=60_000.0,
                                 max_nodes=PAR_NODES)
        samples.append(solution.ms)
    return samples
