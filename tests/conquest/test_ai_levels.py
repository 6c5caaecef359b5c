"""Each conquest CPU level's documented choices (spec conquest.md section 7) on small hand-built
positions: normal's placement, base defence, attacks, advance, reinforcements, card and retreat;
easy's random legal play; hard's regret matching, card and reinforcement games and its
sampled look-ahead. Every position is a setup (spec 6.5); every CPU receives only its seat
view and its own stream."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.conquest import hard, make_cpu, policy
from game.ai.conquest.hard import regret_matching
from game.engine.match import Match
from game.engine.modes import get_mode
from game.engine.resources import load_mode_resources
from game.engine.rng import Stream, ai_stream
from game.systems.conquest import world
from game.systems.conquest.battle import eligible_ids
from game.systems.conquest.content import content_of

from .helpers import setup_match

SPEC = get_mode("conquest")
assert SPEC is not None
RESOURCES = load_mode_resources(SPEC)
CLASSIC = {"setup_kind": "classic"}
AI = content_of(RESOURCES).ai


def cpu(level: str, seat: int, seed: int = 7):
    return make_cpu(level, seat, ai_stream(seed, seat), RESOURCES)


def decisions_of(match: Match, seat: int, player: Any, limit: int = 40) -> list[dict[str, Any]]:
    """Ask `player` for decisions and submit them until it readies (or the phase moves on)."""
    out = []
    for _ in range(limit):
        if match.result is not None or seat not in match.to_act:
            break
        if match.state_json()["board"]["ready"][seat]:
            break
        decision = player.decide(match.view_json(seat))
        assert match.submit(decision).ok, decision
        out.append(decision)
        if decision["type"] == "ready":
            break
    return out


class ZeroStream(Stream):
    """A stream whose floats are all 0: placement without noise."""

    def random(self) -> float:
        return 0.0


# -- normal: placement -----------------------------------------------------------------------
def test_normal_placement_weights_front_other_and_base_in_turn():
    """Without noise: fronts L01, L05, L06 (3) first, then L02, L04 (2), then the 1.5s and
    the base's 1; ties go to scan order."""
    match = setup_match("placement", {f"p0.t{n}": None for n in range(1, 5)}
                        | {f"p0.i{n}": None for n in range(1, 7)}
                        | {"p1.t1": None, "p1.i1": None}, **CLASSIC)
    with match.active():
        plan = policy.placement_plan(world.content(match),
                                     [u.ident.id for u in world.of_seat(match, 0)], 0, AI.normal,
                                     ZeroStream(0, "z"))
    order = [plan[u] for u in ["p0.t1", "p0.t2", "p0.t3", "p0.t4", "p0.i1", "p0.i2", "p0.i3"]]
    assert order == ["L01", "L05", "L06", "L02", "L04", "L01", "L05"]


def test_normal_placement_is_sent_per_tile_and_ready_needs_every_unit_placed():
    match = setup_match("placement", {f"p0.t{n}": None for n in range(1, 5)}
                        | {f"p0.i{n}": None for n in range(1, 7)}
                        | {"p1.t1": None, "p1.i1": None}, **CLASSIC)
    sent = decisions_of(match, 0, cpu("normal", 0))
    assert sent[-1]["type"] == "ready"
    assert all(d["type"] == "place" for d in sent[:-1])
    assert set(match.view_json(0)["board"]["orders"][0]) == {
        *(f"p0.t{n}" for n in range(1, 5)), *(f"p0.i{n}" for n in range(1, 7))}


# -- normal: movement ------------------------------------------------------------------------
def plan_of(units: dict[str, str], seat: int = 0, **kw: Any) -> dict[str, str]:
    match = setup_match("movement", units, **CLASSIC)
    with match.active():
        return policy.movement_plan(match, seat, AI.normal, **kw)


