"""Regenerate tests/scenarios/kingdom/*.json from the acceptance records of the kingdom spec.

    python tests/kingdom/extract_scenarios.py [path/to/specs/kingdom.md]

Each `**Sn (ID) — title.**` paragraph of spec section 9 that has a ```json block or an
`Expect:` sentence becomes `ID.json`: the record exactly as printed, plus `name`, `title` and
the expectations its `Expect:` sentence names. The files are generated rather than typed so
that a test can prove they still say what the spec says (a hand-copied value drifts silently).

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

SPEC = Path("/work/shared/specs/kingdom.md")
OUT = Path(__file__).resolve().parent.parent / "scenarios" / "kingdom"

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


def write(records: dict[str, dict[str, Any]], out: Path = OUT) -> None:
    """One indented JSON file per scenario (diff-friendly, like crawl's)."""
    out.mkdir(parents=True, exist_ok=True)
    for name, record in records.items():
        (out / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n",
                                          encoding="utf-8")


if __name__ == "__main__":
    spec = Path(sys.argv[1]) if len(sys.argv) > 1 else SPEC
    found = extract(spec.read_text(encoding="utf-8"))
    write(found)
    print(f"{len(found)} scenarios written to {OUT}")
