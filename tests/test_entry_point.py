"""The entry point and the README: what a new user runs first (issue 11, section 1)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import game.__main__ as entry

REPO = Path(__file__).resolve().parent.parent


def test_the_entry_point_calls_freeze_support_before_the_command_line(monkeypatch):
    """A frozen build's spawned worker must become the worker, not a second game window. A
    normal interpreter skips it (and the import of multiprocessing: tests/test_startup.py)."""
    import multiprocessing
    import sys

    import game.cli

    calls: list[str] = []
    monkeypatch.setattr(multiprocessing, "freeze_support", lambda: calls.append("freeze"))
    monkeypatch.setattr(game.cli, "run", lambda argv: calls.append(f"run {argv}") or 0)
    assert entry.main(["validate"]) == 0
    assert calls == ["run ['validate']"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert entry.main(["validate"]) == 0
    assert calls == ["run ['validate']", "freeze", "run ['validate']"]


def readme_record() -> dict:
    """The match record the README shows as its example."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    records = [json.loads(b) for b in blocks if '"format"' in b]
    assert len(records) == 1, "the README shows one example record"
    return records[0]


def test_the_readme_example_record_replays_cleanly(tmp_path, capsys):
    from game.cli import run

    path = tmp_path / "example.json"
    path.write_text(json.dumps(readme_record()), encoding="utf-8")
    assert run(["replay", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["mode"] == "crawl" and state["result"] is None


def test_the_readme_quick_start_is_what_ci_runs():
    """The README's test command is the one .ci/run runs, in a new venv of its own."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    command = re.search(r'^pip install -e "\.\[test\]" && (python -m pytest.*)$', readme, flags=re.M)
    assert command and "-n auto" in command[1]  # in parallel (pytest-xdist, the test extra)
    assert "pip install -e . && tabula" in readme
    assert re.search(rf"^{re.escape(command[1])}$", ci, flags=re.M)
    commands = [line.split("#")[0] for line in ci.splitlines()]
    assert any(re.search(r"-m venv \S", line) for line in commands)
    assert not any("--system-site-packages" in line for line in commands)
