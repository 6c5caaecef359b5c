"""Two source trees measured side by side in CPU time, game by game (docs/conquest.md, "Speed
against the code before issue 23").

    git worktree add /tmp/old 73f689f
    python scripts/lockstep_bench.py /tmp/old . --row games --rounds 200
    python scripts/lockstep_bench.py /tmp/old . --row hard --rounds 6

A shared machine's speed drifts by up to a factor of two within minutes, so two runs made one
after the other disagree more than the trees do. Here each tree runs in its own worker process
(its own `PYTHONPATH`), both pinned to one CPU, and the script asks them in turn for one game
each, alternating which goes first (ABBA), on the same seeds: each pair of games meets the
same machine, and the ratios are per pair. Times are the worker's `time.thread_time`.

Rows, as `tabula bench` defines them (game.ai.conquest.bench):
- `games`: one normal-vs-normal match from seed 2000 + round (`conquest.games_per_s`); the
  speed-up is old CPU time / new CPU time.
- `hard`: hard (seat 0) against normal from seeds 1000 and 1001 to round 4, the p95 of hard's
  decision times over both (`conquest.decision_ms.hard.p95`); the ratio is new / old.

Each worker plays one warm-up game first. Nothing is written to a player's data dir: the
workers run with a temporary TABULA_HOME.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HARD_SEEDS = (1000, 1001)
HARD_ROUNDS = 4


def p95(samples: list[float]) -> float:
    """The nearest-rank 95th percentile, as game.bench's distribution rows give it."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


# -- the worker (runs on one tree's code) ---------------------------------------------------------
def worker() -> None:
    """Answer `games SEED` with the CPU seconds of that match, `hard SEED` with hard's
    decision milliseconds of that match (';'-separated), one line each."""
    from game.ai.conquest import selfplay
    from game.engine.autoplay import play_cpu_match
    from game.engine.modes import get_mode

    class ThreadClock:  # selfplay times decisions with perf_counter: CPU time instead
        perf_counter = staticmethod(time.thread_time)

    selfplay.time = ThreadClock  # type: ignore[assignment]
    spec = get_mode("conquest")
    normal = {0: "normal", 1: "normal"}
    play_cpu_match(spec, 1999, normal)  # warm-up: imports, caches
    print("ready", flush=True)
    for line in sys.stdin:
        row, seed_text = line.split()
        seed = int(seed_text)
        if row == "games":
            start = time.thread_time()
            play_cpu_match(spec, seed, normal)
            print(time.thread_time() - start, flush=True)
        else:
            played = selfplay.play_match(seed, {0: "hard", 1: "normal"}, timed=True,
                                         until_round=HARD_ROUNDS)
            print(";".join(repr(ms) for _, ms in played.decision_ms[0]), flush=True)


# -- the driver ---------------------------------------------------------------------------------
class Worker:
    """One tree's worker process, pinned to `cpu` where the system allows it."""

    def __init__(self, tree: Path, cpu: int | None, home: str) -> None:
        command = [sys.executable, str(Path(__file__).resolve()), "--worker"]
        if cpu is not None and _has_taskset():
            command = ["taskset", "-c", str(cpu), *command]
        env = {**os.environ, "PYTHONPATH": str(tree.resolve()), "TABULA_HOME": home}
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env=env, cwd=home)
        if self._line() != "ready":
            raise RuntimeError(f"the worker on {tree} did not start")

    def _line(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def ask(self, row: str, seed: int) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{row} {seed}\n")
        self.process.stdin.flush()
        return self._line()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def _has_taskset() -> bool:
    return any((Path(d) / "taskset").exists() for d in os.environ.get("PATH", "").split(":"))


def in_turn(old: Worker, new: Worker, row: str, seeds_of_round: list[list[int]]
            ) -> tuple[list[list[str]], list[list[str]]]:
    """Per round, each worker's answers for that round's seeds, the first worker alternating
    (ABBA)."""
    answers: tuple[list[list[str]], list[list[str]]] = ([], [])
    for n, seeds in enumerate(seeds_of_round):
        order = ((0, old), (1, new)) if n % 2 == 0 else ((1, new), (0, old))
        for side, worker_ in order:
            answers[side].append([worker_.ask(row, seed) for seed in seeds])
    return answers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="the tree measured against (a worktree)")
    parser.add_argument("new", type=Path, help="the tree measured")
    parser.add_argument("--row", choices=("games", "hard"), default="games")
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--cpu", type=int, default=1, help="the CPU both workers run on")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as home:
        old, new = Worker(args.old, args.cpu, home), Worker(args.new, args.cpu, home)
        try:
            if args.row == "games":
                got = in_turn(old, new, "games", [[2000 + n] for n in range(args.rounds)])
                old_s = [float(a[0]) for a in got[0]]
                new_s = [float(a[0]) for a in got[1]]
                ratios = [a / b for a, b in zip(old_s, new_s, strict=True)]
                print(f"games: {args.rounds} pairs; old {sum(old_s):.3f} s, new "
                      f"{sum(new_s):.3f} s of CPU time; speed-up old/new: total "
                      f"{sum(old_s) / sum(new_s):.3f}, median per game "
                      f"{statistics.median(ratios):.3f}, geometric mean "
                      f"{math.exp(statistics.fmean(map(math.log, ratios))):.3f}")
            else:
                got = in_turn(old, new, "hard", [list(HARD_SEEDS)] * args.rounds)
                old_p = [p95([float(x) for a in r for x in a.split(";")]) for r in got[0]]
                new_p = [p95([float(x) for a in r for x in a.split(";")]) for r in got[1]]
                ratios = [b / a for a, b in zip(old_p, new_p, strict=True)]
                print(f"hard p95 (ms): old {[round(x, 1) for x in old_p]}, new "
                      f"{[round(x, 1) for x in new_p]}; new/old: median "
                      f"{statistics.median(ratios):.3f}, of medians "
                      f"{statistics.median(new_p) / statistics.median(old_p):.3f}")
        finally:
            old.close()
            new.close()
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker()
    else:
        raise SystemExit(main())
