"""Resolutions of moves and hero damage (spec crawl.md sections 4.5 and 4.6), with exact numbers
and the events of 4.14 in resolution order."""

from __future__ import annotations

import pytest

from game.engine.record import RecordError, replay, validate_record
from game.systems.crawl import hero

from .helpers import accept, assert_rejected, board_of, card, move, setup_match

E5 = card("e5a", "enemy", 5)
E7 = card("e7a", "enemy", 7)
P2 = card("p2", "potion", 2)
SP3 = card("sp3", "spell", 3)
G6 = card("g6", "gold", 6)
FILL = [card("e2b", "enemy", 2), card("p9", "potion", 9)]  # keeps 3 cards on the board: no draw


def three(first, **zones):
    """A board of `first` plus two filler cards (so no draw), deck [G6]."""
    return setup_match({"board": [first, *FILL, None], "deck": [G6], **zones})


def types(events):
    return [e["type"] for e in events]


# -- hero damage (4.6) ---------------------------------------------------------------------
def test_damage_order_revive_then_capitalize():
    match = setup_match({"board": [E5, None, None, None],
                         "hero": {"hp": 3, "can_revive": True, "bleed": True}})
    with match.active():
        hero.damage(match, 5, "rebuy")
    b = board_of(match)["hero"]
    assert (b["hp"], b["gold"], b["can_revive"], b["bleed"]) == (1, 5, False, False)
    assert [e.type for e in match.events.pending] == [
        "hero_damaged", "revive_triggered", "capitalize_triggered", "gold_gained"]


def test_capitalize_pays_the_nominal_damage_and_zero_damage_triggers_nothing():
    match = setup_match({"board": [E5, None, None, None], "hero": {"hp": 2, "bleed": True}})
    with match.active():
        hero.damage(match, 0, "excess")
        assert board_of(match)["hero"]["bleed"] and not match.events.pending
        hero.damage(match, 9, "rebuy")
    b = board_of(match)["hero"]
    assert (b["hp"], b["gold"], b["bleed"]) == (0, 9, False)


# -- hit (4.5.1) ------------------------------------------------------------------------------
def test_hit_from_the_board():
    match = three(E7, hero={"hp": 10})
    events = accept(match, move("board", "hero", fi=0))
    assert types(events) == ["card_removed", "hero_damaged"]
    assert events[0] == {"type": "card_removed", "id": "e7a", "reason": "hit"}
    assert events[1] == {"type": "hero_damaged", "amount": 7, "source": "hit"}
    b = board_of(match)
    assert b["hero"]["hp"] == 3 and b["board"][0] is None and b["removed"] == 1


def test_hit_from_the_backpack():
    match = three(P2, backpack=card("e9a", "enemy", 4, initial_value=9))
    accept(match, move("backpack", "hero"))
    b = board_of(match)
    assert b["hero"]["hp"] == 9 and b["backpack"] is None


def test_lethal_hit_ends_the_run_before_the_draw():
    match = setup_match({"board": [E7, None, None, None], "hero": {"hp": 7, "gold": 3},
                         "deck": [G6]})
    events = accept(match, move("board", "hero", fi=0))
    assert match.result == {"won": False, "score": 3, "reason": "died"}
    assert events[-1] == {"type": "run_over", "won": False, "score": 3, "reason": "died"}
    assert board_of(match)["deck_count"] == 1 and match.phase == "over"


# -- Deflect (4.7) ------------------------------------------------------------------------------
def test_deflect_hits_a_random_other_valued_card_without_killing_it():
    match = setup_match({"board": [E5, card("p9", "potion", 9), card("swap", "ability"),
                                   card("sh7", "shield", 7)],
                         "hero": {"reflect_damage": True, "bleed": True}, "deck": [G6]},
                        forced=[3])
    events = accept(match, move("board", "hero", fi=0))
    b = board_of(match)
    assert b["board"][0]["value"] == 5 and b["board"][3]["value"] == 2
    assert b["hero"]["hp"] == 13 and b["hero"]["gold"] == 0 and b["hero"]["bleed"]
    assert not b["hero"]["reflect_damage"]
    assert events[0] == {"type": "deflected", "enemy": "e5a", "target": "sh7"}


def test_deflect_from_the_backpack_may_strike_any_valued_board_card():
    match = setup_match({"board": [card("p3", "potion", 3), card("g4", "gold", 4), None, None],
                         "backpack": E7, "hero": {"reflect_damage": True}, "deck": [G6]},
                        forced=[0])
    accept(match, move("backpack", "hero"))
    b = board_of(match)
    assert b["backpack"]["id"] == "e7a" and b["removed"] == 1  # p3 struck to 0
    # One card was left on the board, so the draw refilled slot 0.
    assert [c and c["id"] for c in b["board"]] == ["g6", "g4", None, None]


def test_deflect_forced_target_must_be_a_valid_slot():
    record = validate_record({"format": 1, "mode": "crawl", "rules": "1", "seed": 1,
                              "options": {"variant": "normal"},
                              "setup": {"board": {"board": [E5, P2, None, None],
                                                  "hero": {"reflect_damage": True}},
                                        "forced": {"dungeon": [0]}},
                              "decisions": [move("board", "hero", fi=0)]})
    with pytest.raises(RecordError, match="bad_forced"):
        replay(record)


