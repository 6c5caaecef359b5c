"""The crawl CPU players (spec section 7): legality, the normal policy's rules, the hard
player's determinization and view-only knowledge, reproducibility."""

from __future__ import annotations

import copy

import pytest

from game.ai.crawl import make_cpu
from game.ai.crawl.players import evaluate
from game.ai.crawl.scratch import determinize
from game.engine.autoplay import play_cpu_match, play_out
from game.engine.match import Rejection
from game.engine.modes import get_mode
from game.engine.resources import load_mode_resources
from game.engine.rng import Stream, ai_stream
from game.systems.crawl.content import HardAi, content_of
from tests.crawl.helpers import card, deal_match, setup_match


@pytest.fixture(scope="module")
def resources():
    return load_mode_resources(get_mode("crawl"))


def cpu(level, resources, seed=1):
    return make_cpu(level, 0, ai_stream(seed, 0), resources)


def decide_on(board, level="normal", resources=None, **envelope):
    match = setup_match(board, **envelope)
    player = cpu(level, resources or load_mode_resources(get_mode("crawl")))
    decision = player.decide(match.view_json(0))
    assert not isinstance(match.submit(copy.deepcopy(decision)), Rejection), decision
    return decision


def mv(src, dst, si=None, di=None):
    d = {"seat": 0, "type": "move", "from": src}
    if src == "board":
        d["from_index"] = si
    d["to"] = dst
    if dst == "board":
        d["to_index"] = di
    return d


E5, E7, E9 = card("e5a", "enemy", 5), card("e7a", "enemy", 7), card("e9a", "enemy", 9)
DECK = [card("g6", "gold", 6)]


# -- normal policy, rule by rule (spec 7.2) -------------------------------------------------
def test_rule_1_bash_hits_the_highest_enemy(resources):
    board = {"board": [E5, E9, card("p3", "potion", 3), None],
             "right_hand": card("sh4", "shield", 4, bash=True), "deck": DECK}
    assert decide_on(board, resources=resources) == mv("right_hand", "board", di=1)


def test_rule_2_hero_ability_revive_when_not_set(resources):
    board = {"board": [E5, card("p3", "potion", 3), None, None],
             "left_hand": card("revive", "ability"), "deck": DECK}
    assert decide_on(board, resources=resources) == mv("left_hand", "hero")


def test_rule_2_life_waits_until_five_hp_are_missing(resources):
    board = {"board": [E5, card("sp3", "spell", 3), None, None],
             "left_hand": card("life", "ability"), "deck": DECK, "hero": {"hp": 9}}
    # 4 missing: Life is kept; the spell cannot kill (3 < 5)... the equip rule is blocked
    # (left hand full, right hand free): equip the spell into the right hand.
    assert decide_on(board, resources=resources) == mv("board", "right_hand", si=1)
    board["hero"] = {"hp": 8}
    assert decide_on(board, resources=resources) == mv("left_hand", "hero")


def test_rule_3_gangrene_takes_the_highest_wounded_enemy(resources):
    board = {"board": [card("e5a", "enemy", 3, initial_value=5),
                       card("e9a", "enemy", 4, initial_value=9), E7, None],
             "left_hand": card("gangrene", "ability"), "deck": DECK}
    assert decide_on(board, resources=resources) == mv("left_hand", "board", di=1)


def test_rule_3_amplify_prefers_the_other_hand_on_equal_gain(resources):
    board = {"board": [E5, card("sp4", "spell", 4), None, None],
             "left_hand": card("amplify", "ability"), "right_hand": card("sh4", "shield", 4),
             "deck": DECK}
    assert decide_on(board, resources=resources) == mv("left_hand", "right_hand")


def test_rule_3_amplify_takes_the_largest_gain(resources):
    board = {"board": [E5, card("sp4", "spell", 4), None, None],
             "left_hand": card("amplify", "ability"), "right_hand": card("sh9", "shield", 9),
             "deck": DECK}
    assert decide_on(board, resources=resources) == mv("left_hand", "board", di=1)


def test_rule_3_banish_needs_an_enemy_of_seven(resources):
    board = {"board": [E5, card("p3", "potion", 3), None, None],
             "left_hand": card("banish", "ability"), "right_hand": card("sp2", "spell", 2),
             "deck": DECK}
    # no enemy >= 7: banish is kept; the spell chips (rule 11) after drink/gold/equip/store
    # fail... the backpack is empty, so rule 9 stores the potion first.
    assert decide_on(board, resources=resources) == mv("board", "backpack", si=1)
    board["board"][0] = E7
    assert decide_on(board, resources=resources) == mv("left_hand", "board", di=0)


def test_rule_4_exact_kill_least_waste(resources):
    board = {"board": [card("e3a", "enemy", 3), card("e4a", "enemy", 4), None, None],
             "left_hand": card("sp4", "spell", 4), "deck": DECK}
    assert decide_on(board, resources=resources) == mv("left_hand", "board", di=1)


def test_rule_5_clean_block_the_higher_enemy(resources):
    board = {"board": [card("e3a", "enemy", 3), E5, card("p4", "potion", 4), None],
             "right_hand": card("sh6", "shield", 6), "deck": DECK}
    assert decide_on(board, resources=resources) == mv("board", "right_hand", si=1)


def test_rule_6_efficient_drink_fits_the_missing_hp(resources):
    board = {"board": [E9, card("p3", "potion", 3), card("p6", "potion", 6), None],
             "hero": {"hp": 9}, "deck": DECK}
    assert decide_on(board, resources=resources) == mv("board", "left_hand", si=1)


