"""Undo in Marve-Strike against the CPU (issue 25): Ctrl+Z and the Undo button take back the
person's last decision and the CPU's replies, through the draft, the placement and the combat
screens; the same decision again gives the same state bytes; a hundred undos leave a valid
record; a CPU still thinking is forgotten; nothing to undo in hot-seat, while CPUs play each
other, in a watched replay or in the replay viewer, or once the match is over."""

from __future__ import annotations

import json

import arcade
import pytest

from game.engine.record import load_record, match_record, replay, validate_record
from game.engine.undo import UNDO_OPTION
from game.scenes.harness import click, key, step
from game.scenes.strike.start import new_match, screen_class, view_for

CTRL = arcade.key.MOD_CTRL


def state_bytes(match) -> str:
    return json.dumps(match.state_json(), sort_keys=True)


def until_person(window, limit: int = 3000):
    """Frames until the person may decide on the current screen (or the match is over);
    Continue after the draft, as the player would press it. The screen shown then."""
    for _ in range(limit):
        view = window.current_view
        if view.match.result is not None and not view.animating:
            return view
        if view.state["phase"] != "draft" and type(view).__name__ == "DraftView" \
                and not view.animating:
            view.open_board()
            continue
        if view.human_to_act and not view.animating:
            return view
        step(window)
    raise AssertionError("the person never got the turn")


def person_decision(view, k: int = 0):
    """One of the person's legal decisions (a varied pick, the k-th from the end)."""
    legal = view.match.legal_decisions(view.session.me)
    return legal[-1 - (k % len(legal))]


@pytest.fixture
def versus(window, strike_app):
    views = []

    def make(seed: int = 11, level: str = "easy"):
        view = view_for(strike_app, new_match(seed, {1: level}))
        views.append(view)
        window.show_view(view)
        step(window, 2)
        return view

    yield make
    for view in views:
        view.session.close()


@pytest.mark.slow
def test_undo_then_the_same_decision_gives_the_same_state_bytes_on_every_screen(
        window, versus, strike_app):
    from game import paths

    view = versus()
    match = view.match
    screens = set()
    for k in range(14):  # the draft, the placement and combat turns
        view = until_person(window)
        if match.result is not None:
            break
        before, screen = state_bytes(match), type(view)
        decision = person_decision(view, k)
        assert view.submit(decision)
        view = until_person(window)
        after = state_bytes(match)
        key(window, arcade.key.Z, CTRL)
        view = window.current_view
        assert state_bytes(match) == before  # the CPU's replies are gone too
        assert type(view) is screen is screen_class(match)  # the screen of that position
        assert view.state == match.view_json(view.session.me) and not view.events
        screens.add(screen.__name__)
        saved = load_record(paths.saves_dir() / "strike.json")  # the save follows the undo
        assert saved["decisions"] == match.decisions
        assert view.submit(decision)
        until_person(window)
        assert state_bytes(match) == after  # nothing was drawn anew, the CPU replied alike
    assert {"DraftView", "PlacementView", "CombatView"} <= screens
    assert match.options[UNDO_OPTION] == 14


@pytest.mark.slow
def test_undo_goes_back_to_the_previous_phase_screen(window, versus):
    view = versus(seed=12)
    match = view.match
    while True:  # the person's last draft pick, whatever the CPU does after it
        view = until_person(window)
        if match.phase != "draft":
            break
        last = state_bytes(match)
        assert view.submit(person_decision(view))
    assert type(view).__name__ == "PlacementView"
    key(window, arcade.key.Z, CTRL)
    view = window.current_view
    assert type(view).__name__ == "DraftView" and state_bytes(match) == last
    assert not view.tweener.busy  # no hand turns over again: the position shows at once


def test_the_undo_button_is_disabled_until_there_is_something_to_take_back(window, versus):
    versus()
    view = until_person(window)
    assert view.offers_undo() and not view.can_undo()
    assert view.undo_btn.disabled
    before = state_bytes(view.match)
    assert view.submit(person_decision(view))
    view = until_person(window)
    assert not view.undo_btn.disabled
    click(window, *view.undo_btn.rect.center)
    assert state_bytes(window.current_view.match) == before


@pytest.mark.slow
def test_a_hundred_undos_leave_a_valid_record(window, versus):
    view = versus(seed=13)
    match = view.match
    view = until_person(window)
    for k in range(100):
        assert view.submit(person_decision(view, k))
        view = until_person(window)
        assert view.undo()
        view = window.current_view
    assert view.submit(person_decision(view))
    until_person(window)
    record = json.loads(json.dumps(match_record(match)))
    validate_record(record)
    assert record["options"][UNDO_OPTION] == 100
    again = replay(record)
    assert again.rejection is None and again.match.state_json() == match.state_json()
    again.match.close()


def test_a_cpu_still_thinking_is_forgotten(window, versus):
    view = versus(seed=14)
    view = until_person(window)
    before = state_bytes(view.match)
    decisions = len(view.match.decisions)
    assert view.submit(person_decision(view))
    for _ in range(60):  # the CPU has started on its reply, its answer not taken yet
        step(window)
        if view.session.runner.pending:
            break
    assert view.session.runner.pending and len(view.match.decisions) == decisions + 1
    assert view.undo()
    assert not view.session.runner.pending and state_bytes(view.match) == before
    step(window, 60)
    assert window.current_view.human_to_act  # the stale answer never came in


@pytest.mark.slow
def test_a_finished_match_stands(window, strike):
    from tests.scenes.strike.strike_scene_helpers import FINISHER

    view = strike(FINISHER)
    assert view.submit({"seat": 0, "type": "attack", "unit": view.state["board"]["units"][0]["id"],
                        "attack": 0, "target": view.state["board"]["units"][2]["id"]})
    assert view.match.result is not None
    assert not view.can_undo() and not view.undo()


@pytest.mark.parametrize("ai", [{}, {"0": "easy", "1": "easy"}], ids=["hotseat", "cpu-vs-cpu"])
def test_no_undo_without_exactly_one_person_against_cpus(window, strike_app, ai):
    from game.engine.record import build_match, new_record

    match = build_match(new_record("strike", "2", 5, {"ai": ai}))
    view = view_for(strike_app, match)
    window.show_view(view)
    step(window, 2)
    assert not view.offers_undo() and view.session.take_back is None
    assert not view.widget_shown(view.undo_btn) if hasattr(view, "undo_btn") else True
    key(window, arcade.key.Z, CTRL)  # nothing happens, nothing is said
    assert not view.toast.visible
    view.session.close()


@pytest.mark.slow
def test_no_undo_in_a_watched_replay_or_the_replay_viewer(window, strike_app):
    from game.engine.autoplay import play_cpu_match
    from game.engine.modes import get_mode
    from game.engine.replay_model import ReplayModel
    from game.scenes.replays import ReplayViewerView
    from game.scenes.strike.start import replay_view

    record = play_cpu_match(get_mode("strike"), 3, {0: "easy", 1: "easy"}, {}).record
    record["options"]["ai"] = {"1": "easy"}  # seat 0 was the person's
    watched = replay_view(strike_app, record)
    assert not watched.offers_undo()
    watched.session.close()
    viewer = ReplayViewerView(strike_app, ReplayModel(record))
    window.show_view(viewer)
    step(window, 2)
    viewer.seek(30)
    step(window, 2)
    assert not viewer.screen.offers_undo()
    viewer.close()
