"""The action cycle (spec crawl.md section 4.3) and the draw with its cleanup (4.8), as the
systems of crawl's schedule (game.engine.schedule).

An accepted decision of phase `play` attaches its intent to the run entity (`MoveOrder`,
`RebuyOrder` or `RandomAttackOrder`) and asks for the `play` step, whose systems run in this
order:

1. `snapshot`: every card on the board, in the hands and the backpack records `LastValue`;
2. `apply_action`: the decision's own resolution, its intent taken off the run: a move by its
   kind (4.4-4.7, `resolve.RESOLUTIONS`), a rebuy (4.9) or the random attack (4.10);
3. `count_turn`: `turn += 1`;
4. `end_check`: HP 0 loses; an empty board with an empty deck wins (+ `win_bonus`);
5. `draw_step`: if the run goes on, at most `draw_threshold` cards are on the board and the
   deck is not empty, draw (4.8).

A constructed run's `choose_abilities` attaches a `PickOrder` and asks for the `pick` step
(`deal`). `SCHEDULE` is the one place the order is written: docs/crawl.md prints
`SCHEDULE.describe()` and tests/crawl/test_cycle.py asserts it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.components.crawl import (
    CrawlCard,
    LastValue,
    MoveOrder,
    PickOrder,
    RandomAttackOrder,
    RebuyOrder,
)
from game.engine import ecs
from game.engine.commands import consume, update
from game.engine.schedule import Schedule, System
from game.systems.crawl import hero
from game.systems.crawl.commands import CardMove, leave_game
from game.systems.crawl.random_attack import random_attack
from game.systems.crawl.rebuy import rebuy
from game.systems.crawl.resolve import RESOLUTIONS
from game.systems.crawl.table import SLOTS
from game.systems.crawl.world import (
    BACKPACK,
    DECK,
    LEFT,
    RIGHT,
    card_of,
    content,
    on_board,
    piles,
)
from game.systems.crawl.world import hero as hero_row

if TYPE_CHECKING:
    from game.engine.match import Match


class Snapshot(System):
    """Step 1: `last_value = value` for the visible cards: a view-only component (not in the
    State JSON), so a match whose events are off, a search that no view watches, skips it."""

    name = "snapshot"

    def process(self, match: Match) -> None:  # type: ignore[override]
        if not match.events.enabled:
            return
        for row in piles(match)[:DECK]:
            cards = row.pile.cards
            if cards:
                comps = ecs.components_of(cards[0])
                last, value = comps[LastValue], comps[CrawlCard].value
                if last.value != value:
                    update(last, value=value).target(cards[0]).run(match)


def _resolve_move(match: Match, order: MoveOrder) -> None:
    RESOLUTIONS[order.kind](match, order.card, order)


def _rebuy(match: Match, order: RebuyOrder) -> None:
    rebuy(match)


def _random_attack(match: Match, order: RandomAttackOrder) -> None:
    random_attack(match)


# The play step's intents and their resolutions: a move by its kind (4.4-4.7), a rebuy (4.9),
# the random attack (4.10).
ACTIONS: dict[type, Callable[[Match, Any], None]] = {
    MoveOrder: _resolve_move, RebuyOrder: _rebuy, RandomAttackOrder: _random_attack}


class ApplyAction(System):
    """Step 2: the decision's own resolution. It takes the decision's intent off the run and
    resolves it (a move through `resolve.RESOLUTIONS`, by the kind `moves.judge_move` gave)."""

    name = "apply_action"

    def process(self, match: Match) -> None:  # type: ignore[override]
        for intent, resolution in ACTIONS.items():
            found = consume(match, intent)  # the engine's read of the one holder, and Remove
            if found is not None:
                resolution(match, found[1])
                return


class CountTurn(System):
    """Step 3: `turn` counts accepted play actions (4.13)."""

    name = "count_turn"

    def process(self, match: Match) -> None:  # type: ignore[override]
        # The match envelope's counter, set through the journal as strike counts its turns
        # (no hook or event listens to it: a command would cost a third of a decision's).
        state = match.state
        match.journal.set_field(state, "turn", state.turn + 1)


class EndCheck(System):
    """Step 4 (4.11): the only place a run ends. Hands and backpack do not matter."""

    name = "end_check"

    def process(self, match: Match) -> None:  # type: ignore[override]
        if hero_row(match).health.hp == 0:
            finish(match, won=False, reason="died")
            return
        rows = piles(match)
        if not rows[DECK].pile.cards and not on_board(rows):
            hero.gain_gold(match, content(match).rules.win_bonus, "win_bonus")
            finish(match, won=True, reason="cleared")


class DrawStep(System):
    """Step 5: refill the board when at most `draw_threshold` cards are left on it."""

    name = "draw_step"

    def process(self, match: Match) -> None:  # type: ignore[override]
        rows = piles(match)
        if match.state.result is None and rows[DECK].pile.cards and on_board(
                rows) <= match.rules.content.rules.draw_threshold:  # type: ignore[attr-defined]
            draw(match)


class Deal(System):
    """The `pick` step: a constructed run's chosen abilities, then the deal (4.2)."""

    name = "deal"

    def process(self, match: Match) -> None:  # type: ignore[override]
        from game.systems.crawl.deal import deal

        found = consume(match, PickOrder)
        if found is not None:
            deal(match, found[1].abilities)


SCHEDULE = Schedule([
    ("pick", (Deal(),)),
    ("play", (Snapshot(), ApplyAction(), CountTurn(), EndCheck(), DrawStep())),
])
PLAY_CYCLE = tuple(SCHEDULE.names()["play"])  # the cycle's order, as docs/crawl.md prints it


def finish(match: Match, *, won: bool, reason: str) -> None:
    score = hero_row(match).hero.gold
    match.finish({"won": won, "score": score, "reason": reason})
    match.emit("run_over", won=won, score=score, reason=reason)


# -- the draw (4.8) ----------------------------------------------------------------------------
def draw(match: Match) -> None:
    """Fill the empty slots left to right from the deck's top, then clean up: potions and gold
    leave the hands, gold leaves the backpack. Other backpack cards stay."""
    rows = piles(match)
    deck = rows[DECK].pile
    for slot in range(SLOTS):
        if not rows[slot].pile.cards and deck.cards:
            CardMove(deck.cards[0], rows[slot].entity, None, "draw", slot).run(match)
    for zone in (LEFT, RIGHT):
        cards = rows[zone].pile.cards
        if cards and card_of(cards[0]).type in ("potion", "gold"):
            leave_game(match, cards[0], "cleanup")
    cards = rows[BACKPACK].pile.cards
    if cards and card_of(cards[0]).type == "gold":
        leave_game(match, cards[0], "cleanup")
