"""Loading the kingdom acceptance scenarios (spec kingdom.md section 9) and checking seat views.

Kept apart from `tests/kingdom/helpers.py` (the rule tests' helpers) so the scenario data and its
test can change without touching the rule tests, and the other way round.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

from tests.match_helpers import at_path

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "kingdom"

# Spec section 9's table order: the id column of S1-S33 (S34-S37 are property tests).
SPEC_ORDER = [f"K{n}" for n in range(1, 16)] + [
    "E1", "E2", "E3", "E4a", "E4b", "E5", "E5b", "E6", "E6b", "E7", "E7b", "E7c", "E7d", "E8",
    "T1", "D1", "D2", "M1"]

SEAT_PATH = re.compile(r"^/board/seats/(\d+)(/.*)?$")


def load_scenario(name: str) -> dict[str, Any]:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def scenario_names() -> list[str]:
    """The scenario files present, in spec order (unknown names last, so they still run)."""
    present = {path.stem for path in SCENARIOS.glob("*.json")}
    rank = {name: i for i, name in enumerate(SPEC_ORDER)}
    return sorted(present, key=lambda name: (rank.get(name, len(rank)), name))


def set_path(state: Any, path: str, value: Any) -> None:
    """Write `value` at a slash path (the inverse of `at_path`, plain keys and indexes only)."""
    parts = path.strip("/").split("/")
    node = at_path(state, "/" + "/".join(parts[:-1])) if len(parts) > 1 else state
    last = parts[-1]
    node[int(last) if isinstance(node, list) else last] = value


def unmasked(view: dict[str, Any], state: dict[str, Any], paths: list[str]) -> dict[str, Any]:
    """`view` with every masked path put back from `state`: what must then equal `state`.

    The spec says the seat view differs from the state only where it masks; restoring exactly
    the expected masked paths and comparing the whole document proves nothing else changed.
    """
    out = copy.deepcopy(view)
    for path in paths:
        set_path(out, path, copy.deepcopy(at_path(state, path)))
    return out


def mirrored(expect: list[list[Any]], state: dict[str, Any]) -> list[list[Any]]:
    """The expectations for the opposite seat's view: the same masks on the other seat's data.

    A masked list moves to the other seat's path masked the way spec 6 masks a shop there
    (every offer `"hidden"`, bought `null` positions kept); an unmasked seat value becomes the real value at the other seat's path; paths outside the
    seats (the seed) keep their value, since the engine hides them from every seat alike.
    """
    out = []
    for path, value in expect:
        match = SEAT_PATH.match(path)
        if match is None:
            out.append([path, value])
            continue
        other = f"/board/seats/{1 - int(match.group(1))}{match.group(2) or ''}"
        real = at_path(state, other)
        if isinstance(value, list) and value and set(value) == {"hidden"}:
            out.append([other, [None if offer is None else "hidden" for offer in real]])
        elif "hidden" in json.dumps(value):
            out.append([other, value])
        else:
            out.append([other, real])
    return out
