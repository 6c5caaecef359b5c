"""Crafted record files always get an answer (issue 11 section 4): exit 0, 1 with a message, or 2
with the rejection, and never a traceback, a hang or an out-of-memory.

The property test mutates a valid record and a valid setup of each mode one field at a time
(wrong types, lists and objects for ids, text that is not valid Unicode, huge and negative
numbers, deep nesting, unknown keys, removed keys) and replays it through the command line the
way a player would (`replay FILE --json`, `--legal`, `--seat 0`). The other tests pin each
crash the issue reproduced.
"""

from __future__ import annotations

import contextlib
import functools
import glob
import io
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import cli
from game.engine import arena
from game.engine import record as record_mod
from game.engine.modes import get_mode
from game.engine.record import (
    MAX_DEPTH,
    RecordError,
    build_match,
    load_record,
    new_record,
    replay,
    save_record,
    state_hash,
    validate_record,
)

ROOT = Path(__file__).parent
MODES = ("strike", "crawl", "conquest", "kingdom")


# -- running the command line like a player -------------------------------------------------------
def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """`tabula ARGV` with stdout and stderr as strict UTF-8 streams (like a real console: a
    string that is not valid Unicode raises there, where a StringIO would take it)."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.run(argv)
    return code, out.buffer.getvalue().decode(), err.buffer.getvalue().decode()  # type: ignore[attr-defined]


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=True), encoding="ascii")  # \ud800 as an escape
    return path


def assert_answers(path: Path) -> None:
    """Every way a player replays a file gets exit 0, 1 or 2, and a failure says why."""
    for extra in ([], ["--legal"], ["--seat", "0"]):
        code, out, err = run_cli(["replay", str(path), "--json", *extra])
        assert code in (0, 1, 2), (extra, code, out, err)
        assert "Traceback" not in out + err
        if code == 1:
            assert err.startswith("tabula: ") and len(err) > 10, err
            assert json.loads(out)["error"] in ("bad_record", "bad_forced")
        elif code == 2:
            assert json.loads(out)["error"], out


# -- base records: a scenario with a setup, a short played match, a printed state as a setup ------
def _scenario_records(mode: str) -> list[dict[str, Any]]:
    if mode == "strike":
        return [s["record"] for s in json.loads((ROOT / "scenarios/strike.json").read_text())]
    found = []
    for name in sorted(glob.glob(str(ROOT / f"scenarios/{mode}/*.json"))):
        data = json.loads(Path(name).read_text())
        found.append({k: data[k] for k in ("format", "mode", "rules", "seed", "options",
                                           "setup", "decisions")})
    return found


def _played(mode: str, steps: int = 8) -> dict[str, Any]:
    """A record from the deal: the first legal decision of each seat to act, `steps` times."""
    spec = get_mode(mode)
    assert spec is not None
    record = new_record(mode, spec.rules_version, 5, dict(spec.default_options))
    match = build_match(validate_record(record))
    try:
        for _ in range(steps):
            if match.result is not None or not match.to_act:
                break
            seat = match.to_act[0]
            decision = match.legal_decisions(seat)[0]
            match.submit(decision)
        record["decisions"] = [dict(d) for d in match.decisions]
        state = match.state_json()
    finally:
        match.close()
    return {"played": record, "state": state}


def _replays_cleanly(record: dict[str, Any]) -> bool:
    outcome = replay(validate_record(record))
    outcome.match.close()
    return outcome.ok


@functools.cache
def bases(mode: str) -> tuple[str, ...]:
    """Valid records of a mode (as JSON text, so a mutation never leaks into the next one)."""
    with_setup = [r for r in _scenario_records(mode) if r["setup"] is not None and r["decisions"]]
    played = _played(mode)
    spec = get_mode(mode)
    assert spec is not None
    printed = new_record(mode, spec.rules_version, 5, dict(spec.default_options),
                         setup=played["state"])
    clean = next(r for r in with_setup if _replays_cleanly(r))
    found = [clean, played["played"]]
    try:  # a printed state is a valid setup where the spec says so (not kingdom's deck builder)
        build_match(validate_record(printed)).close()
        found.append(printed)
    except RecordError:
        pass
    return tuple(json.dumps(r) for r in found)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def _deep(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


NASTY = st.one_of(
    st.sampled_from([None, True, False, 0, 1, -1, 1.5, "", "x", "hidden", [], {}, [1], [[]],
                     {"a": 1}, {"id": "x"}, "\ud800", "a\udfffb", "p0.t²", "p0.t١", "u1\n",
                     "１", "é", 10**9, -10**9, 2**63, 10**4000, "x" * 100_000, [0] * 5000]),
    st.integers(min_value=-10**12, max_value=10**12),
    st.text(max_size=6),
    st.builds(_deep, st.sampled_from([MAX_DEPTH - 3, MAX_DEPTH + 1, 500])),
)


def _mutate(data: st.DataObject, record: dict[str, Any]) -> dict[str, Any]:
    """One change to one field: replace its value, delete it, or add an unknown key beside it.
    Half the time the field is inside the setup (when there is one)."""
    inside_setup = isinstance(record.get("setup"), dict) and data.draw(st.booleans())
    paths = _paths(record["setup"], ("setup",)) if inside_setup else _paths(record)
    path = data.draw(st.sampled_from(paths))
    parent: Any = record
    for key in path[:-1]:
        parent = parent[key]
    action = data.draw(st.sampled_from(["replace", "replace", "replace", "delete", "add_key"]))
    if action == "delete" and isinstance(parent, dict):
        del parent[path[-1]]
    elif action == "add_key" and isinstance(parent, dict):
        parent[data.draw(st.sampled_from(["zz_unknown", "\ud800", "id"]))] = data.draw(NASTY)
    else:
        parent[path[-1]] = data.draw(NASTY)
    return record


@pytest.mark.parametrize("mode", MODES)
@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
@pytest.mark.slow
def test_a_mutated_record_gets_exit_0_1_or_2_with_a_message(mode, data):
    base = json.loads(data.draw(st.sampled_from(bases(mode))))
    mutated = _mutate(data, base)
    with tempfile.TemporaryDirectory() as folder:
        assert_answers(write_json(Path(folder) / "crafted.json", mutated))


def test_the_bases_replay_cleanly(tmp_path):
    for mode in MODES:
        assert len(bases(mode)) >= 2
        for i, text in enumerate(bases(mode)):
            path = tmp_path / f"{mode}{i}.json"
            path.write_text(text)
            code, out, err = run_cli(["replay", str(path), "--json"])
            assert (code, err) == (0, ""), (mode, i, out)


# -- the file itself -------------------------------------------------------------------------------
def test_deep_nesting_is_a_message_not_a_recursion_error(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"format": 1, "decisions": ' + "[" * 100_000 + "]" * 100_000 + "}")
    code, out, err = run_cli(["replay", str(path)])
    assert code == 1 and err == f"tabula: {path}: not valid JSON (nested more than 64 levels deep)\n"
    shallow = tmp_path / "shallow.json"  # parses, but nests past MAX_DEPTH
    write_json(shallow, {"format": 1, "mode": "strike", "rules": "1", "seed": 1,
                         "decisions": [_deep(70)]})
    code, _, err = run_cli(["replay", str(shallow)])
    assert code == 1 and err == (f"tabula: {shallow}: record: decisions.0.0: nested more than "
                                 "64 levels deep\n")


@pytest.mark.parametrize(("text", "message"), [
    ('{"seed": NaN}', "not valid JSON (NaN is not a JSON number)"),
    ('{"seed": -Infinity}', "not valid JSON (-Infinity is not a JSON number)"),
    ('{"seed": ' + "7" * 5000 + "}",
     "not valid JSON (Exceeds the limit (4300 digits) for integer string conversion: "
     "value has 5000 digits)"),
])
def test_numbers_that_are_not_json_are_a_message(tmp_path, text, message):
    path = tmp_path / "n.json"
    path.write_text(text)
    assert run_cli(["replay", str(path)]) == (1, "", f"tabula: {path}: {message}\n")


def test_only_regular_files_under_the_size_limit_are_read(tmp_path, monkeypatch):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)  # opening it would wait for a writer forever
    for path in (folder, fifo, Path("/dev/zero")):
        code, _, err = run_cli(["replay", str(path)])
        assert (code, err) == (1, f"tabula: {path}: cannot read: not a regular file\n")
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(record_mod.MAX_RECORD_BYTES + 1)  # sparse: nothing is written
    code, _, err = run_cli(["replay", str(big)])
    assert (code, err) == (1, f"tabula: {big}: cannot read: {record_mod.MAX_RECORD_BYTES + 1} "
                              f"bytes is more than a record may hold "
                              f"({record_mod.MAX_RECORD_BYTES} bytes)\n")


# -- text that is not valid Unicode ----------------------------------------------------------------
def _strike(setup: Any = None, decisions: list[Any] | None = None) -> dict[str, Any]:
    return {"format": 1, "mode": "strike", "rules": "1", "seed": 1, "options": {},
            "setup": setup, "decisions": decisions or []}


@pytest.mark.parametrize(("record", "field"), [
    (_strike(decisions=[{"seat": 0, "type": "\ud800"}]), "decisions.0.type"),
    (_strike(setup={"phase": "draft", "name": "a\udc80"}), "setup.name"),
    ({**_strike(), "mode": "\ud800"}, "mode"),
])
def test_a_lone_surrogate_is_rejected_naming_the_field(tmp_path, record, field):
    path = write_json(tmp_path / "s.json", record)
    for json_flag in ([], ["--json"]):
        code, out, err = run_cli(["replay", str(path), *json_flag])
        assert code == 1
        assert err == (f"tabula: {path}: record: {field}: not valid Unicode text (a lone "
                       "surrogate escape such as \\ud800)\n")


def test_writers_never_fail_on_a_lone_surrogate(tmp_path, monkeypatch):
    data = {"name": "Zoë \ud800"}
    save_record(tmp_path / "r.json", data)  # the crawl end screen's save button
    assert json.loads((tmp_path / "r.json").read_text()) == data
    assert (tmp_path / "r.json").read_text() == '{\n "name": "Zo\\u00eb \\ud800"\n}\n'
    save_record(tmp_path / "ok.json", {"name": "Zoë"})  # valid text stays readable
    assert (tmp_path / "ok.json").read_text(encoding="utf-8") == '{\n "name": "Zoë"\n}\n'
    assert len(state_hash(data)) == 64
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    monkeypatch.setattr("sys.stdout", out)
    cli._emit(data)
    cli._emit_pretty({"name": "Zoë"})
    assert out.buffer.getvalue().decode() == ('{"name": "Zo\\u00eb \\ud800"}\n'
                                              '{\n "name": "Zoë"\n}\n')
    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="strict",
                                 write_through=True)  # a console that is not UTF-8
    monkeypatch.setattr("sys.stdout", ascii_out)
    cli._emit({"name": "Zoë"})
    assert ascii_out.buffer.getvalue() == b'{"name": "Zo\\u00eb"}\n'


# -- setups: ids, types, unknown keys, sizes ------------------------------------------------------
def _replay_error(tmp_path: Path, record: dict[str, Any]) -> str:
    path = write_json(tmp_path / "r.json", record)
    code, _, err = run_cli(["replay", str(path)])
    assert code == 1, err
    prefix = f"tabula: {path}: record: setup: "
    assert err.startswith(prefix), err
    return err[len(prefix):].rstrip("\n")


def _rec(mode: str, setup: dict[str, Any], options: dict[str, Any] | None = None):
    return {"format": 1, "mode": mode, "rules": "1", "seed": 1, "options": options or {},
            "setup": setup, "decisions": []}


STRIKE_UNITS = [{"owner": 0, "card": "flare_counter", "pos": [5, 5]},
                {"owner": 1, "card": "nature_wave", "pos": [7, 5]}]
KINGDOM_SEAT = {"faction": "rome", "hero": None, "level": 1}
CONQUEST_UNITS = [{"id": "p0.t1", "tile": "L01"}]


def _conquest(units):
    return {"phase": "movement", "board": {"setup_kind": "classic", "units": units}}


def _kingdom(**seat0):
    return {"phase": "planning", "board": {"seats": [{**KINGDOM_SEAT, **seat0}, KINGDOM_SEAT]}}


@pytest.mark.parametrize(("mode", "setup", "message"), [
    ("strike", {"phase": "combat", "board": {"units": [{"owner": 0, "card": [1], "pos": [1, 1]}]}},
     "board.units[0].card: unknown card [1]"),
    ("strike", {"phase": "combat", "board": {"units": [{"owner": 0, "card": {"a": 1}}]}},
     "board.units[0].card: unknown card {'a': 1}"),
    ("crawl", {"board": {"abilities": [["chaos"]]}},
     "board.abilities[0]: unknown ability ['chaos']"),
    ("crawl", {"board": {"abilities": [{"id": "chaos"}]}},
     "board.abilities[0]: unknown ability {'id': 'chaos'}"),
    ("conquest", _conquest([{"id": "p0.t²", "tile": "L01"}]), "board.units[0].id: bad unit id 'p0.t²'"),
    ("conquest", _conquest([{"id": "p0.t١", "tile": "L01"}]), "board.units[0].id: bad unit id 'p0.t١'"),
    ("conquest", _conquest([{"id": "p0.t1\n", "tile": "L01"}]),
     "board.units[0].id: bad unit id 'p0.t1\\n'"),
    ("conquest", _conquest([{"id": "p0.t" + "9" * 5000, "tile": "L01"}]),
     "board.units[0].id: bad unit id 'p0.t" + "9" * 52 + "..."),  # a 60-character excerpt
    ("kingdom", _kingdom(slots=[{"card": "rome_hastatus", "uid": "u1\n"}, None, None, None, None]),
     "setup.board.seats[0].slots[0].uid: must be \"u<n>\" with n in 1..999999, got 'u1\\n'"),
    ("kingdom", _kingdom(slots=[{"card": "rome_hastatus", "uid": "u١"}, None, None, None, None]),
     "setup.board.seats[0].slots[0].uid: must be \"u<n>\" with n in 1..999999, got 'u١'"),
])
def test_ids_of_the_wrong_type_or_not_ascii_are_rejected(tmp_path, mode, setup, message):
    assert _replay_error(tmp_path, _rec(mode, setup)) == message


def test_the_conquest_lookalike_digit_is_not_a_second_unit(tmp_path):
    """`p0.t١` (Arabic-Indic one) was accepted as unit 1 beside `p0.t1`."""
    setup = _conquest([{"id": "p0.t1", "tile": "L01"}, {"id": "p0.t١", "tile": "L02"}])
    assert _replay_error(tmp_path, _rec("conquest", setup)) == (
        "board.units[1].id: bad unit id 'p0.t١'")


@pytest.mark.parametrize(("mode", "setup", "message"), [
    ("strike", {"phase": "draft", "bogus": 1}, "bogus: unknown key"),
    ("strike", {"phase": "combat", "board": {"units": STRIKE_UNITS, "size": 3}},
     "board.size: unknown key"),
    ("strike", {"phase": "combat", "board": {"units": [{**STRIKE_UNITS[0], "speed": 9},
                                                       STRIKE_UNITS[1]]}},
     "board.units[0].speed: unknown key"),
    ("strike", {"phase": "combat", "board": {"units": [
        {**STRIKE_UNITS[0], "statuses": {"poison": 1}}, STRIKE_UNITS[1]]}},
     "board.units[0].statuses.poison: unknown key"),
    ("crawl", {"bogus": 1}, "bogus: unknown key"),
    ("conquest", {"phase": "commander", "board": {"units": []}, "bogus": 1}, "bogus: unknown key"),
    ("conquest", {"phase": "commander", "board": {"units": [], "fog": True}},
     "board.fog: unknown key"),
    ("conquest", _conquest([{"id": "p0.t1", "tile": "L01", "hp": 3}]),
     "board.units[0].hp: unknown key"),
    ("kingdom", {**_kingdom(), "bogus": 1}, "setup.bogus: unknown key"),
    ("kingdom", _kingdom(gems=3), "setup.board.seats[0].gems: unknown key"),
])
def test_every_mode_rejects_an_unknown_setup_key(tmp_path, mode, setup, message):
    assert _replay_error(tmp_path, _rec(mode, setup)) == message


@pytest.mark.parametrize(("mode", "setup", "message"), [
    ("strike", {"phase": "combat", "board": {"cols": 3000, "rows": 3000, "units": STRIKE_UNITS}},
     "board.cols: must be at most 64, got 3000"),
    ("strike", {"phase": "combat", "board": {"rows": 100_000, "units": STRIKE_UNITS}},
     "board.rows: must be at most 64, got 100000"),
    ("strike", {"phase": "draft", "board": {"cols": 2, "rows": 1, "zone_columns": 1}},
     "board.zone_columns: a zone of 1 tiles cannot hold the 3 heroes of a deck "
     "(zone_columns x rows)"),
    ("strike", {"phase": "combat", "board": {"units": [{**STRIKE_UNITS[0], "max_hp": 10**9},
                                                       STRIKE_UNITS[1]]}},
     "board.units[0].max_hp: must be at most 999, got 1000000000"),
    ("strike", {"phase": "combat", "turn": 10**6, "board": {"units": STRIKE_UNITS}},
     "turn: must be at most 300, got 1000000"),
    ("strike", {"phase": "combat", "board": {"units": STRIKE_UNITS, "rolls": [0] * 1001}},
     "board.rolls: must hold at most 1000 entries, got 1001"),
    ("crawl", {"board": {"hero": {"max_hp": 10**9}}},
     "board.hero.max_hp: must be at most 999, got 1000000000"),
    ("crawl", {"board": {"hero": {"gold": 10**9}}},
     "board.hero.gold: must be at most 999999, got 1000000000"),
    ("crawl", {"board": {"deck": [{"id": f"g{i}", "type": "gold", "value": 1}
                                  for i in range(221)]}},
     "board.deck: must hold at most 220 entries, got 221"),  # a mod's 200 and 20 abilities
    ("crawl", {"board": {"deck": [{"id": "g1", "type": "gold", "value": 10**6}]}},
     "board.deck[0].value: must be at most 999, got 1000000"),
    ("crawl", {"board": {"deck": [{"id": "g1", "type": "gold", "value": 1, "name": "n" * 65}]}},
     "board.deck[0].name: must be at most 64 characters, got 65"),
    ("crawl", {"turn": 10**6}, "turn: must be at most 99999, got 1000000"),
    ("conquest", {"phase": "over", "result": {"winner": 0, "reason": "round_cap"},
                  "board": {"setup_kind": "classic", "units": [], "battles": [
                      {"number": 10**6, "tile": "L01", "state": "done"}]}},
     "board.battles[0].number: must be at most 16, got 1000000"),
    ("kingdom", _kingdom(coins=10**9), "setup.board.seats[0].coins: must be at most 12999, "
                                       "got 1000000000"),
])
def test_every_size_a_setup_sets_is_bounded(tmp_path, mode, setup, message):
    assert _replay_error(tmp_path, _rec(mode, setup)) == message


# -- simulate --------------------------------------------------------------------------------------
def _no_games(monkeypatch):
    def fail(job):
        raise AssertionError("a game was played before the arguments were checked")
    monkeypatch.setattr(arena, "play_game", fail)


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "100000000"], "tabula: --games must be at most 1000000\n"),
    (["--jobs", "0"], "tabula: --jobs must be in 1..64\n"),
    (["--jobs", "100000"], "tabula: --jobs must be in 1..64\n"),
])
def test_simulate_bounds_its_counts(monkeypatch, args, message):
    _no_games(monkeypatch)
    assert run_cli(["simulate", "strike", *args]) == (64, "", message)


def test_simulate_checks_out_before_playing(tmp_path, monkeypatch):
    _no_games(monkeypatch)
    missing = tmp_path / "no" / "such" / "r.jsonl"
    assert run_cli(["simulate", "strike", "--games", "2", "--out", str(missing)]) == (
        64, "", f"tabula: --out {missing}: the folder {missing.parent} does not exist\n")
    assert run_cli(["simulate", "strike", "--games", "2", "--out", str(tmp_path)]) == (
        64, "", f"tabula: --out {tmp_path}: is a folder\n")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if not os.access(locked, os.W_OK):  # root writes anywhere
            out = locked / "r.jsonl"
            assert run_cli(["simulate", "strike", "--games", "2", "--out", str(out)]) == (
                64, "", f"tabula: --out {out}: the folder {locked} is not writable\n")
    finally:
        locked.chmod(0o700)


# -- interrupted saves ----------------------------------------------------------------------------
def test_a_save_removes_the_temp_file_an_interrupted_save_left(tmp_path):
    target = tmp_path / "strike.json"
    stale = tmp_path / ".strike.json.k2j4h1.tmp"
    stale.write_text('{"half": ')
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".strike.json.zz9.tmp"  # another process's write in flight
    fresh.write_text("{")
    other = tmp_path / ".crawl.json.k2j4h1.tmp"  # another file's temp
    other.write_text("{")
    os.utime(other, (old, old))
    save_record(target, _strike())
    assert not stale.exists()
    assert fresh.exists() and other.exists()
    assert load_record(target)["mode"] == "strike"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".crawl.json.k2j4h1.tmp", ".strike.json.zz9.tmp", "strike.json"]


def test_a_printed_state_with_every_key_still_loads_as_a_setup():
    """The unknown-key rule accepts every key a State JSON prints (the bases above use one)."""
    for mode in ("strike", "crawl", "conquest"):
        played = _played(mode, steps=12)
        spec = get_mode(mode)
        assert spec is not None
        printed = new_record(mode, spec.rules_version, 5, dict(spec.default_options),
                             setup=played["state"])
        outcome = replay(validate_record(printed))
        assert outcome.ok and outcome.match.state_json()["board"] == played["state"]["board"]
        outcome.match.close()
