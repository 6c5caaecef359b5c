"""Combat (spec strike.md 4.5-4.11, section 5 checks): moves, abilities, damage, statuses,
flames, turn order, death and the end, on small hand-built setups."""

from __future__ import annotations

import pytest

from game.components.common import Modifier
from game.engine.record import RecordError
from game.systems.strike import combat, world
from game.systems.strike.legal import attack_targets, unit_destinations

from .helpers import A, C, M, U, accept, assert_rejected, setup_match, unit

DUEL = C([U(0, "ember_vine", [5, 5]), U(0, "nature_wave", [5, 6]),
          U(1, "logic_trap", [7, 5]), U(1, "flare_counter", [20, 5])])


def test_move_rejections_in_order():
    match = setup_match(C([U(0, "ember_vine", [5, 5], statuses={"root": 1}),
                           U(0, "nature_wave", [5, 6]), U(0, "aqua_trail", [0, 0], hp=0),
                           U(1, "logic_trap", [7, 5])]))
    assert_rejected(match, M(0, "p9.nobody", [5, 4]), "unknown_unit")
    assert_rejected(match, M(0, "p0.aqua_trail", [1, 0]), "unknown_unit")  # dead
    assert_rejected(match, M(0, "p1.logic_trap", [8, 5]), "not_your_unit")
    assert_rejected(match, M(0, "p0.ember_vine", [99, 5]), "rooted")
    assert_rejected(match, M(0, "p0.nature_wave", [5, 11]), "out_of_bounds")
    assert_rejected(match, M(0, "p0.nature_wave", [5, 6]), "not_reachable")
    assert_rejected(match, M(0, "p0.nature_wave", [5, 5]), "occupied")
    assert_rejected(match, M(0, "p0.nature_wave", [5, 10]), "not_reachable")
    assert_rejected(match, {"seat": 0, "type": "move", "unit": "p0.nature_wave"},
                    "bad_decision")
    assert unit_destinations(match, "p0.ember_vine") == []
    accept(match, M(0, "p0.nature_wave", [5, 9]))


def test_attack_rejections_in_order():
    match = setup_match(C([U(0, "ember_vine", [5, 5], cooldowns=[0, 2, 0]),
                           U(0, "flame_embrace", [5, 6]),
                           U(0, "aqua_trail", [1, 1], statuses={"stun": 1}),
                           U(1, "logic_trap", [7, 5]), U(1, "flare_counter", [20, 5]),
                           U(1, "overgrowth", [20, 8], hp=0)]))
    assert_rejected(match, A(0, "p9.x", 0, "p1.logic_trap"), "unknown_unit")
    assert_rejected(match, A(0, "p1.logic_trap", 0, "p0.ember_vine"), "not_your_unit")
    assert_rejected(match, A(0, "p0.aqua_trail", 0, "p1.logic_trap"), "stunned")
    assert_rejected(match, A(0, "p0.ember_vine", 3, "p1.logic_trap"), "unknown_attack")
    assert_rejected(match, A(0, "p0.ember_vine", -1, "p1.logic_trap"), "unknown_attack")
    assert_rejected(match, A(0, "p0.ember_vine", 1, "p1.logic_trap"), "on_cooldown")
    assert_rejected(match, A(0, "p0.flame_embrace", 1, "p1.logic_trap"), "bad_target")
    assert_rejected(match, A(0, "p0.flame_embrace", 1, "p0.ember_vine"), "bad_target")
    assert_rejected(match, A(0, "p0.ember_vine", 0), "bad_target")
    assert_rejected(match, {**A(0, "p0.ember_vine", 0), "target": None}, "bad_target")
    assert_rejected(match, A(0, "p0.ember_vine", 0, "p1.overgrowth"), "unknown_unit")
    assert_rejected(match, A(0, "p0.ember_vine", 0, "p1.ghost"), "unknown_unit")
    assert_rejected(match, A(0, "p0.ember_vine", 0, "p0.flame_embrace"), "bad_target")
    assert_rejected(match, A(0, "p0.ember_vine", 0, "p1.flare_counter"), "out_of_range")
    assert_rejected(match, {**A(0, "p0.ember_vine", 0), "target": 5}, "bad_decision")
    assert_rejected(match, {**A(0, "p0.ember_vine", 0, "p1.logic_trap"), "attack": "0"},
                    "bad_decision")
    assert_rejected(match, {"seat": 0, "type": "pass"}, "must_act")
    assert attack_targets(match, "p0.ember_vine", 0) == ["p1.logic_trap"]
    assert attack_targets(match, "p0.ember_vine", 1) == []
    accept(match, {**A(0, "p0.flame_embrace", 1), "target": "p0.flame_embrace"})


