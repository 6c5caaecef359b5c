"""The replay viewer's model (game.engine.replay_model, docs/replays.md): positions, steps,
rollback, seeks and seat views, per mode, against a `Match` replayed to the same index."""

from __future__ import annotations

import json

import pytest

from game.cli import run
from game.engine.record import build_match, canonical_json, replay, save_record
from game.engine.replay_model import ReplayModel, summarize
from tests.replays.records import MODES, record_of


def replayed(record, index):
    """A fresh match with the record's first `index` decisions (what the model must equal)."""
    match = build_match(record)
    for decision in record["decisions"][:index]:
        assert match.submit(decision).ok
    return match


def indexes(n):
    return sorted({0, 1, 2, n // 3, n // 2, n - 1, n})


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_states_at_indexes_equal_a_match_replayed_to_them(mode):
    record = record_of(mode)
    model = ReplayModel(record)
    n = len(record["decisions"])
    assert (model.length, model.index, model.over) == (n, 0, True)
    for index in [*indexes(n), 0, n // 2]:  # forward, then back by seeks
        assert model.seek(index) == index
        match = replayed(record, index)
        for seat in range(model.seats):
            model.set_seat(seat)
            assert canonical_json(model.state()) == canonical_json(match.view_json(seat))
        model.set_seat(None)
        assert canonical_json(model.state()) == canonical_json(match.state_json())
        match.close()
    model.close()


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_stepping_back_equals_replaying_byte_for_byte(mode):
    record = record_of(mode)
    n = len(record["decisions"])
    fresh = build_match(record)
    forward = [canonical_json(fresh.state_json())]
    for decision in record["decisions"]:
        fresh.submit(decision)
        forward.append(canonical_json(fresh.state_json()))
    model = ReplayModel(record)
    model.set_seat(None)
    model.seek(n)
    for index in range(n, 0, -1):
        assert canonical_json(model.state()) == forward[index]
        assert model.back()
    assert canonical_json(model.state()) == forward[0]
    assert not model.back()
    # and forward again after the rollbacks: the same states
    for index in range(1, n + 1):
        assert model.step()
        assert canonical_json(model.state()) == forward[index]
    assert not model.step()


@pytest.mark.parametrize("mode", MODES)
def test_stepping_back_never_replays_from_the_start(mode):
    record = record_of(mode)
    n = len(record["decisions"])
    model = ReplayModel(record)
    assert model.submits == n  # the one walk to the end when the record is opened
    model.seek(n)
    submits = model.submits
    assert submits == 2 * n
    backs = 0
    while backs < 100:  # 100 steps back, bouncing at the start when the record is short
        if not model.back():
            model.step()
            submits += 1
        backs += 1
    assert model.submits == submits  # no back ever submitted a decision
    model.seek(n // 2)
    before = model.submits
    model.seek(0)
    assert model.submits == before  # a seek back is one rollback
    model.seek(1)
    assert model.submits == before + 1


@pytest.mark.parametrize("mode", MODES)
def test_last_step_is_the_seat_trace_step(mode):
    record = record_of(mode)
    model = ReplayModel(record)
    outcome = replay(record)
    assert model.last_step() is None
    for index in (1, len(record["decisions"]) // 2, len(record["decisions"])):
        model.seek(index)
        for seat in [*range(model.seats), None]:
            model.set_seat(seat)
            expected = outcome.match.view_step(index - 1, outcome.events[index - 1], seat)
            assert json.dumps(model.last_step(), sort_keys=True) == json.dumps(
                expected, sort_keys=True)
    model.close()


def test_the_full_view_opens_only_once_the_match_is_over():
    record = record_of("conquest")
    record["decisions"] = record["decisions"][:40]
    model = ReplayModel(record)
    assert not model.over and model.full_allowed is False
    with pytest.raises(ValueError, match="once the match is over"):
        model.set_seat(None)
    with pytest.raises(ValueError, match="seat must be 0..1"):
        model.set_seat(2)
    model.set_seat(1)
    model.seek(40)
    assert model.state()["seed"] == "hidden"


def test_a_rejected_decision_ends_the_record_there():
    record = record_of("strike")
    record["decisions"][5] = dict(record["decisions"][5], seat=1 - record["decisions"][5]["seat"])
    model = ReplayModel(record)
    assert model.length == 5
    assert model.problem.startswith("decision 6 is rejected: ")
    assert model.seek(300) == 5


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_play_from_here_records_start_at_the_viewed_position(mode, tmp_path, capsys):
    record = record_of(mode)
    model = ReplayModel(record)
    n = model.length
    me = 1 if model.seats == 2 else 0
    for index in (2, n // 2, n - 1):
        model.seek(index)
        new = model.play_from_here(me)
        assert new["setup"] is not None and new["decisions"] == []
        assert new["options"]["ai"] == ({"0": "normal" if mode != "kingdom" else "hard"}
                                        if model.seats == 2 else {})
        path = tmp_path / f"{mode}-{index}.json"
        save_record(path, new)
        assert run(["replay", str(path), "--json"]) == 0
        printed = json.loads(capsys.readouterr().out)
        viewed = model.match.state_json()
        assert printed["seats"][me] == {"kind": "human"}
        strip = lambda s: canonical_json({k: v for k, v in s.items() if k != "seats"})  # noqa: E731
        assert strip(printed) == strip(viewed)
    model.seek(n)
    assert model.setup_problem() == "The match is over at this position."
    with pytest.raises(ValueError, match="over at this position"):
        model.play_from_here(0)


def test_kingdom_deck_builder_positions_cannot_be_played_from():
    model = ReplayModel(record_of("kingdom"))
    assert model.match.phase == "deck_builder"
    assert model.setup_problem().startswith("Kingdom setups start in planning")
    with pytest.raises(ValueError, match="start in planning"):
        model.play_from_here(0)
    model.seek(2)
    assert model.match.phase == "planning" and model.setup_problem() is None


def test_summaries_name_the_players_result_and_decisions():
    summary = summarize(record_of("strike"))
    assert summary.cpu_levels == ("easy", "easy") and summary.stopped is None
    assert summary.decisions == len(record_of("strike")["decisions"])
    assert summary.over and summary.result == replay(record_of("strike")).match.result
    crawl = summarize(record_of("crawl"))
    assert crawl.result == replay(record_of("crawl")).match.result and crawl.cpu_levels == ("easy",)


def test_a_summary_says_where_its_replay_stopped():
    record = record_of("strike")
    record["decisions"] = record["decisions"][:3] + [{"seat": 0, "type": "no_such_move"}]
    summary = summarize(record)
    assert summary.stopped is not None and summary.stopped[0] == 4
    assert summary.result is None and not summary.over


def test_until_the_end_only_the_seats_a_person_plays_may_be_shown():
    """Issue 27: a CPU's sealed orders of a match the player can still continue are never
    on screen. A person plays seat 2 here (seat 1 is the CPU)."""
    record = record_of("conquest")
    record["options"]["ai"] = {"0": "easy"}
    finished = ReplayModel(record)
    assert finished.seats_allowed == (0, 1) and finished.full_allowed
    finished.set_seat(0)
    record["decisions"] = record["decisions"][:31]  # the CPU's moves given, seat 2's not
    model = ReplayModel(record)
    assert model.seats_allowed == (1,) and model.seat == 1  # it opens on the person's seat
    with pytest.raises(ValueError, match="Seat 1 is the CPU's: its view opens once the match"):
        model.set_seat(0)
    with pytest.raises(ValueError, match="full view opens once the match is over"):
        model.set_seat(None)
    model.seek(30)
    assert model.seat == 1 and model.state()["board"]["orders"][0] == "hidden"
    assert model.last_step()["decision"] == {"seat": 0, "type": "hidden"}  # no order shown


@pytest.mark.parametrize(("ai", "allowed"), [({}, (0, 1)), ({"0": "easy", "1": "easy"}, (0, 1)),
                                             ({"1": "easy"}, (0,))])
def test_a_hot_seat_or_cpu_only_record_shows_every_seat_before_the_end(ai, allowed):
    """Both seats of a hot-seat match are people's; a match no person plays in is watched as
    a spectator watched it live (docs/replays.md)."""
    record = record_of("kingdom")
    record["options"]["ai"] = ai
    record["decisions"] = record["decisions"][:5]
    model = ReplayModel(record)
    assert model.seats_allowed == allowed and not model.full_allowed


@pytest.mark.parametrize(("language", "levels", "result", "stopped", "words"), [
    ("en", ("hard", None), {"winner": 0, "reason": "nexus_destroyed"}, None,
     ("CPU hard vs human", "seat 1 won (Nexus destroyed)")),
    ("en", (None,), {"won": True, "score": 40, "reason": "cleared"}, None,
     ("human", "won, score 40 (dungeon cleared)")),
    ("en", ("easy", "easy"), {"winner": None, "reason": "a_mod_reason"}, None,
     ("CPU easy vs CPU easy", "draw (a_mod_reason)")),
    ("en", ("easy", "easy"), None, (12, "bad_decision"),
     ("CPU easy vs CPU easy", "stops at decision 12: bad_decision")),
    ("pt_BR", ("hard", None), {"winner": 1, "reason": "round_cap"}, None,
     ("CPU difícil vs humano", "lugar 2 venceu (limite de rodadas)")),
    ("pt_BR", (None,), {"won": False, "score": 7, "reason": "died"}, None,
     ("humano", "perdeu, pontuação 7 (o herói morreu)")),
    ("pt_BR", ("normal", "normal"), None, None, ("CPU normal vs CPU normal", "em andamento")),
])
def test_the_list_words_a_summary_in_the_language_shown(language, levels, result, stopped,
                                                        words):
    from game import i18n
    from game.engine.replay_model import RecordSummary
    from game.scenes.replays import result_words, seat_words

    i18n.set_language(language)
    summary = RecordSummary("strike", levels, 3, result, stopped, result is not None)
    assert (i18n._(" vs ").join(seat_words(level) for level in levels),
            result_words(summary)) == words
