"""Rejections (spec crawl.md sections 5.1-5.3): every rejection id, and the validation order.

Every rejected decision must leave the State JSON byte-identical, `turn` unchanged and every
RNG stream untouched (4.3); `assert_rejected` checks all three.
"""

from __future__ import annotations

import pytest

from game.systems.crawl.mode import MESSAGES

from .helpers import accept, assert_rejected, card, deal_match, move, setup_match

E5 = card("e5a", "enemy", 5)
E9W = card("e9a", "enemy", 4, initial_value=9)
P2 = card("p2", "potion", 2)
S4 = card("sp4", "spell", 4)
SH3 = card("sh3", "shield", 3)
G6 = card("g6", "gold", 6)
SP5 = card("sp5", "spell", 5)
P3 = card("p3", "potion", 3)  # a potion for the hands and the backpack  # a spell for the hands (the board holds sp4)


def table(**zones):
    """A play position: board [E5, P2, S4, Sh3] and deck [G6] unless given."""
    board = {"board": [E5, P2, S4, SH3], "deck": [G6]}
    board.update(zones)
    return setup_match(board)


def ability(ability_id, card_id=None):
    return card(card_id or ability_id, "ability", ability=ability_id)


def test_every_rejection_id_has_the_spec_message():
    assert MESSAGES["game_over"] == "The run is over."
    assert MESSAGES["not_your_turn"] == "There is only one seat."
    assert MESSAGES["spent_card"] == "Used up: it clears at the next draw."
    assert len(MESSAGES) == 21


# -- the common checks (5.2 steps 1-5) -----------------------------------------------------
@pytest.mark.parametrize("decision", [
    {"seat": 0, "type": "fly"},
    {"seat": 0},
    {"seat": 0, "type": 3},
    {"seat": "zero", "type": "jump"},  # unknown type comes before a bad seat
])
def test_unknown_decision(decision):
    assert_rejected(table(), decision, "unknown_decision")


@pytest.mark.parametrize("decision", [
    ["not", "an", "object"],
    {"type": "rebuy"},
    {"seat": "0", "type": "rebuy"},
    {"seat": True, "type": "rebuy"},
    {"seat": 0, "type": "move", "from": "pocket", "to": "hero"},
    {"seat": 0, "type": "move", "from": "board", "from_index": 0, "to": "sky"},
    {"seat": 0, "type": "move", "from": "board", "to": "hero"},
    {"seat": 0, "type": "move", "from": "board", "from_index": "0", "to": "hero"},
    {"seat": 0, "type": "move", "from": "board", "from_index": 1.0, "to": "hero"},
    {"seat": 0, "type": "move", "from": "left_hand", "to": "board"},
    {"seat": 0, "type": "move", "from": ["board"], "to": "hero"},
    {"seat": 0, "type": "move", "to": "hero"},
    {"seat": 0, "type": "choose_abilities", "abilities": "swap"},
    {"seat": 0, "type": "choose_abilities", "abilities": ["swap", 3]},
    {"seat": 0, "type": "choose_abilities"},
])
def test_bad_decision(decision):
    assert_rejected(table(), decision, "bad_decision")


def test_index_of_a_zone_that_is_not_the_board_is_ignored():
    match = table(left_hand=None)
    accept(match, {"seat": 0, "type": "move", "from": "board", "from_index": 2, "to": "left_hand",
                   "to_index": "whatever"})
    assert match.state_json()["board"]["left_hand"]["id"] == "sp4"


def test_game_over_and_not_your_turn():
    match = setup_match({"board": [card("e2a", "enemy", 2), None, None, None],
                         "left_hand": card("sp3", "spell", 3)})
    accept(match, move("left_hand", "board", ti=0))
    assert match.result == {"won": True, "score": 50, "reason": "cleared"}
    assert_rejected(match, {"seat": 0, "type": "random_attack"}, "game_over")
    assert_rejected(match, {"seat": 1, "type": "random_attack"}, "game_over")
    assert_rejected(match, {"seat": 0, "type": "choose_abilities", "abilities": []}, "game_over")
    assert_rejected(table(), {"seat": 1, "type": "rebuy"}, "not_your_turn")


def test_wrong_phase():
    pick = deal_match(3, "constructed")
    for decision in ({"seat": 0, "type": "rebuy"}, {"seat": 0, "type": "random_attack"},
                     move("board", "hero", fi=0)):
        assert_rejected(pick, decision, "wrong_phase")
    assert_rejected(table(), {"seat": 0, "type": "choose_abilities",
                              "abilities": ["revive", "life", "chaos", "swap", "doomed"]},
                    "wrong_phase")


