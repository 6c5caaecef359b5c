"""Commands: one mutation each, with the hooks around it (docs/architecture.md).

A command is built fluently and run on a match, threading the source, the target and a
presentation hint through the hooks into the events:

    damage(5).source(card).target(unit).fx("slash").run(match)

Running a command fires "before:<name>" (listeners may change or cancel it), computes its value
through the modifier layers where it has one, applies the mutation through the journal, emits
its event and fires "after:<name>". Actions decide the order; commands never enqueue by
themselves (listeners may).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Self

import esper

from game.components.common import Health, Ident, Position, Statuses

if TYPE_CHECKING:
    from game.engine.match import Match


def ident(entity: int | None) -> str | int | None:
    """The stable id an event prints for an entity (its `Ident`, else the raw id)."""
    if entity is None:
        return None
    found = esper.try_component(entity, Ident)
    return found.id if found else entity


class Command:
    """Base of every command: source, target, fx and free tags travel into the event."""

    name = "command"
    __slots__ = ("source_id", "target_id", "fx_name", "tags", "cancelled")

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
        hooks.fire(f"before:{self.name}", match, self)
        if self.cancelled:
            return self
        self.apply(match)
        hooks.fire(f"after:{self.name}", match, self)
        return self

    def apply(self, match: Match) -> None:  # pragma: no cover - interface
        raise NotImplementedError

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
    """Lower a target's `Health` by an amount passed through the "damage" modifier layers."""

    name = "damage"
    __slots__ = ("base", "amount", "rounding")

    def __init__(self, base: int) -> None:
        super().__init__()
        self.base = base
        self.amount = 0
        self.rounding = math.floor

    def apply(self, match: Match) -> None:
        health = esper.component_for_entity(self.target_id, Health)
        amount = int(
            match.hooks.compute(
                "damage", self.base, source=self.source_id, target=self.target_id,
                rounding=self.rounding,
            )
        )
        self.amount = max(0, amount)
        match.journal.set(health, hp=max(0, health.hp - self.amount))
        match.emit("damage_dealt", **self.event_data(amount=self.amount, hp=health.hp))


class Heal(Command):
    """Raise a target's `Health`, never above its maximum; `amount` is what was healed."""

    name = "heal"
    __slots__ = ("base", "amount")

    def __init__(self, base: int) -> None:
        super().__init__()
        self.base = base
        self.amount = 0

    def apply(self, match: Match) -> None:
        health = esper.component_for_entity(self.target_id, Health)
        wanted = int(match.hooks.compute("heal", self.base, source=self.source_id,
                                         target=self.target_id))
        self.amount = max(0, min(wanted, health.max_hp - health.hp))
        match.journal.set(health, hp=health.hp + self.amount)
        match.emit("healed", **self.event_data(amount=self.amount, hp=health.hp))


class MoveTo(Command):
    """Put a target at a grid position."""

    name = "move"
    __slots__ = ("x", "y")

    def __init__(self, x: int, y: int) -> None:
        super().__init__()
        self.x, self.y = x, y

    def apply(self, match: Match) -> None:
        position = esper.component_for_entity(self.target_id, Position)
        before = [position.x, position.y]
        match.journal.set(position, x=self.x, y=self.y)
        match.emit("unit_moved", **self.event_data(origin=before, to=[self.x, self.y]))


class AddStatus(Command):
    """Give a target a status for some turns (the longer duration wins when it has it)."""

    name = "add_status"
    __slots__ = ("status", "turns")

    def __init__(self, status: str, turns: int) -> None:
        super().__init__()
        self.status, self.turns = status, turns

    def apply(self, match: Match) -> None:
        statuses = esper.try_component(self.target_id, Statuses)
        if statuses is None:
            statuses = Statuses()
            match.journal.add(self.target_id, statuses)
        active = dict(statuses.active)
        active[self.status] = max(active.get(self.status, 0), self.turns)
        match.journal.set(statuses, active=tuple(sorted(active.items())))
        match.emit("status_added", **self.event_data(status=self.status, turns=self.turns))


def damage(amount: int) -> Damage:
    return Damage(amount)


def heal(amount: int) -> Heal:
    return Heal(amount)


def move_to(x: int, y: int) -> MoveTo:
    return MoveTo(x, y)


def add_status(status: str, turns: int) -> AddStatus:
    return AddStatus(status, turns)
