"""Regenerate the strike test data from the strike rule spec (a developer tool, not a test).

    python -m tests.strike.extract_scenarios PATH/TO/strike.md [--check]

run from the repository root (see tests/spec_extract.py). It writes:

* `tests/scenarios/strike.json`: the JSON block of section 9.1, verbatim (read by
  test_scenarios.py);
* `tests/strike/data/spec_tables.json`: the card, attack and element tables of section 3 as
  cells (read by test_content.py);
* `tests/strike/data/state_example.json`: the State JSON example of section 6;
* `tests/strike/data/spec_sample.md`: section 9's table in the `U`/`C`/`A`/`M` shorthand,
  verbatim; test_scenarios.py evaluates each row and compares it with the JSON records.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from tests.spec_extract import json_block, json_text, run, table_rows

TESTS = Path(__file__).resolve().parent.parent
SCENARIOS = TESTS / "scenarios" / "strike.json"
DATA = TESTS / "strike" / "data"
# The section 3 tables the content tests compare, by the start of their header line.
TABLES = {
    "cards": "| # | id | name | element",
    "attacks": "| card | # | name | element | kind",
    "elements": "| attack ↓ / defender →",
}
SHORTHAND_TABLE = "| # | what it shows | SETUP | DECISIONS | expected |"
SHORTHAND_ROW = re.compile(r"^\| (\d+) \| [^|]* \| (.*?) \| (\[.*?\]) \| ", re.M)


def scenario_file(spec_text: str) -> str:
    """The JSON list of section 9.1 exactly as printed (it is the committed file)."""
    return json_block(spec_text, "### 9.1 Scenario data")


def sample(spec_text: str) -> str:
    """Section 9's shorthand table, verbatim from its header line to its last row."""
    start = spec_text.index(SHORTHAND_TABLE)
    return spec_text[start:spec_text.index("\n\n", start) + 1]


def shorthand_rows(text: str) -> list[tuple[int, str, str]]:
    """(number, SETUP, DECISIONS) of every row of the shorthand table in `text`."""
    return [(int(n), setup, decisions) for n, setup, decisions in SHORTHAND_ROW.findall(text)]


def outputs(spec_text: str) -> dict[Path, str]:
    """Every committed file this script owns -> its text."""
    tables = {name: table_rows(spec_text, header) for name, header in TABLES.items()}
    example = json.loads(json_block(spec_text, "Example (combat, seat 0 to act on turn 13"))
    return {
        SCENARIOS: scenario_file(spec_text),
        DATA / "spec_tables.json": json_text(tables),
        DATA / "state_example.json": json_text(example),
        DATA / "spec_sample.md": sample(spec_text),
    }


if __name__ == "__main__":
    sys.exit(run(__doc__ or "", outputs))