# -- block (4.5.2) ----------------------------------------------------------------------------
def test_block_absorbs_and_keeps_the_shield():
    match = three(E5, right_hand=card("sh7", "shield", 7, bash=True))
    events = accept(match, move("board", "right_hand", fi=0))
    assert events[:3] == [
        {"type": "shield_absorbed", "id": "sh7", "amount": 5},
        {"type": "value_changed", "id": "sh7", "from": 7, "to": 2},
        {"type": "card_removed", "id": "e5a", "reason": "blocked"}]
    b = board_of(match)
    assert b["right_hand"]["value"] == 2 and b["right_hand"]["bash"] and b["hero"]["hp"] == 13


def test_block_exactly_breaks_the_shield_without_damage():
    match = three(E5, left_hand=card("sh5", "shield", 5), hero={"bleed": True})
    events = accept(match, move("board", "left_hand", fi=0))
    assert "hero_damaged" not in types(events)
    b = board_of(match)
    assert b["left_hand"] is None and b["hero"]["bleed"] and b["removed"] == 2


def test_block_excess_hurts_and_an_enemy_from_the_backpack_can_block():
    match = three(P2, backpack=E7, left_hand=card("sh4", "shield", 4))
    events = accept(match, move("backpack", "left_hand"))
    assert {"type": "hero_damaged", "amount": 3, "source": "excess"} in events
    assert board_of(match)["hero"]["hp"] == 10


# -- attack and bash (4.5.3-4) ----------------------------------------------------------------
def test_attack_wounds_and_uses_the_spell_up():
    match = three(card("e9a", "enemy", 9), left_hand=card("sp4", "spell", 4))
    accept(match, move("left_hand", "board", ti=0))
    b = board_of(match)
    assert b["board"][0]["value"] == 5 and b["board"][0]["initial_value"] == 9
    assert b["left_hand"] is None and b["removed"] == 1


def test_attack_surplus_is_lost_and_pyro_keeps_the_spell_once():
    match = three(card("e2a", "enemy", 2), left_hand=card("sp7", "spell", 7, pyro=True))
    events = accept(match, move("left_hand", "board", ti=0))
    assert {"type": "card_removed", "id": "e2a", "reason": "killed"} in events
    b = board_of(match)
    assert b["left_hand"]["value"] == 7 and not b["left_hand"]["pyro"]


def test_bash_neither_wears_nor_uses_the_shield():
    match = three(card("e9a", "enemy", 9), left_hand=card("sh4", "shield", 4, bash=True))
    accept(match, move("left_hand", "board", ti=0))
    accept(match, move("left_hand", "board", ti=0))
    b = board_of(match)
    assert b["board"][0]["value"] == 1 and b["left_hand"]["value"] == 4 and b["left_hand"]["bash"]


# -- drink, collect, equip, store, sell (4.5.5-9) ---------------------------------------------
def test_drink_at_full_hp_heals_nothing_and_blocks_the_hand():
    match = three(card("p7", "potion", 7))
    events = accept(match, move("board", "left_hand", fi=0))
    assert {"type": "hero_healed", "amount": 0} in events
    b = board_of(match)
    assert b["left_hand"]["value"] == 7 and b["left_hand"]["spent"]
    assert_rejected(match, move("board", "left_hand", fi=2), "hand_full")


def test_drink_from_the_backpack():
    match = three(E5, backpack=card("p8", "potion", 8), hero={"hp": 7})
    accept(match, move("backpack", "right_hand"))
    b = board_of(match)
    assert b["hero"]["hp"] == 13 and b["right_hand"]["value"] == 2 and b["backpack"] is None


@pytest.mark.parametrize("dest", ["left_hand", "backpack"])
def test_collect_gold(dest):
    match = three(card("g7", "gold", 7), hero={"gold": 2})
    events = accept(match, move("board", dest, fi=0))
    assert {"type": "gold_gained", "amount": 7, "source": "collect"} in events
    b = board_of(match)
    assert b["hero"]["gold"] == 9 and b[dest]["value"] == 0 and b[dest]["spent"]
    assert b[dest]["initial_value"] == 7


def test_equip_and_store_move_the_card_and_a_stored_potion_keeps():
    match = setup_match({"board": [SP3, card("p5", "potion", 5), E5, E7], "hero": {"hp": 5},
                         "deck": [G6]})
    events = accept(match, move("board", "right_hand", fi=0))
    assert events[0] == {"type": "card_moved", "id": "sp3", "from": "board.0",
                         "to": "right_hand"}
    accept(match, move("board", "backpack", fi=1))
    b = board_of(match)
    assert b["right_hand"]["id"] == "sp3" and b["backpack"]["value"] == 5
    assert not b["backpack"]["spent"] and b["hero"]["hp"] == 5


@pytest.mark.parametrize(("sold", "gold"), [
    (card("sp6", "spell", 6), 6), (card("sh4", "shield", 4, initial_value=7), 4),
    (card("p9", "potion", 9), 9), (card("g8", "gold", 8), 0),
    (card("life", "ability"), 0)])
def test_chest_prices(sold, gold):
    match = setup_match({"board": [sold, E5, E7, None], "deck": [G6]})
    events = accept(match, move("board", "chest", fi=0))
    assert events[0] == {"type": "card_removed", "id": sold["id"], "reason": "sold"}
    assert board_of(match)["hero"]["gold"] == gold and board_of(match)["removed"] == 1


def test_an_enemy_in_the_backpack_is_discarded_for_nothing():
    match = three(P2, backpack=E7)
    accept(match, move("backpack", "chest"))
    assert board_of(match)["hero"]["gold"] == 0 and board_of(match)["backpack"] is None
