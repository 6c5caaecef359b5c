"""The canonical decision list (spec crawl.md section 7) and the move previews (8.3)."""

from __future__ import annotations

import random

import pytest

from game.systems.crawl.legal import (
    DESTINATIONS,
    SOURCES,
    legal_from_state,
    legal_moves_from,
    move_decision,
    moves_from,
)
from game.systems.crawl.moves import judge_move
from game.systems.crawl.preview import preview, preview_match
from game.systems.crawl.table import CardView, ViewTable, table_from_state
from game.systems.crawl.world import table_of

from .helpers import card, deal_match, setup_match


def brute_force(match):
    """Every (source, destination) pair judged on its own, in canonical order."""
    table, content = table_of(match), match.rules.content
    out = [move_decision(f, fi, t, ti) for f, fi in SOURCES for t, ti in DESTINATIONS
           if judge_move(table, content, f, fi, t, ti)[0] is None]
    if table.board_count():
        out.append({"seat": 0, "type": "rebuy"})
    if not table.random_attack_used:
        out.append({"seat": 0, "type": "random_attack"})
    return out


def test_canonical_order_on_a_full_table():
    match = setup_match({"board": [card("e5a", "enemy", 5), card("p2", "potion", 2), None,
                                   card("swap", "ability")],
                         "left_hand": card("sh4", "shield", 4, bash=True),
                         "backpack": card("g3", "gold", 0, initial_value=3),
                         "deck": [card("g6", "gold", 6)], "random_attack_used": True})
    legal = match.legal_decisions(0)
    assert legal == [
        {"seat": 0, "type": "move", "from": "board", "from_index": 0, "to": "left_hand"},
        {"seat": 0, "type": "move", "from": "board", "from_index": 0, "to": "hero"},
        {"seat": 0, "type": "move", "from": "board", "from_index": 1, "to": "right_hand"},
        {"seat": 0, "type": "move", "from": "board", "from_index": 1, "to": "chest"},
        {"seat": 0, "type": "move", "from": "board", "from_index": 3, "to": "right_hand"},
        {"seat": 0, "type": "move", "from": "board", "from_index": 3, "to": "chest"},
        {"seat": 0, "type": "move", "from": "left_hand", "to": "board", "to_index": 0},
        {"seat": 0, "type": "rebuy"},
    ]
    assert legal == brute_force(match)


@pytest.mark.parametrize("seed", range(8))
def test_legal_list_equals_judging_every_pair_and_every_listed_move_is_accepted(seed):
    rng = random.Random(seed)
    match = deal_match(seed)
    while match.result is None:
        legal = match.legal_decisions(0)
        assert legal == brute_force(match)
        assert legal_from_state(match.view_json(0), match.rules.content) == legal
        for decision in legal:
            mark = match.mark()
            assert match.submit(decision).ok
            match.rollback(mark)
        assert match.submit(rng.choice(legal)).ok


TABLE_FIELDS = ("board", "left_hand", "right_hand", "backpack", "hp", "max_hp", "gold",
                "effects", "deck_count", "clear_counter", "random_attack_used", "phase")


def picture(value):
    """A table field as comparable data (a card view as its attributes)."""
    if isinstance(value, list):
        return [picture(v) for v in value]
    if isinstance(value, CardView):
        return {k: getattr(value, k) for k in CardView.__slots__}
    return value


@pytest.mark.parametrize("seed", range(4))
def test_the_lazy_view_table_judges_every_move_as_the_whole_picture(seed):
    """`ViewTable` (the normal CPU judges one use of a view with it) reads each field and slot
    when first asked: every field, every zone's card and every pair's verdict are those of
    `table_from_state`, whatever is asked first."""
    rng = random.Random(seed)
    match = deal_match(seed)
    content = match.rules.content
    while match.result is None:
        view = match.view_json(0)
        whole = table_from_state(view)
        for f, fi in SOURCES:
            for t, ti in DESTINATIONS:
                assert (judge_move(ViewTable(view), content, f, fi, t, ti)
                        == judge_move(whole, content, f, fi, t, ti)), (f, fi, t, ti)
        lazy = ViewTable(view)
        for zone, index in (*SOURCES, ("hero", None)):
            assert picture(lazy.at(zone, index)) == picture(whole.at(zone, index))
        for name in rng.sample(TABLE_FIELDS, len(TABLE_FIELDS)):
            assert picture(getattr(lazy, name)) == picture(getattr(whole, name)), name
        assert lazy.board_count() == whole.board_count()
        match.submit(rng.choice(match.legal_decisions(0)))


def test_moves_from_one_source_for_the_drag_highlights():
    match = setup_match({"board": [card("e5a", "enemy", 5), card("p2", "potion", 2), None, None],
                         "right_hand": card("sh6", "shield", 6)})
    table, content = table_of(match), match.rules.content
    assert [d["to"] for d in legal_moves_from(table, content, "board", 0)] == [
        "right_hand", "hero"]
    assert legal_moves_from(table, content, "board", 2) == []
    assert legal_moves_from(table, content, "right_hand") == []
    assert moves_from(match, "board", 1) == legal_moves_from(table, content, "board", 1)


@pytest.mark.parametrize(("zones", "decision", "text"), [
    ({"right_hand": card("sh6", "shield", 6)},
     move_decision("board", 0, "right_hand", None), "Block: shield 6 → 1"),
    ({"right_hand": card("sh3", "shield", 3)},
     move_decision("board", 0, "right_hand", None), "Block: shield breaks, −2 HP"),
    ({}, move_decision("board", 0, "hero", None), "Hit: −5 HP"),
    ({"hero": {"reflect_damage": True}}, move_decision("board", 0, "hero", None),
     "Deflect: strikes another card"),
    ({"left_hand": card("sp7", "spell", 7)}, move_decision("left_hand", None, "board", 0),
     "Kill"),
    ({"left_hand": card("sp3", "spell", 3)}, move_decision("left_hand", None, "board", 0),
     "Wound 5 → 2"),
    ({"hero": {"hp": 11}}, move_decision("board", 1, "left_hand", None), "Drink: +2 HP"),
    ({}, move_decision("board", 2, "backpack", None), "Collect +6 gold"),
    ({}, move_decision("board", 1, "chest", None), "Sell +3 gold"),
    ({}, move_decision("board", 2, "chest", None), "Discard (0 gold)"),
    ({}, move_decision("board", 3, "left_hand", None), "Equip"),
    ({}, move_decision("board", 3, "backpack", None), "Store"),
    ({"left_hand": card("amplify", "ability")}, move_decision("left_hand", None, "board", 3),
     "Amplify: 8 → 10"),
    ({"clear_counter": 1}, {"seat": 0, "type": "rebuy"}, "Rebuy: −7 HP"),
])
def test_preview_lines(zones, decision, text):
    match = setup_match({"board": [card("e5a", "enemy", 5), card("p3", "potion", 3),
                                   card("g6", "gold", 6), card("sp8", "spell", 8)], **zones})
    shown = preview_match(match, decision)
    assert shown.ok and shown.text == text


def test_preview_of_an_illegal_move_gives_the_rejection():
    match = setup_match({"board": [card("e5a", "enemy", 5), None, None, None]})
    shown = preview(table_of(match), match.rules.content, move_decision("board", 0, "chest",
                                                                        None))
    assert not shown.ok and shown.kind == "illegal_move"
    assert shown.text == "That card can't go there."
