"""Commands: the only way rules change the world (docs/architecture.md).

A command is built with its typed fields and run on a match:

    damage(5, cause="strike").source(attacker).target(unit).run(match)

Running a command fires "before:<name>" (listeners may change or cancel it), computes its value
through the modifier layers where it has one, applies the mutation through the journal, emits
its events (unless the match's events are off: a search's scratch match) and fires
"after:<name>". The events are the mode's: its one table, `Rules.events`, maps a command class
to the function that emits the spec's events from the command's own fields; a command the table
does not list emits nothing. A mode may add a command (a subclass, with the fields its events
need) for a mutation no command covers; it never writes around them. Systems decide the order;
commands never run steps.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self

import esper

from game.components.common import Cooldowns, GridPos, Health, Ident
from game.engine import ecs

if TYPE_CHECKING:
    from game.engine.match import Match

STATUS_FIELDS = ("turns", "value")  # the fields of every `Status` component

# The name of every command class: `before:<name>` and `after:<name>` are the hook points a
# content may name (game.engine.triggers validates them).
COMMAND_NAMES: set[str] = set()


def ident(entity: int | None) -> str | int | None:
    """The stable id an event prints for an entity (its `Ident`, else the raw id)."""
    if entity is None:
        return None
    found = esper.try_component(entity, Ident)
    return found.id if found else entity


def command_points() -> frozenset[str]:
    """Every `before:` and `after:` hook point of the engine's commands (piles' included) and
    of the modes' commands imported so far."""
    import game.engine.piles  # noqa: F401  (the pile commands)

    return frozenset(f"{when}:{name}" for name in COMMAND_NAMES for when in ("before", "after"))


class Command:
    """Base of every command: who did it (`source`) to whom (`target`)."""

    name = "command"
    before = "before:command"  # the hook points, set from `name` for every subclass
    after = "after:command"
    __slots__ = ("source_id", "target_id", "cancelled")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.before, cls.after = f"before:{cls.name}", f"after:{cls.name}"
        COMMAND_NAMES.add(cls.name)

    def __init__(self) -> None:
        # The hot subclasses (a search builds thousands a second) set these three themselves
        # instead of calling this: one call less per command.
        self.source_id: int | None = None
        self.target_id: int | None = None
        self.cancelled = False

    # -- fluent builders -----------------------------------------------------------------
    def source(self, entity: int | None) -> Self:
        self.source_id = entity
        return self

    def target(self, entity: int | None) -> Self:
        self.target_id = entity
        return self

    def cancel(self) -> None:
        """Called by a "before:" listener (a trigger) to stop the mutation."""
        self.cancelled = True

    # -- running -------------------------------------------------------------------------
    def run(self, match: Match) -> Self:
        # Every change of every mode runs through here, thousands of times in a CPU's search:
        # one dict read per hook point, and the listeners fired only where some listen.
        # A point's listeners are read from `Hooks.points` itself, as `Hooks.fire` would.
        listening = match.hooks.points
        if self.before in listening:
            for listener in listening[self.before]:
                listener(match, self)
            if self.cancelled:
                return self
        self.apply(match)
        if match.events.enabled:  # a search's scratch match reads no events: build none
            emit = match.rules.events.get(type(self))
            if emit is not None:
                emit(match, self)
        if self.after in listening:
            for listener in listening[self.after]:
                listener(match, self)
        return self

    def apply(self, match: Match) -> None:  # pragma: no cover - interface
        raise NotImplementedError


class Damage(Command):
    """Lower a target's `Health` by an amount passed through the "damage" modifier layers
    (`exact()`: the caller already computed it through its own pipeline). `cause` says what
    dealt it (an ability kind, a hazard, a status id); `roll` and `percent` are the random roll
    and the multiplier of a rolled hit, for its event. `saved` is the id of the status kind
    whose `survive` trigger kept the target alive (None when none did), for its event too."""

    name = "damage"
    __slots__ = ("base", "amount", "rounding", "hook", "cause", "roll", "percent", "saved")

    def __init__(self, base: int, cause: str = "", roll: int | None = None,
                 percent: int | None = None) -> None:
        self.source_id = self.target_id = None
        self.cancelled = False
        self.base = base
        self.amount = 0
        self.rounding: Callable[[float], int] = math.floor
        self.hook: str | None = "damage"
        self.cause, self.roll, self.percent = cause, roll, percent
        self.saved: str | None = None

    def exact(self) -> Self:
        self.hook = None
        return self

    def apply(self, match: Match) -> None:
        health = esper.component_for_entity(self.target_id, Health)
        amount = self.base
        if self.hook is not None:
            amount = int(match.hooks.compute(match, self.hook, self.base, source=self.source_id,
                                             target=self.target_id, rounding=self.rounding))
        self.amount = max(0, amount)
        match.journal.set_field(health, "hp", max(0, health.hp - self.amount))


class Heal(Command):
    """Raise a target's `Health`, never above its maximum; `amount` is what was healed and
    `cause` what healed it."""

    name = "heal"
    __slots__ = ("base", "amount", "hook", "cause")

    def __init__(self, base: int, cause: str = "") -> None:
        self.source_id = self.target_id = None
        self.cancelled = False
        self.base = base
        self.amount = 0
        self.hook: str | None = "heal"
        self.cause = cause

    def exact(self) -> Self:
        self.hook = None
        return self

    def apply(self, match: Match) -> None:
        health = esper.component_for_entity(self.target_id, Health)
        wanted = self.base
        if self.hook is not None:
            wanted = int(match.hooks.compute(match, self.hook, self.base,
                                             source=self.source_id, target=self.target_id))
        self.amount = max(0, min(wanted, health.max_hp - health.hp))
        match.journal.set_field(health, "hp", health.hp + self.amount)


