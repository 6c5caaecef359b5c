"""Keywords: what a card's `effect` does, declared as data from registered effects
(docs/modding.md "A new keyword with no code (Kingdom)").

A card names one keyword (`effect = "cleave"`); `rules.toml` declares each keyword under
`[effects.<id>]`: its glossary entry (archetype and text, spec 3.4), the attack style of its
units (`attack`: a registered style, "melee" by default) and its `triggers`, in the engine's
trigger shape (`on`, `do`, `role`, the effect's parameters; game.engine.triggers). The effects a
trigger may name are registered here with the hook points they may run at:

| effect | at | what |
|---|---|---|
| `income` (`value` 1) | `turn_start` | upkeep: +value coins, after tax and base income (4.8) |
| `tax` (`value` 1) | `turn_start` | upkeep: -value coins, paid first, never below 0 (4.8) |
| `heal` (`value` 1) | `start_of_combat` | the own Nexus heals value, capped (4.6.1 step 1) |
| `aura` (`atk` 1, `def` 1) | `start_of_combat` | modifiers lent to the adjacent friendly units: the frozen snapshot gathers them (4.6.1 step 2) |
| `guardian` | `on_death` (role "any") | dies instead of an adjacent friendly unit that would die, once (4.6.4) |
| `overkillHeal` | `on_kill` (role "source") | the own Nexus heals ATK - victim DEF (4.6.5) |
| `cleave` (`value`: ATK) | `on_kill`, `melee_hit` | the enemy Nexus takes the holder's ATK, or `value` (4.6.5) |

Hook points, and whom `role` names there (the holder is always the keyword's unit):
`turn_start` (its seat's upkeep) and `start_of_combat` (the holder itself, role "target");
`melee_hit` (a melee attack hits a unit: role "target" is the unit hit, "source" the
attacker); `on_kill` (a melee attack's target died: "source" is the attacker, "target" the
victim); `on_death` (a unit would die: role "any", every holder in (seat, slot) order, the
guardian step's left-first order).

So a mod adds a keyword in TOML only, e.g. thorns, "when a melee attacker hits this unit, 1
damage to the attacker's Nexus": `triggers = [{on = "melee_hit", do = "cleave", value = 1}]`.
No rule branches on a keyword's id: the combat runs each unit's triggers at its points, the
upkeep tallies them, and the CPUs ask a keyword what its effects do (`lends`, `saves`,
`drains`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from game.components.common import Modifier
from game.engine.effects import Effect, EffectRegistry, NoParams
from game.engine.triggers import BoundTrigger, TriggerEntry, check_triggers

if TYPE_CHECKING:
    from game.systems.kingdom.combat import Combat, Fighter

# Trigger effects of keywords (they act on a combat or an upkeep, never on engine commands) and
# the attack styles of the combat (registered in game.systems.kingdom.combat).
KEYWORD_EFFECTS = EffectRegistry("kingdom keyword effects")
ATTACK_STYLES = EffectRegistry("kingdom attack styles")

TURN_START = "turn_start"
START_OF_COMBAT = "start_of_combat"
MELEE_HIT = "melee_hit"
ON_KILL = "on_kill"
ON_DEATH = "on_death"
HOOK_POINTS = frozenset({TURN_START, START_OF_COMBAT, MELEE_HIT, ON_KILL, ON_DEATH})
MAX_VALUE = 99  # a keyword's value: coins, HP or damage per trigger


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)


class Value(_Params):
    value: int = Field(default=1, ge=0, le=MAX_VALUE)


class OptionalValue(_Params):
    value: int | None = Field(default=None, ge=0, le=MAX_VALUE)


class AuraParams(_Params):
    atk: int = Field(default=1, ge=0, le=MAX_VALUE)
    defense: int = Field(default=1, ge=0, le=MAX_VALUE, alias="def")


@dataclass(slots=True)
class KeywordContext:
    """What a keyword's effect sees: the combat (or the upkeep tally), the unit whose keyword
    it is, the subject of the point (the unit hit, killed or dying; the tally) and the keyword."""

    combat: Any
    holder: Any
    subject: Any
    keyword: Keyword


@dataclass(slots=True)
class Tally:
    """One seat's upkeep keywords, summed (4.8): tax due and income units' coins."""

    tax: int = 0
    income: int = 0


# -- the registered effects ----------------------------------------------------------------------
@KEYWORD_EFFECTS.register("income", Value, points=(TURN_START,), roles=("target",))
def income(ctx: KeywordContext, params: Value) -> None:
    ctx.subject.income += params.value


@KEYWORD_EFFECTS.register("tax", Value, points=(TURN_START,), roles=("target",), drains=True)
def tax(ctx: KeywordContext, params: Value) -> None:
    ctx.subject.tax += params.value


@KEYWORD_EFFECTS.register("heal", Value, points=(START_OF_COMBAT,), roles=("target",))
def heal(ctx: KeywordContext, params: Value) -> None:
    ctx.combat.start_heal(ctx.holder, params.value)


@KEYWORD_EFFECTS.register("aura", AuraParams, points=(START_OF_COMBAT,), roles=("target",),
                          lends=True)
def aura(ctx: KeywordContext, params: AuraParams) -> None:
    holder: Fighter = ctx.holder
    combat: Combat = ctx.combat
    line = combat.lines[holder.seat]
    tag = ctx.keyword.id
    for slot in (holder.slot - 1, holder.slot + 1):
        if 0 <= slot < len(line) and line[slot] is not None:
            combat.lend(line[slot], Modifier("atk", "add", params.atk, tag=tag),
                        Modifier("def", "add", params.defense, tag=tag))


@KEYWORD_EFFECTS.register("guardian", NoParams, points=(ON_DEATH,), roles=("any",), saves=True)
def guardian(ctx: KeywordContext, params: NoParams) -> None:
    """A living, charged guardian that is not marked itself dies in place of the marked unit
    next to it (4.6.4)."""
    g: Fighter = ctx.holder
    v: Fighter = ctx.subject
    if (g.alive and v.marked and not g.marked and g.charge > 0 and g.seat == v.seat
            and abs(g.slot - v.slot) == 1):
        ctx.combat.sacrifice(g, v)


@KEYWORD_EFFECTS.register("overkillHeal", NoParams, points=(ON_KILL,), roles=("source",),
                          nexus="own")
def overkill_heal(ctx: KeywordContext, params: NoParams) -> None:
    holder, victim = ctx.holder, ctx.subject
    ctx.combat.heal_nexus(holder, holder.atk - victim.defense, ctx.keyword)


@KEYWORD_EFFECTS.register("cleave", OptionalValue, points=(ON_KILL, MELEE_HIT),
                          roles=("source", "target"), nexus="enemy")
def cleave(ctx: KeywordContext, params: OptionalValue) -> None:
    holder = ctx.holder
    amount = holder.atk if params.value is None else params.value
    ctx.combat.damage_enemy_nexus(holder, amount, ctx.keyword)


# -- keywords of a content -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BoundKeywordTrigger:
    """A keyword's trigger: its bound effect and the registered effect (what it does)."""

    on: str
    role: str
    fn: Callable[[KeywordContext, Any], None]
    params: BaseModel
    effect: Effect

    def run(self, combat: Any, holder: Any, subject: Any, keyword: Keyword) -> None:
        self.fn(KeywordContext(combat, holder, subject, keyword), self.params)


