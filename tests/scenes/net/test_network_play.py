"""Network play in the game window (issue 15): the Host and Join screens, a whole match
through the real play views against a client on 127.0.0.1, the remote label, the disconnect
banner, and a bad address."""

from __future__ import annotations

import time
from typing import Any

import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)
from game.engine.record import replay
from game.net.client import NetClient
from tests.net.support import hosted, local_game, shown_counts

FRAMES = [0]


def step(window, n: int = 1) -> None:
    """Frames of the game loop; every tenth is drawn too (drawing is most of a frame's cost
    on a software renderer, and a match of 500 decisions takes many frames)."""
    from game.scenes.harness import step as draw_step

    for _ in range(n):
        FRAMES[0] += 1
        if FRAMES[0] % 10 == 0:
            draw_step(window)
        else:
            window.dispatch_event("on_update", 1 / 60)


def press(window, button) -> None:
    """Click a gui button where it is drawn, as a player does."""
    from game.scenes.harness import click
    from game.scenes.harness import step as draw_step

    draw_step(window)  # laid out where it is drawn
    click(window, *button.rect.center)


def frames_until(window, predicate, limit: float = 20.0, what: str = "condition") -> None:
    deadline = time.monotonic() + limit
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not met; on {type(window.current_view).__name__}")
        step(window, 1)
        time.sleep(0.002)


def decide(window, view, decision) -> bool:
    """What a click does: the screen sends the decision (returning at once), and the host's
    answer is applied in a later frame. True when the host accepted it."""
    remote = view.session.remote
    decided = len(remote.decisions)
    if not view.submit(decision):
        return False
    frames_until(window, lambda: remote.sending is None, what="the host's answer")
    return len(remote.decisions) > decided


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
    for _ in range(300):
        view = window.current_view
        session = getattr(view, "session", None)
        remote = getattr(session, "remote", None)
        if remote is not None and not view.animating and remote.sending is None:
            if right_screen(view, decision) and not remote.pending:
                return view
            if type(view).__name__ == "DraftView" and view.state["phase"] != "draft":
                view.open_board()  # its Continue button
            elif getattr(view, "next_btn", None) is not None and hasattr(view, "close"):
                view.close()  # an overlay's Next
        step(window, 1)
    v = window.current_view
    raise AssertionError(f"stuck on {type(v).__name__} for {decision}")


def play_through(window, decisions, counts, me: int, other: NetClient, start: int = 0,
                 stop: int | None = None) -> None:
    """Each decision in the recorded order: this window's seat through its play screen's
    `submit` (what its clicks call), the other seat through its own client."""
    for i in range(start, len(decisions) if stop is None else stop):
        decision = decisions[i]
        if decision["seat"] == me:
            view = advance(window, decision)
            assert decide(window, view, decision), (i, decision)
        else:
            expected = counts[i][1 - me]
            other.wait(lambda c, e=expected: c.index == e and c.online)
            other.submit(decision)
            other.wait(lambda c, e=expected: c.index > e)


def host_screen(window, app, mode: str, seed: int, port: int = 0):
    from game.scenes.network import NetworkView

    view = NetworkView(app)
    app.show_view(view)
    view.port, view.seed = port, seed
    view.host(mode)
    return view


