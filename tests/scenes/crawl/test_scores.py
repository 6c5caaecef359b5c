"""The local high-score table: ranking, the 10 kept per variant / per date, atomic writes,
a corrupt file kept aside, and which runs count."""

from __future__ import annotations

import datetime
import json

from game.scenes.crawl.scores import (
    ScoreEntry,
    ScoreTable,
    eligible,
    entry_for,
    scores_path,
)


def entry(score, variant="normal", date=None, won=False, when="2025-03-14T10:00:00", seed=1):
    return ScoreEntry(variant, seed, score, won, 30, when, date)


def test_ranking_and_top_ten_per_variant(tmp_path):
    table = ScoreTable(tmp_path / "s.json", kept=10)
    ranks = [table.add(entry(s)) for s in (5, 40, 12)]
    assert ranks == [0, 0, 1]
    assert [e.score for e in table.top("normal")] == [40, 12, 5]
    for s in range(20, 30):
        table.add(entry(s))
    assert len(table.top("normal")) == 10
    assert table.add(entry(1)) is None  # did not make the cut, and is not kept
    assert all(e.score != 1 for e in table.entries)
    assert table.add(entry(99, "constructed")) == 0
    assert [e.score for e in table.top("constructed")] == [99]
    assert len(table.top("normal")) == 10  # the other variant's table is untouched


def test_ties_go_to_the_win_then_the_earlier_run(tmp_path):
    table = ScoreTable(tmp_path / "s.json")
    late = entry(50, when="2025-03-14T12:00:00")
    early = entry(50, when="2025-03-14T09:00:00")
    won = entry(50, won=True, when="2025-03-14T23:00:00")
    for e in (late, early, won):
        table.add(e)
    assert table.top("normal") == [won, early, late]


def test_daily_tables_are_per_date(tmp_path):
    table = ScoreTable(tmp_path / "s.json")
    table.add(entry(10, "daily", "2025-03-14"))
    table.add(entry(30, "daily", "2025-03-15"))
    assert [e.score for e in table.top("daily", "2025-03-14")] == [10]
    assert table.best("daily", "2025-03-15") == 30
    assert table.best("daily", "2025-03-16") is None


def test_save_and_load_round_trip(tmp_path):
    path = tmp_path / "sub" / "crawl_scores.json"
    table = ScoreTable(path)
    table.add(entry(62, won=True))
    table.add(entry(7, "daily", "2025-03-14", seed=20250314))
    table.save()
    data = json.loads(path.read_text())
    assert data["entries"][0] == {"variant": "normal", "seed": 1, "score": 62, "won": True,
                                  "turns": 30, "finished_at": "2025-03-14T10:00:00"}
    assert data["entries"][1]["date"] == "2025-03-14"
    assert not list(path.parent.glob("*.tmp"))  # written through a temp file, then renamed
    again = ScoreTable.load(path)
    assert again.load_error is None
    assert again.top("normal")[0].score == 62
    assert again.top("daily", "2025-03-14")[0].seed == 20250314


def test_corrupt_file_is_kept_aside_and_the_table_starts_empty(tmp_path):
    path = scores_path()
    path.write_text("{ not json")
    table = ScoreTable.load()
    assert table.entries == []
    assert "damaged" in (table.load_error or "")
    assert not path.exists()
    assert (path.parent / "crawl_scores.json.bak").read_text() == "{ not json"
    # a well-formed file with a bad entry is corrupt too
    path.write_text(json.dumps({"format": 1, "entries": [{"variant": "weird"}]}))
    assert ScoreTable.load().load_error is not None


def test_non_utf8_and_deeply_nested_files_are_damaged_not_fatal():
    path = scores_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for bad in (b"\xff{}", b"{\"entries\": " + b"[" * 100_000 + b"]" * 100_000 + b"}"):
        path.write_bytes(bad)
        table = ScoreTable.load()
        assert table.entries == [] and "damaged" in (table.load_error or "")
    assert (path.parent / "crawl_scores.json.bak").read_bytes() == b"\xff{}"
    assert (path.parent / "crawl_scores.json.bak2").exists()


def test_missing_file_is_an_empty_table():
    table = ScoreTable.load()
    assert table.entries == [] and table.load_error is None


def test_only_human_runs_from_the_deal_count():
    base = {"seed": 3, "options": {"variant": "normal", "ai": {}}, "setup": None}
    assert eligible(base)
    assert not eligible({**base, "setup": {"board": {}}})
    assert not eligible({**base, "options": {"variant": "normal", "ai": {"0": "hard"}}})


def test_entry_for_a_finished_run():
    record = {"seed": 20250314, "options": {"variant": "daily", "date": "2025-03-14"},
              "setup": None}
    state = {"turn": 57, "result": {"won": True, "score": 91, "reason": "cleared"}}
    e = entry_for(record, state, now=datetime.datetime(2025, 3, 14, 21, 5, 7, 999))
    assert e == ScoreEntry("daily", 20250314, 91, True, 57, "2025-03-14T21:05:07",
                           "2025-03-14")
    assert e.as_json()["date"] == "2025-03-14"
