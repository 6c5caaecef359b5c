"""The end of a turn (spec kingdom.md 4.6-4.8) as the systems of the `combat`, `end_check`,
`turn_start`, `shop_top_up` and `next_turn` steps: the combat, the end check, upkeep (tax,
base income, income: the `turn_start` keywords), the shop top-up, and the next turn's planning.

The turn's first planner is seat 0 in rules "1"; in rules "2" it alternates by turn
(`first_planner`, docs/kingdom.md "Fair seats").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import esper

from game.components.common import CardRef, Ident
from game.components.kingdom import GuardianCharge
from game.engine import ecs
from game.engine.commands import update
from game.engine.schedule import System
from game.systems.kingdom import world
from game.systems.kingdom.combat import SeatBoard, resolve_combat
from game.systems.kingdom.commands import Fall, PayUpkeep, StockShop, StoreCombatLog
from game.systems.kingdom.keywords import TURN_START, Tally
from game.systems.kingdom.shop import seat_draw

if TYPE_CHECKING:
    from game.components.kingdom import Unit
    from game.engine.match import Match
    from game.systems.kingdom.content import Content


def first_planner(match: Match, turn: int) -> int:
    """Who plans first in `turn`: seat 0 in rules "1"; in rules "2" seat 0 in odd turns and
    seat 1 in even ones, so the seat that plans second, seeing the other's board, alternates
    (docs/kingdom.md "Fair seats")."""
    return 0 if match.rules.rules_version == "1" else (turn + 1) % 2


def end_check(content: Content, hp0: int, hp1: int, turn: int) -> dict[str, Any] | None:
    """4.7: the result after a combat, or None when the match goes on."""
    if hp0 <= 0 and hp1 <= 0:
        return {"winner": _higher(hp0, hp1), "reason": "both_destroyed"}
    if hp0 <= 0 or hp1 <= 0:
        return {"winner": 1 if hp0 <= 0 else 0, "reason": "nexus_destroyed"}
    if turn >= content.turn_cap:
        return {"winner": _higher(hp0, hp1), "reason": "round_cap"}
    return None


def _higher(hp0: int, hp1: int) -> int | None:
    return None if hp0 == hp1 else (0 if hp0 > hp1 else 1)


def upkeep_tally(content: Content, cards: Iterable[str]) -> Tally:
    """The `turn_start` keywords of these units, summed (tax due, income units' coins)."""
    tally = Tally()
    effects, card_of = content.effects, content.cards
    for card in cards:
        keyword = effects[card_of[card].effect]
        for trigger in keyword.at(TURN_START):
            trigger.run(None, card, tally, keyword)
    return tally


def upkeep_amounts(content: Content, level: int, coins: int, cards: Iterable[str]
                   ) -> tuple[int, int, int]:
    """4.8: (tax paid, base income, income units) of a seat with these units on its board:
    tax first on the carried balance (never below 0), then min(level, cap), then income."""
    tally = upkeep_tally(content, cards)
    return min(coins, tally.tax), content.income(level), tally.income


class Combat(System):
    """4.6, the one combat system: each unit's card, uid and guardian charges (refilled,
    4.6.1 step 3) are read into the pure resolver (game.systems.kingdom.combat), whose
    outcome is applied through commands: the fallen, both Nexus HPs, the charges left, and
    the log on the board (which tells its events)."""

    name = "combat"

    def process(self, match: Match) -> None:
        content = world.content(match)
        full = content.guardian_charges
        seats = (world.seat_row(match, 0), world.seat_row(match, 1))
        parts = ecs.components_of
        boards = []
        for row in seats:
            units = row.slots.units
            slots: list[Unit | None] = []
            charges = []
            for unit in units:
                if not unit:
                    slots.append(None)
                    charges.append(0)
                    continue
                components = parts(unit)
                slots.append((components[CardRef].definition, components[Ident].id))
                charge = components.get(GuardianCharge)
                if charge is None:
                    charges.append(0)
                    continue
                if charge.charges != full:  # 4.6.1 step 3
                    update(charge, charges=full).target(unit).run(match)
                charges.append(full)
            boards.append(SeatBoard(tuple(slots), row.health.hp, row.health.max_hp,
                                    tuple(charges), units))
        outcome = resolve_combat(content, boards)
        for fallen in outcome.fallen:
            Fall(fallen.cause).target(fallen.fighter.ref).run(match)
        for seat, row in enumerate(seats):
            if row.health.hp != outcome.hp[seat]:
                update(row.health, hp=outcome.hp[seat]).target(row.entity).run(match)
        for fighter in outcome.fighters:
            if fighter.alive and fighter.keyword.saves and fighter.charge != full:
                charge = esper.component_for_entity(fighter.ref, GuardianCharge)
                update(charge, charges=fighter.charge).target(fighter.ref).run(match)
        StoreCombatLog(outcome.log).target(world.board(match).entity).run(match)
        match.goto("end_check")


class EndCheck(System):
    """4.7: a Nexus at 0 or below, or the turn cap, ends the match; otherwise upkeep."""

    name = "end_check"

    def process(self, match: Match) -> None:
        hp0 = world.seat_row(match, 0).health.hp
        hp1 = world.seat_row(match, 1).health.hp
        result = end_check(world.content(match), hp0, hp1, match.state.turn)
        if result is not None:
            match.finish(result)
            match.emit("match_over", result=dict(result))
            return
        match.goto("turn_start")


class Upkeep(System):
    """4.8, seat 0 then seat 1: tax units first on the carried balance (never below 0), base
    income min(level, cap), then income units (the `turn_start` keywords of the survivors)."""

    name = "upkeep"

    def process(self, match: Match) -> None:
        content = world.content(match)
        for seat in (0, 1):
            row = world.seat_row(match, seat)
            cards = [world.card_of(unit) for unit in row.slots.units if unit]
            tax, base, income = upkeep_amounts(content, row.nexus.level, row.coins.coins,
                                               cards)
            PayUpkeep(tax, base, income).target(row.entity).run(match)
        match.goto("shop_top_up")


class TopUp(System):
    """4.4.3, seat 0 then seat 1: the shop grows to SHOP_SIZE (never shrinks) and every empty
    position gets a draw, in index order."""

    name = "shop_top_up"

    def process(self, match: Match) -> None:
        content = world.content(match)
        for seat in (0, 1):
            row = world.seat_row(match, seat)
            offers = row.shop.offers
            size = max(len(offers), content.shop_size(len(row.slots.units)))
            empty = [i for i in range(size) if i >= len(offers) or not offers[i]]
            if empty:  # a full shop of the right size stays as it is (and says nothing)
                StockShop(size, empty, seat_draw(match, seat), "top_up").target(
                    row.entity).run(match)
        match.goto("next_turn")


class NextTurn(System):
    """4.7 rule 4: turn + 1, the turn's first planner to act."""

    name = "next_turn"

    def process(self, match: Match) -> None:
        turn = match.state.turn + 1
        match.journal.set_field(match.state, "turn", turn)
        match.set_phase("planning", (first_planner(match, turn),))
        match.emit("phase_changed", phase="planning", turn=turn)
