"""esper world plumbing: the one place that switches worlds and touches esper's private state.

esper 3 keeps worlds as module-global contexts. A Match activates its own world through
`active_world`, which always restores the previous one, so a scene, a CPU search and a test can
hold several matches at once. Because the active world is one per process, threads (a network
host beside the window, an in-process CPU client) take turns: `active_world` holds the
process's `WORLD_LOCK` (re-entrant) for its whole block, so every match call is whole; a caller
that needs several calls to see one position holds `Match.lock` (the same lock) around them.

The journal needs three things esper does not offer (reading and rewinding the entity id
counter, and restoring a deleted entity); they are here, on esper 3.9's
private attributes, each covered by a unit test. `components_of` reads an entity's component
table (the journal saves it before a deletion and reads it to undo a creation).
"""

from __future__ import annotations

import dataclasses
import itertools
import threading
from collections.abc import Iterable
from operator import itemgetter
from typing import Any

import esper

WORLD_LOCK = threading.RLock()


class WorldScope:
    """`with active_world(name):` makes `name` the active esper world for the block, then
    restores the previous one (also on an exception). A plain class, not a generator-based
    context manager: the match enters it on every call. Re-entering the active world is free.
    One scope may be entered again inside its own block (a match keeps one scope and enters
    it on every call, nested or not): each entry keeps the world it found on a stack. The
    process lock is taken before the stack is touched, so two threads never share it."""

    __slots__ = ("name", "_prev")

    def __init__(self, name: str) -> None:
        self.name = name
        self._prev: list[str | None] = []

    def __enter__(self) -> str:
        WORLD_LOCK.acquire()
        prev = esper.current_world
        if prev == self.name:
            self._prev.append(None)
        else:
            self._prev.append(prev)
            esper.switch_world(self.name)
        return self.name

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        try:
            prev = self._prev.pop()
            if prev is not None:
                esper.switch_world(prev)
        finally:
            WORLD_LOCK.release()


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


def entity_table() -> dict[int, dict[type, Any]]:
    """The active world's table entity -> its components by type, for reading only: a State
    JSON of many entities reads it once instead of calling `components_of` per entity."""
    return esper._entities


def component_rows(types: tuple[type, ...]) -> list[tuple[Any, ...]]:
    """`(entity, component, ...)` of every entity of the active world that holds all of
    `types`, in no particular order: what `esper.get_components` gives, read straight from
    esper's tables (a set intersection and one `itemgetter` per entity), for the query layer
    (game.engine.query), which recomputes its rows whenever a type it reads changed."""
    table = esper._components
    sets = []
    for component_type in types:
        found = table.get(component_type)
        if not found:
            return []
        sets.append(found)
    entities = esper._entities
    if len(types) == 1:
        only = types[0]
        return [(entity, entities[entity][only]) for entity in sets[0]]
    get = itemgetter(*types)
    members = set.intersection(*sets)
    return [(entity, *get(entities[entity])) for entity in members]


def put_component(entity: int, component: Any, component_type: type) -> Any:
    """`esper.add_component(entity, component)` in one call that also returns the component
    of that type the entity held before (None if none), for the journal: one lookup instead
    of a `try_component` and an `add_component` per change, the hottest write of a search."""
    table = esper._components
    holders = table.get(component_type)
    if holders is None:
        table[component_type] = {entity}
    else:
        holders.add(entity)
    parts = esper._entities[entity]
    previous = parts.get(component_type)
    parts[component_type] = component
    esper._cache_dirty = True  # what esper.clear_cache() sets: its own getters stay right
    return previous


def create_entities(rows: Iterable[tuple[Any, ...]]) -> list[int]:
    """`[esper.create_entity(*row) for row in rows]` in one call: the ids in order, written
    straight into esper's tables and its query cache cleared once, not once per entity (a
    deal creates a whole deck of cards)."""
    table, entities, count = esper._components, esper._entities, esper._entity_count
    created: list[int] = []
    for row in rows:
        entity = next(count)
        parts = {}
        for component in row:
            component_type = type(component)
            holders = table.get(component_type)
            if holders is None:
                table[component_type] = {entity}
            else:
                holders.add(entity)
            parts[component_type] = component
        entities[entity] = parts
        created.append(entity)
    esper.clear_cache()
    return created


def take_component(entity: int, component_type: type) -> Any:
    """`esper.remove_component(entity, component_type)`, read from esper's tables in one call
    (KeyError when the entity has none, as esper raises)."""
    component = esper._entities[entity].pop(component_type)
    table = esper._components
    holders = table[component_type]
    holders.discard(entity)
    if not holders:
        del table[component_type]
    esper._cache_dirty = True
    return component


def holders(component_type: type) -> set[int] | tuple[()]:
    """The entities of the active world holding a component of this type (for reading only):
    a system finds the one entity holding its step's intent without building a query."""
    return esper._components.get(component_type) or ()


def restore_entity(entity: int, components: dict[type, Any]) -> None:
    """Undo `delete_entity(entity, immediate=True)` given the components saved before it."""
    esper._entities[entity] = dict(components)
    for component_type in components:
        esper._components.setdefault(component_type, set()).add(entity)
    esper.clear_cache()


def forget_entity(entity: int) -> dict[type, Any]:
    """Delete an entity at once, as `esper.delete_entity(entity, immediate=True)` does, but
    without clearing esper's query cache: the journal undoing a run of creations deletes
    them all, then clears the cache once. Returns the entity's components by type."""
    components = esper._entities.pop(entity)
    table = esper._components
    for component_type in components:
        holders = table[component_type]
        holders.discard(entity)
        if not holders:
            del table[component_type]
    return components


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
