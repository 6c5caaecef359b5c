"""The kingdom CPUs step by step (spec kingdom.md 4.2.4, 7.1-7.4) on small hand-built
positions: the value function and bar, easy's draws, hard's nine steps, the step-6 arrangement
and its parking rule, the expert's plan states, score and lethal preference.

Positions are live matches built from setups; a CPU only ever gets `view_json(seat)` of them,
and every decision it returns is submitted to the live match, which must accept it.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.kingdom import LEVELS, make_cpu
from game.ai.kingdom.expert import (
    PlanState,
    Scorer,
    Search,
    children,
    is_fixed,
    layout_of,
    plan_decisions,
    read_root,
)
from game.ai.kingdom.hard import Piece, arrangement, parking_moves
from game.ai.kingdom.players import Plan
from game.ai.kingdom.scratch import scratch_match, scratch_setup
from game.ai.kingdom.value import Context, Values, best, context_of, quality_bar, value
from game.engine.match import Match, Rejection
from game.engine.modes import get_mode
from game.engine.record import build_match, new_record, state_hash
from game.engine.resources import load_mode_resources
from game.engine.rng import Stream
from game.systems.kingdom.content import Content, content_of
from game.systems.kingdom.pools import default_preset
from game.systems.kingdom.world import SeatFacts

Decision = dict[str, Any]


# -- helpers (imported by test_ai_levels.py) ---------------------------------------------------
def kingdom_resources() -> Any:
    spec = get_mode("kingdom")
    assert spec is not None
    return load_mode_resources(spec)


@pytest.fixture(scope="module")
def resources() -> Any:
    return kingdom_resources()


@pytest.fixture(scope="module")
def content(resources: Any) -> Content:
    return content_of(resources)


def line(*cards: str | None, level: int = 1) -> list[dict[str, str] | None]:
    """A setup's `slots` for `level`: the given cards from slot 0, then empty slots."""
    slots: list[dict[str, str] | None] = [None if c is None else {"card": c} for c in cards]
    return slots + [None] * (level + 4 - len(slots))


def position(seat0: dict[str, Any], seat1: dict[str, Any], *, turn: int = 1,
             to_act: int = 0, seed: int = 1) -> Match:
    """A live planning match from two setup seat objects (spec 6's setup defaults apply)."""
    seats = []
    for raw in (seat0, seat1):
        seat = {"faction": "rome", "deck": ["rome_hastatus"], "shop": [], **raw}
        seat.setdefault("slots", line(level=seat.get("level", 1)))
        seats.append(seat)
    setup = {"phase": "planning", "turn": turn, "to_act": [to_act], "board": {"seats": seats}}
    return build_match(new_record("kingdom", "1", seed, {}, setup))


def facts(seat: int, *, hp: int = 25, max_hp: int = 25,
          slots: tuple[Any, ...] = (None,) * 5) -> SeatFacts:
    """A seat's facts for the value context: level 1, no hero, no deck, no shop."""
    return SeatFacts(seat, "rome", "country", None, None, (), 1, slots, hp, max_hp, 1, ())


def cpu_for(level: str, seat: int, resources: Any, seed: int = 1) -> Any:
    return make_cpu(level, seat, Stream(seed, f"ai.{seat}"), resources)


def play_phase(match: Match, cpu: Any) -> list[Decision]:
    """Every decision of one planning phase of `cpu`, each submitted to the live match."""
    seat = cpu.seat
    out: list[Decision] = []
    for _ in range(200):
        decision = cpu.decide(match.view_json(seat))
        outcome = match.submit(decision)
        assert not isinstance(outcome, Rejection), (decision, outcome)
        out.append(decision)
        if decision["type"] == "end_turn":
            return out
    raise AssertionError("the phase never ended")


def kinds(decisions: list[Decision]) -> list[tuple[Any, ...]]:
    """Decisions without their seat, as compact tuples."""
    out: list[tuple[Any, ...]] = []
    for d in decisions:
        if d["type"] == "buy":
            out.append(("buy", d["offer"], d["slot"]))
        elif d["type"] == "sell":
            out.append(("sell", d["slot"]))
        elif d["type"] == "move":
            out.append(("move", d["from"], d["to"]))
        else:
            out.append((d["type"],))
    return out


# -- 7.2 value function, context, bar, best ------------------------------------------------
CALM = Context(turn=1, low=False, wide=False)