def test_canonical_legal_order():
    match = setup_match(C([U(0, "ember_vine", [5, 5], cooldowns=[0, 1, 0]),
                           U(0, "flame_embrace", [0, 0], statuses={"root": 1}),
                           U(1, "logic_trap", [7, 5]), U(1, "flare_counter", [6, 6])]))
    legal = match.legal_decisions(0)
    head = [A(0, "p0.ember_vine", 0, "p1.logic_trap"), A(0, "p0.ember_vine", 0, "p1.flare_counter"),
            A(0, "p0.ember_vine", 2, "p1.logic_trap"), A(0, "p0.ember_vine", 2, "p1.flare_counter")]
    assert legal[:4] == head
    moves = [d for d in legal if d["type"] == "move"]
    assert all(d["unit"] == "p0.ember_vine" for d in moves)
    assert [d["to"] for d in moves[:4]] == [[6, 5], [4, 5], [5, 6], [5, 4]]
    tail = [d for d in legal if d["unit"] == "p0.flame_embrace"]
    assert tail == [A(0, "p0.flame_embrace", 1)]  # out of Flame Dash's range; heal: no target
    assert legal.index(tail[0]) > legal.index(moves[-1])


def test_strike_events_and_draws():
    match = setup_match(C([U(0, "flare_counter", [5, 5]), U(1, "nature_wave", [7, 5]),
                           U(1, "logic_trap", [20, 5])]))
    events = accept(match, A(0, "p0.flare_counter", 0, "p1.nature_wave"))
    assert match.stream("combat").draws == 1
    hit = next(e for e in events if e["type"] == "damage_dealt")
    assert hit["unit"] == "p1.nature_wave" and hit["source"] == "strike"
    assert hit["by"] == "p0.flare_counter" and hit["percent"] == 150
    assert hit["amount"] == (11 + hit["roll"]) * 150 // 100
    types = [e["type"] for e in events]
    assert types[:2] == ["ability_used", "damage_dealt"]
    assert types[-3:] == ["turn_ended", "turn_started", "cooldown_ready"] or "turn_started" in types


@pytest.mark.parametrize("roll, expected_hp", [(-2, 50 - 13), (-1, 50 - 15), (0, 34), (2, 50 - 19)])
def test_damage_formula_fire_on_leaf(roll, expected_hp):
    match = setup_match(C([U(0, "flare_counter", [5, 5]), U(1, "nature_wave", [7, 5])],
                          rolls=[roll]))
    accept(match, A(0, "p0.flare_counter", 0, "p1.nature_wave"))
    assert unit(match, "p1.nature_wave")["hp"] == expected_hp


def test_cap_zero_and_blocked_strike_applies_no_status():
    """4.9: max_hp 1 -> cap 0 -> base 1; roll -1 -> raw 0: no damage and so no status."""
    match = setup_match(C([U(0, "ember_vine", [5, 5]), U(1, "aqua_trail", [6, 5], max_hp=1)],
                          rolls=[-1]))
    events = accept(match, A(0, "p0.ember_vine", 0, "p1.aqua_trail"))
    assert {"type": "strike_blocked", "unit": "p1.aqua_trail", "roll": -1} in events
    assert unit(match, "p1.aqua_trail")["hp"] == 1
    assert unit(match, "p1.aqua_trail")["statuses"]["burn"] == {"turns": 0, "value": 0}
    assert unit(match, "p0.ember_vine")["cooldowns"] == [0, 0, 0]


