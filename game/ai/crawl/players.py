"""The three crawl CPU levels (spec section 7): easy, normal, hard.

Each is a `CpuPlayer`: `decide(view)` gets seat 0's view only and returns one decision. All
their randomness comes from the `ai` stream the host hands them.
"""

from __future__ import annotations

import time
from typing import Any

from game.ai.crawl.normal import NormalPolicy
from game.ai.crawl.scratch import determinize
from game.engine.match import Match, Rejection
from game.engine.modes import CpuPlayer
from game.engine.rng import Stream
from game.engine.scratch import ScratchMatch
from game.systems.crawl.content import Content, HardAi, content_of
from game.systems.crawl.legal import legal_from_state
from game.systems.crawl.scratch import new_scratch, scratch_setup
from game.systems.crawl.state import board_json
from game.systems.crawl.statuses import CrawlStatuses, Worth
from game.systems.crawl.world import deck

Decision = dict[str, Any]


class CrawlCpu(CpuPlayer):
    """What the three levels share: their stream, content (with ai.toml) and the pick."""

    def __init__(self, level: str, stream: Stream, resources: Any) -> None:
        self.level = level
        self.stream = stream
        self.resources = resources
        self.content: Content = content_of(resources)
        self.normal = NormalPolicy(self.content)

    def legal(self, view: dict[str, Any]) -> list[Decision]:
        """The canonical decision list (spec 7) of the view's position."""
        return legal_from_state(view, self.content)

    def decide(self, view: dict[str, Any]) -> Decision:
        if view["phase"] == "pick":
            return {"seat": 0, "type": "choose_abilities", "abilities": self.pick()}
        return self.play(view)

    def pick(self) -> list[str]:
        return list(self.content.ai.constructed_pick)

    def play(self, view: dict[str, Any]) -> Decision:  # pragma: no cover - interface
        raise NotImplementedError


class EasyCpu(CrawlCpu):
    """7.1: a uniformly random decision from the canonical list."""

    def pick(self) -> list[str]:
        return self.stream.sample(list(self.content.catalogue_ids),
                                  self.content.rules.abilities_per_run)

    def play(self, view: dict[str, Any]) -> Decision:
        return self.stream.choice(self.legal(view))


class NormalCpu(CrawlCpu):
    """7.2: the greedy policy."""

    def play(self, view: dict[str, Any]) -> Decision:
        return self.normal.decide(view["board"], lambda: self.legal(view))


def another_sample_fits(start: float, done: int, budget_ms: float) -> bool:
    """Behind the Hint (a time budget): is there room for one more sample? Samples take about
    the same time, so the search stops *before* the sample that would overrun the budget,
    not after it (the Hint answers within its 300 ms, docs/crawl.md "CPU players")."""
    elapsed = (time.perf_counter() - start) * 1000
    return elapsed + elapsed / max(1, done) <= budget_ms


