"""Small statistics for simulations and benchmarks (no numpy needed for these)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (well-behaved near 0 and 1)."""
    if trials <= 0:
        return (0.0, 0.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # The interval always holds p; min/max only undo float rounding at p = 0 or 1.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


class Moments:
    """Running count, sum and sum of squares of a series, kept exactly (as fractions), so
    that a run's figures come from counts instead of a list of every value, and a merge of
    shards gives the very same mean and interval as one run, whatever the order of games."""

    def __init__(self) -> None:
        self.n = 0
        self.total = Fraction(0)
        self.squares = Fraction(0)

    def add(self, value: float) -> None:
        exact = Fraction(value)
        self.n += 1
        self.total += exact
        self.squares += exact * exact

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def interval(self, z: float = Z95) -> tuple[float, float, float]:
        """Mean and its normal-approximation 95% interval (as `mean_interval`)."""
        if self.n == 0:
            return (0.0, 0.0, 0.0)
        mean = self.total / self.n
        if self.n < 2:
            return (float(mean), float(mean), float(mean))
        var = (self.squares - self.total * mean) / (self.n - 1)
        half = z * math.sqrt(float(var) / self.n)
        return (float(mean), float(mean) - half, float(mean) + half)
