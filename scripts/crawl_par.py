"""The solver table of docs/crawl.md ("Solver and par"): solve a range of crawl seeds and set
each CPU level's results on the same seeds against them.

    python scripts/crawl_par.py --seeds 1..500 --solved par.jsonl \\
        --sim easy=easy.jsonl --sim normal=normal.jsonl --sim hard=hard.jsonl

Each `--sim LEVEL=FILE` is the `--out` file of `tabula simulate crawl --ai LEVEL --games N
--seed A`. `--solved FILE` keeps one solution a line; when FILE already holds a seed, that seed
is not solved again (so the table can be recomputed, or a long run resumed). The node budget,
not the time budget, bounds each search, so the table does not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.ai.crawl.solver import solve_seed
from game.ai.crawl.worker import PAR_NODES
from game.engine.stats import mean_interval, wilson_interval


def parse_seeds(text: str) -> range:
    """`"1..500"` -> range(1, 501)."""
    first, _, last = text.partition("..")
    try:
        low, high = int(first), int(last)
    except ValueError:
        raise SystemExit(f"--seeds {text!r}: expected A..B, e.g. 1..500") from None
    if high < low:
        raise SystemExit(f"--seeds {text!r}: B must be at least A")
    return range(low, high + 1)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def solve_all(seeds: range, nodes: int, budget_ms: float, solved: Path | None) -> dict[int, dict]:
    """Every seed's solution (without its decisions), solving only the missing ones."""
    found = {row["seed"]: row for row in read_jsonl(solved)} if solved else {}
    out = open(solved, "a", encoding="utf-8") if solved else None  # noqa: SIM115
    try:
        for seed in seeds:
            if seed in found:
                continue
            solution, _ = solve_seed(seed, budget_ms=budget_ms, max_nodes=nodes)
            row = solution.as_json()
            row.pop("decisions")
            found[seed] = row
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
            sys.stderr.write(f"\r{seed}: par {row['par']} {row['winnable']}   ")
    finally:
        if out is not None:
            out.close()
    sys.stderr.write("\n")
    return {seed: found[seed] for seed in seeds}


def level_results(path: Path) -> dict[int, dict[str, Any]]:
    """seed -> the result of a `simulate --out` file."""
    return {row["record"]["seed"]: row["result"] for row in read_jsonl(path)}


def table(solved: dict[int, dict], sims: dict[str, dict[int, dict]]) -> str:
    """The Markdown table of docs/crawl.md."""
    seeds = sorted(solved)
    winnable = [s for s in seeds if solved[s]["winnable"]]
    unknown = sum(solved[s]["winnable"] is None for s in seeds)
    low, high = wilson_interval(len(winnable), len(seeds))
    mean_par, _, _ = mean_interval([solved[s]["par"] for s in seeds])
    exhaustive = sum(solved[s]["exhaustive"] for s in seeds)
    shown = {s for s in seeds if solved[s]["winnable"]
             or any(s in r and r[s]["won"] for r in sims.values())}
    lines = [
        f"Seeds {seeds[0]}..{seeds[-1]} ({len(seeds)}): winnable {len(winnable) / len(seeds):.1%} "
        f"[{low:.1%}, {high:.1%}] (unknown: {unknown}, proven exhaustively: {exhaustive}); "
        f"mean par {mean_par:.1f}. Won by the solver or by a CPU: {len(shown) / len(seeds):.1%} "
        "(a lower bound of the winnable fraction).",
        "",
        "| level | games | win rate | win rate on winnable seeds | mean score | "
        "score / par | score / par on winnable seeds | seeds above par | wins the solver missed |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for level, results in sims.items():
        common = [s for s in seeds if s in results]
        if not common:
            continue
        won = [s for s in common if results[s]["won"]]
        on_winnable = [s for s in common if s in set(winnable)]
        won_winnable = [s for s in on_winnable if results[s]["won"]]
        score = sum(results[s]["score"] for s in common)
        par = sum(solved[s]["par"] for s in common)
        score_w = sum(results[s]["score"] for s in on_winnable)
        par_w = sum(solved[s]["par"] for s in on_winnable)
        above = sum(results[s]["score"] > solved[s]["par"] for s in common)
        missed = len(won) - len(won_winnable)
        wlow, whigh = wilson_interval(len(won_winnable), len(on_winnable))
        lines.append(
            f"| {level} | {len(common)} | {len(won) / len(common):.1%} | "
            f"{len(won_winnable) / max(1, len(on_winnable)):.1%} [{wlow:.1%}, {whigh:.1%}] | "
            f"{score / len(common):.1f} | {score / max(1, par):.3f} | "
            f"{score_w / max(1, par_w):.3f} | {above} | {missed} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1..500", help="the seeds A..B (default 1..500)")
    parser.add_argument("--nodes", type=int, default=PAR_NODES,
                        help=f"node budget per seed (default {PAR_NODES}: the daily par's)")
    parser.add_argument("--budget-ms", type=float, default=60_000.0,
                        help="time budget per seed (a safety net; the nodes bound the search)")
    parser.add_argument("--solved", type=Path, help="a JSONL file of solutions (read, extended)")
    parser.add_argument("--sim", action="append", default=[], metavar="LEVEL=FILE",
                        help="a `tabula simulate crawl --ai LEVEL --out FILE` file (repeatable)")
    args = parser.parse_args(argv)
    sims = {}
    for item in args.sim:
        level, _, path = item.partition("=")
        sims[level] = level_results(Path(path))
    solved = solve_all(parse_seeds(args.seeds), args.nodes, args.budget_ms, args.solved)
    print(table(solved, sims))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
