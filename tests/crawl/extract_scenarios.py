"""Regenerate tests/scenarios/crawl/*.json from the acceptance records of the crawl spec.

    python tests/crawl/extract_scenarios.py [path/to/specs/crawl.md]

Each `**Cn** — title` heading of spec section 9 followed by a ```json block becomes `Cn.json`:
the record with `format`, `mode` and `rules` added in front, plus `name` and `title`.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

SPEC = Path("/work/shared/specs/crawl.md")
OUT = Path(__file__).resolve().parent.parent / "scenarios" / "crawl"
BLOCK = re.compile(r"\*\*(C\d+[a-z]?)\*\* — (.+?)\n```json\n(.*?)\n```", re.S)


def extract(spec_text: str) -> dict[str, dict]:
    """Scenario name -> record, in spec order."""
    records = {}
    for name, title, body in BLOCK.findall(spec_text):
        data = json.loads(body)
        records[name] = {"format": 1, "mode": "crawl", "rules": "1", "name": name,
                         "title": title.strip(), **data}
    return records


def write(records: dict[str, dict], out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, record in records.items():
        (out / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n",
                                          encoding="utf-8")


if __name__ == "__main__":
    spec = Path(sys.argv[1]) if len(sys.argv) > 1 else SPEC
    found = extract(spec.read_text(encoding="utf-8"))
    write(found)
    print(f"{len(found)} scenarios written to {OUT}")
