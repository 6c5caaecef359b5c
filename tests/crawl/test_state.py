"""The State JSON and the seat view (spec crawl.md section 6)."""

from __future__ import annotations

import json

from game.engine.record import build_match, new_record, validate_record
from game.systems.crawl.view import mask_board
from tests.match_helpers import spec_data

from .helpers import canonical, card, deal_match, setup_match

BOARD_KEYS = ["variant", "abilities", "board", "left_hand", "right_hand", "backpack", "hero",
              "deck", "deck_count", "deck_types", "clear_counter", "rebuy_cost",
              "random_attack_used", "removed"]
CARD_KEYS = ["id", "type", "value", "initial_value", "ability", "pyro", "bash", "spent", "name"]


def test_key_order():
    state = deal_match(4).state_json()
    assert list(state) == ["mode", "rules", "seed", "phase", "turn", "to_act", "result", "seats",
                           "board"]
    board = state["board"]
    assert list(board) == BOARD_KEYS
    assert list(board["hero"]) == ["hp", "max_hp", "gold", "can_revive", "reflect_damage",
                                   "bleed"]
    assert list(board["deck_types"]) == ["enemy", "spell", "shield", "potion", "gold", "ability"]
    for c in [*board["board"], *board["deck"]]:
        assert list(c) == CARD_KEYS
    assert (state["mode"], state["rules"]) == ("crawl", "1")


def test_deck_types_lists_zeros_and_rebuy_cost_is_derived():
    match = setup_match({"board": [card("e5a", "enemy", 5), None, None, None],
                         "deck": [card("g6", "gold", 6)], "clear_counter": 3})
    board = match.state_json()["board"]
    assert board["deck_types"] == {"enemy": 0, "spell": 0, "shield": 0, "potion": 0, "gold": 1,
                                   "ability": 0}
    assert board["rebuy_cost"] == 11


def test_the_spec_example_loads_as_a_setup_and_prints_back_identically():
    example = spec_data("crawl", "state_example")  # spec 6.2, by tests/crawl/extract_scenarios.py
    match = build_match(validate_record(new_record("crawl", "1", example["seed"],
                                                   {"variant": "normal"}, example)))
    assert canonical(match.state_json()) == canonical(example)
    view = match.view_json(0)
    assert view["seed"] == "hidden" and view["board"]["deck"] == "hidden"
    assert {**view, "seed": 7, "board": {**view["board"], "deck": example["board"]["deck"]}} == (
        example)


def test_seat_view_masks_only_the_deck_and_the_seed():
    match = deal_match(8)
    for _ in range(3):
        match.submit(match.legal_decisions(0)[0])
    full, view = match.state_json(), match.view_json(0)
    assert view["seed"] == "hidden" and view["board"]["deck"] == "hidden"
    assert list(view["board"]) == BOARD_KEYS
    assert mask_board(full["board"], 0) == view["board"]
    assert {**full, "seed": "hidden", "board": {**full["board"], "deck": "hidden"}} == view
    assert "deck" not in json.dumps(view["board"]["board"])
