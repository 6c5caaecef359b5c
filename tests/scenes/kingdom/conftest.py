"""Fixtures of the Kingdom scene tests: the loaded content, an App on the shared window, and
deck-builder views on fresh matches.

Animations are instant and sound is off; every test gets its own TABULA_HOME (root conftest).
The match view (written alongside) is replaced by a stand-in in the tests of the deck builder
and the entry points (`no_match_view`), so they test only what they own.
"""

from __future__ import annotations

from typing import Any

import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)


@pytest.fixture(scope="session")
def content():
    from game.systems.kingdom.content import load_content

    return load_content()


@pytest.fixture
def kingdom_app(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    return App(window, settings=Settings(animation_speed="instant", sound_on=False))


@pytest.fixture
def builder(window, kingdom_app):
    """builder(seed=5, ai={1: "easy"}) -> a DeckBuilderView of seat 0, shown and laid out."""
    from game.scenes.harness import step
    from game.scenes.kingdom.deck_builder import DeckBuilderView
    from game.scenes.kingdom.start import new_match

    views = []

    def make(seed: int = 5, ai: dict[int, str] | None = None) -> Any:
        match = new_match(seed, {1: "easy"} if ai is None else ai)
        view = DeckBuilderView(kingdom_app, match, 0)
        views.append(view)
        window.show_view(view)
        step(window, 2)
        return view

    yield make
    for view in views:
        view.on_leave()


class StandIn:
    """What the match view entry point was asked to open."""

    def __init__(self) -> None:
        self.opened: list[tuple[Any, bool]] = []


@pytest.fixture
def no_match_view(monkeypatch, window):
    """Replace the match view by a plain View; returns the record of what was opened."""
    import arcade

    from game.scenes.kingdom import start

    stand_in = StandIn()

    def fake(app: Any, match: Any, *, live: bool = True, history: Any = None) -> arcade.View:
        stand_in.opened.append((match, live))
        view = arcade.View()
        view.match = match  # type: ignore[attr-defined]
        app.show_view(view)
        return view

    monkeypatch.setattr(start, "_match_view", fake)
    yield stand_in
    for match, _live in stand_in.opened:
        match.close()
