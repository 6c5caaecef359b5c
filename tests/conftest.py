"""Shared fixtures: headless arcade (one window for the whole run), fresh esper worlds, user dirs.

The environment is set before anything imports arcade (arcade reads it at import time).
"""

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")
os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from game.engine.ecs import reset_all_worlds  # noqa: E402
from tests.hypothesis_profiles import load_profile  # noqa: E402

load_profile()

TESTS = Path(__file__).resolve().parent
SCENE_FOLDERS = (TESTS / "scenes", TESTS / "replays")
NETWORK_FOLDERS = (TESTS / "net", TESTS / "scenes" / "net")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """`scene` and `network` follow from where a test lives and what it uses (a test that asks
    for the window is a scene test wherever it is); `slow` is marked by hand on each test of
    0.2 s or more, so `-m "not slow"` is the quick run (docs/testing.md)."""
    for item in items:
        path = Path(item.fspath)
        if "window" in getattr(item, "fixturenames", ()) or any(
                path.is_relative_to(folder) for folder in SCENE_FOLDERS):
            item.add_marker(pytest.mark.scene)
        if any(path.is_relative_to(folder) for folder in NETWORK_FOLDERS):
            item.add_marker(pytest.mark.network)


@pytest.fixture(autouse=True)
def fresh_esper():
    reset_all_worlds()
    yield
    reset_all_worlds()


@pytest.fixture(autouse=True)
def english_after():
    """A test that shows another language (game.i18n) leaves the next one in English."""
    yield
    from game import i18n

    if i18n.language() != i18n.ENGLISH:
        i18n.set_language(i18n.ENGLISH)


@pytest.fixture(autouse=True)
def tabula_home(tmp_path, monkeypatch):
    """Every test gets its own settings, saves, mods and scores folder."""
    home = tmp_path / "tabula_home"
    monkeypatch.setenv("TABULA_HOME", str(home))
    return home


@pytest.fixture(scope="session")
def _shared_window():
    import arcade  # noqa: F401  (after the env above)

    import game.scenes  # noqa: F401  (arcade.gui shim)
    from game.scenes.fonts import load_fonts
    from game.scenes.harness import make_window

    win = make_window()
    load_fonts()
    return win


@pytest.fixture
def window(_shared_window):
    import arcade

    w = _shared_window
    arcade.set_window(w)
    w.switch_to()
    w.hide_view()
    w.set_ui_scale(1.0)  # a test that scaled the UI leaves no scale behind
    w.ctx.reset()
    w.default_camera.use()
    w.background_color = arcade.color.BLACK
    w.clear()
    yield w
    w.hide_view()
    w.set_ui_scale(1.0)


@pytest.fixture
def registry(monkeypatch):
    """Only the modes a test registers (restored afterwards), no resource cache or mod dirs."""
    from game.engine import modes
    from game.engine.resources import clear_resource_cache, set_extra_mod_dirs

    monkeypatch.setattr(modes, "_registry", {})
    monkeypatch.setattr(modes, "_builtins_loaded", True)
    clear_resource_cache()
    set_extra_mod_dirs([])
    yield modes
    clear_resource_cache()
    set_extra_mod_dirs([])


@pytest.fixture
def synthetic(registry):
    """The synthetic duel registered as the only mode."""
    from game.engine.synthetic import register_synthetic

    return register_synthetic()
