"""Hands and the card choice (spec conquest.md 4.10, 4.14): the `card` step.

Hands are engine piles kept sorted by printed power, highest first; discard piles keep the
order cards were played. At each resolution both played cards go to their discard piles
(game.systems.conquest.resolution); the moment a hand is empty, the whole discard pile becomes
the hand again. No drawing, no shuffling: the last card of a cycle is forced and cards are
never destroyed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.components.common import Owner
from game.components.conquest import ChooseCard
from game.engine.commands import consume
from game.engine.schedule import System
from game.systems.conquest.commands import SetChosenCard

if TYPE_CHECKING:
    from game.engine.match import Match


class SelectCard(System):
    """4.10.1: the named card becomes its seat's chosen card (secret until resolution)."""

    name = "choose_card"

    def process(self, match: Match) -> None:
        found = consume(match, ChooseCard)
        if found is None:
            return
        entity, _ = found
        SetChosenCard(entity, esper.component_for_entity(entity, Owner).seat).run(match)
