"""Card abilities and commander passives of CardConquest (spec conquest.md 3.4, 4.11.2) as
registered conditions and effects, and the trigger that runs them in a battle.

An ability is data (`abilities.toml`): an `effect` registered here with its parameters, and
optional `when` conditions registered here with theirs. In a battle each seat's chosen card
holds its card's ability and each seat's commander holds its army's passives
(`armies.toml` `passives`); the ability trigger listens at the mode's hook point
`conquest.battle`, which the scoring pass fires (game.systems.conquest.scoring): for every
holder it gets the engine's `TriggerContext` and, when every condition holds, the effect's
boosts, which the pass turns into modifiers of the battle score, attack or defence. An
ability is *active* when its conditions (and its effect's own) hold, even if its boost is zero.

Every condition and effect reads the printed card values and the armies as they stand before
any ability applies, and nothing else of the match: the site's owner, the kinds of both main
armies and pick sets and the printed cards of both seats. So no ability sees another's effect
and evaluation order never matters. No rule branches on an ability's name or number.

The spec's ten effects (`pure_force_score`...) are registered here as compositions of the
same conditions and boosts; a mod composes its own in TOML (docs/modding.md), never code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from game.engine.effects import EffectRegistry, NoParams
from game.engine.triggers import TriggerContext

if TYPE_CHECKING:
    from game.engine.match import Match

EFFECTS = EffectRegistry("conquest")
CONDITIONS = EffectRegistry("conquest conditions")
BATTLE = "conquest.battle"  # the hook point where abilities act (fired by the scoring pass)
Kind = Literal["tank", "infantry"]
MAX_PARAM = 99  # every number of an ability (a score, a value, a unit count)


class BattleSide(NamedTuple):
    """What an ability of seat s reads (o = the opponent): unit kinds of the main armies and
    reinforcements, the printed card values, the strength of o's picks, and whether the site
    is s's own base or o's."""

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
    enemy_base: bool = False
    enemy_reinforcement_strength: int = 0


@dataclass(frozen=True, slots=True)
class Boost:
    """What an active ability adds: to `value` ("score", "attack" or "defence") of its seat,
    or of the opponent's with `opponent`, counted in the score part `part`."""

    value: str
    amount: int
    part: str = "ability"
    opponent: bool = False


Boosts = tuple[Boost, ...] | None  # None: the ability is not active


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class KindParam(_Params):
    kind: Kind


class KindCount(_Params):
    kind: Kind
    at_least: int = Field(default=1, ge=0, le=MAX_PARAM)


class KindBelow(_Params):
    kind: Kind
    below: int = Field(ge=0, le=MAX_PARAM)


class PowerParam(_Params):
    power: int = Field(ge=0, le=MAX_PARAM)


class AttackParam(_Params):
    attack: int = Field(ge=0, le=MAX_PARAM)


class DefenceParam(_Params):
    defence: int = Field(ge=0, le=MAX_PARAM)


class Score(_Params):
    score: int = Field(ge=0, le=MAX_PARAM)


class PerUnit(_Params):
    kind: Kind
    count_reinforcements: bool


class KindScore(_Params):
    kind: Kind
    score: int = Field(ge=0, le=MAX_PARAM)


class KindAttack(_Params):
    kind: Kind
    attack: int = Field(ge=0, le=MAX_PARAM)


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


# -- conditions (plain helpers first: the composed effects call them directly) -------------------
def _count(units: tuple[str, ...], kind: str) -> int:
    return sum(k == kind for k in units)


@CONDITIONS.register("own_force_only", KindParam)
def own_force_only(side: BattleSide, p: KindParam) -> bool:
    """M_s + R_s is not empty and holds only units of `kind`."""
    return _pure(side.main + side.reinforcements, p.kind)


@CONDITIONS.register("enemy_main_only", KindParam)
def enemy_main_only(side: BattleSide, p: KindParam) -> bool:
    """M_o is not empty and holds only units of `kind` (R_o ignored)."""
    return _pure(side.enemy_main, p.kind)


