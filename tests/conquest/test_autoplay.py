"""`tabula simulate` drives conquest through the engine's autoplay: a seat that is ready stays
in `to_act` (spec 4.3) but is never asked again until the other seat readies."""

from __future__ import annotations

import pytest

from game.engine.autoplay import play_cpu_match
from game.engine.modes import get_mode
from game.engine.record import replay, state_hash, validate_record


def test_autoplay_asks_only_seats_that_are_not_ready():
    spec = get_mode("conquest")
    played = play_cpu_match(spec, 5, {0: "easy", 1: "easy"}, keep_match=True)
    assert played.result is not None
    again = replay(validate_record(played.record))
    assert state_hash(again.match.state_json()) == state_hash(played.match.state_json())


@pytest.mark.slow
def test_a_whole_phase_step_per_ask_plays_the_same_match_as_one_decision_per_ask():
    """Untimed, autoplay asks a conquest CPU once per phase step (`plan_step`) and sends the
    step's decisions without a view each; timed, it asks for one decision at a time. Both
    drivers make the same record, for every pairing of easy and normal."""
    spec = get_mode("conquest")
    for seed, levels in ((21, {0: "normal", 1: "normal"}), (22, {0: "easy", 1: "normal"}),
                         (23, {0: "normal", 1: "easy"}), (24, {0: "easy", 1: "easy"})):
        stepped = play_cpu_match(spec, seed, levels)
        single = play_cpu_match(spec, seed, levels, timed=True)
        assert stepped.record == single.record
        assert stepped.result == single.result
