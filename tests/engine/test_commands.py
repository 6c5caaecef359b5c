"""game.engine.commands: one mutation each; the mode's event table tells each from its fields."""

from __future__ import annotations

import esper

from game.components.common import Cooldowns, GridPos, Health, Ident, Modifier, Status
from game.engine.commands import (
    COMMAND_NAMES,
    Attach,
    Remove,
    add_status,
    attach_intent,
    command_points,
    consume,
    create,
    damage,
    destroy,
    heal,
    ident,
    move_to,
    place_at,
    remove_status,
    set_cooldowns,
    tick_status,
    watched,
)
from game.engine.events import Event


def events(match) -> list[Event]:
    return list(match.events.pending)


def test_damage_events_come_from_the_command_s_typed_fields(bare):
    with bare.active():
        card = bare.journal.create(Ident("p0.ember"))
        unit = bare.journal.create(Ident("p1.vine"), Health(10, 12))
        cmd = damage(4, cause="slash", roll=1, percent=150).source(card).target(unit).run(bare)
        assert (cmd.base, cmd.amount, cmd.cause, cmd.roll, cmd.percent) == (4, 4, "slash", 1, 150)
        assert esper.component_for_entity(unit, Health) == Health(6, 12)
    assert events(bare) == [Event("damage_dealt", {
        "source": "p0.ember", "target": "p1.vine", "cause": "slash", "amount": 4, "hp": 6})]


def test_a_command_the_mode_s_table_does_not_list_emits_nothing(bare):
    with bare.active():
        unit = bare.journal.create(Ident("u"), Health(5, 5))
        create(Ident("flame")).run(bare)
        destroy(unit).run(bare)
    assert events(bare) == []


def test_ident_is_the_stable_id_or_the_raw_entity(bare):
    with bare.active():
        unit = bare.journal.create(Health(5, 5))
        named = bare.journal.create(Ident("n"))
        assert (ident(unit), ident(named), ident(None)) == (unit, "n", None)


def test_damage_clamps_hp_at_zero_and_amount_at_zero(bare):
    with bare.active():
        unit = bare.journal.create(Ident("u"), Health(3, 10))
        assert damage(5).target(unit).run(bare).amount == 5
        assert esper.component_for_entity(unit, Health).hp == 0

        other = bare.journal.create(Ident("o"), Health(8, 10))
        bare.journal.create(Modifier("damage", "add", -5, other, "target"))
        assert damage(2).target(other).run(bare).amount == 0
        assert esper.component_for_entity(other, Health).hp == 8
    assert [(e.data["amount"], e.data["hp"]) for e in events(bare)] == [(5, 0), (0, 8)]


def test_heal_never_goes_above_max_hp(bare):
    with bare.active():
        unit = bare.journal.create(Ident("u"), Health(4, 10))
        assert heal(3, cause="glow").target(unit).run(bare).amount == 3
        assert esper.component_for_entity(unit, Health).hp == 7
        assert heal(10).target(unit).run(bare).amount == 3
        assert esper.component_for_entity(unit, Health).hp == 10
        assert heal(2).target(unit).run(bare).amount == 0
    assert events(bare) == [
        Event("healed", {"target": "u", "cause": "glow", "amount": 3, "hp": 7}),
        Event("healed", {"target": "u", "cause": "", "amount": 3, "hp": 10}),
        Event("healed", {"target": "u", "cause": "", "amount": 0, "hp": 10}),
    ]


def test_heal_passes_the_heal_modifier_layers(bare):
    with bare.active():
        healer = bare.journal.create(Ident("h"))
        unit = bare.journal.create(Ident("u"), Health(1, 20))
        bare.journal.create(Modifier("heal", "mul", 2, healer, "source"))
        bare.journal.create(Modifier("damage", "mul", 10))  # another hook: ignored
        assert heal(3).source(healer).target(unit).run(bare).amount == 6
        assert heal(3).target(unit).run(bare).amount == 3


