"""Kingdom over the network in the game window (issue 27): hosted from the Network screen or
joined there, the deck builder (its Default preset drawn by the host from the seat's own
`deck/<seat>` stream, Start Match sending the deck, the wait for the other player), the
planning turns of both players, the combat and the end screen, from the joiner's side too;
nothing of the other seat's secrets on the joiner's screens or in its frames; a dropped link
and a host that was left, resumed."""

from __future__ import annotations

import json
from typing import Any

import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)
from game.engine.match import HIDDEN
from game.engine.record import replay
from game.net.client import NetClient
from game.scenes.kingdom import words
from tests.net.support import hosted, local_game, shown_counts
from tests.scenes.net.test_network_play import decide, frames_until, host_screen, step

pytestmark = pytest.mark.network

SEED = 7  # hard against hard: 56 decisions with every verb (buy, sell, move, refresh, upgrade)


def kingdom_game() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The record and the decisions of two hard CPUs, each deck's units sorted as the deck
    builder sends them (a CPU lists them in pick order; the match stores them sorted)."""
    record, decisions = local_game("kingdom", SEED, "hard")
    return record, [{**d, "units": sorted(d["units"])} if d["type"] == "build_deck" else d
                    for d in decisions]


def local_preset(seat: int, mode: str, faction: str, presses: int = 1) -> tuple[str, list]:
    """The Default preset the `presses`-th press gives in a local match of SEED: the rules'
    draw from the seat's `deck/<seat>` stream."""
    from game.scenes.kingdom.start import new_match

    match = new_match(SEED, {})
    try:
        for _ in range(presses):
            drawn = match.rules.deck_preset(match, seat, mode, faction)
        return drawn
    finally:
        match.close()


def build_on_screen(window, view, decision) -> None:
    """What a player does in the deck builder to build `decision`: the mode, the faction tile
    (its Default preset comes from the host), the hero and the units, then Start Match."""
    assert type(view).__name__ == "DeckBuilderView" and view.remote is not None
    view.set_mode(decision["mode"])
    view.select_faction(decision["faction"])
    frames_until(window, lambda: view.preset_asked is None, what="the Default preset")
    view.pick_hero(decision["hero"])
    view.units = list(decision["units"])
    view._changed(True)
    view.start_match()
    assert view.frozen  # sent: the selection holds until the host answers
    frames_until(window, lambda: view.remote.sending is None, what="the host's answer")


def planning_view(window):
    """Frames until the match view lets this window's player plan."""
    def ready() -> bool:
        view = window.current_view
        return (type(view).__name__ == "MatchView" and view.can_plan
                and not view.session.remote.pending and not view.animating)

    frames_until(window, ready, what="this player's planning turn")
    return window.current_view


def play_planning(window, decisions, counts, me: int, other: NetClient, start: int,
                  stop: int | None = None, on_other=None) -> None:
    """The planning decisions in the recorded order: this window's through the match view's
    `submit` (what its clicks and keys call), the other seat's through its client."""
    for i in range(start, len(decisions) if stop is None else stop):
        decision = decisions[i]
        if decision["seat"] == me:
            view = planning_view(window)
            assert decide(window, view, decision), (i, decision, view.toast.message)
        else:
            expected = counts[i][1 - me]
            other.wait(lambda c, e=expected: c.index == e and c.online and c.act)
            if on_other is not None:
                on_other(i)
            other.submit(decision)
            other.wait(lambda c, e=expected: c.index > e)


def end_screen(window):
    frames_until(window, lambda: type(window.current_view).__name__ == "EndView",
                 what="the end screen")
    return window.current_view


def other_seat_secrets(frames: list[str], other: int) -> list[Any]:
    """Everything of seat `other`'s secrets in frames received by the other seat before the
    end: its shop offers, and its deck, faction and hero during the deck builder."""
    seen = []
    for frame in frames:
        message = json.loads(frame)
        if message["type"] == "end":
            break
        views = [message["view"]] if "view" in message else []
        for view in views:
            seat = view["board"]["seats"][other]
            seen += [o for o in seat["shop"] if o not in (None, HIDDEN)]
            if view["phase"] == "deck_builder":
                seen += [seat[k] for k in ("faction", "mode", "hero", "deck") if seat[k] != HIDDEN]
    return seen


