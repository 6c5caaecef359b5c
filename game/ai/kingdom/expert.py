"""The expert level (spec kingdom.md 7.4): hard's shed-tax and refresh steps, then a beam
search over buy/sell/upgrade plans, each scored by one exact combat, then a swap hill-climb on
the arrangement of the best few plans.

Every layout is scored as 7.4.4 says, in the CPU's scratch match loaded from the seat view: the
plan's decisions and the end of the turn are submitted to it with the real rules (the combat
system and the end check; the match's `horizon` stops it before the upkeep, since 7.4.4
projects the coins by its own formula, the rules' `upkeep_amounts`, and nothing after the
combat is read), the outcome is read, and the match rolls back to its mark through the
journal (docs/architecture.md). The plan's decisions are legal by construction (the plan
states only buy what is affordable into the room there is, the parking rule moves only into
empty slots), so the scorer submits them trusted: the rules resolve their intents without
checking them again. The plan finally chosen is planned with the checks (`Plan.do`). The
search is bounded by state counts only, never by the clock, so a seed always gives the same
match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.ai.kingdom.hard import (
    HardCpu,
    Piece,
    arrangement,
    parking_moves,
    refresh_to_bar,
    shed_late_tax,
)
from game.ai.kingdom.players import Plan
from game.ai.kingdom.value import Values, context_of
from game.systems.kingdom import world
from game.systems.kingdom.legal import HERO
from game.systems.kingdom.turn import end_check, upkeep_amounts

# The steps a score does not run: the upkeep and all after it (top-up, next turn).
SCORE_HORIZON = frozenset({"turn_start"})

if TYPE_CHECKING:
    from game.components.kingdom import Unit
    from game.engine.match import Match
    from game.systems.kingdom.content import Content

Offer = int | str
Layout = tuple[Piece | None, ...]
KEPT, BOUGHT = 0, 1


@dataclass(frozen=True, slots=True)
class PlanState:
    """7.4.2: coins, level, the kept units (their slots now) and the bought offers."""

    coins: int
    level: int
    kept: frozenset[int]
    bought: frozenset[Offer]

    @property
    def key(self) -> tuple[int, int, frozenset[int], frozenset[Offer]]:
        return (self.coins, self.level, self.kept, self.bought)


@dataclass(frozen=True, slots=True)
class Root:
    """The position the search starts from, read once (after steps 1 and 3)."""

    me: int
    turn: int
    coins: int
    level: int
    hp: int
    max_hp: int
    slots: tuple[Unit | None, ...]
    shop: tuple[str | None, ...]
    hero: str | None
    hero_in_hand: bool
    # The opponent as it stands now, copied: the scratch scorer's combats change the seat
    # component itself until they roll back.
    enemy_slots: tuple[Unit | None, ...]
    enemy_hp: int
    enemy_max_hp: int

    @property
    def units(self) -> list[int]:
        return [s for s, unit in enumerate(self.slots) if unit is not None]

    @property
    def full(self) -> bool:
        return all(unit is not None for unit in self.slots)

    def card_of(self, offer: Offer) -> str:
        card = self.hero if offer == HERO else self.shop[offer]  # type: ignore[index]
        assert card is not None
        return card


def read_root(plan: Plan) -> Root:
    match, seat, enemy = plan.match, plan.seat, plan.enemy
    return Root(plan.me, match.turn, seat.coins, seat.level, seat.hp, seat.max_hp, seat.slots,
                seat.shop, seat.hero, seat.hero_status == "in_hand", enemy.slots, enemy.hp,
                enemy.max_hp)


# -- plan states -----------------------------------------------------------------------------
def children(content: Content, root: Root, state: PlanState) -> list[PlanState]:
    """7.4.2's children in generation order: buy offer k (ascending), buy the hero, sell a kept
    non-hero unit (slot ascending), upgrade."""
    cards = content.cards
    out: list[PlanState] = []
    room = len(state.kept) + len(state.bought) < content.slot_count(state.level)
    if room:
        for k, card in enumerate(root.shop):
            if card is not None and k not in state.bought and cards[card].cost <= state.coins:
                out.append(PlanState(state.coins - cards[card].cost, state.level, state.kept,
                                     state.bought | {k}))
        hero = root.hero
        if (hero is not None and root.hero_in_hand and HERO not in state.bought
                and state.level >= cards[hero].era and cards[hero].cost <= state.coins):
            out.append(PlanState(state.coins - cards[hero].cost, state.level, state.kept,
                                 state.bought | {HERO}))
    for slot in sorted(state.kept):
        card = root.slots[slot][0]  # type: ignore[index]
        if cards[card].kind != "hero":
            out.append(PlanState(state.coins + content.sell_price(card), state.level,
                                 state.kept - {slot}, state.bought))
    if state.level < content.max_level and state.coins >= content.upgrade_cost(state.level):
        out.append(PlanState(state.coins - content.upgrade_cost(state.level), state.level + 1,
                             state.kept, state.bought))
    return out


def is_fixed(root: Root, state: PlanState) -> bool:
    """7.4.3: a full board that sells, buys and upgrades nothing cannot move at all."""
    return (root.full and state.level == root.level and not state.bought
            and len(state.kept) == len(root.units))


def offer_order(root: Root, offer: Offer) -> int:
    """Bought units' tie order: offers by index, then the hero."""
    return len(root.shop) if offer == HERO else int(offer)  # type: ignore[arg-type]


