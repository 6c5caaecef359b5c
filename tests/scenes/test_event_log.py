"""The match log's sentence tables (game.scenes.event_log, game/scenes/<mode>/log_words.py):
every event a whole match emits is told or left out on purpose, a sentence never shows an
internal id, and a crafted event never raises."""

from __future__ import annotations

import importlib
import re

import pytest

from game.engine.autoplay import make_players, play_out
from game.engine.modes import get_mode
from game.engine.record import build_match, new_record
from game.scenes.event_log import EventLog, tell

MODES = ("strike", "conquest", "crawl", "kingdom")
ID_SHAPED = re.compile(r"\b[a-z]+_[a-z_]+\b|\bp[01]\.\w+|[a-z][a-z]+[A-Z]\w*")


class Named:
    """A namer that gives every name as a plain word, so anything id-shaped in a sentence came
    from the table itself."""

    def __getattr__(self, kind: str):
        return lambda *args: "Name"


def events_of(mode: str, seed: int = 3) -> list[dict]:
    spec = get_mode(mode)
    seats = {s: spec.cpu_levels[0] for s in range(spec.seats)}
    record = new_record(mode, spec.rules_version, seed,
                        {**spec.default_options, "ai": {str(s): lv for s, lv in seats.items()}})
    match = build_match(record)
    events: list = []
    try:
        play_out(match, make_players(spec, seed, seats), events=events)
    finally:
        match.close()
    return [e.as_json() for e in events]


def words(mode: str):
    return importlib.import_module(f"game.scenes.{mode}.log_words")


@pytest.mark.parametrize("mode", MODES)
def test_every_event_of_a_whole_match_is_told_or_left_out_on_purpose(mode):
    table = words(mode)
    emitted = {e["type"] for e in events_of(mode)}
    assert emitted <= set(table.SENTENCES) | set(table.LEFT_OUT), (
        emitted - set(table.SENTENCES) - set(table.LEFT_OUT))
    assert not set(table.SENTENCES) & set(table.LEFT_OUT)


@pytest.mark.parametrize("mode", MODES)
def test_a_sentence_shows_no_internal_id(mode):
    table = words(mode)
    log = EventLog(table.SENTENCES, Named())
    lines = log.add(events_of(mode))
    assert lines
    for line in lines:
        assert not ID_SHAPED.search(line), line
        assert (line[0].isupper() or line[0] in "+0123456789") and line.endswith(
            (".", "!", ")")), line


@pytest.mark.parametrize("mode", MODES)
def test_a_crafted_event_is_left_out_never_raised(mode):
    table = words(mode)
    crafted = ({}, {"seat": "x", "unit": None}, {"result": 5, "moves": 3, "hits": "x"},
               {"tiles": None, "battles": [{}], "cards": [], "hp": "x", "turns": None})
    for kind in table.SENTENCES:
        for fields in crafted:
            told = tell(table.SENTENCES, {"type": kind, **fields}, Named())
            assert told is None or isinstance(told, str)
    assert tell(table.SENTENCES, {"type": "no_such_event"}, Named()) is None
    assert tell(table.SENTENCES, {}, Named()) is None


def test_the_log_keeps_its_last_lines_in_order():
    from game.scenes.event_log import MAX_LINES

    table = {"tick": lambda e, n: f"Tick {e['n']}."}
    log = EventLog(table, Named())
    log.add({"type": "tick", "n": i} for i in range(MAX_LINES + 5))
    assert len(log.lines) == MAX_LINES and log.lines[0] == "Tick 5." and log.changed
