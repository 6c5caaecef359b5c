"""Helpers every mode's rule tests share: State JSON paths (spec section 9 syntax),
canonical serialisation, and the "rejected and nothing changed" check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine.match import Match

TESTS = Path(__file__).resolve().parent


def spec_data(mode: str, name: str) -> Any:
    """A table or example of a mode's rule spec, committed as `tests/<mode>/data/<name>.json` by
    the mode's extract script (tests/spec_extract.py), so the tests need no file outside the
    repository."""
    return json.loads((TESTS / mode / "data" / f"{name}.json").read_text(encoding="utf-8"))


def spec_sample(mode: str) -> str:
    """A verbatim slice of a mode's rule spec (`tests/<mode>/data/spec_sample.md`, written by the
    extract script): the extractor run on it must give back the committed scenario files."""
    return (TESTS / mode / "data" / "spec_sample.md").read_text(encoding="utf-8")


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
