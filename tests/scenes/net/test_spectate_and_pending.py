"""Network play in the window, continued (docs/network.md): watching a match from the Network
screen (Watch, the host's "Allow spectators"), and a player's decision that never makes the
window wait for the host's answer."""

from __future__ import annotations

import json
import threading

import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)
from game.engine.match import Match
from game.engine.record import build_match, json_text, load_record, new_record
from game.net.client import JoinError, NetClient
from game.net.cpu import play_seat
from game.net.views import public_view
from tests.net.support import hosted, local_game
from tests.scenes.net.test_network_play import frames_until, host_screen, press, step


def public_views(record: dict) -> set[str]:
    """The public view (what views.py sends spectators) at every position of the record."""
    match = build_match({**record, "decisions": []})
    try:
        shown = {json_text(public_view(match))}
        for decision in record["decisions"]:
            assert match.submit(decision).ok
            shown.add(json_text(public_view(match)))
        return shown
    finally:
        match.close()


@pytest.mark.slow
def test_a_window_spectator_watches_a_whole_strike_match_of_two_cpu_clients(window, net_app):
    from game.scenes.harness import click
    from game.scenes.network import NetworkView

    record, _ = local_game("strike", 5)
    with hosted(record, spectators=True) as thread:
        address = f"127.0.0.1:{thread.host.port}"
        join = NetworkView(net_app, address=address)
        net_app.show_view(join)
        step(window, 1)
        press(window, join.buttons["watch"])
        frames_until(window, lambda: window.current_view is not join, what="watching")
        game_view = window.current_view
        remote = game_view.session.remote
        assert type(game_view).__name__ == "DraftView"
        assert remote.spectator and remote.seat is None and game_view.session.humans == []
        assert [game_view.other_name(s) for s in (0, 1)] == ["PLAYER 1", "PLAYER 2"]
        assert [game_view.side_name(s) for s in (0, 1)] == ["PLAYER 1", "PLAYER 2"]
        sent: list = []
        remote.client.submit = lambda *a, **k: sent.append(a)  # what a decision would call

        players = [NetClient(f"ws://{address}"), NetClient(f"ws://{address}")]
        results: dict[int, dict] = {}
        gate = threading.Semaphore(0)  # the CPUs decide one step per frame the test allows
        for client in players:
            client.start()
            client.submit = lambda d, index=None, real=client.submit: (
                gate.acquire(timeout=30), real(d, index))[1]
        released = [0]
        cpus = [threading.Thread(target=lambda c=c: results.setdefault(
            c.seat, play_seat(c, "easy", cpu_seed=3)), daemon=True) for c in players]
        for cpu in cpus:
            cpu.start()
        held: list[str] = []  # every state the spectator's screens held before the end
        frames = [0]

        def watched() -> bool:
            view = window.current_view
            frames[0] += 1
            if len(remote.client.history) >= released[0]:  # the watcher saw every step
                released[0] += 1
                gate.release()
            if remote.final is None and getattr(view, "session", None) is not None:
                for state in (view.state, remote.view_json(0)):
                    text = json_text(state)
                    if not held or held[-1] != text:
                        held.append(text)
                if frames[0] % 40 == 0:  # a player's clicks on the board and the cards
                    for x, y in ((640, 360), (400, 200), (900, 500), (640, 80)):
                        click(window, x, y)
            return type(view).__name__ == "ResultView"

        try:
            frames_until(window, watched, limit=400, what="the result screen")
            for cpu in cpus:
                cpu.join(30)
            host_record = thread.host.current_record()
            assert results == {0: host_record, 1: host_record}
            # read-only: no click made a decision, and there is nothing to click for
            assert sent == [] and remote.legal_decisions(0) == remote.legal_decisions(1) == []
            assert remote.send({"seat": 0, "type": "pass"}).error == "spectator"
            # the public view only: never the seed, never strike's forced rolls
            public = public_views(host_record)
            assert len(held) > len(host_record["decisions"]) * 2 // 3  # most positions seen
            for text in held:
                state = json.loads(text)
                assert state["seed"] == "hidden" and state["board"]["rolls"] == "hidden"
                assert text in public
            # after the end, the full record: the end screen's Save replay writes it
            view = window.current_view
            assert remote.record == host_record
            assert view.state["seed"] == 5  # the whole state, now that all is told
            assert load_record(view.save_replay()) == host_record
        finally:
            for client in players:
                client.close()


