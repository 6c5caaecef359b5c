"""Fixtures of the Strike scene tests: an App on the shared window, mid-match positions.

The CPU decides in-process (`StrikeView.cpu_sync`), animations are instant unless a test asks
for another speed, and every test gets its own TABULA_HOME (root conftest).
"""

from __future__ import annotations

from typing import Any

import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)
from tests.scenes.strike.strike_scene_helpers import record, show


@pytest.fixture
def strike_app(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings
    from game.scenes.strike.base import StrikeView

    StrikeView.cpu_sync = True
    app = App(window, settings=Settings(animation_speed="instant", sound_on=False))
    yield app
    StrikeView.cpu_sync = False


@pytest.fixture
def strike(window, strike_app):
    """strike(setup, decisions=(), ai={"1": "normal"}, speed=..., live=True) -> view shown."""
    from game.engine.record import replay
    from game.scenes.strike.start import view_for

    views = []

    def make(setup: dict[str, Any] | None, decisions: Any = (), *, ai: Any = None,
             speed: str = "instant", live: bool = True, seed: int = 3):
        strike_app.settings.animation_speed = speed
        rec = record(setup, list(decisions), ai={"1": "normal"} if ai is None else ai,
                     seed=seed)
        outcome = replay(rec)
        assert outcome.ok, outcome.rejection
        view = view_for(strike_app, outcome.match, live=live)
        views.append(view)
        return show(window, view)

    yield make
    for view in views:
        view.session.close()
