"""`tabula simulate` drives conquest through the engine's autoplay: a seat that is ready stays
in `to_act` (spec 4.3) but is never asked again until the other seat readies."""

from __future__ import annotations

from game.engine.autoplay import play_cpu_match
from game.engine.modes import get_mode
from game.engine.record import replay, state_hash, validate_record


def test_autoplay_asks_only_seats_that_are_not_ready():
    spec = get_mode("conquest")
    played = play_cpu_match(spec, 5, {0: "easy", 1: "easy"}, keep_match=True)
    assert played.result is not None
    again = replay(validate_record(played.record))
    assert state_hash(again.match.state_json()) == state_hash(played.match.state_json())
