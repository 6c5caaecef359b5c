"""The entry point `open_crawl` and the Start screen (spec 8.1)."""

from __future__ import annotations

import datetime

import arcade
import pytest

from game.engine.modes import ModeLaunch
from game.scenes.crawl.end import EndView
from game.scenes.crawl.picker import PickerView
from game.scenes.crawl.play import PlayView
from game.scenes.crawl.start import ScoresView, StartView, open_crawl
from game.scenes.harness import click, key, step
from game.scenes.menu import MainMenuView
from game.scenes.widgets import HelpOverlay
from tests.scenes.crawl.crawl_scene_helpers import MID_RUN, setup_record, show

TODAY = datetime.date.today()


def close(view):
    if isinstance(view, PlayView):
        view.close()
    elif isinstance(view, PickerView):
        view.on_leave()


def test_launch_variants(crawl_app):
    start = open_crawl(crawl_app, ModeLaunch("crawl"))
    assert isinstance(start, StartView)
    normal = open_crawl(crawl_app, ModeLaunch("crawl", seed=5, options={"variant": "normal"}))
    assert isinstance(normal, PlayView) and normal.match.seed == 5
    assert normal.match.options == {"variant": "normal", "ai": {}}
    close(normal)
    seeded = open_crawl(crawl_app, ModeLaunch("crawl", seed=11))
    assert isinstance(seeded, PlayView) and seeded.match.options["variant"] == "normal"
    close(seeded)
    picker = open_crawl(crawl_app, ModeLaunch("crawl", seed=3,
                                              options={"variant": "constructed"}))
    assert isinstance(picker, PickerView) and picker.match.phase == "pick"
    close(picker)
    daily = open_crawl(crawl_app, ModeLaunch("crawl", options={"variant": "daily"}))
    assert isinstance(daily, PlayView)
    assert daily.match.seed == int(TODAY.strftime("%Y%m%d"))
    assert daily.match.options == {"variant": "daily", "ai": {}, "date": TODAY.isoformat()}
    close(daily)
    with pytest.raises(ValueError, match="unknown variant"):
        open_crawl(crawl_app, ModeLaunch("crawl", options={"variant": "hard"}))


def test_launch_with_a_record_continues_it(crawl_app):
    hit = {"seat": 0, "type": "move", "from": "board", "from_index": 0, "to": "hero"}
    view = open_crawl(crawl_app, ModeLaunch("crawl", record=setup_record(MID_RUN,
                                                                        decisions=[hit])))
    assert isinstance(view, PlayView)
    assert view.match.decisions == [hit] and view.state["board"]["hero"]["hp"] == 4
    close(view)
    won = setup_record(
        {"board": {"board": [{"id": "e2a", "type": "enemy", "value": 2}, None, None, None],
                   "left_hand": {"id": "sp3", "type": "spell", "value": 3}}},
        decisions=[{"seat": 0, "type": "move", "from": "left_hand", "to": "board",
                    "to_index": 0}])
    end = open_crawl(crawl_app, ModeLaunch("crawl", record=won))
    assert isinstance(end, EndView) and end.won
    refused = setup_record(MID_RUN, decisions=[{"seat": 0, "type": "move", "from": "board",
                                               "from_index": 1, "to": "hero"}])
    with pytest.raises(ValueError, match="refused"):
        open_crawl(crawl_app, ModeLaunch("crawl", record=refused))


def test_the_app_starts_crawl_through_the_registry(window, crawl_app):
    view = crawl_app.start_mode(ModeLaunch("crawl"))
    assert isinstance(view, StartView) and window.current_view is view


@pytest.mark.slow
def test_start_screen_buttons(window, crawl_app):
    start = show(window, StartView(crawl_app))
    assert f"Daily  ·  {TODAY.isoformat()}" == start.buttons["daily"].text
    click(window, *start.buttons["normal"].rect.center)
    view = window.current_view
    assert isinstance(view, PlayView) and view.match.options["variant"] == "normal"
    view.close()
    start = show(window, StartView(crawl_app))
    click(window, *start.buttons["constructed"].rect.center)
    assert isinstance(window.current_view, PickerView)
    window.current_view.on_leave()
    start = show(window, StartView(crawl_app))
    click(window, *start.buttons["daily"].rect.center)
    view = window.current_view
    assert view.match.options["variant"] == "daily"
    view.close()


def test_the_seed_field(window, crawl_app):
    start = show(window, StartView(crawl_app))
    field = start.seed_field
    click(window, *field.rect.center)
    assert field.active
    window.dispatch_event("on_text", "1234")
    step(window)
    assert field.text == "1234"
    key(window, arcade.key.H)  # typing, not the help key
    assert window.current_view is start
    click(window, *start.buttons["normal"].rect.center)
    view = window.current_view
    assert isinstance(view, PlayView) and view.match.seed == 1234
    view.close()
    start = show(window, StartView(crawl_app))
    start.seed_field.text = "abc"
    click(window, *start.buttons["normal"].rect.center)
    assert window.current_view is start
    assert "whole number" in start.toast.message


def test_best_today_shows_on_the_daily_button(window, crawl_app):
    from game.scenes.crawl.scores import ScoreEntry, ScoreTable

    table = ScoreTable.load()
    table.add(ScoreEntry("daily", int(TODAY.strftime("%Y%m%d")), 77, True, 50,
                         "2025-01-01T00:00:00", TODAY.isoformat()))
    table.save()
    start = show(window, StartView(crawl_app))
    assert start.best_today == 77


def test_escape_help_and_high_scores(window, crawl_app):
    start = show(window, StartView(crawl_app))
    key(window, arcade.key.H)
    overlay = window.current_view
    assert isinstance(overlay, HelpOverlay)
    titles = [t.title for t in overlay.topics]
    assert titles[:11] == [
        "1. Goal", "2. The board and the draw", "3. The cards and where they go", "4. Hands",
        "5. The backpack", "6. The chest", "7. The hero's effects", "8. The abilities",
        "9. Rebuy", "10. The random attack", "11. Cleanup",
    ]
    abilities = overlay.topics[7].lines
    assert len(abilities) == 14 and abilities[0].startswith("Revive (Hero): The next time")
    key(window, arcade.key.ESCAPE)
    assert window.current_view is start
    step(window)
    click(window, *start.buttons["scores"].rect.center)
    scores = window.current_view
    assert isinstance(scores, ScoresView) and len(scores.boards) == 3
    key(window, arcade.key.ESCAPE)
    assert window.current_view is start
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, MainMenuView)


def test_the_daily_button_shows_the_days_par(window, crawl_app):
    """The Daily note says the par is being worked out, then shows the solver's best score of
    today's dungeon (the same search as `daily_par`, here with the tests' small budget)."""
    from game.ai.crawl.worker import daily_par
    from game.scenes.crawl import start as start_module

    start_module._PARS.clear()
    view = StartView(crawl_app)
    view.on_resize(*window.get_size())
    assert view.notes["daily"].text.endswith("Par: working it out...")
    show(window, view)
    step(window, 2)
    expected = daily_par(TODAY.isoformat(), StartView.par_nodes)
    assert isinstance(expected, int) and expected > 0
    assert view.par == expected
    assert view.notes["daily"].text.endswith(f"Par {expected}.")
    again = StartView(crawl_app)  # worked out once per day and session
    assert again.par == expected and not again.par_worker.pending
    start_module._PARS.clear()
