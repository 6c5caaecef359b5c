"""Hook points and layered modifiers (docs/architecture.md).

A rule computes a base value (damage, score, cost...) and asks the pipeline for the final one:
the modifiers of that hook are gathered in one query (they are `Modifier` components), then
applied in three layers, always in this order: every additive amount, then every multiplier,
then the lowest cap. Adding a status, aura or relic is adding a component: the core math never
changes.

Listeners are rule functions registered by the mode at hook points such as "before:damage" and
"after:move_card"; they run in (priority, registration) order with the command being run, may
change it before it applies (or cancel it) and may enqueue actions after it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import esper

from game.components.common import Modifier

if TYPE_CHECKING:
    from game.engine.match import Match

LAYER_ORDER = ("add", "mul", "cap")

Listener = Callable[["Match", Any], None]
Carrier = Callable[[int, Any], Iterable[Modifier]]

# Component types that carry modifiers besides `Modifier` itself (a status kind declared with a
# `modifier`, game.engine.statuses): type -> the modifiers an entity's component yields.
_carriers: dict[type, Carrier] = {}


def register_carrier(component_type: type, modifiers: Carrier) -> None:
    """Make `gather` find the modifiers that components of this type carry."""
    _carriers[component_type] = modifiers


def _applies(modifier: Modifier, hook: str, source: int | None, target: int | None) -> bool:
    if modifier.hook != hook:
        return False
    role = modifier.role
    return role == "any" or (role == "source" and modifier.holder == source) or (
        role == "target" and modifier.holder == target)


def gather(hook: str, source: int | None = None, target: int | None = None) -> list[Modifier]:
    """Every active modifier of `hook` that applies to this source and target, in one pass:
    `Modifier` components and every registered carrier, in entity order."""
    found: list[tuple[int, Modifier]] = []
    for entity, modifier in esper.get_component(Modifier):
        if _applies(modifier, hook, source, target):
            found.append((entity, modifier))
    for component_type, modifiers in _carriers.items():
        for entity, component in esper.get_component(component_type):
            for modifier in modifiers(entity, component):
                if _applies(modifier, hook, source, target):
                    found.append((entity, modifier))
    found.sort(key=lambda pair: pair[0])  # set order is not creation order
    return [modifier for _, modifier in found]


def apply_layers(
    base: float,
    modifiers: Iterable[Modifier],
    rounding: Callable[[float], int] | None = math.floor,
) -> float:
    """base -> + additive -> x multiplicative -> min(caps); rounded once at the end."""
    mods = list(modifiers)
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
    """The listeners of one match, by hook point."""

    __slots__ = ("_listeners", "_order")

    def __init__(self) -> None:
        self._listeners: dict[str, list[tuple[int, int, Listener]]] = {}
        self._order = 0

    def listen(self, point: str, listener: Listener, priority: int = 0) -> None:
        self._order += 1
        entries = self._listeners.setdefault(point, [])
        entries.append((priority, self._order, listener))
        entries.sort(key=lambda e: (e[0], e[1]))

    def fire(self, point: str, match: Match, subject: Any) -> None:
        # A copy: a listener that registers another must not reorder this very firing.
        for _, _, listener in tuple(self._listeners.get(point, ())):
            listener(match, subject)

    def has(self, point: str) -> bool:
        return point in self._listeners

    def compute(
        self,
        hook: str,
        base: float,
        *,
        source: int | None = None,
        target: int | None = None,
        rounding: Callable[[float], int] | None = math.floor,
    ) -> float:
        """The final value of `hook` for this source and target."""
        return apply_layers(base, gather(hook, source, target), rounding)
