"""Fixtures of the engine tests: an isolated mode registry, the synthetic duel, a bare match.

The built-in modes are written in parallel with the engine; the registry fixture keeps them out
so that these tests see only the modes they register themselves.
"""

from __future__ import annotations

import pytest

from game.engine.match import Match
from game.engine.record import build_match, new_record

from .support import BareRules


@pytest.fixture
def duel(synthetic):
    """A synthetic match from seed 7: units p0.u0..u2 and p1.u0..u2 with 10 hp, seat 0 to act."""
    return build_match(new_record("synthetic", "1", 7))


@pytest.fixture
def bare():
    """A bare match (phase "play", seat 0 to act); activate it to run commands."""
    match = Match(BareRules(), seed=11, phase="play")
    with match.active():
        match.set_phase("play", (0,))
    return match
