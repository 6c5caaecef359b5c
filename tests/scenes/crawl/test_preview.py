"""The preview line and the Hint caption (pure functions of the seat view)."""

from __future__ import annotations

import pytest

from game.scenes.crawl.catalogue import load_catalogue
from game.scenes.crawl.preview import classify, dest_place, hint_caption, preview, source_place


def card(cid, ctype, value=None, **kw):
    out = {"id": cid, "type": ctype, "value": value, "initial_value": kw.pop("initial", value),
           "ability": kw.pop("ability", None), "pyro": False, "bash": False, "spent": False,
           "name": kw.pop("name", cid)}
    out.update(kw)
    return out


def view(board=None, left=None, right=None, backpack=None, **hero):
    h = {"hp": 13, "max_hp": 13, "gold": 0, "can_revive": False, "reflect_damage": False,
         "bleed": False}
    h.update(hero)
    return {"phase": "play", "board": {
        "board": board or [None] * 4, "left_hand": left, "right_hand": right,
        "backpack": backpack, "hero": h, "deck_count": 3, "rebuy_cost": 7,
        "random_attack_used": False}}


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


def test_places():
    assert source_place(move("board", "hero", fi=2)) == "board.2"
    assert dest_place(move("left_hand", "board", ti=3)) == "board.3"
    assert dest_place(move("backpack", "chest")) == "chest"


def test_block(cat):
    goblin = card("e7a", "enemy", 7, name="Goblin")
    v = view([goblin, None, None, None], right=card("sh6", "shield", 6), hp=9)
    v2 = view([card("e4a", "enemy", 4)], right=card("sh6", "shield", 6))
    assert preview(v2, move("board", "right_hand", fi=0), cat) == "Block: shield 6 → 2"
    assert preview(v, move("board", "right_hand", fi=0), cat) == "Block: the shield breaks, −1 HP"
    v3 = view([card("e6a", "enemy", 6)], left=card("sh6", "shield", 6))
    assert preview(v3, move("board", "left_hand", fi=0), cat) == "Block: the shield breaks"
    assert hint_caption(v, move("board", "right_hand", fi=0), cat) == (
        "Hint: block the Goblin with your sh6")


def test_hit_and_its_notes(cat):
    e5 = card("e5a", "enemy", 5)
    assert preview(view([e5]), move("board", "hero", fi=0), cat) == "Hit: −5 HP"
    assert preview(view([e5], hp=5), move("board", "hero", fi=0), cat) == "Hit: −5 HP (fatal!)"
    assert preview(view([e5], hp=4, can_revive=True), move("board", "hero", fi=0), cat) == (
        "Hit: −5 HP (Revive saves you at 1 HP)")
    assert preview(view([e5], bleed=True), move("board", "hero", fi=0), cat) == (
        "Hit: −5 HP (+5 gold)")
    deflect = view([e5], reflect_damage=True)
    assert classify(deflect, move("board", "hero", fi=0), cat) == "deflect"
    assert preview(deflect, move("board", "hero", fi=0), cat).startswith("Deflect")


def test_attack_and_bash(cat):
    troll = card("e9a", "enemy", 9, name="Troll")
    v = view([troll], left=card("sp4", "spell", 4))
    assert preview(v, move("left_hand", "board", ti=0), cat) == "Wound 9 → 5"
    v = view([card("e3a", "enemy", 3)], left=card("sp4", "spell", 4, pyro=True))
    assert preview(v, move("left_hand", "board", ti=0), cat) == (
        "Kill (Pyroclasm: the spell stays)")
    v = view([troll], right=card("sh4", "shield", 4, bash=True))
    assert preview(v, move("right_hand", "board", ti=0), cat) == "Bash: wound 9 → 5"
    assert hint_caption(v, move("right_hand", "board", ti=0), cat) == (
        "Hint: bash the Troll with your sh4")


def test_drink_collect_equip_store_sell(cat):
    v = view([card("p7", "potion", 7), card("g6", "gold", 6), card("sp3", "spell", 3),
              card("sh2", "shield", 2)], hp=10)
    assert preview(v, move("board", "left_hand", fi=0), cat) == "Drink: +3 HP (4 left in the card)"
    assert preview(v, move("board", "backpack", fi=1), cat) == "Collect +6 gold"
    assert preview(v, move("board", "right_hand", fi=1), cat) == "Collect +6 gold"
    assert preview(v, move("board", "left_hand", fi=2), cat) == "Equip"
    assert preview(v, move("board", "backpack", fi=3), cat) == "Store"
    assert preview(v, move("board", "chest", fi=2), cat) == "Sell +3 gold"
    assert preview(v, move("board", "chest", fi=1), cat) == "Discard (0 gold)"
    assert hint_caption(v, move("board", "left_hand", fi=2), cat) == (
        "Hint: equip the sp3 in your left hand")


def test_abilities(cat):
    amp = card("amplify", "ability", ability="amplify", name="Amplify")
    v = view([card("sp7", "spell", 7)], left=amp)
    assert preview(v, move("left_hand", "board", ti=0), cat) == "Amplify: spell 7 → 10"
    life = card("life", "ability", ability="life", name="Life")
    assert preview(view(left=life), move("left_hand", "hero"), cat) == (
        "Life: drink a potion worth 1–10 at once")
    doomed = card("doomed", "ability", ability="doomed", name="Doomed")
    v = view([card("e2a", "enemy", 2), card("p2", "potion", 2)], left=doomed)
    assert preview(v, move("left_hand", "hero"), cat) == "Doomed: destroy all 2 board cards"
    assert hint_caption(v, move("left_hand", "hero"), cat) == "Hint: use Doomed"
    gang = card("gangrene", "ability", ability="gangrene")
    v = view([card("e9a", "enemy", 5, initial=9, name="Troll")], left=gang)
    assert hint_caption(v, move("left_hand", "board", ti=0), cat) == (
        "Hint: use Gangrene on the Troll")


def test_rebuy_and_random_attack(cat):
    v = view([card("e5a", "enemy", 5)], hp=7)
    assert preview(v, {"seat": 0, "type": "rebuy"}, cat).startswith("Rebuy: −7 HP")
    assert "fatal" in preview(v, {"seat": 0, "type": "rebuy"}, cat)
    assert hint_caption(v, {"seat": 0, "type": "random_attack"}, cat) == (
        "Hint: use the random attack")
