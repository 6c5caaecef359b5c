"""The hard CPU (spec 7.4): expectimax over its own action and the `normal` reply.

Draft and placement are `normal`'s. In combat every legal decision `a` (canonical order) is
played in a scratch match built from the seat view (docs/architecture.md): mark, force the roll
through the scratch match's `board.rolls` (a strike branches into every roll, equally likely),
submit, let the `normal` CPU reply for the opponent (its strikes branch the same way), score
each leaf with `V`, roll back. `Q(a)` is kept exactly as the integer `k² × Q` (k rolls).
Ties: the smaller `approach(a)`, then the earlier decision.
"""

from __future__ import annotations

import time
from typing import Any

from game.ai.budgets import STRIKE_HARD_MS
from game.ai.strike.combat import advanced_cpu_turn
from game.ai.strike.players import StrikeCpu
from game.ai.strike.position import Position, Unit, parse_position
from game.ai.strike.score import cheb
from game.ai.strike.scratch import scratch_match  # noqa: F401  (tests build one-off matches)
from game.ai.strike.tables import Tables
from game.engine.match import Match, Rejection
from game.engine.rng import Stream
from game.systems.strike import world

Decision = dict[str, Any]
Tile = tuple[int, int]

BUDGET_MS = STRIKE_HARD_MS  # spec 7.5: hard's time per decision (p95); live play cuts there


def force_roll(match: Match, roll: int) -> None:
    """Queue `roll` first in the scratch match's `board.rolls` (spec 4.12), journaled so the
    rollback takes it back."""
    rolls = world.board(match).rolls
    match.journal.set(rolls, rolls=(roll, *rolls.rolls))


def _status_effects(match: Match, entity: int) -> tuple[frozenset[str], int]:
    """(the actions the hero's statuses block, the HP they will still add or take), asked of
    the rules' status kinds: what `parse_position` reads off a view."""
    blocked: set[str] = set()
    forecast = 0
    for kind, status in world.statuses_of(match, entity):
        blocked |= kind.blocks
        forecast += kind.hp_forecast(status.turns, status.value)
    return frozenset(blocked), forecast


def match_position(match: Match, seat: int, tables: Tables) -> Position:
    """The scratch match's position as the CPU's algorithms read it (no JSON round trip)."""
    cards = tables.cards
    units = []
    occupied = set()
    for h in world.heroes(match):
        tile = world.tile_of(h.entity)
        blocked, forecast = _status_effects(match, h.entity)
        health = h.health
        units.append(Unit(h.ident.id, h.owner.seat, h.slot.slot, cards[h.card.definition],
                          tile, health.hp, health.max_hp, h.cooldowns.remaining, blocked,
                          forecast))
        if tile is not None and health.hp > 0:
            occupied.add(tile)
    grid = world.board(match).grid
    return Position(grid.cols, grid.rows, seat, units, occupied)


def evaluate(match: Match, seat: int, tables: Tables) -> int:
    """`V(s)` of 7.4 from `seat`'s side: terminal values, else Σ own w(u) − Σ other w(u),
    w(u) = hp + alive_bonus + the HP its statuses will still add or take (− burn.turns ×
    burn.value + regen.turns × regen.value in the base game: each kind's tick effect says)."""
    result = match.result
    if result is not None:
        winner = result.get("winner")
        if winner is None:
            return 0
        return tables.win_value if winner == seat else -tables.win_value
    bonus = tables.alive_bonus
    total = 0
    for h in world.heroes(match):
        hp = h.health.hp
        if hp <= 0:
            continue
        w = hp + bonus
        for kind, status in world.statuses_of(match, h.entity):
            w += kind.hp_forecast(status.turns, status.value)
        total += w if h.owner.seat == seat else -w
    return total


def approach(position: Position, decision: Decision) -> int:
    """Σ over own living units of the Chebyshev distance to the nearest living opponent, the
    moving unit (for a move) on its destination."""
    seat = position.seat
    enemies = [u.pos for u in position.living(1 - seat)]
    if not enemies:
        return 0
    moved = decision.get("unit") if decision["type"] == "move" else None
    total = 0
    for unit in position.living(seat):
        pos: Tile = unit.pos  # type: ignore[assignment]
        if unit.id == moved:
            pos = (decision["to"][0], decision["to"][1])
        total += min(cheb(pos, e) for e in enemies)  # type: ignore[arg-type]
    return total


