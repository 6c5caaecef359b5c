"""Regenerate tests/scenarios/conquest/*.json from the acceptance scenarios of the conquest spec.

    python tests/conquest/extract_scenarios.py [path/to/specs/conquest.md]

Section 9 prints each lettered setup once (`**Setup A.**` and a ```json block) and each
scenario as `**N. Title.**`, its setup, options and decisions (possibly "those of scenario M,
then" a list), and either expected values (`- `/path` = `value``, read from the full state or
from the seat view it names) or "decision K is rejected with `id`". Each scenario becomes
`N.json`: a match record plus `name`, `title`, and `expect` (a list of [path, value]) or
`expect_error` ({"index", "error"}), and `seat_view` when the values are a seat's view.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

SPEC = Path("/work/shared/specs/conquest.md")
OUT = Path(__file__).resolve().parent.parent / "scenarios" / "conquest"

SETUP = re.compile(r"\*\*Setup ([A-Z])\.\*\*.*?```json\n(.*?)\n```", re.S)
HEADING = re.compile(r"^\*\*(\d+)\. (.+?)\*\*(.*)$", re.M)
JSON_BLOCK = re.compile(r"```json\n(.*?)\n```", re.S)
EXPECT = re.compile(r"^- `(/[^`]*)` = `(.*)`$", re.M)
REJECTED = re.compile(r"decision (\d+) is rejected with `([a-z_]+)`")


def section_9(text: str) -> str:
    start = text.index("## 9. Acceptance scenarios")
    return text[start:text.index("## 10.", start)]


def extract(spec_text: str) -> dict[str, dict[str, Any]]:
    """Scenario id -> record, in spec order."""
    text = section_9(spec_text)
    setups = {letter: json.loads(body) for letter, body in SETUP.findall(text)}
    heads = list(HEADING.finditer(text))
    records: dict[str, dict[str, Any]] = {}
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        chunk = text[head.end():end]
        chunk = chunk.split("**Setup ")[0].split("\n####")[0]
        number, title = head.group(1), head.group(2).rstrip(".")
        found = re.search(r"^Setup (`null`|[A-Z])\.", chunk, re.M)
        assert found, f"scenario {number}: no setup line"
        setup = None if found.group(1) == "`null`" else setups[found.group(1)]
        options = re.search(r"Options `(\{.*?\})`", chunk)
        decisions_part, _, expected_part = chunk.partition("Expected")
        earlier = re.search(r"those of scenario (\d+), then", decisions_part)
        block = JSON_BLOCK.search(decisions_part)
        own = json.loads(block.group(1)) if block else []
        decisions = (records[earlier.group(1)]["decisions"] if earlier else []) + own
        record: dict[str, Any] = {
            "format": 1, "mode": "conquest", "rules": "1", "name": number, "title": title,
            "seed": 1, "options": json.loads(options.group(1)) if options else {},
            "setup": setup, "decisions": decisions,
        }
        rejected = REJECTED.search(expected_part)
        if rejected:
            record["expect_error"] = {"index": int(rejected.group(1)),
                                      "error": rejected.group(2)}
        else:
            seat = re.search(r"^ \(as `--seat (\d)` sees it\)", expected_part, re.M)
            if seat:
                record["seat_view"] = int(seat.group(1))
            record["expect"] = [[path, json.loads(value)]
                                for path, value in EXPECT.findall(expected_part)]
            assert record["expect"], f"scenario {number}: no expected values"
        records[number] = record
    return records


def write(records: dict[str, dict[str, Any]], out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, record in records.items():
        (out / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n",
                                          encoding="utf-8")


if __name__ == "__main__":
    spec = Path(sys.argv[1]) if len(sys.argv) > 1 else SPEC
    found = extract(spec.read_text(encoding="utf-8"))
    write(found)
    print(f"{len(found)} scenarios written to {OUT}")