def test_normal_attack_takes_the_shortest_prefix_with_margin_and_advance_goes_east():
    """defence(L13) = 1 + EP 3 + 0 = 4; [p0.t1] has margin 2 + 3 - 4 = 1: it attacks alone.
    p0.i1 is kept on the base (an enemy within 3); p0.t2 advances to L15 (distance 3 to L10,
    no danger)."""
    plan = plan_of({"p0.t1": "L06", "p0.t2": "L05", "p0.i1": "L03", "p1.i1": "L13",
                    "p1.t1": "L10"})
    assert plan["p0.t1"] == "L13"
    assert plan["p0.i1"] == "L03"
    assert plan["p0.t2"] == "L15"


def test_normal_attack_needs_margin_one():
    """Against two infantry (defence 2 + 3) one tank has margin 0: both tanks go."""
    plan = plan_of({"p0.t1": "L06", "p0.t2": "L05", "p0.i1": "L03", "p1.i1": "L13",
                    "p1.i2": "L13", "p1.t1": "L10"})
    assert plan["p0.t1"] == "L13" and plan["p0.t2"] == "L13"
    plan0 = plan_of({"p0.t1": "L06", "p0.t2": "L05", "p0.i1": "L03", "p1.i1": "L13",
                     "p1.i2": "L13", "p1.t1": "L10"}, margin=0.0)
    assert plan0["p0.t1"] == "L13" and plan0["p0.t2"] != "L13"


def test_normal_base_defence_pulls_the_strongest_neighbour_onto_the_base():
    """θ = 2 (an enemy tank on L02): the infantry on B stays and the tank on L04 joins it
    (strength 3 >= θ + 1); the infantry beside it is free to do something else."""
    plan = plan_of({"p0.i1": "L03", "p0.t1": "L04", "p0.i2": "L04", "p1.t1": "L02",
                    "p1.i1": "L10"})
    assert plan["p0.i1"] == "L03" and plan["p0.t1"] == "L03"


def test_normal_keeps_one_unit_home_when_an_enemy_is_within_three():
    """θ = 0 but an enemy on L13 (distance 3): the lowest-numbered infantry on B stays."""
    plan = plan_of({"p0.t1": "L03", "p0.i1": "L03", "p0.i2": "L03", "p1.t1": "L15",
                    "p1.i1": "L10"})
    assert plan["p0.i1"] == "L03"


def test_normal_goes_for_the_empty_enemy_base_with_enough_margin():
    """E = L10 empty, p0 tanks on L09 and L11: defence(E) = 2 + EP 3 + 0; two tanks with EP 3
    give margin 2 >= 1."""
    plan = plan_of({"p0.t1": "L09", "p0.t2": "L11", "p0.i1": "L03", "p1.i1": "L16"})
    assert plan["p0.t1"] == "L10" and plan["p0.t2"] == "L10"


def test_normal_movement_sends_one_move_per_unit_then_ready():
    match = setup_match("movement", {"p0.t1": "L06", "p0.t2": "L05", "p0.i1": "L03",
                                     "p1.i1": "L13", "p1.t1": "L10"}, **CLASSIC)
    sent = decisions_of(match, 0, cpu("normal", 0))
    assert sent == [{"seat": 0, "type": "move", "units": ["p0.t1"], "to": "L13"},
                    {"seat": 0, "type": "move", "units": ["p0.t2"], "to": "L15"},
                    {"seat": 0, "type": "ready"}]


# -- normal: battles -------------------------------------------------------------------------
def cards_setup(units: dict[str, str], **board: Any) -> Match:
    return setup_match("cards", units, battles=[{"number": 1, "tile": "L13",
                                                 "state": "current"}],
                       current_battle=1, **CLASSIC, **board)


def test_normal_card_is_the_cheapest_win_against_the_expected_card():
    """ê = power5 (+2: an all-infantry army): 1 + 5 + 2 = 8. Three tanks: power2 ties 8 and
    loses on power, power3 makes 9."""
    match = cards_setup({"p0.t1": "L13", "p0.t2": "L13", "p0.t3": "L13", "p1.i1": "L13",
                         "p0.i1": "L03", "p1.t1": "L10"})
    assert decisions_of(match, 0, cpu("normal", 0)) == [
        {"seat": 0, "type": "choose_card", "card": "power3"}, {"seat": 0, "type": "ready"}]


