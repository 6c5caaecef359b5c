"""The local Card Crawl high-score table (spec crawl.md section 8.5).

It lives in the user data dir as `crawl_scores.json` and is written atomically (temp file +
rename). Each entry holds `variant`, `date` (daily runs only), `seed`, `score`, `won`, `turns`
and `finished_at`. The table keeps the best `high_scores_kept` (rules.toml, 10) per variant,
and per date for daily runs. A file that cannot be read is moved aside as
`crawl_scores.json.bak`, the table starts empty, and `load_error` says so for a toast.

Only runs played by a human from the deal, dealt in this game, with no move taken back, are
recorded: not setups, not CPU runs, not a run with an undo (`options.undo`, counted in the
record: docs/saves.md "Undo"), and not a run loaded from a file (`tabula play crawl --load
FILE`, a replay): such a run's record carries `"unscored": true` (an extra record key, kept and
ignored by the rules), so it stays out of the table after a save and Continue too
(docs/crawl.md "High scores"). The daily board is the table of a date: the same rule.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import paths
from game.engine.record import atomic_write_text
from game.engine.undo import undos
from game.i18n import _
from game.user_files import read_user_json

SCORES_FILE = "crawl_scores.json"
FORMAT = 1
VARIANTS = ("normal", "constructed", "daily")


def scores_path() -> Path:
    """Where the table lives now (read each time: tests move TABULA_HOME per test)."""
    return paths.user_data_dir() / SCORES_FILE


@dataclass(frozen=True)
class ScoreEntry:
    """One finished run in the table."""

    variant: str
    seed: int
    score: int
    won: bool
    turns: int
    finished_at: str
    date: str | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"variant": self.variant}
        if self.variant == "daily":
            out["date"] = self.date
        out.update(seed=self.seed, score=self.score, won=self.won, turns=self.turns,
                   finished_at=self.finished_at)
        return out

    @classmethod
    def from_json(cls, raw: Any) -> ScoreEntry:
        """An entry from the file; ValueError names what is wrong with it."""
        if not isinstance(raw, dict):
            raise ValueError("an entry is not an object")
        variant = raw.get("variant")
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}")
        for key in ("seed", "score", "turns"):
            if type(raw.get(key)) is not int:
                raise ValueError(f"{key} must be an integer")
        if not isinstance(raw.get("won"), bool):
            raise ValueError("won must be true or false")
        if not isinstance(raw.get("finished_at"), str):
            raise ValueError("finished_at must be a string")
        date = raw.get("date")
        if variant == "daily" and not isinstance(date, str):
            raise ValueError("a daily entry needs its date")
        return cls(variant, raw["seed"], raw["score"], raw["won"], raw["turns"],
                   raw["finished_at"], date if variant == "daily" else None)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        # best score first; on a tie a win, then the earlier run
        return (-self.score, not self.won, self.finished_at)


UNSCORED = "unscored"  # the record key that keeps a loaded run out of the table


def _entries_of(data: Any) -> list[ScoreEntry]:
    """The entries of a score file's JSON value; ValueError names what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise ValueError("the file does not hold a score table")
    return [ScoreEntry.from_json(entry) for entry in data["entries"]]


def eligible(record: dict[str, Any]) -> bool:
    """A run that may enter the table (or the daily board): from the deal (no setup), played
    by a human, no move taken back (`options.undo`), and not loaded from a file (no
    `"unscored": true`)."""
    options = record.get("options") or {}
    return (record.get("setup") is None and not (options.get("ai") or {})
            and undos(options) == 0 and record.get(UNSCORED) is not True)


def marked(record: dict[str, Any], scored: bool) -> dict[str, Any]:
    """The record as saved or handed to the end screen: a run that does not score says so."""
    return record if scored else {**record, UNSCORED: True}


def entry_for(record: dict[str, Any], state: dict[str, Any],
              now: datetime.datetime | None = None) -> ScoreEntry:
    """The table entry of a finished run (its record and final State JSON)."""
    options = record.get("options") or {}
    variant = options.get("variant", "normal")
    result = state.get("result") or {}
    moment = (now or datetime.datetime.now()).replace(microsecond=0)
    return ScoreEntry(
        variant=variant, seed=int(record["seed"]), score=int(result.get("score", 0)),
        won=bool(result.get("won")), turns=int(state.get("turn", 0)),
        finished_at=moment.isoformat(), date=options.get("date") if variant == "daily" else None,
    )  # fmt: skip


class ScoreTable:
    """All kept entries; `top(variant, date)` gives one table, best first."""

    def __init__(self, path: Path, entries: list[ScoreEntry] | None = None, kept: int = 10):
        self.path = path
        self.kept = max(1, kept)
        self.entries: list[ScoreEntry] = list(entries or [])
        self.load_error: str | None = None

    @classmethod
    def load(cls, path: Path | None = None, kept: int = 10) -> ScoreTable:
        """Read the table through the bounded user-file reader (game.user_files): a missing
        file is empty, a damaged one (a FIFO, too large, not JSON, a bad entry) is kept aside
        as .bak."""
        path = path or scores_path()
        table = cls(path, kept=kept)
        read = read_user_json(path, _entries_of)
        if read.value is not None:
            table.entries = read.value
        elif read.damaged:
            table.load_error = (_("The high-score file was damaged ({problem}); it was kept "
                                  "as {file} and the table starts empty.") if read.kept_as else
                                _("The high-score file was damaged ({problem}); the table "
                                  "starts empty.")).format(
                problem=read.reason, file=getattr(read.kept_as, "name", ""))
        elif read.reason is not None:
            table.load_error = _("High scores could not be read ({problem}).").format(
                problem=read.reason)
        return table

    def top(self, variant: str, date: str | None = None) -> list[ScoreEntry]:
        """One table, best first: a variant's, or a daily date's."""
        rows = [
            e for e in self.entries
            if e.variant == variant and (variant != "daily" or e.date == date)
        ]  # fmt: skip
        return sorted(rows, key=lambda e: e.sort_key)[: self.kept]

    def best(self, variant: str, date: str | None = None) -> int | None:
        rows = self.top(variant, date)
        return rows[0].score if rows else None

    def add(self, entry: ScoreEntry) -> int | None:
        """Enter a run; returns its rank (0 = best) in its table, or None if it did not make
        the cut. Entries that fall out of the top are dropped."""
        self.entries.append(entry)
        rows = self.top(entry.variant, entry.date)
        keep = set(map(id, rows))
        self.entries = [
            e for e in self.entries
            if id(e) in keep or e.variant != entry.variant
            or (entry.variant == "daily" and e.date != entry.date)
        ]  # fmt: skip
        for rank, row in enumerate(rows):
            if row is entry:
                return rank
        return None

    def save(self) -> None:
        """Write the table atomically."""
        data = {"format": FORMAT, "entries": [e.as_json() for e in self.entries]}
        atomic_write_text(self.path, json.dumps(data, indent=1) + "\n")