@CONDITIONS.register("main_army_has", KindCount)
def main_army_has(side: BattleSide, p: KindCount) -> bool:
    """M_s holds at least `at_least` units of `kind`."""
    return _count(side.main, p.kind) >= p.at_least


@CONDITIONS.register("enemy_main_fewer", KindBelow)
def enemy_main_fewer(side: BattleSide, p: KindBelow) -> bool:
    """M_o holds fewer than `below` units of `kind`."""
    return _count(side.enemy_main, p.kind) < p.below


@CONDITIONS.register("no_own_reinforcements")
def no_own_reinforcements(side: BattleSide, p: NoParams) -> bool:
    return not side.reinforcements


@CONDITIONS.register("enemy_reinforced")
def enemy_reinforced(side: BattleSide, p: NoParams) -> bool:
    return bool(side.enemy_reinforcements)


@CONDITIONS.register("enemy_card_power", PowerParam)
def enemy_card_power(side: BattleSide, p: PowerParam) -> bool:
    """The opponent's card has printed power `power`."""
    return side.enemy_power == p.power


@CONDITIONS.register("enemy_card_attack_at_least", AttackParam)
def enemy_card_attack_at_least(side: BattleSide, p: AttackParam) -> bool:
    """The opponent's card has printed attack `attack` or more."""
    return side.enemy_attack >= p.attack


@CONDITIONS.register("card_power_above_enemy")
def card_power_above_enemy(side: BattleSide, p: NoParams) -> bool:
    """The own card's printed power is above the opponent's."""
    return side.power > side.enemy_power


@CONDITIONS.register("defending_own_base")
def defending_own_base(side: BattleSide, p: NoParams) -> bool:
    return side.own_base


@CONDITIONS.register("attacking_enemy_base")
def attacking_enemy_base(side: BattleSide, p: NoParams) -> bool:
    """The battle is on the opponent's base."""
    return side.enemy_base


# -- effects: boosts -----------------------------------------------------------------------------
def _score(amount: int) -> Boosts:
    return (Boost("score", amount),)


def _attack(amount: int) -> Boosts:
    return (Boost("attack", amount),)


def _per_unit(side: BattleSide, kind: str, count_reinforcements: bool) -> Boosts:
    counted = side.main + (side.reinforcements if count_reinforcements else ())
    return _score(_count(counted, kind))


def _cancel(side: BattleSide) -> Boosts:
    return (Boost("score", -side.enemy_reinforcement_strength, "cancelled", opponent=True),)


@EFFECTS.register("score", Score)
def score(side: BattleSide, p: Score) -> Boosts:
    """Battle score + `score`."""
    return _score(p.score)


@EFFECTS.register("attack", AttackParam)
def attack(side: BattleSide, p: AttackParam) -> Boosts:
    """Attack value + `attack`."""
    return _attack(p.attack)


@EFFECTS.register("defence", DefenceParam)
def defence(side: BattleSide, p: DefenceParam) -> Boosts:
    """Defence value + `defence`."""
    return (Boost("defence", p.defence),)


@EFFECTS.register("score_per_unit", PerUnit)
def score_per_unit(side: BattleSide, p: PerUnit) -> Boosts:
    """Battle score + 1 for each own unit of `kind` in the main army (and the picks with
    `count_reinforcements`)."""
    return _per_unit(side, p.kind, p.count_reinforcements)


@EFFECTS.register("attack_equals_defence")
def attack_equals_defence(side: BattleSide, p: NoParams) -> Boosts:
    """The attack value becomes the card's printed defence value."""
    return _attack(side.defence - side.attack)


@EFFECTS.register("cancel_reinforcements")
def cancel_reinforcements(side: BattleSide, p: NoParams) -> Boosts:
    """The opponent loses the strength of its reinforcements from its score (they still
    exist for casualties and every other check): its score part `cancelled`."""
    return _cancel(side)


# -- the spec's ten effects (3.4), composed of the same conditions and boosts --------------------
@EFFECTS.register("pure_force_score", KindScore)
def pure_force_score(side: BattleSide, p: KindScore) -> Boosts:
    """#1: M_s + R_s not empty and only of `kind`: score + `score`."""
    return _score(p.score) if _pure(side.main + side.reinforcements, p.kind) else None


