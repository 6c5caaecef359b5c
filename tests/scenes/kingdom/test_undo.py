"""Undo and the log in Kingdom against the CPU (issue 25): Ctrl+Z and the Undo button take back
the person's last planning decision; the same decision again gives the same state bytes; the
CPU's turn is a wall once it has planned (from a shop the person cannot see); a hundred undos
leave a valid record; the log tells the CPU's buys and the combat, and a continued match its
history."""

from __future__ import annotations

import json

import arcade
import pytest

from game.engine.record import match_record, replay, validate_record
from game.engine.undo import UNDO_OPTION
from game.scenes.harness import click, key, step
from tests.scenes.kingdom import test_match_view as _shared

kapp, kingdom = _shared.kapp, _shared.kingdom  # the fixtures of the match view's tests

CTRL = arcade.key.MOD_CTRL


def state_bytes(match) -> str:
    return json.dumps(match.state_json(), sort_keys=True)


def planning_moves(view) -> list[dict]:
    """The person's legal decisions other than End Turn, varied (buys, sells, moves...)."""
    legal = [d for d in view.match.legal_decisions(0) if d["type"] != "end_turn"]
    return legal[::max(1, len(legal) // 8)]


def until_planning(window, view, limit: int = 400):
    for _ in range(limit):
        current = window.current_view
        if current.my_turn and not current.animating:
            return current
        if current.match.result is not None:
            return current
        step(window)
    raise AssertionError("the person never got to plan")


@pytest.mark.slow
def test_undo_then_the_same_decision_gives_the_same_state_bytes(window, kingdom):
    view = kingdom()
    match = view.match
    moves = planning_moves(view)
    assert len(moves) >= 3
    for decision in moves:
        before = state_bytes(match)
        assert view.submit(decision)
        step(window, 2)
        after = state_bytes(match)
        key(window, arcade.key.Z, CTRL)
        assert state_bytes(match) == before
        assert view.shown == view.live_state() and not view.events
        assert view.submit(decision)
        step(window, 2)
        assert state_bytes(match) == after
        key(window, arcade.key.Z, CTRL)
    assert match.options[UNDO_OPTION] == 2 * len(moves)


def test_the_undo_button_sits_under_end_turn_and_takes_back(window, kingdom):
    view = kingdom()
    undo, end = view.buttons["undo"], view.buttons["end"]
    assert undo.disabled and undo.rect.top <= end.rect.bottom
    before = state_bytes(view.match)
    assert view.submit(planning_moves(view)[0])
    step(window, 2)
    assert not undo.disabled
    click(window, *undo.rect.center)
    assert state_bytes(view.match) == before and undo.disabled


def test_the_cpus_turn_is_a_wall_once_it_has_planned(window, kingdom):
    view = kingdom()
    match = view.match
    cpu_planned: list[str] = []
    key(window, arcade.key.ENTER)  # End Turn: the CPU plans, the combat plays
    for _ in range(400):
        step(window)
        planned = [d["type"] for d in match.decisions[1:] if d["seat"] == 1]
        if window.current_view.my_turn and not window.current_view.animating:
            cpu_planned = planned
            break
    view = window.current_view
    assert set(cpu_planned) - {"end_turn"}, cpu_planned  # the CPU bought or refreshed
    assert not view.can_undo()
    decisions = len(match.decisions)
    key(window, arcade.key.Z, CTRL)
    assert len(match.decisions) == decisions and view.toast.visible


@pytest.mark.slow
def test_a_hundred_undos_leave_a_valid_record(window, kingdom):
    view = kingdom()
    match = view.match
    moves = planning_moves(view)
    for k in range(100):
        assert view.submit(moves[k % len(moves)])
        assert view.undo()
    assert view.submit(moves[0])
    step(window, 2)
    saved = json.loads(json.dumps(match_record(match)))
    validate_record(saved)
    assert saved["options"][UNDO_OPTION] == 100
    again = replay(saved)
    assert again.rejection is None and again.match.state_json() == match.state_json()
    again.match.close()


def test_no_undo_when_cpus_play_each_other(window, kingdom):
    view = kingdom(ai={"0": "easy", "1": "easy"})
    assert not view.offers_undo() and "undo" not in view.buttons
    assert view.session.take_back is None


@pytest.mark.slow
def test_the_log_tells_the_cpus_turn_and_the_combat(window, kingdom, kapp):
    view = kingdom()
    key(window, arcade.key.ENTER)
    until_planning(window, view)
    lines = list(window.current_view.event_log.lines)
    assert any(line.startswith("The CPU bought ") or line.startswith("The CPU refreshed")
               for line in lines), lines
    assert any(line.startswith("Combat over: Nexus ") for line in lines), lines
    assert not any("_" in line for line in lines)  # names, never ids
    key(window, arcade.key.L)
    step(window, 2)
    current = window.current_view
    panel = current.log_panel
    assert panel is not None and panel.visible
    lay = current.lay  # room made for it right of the boards, the shop row under it
    assert lay.top_panel.right <= panel.rect.left and lay.bottom_panel.right <= panel.rect.left
    assert panel.rect.bottom >= lay.shop.top and panel.rect.right <= view_width(window)
    assert panel.shown_lines[-1] == lines[-1]
    kapp.log_open = False


def view_width(window) -> int:
    from game.scenes.scale import view_size

    return view_size(window)[0]


@pytest.mark.slow
def test_a_continued_match_shows_its_log(window, kapp):
    from game.engine.modes import ModeLaunch
    from game.scenes.kingdom import samples
    from game.scenes.kingdom.start import open_kingdom

    first = replay(samples.record(samples.setup()))
    buy = next(d for d in first.match.legal_decisions(0) if d["type"] == "buy")
    first.match.close()
    saved = samples.record(samples.setup(), [buy])
    view = open_kingdom(kapp, ModeLaunch(mode="kingdom", record=saved))
    step(window, 2)
    view = window.current_view
    assert any(line.startswith("You bought ") for line in view.event_log.lines)
    view.session.close()


@pytest.mark.slow
def test_an_undo_while_the_cpu_thinks_gives_its_turn_alike(window, kingdom):
    """End Turn, then Ctrl+Z while the CPU has begun its turn (its in-process CPU already
    planned and drew): End Turn again plays the CPU's turn exactly as a run without the undo
    (the CPU is built afresh from its restored stream)."""
    reference = kingdom()
    key(window, arcade.key.ENTER)
    until_planning(window, reference)
    expected = state_bytes(reference.match)
    reference.session.close()

    view = kingdom()
    match = view.match
    before = state_bytes(match)
    key(window, arcade.key.ENTER)
    for _ in range(20):  # the CPU has started on its turn: asked, its answer not taken
        step(window)
        if view.session.runner.pending:
            break
    assert view.session.runner.pending and match.decisions[-1]["type"] == "end_turn"
    key(window, arcade.key.Z, CTRL)
    assert state_bytes(match) == before and not view.session.runner.pending
    key(window, arcade.key.ENTER)
    until_planning(window, view)
    assert state_bytes(match) == expected