@pytest.mark.parametrize(("card", "ctx", "expected"), [
    ("rome_hastatus", CALM, 2 + 1),                                   # none: +0
    ("china_silk_merchant", Context(6, False, False), 0 + 2 + 4),     # income early (turn <= 6)
    ("china_silk_merchant", Context(7, False, False), 0 + 2 + 1),     # income late
    ("common_mercenary", Context(4, False, False), 3 + 2 + 1),        # tax early (turn <= 4)
    ("common_mercenary", Context(5, False, False), 3 + 2 - 3),        # tax late
    ("common_priest", CALM, 1 + 3 + 1),                               # heal
    ("common_priest", Context(1, True, False), 1 + 3 + 1 + 3),        # heal when low
    ("rome_velite", Context(1, True, True), 2 + 1 + 2),               # ranged: no extras
    ("rome_greek_fire_dromon", CALM, 3 + 5 + 2),                      # aoe
    ("rome_greek_fire_dromon", Context(1, False, True), 3 + 5 + 2 + 4),  # aoe when wide
    ("common_captain", Context(9, True, True), 2 + 3 + 2),            # aura: no extras
    ("common_shielder", CALM, 1 + 3 + 1),                             # guardian
    ("common_shielder", Context(1, True, False), 1 + 3 + 1 + 3),      # guardian when low
    ("common_berserker", CALM, 4 + 2 + 1),                            # overkillHeal
    ("common_berserker", Context(1, True, False), 4 + 2 + 1 + 2),     # overkillHeal when low
    ("common_champion", CALM, 6 + 3 + 2),                             # cleave
    ("common_champion", Context(1, False, True), 6 + 3 + 2 + 3),      # cleave when wide
    ("rome_scipio_africanus", CALM, 6 + 3 + 2 + 2),                   # hero: +2
])
def test_value_table(content: Content, card: str, ctx: Context, expected: int) -> None:
    assert value(content, card, ctx) == expected


def test_values_memo_equals_value(content: Content) -> None:
    ctx = Context(3, True, True)
    values = Values(content, ctx)
    for card in content.cards:
        assert values(card) == value(content, card, ctx)


@pytest.mark.parametrize(("hp", "max_hp", "low"), [(12, 25, True), (13, 25, False),
                                                   (15, 30, True), (16, 30, False)])
def test_low_is_half_hp_or_less(hp: int, max_hp: int, low: bool) -> None:
    own = facts(0, hp=hp, max_hp=max_hp)
    assert context_of(3, own, facts(1)).low is low


@pytest.mark.parametrize(("occupied", "wide"), [(3, False), (4, True), (5, True)])
def test_wide_is_at_most_one_empty_enemy_slot(occupied: int, wide: bool) -> None:
    enemy = facts(1, slots=tuple(("rome_hastatus", f"u{i}") if i < occupied else None
                                 for i in range(5)))
    assert context_of(1, facts(0), enemy).wide is wide


def test_quality_bar(content: Content) -> None:
    assert [quality_bar(content, level) for level in range(1, 6)] == [4, 6, 8, 10, 12]


def test_best_candidate_order(content: Content) -> None:
    # value desc first: the priest (5) beats the hastatus (3)
    assert best(content, CALM, [(0, "rome_hastatus"), (1, "common_priest")]) == (
        1, "common_priest")
    # equal value 5: cost asc -- shielder (2) vs velite (2) tie, so index asc
    assert best(content, CALM, [(2, "rome_velite"), (1, "common_shielder")]) == (
        1, "common_shielder")
    # equal value and cost: the hero before offers. Sun Tzu (4/5 aura + hero = 13, cost 4)
    # against a 13-value offer of cost 4 does not exist, so compare same-card keys directly.
    assert best(content, CALM, [(0, "china_sun_tzu"), ("hero", "china_sun_tzu")]) == (
        "hero", "china_sun_tzu")
    assert best(content, CALM, []) is None


# -- 4.2.4 deck, 7.1 easy -------------------------------------------------------------------
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_deck_is_a_random_country_then_default_from_the_ai_stream(
        content: Content, resources: Any, level: str) -> None:
    cpu = cpu_for(level, 1, resources, seed=42)
    twin = Stream(42, "ai.1")
    country = content.countries[twin.randint(0, len(content.countries) - 1)]
    hero, units = default_preset(content, "country", country, twin)
    match = build_match(new_record("kingdom", "1", 42, {}))
    decision = cpu.decide(match.view_json(1))
    assert decision == {"seat": 1, "type": "build_deck", "mode": "country", "faction": country,
                        "hero": hero, "units": units}
    assert cpu.stream.get_state() == twin.get_state()  # nothing else drawn
    assert not isinstance(match.submit(decision), Rejection)


