"""Helpers shared by the engine tests (fixtures are in conftest.py)."""

from __future__ import annotations

from typing import Any

import esper
from pydantic import BaseModel, ConfigDict

from game.components.common import Health
from game.engine.commands import (
    AddStatus,
    Damage,
    Heal,
    MoveTo,
    PlaceAt,
    RemoveStatus,
    SetCooldowns,
    TickStatus,
    ident,
)
from game.engine.match import Match, Rules
from game.engine.piles import MoveCard, ShufflePile, pile_name
from game.engine.record import build_match, new_record


def duel_from(units: list[tuple[str, int, int]], *, seed: int = 7,
              forced: dict[str, list[Any]] | None = None) -> Match:
    """A synthetic match from a setup of (id, seat, hp) units (needs the `synthetic` fixture)."""
    setup: dict[str, Any] = {"units": [{"id": i, "seat": s, "hp": hp} for i, s, hp in units]}
    if forced is not None:
        setup["forced"] = forced
    return build_match(new_record("synthetic", "1", seed, setup=setup))


class Unit(BaseModel):
    """A unit of the throwaway mode that the resource and mod-file tests load."""

    model_config = ConfigDict(extra="forbid", strict=True)
    id: str
    hp: int
    tags: list[str] = []


def _who(command) -> dict[str, Any]:
    return {k: v for k, v in (("source", ident(command.source_id)),
                              ("target", ident(command.target_id))) if v is not None}


# The bare mode's event table: one event per command, from the command's own typed fields.
BARE_EVENTS = {
    Damage: lambda m, c: m.emit("damage_dealt", **_who(c), cause=c.cause, amount=c.amount,
                                hp=esper.component_for_entity(c.target_id, Health).hp),
    Heal: lambda m, c: m.emit("healed", **_who(c), cause=c.cause, amount=c.amount,
                              hp=esper.component_for_entity(c.target_id, Health).hp),
    MoveTo: lambda m, c: m.emit("unit_moved", **_who(c), origin=list(c.origin),
                                to=[c.x, c.y]),
    PlaceAt: lambda m, c: m.emit("unit_placed", **_who(c), tile=[c.x, c.y]),
    AddStatus: lambda m, c: m.emit("status_added", **_who(c), status=c.kind,
                                   turns=c.status.turns),
    TickStatus: lambda m, c: m.emit("status_expired", **_who(c), status=c.kind)
    if c.expired else None,
    RemoveStatus: lambda m, c: m.emit("status_removed", **_who(c), status=c.kind,
                                      reason=c.reason),
    SetCooldowns: lambda m, c: m.emit("cooldowns_set", **_who(c), values=list(c.values))
    if c.ready else None,
    MoveCard: lambda m, c: m.emit("card_moved", card=ident(c.card), origin=pile_name(c.origin),
                                  to=pile_name(c.dest)),
    ShufflePile: lambda m, c: m.emit("pile_shuffled", pile=pile_name(c.pile), stream=c.stream),
}


class BareRules(Rules):
    """No rules at all: a match to run commands, piles and the journal on."""

    mode = "bare"
    rules_version = "1"
    seats = 2
    verbs = {"pass": frozenset({"play"})}
    events = BARE_EVENTS

    def apply(self, match: Match, decision: dict[str, Any]) -> None:
        return None

    def board_json(self, match: Match) -> dict[str, Any]:
        return {}
