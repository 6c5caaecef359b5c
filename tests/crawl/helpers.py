"""Helpers shared by the crawl tests: building matches from small setups, reading paths."""

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

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "crawl"


def card(card_id: str, card_type: str, value: int | None = None, **extra: Any) -> dict[str, Any]:
    """A setup card: `card("e5a", "enemy", 5)`, `card("swap", "ability", ability="swap")`."""
    out: dict[str, Any] = {"id": card_id, "type": card_type}
    if card_type == "ability":
        out["ability"] = extra.pop("ability", card_id)
    else:
        out["value"] = value
    out.update(extra)
    return out


def setup_match(board: dict[str, Any] | None = None, *, seed: int = 1,
                forced: list[Any] | None = None, options: dict[str, Any] | None = None,
                **envelope: Any) -> Match:
    """A match from a setup whose `board` object is `board` (defaults as spec 6.1)."""
    setup: dict[str, Any] = {**envelope, "board": board or {}}
    if forced is not None:
        setup["forced"] = {"dungeon": forced}
    record = validate_record(new_record("crawl", "1", seed, options or {"variant": "normal"},
                                        setup))
    return build_match(record)


def deal_match(seed: int = 1, variant: str = "normal", **options: Any) -> Match:
    record = validate_record(new_record("crawl", "1", seed, {"variant": variant, **options}))
    return build_match(record)


def load_scenario(name: str) -> dict[str, Any]:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def scenario_names() -> list[str]:
    def order(path: Path) -> tuple[int, str]:
        stem = path.stem[1:]
        digits = "".join(ch for ch in stem if ch.isdigit())
        return int(digits), stem[len(digits):]

    return [p.stem for p in sorted(SCENARIOS.glob("C*.json"), key=order)]


def move(frm: str, to: str, fi: int | None = None, ti: int | None = None) -> dict[str, Any]:
    """`move("board", "hero", fi=0)`, `move("left_hand", "board", ti=2)`."""
    from game.systems.crawl.legal import move_decision

    return move_decision(frm, fi, to, ti)


def board_of(match: Match) -> dict[str, Any]:
    return match.state_json()["board"]
