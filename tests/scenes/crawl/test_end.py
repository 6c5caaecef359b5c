"""The end screen and the high-score table it writes (spec 8.5)."""

from __future__ import annotations

import json

import pytest

from game import paths
from game.engine.record import load_record, match_record
from game.scenes import theme
from game.scenes.crawl.end import LOSS_SOUND, NOT_SCORED, WIN_SOUND, EndView
from game.scenes.crawl.play import PlayView
from game.scenes.crawl.scores import ScoreTable, scores_path
from game.scenes.crawl.start import new_match
from game.scenes.harness import click, close_to, pixel, screenshot, step
from game.scenes.menu import MainMenuView
from tests.scenes.crawl.crawl_scene_helpers import save_shot, show
from tests.scenes.test_text_extents import sized


def finished(won: bool = True, score: int = 87, variant: str = "normal", seed: int = 42,
             date: str | None = None):
    """A record from the deal and a final state (as the play view hands them over)."""
    match = new_match(variant, seed, date)
    record, state = match_record(match), match.state_json()
    match.close()
    state.update(phase="over", turn=61, to_act=[],
                 result={"won": won, "score": score, "reason": "cleared" if won else "died"})
    state["board"]["clear_counter"] = 2
    return record, state


def play_seed_21_to_the_end(window, crawl_app) -> PlayView:
    """Seed 21 played through the play screen by the normal CPU's choices, as clicks would."""

    view = show(window, PlayView(crawl_app, new_match("normal", 21)))
    _play_view_to_the_end(window, view, settle=0)
    return view


@pytest.mark.slow
def test_a_human_run_from_the_deal_ends_on_the_end_screen(window, crawl_app):
    view = play_seed_21_to_the_end(window, crawl_app)
    result = view.state["result"]
    step(window, 3)
    end = window.current_view
    assert isinstance(end, EndView) and end.score == result["score"]
    assert end.banner.text == ("Victory!" if result["won"] else "Defeated")
    table = ScoreTable.load()
    rows = table.top("normal")
    assert [(r.seed, r.score, r.won) for r in rows] == [(21, result["score"], result["won"])]
    assert end.rank == 0 and end.board_table.highlight_rect is not None
    img = screenshot(window)
    rect = end.board_table.highlight_rect
    assert close_to(pixel(img, rect.left + 4, rect.center_y), theme.GOLD, 12)
    assert not paths.saves_dir().joinpath("crawl.json").exists()


@pytest.mark.slow
def test_victory_breakdown_and_table(window, crawl_app, monkeypatch):
    played = []
    monkeypatch.setattr(crawl_app.sounds, "play", lambda name, *a, **k: played.append(name))
    table = ScoreTable.load()
    from game.scenes.crawl.scores import ScoreEntry

    for s in (120, 40, 10):
        table.add(ScoreEntry("normal", s, s, True, 50, "2025-01-01T00:00:00"))
    table.save()
    record, state = finished(won=True, score=87)
    end = show(window, EndView(crawl_app, record, state), frames=90)
    assert played == [WIN_SOUND]
    assert end.banner.text == "Victory!" and end.score_text.text == "87"
    lines = dict(end.breakdown())
    assert lines["Gold collected and earned"] == "37" and lines["Survival bonus"] == "+50"
    assert lines["Turns"] == "61" and lines["Rebuys used"] == "2"
    assert lines["Run"] == "Normal, seed 42"
    assert end.rank == 1  # between 120 and 40
    assert [r.score for r in end.table.top("normal")] == [120, 87, 40, 10]
    img = screenshot(window)
    save_shot(img, "end")
    rect = end.board_table.highlight_rect
    assert rect is not None
    assert close_to(pixel(img, rect.left + 4, rect.center_y), theme.GOLD, 12)


def test_defeat(window, crawl_app, monkeypatch):
    played = []
    monkeypatch.setattr(crawl_app.sounds, "play", lambda name, *a, **k: played.append(name))
    record, state = finished(won=False, score=14)
    end = show(window, EndView(crawl_app, record, state))
    assert end.banner.text == "Defeated" and played == [LOSS_SOUND]
    assert dict(end.breakdown())["Survival bonus"] == "— (died)"
    assert dict(end.breakdown())["Gold collected and earned"] == "14"
    save_shot(screenshot(window), "end_defeat")


def test_setups_and_cpu_runs_are_not_scored(window, crawl_app):
    record, state = finished()
    record["setup"] = {"board": {}}
    show(window, EndView(crawl_app, record, state))
    record, state = finished()
    record["options"]["ai"] = {"0": "hard"}
    show(window, EndView(crawl_app, record, state))
    assert ScoreTable.load().entries == []
    assert not scores_path().exists()


def test_daily_table_is_per_date(window, crawl_app):
    record, state = finished(variant="daily", date="2025-03-14", score=70)
    end = show(window, EndView(crawl_app, record, state))
    assert "retry" not in end.buttons  # a daily run has one seed: today's
    assert end.table.top("daily", "2025-03-14")[0].seed == 20250314
    assert end.table.top("daily", "2025-03-15") == []
    assert dict(end.breakdown())["Run"] == "Daily 2025-03-14"


@pytest.mark.slow
def test_buttons(window, crawl_app):
    record, state = finished(seed=77)
    end = show(window, EndView(crawl_app, record, state))
    click(window, *end.buttons["save_replay"].rect.center)
    saved = list((paths.user_data_dir() / "replays").glob("crawl-normal-77-*.json"))
    assert len(saved) == 1 and load_record(saved[0]) == json.loads(json.dumps(record))
    assert str(saved[0]) in end.toast.message
    step(window)
    click(window, *end.buttons["retry"].rect.center)
    retry = window.current_view
    assert isinstance(retry, PlayView) and retry.match.seed == 77
    assert retry.match.options["variant"] == "normal"
    retry.close()
    end = show(window, EndView(crawl_app, record, state, record_score=False))
    click(window, *end.buttons["new_run"].rect.center)
    new = window.current_view
    assert isinstance(new, PlayView) and new.match.options["variant"] == "normal"
    new.close()
    end = show(window, EndView(crawl_app, record, state, record_score=False))
    click(window, *end.buttons["menu"].rect.center)
    assert isinstance(window.current_view, MainMenuView)


