"""The Card Crawl solver (issue 13 item 4, issue 24, docs/crawl.md "Solver and par"): the best
score a run can reach when the whole deck is known.

It plays the real rules on the real match of a record (every draw of the `dungeon` stream
included): it submits legal decisions and rolls them back with the match journal
(`mark`/`rollback`), exactly as the hard CPU does on its scratch matches. Knowing every draw is
what makes it "perfect information": the score it finds is an upper bound on what a player can
hope for on that seed, and a lower bound on the true optimum when the search stops early.

Two phases share one node budget (a node is one decision submitted), so a budget gives the
same answer on every machine:

1. **Improvement.** First a nested roll-out, with `NESTED_SHARE` of the budget: from the
   start, every legal move of the position is played and followed by the normal CPU to the
   end, the move whose run ends with the most gold is played (the normal CPU's own choice on a
   tie), and the same from the next position, to the end of the run. Then walks back over the
   best line found, with the rest: from its last position to its first, every other move of
   the position, normal play after it; a better run replaces the line from there on. A walk
   that changed the line is followed by another one, until one changes nothing. The normal
   CPU's roll-outs are memoised on the position (gold left out: normal play does not depend on
   it), so a run that meets a position seen before stops there. The nested roll-out improves
   the opening and middle game; the walks back, cheap (short runs, memo hits), the end game,
   where most of the gold is won (the deck nearly spent, every choice decides). The first line
   of all is the normal CPU's own run, so the answer is never below it.
2. **Proof** (a limited discrepancy search, LDS, seeded with that line). The moves of a
   position are the line's own move first where the position is on the line (else the normal
   CPU's choice), then the rest of the canonical list (with both hands empty, moves into the
   right hand mirror the left hand's and are skipped, as the hard CPU does). Iteration k allows
   at most k other choices on a line. Positions are memoised on a canonical key (cards in
   every zone with their values and marks, the hero except gold, the run counters, the RNG
   stream states): one already searched with at least as much gold and as many discrepancies
   left is skipped, since what can still be earned does not depend on the gold held. Once a
   win is known, a position whose optimistic score (`_optimistic`) cannot beat the best is
   cut. An iteration that skipped no move was exhaustive: the answer is proven.

The par of a daily run is the best score within `PAR_NODES` (game.ai.crawl.worker).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from game.ai.crawl.normal import NormalPolicy
from game.components.crawl import CrawlCard
from game.engine import ecs
from game.engine.match import Match, Rejection
from game.engine.rng import BadForced
from game.systems.crawl import world
from game.systems.crawl.state import board_json

Decision = dict[str, Any]
DEFAULT_BUDGET_MS = 2000.0
DEFAULT_MAX_NODES = 5_000_000
NESTED_SHARE = 0.6  # of the budget, for the nested roll-out; the walks back get the rest
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
        match = self.match
        self._root = len(match.decisions)
        timed_out = exhaustive = False
        events, match.events.enabled = match.events.enabled, False  # a search reads none
        try:
            with match.active():
                try:
                    self._improve()
                    exhaustive = self._prove()
                except _OutOfBudget:
                    timed_out = True
        finally:
            match.events.enabled = events
        winnable = True if self.won_found else (False if exhaustive else None)
        ms = (time.perf_counter() - start) * 1000
        assert self.best is not None  # the first line always ends
        return Solution(match.seed, winnable, self.best, self.nodes, ms, timed_out,
                        exhaustive, self.best_line)

    def _spent(self) -> bool:
        return self.nodes >= self.max_nodes or time.perf_counter() > self._deadline

    # -- phase 1: the nested roll-out, then walks back over the line --------------------------
    def _improve(self) -> None:
        """The nested roll-out, with NESTED_SHARE of the budget, then walks back over the best
        line with the rest (see the module docstring); the roll-outs' memo serves both."""
        self.futures: dict[tuple, int] = {}
        self._roll_out()  # the normal CPU's run: the first line (never cut by the budget)
        full_nodes, full_deadline = self.max_nodes, self._deadline
        start = time.perf_counter()
        self.max_nodes = int(full_nodes * NESTED_SHARE)
        self._deadline = start + (full_deadline - start) * NESTED_SHARE
        try:
            self._nested()
        except _OutOfBudget:
            pass
        finally:
            self.max_nodes, self._deadline = full_nodes, full_deadline
        while self._walk_back():
            pass

    def _nested(self) -> None:
        """From the start: every legal move of the position, each followed by the normal CPU to
        the end, and the move whose run scores most is played (the normal CPU's choice on a
        tie); then the same from the next position, to the end of the run."""
        match = self.match
        root = match.mark()
        try:
            while match.state.result is None:
                first = self._first()
                best: tuple[int, bool] | None = None
                choice = first
                for decision in self._moves():
                    if self._spent():
                        raise _OutOfBudget
                    mark = match.mark()
                    try:
                        if not self._submit(decision):
                            continue
                        score = self._roll_out()
                    finally:
                        match.rollback(mark)
                    rank = (score, decision == first)
                    if best is None or rank > best:
                        best, choice = rank, decision
                self._submit(choice, checked=choice is first)
            self._leaf(match.state.result)
        finally:
            match.rollback(root)

    def _walk_back(self) -> bool:
        """From the best line's last position back to its first, every other move of the
        position followed by normal play; a better run replaces the line from there on.
        True when the line changed (another walk may find more)."""
        match = self.match
        line = self.best_line
        root = match.mark()
        try:
            marks = []
            for decision in line:  # the line's positions, each with its mark
                marks.append(match.mark())
                self._submit(decision)
            improved = False
            for step in range(len(line) - 1, -1, -1):
                match.rollback(marks[step])
                del marks[step:]
                own = self.best_line[step]  # the line is unchanged before this step
                for decision in self._moves():
                    if decision == own:
                        continue
                    if self._spent():
                        raise _OutOfBudget
                    mark = match.mark()
                    try:
                        if self._submit(decision):
                            before = self.best
                            self._roll_out()
                            improved |= self.best != before
                    finally:
                        match.rollback(mark)
            return improved
        finally:
            match.rollback(root)

    def _roll_out(self) -> int:
        """The score of the normal CPU playing on from here to the end: played (and rolled
        back), or from the memo of a position met before."""
        match = self.match
        futures = self.futures
        mark = match.mark()
        path: list[tuple[tuple, int]] = []
        try:
            while match.state.result is None:
                key = self._rollout_key()
                gold = world.hero(match).hero.gold
                known = futures.get(key)
                if known is not None:
                    final = gold + known
                    break
                path.append((key, gold))
                if not self._submit(self._first(), checked=True):
                    return -1  # a test setup's forced draw does not fit: no such line
            else:
                final = match.state.result["score"]
                self._leaf(match.state.result)
            for key, gold in path:
                futures[key] = final - gold
            return final
        finally:
            match.rollback(mark)

    def _submit(self, decision: Decision, *, checked: bool = False) -> bool:
        """Play one decision (a node); False when a test setup's forced draw does not fit it
        (no such line). A decision of the legal list is trusted; the normal CPU's choice is
        checked, and a rejection is a bug of the CPU."""
        self.nodes += 1
        try:
            accepted = self.match.submit(decision, trusted=not checked)
        except BadForced:
            return False
        if isinstance(accepted, Rejection):  # pragma: no cover - a bug
            raise RuntimeError(f"the normal CPU chose an illegal {decision}: {accepted.error}")
        return True

    # -- phase 2: proof ------------------------------------------------------------------
    def _prove(self) -> bool:
        """The LDS seeded with the best line; True when an iteration was exhaustive."""
        allowed = 1
        while True:
            self.cut = False
            self.memo = {}
            self._search(allowed, list(self.best_line))
            if not self.cut:
                return True
            allowed += 1

    def _search(self, allowed: int, seed: list[Decision] | None) -> None:
        """`seed` is the rest of the seed line while the position is on it, else None."""
        match = self.match
        result = match.result
        if result is not None:
            self._leaf(result)
            return
        if self._spent():
            raise _OutOfBudget
        first = seed[0] if seed else self._first()
        rest = seed[1:] if seed else None
        checked = not seed  # the normal CPU's choice is checked, a line's is the rules'
        if allowed == 0:  # the seed line or the normal CPU's from here: no choice, no memo
            if not self.cut and self._others(first):
                self.cut = True  # a move was skipped: this iteration is not exhaustive
            self._play(first, 0, rest, checked)
            return
        gold = world.hero(match).hero.gold
        key = self._key()
        seen = self.memo.get(key)
        if seen is not None and seen[0] >= gold and seen[1] >= allowed:
            return
        if self.won_found and self.best is not None and self._optimistic() <= self.best:
            return
        self._play(first, allowed, rest, checked)
        for decision in self._others(first):
            self._play(decision, allowed - 1, None, False)
        if seen is None or (gold >= seen[0] and allowed >= seen[1]):
            self.memo[key] = (gold, allowed)

    def _play(self, decision: Decision, allowed: int, seed: list[Decision] | None,
              checked: bool) -> None:
        """Search on after `decision`, then take it back."""
        match = self.match
        mark = match.mark()
        try:
            if self._submit(decision, checked=checked):
                self._search(allowed, seed)
        finally:
            match.rollback(mark)

    # -- shared --------------------------------------------------------------------------
    def _leaf(self, result: dict[str, Any]) -> bool:
        """A finished line; True when it is the best so far."""
        score = result["score"]
        if result["won"]:
            self.won_found = True
        if self.best is None or score > self.best:
            self.best = score
            self.best_line = [dict(d) for d in self.match.decisions[self._root:]]
            return True
        return False

    def _first(self) -> Decision:
        """The normal CPU's choice here."""
        match = self.match
        board = board_json(match, hide_deck=True)
        return self.policy.decide(board, lambda: match.legal_decisions(0))

    def _moves(self) -> list[Decision]:
        """The canonical list; with both hands empty, moves into the right hand mirror the
        left hand's and are dropped."""
        rows = world.piles(self.match)
        both_free = not rows[world.LEFT].pile.cards and not rows[world.RIGHT].pile.cards
        return [d for d in self.match.legal_decisions(0)
                if not (both_free and d.get("to") == "right_hand")]

    def _others(self, first: Decision) -> list[Decision]:
        return [d for d in self._moves() if d != first]

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

    def _rollout_key(self) -> tuple:
        """A cheap key of the position for the roll-outs' memo, gold left out: every zone's
        cards (entity, type, value, spent, how many marks), the deck's order and values, the
        hero's HP and effects (its component types), the run counters and how many draws each stream made. A
        stream's draws stand for its state here (two lines from one position that drew as
        often mostly drew alike); a wrong match only misjudges a move, the line played is
        played for real. The proof's memo uses the exact `_key`."""
        rows = world.piles(self.match)
        entities = ecs.entity_table()
        held = []
        for row in rows[:world.DECK]:
            cards = row.pile.cards
            if cards:
                comps = entities[cards[0]]
                c = comps[CrawlCard]
                held.append((cards[0], c.type, c.value, c.spent, len(comps)))
            else:
                held.append(None)
        deck = rows[world.DECK].pile.cards
        hero = world.hero(self.match)
        run = world.run(self.match)
        return (tuple(held), deck, tuple([entities[e][CrawlCard].value for e in deck]),
                hero.health.hp, frozenset(entities[hero.entity]), run.clear_counter,
                run.random_attack_used, tuple([stream.draws for stream in self.streams]))

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
