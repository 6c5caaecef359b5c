"""Regenerate the kingdom test data from the kingdom rule spec (a developer tool, not a test).

    python -m tests.kingdom.extract_scenarios PATH/TO/kingdom.md [--check]

run from the repository root (see tests/spec_extract.py). It writes the acceptance records
(`tests/scenarios/kingdom/ID.json`), the card tables of section 3 as cells
(`tests/kingdom/data/spec_tables.json`, read by test_content.py) and a verbatim slice of section
9, S28 to its end (`tests/kingdom/data/spec_sample.md`), on which test_scenarios.py runs
`extract`.

Each `**Sn (ID) — title.**` paragraph of spec section 9 that has a ```json block or an
`Expect:` sentence becomes `ID.json`: the record exactly as printed, plus `name`, `title` and
the expectations its `Expect:` sentence names. The files are generated rather than typed so
that `--check` can prove they still say what the spec says (a hand-copied value drifts silently).

The `Expect:` sentence has three shapes, and each maps to one key:

* `` `path` = `json` `` pairs separated by `;` -> `expect: [[path, value], ...]`;
* "the replay stops at decision index K with error `id`" -> `expect_error: {index, error}`;
* "Replay Sn's record with `--seat N --json`" (no block of its own) -> Sn's record plus
  `seat_view: N`. Such a scenario also records `mirror_seat` (the sentence's "with `--seat M`
  the masking is the other way round") so the test can check the opposite view too.

Property scenarios without a record (F1-F3, R1) are skipped: they are ordinary tests.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from tests.spec_extract import json_text, run, table_rows

OUT = Path(__file__).resolve().parent.parent / "scenarios" / "kingdom"
DATA = Path(__file__).resolve().parent / "data"
CARD_TABLE = "| id | name | faction | continent | kind |"  # one table per faction group

# One scenario paragraph: from its bold heading to the next heading (or the next section).
PARAGRAPH = re.compile(r"^\*\*S(\d+) \(([A-Z]\d+[a-z]?)\) — (.+?)\*\*(.*?)(?=^\*\*S\d+ \(|^## )",
                       re.S | re.M)
BLOCK = re.compile(r"```json\n(.*?)\n```", re.S)
EXPECT = re.compile(r"^Expect:(.*?)(?:\n\n|\Z)", re.S | re.M)
PAIR = re.compile(r"`(/[^`]*)`\s*=\s*`([^`]*)`")
ERROR = re.compile(r"stops at decision index (\d+) with error `([a-z_]+)`")
REUSE = re.compile(r"Replay S(\d+)'s record with `--seat (\d+)")
MIRROR = re.compile(r"With `--seat (\d+)` the shop masking is the other way round")


def _expectations(sentence: str) -> dict[str, Any]:
    """The keys one `Expect:` sentence contributes to a scenario file."""
    sentence = " ".join(sentence.split())  # values may wrap across spec lines
    error = ERROR.search(sentence)
    if error:
        return {"expect_error": {"index": int(error.group(1)), "error": error.group(2)}}
    pairs = [[path, json.loads(value)] for path, value in PAIR.findall(sentence)]
    if not pairs:
        raise ValueError(f"Expect sentence without a path or an error: {sentence!r}")
    return {"expect": pairs}


def extract(spec_text: str) -> dict[str, dict[str, Any]]:
    """Scenario id (`K1`, `E4a`, `M1`, ...) -> scenario file content, in spec order."""
    paragraphs = PARAGRAPH.findall(spec_text)
    by_number: dict[str, dict[str, Any]] = {}
    records: dict[str, dict[str, Any]] = {}
    for number, name, title, body in paragraphs:
        expect = EXPECT.search(body)
        if expect is None:
            continue  # a property scenario (F1-F3, R1): no record to replay
        block = BLOCK.search(body)
        extra: dict[str, Any] = {}
        if block is not None:
            record = json.loads(block.group(1))
        else:
            reuse = REUSE.search(" ".join(body.split()))
            if reuse is None:
                raise ValueError(f"S{number} ({name}) has neither a record nor a reference")
            record = {key: value for key, value in by_number[reuse.group(1)].items()}
            extra["seat_view"] = int(reuse.group(2))
            mirror = MIRROR.search(" ".join(body.split()))
            if mirror is not None:
                extra["mirror_seat"] = int(mirror.group(1))
        by_number[number] = record
        records[name] = {"name": name, "title": title.strip(), **record, **extra,
                         **_expectations(expect.group(1))}
    return records


def sample(spec_text: str) -> str:
    """Section 9 verbatim from S28 (a rejection, state checks, a replayed seat view and the
    property scenarios) to the heading of section 10."""
    start = spec_text.index("**S28 (")
    tail = spec_text.index("## 10.", start)
    return spec_text[start:spec_text.index("\n", tail) + 1]


def outputs(spec_text: str) -> dict[Path, str]:
    """Every committed file this script owns -> its text (one indented JSON file a scenario)."""
    files = {OUT / f"{name}.json": json_text(record)
             for name, record in extract(spec_text).items()}
    files[DATA / "spec_tables.json"] = json_text(
        {"cards": table_rows(spec_text, CARD_TABLE, every=True)})
    files[DATA / "spec_sample.md"] = sample(spec_text)
    return files


if __name__ == "__main__":
    sys.exit(run(__doc__ or "", outputs))
