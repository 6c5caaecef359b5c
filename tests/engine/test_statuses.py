"""game.engine.statuses and game.engine.triggers: status kinds declared as data, their own
component classes per content, their modifiers, and triggers that react at hook points."""

from __future__ import annotations

import esper
import pytest
from pydantic import ValidationError

from game.components.common import Health, Ident, Status
from game.engine.commands import add_status, command_points, damage
from game.engine.match import Match
from game.engine.statuses import StatusEntry, StatusKinds, check_statuses

from .support import BareRules

POINTS = command_points()
ACTIONS = frozenset({"attack", "move"})
VALUES = frozenset({"damage", "heal"})


def kinds_of(*entries: dict) -> StatusKinds:
    return StatusKinds(StatusEntry.model_validate(e) for e in entries)


class StatusRules(BareRules):
    """A bare match whose content is a list of status kinds (installed like a mode's)."""

    def __init__(self, kinds: StatusKinds) -> None:
        self.kinds = kinds

    def install(self, match: Match) -> None:
        self.kinds.install(match)


def match_with(kinds: StatusKinds) -> Match:
    match = Match(StatusRules(kinds), seed=3, phase="play")
    with match.active():
        match.set_phase("play", (0,))
    return match


def test_each_content_makes_its_own_component_class_per_kind():
    first, second = kinds_of({"id": "test_venom"}), kinds_of({"id": "test_venom"})
    a, b = first.by_id["test_venom"].component, second.by_id["test_venom"].component
    assert a is not b and issubclass(a, Status) and issubclass(b, Status)
    assert a.__name__ == "TestVenomStatus" and a(2, 3).turns == 2


def test_kinds_keep_declaration_order_and_answer_ticks_and_blocks():
    kinds = kinds_of(
        {"id": "burn_t", "each_tick": "damage"},
        {"id": "stun_t", "tick": "turn_end", "blocks": ["attack"], "shows_value": False},
        {"id": "root_t", "tick": "turn_end", "blocks": ["move"], "shows_value": False},
    )
    assert [k.id for k in kinds.ticking_at("turn_start")] == ["burn_t"]
    assert [k.id for k in kinds.ticking_at("turn_end")] == ["stun_t", "root_t"]
    assert kinds.blocking("move") == (kinds.by_id["root_t"].component,)
    assert kinds.blocked_by(["stun_t", "burn_t"]) == {"attack"}
    assert kinds.by_id["burn_t"].each_tick.name == "damage"
    assert kinds.by_id["burn_t"].hp_forecast(2, 5) == -10


@pytest.mark.parametrize(("entry", "message"), [
    ({"id": "Bad"}, "must be snake_case"),
    ({"id": "x", "each_tick": "explode"}, "Input should be 'none', 'damage' or 'heal'"),
    ({"id": "x", "modifier": {"hook": "damage", "layer": "pow", "amount": 1}},
     "Input should be 'add', 'mul' or 'cap'"),
    ({"id": "x", "speed": 3}, "Extra inputs are not permitted"),
])
def test_bad_entries_are_rejected_with_the_field(entry, message):
    with pytest.raises(ValidationError, match=message):
        StatusEntry.model_validate(entry)


@pytest.mark.parametrize(("entry", "key", "message"), [
    ({"id": "x", "expire_on": "after:damgae"}, "statuses[0].expire_on",
     "unknown hook point 'after:damgae'"),
    ({"id": "x", "blocks": ["fly"]}, "statuses[0].blocks[0]", "unknown action 'fly'"),
    ({"id": "x", "triggers": [{"on": "after:dmg", "do": "cancel"}]},
     "statuses[0].triggers[0].on", "unknown hook point 'after:dmg'"),
    ({"id": "x", "triggers": [{"on": "before:damage", "do": "explode"}]},
     "statuses[0].triggers[0].do", "unknown effect 'explode'"),
    ({"id": "x", "triggers": [{"on": "before:damage", "do": "reduce", "valu": 2}]},
     "statuses[0].triggers[0].valu", "Extra inputs are not permitted"),
    ({"id": "x", "modifier": {"hook": "damgae", "layer": "add", "amount": 1}},
     "statuses[0].modifier.hook", "unknown value 'damgae'"),
])
def test_a_typo_in_a_hook_point_action_or_trigger_is_named_by_its_key(entry, key, message):
    problems = check_statuses([StatusEntry.model_validate(entry)], POINTS, ACTIONS, VALUES)
    assert len(problems) == 1
    assert problems[0][0] == key and message in problems[0][1]


