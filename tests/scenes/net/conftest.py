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


@pytest.fixture
def joined_conquest(window, net_app):
    """A headless conquest host, its seat 0 held by a client that does not reconnect, and
    this window joined through the Join screen as seat 1: (thread, first client, view,
    recorded decisions, counts)."""
    from game.net.client import NetClient
    from game.scenes.network import NetworkView
    from tests.net.support import hosted, local_game, shown_counts
    from tests.scenes.net.test_network_play import frames_until

    record, decisions = local_game("conquest", 14)
    with hosted(record) as thread:
        first = NetClient(f"ws://127.0.0.1:{thread.host.port}", reconnect=False)
        first.start()
        try:
            join = NetworkView(net_app, address=f"127.0.0.1:{thread.host.port}")
            net_app.show_view(join)
            join.join()
            frames_until(window, lambda: window.current_view is not join, what="joining")
            yield thread, first, window.current_view, decisions, shown_counts(record, decisions)
        finally:
            first.close()