def test_easy_shuffles_then_buys_into_random_empty_slots(resources: Any) -> None:
    match = position({"coins": 3, "shop": ["rome_hastatus", "rome_velite", "rome_hastatus"],
                      "hero": {"card": "rome_scipio_africanus"}}, {})
    cpu = cpu_for("easy", 0, resources)
    # Fisher-Yates: k=2 swaps with 0 -> [2, 1, 0]; k=1 swaps with 0 -> [1, 2, 0]. The hero
    # (era 2) is locked at level 1, so it is not a candidate. Then: velite (cost 2) into
    # empty[3] = slot 3; hastatus (cost 1) into empty[2] of [0, 1, 2, 4] = slot 2; offer 0
    # is unaffordable, so no draw for it.
    cpu.stream.force([0, 0, 3, 2])
    assert kinds(play_phase(match, cpu)) == [("buy", 1, 3), ("buy", 2, 2), ("end_turn",)]
    assert cpu.stream.forced_pending == 0 and cpu.stream.draws == 0


def test_easy_stops_when_the_board_is_full_and_adds_the_unlocked_hero(resources: Any) -> None:
    match = position({"level": 2, "coins": 20, "shop": ["rome_hastatus", "rome_velite"],
                      "hero": {"card": "rome_scipio_africanus"},
                      "slots": line(*["rome_hastatus"] * 5, level=2)}, {})
    cpu = cpu_for("easy", 0, resources)
    # k=1: swap with 1 (none) -> [0, 1]; then "hero". One empty slot: offer 0 fills it
    # (pick 0), and the loop stops before offer 1 and the hero.
    cpu.stream.force([1, 0])
    assert kinds(play_phase(match, cpu)) == [("buy", 0, 5), ("end_turn",)]
    assert cpu.stream.forced_pending == 0 and cpu.stream.draws == 0


def test_easy_never_refreshes_upgrades_sells_or_moves(resources: Any) -> None:
    match = position({"coins": 30, "shop": [None, None, None],
                      "slots": line("common_mercenary", None, "rome_hastatus")}, {})
    assert kinds(play_phase(match, cpu_for("easy", 0, resources))) == [("end_turn",)]


# -- 7.3 hard, step by step -----------------------------------------------------------------
def test_hard_refreshes_to_the_bar_three_times_then_buys_arranges_and_upgrades(
        resources: Any) -> None:
    # Hastatus is worth 3 < bar 4: refresh (cost 1) while coins >= 1 + 2, at most 3 times.
    # Then buy (3 >= 4 - 3) into the leftmost empty slots, centre the block with the parking
    # rule (slot 2 moves first: its target 3 is empty), and upgrade with what is left.
    match = position({"coins": 10, "shop": ["rome_hastatus"] * 3}, {})
    decisions = kinds(play_phase(match, cpu_for("hard", 0, resources)))
    assert decisions == [("refresh",), ("refresh",), ("refresh",),
                         ("buy", 0, 0), ("buy", 1, 1), ("buy", 2, 2),
                         ("move", 2, 3), ("move", 1, 2), ("move", 0, 1),
                         ("upgrade",), ("end_turn",)]


def test_hard_keeps_the_refresh_reserve(resources: Any) -> None:
    match = position({"coins": 4, "shop": ["rome_hastatus"] * 3}, {})
    decisions = kinds(play_phase(match, cpu_for("hard", 0, resources)))
    assert decisions.count(("refresh",)) == 2  # 4 -> 3 -> 2, and 2 < 1 + 2


def test_hard_does_not_refresh_when_an_offer_reaches_the_bar(resources: Any) -> None:
    match = position({"coins": 10, "shop": ["rome_hastatus", "common_priest"]}, {})
    decisions = kinds(play_phase(match, cpu_for("hard", 0, resources)))
    assert ("refresh",) not in decisions
    assert decisions[0] == ("buy", 1, 0)  # the priest (5) first


def test_hard_sells_an_underperformer_for_a_much_better_candidate(resources: Any) -> None:
    # Level 5, full board of hastati (value 3), coins 5: the champion (cost 5, value 11 >= 3 + 3)
    # replaces the hastatus in the lowest slot; no refresh (no empty slot), no upgrade (max).
    match = position({"level": 5, "coins": 5, "shop": ["common_champion"],
                      "slots": line(*["rome_hastatus"] * 9, level=5)}, {})
    decisions = kinds(play_phase(match, cpu_for("hard", 0, resources)))
    assert decisions == [("sell", 0), ("buy", 0, 0), ("end_turn",)]


def test_hard_keeps_the_weakest_unit_when_the_candidate_is_not_enough_better(
        resources: Any) -> None:
    # Velite (5) vs the weakest, hastatus (3): 5 < 3 + 3, keep.
    match = position({"level": 5, "coins": 5, "shop": ["rome_velite"],
                      "slots": line(*["rome_hastatus"] * 9, level=5)}, {})
    assert kinds(play_phase(match, cpu_for("hard", 0, resources))) == [("end_turn",)]


