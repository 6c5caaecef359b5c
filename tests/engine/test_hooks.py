"""game.engine.hooks: the add -> mul -> cap layers, role filtering, listeners."""

from __future__ import annotations

import math

import esper
import pytest

from game.components.common import Health, Ident, Modifier
from game.engine.commands import damage
from game.engine.hooks import Hooks, apply_layers
from game.engine.match import Match


def mod(layer: str, amount: float, **kw) -> Modifier:
    return Modifier("damage", layer, amount, **kw)


# -- layers ------------------------------------------------------------------------------------
def test_layers_add_then_multiply_then_cap():
    assert apply_layers(10, [mod("add", 2), mod("mul", 1.5), mod("cap", 15)]) == 15
    assert apply_layers(10, [mod("add", 2), mod("mul", 1.5)]) == 18  # (10 + 2) x 1.5, not 17


def test_layer_order_does_not_depend_on_list_order():
    mods = [mod("cap", 15), mod("mul", 1.5), mod("add", 2)]
    assert apply_layers(10, mods) == 15
    assert apply_layers(10, mods[1:]) == 18


def test_every_layer_combines_its_modifiers():
    mods = [mod("add", 2), mod("add", 3), mod("mul", 1.5), mod("mul", 2), mod("cap", 40),
            mod("cap", 30)]
    assert apply_layers(10, mods) == 30  # (10 + 5) x 3 = 45, lowest cap 30
    assert apply_layers(10, mods[:4]) == 45
    assert apply_layers(10, []) == 10


def test_layers_round_once_at_the_end():
    assert apply_layers(10, [mod("mul", 1.25)]) == 12  # floor(12.5)
    assert apply_layers(10, [mod("mul", 1.25)], rounding=None) == 12.5
    assert apply_layers(10, [mod("mul", 1.25)], rounding=math.ceil) == 13
    # 0.5 + 0.5 added before rounding, not each rounded away
    assert apply_layers(1, [mod("add", 0.5), mod("add", 0.5)]) == 2


def test_an_unknown_layer_is_an_error():
    with pytest.raises(ValueError, match=r"unknown modifier layer\(s\): \['pow'\]"):
        apply_layers(10, [mod("pow", 2)])


# -- gather: one query, role filtering ------------------------------------------------------------
def test_gather_filters_by_hook_and_role_in_entity_order(bare):
    attacker, defender, other = 101, 102, 103
    with bare.active():
        create = bare.journal.create
        e_any = create(Modifier("damage", "add", 1, tag="any"))
        e_src = create(Modifier("damage", "add", 2, attacker, "source", "src-att"))
        e_tgt = create(Modifier("damage", "add", 3, defender, "target", "tgt-def"))
        create(Modifier("damage", "add", 4, defender, "source", "src-def"))
        create(Modifier("damage", "add", 5, attacker, "target", "tgt-att"))
        create(Modifier("damage", "add", 6, other, "source", "src-other"))
        create(Modifier("heal", "add", 7, tag="heal-any"))
        assert e_tgt - e_src == e_src - e_any == 1

        tags = [m.tag for m in bare.gather("damage", source=attacker, target=defender)]
        assert tags == ["any", "src-att", "tgt-def"]
        tags = [m.tag for m in bare.gather("damage", source=defender, target=attacker)]
        assert tags == ["any", "src-def", "tgt-att"]
        assert [m.tag for m in bare.gather("damage")] == ["any"]
        assert [m.tag for m in bare.gather("heal", source=attacker)] == ["heal-any"]
        assert bare.gather("score") == []


def test_hooks_compute_uses_the_gathered_modifiers(bare):
    attacker, defender = 1001, 1002
    hooks = bare.hooks
    with bare.active():
        bare.journal.create(Modifier("damage", "add", 2, attacker, "source"))
        bare.journal.create(Modifier("damage", "mul", 1.5, defender, "target"))
        bare.journal.create(Modifier("damage", "cap", 15, defender, "source"))  # wrong role
        assert hooks.compute(bare, "damage", 10, source=attacker, target=defender) == 18
        assert hooks.compute(bare, "damage", 10, source=attacker) == 12
        assert hooks.compute(bare, "damage", 10, source=defender, target=defender) == 15
        assert hooks.compute(bare, "damage", 10, source=attacker, target=defender,
                             rounding=None) == 18.0


def test_a_carrier_is_one_match_s_and_yields_its_components_modifiers(bare):
    """A component type that carries modifiers (a status kind with a `modifier`) counts in the
    match that registered it, and in no other."""
    from .support import BareRules

    class Blessed:
        pass

    other = Match(BareRules(), seed=1, phase="play")
    bare.add_carriers([(Blessed, lambda holder, comp: [Modifier("damage", "add", 3, holder,
                                                                "source", "blessed")])])
    with bare.active():
        hero = bare.journal.create(Blessed())
        assert [m.tag for m in bare.gather("damage", source=hero)] == ["blessed"]
    with other.active():
        hero = other.journal.create(Blessed())
        assert other.gather("damage", source=hero) == []


