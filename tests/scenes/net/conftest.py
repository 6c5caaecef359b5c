"""Fixtures of the window's network tests: an app on the test window, and a LAN discovery
port of each test's own."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def own_discovery_port(monkeypatch):
    """The hosts of these tests answer LAN discovery on a port of their own."""
    from tests.net.test_discovery import free_udp_port

    port = free_udp_port()
    monkeypatch.setattr("game.scenes.network.DISCOVERY_PORT", port)
    return port


@pytest.fixture
def net_app(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    app = App(window, settings=Settings(animation_speed="instant", sound_on=False))
    yield app
    view = app.active_view
    if view is not None:
        app.leave_match(view)
