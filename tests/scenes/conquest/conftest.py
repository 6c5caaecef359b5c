"""Fixtures of the CardConquest scene tests: an App on the shared window, positions by record.

Animations are instant unless a test asks for another speed; CPU seats (when a test has one)
are played by a stand-in defined in the helpers, never by game.ai.conquest.
"""

from __future__ import annotations

from typing import Any

import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)
from tests.scenes.conquest.conquest_scene_helpers import first_legal, record, show


@pytest.fixture
def conquest_app(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    return App(window, settings=Settings(animation_speed="instant", sound_on=False))


@pytest.fixture
def conquest(window, conquest_app):
    """conquest(decisions, ai={}, speed="instant", live=True, setup_kind="classic") -> view."""
    from game.engine.record import replay
    from game.scenes.conquest.start import view_for

    sessions = []

    def make(decisions: Any = (), *, ai: dict[str, str] | None = None, speed: str = "instant",
             live: bool = True, setup_kind: str = "classic", frames: int = 2, setup: Any = None):
        conquest_app.settings.animation_speed = speed
        outcome = replay(record(list(decisions), ai=ai, setup_kind=setup_kind, setup=setup))
        assert outcome.ok, outcome.rejection
        view = view_for(conquest_app, outcome.match, live=live,
                        decide=first_legal(outcome.match) if ai else None)
        sessions.append(view.session)
        return show(window, view, frames)

    yield make
    for session in sessions:
        session.close()
