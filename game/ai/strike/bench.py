"""`tabula bench` rows of the strike CPU (spec 7.5): combat decision times per level (each
level in seat 0 against `normal`, from the deal of fixed seeds) and whole normal-vs-normal
matches per second, in one process. The first six decisions of a seat (three picks, three
placements) are left out: the budgets are about combat turns.

`strike.decision_ms.hard.units_<N>.p95`: hard's combat decisions with its live budget
(`BUDGET_MS`, the spec's 200 ms) on positions of N units a side (3, 10 and 32, the most a
setup allows), placed at random on the grid: the budget must hold at every size a setup allows.
CPU time (`time.thread_time`)."""

from __future__ import annotations

import random
import time
from typing import Any

from game.bench import distribution_rows
from game.engine.autoplay import play_cpu_match
from game.engine.modes import BenchRow, get_mode

SIZES = (3, 10, 32)
SIZED_SETUPS = 3  # positions per size
SIZED_DECISIONS = 4  # hard decisions per position

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


def sized_setup(cards: list[str], units: int, seed: int, cols: int = 23, rows: int = 11
                ) -> dict[str, Any]:
    """A combat setup of `units` heroes a side on random tiles, seat 1 to act."""
    draw = random.Random(seed)
    tiles = [(c, r) for c in range(cols) for r in range(rows)]
    draw.shuffle(tiles)
    heroes = [{"id": f"p{seat}.u{n}", "owner": seat, "slot": n,
               "card": cards[draw.randrange(len(cards))], "pos": list(tiles.pop())}
              for seat in (0, 1) for n in range(units)]
    return {"phase": "combat", "to_act": [1], "turn": 2, "board": {"units": heroes}}


def sized_samples(units: int) -> list[float]:
    """Milliseconds of CPU time per hard decision (seat 1, live budget) against `normal`."""
    from game.ai.strike import make_cpu
    from game.ai.strike.hard import BUDGET_MS
    from game.engine.record import build_match, new_record
    from game.engine.resources import load_mode_resources
    from game.systems.strike.content import content_of

    spec = get_mode("strike")
    assert spec is not None
    resources = load_mode_resources(spec)
    cards = list(content_of(resources).cards)
    samples: list[float] = []
    for seed in range(SIZED_SETUPS):
        record = new_record("strike", spec.rules_version, seed,
                            {"ai": {"0": "normal", "1": "hard"}},
                            sized_setup(cards, units, seed))
        match = build_match(record)
        match.events.enabled = False
        cpus = {0: make_cpu("normal", 0, spec.ai_stream(seed, 0), resources),
                1: make_cpu("hard", 1, spec.ai_stream(seed, 1), resources,
                            budget_ms=BUDGET_MS)}
        taken = 0
        while match.result is None and taken < SIZED_DECISIONS:
            seat = match.to_act[0]
            start = time.thread_time()
            decision = cpus[seat].decide(match.view_json(seat))
            if seat == 1:
                samples.append((time.thread_time() - start) * 1000)
                taken += 1
            match.submit(decision)
        match.close()
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
    for units in SIZES:
        samples = sized_samples(units)
        rows += distribution_rows(f"strike.decision_ms.hard.units_{units}", samples)
        rows.append(BenchRow(f"strike.decision_ms.hard.units_{units}.max", max(samples), "ms"))
    return rows
