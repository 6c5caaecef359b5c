"""Battle resolution (spec conquest.md 4.11.1-4.11.6), the moment both cards are confirmed.

Order: abilities (all at once, on printed values) -> scores, winner and reason -> card
casualties -> who must retreat and trapped units -> the dead are removed -> both cards are
discarded -> the battle is `done` and `last_result` written -> win checks -> Retreat, or
after-battle when nobody has to move.

Attack, defence and score run through the engine's hook pipeline: the rule computes the base
value (the printed attack, or the printed defence when #6 replaces it; army + base + picks +
card for the score), abilities add modifiers, and `gather` picks up any modifier components
present on the hooks `conquest.attack`, `conquest.defence` and `conquest.score`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import esper

from game.components.common import Modifier
from game.engine.hooks import applies, apply_layers
from game.systems.conquest import battle, endgame, hands, retreat
from game.systems.conquest.abilities import INACTIVE, AbilityOutcome, BattleSide, evaluate
from game.systems.conquest.state import canonical_key, destroy, index

if TYPE_CHECKING:
    from game.components.conquest import ConquestUnit
    from game.engine.match import Match
    from game.systems.conquest.content import CardDef
    from game.systems.conquest.state import Index

BASE_DEFENCE_BONUS = 2


def _hooked(hook: str, base: int, adds: list[tuple[int, str]]) -> int:
    # CardConquest moves onto the engine's modifier pipeline in its own issue; until then a
    # `Modifier` component of any role still counts here (none is made today).
    gathered = [m for _, m in sorted(esper.get_component(Modifier), key=lambda em: em[0])
                if applies(m, hook, None, None)]
    if not gathered:  # the usual case, and the CPUs' previews: additions only
        return base + sum(amount for amount, _ in adds)
    modifiers = [*gathered, *(Modifier(hook, "add", amount, tag=tag)
                              for amount, tag in adds if amount)]
    return int(apply_layers(base, modifiers))


def ability_outcomes(idx: Index, site: str, main: list[list[ConquestUnit]],
                     reinf: list[list[ConquestUnit]], cards: list[CardDef]
                     ) -> list[AbilityOutcome]:
    """4.11.2 for both seats, each on printed values and the armies before any effect."""
    out = []
    for s in (0, 1):
        o = 1 - s
        number = cards[s].ability
        if number is None:
            out.append(INACTIVE)
            continue
        ability = idx.content.abilities[number]
        side = BattleSide(
            main=tuple(u.kind for u in main[s]), reinforcements=tuple(u.kind for u in reinf[s]),
            enemy_main=tuple(u.kind for u in main[o]),
            enemy_reinforcements=tuple(u.kind for u in reinf[o]),
            power=cards[s].power, attack=cards[s].attack, defence=cards[s].defence,
            enemy_power=cards[o].power, enemy_attack=cards[o].attack,
            enemy_defence=cards[o].defence, own_base=idx.content.base_owner(site) == s)
        out.append(evaluate(ability.effect, ability.params, side))
    return out


def winner_of(scores: list[int], cards: list[CardDef], main: list[list[ConquestUnit]]
              ) -> tuple[int | None, str]:
    """4.11.4: score, then printed power, then main-army infantry, else a draw."""
    if scores[0] != scores[1]:
        return (0 if scores[0] > scores[1] else 1), "score"
    if cards[0].power != cards[1].power:
        return (0 if cards[0].power > cards[1].power else 1), "power"
    infantry = [sum(u.kind == "infantry" for u in main[s]) for s in (0, 1)]
    if infantry[0] != infantry[1]:
        return (0 if infantry[0] > infantry[1] else 1), "infantry"
    return None, "draw"


def card_casualties(k: int, main: list[ConquestUnit], reinf: list[ConquestUnit]
                    ) -> list[ConquestUnit]:
    """4.11.5: k main-army units die; beyond the main army, as many picks as remain (capped by
    the picks), tanks first then canonical order (which is canonical order itself)."""
    if k <= 0:
        return []
    if k <= len(main):
        return main[:k]
    return main + reinf[:min(k - len(main), len(reinf))]


@dataclass(frozen=True, slots=True)
class Scores:
    """Steps 1-2 of a resolution: abilities, attack, defence, scores and the winner."""

    main: list[list[ConquestUnit]]
    outcomes: list[AbilityOutcome]
    attack: list[int]
    defence: list[int]
    parts: list[dict[str, int]]
    scores: list[int]
    winner: int | None
    reason: str


def score(idx: Index, site: str, reinf: list[list[ConquestUnit]], cards: list[CardDef]
          ) -> Scores:
    """Who wins the battle on `site` with these picks and cards, and why (4.11.2-4.11.4)."""
    owner = idx.content.base_owner(site)
    main = [idx.on_tile(site, s) for s in (0, 1)]

    # 1. abilities; attack and defence after them
    outcomes = ability_outcomes(idx, site, main, reinf, cards)
    attack = [_hooked("conquest.attack",
                      cards[s].attack if outcomes[s].attack_base is None
                      else outcomes[s].attack_base,
                      [(outcomes[s].attack_add, "ability")]) for s in (0, 1)]
    defence = [_hooked("conquest.defence", cards[s].defence,
                       [(outcomes[s].defence_add, "ability")]) for s in (0, 1)]

    # 2. scores, winner and reason (4.11.3, 4.11.4)
    parts: list[dict[str, int]] = []
    scores = []
    for s in (0, 1):
        cancelled = -idx.strength(reinf[s]) if outcomes[1 - s].cancel_enemy_reinforcements else 0
        part = {"army": idx.strength(main[s]), "base": BASE_DEFENCE_BONUS if owner == s else 0,
                "reinforcements": idx.strength(reinf[s]), "card": cards[s].power,
                "ability": outcomes[s].score, "cancelled": cancelled}
        parts.append(part)
        base = part["army"] + part["base"] + part["reinforcements"] + part["card"]
        scores.append(_hooked("conquest.score", base,
                              [(part["ability"], "ability"), (cancelled, "cancelled")]))
    winner, reason = winner_of(scores, cards, main)
    return Scores(main, outcomes, attack, defence, parts, scores, winner, reason)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Steps 1-4 of a resolution (4.11.2-4.11.7), read from the position without changing it:
    what the rules then carry out, and what a CPU previewing a battle wants to know."""

    scored: Scores
    casualties: list[list[ConquestUnit]]  # per seat, tanks first then canonical order
    must_leave: list[list[str]]
    trapped: list[list[str]]

    @property
    def winner(self) -> int | None:
        return self.scored.winner


