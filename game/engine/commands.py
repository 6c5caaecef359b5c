"""Commands: the only way rules change the world (docs/architecture.md).

A command is built fluently and run on a match, threading the source, the target and a
presentation hint through the hooks into the events:

    damage(5).source(card).target(unit).fx("slash").run(match)

Running a command fires "before:<name>" (listeners may change or cancel it), computes its value
through the modifier layers where it has one, applies the mutation through the journal, emits
its event (unless the match's events are off: a search's scratch match) and fires
"after:<name>". The event is the mode's: `Rules.command_event` turns the
command into zero or more events (a mode keeps its spec's event shapes); the default is the
command's own `default_event`. Actions and systems decide the order; commands never enqueue by
themselves (listeners may).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self

import esper

from game.components.common import Cooldowns, GridPos, Health, Ident

if TYPE_CHECKING:
    from game.engine.match import Match

STATUS_FIELDS = ("turns", "value")  # the fields of every `Status` component


def ident(entity: int | None) -> str | int | None:
    """The stable id an event prints for an entity (its `Ident`, else the raw id)."""
    if entity is None:
        return None
    found = esper.try_component(entity, Ident)
    return found.id if found else entity


class Command:
    """Base of every command: source, target, fx and free tags travel into the event."""

    name = "command"
    before = "before:command"  # the hook points, set from `name` for every subclass
    after = "after:command"
    __slots__ = ("source_id", "target_id", "fx_name", "tags", "cancelled")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.before, cls.after = f"before:{cls.name}", f"after:{cls.name}"

    def __init__(self) -> None:
        self.source_id: int | None = None
        self.target_id: int | None = None
        self.fx_name: str | None = None
        self.tags: dict[str, Any] = {}
        self.cancelled = False

    # -- fluent builders -----------------------------------------------------------------
    def source(self, entity: int | None) -> Self:
        self.source_id = entity
        return self

    def target(self, entity: int | None) -> Self:
        self.target_id = entity
        return self

    def fx(self, name: str) -> Self:
        self.fx_name = name
        return self

    def tag(self, **tags: Any) -> Self:
        self.tags.update(tags)
        return self

    def cancel(self) -> None:
        """Called by a "before:" listener to stop the mutation."""
        self.cancelled = True

    # -- running -------------------------------------------------------------------------
    def run(self, match: Match) -> Self:
        hooks = match.hooks
        if hooks.has(self.before):
            hooks.fire(self.before, match, self)
            if self.cancelled:
                return self
        self.apply(match)
        if match.events.enabled:  # a search's scratch match reads no events: build none
            match.rules.command_event(match, self)
        if hooks.has(self.after):
            hooks.fire(self.after, match, self)
        return self

    def apply(self, match: Match) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def default_event(self) -> tuple[str, dict[str, Any]] | None:
        """The mode-independent event of this command (None: it has none)."""
        return None

    def event_data(self, **data: Any) -> dict[str, Any]:
        """The common event fields plus `data` (None fields left out)."""
        out: dict[str, Any] = {}
        if self.source_id is not None:
            out["source"] = ident(self.source_id)
        if self.target_id is not None:
            out["target"] = ident(self.target_id)
        if self.fx_name is not None:
            out["fx"] = self.fx_name
        out.update(self.tags)
        out.update(data)
        return out


class Damage(Command):
    """Lower a target's `Health` by an amount passed through the "damage" modifier layers
    (`exact()`: the caller already computed it through its own pipeline)."""

    name = "damage"
    __slots__ = ("base", "amount", "rounding", "hook")

    def __init__(self, base: int) -> None:
        super().__init__()
        self.base = base
        self.amount = 0
        self.rounding: Callable[[float], int] = math.floor
        self.hook: str | None = "damage"

    def exact(self) -> Self:
        self.hook = None
        return self

    def apply(self, match: Match) -> None:
        health = esper.component_for_entity(self.target_id, Health)
        amount = self.base
        if self.hook is not None:
            amount = int(match.hooks.compute(self.hook, self.base, source=self.source_id,
                                             target=self.target_id, rounding=self.rounding))
        self.amount = max(0, amount)
        match.journal.set(health, hp=max(0, health.hp - self.amount))

    def default_event(self) -> tuple[str, dict[str, Any]]:
        hp = esper.component_for_entity(self.target_id, Health).hp
        return "damage_dealt", self.event_data(amount=self.amount, hp=hp)


class Heal(Command):
    """Raise a target's `Health`, never above its maximum; `amount` is what was healed."""

    name = "heal"
    __slots__ = ("base", "amount", "hook")

    def __init__(self, base: int) -> None:
        super().__init__()
        self.base = base
        self.amount = 0
        self.hook: str | None = "heal"

    def exact(self) -> Self:
        self.hook = None
        return self

    def apply(self, match: Match) -> None:
        health = esper.component_for_entity(self.target_id, Health)
        wanted = self.base
        if self.hook is not None:
            wanted = int(match.hooks.compute(self.hook, self.base, source=self.source_id,
                                             target=self.target_id))
        self.amount = max(0, min(wanted, health.max_hp - health.hp))
        match.journal.set(health, hp=health.hp + self.amount)

    def default_event(self) -> tuple[str, dict[str, Any]]:
        hp = esper.component_for_entity(self.target_id, Health).hp
        return "healed", self.event_data(amount=self.amount, hp=hp)


