"""The action cycle (spec crawl.md 4.3), the draw and cleanup (4.8), rebuy (4.9), the random
attack (4.10), the end (4.11) and the counters (4.13)."""

from __future__ import annotations

import esper

from game.components.crawl import CrawlCard, LastValue
from game.systems.crawl import cycle
from game.systems.crawl.world import card_entity

from .helpers import accept, board_of, card, move, setup_match

E2 = card("e2a", "enemy", 2)
E5 = card("e5a", "enemy", 5)
E6 = card("e6a", "enemy", 6)
P3 = card("p3", "potion", 3)
G6 = card("g6", "gold", 6)
G7 = card("g7", "gold", 7)


def ids(cards):
    return [c and c["id"] for c in cards]


def test_the_cycle_order_is_written_once():
    """The schedule is the one place the order of 4.3 is written (docs/crawl.md prints it)."""
    assert cycle.SCHEDULE.names() == {
        "pick": ["deal"],
        "play": ["snapshot", "apply_action", "count_turn", "end_check", "draw_step"]}
    assert cycle.PLAY_CYCLE == tuple(cycle.SCHEDULE.names()["play"])


def test_snapshot_records_the_values_before_the_action():
    match = setup_match({"board": [card("e9a", "enemy", 9), E5, P3, None],
                         "left_hand": card("sp4", "spell", 4), "deck": [G6]})
    with match.active():
        troll = card_entity(match, "e9a")
        last = esper.component_for_entity(troll, LastValue)
        comp = esper.component_for_entity(troll, CrawlCard)
    accept(match, move("left_hand", "board", ti=0))
    assert last.value == 9 and comp.value == 5
    accept(match, move("board", "hero", fi=1))
    assert last.value == 5


def test_no_draw_while_two_cards_remain():
    match = setup_match({"board": [E2, E5, P3, None], "deck": [G6]})
    accept(match, move("board", "hero", fi=0))
    assert ids(board_of(match)["board"]) == [None, "e5a", "p3", None]


def test_draw_fills_left_to_right_and_a_short_deck_leaves_the_right_empty():
    match = setup_match({"board": [None, E2, E5, None], "deck": [G6, G7]})
    events = accept(match, move("board", "hero", fi=1))
    assert [e for e in events if e["type"] == "card_drawn"] == [
        {"type": "card_drawn", "id": "g6", "slot": 0},
        {"type": "card_drawn", "id": "g7", "slot": 1}]
    assert ids(board_of(match)["board"]) == ["g6", "g7", "e5a", None]


def test_cleanup_removes_hand_potions_and_gold_and_backpack_gold_only():
    match = setup_match({"board": [E2, E5, None, None],
                         "left_hand": card("p7", "potion", 7, spent=False),
                         "right_hand": card("g4", "gold", 0, initial_value=4),
                         "backpack": card("p5", "potion", 5), "deck": [G6]})
    events = accept(match, move("board", "hero", fi=0))
    assert [e for e in events if e["type"] == "card_removed"][1:] == [
        {"type": "card_removed", "id": "p7", "reason": "cleanup"},
        {"type": "card_removed", "id": "g4", "reason": "cleanup"}]
    b = board_of(match)
    assert b["left_hand"] is None and b["right_hand"] is None and b["backpack"]["id"] == "p5"
    assert b["removed"] == 3


def test_with_an_empty_deck_spent_cards_stay():
    match = setup_match({"board": [E2, E5, None, None],
                         "left_hand": card("g4", "gold", 0, initial_value=4)})
    accept(match, move("board", "hero", fi=0))
    assert board_of(match)["left_hand"]["id"] == "g4"


def test_win_ignores_the_hands_and_backpack_and_pays_the_bonus():
    match = setup_match({"board": [E2, None, None, None], "backpack": E5,
                         "left_hand": card("sp3", "spell", 3), "hero": {"gold": 7}})
    events = accept(match, move("left_hand", "board", ti=0))
    assert events[-2:] == [
        {"type": "gold_gained", "amount": 50, "source": "win_bonus"},
        {"type": "run_over", "won": True, "score": 57, "reason": "cleared"}]
    state = match.state_json()
    assert state["phase"] == "over" and state["to_act"] == [] and state["turn"] == 1
    assert state["result"] == {"won": True, "score": 57, "reason": "cleared"}


def test_turn_counts_accepted_play_decisions_only():
    match = setup_match({"board": [E2, E5, P3, None], "deck": [G6]})
    match.submit(move("board", "backpack", fi=0))  # rejected
    accept(match, {"seat": 0, "type": "random_attack"})
    accept(match, move("board", "hero", fi=1))
    assert match.turn == 2


# -- rebuy (4.9) --------------------------------------------------------------------------------
def test_rebuy_costs_rise_and_cards_keep_their_values():
    match = setup_match({"board": [card("e9a", "enemy", 3, initial_value=9), None, None, None],
                         "deck": [G6]}, forced=[0, 0, 1])
    events = accept(match, {"seat": 0, "type": "rebuy"})
    assert events[:3] == [{"type": "rebuy", "cost": 5},
                          {"type": "hero_damaged", "amount": 5, "source": "rebuy"},
                          {"type": "card_returned_to_deck", "id": "e9a"}]
    b = board_of(match)
    assert b["hero"]["hp"] == 8 and b["clear_counter"] == 1 and b["rebuy_cost"] == 7
    assert ids(b["board"]) == ["e9a", "g6", None, None] and b["board"][0]["value"] == 3
    accept(match, {"seat": 0, "type": "rebuy"})
    b = board_of(match)
    assert b["hero"]["hp"] == 1 and b["rebuy_cost"] == 9


def test_a_lethal_rebuy_is_legal_and_the_cards_are_back_in_the_deck():
    match = setup_match({"board": [E5, P3, None, None], "hero": {"hp": 5}, "deck": [G6]},
                        forced=[1, 0])
    accept(match, {"seat": 0, "type": "rebuy"})
    b = board_of(match)
    assert match.result == {"won": False, "score": 0, "reason": "died"}
    assert ids(b["board"]) == [None] * 4 and ids(b["deck"]) == ["p3", "g6", "e5a"]


# -- random attack (4.10) -----------------------------------------------------------------------
def test_random_attack_draws_even_when_it_misses():
    match = setup_match({"board": [P3, G6, None, None], "deck": [G7]})
    draws = match.stream("dungeon").draws
    events = accept(match, {"seat": 0, "type": "random_attack"})
    assert events[0] == {"type": "random_attack_missed"}
    assert match.stream("dungeon").draws == draws + 1
    assert board_of(match)["random_attack_used"] is True


def test_random_attack_hits_every_enemy():
    match = setup_match({"board": [E2, card("p9", "potion", 9), E5, E6], "deck": [G7]},
                        forced=[3])
    events = accept(match, {"seat": 0, "type": "random_attack"})
    assert events[0] == {"type": "random_attack", "n": 3, "hit": ["e2a", "e5a", "e6a"]}
    b = board_of(match)
    assert ids(b["board"]) == [None, "p9", "e5a", "e6a"]
    assert [b["board"][2]["value"], b["board"][3]["value"]] == [2, 3]