# -- the mode's checks (5.2 steps 6-10) -----------------------------------------------------
@pytest.mark.parametrize("picked", [
    ["swap", "revive", "doomed", "life"],
    ["swap", "revive", "doomed", "life", "chaos", "amplify"],
    ["swap", "swap", "doomed", "life", "chaos"],
    ["swap", "revive", "doomed", "life", "fireball"],
    [],
])
def test_bad_abilities(picked):
    assert_rejected(deal_match(3, "constructed"),
                    {"seat": 0, "type": "choose_abilities", "abilities": picked}, "bad_abilities")


def test_rebuy_and_random_attack_checks():
    empty = setup_match({"board": [None] * 4, "deck": [G6]})
    assert_rejected(empty, {"seat": 0, "type": "rebuy"}, "no_cards_on_board")
    assert_rejected(table(random_attack_used=True), {"seat": 0, "type": "random_attack"},
                    "already_used")


CASES = [
    # illegal_move: sources that are not containers, the deck as destination, same place,
    # and the forbidden cells of table 4.4.
    ({}, move("hero", "board", ti=0), "illegal_move"),
    ({}, move("chest", "left_hand"), "illegal_move"),
    ({}, move("deck", "board", ti=0), "illegal_move"),
    ({}, move("board", "deck", fi=0), "illegal_move"),
    ({}, move("board", "board", fi=1, ti=1), "illegal_move"),
    ({"left_hand": SP5}, move("left_hand", "left_hand"), "illegal_move"),
    ({}, move("board", "backpack", fi=0), "illegal_move"),
    ({}, move("board", "chest", fi=0), "illegal_move"),
    ({}, move("board", "board", fi=0, ti=1), "illegal_move"),
    ({}, move("board", "hero", fi=1), "illegal_move"),
    ({}, move("board", "board", fi=1, ti=0), "illegal_move"),
    ({"board": [G6, E5, None, None], "deck": []}, move("board", "hero", fi=0), "illegal_move"),
    ({"board": [G6, E5, None, None], "deck": []}, move("board", "board", fi=0, ti=1),
     "illegal_move"),
    ({"backpack": E5, "board": [P2, None, None, None]}, move("backpack", "board", ti=1),
     "illegal_move"),
    ({"backpack": P3}, move("backpack", "hero"), "illegal_move"),
    # invalid_slot
    ({}, move("board", "hero", fi=4), "invalid_slot"),
    ({}, move("board", "hero", fi=-1), "invalid_slot"),
    ({"left_hand": SP5}, move("left_hand", "board", ti=9), "invalid_slot"),
    # empty_source
    ({"board": [E5, None, None, None]}, move("board", "hero", fi=1), "empty_source"),
    ({}, move("right_hand", "board", ti=0), "empty_source"),
    ({}, move("backpack", "chest"), "empty_source"),
    # spent_card
    ({"left_hand": card("p6", "potion", 2, initial_value=6)}, move("left_hand", "chest"),
     "spent_card"),
    ({"right_hand": card("g4", "gold", 0, initial_value=4)}, move("right_hand", "board", ti=0),
     "spent_card"),
    ({"left_hand": card("p6", "potion", 0, initial_value=6)}, move("left_hand", "hero"),
     "spent_card"),
    ({"backpack": card("g4", "gold", 0, initial_value=4)}, move("backpack", "left_hand"),
     "spent_card"),
    ({"backpack": card("g4", "gold", 0, initial_value=4)}, move("backpack", "chest"),
     "spent_card"),
    # locked_in_hand
    ({"left_hand": card("sp3", "spell", 3)}, move("left_hand", "right_hand"), "locked_in_hand"),
    ({"left_hand": card("sp3", "spell", 3)}, move("left_hand", "backpack"), "locked_in_hand"),
    ({"left_hand": card("sp3", "spell", 3)}, move("left_hand", "chest"), "locked_in_hand"),
    ({"left_hand": card("sh5", "shield", 5), "right_hand": P3}, move("left_hand", "right_hand"),
     "locked_in_hand"),
    ({"left_hand": ability("revive")}, move("left_hand", "right_hand"), "locked_in_hand"),
    ({"left_hand": ability("amplify")}, move("left_hand", "backpack"), "locked_in_hand"),
    ({"left_hand": ability("amplify")}, move("left_hand", "chest"), "locked_in_hand"),
    # hand_full
    ({"left_hand": card("sp3", "spell", 3)}, move("board", "left_hand", fi=1), "hand_full"),
    ({"right_hand": ability("swap")}, move("board", "right_hand", fi=2), "hand_full"),
    ({"board": [G6, None, None, None], "deck": [], "left_hand": SH3},
     move("board", "left_hand", fi=0), "hand_full"),
    ({"backpack": P3, "left_hand": SP5, "board": [E5, None, None, None]},
     move("backpack", "left_hand"), "hand_full"),
    # backpack_full
    ({"backpack": card("sp3", "spell", 3)}, move("board", "backpack", fi=1), "backpack_full"),
    ({"backpack": P3, "board": [G6, None, None, None], "deck": []},
     move("board", "backpack", fi=0), "backpack_full"),
    ({"backpack": P3, "left_hand": ability("collect")}, move("left_hand", "board", ti=0),
     "backpack_full"),
    # no_shield (even on a full hand: design decision 22)
    ({}, move("board", "left_hand", fi=0), "no_shield"),
    ({"right_hand": card("sp3", "spell", 3)}, move("board", "right_hand", fi=0), "no_shield"),
    ({"backpack": E9W, "board": [P2, None, None, None]}, move("backpack", "left_hand"),
     "no_shield"),
    # not_equipped
    ({}, move("board", "board", fi=2, ti=0), "not_equipped"),
    ({}, move("board", "board", fi=3, ti=0), "not_equipped"),
    ({}, move("board", "hero", fi=2), "not_equipped"),
    ({"board": [E5, ability("revive"), None, None]}, move("board", "hero", fi=1), "not_equipped"),
    ({"board": [E5, ability("gangrene"), None, None]}, move("board", "board", fi=1, ti=0),
     "not_equipped"),
    ({"backpack": card("sp3", "spell", 3)}, move("backpack", "board", ti=0), "not_equipped"),
    ({"backpack": ability("life")}, move("backpack", "hero"), "not_equipped"),
    # no_bash
    ({"left_hand": card("sh4", "shield", 4)}, move("left_hand", "board", ti=0), "no_bash"),
    ({"left_hand": card("sh4", "shield", 4)}, move("left_hand", "board", ti=1), "no_bash"),
    # invalid_target
    ({"left_hand": card("sp3", "spell", 3)}, move("left_hand", "board", ti=1), "invalid_target"),
    ({"left_hand": card("sp3", "spell", 3)}, move("left_hand", "hero"), "invalid_target"),
    ({"board": [E5, None, None, None], "left_hand": card("sp3", "spell", 3)},
     move("left_hand", "board", ti=2), "invalid_target"),
    ({"left_hand": card("sh4", "shield", 4, bash=True)}, move("left_hand", "board", ti=1),
     "invalid_target"),
    ({"left_hand": card("sh4", "shield", 4, bash=True)}, move("left_hand", "hero"),
     "invalid_target"),
    ({"left_hand": ability("revive")}, move("left_hand", "board", ti=0), "invalid_target"),
    ({"left_hand": ability("revive"), "right_hand": SP5}, move("left_hand", "right_hand"),
     "invalid_target"),
    ({"left_hand": ability("doomed"), "backpack": P3}, move("left_hand", "backpack"),
     "invalid_target"),
    ({"left_hand": ability("amplify")}, move("left_hand", "hero"), "invalid_target"),
    ({"board": [E5, None, None, None], "left_hand": ability("amplify")},
     move("left_hand", "board", ti=1), "invalid_target"),
    ({"left_hand": ability("amplify")}, move("left_hand", "board", ti=1), "invalid_target"),
    ({"left_hand": ability("amplify")}, move("left_hand", "board", ti=0), "invalid_target"),
    ({"left_hand": ability("pyroclasm"), "right_hand": card("sp3", "spell", 3, pyro=True)},
     move("left_hand", "right_hand"), "invalid_target"),
    ({"left_hand": ability("pyroclasm")}, move("left_hand", "board", ti=3), "invalid_target"),
    ({"left_hand": ability("shield_bash"), "backpack": card("sh5", "shield", 5, bash=True)},
     move("left_hand", "backpack"), "invalid_target"),
    ({"left_hand": ability("banish")}, move("left_hand", "board", ti=1), "invalid_target"),
    ({"left_hand": ability("banish"), "backpack": E9W}, move("left_hand", "backpack"),
     "invalid_target"),
    ({"left_hand": ability("gangrene"), "right_hand": E9W}, move("left_hand", "right_hand"),
     "invalid_target"),
    ({"left_hand": ability("gangrene")}, move("left_hand", "board", ti=1), "invalid_target"),
    ({"left_hand": ability("collect"), "backpack": P3}, move("left_hand", "backpack"),
     "invalid_target"),
    ({"left_hand": ability("swap"), "right_hand": SP5}, move("left_hand", "right_hand"),
     "invalid_target"),
    # not_wounded, deck_empty
    ({"left_hand": ability("gangrene")}, move("left_hand", "board", ti=0), "not_wounded"),
    ({"left_hand": ability("swap"), "deck": []}, move("left_hand", "board", ti=1), "deck_empty"),
]


