"""game.engine.ecs: world switching and the private esper 3.9 fixes the journal relies on."""

from __future__ import annotations

import esper
import pytest

from game.components.common import GridPos, Health, Ident, Status
from game.engine import ecs


def test_active_world_switches_and_restores_the_previous_world():
    assert esper.current_world == "default"
    with ecs.active_world("a") as name:
        assert name == "a"
        assert esper.current_world == "a"
        with ecs.active_world("b"):
            assert esper.current_world == "b"
        assert esper.current_world == "a"
        with ecs.active_world("a"):  # re-entering the active world is a no-op
            assert esper.current_world == "a"
        assert esper.current_world == "a"
    assert esper.current_world == "default"


def test_active_world_restores_the_previous_world_on_exception():
    with pytest.raises(RuntimeError, match="boom"):
        with ecs.active_world("a"):
            esper.create_entity(Ident("in-a"))
            raise RuntimeError("boom")
    assert esper.current_world == "default"
    assert esper.get_component(Ident) == []  # the entity went into "a", not "default"
    with ecs.active_world("a"):
        assert [(e, c.id) for e, c in esper.get_component(Ident)] == [(1, "in-a")]


def test_one_scope_entered_inside_its_own_block_restores_each_world_it_found():
    scope_a, scope_b = ecs.active_world("a"), ecs.active_world("b")  # a match keeps one each
    with scope_a:
        with scope_b:
            with scope_a:  # the same object again, from another world
                assert esper.current_world == "a"
                with scope_a:  # and from its own
                    assert esper.current_world == "a"
                assert esper.current_world == "a"
            assert esper.current_world == "b"
        assert esper.current_world == "a"
        with pytest.raises(RuntimeError):
            with scope_b:
                raise RuntimeError("boom")
        assert esper.current_world == "a"
    assert esper.current_world == "default"
    with scope_b:  # reusable after its blocks closed
        assert esper.current_world == "b"
    assert esper.current_world == "default"


def test_a_match_enters_its_own_world_scope_nested_in_any_other_world(bare):
    with ecs.active_world("other"):
        with bare.active():
            assert esper.current_world == bare.world
            with bare.active():
                assert esper.current_world == bare.world
            assert esper.current_world == bare.world
        assert esper.current_world == "other"
    assert bare.active() is bare.active()  # one scope per match, not one per call


def test_worlds_are_separate_and_keep_their_id_counters():
    with ecs.active_world("a"):
        assert esper.create_entity() == 1
        assert esper.create_entity() == 2
    with ecs.active_world("b"):
        assert esper.create_entity() == 1
    with ecs.active_world("a"):
        assert esper.create_entity() == 3


def test_next_entity_id_does_not_consume_an_id():
    first = esper.create_entity()
    assert ecs.next_entity_id() == first + 1
    assert ecs.next_entity_id() == first + 1
    assert esper.create_entity() == first + 1
    assert ecs.next_entity_id() == first + 2


def test_rewind_entity_ids_reuses_ids():
    esper.create_entity()
    mark = ecs.next_entity_id()
    created = [esper.create_entity() for _ in range(3)]
    for entity in created:
        esper.delete_entity(entity, immediate=True)
    ecs.rewind_entity_ids(mark)
    assert esper.create_entity() == created[0]


def test_restore_entity_after_immediate_delete_restores_queries():
    pos1, hp1 = GridPos(1, 2), Health(5, 9)
    e1 = esper.create_entity(pos1, hp1)
    e2 = esper.create_entity(GridPos(3, 4))
    assert esper.get_components(GridPos, Health) == [(e1, (pos1, hp1))]  # cache warm
    saved = ecs.entity_components(e1)
    esper.delete_entity(e1, immediate=True)
    assert esper.get_components(GridPos, Health) == []
    assert esper.get_component(Health) == []
    assert not esper.entity_exists(e1)

    ecs.restore_entity(e1, saved)
    assert esper.entity_exists(e1)
    assert esper.get_components(GridPos, Health) == [(e1, (pos1, hp1))]
    assert esper.get_component(Health) == [(e1, hp1)]
    assert sorted(e for e, _ in esper.get_component(GridPos)) == [e1, e2]
    assert esper.component_for_entity(e1, Health) is hp1
    # the saved dict is copied: changing it later does not change the restored entity
    saved.clear()
    assert esper.components_for_entity(e1) == (pos1, hp1)


def test_entity_components_is_a_copy():
    e = esper.create_entity(GridPos(0, 0))
    copy = ecs.entity_components(e)
    copy[Health] = Health(1, 1)
    assert esper.try_component(e, Health) is None


def test_world_snapshot_is_a_deep_comparable_copy():
    e1 = esper.create_entity(GridPos(1, 2), Ident("a"))
    e2 = esper.create_entity(Health(3, 4))
    pos = esper.component_for_entity(e1, GridPos)
    snap = ecs.world_snapshot()
    assert snap == {
        e1: {"GridPos": {"x": 1, "y": 2}, "Ident": {"id": "a"}},
        e2: {"Health": {"hp": 3, "max_hp": 4}},
    }
    pos.x = 99
    assert snap[e1]["GridPos"] == {"x": 1, "y": 2}
    assert ecs.world_snapshot()[e1]["GridPos"] == {"x": 99, "y": 2}


