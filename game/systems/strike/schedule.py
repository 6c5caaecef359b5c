"""The schedule of Marve-Strike (docs/strike.md "Schedule"): steps and their systems, in order.

`resolve` (game.systems.strike.mode) turns a decision into an intent and runs the step of the
phase (`draft`, `placement` or `action`); a step's last system runs the next step at a phase
transition (placement done -> `combat_start` -> `turn_start`; an action -> `turn_end` ->
the next `turn_start`). Every system returns at once when the match is over.
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

# The step a decision runs, by the phase it is made in.
STEP_OF_PHASE = {"draft": "draft", "placement": "placement", "combat": "action"}