def test_normal_card_without_a_win_or_draw_keeps_the_most_units():
    """One tank against 8: nothing wins or draws; power2 (defence 2 against attack 2) loses
    nothing, and it is cheaper than power5."""
    match = cards_setup({"p0.t1": "L13", "p1.i1": "L13", "p0.i1": "L03", "p1.t1": "L10"})
    with match.active():
        assert policy.normal_card(match, 0) == "power2"


def test_normal_reinforcements_take_the_first_winning_prefix():
    """Alone (2 + card) nothing beats 2 + 5 + 2 = 9; with the tank 9 ties and loses on
    infantry; tank + infantry make 10."""
    match = setup_match("reinforcements", {"p0.t1": "L13", "p0.t2": "L06", "p0.i3": "L05",
                                           "p1.i1": "L13", "p1.i2": "L13", "p1.t1": "L10",
                                           "p0.i1": "L03"},
                        battles=[{"number": 1, "tile": "L13", "state": "current"}],
                        current_battle=1, **CLASSIC)
    assert decisions_of(match, 0, cpu("normal", 0)) == [
        {"seat": 0, "type": "reinforce", "units": ["p0.t2", "p0.i3"]},
        {"seat": 0, "type": "ready"}]


def test_normal_reinforcements_pick_nothing_when_already_winning():
    match = setup_match("reinforcements", {"p0.t1": "L13", "p0.t2": "L13", "p0.t3": "L13",
                                           "p0.t4": "L06", "p1.i1": "L13", "p1.t1": "L10",
                                           "p0.i1": "L03"},
                        battles=[{"number": 1, "tile": "L13", "state": "current"}],
                        current_battle=1, **CLASSIC)
    assert decisions_of(match, 0, cpu("normal", 0)) == [{"seat": 0, "type": "ready"}]


def test_normal_saves_power_seven_off_the_bases():
    match = setup_match("cards", {"p0.t1": "L13", "p1.i1": "L13", "p0.i1": "L03",
                                  "p1.t1": "L10"},
                        commanders=["tank", "infantry"],
                        battles=[{"number": 1, "tile": "L13", "state": "current"}],
                        current_battle=1)
    with match.active():
        allowed = policy.allowed_cards(match, 0)
    assert "tank7" not in allowed and allowed[0] == "tank0"


def test_normal_retreat_goes_home_avoiding_enemy_neighbours():
    """From L13, L05 and L06 are both 2 from L03; L05 has more enemy strength next to it."""
    match = setup_match("retreat", {"p0.t1": "L13", "p1.t1": "L13", "p1.t2": "L15",
                                    "p0.i1": "L03", "p1.i1": "L10"},
                        battles=[{"number": 1, "tile": "L13", "state": "done"}],
                        current_battle=1, retreat={"tile": "L13", "units": [["p0.t1"], []]},
                        **CLASSIC)
    assert decisions_of(match, 0, cpu("normal", 0)) == [
        {"seat": 0, "type": "retreat", "unit": "p0.t1", "to": "L06"},
        {"seat": 0, "type": "ready"}]


# -- easy ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_easy_plays_legal_random_orders_from_its_own_stream(seed):
    units = {"p0.t1": "L06", "p0.t2": "L05", "p0.i1": "L03", "p1.i1": "L13", "p1.t1": "L10"}
    first = decisions_of(setup_match("movement", units, **CLASSIC), 0, cpu("easy", 0, seed))
    again = decisions_of(setup_match("movement", units, **CLASSIC), 0, cpu("easy", 0, seed))
    assert first == again and first[-1]["type"] == "ready"


def test_easy_card_is_a_uniform_pick_and_commander_one_draw():
    seen = set()
    for seed in range(12):
        match = cards_setup({"p0.t1": "L13", "p1.i1": "L13", "p0.i1": "L03", "p1.t1": "L10"})
        seen.add(decisions_of(match, 0, cpu("easy", 0, seed))[0]["card"])
    assert len(seen) >= 3


# -- hard ------------------------------------------------------------------------------------
def test_regret_matching_finds_the_mixed_equilibrium_of_rock_paper_scissors():
    sigma, tau, value = regret_matching([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], 2000)
    assert all(abs(p - 1 / 3) < 0.05 for p in sigma + tau)
    assert abs(value) < 0.05


