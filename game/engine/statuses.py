"""Status kinds: what a status component does, declared as data from registered primitives.

A status is a component (a `Status` subclass: turns left and a value), added when it starts
and removed when it ends; no component carries a status as a field. Its *kind* says what it
does, composed from the engine's primitives only, so a mod declares a new one in TOML
(`[[statuses]]`, docs/modding.md) with no code:

- `each_tick = "damage" | "heal"`: damage or heal over time, `value` per tick;
- `blocks = ["attack", "move"]`: skip the holder's attacks, block its movement;
- `modifier = {hook, layer, amount, role}`: modify a hook value while the status lasts (found
  by `gather`, like every `Modifier`);
- `tick = "turn_start" | "turn_end"`: when its turns count down (it expires after N turns);
- `expire_on = "after:damage"`: it also ends when a command at that hook point concerns the
  holder (is its target).

The component type of a kind is the one a mode registers for it (strike's `Burn`...), else a
`Status` subclass made once per kind name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.components.common import Modifier, Status
from game.engine import hooks

SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
HOOK_POINT = re.compile(r"(before|after):[a-z_]{1,40}")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class ModifierEntry(_Strict):
    """A hook value the status modifies while it lasts."""

    hook: str = Field(min_length=1, max_length=40)
    layer: Literal["add", "mul", "cap"]
    amount: float = Field(ge=-1000, le=1000)
    role: Literal["source", "target", "any"] = "target"


class StatusEntry(_Strict):
    """One `[[statuses]]` entry: a status kind composed of the primitives above."""

    id: str = Field(max_length=40)
    name: str = Field(default="", max_length=40)
    tick: Literal["turn_start", "turn_end"] = "turn_start"
    each_tick: Literal["none", "damage", "heal"] = "none"
    blocks: list[Literal["attack", "move"]] = Field(default=[], max_length=2)
    modifier: ModifierEntry | None = None
    expire_on: str | None = None
    shows_value: bool = True  # the State JSON prints {"turns", "value"}; else only the turns

    @model_validator(mode="after")
    def _valid(self) -> StatusEntry:
        if not SNAKE.fullmatch(self.id):
            raise ValueError(f"id {self.id!r} must be snake_case")
        if self.expire_on is not None and not HOOK_POINT.fullmatch(self.expire_on):
            raise ValueError(f"expire_on {self.expire_on!r} must be a hook point such as "
                             "'after:damage'")
        return self


_components: dict[str, type[Status]] = {}


def register_component(kind: str, component: type[Status]) -> None:
    """A mode's own component class for a kind it ships (strike's `Burn`)."""
    _components[kind] = component


def component_for(kind: str) -> type[Status]:
    """The component type of a kind: the registered one, else a `Status` subclass made once."""
    found = _components.get(kind)
    if found is None:
        name = "".join(part.title() for part in kind.split("_")) + "Status"
        found = _components[kind] = type(name, (Status,), {"__slots__": ()})
    return found


@dataclass(frozen=True, slots=True)
class StatusKind:
    """A declared kind and its component type."""

    id: str
    component: type[Status]
    tick: str
    each_tick: str
    blocks: frozenset[str]
    modifier: ModifierEntry | None
    expire_on: str | None
    shows_value: bool

    @classmethod
    def of(cls, entry: StatusEntry) -> StatusKind:
        return cls(entry.id, component_for(entry.id), entry.tick, entry.each_tick,
                   frozenset(entry.blocks), entry.modifier, entry.expire_on, entry.shows_value)

    def modifiers(self, holder: int, status: Status) -> Iterable[Modifier]:
        m = self.modifier
        if m is not None:
            yield Modifier(m.hook, m.layer, m.amount, holder, m.role, self.id)


class StatusKinds:
    """The kinds of one content, in declaration order (the order a tick step runs them)."""

    __slots__ = ("kinds", "by_id", "by_type", "_blocking", "_ticking", "json_rows")

    def __init__(self, entries: Iterable[StatusEntry]) -> None:
        self.kinds = tuple(StatusKind.of(e) for e in entries)
        self.by_id = {k.id: k for k in self.kinds}
        self.by_type = {k.component: k for k in self.kinds}
        # (id, component type, shows_value) of each kind: what a State JSON row prints
        self.json_rows = tuple((k.id, k.component, k.shows_value) for k in self.kinds)
        self._ticking = {point: tuple(k for k in self.kinds if k.tick == point)
                         for point in ("turn_start", "turn_end")}
        self._blocking = {action: tuple(k.component for k in self.kinds if action in k.blocks)
                          for action in ("attack", "move")}
        for kind in self.kinds:
            if kind.modifier is not None:
                hooks.register_carrier(kind.component, kind.modifiers)

    def ticking_at(self, point: str) -> tuple[StatusKind, ...]:
        return self._ticking.get(point, ())

    def blocking(self, action: str) -> tuple[type[Status], ...]:
        """The component types of the kinds that block `action` ("attack" or "move")."""
        return self._blocking.get(action, ())

    def expiring_on(self) -> dict[str, tuple[StatusKind, ...]]:
        out: dict[str, list[StatusKind]] = {}
        for k in self.kinds:
            if k.expire_on is not None:
                out.setdefault(k.expire_on, []).append(k)
        return {point: tuple(kinds) for point, kinds in out.items()}
