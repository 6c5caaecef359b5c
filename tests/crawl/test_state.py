"""The State JSON and the seat view (spec crawl.md section 6)."""

from __future__ import annotations

import json

from game.engine.record import build_match, new_record, validate_record
from game.systems.crawl.view import mask_board
from tests.match_helpers import spec_data

from .helpers import accept, canonical, card, deal_match, setup_match

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


def _counted(board):
    """The deck's types counted from the printed deck itself (no memo involved)."""
    counts = dict.fromkeys(["enemy", "spell", "shield", "potion", "gold", "ability"], 0)
    for c in board["deck"]:
        counts[c["type"]] += 1
    return counts


def test_deck_types_memo_is_counted_again_whenever_the_deck_changes():
    """`deck_types` is a memo of the deck tuple (game.systems.crawl.state.DeckTypes): after
    every decision of CPU games (draws, returns, swaps, abilities that create cards), after a
    search's rollbacks and in a scratch match reloaded from one view after another, it equals
    a fresh count of the printed deck."""
    from game.ai.crawl.scratch import determinize
    from game.engine.autoplay import play_cpu_match
    from game.engine.modes import get_mode
    from game.engine.resources import load_mode_resources
    from game.engine.scratch import ScratchMatch
    from game.systems.crawl.content import content_of
    from game.systems.crawl.scratch import new_scratch, scratch_setup

    spec = get_mode("crawl")
    views = []
    for seed, level, variant in [(1, "easy", "normal"), (2, "normal", "normal"),
                                 (3, "easy", "constructed"), (4, "normal", "daily")]:
        options = {"variant": variant, **({"date": "2026-01-04"} if variant == "daily" else {})}
        seed = 20260104 if variant == "daily" else seed
        played = play_cpu_match(spec, seed, {0: level}, options)
        match = build_match(validate_record(new_record("crawl", "1", seed, options)))
        for n, decision in enumerate(played.record["decisions"]):
            if n % 5 == 0 and match.phase == "play":  # a search: marks, tries, rolls back
                for tried in match.legal_decisions(0)[:6]:
                    mark = match.mark()
                    match.submit(tried)
                    board = match.state_json()["board"]
                    assert board["deck_types"] == _counted(board)
                    match.rollback(mark)
                    board = match.state_json()["board"]
                    assert board["deck_types"] == _counted(board)
            match.submit(decision)
            board = match.state_json()["board"]
            assert board["deck_types"] == _counted(board), (seed, n, decision)
            views.append(match.view_json(0))
    resources = load_mode_resources(spec)
    content = content_of(resources)
    scratch = ScratchMatch(lambda _: new_scratch(resources, "normal"),
                           lambda view: scratch_setup(view, determinize(view, content, None)))
    for view in views[::3]:  # one scratch match reloaded from view after view
        if view["phase"] == "play":
            match = scratch.load(view)
            board = match.state_json()["board"]
            assert board["deck_types"] == _counted(board) == view["board"]["deck_types"]
    scratch.close()


def test_deck_types_follow_a_swap_that_keeps_the_deck_size():
    """Swap sends a board enemy to the deck's bottom and draws its gold top: the deck keeps one
    card, of another type, so the memo must see a new deck, not a deck of the same size."""
    match = setup_match({"board": [card("e10a", "enemy", 10), card("e2a", "enemy", 2),
                                   card("e3a", "enemy", 3), None],
                         "left_hand": card("swap", "ability"), "deck": [card("g6", "gold", 6)]})
    assert match.view_json(0)["board"]["deck_types"]["gold"] == 1
    accept(match, {"seat": 0, "type": "move", "from": "left_hand", "to": "board",
                   "to_index": 0})
    board = match.state_json()["board"]
    assert [c["id"] for c in board["deck"]] == ["e10a"]
    assert match.view_json(0)["board"]["deck_types"] == {
        "enemy": 1, "spell": 0, "shield": 0, "potion": 0, "gold": 0, "ability": 0}