def test_regret_matching_plays_a_dominant_row():
    sigma, _, value = regret_matching([[1, 2], [3, 4]], 300)
    assert sigma[1] > 0.95 and abs(value - 3) < 0.05  # the columns take the 3


def test_regret_matching_is_deterministic():
    matrix = [[0.5, -2.0, 1.25], [3.0, -1.0, 0.0]]
    assert regret_matching(matrix, 500) == regret_matching(matrix, 500)


def test_hard_card_wins_a_battle_every_card_wins():
    """Three tanks against one infantry: every own card wins, so the matrix game mixes only
    over cards that keep the hand strong; whatever it draws, it is legal and wins."""
    match = cards_setup({"p0.t1": "L13", "p0.t2": "L13", "p0.t3": "L13", "p0.t4": "L13",
                         "p1.i1": "L13", "p0.i1": "L03", "p1.t1": "L10"})
    sent = decisions_of(match, 0, cpu("hard", 0))
    assert sent[0]["type"] == "choose_card" and sent[-1]["type"] == "ready"


def test_hard_one_card_hand_is_played_without_a_draw():
    match = setup_match("cards", {"p0.i1": "L13", "p1.i1": "L13", "p0.t1": "L03",
                                  "p1.t1": "L10"},
                        commanders=["tank", "infantry"],
                        hands=[["tank0"], ["inf7", "inf5", "inf4", "inf3", "inf2", "inf1",
                                           "inf0"]],
                        discards=[["tank7", "tank5", "tank4", "tank3", "tank2", "tank1"], []],
                        battles=[{"number": 1, "tile": "L13", "state": "current"}],
                        current_battle=1)
    stream = ai_stream(7, 0)
    player = make_cpu("hard", 0, stream, RESOURCES)
    assert player.decide(match.view_json(0))["card"] == "tank0"
    assert stream.draws == 0


def test_hard_reinforcements_pick_a_winning_prefix_when_alone_loses():
    match = setup_match("reinforcements", {"p0.t1": "L13", "p0.t2": "L06", "p0.i3": "L05",
                                           "p1.i1": "L13", "p1.i2": "L13", "p1.t1": "L10",
                                           "p0.i1": "L03"},
                        battles=[{"number": 1, "tile": "L13", "state": "current"}],
                        current_battle=1, **CLASSIC)
    sent = decisions_of(match, 0, cpu("hard", 0))
    assert sent[0]["type"] == "reinforce" and sent[0]["units"], sent
    assert sent[-1]["type"] == "ready"


def test_hard_takes_the_enemy_base_when_waiting_loses_on_the_round_cap():
    """Round 60: staying ends the match on strength (5 against 6, a loss); the two tanks next
    to the empty enemy base capture it now."""
    match = setup_match("movement", {"p0.t1": "L09", "p0.t2": "L11", "p0.i1": "L03",
                                     "p1.t1": "L16", "p1.t2": "L16", "p1.t3": "L16"},
                        round=60, **CLASSIC)
    sent = decisions_of(match, 0, cpu("hard", 0))
    assert {d.get("to") for d in sent if d["type"] == "move"} == {"L10"}


def test_hard_ties_go_to_the_lower_candidate_so_a_sure_win_may_wait():
    """7.3 step 5: equal values go to the lower index, C1 = stay. Two tanks next to an empty
    base win within the 4-round horizon whether they go now or next round, so hard waits
    (the spec's tie rule, kept to the letter)."""
    match = setup_match("movement", {"p0.t1": "L09", "p0.t2": "L11", "p0.i1": "L03",
                                     "p1.i1": "L16", "p1.i2": "L16"}, **CLASSIC)
    assert decisions_of(match, 0, cpu("hard", 0)) == [{"seat": 0, "type": "ready"}]


@pytest.mark.parametrize(("units", "rollouts", "work", "rounds"), [
    (32, 32, 4096, 4),   # the shipped armies' most: never shortened
    (10, 8, 4096, 4),
    (40, 32, 4096, 3),   # past the budget: as many rounds as fit
    (120, 32, 4096, 1),  # 60 units a side (the largest a mod may set): one round
    (500, 32, 4096, 1),  # never fewer than one
    (0, 0, 4, 4)])
