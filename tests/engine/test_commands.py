"""game.engine.commands: one mutation each, events carrying source, target and fx."""

from __future__ import annotations

import esper

from game.components.common import Health, Ident, Modifier, Position, Statuses
from game.engine.commands import add_status, damage, heal, ident, move_to
from game.engine.events import Event


def events(match) -> list[Event]:
    return list(match.events.pending)


def test_damage_event_carries_source_target_fx_and_tags(bare):
    with bare.active():
        card = bare.journal.create(Ident("p0.ember"))
        unit = bare.journal.create(Ident("p1.vine"), Health(10, 12))
        cmd = damage(4).source(card).target(unit).fx("slash").tag(crit=False).run(bare)
        assert isinstance(cmd, type(damage(0)))
        assert (cmd.base, cmd.amount) == (4, 4)
        assert esper.component_for_entity(unit, Health) == Health(6, 12)
    assert events(bare) == [Event("damage_dealt", {
        "source": "p0.ember", "target": "p1.vine", "fx": "slash", "crit": False,
        "amount": 4, "hp": 6})]
    assert events(bare)[0].as_json() == {
        "type": "damage_dealt", "source": "p0.ember", "target": "p1.vine", "fx": "slash",
        "crit": False, "amount": 4, "hp": 6}


def test_event_fields_left_unset_are_left_out_and_raw_ids_are_used_without_ident(bare):
    with bare.active():
        unit = bare.journal.create(Health(5, 5))
        damage(1).target(unit).run(bare)
        assert ident(unit) == unit
        assert ident(None) is None
    assert events(bare) == [Event("damage_dealt", {"target": unit, "amount": 1, "hp": 4})]


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
        assert heal(3).target(unit).fx("glow").run(bare).amount == 3
        assert esper.component_for_entity(unit, Health).hp == 7
        assert heal(10).target(unit).run(bare).amount == 3
        assert esper.component_for_entity(unit, Health).hp == 10
        assert heal(2).target(unit).run(bare).amount == 0
    assert events(bare) == [
        Event("healed", {"target": "u", "fx": "glow", "amount": 3, "hp": 7}),
        Event("healed", {"target": "u", "amount": 3, "hp": 10}),
        Event("healed", {"target": "u", "amount": 0, "hp": 10}),
    ]


def test_heal_passes_the_heal_modifier_layers(bare):
    with bare.active():
        healer = bare.journal.create(Ident("h"))
        unit = bare.journal.create(Ident("u"), Health(1, 20))
        bare.journal.create(Modifier("heal", "mul", 2, healer, "source"))
        bare.journal.create(Modifier("damage", "mul", 10))  # another hook: ignored
        assert heal(3).source(healer).target(unit).run(bare).amount == 6
        assert heal(3).target(unit).run(bare).amount == 3


def test_move_to_sets_the_position_and_reports_origin_and_destination(bare):
    with bare.active():
        unit = bare.journal.create(Ident("p0.tank"), Position(1, 2))
        move_to(3, 4).source(unit).target(unit).fx("slide").run(bare)
        assert esper.component_for_entity(unit, Position) == Position(3, 4)
    assert events(bare) == [Event("unit_moved", {
        "source": "p0.tank", "target": "p0.tank", "fx": "slide", "origin": [1, 2], "to": [3, 4]})]


def test_add_status_adds_the_component_keeps_names_sorted_and_the_longer_duration(bare):
    with bare.active():
        caster = bare.journal.create(Ident("mage"))
        unit = bare.journal.create(Ident("u"))
        add_status("poison", 1).source(caster).target(unit).fx("green").run(bare)
        assert esper.component_for_entity(unit, Statuses).active == (("poison", 1),)
        add_status("burn", 2).target(unit).run(bare)
        add_status("burn", 1).target(unit).run(bare)
        statuses = esper.component_for_entity(unit, Statuses)
        assert statuses.active == (("burn", 2), ("poison", 1))
        assert (statuses.turns("burn"), statuses.turns("poison"), statuses.turns("stun")) == (
            2, 1, 0)
        add_status("burn", 3).target(unit).run(bare)
        assert statuses.active == (("burn", 3), ("poison", 1))
    assert events(bare) == [
        Event("status_added", {"source": "mage", "target": "u", "fx": "green",
                               "status": "poison", "turns": 1}),
        Event("status_added", {"target": "u", "status": "burn", "turns": 2}),
        Event("status_added", {"target": "u", "status": "burn", "turns": 1}),
        Event("status_added", {"target": "u", "status": "burn", "turns": 3}),
    ]


def test_commands_fire_their_own_hook_points(bare):
    fired: list[str] = []
    with bare.active():
        unit = bare.journal.create(Health(5, 10), Position(0, 0))
        for point in ("damage", "heal", "move", "add_status"):
            for when in ("before", "after"):
                bare.hooks.listen(f"{when}:{point}",
                                  lambda m, cmd, tag=f"{when}:{point}": fired.append(tag))
        damage(1).target(unit).run(bare)
        heal(1).target(unit).run(bare)
        move_to(1, 1).target(unit).run(bare)
        add_status("stun", 1).target(unit).run(bare)
    assert fired == ["before:damage", "after:damage", "before:heal", "after:heal",
                     "before:move", "after:move", "before:add_status", "after:add_status"]
