"""Every acceptance record of spec kingdom.md section 9 (S1-S33), replayed and checked path by path.

The records live in tests/scenarios/kingdom/<id>.json, generated from the spec by
`extract_scenarios.py`, whose `--check` proves they still equal the spec, so a spec edit cannot
leave stale data behind; here the extractor is run on a verbatim slice of the spec. `expect` pairs are read from the full State JSON, or from a seat view when
the file has `seat_view`; `expect_error` names the rejected decision, and the state (and every
RNG stream) must be as it was before it. A few records also go through the real command line
(`python -m game replay FILE --json`), which is what the spec literally prescribes.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from game.engine.record import build_match, replay, validate_record
from tests.cli_helpers import run_cli
from tests.match_helpers import at_path, canonical, spec_sample, streams_state

from .scenario_helpers import (
    SCENARIOS,
    SPEC_ORDER,
    load_scenario,
    mirrored,
    scenario_names,
    unmasked,
)

NAMES = scenario_names()
ROOT = Path(__file__).resolve().parents[2]


def test_every_spec_scenario_is_here() -> None:
    assert NAMES == SPEC_ORDER


def test_the_extractor_makes_the_committed_files_of_the_spec_sample() -> None:
    from .extract_scenarios import extract

    found = extract(spec_sample("kingdom"))
    assert list(found) == ["E7d", "E8", "T1", "D1", "D2", "M1"]
    for name, scenario in found.items():
        assert load_scenario(name) == scenario, name


def _check_view(name: str, match: Any, seat: int, expect: list[list[Any]]) -> None:
    """Seat `seat`'s view shows `expect`, and equals the full state everywhere else."""
    state = match.state_json()
    view = match.view_json(seat)
    for path, value in expect:
        assert at_path(view, path) == value, (name, seat, path)
    restored = unmasked(view, state, [path for path, _ in expect])
    assert canonical(restored) == canonical(state), (name, seat, "a value outside the masks")


@pytest.mark.parametrize("name", NAMES)
def test_scenario(name: str) -> None:
    scenario = load_scenario(name)
    record = validate_record(scenario)
    outcome = replay(record)
    match = outcome.match
    if "expect_error" in scenario:
        wanted = scenario["expect_error"]
        assert outcome.rejected_index == wanted["index"], (outcome.rejected_index,
                                                           outcome.rejection)
        assert outcome.rejection is not None and outcome.rejection.error == wanted["error"], \
            outcome.rejection
        # The rejected decision left the state as the accepted ones made it.
        before = build_match(record)
        for decision in record["decisions"][: wanted["index"]]:
            assert before.submit(decision).ok, decision
        assert canonical(match.state_json()) == canonical(before.state_json())
        assert streams_state(match) == streams_state(before)
        return
    assert outcome.ok, (outcome.rejected_index, outcome.rejection)
    if "seat_view" not in scenario:
        state = match.state_json()
        for path, value in scenario["expect"]:
            assert at_path(state, path) == value, (name, path)
        return
    _check_view(name, match, scenario["seat_view"], scenario["expect"])
    if "mirror_seat" in scenario:  # "with --seat 0 the shop masking is the other way round"
        _check_view(name, match, scenario["mirror_seat"],
                    mirrored(scenario["expect"], match.state_json()))


def _cli(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return run_cli(["replay", str(path), "--json", *extra])


@pytest.mark.parametrize("name", ["K4", "K13", "E8"])
def test_cli_replay_accepted(name: str) -> None:
    proc = _cli(SCENARIOS / f"{name}.json")
    assert proc.returncode == 0, proc.stderr
    state = json.loads(proc.stdout)
    for path, value in load_scenario(name)["expect"]:
        assert at_path(state, path) == value, (name, path)


@pytest.mark.parametrize("name", ["E5b", "E7d"])
def test_cli_replay_rejected(name: str) -> None:
    proc = _cli(SCENARIOS / f"{name}.json")
    assert proc.returncode == 2, proc.stderr
    out = json.loads(proc.stdout)
    wanted = load_scenario(name)["expect_error"]
    assert out["index"] == wanted["index"] and out["error"] == wanted["error"]
    assert out["message"]


@pytest.mark.slow
def test_cli_seat_view() -> None:
    """S33 as the spec words it: `--seat 1 --json` masks seat 0's shop and the seed."""
    scenario = load_scenario("M1")
    proc = _cli(SCENARIOS / "M1.json", "--seat", str(scenario["seat_view"]))
    assert proc.returncode == 0, proc.stderr
    view = json.loads(proc.stdout)
    for path, value in scenario["expect"]:
        assert at_path(view, path) == value, path
    full = _cli(SCENARIOS / "M1.json")
    assert full.returncode == 0, full.stderr
    state = json.loads(full.stdout)
    restored = unmasked(view, state, [path for path, _ in scenario["expect"]])
    assert canonical(restored) == canonical(state)
