"""Undo in a Card Crawl run (issue 25): Ctrl+Z and the Undo button take back the last move by
a journal rollback, the same move again gives the same state bytes, a hundred undos leave a
valid record counting them, a run with an undo never enters the high scores or the daily
board, and the replay viewer offers no Undo."""

from __future__ import annotations

import json

import arcade
import pytest

from game.engine.record import load_record, match_record, replay, validate_record
from game.engine.undo import UNDO_OPTION
from game.scenes.crawl.end import NOT_SCORED, EndView
from game.scenes.crawl.play import PlayView
from game.scenes.crawl.scores import ScoreTable, eligible
from game.scenes.crawl.start import new_match
from game.scenes.harness import click, key, step
from tests.scenes.crawl.crawl_scene_helpers import show

CTRL = arcade.key.MOD_CTRL


def state_bytes(view: PlayView) -> str:
    return json.dumps(view.match.state_json(), sort_keys=True)


def cpu_for(view: PlayView):
    from game.ai.crawl import make_cpu
    from game.engine.rng import ai_stream

    return make_cpu("normal", 0, ai_stream(999, 0), view.match.resources)


@pytest.fixture
def run(window, crawl_app):
    """run(variant, seed, speed) -> a fresh run's PlayView, shown."""
    views: list[PlayView] = []

    def make(variant: str = "normal", seed: int = 21, speed: str = "instant") -> PlayView:
        crawl_app.settings.animation_speed = speed
        view = PlayView(crawl_app, new_match(variant, seed))
        views.append(view)
        return show(window, view)

    yield make
    for view in views:
        view.close()


def test_ctrl_z_then_the_same_move_gives_the_same_state_bytes(window, run):
    view = run()
    cpu = cpu_for(view)
    assert view.offers_undo() and not view.can_undo()
    assert view.buttons["undo"].disabled  # nothing to take back yet
    for _ in range(8):
        before = state_bytes(view)
        decision = cpu.decide(view.match.view_json(0))
        assert view.submit(decision)
        step(window, 2)
        after = state_bytes(view)
        assert not view.buttons["undo"].disabled
        key(window, arcade.key.Z, CTRL)
        assert state_bytes(view) == before  # the board as it was, the deck's order too
        assert view.state == view.match.view_json(0)
        assert view.submit(decision)
        step(window, 2)
        assert state_bytes(view) == after  # nothing was drawn anew
    record = view.current_record()
    assert record["options"][UNDO_OPTION] == 8 and len(record["decisions"]) == 8


def test_the_undo_button_takes_back_and_the_save_follows(window, run):
    from game import paths

    view = run()
    cpu = cpu_for(view)
    before = state_bytes(view)
    assert view.submit(cpu.decide(view.match.view_json(0)))
    step(window, 2)
    button = view.buttons["undo"]
    click(window, *button.rect.center)
    step(window)
    assert state_bytes(view) == before and button.disabled
    saved = load_record(paths.saves_dir() / "crawl.json")  # the save has the undo in it
    assert saved["decisions"] == [] and saved["options"][UNDO_OPTION] == 1
    key(window, arcade.key.Z, CTRL)  # nothing left: a word, no change
    assert state_bytes(view) == before and view.toast.visible


@pytest.mark.slow
def test_undo_mid_animation_shows_the_position_at_once(window, run):
    view = run(speed="normal")
    cpu = cpu_for(view)
    step(window, 120)  # the deal's animation is over
    before = state_bytes(view)
    homes = {cid: card.home for cid, card in view.cards.items()}
    assert view.submit(cpu.decide(view.match.view_json(0)))
    step(window, 3)
    assert view.tweener.busy  # the move still animates
    key(window, arcade.key.Z, CTRL)
    assert state_bytes(view) == before
    assert not view.tweener.busy and not view.queue  # nothing of the undone move plays
    assert {cid: card.position for cid, card in view.cards.items()} == homes


@pytest.mark.slow
def test_a_hundred_undos_leave_a_valid_record(window, run):
    view = run(seed=33)
    cpu = cpu_for(view)
    for _ in range(100):
        assert view.submit(cpu.decide(view.match.view_json(0)))
        assert view.undo()
    for _ in range(5):
        assert view.submit(cpu.decide(view.match.view_json(0)))
    record = json.loads(json.dumps(view.current_record()))
    validate_record(record)
    assert record["options"][UNDO_OPTION] == 100 and len(record["decisions"]) == 5
    again = replay(record)
    assert again.rejection is None
    assert again.match.state_json() == view.match.state_json()
    again.match.close()


def _to_the_end(window, view) -> None:
    cpu = cpu_for(view)
    for _ in range(400):
        if view.state.get("result") is not None:
            break
        assert view.submit(cpu.decide(view.match.view_json(0)))
        step(window)
    step(window, 3)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["normal", "daily"])
def test_a_run_with_an_undo_enters_no_high_score_table_or_daily_board(window, run, variant):
    view = run(variant)
    cpu = cpu_for(view)
    assert view.submit(cpu.decide(view.match.view_json(0)))
    assert view.undo()
    _to_the_end(window, view)
    end = window.current_view
    assert isinstance(end, EndView) and end.new_entry is None
    assert ScoreTable.load().entries == []
    assert NOT_SCORED in [t.text for t in end.lines]


@pytest.mark.slow
def test_a_run_with_no_undo_still_scores(window, run):
    view = run()
    _to_the_end(window, view)
    end = window.current_view
    assert isinstance(end, EndView) and end.new_entry is not None


@pytest.mark.slow
def test_an_undone_run_continued_from_its_save_stays_unscored(window, run, crawl_app):
    view = run()
    cpu = cpu_for(view)
    assert view.submit(cpu.decide(view.match.view_json(0)))
    assert view.undo()  # autosaved with the undo counted
    view.close()
    again = crawl_app.continue_mode("crawl")
    assert isinstance(again, PlayView) and not eligible(again.current_record())
    assert not again.can_undo()  # the points of the last sitting are gone
    _to_the_end(window, again)
    assert window.current_view.new_entry is None and ScoreTable.load().entries == []


def test_a_finished_run_cannot_be_taken_back(window, run):
    view = run()
    cpu = cpu_for(view)
    for _ in range(400):
        if view.state.get("result") is not None:
            break
        assert view.submit(cpu.decide(view.match.view_json(0)))
    assert not view.can_undo() and not view.undo()
    assert view.buttons["undo"].disabled


def test_eligible_refuses_a_record_with_undos():
    match = new_match("normal", 5)
    record = match_record(match)
    match.close()
    assert eligible(record)
    assert not eligible({**record, "options": {**record["options"], UNDO_OPTION: 1}})
    assert eligible({**record, "options": {**record["options"], UNDO_OPTION: 0}})


def test_the_replay_viewer_offers_no_undo(window, crawl_app):
    from game.ai.crawl import make_cpu
    from game.engine.replay_model import ReplayModel
    from game.engine.rng import ai_stream
    from game.scenes.replays import ReplayViewerView

    match = new_match("normal", 21)
    player = make_cpu("normal", 0, ai_stream(999, 0), match.resources)
    for _ in range(3):
        match.submit(player.decide(match.view_json(0)))
    record = match_record(match)
    match.close()
    viewer = ReplayViewerView(crawl_app, ReplayModel(record))
    window.show_view(viewer)
    step(window, 2)
    viewer.step_forward()
    step(window, 2)
    screen = viewer.screen
    assert isinstance(screen, PlayView)
    assert not screen.offers_undo() and "undo" not in screen.buttons
    viewer.close()
