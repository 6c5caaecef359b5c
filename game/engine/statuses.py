"""Status kinds: what a status component does, declared as data from registered primitives.

A status is a component (a `Status` subclass: turns left and a value), added when it starts
and removed when it ends; no component carries a status as a field. Its *kind* says what it
does, composed from the engine's primitives only, so a mod declares a new one in TOML
(`[[statuses]]`, docs/modding.md) with no code:

- `each_tick = "damage" | "heal"`: damage or heal over time, `value` per tick (a registered
  tick effect, `TICKS`);
- `blocks = ["attack", "move"]`: the actions of the mode it stops its holder from taking (the
  mode names its blockable actions; every rule and every CPU asks `blocks`, never a kind's id);
- `modifier = {hook, layer, amount, role}`: modify a hook value while the status lasts (found
  by `gather`, like every `Modifier`);
- `tick = "turn_start" | "turn_end"`: when its turns count down (it expires after N turns);
- `expire_on = "after:damage"`: it also ends when a command at that hook point concerns the
  holder (a trigger that runs `end_status`);
- `[[statuses.triggers]]`: effects that react at hook points (game.engine.triggers).

Everything here belongs to one content: `StatusKinds` makes a fresh component class for each
kind it declares, so two contents in one process (a mod's `poison` beside another's) never share
a component type, a modifier or a trigger. Hook points and actions are checked against the
mode's (`check_statuses`), so a typo is a `file:key` problem, never a status that does nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.components.common import Modifier, Status
from game.engine.triggers import BoundTrigger, TriggerEntry, check_triggers

if TYPE_CHECKING:
    from game.engine.match import Match

SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class ModifierEntry(_Strict):
    """A hook value the status modifies while it lasts."""

    hook: str = Field(min_length=1, max_length=40)
    layer: Literal["add", "mul", "cap"]
    amount: float = Field(ge=-1000, le=1000)
    role: Literal["source", "target", "any"] = "target"


# -- tick effects -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TickEffect:
    """What a status does each time it ticks, before its turns count down. `hp_per_value` is
    the holder's HP change per point of `value` (damage -1, heal +1): what a CPU forecasts."""

    name: str
    hp_per_value: int
    run: Callable[[Match, int, Any, Status], None] | None


def _tick_damage(match: Match, holder: int, kind: Any, status: Status) -> None:
    from game.engine.commands import damage

    damage(status.value, cause=kind.id).exact().target(holder).run(match)


def _tick_heal(match: Match, holder: int, kind: Any, status: Status) -> None:
    from game.engine.commands import heal

    heal(status.value, cause=kind.id).exact().target(holder).run(match)


TICKS = {
    "none": TickEffect("none", 0, None),
    "damage": TickEffect("damage", -1, _tick_damage),
    "heal": TickEffect("heal", 1, _tick_heal),
}


class StatusEntry(_Strict):
    """One `[[statuses]]` entry: a status kind composed of the primitives above."""

    id: str = Field(max_length=40)
    name: str = Field(default="", max_length=40)
    tick: Literal["turn_start", "turn_end"] = "turn_start"
    each_tick: Literal["none", "damage", "heal"] = "none"
    blocks: list[str] = Field(default=[], max_length=8)
    modifier: ModifierEntry | None = None
    expire_on: str | None = Field(default=None, max_length=60)
    shows_value: bool = True  # the State JSON prints {"turns", "value"}; else only the turns
    triggers: list[TriggerEntry] = Field(default=[], max_length=8)

    @model_validator(mode="after")
    def _valid(self) -> StatusEntry:
        if not SNAKE.fullmatch(self.id):
            raise ValueError(f"id {self.id!r} must be snake_case")
        return self