def test_rule_7_gold_into_the_empty_backpack(resources):
    board = {"board": [E9, card("g3", "gold", 3), card("g7", "gold", 7), None], "deck": DECK}
    assert decide_on(board, resources=resources) == mv("board", "backpack", si=2)


def test_rule_13_takes_the_lowest_survivable_hit(resources):
    board = {"board": [E7, E5, None, None], "left_hand": card("p2", "potion", 0,
                                                               initial_value=2),
             "right_hand": card("g2", "gold", 0, initial_value=2), "hero": {"hp": 6},
             "backpack": card("p4", "potion", 4), "deck": DECK, "random_attack_used": True}
    assert decide_on(board, resources=resources) == mv("board", "hero", si=1)


def test_normal_pick_is_the_ai_toml_pick(resources):
    match = deal_match(3, "constructed")
    decision = cpu("normal", resources).decide(match.view_json(0))
    assert decision == {"seat": 0, "type": "choose_abilities",
                        "abilities": ["revive", "shield_bash", "amplify", "swap", "doomed"]}
    assert match.submit(decision).ok


def test_easy_pick_is_five_distinct_abilities(resources):
    match = deal_match(3, "constructed")
    decision = cpu("easy", resources).decide(match.view_json(0))
    assert len(set(decision["abilities"])) == 5
    assert match.submit(decision).ok


# -- whole runs -------------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_whole_runs_are_legal_and_reproducible(level):
    spec = get_mode("crawl")
    for seed in range(6):
        first = play_cpu_match(spec, seed, {0: level})  # raises CpuError on an illegal move
        again = play_cpu_match(spec, seed, {0: level})
        assert first.record == again.record
        assert first.result["reason"] in ("cleared", "died")
        assert first.record["options"]["ai"] == {"0": level}


@pytest.mark.slow
def test_hard_plays_a_whole_legal_run():
    played = play_cpu_match(get_mode("crawl"), 11, {0: "hard"})
    assert played.result["reason"] in ("cleared", "died")


def test_constructed_runs_start_with_the_pick():
    played = play_cpu_match(get_mode("crawl"), 5, {0: "normal"}, {"variant": "constructed"})
    assert played.record["decisions"][0]["type"] == "choose_abilities"


# -- hard sees only the seat view ---------------------------------------------------------------
class ViewSpy:
    """Wraps a CPU and records what it was given."""

    def __init__(self, inner):
        self.inner, self.level, self.views = inner, inner.level, []

    def decide(self, view):
        self.views.append(copy.deepcopy(view))
        return self.inner.decide(view)


def test_the_host_gives_every_cpu_the_seat_view_only(resources):
    match = deal_match(21)
    spy = ViewSpy(cpu("normal", resources, seed=21))
    play_out(match, {0: spy})
    assert match.result is not None
    assert spy.views
    for view in spy.views:
        assert view["seed"] == "hidden"
        assert view["board"]["deck"] == "hidden"


def test_hard_decides_the_same_whatever_the_hidden_deck_order(resources):
    """Two positions equal on the table but with different hidden deck orders give the same
    view, so the same decision: hard cannot be reading the true order."""
    table = {"board": [E7, card("sp3", "spell", 3), card("p4", "potion", 4), None],
             "hero": {"hp": 8}}
    deck = [card("e2a", "enemy", 2), card("g6", "gold", 6), card("sh5", "shield", 5),
            card("e10a", "enemy", 10)]
    views, decisions = [], []
    for order in (deck, list(reversed(deck))):
        match = setup_match({**table, "deck": order})
        views.append(match.view_json(0))
        decisions.append(cpu("hard", resources, seed=4).decide(match.view_json(0)))
    assert views[0] == views[1]
    assert decisions[0] == decisions[1]


def test_determinize_matches_the_view_counts(resources):
    match = deal_match(8)
    view = match.view_json(0)
    deck = determinize(view, content_of(resources), Stream(1, "ai.0"))
    counts = {t: 0 for t in view["board"]["deck_types"]}
    for c in deck:
        counts[c["type"]] += 1
    assert counts == view["board"]["deck_types"]
    on_table = {c["id"] for c in view["board"]["board"] if c}
    assert not on_table & {c["id"] for c in deck}
    assert len({c["id"] for c in deck}) == len(deck)


def test_evaluation_m_exact_numbers(resources):
    hard, statuses = HardAi(), content_of(resources).statuses
    over = setup_match({"board": [None] * 4, "hero": {"hp": 4, "gold": 80}}, phase="over",
                       result={"won": True, "score": 80, "reason": "cleared"})
    with over.active():
        assert evaluate(over, hard, statuses) == pytest.approx(1008.0)
    match = setup_match({
        "hero": {"hp": 9, "gold": 20, "can_revive": True, "bleed": True},
        "board": [card("e5a", "enemy", 5), None, None, None],
        "left_hand": card("sp4", "spell", 4, pyro=True),
        "backpack": card("p6", "potion", 6),
        "deck": [card("sh5", "shield", 5, bash=True)]})
    # 9 + 4 + 1 + 2 + 0.05*20 - 5 + (4 + 2) + 0.8*6 + (0.9*5 + 4)
    with match.active():
        assert evaluate(match, hard, statuses) == pytest.approx(
            9 + 4 + 1 + 2 + 1 - 5 + 6 + 4.8 + 8.5)