def layout_of(content: Content, values: Values, root: Root, state: PlanState) -> Layout:
    """7.4.3: the current board when fixed, else hard's step-6 arrangement of kept + bought
    units over level + 4 slots."""
    if is_fixed(root, state):
        return tuple(None if unit is None else Piece(unit[0], (KEPT, s))
                     for s, unit in enumerate(root.slots))
    pieces = [Piece(root.slots[s][0], (KEPT, s)) for s in sorted(state.kept)]  # type: ignore[index]
    pieces += [Piece(root.card_of(o), (BOUGHT, offer_order(root, o))) for o in state.bought]
    return tuple(arrangement(content, values, pieces, content.slot_count(state.level),
                             root.enemy_slots))


def plan_decisions(root: Root, state: PlanState, layout: Layout) -> list[dict[str, Any]]:
    """7.4.7 without the final end_turn: sells (slot ascending), upgrades, moves of kept units
    by the parking rule, buys into their target slots (slots ascending)."""
    me = root.me
    out: list[dict[str, Any]] = []
    if is_fixed(root, state):
        return out
    for slot in root.units:
        if slot not in state.kept:
            out.append({"seat": me, "type": "sell", "slot": slot})
    upgrades = state.level - root.level
    out.extend({"seat": me, "type": "upgrade"} for _ in range(upgrades))
    current: list[int | None] = [s if s in state.kept else None for s in range(len(root.slots))]
    current += [None] * upgrades
    target = {p.origin[1]: t for t, p in enumerate(layout) if p is not None and p.origin[0] == KEPT}
    for source, to in parking_moves(current, target):
        out.append({"seat": me, "type": "move", "from": source, "to": to})
    by_order = {offer_order(root, o): o for o in state.bought}
    for slot, piece in enumerate(layout):
        if piece is not None and piece.origin[0] == BOUGHT:
            out.append({"seat": me, "type": "buy", "offer": by_order[piece.origin[1]], "slot": slot})
    return out


# -- scoring ---------------------------------------------------------------------------------
class Scorer:
    """7.4.4: one layout scored by one combat in the scratch match. Mark it, submit the plan's
    decisions (sells, upgrades, moves, buys), this seat's `end_turn` (and seat 1's, with nothing
    planned, when this seat is seat 0), read both HPs and both surviving lines, roll back."""

    def __init__(self, content: Content, values: Values, root: Root, match: Match) -> None:
        self.content = content
        self.values = values
        self.root = root
        self.match = match
        self.table = content.ai["expert"]

    def __call__(self, state: PlanState, layout: Layout) -> int:
        match = self.match
        with match.active():
            return self._score(match, state, layout)

    def _score(self, match: Match, state: PlanState, layout: Layout) -> int:
        me = self.root.me
        mark = match.mark()
        match.horizon = SCORE_HORIZON
        try:
            for decision in plan_decisions(self.root, state, layout):
                match.submit(decision, trusted=True)
            match.submit({"seat": me, "type": "end_turn"}, trusted=True)
            if match.state.to_act == (1 - me,):  # the other seat still plans: nothing, here
                match.submit({"seat": 1 - me, "type": "end_turn"}, trusted=True)
            own, enemy = world.seat_row(match, me), world.seat_row(match, 1 - me)
            lines = ((world.slot_units(own), world.slot_units(enemy)) if me == 0
                     else (world.slot_units(enemy), world.slot_units(own)))
            return self.score(state, own.health.hp, enemy.health.hp, lines,
                              self.projected(state, lines[me]))
        finally:
            match.horizon = frozenset()
            match.rollback(mark)

    def score(self, state: PlanState, h: int, o: int,
              survivors: tuple[tuple[Unit | None, ...], tuple[Unit | None, ...]],
              projected: int) -> int:
        """The formula of 7.4.4 once both HPs and both surviving lines are known: a combat
        that ends the match by a Nexus (4.7 rules 1-2) is worth +-win + (h - o) or 0 for a
        draw; otherwise HP swing, material, projected coins and level, weighted."""
        root, t, me = self.root, self.table, self.root.me
        hp = (h, o) if me == 0 else (o, h)
        result = end_check(self.content, hp[0], hp[1], root.turn)
        if result is not None and result["reason"] != "round_cap":
            winner = result["winner"]
            if winner is None:
                return 0
            return (t["win"] if winner == me else -t["win"]) + (h - o)
        values = self.values
        material = (sum(values(u[0]) for u in survivors[me] if u is not None)
                    - sum(values(u[0]) for u in survivors[1 - me] if u is not None))
        return (t["w_hp"] * ((h - root.hp) - (o - root.enemy_hp)) + t["w_material"] * material
                + t["w_coins"] * projected + t["w_level"] * state.level)

    def projected(self, state: PlanState, slots: tuple[Unit | None, ...]) -> int:
        """Coins after an upkeep on the surviving line (4.8), by the rules' own helper."""
        tax, base, income = upkeep_amounts(self.content, state.level, state.coins,
                                           [u[0] for u in slots if u is not None])
        return state.coins - tax + base + income


