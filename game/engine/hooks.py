"""Hook points, listeners and layered modifiers (docs/architecture.md).

A rule computes a base value (damage, score, cost...) and asks the pipeline for the final one:
the modifiers of that hook are gathered in one pass (they are `Modifier` components, or
components of a type the match registered as carrying modifiers: a content's status kind with a
`modifier`), then applied in three layers, always in this order: every additive amount, then
every multiplier, then the lowest cap. Adding a status, aura or relic is adding a component: the
core math never changes.

Listeners are registered per match at hook points: `before:<command>` and `after:<command>` for
every engine command (game.engine.commands), and the points a mode fires itself. They run in
(priority, registration) order with the command being run, may change it before it applies (or
cancel it), and may run commands after it. A content's triggers (game.engine.triggers) are
listeners too. Everything here belongs to one match: two contents in one process never share a
listener or a carrier.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from game.components.common import Modifier
from game.engine.query import Query

if TYPE_CHECKING:
    from game.engine.match import Match

LAYER_ORDER = ("add", "mul", "cap")

Listener = Callable[["Match", Any], None]
Carrier = Callable[[int, Any], Iterable[Modifier]]

MODIFIERS = Query("modifier_holder", modifier=Modifier)


def applies(modifier: Modifier, hook: str, source: int | None, target: int | None) -> bool:
    if modifier.hook != hook:
        return False
    role = modifier.role
    return role == "any" or (role == "source" and modifier.holder == source) or (
        role == "target" and modifier.holder == target)


def apply_layers(
    base: float,
    modifiers: Iterable[Modifier],
    rounding: Callable[[float], int] | None = math.floor,
) -> float:
    """base -> + additive -> x multiplicative -> min(caps); rounded once at the end."""
    mods = list(modifiers)
    if not mods:  # the usual case: no layer to apply
        return rounding(base) if rounding else base
    value = base + sum(m.amount for m in mods if m.layer == "add")
    for m in mods:
        if m.layer == "mul":
            value *= m.amount
    caps = [m.amount for m in mods if m.layer == "cap"]
    if caps:
        value = min(value, min(caps))
    unknown = {m.layer for m in mods} - set(LAYER_ORDER)
    if unknown:
        raise ValueError(f"unknown modifier layer(s): {sorted(unknown)}")
    return rounding(value) if rounding else value


class Hooks:
    """The listeners and modifier carriers of one match."""

    __slots__ = ("_listeners", "_order", "_carriers", "points")

    def __init__(self) -> None:
        self._listeners: dict[str, list[tuple[int, int, Listener]]] = {}
        # point -> its listeners in firing order, a tuple rebuilt by `listen`: firing needs
        # no copy (a listener that registers another never reorders the firing it is in),
        # and `point in hooks.points` is the one read a command pays where nobody listens.
        self.points: dict[str, tuple[Listener, ...]] = {}
        self._order = 0
        # component type -> (the query of its holders, the modifiers a component yields)
        self._carriers: dict[type, tuple[Query, Carrier]] = {}

    # -- listeners -------------------------------------------------------------------------
    def listen(self, point: str, listener: Listener, priority: int = 0) -> None:
        self._order += 1
        entries = self._listeners.setdefault(point, [])
        entries.append((priority, self._order, listener))
        entries.sort(key=lambda e: (e[0], e[1]))
        self.points[point] = tuple(entry[2] for entry in entries)

    def fire(self, point: str, match: Match, subject: Any) -> None:
        for listener in self.points.get(point, ()):
            listener(match, subject)

    def has(self, point: str) -> bool:
        return point in self.points

    # -- modifiers -------------------------------------------------------------------------
    def add_carrier(self, component_type: type, modifiers: Carrier) -> None:
        query = Query(f"carrier_{component_type.__name__}", component=component_type)
        self._carriers[component_type] = (query, modifiers)

    def gather(self, match: Match, hook: str, source: int | None = None,
               target: int | None = None) -> list[Modifier]:
        """Every active modifier of `hook` that applies to this source and target, in one
        pass: `Modifier` components and every carrier's, in entity order."""
        rows = MODIFIERS(match)
        if not rows and not self._carriers:
            return []
        found: list[tuple[int, Modifier]] = [
            (row.entity, row.modifier) for row in rows
            if applies(row.modifier, hook, source, target)]
        for query, modifiers in self._carriers.values():
            for row in query(match):
                for modifier in modifiers(row.entity, row.component):
                    if applies(modifier, hook, source, target):
                        found.append((row.entity, modifier))
        found.sort(key=lambda pair: pair[0])  # several sources: entity order
        return [modifier for _, modifier in found]

    def compute(self, match: Match, hook: str, base: float, *, source: int | None = None,
                target: int | None = None,
                rounding: Callable[[float], int] | None = math.floor) -> float:
        """The final value of `hook` for this source and target."""
        return apply_layers(base, self.gather(match, hook, source, target), rounding)