class MoveTo(Command):
    """Move a target that is on the grid to another tile; `origin` is where it stood and
    `path` the tiles it crossed, when the caller computed them (for the event)."""

    name = "move"
    __slots__ = ("x", "y", "origin", "path")

    def __init__(self, x: int, y: int,
                 path: tuple[tuple[int, int], ...] | list[Any] | None = None) -> None:
        super().__init__()
        self.x, self.y = x, y
        self.origin: tuple[int, int] = (x, y)
        self.path = path

    def apply(self, match: Match) -> None:
        position = esper.component_for_entity(self.target_id, GridPos)
        self.origin = (position.x, position.y)
        match.journal.set(position, x=self.x, y=self.y)


class PlaceAt(Command):
    """Put a target that is off the grid on a tile (it gets a `GridPos`)."""

    name = "place"
    __slots__ = ("x", "y")

    def __init__(self, x: int, y: int) -> None:
        super().__init__()
        self.x, self.y = x, y

    def apply(self, match: Match) -> None:
        match.journal.add(self.target_id, GridPos(self.x, self.y))


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


class RemoveStatus(Command):
    """Take a status component off a target; `reason` says why: "expired" (its kind's end
    point or trigger), "death" (its holder died) or "removed"."""

    name = "remove_status"
    __slots__ = ("status_type", "kind", "reason")

    def __init__(self, status_type: type, kind: str = "", reason: str = "removed") -> None:
        super().__init__()
        self.status_type = status_type
        self.kind = kind or status_type.__name__.lower()
        self.reason = reason

    def apply(self, match: Match) -> None:
        match.journal.remove(self.target_id, self.status_type)


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


class Destroy(Command):
    """Delete the target entity (journaled: a rollback restores it with the same id)."""

    name = "destroy"
    __slots__ = ()

    def apply(self, match: Match) -> None:
        match.journal.delete(self.target_id)


def damage(amount: int, cause: str = "", roll: int | None = None,
           percent: int | None = None) -> Damage:
    return Damage(amount, cause, roll, percent)


def heal(amount: int, cause: str = "") -> Heal:
    return Heal(amount, cause)


def move_to(x: int, y: int, path: tuple[tuple[int, int], ...] | list[Any] | None = None
            ) -> MoveTo:
    return MoveTo(x, y, path)


def place_at(x: int, y: int) -> PlaceAt:
    return PlaceAt(x, y)


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
        self.source_id = self.target_id = None
        self.cancelled = False
        self.component, self.fields = component, fields

    def apply(self, match: Match) -> None:
        match.journal.set(self.component, **self.fields)


class Remove(Command):
    """Take a component off the target (an intent consumed, a hero leaving the grid)."""

    name = "remove"
    __slots__ = ("component_type",)

    def __init__(self, component_type: type) -> None:
        self.source_id = self.target_id = None
        self.cancelled = False
        self.component_type = component_type

    def apply(self, match: Match) -> None:
        match.journal.remove(self.target_id, self.component_type)


class Attach(Command):
    """Give the target an accepted decision's intent component (`Match.submit`); the step's
    systems consume it."""

    name = "intent"
    __slots__ = ("order",)

    def __init__(self, order: Any, entity: int | None = None) -> None:
        self.source_id = None
        self.target_id = entity
        self.cancelled = False
        self.order = order

    def apply(self, match: Match) -> None:
        match.journal.add(self.target_id, self.order)


def watched(match: Match, command_type: type[Command]) -> bool:
    """Whether running a command of this type does more than apply it: a listener at its
    `before:` or `after:` point, or an event for it in the mode's table (events on). Where
    nothing watches, `run` is `apply` alone, so the engine's two commands of every decision
    (an intent's `Attach` and its `Remove`) are applied without building the command."""
    points = match.hooks.points
    return (command_type.before in points or command_type.after in points
            or (match.events.enabled and command_type in match.rules.events))


def attach_intent(match: Match, order: Any, entity: int) -> None:
    """`Attach(order, entity).run(match)`: what `Match.submit` does with an accepted intent
    (the command built only where something watches it, `watched`)."""
    if watched(match, Attach):
        Attach(order, entity).run(match)
    else:
        match.journal.add(entity, order)  # Attach.apply


def consume(match: Match, intent_type: type) -> tuple[int, Any] | None:
    """The intent of this type a decision attached (its entity and the intent component),
    taken off the world by a `Remove` command; None when no decision attached one. A step's
    system starts with it: it reads the entities holding that type straight from the world's
    table (one holds it: the decision's), instead of building esper's query of them, which an
    intent's attach has just invalidated. The command is built only where something watches
    it (`watched`)."""
    for entity in ecs.holders(intent_type):  # the first, as esper.get_component would give
        if watched(match, Remove):
            intent = ecs.components_of(entity)[intent_type]
            command = Remove(intent_type)
            command.target_id = entity
            command.run(match)
        else:
            intent = match.journal.remove(entity, intent_type)  # Remove.apply: it returns it
        return entity, intent
    return None


def update(component: Any, **fields: Any) -> Update:
    return Update(component, **fields)


def remove(component_type: type) -> Remove:
    return Remove(component_type)
