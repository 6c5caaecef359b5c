"""CardConquest around the screens: match setup, entry points, the CPU seat, pause/save/resume,
help, `tabula shot`, animations from events and the frame-time bench."""

from __future__ import annotations

import sys

import arcade
import pytest

from game.scenes.harness import click, key, screenshot, step
from tests.scenes.conquest.conquest_scene_helpers import (
    PLACE_0,
    decisions_to,
    record,
    save_shot,
)


def test_menu_entry_opens_match_setup_and_starts_hotseat_classic(window, conquest_app):
    from game.engine.modes import ModeLaunch
    from game.scenes.conquest.screens import PlacementView
    from game.scenes.conquest.setup import MatchSetupView

    view = conquest_app.start_mode(ModeLaunch(mode="conquest", cpu={1: "hard"}))
    assert isinstance(view, MatchSetupView)
    step(window, 2)
    save_shot(screenshot(window), "match_setup")
    assert view.rows["opponent"].value == "cpu" and view.levels[1] == "hard"
    click(window, *view.rows["opponent"].buttons["hotseat"].rect.center)
    click(window, *view.rows["armies"].buttons["classic"].rect.center)
    assert view.options() == ({}, "classic", None)
    view.seed_input.text = "42"
    click(window, *view.start_btn.rect.center)
    step(window, 2)
    board = window.current_view
    assert isinstance(board, PlacementView)
    assert board.session.hotseat and board.match.seed == 42
    assert board.match.options == {"ai": {}, "setup_kind": "classic"}
    board.session.close()


def test_seeded_launch_and_saved_record_open_at_their_phase(window, conquest_app):
    from game.engine.modes import ModeLaunch
    from game.scenes.conquest.screens import CommanderView, MovementView

    view = conquest_app.start_mode(ModeLaunch(mode="conquest", seed=9, cpu={1: "easy"}))
    assert isinstance(view, CommanderView) and view.session.cpu == {1: "easy"}
    view.session.close()
    rec = record(decisions_to("movement"), ai={"1": "normal"})
    view = conquest_app.start_mode(ModeLaunch(mode="conquest", record=rec))
    assert isinstance(view, MovementView) and view.viewer == 0
    assert len(view.match.decisions) == len(rec["decisions"])
    view.session.close()


@pytest.mark.slow
def test_human_vs_cpu_standin_places_and_the_match_moves_on(window, conquest):
    from game.scenes.conquest.screens import MovementView, PlacementView

    view = conquest(ai={"1": "normal"})
    assert isinstance(view, PlacementView) and view.session.cpu == {1: "normal"}
    step(window, 30)  # the stand-in CPU places all ten units and readies, one per frame
    assert view.board["ready"] == [False, True]
    assert view.board["orders"][1] == "hidden"  # the CPU's placements stay secret
    for uid, tile in PLACE_0.items():
        assert view.submit({"seat": 0, "type": "place", "units": [uid], "to": tile})
    key(window, arcade.key.ENTER)
    step(window, 3)
    board = window.current_view
    assert isinstance(board, MovementView) and board.viewer == 0  # no curtain vs a CPU
    assert any(uid.startswith("p1.") for uid in board.tokens)  # revealed at phase end


def test_missing_cpu_package_is_reported_and_humans_play_on(window, conquest_app,
                                                             monkeypatch):
    from game.scenes.conquest.cpu import CpuRunner, CpuUnavailable, think

    monkeypatch.setitem(sys.modules, "game.ai.conquest", None)  # import fails
    runner = CpuRunner(sync=True)
    runner.start("normal", 1, {}, None)
    assert isinstance(runner.poll(), CpuUnavailable)
    try:
        think("normal", 1, {}, None)
    except CpuUnavailable as exc:
        assert "not available" in str(exc)
    from game.engine.record import build_match
    from game.scenes.conquest.start import view_for

    match = build_match(record([], ai={"1": "normal"}))
    view = view_for(conquest_app, match, sync=True)  # the real CPU, in-process
    window.show_view(view)
    step(window, 3)
    assert view.session.cpu_off
    assert view.toast.visible and "not available" in view.toast.message
    assert view.submit({"seat": 0, "type": "place", "units": ["p0.t1"], "to": "L03"})
    view.session.close()


@pytest.mark.slow
def test_pause_save_and_continue_resume_the_match(window, conquest, conquest_app):
    from game.scenes.conquest.screens import MovementView
    from game.scenes.pause import PauseView

    view = conquest(decisions_to("movement"), ai={"1": "normal"})
    assert view.submit({"seat": 0, "type": "move", "units": ["p0.t1"], "to": "L13"})
    key(window, arcade.key.ESCAPE)
    pause = window.current_view
    assert isinstance(pause, PauseView)
    step(window, 2)
    save_shot(screenshot(window), "pause")
    click(window, *pause.buttons["save_quit"].rect.center)
    assert conquest_app.has_save("conquest")
    saved = conquest_app.load_save("conquest")
    assert saved["decisions"][-1] == {"seat": 0, "type": "move", "units": ["p0.t1"],
                                      "to": "L13"}
    resumed = conquest_app.continue_mode("conquest")
    assert isinstance(resumed, MovementView)
    assert resumed.board["orders"][0] == {"p0.t1": "L13"}
    resumed.session.close()


