"""The wheel carries resources/ as game/resources, and an installed game finds them (NOTES 4).

Builds a wheel of a copy of the project with the installed hatchling (no network), checks its
files, installs it into a fresh venv (system site packages for the dependencies, no deps
resolved) and asks the installed `game.paths.resources_dir()` where the resources are.
About 5-10 s; deselect locally with `-m "not packaging"`, CI runs it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

REPO = Path(__file__).resolve().parent.parent
PROBE = "_packaging_probe/probe.toml"  # only ever written into the tmp copy


def resource_files(root: Path) -> list[str]:
    if not root.is_dir():
        return []
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def run(*argv: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, f"{argv}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path, list[str]]:
    """(the wheel, the work folder, the resource files it must hold)."""
    pytest.importorskip("hatchling", reason="hatchling builds the wheel offline")
    work = tmp_path_factory.mktemp("packaging")
    project = work / "project"
    project.mkdir()
    for name in ("pyproject.toml", "README.md", ".gitignore"):
        if (REPO / name).exists():
            shutil.copy2(REPO / name, project / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(REPO / "game", project / "game", ignore=ignore)
    if (REPO / "resources").is_dir():
        shutil.copytree(REPO / "resources", project / "resources", ignore=ignore)
    expected = resource_files(project / "resources")
    if not expected:
        # No resource files yet: check the mechanism with a probe file in the copy.
        (project / "resources" / PROBE).parent.mkdir(parents=True)
        (project / "resources" / PROBE).write_text("probe = true\n", encoding="utf-8")
        expected = [PROBE]
    dist = work / "dist"
    run(sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--no-build-isolation",
        "--no-index", "--disable-pip-version-check", "-w", dist, cwd=project)
    (wheel,) = dist.glob("tabula-*.whl")
    return wheel, work, expected


def test_the_wheel_contains_every_resource_file_under_game_resources(built):
    wheel, _, expected = built
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"game/resources/{rel}" for rel in expected} <= names
    assert not any(n.startswith("resources/") for n in names)  # only under game/
    assert {"game/__init__.py", "game/__main__.py", "game/paths.py", "game/cli.py",
            "game/engine/match.py", "game/components/common.py"} <= names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "tabula = game.__main__:main" in text


def test_an_installed_wheel_finds_its_resources_in_site_packages(built):
    wheel, work, expected = built
    venv = work / "venv"
    run(sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", venv, cwd=work)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    # the system pip (visible through the system site packages) installs into the venv
    run(python, "-m", "pip", "install", "--no-deps", "--no-index",
        "--disable-pip-version-check", wheel, cwd=work)
    probe = ("import json, sys; from game.paths import resources_dir; import game; "
             "root = resources_dir(); print(json.dumps({'root': str(root), "
             "'game': game.__file__, 'site': [p for p in sys.path if 'site-packages' in p], "
             "'files': sorted(p.relative_to(root).as_posix() for p in root.rglob('*') "
             "if p.is_file())}))")
    report = json.loads(run(python, "-c", probe, cwd=work).stdout)
    venv_site = next(Path(p) for p in report["site"] if Path(p).is_relative_to(venv))
    assert Path(report["game"]).is_relative_to(venv_site)  # not the checkout
    assert Path(report["root"]) == venv_site / "game" / "resources"
    assert set(expected) <= set(report["files"])

    # the console script is installed and runs the command line (a usage error: exit 64)
    script = venv / ("Scripts/tabula.exe" if os.name == "nt" else "bin/tabula")
    done = subprocess.run([str(script), "replay"], cwd=work, capture_output=True, text=True,
                          timeout=60, env={k: v for k, v in os.environ.items()
                                           if k != "PYTHONPATH"})
    assert done.returncode == 64, done.stderr
    assert "Traceback" not in done.stderr
