"""Helpers shared by the crawl tests: building matches from small setups, reading paths."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine.match import Match
from game.engine.record import build_match, new_record, validate_record

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


def at_path(state: Any, path: str) -> Any:
    """Spec 9 path syntax: slash keys from the root, list index, or `field=value` match."""
    node = state
    for part in path.strip("/").split("/"):
        if isinstance(node, list):
            if "=" in part:
                key, wanted = part.split("=", 1)
                node = next(item for item in node
                            if isinstance(item, dict) and str(item.get(key)) == wanted)
            else:
                node = node[int(part)]
        else:
            node = node[part]
    return node


def canonical(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=False, separators=(",", ":"))


def load_scenario(name: str) -> dict[str, Any]:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def scenario_names() -> list[str]:
    def order(path: Path) -> tuple[int, str]:
        stem = path.stem[1:]
        digits = "".join(ch for ch in stem if ch.isdigit())
        return int(digits), stem[len(digits):]

    return [p.stem for p in sorted(SCENARIOS.glob("C*.json"), key=order)]


def streams_state(match: Match) -> list[tuple[str, Any]]:
    """Every stream's full state (generator, draws, forced values): to prove none moved."""
    return [(name, match.stream(name).get_state()) for name in match.streams.names()]


def assert_rejected(match: Match, decision: Any, error: str) -> None:
    """`decision` is rejected with `error`, and nothing changed: state JSON, turn, streams."""
    before = canonical(match.state_json())
    streams = streams_state(match)
    decisions = len(match.decisions)
    outcome = match.submit(decision)
    assert not outcome.ok, f"{decision} was accepted"
    assert outcome.error == error, (decision, outcome.error)
    assert outcome.message
    assert canonical(match.state_json()) == before
    assert streams_state(match) == streams
    assert len(match.decisions) == decisions


def accept(match: Match, decision: dict[str, Any]) -> list[dict[str, Any]]:
    """Submit a decision that must be accepted; its events as JSON."""
    outcome = match.submit(decision)
    assert outcome.ok, (decision, getattr(outcome, "error", None))
    return [event.as_json() for event in outcome.events]


def move(frm: str, to: str, fi: int | None = None, ti: int | None = None) -> dict[str, Any]:
    """`move("board", "hero", fi=0)`, `move("left_hand", "board", ti=2)`."""
    from game.systems.crawl.legal import move_decision

    return move_decision(frm, fi, to, ti)


def board_of(match: Match) -> dict[str, Any]:
    return match.state_json()["board"]