def test_a_status_with_a_modifier_is_found_by_gather_and_changes_damage():
    kinds = kinds_of({"id": "test_brittle",
                      "modifier": {"hook": "damage", "layer": "add", "amount": 2}})
    match = match_with(kinds)
    brittle = kinds.by_id["test_brittle"].component
    with match.active():
        unit = match.journal.create(Ident("u"), Health(10, 10))
        other = match.journal.create(Ident("o"), Health(10, 10))
        add_status(brittle(2)).target(unit).run(match)
        assert [m.amount for m in match.gather("damage", target=unit)] == [2]
        assert match.gather("damage", target=other) == []
        assert damage(3).target(unit).run(match).amount == 5
        assert damage(3).target(other).run(match).amount == 3


def test_two_contents_in_one_process_never_see_each_others_kinds():
    """Content A's `poison` carries a modifier, content B's plain `poison` does not: a B
    match gathers nothing, however many A matches run beside it."""
    a = kinds_of({"id": "poison", "each_tick": "damage",
                  "modifier": {"hook": "damage", "layer": "add", "amount": 4}})
    b = kinds_of({"id": "poison", "each_tick": "damage"})
    match_a, match_b = match_with(a), match_with(b)
    for match, kinds, expected in ((match_a, a, 7), (match_b, b, 3)):
        with match.active():
            unit = match.journal.create(Ident("u"), Health(20, 20))
            add_status(kinds.by_id["poison"].component(2, 1)).target(unit).run(match)
            assert damage(3).target(unit).run(match).amount == expected
    with match_b.active():
        assert match_b.gather("damage", target=unit) == []


def test_expire_on_ends_the_status_when_a_command_at_that_point_concerns_the_holder():
    kinds = kinds_of({"id": "ward", "expire_on": "after:damage"})
    match = match_with(kinds)
    ward = kinds.by_id["ward"].component
    with match.active():
        unit = match.journal.create(Ident("u"), Health(10, 10), ward(5))
        other = match.journal.create(Ident("o"), Health(10, 10), ward(5))
        damage(1).target(unit).run(match)
        assert esper.try_component(unit, ward) is None
        assert esper.try_component(other, ward) == ward(5)


def test_a_before_damage_trigger_replaces_lethal_damage_and_is_spent():
    """A revive in data: `survive` at before:damage leaves the holder at 1 HP, once."""
    kinds = kinds_of({"id": "second_wind",
                      "triggers": [{"on": "before:damage", "do": "survive", "value": 1}]})
    match = match_with(kinds)
    wind = kinds.by_id["second_wind"].component
    with match.active():
        unit = match.journal.create(Ident("u"), Health(5, 10), wind(9))
        assert damage(3).target(unit).run(match).amount == 3  # not lethal: untouched
        assert esper.try_component(unit, wind) == wind(9)
        assert damage(50).target(unit).run(match).amount == 1
        assert esper.component_for_entity(unit, Health).hp == 1
        assert esper.try_component(unit, wind) is None  # spent
        damage(50).target(unit).run(match)
        assert esper.component_for_entity(unit, Health).hp == 0


def test_triggers_cancel_reduce_and_strike_back_by_role():
    kinds = kinds_of(
        {"id": "shield", "triggers": [{"on": "before:damage", "do": "reduce", "value": 2}]},
        {"id": "thorns", "triggers": [{"on": "after:damage", "do": "damage_source",
                                       "value": 3}]},
        {"id": "immune", "triggers": [{"on": "before:heal", "do": "cancel"}]},
    )
    match = match_with(kinds)
    comp = {k.id: k.component for k in kinds.kinds}
    with match.active():
        attacker = match.journal.create(Ident("a"), Health(10, 10))
        holder = match.journal.create(Ident("h"), Health(10, 10), comp["shield"](1),
                                      comp["thorns"](1), comp["immune"](1))
        assert damage(5).source(attacker).target(holder).run(match).amount == 3
        assert esper.component_for_entity(attacker, Health).hp == 7  # thorns struck back
        assert damage(4).source(holder).target(attacker).run(match).amount == 4  # role target
        damage(1).target(holder).run(match)  # no source: thorns has nobody to hit
        from game.engine.commands import heal

        assert heal(5).target(holder).run(match).cancelled
        assert esper.component_for_entity(holder, Health).hp == 10 - 3 - 0