@pytest.mark.slow
def test_host_screen_plays_a_whole_kingdom_match_leaves_and_resumes(window, net_app):
    """Host Kingdom from the Network screen: the deck builder's Default comes from the host,
    exactly the preset of a local match of the same seed; Start Match waits for the friend's
    deck; every planning verb goes through the match view; the host left half-way is hosted
    again with Resume and the friend rejoins by itself; the end screen keeps the record a
    local match of the same decisions has."""
    from game.scenes.network import NetworkView

    record, decisions = kingdom_game()
    assert {d["type"] for d in decisions} == {"build_deck", "buy", "sell", "move", "refresh",
                                             "upgrade", "end_turn"}
    assert [d["seat"] for d in decisions[:2]] == [0, 1]
    counts = shown_counts(record, decisions)
    view = host_screen(window, net_app, "kingdom", SEED)
    frames_until(window, lambda: view.stage == "waiting", what="hosting")
    assert view.address_lines[0] == "Hosting Kingdom. Give your friend:"
    thread, _ = view.hosting
    port = thread.host.port
    friend = NetClient(f"ws://127.0.0.1:{port}")
    friend.start()
    try:
        frames_until(window, lambda: window.current_view is not view, what="the match opens")
        builder = window.current_view
        assert type(builder).__name__ == "DeckBuilderView" and builder.seat == 0
        assert builder.current_record() is None  # the host keeps the match, not this window
        # the first pick of a tile applies Default, drawn by the host from deck/0
        builder.select_faction("rome")
        assert builder.preset_asked is not None and builder.hero is None
        frames_until(window, lambda: builder.preset_asked is None, what="the preset")
        assert (builder.hero, builder.units) == local_preset(0, "country", "rome")
        builder.apply_default()  # pressed again: the stream's next draw
        frames_until(window, lambda: builder.preset_asked is None, what="the preset")
        assert (builder.hero, builder.units) == local_preset(0, "country", "rome", presses=2)
        build_on_screen(window, builder, decisions[0])
        assert builder.built and window.current_view is builder
        assert builder.waiting_line() == ("Deck ready. Waiting for Player 2 (remote) to build "
                                          "theirs…")
        assert builder.start_btn.disabled and builder.start_btn.text == "Waiting…"
        builder.select_faction("china")  # the deck is taken: nothing changes any more
        assert builder.faction == decisions[0]["faction"]
        friend.wait(lambda c: c.index == counts[1][1])
        friend.submit(decisions[1])  # the friend's deck ends the deck builder
        frames_until(window, lambda: type(window.current_view).__name__ == "MatchView",
                     what="the match view")
        match_view = window.current_view
        assert match_view.me == 0 and match_view.bottom == 0
        assert match_view.panel_texts[1]["tag"].text == "Player 2 (remote)"
        half = next(i for i in range(len(decisions) // 2, len(decisions))
                    if decisions[i]["seat"] == 0)
        banners = []

        def friend_plans(i: int) -> None:  # this window waits, saying for whom
            step(window, 3)
            banners.append(window.current_view.banner)

        play_planning(window, decisions, counts, 0, friend, 2, half, on_other=friend_plans)
        assert "Player 2 (remote) is planning…" in banners
        assert window.current_view.current_record() is None  # nothing saved in this window
        net_app.leave_match(window.current_view)  # Esc, Quit: the host stops and saves
        friend.wait(lambda c: not c.online)
        again = NetworkView(net_app)
        net_app.show_view(again)
        again.port = port
        again.host("kingdom")
        assert again.stage == "ask_resume" and again.resume_at == half
        again.buttons["resume"].on_click(None)
        frames_until(window, lambda: window.current_view is not again, what="the friend back")
        assert type(window.current_view).__name__ == "MatchView"
        assert len(window.current_view.session.remote.decisions) == counts[half][0]
        play_planning(window, decisions, counts, 0, friend, half)
        end = end_screen(window)
        remote = end.session.remote
        assert remote.record == {**record, "decisions": decisions} == friend.record
        assert end.record == remote.record
        local = replay(remote.record)
        assert end.banner_word == ("Victory" if local.match.result["winner"] == 0 else "Defeat")
        local.match.close()
        from game.engine.record import load_record
        from game.replay_files import replays_dir

        assert remote.record in [load_record(p) for p in replays_dir().glob("*.json")]
        end.rematch()  # a new network match is hosted or joined on the Network screen
        assert type(window.current_view).__name__ == "NetworkView"
    finally:
        friend.close()


@pytest.mark.slow
def test_join_screen_plays_a_whole_kingdom_match_from_the_joiners_side(window, net_app):
    """Join a Kingdom host as seat 1: the builder shows nothing of seat 0's deck (nor whether
    it has built); the match view puts this seat's board and shop at the bottom and seat 0's
    offers as card backs; a dropped link reconnects by itself mid-match; the match ends on
    the end screen with the host's record, and nothing of seat 0's secrets ever reached this
    window before the end."""
    from game.scenes.network import NetworkView

    record, decisions = kingdom_game()
    counts = shown_counts(record, decisions)
    with hosted(record) as thread:
        first = NetClient(f"ws://127.0.0.1:{thread.host.port}")
        first.start()  # seat 0
        try:
            join = NetworkView(net_app, address=f"127.0.0.1:{thread.host.port}")
            net_app.show_view(join)
            join.join()
            frames_until(window, lambda: window.current_view is not join, what="joining")
            builder = window.current_view
            assert type(builder).__name__ == "DeckBuilderView" and builder.seat == 1
            client = builder.remote.client
            first.submit(decisions[0])  # seat 0 builds: this seat is not told
            first.wait(lambda c: c.answers == 1)
            client.sync()
            frames = len(client.frames)
            step(window, 5)
            assert builder.waiting_line() == "" and not builder.built
            builder.select_faction("china")  # its own Default still comes, from deck/1
            frames_until(window, lambda: builder.preset_asked is None, what="the preset")
            assert (builder.hero, builder.units) == local_preset(1, "country", "china")
            build_on_screen(window, builder, decisions[1])  # this deck ends the deck builder
            frames_until(window, lambda: type(window.current_view).__name__ == "MatchView",
                         what="the match view")
            view = window.current_view
            assert view.me == 1 and (view.bottom, view.top) == (1, 0)
            assert view.panel_texts[1]["name"].text.endswith("(you)")
            assert view.panel_texts[0]["tag"].text == "Player 1 (remote)"
            shop = view.seat(1)["shop"]
            assert shop and all(o not in (None, HIDDEN) for o in shop)
            assert all(("offer", 1, i) in view.sprites for i in range(len(shop)))
            assert not [k for k in view.sprites if k[0] == "offer" and k[1] == 0]
            assert all(("back", 0, i) in view.sprites for i in range(len(view.seat(0)["shop"])))
            assert set(view.seat(0)["shop"]) <= {None, HIDDEN}
            banners, dropped = [], []

            def seat0_plans(i: int) -> None:
                step(window, 3)
                banners.append(window.current_view.banner)
                if i > len(decisions) // 2 and not dropped:  # this window's link drops
                    dropped.append(i)
                    client.drop()
                    client.wait(lambda c: c.welcomes == 2)  # back by itself, with its token

            play_planning(window, decisions, counts, 1, first, 2, on_other=seat0_plans)
            assert "Player 1 (remote) is planning…" in banners and dropped
            end = end_screen(window)
            assert end.session.remote.record == {**record, "decisions": decisions}
            assert end.lines[-2].startswith("Player 1 (remote): ")
            assert end.lines[-1].startswith("You: ")
            assert len(client.frames) > frames
            assert other_seat_secrets(client.frames, 0) == []
        finally:
            first.close()


@pytest.mark.slow
def test_a_seat_that_rejoins_after_building_waits_with_its_deck(window, net_app):
    """The joiner builds first and closes the game; joining again from the Network screen
    gives it its seat back in the deck builder, its deck shown and held, waiting; seat 0's
    deck then opens the match view."""
    from game.scenes.network import NetworkView

    record, decisions = kingdom_game()
    decisions = [decisions[1], decisions[0], *decisions[2:]]  # seat 1 builds first
    with hosted(record) as thread:
        first = NetClient(f"ws://127.0.0.1:{thread.host.port}")
        first.start()
        try:
            address = f"127.0.0.1:{thread.host.port}"
            join = NetworkView(net_app, address=address)
            net_app.show_view(join)
            join.join()
            frames_until(window, lambda: window.current_view is not join, what="joining")
            build_on_screen(window, window.current_view, decisions[0])
            assert window.current_view.built
            net_app.leave_match(window.current_view)  # the game is closed
            again = NetworkView(net_app)
            net_app.show_view(again)
            assert again.address.text == address
            again.join()
            frames_until(window, lambda: window.current_view is not again, what="rejoining")
            builder = window.current_view
            mine = decisions[0]
            assert type(builder).__name__ == "DeckBuilderView" and builder.built
            assert (builder.mode, builder.faction, builder.hero, sorted(builder.units)) == (
                mine["mode"], mine["faction"], mine["hero"], mine["units"])
            assert builder.waiting_line().startswith("Deck ready. Waiting for Player 1 (remote)")
            first.submit(decisions[1])
            frames_until(window, lambda: type(window.current_view).__name__ == "MatchView",
                         what="the match view")
            assert window.current_view.seat(1)["faction"] == mine["faction"]
        finally:
            first.close()


@pytest.mark.slow
def test_a_refused_deck_stays_to_be_changed(window, net_app):
    """A `build_deck` the host refuses is said in the rules' words and the builder stays
    open, not waiting."""
    record, decisions = kingdom_game()
    with hosted(record) as thread:
        first = NetClient(f"ws://127.0.0.1:{thread.host.port}")
        first.start()
        try:
            from game.scenes.network import NetworkView

            join = NetworkView(net_app, address=f"127.0.0.1:{thread.host.port}")
            net_app.show_view(join)
            join.join()
            frames_until(window, lambda: window.current_view is not join, what="joining")
            builder = window.current_view
            bad = {**decisions[1], "hero": "rome_julius_caesar"}  # not a hero of its pool
            assert builder.remote.send(bad) is None
            frames_until(window, lambda: builder.remote.sending is None, what="the answer")
            assert not builder.built and not builder.frozen
            assert builder.toast.message == (f"Invalid deck: hero 'rome_julius_caesar' is not "
                                             f"a hero of the {bad['faction']} pool")
        finally:
            first.close()


@pytest.mark.slow
def test_a_window_spectator_watches_a_kingdom_match_of_two_cpu_clients(window, net_app):
    """Watch: the decks are built unseen ("The players are building their decks…", no
    faction, hero or deck shown), then the match view shows both boards read-only with both
    shops as card backs, to the end screen ("<Faction> wins" or "Draw"), whose Save Replay
    writes the host's record."""
    import threading

    from game.engine.record import load_record
    from game.net.cpu import play_seat
    from game.scenes.network import NetworkView

    record, _ = kingdom_game()
    with hosted(record, spectators=True) as thread:
        address = f"127.0.0.1:{thread.host.port}"
        join = NetworkView(net_app, address=address)
        net_app.show_view(join)
        join.watch()
        frames_until(window, lambda: window.current_view is not join, what="watching")
        view = window.current_view
        assert type(view).__name__ == "MatchView" and view.spectating
        step(window, 2)
        assert view.banner == "The players are building their decks…"
        assert [view.seat(s)["faction"] for s in (0, 1)] == [None, None]
        assert [view.panel_texts[s]["tag"].text for s in (0, 1)] == ["Player 1", "Player 2"]
        players = [NetClient(f"ws://{address}"), NetClient(f"ws://{address}")]
        results: dict[int, dict] = {}
        for client in players:
            client.start()
        cpus = [threading.Thread(target=lambda c=c: results.setdefault(
            c.seat, play_seat(c, "hard", cpu_seed=4)), daemon=True) for c in players]
        for cpu in cpus:
            cpu.start()
        shops: set = set()

        def watched() -> bool:
            current = window.current_view
            if type(current).__name__ == "MatchView":
                shops.update(o for s in (0, 1) for o in current.seat(s)["shop"])
            return type(current).__name__ == "EndView"

        try:
            frames_until(window, watched, limit=60, what="the end screen")
            end = window.current_view
            for cpu in cpus:
                cpu.join(30)
            host_record = thread.host.current_record()
            assert results == {0: host_record, 1: host_record}
            assert shops <= {None, HIDDEN}  # neither seat's offers, ever
            assert end.session.remote.record == host_record
            final = replay(host_record).match
            winner = final.result["winner"]
            final.close()
            assert end.banner_word == ("Draw" if winner is None
                                       else f"{end.faction(winner)} wins")
            assert load_record(end.save_replay()) == host_record
        finally:
            for client in players:
                client.close()


@pytest.mark.slow
def test_a_spectator_who_saw_the_decks_built_unseen_takes_the_match_as_it_stands(window,
                                                                                 net_app):
    """Both decks are built and seat 0 buys before the watching window's next frame: the
    window takes them all at once and shows the position as it stands (it used to play the
    buy against the deck builder's empty shop and crash)."""
    from game.scenes.network import NetworkView
    from tests.net.support import feed, joined

    record, decisions = kingdom_game()
    assert decisions[2]["type"] == "buy" and decisions[2]["seat"] == 0
    counts = shown_counts(record, decisions)
    with hosted(record, spectators=True) as thread:
        join = NetworkView(net_app, address=f"127.0.0.1:{thread.host.port}")
        net_app.show_view(join)
        join.watch()
        frames_until(window, lambda: window.current_view is not join, what="watching")
        view = window.current_view
        step(window, 2)
        with joined(thread, None, None) as players:
            feed(players, decisions, counts, 0, 3)
            view.session.remote.client.sync()
            step(window, 4)
            assert view.shown["phase"] == "planning" and view.banner != words.BUILDING_DECKS
            slots = view.seat(0)["slots"]
            assert [u["uid"] for u in slots if u] == ["u1"]
            assert ("unit", "u1") in view.sprites


@pytest.mark.slow
def test_joining_a_finished_match_shows_its_end_screen_with_the_record(window, net_app):
    """A seat that comes back after the last combat gets the end screen of the match, read
    from the record the host sends after its welcome (Save Replay writes it)."""
    from game.engine.record import load_record
    from game.scenes.network import NetworkView

    record, decisions = kingdom_game()
    with hosted({**record, "decisions": decisions}) as thread:
        first = NetClient(f"ws://127.0.0.1:{thread.host.port}")
        first.start()
        try:
            join = NetworkView(net_app, address=f"127.0.0.1:{thread.host.port}")
            net_app.show_view(join)
            join.join()
            frames_until(window, lambda: window.current_view is not join, what="joining")
            end = window.current_view
            assert type(end).__name__ == "EndView" and end.me == 1
            assert end.record == thread.host.current_record()
            assert load_record(end.save_replay()) == end.record
        finally:
            first.close()


@pytest.mark.slow
def test_a_preset_that_comes_after_the_player_chose_is_dropped(window, net_app):
    """The player picks a hero before the host's Default arrives: the choice stands (the
    late preset changes nothing), and Default pressed again is the stream's next draw."""
    from game.scenes.network import NetworkView

    record, _ = kingdom_game()
    with hosted(record) as thread:
        first = NetClient(f"ws://127.0.0.1:{thread.host.port}")
        first.start()
        try:
            join = NetworkView(net_app, address=f"127.0.0.1:{thread.host.port}")
            net_app.show_view(join)
            join.join()
            frames_until(window, lambda: window.current_view is not join, what="joining")
            builder = window.current_view
            builder.select_faction("rome")
            builder.pick_hero("rome_julius_caesar")  # before any frame read the answer
            frames_until(window, lambda: builder.preset_asked is None, what="the answer")
            assert (builder.hero, builder.units) == ("rome_julius_caesar", [])
            builder.apply_default()
            frames_until(window, lambda: builder.preset_asked is None, what="the preset")
            assert (builder.hero, builder.units) == local_preset(1, "country", "rome", 2)
        finally:
            first.close()


@pytest.mark.slow
def test_a_deck_the_host_took_while_its_answer_was_lost_makes_the_builder_wait(window,
                                                                                net_app):
    """The host took this seat's deck but the builder never heard (the link dropped with the
    answer): the reconnect's view says the deck is built, and the builder waits with it."""
    from game.scenes.network import NetworkView

    record, decisions = kingdom_game()
    with hosted(record) as thread:
        first = NetClient(f"ws://127.0.0.1:{thread.host.port}")
        first.start()
        try:
            join = NetworkView(net_app, address=f"127.0.0.1:{thread.host.port}")
            net_app.show_view(join)
            join.join()
            frames_until(window, lambda: window.current_view is not join, what="joining")
            builder = window.current_view
            client = builder.remote.client
            client.submit(decisions[1])  # as if sent just before the link dropped
            client.wait(lambda c: c.answers == 1)
            client.drop()
            client.wait(lambda c: c.welcomes == 2)
            frames_until(window, lambda: builder.built, what="the builder waiting")
            assert builder.faction == decisions[1]["faction"]
            assert sorted(builder.units) == decisions[1]["units"]
            assert builder.waiting_line().startswith("Deck ready. Waiting for Player 1")
            first.submit(decisions[0])
            frames_until(window, lambda: type(window.current_view).__name__ == "MatchView",
                         what="the match view")
        finally:
            first.close()
