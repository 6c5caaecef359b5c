"""A random legal player for the property tests: both seats, uniform among legal decisions.

Every step picks a seat in `to_act` that is not ready (rarely a ready one, which can only
`unready`) and submits a decision drawn uniformly from that seat's legal list. Uniform play alone
almost never has both seats ready at once (a movement phase lists ~80 moves and one `ready`), so
once a seat has made `patience` decisions in the current phase step it is steered: `ready` when
that is legal, else uniformly among the decisions that make progress toward it (placing a unit
still in the tray, retreating a unit still on the site). Every decision is still a legal one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.engine.match import Match

Check = Callable[[Match, dict[str, Any]], None]


def _progress(match: Match, seat: int, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    ready = [d for d in legal if d["type"] == "ready"]
    if ready:
        return ready
    board = match.state_json()["board"]
    if match.phase == "placement":
        placed = board["orders"][seat]
        return [d for d in legal if d["type"] == "place" and d["to"] is not None
                and d["units"][0] not in placed] or legal
    if match.phase == "retreat":
        site = board["retreat"]["tile"]
        on_site = {u["id"] for u in board["units"] if u["tile"] == site}
        return [d for d in legal if d["type"] == "retreat" and d["unit"] in on_site] or legal
    if match.phase == "commander":
        return [d for d in legal if d["type"] == "choose_commander"]
    if match.phase == "cards":
        return [d for d in legal if d["type"] == "choose_card"]
    return legal


def step_key(match: Match) -> tuple[Any, ...]:
    board = match.state_json()["board"]
    return (match.phase, match.turn, board["current_battle"], match.to_act)


def play(match: Match, rng: random.Random, *, patience: int = 4,
         check: Check | None = None, max_decisions: int = 20000) -> int:
    """Play to the end; `check(match, decision)` runs after every accepted decision.
    Returns the number of decisions."""
    made: dict[int, int] = {0: 0, 1: 0}
    key = step_key(match)
    for count in range(max_decisions):
        if match.result is not None:
            return count
        flags = match.state_json()["board"]["ready"]
        waiting = [s for s in match.to_act if not flags[s]]
        ready = [s for s in match.to_act if flags[s]]
        seat = rng.choice(ready) if ready and (not waiting or rng.random() < 0.05) else (
            rng.choice(waiting))
        legal = match.legal_decisions(seat)
        assert legal, (match.phase, seat)
        if made[seat] >= patience and not flags[seat]:
            legal = _progress(match, seat, legal)
        decision = rng.choice(legal)
        outcome = match.submit(decision)
        assert outcome.ok, (decision, getattr(outcome, "error", None))
        made[seat] += 1
        if check is not None:
            check(match, decision)
        if step_key(match) != key:
            key = step_key(match)
            made = {0: 0, 1: 0}
    raise AssertionError("the match did not end")
