"""The ready protocol and the phase machine (spec conquest.md 4.2, 4.3): the `ready` step.

A seat in `to_act` gives its orders, then `ready`; a ready seat's orders are frozen until it
`unready`s. The moment every seat in `to_act` is ready, both flags are cleared and the step
that ends the phase runs, in the same submit (`END_OF_PHASE`; the schedule is in
game.systems.conquest.schedule and docs/conquest.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.components.common import Owner
from game.components.conquest import ReadyOrder
from game.engine.commands import consume
from game.engine.schedule import System
from game.systems.conquest import world
from game.systems.conquest.commands import SetReady, clear_ready

if TYPE_CHECKING:
    from game.engine.match import Match

# The step each phase ends with once every seat to act is ready (4.2).
END_OF_PHASE = {
    "commander": "armies",
    "placement": "landing",
    "movement": "moves",
    "reinforcements": "commit",
    "cards": "resolution",
    "retreat": "retreat_done",
}


class ReadyFlag(System):
    """4.3.1, 4.3.2: the seat is ready (its orders frozen) or editable again."""

    name = "ready_flag"

    def process(self, match: Match) -> None:
        found = consume(match, ReadyOrder)
        if found is None:
            return
        entity, intent = found
        SetReady(esper.component_for_entity(entity, Owner).seat, intent.ready).run(match)


class EveryoneReady(System):
    """4.3.3: when every seat in `to_act` is ready, the flags are cleared and the phase's
    end step runs."""

    name = "everyone_ready"

    def process(self, match: Match) -> None:
        flags = world.ready_flags(match)
        if all(flags[s] for s in match.state.to_act):
            clear_ready(match)
            match.goto(END_OF_PHASE[match.state.phase])