class HardCpu(StrikeCpu):
    """7.4: expectimax in a scratch match; draft and placement as `normal`."""

    def __init__(self, level: str, seat: int, stream: Stream, resources: Any, *,
                 budget_ms: float | None = None) -> None:
        super().__init__(level, seat, stream, resources)
        self.budget_ms = budget_ms  # None: search every candidate (simulate, bench, tests)
        self.rolls = tuple(range(self.tables.roll_min, self.tables.roll_max + 1))

    def combat(self, view: dict[str, Any]) -> Decision:
        match = self.scratch.load(view)
        with match.active():
            return self.search(match, parse_position(view, self.tables, self.seat))

    def search(self, match: Match, position: Position) -> Decision:
        """The decision with the largest Q (ties: smaller approach, then earlier in L).

        With a budget (live play), the search stops after the candidate that runs past it:
        so that a cut search still weighs the best candidates, they are searched in the order
        of `search_order` (the `normal` CPU's own choice first, then attacks on an enemy,
        then the rest), while the tie-break stays the canonical order of L. Without a budget
        every candidate is searched and the order changes nothing."""
        legal = match.legal_decisions(self.seat)
        if len(legal) <= 1:
            return legal[0] if legal else {"seat": self.seat, "type": "pass"}
        start = time.perf_counter()
        best: tuple[int, int, int] | None = None
        chosen = legal[0]
        for index in self.search_order(position, legal):
            decision = legal[index]
            key = (self.q_value(match, decision), -approach(position, decision), -index)
            if best is None or key > best:
                best, chosen = key, decision
            if (self.budget_ms is not None
                    and (time.perf_counter() - start) * 1000 >= self.budget_ms):
                break
        return chosen

    def search_order(self, position: Position, legal: list[Decision]) -> list[int]:
        """Indices of L in the order a budget-cut search takes them (see `search`)."""
        if self.budget_ms is None:
            return list(range(len(legal)))
        normal = advanced_cpu_turn(position, self.tables)
        first = [i for i, d in enumerate(legal) if d == normal][:1]
        attacks = [i for i, d in enumerate(legal) if "target" in d and i not in first]
        rest = [i for i, d in enumerate(legal) if "target" not in d and i not in first]
        return first + attacks + rest

    def outcomes(self, match: Match, decision: Decision) -> tuple[int | None, ...]:
        """The forced rolls a decision branches into: every roll for a strike, else none."""
        if decision["type"] != "attack":
            return (None,)
        unit = world.hero(match, decision["unit"])
        assert unit is not None
        attack = self.tables.cards[unit.card.definition].attacks[decision["attack"]]
        return self.rolls if attack.rolls else (None,)

    def play(self, match: Match, decision: Decision, roll: int | None, *,
             legal: bool = False) -> None:
        """Submit `decision` (with `roll` forced). `legal`: it is known to pass the checks
        at this position, so they are skipped: the candidates come from the match's own legal
        list, and the reply is checked at its first roll only (a forced roll changes
        `board.rolls` alone, which no check reads)."""
        if roll is not None:
            force_roll(match, roll)
        outcome = match.submit(decision, trusted=legal)
        if isinstance(outcome, Rejection):  # a bug in the search: fail loudly
            raise RuntimeError(f"hard CPU search submitted {decision}: {outcome.error}")

    def q_value(self, match: Match, decision: Decision) -> int:
        """k² × Q(a): Σ over a's outcomes (weight k / n_a) of Σ over the reply's outcomes
        (weight k / n_r) of V."""
        k = len(self.rolls)
        tables, seat = self.tables, self.seat
        outcomes = self.outcomes(match, decision)
        weight = k // len(outcomes)
        total = 0
        for roll in outcomes:
            mark = match.mark()
            try:
                self.play(match, decision, roll, legal=True)
                if match.result is not None:
                    total += weight * k * evaluate(match, seat, tables)
                    continue
                other = match.to_act[0]
                reply = advanced_cpu_turn(match_position(match, other, tables), tables)
                replies = self.outcomes(match, reply)
                reply_weight = k // len(replies)
                for n, reply_roll in enumerate(replies):
                    inner = match.mark()
                    try:
                        self.play(match, reply, reply_roll, legal=n > 0)
                        total += weight * reply_weight * evaluate(match, seat, tables)
                    finally:
                        match.rollback(inner)
            finally:
                match.rollback(mark)
        return total
