"""A decision keeps only the fields its type defines (docs/architecture.md, common checks):
any other key is `bad_decision` in every mode, so no seat, local or networked, can make a
record carry data the rules never read (issue 27: a 60 KB field made a host's file 18 MB)."""

from __future__ import annotations

import json

import pytest

from game.cli import run
from game.engine.autoplay import play_cpu_match
from game.engine.modes import all_modes, get_mode
from game.engine.record import build_match, json_text, new_record, replay

MODES = [spec.id for spec in all_modes()]


@pytest.mark.parametrize("mode", MODES)
def test_every_verb_names_its_fields(mode):
    spec = get_mode(mode)
    match = build_match(new_record(mode, spec.rules_version, 1, dict(spec.default_options)))
    assert set(match.rules.fields) == set(match.rules.verbs)
    match.close()


@pytest.mark.parametrize("mode", MODES)
def test_every_decision_of_a_game_with_one_more_key_is_refused_and_changes_nothing(mode):
    spec = get_mode(mode)
    levels = {seat: spec.cpu_levels[0] for seat in range(spec.seats)}
    played = play_cpu_match(spec, 3, levels).record
    match = build_match({**played, "decisions": []})
    verbs = set()
    for decision in played["decisions"]:
        before = json_text(match.state_json())
        rejection = match.submit({**decision, "note": "x" * 60_000})
        assert rejection.error == "bad_decision", decision
        assert rejection.message == (
            f"Malformed decision: {decision['type']} has no field 'note'.")
        assert json_text(match.state_json()) == before
        assert match.submit(decision).ok
        verbs.add(decision["type"])
    assert match.decisions == played["decisions"]
    assert len(verbs) >= 2
    match.close()


@pytest.mark.slow
def test_a_record_whose_decision_has_an_extra_key_stops_there(tmp_path, capsys):
    record = play_cpu_match(get_mode("strike"), 2, {0: "easy", 1: "easy"}).record
    index = len(record["decisions"]) // 2
    record["decisions"][index] = {**record["decisions"][index], "comment": "hi"}
    outcome = replay(record)
    assert outcome.rejected_index == index and outcome.rejection.error == "bad_decision"
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert run(["replay", str(path), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["index"] == index
