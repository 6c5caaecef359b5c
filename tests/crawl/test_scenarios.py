"""Every acceptance record of spec crawl.md section 9, replayed and checked path by path.

`expect` pairs are read from the full State JSON, or from the seat view with `"seat_view": 0`;
`expect_error` names the rejected decision, and the state must be as it was before it. A few
records also go through the real command line (`python -m game replay FILE --json`).
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


def test_every_spec_scenario_is_here():
    expected = {f"C{n}" for n in range(1, 50)} - {"C18"} | {
        "C5b", "C9b", "C11b", "C12a", "C12b", "C17b", "C18a", "C18b"}
    assert set(NAMES) == expected


def test_the_extractor_makes_the_committed_files_of_the_spec_sample():
    """The records are what extract_scenarios.py makes of the spec's own text, shown on the
    verbatim slice of section 9 in data/ (the script's `--check` compares every file)."""
    from .extract_scenarios import extract

    found = extract(spec_sample("crawl"))
    assert list(found) == ["C1", "C2", "C3"]
    for name, record in found.items():
        assert load_scenario(name) == record, name


@pytest.mark.parametrize("name", NAMES)
def test_scenario(name):
    record = validate_record(load_scenario(name))
    outcome = replay(record)
    match = outcome.match
    if "expect_error" in record:
        wanted = record["expect_error"]
        assert outcome.rejected_index == wanted["index"], outcome.rejection
        assert outcome.rejection is not None and outcome.rejection.error == wanted["error"]
        # The rejected decision left the state as the accepted ones made it.
        before = build_match(record)
        for decision in record["decisions"][: wanted["index"]]:
            assert before.submit(decision).ok
        assert canonical(match.state_json()) == canonical(before.state_json())
        return
    assert outcome.ok, (outcome.rejected_index, outcome.rejection)
    state = match.view_json(record["seat_view"]) if "seat_view" in record else match.state_json()
    for path, value in record["expect"]:
        assert at_path(state, path) == value, (name, path)


def _cli(path: Path) -> subprocess.CompletedProcess[str]:
    return run_cli(["replay", str(path), "--json"])


@pytest.mark.parametrize("name", ["C9", "C11", "C44"])
def test_cli_replay_accepted(name):
    proc = _cli(SCENARIOS / f"{name}.json")
    assert proc.returncode == 0, proc.stderr
    state = json.loads(proc.stdout)
    for path, value in load_scenario(name)["expect"]:
        assert at_path(state, path) == value


@pytest.mark.parametrize("name", ["C5b", "C41"])
def test_cli_replay_rejected(name):
    proc = _cli(SCENARIOS / f"{name}.json")
    assert proc.returncode == 2, proc.stderr
    out = json.loads(proc.stdout)
    wanted = load_scenario(name)["expect_error"]
    assert out["index"] == wanted["index"] and out["error"] == wanted["error"]
    assert out["message"]


def test_cli_seat_view(tmp_path):
    proc = run_cli(["replay", str(SCENARIOS / "C49.json"), "--json", "--seat", "0"])
    assert proc.returncode == 0, proc.stderr
    view = json.loads(proc.stdout)
    assert view["seed"] == "hidden" and view["board"]["deck"] == "hidden"