@pytest.mark.slow
def test_host_screen_plays_a_whole_strike_match_quits_and_resumes(window, net_app):
    """Host strike from the Network screen, play half the match against a client, leave (the
    host saves), Host again: Resume, the client rejoins by itself, and the match ends with the
    record a local match of the same decisions has."""
    from game.scenes.network import NetworkView

    record, decisions = local_game("strike", 5)
    counts = shown_counts(record, decisions)
    view = host_screen(window, net_app, "strike", 5)
    frames_until(window, lambda: view.stage == "waiting", what="hosting")
    thread, _ = view.hosting
    port = thread.host.port
    assert [line.split(" ")[0] for line in view.address_lines] == ["Hosting", "Address",
                                                                   "Join"]
    assert view.address_lines[1].endswith(f":{port}")
    assert view.status == "Waiting for Player 2 to join…"
    friend = NetClient(f"ws://127.0.0.1:{port}")
    friend.start()
    try:
        frames_until(window, lambda: window.current_view is not view, what="the match opens")
        game_view = window.current_view
        assert type(game_view).__name__ == "DraftView"
        assert game_view.other_name(1) == "PLAYER 2 (REMOTE)"
        half = next(i for i in range(150, len(decisions)) if decisions[i]["seat"] == 0)
        play_through(window, decisions, counts, 0, friend, stop=half)
        from game.scenes.strike.leave import NETWORK, LeaveDialog

        assert window.current_view.current_record() is None  # nothing saved in this window
        assert LeaveDialog(window.current_view).question() == NETWORK
        net_app.leave_match(window.current_view)  # Esc, Leave: the host stops and saves
        friend.wait(lambda c: not c.online)
        again = NetworkView(net_app)
        net_app.show_view(again)
        again.port = port
        again.host("strike")
        assert again.stage == "ask_resume" and again.resume_at == half
        again.buttons["resume"].on_click(None)
        frames_until(window, lambda: window.current_view is not again, what="the friend back")
        assert len(window.current_view.session.remote.decisions) == counts[half][0]
        play_through(window, decisions, counts, 0, friend, start=half)
        frames_until(window, lambda: type(window.current_view).__name__ == "ResultView",
                     what="the result screen")
        remote = window.current_view.session.remote
        host_record = remote.record
        assert host_record == {**record, "decisions": decisions} == friend.record
        assert remote.final is not None and remote.final.result is not None
        # kept for the Replays list, where it replays exactly (`tabula replay`)
        from game.engine.record import load_record
        from game.replay_files import replays_dir

        kept = [load_record(p) for p in replays_dir().glob("*.json")]
        assert host_record in kept
        assert replay(host_record).ok
    finally:
        friend.close()


@pytest.mark.slow
def test_join_screen_plays_a_whole_conquest_match_against_a_client(window, net_app):
    from game.scenes.network import NetworkView

    record, decisions = local_game("conquest", 24)  # one of the shortest of seeds 1-40 (255)
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
            def over() -> bool:
                view = window.current_view
                if type(view).__name__ == "ResultsView" and not view.done:
                    view.close()  # the last battle's Next
                return type(view).__name__ == "GameOverView"

            frames_until(window, over, what="the game over screen")
            host_record = thread.host.current_record()
            assert host_record == {**record, "decisions": decisions}
            assert window.current_view.session.remote.record == host_record
            saved = window.current_view.save_replay()  # its Save replay button
            from game.engine.record import load_record

            assert load_record(saved) == host_record
        finally:
            first.close()


@pytest.mark.slow
def test_the_remote_player_is_named_and_the_sealed_phase_waits_for_it(window, joined_conquest):
    thread, first, view, decisions, counts = joined_conquest
    step(window, 2)
    assert type(view).__name__ == "CommanderView"
    assert view.bar_right.text == "Waiting for Player 1 (remote) and you"
    # this seat chooses and readies first: it waits for seat 0, and may unready
    assert [d["seat"] for d in decisions[:4]] == [0, 0, 1, 1]
    assert decide(window, view, decisions[2]) and decide(window, view, decisions[3])
    step(window, 2)
    assert window.current_view is view
    assert view.bar_right.text == "Waiting for Player 1 (remote)"
    assert view.waiting_line() == "Ready. Waiting for Player 1 (remote)."
    assert view.unready_btn in list(view.ui.walk_widgets())

    def seat0(decision):
        answers = first.answers
        first.submit(decision)
        first.wait(lambda c: c.answers > answers)
        assert not first.rejections

    seat0(decisions[0])
    seat0(decisions[1])  # both ready: the placement phase opens on this screen
    frames_until(window, lambda: type(window.current_view).__name__ == "PlacementView",
                 what="placement")
    view = window.current_view
    # seat 0's orders in placement are sealed: they reach this seat as a hidden decision
    assert decisions[4]["seat"] == 0 and decisions[4]["type"] == "place"
    seat0(decisions[4])
    frames_until(window, lambda: len(view.session.remote.decisions) == 5, what="the step")
    assert view.session.remote.decisions[-1] == {"seat": 0, "type": "hidden"}


@pytest.mark.slow
def test_the_disconnect_banner_comes_and_goes_with_the_peer(window, joined_conquest):
    from game.net.protocol import OPPONENT_DISCONNECTED

    thread, first, view, decisions, counts = joined_conquest
    step(window, 10)
    assert view.net_banner.line is None
    token = first.token
    first.close()
    frames_until(window, lambda: view.net_banner.line == OPPONENT_DISCONNECTED,
                 what="the banner")
    back = NetClient(f"ws://127.0.0.1:{thread.host.port}", token=token)
    back.start()
    try:
        frames_until(window, lambda: view.net_banner.line is None, what="the banner going")
        assert back.seat == 0
    finally:
        back.close()


