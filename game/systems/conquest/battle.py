"""The battle sequence (spec conquest.md 4.7, 4.8, 4.9, 4.13): battle detection, the battle
list, starting a battle, reinforcement eligibility and picks, new battles after a retreat and
the end of a sequence.

Battles are fought one at a time, lowest-numbered `pending` first. Starting battle k marks its
main armies `fought` and asks for reinforcements only from the seats that have an eligible
unit (a seat with none is not asked); with none at all the battle goes straight to Choose
Cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.components.common import Owner
from game.components.conquest import Fought, PickUnits, Reinforced
from game.engine.commands import consume
from game.engine.schedule import System
from game.systems.conquest import world
from game.systems.conquest.commands import (
    AddBattles,
    CommitPicks,
    EndSequence,
    SetPicks,
    StartBattle,
)

if TYPE_CHECKING:
    from game.engine.match import Match


# -- detection (4.7.1) -----------------------------------------------------------------------
def battle_sites(match: Match, exclude: set[str], *, reverse: bool = False) -> list[str]:
    """Battle sites in scan order (reversed: `reverse`), skipping `exclude` (the sites of
    pending battles): a tile holding both seats (not a base), or a base holding any
    non-owner unit."""
    the_map = world.the_map(match)
    seats: dict[str, int] = {}  # tile -> the seats on it, one bit each (no set per tile)
    for u in world.units(match):
        tile = u.pos.tile
        if tile is not None:
            seats[tile] = seats.get(tile, 0) | (1 << u.owner.seat)
    found = []
    for tile in (reversed(the_map.land) if reverse else the_map.land):
        here = seats.get(tile, 0)
        if not here or tile in exclude:
            continue
        owner = the_map.base_owner(tile)
        if (here == 3) if owner is None else (here & (1 << (1 - owner))):
            found.append(tile)
    return found


def reversed_round(match: Match) -> bool:
    """Rules "2": even rounds fight their battles in reverse scan order, so neither seat's
    side of the map always comes first (docs/conquest.md "Fair seats")."""
    return match.rules.rules_version != "1" and world.round_of(match) % 2 == 0


class DetectBattles(System):
    """4.7.1-4.7.2: the sites after movement become pending battles numbered in scan order;
    with none the sequence ends at once."""

    name = "detect_battles"

    def process(self, match: Match) -> None:
        sites = battle_sites(match, set(), reverse=reversed_round(match))
        if not sites:
            match.goto("sequence_end")
            return
        AddBattles(sites, new=False).run(match)
        match.goto("next_battle")


class DetectNewBattles(System):
    """4.13.1-4.13.2: after a retreat step, tiles that now hold both seats (and are not
    pending sites) join the list; then the next battle."""

    name = "detect_new_battles"

    def process(self, match: Match) -> None:
        sites = battle_sites(match, world.pending_sites(match),
                             reverse=reversed_round(match))
        if sites:
            AddBattles(sites, new=True).run(match)
        match.goto("next_battle")


# -- starting a battle (4.8) ------------------------------------------------------------------
def eligible_units(match: Match, site: str) -> tuple[list[world.Unit], list[world.Unit]]:
    """4.8.4: units on a land neighbour of the site that is not an open battle site, and that
    neither fought nor reinforced earlier in this sequence; canonical order per seat."""
    near = set(world.the_map(match).neighbours[site]) - world.open_sites(match)
    holds = world.holds
    found: tuple[list[world.Unit], list[world.Unit]] = ([], [])
    for u in world.units(match):
        if u.pos.tile in near and not holds(u.entity, Fought) and not holds(u.entity,
                                                                            Reinforced):
            found[u.owner.seat].append(u)
    return found


def eligible_ids(match: Match) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The `eligible` lists of 6.2: during `reinforcements`, per seat; else empty."""
    if match.state.phase != "reinforcements":
        return ((), ())
    found = eligible_units(match, world.current_site(match))
    return (world.ids(found[0]), world.ids(found[1]))


class NextBattle(System):
    """4.13.3, 4.8: the lowest-numbered pending battle starts (its main armies have fought;
    only seats with an eligible unit are asked for reinforcements), else the sequence ends."""

    name = "next_battle"

    def process(self, match: Match) -> None:
        pending = [b.battle.number for b in world.battles(match) if b.battle.state == "pending"]
        if not pending:
            match.goto("sequence_end")
            return
        start = StartBattle(min(pending)).run(match)
        eligible = eligible_units(match, start.tile)
        if eligible[0] or eligible[1]:
            match.set_phase("reinforcements", tuple(s for s in (0, 1) if eligible[s]))
        else:
            match.set_phase("cards", (0, 1))


# -- reinforcements (4.9) ---------------------------------------------------------------------
class PickReinforcements(System):
    """4.9.1: the seat's picks become exactly the named units (secret until the phase ends)."""

    name = "pick_reinforcements"

    def process(self, match: Match) -> None:
        found = consume(match, PickUnits)
        if found is None:
            return
        entity, intent = found
        SetPicks(esper.component_for_entity(entity, Owner).seat, intent.units).run(match)


class CommitReinforcements(System):
    """4.9.3: picks are flagged `reinforced`, stay visible, and Choose Cards begins."""

    name = "commit_reinforcements"

    def process(self, match: Match) -> None:
        CommitPicks().run(match)
        match.set_phase("cards", (0, 1))


# -- the end of a sequence (4.13.4) -------------------------------------------------------------
class SequenceEnd(System):
    """Flags cleared, the list emptied (then the round cap and the next round)."""

    name = "end_sequence"

    def process(self, match: Match) -> None:
        EndSequence().run(match)


class NextRound(System):
    """The next movement round, unless the match ended (`on_enter:movement` counts it, also
    after a round without a battle: the phase starts again)."""

    name = "next_round"

    def process(self, match: Match) -> None:
        if match.state.result is None:
            match.set_phase("movement", (0, 1), again=True)
