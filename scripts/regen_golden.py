"""Regenerate the golden transcripts under tests/golden/ (STYLE.md "Golden transcripts").

For each mode with CPU players: a few seeded CPU-played matches, their records (`<name>.json`)
and their `tabula replay --trace` output (`<name>.trace`). A diff in these files is a rule or
CPU change that a reviewer can read. Run: `python scripts/regen_golden.py`.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"

# (mode, name, seed, cpu levels by seat, options)
CASES = [
    ("crawl", "normal_seed1", 1, {0: "normal"}, {"variant": "normal"}),
    ("crawl", "normal_seed2", 2, {0: "normal"}, {"variant": "normal"}),
    ("crawl", "constructed_seed3", 3, {0: "normal"}, {"variant": "constructed"}),
    ("strike", "normal_vs_normal_seed1", 1, {0: "normal", 1: "normal"}, {}),
    ("strike", "easy_vs_normal_seed2", 2, {0: "easy", 1: "normal"}, {}),
    ("conquest", "normal_vs_normal_seed1", 1, {0: "normal", 1: "normal"}, {}),
    ("kingdom", "hard_vs_hard_seed1", 1, {0: "hard", 1: "hard"}, {}),
]
# Records of older rules versions (`rules<N>-<name>.json`) are never regenerated: the
# rules they name must replay them to the same trace for ever.


def trace_text(record_path: Path) -> str:
    from game.cli import run

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = run(["replay", str(record_path), "--trace"])
    if code != 0:
        raise SystemExit(f"replay of {record_path} exited {code}")
    return out.getvalue()


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from game.engine.autoplay import play_cpu_match
    from game.engine.modes import get_mode

    for mode, name, seed, cpu, options in CASES:
        spec = get_mode(mode)
        assert spec is not None, mode
        played = play_cpu_match(spec, seed, cpu, options)
        folder = GOLDEN / mode
        folder.mkdir(parents=True, exist_ok=True)
        record_path = folder / f"{name}.json"
        record_path.write_text(json.dumps(played.record, indent=1) + "\n", encoding="utf-8")
        (folder / f"{name}.trace").write_text(trace_text(record_path), encoding="utf-8")
        print(f"{record_path.relative_to(ROOT)}: {played.result}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