@dataclass(frozen=True)
class Keyword:
    """One declared keyword: its glossary entry, its units' attack style and its triggers by
    point, plus what the CPUs and the screens ask of it."""

    id: str
    archetype: str
    text: str
    name: str  # what a screen calls the keyword's trigger ("Cleave +3"): `name`, else archetype
    attack: Effect
    triggers: tuple[BoundKeywordTrigger, ...]
    by_point: Mapping[tuple[str, str], tuple[BoundKeywordTrigger, ...]] = field(
        default_factory=dict)
    # What its registered effects say (`info`), for the rules and the CPUs:
    lends: bool = False  # its units lend modifiers to their neighbours (a Captain, 7.3)
    saves: bool = False  # its units die for a neighbour (a Shielder: charges, 4.6.4, 7.3)
    drains: bool = False  # its units cost coins at upkeep (tax: sold late, 7.3 steps 1, 8)
    # Its triggers at the combat's points, as the resolver runs them (`at` of each).
    on_start: tuple[BoundKeywordTrigger, ...] = ()
    on_death: tuple[BoundKeywordTrigger, ...] = ()
    when_hit: tuple[BoundKeywordTrigger, ...] = ()  # melee_hit, role "target"
    when_hitting: tuple[BoundKeywordTrigger, ...] = ()  # melee_hit, role "source"
    when_killing: tuple[BoundKeywordTrigger, ...] = ()  # on_kill, role "source"
    when_killed: tuple[BoundKeywordTrigger, ...] = ()  # on_kill, role "target"

    def at(self, point: str, role: str = "target") -> tuple[BoundKeywordTrigger, ...]:
        return self.by_point.get((point, role), ())

    @property
    def nexus(self) -> str | None:
        """Whose Nexus its combat triggers change, "own" or "enemy" (the first that says so),
        for a screen that shows a `trigger` event."""
        for trigger in self.triggers:
            if "nexus" in trigger.effect.info:
                return trigger.effect.info["nexus"]
        return None


