"""What the spec extract scripts share: reading a rule spec's tables and JSON blocks, and writing
(or checking) the committed files made from them.

The extract scripts (`tests/<mode>/extract_scenarios.py`) are developer tools, run by hand when
a mode's rule spec changes; the rule specs are not part of this repository, and no test reads
one. Each script turns the spec's text into the files the tests read: the acceptance scenario
records under `tests/scenarios/` and the spec's tables and examples under `tests/<mode>/data/`.
Generated rather than typed, so a hand-copied value cannot drift from the spec unnoticed:

    python -m tests.<mode>.extract_scenarios PATH/TO/<mode>.md          # rewrite the files
    python -m tests.<mode>.extract_scenarios PATH/TO/<mode>.md --check  # exit 1 if one differs

(run from the repository root). `--check` is the job the old "the committed files still match
the spec" tests did, where the spec is at hand.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def json_text(data: Any) -> str:
    """The committed form of a generated JSON file: indented (diff-friendly), UTF-8 as is."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def table_rows(text: str, header: str, *, every: bool = False) -> list[list[str]]:
    """The cells of the Markdown table whose header line starts with `header`, one list per row
    (padding and backticks stripped, the `|---` line skipped): the first such table, or with
    `every` all of them in order."""
    rows: list[list[str]] = []
    on = False
    for line in text.splitlines():
        if line.startswith(header):
            on = True
            continue
        if on:
            if line.startswith("|---"):
                continue
            if not line.startswith("|"):
                if not every:
                    break
                on = False
                continue
            rows.append([c.strip().strip("`") for c in line.strip().strip("|").split("|")])
    return rows


def json_block(text: str, anchor: str) -> str:
    """The body of the first ```json block after the first `anchor` in `text`, verbatim."""
    start = text.index(anchor)
    opening = text.index("```json\n", start) + len("```json\n")
    return text[opening:text.index("```", opening)]


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def run(doc: str, outputs: Callable[[str], dict[Path, str]],
        argv: list[str] | None = None) -> int:
    """The command line of an extract script: the spec path is required (no default: the spec
    lives outside the repository, wherever the developer keeps it). Writes every file of
    `outputs(spec text)` that differs and deletes the JSON files beside them that the spec no
    longer yields; with `--check` writes nothing and returns 1 if any file would change."""
    parser = argparse.ArgumentParser(description=doc.strip().splitlines()[0])
    parser.add_argument("spec", type=Path, help="the mode's rule spec, a Markdown file")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a committed file differs from the spec")
    args = parser.parse_args(argv)
    try:
        text = args.spec.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        parser.error(f"cannot read {args.spec}: {exc}")
    files = outputs(text)
    changed = [path for path, body in files.items()
               if not path.is_file() or path.read_text(encoding="utf-8") != body]
    extra = sorted({old for path in files for old in path.parent.glob("*.json")} - set(files))
    if args.check:
        for path in changed:
            print(f"differs from the spec: {_rel(path)}")
        for path in extra:
            print(f"not in the spec: {_rel(path)}")
        print(f"{len(files)} files checked, {len(changed) + len(extra)} stale")
        return 1 if changed or extra else 0
    for path in changed:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(files[path], encoding="utf-8")
    for path in extra:
        path.unlink()
        print(f"deleted (not in the spec): {_rel(path)}")
    print(f"{len(files)} files, {len(changed)} written")
    return 0