def test_hard_underperformer_is_the_lowest_non_hero_then_the_lowest_slot(
        resources: Any) -> None:
    # The hero stands in slot 0; the hastati (3) in slots 1-8 tie, so slot 1 goes.
    slots = line("china_sun_tzu", *["rome_hastatus"] * 8, level=5)
    match = position({"level": 5, "coins": 5, "shop": ["common_champion"],
                      "hero": {"card": "china_sun_tzu", "status": "deployed"},
                      "slots": slots}, {})
    decisions = kinds(play_phase(match, cpu_for("hard", 0, resources)))
    assert decisions == [("sell", 1), ("buy", 0, 1), ("end_turn",)]


def test_hard_buy_loop_stops_below_bar_minus_margin(resources: Any) -> None:
    # Level 5: bar 12, the enemy line is wide (cleave +3): the champion is 14, so no refresh;
    # bought, then the hastatus (3 < 12 - 3) is not, although affordable. The lone champion
    # then goes to the centre slot (every offset faces one enemy unit).
    enemy = {"level": 5, "slots": line(*["rome_hastatus"] * 9, level=5)}
    match = position({"level": 5, "coins": 10, "shop": ["rome_hastatus", "common_champion"]},
                     enemy)
    decisions = kinds(play_phase(match, cpu_for("hard", 0, resources)))
    assert decisions == [("buy", 1, 0), ("move", 0, 4), ("end_turn",)]


def test_hard_tempo_upgrade_when_the_level_lags_the_turn(resources: Any) -> None:
    # turn 3: 1 < 1 + floor(3 / 3) -> upgrade first, although the board is empty.
    match = position({"coins": 2}, {}, turn=3)
    assert kinds(play_phase(match, cpu_for("hard", 0, resources)))[0] == ("upgrade",)
    # turn 2 with an empty board: no tempo upgrade; the leftover upgrade comes at step 7.
    match = position({"coins": 2, "shop": ["rome_hastatus"]}, {}, turn=2)
    decisions = kinds(play_phase(match, cpu_for("hard", 0, resources)))
    assert decisions == [("buy", 0, 0), ("move", 0, 2), ("end_turn",)]


def test_hard_tax_discipline_sells_tax_units_when_coins_are_left(resources: Any) -> None:
    # Turn 5: the mercenary is moved to the centre (step 6), then sold (step 8: coins 1 > 0).
    match = position({"coins": 1, "slots": line("common_mercenary")}, {}, turn=5)
    decisions = kinds(play_phase(match, cpu_for("hard", 0, resources)))
    assert decisions == [("move", 0, 2), ("sell", 2), ("end_turn",)]
    # With no coin left, it stays.
    match = position({"coins": 0, "slots": line("common_mercenary")}, {}, turn=5)
    assert kinds(play_phase(match, cpu_for("hard", 0, resources))) == [
        ("move", 0, 2), ("end_turn",)]


def test_hard_sheds_late_tax_first(resources: Any) -> None:
    slots = line("common_mercenary", "rome_hastatus", "common_mercenary", level=4)
    match = position({"level": 4, "coins": 0, "slots": slots}, {})
    decisions = kinds(play_phase(match, cpu_for("hard", 0, resources)))
    assert decisions[:2] == [("sell", 0), ("sell", 2)]


# -- step 6: arrangement and parking --------------------------------------------------------
def pieces(*cards: str) -> list[Piece]:
    return [Piece(card, (0, slot)) for slot, card in enumerate(cards)]


def names(layout: list[Piece | None]) -> list[str | None]:
    return [None if p is None else p.card for p in layout]


def test_arrangement_flanks_captains_and_puts_guardians_at_the_ends(content: Content) -> None:
    values = Values(content, CALM)
    units = pieces("rome_hastatus", "common_shielder", "common_captain", "rome_velite",
                   "rome_testudo_legionary", "common_champion")
    # By (value, atk): champion 11, captain 7 (atk 2), testudo 7 (atk 1), velite 5 (atk 2),
    # shielder 5 (atk 1), hastatus 3. Captain between champion and velite, then hastatus;
    # guardians: testudo at the left end, shielder at the right end.
    enemy = [("x", "u1"), ("x", "u2"), ("x", "u3"), None, None]
    layout = arrangement(content, values, units, 9, enemy)
    assert names(layout) == ["rome_testudo_legionary", "common_champion", "common_captain",
                             "rome_velite", "rome_hastatus", "common_shielder", None, None, None]
    # No enemy: every offset faces 0; nearest the centre (free 3: k = 1 or 2), then smallest k.
    layout = arrangement(content, values, units, 9, [None] * 5)
    assert names(layout)[1:7] == names(arrangement(content, values, units, 9, enemy))[:6]
    assert layout[0] is None


