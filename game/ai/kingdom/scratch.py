"""Scratch matches for the kingdom CPUs: the seat view loaded as a setup (docs/architecture.md).

A CPU never reads the live match. What it needs to know about the consequences of a decision
(coins after a buy, slots after an upgrade, the combat of a layout) it learns by submitting that
decision to a match rebuilt from its own view, with the real rules. The only hidden part of a
kingdom view is the opponent's offers (spec 6); they never enter a combat, so they load as empty
positions (`null`), and since no combat draws anything the seed is irrelevant (0, spec 7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import HIDDEN, Match, Rejection, restored_match
from game.systems.kingdom.content import content_of
from game.systems.kingdom.mode import MODE_ID, KingdomRules
from game.systems.kingdom.setup import restore_position
from game.systems.kingdom.state import index

if TYPE_CHECKING:
    from game.components.kingdom import KingdomSeat
    from game.engine.resources import ResourceSet

SCRATCH_SEED = 0


class ScratchError(RuntimeError):
    """The scratch match rejected a decision the CPU planned: a bug in the CPU."""


def scratch_setup(view: dict[str, Any]) -> dict[str, Any]:
    """A setup for the position of `view`: the view itself minus the envelope parts a setup
    ignores, with every "hidden" offer loaded as an empty position. The combat log is left out:
    nothing a CPU plans depends on the last combat's events, and copying it costs time."""
    board = view["board"]
    seats = []
    for raw in board["seats"]:
        seat = dict(raw)
        seat["shop"] = [None if offer == HIDDEN else offer for offer in raw["shop"]]
        seats.append(seat)
    return {"mode": MODE_ID, "phase": view["phase"], "turn": view["turn"],
            "to_act": list(view["to_act"]),
            "board": {"next_uid": board["next_uid"], "seats": seats, "combat_log": []}}


def scratch_match(view: dict[str, Any], resources: ResourceSet) -> Match:
    """A match at the view's position (planning phase only), events off (nobody reads them).
    The view was printed by the rules, so it loads without the setup checks
    (`restore_position`); `scratch_setup` is the same position as a checked setup."""
    content = content_of(resources)
    return restored_match(KingdomRules(content, str(view.get("rules", "1"))),
                          lambda match: restore_position(match, content, scratch_setup(view)),
                          resources=resources, phase="planning", seed=SCRATCH_SEED)


def seat_of(match: Match, seat: int) -> KingdomSeat:
    """The live component of one seat of a (scratch) match, for the rules' helpers."""
    return index(match).seats[seat]


def submit(match: Match, decision: dict[str, Any]) -> None:
    """Submit a planned decision to a scratch match; a rejection is a CPU bug."""
    outcome = match.submit(decision)
    if isinstance(outcome, Rejection):
        raise ScratchError(f"the CPU planned an illegal decision {decision}: {outcome.error}")
