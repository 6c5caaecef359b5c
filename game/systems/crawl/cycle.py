"""The action cycle (spec crawl.md section 4.3) and the draw with its cleanup (4.8).

Every accepted decision of phase `play` is one call of `run_cycle(...)` (from `Rules.apply`) that runs
the steps of `PLAY_CYCLE`, always in this order:

1. `snapshot`: every card on the board, in the hands and the backpack records `LastValue`;
2. `apply_action`: the move (4.4-4.7), rebuy (4.9) or random attack (4.10);
3. `count_turn`: `turn += 1`;
4. `end_check`: HP 0 loses; an empty board with an empty deck wins (+ `win_bonus`);
5. `draw_step`: if the run goes on, at most `draw_threshold` cards are on the board and the
   deck is not empty, draw (4.8).

This list is the one place the order is written (docs/crawl.md mirrors it; a test asserts it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.systems.crawl import hero, resolve
from game.systems.crawl.abilities import use_ability
from game.systems.crawl.zones import (
    BOARD_PILES,
    board_count,
    card_in,
    index,
    put,
    remove,
)

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.zones import Index

Action = tuple[Callable[..., None], tuple[Any, ...]]


# -- the steps -------------------------------------------------------------------------------
def snapshot(match: Match, idx: Index, action: Action) -> None:
    """Step 1: `last_value = value` for the visible cards (a view-only component)."""
    cards, last = idx.card, idx.last
    for pile in idx.singles:
        if pile.cards:
            card = pile.cards[0]
            value = cards[card].value
            if last[card].value != value:
                match.journal.set(last[card], value=value)


def apply_action(match: Match, idx: Index, action: Action) -> None:
    """Step 2: the decision's own resolution."""
    resolver, args = action
    resolver(match, idx, *args)


def count_turn(match: Match, idx: Index, action: Action) -> None:
    """Step 3: `turn` counts accepted play actions (4.13)."""
    match.journal.set(match.state, turn=match.state.turn + 1)


def end_check(match: Match, idx: Index, action: Action) -> None:
    """Step 4 (4.11): the only place a run ends. Hands and backpack do not matter."""
    if idx.hero.hp == 0:
        finish(match, idx, won=False, reason="died")
    elif not idx.deck.cards and board_count(idx) == 0:
        hero.gain_gold(match, idx, idx.content.rules.win_bonus, "win_bonus")
        finish(match, idx, won=True, reason="cleared")


def draw_step(match: Match, idx: Index, action: Action) -> None:
    """Step 5: refill the board when at most `draw_threshold` cards are left on it."""
    if (match.state.result is None and idx.deck.cards
            and board_count(idx) <= idx.content.rules.draw_threshold):
        draw(match, idx)


PLAY_CYCLE: tuple[Callable[[Match, Index, Action], None], ...] = (
    snapshot, apply_action, count_turn, end_check, draw_step,
)


def run_cycle(match: Match, resolver: Callable[..., None], *args: Any) -> None:
    """Resolve one play decision: `resolver(match, idx, *args)` inside the steps above."""
    idx = index(match)
    action = (resolver, args)
    for step in PLAY_CYCLE:
        step(match, idx, action)


def finish(match: Match, idx: Index, *, won: bool, reason: str) -> None:
    score = idx.hero.gold
    match.finish({"won": won, "score": score, "reason": reason})
    match.emit("run_over", won=won, score=score, reason=reason)


# -- the draw (4.8) ----------------------------------------------------------------------------
def draw(match: Match, idx: Index) -> None:
    """Fill the empty slots left to right from the deck's top, then clean up: potions and gold
    leave the hands, gold leaves the backpack. Other backpack cards stay."""
    deck = idx.deck
    for slot, pile in enumerate(idx.slots):
        if not pile.cards and deck.cards:
            card = deck.cards[0]
            put(match, idx, card, BOARD_PILES[slot])
            match.emit("card_drawn", id=idx.ident[card], slot=slot)
    cards = idx.card
    for pile in (idx.left_hand, idx.right_hand):
        card = card_in(pile)
        if card is not None and cards[card].type in ("potion", "gold"):
            remove(match, idx, card, "cleanup")
    card = card_in(idx.backpack)
    if card is not None and cards[card].type == "gold":
        remove(match, idx, card, "cleanup")


# -- move dispatch ---------------------------------------------------------------------------
def apply_move(match: Match, idx: Index, decision: dict[str, Any], kind: str) -> None:
    """Resolve an accepted `move` of the given kind (see `moves.judge_move`)."""
    frm, to = decision["from"], decision["to"]
    source = idx.slots[decision["from_index"]] if frm == "board" else idx.piles[frm]
    card = source.cards[0]
    if to == "board":
        dest_name = BOARD_PILES[decision["to_index"]]
    else:
        dest_name = to
    if kind == "hit":
        resolve.hit(match, idx, card)
    elif kind == "block":
        resolve.block(match, idx, card, idx.piles[dest_name].cards[0])
    elif kind == "attack" or kind == "bash":
        resolve.strike(match, idx, card, idx.piles[dest_name].cards[0], bash=kind == "bash")
    elif kind == "drink":
        resolve.drink(match, idx, card, dest_name)
    elif kind == "collect":
        resolve.collect(match, idx, card, dest_name)
    elif kind == "equip":
        resolve.equip(match, idx, card, dest_name)
    elif kind == "store":
        resolve.store(match, idx, card)
    elif kind == "sell":
        resolve.sell(match, idx, card)
    elif kind == "use":
        target = None if to == "hero" else card_in(idx.piles[dest_name])
        use_ability(match, idx, card, target)
    else:  # pragma: no cover - judge_move never returns another kind
        raise ValueError(f"crawl: unknown move kind {kind!r}")