def judge(idx: Index, site: str, reinf: list[list[ConquestUnit]], cards: list[CardDef]
          ) -> Verdict:
    """The verdict of the battle on `site` with these picks and cards (4.11.2-4.11.7)."""
    scored = score(idx, site, reinf, cards)
    owner = idx.content.base_owner(site)
    main, attack, defence, winner = scored.main, scored.attack, scored.defence, scored.winner

    # 3. card casualties (4.11.5)
    casualties: list[list[ConquestUnit]] = [[], []]
    if winner is not None:
        loser = 1 - winner
        casualties[loser] = card_casualties(attack[winner] - defence[loser], main[loser],
                                            reinf[loser])
    dead = {u.id for u in casualties[0] + casualties[1]}

    # 4. who must retreat, trapped units (4.11.6, 4.11.7)
    must_leave: list[list[str]] = [[], []]
    if winner is not None:
        if 1 - winner != owner:  # a losing base owner neither retreats nor is trapped
            must_leave[1 - winner] = [u.id for u in main[1 - winner] if u.id not in dead]
    else:
        for s in (0, 1):
            if s != owner:
                must_leave[s] = [u.id for u in main[s]]
    trapped = [retreat.trapped_units(idx, s, site, must_leave[s], dead) for s in (0, 1)]
    return Verdict(scored, casualties, must_leave, trapped)


def resolve(match: Match) -> None:
    """Resolve the current battle (4.11.1)."""
    idx = index(match)
    b = idx.board
    number = b.current_battle
    site = battle.site_of(idx, number)
    reinf = [[idx.by_id[uid] for uid in b.reinforcements[s]] for s in (0, 1)]
    chosen = [b.cards_chosen[0], b.cards_chosen[1]]
    assert chosen[0] is not None and chosen[1] is not None
    cards = [idx.content.cards[chosen[0]], idx.content.cards[chosen[1]]]
    match.emit("cards_revealed", cards=list(chosen))
    verdict = judge(idx, site, reinf, cards)
    scored = verdict.scored
    outcomes, winner, trapped, must_leave = (scored.outcomes, scored.winner, verdict.trapped,
                                             verdict.must_leave)

    # 5. the dead leave the board
    casualties = [sorted(verdict.casualties[s], key=canonical_key) for s in (0, 1)]
    for s in (0, 1):
        for unit in casualties[s]:
            _kill(match, unit, "casualty")
    for s in (0, 1):
        for uid in trapped[s]:
            _kill(match, idx.by_id[uid], "trapped")

    # 6. both played cards are discarded (4.14)
    for s in (0, 1):
        hands.discard(match, s, chosen[s])

    # 7. the battle is done; last_result
    result: dict[str, Any] = {
        "number": number, "tile": site, "cards": list(chosen),
        "reinforcements": [list(b.reinforcements[0]), list(b.reinforcements[1])],
        "abilities": [[cards[s].ability] if outcomes[s].active else [] for s in (0, 1)],
        "attack": scored.attack, "defence": scored.defence,
        "score_parts": scored.parts, "scores": scored.scores,
        "winner": winner, "reason": scored.reason,
        "casualties": [[u.id for u in casualties[s]] for s in (0, 1)],
        "trapped": [list(trapped[s]) for s in (0, 1)],
    }
    match.journal.set(b, battles=tuple((n, t, "done" if n == number else st)
                                       for n, t, st in b.battles),
                      last_result=result, cards_chosen=(None, None),
                      reinforcements=((), ()), ready=(False, False))
    match.emit("battle_resolved", result=result)

    # 8. win checks; 9. retreat or after-battle
    if endgame.after_resolution(match, site, winner):
        return
    leaving = tuple(tuple(uid for uid in must_leave[s] if uid not in trapped[s])
                    for s in (0, 1))
    if leaving[0] or leaving[1]:
        retreat.start(match, site, (leaving[0], leaving[1]))
    else:
        battle.after_battle(match, after_retreat=False)


def _kill(match: Match, unit: ConquestUnit, cause: str) -> None:
    match.emit("unit_destroyed", unit=unit.id, tile=unit.tile, cause=cause)
    destroy(match, unit)
