"""The hard level (spec kingdom.md 7.2-7.3): nine planning steps on the value function, and
the step-6 arrangement with its parking rule, which the expert reuses for its layouts.

Every step reads the position from the scratch match the plan is applied to, so coins, slots
and HP after each decision are what the rules make of it; the value context is re-read before
each step (7.2). Legality comes from the rules' own checks (`legal.*_problem`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from game.ai.kingdom.players import KingdomCpu, Plan
from game.ai.kingdom.value import (
    Context,
    best,
    candidates,
    context_of,
    hard_table,
    quality_bar,
    value,
)
from game.systems.kingdom.legal import sell_problem, upgrade_problem

if TYPE_CHECKING:
    from game.components.kingdom import Unit
    from game.systems.kingdom.content import Content
    from game.systems.kingdom.keywords import Keyword

K = TypeVar("K", bound=Hashable)


# -- step 6: the arrangement and the parking rule ----------------------------------------------
@dataclass(frozen=True, slots=True)
class Piece:
    """A unit to arrange: its card and its origin, (0, slot) for a unit on the board and
    (1, order) for one the expert plans to buy, so that on full ties of the sort key kept units
    come first (7.4.3), then by slot or offer order."""

    card: str
    origin: tuple[int, int]


def _role(keyword: Keyword) -> str:
    """A unit's part in the step-6 block, asked of its keyword: a Captain lends its
    neighbours modifiers (flanked by others), a Shielder saves them (at the block's ends)."""
    if keyword.lends:
        return "captain"
    return "guardian" if keyword.saves else "other"


def arrangement(content: Content, value_of: Callable[[str], int], pieces: Sequence[Piece],
                slot_count: int, enemy_slots: Sequence[Unit | None]) -> list[Piece | None]:
    """7.3 step 6: sort by (value desc, atk desc, name casefolded, slot); captains (aura)
    flanked by the next others, the remaining others, guardians alternately at the left and
    right ends;
    the block placed where it faces the most enemy units, then nearest the centre, then
    leftmost. Returns the target layout, one entry per slot."""
    cards = content.cards

    def key(p: Piece) -> tuple[int, int, str, tuple[int, int]]:
        card = cards[p.card]
        return (-value_of(p.card), -card.atk, card.name.casefold(), p.origin)

    ordered = sorted(pieces, key=key)
    effects = content.effects
    role = {p: _role(effects[cards[p.card].effect]) for p in ordered}
    captains = [p for p in ordered if role[p] == "captain"]
    guardians = [p for p in ordered if role[p] == "guardian"]
    others = [p for p in ordered if role[p] == "other"]
    block: list[Piece] = []
    nxt = 0
    for captain in captains:
        if nxt < len(others):
            block.append(others[nxt])
            nxt += 1
        block.append(captain)
        if nxt < len(others):
            block.append(others[nxt])
            nxt += 1
    block.extend(others[nxt:])
    for n, guardian in enumerate(guardians):
        if n % 2 == 0:
            block.insert(0, guardian)
        else:
            block.append(guardian)
    free = slot_count - len(block)
    if free < 0:
        raise ValueError(f"{len(block)} units do not fit in {slot_count} slots")
    enemy = [j < len(enemy_slots) and enemy_slots[j] is not None for j in range(slot_count)]

    def offset_key(k: int) -> tuple[int, int, int]:
        facing = sum(enemy[k:k + len(block)])
        return (-facing, abs(2 * k - free), k)  # |k - free/2| doubled: integers only

    k = min(range(free + 1), key=offset_key)
    layout: list[Piece | None] = [None] * slot_count
    layout[k:k + len(block)] = block
    return layout


def parking_moves(slots: Sequence[K | None], target: dict[K, int]) -> list[tuple[int, int]]:
    """7.3 step 6's parking rule: (from, to) moves that bring every unit of `slots` to its
    target slot, moving only into empty slots (a move never swaps). Repeat: the first misplaced
    unit (ascending slot) whose target is empty goes there; if none has, the first misplaced
    unit goes to the leftmost empty slot. Needs an empty slot whenever a unit is misplaced."""
    board = list(slots)
    moves: list[tuple[int, int]] = []
    while True:
        misplaced = [(s, u) for s, u in enumerate(board) if u is not None and target[u] != s]
        if not misplaced:
            return moves
        ready = [(s, u) for s, u in misplaced if board[target[u]] is None]
        if ready:
            s, u = ready[0]
            to = target[u]
        else:
            if None not in board:
                raise ValueError("the parking rule needs an empty slot")
            s, u = misplaced[0]
            to = board.index(None)
        board[s], board[to] = None, u
        moves.append((s, to))


# -- hard's steps ------------------------------------------------------------------------------
def context(plan: Plan) -> Context:
    """The value context as the position stands now (re-read before each step)."""
    return context_of(plan.turn, plan.seat, plan.enemy)


def empty_slots(plan: Plan) -> list[int]:
    return [i for i, unit in enumerate(plan.seat.slots) if unit is None]


def sell_tax_units(plan: Plan) -> None:
    """Sell every tax unit (its keyword drains coins at upkeep), slot ascending (steps 1
    and 8)."""
    content = plan.content
    for slot, unit in enumerate(plan.seat.slots):
        if (unit is not None and content.effects[content.cards[unit[0]].effect].drains
                and sell_problem(content, plan.seat, slot) is None):
            plan.do("sell", slot=slot)


def shed_late_tax(plan: Plan) -> None:
    """Step 1: from level `late_tax_level` on, tax units only drain."""
    if plan.seat.level >= hard_table(plan.content)["late_tax_level"]:
        sell_tax_units(plan)


def tempo_upgrade(plan: Plan) -> None:
    """Step 2: upgrade once if affordable and the board is nearly full or the level lags the
    turn (level < 1 + floor(turn / 3))."""
    seat = plan.seat
    if upgrade_problem(plan.content, seat) is None and (
            len(empty_slots(plan)) <= 1 or seat.level < 1 + plan.turn // 3):
        plan.do("upgrade")


def affordable(plan: Plan, budget: int | None = None) -> list[tuple[int | str, str]]:
    coins = plan.seat.coins if budget is None else budget
    cards = plan.content.cards
    return [c for c in candidates(plan.content, plan.seat) if cards[c[1]].cost <= coins]


def wants_refresh(plan: Plan) -> bool:
    """Step 3's condition: an empty slot, coins for the refresh plus the reserve, and no
    affordable candidate reaching the bar."""
    content, seat = plan.content, plan.seat
    if not empty_slots(plan):
        return False
    reserve = hard_table(content)["refresh_reserve"]
    if seat.coins < content.refresh_cost(len(seat.slots)) + reserve:
        return False
    ctx = context(plan)
    top = best(content, ctx, affordable(plan))
    return top is None or value(content, top[1], ctx) < quality_bar(content, seat.level)


def refresh_to_bar(cpu: KingdomCpu, plan: Plan) -> bool:
    """Step 3: refresh while it is wanted, at most `max_refreshes` times per phase. Returns True
    when the plan ends with a refresh (the rest waits for the view with the new offers)."""
    if cpu.refreshes < hard_table(plan.content)["max_refreshes"] and wants_refresh(plan):
        cpu.refreshes += 1
        plan.do("refresh")
        return True
    return False


def sell_underperformer(plan: Plan) -> None:
    """Step 4: on a full board, sell the weakest non-hero unit W if some candidate within
    coins + SELL_PRICE(W) is worth at least value(W) + sell_margin."""
    if empty_slots(plan):
        return
    content, seat = plan.content, plan.seat
    ctx = context(plan)
    units = [(value(content, unit[0], ctx), slot, unit[0]) for slot, unit in enumerate(seat.slots)
             if unit is not None and content.cards[unit[0]].kind != "hero"]
    if not units:
        return
    weakest, slot, card = min(units)
    margin = hard_table(content)["sell_margin"]
    budget = seat.coins + content.sell_price(card)
    if any(value(content, c, ctx) >= weakest + margin for _, c in affordable(plan, budget)):
        plan.do("sell", slot=slot)


def buy_loop(plan: Plan) -> None:
    """Step 5: buy the best affordable candidate into the leftmost empty slot while it is
    worth at least bar - buy_margin."""
    content = plan.content
    ctx = context(plan)
    margin = hard_table(content)["buy_margin"]
    while empty := empty_slots(plan):
        top = best(content, ctx, affordable(plan))
        if top is None or value(content, top[1], ctx) < quality_bar(content, plan.seat.level) - margin:
            return
        plan.do("buy", offer=top[0], slot=empty[0])


def reorganise(plan: Plan) -> None:
    """Step 6: the arrangement, reached with legal moves (only when a slot is empty)."""
    seat = plan.seat
    if not empty_slots(plan) or seat.slots.count(None) == len(seat.slots):  # none, or all
        return
    content = plan.content
    ctx = context(plan)
    pieces = [Piece(unit[0], (0, slot)) for slot, unit in enumerate(seat.slots) if unit is not None]
    layout = arrangement(content, lambda card: value(content, card, ctx), pieces,
                         len(seat.slots), plan.enemy.slots)
    target = {p.origin[1]: slot for slot, p in enumerate(layout) if p is not None}
    current = [slot if unit is not None else None for slot, unit in enumerate(seat.slots)]
    for source, to in parking_moves(current, target):
        plan.do("move", **{"from": source, "to": to})


def leftover_upgrade(plan: Plan) -> None:
    """Step 7: upgrade once more if still affordable."""
    if upgrade_problem(plan.content, plan.seat) is None:
        plan.do("upgrade")


def tax_discipline(plan: Plan) -> None:
    """Step 8: with coins left over, tax units would only eat them."""
    if plan.seat.coins > 0:
        sell_tax_units(plan)


class HardCpu(KingdomCpu):
    """7.3, steps 1-9 in order; steps 1-2 run once per phase, before the refresh loop."""

    def plan(self, plan: Plan) -> None:
        if not self.opened:
            self.opened = True
            shed_late_tax(plan)
            tempo_upgrade(plan)
        if refresh_to_bar(self, plan):
            return
        sell_underperformer(plan)
        buy_loop(plan)
        reorganise(plan)
        leftover_upgrade(plan)
        tax_discipline(plan)
        plan.do("end_turn")
