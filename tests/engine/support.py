"""Helpers shared by the engine tests (fixtures are in conftest.py)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from game.engine.match import Match, Rules
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


class BareRules(Rules):
    """No rules at all: a match to run commands, piles and the journal on."""

    mode = "bare"
    rules_version = "1"
    seats = 2
    verbs = {"pass": frozenset({"play"})}

    def apply(self, match: Match, decision: dict[str, Any]) -> None:
        return None

    def board_json(self, match: Match) -> dict[str, Any]:
        return {}
