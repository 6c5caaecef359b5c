"""Abilities (spec crawl.md sections 3.2 and 4.7): each effect with exact numbers, its draws
from the `dungeon` stream, and dispatch through the effect registry."""

from __future__ import annotations

import pytest

from game.engine.record import RecordError, replay, validate_record
from game.systems.crawl.abilities import EFFECTS

from .helpers import accept, assert_rejected, board_of, card, move, setup_match

E5 = card("e5a", "enemy", 5)
E9W = card("e9a", "enemy", 4, initial_value=9)
P2 = card("p2", "potion", 2)
G6 = card("g6", "gold", 6)
FILL = [card("e2b", "enemy", 2), card("p9", "potion", 9)]


def ability(ability_id):
    return card(ability_id, "ability", ability=ability_id)


def position(first, hand="left_hand", forced=None, **zones):
    """`first` on slot 0 plus two fillers (no draw), the ability in `hand`, deck [G6]."""
    board = {"board": [first, *FILL, None], "deck": [G6], **zones}
    return setup_match(board, forced=forced)


def test_the_eleven_effects_are_registered():
    """The ten of the shipped abilities, and `lower_value` for a mod's weaken or drain."""
    assert EFFECTS.names() == sorted([
        "set_hero_flag", "mark_card", "return_to_deck", "create_card", "add_value",
        "shuffle_values", "move_to_backpack", "swap_with_top", "clear_board", "remove_wounded",
        "lower_value"])


@pytest.mark.parametrize(("ability_id", "flag"), [
    ("revive", "can_revive"), ("deflect", "reflect_damage"), ("capitalize", "bleed")])
def test_hero_flags_again_while_active(ability_id, flag):
    match = position(E5, left_hand=ability(ability_id), hero={flag: True})
    events = accept(match, move("left_hand", "hero"))
    assert events[0] == {"type": "ability_used", "ability": ability_id, "target": "hero"}
    assert events[-1] == {"type": "card_removed", "id": ability_id, "reason": "ability_used"}
    b = board_of(match)
    assert b["hero"][flag] is True and b["left_hand"] is None and b["removed"] == 1


def test_pyroclasm_mark_survives_the_move_into_a_hand():
    match = position(card("sp5", "spell", 5), right_hand=ability("pyroclasm"))
    accept(match, move("right_hand", "board", ti=0))
    accept(match, move("board", "right_hand", fi=0))
    assert board_of(match)["right_hand"]["pyro"] is True


def test_shield_bash_marks_a_shield_in_the_other_hand():
    match = position(E5, left_hand=ability("shield_bash"), right_hand=card("sh6", "shield", 6))
    accept(match, move("left_hand", "right_hand"))
    accept(match, move("right_hand", "board", ti=0))
    b = board_of(match)
    assert b["right_hand"]["bash"] and b["board"][0] is None


@pytest.mark.parametrize(("forced", "expected"), [(0, ["e9a", "g6"]), (1, ["g6", "e9a"])])
def test_banish_inserts_at_the_forced_position(forced, expected):
    match = position(E9W, left_hand=ability("banish"), forced=[forced])
    events = accept(match, move("left_hand", "board", ti=0))
    assert {"type": "card_returned_to_deck", "id": "e9a"} in events
    deck = board_of(match)["deck"]
    assert [c["id"] for c in deck] == expected
    banished = next(c for c in deck if c["id"] == "e9a")
    assert (banished["value"], banished["initial_value"]) == (4, 9)


def test_banish_position_out_of_range_is_a_bad_forced_value():
    record = validate_record({"format": 1, "mode": "crawl", "rules": "1", "seed": 1,
                              "options": {}, "setup": {
                                  "board": {"board": [E9W, *FILL, None], "deck": [G6],
                                            "left_hand": ability("banish")},
                                  "forced": {"dungeon": [2]}},
                              "decisions": [move("left_hand", "board", ti=0)]})
    with pytest.raises(RecordError, match=r"bad_forced.*forced\.dungeon\[0\]"):
        replay(record)


def test_life_at_full_hp_keeps_its_value_and_leaves_at_the_next_draw():
    match = setup_match({"board": [E5, P2, None, None], "left_hand": ability("life"),
                         "deck": [G6, card("g7", "gold", 7)]}, forced=[6])
    accept(match, move("left_hand", "hero"))
    b = board_of(match)
    assert b["left_hand"] == {"id": "life", "type": "potion", "value": 6, "initial_value": 6,
                              "ability": None, "pyro": False, "bash": False, "spent": True,
                              "name": "Potion of Life"}
    assert b["removed"] == 0
    accept(match, move("board", "hero", fi=0))  # 1 card left: draw and cleanup
    b = board_of(match)
    assert b["left_hand"] is None and b["removed"] == 2


def test_galvanize_collects_at_once():
    match = position(E5, left_hand=ability("galvanize"), forced=[1])
    events = accept(match, move("left_hand", "hero"))
    assert {"type": "gold_gained", "amount": 1, "source": "galvanize"} in events
    b = board_of(match)
    assert b["hero"]["gold"] == 1 and b["left_hand"]["type"] == "gold"
    assert b["left_hand"]["value"] == 0 and b["left_hand"]["initial_value"] == 1


