"""The normal strike CPU, algorithm by algorithm (spec 7.2), its function-level checks
(spec 9.2 F1-F12) and the normal AI scenarios (spec 9, S30-S39), on hand-built seat views
shaped exactly as spec 6."""

from __future__ import annotations

import copy
import tomllib
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import paths
from game.ai.strike import make_cpu
from game.ai.strike.combat import (
    advanced_cpu_turn,
    select_attack_placement,
    select_attack_target,
    select_position,
)
from game.ai.strike.dac import dac_max
from game.ai.strike.draft import (
    draft_cpu_turn,
    evaluate_card,
    evaluate_retain_value,
    select_best_retain,
    select_steal_target,
)
from game.ai.strike.greedy import greedy_best_target, greedy_nearest_move
from game.ai.strike.position import parse_position
from game.ai.strike.reach import bfs_reachable
from game.ai.strike.score import get_attack_score, get_target_score
from game.ai.strike.tables import Tables, tables_of
from game.engine.rng import ai_stream


# -- shared helpers (imported by test_ai_levels.py) -------------------------------------------
def strike_resources() -> Any:
    """The mode's loaded resources; before the mode registers, the raw base TOML files."""
    from game.engine.modes import get_mode

    spec = get_mode("strike")
    if spec is not None:
        from game.engine.resources import load_mode_resources

        return load_mode_resources(spec)
    base = paths.resources_dir() / "strike"
    files = {}
    for name in ("cards.toml", "elements.toml", "rules.toml", "ai.toml"):
        with open(base / name, "rb") as handle:
            files[name] = tomllib.load(handle)
    files["cards.toml"] = files["cards.toml"]["cards"]
    return files


@pytest.fixture(scope="module")
def resources():
    return strike_resources()


@pytest.fixture(scope="module")
def tables(resources) -> Tables:
    return tables_of(resources)


def U(owner: int, card: str, pos: list[int] | None, **extra: Any) -> dict[str, Any]:
    """A setup unit, as the scenarios of spec 9 abbreviate it."""
    return {"owner": owner, "card": card, "pos": pos, **extra}


def full_unit(raw: dict[str, Any], slot: int) -> dict[str, Any]:
    """A unit object of spec 6 with the setup defaults filled in."""
    statuses = {"burn": {"turns": 0, "value": 0}, "stun": 0, "root": 0,
                "regen": {"turns": 0, "value": 0}}
    statuses.update(raw.get("statuses", {}))
    max_hp = raw.get("max_hp", 50)
    return {"id": f"p{raw['owner']}.{raw['card']}", "owner": raw["owner"], "slot": slot,
            "card": raw["card"], "pos": raw["pos"], "hp": raw.get("hp", max_hp),
            "max_hp": max_hp, "cooldowns": raw.get("cooldowns", [0, 0, 0]),
            "statuses": statuses}


