"""Queries: the one way rules read a match's world, as named rows, cached per world.

A mode declares its queries once, with names for the components a row holds:

    HEROES = Query("hero", ident=Ident, owner=Owner, health=Health,
                   order=lambda h: (h.owner.seat, h.ident.id), key=lambda h: h.ident.id)
    for hero in HEROES(match): hero.health.hp ...
    HEROES.get(match, "p0.ember")    # the row whose key is "p0.ember", or None

A row is a named tuple (`entity` first, then the components in the order given) holding the live
component objects, so it always shows their current fields. Rows come in the query's `order`
(esper returns set order), else in entity order.

Why a cache: esper clears every one of its query caches on every `add_component` and
`remove_component`, so a world whose intents come and go pays ~17 µs per query instead of
~0.5 µs. The match's journal sees every creation, deletion, addition and removal, so it drops
exactly the cached queries that read the component type that changed (`Journal.rows`): adding an
intent drops only the queries that read intents. Field changes need nothing dropped, as rows hold
the components themselves. Callers must not mutate the lists they get.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from game.engine import ecs

if TYPE_CHECKING:
    from game.engine.match import Match


def _entity(row: Any) -> int:
    return row[0]


class Query:
    """A named query over component types (see the module docstring)."""

    __slots__ = ("name", "types", "row", "order", "key")

    def __init__(self, name: str, *, order: Callable[[Any], Any] | None = None,
                 key: Callable[[Any], Hashable] | None = None, **types: type) -> None:
        if not types:
            raise ValueError(f"query {name!r} reads no component type")
        self.name = name
        self.types = tuple(types.values())
        self.row = namedtuple(name, ("entity", *types))  # type: ignore[misc]
        self.order = order  # None: entity order
        self.key = key

    def __repr__(self) -> str:
        return f"Query({self.name!r})"

    # The readers below look in the journal's cache first and call `Journal.rows` only on a
    # miss: a rule reads a query many times per decision, and the cached read is one lookup.
    def __call__(self, match: Match) -> list[Any]:
        """Every row, in order (cached until a type it reads changes)."""
        journal = match.journal
        return (journal.cached.get(self) or journal.rows(self))[0]

    def get(self, match: Match, key: Hashable) -> Any:
        """The row whose `key` is `key`, or None (a query declared with a `key`)."""
        journal = match.journal
        return (journal.cached.get(self) or journal.rows(self))[1].get(key)

    def index(self, match: Match) -> dict[Hashable, Any]:
        """Key -> row (a query declared with a `key`), for many lookups in a row."""
        journal = match.journal
        return (journal.cached.get(self) or journal.rows(self))[1]

    def first(self, match: Match) -> Any:
        """The first row (a singleton such as a board entity); IndexError when there is none."""
        journal = match.journal
        return (journal.cached.get(self) or journal.rows(self))[0][0]

    def compute(self) -> tuple[list[Any], dict[Hashable, Any]]:
        """Rows and the key index, read from the active world (the journal caches them)."""
        new, row = tuple.__new__, self.row
        rows = [new(row, found) for found in ecs.component_rows(self.types)]
        order, key = self.order, self.key
        if order is None:
            rows.sort(key=_entity)
        elif order is key:  # one call of the function per row for both
            keyed = sorted(((key(r), r) for r in rows), key=_entity)
            return [r for _, r in keyed], dict(keyed)
        else:
            rows.sort(key=order)
        return rows, ({key(r): r for r in rows} if key is not None else {})
