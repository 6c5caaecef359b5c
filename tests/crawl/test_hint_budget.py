"""The Hint's time budget (spec crawl.md 8.3, 300 ms): behind a budget the hard CPU stops
before the sample that would overrun it, and the worker is started ahead of the first Hint.

The clock is faked (each sample "takes" a fixed time), so these are exact counts, not timings.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.ai.crawl import make_cpu, players
from game.engine.modes import get_mode
from game.engine.resources import load_mode_resources
from game.engine.rng import ai_stream
from tests.crawl.helpers import deal_match


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


@pytest.fixture
def timed_samples(monkeypatch):
    """Make every hard sample take `ms` on a fake clock; returns (clock, sample counter)."""
    clock = FakeClock()
    count = [0]
    real = players.HardCpu._sample

    def setup(ms: float):
        def sample(self, view):
            count[0] += 1
            clock.now += ms / 1000
            return real(self, view)

        monkeypatch.setattr(players.HardCpu, "_sample", sample)
        monkeypatch.setattr(players, "time", SimpleNamespace(perf_counter=clock.perf_counter))
        return clock, count

    return setup


def _position():
    match = deal_match(21)
    view = match.view_json(0)
    match.close()
    return view


@pytest.mark.parametrize(("sample_ms", "samples", "elapsed_ms"),
                         [(120.0, 2, 240.0), (100.0, 3, 300.0), (70.0, 4, 280.0),
                          (400.0, 1, 400.0)])
def test_the_search_stops_before_the_sample_that_would_overrun(timed_samples, sample_ms,
                                                                samples, elapsed_ms):
    """300 ms and 120 ms samples: 2 samples (240 ms), not 3 (360 ms) as it did; a single
    sample longer than the budget is still taken (the Hint always answers)."""
    resources = load_mode_resources(get_mode("crawl"))
    clock, count = timed_samples(sample_ms)
    cpu = make_cpu("hard", 0, ai_stream(21, 0), resources, budget_ms=300.0)
    cpu.decide(_position())
    assert count[0] == samples
    assert clock.now * 1000 == pytest.approx(elapsed_ms)


def test_without_a_budget_the_sample_count_is_fixed(timed_samples):
    """simulate, bench and tests: exactly ai.toml's samples (8), whatever the clock says."""
    resources = load_mode_resources(get_mode("crawl"))
    _, count = timed_samples(120.0)
    make_cpu("hard", 0, ai_stream(21, 0), resources).decide(_position())
    assert count[0] == 8