def test_corrupt_score_file_is_reported_and_kept_aside(window, crawl_app):
    path = scores_path()
    path.write_text("[1, 2,")
    record, state = finished(score=33)
    end = show(window, EndView(crawl_app, record, state))
    assert end.toast.visible and "damaged" in end.toast.message
    assert path.with_name("crawl_scores.json.bak").read_text() == "[1, 2,"
    assert [e.score for e in ScoreTable.load().entries] == [33]


@pytest.mark.slow
def test_finishing_a_run_keeps_the_save_of_another_run(window, crawl_app):
    """A run opened from a file (`play --load`) or started anew ends: the slot holding a
    different run is not touched; the run's own save is removed."""
    other = new_match("normal", 5)
    other_record = match_record(other)
    other.close()
    crawl_app.save_match(other_record)
    before = paths.saves_dir().joinpath("crawl.json").read_bytes()
    play_seed_21_to_the_end(window, crawl_app)
    step(window, 3)
    assert isinstance(window.current_view, EndView)
    assert paths.saves_dir().joinpath("crawl.json").read_bytes() == before


def _play_view_to_the_end(window, view, settle: int = 3) -> None:
    """Play the shown view to its end with the normal CPU's choices (as clicks would), then
    `settle` more frames."""
    from game.ai.crawl import make_cpu
    from game.engine.rng import ai_stream

    cpu = make_cpu("normal", 0, ai_stream(999, 0), view.match.resources)
    for _ in range(400):
        if view.state.get("result") is not None:
            break
        assert view.submit(cpu.decide(view.match.view_json(0)))
        step(window)
    if settle:
        step(window, settle)


def _first_moves_of_seed_21(n: int) -> dict:
    from game.ai.crawl import make_cpu
    from game.engine.rng import ai_stream

    match = new_match("normal", 21)
    cpu = make_cpu("normal", 0, ai_stream(999, 0), match.resources)
    for _ in range(n):
        match.submit(cpu.decide(match.view_json(0)))
    record = match_record(match)
    match.close()
    return record


@pytest.mark.slow
def test_a_run_loaded_from_a_file_never_scores_even_after_save_and_continue(
        window, crawl_app):
    """`tabula play crawl --load FILE`: the run plays, but neither its end nor the save it
    leaves (Continue later) enters the table; the end screen says why."""
    from game.engine.modes import ModeLaunch
    from game.scenes.crawl.scores import UNSCORED

    record = _first_moves_of_seed_21(6)  # a human-looking file: no setup, no CPU seat
    view = crawl_app.start_mode(ModeLaunch(mode="crawl", record=record))
    assert isinstance(view, PlayView) and view.scored is False
    step(window, 2)
    saved = view.current_record()
    assert saved[UNSCORED] is True and saved["decisions"] == record["decisions"]
    crawl_app.save_match(saved)  # save and quit, then Continue from the menu
    view.close()
    again = crawl_app.continue_mode("crawl")
    assert isinstance(again, PlayView) and again.scored is False
    _play_view_to_the_end(window, again)
    end = window.current_view
    assert isinstance(end, EndView) and end.new_entry is None
    assert ScoreTable.load().entries == [] and not scores_path().exists()
    assert NOT_SCORED in [
        t.text for t in end.lines]


@pytest.mark.slow
def test_a_run_continued_from_its_own_save_still_scores(window, crawl_app):
    """Save and quit mid-run, Continue: the player's own run keeps its place in the table."""
    from game.engine.modes import ModeLaunch

    view = crawl_app.start_mode(ModeLaunch(mode="crawl", seed=21, options={"variant": "normal"}))
    assert isinstance(view, PlayView) and view.scored is True
    step(window, 2)
    crawl_app.save_match(view.current_record())
    view.close()
    again = crawl_app.continue_mode("crawl")
    assert isinstance(again, PlayView) and again.scored is True
    _play_view_to_the_end(window, again)
    rows = ScoreTable.load().top("normal")
    assert [(r.seed, r.won) for r in rows] == [(21, again.state["result"]["won"])]



def span(text) -> tuple[float, float]:
    """(bottom, top) of a text on the screen, whatever its vertical anchor."""
    h = text.content_height
    bottom = {"top": text.y - h, "center": text.y - h / 2}.get(text.anchor_y, text.y)
    return bottom, bottom + h


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_a_long_ability_list_sits_under_its_label_not_over_it(window, crawl_app, size):
    record, state = finished(won=False, score=0)
    state["board"]["abilities"] = ["deflect", "pyroclasm", "galvanize", "swap", "gangrene"]
    old = (window._width, window._height)
    try:
        sized(window, size)
        end = show(window, EndView(crawl_app, record, state))
        label = next(t for t in end.lines if t.text == "Abilities")
        value = next(t for t in end.lines if t.text.startswith("Deflect, "))
        notes = [t for t in end.lines if t.anchor_y == "bottom"]  # the table note, if any
    finally:
        sized(window, old)
    bottom, top = span(value)
    if size == (960, 600):
        assert value.multiline and top <= span(label)[0]  # wrapped, wholly under its label
    else:
        assert span(label)[0] <= (bottom + top) / 2 <= span(label)[1]  # beside it, one line
    assert notes and all(bottom >= span(n)[1] for n in notes)
