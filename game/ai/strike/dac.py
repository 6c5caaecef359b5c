"""Algorithm 2 of spec 7.2: the recursive divide-and-conquer maximum (and minimum).

Halving as in 7.1 (`mid = len // 2`, left `[:mid]`, right `[mid:]`, keep the left on a tie)
returns the first best element of the list order. Each score is computed once, so a costly
score is never evaluated twice and the recursion only compares numbers (exact ones: ints or
`Fraction`s, never floats that could decide a tie).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def dac_max(items: Sequence[T], score: Callable[[T], Any]) -> T | None:
    """The first item with the largest `score`, by recursive halving; None for no items.
    O(N) time, O(log N) stack."""
    if not items:
        return None
    scores = [score(item) for item in items]
    return items[_best(scores, 0, len(items), True)]


def dac_min(items: Sequence[T], score: Callable[[T], Any]) -> T | None:
    """The first item with the smallest `score` (7.1's `<=` combine); None for no items."""
    if not items:
        return None
    scores = [score(item) for item in items]
    return items[_best(scores, 0, len(items), False)]


def _best(scores: list[Any], low: int, high: int, maximum: bool) -> int:
    if high - low == 1:
        return low
    mid = low + (high - low) // 2
    left = _best(scores, low, mid, maximum)
    right = _best(scores, mid, high, maximum)
    if maximum:
        return left if scores[left] >= scores[right] else right
    return left if scores[left] <= scores[right] else right
