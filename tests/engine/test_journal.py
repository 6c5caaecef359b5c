"""game.engine.journal: mark / rollback / release on the esper world, and Match.mark/rollback."""

from __future__ import annotations

import esper
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.components.common import GridPos, Health, Ident, InPile, Pile, Status
from game.engine import ecs
from game.engine.journal import Journal
from game.engine.match import Match
from game.engine.piles import cards_in, create_pile, move_card, shuffle_pile

from .support import BareRules


# -- single kinds of change ------------------------------------------------------------------------
def test_rollback_restores_field_sets_newest_first():
    journal = Journal()
    hp = Health(10, 10)
    esper.create_entity(hp)
    mark = journal.mark()
    journal.set(hp, hp=7)
    journal.set(hp, hp=3, max_hp=12)
    assert hp == Health(3, 12)
    journal.rollback(mark)
    assert hp == Health(10, 10)
    assert len(journal) == 0 and not journal.recording


def test_set_field_is_one_field_of_set_and_rolls_back_like_it():
    journal = Journal()
    hp = Health(10, 10)
    esper.create_entity(hp)
    journal.set_field(hp, "hp", 9)  # no mark: nothing recorded
    assert hp == Health(9, 10) and len(journal) == 0
    mark = journal.mark()
    journal.set_field(hp, "hp", 7)
    journal.set_field(hp, "max_hp", 12)
    journal.set_field(hp, "hp", 3)
    assert hp == Health(3, 12) and len(journal) == 3
    journal.rollback(mark)
    assert hp == Health(9, 10)


def test_rollback_undoes_creations_and_rewinds_the_id_counter():
    journal = Journal()
    esper.create_entity(Ident("old"))
    mark = journal.mark()
    created = [journal.create(Ident(f"n{i}"), GridPos(i, i)) for i in range(3)]
    assert created == [2, 3, 4]
    journal.rollback(mark)
    assert [esper.entity_exists(e) for e in created] == [False, False, False]
    assert [c.id for _, c in esper.get_component(Ident)] == ["old"]
    assert esper.get_component(GridPos) == []
    assert ecs.next_entity_id() == 2
    assert esper.create_entity() == 2  # the same id a match that never searched would get


def test_create_many_is_create_in_a_row_and_rolls_back_like_it():
    """A deal's whole deck at once: the same ids, components, holders and undo entries as
    one `create` per entity."""
    one_by_one, at_once = Journal(), Journal()
    rows = [(Ident(f"c{i}"), GridPos(i, 0)) for i in range(3)] + [(Ident("bare"),)]
    with ecs.active_world("one-by-one"):
        mark = one_by_one.mark()
        expected = [one_by_one.create(*row) for row in rows]
        expected_world = ecs.world_snapshot()
    with ecs.active_world("at-once"):
        esper.get_component(GridPos)  # esper's own cache, which the creations must clear
        mark_b = at_once.mark()
        created = at_once.create_many(rows)
        assert created == expected and ecs.world_snapshot() == expected_world
        assert sorted(e for e, _ in esper.get_component(GridPos)) == expected[:3]
        assert len(at_once) == len(one_by_one) == 4
        at_once.rollback(mark_b)
        assert esper.get_component(Ident) == [] and ecs.next_entity_id() == expected[0]
    with ecs.active_world("one-by-one"):
        one_by_one.rollback(mark)
    for name in ("one-by-one", "at-once"):
        ecs.delete_world(name)


def test_create_many_drops_the_cached_queries_of_the_types_it_creates():
    from game.engine.query import Query

    healthy = Query("healthy_many", health=Health)
    placed = Query("placed_many", pos=GridPos)
    match = Match(BareRules(), seed=1, phase="play")
    with match.active():
        assert healthy(match) == [] and placed(match) == []
        cached_placed = match.journal.cached[placed]
        created = match.journal.create_many([(Health(i, i),) for i in range(3)])
        assert [r.entity for r in healthy(match)] == created
        assert match.journal.cached[placed] is cached_placed  # a type it did not create


