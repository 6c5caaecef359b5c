"""Helpers shared by the strike tests: the section 9 shorthand (U, C, A, M), matches from
setups, path reading and rejection checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine.match import Match
from game.engine.record import build_match, new_record, validate_record
from tests.match_helpers import (  # noqa: F401  (re-exported for the tests)
    accept,
    assert_rejected,
    at_path,
    canonical,
    streams_state,
)

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "strike.json"


def U(owner: int, card: str, pos: list[int] | None, **extra: Any) -> dict[str, Any]:
    """A setup unit, as section 9's `U(o, card, [c, r], k=v...)`."""
    return {"owner": owner, "card": card, "pos": pos, **extra}


def C(units: list[dict[str, Any]], to_act: int = 0, rolls: list[int] | None = None,
      turn: int | None = None, flames: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A combat setup, as section 9's `C(units, to_act=0, rolls=[...], turn=..., flames=[...])`."""
    board: dict[str, Any] = {"units": units}
    if rolls is not None:
        board["rolls"] = rolls
    if flames is not None:
        board["flames"] = flames
    setup: dict[str, Any] = {"phase": "combat", "to_act": [to_act], "board": board}
    if turn is not None:
        setup["turn"] = turn
    return setup


def A(seat: int, unit: str, i: int, target: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "type": "attack", "unit": unit, "attack": i}
    if target is not None:
        out["target"] = target
    return out


def M(seat: int, unit: str, to: list[int]) -> dict[str, Any]:
    return {"seat": seat, "type": "move", "unit": unit, "to": to}


def record_of(setup: dict[str, Any] | None, decisions: list[Any] | None = None, *,
              seed: int = 1, ai: dict[str, str] | None = None, rules: str = "1"
              ) -> dict[str, Any]:
    options = {"ai": ai} if ai else {}
    return validate_record({**new_record("strike", rules, seed, options, setup),
                            "decisions": decisions or []})


def setup_match(setup: dict[str, Any] | None, *, seed: int = 1, rules: str = "1") -> Match:
    return build_match(record_of(setup, seed=seed, rules=rules))


def deal_match(seed: int = 1, rules: str = "1") -> Match:
    return build_match(record_of(None, seed=seed, rules=rules))


def unit(match: Match, unit_id: str) -> dict[str, Any]:
    return at_path(match.state_json(), f"/board/units/id={unit_id}")


def load_scenarios() -> list[dict[str, Any]]:
    return json.loads(SCENARIOS.read_text(encoding="utf-8"))
