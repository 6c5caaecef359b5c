"""Scratch matches for the conquest CPUs (docs/architecture.md, spec conquest.md section 7).

A CPU never reads the live match. What it wants to know about the consequences of a choice it
learns by loading its own seat view as a position and running the real rules on that copy:

- the view's masked values (the other seat's pending orders, picks or chosen card: "hidden")
  load as *nothing chosen*, and the CPU then submits its own assumption for them (its opponent
  model), never a value from the live match;
- both ready flags are cleared, so the CPU can give orders for both seats;
- the seed is any number (0): the rules draw nothing (spec 4.1.4).

Each CPU keeps one scratch match (`scratch_for`, the engine's `ScratchMatch`), reloaded from
each view by the rules' position builder (`restore_position`): it rolls back the last step's
look-ahead and changes only what the new view changed, instead of building a world of units
and cards at every step.

`preview_battle` is spec 7's query: mark, submit the picks and cards through the real
resolution, read `last_result`, the match result and the hands afterwards, roll back.
`judge_battle` is the rules' verdict of a battle with given picks and cards, read without
playing it (game.systems.conquest.scoring: the same computation as the resolution's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.match import Match, Rejection, restored_match
from game.engine.scratch import ScratchMatch
from game.systems.conquest import world
from game.systems.conquest.content import content_of
from game.systems.conquest.mode import ConquestRules
from game.systems.conquest.scoring import Verdict, judge, score
from game.systems.conquest.setup import restore_position, scratch_setup

if TYPE_CHECKING:
    from game.engine.resources import ResourceSet

SCRATCH_SEED = 0


class ScratchError(RuntimeError):
    """The scratch match rejected a decision the CPU planned: a bug in the CPU."""


def new_match(view: dict[str, Any], resources: ResourceSet) -> Match:
    """An empty match on the view's rules version and this content, not yet built."""
    rules = ConquestRules(content_of(resources), str(view.get("rules", "1")))
    return Match(rules, seed=SCRATCH_SEED, resources=resources, phase=view["phase"])


def scratch_for(resources: ResourceSet) -> ScratchMatch:
    """A CPU's reusable scratch match on this content (see the module docstring)."""
    content = content_of(resources)
    return ScratchMatch(lambda view: new_match(view, resources), scratch_setup,
                        restore=lambda match, setup, previous: restore_position(
                            match, content, setup, previous))


def scratch_match(view: dict[str, Any], resources: ResourceSet) -> Match:
    """A one-off match at the view's position, events off (the caller closes it): a screen's
    preview of a remote view, a test. `scratch_setup` is the same position as a checked
    setup."""
    content = content_of(resources)
    return restored_match(ConquestRules(content, str(view.get("rules", "1"))),
                          lambda match: restore_position(match, content, scratch_setup(view)),
                          resources=resources, phase=view["phase"], seed=SCRATCH_SEED)


# Look-ahead decisions are planned by the rules' own queries, so they are submitted trusted
# (`Match.submit(trusted=True)`: the rules resolve their intents without checking them again).
# Tests switch this on to prove that every one of them would be accepted.
CHECKED = False


def submit(match: Match, decision: dict[str, Any]) -> None:
    """Apply a planned decision to a scratch match. With `CHECKED`, checked, and a
    rejection is a CPU bug."""
    outcome = match.submit(decision, trusted=not CHECKED)
    if isinstance(outcome, Rejection):
        raise ScratchError(f"the CPU planned an illegal decision {decision}: "
                           f"{outcome.error} ({outcome.message})")


@dataclass(frozen=True, slots=True)
class Preview:
    """What one previewed resolution tells: its `last_result`, the match result (or None) and
    both hands after this battle's discard and recycle."""

    last: dict[str, Any]
    result: dict[str, Any] | None
    hands: tuple[tuple[str, ...], tuple[str, ...]]


def unit_strength(match: Match, unit_id: str) -> int:
    """Strength of a unit named by id (it may be dead after a preview): from its kind letter."""
    content = world.content(match)
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
        with match.active():
            last = world.board(match).last.result
            hands = (world.hand(match, 0), world.hand(match, 1))
        assert last is not None
        return Preview(last, match.result, hands)
    finally:
        match.rollback(mark)


Picks = tuple[list[str], list[str]] | tuple[tuple[str, ...], tuple[str, ...]]


def _battle_args(match: Match, picks: Picks, cards: tuple[str, str],
                 main: list[Any] | None) -> tuple[Any, ...]:
    index = world.units_by_id(match)
    content = world.content(match)
    return (match, world.current_site(match), [[index[uid] for uid in picks[s]] for s in (0, 1)],
            [content.cards[cards[0]], content.cards[cards[1]]], main)


def judge_battle(match: Match, picks: Picks, cards: tuple[str, str],
                 main: list[Any] | None = None) -> Verdict:
    """The rules' verdict on the current battle with these picks and cards (who wins, card
    casualties, trapped units), read without playing it: what `preview_battle` would report
    of them, at a fraction of the cost, for levels that need nothing else. `main`: the
    site's `scoring.main_armies`, read once by a caller that judges the battle many times."""
    return judge(*_battle_args(match, picks, cards, main))


def battle_winner(match: Match, picks: Picks, cards: tuple[str, str],
                  main: list[Any] | None = None) -> int | None:
    """Only the winner of `judge_battle` (None for a draw): its scoring steps alone."""
    return score(*_battle_args(match, picks, cards, main)).winner


def current_picks(match: Match) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Both seats' picks of the current battle (public from Choose Cards on)."""
    return (world.ids(world.picks(match, 0)), world.ids(world.picks(match, 1)))


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
