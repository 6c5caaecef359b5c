"""game.engine.stats: the intervals and percentiles `simulate` and `bench` print."""

from __future__ import annotations

import pytest

from game.engine.stats import Z95, mean_interval, percentile, wilson_interval


@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    (5, 10, 0.2366, 0.7634),  # textbook values
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),
    (50, 100, 0.4038, 0.5962),
    (1, 1, 0.2065, 1.0),
])
def test_wilson_interval_known_values(successes, trials, low, high):
    lo, hi = wilson_interval(successes, trials)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)
    assert 0.0 <= lo <= successes / trials <= hi <= 1.0


def test_wilson_interval_edges():
    assert wilson_interval(0, 0) == (0.0, 0.0)
    assert wilson_interval(0, 7)[0] == 0.0
    assert wilson_interval(7, 7)[1] == 1.0  # exactly, not 0.9999999999999999
    lo, hi = wilson_interval(2.5, 5)  # mirror matches count half wins
    assert (lo, hi) == pytest.approx((0.1704, 0.8296), abs=5e-5)
    assert Z95 == pytest.approx(1.96, abs=1e-4)


def test_percentile_interpolates_linearly():
    assert percentile([1, 2, 3, 4], 50) == 2.5
    assert percentile([4, 1, 3, 2], 0) == 1
    assert percentile([4, 1, 3, 2], 100) == 4
    assert percentile(list(range(1, 101)), 95) == pytest.approx(95.05)
    assert percentile([7.0], 95) == 7.0
    assert percentile([], 50) == 0.0
    assert percentile([10, 20], 25) == 12.5


def test_mean_interval():
    mean, lo, hi = mean_interval([1, 2, 3, 4])
    assert mean == 2.5
    assert (lo, hi) == pytest.approx((1.2348, 3.7652), abs=1e-4)
    assert mean_interval([]) == (0.0, 0.0, 0.0)
    assert mean_interval([3]) == (3.0, 3.0, 3.0)
    assert mean_interval([2, 2, 2]) == (2.0, 2.0, 2.0)
