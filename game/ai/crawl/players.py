"""The three crawl CPU levels (spec section 7): easy, normal, hard.

Each is a `CpuPlayer`: `decide(view)` gets seat 0's view only and returns one decision. All
their randomness comes from the `ai` stream the host hands them.
"""

from __future__ import annotations

import time
from typing import Any

from game.ai.crawl.normal import NormalPolicy
from game.ai.crawl.scratch import determinize
from game.components.crawl import CrawlCard
from game.engine import ecs
from game.engine.match import Match, Rejection
from game.engine.modes import CpuPlayer
from game.engine.rng import Stream
from game.engine.scratch import ScratchMatch
from game.systems.crawl.content import Content, HardAi, content_of
from game.systems.crawl.legal import legal_from_state
from game.systems.crawl.scratch import new_scratch, scratch_setup
from game.systems.crawl.state import board_json
from game.systems.crawl.statuses import CrawlStatuses, Worth
from game.systems.crawl.table import SLOTS
from game.systems.crawl.world import BACKPACK, DECK, LEFT, RIGHT, deck, hero, piles, run

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
            return evaluate(match, hard, self.content.statuses)
        finally:
            match.rollback(mark)


def _candidates(legal: list[Decision], board: dict[str, Any]) -> list[Decision]:
    """7.3.1: the canonical list; with both hands empty, moves into the right hand mirror the
    left hand's and are dropped."""
    if board["left_hand"] is None and board["right_hand"] is None:
        return [d for d in legal if d.get("to") != "right_hand"]
    return legal


def evaluate(match: Match, hard: HardAi, statuses: CrawlStatuses) -> float:
    """The evaluation M of spec 7.3, of a scratch match's position, read from its world (a
    search scores every candidate of every sample: a State JSON of the whole deck for each was
    most of what scoring cost). A hero effect or a card mark adds what its kind is worth
    (statuses.toml `worth`, `worth_per_value`), so a mod's new one is weighed too. The terms
    are summed in the order of the State JSON (the board, the backpack, the deck, the hands)."""
    result = match.result
    if result is not None:
        return (hard.won if result["won"] else hard.lost) + hard.score * result["score"]
    entities = ecs.entity_table()
    hero_row = hero(match)
    held = entities[hero_row.entity]
    total = hard.hp * hero_row.health.hp
    total += sum(worth.worth for worth, component in _weights(statuses, "hero")
                 if component in held)
    total += hard.random_attack * (not run(match).random_attack_used)
    total += hard.gold * hero_row.hero.gold
    marks = _weights(statuses, "card")
    rows = piles(match)
    for row in (*rows[:SLOTS], rows[BACKPACK]):
        if row.pile.cards:
            total += _worth(entities[row.pile.cards[0]], False, hard, marks)
    for card in rows[DECK].pile.cards:
        total += _worth(entities[card], False, hard, marks)
    for zone in (LEFT, RIGHT):
        if rows[zone].pile.cards:
            total += _worth(entities[rows[zone].pile.cards[0]], True, hard, marks)
    return total


def _weights(statuses: CrawlStatuses, holder: str) -> tuple[tuple[Worth, type], ...]:
    """(what it is worth, its component) of each hero effect or card mark, in order."""
    pairs = statuses.hero_pairs if holder == "hero" else statuses.card_pairs
    return tuple(zip(statuses.worths.get(holder, ()), (c for _, c in pairs), strict=True))


def _worth(comps: dict[type, Any], in_hand: bool, hard: HardAi,
           marks: tuple[tuple[Worth, type], ...]) -> float:
    """A card's worth in M (spec 7.3 table), plus its marks' (spells and shields only)."""
    card = comps[CrawlCard]
    kind, value = card.type, card.value
    if kind == "enemy":
        return hard.enemy * value
    if kind == "potion":
        return 0.0 if card.spent else hard.potion * value
    if kind in ("spell", "shield"):
        base = (hard.held if in_hand else hard.elsewhere) * value
        for mark, component in marks:
            if component in comps:
                base += mark.worth + mark.per_value * value
        return base
    if kind == "ability":
        return hard.ability
    return hard.gold_card
