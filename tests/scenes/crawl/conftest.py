"""Fixtures of the Card Crawl scene tests: an App on the shared window, setups, a play view.

Every test gets its own TABULA_HOME (root conftest), so high scores and replays land in a
temporary folder. The Hint and the daily par run in-process (`PlayView.hint_sync`,
`StartView.par_sync`, with a small par search): no worker is spawned.
"""

from __future__ import annotations

from typing import Any

import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)
from tests.scenes.crawl.crawl_scene_helpers import MID_RUN, setup_record, show


@pytest.fixture
def crawl_app(window):
    from game.ai.crawl.worker import PAR_NODES
    from game.scenes.app import App
    from game.scenes.crawl.play import PlayView
    from game.scenes.crawl.start import StartView
    from game.scenes.settings import Settings

    PlayView.hint_sync = True
    StartView.par_sync, StartView.par_nodes = True, 40  # the daily par: in-process, small
    app = App(window, settings=Settings(animation_speed="instant"))
    yield app
    PlayView.hint_sync = False
    StartView.par_sync, StartView.par_nodes = False, PAR_NODES


@pytest.fixture
def play(window, crawl_app):
    """play(setup=..., speed=...) -> a PlayView on that position, shown and laid out."""
    from game.engine.record import build_match
    from game.scenes.crawl.play import PlayView

    views = []

    def make(setup: dict[str, Any] | None = MID_RUN, *, speed: str = "instant",
             intro: bool = False, **record_kw: Any) -> PlayView:
        crawl_app.settings.animation_speed = speed
        match = build_match(setup_record(setup, **record_kw))
        view = PlayView(crawl_app, match, intro=intro)
        views.append(view)
        return show(window, view)

    yield make
    for view in views:
        view.close()


