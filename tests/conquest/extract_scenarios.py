"""Regenerate the conquest test data from the conquest rule spec (a developer tool, not a test).

    python -m tests.conquest.extract_scenarios PATH/TO/conquest.md [--check]

run from the repository root (see tests/spec_extract.py). It writes the acceptance scenarios
(`tests/scenarios/conquest/N.json`), the content tables of section 3 and the water tiles
(`tests/conquest/data/spec_tables.json`, read by test_content.py) and the State JSON example of
6.6 (`tests/conquest/data/state_example.json`, read by test_rules.py), and a verbatim slice of
section 9 (`tests/conquest/data/spec_sample.md`) on which test_scenarios.py runs `extract`.

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

from tests.spec_extract import json_block, json_text, run, table_rows

OUT = Path(__file__).resolve().parent.parent / "scenarios" / "conquest"
DATA = Path(__file__).resolve().parent / "data"
# The section 3 tables the content tests compare, by the start of their header line.
TABLES = {
    "map": "| id | col | row | terrain | zone | base_of | neighbours |",
    "kinds": "| id | name | strength | letter | sprite seat 0",
    "cards": "| id | name | power | attack | defence | ability |",
    "abilities": "| number | label | effect | parameters |",
    "armies": "| id | name | tanks | infantry | cards | commander |",
}
WATER = re.compile(r"(W\d\d) \((-?\d+), (-?\d+)\)")

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


def tables(spec_text: str) -> dict[str, list[list[str]]]:
    """The section 3 tables as cells, plus `water`: each water tile's [id, col, row]."""
    found = {name: table_rows(spec_text, header) for name, header in TABLES.items()}
    found["water"] = [list(tile) for tile in WATER.findall(spec_text.replace("\u2212", "-"))]
    return found


def sample(spec_text: str) -> str:
    """Section 9 verbatim from its heading to scenario 13, then the heading of section 10."""
    start = spec_text.index("## 9. Acceptance scenarios")
    end = spec_text.index("**13. ", start)
    tail = spec_text.index("## 10.", end)
    return spec_text[start:end] + spec_text[tail:spec_text.index("\n", tail) + 1]


def outputs(spec_text: str) -> dict[Path, str]:
    """Every committed file this script owns -> its text."""
    files = {OUT / f"{name}.json": json_text(record)
             for name, record in extract(spec_text).items()}
    files[DATA / "spec_tables.json"] = json_text(tables(spec_text))
    example = json.loads(json_block(spec_text, "### 6.6 Example"))
    files[DATA / "state_example.json"] = json_text(example)
    files[DATA / "spec_sample.md"] = sample(spec_text)
    return files


if __name__ == "__main__":
    sys.exit(run(__doc__ or "", outputs))
