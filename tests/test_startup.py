"""Start-up of every command imports only what it needs (issue 27: `tabula --help` and
`--version` took 8-11x the CPU of commit 99fa125, because building the help imported every
mode's content and pydantic models). Each check runs the command in a fresh interpreter and
looks at `sys.modules` afterwards: what is imported, never how long it took."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import game

REPO = Path(__file__).resolve().parent.parent
# Heavy or mode-specific modules a command that names no mode must not import.
HEAVY = ("pydantic", "esper", "arcade", "pyglet", "numpy", "PIL", "rich", "multiprocessing",
         "importlib.metadata", "game.engine.match", "game.engine.resources")


def modules_after(*argv: str, tmp_path: Path) -> list[str]:
    """The modules a fresh interpreter holds after `cli.run(argv)` (its output discarded)."""
    script = ("import io, json, sys, contextlib\n"
              "from game.__main__ import main\n"
              "with contextlib.redirect_stdout(io.StringIO()), "
              "contextlib.redirect_stderr(io.StringIO()):\n"
              f"    main({list(argv)!r})\n"
              "print(json.dumps(sorted(sys.modules)))\n")
    env = {**os.environ, "PYTHONPATH": str(REPO), "TABULA_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def mode_modules(modules: list[str]) -> list[str]:
    """The modules of a mode's rules, CPUs or screens (a mode's `card` is not one)."""
    return [m for m in modules
            if m.startswith(("game.systems.", "game.ai.", "game.scenes"))
            and not m.endswith(".card") and m.count(".") > 2]


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["simulate", "--help"]])
def test_version_and_help_import_no_mode_and_no_pydantic(argv, tmp_path):
    modules = modules_after(*argv, tmp_path=tmp_path)
    assert mode_modules(modules) == []
    heavy = [m for m in modules if m.startswith(HEAVY)]
    assert heavy == []
    if argv != ["--version"]:  # the help lists every mode from its card
        assert {f"game.systems.{m}.card" for m in ("crawl", "strike", "kingdom", "conquest")
                } <= set(modules)
    else:
        assert not any(m.startswith("game.systems") for m in modules)


@pytest.mark.slow
def test_a_command_imports_only_the_mode_it_plays(tmp_path):
    record = REPO / "tests" / "golden" / "crawl" / "normal_seed1.json"
    modules = modules_after("replay", str(record), "--json", tmp_path=tmp_path)
    loaded = {m.split(".")[2] for m in modules
              if m.startswith("game.systems.") and m.endswith(".mode")}
    assert loaded == {"crawl"}


def test_the_version_is_the_one_pyproject_declares():
    """`--version` prints `game.__version__` (importlib.metadata costs more than the rest of
    the command), so the package's version must be the one the wheel is built with."""
    declared = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert game.__version__ == declared["project"]["version"]