def test_arrangement_two_captains_share_no_other(content: Content) -> None:
    values = Values(content, CALM)
    layout = arrangement(content, values, pieces("common_captain", "rome_hastatus",
                                                 "rome_centurion"), 5, [None] * 5)
    # centurion 3/4 aura (9) before captain 2/3 aura (7): [hastatus, centurion, captain]
    assert names(layout) == [None, "rome_hastatus", "rome_centurion", "common_captain", None]


def test_arrangement_faces_the_enemy_block(content: Content) -> None:
    values = Values(content, CALM)
    enemy = [None, None, None, None, None, None, ("x", "u1"), ("x", "u2")]
    layout = arrangement(content, values, pieces("rome_hastatus", "rome_velite"), 8, enemy)
    assert names(layout) == [None] * 6 + ["rome_velite", "rome_hastatus"]


def test_arrangement_ties_name_then_slot(content: Content) -> None:
    values = Values(content, CALM)
    # Hastatus and Dao Militia: both 2/1 none (value 3, atk 2): name decides (Dao first).
    layout = arrangement(content, values, pieces("rome_hastatus", "china_dao_militia"), 2,
                         [None, None])
    assert names(layout) == ["china_dao_militia", "rome_hastatus"]
    # Identical cards: slot ascending keeps the board order.
    layout = arrangement(content, values, pieces("rome_hastatus", "rome_hastatus"), 2,
                         [None, None])
    assert [p.origin for p in layout if p is not None] == [(0, 0), (0, 1)]
    # Expert ties: a kept unit before a bought one of the same card.
    mixed = [Piece("rome_hastatus", (1, 0)), Piece("rome_hastatus", (0, 4))]
    layout = arrangement(content, values, mixed, 2, [None, None])
    assert [p.origin for p in layout if p is not None] == [(0, 4), (1, 0)]


def test_parking_rule_breaks_a_cycle_through_the_leftmost_empty_slot() -> None:
    moves = parking_moves(["a", "b", None, "c"], {"a": 1, "b": 0, "c": 3})
    assert moves == [(0, 2), (1, 0), (2, 1)]
    assert parking_moves(["a", None], {"a": 0}) == []
    with pytest.raises(ValueError):
        parking_moves(["a", "b"], {"a": 1, "b": 0})


def test_parking_moves_are_legal_moves(resources: Any) -> None:
    slots = line("rome_hastatus", "rome_velite", None, "common_priest", "common_captain")
    match = position({"slots": slots}, {})
    # rotate: 0 -> 1, 1 -> 3, 3 -> 4, 4 -> 0 (a 4-cycle with one empty slot)
    target = {0: 1, 1: 3, 3: 4, 4: 0}
    current = [s if u is not None else None for s, u in enumerate(slots)]
    for source, to in parking_moves(current, target):
        outcome = match.submit({"seat": 0, "type": "move", "from": source, "to": to})
        assert not isinstance(outcome, Rejection)
    final = [None if u is None else u["card"] for u in match.state_json()["board"]["seats"][0]["slots"]]
    assert final == ["common_captain", "rome_hastatus", None, "rome_velite", "common_priest"]


# -- 7.4 expert -----------------------------------------------------------------------------
def expert_root(match: Match, resources: Any, seat: int = 0) -> tuple[Plan, Any, Values]:
    cpu = cpu_for("expert", seat, resources)
    view = match.view_json(seat)
    plan = Plan(cpu, view)
    root = read_root(plan)
    return plan, root, Values(cpu.content, context_of(root.turn, plan.seat, plan.enemy))


def test_plan_state_children_in_generation_order(content: Content, resources: Any) -> None:
    match = position({"level": 2, "coins": 4, "shop": ["rome_hastatus", None, "rome_velite"],
                      "hero": {"card": "rome_scipio_africanus", "status": "in_hand"},
                      "slots": line("rome_velite", None, "common_priest", level=2)}, {})
    plan, root, _values = expert_root(match, resources)
    try:
        start = PlanState(4, 2, frozenset({0, 2}), frozenset())
        got = children(content, root, start)
        assert got == [
            PlanState(3, 2, frozenset({0, 2}), frozenset({0})),        # buy offer 0
            PlanState(2, 2, frozenset({0, 2}), frozenset({2})),        # buy offer 2
            PlanState(0, 2, frozenset({0, 2}), frozenset({"hero"})),   # buy the hero (4)
            PlanState(5, 2, frozenset({2}), frozenset()),              # sell slot 0 (+1)
            PlanState(5, 2, frozenset({0}), frozenset()),              # sell slot 2 (+1)
            PlanState(0, 3, frozenset({0, 2}), frozenset()),           # upgrade (4)
        ]
        # Units bought in the plan are never sold: only the kept units are offered for sale.
        bought = PlanState(9, 2, frozenset({0, 2}), frozenset({0, 2, "hero"}))
        assert [(c.kept, c.bought, c.level) for c in children(content, root, bought)] == [
            (frozenset({2}), bought.bought, 2), (frozenset({0}), bought.bought, 2),
            (frozenset({0, 2}), bought.bought, 3)]
    finally:
        plan.cpu.scratch.close()