@EFFECTS.register("enemy_main_pure_attack", KindAttack)
def enemy_main_pure_attack(side: BattleSide, p: KindAttack) -> Boosts:
    """#2: the enemy main army is not empty and only of `kind` (R_o ignored): attack + n."""
    return _attack(p.attack) if _pure(side.enemy_main, p.kind) else None


@EFFECTS.register("lone_stand_score", Score)
def lone_stand_score(side: BattleSide, p: Score) -> Boosts:
    """#3: s did not reinforce but o did: score + `score`."""
    return _score(p.score) if not side.reinforcements and side.enemy_reinforcements else None


@EFFECTS.register("per_unit_vs_few", VsFew)
def per_unit_vs_few(side: BattleSide, p: VsFew) -> Boosts:
    """#4, #5: fewer than `below` enemy main units of `enemy_kind`: +1 per own `count_kind`
    unit of the main army (and of the reinforcements when `count_reinforcements`)."""
    if _count(side.enemy_main, p.enemy_kind) >= p.below:
        return None
    return _per_unit(side, p.count_kind, p.count_reinforcements)


@EFFECTS.register("attack_from_defence", EnemyPower)
def attack_from_defence(side: BattleSide, p: EnemyPower) -> Boosts:
    """#6: the enemy card's printed power is `enemy_power`: attack = own printed defence."""
    return _attack(side.defence - side.attack) if side.enemy_power == p.enemy_power else None


@EFFECTS.register("defence_vs_attack", DefenceVsAttack)
def defence_vs_attack(side: BattleSide, p: DefenceVsAttack) -> Boosts:
    """#7: the enemy card's printed attack is at least `at_least`: defence + `defence`."""
    return (Boost("defence", p.defence),) if side.enemy_attack >= p.at_least else None


@EFFECTS.register("cancel_enemy_reinforcements", NoParams)
def cancel_enemy_reinforcements(side: BattleSide, p: NoParams) -> Boosts:
    """#8: no own reinforcements and a higher printed power: o loses str(R_o) of score
    (listed even when it cancels nothing)."""
    if side.reinforcements or side.power <= side.enemy_power:
        return None
    return _cancel(side)


@EFFECTS.register("home_base_score", Score)
def home_base_score(side: BattleSide, p: Score) -> Boosts:
    """#9: the battle is on s's own base: score + `score` (on top of the base bonus)."""
    return _score(p.score) if side.own_base else None


@EFFECTS.register("pure_force_attack", KindAttack)
def pure_force_attack(side: BattleSide, p: KindAttack) -> Boosts:
    """#10: M_s + R_s not empty and only of `kind`: attack + `attack`."""
    return _attack(p.attack) if _pure(side.main + side.reinforcements, p.kind) else None


# -- abilities and their trigger -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AbilityDef:
    """One ability of `abilities.toml`, bound: its effect and the conditions it needs."""

    number: int
    label: str
    effect: str
    params: BaseModel
    conditions: tuple[tuple[str, BaseModel], ...] = ()

    def run(self, side: BattleSide) -> Boosts:
        """The ability's boosts for the seat whose `side` this is, or None when inactive."""
        for name, params in self.conditions:
            if not CONDITIONS.get(name).fn(side, params):
                return None
        return EFFECTS.get(self.effect).fn(side, self.params)


def on_battle(match: Match, fight: object) -> None:
    """The ability trigger at `conquest.battle`: every ability the fight's holders hold (each
    seat's chosen card, each seat's commander) runs with its context; the fight takes the
    boosts of the active ones."""
    for seat, holder, ability, component in fight.holders(match):  # type: ignore[attr-defined]
        boosts = ability.run(fight.side(seat))  # type: ignore[attr-defined]
        if boosts is not None:
            fight.activate(TriggerContext(match, holder, fight, ability, component), seat,
                           boosts)  # type: ignore[attr-defined]


def install(match: Match) -> None:
    """The ability trigger of one match (from `Rules.install`)."""
    match.hooks.listen(BATTLE, on_battle)