def test_rollback_restores_deleted_entities_and_their_queries():
    journal = Journal()
    pos, hp = GridPos(1, 1), Health(4, 5)
    victim = esper.create_entity(Ident("v"), pos, hp)
    other = esper.create_entity(Ident("o"), GridPos(2, 2))
    assert [e for e, _ in esper.get_components(GridPos, Health)] == [victim]
    mark = journal.mark()
    journal.delete(victim)
    assert not esper.entity_exists(victim)
    assert esper.get_components(GridPos, Health) == []
    assert esper.get_component(Health) == []
    journal.rollback(mark)
    assert esper.get_components(GridPos, Health) == [(victim, (pos, hp))]
    assert sorted(e for e, _ in esper.get_component(GridPos)) == [victim, other]
    assert esper.component_for_entity(victim, Ident).id == "v"
    assert esper.create_entity() == 3


def test_rollback_undoes_add_replace_and_remove_component():
    journal = Journal()
    old_pos = GridPos(0, 0)
    e = esper.create_entity(old_pos, Health(1, 1))
    mark = journal.mark()
    journal.add(e, Status(1, 2))  # new type
    journal.add(e, GridPos(5, 5))  # replaces
    removed = journal.remove(e, Health)
    assert removed == Health(1, 1)
    assert esper.components_for_entity(e) == (GridPos(5, 5), Status(1, 2))
    journal.rollback(mark)
    assert esper.try_component(e, Status) is None
    assert esper.get_component(Status) == []
    assert esper.component_for_entity(e, GridPos) is old_pos
    assert esper.component_for_entity(e, Health) == Health(1, 1)
    assert [x for x, _ in esper.get_components(GridPos, Health)] == [e]


def test_a_component_added_and_removed_since_the_mark_leaves_no_entry():
    """An intent attached then consumed inside one mark: the pair leaves the world as it was,
    so the log keeps neither (a rollback has nothing to undo), and the rollback still finds
    the world of the mark."""
    journal = Journal()
    e = esper.create_entity(Health(3, 3))
    mark = journal.mark()
    journal.set(esper.component_for_entity(e, Health), hp=2)
    journal.add(e, Status(1, 1))
    journal.remove(e, Status)
    assert len(journal) == 1  # only the field set
    journal.rollback(mark)
    assert esper.try_component(e, Status) is None
    assert esper.component_for_entity(e, Health) == Health(3, 3)


def test_an_add_from_before_the_innermost_mark_or_replacing_one_is_undone_by_its_remove():
    journal = Journal()
    kept = Status(7, 7)
    e = esper.create_entity(kept)
    outer = journal.mark()
    added = Status(1, 1)
    journal.add(e, added)  # replaces `kept`: its removal must give `kept` back, not nothing
    journal.remove(e, Status)
    assert len(journal) == 2
    journal.add(e, Health(5, 5))
    inner = journal.mark()  # the Health was added before this mark
    journal.remove(e, Health)
    assert len(journal) == 4
    journal.rollback(inner)
    assert esper.component_for_entity(e, Health) == Health(5, 5)
    inner = journal.mark()  # released, a pair after it still counts from its own floor
    journal.add(e, GridPos(1, 1))
    journal.release(inner)
    journal.remove(e, GridPos)
    assert esper.try_component(e, GridPos) is None
    journal.rollback(outer)
    assert esper.components_for_entity(e) == (kept,)
    assert esper.component_for_entity(e, Status) is kept


def test_remove_then_add_of_the_same_type_rolls_back_to_the_original_object():
    journal = Journal()
    original = Health(3, 3)
    e = esper.create_entity(original)
    mark = journal.mark()
    journal.remove(e, Health)
    journal.add(e, Health(9, 9))
    journal.rollback(mark)
    assert esper.component_for_entity(e, Health) is original


def test_changes_to_an_entity_created_then_deleted_inside_a_mark_roll_back():
    journal = Journal()
    mark = journal.mark()
    e = journal.create(Health(5, 5))
    journal.set(esper.component_for_entity(e, Health), hp=1)
    journal.add(e, GridPos(1, 1))
    journal.delete(e)
    journal.rollback(mark)
    assert esper._entities == {}
    assert esper._components == {}
    assert esper.create_entity() == 1


def test_nested_marks_roll_back_to_their_own_point():
    journal = Journal()
    hp = Health(10, 10)
    esper.create_entity(hp)
    outer = journal.mark()
    journal.set(hp, hp=9)
    inner = journal.mark()
    assert (outer.depth, inner.depth) == (1, 2)
    journal.set(hp, hp=8)
    journal.create(Ident("inner"))
    journal.rollback(inner)
    assert hp.hp == 9
    assert esper.get_component(Ident) == []
    assert journal.recording  # the outer mark is still open
    journal.rollback(outer)
    assert hp.hp == 10
    assert not journal.recording


