"""Regenerate the crawl test data from the crawl rule spec (a developer tool, not a test).

    python -m tests.crawl.extract_scenarios PATH/TO/crawl.md [--check]

run from the repository root (see tests/spec_extract.py). It writes the acceptance records
(`tests/scenarios/crawl/Cn.json`), the State JSON example of 6.2
(`tests/crawl/data/state_example.json`, read by test_state.py) and a verbatim slice of the
records (`tests/crawl/data/spec_sample.md`) on which test_scenarios.py runs `extract`.

Each `**Cn** — title` heading of spec section 9 followed by a ```json block becomes `Cn.json`:
the record with `format`, `mode` and `rules` added in front, plus `name` and `title`.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from tests.spec_extract import json_block, json_text, run

OUT = Path(__file__).resolve().parent.parent / "scenarios" / "crawl"
DATA = Path(__file__).resolve().parent / "data"
BLOCK = re.compile(r"\*\*(C\d+[a-z]?)\*\* — (.+?)\n```json\n(.*?)\n```", re.S)


def extract(spec_text: str) -> dict[str, dict]:
    """Scenario name -> record, in spec order."""
    records = {}
    for name, title, body in BLOCK.findall(spec_text):
        data = json.loads(body)
        records[name] = {"format": 1, "mode": "crawl", "rules": "1", "name": name,
                         "title": title.strip(), **data}
    return records


def sample(spec_text: str) -> str:
    """The records C1-C3 verbatim, from the C1 heading to the C4 heading."""
    start = spec_text.index("**C1** — ")
    return spec_text[start:spec_text.index("**C4** — ", start)]


def outputs(spec_text: str) -> dict[Path, str]:
    """Every committed file this script owns -> its text."""
    files = {OUT / f"{name}.json": json_text(record)
             for name, record in extract(spec_text).items()}
    example = json.loads(json_block(spec_text, "### 6.2 Example"))
    files[DATA / "state_example.json"] = json_text(example)
    files[DATA / "spec_sample.md"] = sample(spec_text)
    return files


if __name__ == "__main__":
    sys.exit(run(__doc__ or "", outputs))