@pytest.mark.slow
def test_help_overlay_lists_the_spec_topics(window, conquest):
    from game.scenes.widgets import HelpOverlay

    view = conquest(decisions_to("movement"))
    key(window, arcade.key.H)
    overlay = window.current_view
    assert isinstance(overlay, HelpOverlay)
    titles = [t.title for t in overlay.topics]
    for topic in ("Goal", "Phases", "Movement and the 5-unit limit", "Tie breakers",
                  "Retreat and trapped units", "The ten abilities", "Hands and recycling",
                  "Keyboard shortcuts"):
        assert topic in titles
    abilities = next(t for t in overlay.topics if t.title == "The ten abilities")
    assert len(abilities.lines) == 10
    step(window, 2)
    save_shot(screenshot(window), "help")
    key(window, arcade.key.H)
    assert window.current_view is view


def test_shot_view_renders_the_final_phase(window, tmp_path):
    from game.scenes.conquest.screens import RetreatView
    from game.scenes.conquest.start import shot_view
    from game.scenes.shot import shoot_record

    rec = record(decisions_to("retreat"))
    out = shoot_record(rec, tmp_path / "retreat.png")
    assert out.is_file()
    view = window.current_view
    assert isinstance(view, RetreatView) and not view.session.live
    view.session.close()
    from game.scenes.app import App

    still = shot_view(App(window), rec)
    assert isinstance(still, RetreatView)
    still.session.close()


@pytest.mark.slow
def test_units_slide_when_both_end_movement(window, conquest):
    view = conquest(decisions_to("reinforcements")[:-1], speed="normal")
    from tests.scenes.conquest.test_screens import past_curtain

    view = past_curtain(window, view)
    start = view.tokens["p1.t1"].position
    key(window, arcade.key.ENTER)  # seat 1 ends movement: both orders apply at once
    step(window, 2)
    moving = view.tokens["p1.t1"].position
    assert moving != start and view.tweener.busy  # sliding from L07 to L13
    step(window, 30)
    x, y = view.grid.centre("L13")
    tx, ty = view.tokens["p1.t1"].position
    assert abs(tx - x) < view.grid.size and abs(ty - y) < view.grid.size
    assert any("units moved" in line for line in view.session.log)


@pytest.mark.slow
def test_bench_rows_name_every_screen(window):
    from game.scenes.conquest.bench import bench_rows

    rows = bench_rows(frames=2)
    names = [r.name for r in rows]
    assert names == [f"conquest.frame_ms.{s}.p95" for s in (
        "commander", "placement", "movement", "reinforcements", "cards", "results", "retreat",
        "over")]
    assert all(r.value > 0 and r.unit == "ms" for r in rows)


@pytest.mark.slow
def test_a_whole_random_match_visits_every_screen(window, conquest_app):
    """CPU vs CPU with a seeded random stand-in (test only), instant speed: every phase
    screen and overlay shows, and the match reaches the game-over screen."""
    import random

    from game.scenes.conquest.screens import GameOverView
    from game.scenes.conquest.start import new_match, view_for

    conquest_app.settings.animation_speed = "instant"
    rng = random.Random(1)
    match = new_match(1, {0: "easy", 1: "easy"}, "classic")

    def decide(seat, view):
        legal = [d for d in match.legal_decisions(seat)
                 if d["type"] not in ("unready", "reset_moves")]
        ready = [d for d in legal if d["type"] == "ready"]
        if match.phase == "placement":
            placed = view["board"]["orders"][seat]
            todo = [d for d in legal if d["type"] == "place" and d["to"] is not None
                    and d["units"][0] not in placed]
            return rng.choice(todo) if todo else ready[0]
        if match.phase == "movement":
            return ready[0] if rng.random() < 0.25 else rng.choice(legal)
        if match.phase == "retreat":
            return ready[0] if ready else rng.choice([d for d in legal
                                                      if d["type"] == "retreat"])
        return ready[0] if ready and rng.random() < 0.5 else rng.choice(legal)

    window.show_view(view_for(conquest_app, match, decide=decide))
    seen = set()
    for i in range(3000):
        window.dispatch_event("on_update", 1 / 60)
        if i % 200 == 0:
            window.dispatch_event("on_draw")
            window.flip()
        view = window.current_view
        seen.add(type(view).__name__)
        if isinstance(view, GameOverView):
            break
    assert isinstance(window.current_view, GameOverView), seen
    assert {"PlacementView", "MovementView", "BattlesView", "ReinforcementsView", "CardsView",
            "ResultsView", "RetreatView"} <= seen
    assert match.result is not None
    step(window, 2)
    window.current_view.session.close()