def test_negative_raw_truncates_toward_zero():
    match = setup_match(C([U(0, "ember_vine", [5, 5]), U(1, "nature_wave", [6, 5], max_hp=2)],
                          rolls=[-2]))
    assert combat.damage_preview(match, "p0.ember_vine", 0, "p1.nature_wave", -2) == 0
    with match.active():
        dmg, pct = combat.strike_damage(match, world.content(match).cards["ember_vine"].attacks[0],
                                        world.hero(match, "p0.ember_vine").entity,
                                        world.hero(match, "p1.nature_wave").entity, -2)
    assert (dmg, pct) == (-1, 150)  # trunc(-1 * 1.5) = -1, not floor's -2


def test_damage_preview():
    match = setup_match(DUEL)
    assert combat.damage_preview(match, "p0.ember_vine", 0, "p1.logic_trap") == 12
    assert combat.damage_preview(match, "p0.ember_vine", 0, "p1.logic_trap", 2) == 14
    assert combat.damage_preview(match, "p0.nature_wave", 2, "p1.logic_trap") == 0


def test_modifiers_plug_into_the_damage_hook():
    """A mod status is a `Modifier` on hook "damage": additive before the element percent."""
    match = setup_match(C([U(0, "flare_counter", [5, 5]), U(1, "nature_wave", [7, 5])],
                          rolls=[0]))
    with match.active():
        match.journal.create(Modifier("damage", "add", 2, holder=world.hero(match, "p1.nature_wave").entity,
                                      role="target"))
    accept(match, A(0, "p0.flare_counter", 0, "p1.nature_wave"))
    assert unit(match, "p1.nature_wave")["hp"] == 50 - (11 + 2) * 150 // 100


def test_drain_ignores_roll_and_element_and_heals_capped():
    match = setup_match(C([U(0, "vine_strike", [4, 4], hp=45), U(1, "whirl_splash", [5, 5])],
                          rolls=[2]))
    events = accept(match, A(0, "p0.vine_strike", 1, "p1.whirl_splash"))
    assert unit(match, "p1.whirl_splash")["hp"] == 41  # 10 - 1
    assert unit(match, "p0.vine_strike")["hp"] == 50
    assert match.state_json()["board"]["rolls"] == [2]
    drain = [e for e in events if e.get("source") == "drain"]
    assert [e["type"] for e in drain] == ["damage_dealt", "healed"]
    assert drain[1]["amount"] == 5


def test_self_heal_range_zero_touches_only_the_user():
    match = setup_match(C([U(0, "scorched_root", [5, 5], hp=10), U(0, "ember_vine", [5, 6], hp=10),
                           U(1, "logic_trap", [20, 5])]))
    accept(match, A(0, "p0.scorched_root", 2, "p0.scorched_root"))
    assert unit(match, "p0.scorched_root")["hp"] == 30
    assert unit(match, "p0.ember_vine")["hp"] == 10
    assert unit(match, "p0.scorched_root")["cooldowns"] == [0, 0, 3]


def test_heal_at_full_hp_is_still_an_action():
    match = setup_match(C([U(0, "nature_wave", [5, 5]), U(1, "logic_trap", [20, 5])]))
    accept(match, A(0, "p0.nature_wave", 2))
    assert match.to_act == (1,)
    assert unit(match, "p0.nature_wave")["cooldowns"] == [0, 0, 3]


def test_statuses_reapplication_keeps_the_larger():
    match = setup_match(C([U(0, "ember_vine", [5, 5]),
                           U(1, "nature_wave", [6, 5], statuses={"burn": {"turns": 5, "value": 2}}),
                           ], rolls=[0]))
    accept(match, A(0, "p0.ember_vine", 0, "p1.nature_wave"))
    # applied max(5, 2) turns, max(2, 5) value; then seat 1's turn start ticks once
    assert unit(match, "p1.nature_wave")["statuses"]["burn"] == {"turns": 4, "value": 5}


