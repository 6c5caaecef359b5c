"""A match's CPU worker is started and warmed before the CPU's first move (issue 27, section 4).

The first decision of a match used to wait for its worker process to start (1.4 s on a quiet
machine, 5 s under load): the worker was spawned at the first decision, and it imported arcade
because the function it ran lived in game.scenes. Now every game screen of a live match starts
its worker when it shows, with the mode's `warm` queued ahead of any decision; the screens
before a match (Kingdom's deck builder, CardConquest's setup, Card Crawl's Start) start one
that the match's first screen takes over; the functions a worker runs import no arcade; and a
left match's worker is ended without the click waiting for it.

Pools are stand-ins (`pools`): nothing is spawned here. `tabula bench` measures the real
first decision (`<mode>.cpu_first_ms`, game/scenes/cpu_bench.py).
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from typing import Any

import pytest

from game.engine.record import replay
from game.scenes import cpu_worker, gallery
from game.scenes.harness import step


class FakePool:
    """A ProcessPoolExecutor stand-in that records what it is given and never runs it."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, tuple[Any, ...]]] = []
        self.down = False
        self._processes: dict[int, Any] = {}

    def submit(self, fn: Any, *args: Any) -> Future:
        self.calls.append((fn, args))
        return Future()

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.down = True


@pytest.fixture
def pools(monkeypatch):
    from game.scenes.crawl import hint

    made: list[FakePool] = []

    def spawn(workers: int) -> FakePool:
        pool = FakePool()
        made.append(pool)
        return pool

    monkeypatch.setattr(cpu_worker, "spawn_pool", spawn)
    monkeypatch.setattr(hint, "spawn_pool", spawn)
    cpu_worker.drop_spare()
    yield made
    cpu_worker.drop_spare()


@pytest.fixture
def live(monkeypatch):
    """The CPU of every mode decides in a worker, as in the game (the gallery and the
    per-mode scene tests switch it to in-process)."""
    from game.scenes.crawl.play import PlayView
    from game.scenes.kingdom.match_view import MatchView
    from game.scenes.strike.base import StrikeView

    monkeypatch.setattr(StrikeView, "cpu_sync", False)
    monkeypatch.setattr(MatchView, "cpu_sync", False)
    monkeypatch.setattr(PlayView, "hint_sync", False)


def game_view(app: Any, mode: str, phase: str) -> Any:
    """The live screen of a gallery position (seat 0 human, seat 1 the easy CPU)."""
    match = replay(gallery.phase_records(mode)[phase]).match
    if mode == "strike":
        from game.scenes.strike.start import view_for

        return view_for(app, match)
    if mode == "conquest":
        from game.scenes.conquest.start import view_for as conquest_view

        return conquest_view(app, match)
    from game.scenes.kingdom.match_view import KingdomSession, MatchView

    return MatchView(app, KingdomSession(match))


def is_warm(fn: Any) -> bool:
    from game.ai.workers import warm

    return fn is warm


@pytest.mark.parametrize("mode, phase", [("strike", "draft"), ("conquest", "commander"),
                                         ("kingdom", "planning")])
def test_a_game_screen_starts_and_warms_its_cpu_worker_when_it_shows(window, app, pools, live,
                                                                      mode, phase):
    view = game_view(app, mode, phase)
    assert pools == [], "building the screen starts nothing"
    window.show_view(view)
    try:
        assert len(pools) == 1, "the worker starts when the screen shows"
        first, args = pools[0].calls[0]
        assert is_warm(first) and args == ()  # every CPU loaded ahead of any decision
        step(window, 6)  # the CPU may ask now: on the same, warm worker
        assert len(pools) == 1
        for fn, _ in pools[0].calls[1:]:  # what the worker runs imports no arcade
            assert fn.__module__ == f"game.ai.workers.{mode}", fn
    finally:
        gallery.close(view)
    assert pools[0].down, "leaving the match ends its worker"


def test_a_still_shot_or_a_sync_cpu_starts_no_worker(window, app, pools):
    from game.scenes.strike.start import view_for

    shot = view_for(app, replay(gallery.phase_records("strike")["draft"]).match, live=False)
    window.show_view(shot)
    step(window, 3)
    gallery.close(shot)
    view = game_view(app, "conquest", "commander")
    view.session.runner.sync = True  # the tests' in-process CPU
    window.show_view(view)
    step(window, 3)
    gallery.close(view)
    assert pools == []


