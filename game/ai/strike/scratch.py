"""Scratch matches for the strike CPU: its seat view loaded as a setup (docs/architecture.md).

The CPU never reads the live match. Legal decisions (easy) and the hard search come from the
rules themselves, run on the CPU's one reusable scratch match (game.engine.scratch), reloaded
from each view (placement calls the rules' pure `empty_zone_tiles` on the view's numbers
instead: one list is not worth a whole position).
"""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.engine.scratch import ScratchMatch
from game.systems.strike.content import content_of
from game.systems.strike.mode import StrikeRules


def view_setup(view: dict[str, Any]) -> dict[str, Any]:
    """The view as a setup: the masked parts filled in (no forced rolls queued; the seed
    never matters, because every simulated roll is forced)."""
    setup = {key: value for key, value in view.items() if key not in ("seed", "seats")}
    setup["board"] = {**view["board"], "rolls": []}
    return setup


def new_match(view: dict[str, Any], resources: Any) -> Match:
    """An empty match on the view's rules version and this content, not yet begun."""
    rules = StrikeRules(content_of(resources), str(view.get("rules", "1")))
    return Match(rules, seed=0, options={}, resources=resources, phase="draft")


def scratch_for(resources: Any) -> ScratchMatch:
    """A CPU's reusable scratch match on this content."""
    return ScratchMatch(lambda view: new_match(view, resources), view_setup)


def scratch_match(view: dict[str, Any], resources: Any) -> Match:
    """A one-off match at the view's position, events off (the caller closes it): a screen's
    preview of a remote view, a test."""
    match = new_match(view, resources)
    match.events.enabled = False
    match.begin(view_setup(view))
    return match
