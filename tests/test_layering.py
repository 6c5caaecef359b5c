"""The one rule of the layout: the rules never import arcade or pyglet (DESIGN.md section 1).

A fresh interpreter installs an import hook that refuses arcade and pyglet before anything else
is imported, then imports every module under game.engine, game.components, game.systems and
game.ai. A rule module that imports arcade, even indirectly, fails here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
RULE_PACKAGES = ("game.engine", "game.components", "game.systems", "game.ai", "game.net")

SCRIPT = r"""
import importlib
import importlib.abc
import json
import pkgutil
import sys

FORBIDDEN = ("arcade", "pyglet")


class NoArcade(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in FORBIDDEN:
            raise ImportError(f"rule code may not import {name}")
        return None


sys.meta_path.insert(0, NoArcade())

imported, failed, missing = [], {}, []


def note_failure(name):
    failed.setdefault(name, repr(sys.exc_info()[1]))


for package_name in PACKAGES:
    try:
        package = importlib.import_module(package_name)
    except ModuleNotFoundError as exc:
        if exc.name == package_name:  # not written yet
            missing.append(package_name)
        else:
            failed[package_name] = repr(exc)
        continue
    except BaseException as exc:
        failed[package_name] = repr(exc)
        continue
    imported.append(package_name)
    for info in pkgutil.walk_packages(package.__path__, package_name + ".", onerror=note_failure):
        try:
            importlib.import_module(info.name)
        except BaseException as exc:
            failed[info.name] = repr(exc)
        else:
            imported.append(info.name)

try:
    import arcade  # noqa: F401
    guard = "arcade imported: the guard does not work"
except ImportError as exc:
    guard = str(exc)

print(json.dumps({
    "imported": imported, "failed": failed, "missing": missing, "guard": guard,
    "loaded": sorted(m for m in sys.modules if m.split(".")[0] in FORBIDDEN),
}))
"""


@pytest.mark.slow
def test_rule_packages_import_without_arcade_or_pyglet():
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("ARCADE_HEADLESS", None)
    done = subprocess.run(
        [sys.executable, "-c", f"PACKAGES = {RULE_PACKAGES!r}\n{SCRIPT}"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["failed"] == {}
    assert report["loaded"] == []
    assert report["guard"] == "rule code may not import arcade"
    # every engine module really was imported (the walk can't pass by finding nothing)
    engine_modules = {f"game.engine.{p.stem}" for p in (REPO / "game" / "engine").glob("*.py")
                      if p.stem != "__init__"}
    assert engine_modules <= set(report["imported"])
    assert {"game.engine", "game.components", "game.components.common"} <= set(
        report["imported"])
    assert set(report["missing"]) <= {"game.systems", "game.ai"}


def test_the_guard_catches_an_indirect_arcade_import(tmp_path):
    """The same script fails a rule package that imports arcade through another module."""
    pkg = tmp_path / "fakerules"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "clean.py").write_text("X = 1\n", encoding="utf-8")
    (pkg / "helper.py").write_text("import pyglet.clock  # noqa\n", encoding="utf-8")
    (pkg / "view.py").write_text("from fakerules import helper  # noqa\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", f"PACKAGES = ('fakerules',)\n{SCRIPT}"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )
    report = json.loads(done.stdout.splitlines()[-1])
    assert sorted(report["failed"]) == ["fakerules.helper", "fakerules.view"]
    assert "rule code may not import pyglet" in report["failed"]["fakerules.helper"]
    assert report["imported"] == ["fakerules", "fakerules.clean"]