class MoveTo(Command):
    """Put a target at a grid position (it gets a `GridPos` if it had none: a placement)."""

    name = "move"
    __slots__ = ("x", "y", "origin")

    def __init__(self, x: int, y: int) -> None:
        super().__init__()
        self.x, self.y = x, y
        self.origin: tuple[int, int] | None = None

    def apply(self, match: Match) -> None:
        position = esper.try_component(self.target_id, GridPos)
        if position is None:
            match.journal.add(self.target_id, GridPos(self.x, self.y))
            return
        self.origin = (position.x, position.y)
        match.journal.set(position, x=self.x, y=self.y)

    def default_event(self) -> tuple[str, dict[str, Any]]:
        before = list(self.origin) if self.origin is not None else None
        return "unit_moved", self.event_data(origin=before, to=[self.x, self.y])


class AddStatus(Command):
    """Give a target a status component. Re-applying a status it has keeps, field by field,
    the larger value (turns and value): a weaker re-application never shortens one."""

    name = "add_status"
    __slots__ = ("status", "kind")

    def __init__(self, status: Any, kind: str = "") -> None:
        super().__init__()
        self.status = status
        self.kind = kind or type(status).__name__.lower()

    def apply(self, match: Match) -> None:
        current = esper.try_component(self.target_id, type(self.status))
        if current is None:
            match.journal.add(self.target_id, self.status)
            return
        match.journal.set(current, **{f: max(getattr(current, f), getattr(self.status, f))
                                      for f in STATUS_FIELDS})
        self.status = current

    def default_event(self) -> tuple[str, dict[str, Any]]:
        return "status_added", self.event_data(status=self.kind, turns=self.status.turns)


class TickStatus(Command):
    """One turn off a target's status; at 0 turns the status component is removed."""

    name = "tick_status"
    __slots__ = ("status_type", "kind", "expired")

    def __init__(self, status_type: type, kind: str = "") -> None:
        super().__init__()
        self.status_type = status_type
        self.kind = kind or status_type.__name__.lower()
        self.expired = False

    def apply(self, match: Match) -> None:
        status = esper.component_for_entity(self.target_id, self.status_type)
        if status.turns <= 1:
            match.journal.remove(self.target_id, self.status_type)
            self.expired = True
        else:
            match.journal.set(status, turns=status.turns - 1)

    def default_event(self) -> tuple[str, dict[str, Any]] | None:
        if not self.expired:
            return None
        return "status_expired", self.event_data(status=self.kind)


