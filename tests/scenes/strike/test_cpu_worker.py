"""The CPU seat decides in a spawned worker process from its seat view and stream state."""

from __future__ import annotations

import time

import pytest

from game.engine.record import build_match
from game.engine.rng import ai_stream
from tests.scenes.strike.strike_scene_helpers import DRAFT_MID, record


@pytest.mark.slow
def test_worker_process_decides_a_legal_pick():
    from game.scenes.strike.cpu import CpuRunner

    match = build_match(record(DRAFT_MID, [], ai={"0": "normal", "1": "normal"}))
    match.submit({"seat": 0, "type": "retain", "card": "ember_vine"})
    runner = CpuRunner(sync=False)
    try:
        state = ai_stream(match.seed, 1).get_state()
        runner.start("normal", 1, match.view_json(1), state, tag=1)
        answer = None
        deadline = time.monotonic() + 90
        while answer is None and time.monotonic() < deadline:
            time.sleep(0.05)
            answer = runner.poll()
        assert answer is not None and not isinstance(answer, BaseException), answer
        decision, new_state = answer
        assert decision in match.legal_decisions(1)
        assert match.submit(decision).ok
    finally:
        runner.shutdown()
        match.close()
