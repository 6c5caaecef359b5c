"""game.engine.record: validation naming the field, save/load, atomic writes, hashes, replay."""

from __future__ import annotations

import json
import os

import pytest

from game.engine import record as record_mod
from game.engine.record import (
    FORMAT,
    RecordError,
    build_match,
    canonical_json,
    load_record,
    match_record,
    new_record,
    replay,
    save_record,
    state_hash,
    validate_record,
)

GOOD = {"format": 1, "mode": "synthetic", "rules": "1", "seed": 7, "options": {},
        "setup": None, "decisions": []}


def with_(**changes):
    data = dict(GOOD)
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


PLAY = [
    {"seat": 0, "type": "strike", "unit": "p0.u0", "target": "p1.u0"},
    {"seat": 1, "type": "strike", "unit": "p1.u2", "target": "p0.u1"},
    {"seat": 0, "type": "pass"},
    {"seat": 1, "type": "strike", "unit": "p1.u0", "target": "p0.u0"},
]


# -- validate_record -----------------------------------------------------------------------------
@pytest.mark.parametrize(("data", "message"), [
    ([], "record: must be a JSON object"),
    (with_(seed=...), "record: seed: Field required"),
    (with_(seed="7"), "record: seed: Input should be a valid integer"),
    (with_(seed=True), "record: seed: Input should be a valid integer"),
    (with_(seed=7.5), "record: seed: Input should be a valid integer"),
    (with_(decisions=...), "record: decisions: Field required"),
    (with_(decisions={}), "record: decisions: Input should be a valid list"),
    (with_(mode=3), "record: mode: Input should be a valid string"),
    (with_(format=...), "record: format: Field required"),
    (with_(format="1"), "record: format: Input should be a valid integer"),
    (with_(format=2), "record: format 2 is newer than this Tabula reads (1)"),
    (with_(format=0), "record: format 0 is not a valid format"),
    (with_(setup=[]), "record: setup: Input should be a valid dictionary"),
    (with_(options=None), "record: options: Input should be a valid dictionary"),
    (with_(mode="chess"), "record: mode: unknown mode 'chess' (known: synthetic)"),
    (with_(rules="2"), "record: rules: synthetic rules version '2' is not one this Tabula "
                       "plays ('1')"),
    (with_(options={"ai": ["first"]}), "record: options.ai: must be an object of seat -> CPU "
                                        "level"),
    (with_(options={"ai": {"1": "godlike"}}), "record: options.ai.1: unknown CPU level "
                                               "'godlike' (first, random)"),
    (with_(options={"ai": {"2": "first"}}), "record: options.ai.2: no such seat in synthetic"),
    (with_(options={"ai": {"x": "first"}}), "record: options.ai.x: no such seat in synthetic"),
    (with_(options={"ai": {"-1": "first"}}), "record: options.ai.-1: no such seat in synthetic"),
    (with_(options={"ai": {"01": "first"}}), "record: options.ai.01: no such seat in synthetic"),
    (with_(options={"ai": {"¹": "first"}}), "record: options.ai.¹: no such seat in synthetic"),
])
def test_validate_record_names_the_field(synthetic, data, message):
    with pytest.raises(RecordError) as info:
        validate_record(data)
    assert str(info.value) == message


def test_validate_record_accepts_defaults_and_keeps_extra_keys(synthetic):
    data = {"format": FORMAT, "mode": "synthetic", "rules": "1", "seed": 3,
            "decisions": [{"anything": True}], "expect": {"turn": 2}}
    assert validate_record(data) == {
        "format": 1, "mode": "synthetic", "rules": "1", "seed": 3, "options": {},
        "setup": None, "decisions": [{"anything": True}], "expect": {"turn": 2}}
    ok = with_(options={"ai": {"0": "first", "1": "random"}, "variant": "x"})
    assert validate_record(ok)["options"] == {"ai": {"0": "first", "1": "random"}, "variant": "x"}


