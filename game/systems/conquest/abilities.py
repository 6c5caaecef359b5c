"""Card abilities of CardConquest (spec conquest.md 3.4 and 4.11.2) as registered effects.

`abilities.toml` names an effect and its parameters; each effect here reads the printed card
values and the armies as they stand before any ability applies, and returns what it adds (an
`AbilityOutcome`). An ability is *active* when its condition holds, even if its effect is zero.
The resolution turns outcomes into hook-pipeline modifiers (#6 replaces the attack base value;
the others add), so no ability sees another's effect and evaluation order never matters.
A mod composes these effects with new parameters; it can never add code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.engine.effects import EffectRegistry, NoParams

EFFECTS = EffectRegistry("conquest")
Kind = Literal["tank", "infantry"]


@dataclass(frozen=True, slots=True)
class BattleSide:
    """What an ability of seat s reads (o = the opponent): unit kinds of the main armies and
    reinforcements, the printed card values, and whether the site is s's own base."""

    main: tuple[str, ...]
    reinforcements: tuple[str, ...]
    enemy_main: tuple[str, ...]
    enemy_reinforcements: tuple[str, ...]
    power: int
    attack: int
    defence: int
    enemy_power: int
    enemy_attack: int
    enemy_defence: int
    own_base: bool


@dataclass(frozen=True, slots=True)
class AbilityOutcome:
    """An ability's effect for the seat that played it (all zero when inactive)."""

    active: bool
    score: int = 0
    attack_add: int = 0
    attack_base: int | None = None  # replaces the printed attack as the base value (#6)
    defence_add: int = 0
    cancel_enemy_reinforcements: bool = False  # o score - str(R_o) (#8)


INACTIVE = AbilityOutcome(False)


MAX_PARAM = 99  # every number of an ability (a score, a value, a unit count)


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class KindScore(_Params):
    kind: Kind
    score: int = Field(ge=0, le=MAX_PARAM)


class KindAttack(_Params):
    kind: Kind
    attack: int = Field(ge=0, le=MAX_PARAM)


class Score(_Params):
    score: int = Field(ge=0, le=MAX_PARAM)


class VsFew(_Params):
    enemy_kind: Kind
    below: int = Field(ge=0, le=MAX_PARAM)
    count_kind: Kind
    count_reinforcements: bool


class EnemyPower(_Params):
    enemy_power: int = Field(ge=0, le=MAX_PARAM)


class DefenceVsAttack(_Params):
    at_least: int = Field(ge=0, le=MAX_PARAM)
    defence: int = Field(ge=0, le=MAX_PARAM)


def _pure(units: tuple[str, ...], kind: str) -> bool:
    """Not empty, and every unit of `kind` (#1: "has inf but no tanks")."""
    return bool(units) and all(k == kind for k in units)


@EFFECTS.register("pure_force_score", KindScore)
def pure_force_score(side: BattleSide, p: KindScore) -> AbilityOutcome:
    """#1: M_s + R_s not empty and only of `kind`: score + `score`."""
    if _pure(side.main + side.reinforcements, p.kind):
        return AbilityOutcome(True, score=p.score)
    return INACTIVE


@EFFECTS.register("enemy_main_pure_attack", KindAttack)
def enemy_main_pure_attack(side: BattleSide, p: KindAttack) -> AbilityOutcome:
    """#2: the enemy main army is not empty and only of `kind` (R_o ignored): attack + n."""
    if _pure(side.enemy_main, p.kind):
        return AbilityOutcome(True, attack_add=p.attack)
    return INACTIVE


@EFFECTS.register("lone_stand_score", Score)
def lone_stand_score(side: BattleSide, p: Score) -> AbilityOutcome:
    """#3: s did not reinforce but o did: score + `score`."""
    if not side.reinforcements and side.enemy_reinforcements:
        return AbilityOutcome(True, score=p.score)
    return INACTIVE


@EFFECTS.register("per_unit_vs_few", VsFew)
def per_unit_vs_few(side: BattleSide, p: VsFew) -> AbilityOutcome:
    """#4, #5: fewer than `below` enemy main units of `enemy_kind`: +1 per own `count_kind`
    unit of the main army (and of the reinforcements when `count_reinforcements`)."""
    if sum(k == p.enemy_kind for k in side.enemy_main) >= p.below:
        return INACTIVE
    counted = side.main + (side.reinforcements if p.count_reinforcements else ())
    return AbilityOutcome(True, score=sum(k == p.count_kind for k in counted))


@EFFECTS.register("attack_from_defence", EnemyPower)
def attack_from_defence(side: BattleSide, p: EnemyPower) -> AbilityOutcome:
    """#6: the enemy card's printed power is `enemy_power`: attack = own printed defence."""
    if side.enemy_power == p.enemy_power:
        return AbilityOutcome(True, attack_base=side.defence)
    return INACTIVE


@EFFECTS.register("defence_vs_attack", DefenceVsAttack)
def defence_vs_attack(side: BattleSide, p: DefenceVsAttack) -> AbilityOutcome:
    """#7: the enemy card's printed attack is at least `at_least`: defence + `defence`."""
    if side.enemy_attack >= p.at_least:
        return AbilityOutcome(True, defence_add=p.defence)
    return INACTIVE


@EFFECTS.register("cancel_enemy_reinforcements", NoParams)
def cancel_enemy_reinforcements(side: BattleSide, p: NoParams) -> AbilityOutcome:
    """#8: no own reinforcements and a higher printed power: o loses str(R_o) of score
    (listed even when it cancels nothing)."""
    if not side.reinforcements and side.power > side.enemy_power:
        return AbilityOutcome(True, cancel_enemy_reinforcements=True)
    return INACTIVE


@EFFECTS.register("home_base_score", Score)
def home_base_score(side: BattleSide, p: Score) -> AbilityOutcome:
    """#9: the battle is on s's own base: score + `score` (on top of the base bonus)."""
    return AbilityOutcome(True, score=p.score) if side.own_base else INACTIVE


@EFFECTS.register("pure_force_attack", KindAttack)
def pure_force_attack(side: BattleSide, p: KindAttack) -> AbilityOutcome:
    """#10: M_s + R_s not empty and only of `kind`: attack + `attack`."""
    if _pure(side.main + side.reinforcements, p.kind):
        return AbilityOutcome(True, attack_add=p.attack)
    return INACTIVE


def evaluate(effect: str, params: BaseModel, side: BattleSide) -> AbilityOutcome:
    """Run a registered effect with its validated parameters."""
    return EFFECTS.get(effect).fn(side, params)
