"""Helpers shared by the kingdom rule tests: matches from small setups, combats on hand-built
boards, and the shared path/rejection helpers."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.engine.record import build_match, new_record, validate_record
from game.systems.kingdom.combat import CombatOutcome, SeatBoard, resolve_combat
from game.systems.kingdom.content import Content, load_content
from tests.match_helpers import (  # noqa: F401  (re-exported for the tests)
    accept,
    assert_rejected,
    at_path,
    canonical,
    streams_state,
)

_content: Content | None = None


def content() -> Content:
    """The base content, loaded once for the whole test session."""
    global _content
    if _content is None:
        _content = load_content(mods=[])
    return _content


def seat(faction: str = "china", slots: list[str | None] | None = None, **fields: Any
         ) -> dict[str, Any]:
    """A setup seat object; `slots` lists card ids (None for empty), padded to level + 4."""
    level = fields.get("level", 1)
    cards = list(slots or [])
    cards += [None] * (level + 4 - len(cards))
    out: dict[str, Any] = {"faction": faction, "level": level,
                           "slots": [None if c is None else {"card": c} for c in cards]}
    out.update(fields)
    return out


def setup_match(seat0: dict[str, Any], seat1: dict[str, Any], *, seed: int = 1,
                turn: int = 1, to_act: list[int] | None = [0],  # noqa: B006 (never mutated)
                ai: dict[str, str] | None = None, rules: str = "1", **board: Any) -> Match:
    """A planning match from a setup with these two seats (section 6 defaults otherwise)."""
    setup = {"phase": "planning", "turn": turn, "to_act": to_act,
             "board": {"seats": [seat0, seat1], **board}}
    record = new_record("kingdom", rules, seed, {"ai": ai or {"1": "hard"}}, setup)
    return build_match(validate_record(record))


def new_match(seed: int = 1, ai: dict[str, str] | None = None) -> Match:
    """A match at the deck builder (`setup: null`)."""
    record = new_record("kingdom", "1", seed, {"ai": ai if ai is not None else {"1": "hard"}})
    return build_match(validate_record(record))


def fight(a: list[str | None], b: list[str | None], *, hp: tuple[int, int] = (25, 25),
          max_hp: tuple[int, int] | None = None) -> CombatOutcome:
    """One combat on hand-built boards: uids are u1.. for seat 0 then seat 1, left to right."""
    n = 0
    boards = []
    for s, cards in enumerate((a, b)):
        slots = []
        for card in cards:
            if card is None:
                slots.append(None)
            else:
                n += 1
                slots.append((card, f"u{n}"))
        top = max_hp[s] if max_hp else 5 * len(cards)
        boards.append(SeatBoard(tuple(slots), hp[s], top))
    return resolve_combat(content(), boards)


def events(outcome: CombatOutcome, kind: str) -> list[dict[str, Any]]:
    return [e for e in outcome.log if e["type"] == kind]
