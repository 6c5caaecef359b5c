"""The end of a turn (spec kingdom.md 4.5.1, 4.6-4.8): the first planner passes planning to the
other seat (seat 0 first; in rules "2" the order alternates by turn); the second planner's
`end_turn` runs the combat, the end check, upkeep and the shop top-up, then opens the next turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.systems.kingdom.combat import SeatBoard, resolve_combat
from game.systems.kingdom.shop import top_up
from game.systems.kingdom.state import index, pack_log

if TYPE_CHECKING:
    from game.components.kingdom import KingdomSeat
    from game.engine.match import Match
    from game.systems.kingdom.content import Content


def first_planner(match: Match, turn: int) -> int:
    """Who plans first in `turn`: seat 0 in rules "1"; in rules "2" seat 0 in odd turns and
    seat 1 in even ones, so the seat that plans second, seeing the other's board, alternates
    (docs/kingdom.md "Fair seats")."""
    return 0 if match.rules.rules_version == "1" else (turn + 1) % 2


def end_turn(match: Match, seat_no: int) -> None:
    first = first_planner(match, match.state.turn)
    if seat_no == first:
        match.set_phase("planning", (1 - first,))
        return
    match.set_phase("combat", ())
    match.emit("phase_changed", phase="combat", turn=match.state.turn)
    run_combat(match)
    result = end_check(index(match).content, index(match).seats, match.state.turn)
    if result is not None:
        match.finish(result)
        match.emit("match_over", result=dict(result))
        return
    idx = index(match)
    for seat in idx.seats:
        upkeep(match, idx.content, seat)
    for seat in idx.seats:
        top_up(match, idx.content, seat)
    turn = match.state.turn + 1
    match.journal.set(match.state, turn=turn)
    match.set_phase("planning", (first_planner(match, turn),))
    match.emit("phase_changed", phase="planning", turn=turn)


def run_combat(match: Match) -> None:
    """4.6 on the live boards: apply the outcome, mark fallen heroes dead, store the log and
    emit its events for the scenes."""
    idx = index(match)
    j = match.journal
    seats = idx.seats
    outcome = resolve_combat(idx.content, [SeatBoard(s.slots, s.hp, s.max_hp) for s in seats])
    for seat in seats:
        fields: dict[str, Any] = {"slots": outcome.slots[seat.seat], "hp": outcome.hp[seat.seat]}
        if seat.hero is not None and seat.hero in outcome.dead_cards[seat.seat]:
            fields["hero_status"] = "dead"
        j.set(seat, **fields)
    j.set(idx.board, combat_log=pack_log(outcome.log))
    for event in outcome.log:
        match.emit(event["type"], **{k: v for k, v in event.items() if k != "type"})


def end_check(content: Content, seats: tuple[KingdomSeat, ...] | list[KingdomSeat],
              turn: int) -> dict[str, Any] | None:
    """4.7: the result after a combat, or None when the match goes on."""
    hp0, hp1 = seats[0].hp, seats[1].hp
    if hp0 <= 0 and hp1 <= 0:
        return {"winner": _higher(hp0, hp1), "reason": "both_destroyed"}
    if hp0 <= 0 or hp1 <= 0:
        return {"winner": 1 if hp0 <= 0 else 0, "reason": "nexus_destroyed"}
    if turn >= content.turn_cap:
        return {"winner": _higher(hp0, hp1), "reason": "round_cap"}
    return None


def _higher(hp0: int, hp1: int) -> int | None:
    return None if hp0 == hp1 else (0 if hp0 > hp1 else 1)


def upkeep_amounts(content: Content, seat: KingdomSeat) -> tuple[int, int, int]:
    """4.8: (tax paid, base income, income units) for the seat's board as it stands."""
    cards = content.cards
    effects = [cards[u[0]].effect for u in seat.slots if u is not None]
    tax = min(seat.coins, effects.count("tax"))
    return tax, content.income(seat.level), effects.count("income")


def upkeep(match: Match, content: Content, seat: KingdomSeat) -> None:
    tax, base, income = upkeep_amounts(content, seat)
    coins = seat.coins - tax + base + income
    match.journal.set(seat, coins=coins)
    match.emit("upkeep", seat=seat.seat, tax=tax, base=base, income=income, coins=coins)
