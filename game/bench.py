"""`tabula bench`: engine figures plus every mode's own rows (docs/architecture.md).

Benchmarks are never timed assertions in tests; they are run by hand and quoted in issue notes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable

from game.bench_steps import step_rows
from game.engine.modes import BenchRow, all_modes
from game.engine.stats import percentile
from game.paths import temporary_home


def timed_ms(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def distribution_rows(name: str, samples_ms: list[float]) -> list[BenchRow]:
    return [BenchRow(f"{name}.median", percentile(samples_ms, 50), "ms"),
            BenchRow(f"{name}.p95", percentile(samples_ms, 95), "ms")]


def engine_rows() -> list[BenchRow]:
    """Submit+resolve cost per decision and rollback cost, on the synthetic duel."""
    from game.engine.modes import get_mode, unregister
    from game.engine.record import build_match, new_record
    from game.engine.synthetic import MODE_ID, register_synthetic

    had = get_mode(MODE_ID) is not None
    register_synthetic()
    try:
        # Submit + resolve: alternate strikes on a 2 x 25 unit world until the match ends.
        samples: list[float] = []
        for seed in range(20):
            match = build_match(new_record(MODE_ID, "1", seed))
            while match.result is None and len(samples) < 4000:
                seat = match.to_act[0]
                decision = match.legal_decisions(seat)[0]
                start = time.perf_counter()
                match.submit(decision)
                samples.append((time.perf_counter() - start) * 1000)
            match.close()
        rows = distribution_rows("engine.submit_ms", samples)

        # Rollback: 50 entities (2 x 25 units), mark, 10 decisions, roll back.
        record = new_record(MODE_ID, "1", 7, setup={"units": [
            {"id": f"p{s}.u{n}", "seat": s, "hp": 1000} for s in (0, 1) for n in range(25)]})
        match = build_match(record)
        rollback: list[float] = []
        for _ in range(200):
            mark = match.mark()
            for _ in range(10):
                match.submit(match.legal_decisions(match.to_act[0])[0])
            start = time.perf_counter()
            match.rollback(mark)
            rollback.append((time.perf_counter() - start) * 1000)
        match.close()
        rows += distribution_rows("engine.rollback_ms.entities_50", rollback)
        rows.append(damage_command_row())
    finally:
        if not had:
            unregister(MODE_ID)
    return rows


def damage_command_row(count: int = 20000) -> BenchRow:
    """`engine.command_us.damage`: one `damage` command through the "damage" modifier layers
    (no modifier present) on a match whose events are off, as a CPU's search runs it; CPU
    time (`time.thread_time`), in microseconds."""
    from game.components.common import Health, Ident
    from game.engine.commands import damage
    from game.engine.record import build_match, new_record
    from game.engine.synthetic import MODE_ID

    match = build_match(new_record(MODE_ID, "1", 1))
    match.events.enabled = False
    with match.active():
        unit = match.journal.create(Ident("dummy"), Health(10**9, 10**9))
        for _ in range(1000):  # warm the query cache and the interpreter
            damage(1).target(unit).run(match)
        start = time.thread_time()
        for _ in range(count):
            damage(1).target(unit).run(match)
        spent = time.thread_time() - start
    match.close()
    return BenchRow("engine.command_us.damage", spent / count * 1e6, "us")


COLD_START = """
import os, time
t0 = time.perf_counter()
os.environ.setdefault("ARCADE_HEADLESS", "1")
os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")
from game.scenes.shot import first_menu_frame
first_menu_frame()
print((time.perf_counter() - t0) * 1000)
"""


def cold_start_rows() -> list[BenchRow]:
    """Process start to the first drawn menu frame, headless, in a fresh interpreter."""
    env = {**os.environ, "ARCADE_HEADLESS": "1", "ARCADE_SOUND_BACKENDS": "silent"}
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", COLD_START], capture_output=True, text=True,
                          env=env, timeout=120)
    total = (time.perf_counter() - start) * 1000
    if proc.returncode != 0:
        return []
    return [BenchRow("engine.cold_start_ms.menu", total, "ms")]


def collect(modes: list[str] | None = None, *, engine: bool = True) -> list[BenchRow]:
    """Every row, run in a temporary home: the benches play live sessions that save and
    finish matches, and they must never touch the player's saves, settings or scores."""
    rows: list[BenchRow] = []
    with temporary_home():
        if engine:
            rows += engine_rows()
            rows += cold_start_rows()
            from game.net.bench import bench_rows as net_rows

            rows += net_rows()
            from game.scenes.transition_bench import transition_rows

            rows += transition_rows("shell")  # the menu's Settings, scale and help
        for spec in all_modes():
            if not modes or spec.id in modes:
                if spec.bench is not None:
                    rows += spec.bench()
                if spec.shot_entry is not None:  # opening and idling of every screen
                    from game.scenes.screen_bench import screen_rows

                    rows += screen_rows(spec.id)
                    from game.scenes.replay_bench import replay_rows

                    rows += replay_rows(spec.id)  # a step of the replay viewer
                    from game.scenes.transition_bench import transition_rows

                    rows += transition_rows(spec.id)  # pause, settings, leaving, ...
                    from game.scenes.cpu_bench import cpu_first_rows

                    rows += cpu_first_rows(spec.id)  # a new match's first CPU decision
                rows += step_rows(spec)  # worst case per phase step
    return rows
