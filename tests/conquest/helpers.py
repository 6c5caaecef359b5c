"""Helpers shared by the conquest tests: records, small setups, scenario files."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game import paths
from game.engine.match import Match
from game.engine.record import build_match, new_record, validate_record
from game.engine.resources import clear_resource_cache
from tests.match_helpers import (  # noqa: F401  (re-exported for the tests)
    accept,
    assert_rejected,
    at_path,
    canonical,
    streams_state,
)

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "conquest"


def record_of(setup: dict[str, Any] | None = None, *, seed: int = 1,
              options: dict[str, Any] | None = None,
              decisions: list[dict[str, Any]] | None = None, rules: str = "1"
              ) -> dict[str, Any]:
    return validate_record(new_record("conquest", rules, seed, options or {}, setup, decisions))


def new_match(seed: int = 1, **options: Any) -> Match:
    return build_match(record_of(None, seed=seed, options=options))


def setup_match(phase: str, units: dict[str, str | None], *, rules: str = "1",
                **board: Any) -> Match:
    """A match from a setup: `units` maps unit id -> tile; `board` adds the other keys."""
    setup = {"phase": phase, "board": {
        "units": [{"id": uid, "tile": tile} for uid, tile in units.items()], **board}}
    return build_match(record_of(setup, rules=rules))


def load_scenario(name: str) -> dict[str, Any]:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def scenario_names() -> list[str]:
    return sorted((p.stem for p in SCENARIOS.glob("*.json")), key=int)


def board_of(match: Match) -> dict[str, Any]:
    return match.state_json()["board"]


def unit(match: Match, uid: str) -> dict[str, Any]:
    return next(u for u in board_of(match)["units"] if u["id"] == uid)


def D(seat: int, verb: str, **fields: Any) -> dict[str, Any]:
    """A decision: `D(0, "move", units=["p0.t1"], to="L13")`."""
    return {"seat": seat, "type": verb, **fields}


def install_mod(name: str, files: dict[str, str]) -> Path:
    """A mod `name` of these conquest files ({file name: TOML}) in the user's mods folder (the
    test's temporary home); returns its `conquest/` folder."""
    folder = paths.mods_dir() / name / "conquest"
    folder.mkdir(parents=True, exist_ok=True)
    for file_name, text in files.items():
        (folder / file_name).write_text(text, encoding="utf-8")
    return folder


def mod_installed(name: str, files: dict[str, str]) -> Iterator[Path]:
    """A fixture's body (`yield from`): the mod installed and the resources read again with
    it, then read again without it once the test is done."""
    folder = install_mod(name, files)
    clear_resource_cache()
    yield folder
    clear_resource_cache()
