"""Every acceptance record of spec strike.md section 9, replayed and checked path by path.

`expect` pairs are read from the replayed State JSON; `expect_error` names the rejected decision
(and the state must be the one before it); `expect_legal_moves` counts a unit's `move`
decisions in `--legal` before the failing decision. The CPU expectations (`expect_ai`, S30-S41)
belong to the CPU's tests (tests/strike/test_ai*.py); here their setups must load and list a
legal decision equal to the expected one.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from game.engine.record import build_match, replay, validate_record
from tests.cli_helpers import run_cli
from tests.match_helpers import spec_data, spec_sample

from .extract_scenarios import scenario_file, shorthand_rows
from .helpers import SCENARIOS, at_path, canonical, load_scenarios, record_of

SCENARIO_LIST = load_scenarios()
NAMES = [s["name"] for s in SCENARIO_LIST]
BY_NAME = {s["name"]: s for s in SCENARIO_LIST}


def test_every_spec_scenario_is_here():
    assert NAMES == [f"S{n:02d}" for n in range(1, 42)]


def test_the_extractor_copies_the_scenario_block_verbatim():
    """strike.json is section 9.1's JSON block byte for byte, as extract_scenarios.py takes it
    (its `--check` compares the committed file with the spec)."""
    committed = SCENARIOS.read_text(encoding="utf-8")
    printed = f"### 9.1 Scenario data (`tests/scenarios/strike.json`)\n\nText.\n\n```json\n{committed}```\n"
    assert scenario_file(printed) == committed
    assert json.loads(committed) == SCENARIO_LIST


@pytest.mark.parametrize("name", NAMES)
def test_scenario(name):
    scenario = BY_NAME[name]
    record = validate_record(scenario["record"])
    outcome = replay(record)
    match = outcome.match
    if "expect_error" in scenario:
        wanted = scenario["expect_error"]
        assert outcome.rejected_index == wanted["index"], outcome.rejection
        assert outcome.rejection is not None and outcome.rejection.error == wanted["error"]
        before = build_match(record)
        for decision in record["decisions"][: wanted["index"]]:
            assert before.submit(decision).ok
        assert canonical(match.state_json()) == canonical(before.state_json())
        if "expect_legal_moves" in scenario:
            legal = scenario["expect_legal_moves"]
            moves = [d for d in before.legal_decisions(legal["seat"])
                     if d["type"] == "move" and d["unit"] == legal["unit"]]
            assert len(moves) == legal["count"]
    else:
        assert outcome.ok, (outcome.rejected_index, outcome.rejection)
    state = match.state_json()
    for path, value in scenario.get("expect", []):
        assert at_path(state, path) == value, (name, path)
    if "expect_ai" in scenario:
        decision = scenario["expect_ai"]["decision"]
        seat = decision["seat"]
        assert state["to_act"] == [seat]
        assert decision in match.legal_decisions(seat)


def test_state_example_round_trips():
    """The State JSON example of section 6, loaded as a setup, prints back byte for byte."""
    example = spec_data("strike", "state_example")
    match = build_match(record_of(example, seed=9, ai={"1": "normal"}))
    assert json.dumps(match.state_json()) == json.dumps(example)
    view = match.view_json(1)
    assert view["seed"] == "hidden" and view["board"]["rolls"] == "hidden"
    assert {k: v for k, v in view["board"].items() if k != "rolls"} == {
        k: v for k, v in example["board"].items() if k != "rolls"}


def _cli(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(["replay", str(path), "--json", *args])


@pytest.mark.slow
def test_cli_replay(tmp_path):
    path = tmp_path / "s16.json"
    path.write_text(json.dumps(BY_NAME["S16"]["record"]), encoding="utf-8")
    proc = _cli(path)
    assert proc.returncode == 0, proc.stderr
    state = json.loads(proc.stdout)
    for p, value in BY_NAME["S16"]["expect"]:
        assert at_path(state, p) == value
    bad = tmp_path / "s23.json"
    bad.write_text(json.dumps(BY_NAME["S23"]["record"]), encoding="utf-8")
    proc = _cli(bad)
    assert proc.returncode == 2
    out = json.loads(proc.stdout)
    assert out["index"] == 0 and out["error"] == "must_act" and out["message"]


def test_scenarios_path():
    assert SCENARIOS.name == "strike.json"


KEYWORDS = {"U", "C", "A", "M", "null", "true", "false", "None"}


def _evaluate(text: str) -> object:
    from . import helpers

    def quote(m: re.Match[str]) -> str:
        word = m.group(0)
        rest = m.string[m.end():m.end() + 1]
        if word in KEYWORDS or rest in ("=", "("):
            return word
        return f'"{word}"'

    # quote bare ids (card and unit ids) outside JSON strings
    parts = re.split(r'("[^"]*")', text)
    code = "".join(p if p.startswith('"') else re.sub(r"\b[a-z_][a-z0-9_.]*\b", quote, p)
                   for p in parts)
    env = {"U": helpers.U, "C": helpers.C, "A": helpers.A, "M": helpers.M, "null": None}
    return eval(code, env)  # noqa: S307 - the spec's own shorthand, test-only


def test_section_9_shorthand_builds_the_json_records():
    rows = shorthand_rows(spec_sample("strike"))  # the spec's table, verbatim
    assert [n for n, _, _ in rows] == list(range(1, 42))
    for n, setup, decisions in rows:
        record = BY_NAME[f"S{n:02d}"]["record"]
        if setup.startswith("C("):
            assert _evaluate(setup) == record["setup"], n
        assert _evaluate(decisions) == record["decisions"], n
