"""The preview line (the rules' preview, dressed for the screen) and the Hint caption."""

from __future__ import annotations

import pytest

from game.engine.record import build_match
from game.scenes.crawl.catalogue import load_catalogue
from game.scenes.crawl.preview import (
    damage_note,
    describe,
    dest_place,
    hint_caption,
    rules_preview,
    source_place,
)
from tests.scenes.crawl.crawl_scene_helpers import setup_record


def move(frm, to, fi=None, ti=None):
    d = {"seat": 0, "type": "move", "from": frm}
    if frm == "board":
        d["from_index"] = fi
    d["to"] = to
    if to == "board":
        d["to_index"] = ti
    return d


@pytest.fixture(scope="module")
def cat():
    return load_catalogue()


@pytest.fixture
def line():
    """line(setup board, decision) -> (preview line, hint caption) on that position."""
    matches = []

    def make(board, decision, **hero):
        setup = {"board": {**board, "hero": hero,
                           "deck": [{"id": "g6", "type": "gold", "value": 6}]}}
        match = build_match(setup_record(setup))
        matches.append(match)
        view = match.view_json(0)
        ok, kind, text = rules_preview(match, decision)
        assert ok, text
        return (describe(view, decision, kind, text),
                hint_caption(view, decision, load_catalogue(), kind, text))

    yield make
    for match in matches:
        match.close()


E5 = {"id": "e5a", "type": "enemy", "value": 5}
GOBLIN = {"id": "e7a", "type": "enemy", "value": 7}
TROLL = {"id": "e9a", "type": "enemy", "value": 9}


def test_places():
    assert source_place(move("board", "hero", fi=2)) == "board.2"
    assert dest_place(move("left_hand", "board", ti=3)) == "board.3"
    assert dest_place(move("backpack", "chest")) == "chest"


def test_damage_note():
    hero = {"hp": 5, "max_hp": 13, "can_revive": False, "bleed": False}
    assert damage_note(4, hero) == ""
    assert damage_note(5, hero) == " (fatal!)"
    assert damage_note(6, {**hero, "can_revive": True}) == " (Revive saves you at 1 HP)"
    assert damage_note(2, {**hero, "bleed": True}) == " (+2 gold)"
    assert damage_note(0, hero) == ""


def test_block(line):
    text, hint = line({"board": [{"id": "e4a", "type": "enemy", "value": 4}, None, None, None],
                       "right_hand": {"id": "sh6", "type": "shield", "value": 6}},
                      move("board", "right_hand", fi=0))
    assert text == "Block: shield 6 → 2"
    assert hint == "Hint: block the Fire Lamb with your Round Buckler"
    text, _ = line({"board": [GOBLIN, None, None, None],
                    "right_hand": {"id": "sh6", "type": "shield", "value": 6}},
                   move("board", "right_hand", fi=0), hp=1)
    assert text.startswith("Block: shield breaks, −1 HP") and text.endswith("(fatal!)")


def test_hit(line):
    assert line({"board": [E5, None, None, None]}, move("board", "hero", fi=0))[0] == (
        "Hit: −5 HP")
    text, hint = line({"board": [E5, None, None, None]}, move("board", "hero", fi=0), hp=5)
    assert text == "Hit: −5 HP (fatal!)"
    assert hint == "Hint: take the Slime on the hero (−5 HP)"
    text, _ = line({"board": [E5, None, None, None]}, move("board", "hero", fi=0), hp=4,
                   can_revive=True)
    assert text == "Hit: −5 HP (Revive saves you at 1 HP)"
    text, hint = line({"board": [E5, {"id": "p2", "type": "potion", "value": 2}, None, None]},
                      move("board", "hero", fi=0), reflect_damage=True)
    assert text.startswith("Deflect") and hint == "Hint: let Deflect turn the Slime aside"


def test_attack_and_bash(line):
    text, hint = line({"board": [TROLL, None, None, None],
                       "left_hand": {"id": "sp4", "type": "spell", "value": 4}},
                      move("left_hand", "board", ti=0))
    assert text == "Wound 9 → 5" and hint == "Hint: attack the Troll with your Firebolt"
    text, _ = line({"board": [{"id": "e3a", "type": "enemy", "value": 3}, None, None, None],
                    "left_hand": {"id": "sp4", "type": "spell", "value": 4, "pyro": True}},
                   move("left_hand", "board", ti=0))
    assert text == "Kill (Pyroclasm: the spell stays)"
    text, hint = line({"board": [TROLL, None, None, None],
                       "right_hand": {"id": "sh4", "type": "shield", "value": 4, "bash": True}},
                      move("right_hand", "board", ti=0))
    assert text == "Bash: wound 9 → 5" and hint == "Hint: bash the Troll with your Oak Shield"


def test_drink_collect_equip_store_sell(line):
    board = {"board": [{"id": "p7", "type": "potion", "value": 7},
                       {"id": "g6b", "type": "gold", "value": 6},
                       {"id": "sp3", "type": "spell", "value": 3},
                       {"id": "sh2", "type": "shield", "value": 2}]}
    assert line(board, move("board", "left_hand", fi=0), hp=10)[0] == (
        "Drink: +3 HP (4 left in the card)")
    assert line(board, move("board", "backpack", fi=1))[0] == "Collect +6 gold"
    text, hint = line(board, move("board", "left_hand", fi=2))
    assert text == "Equip" and hint == "Hint: equip the Frost Shard in your left hand"
    assert line(board, move("board", "backpack", fi=3))[0] == "Store"
    text, hint = line(board, move("board", "chest", fi=2))
    assert text == "Sell +3 gold" and hint == "Hint: sell the Frost Shard (+3 gold)"
    text, hint = line(board, move("board", "chest", fi=1))
    assert text == "Discard (0 gold)" and hint == "Hint: discard the Pouch in the chest"


def test_abilities(line):
    text, hint = line({"board": [{"id": "sp7", "type": "spell", "value": 7}, None, None, None],
                       "left_hand": {"id": "amplify", "type": "ability", "ability": "amplify"}},
                      move("left_hand", "board", ti=0))
    assert text == "Amplify: 7 → 10" and hint == "Hint: use Amplify on the Meteor"
    text, hint = line({"board": [E5, None, None, None],
                       "left_hand": {"id": "doomed", "type": "ability", "ability": "doomed"}},
                      move("left_hand", "hero"))
    assert text.startswith("Doomed") and hint == "Hint: use Doomed"


def test_rebuy_and_random_attack(line):
    text, hint = line({"board": [E5, None, None, None]}, {"seat": 0, "type": "rebuy"}, hp=4)
    assert text.startswith("Rebuy: −5 HP") and text.endswith("(fatal!)")
    assert hint == "Hint: rebuy the board (−5 HP)"
    _, hint = line({"board": [E5, None, None, None]}, {"seat": 0, "type": "random_attack"})
    assert hint == "Hint: use the random attack"
