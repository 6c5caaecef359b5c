"""Sample kingdom positions for the screens' tests, benches and shots (spec kingdom.md 6 setups).

`MID_MATCH`: turn 7, Rome (level 3, 7 slots, 18/35 HP, 4 coins, its hero Julius Caesar locked
behind the Imperial era, an unaffordable Praetorian and a bought position in the shop) against
China (level 2, 6 slots, 7/30 HP, Sun Tzu fallen), so the boards differ in length and the
opponent's bar is red.
"""

from __future__ import annotations

import copy
from typing import Any


def _slots(cards: list[str | None]) -> list[dict[str, str] | None]:
    return [None if c is None else {"card": c} for c in cards]


MID_MATCH: dict[str, Any] = {
    "phase": "planning",
    "turn": 7,
    "board": {"seats": [
        {"faction": "rome", "hero": {"card": "rome_julius_caesar", "status": "in_hand"},
         "level": 3, "hp": 18, "coins": 4,
         "slots": _slots(["rome_hastatus", "common_captain", None, "rome_velite", None,
                          "rome_testudo_legionary", None]),
         "shop": ["rome_velite", "rome_praetorian", None, "common_captain"]},
        {"faction": "china", "hero": {"card": "china_sun_tzu", "status": "dead"},
         "level": 2, "hp": 7, "coins": 3,
         "slots": _slots(["china_dao_militia", None, "china_great_wall_guard",
                          "china_crossbowman", None, "china_silk_merchant"]),
         "shop": ["china_dao_militia", "china_crossbowman", None, "common_priest"]},
    ]},
}

# One combat from the end: China at 2 HP faces a full Roman line.
FINISHER: dict[str, Any] = {
    "phase": "planning",
    "turn": 12,
    "board": {"seats": [
        {"faction": "rome", "hero": {"card": "rome_scipio_africanus", "status": "deployed"},
         "level": 2, "hp": 20, "coins": 0,
         "slots": _slots(["rome_hastatus", "rome_scipio_africanus", "common_captain",
                          "rome_velite", "rome_hastatus", None]),
         "shop": ["rome_velite", "rome_hastatus", "rome_velite", "common_priest"]},
        {"faction": "china", "hero": {"card": "china_sun_tzu", "status": "in_hand"},
         "level": 1, "hp": 2, "coins": 0,
         "slots": _slots(["china_dao_militia", None, "common_shielder", None, None]),
         "shop": ["china_dao_militia", "china_crossbowman", "common_priest"]},
    ]},
}


def setup(name: str = "MID_MATCH", **changes: Any) -> dict[str, Any]:
    """A deep copy of a sample setup with envelope keys changed (turn, to_act...)."""
    out = copy.deepcopy(globals()[name])
    out.update(changes)
    return out


def record(setup_: dict[str, Any] | None, decisions: list[dict[str, Any]] | None = None, *,
           ai: dict[str, str] | None = None, seed: int = 5) -> dict[str, Any]:
    from game.engine.record import new_record

    return new_record("kingdom", "1", seed, {"ai": {"1": "easy"} if ai is None else ai},
                      copy.deepcopy(setup_), decisions or [])