def test_the_deck_builder_starts_the_worker_the_match_view_takes_over(window, app, pools, live):
    from game.scenes.kingdom.deck_builder import DeckBuilderView
    from game.scenes.kingdom.start import begin_match, cpu_deck_decision, new_match

    app.prestart_cpus = True  # as in the game (run_app)
    match = new_match(5, {1: "hard"})
    builder = DeckBuilderView(app, match, 0)
    window.show_view(builder)
    assert len(pools) == 1 and is_warm(pools[0].calls[0][0])
    view = begin_match(app, match, cpu_deck_decision(match, 0))
    try:
        assert view.session.runner._executor is pools[0]  # the same, already warm worker
        step(window, 6)
        assert len(pools) == 1
    finally:
        gallery.close(view)


def test_the_match_setup_starts_the_worker_the_first_screen_takes_over(window, app, pools,
                                                                       live):
    from game.scenes.conquest.setup import MatchSetupView

    app.prestart_cpus = True
    setup = MatchSetupView(app)
    window.show_view(setup)
    step(window, 2)
    assert len(pools) == 1 and is_warm(pools[0].calls[0][0])
    setup.start()
    view = window.current_view
    try:
        assert view.session.runner.calls._executor is pools[0]
        assert len(pools) == 1
    finally:
        gallery.close(view)


@pytest.mark.slow
def test_crawl_start_warms_the_hint_the_run_takes_over(window, app, pools, live):
    from game.scenes.crawl.start import StartView

    StartView.par_sync = True  # the daily par in-process: only the Hint's worker here
    try:
        app.prestart_cpus = True
        start = StartView(app)
        window.show_view(start)
        step(window, 2)
        assert len(pools) == 1 and is_warm(pools[0].calls[0][0])
        start.start("normal")
        view = window.current_view
        assert view.hint._executor is pools[0] and len(pools) == 1
        view.close()
    finally:
        StartView.par_sync = False


def test_the_menu_keeps_one_warm_worker_waiting_and_any_mode_takes_it(window, app, pools,
                                                                     live):
    app.prestart_cpus = True
    app.show_menu()  # the launch
    assert len(pools) == 1 and cpu_worker.has_spare() and is_warm(pools[0].calls[0][0])
    app.show_menu()
    assert len(pools) == 1, "one at a time"
    view = game_view(app, "strike", "draft")  # no screen before a strike match
    window.show_view(view)
    try:
        assert view.session.runner._executor is pools[0] and not cpu_worker.has_spare()
    finally:
        gallery.close(view)
    app.show_menu()  # back at the menu: the next match's worker starts warming
    assert len(pools) == 2 and cpu_worker.has_spare()
    app.shutdown()
    assert pools[1].down and not cpu_worker.has_spare()


def test_a_bare_app_starts_nothing_ahead_of_a_match(window, app, pools):
    from game.scenes.conquest.setup import MatchSetupView

    assert app.prestart_cpus is False  # tests, shots and tools spawn nothing unasked
    window.show_view(MatchSetupView(app))
    assert pools == []


def test_a_read_only_window_keeps_no_worker_waiting(window, app, pools, monkeypatch):
    """A second window on one home plays no match (game.home_lock): its menu starts no CPU
    worker, until the home is its own."""
    owner = {"other": True}
    monkeypatch.setattr(type(app), "read_only", property(lambda self: owner["other"]))
    app.prestart_cpus = True
    app.show_menu()
    assert pools == [] and not cpu_worker.has_spare()
    owner["other"] = False  # the other window closed
    app.show_menu()
    assert len(pools) == 1 and cpu_worker.has_spare()


class SlowProcess:
    """A worker process that takes its time to end (a loaded machine)."""

    def __init__(self) -> None:
        self.alive = True
        self.joined_on: list[threading.Thread] = []
        self.done = threading.Event()

    def is_alive(self) -> bool:
        return self.alive

    def terminate(self) -> None:
        pass  # the signal is on its way

    def join(self, timeout: float | None = None) -> None:
        self.joined_on.append(threading.current_thread())
        self.alive = False
        self.done.set()

    def kill(self) -> None:
        self.alive = False


def test_ending_a_worker_never_waits_in_the_caller():
    """Leaving a match took seconds under load: the click's handler joined the worker."""
    pool = FakePool()
    process = SlowProcess()
    pool._processes = {1: process}
    calls = cpu_worker.WorkerCalls("test CPU")
    calls._executor = pool  # type: ignore[assignment]
    calls.shutdown()
    assert pool.down and calls._executor is None
    assert process.done.wait(5)
    assert process.joined_on and threading.main_thread() not in process.joined_on
