"""game.engine.undo: a person's decision taken back by a journal rollback (issue 25)."""

from __future__ import annotations

import json

import pytest

from game.engine.autoplay import make_players
from game.engine.modes import get_mode
from game.engine.record import (
    RecordError,
    build_match,
    match_record,
    new_record,
    replay,
    validate_record,
)
from game.engine.undo import UNDO_OPTION, UndoLog, undos


def state_bytes(match) -> str:
    return json.dumps(match.state_json(), sort_keys=True)


def strike_vs_cpu(seed: int = 4):
    """A strike match of a person (seat 0) against the normal CPU (seat 1)."""
    spec = get_mode("strike")
    record = new_record("strike", spec.rules_version, seed, {"ai": {"1": "normal"}})
    return spec, build_match(record), make_players(spec, seed, {1: "normal"})[1]


def play_until_person(match, cpu) -> None:
    while match.result is None and match.to_act == (1,):
        assert match.submit(cpu.decide(match.view_json(1))).ok


def test_undo_then_the_same_decision_gives_the_same_state_bytes():
    _, match, cpu = strike_vs_cpu()
    log = UndoLog(match)
    for _ in range(12):  # the draft, the placement and a few combat turns
        play_until_person(match, cpu)
        if match.result is not None:
            break
        before = state_bytes(match)
        decision = match.legal_decisions(0)[-1]
        assert log.submit(decision, kept=cpu.stream.get_state()).ok  # the CPU's own stream
        play_until_person(match, cpu)
        after = state_bytes(match)
        cpu.stream.set_state(log.undo())
        assert state_bytes(match) == before  # back where the person decided, streams too
        assert log.submit(decision, kept=cpu.stream.get_state()).ok
        play_until_person(match, cpu)
        assert state_bytes(match) == after  # nothing was drawn anew
    assert undos(match.options) == 12


def test_a_rejected_decision_leaves_nothing_to_undo(synthetic):
    match = build_match(new_record("synthetic", "1", 7))
    log = UndoLog(match)
    before = state_bytes(match)
    assert not log.submit({"seat": 1, "type": "pass"}).ok
    assert not log.can_undo and state_bytes(match) == before
    with pytest.raises(IndexError):
        log.undo()


def test_a_hundred_undos_leave_a_valid_record_of_the_decisions_that_stand():
    _, match, cpu = strike_vs_cpu(seed=9)
    log = UndoLog(match)
    play_until_person(match, cpu)
    for _ in range(100):
        decision = match.legal_decisions(0)[0]
        assert log.submit(decision, kept=cpu.stream.get_state()).ok
        play_until_person(match, cpu)
        cpu.stream.set_state(log.undo())
    assert log.submit(match.legal_decisions(0)[0]).ok
    play_until_person(match, cpu)
    record = match_record(match)
    assert record["options"][UNDO_OPTION] == 100
    assert len(record["decisions"]) == len(match.decisions)
    replayed = replay(json.loads(json.dumps(record)))
    assert replayed.rejection is None
    assert replayed.match.state_json() == match.state_json()


@pytest.mark.parametrize("value", [-1, 1.5, "3", True])
def test_a_bad_undo_count_is_a_malformed_record(value):
    record = new_record("strike", "2", 1, {UNDO_OPTION: value})
    with pytest.raises(RecordError, match="options.undo: must be a whole number"):
        validate_record(record)


def test_forget_walls_off_every_point_and_the_journal_stops_recording():
    _, match, cpu = strike_vs_cpu(seed=5)
    log = UndoLog(match)
    play_until_person(match, cpu)
    for _ in range(3):
        if match.result is not None or 0 not in match.to_act:
            break
        assert log.submit(match.legal_decisions(0)[0]).ok
        play_until_person(match, cpu)
    assert log.can_undo and match.journal.recording
    after = state_bytes(match)
    log.forget()
    assert not log.can_undo and not match.journal.recording  # the marks are released
    assert state_bytes(match) == after  # forgetting changes nothing of the position
    with pytest.raises(IndexError):
        log.undo()
    play_until_person(match, cpu)
    if match.result is None:  # points after the wall work as before
        before = state_bytes(match)
        assert log.submit(match.legal_decisions(0)[0]).ok
        log.undo()
        assert state_bytes(match) == before