def test_life_value_out_of_range_is_a_bad_forced_value():
    record = validate_record({"format": 1, "mode": "crawl", "rules": "1", "seed": 1,
                              "options": {}, "setup": {
                                  "board": {"board": [E5, *FILL, None],
                                            "left_hand": ability("life")},
                                  "forced": {"dungeon": [11]}},
                              "decisions": [move("left_hand", "hero")]})
    with pytest.raises(RecordError, match="bad_forced"):
        replay(record)


@pytest.mark.parametrize(("value", "after"), [(7, 10), (9, 10), (10, 10), (12, 12), (2, 5)])
def test_amplify_caps_at_ten(value, after):
    match = position(E5, left_hand=ability("amplify"),
                     backpack=card("sh5", "shield", value, initial_value=5))
    accept(match, move("left_hand", "backpack"))
    b = board_of(match)
    assert b["backpack"]["value"] == after and b["backpack"]["initial_value"] == 5


def test_chaos_skips_abilities_and_caps_hp():
    match = setup_match({"board": [card("e10a", "enemy", 10), card("swap", "ability"),
                                   card("sp7", "spell", 7), None],
                         "left_hand": ability("chaos"), "hero": {"hp": 4}, "deck": [G6]},
                        forced=[[4, 7, 10]])
    events = accept(match, move("left_hand", "hero"))
    b = board_of(match)
    assert b["board"][0]["value"] == 4 and b["board"][0]["initial_value"] == 10
    assert b["board"][2]["value"] == 7 and b["hero"]["hp"] == 10
    assert "hero_damaged" not in [e["type"] for e in events]


def test_chaos_forced_list_must_be_a_permutation():
    record = validate_record({"format": 1, "mode": "crawl", "rules": "1", "seed": 1,
                              "options": {}, "setup": {
                                  "board": {"board": [E5, P2, None, None],
                                            "left_hand": ability("chaos")},
                                  "forced": {"dungeon": [[5, 2, 12]]}},
                              "decisions": [move("left_hand", "hero")]})
    with pytest.raises(RecordError, match="bad_forced"):
        replay(record)


def test_chaos_hp_above_max_is_lost():
    match = setup_match({"board": [card("e5a", "enemy", 20, initial_value=5), P2, None, None],
                         "left_hand": ability("chaos"), "hero": {"hp": 9}}, forced=[[9, 2, 20]])
    accept(match, move("left_hand", "hero"))
    assert board_of(match)["hero"]["hp"] == 13


@pytest.mark.parametrize(("target", "stays"), [
    (card("g8", "gold", 8), {"value": 0, "spent": True}),
    (card("p7", "potion", 7), {"value": 7, "spent": False}),
    (E9W, {"value": 4, "type": "enemy"})])
def test_collect_pulls_any_board_card_into_the_backpack(target, stays):
    match = position(target, left_hand=ability("collect"), hero={"hp": 5})
    accept(match, move("left_hand", "board", ti=0))
    b = board_of(match)
    assert b["backpack"]["id"] == target["id"] and b["board"][0] is None
    assert {k: b["backpack"][k] for k in stays} == stays
    assert b["hero"]["hp"] == 5


def test_swap_with_a_one_card_deck():
    match = position(card("e10a", "enemy", 10), left_hand=ability("swap"))
    events = accept(match, move("left_hand", "board", ti=0))
    assert {"type": "card_swapped", "out": "e10a", "in": "g6"} in events
    b = board_of(match)
    assert b["board"][0]["id"] == "g6" and [c["id"] for c in b["deck"]] == ["e10a"]


def test_doomed_on_an_empty_board_is_legal():
    match = setup_match({"board": [None] * 4, "left_hand": ability("doomed")})
    accept(match, move("left_hand", "hero"))
    assert match.result == {"won": True, "score": 50, "reason": "cleared"}


def test_gangrene_removes_a_wounded_enemy():
    match = position(E9W, right_hand=ability("gangrene"))
    events = accept(match, move("right_hand", "board", ti=0))
    assert {"type": "card_removed", "id": "e9a", "reason": "gangrene"} in events
    assert board_of(match)["removed"] == 2


def test_a_rejected_use_consumes_nothing():
    match = position(E5, left_hand=ability("gangrene"))
    assert_rejected(match, move("left_hand", "board", ti=0), "not_wounded")
    assert board_of(match)["left_hand"]["id"] == "gangrene"


def test_abilities_behave_by_effect_not_by_id():
    # Two Amplify cards with their own ids (as in scenario C13) both use the add_value effect.
    match = position(card("sp4", "spell", 4), left_hand=card("amp1", "ability", ability="amplify"),
                     right_hand=card("amp2", "ability", ability="amplify"))
    accept(match, move("left_hand", "board", ti=0))
    accept(match, move("right_hand", "board", ti=0))
    assert board_of(match)["board"][0]["value"] == 10
