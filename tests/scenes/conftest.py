"""Fixtures of the scene tests: an isolated mode registry, fake modes and screens, an App.

The registry is emptied per test (and the built-in modes kept out), so the menu shows exactly
the fake modes a test registers and the real games being written elsewhere never change what a
shell test sees. Fake scene entry points live in a module put into sys.modules, because a
ModeSpec names its scenes by a "module:function" string.
"""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

# The root conftest has set ARCADE_HEADLESS; this applies the arcade.gui shim before any test
# module of this folder runs `import arcade.gui` itself.
import game.scenes  # noqa: F401

FAKE_SCENES = "tabula_fake_scenes"


@pytest.fixture
def registry(monkeypatch):
    """An empty mode registry for this test; returns a `register(**fields)` helper."""
    from game.engine import modes
    from game.engine.modes import ModeSpec

    monkeypatch.setattr(modes, "_registry", {})
    monkeypatch.setattr(modes, "_builtins_loaded", True)

    def register(mode_id: str = "alpha", **fields: Any) -> ModeSpec:
        values: dict[str, Any] = {
            "id": mode_id,
            "title": mode_id.capitalize(),
            "description": f"The {mode_id} test game.",
            "rules_version": "1",
            "seats": 2,
            "cpu_levels": ("easy", "normal", "hard"),
            "default_level": "normal",
            "resource_files": (),
            "create_match": lambda record, resources: None,  # never called by the shell
            "make_cpu": lambda level, seat, stream, resources: None,
        }
        values.update(fields)
        return modes.register(ModeSpec(**values))

    return register


@pytest.fixture
def fake_scenes(monkeypatch):
    """A module of scene entry points: `start(app, launch)` and `shot(app, match)`.

    Both return a plain GameViewBase subclass and remember what they were called with.
    """
    from game.scenes.base import GameViewBase

    class FakeGameView(GameViewBase):
        title = "Fake game"
        mode_id = "alpha"

        def __init__(self, app: Any, launch: Any = None) -> None:
            super().__init__(app)
            self.launch = launch
            self.layouts: list[tuple[int, int]] = []

        def layout(self, width: int, height: int) -> None:
            self.layouts.append((width, height))

        def current_record(self) -> dict[str, Any]:
            return {
                "format": 1, "mode": "alpha", "rules": "1", "seed": 7,
                "options": {"ai": {"1": "normal"}}, "setup": None, "decisions": [],
            }  # fmt: skip

    module = types.ModuleType(FAKE_SCENES)
    module.FakeGameView = FakeGameView
    module.launches = []
    module.shots = []

    def start(app: Any, launch: Any) -> FakeGameView:
        module.launches.append(launch)
        return FakeGameView(app, launch)

    def shot(app: Any, match: Any) -> FakeGameView:
        module.shots.append(match)
        return FakeGameView(app)

    def broken(app: Any, launch: Any) -> None:
        raise RuntimeError("the board exploded")

    module.start, module.shot, module.broken = start, shot, broken
    monkeypatch.setitem(sys.modules, FAKE_SCENES, module)
    return module


@pytest.fixture
def app(window):
    from game.scenes.app import App

    return App(window)


@pytest.fixture
def portuguese():
    """Português (Brasil) shown for the test (tests/conftest.py puts English back after it)."""
    from game import i18n

    i18n.set_language("pt_BR")


@pytest.fixture
def pt_app(window, portuguese):
    """The app on the window in pt_BR, animations instant and sound off."""
    from game.scenes.app import App
    from game.scenes.settings import Settings

    return App(window, settings=Settings(animation_speed="instant", sound_on=False,
                                         language="pt_BR"))


@pytest.fixture(autouse=True)
def user_dirs(tabula_home):
    """The saves and config folders exist, as on a machine where the game has run: asking
    for a path never creates a folder (game.paths), and these tests write files into them."""
    from game import paths

    paths.saves_dir().mkdir(parents=True, exist_ok=True)
    paths.user_config_dir().mkdir(parents=True, exist_ok=True)


@pytest.fixture(autouse=True)
def _prepare_at_once(monkeypatch):
    """Screens prepare whole when shown, as the tests written before incremental preparation
    expect; tests of the incremental path turn it back off (tests/scenes/test_prepare.py)."""
    from game.scenes.base import GameViewBase

    monkeypatch.setattr(GameViewBase, "prepare_sync", True)
