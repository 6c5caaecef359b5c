"""Scratch matches for the strike CPU: its seat view loaded as a setup (docs/architecture.md).

The CPU never reads the live match. Legal decisions (easy) and the hard search come from the
rules themselves, run on a match rebuilt from the view (placement calls the rules' pure
`empty_zone_tiles` on the view's numbers instead: one list is not worth a whole match).
"""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.engine.record import new_record
from game.systems.strike.mode import create_match


def scratch_match(view: dict[str, Any], resources: Any) -> Match:
    """A match at the view's position: the view loaded as a setup (docs/architecture.md). The
    masked parts are filled in: no forced rolls queued, and a seed that never matters because
    every simulated roll is forced."""
    setup = {key: value for key, value in view.items() if key not in ("seed", "seats")}
    setup["board"] = {**view["board"], "rolls": []}
    match = create_match(new_record("strike", str(view.get("rules", "1")), 0, {}, setup),
                         resources)
    match.events.enabled = False  # the search never reads events
    return match