def test_place_at_puts_an_entity_on_the_grid_and_move_to_moves_it(bare):
    with bare.active():
        unit = bare.journal.create(Ident("p0.tank"))
        place_at(1, 2).target(unit).run(bare)
        assert esper.component_for_entity(unit, GridPos) == GridPos(1, 2)
        cmd = move_to(3, 4, path=[[1, 2], [3, 4]]).source(unit).target(unit).run(bare)
        assert esper.component_for_entity(unit, GridPos) == GridPos(3, 4)
        assert cmd.path == [[1, 2], [3, 4]]
    assert events(bare) == [
        Event("unit_placed", {"target": "p0.tank", "tile": [1, 2]}),
        Event("unit_moved", {"source": "p0.tank", "target": "p0.tank", "origin": [1, 2],
                             "to": [3, 4]})]


class Poison(Status):
    __slots__ = ()


class Slow(Status):
    __slots__ = ()


def test_add_status_adds_the_component_and_keeps_the_larger_turns_and_value(bare):
    with bare.active():
        caster = bare.journal.create(Ident("mage"))
        unit = bare.journal.create(Ident("u"))
        add_status(Poison(1, 3)).source(caster).target(unit).run(bare)
        assert esper.component_for_entity(unit, Poison) == Poison(1, 3)
        add_status(Slow(2)).target(unit).run(bare)
        add_status(Poison(4, 1)).target(unit).run(bare)
        assert esper.component_for_entity(unit, Poison) == Poison(4, 3)
        assert esper.component_for_entity(unit, Slow) == Slow(2, 0)
    assert events(bare) == [
        Event("status_added", {"source": "mage", "target": "u", "status": "poison", "turns": 1}),
        Event("status_added", {"target": "u", "status": "slow", "turns": 2}),
        Event("status_added", {"target": "u", "status": "poison", "turns": 4}),
    ]


def test_tick_status_counts_down_and_removes_at_zero_with_one_event(bare):
    with bare.active():
        unit = bare.journal.create(Ident("u"), Poison(2, 5))
        tick_status(Poison).target(unit).run(bare)
        assert esper.component_for_entity(unit, Poison) == Poison(1, 5)
        assert events(bare) == []
        tick_status(Poison).target(unit).run(bare)
        assert esper.try_component(unit, Poison) is None
    assert events(bare) == [Event("status_expired", {"target": "u", "status": "poison"})]


def test_remove_status_create_destroy_and_cooldowns_are_journaled(bare):
    with bare.active():
        unit = bare.journal.create(Ident("u"), Poison(2, 5), Cooldowns((1, 0)))
        mark = bare.mark()
        remove_status(Poison, reason="death").target(unit).run(bare)
        made = create(Ident("flame"), GridPos(1, 1)).run(bare).entity
        destroy(unit).run(bare)
        assert not esper.entity_exists(unit) and esper.entity_exists(made)
        bare.rollback(mark)
        assert esper.component_for_entity(unit, Poison) == Poison(2, 5)
        assert not esper.entity_exists(made)
        cmd = set_cooldowns((0, 0)).target(unit).run(bare)
        assert cmd.ready == (0,) and esper.component_for_entity(unit, Cooldowns).remaining == (
            0, 0)
    assert events(bare)[-1] == Event("cooldowns_set", {"target": "u", "values": [0, 0]})


def test_commands_fire_their_own_hook_points(bare):
    fired: list[str] = []
    with bare.active():
        unit = bare.journal.create(Health(5, 10), GridPos(0, 0))
        for point in ("damage", "heal", "move", "add_status", "tick_status"):
            for when in ("before", "after"):
                bare.hooks.listen(f"{when}:{point}",
                                  lambda m, cmd, tag=f"{when}:{point}": fired.append(tag))
        damage(1).target(unit).run(bare)
        heal(1).target(unit).run(bare)
        move_to(1, 1).target(unit).run(bare)
        add_status(Slow(1)).target(unit).run(bare)
        tick_status(Slow).target(unit).run(bare)
    assert fired == ["before:damage", "after:damage", "before:heal", "after:heal",
                     "before:move", "after:move", "before:add_status", "after:add_status",
                     "before:tick_status", "after:tick_status"]