# -- the search ------------------------------------------------------------------------------
@dataclass(slots=True)
class Scored:
    state: PlanState
    layout: Layout
    score: int


class Search:
    """7.4.5 beam search and 7.4.6 polish, bounded by state counts only."""

    def __init__(self, content: Content, root: Root, values: Values,
                 scorer: Callable[[PlanState, Layout], int]) -> None:
        self.content = content
        self.root = root
        self.values = values
        self.scorer = scorer
        self.table = content.ai["expert"]
        self.scored = 0
        self.polish_scored = 0

    def evaluate(self, state: PlanState) -> Scored:
        layout = layout_of(self.content, self.values, self.root, state)
        self.scored += 1
        return Scored(state, layout, self.scorer(state, layout))

    def beam(self) -> tuple[Scored, list[list[Scored]]]:
        t = self.table
        root = self.root
        start = PlanState(root.coins, root.level, frozenset(root.units), frozenset())
        first = self.evaluate(start)
        best = first
        seen = {start.key}
        beams = [[first]]
        beam = [first]
        for _depth in range(t["max_depth"]):
            fresh: list[Scored] = []
            exhausted = False
            for parent in beam:
                for child in children(self.content, root, parent.state):
                    if child.key in seen:
                        continue
                    if self.scored >= t["max_scored"]:
                        exhausted = True
                        break
                    seen.add(child.key)
                    scored = self.evaluate(child)
                    fresh.append(scored)
                    if scored.score > best.score:
                        best = scored
                if exhausted:
                    break
            if not fresh:
                break
            beam = sorted(fresh, key=lambda s: -s.score)[:t["beam_width"]]  # stable
            beams.append(beam)
            if exhausted:
                break
        return best, beams

    def polish(self, best: Scored, beams: list[list[Scored]]) -> Scored:
        t = self.table
        pool: list[Scored] = []
        keys: set[Any] = set()
        for cand in [best] + [s for beam in beams for s in beam[:t["polish_states"]]]:
            if cand.state.key not in keys:
                keys.add(cand.state.key)
                pool.append(cand)
        pool = sorted(pool, key=lambda s: -s.score)[:t["polish_states"]]
        budget = t["polish_max_scored"]
        chosen: Scored | None = None
        for cand in pool:
            layout, score = list(cand.layout), cand.score
            if not is_fixed(self.root, cand.state):
                for _pass in range(t["polish_passes"]):
                    improved = False
                    for i in range(len(layout)):
                        for j in range(i + 1, len(layout)):
                            if layout[i] is None and layout[j] is None:
                                continue
                            if self.polish_scored >= budget:
                                break
                            layout[i], layout[j] = layout[j], layout[i]
                            self.polish_scored += 1
                            trial = self.scorer(cand.state, tuple(layout))
                            if trial > score:
                                score, improved = trial, True
                            else:
                                layout[i], layout[j] = layout[j], layout[i]
                    if not improved:
                        break
            polished = Scored(cand.state, tuple(layout), score)
            if chosen is None or polished.score > chosen.score:
                chosen = polished
        assert chosen is not None
        return chosen

    def run(self) -> Scored:
        best, beams = self.beam()
        return self.polish(best, beams)


class ExpertCpu(HardCpu):
    """7.4: steps 1 and 3 of hard, then the search, then its plan executed (7.4.7)."""

    def plan(self, plan: Plan) -> None:
        if not self.opened:
            self.opened = True
            shed_late_tax(plan)
        if refresh_to_bar(self, plan):
            return
        chosen, root = search(plan)
        for decision in plan_decisions(root, chosen.state, chosen.layout):
            fields = {k: v for k, v in decision.items() if k not in ("seat", "type")}
            plan.do(decision["type"], **fields)
        plan.do("end_turn")


def search(plan: Plan) -> tuple[Scored, Root]:
    """The search from the plan's scratch match as it stands (its root), with the value
    context read once at the start (7.4.4). The match is back at the root afterwards."""
    root = read_root(plan)
    values = Values(plan.content, context_of(root.turn, plan.seat, plan.enemy))
    scorer = Scorer(plan.content, values, root, plan.match)
    return Search(plan.content, root, values, scorer).run(), root