def test_rollout_rounds_fit_the_work_budget(units, rollouts, work, rounds):
    assert hard.rollout_rounds(units, rollouts, work) == rounds


def test_hard_movement_rollouts_end_where_the_work_budget_says(monkeypatch):
    """`hard.rollout_work` bounds the unit-rounds of one movement decision (docs/conquest.md
    "Time budgets"). Two tanks next to an empty enemy base: with the shipped budget every
    rollout plays 4 rounds, the win comes as surely a round later, and hard waits (C1 = stay,
    the lower index); with a budget of one unit-round the rollouts end after this round, so only
    moving now wins within them, and hard moves."""
    units = {"p0.t1": "L09", "p0.t2": "L11", "p0.i1": "L03", "p1.i1": "L16", "p1.i2": "L16"}
    stops: list[int] = []
    real = hard.HardCpu._rollout

    def spy(self, match, plan, enemy_plan, stop):
        stops.append(stop)
        return real(self, match, plan, enemy_plan, stop)

    monkeypatch.setattr(hard.HardCpu, "_rollout", spy)
    match = setup_match("movement", units, **CLASSIC)
    assert decisions_of(match, 0, cpu("hard", 0)) == [{"seat": 0, "type": "ready"}]
    assert set(stops) == {1 + hard.ROLLOUT_ROUNDS}

    stops.clear()
    tight = AI.hard.model_copy(update={"rollout_work": 1})
    monkeypatch.setattr(hard.HardCpu, "weights", property(lambda self: tight))
    match = setup_match("movement", units, **CLASSIC)
    sent = decisions_of(match, 0, cpu("hard", 0))
    assert set(stops) == {2}
    assert {d.get("to") for d in sent if d["type"] == "move"} == {"L10"}


def test_hard_reinforcements_value_evenly_spaced_prefixes_within_the_work_budget(monkeypatch):
    """`hard.reinforce_cells` bounds the battle previews of one reinforcement decision (a work
    budget, docs/conquest.md): past it, none, all and evenly spaced prefixes stand for the rest.
    The shipped budget values every prefix here; a budget of one cell values only none and all."""
    match = setup_match("reinforcements", {"p0.t1": "L13", "p0.t2": "L06", "p0.i3": "L05",
                                           "p1.i1": "L13", "p1.i2": "L13", "p1.t1": "L10",
                                           "p0.i1": "L03"},
                        battles=[{"number": 1, "tile": "L13", "state": "current"}],
                        current_battle=1, **CLASSIC)
    valued: list[list[str]] = []
    real = hard.HardCpu._picks_value

    def spy(self, match, own, other):
        valued.append(list(own))
        return real(self, match, own, other)

    monkeypatch.setattr(hard.HardCpu, "_picks_value", spy)
    with match.active():
        both = eligible_ids(match)
    eligible = list(both[0])
    assert len(eligible) == 2 and not both[1]  # one opponent model
    with match.active():
        cpu("hard", 0).reinforcement_picks(match.view_json(0), match)
    assert valued == [eligible[:n] for n in range(3)]

    valued.clear()
    tight = AI.hard.model_copy(update={"reinforce_cells": 1})
    monkeypatch.setattr(hard.HardCpu, "weights", property(lambda self: tight))
    with match.active():
        cpu("hard", 0).reinforcement_picks(match.view_json(0), match)
    assert valued == [[], eligible]


@pytest.mark.parametrize(("count", "most", "sizes"), [
    (11, 12, list(range(12))), (11, 5, [0, 3, 6, 8, 11]), (11, 4, [0, 4, 7, 11]),
    (9, 4, [0, 3, 6, 9]), (5, 1, [0, 5]), (5, 0, [0, 5]), (0, 0, [0]), (3, 10, [0, 1, 2, 3])])
def test_prefix_sizes_keep_both_ends_and_space_the_rest_evenly(count, most, sizes):
    assert hard.prefix_sizes(count, most) == sizes