def test_every_command_names_its_hook_points():
    assert {"damage", "heal", "move", "place", "add_status", "tick_status", "remove_status",
            "cooldowns", "create", "destroy", "update", "remove", "intent",
            "move_card", "shuffle_pile"} <= COMMAND_NAMES
    points = command_points()
    assert {"before:damage", "after:damage", "after:move_card"} <= points
    assert "after:dmg" not in points


def test_consume_takes_the_attached_intent_off_its_entity_through_the_remove_command(bare):
    seen = []
    bare.hooks.listen("before:remove", lambda match, cmd: seen.append(
        ("before", cmd.target_id, cmd.component_type)))
    bare.hooks.listen("after:remove", lambda match, cmd: seen.append(
        ("after", cmd.target_id, esper.has_component(cmd.target_id, Cooldowns))))
    with bare.active():
        unit = bare.journal.create(Ident("u"))
        assert consume(bare, Cooldowns) is None and seen == []  # no decision attached one
        order = Cooldowns((1, 2))
        mark = bare.journal.mark()
        Attach(order, unit).run(bare)
        assert consume(bare, Cooldowns) == (unit, order)
        assert not esper.has_component(unit, Cooldowns) and esper.get_component(Cooldowns) == []
        assert seen == [("before", unit, Cooldowns), ("after", unit, False)]
        assert consume(bare, Cooldowns) is None  # consumed once
        bare.journal.rollback(mark)
        assert not esper.has_component(unit, Cooldowns)  # attach and consume: the mark's world


def test_a_cancelled_remove_leaves_the_intent_consume_returns_on_its_entity(bare):
    bare.hooks.listen("before:remove", lambda match, cmd: cmd.cancel())
    with bare.active():
        unit = bare.journal.create(Ident("u"))
        order = Cooldowns((3,))
        Attach(order, unit).run(bare)
        assert consume(bare, Cooldowns) == (unit, order)
        assert esper.component_for_entity(unit, Cooldowns) is order


def test_watched_is_a_listener_at_either_point_or_an_event_while_events_are_on(bare):
    assert not watched(bare, Attach) and not watched(bare, Remove)
    bare.hooks.listen("after:intent", lambda match, cmd: None)
    assert watched(bare, Attach) and not watched(bare, Remove)
    bare.rules.events = {Remove: lambda match, cmd: match.emit("taken", id=cmd.target_id)}
    assert watched(bare, Remove)
    bare.events.enabled = False  # a search's match builds no events: nothing watches
    assert not watched(bare, Remove)


def test_an_unwatched_intent_is_attached_and_consumed_through_the_journal_alone(bare):
    """No listener and no event: `attach_intent` and `consume` apply the two commands without
    building them, journaled as the commands would be (a rollback undoes both)."""
    with bare.active():
        unit = bare.journal.create(Ident("u"))
        order = Cooldowns((1,))
        mark = bare.journal.mark()
        attach_intent(bare, order, unit)
        assert esper.component_for_entity(unit, Cooldowns) is order
        assert consume(bare, Cooldowns) == (unit, order)
        assert not esper.has_component(unit, Cooldowns)
        attach_intent(bare, order, unit)
        bare.journal.rollback(mark)
        assert not esper.has_component(unit, Cooldowns) and events(bare) == []


def test_a_watched_intent_runs_its_commands_their_listeners_and_events(bare):
    seen = []
    bare.hooks.listen("before:intent", lambda match, cmd: seen.append(("attach", cmd.order)))
    bare.rules.events = {Remove: lambda match, cmd: match.emit("taken", id=cmd.target_id)}
    with bare.active():
        unit = bare.journal.create(Ident("u"))
        order = Cooldowns((2,))
        attach_intent(bare, order, unit)
        assert consume(bare, Cooldowns) == (unit, order)
    assert seen == [("attach", order)]
    assert [(e.type, e.data) for e in events(bare)] == [("taken", {"id": unit})]
    bare.hooks.listen("before:intent", lambda match, cmd: cmd.cancel())
    with bare.active():
        attach_intent(bare, Cooldowns((3,)), unit)  # cancelled: nothing attached
        assert not esper.has_component(unit, Cooldowns)
