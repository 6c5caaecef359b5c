"""The Hint's worker is warmed when the play view shows, and the search gets the Hint's budget
less the pipe-and-frame overhead (docs/crawl.md "CPU players")."""

from __future__ import annotations

from game.scenes.crawl import hint as hint_module
from game.scenes.crawl.hint import HintRunner
from game.scenes.crawl.play import PlayView
from game.scenes.crawl.start import new_match
from tests.scenes.crawl.crawl_scene_helpers import show


def test_the_play_view_warms_the_hint_worker_when_it_shows(window, crawl_app, monkeypatch):
    warmed = []
    monkeypatch.setattr(HintRunner, "warm", lambda self: warmed.append(self))
    view = PlayView(crawl_app, new_match("normal", 21))
    view.hint_sync = False  # as in the game (the scene tests run the Hint in-process)
    show(window, view)
    assert warmed == [view.hint]
    view.close()


def test_a_sync_view_spawns_no_worker(window, crawl_app, monkeypatch):
    spawned = []
    monkeypatch.setattr(hint_module, "spawn_pool", lambda n: spawned.append(n))
    view = show(window, PlayView(crawl_app, new_match("normal", 21)))
    assert view.hint_sync is True and spawned == []
    view.close()


def test_the_search_gets_the_budget_less_the_overhead(monkeypatch):
    seen = []

    def think(level, view, state, budget_ms):
        seen.append((level, budget_ms))
        return {"type": "rebuy"}, state

    monkeypatch.setattr(hint_module, "think", think)
    runner = HintRunner(sync=True)
    runner.start("hard", {}, None, 300.0)
    runner.start("normal", {}, None, None)
    assert seen == [("hard", 275.0), ("normal", None)]
