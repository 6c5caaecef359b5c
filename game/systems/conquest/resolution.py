"""Battle resolution (spec conquest.md 4.11.1), the moment both cards are confirmed: the
systems of the `resolution` step, in order.

Abilities, attack, defence, scores and the winner are the verdict of the modifier pipeline
(game.systems.conquest.scoring), put on the battle as its `Outcome`; then card casualties and
trapped units die, both cards are discarded (a hand recycled), the battle is `done` with its
`last_result`, the win checks run (game.systems.conquest.endgame), and the loser's survivors
(both seats' after a draw) must retreat, or the next battle starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.components.conquest import Outcome
from game.engine.commands import Attach, remove
from game.engine.schedule import System
from game.systems.conquest import world
from game.systems.conquest.commands import (
    Discard,
    KillUnit,
    RecordResult,
    Recycle,
    StartRetreat,
)
from game.systems.conquest.scoring import judge

if TYPE_CHECKING:
    from game.engine.match import Match


class RevealCards(System):
    """Both chosen cards are shown (`cards_revealed`)."""

    name = "reveal_cards"

    def process(self, match: Match) -> None:
        if match.events.enabled:
            match.emit("cards_revealed", cards=world.chosen_ids(match))


class Judge(System):
    """4.11.1 steps 1-4: the verdict of the current battle with the seats' picks and cards,
    on the battle as its `Outcome`."""

    name = "judge"

    def process(self, match: Match) -> None:
        battle = world.current_battle(match)
        content = world.content(match)
        chosen = world.chosen_ids(match)
        picks = [world.picks(match, s) for s in (0, 1)]
        cards = [content.cards[chosen[0]], content.cards[chosen[1]]]  # type: ignore[index]
        Attach(Outcome(judge(match, battle.site.tile, picks, cards),
                       (world.ids(picks[0]), world.ids(picks[1])))).target(battle.entity).run(match)


class Casualties(System):
    """4.11.1 step 5: the card casualties, then the trapped units, leave the board (each
    seat in canonical order)."""

    name = "casualties"

    def process(self, match: Match) -> None:
        verdict = world.current_outcome(match)
        for s in (0, 1):
            for u in sorted(verdict.casualties[s], key=world.canonical):
                KillUnit(u.entity, u.ident.id, u.pos.tile, "casualty").run(match)
        index = world.units_by_id(match)
        for s in (0, 1):
            for uid in verdict.trapped[s]:
                u = index[uid]
                KillUnit(u.entity, uid, u.pos.tile, "trapped").run(match)


class DiscardCards(System):
    """4.14.2-4.14.3: both played cards go to their discard piles; an emptied hand takes the
    whole pile back."""

    name = "discard_cards"

    def process(self, match: Match) -> None:
        chosen = world.chosen(match)
        for s in (0, 1):
            card = chosen[s]
            assert card is not None
            Discard(card, s, world.card_def(match, card).id, world.pile(match, 1, s)).run(match)
            if not world.hand(match, s):
                Recycle(s).run(match)


class BattleDone(System):
    """4.11.1 step 7: the battle is `done`, `last_result` written (6.3), the cards chosen
    and the picks cleared."""

    name = "battle_done"

    def process(self, match: Match) -> None:
        battle = world.current_battle(match)
        outcome = esper.component_for_entity(battle.entity, Outcome)
        verdict = outcome.verdict
        scored = verdict.scored
        chosen = world.chosen_ids(match)
        casualties = [sorted(verdict.casualties[s], key=world.canonical) for s in (0, 1)]
        result: dict[str, Any] = {
            "number": battle.battle.number, "tile": battle.site.tile, "cards": chosen,
            "reinforcements": [list(outcome.picks[0]), list(outcome.picks[1])],
            "abilities": [list(scored.active[0]), list(scored.active[1])],
            "attack": scored.attack, "defence": scored.defence,
            "score_parts": scored.parts, "scores": scored.scores,
            "winner": scored.winner, "reason": scored.reason,
            "casualties": [[u.ident.id for u in casualties[s]] for s in (0, 1)],
            "trapped": [list(verdict.trapped[s]) for s in (0, 1)],
        }
        RecordResult(result).run(match)


class RetreatOrNext(System):
    """4.11.1 step 9: the survivors that must leave start the retreat step, or the next
    battle starts; the `Outcome` is gone either way."""

    name = "retreat_or_next"

    def process(self, match: Match) -> None:
        battle = world.current_battle(match)
        verdict = world.current_outcome(match)
        remove(Outcome).target(battle.entity).run(match)
        if match.state.result is not None:
            return
        index = world.units_by_id(match)
        leaving = tuple(tuple(index[uid].entity for uid in verdict.must_leave[s]
                              if uid not in verdict.trapped[s]) for s in (0, 1))
        if leaving[0] or leaving[1]:
            StartRetreat(battle.site.tile, (leaving[0], leaving[1])).run(match)
            match.set_phase("retreat", tuple(s for s in (0, 1) if leaving[s]))
        else:
            match.goto("next_battle")
