"""The arena's parts: the game list and its shards, the running tally, the SPRT, the window.

The LLR and bounds are checked against values worked out by hand (docs/arena.md).
"""

from __future__ import annotations

import math

import pytest

from game.engine.arena import Job, Sprt, Tally, arena_jobs, in_order, parse_shard, parse_sprt
from game.engine.stats import Moments, mean_interval


def _games(jobs):
    return [(j.game, j.seed, j.levels) for j in jobs]


def test_a_mirror_plays_distinct_seeds_and_a_matchup_both_seatings():
    assert _games(arena_jobs("m", 2, "hard", "hard", 10, 3)) == [
        (0, 10, ("hard", "hard")), (1, 11, ("hard", "hard")), (2, 12, ("hard", "hard"))]
    assert _games(arena_jobs("m", 2, "hard", "easy", 10, 5)) == [
        (0, 10, ("hard", "easy")), (1, 10, ("easy", "hard")), (2, 11, ("hard", "easy")),
        (3, 11, ("easy", "hard")), (4, 12, ("hard", "easy"))]
    assert _games(arena_jobs("m", 1, "easy", "easy", 3, 2)) == [(0, 3, ("easy",)),
                                                                 (1, 4, ("easy",))]


def test_shards_split_the_seeds_and_keep_every_game_as_in_the_whole_run():
    whole = _games(arena_jobs("m", 2, "a", "b", 1, 9))
    shards = [_games(arena_jobs("m", 2, "a", "b", 1, 9, (k, 3))) for k in (1, 2, 3)]
    assert sorted(sum(shards, [])) == whole
    assert [g[1] for g in shards[0]] == [1, 1, 4, 4]  # a seed's two seatings stay together
    assert [g[1] for g in shards[2]] == [3, 3]


@pytest.mark.parametrize(("text", "message"), [
    ("3", "--shard '3': expected K/N, e.g. 1/4"),
    ("a/b", "--shard 'a/b': expected K/N, e.g. 1/4"),
    ("0/2", "--shard '0/2': K must be in 1..N"),
    ("3/2", "--shard '3/2': K must be in 1..N"),
])
def test_a_bad_shard_is_named(text, message):
    with pytest.raises(ValueError) as exc:
        parse_shard(text)
    assert str(exc.value) == message


def test_the_llr_and_bounds_match_hand_computed_values():
    sprt = Sprt(0.5, 0.6)
    # 10 wins, 2 draws, 4 losses: 11 points won, 5 lost; 11 ln 1.2 + 5 ln 0.8.
    assert sprt.llr(10, 2, 4) == pytest.approx(0.889819368, abs=1e-9)
    assert (sprt.lower, sprt.upper) == pytest.approx((-2.944438979, 2.944438979), abs=1e-9)
    assert sprt.verdict(0.9) is None
    # 17 straight wins: 17 ln 1.2 = 3.0995 passes ln 19; 16 (2.9171) does not.
    assert sprt.verdict(sprt.llr(16, 0, 0)) is None
    assert sprt.verdict(sprt.llr(17, 0, 0)) == "H1"
    # 14 straight losses: 14 ln 0.8 = -3.1240 passes -ln 19; 13 (-2.9009) does not.
    assert sprt.verdict(sprt.llr(0, 0, 13)) is None
    assert sprt.verdict(sprt.llr(0, 0, 14)) == "H0"
    uneven = Sprt(0.45, 0.55, alpha=0.05, beta=0.1)
    assert (uneven.lower, uneven.upper) == pytest.approx((math.log(0.1 / 0.95), math.log(18)))
    assert uneven.llr(3, 4, 3) == pytest.approx(0.0)  # an even record says nothing


@pytest.mark.parametrize(("text", "alpha", "message"), [
    ("0.5", 0.05, "--sprt '0.5': expected P0,P1, e.g. 0.5,0.55"),
    ("0.6,0.5", 0.05, "--sprt 0.6,0.5: need 0 < P0 < P1 < 1"),
    ("0,0.5", 0.05, "--sprt 0.0,0.5: need 0 < P0 < P1 < 1"),
    ("0.5,0.6", 0.5, "--alpha must be between 0 and 0.5"),
])
def test_bad_sprt_arguments_are_named(text, alpha, message):
    with pytest.raises(ValueError) as exc:
        parse_sprt(text, alpha, 0.05)
    assert str(exc.value) == message


def test_the_tally_scores_draws_as_half_and_merges_into_the_same_figures():
    games = [(("a", "b"), {"winner": 0}, 10), (("b", "a"), {"winner": 0}, 12),
             (("a", "b"), {"winner": None}, 30), (("b", "a"), {"winner": 1}, 11)]
    whole = Tally("m", 2, "a", "b")
    parts = [Tally("m", 2, "a", "b"), Tally("m", 2, "a", "b")]
    for n, (levels, result, turns) in enumerate(games):
        whole.add(levels, result, turns, {})
        parts[n % 2].add(levels, result, turns, {})
    parts[0].merge(parts[1])
    summary = whole.summary()
    assert parts[0].summary() == summary
    assert (summary["wins"], summary["losses"], summary["draws"]) == (2, 1, 1)
    assert summary["score"] == 2.5 / 4
    assert summary["first_seat_share"] == 2 / 3
    assert summary["mean_turns"] == 63 / 4


def test_a_tally_of_another_arena_is_not_merged():
    with pytest.raises(ValueError, match="cannot merge m a vs c into m a vs b"):
        Tally("m", 2, "a", "b").merge(Tally("m", 2, "a", "c"))


def test_moments_are_exact_whatever_the_order():
    values = [0.1, 0.2, 0.3, 1e9, -1e9, 0.7]
    forward, backward = Moments(), Moments()
    for v in values:
        forward.add(v)
    for v in reversed(values):
        backward.add(v)
    assert forward.interval() == backward.interval()
    assert forward.interval() == pytest.approx(mean_interval(values))


class _Future:
    def __init__(self, log, chunk):
        self.log, self.chunk, self.cancelled = log, chunk, False

    def result(self):
        self.log.append(("result", [j.game for j in self.chunk]))
        return [{"game": j.game} for j in self.chunk]

    def cancel(self):
        self.cancelled = True


def test_in_order_keeps_a_bounded_window_and_cancels_it_when_stopped():
    log: list = []
    made: list[_Future] = []

    def submit(chunk):
        log.append(("submit", [j.game for j in chunk]))
        made.append(_Future(log, chunk))
        return made[-1]

    jobs = (Job(n, "m", n, ("a", "a"), "a", "a") for n in range(100))
    lines = in_order(jobs, submit, batch=2, window=3)
    assert [next(lines)["game"] for _ in range(3)] == [0, 1, 2]
    lines.close()
    # Three batches queued before the first result, one more per batch counted: never 100.
    assert [entry for entry in log if entry[0] == "submit"] == [
        ("submit", [0, 1]), ("submit", [2, 3]), ("submit", [4, 5]), ("submit", [6, 7])]
    assert [f.cancelled for f in made] == [False, False, True, True]