def test_check_options_of_the_mode_is_applied(synthetic, registry):
    from dataclasses import replace

    registry.register(replace(synthetic, check_options=lambda options, seed: (
        None if options.get("variant") in (None, "normal") else "variant: must be normal")))
    validate_record(with_(options={"variant": "normal"}))
    with pytest.raises(RecordError, match="^record: options: variant: must be normal$"):
        validate_record(with_(options={"variant": "odd"}))


# -- save / load ---------------------------------------------------------------------------------
def test_save_and_load_round_trip(synthetic, tmp_path):
    data = new_record("synthetic", "1", 11, {"ai": {"1": "first"}}, {"units": []}, PLAY[:1])
    data["expect"] = {"note": "kept"}
    path = tmp_path / "saves" / "one.json"
    save_record(path, data)
    assert load_record(path) == data
    assert json.loads(path.read_text(encoding="utf-8")) == data
    assert os.listdir(path.parent) == ["one.json"]


def test_load_record_errors_name_the_file(synthetic, tmp_path):
    missing = tmp_path / "missing.json"
    with pytest.raises(RecordError, match=r"missing\.json: cannot read: No such file"):
        load_record(missing)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1,\n  "seed": }', encoding="utf-8")
    with pytest.raises(RecordError, match=r"bad\.json: not valid JSON \(line 2: Expecting value\)"):
        load_record(bad)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{}")
    with pytest.raises(RecordError, match=r"binary\.json: not valid JSON \(not UTF-8 text"):
        load_record(binary)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(with_(seed=...)), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(wrong)
    assert str(info.value) == f"{wrong}: record: seed: Field required"


@pytest.mark.parametrize("crash_in", ["replace", "fsync"])
@pytest.mark.parametrize("error", [OSError("disk on fire"), KeyboardInterrupt()])
def test_a_crash_while_saving_keeps_the_old_file_and_leaves_no_temp(tmp_path, monkeypatch,
                                                                   crash_in, error):
    path = tmp_path / "save.json"
    save_record(path, with_(seed=1))
    old = path.read_bytes()

    def crash(*args, **kwargs):
        raise error

    monkeypatch.setattr(record_mod.os, crash_in, crash)
    with pytest.raises(type(error)):
        save_record(path, with_(seed=2, decisions=[{"seat": 0, "type": "pass"}] * 50))
    monkeypatch.undo()
    assert path.read_bytes() == old
    assert os.listdir(tmp_path) == ["save.json"]


def test_a_save_replaces_the_file_whole(tmp_path):
    path = tmp_path / "save.json"
    save_record(path, with_(decisions=[{"seat": 0, "type": "pass"}] * 100))
    save_record(path, with_(seed=2))
    assert json.loads(path.read_text(encoding="utf-8")) == with_(seed=2)
    assert os.listdir(tmp_path) == ["save.json"]


# -- hashes and replays ---------------------------------------------------------------------------
def test_state_hash_is_stable():
    state = {"mode": "synthetic", "seed": 7, "board": {"units": []}}
    assert canonical_json(state) == '{"mode":"synthetic","seed":7,"board":{"units":[]}}'
    assert state_hash(state) == (
        "aae178b0ca6dbf00100f54a39a7ce2ae9387ba8d3fc8bb2b423de053a6d9f2e2")
    assert canonical_json({"name": "Zoë"}) == '{"name":"Zoë"}'


def test_replays_of_one_record_reach_the_same_state(synthetic):
    data = validate_record(with_(decisions=PLAY))
    first, second = replay(data), replay(data)
    assert first.ok and second.ok
    assert first.rejected_index is None
    assert first.match.state_json() == second.match.state_json()
    assert state_hash(first.match.state_json()) == state_hash(second.match.state_json())
    shorter = replay(validate_record(with_(decisions=PLAY[:3])))
    assert state_hash(shorter.match.state_json()) != state_hash(first.match.state_json())
    assert [len(events) for events in first.events] == [1, 1, 0, 1]
    assert first.events[0][0].type == "damage_dealt"


