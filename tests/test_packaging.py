"""The wheel carries resources/ as game/resources, and an installed game works on its own.

Builds a wheel of a copy of the project with hatchling (the test extra), checks its files, then
installs it **with its dependencies** into a new venv that cannot see this interpreter's
packages, and runs the installed `tabula` there: `validate`, `replay` of a record and `shot`.
A dependency that pyproject.toml forgets fails here, as it would for a player. About 30-60 s
(pip resolves the dependencies from the package index, usually from its cache); deselect
locally with `-m "not packaging"`, CI runs it.
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

pytestmark = [pytest.mark.packaging, pytest.mark.slow]

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


@pytest.mark.slow
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


@pytest.fixture(scope="module")
def installed(built) -> tuple[Path, Path]:
    """(the venv's bin folder, the work folder): the wheel and its dependencies, nothing else."""
    wheel, work, _ = built
    venv = work / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=work)  # no system site packages
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    run(bin_dir / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        wheel, cwd=work)
    return bin_dir, work


def installed_run(bin_dir: Path, work: Path, *argv: str | Path) -> subprocess.CompletedProcess[str]:
    """Run the venv's `tabula` with a temporary home, outside the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env["TABULA_HOME"] = str(work / "home")
    script = bin_dir / ("tabula.exe" if os.name == "nt" else "tabula")
    return subprocess.run([str(script), *map(str, argv)], cwd=work, env=env,
                          capture_output=True, text=True, timeout=180)


@pytest.mark.slow
def test_the_venv_sees_only_the_wheel_and_its_dependencies(installed):
    bin_dir, work = installed
    probe = ("import json, sys, game; print(json.dumps({'prefix': sys.prefix, "
             "'base': sys.base_prefix, 'game': game.__file__, 'path': sys.path}))")
    done = run(bin_dir / "python", "-c", probe, cwd=work)
    report = json.loads(done.stdout)
    assert Path(report["game"]).is_relative_to(work / "venv")  # not the checkout
    base_site = [p for p in report["path"] if "site-packages" in p
                 and not Path(p).is_relative_to(work / "venv")]
    assert base_site == []  # the system's packages are invisible


def test_an_installed_wheel_finds_its_resources_in_site_packages(built, installed):
    _, _, expected = built
    bin_dir, work = installed
    probe = ("import json, sys; from game.paths import resources_dir; import game; "
             "root = resources_dir(); print(json.dumps({'root': str(root), "
             "'game': game.__file__, 'site': [p for p in sys.path if 'site-packages' in p], "
             "'files': sorted(p.relative_to(root).as_posix() for p in root.rglob('*') "
             "if p.is_file())}))")
    report = json.loads(run(bin_dir / "python", "-c", probe, cwd=work).stdout)
    venv_site = next(Path(p) for p in report["site"] if Path(p).is_relative_to(work / "venv"))
    assert Path(report["game"]).is_relative_to(venv_site)
    assert Path(report["root"]) == venv_site / "game" / "resources"
    assert set(expected) <= set(report["files"])


@pytest.mark.slow
def test_the_installed_command_validates_replays_and_renders(installed):
    bin_dir, work = installed
    usage = installed_run(bin_dir, work, "replay")
    assert usage.returncode == 64, usage.stderr
    assert "Traceback" not in usage.stderr

    validate = installed_run(bin_dir, work, "validate")
    assert validate.returncode == 0, validate.stdout + validate.stderr
    assert {line.split(":")[0] for line in validate.stdout.splitlines()} >= {
        "ok  crawl", "ok  strike", "ok  kingdom", "ok  conquest"}

    record = work / "record.json"
    shutil.copy2(REPO / "tests" / "golden" / "crawl" / "normal_seed1.json", record)
    replay = installed_run(bin_dir, work, "replay", record, "--json")
    assert replay.returncode == 0, replay.stderr
    assert json.loads(replay.stdout)["mode"] == "crawl"

    png = work / "shot.png"
    shot = installed_run(bin_dir, work, "shot", record, "--out", png)
    assert shot.returncode == 0, shot.stdout + shot.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
