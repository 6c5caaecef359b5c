"""What each connection is sent: a seat's own view, or the public view of a spectator.

A seat gets exactly what `tabula replay --seat N --trace` prints for it: `Match.view_json`
and `Match.view_step`, built by the mode's own `view_board`, `view_to_act`, `view_decision`
and `view_event`. The modes define no spectator view (their masks leave a seat outside 0..1
unmasked), so a spectator's is derived here from the seats' views: the *meet* of every seat's
view, a value kept only where every seat sees the same value and "hidden" elsewhere. A
spectator thus learns only what every player already knows, whatever the mode hides, and a
mode that adds a secret is covered without a line here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.events import Event
from game.engine.match import HIDDEN, Match


def meet(a: Any, b: Any) -> Any:
    """What two views of one value have in common: equal values (of one JSON type) stay,
    objects keep their common keys, lists of one length go item by item, the rest "hidden"."""
    if type(a) is type(b) and a == b:
        return a
    if isinstance(a, dict) and isinstance(b, dict):
        return {k: meet(v, b[k]) for k, v in a.items() if k in b}
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [meet(x, y) for x, y in zip(a, b, strict=True)]
    return HIDDEN


def _meet_all(values: Sequence[Any]) -> Any:
    common = values[0]
    for value in values[1:]:
        common = meet(common, value)
    return common


def public_view(match: Match) -> dict[str, Any]:
    """The State JSON a spectator sees. `to_act` lists a seat when every *other* seat's view
    lists it (each seat sees its own entry truly, the others' entries as the mode shows
    them: kingdom's deck builder always lists the other seat)."""
    seats = range(match.rules.seats)
    views = [match.view_json(s) for s in seats]
    public = _meet_all(views)
    public["to_act"] = [s for s in seats
                        if all(s in views[t]["to_act"] for t in seats if t != s)]
    return public


def public_step(match: Match, index: int, events: Sequence[Event]) -> dict[str, Any] | None:
    """Decision `index` and its events as a spectator sees them: the decision when every seat
    may learn of it (as the meet of the seats' versions), each event every seat sees (the
    meet of their versions); None when it shows nothing."""
    rules = match.rules
    decision = match.decisions[index]
    phase = match.phases[index]
    seats = range(rules.seats)
    versions = [decision if decision["seat"] == s else rules.view_decision(decision, s, phase)
                for s in seats]
    shown = None if any(v is None for v in versions) else _meet_all(versions)
    seen = []
    for event in events:
        per_seat = [rules.view_event(event, s, phase) for s in seats]
        if all(e is not None for e in per_seat):
            seen.append(_meet_all([e.as_json() for e in per_seat]))
    if shown is None and not seen:
        return None
    return {"index": index, "decision": HIDDEN if shown is None else shown, "events": seen}


def seat_step(match: Match, index: int, events: Sequence[Event],
              viewer: int | None) -> dict[str, Any] | None:
    """Decision `index` as `viewer` sees it (a seat, or None for a spectator)."""
    if viewer is None:
        return public_step(match, index, events)
    return match.view_step(index, events, viewer)


def seat_view(match: Match, viewer: int | None) -> dict[str, Any]:
    """The State JSON `viewer` sees (a seat, or None for a spectator)."""
    return public_view(match) if viewer is None else match.view_json(viewer)
