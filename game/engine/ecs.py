"""esper world plumbing: the one place that switches worlds and touches esper's private state.

esper 3 keeps worlds as module-global contexts. A Match activates its own world through
`active_world`, which always restores the previous one, so a scene, a CPU search and a test can
hold several matches at once. The journal needs three things esper does not offer (reading and
rewinding the entity id counter, and restoring a deleted entity); they are here, on esper 3.9's
private attributes, each covered by a unit test. Two more read private state for speed:
`components_of` (an entity's component table) and `derived` (a lookup cache that compares the
active world's own entity table by identity).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any, TypeVar

import esper

T = TypeVar("T")

class WorldScope:
    """`with active_world(name):` makes `name` the active esper world for the block, then
    restores the previous one (also on an exception). A plain class, not a generator-based
    context manager: the match enters it on every call. Re-entering the active world is free."""

    __slots__ = ("name", "_prev")

    def __init__(self, name: str) -> None:
        self.name = name
        self._prev: str | None = None

    def __enter__(self) -> str:
        prev = esper.current_world
        if prev == self.name:
            self._prev = None
        else:
            self._prev = prev
            esper.switch_world(self.name)
        return self.name

    def __exit__(self, *exc: object) -> None:
        if self._prev is not None:
            prev, self._prev = self._prev, None
            esper.switch_world(prev)


active_world = WorldScope


def delete_world(name: str) -> None:
    """Drop a world that is not active (a finished match)."""
    if esper.current_world == name:
        raise PermissionError(f"world {name!r} is active")
    if name in esper.list_worlds():
        esper.delete_world(name)


def reset_all_worlds() -> None:
    """Tests only: drop every world and start a fresh "default" one."""
    esper._context_map.clear()
    esper._current_world = None  # so switch_world doesn't save the old globals back
    esper.switch_world("default")


def next_entity_id() -> int:
    """The id the next `create_entity` will return, without consuming it."""
    n = next(esper._entity_count)
    esper._entity_count = itertools.count(n)
    return n


def rewind_entity_ids(n: int) -> None:
    """Make `n` the next entity id again (after undoing creations)."""
    esper._entity_count = itertools.count(n)


def entity_components(entity: int) -> dict[type, Any]:
    """A shallow copy of an entity's components, keyed by type (to restore it later)."""
    return dict(esper._entities[entity])


def components_of(entity: int) -> dict[type, Any]:
    """The live component table of an entity, by type, for reading only (one lookup for a
    State JSON row instead of one `try_component` per component type)."""
    return esper._entities[entity]


def restore_entity(entity: int, components: dict[type, Any]) -> None:
    """Undo `delete_entity(entity, immediate=True)` given the components saved before it."""
    esper._entities[entity] = dict(components)
    for component_type in components:
        esper._components.setdefault(component_type, set()).add(entity)
    esper.clear_cache()


# -- derived lookups (docs/architecture.md "esper's private attributes") ------------------------
# Bumped at every creation and deletion of an entity through the journal, and at every undo of
# one, in any world: a derived lookup of entities is valid while it is unchanged.
_structure = 0
_derived: dict[str, tuple[int, object, Any]] = {}


def bump_structure() -> None:
    global _structure
    _structure += 1


def derived(key: str, compute: Callable[[], T]) -> T:
    """`compute()`'s value for the active world, computed again only after an entity was
    created, deleted or restored by a rollback (`bump_structure`), or in another world (each
    world has its own entity table, compared by identity).

    It fits lookups that depend only on *which* entities exist and hold the component objects
    they were created with: rules change those in place through the journal and never replace
    them, so a cached value always shows current field values. A lookup that depends on
    components being added or removed (a status, an intent) must not use it. Callers must not
    mutate the value. One world per key is kept: a CPU's scratch match and the live match take
    turns, so the cache is rebuilt once per switch."""
    hit = _derived.get(key)
    entities = esper._entities
    if hit is not None and hit[0] == _structure and hit[1] is entities:
        return hit[2]
    value = compute()
    _derived[key] = (_structure, entities, value)
    return value


def world_snapshot() -> dict[int, dict[str, Any]]:
    """A deep, comparable copy of the active world: entity -> component type name -> fields."""
    snapshot: dict[int, dict[str, Any]] = {}
    for entity in sorted(esper._entities):
        snapshot[entity] = {
            type(comp).__qualname__: (
                dataclasses.asdict(comp) if dataclasses.is_dataclass(comp) else repr(comp)
            )
            for comp in esper._entities[entity].values()
        }
    return snapshot