def test_a_host_that_allows_no_spectators_refuses_watch_on_the_join_screen(window, net_app):
    from game.scenes.network import NetworkView

    record, _ = local_game("strike", 5)
    with hosted(record) as thread:
        view = NetworkView(net_app, address=f"127.0.0.1:{thread.host.port}")
        net_app.show_view(view)
        step(window, 1)
        press(window, view.buttons["watch"])
        frames_until(window, lambda: view.stage == "idle", what="the refusal")
        assert (view.status, view.status_kind) == (
            "Could not watch: This host does not allow spectators.", "error")
        assert window.current_view is view
        from game import i18n

        i18n.set_language("pt_BR")  # the refusal in the language shown, not the host's words
        press(window, view.buttons["watch"])
        frames_until(window, lambda: view.stage == "idle", what="the refusal")
        assert view.status == ("Não foi possível assistir: Este anfitrião não permite "
                               "espectadores.")


@pytest.mark.slow
def test_allow_spectators_on_the_host_screen_is_off_by_default_and_passed_to_the_host(
        window, net_app):
    view = host_screen(window, net_app, "strike", 5)
    frames_until(window, lambda: view.stage == "waiting", what="hosting")
    thread, _ = view.hosting
    assert thread.host.spectators is False
    url = f"ws://127.0.0.1:{thread.host.port}"
    try:
        NetClient(url, role="spectator").start()
        raise AssertionError("a spectator joined a host that allows none")
    except JoinError as exc:
        assert str(exc) == "This host does not allow spectators."
    view.cancel()
    assert view.buttons["spectators"].text == "Allow spectators: off"
    view.buttons["spectators"].on_click(None)
    assert view.buttons["spectators"].text == "Allow spectators: on"
    view.mode = "strike"
    view.start_hosting(False)
    frames_until(window, lambda: view.stage == "waiting", what="hosting again")
    thread, _ = view.hosting
    assert thread.host.spectators is True
    assert view.address_lines[-1] == "Spectators may watch (Join screen: Watch)."
    watcher = NetClient(f"ws://127.0.0.1:{thread.host.port}", role="spectator")
    try:
        assert watcher.start()["seat"] is None
    finally:
        watcher.close()
        view.cancel()


def joined_strike(window, net_app, thread):
    """This window joined as seat 0 through the Join screen; seat 1 a client: (view, it)."""
    from game.scenes.network import NetworkView

    join = NetworkView(net_app, address=f"127.0.0.1:{thread.host.port}")
    net_app.show_view(join)
    join.join()
    frames_until(window, lambda: window.current_view is not join, what="joining")
    friend = NetClient(f"ws://127.0.0.1:{thread.host.port}")
    friend.start()
    view = window.current_view
    frames_until(window, lambda: not view.animating and not view.session.remote.peer_away,
                 what="the hands dealt, the friend in")
    return view, friend