def test_burn_kill_at_turn_start_ends_the_match_in_the_new_turn():
    match = setup_match(C([U(0, "ember_vine", [5, 5]),
                           U(1, "nature_wave", [20, 5], hp=5,
                             statuses={"burn": {"turns": 1, "value": 5}})]))
    events = accept(match, M(0, "p0.ember_vine", [5, 4]))
    state = match.state_json()
    assert state["result"] == {"winner": 0, "reason": "elimination"}
    assert state["phase"] == "over" and state["to_act"] == [] and state["turn"] == 2
    dead = unit(match, "p1.nature_wave")
    assert dead["pos"] is None and dead["hp"] == 0
    assert dead["statuses"]["burn"] == {"turns": 0, "value": 0}
    assert [e["type"] for e in events][-2:] == ["unit_died", "match_ended"]
    assert_rejected(match, M(1, "p1.nature_wave", [20, 4]), "game_over")
    assert match.legal_decisions(1) == []


def test_burn_before_regen():
    match = setup_match(C([U(0, "ember_vine", [5, 5]),
                           U(1, "nature_wave", [20, 5], hp=5,
                             statuses={"burn": {"turns": 2, "value": 5},
                                       "regen": {"turns": 2, "value": 20}}),
                           U(1, "logic_trap", [20, 6])]))
    accept(match, M(0, "p0.ember_vine", [5, 4]))
    dead = unit(match, "p1.nature_wave")
    assert dead["hp"] == 0 and dead["statuses"]["regen"] == {"turns": 0, "value": 0}


def test_dead_units_do_not_block_and_cannot_be_targeted():
    match = setup_match(C([U(0, "ember_vine", [5, 5]), U(1, "logic_trap", [7, 5], hp=0),
                           U(1, "nature_wave", [20, 5])]))
    assert len(unit_destinations(match, "p0.ember_vine")) == 24
    assert unit(match, "p1.logic_trap")["pos"] is None


def test_flames_replace_age_and_hit_only_the_other_seat():
    match = setup_match(C([U(0, "boiling_storm", [5, 5]), U(0, "ember_vine", [6, 5]),
                           U(1, "overgrowth", [7, 5])],
                          rolls=[0], flames=[{"tile": [6, 5], "owner": 1},
                                             {"tile": [0, 0], "owner": 1, "rounds": 1}]))
    events = accept(match, A(0, "p0.boiling_storm", 0, "p1.overgrowth"))
    # seat 1's turn start has run: its own (0, 0) flame expired, seat 0's new flames stay
    assert {"type": "flame_expired", "tile": [0, 0]} in events
    flames = match.state_json()["board"]["flames"]
    assert flames == [{"tile": [6, 5], "owner": 0, "rounds": 2, "value": 5},
                      {"tile": [7, 5], "owner": 0, "rounds": 2, "value": 5}]
    # hit 12 - 2 = 10 x 75 % = 7, then flame 5 and burn 5 at seat 1's turn start
    assert unit(match, "p1.overgrowth")["hp"] == 50 - 7 - 5 - 5
    ticks = [e["source"] for e in events if e["type"] == "damage_dealt"]
    assert ticks == ["strike", "flame", "burn"]
    accept(match, M(1, "p1.overgrowth", [9, 5]))
    assert unit(match, "p0.ember_vine")["hp"] == 50  # own flame never hurts
    assert [f["rounds"] for f in match.state_json()["board"]["flames"]] == [1, 1]