def test_survive_names_the_kind_that_saved_and_skips_a_cancelled_command():
    """The command says which kind kept its target alive (a mode's event reads `saved`), and
    a blow an earlier trigger cancelled spends no revive: it deals nothing to survive."""
    kinds = kinds_of({"id": "second_wind",
                      "triggers": [{"on": "before:damage", "do": "survive", "value": 1}]})
    match = match_with(kinds)
    wind = kinds.by_id["second_wind"].component
    with match.active():
        unit = match.journal.create(Ident("u"), Health(5, 10), wind(1))
        assert damage(2).target(unit).run(match).saved is None
        match.hooks.listen("before:damage", lambda m, cmd: cmd.cancel(), priority=-1)
        assert damage(50).target(unit).run(match).cancelled
        assert esper.try_component(unit, wind) == wind(1)  # not spent by a cancelled blow
    other = match_with(kinds)
    with other.active():
        unit = other.journal.create(Ident("u"), Health(5, 10), wind(1))
        assert damage(50).target(unit).run(other).saved == "second_wind"


@pytest.fixture
def first_effect():
    """A trigger effect registered with priority -1 (removed again: the registry is global)."""
    from game.engine.effects import NoParams
    from game.engine.triggers import TRIGGERS

    seen: list[str] = []

    def note(ctx, params):
        seen.append(ctx.kind.id)
        ctx.command.cancel()

    TRIGGERS.register("test_first", NoParams, priority=-1)(note)
    yield seen
    del TRIGGERS._effects["test_first"]


def test_triggers_run_by_their_effect_s_priority_then_declaration(first_effect):
    """A redirect (lower priority) runs before a revive declared ahead of it, so the revive
    is not spent on the blow the redirect cancelled."""
    kinds = kinds_of(
        {"id": "wind", "triggers": [{"on": "before:damage", "do": "survive", "value": 1}]},
        {"id": "mirror", "triggers": [{"on": "before:damage", "do": "test_first"}]},
    )
    match = match_with(kinds)
    wind, mirror = kinds.by_id["wind"].component, kinds.by_id["mirror"].component
    assert [t.priority for k in kinds.kinds for t in k.triggers] == [0, -1]
    with match.active():
        unit = match.journal.create(Ident("u"), Health(3, 10), wind(1), mirror(1))
        assert damage(9).target(unit).run(match).cancelled
        assert esper.component_for_entity(unit, Health).hp == 3
        assert esper.try_component(unit, wind) == wind(1)
    assert first_effect == ["mirror"]


@pytest.fixture
def other_modes_effect():
    from game.engine.effects import NoParams
    from game.engine.triggers import TRIGGERS

    TRIGGERS.register("test_theirs", NoParams, modes=("elsewhere",))(lambda ctx, p: None)
    yield
    del TRIGGERS._effects["test_theirs"]


def test_a_trigger_effect_of_another_mode_is_a_problem_of_its_key(other_modes_effect):
    """A mode's trigger effect reads that mode's world: another mode's content may not name
    it (it would do nothing, or worse, there)."""
    entries = [StatusEntry.model_validate(
        {"id": "borrowed", "triggers": [{"on": "after:damage", "do": "test_theirs"}]})]
    assert check_statuses(entries, POINTS, ACTIONS, VALUES) == [
        ("statuses[0].triggers[0].do", "trigger effect 'test_theirs' belongs to elsewhere only")]
    assert check_statuses(entries, POINTS, ACTIONS, VALUES, mode="elsewhere") == []


def test_triggers_bind_and_check_against_the_registry_a_mode_gives():
    """A mode's own trigger effects (kingdom's keywords) are named and checked like the
    engine's, against the mode's registry, never the engine's."""
    from pydantic import BaseModel

    from game.engine.effects import EffectRegistry
    from game.engine.triggers import BoundTrigger, TriggerEntry, check_triggers

    class Value(BaseModel):
        value: int = 1

    mine = EffectRegistry("test mode")
    seen = []

    @mine.register("tally", Value)
    def tally(ctx, params):
        seen.append((ctx, params.value))

    entry = TriggerEntry(on="my_point", do="tally", value=3)
    bound = BoundTrigger.of(entry, mine)
    bound.fn("ctx", bound.params)
    assert seen == [("ctx", 3)]
    assert check_triggers([entry], frozenset({"my_point"}), "x", registry=mine) == []
    problems = check_triggers([entry], frozenset({"my_point"}), "x")  # the engine's registry
    assert problems and problems[0][0] == "x[0].do" and "unknown effect 'tally'" in problems[0][1]
    with pytest.raises(ValueError, match="tally"):
        BoundTrigger.of(entry)