@pytest.mark.parametrize(("zones", "decision", "error"), CASES)
def test_move_rejection(zones, decision, error):
    assert_rejected(table(**zones), decision, error)


def test_every_mode_rejection_id_is_covered():
    covered = {error for _, _, error in CASES}
    covered |= {"unknown_decision", "bad_decision", "game_over", "not_your_turn", "wrong_phase",
                "bad_abilities", "no_cards_on_board", "already_used"}
    assert covered == set(MESSAGES)


# -- validation order (5.2): the first failing check wins ------------------------------------
ORDER = [
    # 9.1 before 9.2 and 9.3
    ({"board": [None] * 4}, move("hero", "board", ti=9), "illegal_move"),
    ({}, move("board", "deck", fi=7), "illegal_move"),
    # 9.2 before 9.3
    ({"board": [None] * 4}, move("board", "hero", fi=5), "invalid_slot"),
    # 9.3 before 9.4
    ({"board": [E5, None, None, None]}, move("board", "board", fi=2, ti=2), "empty_source"),
    # 9.4 before 9.5.1: a spent potion dropped on its own hand
    ({"left_hand": card("p6", "potion", 1, initial_value=6)}, move("left_hand", "left_hand"),
     "illegal_move"),
    # 9.5.1 spent before locked
    ({"left_hand": card("p6", "potion", 1, initial_value=6), "right_hand": SP5},
     move("left_hand", "right_hand"), "spent_card"),
    # 9.5.2: an ability onto an occupied zone is a use, judged by step 10, not locked
    ({"left_hand": ability("amplify"), "right_hand": card("sp3", "spell", 3)},
     move("left_hand", "right_hand"), None),
    # 9.5.5 shield: no_bash before invalid_target
    ({"board": [None, P2, None, None], "left_hand": card("sh4", "shield", 4)},
     move("left_hand", "board", ti=0), "no_bash"),
    # 9.6: gold in the backpack is spent, whatever the destination
    ({"backpack": card("g4", "gold", 0, initial_value=4), "left_hand": SP5},
     move("backpack", "left_hand"), "spent_card"),
    ({"backpack": card("g4", "gold", 0, initial_value=4)}, move("backpack", "backpack"),
     "illegal_move"),
    # 9.7: an enemy on a full hand is no_shield, not hand_full
    ({"left_hand": card("sp3", "spell", 3)}, move("board", "left_hand", fi=0), "no_shield"),
    # 10.1 before 10.2
    ({"board": [E5, None, None, None], "left_hand": ability("collect"), "backpack": P3},
     move("left_hand", "board", ti=2), "invalid_target"),
    ({"left_hand": ability("gangrene")}, move("left_hand", "board", ti=1), "invalid_target"),
    ({"board": [E5, None, None, None], "left_hand": ability("swap"), "deck": []},
     move("left_hand", "board", ti=1), "invalid_target"),
    ({"left_hand": ability("swap"), "right_hand": SP5, "deck": []},
     move("left_hand", "right_hand"), "invalid_target"),
]


@pytest.mark.parametrize(("zones", "decision", "error"), ORDER)
def test_validation_order(zones, decision, error):
    match = table(**zones)
    if error is None:
        accept(match, decision)
    else:
        assert_rejected(match, decision, error)


def test_common_checks_come_before_the_mode_checks():
    over = setup_match({"board": [E5, None, None, None], "hero": {"hp": 0}},
                       result={"won": False, "score": 0, "reason": "died"})
    assert_rejected(over, {"seat": 0, "type": "teleport"}, "unknown_decision")
    assert_rejected(over, {"seat": 0, "type": "move", "from": "attic", "to": "hero"},
                    "bad_decision")
    assert_rejected(over, {"seat": 3, "type": "move", "from": "hero", "to": "hero"}, "game_over")
    pick = deal_match(3, "constructed")
    assert_rejected(pick, {"seat": 1, "type": "rebuy"}, "not_your_turn")
    assert_rejected(pick, {"seat": 0, "type": "move", "from": "hero", "to": "deck"},
                    "wrong_phase")
