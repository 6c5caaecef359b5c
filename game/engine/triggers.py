"""Triggers: data that reacts at a hook point (docs/modding.md "Triggers").

A status kind (or any content entry that owns triggers) may say

    [[statuses.triggers]]
    on = "after:damage"       # a hook point: before:/after: of an engine command, or a mode's
    do = "damage_source"      # a registered trigger effect
    role = "target"           # whose command it reacts to: the holder is its target (default),
    value = 2                 # its source, or "any" holder; the rest are the effect's parameters

and the match runs it one uniform way: at that point, for the holder of the status that the
command concerns, the effect gets a `TriggerContext` (the match, the holder, the command, the
status kind and component) and its typed parameters. At a `before:` point the effect may change
the command (`reduce`) or cancel it (`cancel`, `survive`); a revive replaces lethal damage there.

Trigger effects are Python functions registered here (and by modes, at import) with a pydantic
model of their parameters; a content only names them. At one hook point triggers run in the
order of their effects' registered `priority` (default 0, lower first), then in declaration
order: an effect that replaces the command (a redirect that cancels it) registers a lower
priority, so the triggers it makes moot never run on the command it cancelled. Hook points, effect names and parameters
are checked when the content loads (`check_triggers`): a typo is `file:key: unknown hook point`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import esper
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.components.common import Health
from game.engine.effects import EffectRegistry, NoParams

if TYPE_CHECKING:
    from game.engine.match import Match

Role = Literal["target", "source", "any"]


class TriggerEntry(BaseModel):
    """One trigger of a content entry: `on`, `do`, `role`, and the effect's parameters."""

    model_config = ConfigDict(extra="allow", strict=True, allow_inf_nan=False, frozen=True)

    on: str = Field(min_length=1, max_length=60)
    do: str = Field(min_length=1, max_length=40)
    role: Role = "target"

    def params(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


@dataclass(slots=True)
class TriggerContext:
    """What a trigger effect sees: who holds the status, the command at the hook point, the
    status kind (`kind.id`, `kind.component`) and its component on the holder."""

    match: Match
    holder: int
    command: Any
    kind: Any
    status: Any


TRIGGERS = EffectRegistry("triggers")


class Amount(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    value: int = Field(default=1, ge=0, le=999)


class Floor(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    value: int = Field(default=1, ge=1, le=999)
    spend: bool = True


@TRIGGERS.register("cancel")
def cancel(ctx: TriggerContext, params: NoParams) -> None:
    """A `before:` point: the command does not happen."""
    ctx.command.cancel()


@TRIGGERS.register("reduce", Amount)
def reduce(ctx: TriggerContext, params: Amount) -> None:
    """A `before:damage` or `before:heal` point: the amount is `value` lower (not below 0)."""
    ctx.command.base = max(0, ctx.command.base - params.value)


@TRIGGERS.register("survive", Floor)
def survive(ctx: TriggerContext, params: Floor) -> None:
    """`before:damage`: damage that would take the holder below `value` HP leaves it at
    `value` instead (a revive); with `spend`, the status ends when it saves the holder. The
    command records which kind saved it (`saved`, for its event). A command an earlier
    trigger cancelled deals nothing, so there is nothing to survive."""
    from game.engine.commands import remove_status

    health = esper.try_component(ctx.holder, Health)
    command = ctx.command
    if command.cancelled or health is None or health.hp - command.base >= params.value:
        return
    command.base = max(0, health.hp - params.value)
    command.saved = ctx.kind.id
    if command.hook is not None:  # the amount is final: no modifier may take it lower
        command.exact()
    if params.spend:
        remove_status(ctx.kind.component, ctx.kind.id, reason="expired").target(
            ctx.holder).run(ctx.match)


@TRIGGERS.register("damage_source", Amount)
def damage_source(ctx: TriggerContext, params: Amount) -> None:
    """The command's source (an attacker) takes `value` damage (thorns)."""
    from game.engine.commands import damage

    source = ctx.command.source_id
    if source is None or not esper.entity_exists(source) or source == ctx.holder:
        return
    health = esper.try_component(source, Health)
    if health is not None and health.hp > 0 and params.value > 0:
        damage(params.value, cause=ctx.kind.id).exact().source(ctx.holder).target(
            source).run(ctx.match)


@TRIGGERS.register("heal_holder", Amount)
def heal_holder(ctx: TriggerContext, params: Amount) -> None:
    """The holder heals `value` (never above its maximum)."""
    from game.engine.commands import heal

    health = esper.try_component(ctx.holder, Health)
    if health is not None and health.hp > 0 and params.value > 0:
        heal(params.value, cause=ctx.kind.id).exact().target(ctx.holder).run(ctx.match)


@TRIGGERS.register("end_status")
def end_status(ctx: TriggerContext, params: NoParams) -> None:
    """The status ends (what `expire_on` declares)."""
    from game.engine.commands import remove_status

    if esper.has_component(ctx.holder, ctx.kind.component):
        remove_status(ctx.kind.component, ctx.kind.id, reason="expired").target(
            ctx.holder).run(ctx.match)


def check_triggers(triggers: Iterable[TriggerEntry], points: frozenset[str],
                   where: str, mode: str | None = None,
                   registry: EffectRegistry = TRIGGERS) -> list[tuple[str, str]]:
    """(key, problem) for each trigger naming an unknown hook point, effect or parameter, or
    an effect registered for other modes only (its `modes` info: a mode's effect reads that
    mode's world, so another mode's content may not name it). `registry` holds the effects the
    content may name: the engine's `TRIGGERS` (statuses), or a mode's own trigger effects
    (kingdom's keywords, whose effects act on its combat)."""
    problems: list[tuple[str, str]] = []
    for i, trigger in enumerate(triggers):
        key = f"{where}[{i}]"
        if trigger.on not in points:
            problems.append((f"{key}.on", f"unknown hook point {trigger.on!r} "
                                          f"(known: {', '.join(sorted(points))})"))
        modes = registry.get(trigger.do).info.get("modes") if trigger.do in registry else None
        if modes is not None and mode not in modes:
            problems.append((f"{key}.do", f"trigger effect {trigger.do!r} belongs to "
                                          f"{', '.join(modes)} only"))
            continue
        problems += [(f"{key}.{k}" if k != "effect" else f"{key}.do", m)
                     for k, m in registry.check(trigger.do, trigger.params())]
    return problems


@dataclass(frozen=True, slots=True)
class BoundTrigger:
    """A trigger with its effect and typed parameters, ready to run."""

    on: str
    role: Role
    fn: Callable[[TriggerContext, Any], None]
    params: BaseModel
    priority: int = 0  # the effect's registered `priority`: lower runs first at its point

    @classmethod
    def of(cls, entry: TriggerEntry, registry: EffectRegistry = TRIGGERS) -> BoundTrigger:
        """The trigger bound to its effect in `registry` (the engine's by default)."""
        try:
            effect, params = registry.bind(entry.do, entry.params())
        except (KeyError, ValidationError) as exc:  # checked at load: a rules bug
            raise ValueError(f"trigger {entry.do!r}: {exc}") from None
        return cls(entry.on, entry.role, effect.fn, params, int(effect.info.get("priority", 0)))


def install_status_triggers(match: Match, kinds: Iterable[Any]) -> None:
    """Listen at each trigger's hook point for the holders of its status kind: the command's
    target (or source) when it holds the kind, or every holder for role "any"."""
    for kind in kinds:
        for trigger in kind.triggers:
            match.hooks.listen(trigger.on, _listener(kind, trigger), trigger.priority)


def _listener(kind: Any, trigger: BoundTrigger) -> Callable[[Match, Any], None]:
    component, fn, params = kind.component, trigger.fn, trigger.params

    def run(match: Match, holder: int, command: Any) -> None:
        status = esper.try_component(holder, component)
        if status is not None:
            fn(TriggerContext(match, holder, command, kind, status), params)

    if trigger.role == "any":
        def listener(match: Match, command: Any) -> None:
            for holder, _ in sorted(esper.get_component(component)):
                if esper.entity_exists(holder):
                    run(match, holder, command)
        return listener

    attribute = "target_id" if trigger.role == "target" else "source_id"

    def listener(match: Match, command: Any) -> None:
        holder = getattr(command, attribute, None)
        if holder is None:
            return
        # Most commands concern no holder of this kind: that is the one read they cost.
        status = esper.try_component(holder, component)
        if status is not None and esper.entity_exists(holder):
            fn(TriggerContext(match, holder, command, kind, status), params)

    return listener