def test_flame_on_an_empty_miss_still_laid():
    """The trail is laid whatever the damage was (4.8)."""
    match = setup_match(C([U(0, "boiling_storm", [5, 5]),
                           U(1, "overgrowth", [6, 5], max_hp=1)], rolls=[-2]))
    accept(match, A(0, "p0.boiling_storm", 0, "p1.overgrowth"))
    assert match.state_json()["board"]["flames"] == [
        {"tile": [6, 5], "owner": 0, "rounds": 2, "value": 5}]


def test_stun_and_root_tick_at_the_owners_turn_end_only():
    match = setup_match(C([U(0, "ember_vine", [5, 5], statuses={"stun": 2, "root": 1}),
                           U(1, "logic_trap", [20, 5], statuses={"stun": 1, "root": 2})]))
    assert match.legal_decisions(0) == [{"seat": 0, "type": "pass"}]
    events = accept(match, {"seat": 0, "type": "pass"})
    assert {"type": "turn_passed", "seat": 0} in events
    assert unit(match, "p0.ember_vine")["statuses"]["stun"] == 1
    assert unit(match, "p0.ember_vine")["statuses"]["root"] == 0
    assert unit(match, "p1.logic_trap")["statuses"]["stun"] == 1  # not ticked on seat 0's turn
    accept(match, {"seat": 1, "type": "pass"})
    assert unit(match, "p1.logic_trap")["statuses"]["stun"] == 0
    assert unit(match, "p1.logic_trap")["statuses"]["root"] == 1
    legal = match.legal_decisions(0)
    assert legal and all(d["type"] == "move" for d in legal)  # stunned: moves only


def test_round_cap_winner_seat_zero():
    match = setup_match(C([U(0, "ember_vine", [2, 2], hp=42), U(1, "logic_trap", [20, 5], hp=41)],
                          to_act=1, turn=300))
    accept(match, M(1, "p1.logic_trap", [19, 5]))
    assert match.result == {"winner": 0, "reason": "round_cap"}


def test_turn_and_round_counting():
    match = setup_match(C([U(0, "ember_vine", [2, 2]), U(1, "logic_trap", [20, 5])]))
    for turn in range(1, 7):
        state = match.state_json()
        assert state["turn"] == turn and state["board"]["round"] == (turn + 1) // 2
        seat = (turn - 1) % 2
        assert state["to_act"] == [seat]
        accept(match, match.legal_decisions(seat)[-1])


def test_mutual_elimination():
    match = setup_match(C([U(0, "ember_vine", [2, 2]), U(1, "logic_trap", [20, 5])]))
    with match.active():
        combat.deal(match, world.hero(match, "p0.ember_vine").entity, 99, "flame", None)
        combat.deal(match, world.hero(match, "p1.logic_trap").entity, 99, "flame", None)
        assert combat.end_check(match)
    assert match.result == {"winner": None, "reason": "mutual_elimination"}
    assert match.phase == "over" and match.to_act == ()


def test_rollback_restores_everything():
    from .helpers import canonical, streams_state

    match = setup_match(DUEL)
    before, streams = canonical(match.state_json()), streams_state(match)
    mark = match.mark()
    for _ in range(6):
        seat = match.to_act[0]
        accept(match, match.legal_decisions(seat)[0])
    assert canonical(match.state_json()) != before
    match.rollback(mark)
    assert canonical(match.state_json()) == before
    assert streams_state(match) == streams


