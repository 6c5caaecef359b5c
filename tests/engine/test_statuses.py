"""game.engine.statuses: status kinds declared as data, their components and modifiers."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from game.components.common import Health, Ident, Status
from game.engine.commands import add_status, damage
from game.engine.hooks import gather
from game.engine.statuses import StatusEntry, StatusKinds, component_for, register_component


class Frozen(Status):
    __slots__ = ()


def test_a_kind_gets_the_registered_component_else_one_made_once_per_name():
    register_component("frozen", Frozen)
    assert component_for("frozen") is Frozen
    made = component_for("test_venom")
    assert made is component_for("test_venom") and issubclass(made, Status)
    assert made.__name__ == "TestVenomStatus" and made(2, 3).turns == 2


def test_kinds_keep_declaration_order_and_answer_ticks_and_blocks():
    kinds = StatusKinds([
        StatusEntry(id="burn_t", each_tick="damage"),
        StatusEntry(id="stun_t", tick="turn_end", blocks=["attack"], shows_value=False),
        StatusEntry(id="root_t", tick="turn_end", blocks=["move"], shows_value=False),
    ])
    assert [k.id for k in kinds.ticking_at("turn_start")] == ["burn_t"]
    assert [k.id for k in kinds.ticking_at("turn_end")] == ["stun_t", "root_t"]
    assert kinds.blocking("move") == (component_for("root_t"),)
    assert kinds.by_id["burn_t"].each_tick == "damage"


@pytest.mark.parametrize(("entry", "message"), [
    ({"id": "Bad"}, "must be snake_case"),
    ({"id": "x", "each_tick": "explode"}, "Input should be 'none', 'damage' or 'heal'"),
    ({"id": "x", "expire_on": "whenever"}, "must be a hook point"),
    ({"id": "x", "modifier": {"hook": "damage", "layer": "pow", "amount": 1}},
     "Input should be 'add', 'mul' or 'cap'"),
    ({"id": "x", "speed": 3}, "Extra inputs are not permitted"),
])
def test_bad_entries_are_rejected_with_the_field(entry, message):
    with pytest.raises(ValidationError, match=message):
        StatusEntry.model_validate(entry)


def test_a_status_with_a_modifier_is_found_by_gather_and_changes_damage(bare):
    kinds = StatusKinds([StatusEntry(id="test_brittle",
                                     modifier={"hook": "damage", "layer": "add", "amount": 2})])
    brittle = kinds.by_id["test_brittle"].component
    with bare.active():
        unit = bare.journal.create(Ident("u"), Health(10, 10))
        other = bare.journal.create(Ident("o"), Health(10, 10))
        add_status(brittle(2)).target(unit).run(bare)
        assert [m.amount for m in gather("damage", target=unit)] == [2]
        assert gather("damage", target=other) == []
        assert damage(3).target(unit).run(bare).amount == 5
        assert damage(3).target(other).run(bare).amount == 3