class RemoveStatus(Command):
    """Take a status component off a target (`reason` says why: "expired", "death"...)."""

    name = "remove_status"
    __slots__ = ("status_type", "kind", "reason")

    def __init__(self, status_type: type, kind: str = "", reason: str = "removed") -> None:
        super().__init__()
        self.status_type = status_type
        self.kind = kind or status_type.__name__.lower()
        self.reason = reason

    def apply(self, match: Match) -> None:
        match.journal.remove(self.target_id, self.status_type)

    def default_event(self) -> tuple[str, dict[str, Any]]:
        return "status_removed", self.event_data(status=self.kind, reason=self.reason)


class SetCooldowns(Command):
    """Set a target's `Cooldowns` (a tick or an ability put on cooldown); `ready` lists the
    abilities that reached 0 by this change."""

    name = "cooldowns"
    __slots__ = ("values", "ready")

    def __init__(self, values: tuple[int, ...]) -> None:
        super().__init__()
        self.values = values
        self.ready: tuple[int, ...] = ()

    def apply(self, match: Match) -> None:
        comp = esper.component_for_entity(self.target_id, Cooldowns)
        old = comp.remaining
        self.ready = tuple(i for i, now in enumerate(self.values) if now == 0 and old[i] > 0)
        match.journal.set(comp, remaining=self.values)

    def default_event(self) -> tuple[str, dict[str, Any]] | None:
        return ("cooldowns_set", self.event_data(values=list(self.values))) if self.ready else None


class Create(Command):
    """A new entity with these components; `entity` is its id after the run."""

    name = "create"
    __slots__ = ("components", "entity")

    def __init__(self, *components: Any) -> None:
        super().__init__()
        self.components = components
        self.entity = 0

    def apply(self, match: Match) -> None:
        self.entity = match.journal.create(*self.components)
        self.target_id = self.entity

    def default_event(self) -> tuple[str, dict[str, Any]]:
        return "entity_created", self.event_data()


class Destroy(Command):
    """Delete the target entity (journaled: a rollback restores it with the same id)."""

    name = "destroy"
    __slots__ = ("label",)

    def __init__(self) -> None:
        super().__init__()
        self.label: str | int | None = None

    def apply(self, match: Match) -> None:
        self.label = ident(self.target_id)
        match.journal.delete(self.target_id)

    def default_event(self) -> tuple[str, dict[str, Any]]:
        return "entity_destroyed", {"target": self.label, **self.tags}


def damage(amount: int) -> Damage:
    return Damage(amount)


def heal(amount: int) -> Heal:
    return Heal(amount)


def move_to(x: int, y: int) -> MoveTo:
    return MoveTo(x, y)


def add_status(status: Any, kind: str = "") -> AddStatus:
    return AddStatus(status, kind)


def tick_status(status_type: type, kind: str = "") -> TickStatus:
    return TickStatus(status_type, kind)


def remove_status(status_type: type, kind: str = "", reason: str = "removed") -> RemoveStatus:
    return RemoveStatus(status_type, kind, reason)


def set_cooldowns(values: tuple[int, ...]) -> SetCooldowns:
    return SetCooldowns(values)


def create(*components: Any) -> Create:
    return Create(*components)


def destroy(entity: int) -> Destroy:
    return Destroy().target(entity)


class Update(Command):
    """Set fields of one component of the target (a counter that no other command covers,
    such as a flame's rounds); `component` is the component object itself."""

    name = "update"
    __slots__ = ("component", "fields")

    def __init__(self, component: Any, **fields: Any) -> None:
        super().__init__()
        self.component, self.fields = component, fields

    def apply(self, match: Match) -> None:
        match.journal.set(self.component, **self.fields)


class Remove(Command):
    """Take a component off the target (an intent consumed, a hero leaving the grid)."""

    name = "remove"
    __slots__ = ("component_type",)

    def __init__(self, component_type: type) -> None:
        super().__init__()
        self.component_type = component_type

    def apply(self, match: Match) -> None:
        match.journal.remove(self.target_id, self.component_type)


def update(component: Any, **fields: Any) -> Update:
    return Update(component, **fields)


def remove(component_type: type) -> Remove:
    return Remove(component_type)
