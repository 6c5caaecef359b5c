"""The Card Crawl solver (issue 13 item 4, docs/crawl.md "Solver and par"): the best score a
run can reach when the whole deck is known.

It plays the real rules on the real match of a record (every draw of the `dungeon` stream
included): it submits legal decisions and rolls them back with the match journal
(`mark`/`rollback`), exactly as the hard CPU does on its scratch matches. Knowing every draw is
what makes it "perfect information": the score it finds is an upper bound on what a player can
hope for on that seed, and a lower bound on the true optimum when the search times out.

The search is a limited discrepancy search (LDS) with memoisation and branch-and-bound:

- Move ordering: the normal CPU's choice first, then the rest of the canonical list (with both
  hands empty, moves into the right hand mirror the left hand's and are skipped, as the hard
  CPU does). Iteration k allows at most k choices that are not the first one on a line, so
  iteration 0 is the normal CPU's own run and the solver never scores below it.
- Memo: a canonical position key (cards in every zone with their values and marks, the hero
  except gold, the run counters, the RNG stream states). A position already searched with at
  least as much gold and as many discrepancies left is skipped: what is still to come does not
  depend on the gold held.
- Bound: once a win is known, a position whose optimistic score (`optimistic`) cannot beat the
  best score is cut.
- An iteration that skipped no move for lack of discrepancies was exhaustive: the answer is
  then proven (`exhaustive`). Otherwise the search stops at the time or node budget
  (`timed_out`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from game.ai.crawl.normal import NormalPolicy
from game.engine.match import Match, Rejection
from game.engine.rng import BadForced
from game.systems.crawl import world
from game.systems.crawl.state import board_json

Decision = dict[str, Any]
DEFAULT_BUDGET_MS = 2000.0
DEFAULT_MAX_NODES = 5_000_000
SELLABLE = ("spell", "shield", "potion", "gold")


class _OutOfBudget(Exception):
    """Raised inside the search when the time or node budget is spent."""


@dataclass
class Solution:
    """What the solver found: `winnable` is None when no win was found and the search was
    not exhaustive; `best_score` and `decisions` are the best line found. The budget is
    checked only once the first line (the normal CPU's run) has ended, so there always is
    one."""

    seed: int
    winnable: bool | None
    best_score: int
    nodes: int
    ms: float
    timed_out: bool
    exhaustive: bool
    decisions: list[Decision] = field(default_factory=list)

    @property
    def par(self) -> int:
        """The par score of docs/crawl.md: the best score found within the budget."""
        return self.best_score

    def as_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "winnable": self.winnable, "best_score": self.best_score,
                "par": self.par, "nodes": self.nodes, "ms": round(self.ms, 1),
                "timed_out": self.timed_out, "exhaustive": self.exhaustive,
                "decisions": self.decisions}

    def line(self) -> str:
        """The readable one-line answer of `tabula solve`."""
        win = {True: "winnable", False: "not winnable", None: "winnable: unknown"}[self.winnable]
        how = "exhaustive" if self.exhaustive else "timed out" if self.timed_out else "partial"
        return (f"seed {self.seed}: {win}, best score {self.best_score} (par {self.par}), "
                f"{len(self.decisions)} decisions, {self.nodes} nodes in {self.ms:.0f} ms, "
                f"{how}")


class CrawlSolver:
    """One search on one match, from its current position (the match is left there)."""

    def __init__(self, match: Match, *, budget_ms: float = DEFAULT_BUDGET_MS,
                 max_nodes: int = DEFAULT_MAX_NODES) -> None:
        self.match = match
        content = world.content(match)
        self.policy = NormalPolicy(content)
        self.budget_ms = budget_ms
        self.max_nodes = max_nodes
        self.win_bonus = content.rules.win_bonus
        with match.active():
            self.ability_bonus = _ability_bonus(match)
        self.streams = [match.streams(name) for name in match.streams.names()]
        self.nodes = 0
        self.deep_first = True
        self.best: int | None = None
        self.best_line: list[Decision] = []
        self.won_found = False
        self.cut = False
        self.memo: dict[tuple, tuple[int, int]] = {}
        self._deadline = 0.0
        self._root = 0

    # -- driver --------------------------------------------------------------------------
    def solve(self) -> Solution:
        start = time.perf_counter()
        self._deadline = start + self.budget_ms / 1000
        self._root = len(self.match.decisions)
        timed_out = exhaustive = False
        allowed = 0
        with self.match.active():
            while True:
                self.cut = False
                self.memo = {}
                try:
                    self._search(allowed)
                except _OutOfBudget:
                    timed_out = True
                    break
                if not self.cut:
                    exhaustive = True
                    break
                allowed += 1
        winnable = True if self.won_found else (False if exhaustive else None)
        ms = (time.perf_counter() - start) * 1000
        assert self.best is not None  # the first line always ends
        return Solution(self.match.seed, winnable, self.best, self.nodes, ms, timed_out,
                        exhaustive, self.best_line)

    # -- search --------------------------------------------------------------------------
    def _search(self, allowed: int) -> None:
        match = self.match
        self.nodes += 1
        if self.best is not None and (self.nodes > self.max_nodes
                                      or time.perf_counter() > self._deadline):
            raise _OutOfBudget  # never before the first line (normal's own run) has ended
        result = match.result
        if result is not None:
            self._leaf(result)
            return
        if allowed == 0:  # the normal CPU's line from here: no choice, no memo
            first = self._first()
            if not self.cut and self._others(first):
                self.cut = True  # a move was skipped: this iteration is not exhaustive
            self._play(first, 0)
            return
        gold = world.hero(match).hero.gold
        key = self._key()
        seen = self.memo.get(key)
        if seen is not None and seen[0] >= gold and seen[1] >= allowed:
            return
        if self.won_found and self.best is not None and self._optimistic() <= self.best:
            return
        first = self._first()
        if self.deep_first:
            self._play(first, allowed)
        for decision in self._others(first):
            self._play(decision, allowed - 1)
        if not self.deep_first:
            self._play(first, allowed)
        if seen is None or (gold >= seen[0] and allowed >= seen[1]):
            self.memo[key] = (gold, allowed)

    def _play(self, decision: Decision, allowed: int) -> None:
        """Search on after `decision`, then take it back."""
        match = self.match
        mark = match.mark()
        try:
            try:
                accepted = match.submit(decision)
            except BadForced:  # a test setup's forced draw does not fit: no such line
                return
            if isinstance(accepted, Rejection):  # pragma: no cover - a bug
                raise RuntimeError(f"the rules rejected their own legal {decision}")
            self._search(allowed)
        finally:
            match.rollback(mark)

    def _leaf(self, result: dict[str, Any]) -> None:
        score = result["score"]
        if result["won"]:
            self.won_found = True
        if self.best is None or score > self.best:
            self.best = score
            self.best_line = [dict(d) for d in self.match.decisions[self._root:]]

    def _first(self) -> Decision:
        """The normal CPU's choice here."""
        match = self.match
        board = board_json(match, hide_deck=True)
        return self.policy.decide(board, lambda: match.legal_decisions(0))

    def _others(self, first: Decision) -> list[Decision]:
        """The rest of the canonical list; with both hands empty, moves into the right hand
        mirror the left hand's and are dropped."""
        rows = world.piles(self.match)
        both_free = not rows[world.LEFT].pile.cards and not rows[world.RIGHT].pile.cards
        others = [d for d in self.match.legal_decisions(0)
                  if d != first and not (both_free and d.get("to") == "right_hand")]
        return others

    def _key(self) -> tuple:
        """The canonical position, gold left out (see the module docstring)."""
        match = self.match
        rows = world.piles(match)

        def held(pile: Any) -> Any:
            if not pile.cards:
                return None
            entity = pile.cards[0]
            c = world.card_of(entity)
            return (entity, c.type, c.value, c.spent, world.marks_of(match, entity))

        the_hero = world.hero(match)
        run = world.run(match)
        return (
            tuple(held(row.pile) for row in rows[:world.DECK]),
            tuple((e, world.card_of(e).value, world.card_of(e).type)
                  for e in rows[world.DECK].pile.cards),
            the_hero.health.hp, the_hero.health.max_hp, world.effects_of(match),
            run.clear_counter, run.random_attack_used,
            tuple(hash(stream.get_state()[0]) for stream in self.streams),
        )

    def _optimistic(self) -> int:
        """A score no line from here can beat: the gold held, every unspent gold, spell,
        shield and potion still in play as if all of it became gold, `ability_bonus` for each
        ability card left and for each hero effect held, and the win bonus."""
        match = self.match
        rows = world.piles(match)
        the_hero = world.hero(match)
        total = the_hero.hero.gold + self.win_bonus
        total += self.ability_bonus * len(world.effects_of(match))
        entities = [*rows[world.DECK].pile.cards,
                    *(row.pile.cards[0] for row in rows[:world.DECK] if row.pile.cards)]
        for entity in entities:
            c = world.card_of(entity)
            if c.type == "ability":
                total += self.ability_bonus
            elif c.type in SELLABLE and not c.spent:
                total += c.value or 0
        return total


def _ability_bonus(match: Match) -> int:
    """The most gold one ability can add to the cards in play: Capitalize pays a hit (at
    most the largest value or the hero's HP, which Chaos can give a card), Galvanize creates
    up to `created_max`, Amplify adds `amplify_bonus`, Chaos moves the HP into a card."""
    rules = world.content(match).rules
    values = [row.card.value or 0 for row in world.CARDS(match)]
    return max([world.hero(match).health.max_hp, rules.created_max, rules.amplify_bonus,
                *values])


def solve_match(match: Match, *, budget_ms: float = DEFAULT_BUDGET_MS,
                max_nodes: int = DEFAULT_MAX_NODES) -> Solution:
    """Solve from the match's current position; the match is back there afterwards."""
    return CrawlSolver(match, budget_ms=budget_ms, max_nodes=max_nodes).solve()


def solve_record(record: dict[str, Any], *, budget_ms: float = DEFAULT_BUDGET_MS,
                 max_nodes: int = DEFAULT_MAX_NODES) -> tuple[Solution, dict[str, Any]]:
    """Solve a crawl record's start (deal or setup): the solution and the record of its line,
    which `tabula replay` plays to `best_score`."""
    from game.engine.record import build_match

    match = build_match(record)
    try:
        solution = solve_match(match, budget_ms=budget_ms, max_nodes=max_nodes)
    finally:
        match.close()
    line = {**record, "decisions": [*record["decisions"], *solution.decisions]}
    return solution, line


def solve_seed(seed: int, options: dict[str, Any] | None = None, *,
               budget_ms: float = DEFAULT_BUDGET_MS,
               max_nodes: int = DEFAULT_MAX_NODES) -> tuple[Solution, dict[str, Any]]:
    """Solve the dealt run of `seed` (variant `normal` unless `options` say otherwise)."""
    from game.engine.record import new_record, validate_record
    from game.systems.crawl.mode import RULES_VERSION

    record = validate_record(new_record("crawl", RULES_VERSION, seed,
                                        options or {"variant": "normal"}))
    return solve_record(record, budget_ms=budget_ms, max_nodes=max_nodes)
