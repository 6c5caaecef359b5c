"""The schedule of Marve-Strike (docs/strike.md "Schedule"): steps and their systems, in order.

A decision's intent (game.systems.strike.legal) is consumed by the step of its phase (`draft`,
`placement` or `action`). A system asks for the next step with `match.goto` and the engine's
runner runs it after the current one: the last placement asks for `combat_start`, which asks
for `turn_start`; an action's end check asks for `turn_end`, whose `next_turn` asks for the
other seat's `turn_start`. Every system returns at once when the match is over.
"""

from __future__ import annotations

from game.engine.schedule import Schedule
from game.systems.strike.combat import (
    Attack,
    CombatStart,
    CooldownsTick,
    EndOfAction,
    FlamesAge,
    Move,
    NextTurn,
    Pass,
    RoundCap,
    TurnEndTicks,
    TurnStarted,
    TurnStartTicks,
)
from game.systems.strike.draft import DraftPick, Place

SCHEDULE = Schedule([
    ("draft", (DraftPick(),)),
    ("placement", (Place(),)),
    ("combat_start", (CombatStart(),)),
    ("turn_start", (TurnStarted(), FlamesAge(), CooldownsTick(), TurnStartTicks())),
    ("action", (Move(), Attack(), Pass(), EndOfAction())),
    ("turn_end", (TurnEndTicks(), RoundCap(), NextTurn())),
])
