"""Undo and the log in CardConquest against the CPU (issue 25): Ctrl+Z and the Undo button take
back the person's last decision and the CPU's replies; the same decision again gives the same
state bytes; a reveal of the CPU's secret choices is a wall; a hundred undos leave a valid
record; no undo in hot-seat. The log tells the CPU's moves once they are revealed and never its
sealed orders; a continued match shows its battles' log."""

from __future__ import annotations

import json

import arcade
import pytest

from game.engine.record import match_record, replay, validate_record
from game.engine.undo import UNDO_OPTION
from game.scenes.harness import click, key, step
from tests.scenes.conquest.conquest_scene_helpers import PLACE_0, decisions_to, record

CTRL = arcade.key.MOD_CTRL


def state_bytes(match) -> str:
    return json.dumps(match.state_json(), sort_keys=True)


def places(seat: int = 0):
    return [{"seat": seat, "type": "place", "units": [u], "to": t} for u, t in PLACE_0.items()]


@pytest.mark.slow
def test_undo_then_the_same_placement_gives_the_same_state_bytes(window, conquest):
    view = conquest(ai={"1": "easy"})
    match = view.match
    step(window, 30)  # the stand-in CPU places its army and readies (sealed)
    assert view.offers_undo() and not view.can_undo()
    for decision in places()[:4]:
        before = state_bytes(match)
        assert view.submit(decision)
        after = state_bytes(match)
        key(window, arcade.key.Z, CTRL)
        assert state_bytes(match) == before
        assert window.current_view is view and view.board["orders"][0] == \
            match.view_json(0)["board"]["orders"][0]
        assert view.submit(decision)
        assert state_bytes(match) == after
    assert match.options[UNDO_OPTION] == 4


@pytest.mark.slow
def test_the_undo_button_takes_back_and_is_disabled_when_there_is_nothing(window, conquest):
    view = conquest(ai={"1": "easy"})
    step(window, 30)
    view.refresh()
    assert view.widget_shown(view.undo_btn) and view.undo_btn.disabled
    before = state_bytes(view.match)
    assert view.submit(places()[0])
    assert not view.undo_btn.disabled
    click(window, *view.undo_btn.rect.center)
    assert state_bytes(view.match) == before and view.undo_btn.disabled


@pytest.mark.slow
def test_the_reveal_of_the_cpus_placement_is_a_wall(window, conquest):
    view = conquest(ai={"1": "easy"})
    step(window, 30)
    for decision in places():
        assert view.submit(decision)
    assert view.can_undo()
    key(window, arcade.key.ENTER)  # ready: both armies are revealed
    step(window, 3)
    board = window.current_view
    assert board.match.phase == "movement" and not board.can_undo()
    decisions = len(board.match.decisions)
    key(window, arcade.key.Z, CTRL)
    assert len(board.match.decisions) == decisions  # nothing taken back
    assert board.toast.visible  # "Nothing to undo: ..."


@pytest.mark.slow
def test_undo_goes_back_to_the_phase_it_was_decided_in(window, conquest):
    """Commander select: the person's choice and Ready undone, back on that screen."""
    view = conquest(ai={"1": "easy"}, setup_kind="commanders")
    match = view.match
    assert match.phase == "commander"
    before = state_bytes(match)
    view.choose(view.content.commanders[0])
    assert view.can_undo()
    key(window, arcade.key.Z, CTRL)
    assert state_bytes(match) == before
    assert type(window.current_view).__name__ == "CommanderView"


@pytest.mark.slow
def test_a_hundred_undos_leave_a_valid_record(window, conquest):
    view = conquest(ai={"1": "easy"})
    match = view.match
    step(window, 30)
    moves = places()
    for k in range(100):
        assert view.submit(moves[k % len(moves)])
        assert view.undo()
    for decision in moves:
        assert view.submit(decision)
    saved = json.loads(json.dumps(match_record(match)))
    validate_record(saved)
    assert saved["options"][UNDO_OPTION] == 100
    again = replay(saved)
    assert again.rejection is None and again.match.state_json() == match.state_json()
    again.match.close()