def test_a_new_modifier_component_changes_the_result_without_new_code(bare):
    """A brand-new effect ("blessing") is only a component: damage() is not touched."""
    with bare.active():
        attacker = bare.journal.create(Ident("att"))
        defender = bare.journal.create(Ident("def"), Health(100, 100))
        hit = damage(10).source(attacker).target(defender).run(bare)
        assert (hit.amount, esper.component_for_entity(defender, Health).hp) == (10, 90)

        blessing = bare.journal.create(Modifier("damage", "add", 2, attacker, "source", "blessing"))
        fury = bare.journal.create(Modifier("damage", "mul", 1.5, tag="fury"))
        assert damage(10).source(attacker).target(defender).run(bare).amount == 18
        shield = bare.journal.create(Modifier("damage", "cap", 15, defender, "target", "shield"))
        assert damage(10).source(attacker).target(defender).run(bare).amount == 15
        assert esper.component_for_entity(defender, Health).hp == 90 - 18 - 15

        for entity in (blessing, fury, shield):
            bare.journal.delete(entity)
        assert damage(10).source(attacker).target(defender).run(bare).amount == 10


# -- listeners ---------------------------------------------------------------------------------------
def test_listeners_run_by_priority_then_registration():
    hooks = Hooks()
    calls: list[str] = []

    def listener(name: str):
        return lambda match, subject: calls.append(f"{name}:{subject}")

    hooks.listen("before:damage", listener("p5-first"), priority=5)
    hooks.listen("before:damage", listener("p-1"), priority=-1)
    hooks.listen("before:damage", listener("p5-second"), priority=5)
    hooks.listen("before:damage", listener("p0"))
    hooks.listen("after:damage", listener("after"))
    hooks.fire("before:damage", None, "x")
    assert calls == ["p-1:x", "p0:x", "p5-first:x", "p5-second:x"]
    assert hooks.has("before:damage") and hooks.has("after:damage")
    assert not hooks.has("before:heal")
    hooks.fire("before:heal", None, "y")  # nobody listens: nothing happens
    assert len(calls) == 4


def test_a_listener_added_while_firing_runs_from_the_next_firing():
    hooks = Hooks()
    calls: list[str] = []

    def late(match, subject):
        calls.append("late")

    def adder(match, subject):
        calls.append("adder")
        if "late" not in calls and calls.count("adder") == 1:  # once (a regression can't loop)
            hooks.listen("before:damage", late, priority=-10)

    hooks.listen("before:damage", adder)
    hooks.listen("before:damage", lambda m, s: calls.append("second"), priority=1)
    hooks.fire("before:damage", None, None)
    assert calls == ["adder", "second"]
    calls.clear()
    hooks.fire("before:damage", None, None)
    assert calls == ["late", "adder", "second"]


def test_before_listeners_see_the_old_state_and_after_listeners_the_new(bare):
    seen: list[tuple[str, int, int]] = []
    with bare.active():
        unit = bare.journal.create(Ident("u"), Health(10, 10))

        def before(match, cmd):
            seen.append(("before", esper.component_for_entity(cmd.target_id, Health).hp,
                         cmd.amount))

        def after(match, cmd):
            seen.append(("after", esper.component_for_entity(cmd.target_id, Health).hp,
                         cmd.amount))

        bare.hooks.listen("after:damage", after)
        bare.hooks.listen("before:damage", before)
        damage(4).target(unit).run(bare)
    assert seen == [("before", 10, 0), ("after", 6, 4)]
    assert [e.type for e in bare.events.pending] == ["damage_dealt"]


def test_a_before_listener_may_change_the_command(bare):
    with bare.active():
        unit = bare.journal.create(Health(10, 10))
        bare.hooks.listen("before:damage", lambda match, cmd: setattr(cmd, "base", 1))
        assert damage(7).target(unit).run(bare).amount == 1
        assert esper.component_for_entity(unit, Health).hp == 9


def test_a_cancelled_command_changes_nothing_and_emits_nothing(bare):
    after: list[object] = []
    with bare.active():
        unit = bare.journal.create(Health(10, 10))
        bare.hooks.listen("before:damage", lambda match, cmd: cmd.cancel())
        bare.hooks.listen("before:damage", lambda match, cmd: after.append("later-before"),
                          priority=1)
        bare.hooks.listen("after:damage", lambda match, cmd: after.append(cmd))
        cmd = damage(7).target(unit).run(bare)
        assert cmd.cancelled
        assert cmd.amount == 0
        assert esper.component_for_entity(unit, Health).hp == 10
    assert after == ["later-before"]  # every before listener still runs; "after" does not
    assert bare.events.pending == []