@pytest.mark.parametrize("setup", [
    C([U(0, "ember_vine", [2, 2]), U(1, "logic_trap", None)]),
    C([U(0, "ember_vine", [2, 2]), U(1, "logic_trap", [2, 2])]),
    C([U(0, "ember_vine", [2, 2]), U(1, "logic_trap", [23, 2])]),
    C([U(0, "ember_vine", [2, 2], hp=51), U(1, "logic_trap", [3, 2])]),
    C([U(0, "ember_vine", [2, 2], cooldowns=[0, 0]), U(1, "logic_trap", [3, 2])]),
    C([U(0, "ember_vine", [2, 2], cooldowns=[0, -1, 0]), U(1, "logic_trap", [3, 2])]),
    C([U(0, "ember_vine", [2, 2], statuses={"stun": -1}), U(1, "logic_trap", [3, 2])]),
    C([U(0, "ember_vine", [2, 2]), U(0, "ember_vine", [3, 3]), U(1, "logic_trap", [3, 2])]),
    C([U(0, "ember_vine", [2, 2]), U(1, "no_such_card", [3, 2])]),
    C([U(0, "ember_vine", [2, 2])]),
    C([U(0, "ember_vine", [2, 2]), U(1, "logic_trap", [3, 2], hp=0)]),
    C([U(0, "ember_vine", [2, 2]), U(1, "logic_trap", [3, 2])], rolls=[3]),
    {**C([U(0, "ember_vine", [2, 2]), U(1, "logic_trap", [3, 2])]), "to_act": []},
])
def test_malformed_combat_setups(setup):
    with pytest.raises(RecordError):
        setup_match(setup)


def test_setup_defaults():
    match = setup_match(C([U(0, "ember_vine", [2, 2]), U(1, "logic_trap", [3, 2])], to_act=1))
    state = match.state_json()
    assert state["turn"] == 2 and state["board"]["round"] == 1
    assert state["board"]["decks"] == [["ember_vine"], ["logic_trap"]]
    assert state["board"]["picks"] == 2
    assert state["board"]["units"][1]["id"] == "p1.logic_trap"


def test_turn_start_event_order():
    match = setup_match(C([U(0, "ember_vine", [5, 5]),
                           U(1, "nature_wave", [7, 5], cooldowns=[1, 2, 0],
                             statuses={"burn": {"turns": 1, "value": 5},
                                       "regen": {"turns": 1, "value": 3}})],
                          flames=[{"tile": [7, 5], "owner": 0}, {"tile": [9, 9], "owner": 1,
                                                                 "rounds": 1}]))
    events = accept(match, M(0, "p0.ember_vine", [5, 4]))
    assert [e["type"] for e in events] == [
        "unit_moved", "turn_ended", "turn_started", "flame_expired", "cooldown_ready",
        "damage_dealt", "damage_dealt", "status_expired", "healed", "status_expired"]
    assert events[0] == {"type": "unit_moved", "unit": "p0.ember_vine", "from": [5, 5],
                         "to": [5, 4], "path": [[5, 5], [5, 4]]}
    assert events[2] == {"type": "turn_started", "seat": 1, "turn": 2, "round": 1}
    assert events[4] == {"type": "cooldown_ready", "unit": "p1.nature_wave", "attack": 0}
    u = unit(match, "p1.nature_wave")
    assert u["hp"] == 50 - 5 - 5 + 3 and u["cooldowns"] == [0, 1, 0]


def test_seat_view_masks_rolls_and_seed_only():
    match = setup_match(C([U(0, "ember_vine", [5, 5]), U(1, "logic_trap", [7, 5])],
                          rolls=[1, -1]))
    full, view = match.state_json(), match.view_json(0)
    assert view["seed"] == "hidden" and view["board"]["rolls"] == "hidden"
    assert full["board"]["rolls"] == [1, -1]
    assert {**view, "seed": 1, "board": {**view["board"], "rolls": [1, -1]}} == full


def test_percent_trunc_is_the_fraction_layers():
    """The strike damage fast path (no modifier on the "damage" hook) gives what the add and
    mul layers give: trunc((base + roll) × pct / 100), toward zero for negative values too."""
    import math
    from fractions import Fraction

    from game.engine.hooks import apply_layers

    for value in range(-30, 31):
        for pct in (0, 1, 33, 50, 67, 75, 100, 125, 150, 200):
            expected = int(apply_layers(value - 2, [Modifier("damage", "add", 2, tag="roll"),
                                                    Modifier("damage", "mul",
                                                             Fraction(pct, 100))],
                                        rounding=math.trunc))
            assert combat.percent_trunc(value, pct) == expected, (value, pct)
