"""Scratch matches for the conquest CPUs (docs/architecture.md, spec conquest.md section 7).

A CPU never reads the live match. What it wants to know about the consequences of a choice it
learns by loading its own seat view as a setup and running the real rules on that copy:

- the view's masked values (the other seat's pending orders, picks or chosen card: "hidden")
  load as *nothing chosen*, and the CPU then submits its own assumption for them (its opponent
  model), never a value from the live match;
- both ready flags are cleared, so the CPU can give orders for both seats;
- the seed is any number (0): the rules draw nothing (spec 4.1.4).

`preview_battle` is spec 7's query: mark, submit the picks and cards through the real
resolution, read `last_result`, the match result and the hands afterwards, roll back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.match import HIDDEN, Match, Rejection, restored_match
from game.systems.conquest.battle import site_of
from game.systems.conquest.content import content_of
from game.systems.conquest.mode import ConquestRules, resolve
from game.systems.conquest.resolution import Verdict, judge, score
from game.systems.conquest.setup import restore_position
from game.systems.conquest.state import index

if TYPE_CHECKING:
    from game.engine.resources import ResourceSet
    from game.systems.conquest.state import Index

SCRATCH_SEED = 0


class ScratchError(RuntimeError):
    """The scratch match rejected a decision the CPU planned: a bug in the CPU."""


def scratch_setup(view: dict[str, Any]) -> dict[str, Any]:
    """A setup for the position of `view`: its masked values as nothing chosen and both ready
    flags cleared (the CPU decides for both seats in its look-ahead)."""
    board = dict(view["board"])
    board["orders"] = [{} if o == HIDDEN else o for o in board["orders"]]
    board["reinforcements"] = [[] if r == HIDDEN else r for r in board["reinforcements"]]
    board["cards_chosen"] = [None if c == HIDDEN else c for c in board["cards_chosen"]]
    board["ready"] = [False, False]
    board.pop("tiles", None)  # derived by the loader
    return {"phase": view["phase"], "result": view.get("result"), "board": board}


def scratch_match(view: dict[str, Any], resources: ResourceSet) -> Match:
    """A match at the view's position, events off (no search reads them). The view was
    printed by the rules, so it loads without the setup checks (`restore_position`);
    `scratch_setup` is the same position as a checked setup."""
    content = content_of(resources)
    return restored_match(ConquestRules(content, str(view.get("rules", "1"))),
                          lambda match: restore_position(match, content, scratch_setup(view)),
                          resources=resources, phase=view["phase"], seed=SCRATCH_SEED)


# Look-ahead decisions are planned by the rules' own queries, so they skip the validation of
# `Match.submit` and go straight to the rules' resolution of an accepted decision (a third of
# a preview's cost). Tests switch this on to prove that every one of them would be accepted.
CHECKED = False


def submit(match: Match, decision: dict[str, Any]) -> None:
    """Apply a planned decision to a scratch match: the rules' resolution of that verb, inside
    the match's world. With `CHECKED`, through `Match.submit`, and a rejection is a CPU bug."""
    if CHECKED:
        outcome = match.submit(decision)
        if isinstance(outcome, Rejection):
            raise ScratchError(f"the CPU planned an illegal decision {decision}: "
                               f"{outcome.error} ({outcome.message})")
        return
    with match.active():
        resolve(match, decision)


@dataclass(frozen=True, slots=True)
class Preview:
    """What one previewed resolution tells: its `last_result`, the match result (or None) and
    both hands after this battle's discard and recycle."""

    last: dict[str, Any]
    result: dict[str, Any] | None
    hands: tuple[tuple[str, ...], tuple[str, ...]]


def unit_strength(idx: Index, unit_id: str) -> int:
    """Strength of a unit named by id (it may be dead after a preview): from its kind letter."""
    content = idx.content
    return content.strength[content.letters[unit_id.split(".", 1)[1][0]]]


def commit_picks(match: Match, picks: tuple[list[str], list[str]]) -> None:
    """In `reinforcements`: every asked seat submits its picks and readies (phase -> cards)."""
    for seat in match.to_act:
        submit(match, {"seat": seat, "type": "reinforce", "units": list(picks[seat])})
        submit(match, {"seat": seat, "type": "ready"})


def resolve_cards(match: Match, cards: tuple[str, str]) -> Preview:
    """In `cards` (neither seat ready): both cards chosen and confirmed, resolution read, all
    under a mark that is rolled back before returning."""
    mark = match.mark()
    try:
        for seat in (0, 1):
            submit(match, {"seat": seat, "type": "choose_card", "card": cards[seat]})
            submit(match, {"seat": seat, "type": "ready"})
        idx = index(match)
        last = idx.board.last_result
        assert last is not None
        return Preview(last, match.result, idx.board.hands)
    finally:
        match.rollback(mark)


Picks = tuple[list[str], list[str]] | tuple[tuple[str, ...], tuple[str, ...]]


def _battle_args(match: Match, picks: Picks, cards: tuple[str, str]) -> tuple[Any, ...]:
    idx = index(match)
    return (idx, site_of(idx, idx.board.current_battle),
            [[idx.by_id[uid] for uid in picks[s]] for s in (0, 1)],
            [idx.content.cards[cards[0]], idx.content.cards[cards[1]]])


def judge_battle(match: Match, picks: Picks, cards: tuple[str, str]) -> Verdict:
    """The rules' verdict on the current battle with these picks and cards (who wins, card
    casualties, trapped units), read without playing it: what `preview_battle` would report
    of them, at a fraction of the cost, for levels that need nothing else."""
    return judge(*_battle_args(match, picks, cards))


def battle_winner(match: Match, picks: Picks, cards: tuple[str, str]) -> int | None:
    """Only the winner of `judge_battle` (None for a draw): its scoring steps alone."""
    return score(*_battle_args(match, picks, cards)).winner


def preview_battle(match: Match, picks: tuple[list[str], list[str]] | None,
                   cards: tuple[str, str]) -> Preview:
    """Spec 7's `preview_battle` on a scratch match in `reinforcements` or `cards`: the picks
    (ignored in `cards`, where they are public and fixed) and the cards go through the real
    resolution; the match is rolled back to where it was."""
    if match.phase == "cards":
        return resolve_cards(match, cards)
    mark = match.mark()
    try:
        commit_picks(match, picks or ([], []))
        return resolve_cards(match, cards)
    finally:
        match.rollback(mark)