@pytest.mark.slow
def test_no_undo_in_hotseat(window, conquest):
    view = conquest()
    assert not view.offers_undo() and view.session.undo_journal is None
    assert view.submit(places()[0])
    key(window, arcade.key.Z, CTRL)
    assert view.match.decisions  # nothing taken back, nothing said
    assert not view.toast.visible and not view.widget_shown(view.undo_btn)


@pytest.mark.slow
def test_the_log_never_tells_the_cpus_sealed_orders_and_tells_its_moves_revealed(
        window, conquest):
    view = conquest(ai={"1": "easy"})
    step(window, 30)  # the CPU places its army and readies, in secret
    assert view.board["ready"][1] and view.board["orders"][1] == "hidden"
    assert list(view.event_log.lines) == ["The armies take the field."]  # nothing of where
    for decision in places():
        assert view.submit(decision)
    key(window, arcade.key.ENTER)  # ready: both armies revealed
    step(window, 10)
    board = window.current_view
    assert board.match.phase == "movement"
    lines = list(board.event_log.lines)
    assert lines[1:] == ["Both armies are revealed.", "Round 1 begins."], lines
    told = len(lines)
    # the CPU orders its move in secret and readies; the person has not moved yet
    step(window, 20)
    assert board.board["orders"][1] == "hidden" and board.board["ready"][1]
    assert list(board.event_log.lines)[told:] == []  # its sealed orders tell nothing
    move = next(d for d in board.match.legal_decisions(0) if d["type"] == "move"
                and len(d["units"]) == 1)
    assert board.submit(move)
    assert list(board.event_log.lines)[told:] == []  # sealed until both end movement
    key(window, arcade.key.ENTER)  # the person ends movement: the moves are revealed
    step(window, 20)
    new = list(window.current_view.event_log.lines)[told:]
    assert new[0] == "You moved 1 unit.", new


@pytest.mark.slow
def test_l_shows_the_log_in_the_side_panels_place(window, conquest_app):
    from game.scenes.conquest.start import view_for

    outcome = replay(record(decisions_to("movement")))
    view = view_for(conquest_app, outcome.match, history=outcome.events)
    window.show_view(view)
    step(window, 2)
    assert view.side_open
    key(window, arcade.key.L)
    step(window, 2)
    panel = view.log_panel
    assert panel is not None and panel.visible and not view.side_open
    assert panel.rect.right <= view.map_rect.left  # the map moved over for it
    assert "Both armies are revealed." in panel.shown_lines
    key(window, arcade.key.L)
    step(window, 2)
    assert not panel.visible and view.side_open
    view.session.close()


def test_a_continued_match_shows_its_battle_log(window, conquest_app):
    from game.engine.modes import ModeLaunch
    from game.scenes.conquest.start import open_conquest

    saved = record(decisions_to("retreat"))
    view = open_conquest(conquest_app, ModeLaunch(mode="conquest", record=saved))
    window.show_view(view)
    step(window, 2)
    lines = list(window.current_view.event_log.lines)
    assert any("won the battle at L13" in line for line in lines), lines
    assert "Cards played: " in " ".join(lines)
    assert window.current_view.session.log  # the strip, too
    window.current_view.session.close()


@pytest.mark.slow
def test_undo_across_the_real_cpus_sealed_placement_replays_it_alike(window, conquest_app):
    """The easy CPU (game.ai.conquest, in-process) places its whole army after the person's
    first placement: an undo takes its placements back with it, its stream and plans restored,
    so the same placement again draws the same CPU placements, byte for byte."""
    from game.scenes.conquest.start import new_match, view_for

    match = new_match(21, {1: "easy"}, "classic")
    view = view_for(conquest_app, match, sync=True)
    window.show_view(view)
    before = state_bytes(match)
    first = places()[0]
    assert view.submit(first)
    step(window, 40)  # the CPU thinks and places its army, sealed, then readies
    cpu_steps = [d for d in match.decisions if d["seat"] == 1]
    assert len(cpu_steps) > 5 and match.state_json()["board"]["ready"][1]
    after = state_bytes(match)
    key(window, arcade.key.Z, CTRL)
    assert state_bytes(match) == before and not [d for d in match.decisions if d["seat"] == 1]
    assert view.submit(first)
    step(window, 40)
    assert state_bytes(match) == after
    view.session.close()
