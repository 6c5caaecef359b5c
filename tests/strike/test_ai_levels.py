"""The strike CPU levels against the real rules (spec 7.1, 7.3, 7.4): legality in whole
matches, the easy draws, the hard expectimax and its scratch match, and the seat-view-only
rule (DESIGN.md section 5)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.strike import make_cpu
from game.ai.strike.hard import HardCpu, scratch_match
from game.ai.strike.players import StrikeCpu
from game.engine.autoplay import play_cpu_match
from game.engine.match import Rejection
from game.engine.modes import get_mode
from game.engine.record import build_match, new_record, state_hash
from game.engine.rng import Stream, ai_stream
from tests.hypothesis_profiles import examples
from tests.strike.test_ai import CARD_VALUES, U, combat_view, strike_resources

pytestmark = pytest.mark.skipif(get_mode("strike") is None, reason="strike rules missing")


@pytest.fixture(scope="module")
def resources():
    return strike_resources()


def live_match(setup, seed=1, ai=None):
    return build_match(new_record("strike", "1", seed, {"ai": ai or {}}, setup))


def combat_setup(units, to_act=1, **board):
    return {"phase": "combat", "to_act": [to_act], "board": {"units": units, **board}}


# -- whole matches: only legal decisions ------------------------------------------------------
@pytest.mark.parametrize("pairing", [("normal", "easy"), ("easy", "normal"),
                                     ("normal", "normal"), ("easy", "easy")])
@pytest.mark.slow
def test_whole_matches_submit_only_legal_decisions(pairing):
    spec = get_mode("strike")
    for seed in range(6):
        played = play_cpu_match(spec, seed, {0: pairing[0], 1: pairing[1]})
        assert played.result is not None


@pytest.mark.slow
def test_hard_plays_a_whole_match_legally():
    played = play_cpu_match(get_mode("strike"), 11, {0: "hard", 1: "normal"})
    assert played.result is not None


def test_matches_are_reproducible():
    spec = get_mode("strike")
    a = play_cpu_match(spec, 5, {0: "easy", 1: "normal"})
    b = play_cpu_match(spec, 5, {0: "easy", 1: "normal"})
    assert a.record["decisions"] == b.record["decisions"]


# -- the seat view only (7.1, DESIGN.md section 5) ---------------------------------------------
@pytest.mark.slow
def test_cpus_are_given_the_seat_view_only(monkeypatch):
    seen: list[tuple[str, dict]] = []
    original = StrikeCpu.decide

    def spy(self, view):
        seen.append((self.level, copy.deepcopy(view)))
        return original(self, view)

    monkeypatch.setattr(StrikeCpu, "decide", spy)
    played = play_cpu_match(get_mode("strike"), 4, {0: "hard", 1: "easy"}, keep_match=True)
    assert seen and {level for level, _ in seen} == {"hard", "easy"}
    for _, view in seen:
        assert view["seed"] == "hidden"
        assert view["board"]["rolls"] == "hidden"
    played.match.close()


def test_hard_decides_from_a_detached_view_and_leaves_the_live_match_alone(resources):
    setup = combat_setup([U(0, "logic_trap", [10, 5]), U(1, "flame_embrace", [15, 5]),
                          U(1, "ember_vine", [16, 6], hp=20),
                          U(1, "scorched_root", [15, 7], hp=20)], rolls=[2, -1])
    match = live_match(setup)
    before = state_hash(match.state_json())
    view = copy.deepcopy(match.view_json(1))  # nothing of the live match but its view
    cpu = make_cpu("hard", 1, ai_stream(1, 1), resources)
    decision = cpu.decide(view)
    assert state_hash(match.state_json()) == before
    assert match.state_json()["board"]["rolls"] == [2, -1]
    assert not isinstance(match.submit(decision), Rejection)
    match.close()


def test_search_leaves_the_scratch_match_as_it_found_it(resources):
    view = combat_view([U(0, "logic_trap", [10, 5]), U(0, "whirl_trail", [11, 7], hp=30),
                        U(1, "boiling_storm", [13, 5]), U(1, "vine_strike", [12, 8], hp=25)])
    cpu = make_cpu("hard", 1, ai_stream(1, 1), resources)
    assert isinstance(cpu, HardCpu)
    scratch = scratch_match(view, resources)
    from game.ai.strike.position import parse_position

    with scratch.active():
        before = scratch.state_json()
        cpu.search(scratch, parse_position(view, cpu.tables, 1))
        assert scratch.state_json() == before
    scratch.close()


# -- hard scenarios (spec 9, S40-S41) ------------------------------------------------------
def test_s40_hard_heals_the_team(resources):
    view = combat_view([U(0, "logic_trap", [10, 5]), U(1, "flame_embrace", [15, 5]),
                        U(1, "ember_vine", [16, 6], hp=20), U(1, "scorched_root", [15, 7], hp=20)])
    decision = make_cpu("hard", 1, ai_stream(1, 1), resources).decide(view)
    assert decision == {"seat": 1, "type": "attack", "unit": "p1.flame_embrace", "attack": 1}


def test_s41_hard_approaches_to_chebyshev_four(resources):
    view = combat_view([U(0, "logic_trap", [6, 5]), U(1, "ember_vine", [12, 5])])
    decision = make_cpu("hard", 1, ai_stream(1, 1), resources).decide(view)
    assert decision == {"seat": 1, "type": "move", "unit": "p1.ember_vine", "to": [10, 5]}


def test_hard_q_values_of_s40(resources):
    view = combat_view([U(0, "logic_trap", [10, 5]), U(1, "flame_embrace", [15, 5]),
                        U(1, "ember_vine", [16, 6], hp=20), U(1, "scorched_root", [15, 7], hp=20)])
    cpu = make_cpu("hard", 1, ai_stream(1, 1), resources)
    scratch = scratch_match(view, resources)
    with scratch.active():
        heal = {"seat": 1, "type": "attack", "unit": "p1.flame_embrace", "attack": 1}
        recovery = {"seat": 1, "type": "attack", "unit": "p1.scorched_root", "attack": 2}
        assert cpu.q_value(scratch, heal) == 25 * 120
        assert cpu.q_value(scratch, recovery) == 25 * 100
    scratch.close()


def test_hard_with_a_single_legal_decision_submits_it(resources):
    view = combat_view([U(0, "logic_trap", [2, 2]),
                        U(1, "ember_vine", [20, 9], statuses={"stun": 1, "root": 1})])
    assert make_cpu("hard", 1, ai_stream(1, 1), resources).decide(view) == {"seat": 1,
                                                                             "type": "pass"}


# -- easy (7.3) ------------------------------------------------------------------------------
def test_easy_attacks_half_the_time_from_its_own_stream(resources):
    view = combat_view([U(0, "nature_wave", [12, 6]), U(1, "backstab_dash", [10, 5])])
    cpu = make_cpu("easy", 1, Stream(1, "ai.1"), resources)
    kinds = [cpu.decide(view)["type"] for _ in range(400)]
    attacks = kinds.count("attack")
    # 3 attacks among 3 + 24 legal decisions: 50 % + 50 % × 3/27 ≈ 55.6 %
    assert 180 < attacks < 265
    forced = make_cpu("easy", 1, Stream(1, "ai.1"), resources)
    forced.stream.force([10, 2])  # b = 10 < 50: the attack list, index 2
    assert forced.decide(view) == {"seat": 1, "type": "attack", "unit": "p1.backstab_dash",
                                   "attack": 2, "target": "p0.nature_wave"}


def test_easy_draft_is_a_uniform_legal_pick(resources):
    match = live_match({"phase": "draft", "to_act": [0], "board": {
        "hands": [["ember_vine", "flame_embrace"], ["overgrowth", "vine_strike"]],
        "decks": [[], []]}})
    cpu = make_cpu("easy", 0, Stream(2, "ai.0"), resources)
    cpu.stream.force([3])
    assert cpu.decide(match.view_json(0)) == {"seat": 0, "type": "retain",
                                              "card": "flame_embrace"}
    match.close()


def test_placement_draws_an_index_into_the_empty_zone_tiles(resources):
    setup = {"phase": "placement", "to_act": [1], "board": {"units": [
        U(0, "ember_vine", [3, 3]), U(1, "scorched_root", [12, 0]),
        U(1, "overgrowth", None)]}}
    match = live_match(setup)
    cpu = make_cpu("normal", 1, Stream(2, "ai.1"), resources)
    cpu.stream.force([1])  # (12, 0) is taken: index 1 is (12, 2)
    decision = cpu.decide(match.view_json(1))
    assert decision == {"seat": 1, "type": "place", "tile": [12, 2]}
    assert not isinstance(match.submit(decision), Rejection)
    match.close()


def test_a_64_by_64_board_with_40_units_gets_legal_decisions(resources):
    import random

    ids = sorted(CARD_VALUES)
    rng = random.Random(3)
    tiles = rng.sample([(c, r) for c in range(64) for r in range(64)], 40)
    units = [U(s, ids[i], list(tiles[20 * s + i]), hp=rng.randint(1, 50))
             for s in (0, 1) for i in range(20)]
    match = live_match({**combat_setup(units), "board": {"units": units, "cols": 64,
                                                         "rows": 64, "zone_columns": 20}})
    for level in ("normal", "easy"):
        for seed in range(5):
            cpu = make_cpu(level, 1, ai_stream(seed, 1), resources)
            decision = cpu.decide(match.view_json(1))
            mark = match.mark()
            assert not isinstance(match.submit(decision), Rejection), decision
            match.rollback(mark)
    match.close()


# -- random positions: every level answers with a legal decision ------------------------------
CARDS = sorted(CARD_VALUES)


@st.composite
def combat_positions(draw):
    count = draw(st.tuples(st.integers(1, 3), st.integers(1, 3)))
    cards = draw(st.lists(st.sampled_from(CARDS), min_size=sum(count), max_size=sum(count),
                          unique=True))
    tiles = draw(st.lists(st.tuples(st.integers(0, 22), st.integers(0, 10)),
                          min_size=sum(count), max_size=sum(count), unique=True))
    units = []
    for n, (card, tile) in enumerate(zip(cards, tiles, strict=True)):
        owner = 0 if n < count[0] else 1
        units.append(U(owner, card, list(tile), hp=draw(st.integers(1, 50)),
                       cooldowns=draw(st.lists(st.integers(0, 3), min_size=3, max_size=3)),
                       statuses={"stun": draw(st.integers(0, 1)),
                                 "root": draw(st.integers(0, 1))}))
    return units, draw(st.integers(0, 1))


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None)
@given(combat_positions())
def test_every_level_answers_a_random_position_legally(position):
    units, to_act = position
    resources = strike_resources()
    match = live_match(combat_setup(units, to_act=to_act))
    try:
        legal = match.legal_decisions(to_act)
        view = match.view_json(to_act)
        for level in ("easy", "normal", "hard"):
            decision = make_cpu(level, to_act, ai_stream(7, to_act), resources).decide(view)
            assert decision in legal, (level, decision)
        first = make_cpu("normal", to_act, ai_stream(1, to_act), resources).decide(view)
        again = make_cpu("normal", to_act, ai_stream(2, to_act), resources).decide(view)
        assert first == again  # a function of the view alone
    finally:
        match.close()


def test_cpus_pickle_for_a_worker_process(resources):
    import pickle

    for level in ("easy", "normal", "hard"):
        cpu = make_cpu(level, 1, ai_stream(3, 1), resources)
        clone = pickle.loads(pickle.dumps(cpu))
        view = combat_view([U(0, "nature_wave", [12, 6]), U(1, "backstab_dash", [10, 5])])
        assert clone.decide(view) == cpu.decide(view)


# -- the AI scenarios of the shared list (spec 9.1, S30-S41) -----------------------------------
def _ai_scenarios():
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scenarios" / "strike.json"
    if not path.exists():
        return []
    return [s for s in json.loads(path.read_text(encoding="utf-8")) if "expect_ai" in s]


@pytest.mark.parametrize("scenario", _ai_scenarios(), ids=lambda s: s["name"])
def test_ai_scenarios_from_the_live_seat_view(scenario, resources):
    record = scenario["record"]
    match = build_match(record)
    expected = scenario["expect_ai"]
    seat = expected["decision"]["seat"]
    cpu = make_cpu(expected["ai"], seat, ai_stream(record["seed"], seat), resources)
    assert cpu.decide(match.view_json(seat)) == expected["decision"]
    match.close()


def test_normal_and_hard_draw_nothing_in_combat_and_easy_draws_only_its_stream(resources):
    view = combat_view([U(0, "nature_wave", [12, 6]), U(1, "backstab_dash", [10, 5])])
    for level, draws in (("normal", 0), ("hard", 0)):
        cpu = make_cpu(level, 1, Stream(1, "ai.1"), resources)
        cpu.decide(view)
        assert cpu.stream.draws == draws
    easy = make_cpu("easy", 1, Stream(1, "ai.1"), resources)
    easy.decide(view)
    assert easy.stream.draws == 2  # the bias draw, then one index
    with pytest.raises(ValueError):
        make_cpu("expert", 1, Stream(1, "ai.1"), resources)


def test_placement_draws_from_the_rules_zone_tiles_without_a_scratch_match(resources,
                                                                            monkeypatch):
    """7.2 placement: the index drawn from `ai.<seat>` goes into the rules' own empty zone
    tiles (`zone_tiles` of the live match), read off the view without a scratch match."""
    import game.ai.strike.players as players
    from game.systems.strike.draft import zone_tiles

    monkeypatch.setattr(players, "scratch_for", lambda *a: pytest.fail("scratch match"))
    match = live_match(None, seed=3, ai={"0": "normal", "1": "normal"})
    cpus = {seat: make_cpu("normal", seat, ai_stream(3, seat), resources) for seat in (0, 1)}
    placements = 0
    while match.phase != "combat":
        seat = match.to_act[0]
        if match.phase == "placement":
            tiles = zone_tiles(match, seat)
            cpus[seat].stream.force([placements % len(tiles)])
            decision = cpus[seat].decide(match.view_json(seat))
            assert tuple(decision["tile"]) == tiles[placements % len(tiles)]
            placements += 1
        else:
            decision = cpus[seat].decide(match.view_json(seat))
        assert match.submit(decision).ok
    assert placements == 6


def test_the_search_reads_its_scratch_match_as_the_view_reads(resources):
    """`match_position` (the search's read of its scratch match) is `parse_position` of the
    same view, statuses included, and `evaluate` is V of 7.4 on it."""
    from game.ai.strike.hard import evaluate, match_position
    from game.ai.strike.position import parse_position
    from game.ai.strike.tables import tables_of

    tables = tables_of(resources)
    view = combat_view([
        U(0, "ember_vine", [3, 3], hp=20, statuses={"burn": {"turns": 2, "value": 3},
                                                     "stun": 1}),
        U(0, "aqua_trail", None, hp=0),
        U(1, "nature_wave", [9, 4], hp=33, statuses={"regen": {"turns": 3, "value": 2},
                                                      "root": 2}),
        U(1, "backstab_dash", [10, 4], cooldowns=[0, 2, 1])])
    match = scratch_match(view, resources)
    try:
        with match.active():
            for seat in (0, 1):
                assert match_position(match, seat, tables) == parse_position(view, tables, seat)
            bonus = tables.alive_bonus
            assert evaluate(match, 1, tables) == (33 + bonus + 6) + (50 + bonus) - (
                20 + bonus - 6)
    finally:
        match.close()


def test_the_search_checks_each_reply_once_and_never_its_own_candidates(resources):
    """The hard search submits its own candidates (from the legal list) unchecked, and the
    `normal` reply checked at its first forced roll only: a roll changes no check."""
    view = combat_view([U(0, "nature_wave", [12, 6]), U(1, "backstab_dash", [10, 5])])
    cpu = make_cpu("hard", 1, ai_stream(1, 1), resources)
    match = scratch_match(view, resources)
    submitted: list[tuple[int, bool]] = []
    real_submit = match.submit

    def submit(decision, *, trusted=False):
        submitted.append((decision["seat"], trusted))
        return real_submit(decision, trusted=trusted)

    match.submit = submit  # type: ignore[method-assign]
    try:
        with match.active():
            strikes = [d for d in match.legal_decisions(1) if d["type"] == "attack"
                       and cpu.outcomes(match, d) != (None,)]
            assert strikes
            cpu.q_value(match, strikes[0])
    finally:
        match.close()
    own = [i for i, (seat, _) in enumerate(submitted) if seat == 1]
    assert len(own) == len(cpu.rolls) and all(submitted[i][1] for i in own)
    for start, end in zip(own, [*own[1:], len(submitted)], strict=True):
        replies = [trusted for _, trusted in submitted[start + 1:end]]
        assert replies and replies[0] is False and all(replies[1:])


# -- hard's budget at every size a setup allows ------------------------------------------------
def _sized_view(units: int, seed: int) -> dict:
    from game.ai.strike.bench import sized_setup
    from game.systems.strike.content import content_of

    setup = sized_setup(list(content_of(strike_resources()).cards), units, seed)
    match = build_match(new_record("strike", "2", seed, {"ai": {"1": "hard"}}, setup))
    try:
        return match.view_json(1)
    finally:
        match.close()


def test_a_budget_changes_only_the_order_of_the_search_not_a_whole_search(resources):
    """With time to search everything, the budget's order (the normal CPU's choice first)
    finds what the canonical order finds: ties still go to the earlier decision of L."""
    view = _sized_view(4, 2)
    whole = HardCpu("hard", 1, ai_stream(2, 1), resources)
    ordered = HardCpu("hard", 1, ai_stream(2, 1), resources, budget_ms=10**9)
    assert ordered.decide(view) == whole.decide(view)


def test_a_search_cut_at_once_plays_the_normal_choice(resources):
    """A budget spent after one candidate still plays a considered decision: the normal
    CPU's own (spec 7.2), searched first."""
    from game.ai.strike.combat import advanced_cpu_turn
    from game.ai.strike.position import parse_position

    view = _sized_view(32, 1)
    cut = HardCpu("hard", 1, ai_stream(1, 1), resources, budget_ms=1e-9)
    normal = advanced_cpu_turn(parse_position(view, cut.tables, 1), cut.tables)
    assert cut.decide(view) == normal