def test_reset_all_worlds_drops_every_world():
    with ecs.active_world("x"):
        esper.create_entity(Ident("x"))
    esper.create_entity(Ident("default"))
    ecs.reset_all_worlds()
    assert esper.current_world == "default"
    assert esper.list_worlds() == ["default"]
    assert esper.get_component(Ident) == []
    assert esper.create_entity() == 1
    with ecs.active_world("x"):  # a fresh, empty "x"
        assert esper.get_component(Ident) == []


def test_delete_world_refuses_the_active_world_and_ignores_unknown_ones():
    with ecs.active_world("gone"):
        with pytest.raises(PermissionError):
            ecs.delete_world("gone")
    ecs.delete_world("gone")
    assert "gone" not in esper.list_worlds()
    ecs.delete_world("never-existed")  # no error


def test_an_active_world_holds_the_process_lock_that_the_match_names(bare):
    """Threads take turns on esper's one active world: a block inside `active()` holds
    `Match.lock`, and another thread waits for it."""
    import threading

    from game.engine.match import Match

    seen: list[bool] = []

    def other_thread() -> None:
        got = Match.lock.acquire(blocking=False)
        seen.append(got)
        if got:
            Match.lock.release()

    with bare.active():
        thread = threading.Thread(target=other_thread)
        thread.start()
        thread.join()
    thread = threading.Thread(target=other_thread)
    thread.start()
    thread.join()
    assert seen == [False, True]


def test_entity_table_is_the_active_world_s_components_by_entity():
    with ecs.active_world("table-a"):
        unit = esper.create_entity(Ident("u"), Health(3, 5))
        table = ecs.entity_table()
        assert table[unit][Health] == Health(3, 5) and table[unit] is ecs.components_of(unit)
    with ecs.active_world("table-b"):
        assert unit not in ecs.entity_table()  # a fresh world: its own table
    ecs.delete_world("table-a")
    ecs.delete_world("table-b")


def test_component_rows_are_what_esper_gives_for_those_types():
    with ecs.active_world("rows"):
        esper.create_entity(Ident("a"), Health(1, 2))
        esper.create_entity(Ident("b"))
        esper.create_entity(Health(3, 4), GridPos(1, 1), Ident("c"))
        for types in ((Ident,), (Health,), (Ident, Health), (GridPos, Ident, Health)):
            expected = sorted((e, *comps) for e, comps in esper.get_components(*types))
            assert sorted(ecs.component_rows(types)) == expected, types
        assert ecs.component_rows((Ident, Status)) == []  # a type no entity holds


def test_forget_entity_deletes_it_and_leaves_the_cache_clearing_to_the_caller():
    with ecs.active_world("forget"):
        kept = esper.create_entity(Ident("kept"), Health(1, 1))
        gone = esper.create_entity(Ident("gone"), GridPos(0, 0))
        assert set(ecs.forget_entity(gone)) == {Ident, GridPos}
        esper.clear_cache()
        assert not esper.entity_exists(gone)
        assert esper.get_component(GridPos) == []
        assert [e for e, _ in esper.get_component(Ident)] == [kept]


def test_put_component_adds_or_replaces_and_gives_the_one_it_replaced():
    with ecs.active_world("put"):
        unit = esper.create_entity(Ident("u"))
        assert esper.get_component(Health) == []  # esper's own cache, filled
        assert ecs.put_component(unit, Health(3, 5), Health) is None
        assert esper.get_component(Health) == [(unit, Health(3, 5))]  # its cache was dropped
        old = esper.component_for_entity(unit, Health)
        assert ecs.put_component(unit, Health(1, 5), Health) is old
        assert esper.component_for_entity(unit, Health) == Health(1, 5)
        assert ecs.component_rows((Health,)) == [(unit, Health(1, 5))]
    ecs.delete_world("put")


def test_take_component_removes_it_as_esper_does_and_raises_for_a_missing_one():
    with ecs.active_world("take"):
        unit = esper.create_entity(Ident("u"), Health(3, 5))
        other = esper.create_entity(Health(1, 1))
        assert esper.get_component(Health) != []
        assert ecs.take_component(unit, Health) == Health(3, 5)
        assert not esper.has_component(unit, Health)
        assert esper.get_component(Health) == [(other, Health(1, 1))]
        ecs.take_component(other, Health)
        assert esper.get_component(Health) == [] and ecs.holders(Health) == ()
        with pytest.raises(KeyError):
            ecs.take_component(unit, Health)
        assert esper.component_for_entity(unit, Ident) == Ident("u")  # nothing else changed
    ecs.delete_world("take")


def test_holders_are_the_entities_of_the_active_world_holding_a_type():
    with ecs.active_world("holders-a"):
        a = esper.create_entity(Ident("a"), Health(1, 1))
        esper.create_entity(Ident("b"))
        assert set(ecs.holders(Health)) == {a} and ecs.holders(GridPos) == ()
    with ecs.active_world("holders-b"):
        assert ecs.holders(Health) == ()
    ecs.delete_world("holders-a")
    ecs.delete_world("holders-b")