def test_release_keeps_changes_and_an_outer_rollback_still_undoes_them():
    journal = Journal()
    hp = Health(10, 10)
    esper.create_entity(hp)
    outer = journal.mark()
    inner = journal.mark()
    journal.set(hp, hp=5)
    journal.release(inner)
    assert hp.hp == 5 and journal.recording and len(journal) == 1
    journal.rollback(outer)
    assert hp.hp == 10

    mark = journal.mark()
    journal.set(hp, hp=4)
    journal.release(mark)  # outermost: keep, and free the log
    assert hp.hp == 4 and len(journal) == 0 and not journal.recording


def test_nothing_is_recorded_without_a_mark():
    journal = Journal()
    calls: list[str] = []
    hp = Health(1, 1)
    e = journal.create(hp)
    journal.set(hp, hp=0)
    journal.add(e, GridPos(0, 0))
    journal.remove(e, GridPos)
    journal.on_rollback(calls.append, "never")
    journal.delete(e)
    assert len(journal) == 0
    assert hp.hp == 0 and not esper.entity_exists(e)


def test_on_rollback_callables_run_in_reverse_order():
    journal = Journal()
    calls: list[str] = []
    mark = journal.mark()
    journal.on_rollback(calls.append, "first")
    journal.on_rollback(calls.append, "second")
    journal.rollback(mark)
    assert calls == ["second", "first"]


# -- property: random command sequences roll back exactly --------------------------------------------
OPS = ("create", "delete", "add", "remove", "set", "move_card", "shuffle", "create_pile",
       "mark", "release", "rollback")
# small ranges: every choice below is `value % len(options)`, so each option gets hit
op = st.tuples(st.sampled_from(OPS), st.integers(0, 11), st.integers(0, 11), st.integers(-5, 5))


def _build_match() -> tuple[Match, list[int], list[int]]:
    """A bare match with 2 piles of 3 cards and 3 loose entities, built before any mark."""
    match = Match(BareRules(), seed=5, phase="play")
    with match.active():
        piles = [create_pile(match, "deck"), create_pile(match, "hand", capacity=4)]
        for n in range(3):
            card = match.journal.create(Ident(f"c{n}"))
            move_card(card).to(piles[0]).run(match)
        loose = [match.journal.create(Ident(f"e{n}"), Health(10, 10), GridPos(n, n))
                 for n in range(3)]
        for n in range(3):
            card = match.journal.create(Ident(f"h{n}"))
            move_card(card).to(piles[1]).run(match)
        # both streams exist and have drawn before the mark: a rollback must rewind them
        shuffle_pile(piles[0], "shuffle").run(match)
        shuffle_pile(piles[1], "deal").run(match)
        match.events.pending.clear()
    return match, piles, loose


def _state(match: Match) -> tuple:
    with match.active():
        return (ecs.world_snapshot(), ecs.next_entity_id(), dict(match.piles),
                match.streams.snapshot(), len(match.events.pending),
                {c: sorted(e for e, _ in esper.get_component(c)) for c in (Health, Pile, InPile)})