class HardCpu(CrawlCpu):
    """7.3: determinized look-ahead. Every candidate meets the same sampled decks; each is
    played on by the normal policy until one more draw, then the position is scored by M.
    One scratch match serves every sample and decision (the engine's `ScratchMatch`): each
    sample reloads it from the view with its deck and reseeds it with its seed."""

    def __init__(self, level: str, stream: Stream, resources: Any,
                 budget_ms: float | None = None) -> None:
        super().__init__(level, stream, resources)
        self.budget_ms = budget_ms  # None: exactly `samples` samples (simulate, bench, tests)
        self.scratch: ScratchMatch | None = None

    def play(self, view: dict[str, Any]) -> Decision:
        hard = self.content.ai.hard
        start = time.perf_counter()
        candidates = _candidates(self.legal(view), view["board"])
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        done = 0
        while True:
            match = self._sample(view)
            with match.active():
                for number, candidate in enumerate(candidates):
                    totals[number] += self._playout(match, candidate, hard)
            done += 1
            if self.budget_ms is None:
                if done >= hard.samples:
                    break
            elif not another_sample_fits(start, done, self.budget_ms):
                break
        preferred = self.normal.decide(view["board"], lambda: candidates)
        best = max(range(len(candidates)),
                   key=lambda i: (totals[i], candidates[i] == preferred, -i))
        return candidates[best]

    def _sample(self, view: dict[str, Any]) -> Match:
        deck = determinize(view, self.content, self.stream)
        seed = self.stream.seed_value()
        if self.scratch is None:
            variant = view["board"].get("variant", "normal")
            self.scratch = ScratchMatch(lambda _: new_scratch(self.resources, variant),
                                        lambda setup: setup)
        match = self.scratch.load(scratch_setup(view, deck))
        with match.active():
            match.streams.reseed(seed)
        return match

    def _playout(self, match: Match, candidate: Decision, hard: HardAi) -> float:
        """Submit the candidate, let `normal` play on until one more draw (a draw caused by
        the candidate does not count), the end, or `max_steps`; score; roll back."""
        the_deck = deck(match)
        mark = match.mark()
        try:
            if isinstance(match.submit(candidate, trusted=True), Rejection):
                return hard.lost
            for _ in range(hard.max_steps):
                if match.result is not None:
                    break
                before = len(the_deck.cards)
                decision = self.normal.decide(board_json(match, hide_deck=True),
                                              lambda: match.legal_decisions(0))
                if isinstance(match.submit(decision), Rejection):
                    break
                if len(the_deck.cards) < before:  # only a draw takes cards off the deck
                    break
            result = match.result
            state = {"result": result, "board": None if result is not None else board_json(
                match)}
            return evaluate(state, hard, self.content.statuses)
        finally:
            match.rollback(mark)


def _candidates(legal: list[Decision], board: dict[str, Any]) -> list[Decision]:
    """7.3.1: the canonical list; with both hands empty, moves into the right hand mirror the
    left hand's and are dropped."""
    if board["left_hand"] is None and board["right_hand"] is None:
        return [d for d in legal if d.get("to") != "right_hand"]
    return legal


def evaluate(state: dict[str, Any], hard: HardAi, statuses: CrawlStatuses) -> float:
    """The evaluation M of spec 7.3, on a scratch match's full state. A hero effect or a card
    mark adds what its kind is worth (statuses.toml `worth`, `worth_per_value`), so a mod's
    new one is weighed too."""
    result = state["result"]
    if result is not None:
        return (hard.won if result["won"] else hard.lost) + hard.score * result["score"]
    board = state["board"]
    hero = board["hero"]
    total = hard.hp * hero["hp"]
    total += sum(kind.worth for kind in statuses.worths.get("hero", ()) if hero.get(kind.id))
    total += hard.random_attack * (not board["random_attack_used"])
    total += hard.gold * hero["gold"]
    marks = statuses.worths.get("card", ())
    for card in (*board["board"], board["backpack"], *board["deck"]):
        if card is not None:
            total += _worth(card, False, hard, marks)
    for hand in ("left_hand", "right_hand"):
        if board[hand] is not None:
            total += _worth(board[hand], True, hard, marks)
    return total


def _worth(card: dict[str, Any], in_hand: bool, hard: HardAi,
           marks: tuple[Worth, ...]) -> float:
    """A card's worth in M (spec 7.3 table), plus its marks' (spells and shields only)."""
    kind, value = card["type"], card["value"]
    if kind == "enemy":
        return hard.enemy * value
    if kind == "potion":
        return 0.0 if card["spent"] else hard.potion * value
    if kind in ("spell", "shield"):
        base = (hard.held if in_hand else hard.elsewhere) * value
        for mark in marks:
            if card.get(mark.id):
                base += mark.worth + mark.per_value * value
        return base
    if kind == "ability":
        return hard.ability
    return hard.gold_card