@pytest.mark.slow
def test_a_decision_is_sent_without_waiting_shown_pending_and_applied_when_answered(
        window, net_app):
    from game.scenes.net_banner import SENDING

    record, decisions = local_game("strike", 5)
    with hosted(record) as thread:
        view, friend = joined_strike(window, net_app, thread)
        try:
            remote = view.session.remote
            client = remote.client
            assert remote.seat == 0 and decisions[0]["seat"] == 0
            held, waits = [], []
            real = client.submit
            client.submit = lambda d, index=None: held.append((d, index)) or 0  # a slow host
            client.wait = lambda *a, **k: waits.append(a)  # the window must never wait
            before = view.state
            assert view.human_to_act
            assert view.submit(decisions[0]) is True  # returned with the answer not in
            assert held == [(decisions[0], None)] and waits == []
            assert remote.sending.decision == decisions[0]
            assert view.awaiting and not view.human_to_act and view.is_animating()
            step(window, 5)  # frames go on; nothing is applied before the answer
            assert view.state == before and remote.decisions == []
            assert thread.host.current_record()["decisions"] == []
            assert view.submit(decisions[0]) is False and len(held) == 1  # one at a time
            remote.sending.since -= 1.0  # the answer is slow: past 200 ms, the note shows
            assert view.net_banner.update(remote) is None and view.net_banner.note == SENDING
            from game.scenes.harness import step as draw_step

            draw_step(window)  # the note is drawn under the top bar
            assert view.net_banner.note == SENDING and remote.sending is not None
            real(*held[0])  # the host gets it now and answers
            frames_until(window, lambda: remote.sending is None, what="the answer")
            assert remote.decisions == [decisions[0]]
            assert thread.host.current_record()["decisions"] == [decisions[0]]
            assert view.state != before and view.state == remote.view_json(0)
            assert view.state["board"]["hands"] != before["board"]["hands"]
            view.net_banner.update(remote)
            assert view.net_banner.note is None and not view.awaiting
            assert waits == []
        finally:
            friend.close()


@pytest.mark.slow
def test_a_rejection_arrives_as_the_usual_message_and_changes_nothing(window, net_app):
    from game.scenes.strike import look

    record, decisions = local_game("strike", 5)
    with hosted(record) as thread:
        view, friend = joined_strike(window, net_app, thread)
        try:
            remote = view.session.remote
            bad = {**decisions[0], "card": "no_such_card"}
            with Match.lock:
                local = build_match(new_record(record["mode"], record["rules"], 5,
                                               record["options"]))
                refusal = local.submit(bad)
                local.close()
            assert not refusal.ok
            before = view.state
            assert view.submit(bad) is True  # sent: the answer comes in a later frame
            assert view.toast.message == ""
            frames_until(window, lambda: remote.sending is None, what="the rejection")
            assert view.toast.message == look.reject_words(refusal.error, refusal.message,
                                                          bad, None)
            assert view.state == before and remote.decisions == []
            assert thread.host.current_record()["decisions"] == []
            assert view.human_to_act  # the player decides again
        finally:
            friend.close()


@pytest.mark.slow
def test_a_window_spectator_watches_a_conquest_match_sealed_phases_stay_sealed(window,
                                                                               net_app):
    """Conquest's public view hides both seats' sealed orders; the watcher's screens show it
    through to the game over screen."""
    from game.scenes.network import NetworkView

    record, _ = local_game("conquest", 14)
    with hosted(record, spectators=True) as thread:
        address = f"127.0.0.1:{thread.host.port}"
        join = NetworkView(net_app, address=address)
        net_app.show_view(join)
        join.watch()
        frames_until(window, lambda: window.current_view is not join, what="watching")
        remote = window.current_view.session.remote
        assert remote.spectator and window.current_view.who_name(1) == "Player 2"
        players = [NetClient(f"ws://{address}"), NetClient(f"ws://{address}")]
        for client in players:
            client.start()
        cpus = [threading.Thread(target=lambda c=c: play_seat(c, "easy", cpu_seed=2),
                                 daemon=True) for c in players]
        for cpu in cpus:
            cpu.start()
        held: list[str] = []

        def watched() -> bool:
            view = window.current_view
            if remote.final is None and getattr(view, "state", None) is not None:
                held.append(json_text(view.state))
            return type(view).__name__ == "GameOverView"

        try:
            frames_until(window, watched, limit=400, what="the game over screen")
            host_record = thread.host.current_record()
            public = public_views(host_record)
            assert held and all(text in public for text in held)
            assert remote.record == host_record
        finally:
            for client in players:
                client.close()