@pytest.mark.slow
def test_a_stale_index_in_a_sealed_phase_is_sent_again_unseen(window, joined_conquest):
    """The other seat's hidden step arrived just as this seat decided: the host refuses the
    decision as stale, the screen sends it again with the new index, and the player sees no
    refusal."""
    thread, first, view, decisions, counts = joined_conquest
    step(window, 2)
    client = view.session.remote.client
    real, sent = client.submit, []

    def stale_once(decision, index=None):
        sent.append(client.index)
        return real(decision, client.index + 1 if len(sent) == 1 else index)

    client.submit = stale_once
    mine = next(d for d in decisions if d["seat"] == 1)
    assert decide(window, view, mine)
    assert [r["error"] for r in client.rejections] == ["stale_index"]
    assert len(sent) == 2 and view.toast.message == ""
    assert thread.host.current_record()["decisions"] == [mine]


def test_a_bad_address_is_a_clear_line_on_the_join_screen(window, net_app):
    from game.scenes.network import NetworkView

    view = NetworkView(net_app, address="nohost:99999")
    net_app.show_view(view)
    view.join()
    assert view.stage == "idle" and view.status_kind == "error"
    assert view.status == "'nohost:99999': the port must be a number from 1 to 65535"
    view.address.text = "127.0.0.1:9"  # nothing listens there
    view.join()
    assert view.stage == "connecting"  # the window goes on while the connection is tried
    step(window, 1)
    frames_until(window, lambda: view.stage == "idle", what="the refusal")
    assert view.status_kind == "error"
    assert view.status.startswith("Could not join: cannot reach ws://127.0.0.1:9")
    assert window.current_view is view


@pytest.mark.slow
def test_the_join_screen_lists_hosts_found_on_the_network(window, net_app, own_discovery_port):
    from game.net.discovery import Announcer
    from game.scenes.network import NetworkView

    record, _ = local_game("strike", 5)
    with hosted(record) as thread:
        first = NetClient(f"ws://127.0.0.1:{thread.host.port}")
        first.start()
        announcer = Announcer("strike", thread.host.port, listen_port=own_discovery_port)
        try:
            view = NetworkView(net_app, address="")
            net_app.show_view(view)
            step(window, 1)
            press(window, view.buttons["find"])
            frames_until(window, lambda: view.finding is None, what="the search")
            assert view.status == "1 host found: click it to join."
            assert len(view.found_buttons) == 1
            assert view.found_buttons[0].text.startswith(
                f"Marve-Strike at {view.found[0].address}:{thread.host.port}")
            step(window, 10)
            press(window, view.found_buttons[0])
            frames_until(window, lambda: window.current_view is not view, what="joining")
            assert window.current_view.session.remote.seat == 1
        finally:
            announcer.stop()
            first.close()


@pytest.mark.slow
def test_a_dropped_link_reconnects_by_itself_and_play_goes_on(window, joined_conquest):
    from game.net.remote import RECONNECTING

    thread, first, view, decisions, counts = joined_conquest
    remote = view.session.remote
    step(window, 2)
    remote.client.drop()
    remote.client.wait(lambda c: c.welcomes == 2)  # back with its token, by itself
    step(window, 2)
    assert remote.online and view.net_banner.update(remote) is None
    assert decide(window, view, decisions[2])  # seat 1's first decision, after the reconnect
    assert thread.host.current_record()["decisions"] == [decisions[2]]
    thread.stop()  # the host is gone: the screen says so and keeps trying
    frames_until(window, lambda: view.net_banner.line == RECONNECTING, what="the banner")
    assert not view.submit(decisions[3])
    assert view.toast.message == "Not connected to the host: reconnecting…"


@pytest.mark.slow
def test_a_restarted_game_joins_its_seat_back_from_the_saved_token(window, net_app,
                                                                    joined_conquest):
    from game.scenes.network import NetworkView

    thread, first, view, decisions, counts = joined_conquest
    assert decide(window, view, decisions[2])
    token = view.session.remote.client.token
    net_app.leave_match(view)  # the game is closed: its connection ends, the host keeps the seat
    again = NetworkView(net_app)  # the Network screen of the restarted game
    net_app.show_view(again)
    address = f"127.0.0.1:{thread.host.port}"
    assert again.address.text == address
    assert again.status == f"Join takes your seat at {address} back, if that match goes on."
    again.join()
    frames_until(window, lambda: window.current_view is not again, what="rejoining")
    remote = window.current_view.session.remote
    assert (remote.seat, remote.client.token) == (1, token)
    assert remote.decisions[-1] == decisions[2]  # resumed at the right decision
