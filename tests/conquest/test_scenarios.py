"""Every acceptance scenario of spec conquest.md section 9, replayed and checked path by path.

`expect` pairs are read from the full State JSON, or from the seat view named by `seat_view`;
`expect_error` names the rejected decision, and the state must be as the accepted decisions
before it left it. A few records also go through the real command line.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from game.engine.record import build_match, replay, validate_record
from tests.cli_helpers import run_cli
from tests.match_helpers import spec_sample

from .helpers import SCENARIOS, at_path, canonical, load_scenario, scenario_names

NAMES = scenario_names()
ROOT = Path(__file__).resolve().parents[2]


def test_every_spec_scenario_is_here():
    assert NAMES == [str(n) for n in range(1, 71)]


def test_the_extractor_makes_the_committed_files_of_the_spec_sample():
    """The records are what extract_scenarios.py makes of the spec's own text, shown on the
    verbatim slice of section 9 in data/ (the script's `--check` compares every file)."""
    from .extract_scenarios import extract

    found = extract(spec_sample("conquest"))
    assert list(found) == [str(n) for n in range(1, 13)]
    for name, record in found.items():
        assert load_scenario(name) == record, name


@pytest.mark.parametrize("name", NAMES)
def test_scenario(name):
    record = validate_record(load_scenario(name))
    outcome = replay(record)
    match = outcome.match
    if "expect_error" in record:
        wanted = record["expect_error"]
        assert outcome.rejected_index == wanted["index"], (outcome.rejected_index,
                                                           outcome.rejection)
        assert outcome.rejection is not None and outcome.rejection.error == wanted["error"]
        before = build_match(record)
        for decision in record["decisions"][: wanted["index"]]:
            assert before.submit(decision).ok
        assert canonical(match.state_json()) == canonical(before.state_json())
        return
    assert outcome.ok, (outcome.rejected_index, outcome.rejection)
    state = match.view_json(record["seat_view"]) if "seat_view" in record else match.state_json()
    for path, value in record["expect"]:
        assert at_path(state, path) == value, (name, path, at_path(state, path))


def _cli(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return run_cli(["replay", str(path), "--json", *extra])


@pytest.mark.slow
def test_cli_replay_accepted_and_seat_view():
    proc = _cli(SCENARIOS / "26.json")
    assert proc.returncode == 0, proc.stderr
    state = json.loads(proc.stdout)
    for path, value in load_scenario("26")["expect"]:
        assert at_path(state, path) == value
    proc = _cli(SCENARIOS / "18.json", "--seat", "1")
    assert proc.returncode == 0, proc.stderr
    view = json.loads(proc.stdout)
    assert view["seed"] == "hidden" and view["board"]["orders"] == ["hidden", {}]


def test_cli_replay_rejected():
    proc = _cli(SCENARIOS / "41.json")
    assert proc.returncode == 2, proc.stderr
    out = json.loads(proc.stdout)
    assert out["index"] == 5 and out["error"] == "must_retreat_all" and out["message"]


@pytest.mark.slow
def test_cli_legal_lists_seat_by_seat():
    proc = _cli(SCENARIOS / "20.json", "--legal")
    assert proc.returncode == 0, proc.stderr
    legal = json.loads(proc.stdout)
    assert [d["seat"] for d in legal] == [0, 0, 0, 0, 1, 1, 1]
    assert legal[:4] == [{"seat": 0, "type": "reinforce", "units": []},
                         {"seat": 0, "type": "reinforce", "units": ["p0.t3"]},
                         {"seat": 0, "type": "reinforce", "units": ["p0.i3"]},
                         {"seat": 0, "type": "ready"}]
    proc = _cli(SCENARIOS / "20.json", "--legal", "--seat", "1")
    assert json.loads(proc.stdout) == legal[4:]
