"""game.engine.query: named rows, in order, cached per world until a type they read changes."""

from __future__ import annotations

import esper
import pytest

from game.components.common import GridPos, Health, Ident, Owner
from game.engine.match import Match
from game.engine.query import Query

from .support import BareRules

UNITS = Query("unit", ident=Ident, health=Health, order=lambda u: u.ident.id,
              key=lambda u: u.ident.id)


class Counted(Query):
    """A query that counts how often it really reads the world."""

    __slots__ = ("runs",)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.runs = 0

    def compute(self):
        self.runs += 1
        return super().compute()


def bare() -> Match:
    return Match(BareRules(), seed=1, phase="play")


def test_rows_are_named_in_order_and_hold_the_live_components():
    match = bare()
    with match.active():
        b = match.journal.create(Ident("b"), Health(3, 5))
        a = match.journal.create(Ident("a"), Health(4, 5))
        match.journal.create(Ident("no_health"))
        rows = UNITS(match)
        assert [(r.entity, r.ident.id, r.health.hp) for r in rows] == [(a, "a", 4), (b, "b", 3)]
        assert UNITS.get(match, "b").entity == b and UNITS.get(match, "zz") is None
        assert UNITS.first(match).ident.id == "a"
        match.journal.set(esper.component_for_entity(b, Health), hp=1)
        assert UNITS.get(match, "b").health.hp == 1  # a field change shows without a re-run


def test_a_query_re_runs_only_when_a_type_it_reads_changes():
    units = Counted("unit", ident=Ident, health=Health)
    match = bare()
    with match.active():
        e = match.journal.create(Ident("a"), Health(4, 5))
        units(match)
        units(match)
        assert units.runs == 1
        match.journal.add(e, GridPos(1, 1))  # an intent-like change of another type
        match.journal.remove(e, GridPos)
        match.journal.create(Owner(0))
        match.journal.set(esper.component_for_entity(e, Health), hp=2)
        units(match)
        assert units.runs == 1
        match.journal.add(e, Health(9, 9))  # a replaced component of a type it reads
        assert units(match)[0].health.hp == 9 and units.runs == 2
        match.journal.create(Ident("b"))
        assert len(units(match)) == 1 and units.runs == 3
        match.journal.delete(e)
        assert units(match) == [] and units.runs == 4


def test_a_rollback_drops_the_queries_of_the_types_it_restores():
    units = Counted("unit", ident=Ident, health=Health)
    match = bare()
    with match.active():
        e = match.journal.create(Ident("a"), Health(4, 5))
        assert len(units(match)) == 1
        mark = match.mark()
        match.journal.delete(e)
        match.journal.create(Ident("b"), Health(1, 1))
        assert [r.ident.id for r in units(match)] == ["b"]
        match.rollback(mark)
        assert [(r.entity, r.ident.id) for r in units(match)] == [(e, "a")]


def test_each_world_has_its_own_cache():
    one, two = bare(), bare()
    with one.active():
        one.journal.create(Ident("x"), Health(1, 1))
        assert len(UNITS(one)) == 1
    with two.active():
        assert UNITS(two) == []


def test_a_query_must_read_a_component():
    with pytest.raises(ValueError, match="reads no component type"):
        Query("nothing")


def test_a_query_dropped_by_one_type_is_dropped_again_by_another_after_it_runs_again():
    """The cache remembers, per type, the queries computed since that type last changed."""
    units = Counted("unit", ident=Ident, health=Health)
    match = bare()
    with match.active():
        e = match.journal.create(Ident("a"), Health(4, 5))
        units(match)
        match.journal.add(e, Ident("a2"))  # drops it through Ident
        assert units(match)[0].ident.id == "a2" and units.runs == 2
        match.journal.add(e, Health(1, 1))  # and now through Health
        assert units(match)[0].health.hp == 1 and units.runs == 3
        match.journal.add(e, Ident("a3"))  # and through Ident again
        assert units(match)[0].ident.id == "a3" and units.runs == 4
        match.journal.create(GridPos(0, 0))  # a type it never read: nothing to drop
        units(match)
        assert units.runs == 4


def test_order_and_key_given_as_one_function_are_computed_once_a_row():
    calls = []

    def key(row):
        calls.append(row.entity)
        return row.ident.id

    by_id = Query("by_id", ident=Ident, order=key, key=key)
    plain = Query("by_entity", ident=Ident)
    match = bare()
    with match.active():
        c = match.journal.create(Ident("c"))
        a = match.journal.create(Ident("a"))
        b = match.journal.create(Ident("b"))
        assert [r.entity for r in by_id(match)] == [a, b, c]
        assert by_id.get(match, "b").entity == b
        assert sorted(calls) == sorted([a, b, c])  # once each, for the order and the index
        assert [r.entity for r in plain(match)] == [c, a, b]  # no order: entity order
        assert plain.index(match) == {}


def test_creations_with_nothing_cached_then_one_read_see_every_entity():
    """A deal's run of creations: the first drops the cached rows, the next ones find nothing
    cached (the journal skips its readers then); the next read counts every entity, and a
    query cached again is dropped by the next creation of a type it reads."""
    units = Counted("unit", ident=Ident, health=Health)
    match = bare()
    with match.active():
        match.journal.create(Ident("a"), Health(1, 1))
        assert len(units(match)) == 1 and units.runs == 1
        for name in "bcd":
            match.journal.create(Ident(name), Health(2, 2))
        assert match.journal.cached == {} or units not in match.journal.cached
        assert [r.ident.id for r in units(match)] == ["a", "b", "c", "d"] and units.runs == 2
        match.journal.create(Owner(1))  # a type it does not read: still cached
        assert len(units(match)) == 4 and units.runs == 2
        match.journal.create(Ident("e"), Health(3, 3))
        assert len(units(match)) == 5 and units.runs == 3
