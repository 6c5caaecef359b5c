"""The suite's own setup (docs/testing.md): the markers follow from where a test lives and what
it uses, the hypothesis profile sizes every property test, and a quiet run still says how many
tests passed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from tests.hypothesis_profiles import QUICK_EXAMPLES, examples, load_profile

REPO = Path(__file__).resolve().parent.parent


def pytest_run(*argv: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *argv],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def markers(*paths: str) -> dict[str, set[str]]:
    """Each collected test's markers (parametrized ids folded into their test), from one
    collection of `paths` in a fresh pytest (tests/marker_report.py prints them)."""
    out = pytest_run("--collect-only", "-q", "-p", "tests.marker_report", *paths)
    found: dict[str, set[str]] = {}
    for line in out.splitlines():
        if line.startswith("MARKS "):
            _, node, *names = line.split()
            found.setdefault(node.split("[")[0], set()).update(",".join(names).split(",") if names else ())
    return found


@pytest.mark.slow
def test_scene_and_network_markers_follow_the_folder_and_the_window_fixture():
    files = ("tests/test_home.py", "tests/scenes/test_redraw.py", "tests/net/test_discovery.py",
             "tests/scenes/net/test_network_play.py")
    marks = markers(*files)
    scene = {node for node, names in marks.items() if "scene" in names}
    network = {node for node, names in marks.items() if "network" in names}
    assert "tests/test_home.py::test_shot_and_simulate_leave_the_home_alone" in scene  # window
    assert "tests/test_home.py::test_replay_needs_no_home_when_it_is_a_file" not in scene
    assert {n.split("::")[0] for n in scene} == {
        "tests/test_home.py", "tests/scenes/test_redraw.py", "tests/scenes/net/test_network_play.py"}
    assert {n.split("::")[0] for n in network} == {
        "tests/net/test_discovery.py", "tests/scenes/net/test_network_play.py"}
    assert "slow" in marks["tests/test_home.py::test_bench_leaves_the_players_saves_alone"]
    assert "slow" not in marks["tests/test_home.py::test_replay_needs_no_home_when_it_is_a_file"]
    quick = pytest_run("--collect-only", "-q", "-m", "not slow", "tests/test_home.py")
    assert "tests/test_home.py::test_bench_leaves_the_players_saves_alone" not in quick  # -m too
    assert "tests/test_home.py::test_replay_needs_no_home_when_it_is_a_file" in quick


@pytest.mark.slow
def test_a_quiet_run_prints_how_many_tests_passed():
    out = pytest_run("-q", "tests/test_spec_extract.py")
    assert re.search(r"^6 passed in [0-9.]+s", out, flags=re.M), out


def test_the_default_profile_is_quick_and_repeatable(monkeypatch):
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)
    try:
        assert load_profile() == "quick"
        assert settings().max_examples == QUICK_EXAMPLES and settings().derandomize
        assert examples(50) == 50  # a test's own count is kept as written in CI
    finally:
        monkeypatch.undo()
        load_profile()


def test_the_long_profile_scales_every_count():
    settings.load_profile("long")
    try:
        assert settings().max_examples == 1000 and not settings().derandomize
        assert examples(50) == 833 and examples(15) == 250
    finally:
        load_profile()  # the run's own profile again
