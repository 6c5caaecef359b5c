"""The schedule of Kingdom (docs/kingdom.md "Schedule"): steps and their systems, in order.

A decision's intent (game.systems.kingdom.legal) is consumed by its verb's step: `build_deck` in
the deck builder; `buy`, `sell`, `move`, `refresh`, `upgrade` and `end_turn` in planning. A
system asks for the next step with `match.goto` and the engine's runner runs it after the
current one: the second `build_deck` asks for `deal`; the turn's second `end_turn` asks for
`combat`, which asks for `end_check`, which (while the match goes on) asks for `turn_start`
(upkeep), then `shop_top_up` and `next_turn`.
"""

from __future__ import annotations

from game.engine.schedule import Schedule
from game.systems.kingdom.planning import (
    BuildDeck,
    Buy,
    Deal,
    EndTurn,
    Move,
    Refresh,
    Sell,
    Upgrade,
)
from game.systems.kingdom.turn import Combat, EndCheck, NextTurn, TopUp, Upkeep

SCHEDULE = Schedule([
    ("build_deck", (BuildDeck(),)),
    ("deal", (Deal(),)),
    ("buy", (Buy(),)),
    ("sell", (Sell(),)),
    ("move", (Move(),)),
    ("refresh", (Refresh(),)),
    ("upgrade", (Upgrade(),)),
    ("end_turn", (EndTurn(),)),
    ("combat", (Combat(),)),
    ("end_check", (EndCheck(),)),
    ("turn_start", (Upkeep(),)),
    ("shop_top_up", (TopUp(),)),
    ("next_turn", (NextTurn(),)),
])
