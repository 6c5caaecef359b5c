"""The schedule of CardConquest (docs/conquest.md "Schedule"): steps and their systems, in order.

A decision's intent (game.systems.conquest.legal) is consumed by its verb's step: `commander`,
`place`, `move`, `reset_orders`, `picks`, `card`, `retreat`, `reset_retreat` or `ready`. When every seat to act
is ready, `ready`'s last system asks for the step that ends the phase (`armies`, `landing`,
`moves`, `commit`, `resolution`, `retreat_done`; game.systems.conquest.flow). Those ask for
`next_battle` and `sequence_end` as the battle sequence goes; entering `movement` (also anew
after a round without a battle) runs `on_enter:movement`, a new round. Systems never run a
step: they ask for it (`match.goto`) and the engine's runner runs the steps in that order.
"""

from __future__ import annotations

from game.engine.schedule import Schedule, on_enter
from game.systems.conquest.armies import ChooseCommander, CreateArmies
from game.systems.conquest.battle import (
    CommitReinforcements,
    DetectBattles,
    DetectNewBattles,
    NextBattle,
    NextRound,
    PickReinforcements,
    SequenceEnd,
)
from game.systems.conquest.endgame import BaseCapture, Elimination, RoundCap
from game.systems.conquest.flow import EveryoneReady, ReadyFlag
from game.systems.conquest.hands import SelectCard
from game.systems.conquest.movement import ApplyMoves, NewRound, RevealPlacements
from game.systems.conquest.orders import ClearOrders, MoveOrders, PlaceOrders
from game.systems.conquest.resolution import (
    BattleDone,
    Casualties,
    DiscardCards,
    Judge,
    RetreatOrNext,
    RevealCards,
)
from game.systems.conquest.retreat import RetreatMove, RetreatOver, RetreatReset

SCHEDULE = Schedule([
    # decisions: each step consumes its intent
    ("commander", (ChooseCommander(),)),
    ("place", (PlaceOrders(),)),
    ("move", (MoveOrders(),)),
    ("reset_orders", (ClearOrders(),)),
    ("picks", (PickReinforcements(),)),
    ("card", (SelectCard(),)),
    ("retreat", (RetreatMove(),)),
    ("reset_retreat", (RetreatReset(),)),
    ("ready", (ReadyFlag(), EveryoneReady())),
    # the end of each phase, once every seat to act is ready
    ("armies", (CreateArmies(),)),
    ("landing", (RevealPlacements(),)),
    ("moves", (ApplyMoves(), DetectBattles())),
    ("commit", (CommitReinforcements(),)),
    ("resolution", (RevealCards(), Judge(), Casualties(), DiscardCards(), BattleDone(),
                    BaseCapture(), Elimination(), RetreatOrNext())),
    ("retreat_done", (RetreatOver(), DetectNewBattles())),
    # the battle sequence
    ("next_battle", (NextBattle(),)),
    ("sequence_end", (SequenceEnd(), RoundCap(), NextRound())),
    (on_enter("movement"), (NewRound(),)),
])