def test_fixed_layout_only_for_a_full_board_that_changes_nothing(
        content: Content, resources: Any) -> None:
    match = position({"coins": 9, "shop": ["rome_hastatus"],
                      "slots": line(*["rome_velite"] * 5)}, {})
    plan, root, values = expert_root(match, resources)
    try:
        start = PlanState(9, 1, frozenset(range(5)), frozenset())
        assert is_fixed(root, start)
        assert plan_decisions(root, start, layout_of(content, values, root, start)) == []
        sold = PlanState(10, 1, frozenset(range(1, 5)), frozenset())
        assert not is_fixed(root, sold)
        layout = layout_of(content, values, root, sold)
        # Four velites in 5 slots: offsets 0 and 1 are equally central, so the smaller wins
        # and each moves one slot left, in ascending order (each target is empty by then).
        assert plan_decisions(root, sold, layout) == [
            {"seat": 0, "type": "sell", "slot": 0},
            *({"seat": 0, "type": "move", "from": s, "to": s - 1} for s in range(1, 5))]
    finally:
        plan.cpu.scratch.close()


def test_plan_executes_sells_upgrades_moves_then_buys(content: Content, resources: Any) -> None:
    # Full level-1 board; the plan sells slot 4, upgrades (6 slots) and buys the priest.
    slots = line("rome_velite", "rome_hastatus", "rome_velite", "rome_hastatus", "rome_hastatus")
    match = position({"coins": 9, "shop": ["common_priest"], "slots": slots}, {})
    plan, root, values = expert_root(match, resources)
    try:
        state = PlanState(9 + 0 - 2 - 2, 2, frozenset(range(4)), frozenset({0}))
        layout = layout_of(content, values, root, state)
        decisions = plan_decisions(root, state, layout)
        verbs = [d["type"] for d in decisions]
        assert verbs[:2] == ["sell", "upgrade"] and verbs[-1] == "buy"
        assert set(verbs[2:-1]) <= {"move"}
        for decision in decisions:  # every one of them legal, in this order
            assert not isinstance(match.submit(decision), Rejection), decision
        final = match.state_json()["board"]["seats"][0]["slots"]
        assert [None if u is None else u["card"] for u in final] == [
            None if p is None else p.card for p in layout]
    finally:
        plan.cpu.scratch.close()


def test_score_formula_by_hand(content: Content, resources: Any) -> None:
    # Turn 1, empty boards. Buying a hastatus (2/1): the enemy takes 2 -> hp swing
    # (0) - (-2) = 2; material 3; projected coins 0 - 0 + 1 + 0 = 1 (x3); level 1 (x6).
    match = position({"coins": 1, "shop": ["rome_hastatus"]}, {})
    plan, root, values = expert_root(match, resources)
    try:
        scorer = Scorer(content, values, root, plan.match)
        state = PlanState(0, 1, frozenset(), frozenset({0}))
        before = state_hash(plan.match.state_json())
        assert scorer(state, layout_of(content, values, root, state)) == 2 + 3 + 3 + 6
        assert state_hash(plan.match.state_json()) == before  # rolled back
        empty = PlanState(1, 1, frozenset(), frozenset())
        assert scorer(empty, layout_of(content, values, root, empty)) == 0 + 0 + 3 * 2 + 6
    finally:
        plan.cpu.scratch.close()


