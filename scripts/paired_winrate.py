"""Paired win-rate difference of two `tabula simulate ... --out FILE.jsonl` runs on the same
seeds (crawl spec 7.4): `python scripts/paired_winrate.py hard.jsonl normal.jsonl`."""

from __future__ import annotations

import json
import math
import sys


def wins_by_seed(path: str) -> dict[int, int]:
    out = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            result = row["result"]
            out[row["record"]["seed"]] = int(bool(result.get("won", result.get("winner") == 0)))
    return out


def main(first: str, second: str) -> int:
    a, b = wins_by_seed(first), wins_by_seed(second)
    seeds = sorted(set(a) & set(b))
    if len(seeds) < 2:
        print("fewer than two common seeds")
        return 1
    diffs = [a[s] - b[s] for s in seeds]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    half = 1.959963984540054 * sd / math.sqrt(len(diffs))
    print(f"{len(seeds)} paired seeds: win rate {first} - {second} = {mean:+.3f} "
          f"(95% CI {mean - half:+.3f} .. {mean + half:+.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