def test_replay_stops_at_the_first_rejection(synthetic):
    decisions = [PLAY[0], PLAY[1], {"seat": 1, "type": "pass"}, PLAY[2], {"seat": 0}]
    outcome = replay(validate_record(with_(decisions=decisions)))
    assert not outcome.ok
    assert outcome.rejected_index == 2
    assert outcome.rejection.as_json() == {"error": "not_your_turn",
                                           "message": "It is not your turn."}
    assert len(outcome.events) == 2
    assert outcome.match.decisions == decisions[:2]


def test_match_record_replays_to_the_same_state(synthetic):
    match = build_match(new_record("synthetic", "1", 21, {"ai": {"0": "first"}}))
    for _ in range(6):
        assert match.submit(match.legal_decisions(match.to_act[0])[0]).ok
    data = match_record(match)
    assert data == new_record("synthetic", "1", 21, {"ai": {"0": "first"}}, None,
                              match.decisions)
    assert replay(validate_record(data)).match.state_json() == match.state_json()


def test_a_setup_record_replays_from_its_position(synthetic):
    setup = {"units": [{"id": "a", "seat": 0, "hp": 3}, {"id": "b", "seat": 1, "hp": 2}],
             "forced": {"fight": [2]}}
    data = validate_record(with_(setup=setup, decisions=[
        {"seat": 0, "type": "strike", "unit": "a", "target": "b"}]))
    outcome = replay(data)
    assert outcome.match.result == {"winner": 0, "reason": "elimination"}
    assert match_record(outcome.match)["setup"] == setup


@pytest.mark.parametrize(("setup", "message"), [
    ({"units": [{"id": "a", "seat": 0}]}, "record: setup: units.0.hp: Field required"),
    ({"units": 5}, "record: setup: units: Input should be a valid list"),
    ({"units": [{"id": "a", "seat": 5, "hp": 3}]},
     "record: setup: units.0.seat: no seat 5 (seats are 0 and 1)"),
    ({"units": [{"id": "a", "seat": 0, "hp": 3}, {"id": "a", "seat": 1, "hp": 3}]},
     "record: setup: units.1.id: duplicate unit id 'a'"),
    ({"units": [], "forced": {"dice": [1]}},
     "record: setup: setup.forced.dice: this stream cannot be forced (fight)"),
    ({"units": [], "forced": {"fight": 4}}, "record: setup: setup.forced.fight: must be a list "
                                            "of values"),
])
def test_a_bad_setup_is_a_record_error(synthetic, setup, message):
    with pytest.raises(RecordError) as info:
        build_match(validate_record(with_(setup=setup)))
    assert str(info.value) == message


def test_a_bad_forced_value_in_a_replay_is_a_record_error(synthetic):
    setup = {"units": [{"id": "a", "seat": 0, "hp": 3}, {"id": "b", "seat": 1, "hp": 3}],
             "forced": {"fight": [0]}}
    data = validate_record(with_(setup=setup, decisions=[
        {"seat": 0, "type": "strike", "unit": "a", "target": "b"}]))
    with pytest.raises(RecordError) as info:
        replay(data)
    assert str(info.value) == ("record: setup: bad_forced: forced.fight[0]: expected an integer "
                               "in 1..6, got 0")


def test_a_pydantic_error_from_a_mode_setup_is_a_record_error(synthetic, registry):
    """A mode that validates its setup with pydantic without wrapping the error."""
    from dataclasses import replace

    from pydantic import BaseModel

    class Strict(BaseModel):
        size: int

    def create(record, resources):
        Strict.model_validate(record["setup"])
        raise AssertionError("unreachable")

    registry.register(replace(synthetic, create_match=create))
    with pytest.raises(RecordError, match=r"^record: setup: size: Field required$"):
        build_match(validate_record(with_(setup={})))
