"""The Network screen at its edges (issue 27): `tabula host --bind` in the window binds every
socket of the host there, malformed join addresses are one line at once, the address field
puts the caret at the end of its text, and `tabula host kingdom` hosts in the window."""

from __future__ import annotations

import socket

import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)
from game.cli import run
from tests.scenes.net.test_network_play import frames_until, step

pytestmark = pytest.mark.network


def run_in_window(monkeypatch, app, argv):
    """`tabula ARGV` with its window being the test's app: the first screen it opens."""
    import game.cli

    monkeypatch.setattr(game.cli, "run_window", lambda *a, first=None, **k: first(app) and 0)
    run(argv)
    return app.window.current_view


@pytest.mark.slow
def test_host_bind_in_the_window_binds_the_game_port_and_discovery_there(window, net_app,
                                                                          monkeypatch):
    from game.net.address import lan_address

    view = run_in_window(monkeypatch, net_app,
                         ["host", "strike", "--port", "0", "--bind", "127.0.0.1", "--new"])
    frames_until(window, lambda: view.stage == "waiting", what="hosting")
    thread, _client = view.hosting
    names = {sock.getsockname()[0] for sock in thread.host._server.sockets}
    assert names == {"127.0.0.1"}
    assert view.announcer.sock.getsockname()[0] == "127.0.0.1"
    assert view.address_lines[1] == f"Address 127.0.0.1:{thread.host.port}"
    lan = lan_address()
    if lan != "127.0.0.1":  # nothing listens on the LAN address
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection((lan, thread.host.port), timeout=2).close()
    view.cancel()


@pytest.mark.parametrize("text", ["127.0.0.1:9127.0.0.1:47615", "1:2:3", "a b"])
def test_a_malformed_address_is_one_line_at_once(window, net_app, text):
    from game.scenes.network import NetworkView

    view = NetworkView(net_app, address=text)
    net_app.show_view(view)
    view.join()
    assert view.stage == "idle" and view.task is None and view.status_kind == "error"
    assert view.status.startswith(f"{text!r}: ")


def test_clicking_into_a_filled_address_field_puts_the_caret_at_the_end(window, net_app):
    from game.scenes.harness import click
    from game.scenes.harness import step as draw_step
    from game.scenes.network import NetworkView

    view = NetworkView(net_app, address="192.168.1.20:47615")
    net_app.show_view(view)
    draw_step(window)
    field = view.address
    click(window, field.rect.left + 8, field.rect.center_y)  # near the start of the text
    step(window, 1)
    assert field.active
    assert field.caret.position == len("192.168.1.20:47615")
    field.caret.on_text("9")  # typing goes on at the end
    assert field.text == "192.168.1.20:476159"


@pytest.mark.slow
def test_host_kingdom_in_the_window_opens_the_deck_builder_when_the_friend_joins(
        window, net_app, monkeypatch):
    """`tabula host kingdom` + `tabula join` crashed the host window (KeyError 'deck_builder'
    in the conquest screens), then was refused: now the window hosts it, and the friend's
    join opens Kingdom's own deck builder on both sides (docs/network.md "Kingdom")."""
    from game.net.client import NetClient

    view = run_in_window(monkeypatch, net_app, ["host", "kingdom", "--port", "0", "--new"])
    assert type(view).__name__ == "NetworkView" and view.mode == "kingdom"
    frames_until(window, lambda: view.stage == "waiting", what="hosting")
    thread, _client = view.hosting
    friend = NetClient(f"ws://127.0.0.1:{thread.host.port}")
    friend.start()
    try:
        frames_until(window, lambda: window.current_view is not view, what="the match opens")
        builder = window.current_view
        assert type(builder).__name__ == "DeckBuilderView"
        assert builder.seat == 0 and builder.remote is not None and friend.seat == 1
        assert friend.view["phase"] == "deck_builder" and friend.act
        step(window, 3)
        assert window.current_view is builder
    finally:
        friend.close()


def first_move(decisions) -> int:
    return next(i for i, d in enumerate(decisions) if d["type"] not in
                ("steal", "retain", "swap", "place", "pass"))


@pytest.mark.slow
def test_a_joiners_strike_screens_are_drawn_from_its_side(window, net_app):
    """The joiner (seat 1) sees its own units as P1-P3, on the left and in the player's
    colour, and the host's as E on the right; a click on a tile is that tile."""
    from game.net.client import NetClient
    from game.scenes.network import NetworkView
    from game.scenes.strike import look
    from tests.net.support import hosted, local_game, shown_counts
    from tests.scenes.net.test_network_play import advance, play_through

    record, decisions = local_game("strike", 5)
    counts = shown_counts(record, decisions)
    with hosted(record) as thread:
        first = NetClient(f"ws://127.0.0.1:{thread.host.port}")
        first.start()  # seat 0: the host's player
        try:
            join = NetworkView(net_app, address=f"127.0.0.1:{thread.host.port}")
            net_app.show_view(join)
            join.join()
            frames_until(window, lambda: window.current_view is not join, what="joining")
            stop = first_move(decisions)
            play_through(window, decisions, counts, 1, first, 0, stop)
            view = advance(window, decisions[stop])  # the combat board
            assert type(view).__name__ == "CombatView" and view.session.remote.seat == 1
            width = view.x0 * 2 + view.tile * view.cols
            units = view.state["board"]["units"]
            mine = [u for u in units if u["owner"] == 1 and u["pos"]]
            theirs = [u for u in units if u["owner"] == 0 and u["pos"]]
            assert mine and theirs
            for u in mine:
                assert view.label_of(u["id"]).startswith("P")
                assert view.centre(u["pos"])[0] < width / 2  # the player's side: the left
            for u in theirs:
                assert view.label_of(u["id"]).startswith("E")
                assert view.centre(u["pos"])[0] > width / 2
            assert tuple(view.side_titles[1].color[:3]) == tuple(look.SEAT_COLOURS[0][:3])
            assert view.blocks[mine[0]["id"]][0] < view.blocks[theirs[0]["id"]][0]
            for c in range(view.cols):
                for r in range(view.rows):
                    assert view.tile_at(*view.centre((c, r))) == (c, r)
        finally:
            first.close()


@pytest.mark.slow
def test_a_joiners_conquest_screens_are_drawn_from_its_side(window, joined_conquest):
    """The joiner (seat 1) sees its base where a seat 0 player sees theirs (the map turned
    half a turn), its units in the player's colour; a click on a tile is that tile."""
    from game.scenes.conquest import look

    thread, first, view, decisions, counts = joined_conquest
    assert view.session.remote.seat == 1 and view.session.flip == 1
    local = look.HexGrid(view.content.tiles)
    local.fit(0, 0, 1000, 600)
    view.grid.fit(0, 0, 1000, 600)
    bases = view.content.bases
    assert view.grid.centre(bases[1]) == local.centre(bases[0])
    assert view.grid.centre(bases[0]) == local.centre(bases[1])
    for tile in view.content.tiles:
        assert view.grid.tile_at(*view.grid.centre(tile)) == tile
    assert view.grid.slot(bases[1], 1, 0)[0] < view.grid.centre(bases[1])[0]  # the left half
    from game.scenes.conquest.base import Token

    own = Token("p1.t1", view.content, 40, view.session.flip)
    assert own.disc.texture is look.disc_texture(0)  # the player's colour
    assert own.body.texture is look.unit_texture("tank", 0)