def check_statuses(entries: Iterable[StatusEntry], points: frozenset[str],
                   actions: frozenset[str], value_hooks: frozenset[str],
                   mode: str | None = None) -> list[tuple[str, str]]:
    """(key, problem) for every hook point, blocked action, modified value or trigger of
    these entries that the mode does not have (a content's cross-check: `statuses[2].expire_on:
    unknown hook point 'after:dmg'`). `value_hooks` are the values the mode computes through
    the modifier layers (strike: "damage", "heal"); `mode` is the mode whose content this is
    (a trigger effect registered for other modes only is a problem)."""
    problems: list[tuple[str, str]] = []
    for i, entry in enumerate(entries):
        if entry.modifier is not None and entry.modifier.hook not in value_hooks:
            problems.append((f"statuses[{i}].modifier.hook",
                             f"unknown value {entry.modifier.hook!r} (modified values: "
                             f"{', '.join(sorted(value_hooks))})"))
        if entry.expire_on is not None and entry.expire_on not in points:
            problems.append((f"statuses[{i}].expire_on",
                             f"unknown hook point {entry.expire_on!r} "
                             f"(known: {', '.join(sorted(points))})"))
        for j, action in enumerate(entry.blocks):
            if action not in actions:
                problems.append((f"statuses[{i}].blocks[{j}]",
                                 f"unknown action {action!r} (known: "
                                 f"{', '.join(sorted(actions))})"))
        problems += check_triggers(entry.triggers, points, f"statuses[{i}].triggers", mode)
    return problems


def _component_class(kind_id: str) -> type[Status]:
    name = "".join(part.title() for part in kind_id.split("_")) + "Status"
    return type(name, (Status,), {"__slots__": ()})


@dataclass(frozen=True, slots=True)
class StatusKind:
    """A declared kind, its own component type and its bound triggers."""

    id: str
    name: str
    component: type[Status]
    tick: str
    each_tick: TickEffect
    blocks: frozenset[str]
    modifier: ModifierEntry | None
    shows_value: bool
    triggers: tuple[BoundTrigger, ...]

    @classmethod
    def of(cls, entry: StatusEntry) -> StatusKind:
        triggers = [BoundTrigger.of(t) for t in entry.triggers]
        if entry.expire_on is not None:
            triggers.append(BoundTrigger.of(TriggerEntry(on=entry.expire_on, do="end_status")))
        return cls(entry.id, entry.name or entry.id, _component_class(entry.id), entry.tick,
                   TICKS[entry.each_tick], frozenset(entry.blocks), entry.modifier,
                   entry.shows_value, tuple(triggers))

    def modifiers(self, holder: int, status: Status) -> Iterable[Modifier]:
        m = self.modifier
        if m is not None:
            yield Modifier(m.hook, m.layer, m.amount, holder, m.role, self.id)

    def hp_forecast(self, turns: int, value: int) -> int:
        """The HP this status will still add to (or take from) its holder over its turns."""
        return self.each_tick.hp_per_value * turns * value


class StatusKinds:
    """The kinds of one content, in declaration order (the order a tick step runs them)."""

    __slots__ = ("entries", "kinds", "by_id", "by_type", "_blocking", "_ticking", "json_rows")

    def __init__(self, entries: Iterable[StatusEntry]) -> None:
        self.entries = tuple(entries)
        self.kinds = tuple(StatusKind.of(e) for e in self.entries)
        self.by_id = {k.id: k for k in self.kinds}
        self.by_type = {k.component: k for k in self.kinds}
        # (id, component type, shows_value) of each kind: what a State JSON row prints
        self.json_rows = tuple((k.id, k.component, k.shows_value) for k in self.kinds)
        self._ticking = {point: tuple(k for k in self.kinds if k.tick == point)
                         for point in ("turn_start", "turn_end")}
        actions = {a for k in self.kinds for a in k.blocks}
        self._blocking = {action: tuple(k.component for k in self.kinds if action in k.blocks)
                          for action in actions}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its entries (a CPU sent to a worker): the other process makes its own
        component classes."""
        return (StatusKinds, (self.entries,))

    def install(self, match: Match) -> None:
        """This content's modifier carriers and triggers, in one match."""
        from game.engine.triggers import install_status_triggers

        match.add_carriers((k.component, k.modifiers) for k in self.kinds
                           if k.modifier is not None)
        install_status_triggers(match, self.kinds)

    def ticking_at(self, point: str) -> tuple[StatusKind, ...]:
        return self._ticking.get(point, ())

    def blocking(self, action: str) -> tuple[type[Status], ...]:
        """The component types of the kinds that block `action` (e.g. "attack", "move")."""
        return self._blocking.get(action, ())

    def blocked_by(self, held: Iterable[str]) -> frozenset[str]:
        """The actions that statuses of these kind ids block (a CPU reading a view)."""
        return frozenset(a for kind_id in held if (k := self.by_id.get(kind_id)) is not None
                         for a in k.blocks)
