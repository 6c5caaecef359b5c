"""Every third-party module the code imports is a declared dependency (issue 11: a fresh venv).

The game once imported numpy without declaring it: CI stayed green only because the machine's
interpreter had numpy, while `pip install -e ".[test]" && python -m pytest` failed on a clean
machine. These tests read the imports themselves (ast), so a new undeclared import fails here
whatever happens to be installed.
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
# A module whose distribution is not installed has no entry in packages_distributions(); these are
# the import names that differ from their distribution's name.
KNOWN_DISTRIBUTIONS = {"PIL": "pillow", "yaml": "pyyaml"}


def requirement_name(requirement: str) -> str:
    """`"arcade==3.3.3"` -> `"arcade"`, normalised as PEP 503 does (case, `-`, `_`, `.`)."""
    name = re.split(r"[<>=!~\[ ;]", requirement, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(*extras: str) -> set[str]:
    names = {requirement_name(r) for r in PROJECT["dependencies"]}
    for extra in extras:
        names |= {requirement_name(r) for r in PROJECT["optional-dependencies"][extra]}
    return names


def imported_top_modules(folder: Path) -> dict[str, str]:
    """Top-level modules imported by the .py files under `folder`, with one file for each."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        for name in sorted(imported_top_modules_of(path)):
            found.setdefault(name, path.relative_to(folder).as_posix())
    return found


def imported_top_modules_of(path: Path) -> set[str]:
    """The top-level modules one file imports (absolute imports only)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def third_party(modules: dict[str, str], own: set[str]) -> dict[str, str]:
    """The modules that are neither the standard library nor the project's own packages."""
    return {m: f for m, f in modules.items() if m not in sys.stdlib_module_names and m not in own}


def distribution_of(module: str) -> str:
    installed = importlib.metadata.packages_distributions().get(module)
    name = installed[0] if installed else KNOWN_DISTRIBUTIONS.get(module, module)
    return re.sub(r"[-_.]+", "-", name).lower()


def undeclared(folder: Path, allowed: set[str], own: set[str]) -> list[str]:
    modules = third_party(imported_top_modules(folder), own)
    return sorted(f"{module} (imported by {where})" for module, where in modules.items()
                  if distribution_of(module) not in allowed)


# An optional extra's modules may be imported by one module only, lazily (docs/arena.md).
OPTIONAL = {"cluster": "engine/cluster.py"}


@pytest.mark.slow
def test_every_module_the_game_imports_is_a_dependency():
    game = REPO / "game"
    distributions: dict[str, str] = {}  # packages_distributions() is slow: once a module
    for extra, module in OPTIONAL.items():
        allowed = declared(extra) - declared()
        users = set()
        for path in game.rglob("*.py"):
            for name in imported_top_modules_of(path) - set(sys.stdlib_module_names) - {"game"}:
                if name not in distributions:
                    distributions[name] = distribution_of(name)
                if distributions[name] in allowed:
                    users.add(path.relative_to(game).as_posix())
        assert users == {module}, f"the {extra} extra is imported outside {module}"
    assert undeclared(game, declared(*OPTIONAL), own={"game"}) == []


@pytest.mark.slow
def test_every_module_the_tests_import_is_a_dependency_or_a_test_extra():
    own = {"game", "tests", "scripts", "conftest", "support", "helpers", "match_helpers"}
    assert undeclared(REPO / "tests", declared("test"), own=own) == []


@pytest.mark.slow
def test_the_check_sees_an_undeclared_import(tmp_path):
    (tmp_path / "scene.py").write_text("import numpy as np\nfrom rich import table\nimport json\n"
                                       "from game.engine import match\nfrom . import near\n")
    assert undeclared(tmp_path, {"rich"}, own={"game"}) == ["numpy (imported by scene.py)"]
    assert undeclared(tmp_path, {"rich", "numpy"}, own={"game"}) == []