def bind_keyword(entry_id: str, archetype: str, text: str, name: str, attack: str,
                 triggers: Iterable[TriggerEntry]) -> Keyword:
    """The keyword of a checked `[effects.<id>]` entry."""
    bound = []
    for entry in triggers:
        b = BoundTrigger.of(entry, KEYWORD_EFFECTS)
        bound.append(BoundKeywordTrigger(b.on, b.role, b.fn, b.params,
                                         KEYWORD_EFFECTS.get(entry.do)))
    by_point: dict[tuple[str, str], list[BoundKeywordTrigger]] = {}
    for t in bound:
        by_point.setdefault((t.on, t.role), []).append(t)
    def says(key: str) -> bool:
        return any(t.effect.info.get(key) for t in bound)

    points = {k: tuple(v) for k, v in by_point.items()}
    return Keyword(entry_id, archetype, text, name or archetype, ATTACK_STYLES.get(attack),
                   tuple(bound), points,
                   lends=says("lends"), saves=says("saves"), drains=says("drains"),
                   on_start=points.get((START_OF_COMBAT, "target"), ()),
                   on_death=points.get((ON_DEATH, "any"), ()),
                   when_hit=points.get((MELEE_HIT, "target"), ()),
                   when_hitting=points.get((MELEE_HIT, "source"), ()),
                   when_killing=points.get((ON_KILL, "source"), ()),
                   when_killed=points.get((ON_KILL, "target"), ()))


def check_keyword(attack: str, triggers: list[TriggerEntry], where: str
                  ) -> list[tuple[str, str]]:
    """(key, problem) of a keyword entry: an unknown attack style, hook point, effect or
    parameter, or an effect named at a point (or with a role) it does not run at."""
    from game.systems.kingdom import combat  # noqa: F401  (the attack styles register there)

    problems: list[tuple[str, str]] = []
    if attack not in ATTACK_STYLES:
        problems.append((f"{where}.attack", f"unknown attack style {attack!r} "
                                            f"(registered: {', '.join(ATTACK_STYLES.names())})"))
    problems += check_triggers(triggers, HOOK_POINTS, f"{where}.triggers",
                               registry=KEYWORD_EFFECTS)
    for i, trigger in enumerate(triggers):
        if trigger.do not in KEYWORD_EFFECTS or trigger.on not in HOOK_POINTS:
            continue
        info = KEYWORD_EFFECTS.get(trigger.do).info
        if trigger.on not in info["points"]:
            problems.append((f"{where}.triggers[{i}].on",
                             f"{trigger.do} runs at {', '.join(info['points'])}, "
                             f"not {trigger.on}"))
        elif trigger.role not in info["roles"]:
            problems.append((f"{where}.triggers[{i}].role",
                             f"{trigger.do} takes role {' or '.join(info['roles'])}, "
                             f"not {trigger.role!r}"))
    return problems

