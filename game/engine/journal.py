"""The journal: every world mutation records how to undo it, so a match rolls back to a mark.

This is python-chess's push/pop applied to an esper world: an AI search marks the
match, submits a decision, evaluates, and rolls back, instead of cloning the world. Rules change
the world only through these calls (`create`, `delete`, `add`, `remove`, `set`); a plain
`comp.field = x` would escape the journal and survive a rollback.

Entries are recorded only while a mark is open, so a match nobody searches pays almost nothing.
Rolling back also rewinds esper's entity id counter, so ids (and query order) match a match that
never searched.

The journal also keeps the world's query cache (game.engine.query): every creation, deletion,
addition and removal, done or undone, drops the cached rows of the queries that read that
component type, and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import esper

from game.engine import ecs

if TYPE_CHECKING:
    from collections.abc import Hashable, Iterable

    from game.engine.query import Query

_CREATE, _DELETE, _ADD, _REMOVE, _SET, _CALL = range(6)


@dataclass(slots=True)  # not frozen: built on every mark of a search (3x cheaper)
class Mark:
    """A point to roll back to: the journal length and the next entity id at that time."""

    position: int
    next_entity: int
    depth: int
    floor: int = 0  # the position of the mark open before this one (restored when it closes)


class Journal:
    """Records undo entries for the active world (the Match keeps its world active around it)."""

    __slots__ = ("_log", "_depth", "_floor", "epoch", "cached", "_readers")

    def __init__(self) -> None:
        self._log: list[tuple[Any, ...]] = []
        self._depth = 0
        self._floor = 0  # the log position of the innermost open mark
        # Changes at every mark and rollback, so state kept outside the world (RNG streams)
        # knows when it must save itself again before changing (see rng.Stream).
        self.epoch = 0
        # The query cache: query -> (rows, key index), and component type -> the queries that
        # read it (filled the first time a query runs).
        # (`cached` is read directly by `Query`'s readers, written only here.)
        self.cached: dict[Query, tuple[list[Any], dict[Hashable, Any]]] = {}
        self._readers: dict[type, list[Query]] = {}

    # -- queries -------------------------------------------------------------------------
    def rows(self, query: Query) -> tuple[list[Any], dict[Hashable, Any]]:
        """A query's rows and key index in the active world, computed again only after a
        component type it reads was added to or removed from an entity (or an entity holding
        one was created or deleted)."""
        found = self.cached.get(query)
        if found is None:
            found = self.cached[query] = query.compute()
            for component_type in query.types:
                readers = self._readers.setdefault(component_type, [])
                if query not in readers:
                    readers.append(query)
        return found

    def _touch(self, component_type: type) -> None:
        readers = self._readers.get(component_type)
        if readers:
            rows = self.cached
            for query in readers:
                rows.pop(query, None)

    def _touch_entity(self, components: Any) -> None:
        for component_type in components:
            self._touch(component_type)

    @property
    def recording(self) -> bool:
        return self._depth > 0

    def __len__(self) -> int:
        return len(self._log)

    # -- marks ---------------------------------------------------------------------------
    def mark(self) -> Mark:
        self._depth += 1
        self.epoch += 1
        mark = Mark(len(self._log), ecs.next_entity_id(), self._depth, self._floor)
        self._floor = mark.position
        return mark

    def rollback(self, mark: Mark) -> None:
        """Undo everything recorded since `mark`, newest first, and close the mark."""
        log = self._log
        touched: set[type] = set()  # the types whose queries drop, once each, at the end
        forgot = False  # an undone creation: esper's own query cache clears once, at the end
        while len(log) > mark.position:
            entry = log.pop()
            kind = entry[0]
            if kind == _SET:
                setattr(entry[1], entry[2], entry[3])
            elif kind == _CREATE:
                touched.update(ecs.forget_entity(entry[1]))  # esper's cache: once, below
                forgot = True
            elif kind == _DELETE:
                ecs.restore_entity(entry[1], entry[2])
                touched.update(entry[2])
            elif kind == _ADD:
                _, entity, component_type, previous = entry
                if previous is None:
                    ecs.take_component(entity, component_type)
                else:
                    ecs.put_component(entity, previous, component_type)
                touched.add(component_type)
            elif kind == _REMOVE:
                component = entry[2]
                component_type = type(component)
                ecs.put_component(entry[1], component, component_type)
                touched.add(component_type)
            elif kind == _CALL:
                entry[1](*entry[2])
        if forgot:
            esper.clear_cache()
        for component_type in touched:  # (no query is read while the log unwinds)
            self._touch(component_type)
        ecs.rewind_entity_ids(mark.next_entity)
        self.epoch += 1
        self._close(mark)

    def release(self, mark: Mark) -> None:
        """Keep the changes since `mark` and close it (the outermost release frees the log)."""
        self._close(mark)

    def _close(self, mark: Mark) -> None:
        self._depth = mark.depth - 1
        self._floor = mark.floor
        if self._depth == 0:
            self._log.clear()

    # -- mutations -----------------------------------------------------------------------
    def create(self, *components: Any) -> int:
        entity = esper.create_entity(*components)
        rows = self.cached
        if rows:  # nothing cached, nothing to drop: a deal's cards after the first one
            readers = self._readers  # `_touch` inlined: a deal creates 54 cards
            for component in components:
                queries = readers.get(type(component))
                if queries:
                    for query in queries:
                        rows.pop(query, None)
        if self._depth:
            self._log.append((_CREATE, entity))
        return entity

    def create_many(self, rows: Iterable[tuple[Any, ...]]) -> list[int]:
        """`[create(*row) for row in rows]` at the cost of one call (a deal's deck)."""
        created = ecs.create_entities(rows)
        if self.cached:
            touched: set[type] = set()
            for entity in created:
                touched.update(esper._entities[entity])
            self._touch_entity(touched)
        if self._depth:
            self._log.extend((_CREATE, entity) for entity in created)
        return created

    def delete(self, entity: int) -> None:
        components = ecs.entity_components(entity)
        if self._depth:
            self._log.append((_DELETE, entity, components))
        esper.delete_entity(entity, immediate=True)
        self._touch_entity(components)

    def add(self, entity: int, component: Any) -> None:
        """Add a component, or replace the entity's component of that type."""
        component_type = type(component)
        previous = ecs.put_component(entity, component, component_type)
        if self._depth:
            self._log.append((_ADD, entity, component_type, previous))
        readers = self._readers.get(component_type)  # `_touch`, inlined: every intent
        if readers:
            rows = self.cached
            for query in readers:
                rows.pop(query, None)

    def remove(self, entity: int, component_type: type) -> Any:
        component = ecs.take_component(entity, component_type)
        readers = self._readers.get(component_type)
        if readers:
            rows = self.cached
            for query in readers:
                rows.pop(query, None)
        if self._depth:
            log = self._log
            last = log[-1] if len(log) > self._floor else None
            if (last is not None and last[0] == _ADD and last[1] == entity
                    and last[2] is component_type and last[3] is None):
                # Removing what was added since the innermost mark, onto no earlier one (an
                # intent its system consumes): the pair leaves the world as it was, so it
                # leaves no entry either, and a search's rollback has two changes less to undo.
                log.pop()
            else:
                log.append((_REMOVE, entity, component))
        return component

    def set(self, component: Any, **fields: Any) -> None:
        """Set fields of a component (values should be immutable: ints, strs, tuples)."""
        if self._depth:
            log = self._log
            for name, value in fields.items():
                log.append((_SET, component, name, getattr(component, name)))
                setattr(component, name, value)
        else:
            for name, value in fields.items():
                setattr(component, name, value)

    def set_field(self, component: Any, name: str, value: Any) -> None:
        """`set(component, name=value)` for one field, without building the keywords: what
        a card's move does three times, thousands of times in a search."""
        if self._depth:
            self._log.append((_SET, component, name, getattr(component, name)))
        setattr(component, name, value)

    def on_rollback(self, undo: Any, *args: Any) -> None:
        """Record a callable to run on rollback, for engine state kept outside the world."""
        if self._depth:
            self._log.append((_CALL, undo, args))