def test_a_score_stops_at_its_horizon_and_equals_the_whole_end_of_turn(
        content: Content, resources: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scorer's scratch match runs the combat and the end check, never the upkeep, the
    top-up or the next turn (`SCORE_HORIZON`): its projected coins (7.4.4's formula, the rules'
    `upkeep_amounts`) are the coins the upkeep would leave, so every score is the one of the
    whole end of turn run in a match loaded with the decks."""
    from game.ai.kingdom.expert import SCORE_HORIZON
    from game.engine.autoplay import play_cpu_match
    from game.systems.kingdom import turn, world

    assert SCORE_HORIZON == frozenset({"turn_start"})
    spec = get_mode("kingdom")
    record = play_cpu_match(spec, 7, {0: "hard", 1: "hard"}).record
    live = build_match(record)
    compared = 0
    for decision in record["decisions"]:
        if live.phase == "planning" and live.turn >= 3 and compared < 120:
            seat = live.to_act[0]
            plan, root, values = expert_root(live, resources, seat)
            whole = scratch_match(live.view_json(seat), resources)  # with the decks
            try:
                scorer = Scorer(content, values, root, plan.match)
                states = children(content, root, PlanState(root.coins, root.level,
                                                           frozenset(root.units), frozenset()))
                for state in states[:6]:
                    layout = layout_of(content, values, root, state)
                    with monkeypatch.context() as m:
                        m.setattr(turn.Upkeep, "process", lambda *_: pytest.fail("upkeep"))
                        m.setattr(turn.TopUp, "process", lambda *_: pytest.fail("top-up"))
                        got = scorer(state, layout)
                    with whole.active():
                        mark = whole.mark()
                        for planned in plan_decisions(root, state, layout):
                            assert whole.submit(planned).ok
                        while (whole.result is None and whole.phase == "planning"
                               and whole.turn == live.turn):
                            assert whole.submit({"seat": whole.to_act[0],
                                                 "type": "end_turn"}).ok
                        own = world.seat_row(whole, seat)
                        enemy = world.seat_row(whole, 1 - seat)
                        lines = (world.slot_units(own), world.slot_units(enemy))
                        lines = lines if seat == 0 else lines[::-1]
                        coins = (own.coins.coins if whole.result is None
                                 else scorer.projected(state, lines[seat]))
                        if whole.result is None:
                            assert whole.turn == live.turn + 1  # the whole turn ran
                        expected = scorer.score(state, own.health.hp, enemy.health.hp, lines,
                                                coins)
                        whole.rollback(mark)
                    assert got == expected, (live.turn, state)
                    compared += 1
            finally:
                whole.close()
                plan.cpu.scratch.close()
        assert live.submit(decision).ok
    live.close()
    assert compared >= 60


def test_score_of_a_winning_and_a_losing_combat(content: Content, resources: Any) -> None:
    # Seat 1 to act; the enemy (seat 0) has 2 HP and a champion (6/3) facing lane 0.
    match = position({"hp": 2, "slots": line("common_champion")},
                     {"hp": 5, "coins": 1, "shop": ["rome_hastatus"]}, to_act=1)
    plan, root, values = expert_root(match, resources, seat=1)
    try:
        scorer = Scorer(content, values, root, plan.match)
        win = content.ai["expert"]["win"]
        # Hastatus in slot 1 (facing nothing): 2 damage -> enemy 0; we take 6 -> -1.
        # Both destroyed: higher HP wins (0 > -1): a loss for seat 1 by 1.
        lose = PlanState(0, 1, frozenset(), frozenset({0}))
        layout = (None, Piece("rome_hastatus", (1, 0)), None, None, None)
        assert scorer(lose, layout) == -win + (-1 - 0)
    finally:
        plan.cpu.scratch.close()


def test_expert_takes_the_lethal_plan_hard_does_not(resources: Any) -> None:
    # Seat 1 plans last: the combat follows. The enemy Nexus has 2 HP and no unit. A hastatus
    # (2 ATK, value 3) kills; the silk merchant (value 6) is what hard's value prefers.
    def fresh() -> Match:
        return position({"hp": 2}, {"coins": 2, "shop": ["china_silk_merchant",
                                                           "rome_hastatus"]}, to_act=1)

    hard_match = fresh()
    assert ("buy", 0, 0) in kinds(play_phase(hard_match, cpu_for("hard", 1, resources)))
    assert hard_match.result is None

    expert_match = fresh()
    decisions = kinds(play_phase(expert_match, cpu_for("expert", 1, resources)))
    assert ("buy", 1, 0) in [(d[0], d[1], 0) for d in decisions if d[0] == "buy"]
    assert expert_match.result == {"winner": 1, "reason": "nexus_destroyed"}


def test_expert_search_is_bounded_by_its_counts(content: Content, resources: Any) -> None:
    enemy = {"level": 5, "slots": line(*["common_captain"] * 9, level=5)}
    match = position({"level": 3, "coins": 30, "faction": "rome",
                      "shop": ["rome_hastatus", "rome_velite", "common_priest", "common_captain"],
                      "slots": line("rome_velite", "common_priest", "rome_hastatus", level=3)},
                     enemy, turn=8)
    plan, root, values = expert_root(match, resources)
    try:
        search = Search(content, root, values, Scorer(content, values, root, plan.match))
        best_state, beams = search.beam()
        table = content.ai["expert"]
        assert search.scored <= table["max_scored"]
        assert len(beams) <= table["max_depth"] + 1
        assert all(len(beam) <= table["beam_width"] for beam in beams)
        chosen = search.polish(best_state, beams)
        assert search.polish_scored <= table["polish_max_scored"]
        assert chosen.score >= best_state.score
    finally:
        plan.cpu.scratch.close()


# -- what a CPU may see and touch -----------------------------------------------------------
def test_scratch_setup_loads_hidden_offers_as_empty_positions(resources: Any) -> None:
    match = position({"shop": ["rome_hastatus", None, "rome_velite"]},
                     {"shop": ["rome_velite", "rome_hastatus"]})
    view = match.view_json(1)
    assert view["board"]["seats"][0]["shop"] == ["hidden", None, "hidden"]
    assert view["seed"] == "hidden"
    setup = scratch_setup(view)
    assert setup["board"]["seats"][0]["shop"] == [None, None, None]
    assert setup["board"]["seats"][1]["shop"] == ["rome_velite", "rome_hastatus"]
    scratch = scratch_match(view, resources)
    try:
        assert scratch.seed == 0
        assert scratch.state_json()["board"]["seats"][1] == match.state_json()["board"]["seats"][1]
    finally:
        scratch.close()


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_cpus_never_touch_the_live_match(resources: Any, level: str) -> None:
    match = position({"coins": 5, "shop": ["rome_hastatus", "rome_velite", "common_priest"],
                      "slots": line("common_captain")},
                     {"coins": 3, "shop": ["common_champion"], "slots": line("rome_velite")},
                     turn=4, to_act=1)
    cpu = cpu_for(level, 1, resources)
    for _ in range(30):
        before = state_hash(match.state_json())
        streams = {name: match.stream(name).get_state() for name in match.streams.names()}
        decision = cpu.decide(match.view_json(1))
        assert state_hash(match.state_json()) == before
        assert {n: match.stream(n).get_state() for n in match.streams.names()} == streams
        assert not isinstance(match.submit(decision), Rejection)
        if decision["type"] == "end_turn":
            break


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_opponents_hidden_offers_change_nothing(resources: Any, level: str) -> None:
    plays = []
    for other_shop in (["rome_hastatus"] * 3, ["common_champion", None, "common_priest"]):
        match = position({"coins": 4, "shop": other_shop, "slots": line("rome_velite")},
                         {"coins": 4, "shop": ["rome_hastatus", "common_priest", "rome_velite"]},
                         to_act=1)
        assert all(o in (None, "hidden") for o in match.view_json(1)["board"]["seats"][0]["shop"])
        plays.append(play_phase(match, cpu_for(level, 1, resources)))
    assert plays[0] == plays[1]


def test_a_cpu_replans_when_the_view_is_not_the_one_it_expects(resources: Any) -> None:
    match = position({"coins": 10, "shop": ["rome_hastatus", "common_priest", "rome_velite"]}, {})
    cpu = cpu_for("hard", 0, resources)
    first = cpu.decide(match.view_json(0))
    assert first == {"seat": 0, "type": "buy", "offer": 1, "slot": 0}
    # Something else happened instead (the player took over for one decision).
    assert not isinstance(match.submit({"seat": 0, "type": "buy", "offer": 0, "slot": 4}),
                          Rejection)
    rest = play_phase(match, cpu)
    assert rest[0] == {"seat": 0, "type": "buy", "offer": 1, "slot": 0}


def test_a_finished_matchs_cpu_gives_its_scratch_match_to_the_next_cpu() -> None:
    """game.ai.kingdom.scratch's pool: a CPU borrows a scratch match on its first plan and
    gives it back when it is collected; the next CPU on the same content, rules and decks
    switch gets it (no new world), two living CPUs never share one, and the matches played
    on borrowed scratch matches are the ones played on new ones (records byte for byte)."""
    import gc

    from game.ai.kingdom import scratch as scratch_module
    from game.engine.autoplay import play_cpu_match

    spec = get_mode("kingdom")
    levels = {0: "expert", 1: "hard"}
    fresh = []
    for seed in (21, 22):  # each on new scratch matches
        scratch_module._idle.clear()
        fresh.append(play_cpu_match(spec, seed, levels).record)
    scratch_module._idle.clear()
    assert play_cpu_match(spec, 21, levels).record == fresh[0]
    gc.collect()
    idle = [s for pool in scratch_module._idle.values() for s in pool]
    assert len(idle) == 2 and len({id(s) for s in idle}) == 2  # both CPUs' given back
    worlds = {s.world for s in idle}
    assert play_cpu_match(spec, 22, levels).record == fresh[1]  # on what seed 21 left
    gc.collect()
    assert {s.world for pool in scratch_module._idle.values() for s in pool} == worlds
    resources = load_mode_resources(spec)
    one, other = (make_cpu("hard", seat, Stream(1, "ai"), resources) for seat in (0, 1))
    lent = [scratch_module.borrow_scratch(cpu, resources, "2", decks=False)
            for cpu in (one, other)]
    assert lent[0] is not lent[1]
    scratch_module._idle.clear()