def combat_view(units: list[dict[str, Any]], to_act: int = 1, turn: int | None = None,
                flames: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The seat view (spec 6) of a combat setup for the seat to act."""
    slots = [0, 0]
    full = []
    for raw in units:
        full.append(full_unit(raw, slots[raw["owner"]]))
        slots[raw["owner"]] += 1
    full.sort(key=lambda u: (u["owner"], u["slot"]))
    turn = turn if turn is not None else (1 if to_act == 0 else 2)
    decks = [[u["card"] for u in full if u["owner"] == s] for s in (0, 1)]
    return {"mode": "strike", "rules": "1", "seed": "hidden", "phase": "combat", "turn": turn,
            "to_act": [to_act], "result": None,
            "seats": [{"kind": "human"}, {"kind": "cpu", "ai": "normal"}],
            "board": {"cols": 23, "rows": 11, "zone_columns": 11, "pool": [], "picks": 6,
                      "hands": [[], []], "decks": decks, "discard": [], "units": full,
                      "flames": flames or [], "round": (turn + 1) // 2, "rolls": "hidden"}}


def draft_view(hands: list[list[str]], decks: list[list[str]], to_act: int = 1
               ) -> dict[str, Any]:
    return {"mode": "strike", "rules": "1", "seed": "hidden", "phase": "draft", "turn": 0,
            "to_act": [to_act], "result": None,
            "seats": [{"kind": "human"}, {"kind": "cpu", "ai": "normal"}],
            "board": {"cols": 23, "rows": 11, "zone_columns": 11, "pool": [],
                      "picks": len(decks[0]) + len(decks[1]), "hands": hands, "decks": decks,
                      "discard": [], "units": [], "flames": [], "round": 0, "rolls": "hidden"}}


def decide(view: dict[str, Any], resources: Any, level: str = "normal") -> dict[str, Any]:
    seat = view["to_act"][0]
    return make_cpu(level, seat, ai_stream(1, seat), resources).decide(view)


def cards(tables: Tables, *ids: str):
    return [tables.cards[i] for i in ids]


def unit_of(view: dict[str, Any], tables: Tables, unit_id: str):
    position = parse_position(view, tables, view["to_act"][0])
    return next(u for u in position.units if u.id == unit_id), position


# -- card scores (spec 7.2 table) -------------------------------------------------------------
CARD_VALUES = {
    "ember_vine": (95, 78), "scorched_root": (112, 93), "flame_embrace": (113, 87),
    "boiling_storm": (95, 64), "steam_surge": (96, 56), "flare_counter": (95, 56),
    "burning_push": (89, 59), "aqua_trail": (94, 59), "overgrowth": (111, 68),
    "water_splash": (91, 53), "nature_wave": (Fraction(221, 2), 82), "nature_zone": (114, 75),
    "vine_strike": (106, 69), "backstab_dash": (99, 67), "whirl_trail": (91, 59),
    "whirl_splash": (87, 49), "backstab_gust": (115, 82), "aura_booster": (95, 49),
    "logic_trap": (96, 61), "rewrite_field": (98, 53),
}


@pytest.mark.parametrize("card_id", sorted(CARD_VALUES))
def test_card_values_match_the_spec_table(card_id, tables):
    steal, retain = CARD_VALUES[card_id]
    assert evaluate_card(tables.cards[card_id]) == steal
    assert evaluate_retain_value(tables.cards[card_id]) == retain


# -- spec 9.2 function-level checks ---------------------------------------------------------
def test_f1_steal_target_with_a_fire_deck(tables):
    hand = cards(tables, "scorched_root", "flame_embrace", "overgrowth", "nature_wave",
                 "backstab_gust")
    assert select_steal_target(hand, cards(tables, "ember_vine")).id == "backstab_gust"


def test_f2_steal_target_with_a_wind_deck(tables):
    hand = cards(tables, "scorched_root", "flame_embrace", "overgrowth", "nature_wave",
                 "backstab_gust")
    assert select_steal_target(hand, cards(tables, "backstab_dash")).id == "flame_embrace"
    assert select_steal_target([], []) is None


def test_f3_best_retain(tables):
    hand = cards(tables, "ember_vine", "scorched_root", "nature_wave", "backstab_gust")
    assert select_best_retain(hand).id == "scorched_root"


def test_f4_best_retain_ties_go_to_the_first(tables):
    assert select_best_retain(cards(tables, "nature_wave", "backstab_gust")).id == "nature_wave"
    assert select_best_retain(cards(tables, "backstab_gust", "nature_wave")).id == "backstab_gust"
    assert select_best_retain([]) is None


def test_f5_dac_max_returns_the_first_maximum():
    items = [("a", 3), ("b", 7), ("c", 7), ("d", 1)]
    assert dac_max(items, lambda item: item[1]) == ("b", 7)
    assert dac_max([], lambda item: item) is None


@pytest.mark.slow
@given(st.lists(st.integers(-3, 3), max_size=12))
def test_dac_max_equals_a_strict_linear_scan(values):
    items = list(enumerate(values))
    expected = None
    for item in items:
        if expected is None or item[1] > expected[1]:
            expected = item
    assert dac_max(items, lambda item: item[1]) == expected


def test_f6_target_scores_are_exact(tables):
    view = combat_view([U(0, "nature_wave", [9, 5], hp=10), U(0, "logic_trap", [11, 7]),
                        U(1, "flame_embrace", [12, 5], cooldowns=[0, 0, 2])])
    wave, _ = unit_of(view, tables, "p0.nature_wave")
    trap, _ = unit_of(view, tables, "p0.logic_trap")
    assert get_target_score((12, 5), wave) == Fraction(443, 30)
    assert get_target_score((12, 5), trap) == Fraction(106, 15)


def test_f7_ready_heal_widens_the_range_prefilter(tables):
    view = combat_view([U(0, "nature_wave", [9, 5], hp=10), U(0, "logic_trap", [11, 7]),
                        U(1, "flame_embrace", [12, 5], cooldowns=[0, 0, 2])])
    unit, position = unit_of(view, tables, "p1.flame_embrace")
    target = select_attack_target(unit, (12, 5), position.living(0), True)
    assert target.id == "p0.nature_wave"
    # with Nature Heal cooling down, the range is Flame Dash's 2: only Logic Trap is kept
    unit.cooldowns = (0, 1, 2)
    assert select_attack_target(unit, (12, 5), position.living(0), True).id == "p0.logic_trap"


def test_f8_attack_scores_use_the_integer_percent_scale(tables):
    view = combat_view([U(0, "nature_wave", [12, 6]), U(1, "backstab_dash", [10, 5])])
    leaf, _ = unit_of(view, tables, "p0.nature_wave")
    attacks = tables.cards["backstab_dash"].attacks
    assert [get_attack_score(a, leaf, tables) for a in attacks] == [2080, 2100, 1980]


def test_f9_greedy_move_to_ideal_range():
    assert greedy_nearest_move((15, 5), [(10, 5)], 3, occupied={(10, 5)}) == ((13, 5), 0)


def test_f10_greedy_move_first_best_in_discovery_order():
    occupied = {(12, 1), (12, 6)}
    assert greedy_nearest_move((15, 2), [(12, 1), (12, 6)], 3, occupied=occupied) == ((13, 3), 1)


def test_f11_bfs_reachable_counts():
    assert len(bfs_reachable((5, 5), 3, diagonal=False)) == 25
    assert len(bfs_reachable((0, 0), 3, False)) == 10
    assert len(bfs_reachable((5, 5), 2, True)) == 25
    assert len(bfs_reachable((0, 0), 3, True)) == 16
    assert bfs_reachable((5, 5), 3, False)[0] == (5, 5)
    blocked = bfs_reachable((5, 5), 3, False, occupied={(6, 5)})
    assert len(blocked) == 22 and (7, 5) not in blocked and (8, 5) not in blocked


CARD_IDS = sorted(CARD_VALUES)
tile = st.tuples(st.integers(0, 22), st.integers(0, 10))


@given(pos=tile,
       foes=st.lists(st.tuples(st.sampled_from(CARD_IDS), tile, st.integers(1, 50)),
                     min_size=1, max_size=6, unique_by=lambda f: (f[0], f[1])))
def test_f12_greedy_target_agrees_with_the_dac_target(pos, foes):
    tables = tables_of(strike_resources())
    view = combat_view([U(0, card, list(at), hp=hp) for card, at, hp in foes]
                       + [U(1, "ember_vine", list(pos))])
    position = parse_position(view, tables, 1)
    unit = next(u for u in position.units if u.owner == 1)
    opponents = position.living(0)
    expected = select_attack_target(unit, pos, opponents, False)
    assert greedy_best_target(pos, opponents) is expected


# -- select_position / select_attack_placement --------------------------------------------------
def test_select_position_keeps_its_tile_on_a_tie(tables):
    view = combat_view([U(0, "logic_trap", [11, 5]), U(1, "ember_vine", [12, 5])])
    unit, position = unit_of(view, tables, "p1.ember_vine")
    trap = position.living(0)[0]
    assert select_position(unit, (12, 5), trap, position) == (12, 5)
    assert select_position(unit, (12, 5), None, position) == (12, 5)


def test_select_attack_placement_prefers_the_element(tables):
    view = combat_view([U(0, "nature_wave", [12, 6]), U(1, "backstab_dash", [10, 5])])
    unit, position = unit_of(view, tables, "p1.backstab_dash")
    target = position.living(0)[0]
    assert select_attack_placement(unit, (10, 5), target, tables).index == 1
    unit.cooldowns = (0, 1, 0)
    assert select_attack_placement(unit, (10, 5), target, tables).index == 0
    unit.cooldowns = (1, 1, 1)
    assert select_attack_placement(unit, (10, 5), target, tables) is None


# -- draft scenarios (spec 9, S30-S32) -----------------------------------------------------
def test_s30_retain_nature_zone_beats_steal(resources):
    view = draft_view([["ember_vine", "overgrowth", "vine_strike", "logic_trap"],
                       ["steam_surge", "flare_counter", "nature_zone", "whirl_trail",
                        "aura_booster"]], [["scorched_root"], []])
    assert decide(view, resources) == {"seat": 1, "type": "retain", "card": "nature_zone"}


def test_s31_steal_wins_a_tie_with_retain(resources):
    view = draft_view([["boiling_storm", "whirl_splash"],
                       ["ember_vine", "aqua_trail", "burning_push"]],
                      [["scorched_root", "flame_embrace"], ["rewrite_field"]])
    assert decide(view, resources) == {"seat": 1, "type": "steal", "card": "boiling_storm"}


def test_s32_redundancy_penalty(resources):
    view = draft_view([["flame_embrace", "backstab_gust", "water_splash"],
                       ["aura_booster", "whirl_splash", "steam_surge"]],
                      [["nature_wave"], ["whirl_trail"]])
    assert decide(view, resources) == {"seat": 1, "type": "steal", "card": "flame_embrace"}


def test_draft_swap_with_a_full_deck_and_pass_without_gain(tables):
    board = draft_view([["aqua_trail", "logic_trap"], ["whirl_splash", "steam_surge"]],
                       [["ember_vine", "flame_embrace", "nature_wave"], []], to_act=0)["board"]
    # best of the other hand: steam_surge 96 > worst of the deck: ember_vine 95 -> gain 1
    assert draft_cpu_turn(board, 0, tables) == {"seat": 0, "type": "swap",
                                                "card": "steam_surge", "drop": "ember_vine"}
    board["hands"][1] = ["whirl_splash"]
    assert draft_cpu_turn(board, 0, tables) == {"seat": 0, "type": "pass"}


# -- combat scenarios (spec 9, S33-S39) ----------------------------------------------------
def attack(seat, unit, index, target=None):
    d = {"seat": seat, "type": "attack", "unit": unit, "attack": index}
    if target is not None:
        d["target"] = target
    return d


def move(seat, unit, to):
    return {"seat": seat, "type": "move", "unit": unit, "to": to}


COMBAT_SCENARIOS = {
    "S33": ([U(0, "nature_wave", [12, 6]), U(1, "backstab_dash", [10, 5])],
            attack(1, "p1.backstab_dash", 1, "p0.nature_wave")),
    "S34": ([U(0, "nature_wave", [12, 6]), U(1, "backstab_dash", [10, 5], cooldowns=[0, 1, 0])],
            attack(1, "p1.backstab_dash", 0, "p0.nature_wave")),
    "S35": ([U(0, "nature_wave", [10, 8]), U(1, "ember_vine", [15, 5])],
            move(1, "p1.ember_vine", [12, 5])),
    "S36": ([U(0, "aqua_trail", [10, 2]), U(0, "steam_surge", [10, 8]),
             U(1, "backstab_gust", [12, 8], cooldowns=[0, 3, 3]),
             U(1, "backstab_dash", [11, 3], cooldowns=[0, 2, 3])],
            attack(1, "p1.backstab_dash", 0, "p0.aqua_trail")),
    "S37": ([U(0, "overgrowth", [10, 5], hp=12), U(0, "flame_embrace", [10, 7]),
             U(1, "scorched_root", [12, 5], cooldowns=[0, 1, 0])],
            attack(1, "p1.scorched_root", 0, "p0.overgrowth")),
    "S38": ([U(0, "nature_wave", [9, 5], hp=10), U(0, "logic_trap", [11, 7]),
             U(1, "flame_embrace", [12, 5], cooldowns=[0, 0, 2])],
            move(1, "p1.flame_embrace", [10, 5])),
    "S39": ([U(0, "logic_trap", [11, 5]), U(1, "ember_vine", [12, 5], statuses={"stun": 1})],
            move(1, "p1.ember_vine", [11, 6])),
}


@pytest.mark.parametrize("name", sorted(COMBAT_SCENARIOS))
def test_normal_combat_scenarios(name, resources):
    units, expected = COMBAT_SCENARIOS[name]
    view = combat_view(units)
    before = copy.deepcopy(view)
    assert decide(view, resources) == expected
    assert view == before  # the CPU never mutates its view


def test_earlier_units_move_beats_a_later_attack_of_ten(resources):
    # P-unit at column 14 moves (10); the drain at column 15 scores exactly 10: not > 10
    view = combat_view([U(0, "logic_trap", [13, 9]),
                        U(1, "ember_vine", [14, 2]),
                        U(1, "vine_strike", [15, 8], cooldowns=[1, 0, 1])])
    assert decide(view, resources) == move(1, "p1.ember_vine", [13, 4])


def test_an_attack_beats_the_same_units_move(resources):
    view = combat_view([U(0, "logic_trap", [10, 5]), U(1, "vine_strike", [12, 5],
                                                       cooldowns=[1, 0, 1])])
    assert decide(view, resources) == attack(1, "p1.vine_strike", 1, "p0.logic_trap")


def test_fallback_heals_when_nothing_else_scores(resources):
    view = combat_view([U(0, "logic_trap", [2, 2]),
                        U(1, "scorched_root", [20, 9], cooldowns=[1, 1, 0],
                          statuses={"root": 1})])
    assert decide(view, resources) == attack(1, "p1.scorched_root", 2)


def test_fallback_passes_when_stunned_and_rooted(resources):
    view = combat_view([U(0, "logic_trap", [2, 2]),
                        U(1, "ember_vine", [20, 9], statuses={"stun": 1, "root": 1})])
    assert decide(view, resources) == {"seat": 1, "type": "pass"}


def test_orchestrator_reads_only_the_position(tables):
    view = combat_view([U(0, "nature_wave", [12, 6]), U(1, "backstab_dash", [10, 5])])
    position = parse_position(view, tables, 1)
    assert advanced_cpu_turn(position, tables) == attack(1, "p1.backstab_dash", 1,
                                                         "p0.nature_wave")