def _apply(match: Match, piles: list[int], loose: list[int], kind: str, a: int, b: int,
           c: int) -> None:
    journal = match.journal
    if kind == "create":
        loose.append(journal.create(Ident(f"new{a}"), Health(a % 20 + 1, 20)))
    elif kind == "delete" and loose:
        journal.delete(loose.pop(a % len(loose)))
    elif kind == "add" and loose:
        e = loose[a % len(loose)]
        journal.add(e, (GridPos(b, c), Status(c, b % 3), Health(b, b))[a % 3])
    elif kind == "remove" and loose:
        e = loose[a % len(loose)]
        types = [t for t in (GridPos, Status, Health) if esper.has_component(e, t)]
        if types:
            journal.remove(e, types[b % len(types)])
    elif kind == "set" and loose:
        e = loose[a % len(loose)]
        for comp in esper.components_for_entity(e):
            if isinstance(comp, Health):
                journal.set(comp, hp=b, max_hp=c)
            elif isinstance(comp, GridPos):
                journal.set(comp, x=c)
    elif kind == "move_card":
        cards = [card for p in piles for card in cards_in(p)]
        if cards:
            card = cards[a % len(cards)]
            dest = piles[b % len(piles)]
            slot = esper.component_for_entity(dest, Pile)
            if slot.capacity and len(slot.cards) >= slot.capacity and card not in slot.cards:
                return
            move_card(card).to(dest, None if c < 0 else min(c, len(slot.cards))).run(match)
    elif kind == "shuffle":
        # "fresh" is first drawn after the mark: a rollback must forget the stream
        shuffle_pile(piles[a % len(piles)], ("shuffle", "deal", "fresh")[b % 3]).run(match)
    elif kind == "create_pile":
        piles.append(create_pile(match, f"pile{len(match.piles)}", capacity=a % 4))


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(ops=st.lists(op, max_size=40))
def test_any_command_sequence_rolls_back_to_the_mark(ops):
    match, piles, loose = _build_match()
    try:
        with match.active():
            start = _state(match)
            outer = match.mark()
            stack = [(outer, _state(match), list(piles), list(loose))]
            for kind, a, b, c in ops:
                if kind == "mark":
                    stack.append((match.mark(), _state(match), list(piles), list(loose)))
                elif kind in ("release", "rollback") and len(stack) > 1:
                    mark, snapshot, saved_piles, saved_loose = stack.pop()
                    if kind == "release":
                        match.release(mark)
                    else:
                        match.rollback(mark)
                        assert _state(match) == snapshot
                        piles[:], loose[:] = saved_piles, saved_loose
                else:
                    _apply(match, piles, loose, kind, a, b, c)
            while len(stack) > 1:
                match.release(stack.pop()[0])
            match.rollback(outer)
            assert _state(match) == start
            assert not match.journal.recording and len(match.journal) == 0
            # the next entity gets the id it would have had without the search
            assert match.journal.create(Ident("after")) == start[1]
    finally:
        match.close()


# -- Match.mark / rollback: the state kept outside the world -----------------------------------------
def test_match_rollback_restores_streams_decisions_and_pending_events(duel):
    assert duel.submit({"seat": 0, "type": "strike", "unit": "p0.u1", "target": "p1.u1"}).ok
    duel.emit("note", n=1)
    with duel.active():
        before_world, before_next = ecs.world_snapshot(), ecs.next_entity_id()
    before_state = duel.state_json()
    before_streams = duel.streams.snapshot()
    before_decisions = list(duel.decisions)

    mark = duel.mark()
    for decision in ({"seat": 1, "type": "strike", "unit": "p1.u0", "target": "p0.u0"},
                     {"seat": 0, "type": "strike", "unit": "p0.u0", "target": "p1.u2"},
                     {"seat": 1, "type": "pass"}):
        assert duel.submit(decision).ok
    duel.stream("brand-new").randint(1, 6)
    duel.emit("note", n=2)
    assert duel.stream("fight").draws == 3
    assert duel.state_json() != before_state

    duel.rollback(mark)
    assert duel.state_json() == before_state
    assert duel.streams.snapshot() == before_streams
    assert duel.streams.names() == ["fight"]  # "brand-new" came after the mark
    assert duel.stream("fight").draws == 1
    assert duel.decisions == before_decisions
    assert [(e.type, e.data) for e in duel.events.pending] == [("note", {"n": 1})]
    assert not duel.steps
    with duel.active():
        assert ecs.world_snapshot() == before_world
        assert ecs.next_entity_id() == before_next
    # and the match plays on exactly as if the search never happened
    assert duel.submit({"seat": 1, "type": "strike", "unit": "p1.u0", "target": "p0.u0"}).ok


def test_pile_registry_rolls_back_with_the_world(bare):
    mark = bare.mark()
    with bare.active():
        create_pile(bare, "temp")
    assert "temp" in bare.piles
    bare.rollback(mark)
    assert bare.piles == {}


def test_rolling_back_many_creations_drops_exactly_the_queries_of_their_types():
    from game.engine.query import Query

    healthy = Query("healthy", health=Health)
    placed = Query("placed", pos=GridPos)
    match = Match(BareRules(), seed=1, phase="play")
    with match.active():
        kept = match.journal.create(Health(9, 9))
        mark = match.mark()
        for i in range(5):
            match.journal.create(Health(i, i), Ident(f"h{i}"))
        assert len(healthy(match)) == 6 and placed(match) == []
        match.rollback(mark)
        assert [r.entity for r in healthy(match)] == [kept]
        assert placed(match) == []
        assert esper.get_component(Ident) == []
