"""Scratch matches for the kingdom CPUs: the seat view loaded as a setup (docs/architecture.md).

A CPU never reads the live match. What it needs to know about the consequences of a decision
(coins after a buy, slots after an upgrade, the combat of a layout) it learns by submitting that
decision to a match at the position of its own view, with the real rules: its one reusable
scratch match (game.engine.scratch), reloaded from each view. The only hidden part of a kingdom
view is the opponent's offers (spec 6); they never enter a combat, so they load as empty
positions (`null`), and since no combat draws anything the seed is irrelevant (0, spec 7).
"""

from __future__ import annotations

import threading
import weakref
from typing import TYPE_CHECKING, Any

import esper

from game.engine.match import HIDDEN, Match, Rejection
from game.engine.scratch import ScratchMatch
from game.systems.kingdom.content import content_of
from game.systems.kingdom.mode import MODE_ID, KingdomRules
from game.systems.kingdom.setup import restore_from, restore_position

if TYPE_CHECKING:
    from game.engine.resources import ResourceSet

SCRATCH_SEED = 0


class ScratchError(RuntimeError):
    """The scratch match rejected a decision the CPU planned: a bug in the CPU."""


class ViewRules(KingdomRules):
    """Kingdom's rules on a match that loads views this program printed: they need none of the
    setup checks (`restore_position`; a test proves both loaders build the same position), and
    a CPU loads one per planning phase."""

    def load_setup(self, match: Match, setup: dict[str, Any]) -> None:
        restore_position(match, self.content, setup)


def scratch_setup(view: dict[str, Any], decks: bool = True) -> dict[str, Any]:
    """A setup for the position of `view`: the view itself minus the envelope parts a setup
    ignores, with every "hidden" offer loaded as an empty position. The combat log is left out:
    nothing a CPU plans depends on the last combat's events, and copying it costs time. So are
    the decks unless `decks`: no CPU draws offers in its scratch match (a refresh ends its
    plan; the expert's scorer stops before the top-up), and a deck is ten entities a seat to
    load for every planning phase (a draw from a missing deck would raise, never guess)."""
    board = view["board"]
    seats = []
    for raw in board["seats"]:
        seat = dict(raw)
        seat["shop"] = [None if offer == HIDDEN else offer for offer in raw["shop"]]
        if not decks:
            seat["deck"] = []
        seats.append(seat)
    return {"mode": MODE_ID, "phase": view["phase"], "turn": view["turn"],
            "to_act": list(view["to_act"]),
            "board": {"next_uid": board["next_uid"], "seats": seats, "combat_log": []}}


def new_match(view: dict[str, Any], resources: ResourceSet) -> Match:
    """An empty match on the view's rules version and this content, not yet begun."""
    rules = ViewRules(content_of(resources), str(view.get("rules", "1")))
    return Match(rules, seed=SCRATCH_SEED, options={}, resources=resources, phase="planning")


def scratch_for(resources: ResourceSet, decks: bool = True) -> ScratchMatch:
    """A CPU's reusable scratch match on this content (with the decks, or without them: see
    `scratch_setup`), brought from one view to the next in place (`restore_from`: a few
    units and offers change between two planning phases, the decks never), unlogged, from
    the position the plan made on the last view left (`keep_search`: restore_from compares
    the world itself with the view, and most of the plan is in the next view), so its
    journal keeps nothing from one load to the next."""
    content = content_of(resources)
    return ScratchMatch(lambda view: new_match(view, resources),
                        lambda view: scratch_setup(view, decks),
                        restore=lambda match, setup, previous: restore_from(
                            match, content, setup, previous), keep_search=True)


# Scratch matches whose CPU is gone, kept for the next CPU on the same content, rules version
# and decks switch: key -> idle scratch matches (at most MAX_IDLE each, for MAX_IDLE_KEYS keys,
# the most recent). A process plays match after match (a simulation, a benchmark, the game's
# CPU worker) with two new CPUs each: a borrowed scratch match costs no new world, match,
# streams or listeners, and the objects of the last one stay the collector's old ones
# instead of making it run again and again. Its first load restores the new match's view
# from whatever position it held (`restore_from` rebuilds a seat whose tile, deck or hero
# differs, and a unit whose card differs), so nothing of the last match is left.
MAX_IDLE = 2
MAX_IDLE_KEYS = 4
_idle: dict[tuple[int, str, bool], list[ScratchMatch]] = {}
_idle_lock = threading.RLock()  # a CPU's finalizer may run in any thread, inside the pool's code


def borrow_scratch(owner: object, resources: ResourceSet, rules: str,
                   decks: bool = True) -> ScratchMatch:
    """A scratch match for the CPU `owner` (an idle one if there is one, else a new one),
    given back to the pool when `owner` is collected."""
    key = (id(content_of(resources)), rules, decks)  # the content lives while it is cached
    scratch = None
    with _idle_lock:
        idle = _idle.get(key, [])
        while idle and scratch is None:
            scratch = idle.pop()
            if scratch.world is not None and scratch.world not in esper.list_worlds():
                scratch = None  # its world was dropped under it (a test resets every world)
    if scratch is None:
        scratch = scratch_for(resources, decks)
    weakref.finalize(owner, _give_back, key, scratch)
    return scratch


def _give_back(key: tuple[int, str, bool], scratch: ScratchMatch) -> None:
    with _idle_lock:
        idle = _idle.pop(key, [])
        _idle[key] = idle  # the most recent key last
        if len(idle) < MAX_IDLE:
            idle.append(scratch)
        else:
            scratch.close()
        while len(_idle) > MAX_IDLE_KEYS:
            for old in _idle.pop(next(iter(_idle))):
                old.close()


def scratch_match(view: dict[str, Any], resources: ResourceSet) -> Match:
    """A one-off match at the view's position (planning phase only), events off (the caller
    closes it): a test, a check that a view loads."""
    match = new_match(view, resources)
    match.events.enabled = False
    match.begin(scratch_setup(view))
    return match


def submit(match: Match, decision: dict[str, Any]) -> None:
    """Submit a planned decision to a scratch match; a rejection is a CPU bug."""
    outcome = match.submit(decision)
    if isinstance(outcome, Rejection):
        raise ScratchError(f"the CPU planned an illegal decision {decision}: {outcome.error}")
