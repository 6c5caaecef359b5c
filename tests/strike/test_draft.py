"""Deal, draft and placement (spec strike.md 4.3, 4.4, section 5 checks)."""

from __future__ import annotations

import pytest

from game.systems.strike import world
from game.systems.strike.content import load_content

from .helpers import accept, assert_rejected, deal_match, setup_match

POOL = list(load_content([]).pool)


def draft_setup(hands, decks, to_act=0, **board):
    return {"phase": "draft", "to_act": [to_act],
            "board": {"hands": hands, "decks": decks, **board}}


def test_deal_is_seeded_sorted_and_complete():
    match = deal_match(7)
    state = match.state_json()
    b = state["board"]
    assert state["phase"] == "draft" and state["to_act"] == [0] and state["turn"] == 0
    assert b["picks"] == 0 and b["decks"] == [[], []] and b["units"] == []
    assert b["round"] == 0 and b["rolls"] == [] and b["flames"] == []
    assert len(b["hands"][0]) == len(b["hands"][1]) == 5 and len(b["discard"]) == 10
    assert sorted(b["hands"][0] + b["hands"][1] + b["discard"]) == sorted(POOL)
    for part in (b["hands"][0], b["hands"][1], b["discard"]):
        assert part == sorted(part, key=POOL.index)
    assert deal_match(7).state_json() == state
    assert match.stream("deal").draws == 1
    assert any(deal_match(s).state_json()["board"]["hands"] != b["hands"] for s in range(8, 12))


def test_draft_legal_order():
    match = setup_match(draft_setup([["ember_vine", "overgrowth"], ["logic_trap"]], [[], []]))
    assert match.legal_decisions(0) == [
        {"seat": 0, "type": "steal", "card": "logic_trap"},
        {"seat": 0, "type": "retain", "card": "ember_vine"},
        {"seat": 0, "type": "retain", "card": "overgrowth"},
    ]
    assert match.legal_decisions(1) == []


def test_full_deck_legal_swaps_then_pass():
    match = setup_match(draft_setup([["aqua_trail"], ["whirl_splash", "steam_surge"]],
                                    [["ember_vine", "flame_embrace", "nature_wave"],
                                     ["scorched_root"]]))
    legal = match.legal_decisions(0)
    assert legal[-1] == {"seat": 0, "type": "pass"}
    assert legal[:2] == [{"seat": 0, "type": "swap", "card": "whirl_splash", "drop": "ember_vine"},
                         {"seat": 0, "type": "swap", "card": "whirl_splash",
                          "drop": "flame_embrace"}]
    assert len(legal) == 2 * 3 + 1


def test_draft_rejections_in_order():
    open_deck = setup_match(draft_setup([["ember_vine"], ["logic_trap"]], [[], []]))
    assert_rejected(open_deck, {"seat": 0, "type": "steal", "card": "ember_vine"},
                    "card_not_in_hand")
    assert_rejected(open_deck, {"seat": 0, "type": "retain", "card": "logic_trap"},
                    "card_not_in_hand")
    assert_rejected(open_deck, {"seat": 0, "type": "swap", "card": "logic_trap",
                                "drop": "ember_vine"}, "deck_not_full")
    assert_rejected(open_deck, {"seat": 0, "type": "pass"}, "must_act")
    assert_rejected(open_deck, {"seat": 1, "type": "steal", "card": "ember_vine"},
                    "not_your_turn")
    assert_rejected(open_deck, {"seat": 0, "type": "place", "tile": [0, 0]}, "wrong_phase")
    assert_rejected(open_deck, {"seat": 0, "type": "move", "unit": "x", "to": [0, 0]},
                    "wrong_phase")
    assert_rejected(open_deck, {"seat": 0, "type": "steal"}, "bad_decision")
    assert_rejected(open_deck, {"seat": 0, "type": "steal", "card": 3}, "bad_decision")
    assert_rejected(open_deck, {"seat": "0", "type": "steal", "card": "logic_trap"},
                    "bad_decision")
    assert_rejected(open_deck, {"seat": 0, "type": "dance"}, "unknown_decision")
    assert_rejected(open_deck, {"seat": 0}, "unknown_decision")
    assert_rejected(open_deck, ["steal"], "bad_decision")
    assert_rejected(open_deck, {"seat": 7, "type": "steal", "card": "logic_trap"},
                    "not_your_turn")
    full = setup_match(draft_setup([["aqua_trail"], ["steam_surge"]],
                                   [["ember_vine", "flame_embrace", "nature_wave"], []]))
    assert_rejected(full, {"seat": 0, "type": "steal", "card": "steam_surge"}, "deck_full")
    assert_rejected(full, {"seat": 0, "type": "retain", "card": "nope"}, "deck_full")
    assert_rejected(full, {"seat": 0, "type": "swap", "card": "aqua_trail",
                           "drop": "ember_vine"}, "card_not_in_hand")
    assert_rejected(full, {"seat": 0, "type": "swap", "card": "steam_surge",
                           "drop": "logic_trap"}, "card_not_in_deck")


def test_pass_with_a_full_deck_counts_as_a_pick():
    match = setup_match(draft_setup([["aqua_trail"], ["steam_surge", "logic_trap"]],
                                    [["ember_vine", "flame_embrace", "nature_wave"],
                                     ["scorched_root", "overgrowth"]], picks=5))
    events = accept(match, {"seat": 0, "type": "pass"})
    assert {"type": "draft_passed", "seat": 0} in events
    state = match.state_json()
    assert state["board"]["picks"] == 6 and state["to_act"] == [1]
    events = accept(match, {"seat": 1, "type": "steal", "card": "aqua_trail"})
    assert [e["type"] for e in events] == ["card_taken", "draft_ended"]
    state = match.state_json()
    assert state["phase"] == "placement" and state["to_act"] == [0]
    assert state["board"]["discard"] == ["steam_surge", "logic_trap"]
    assert [u["id"] for u in state["board"]["units"]] == [
        "p0.ember_vine", "p0.flame_embrace", "p0.nature_wave",
        "p1.scorched_root", "p1.overgrowth", "p1.aqua_trail"]


def test_draft_ends_when_both_hands_are_empty():
    match = setup_match(draft_setup([["aqua_trail"], []], [[], []]))
    accept(match, {"seat": 0, "type": "retain", "card": "aqua_trail"})
    state = match.state_json()
    assert state["phase"] == "placement" and state["to_act"] == [0]
    assert [u["id"] for u in state["board"]["units"]] == ["p0.aqua_trail"]


def test_a_whole_match_start_from_the_deal():
    match = deal_match(3)
    for _ in range(6):
        seat = match.to_act[0]
        accept(match, match.legal_decisions(seat)[-1])  # always retain the last own card
    state = match.state_json()
    assert state["phase"] == "placement" and state["board"]["picks"] == 6
    assert state["board"]["hands"] == [[], []] and len(state["board"]["discard"]) == 14
    assert all(u["pos"] is None and u["hp"] == 50 for u in state["board"]["units"])
    legal = match.legal_decisions(0)
    assert len(legal) == 121 and legal[0]["tile"] == [0, 0] and legal[1]["tile"] == [0, 1]
    assert legal[-1]["tile"] == [10, 10]


PLACEMENT = {"phase": "placement", "to_act": [0], "board": {"units": [
    {"owner": 0, "card": "ember_vine", "pos": None},
    {"owner": 0, "card": "flame_embrace", "pos": None},
    {"owner": 1, "card": "scorched_root", "pos": None}]}}


def test_placement_checks_and_order():
    match = setup_match(PLACEMENT)
    assert_rejected(match, {"seat": 0, "type": "place", "tile": [23, 0]}, "out_of_bounds")
    assert_rejected(match, {"seat": 0, "type": "place", "tile": [-1, 0]}, "out_of_bounds")
    assert_rejected(match, {"seat": 0, "type": "place", "tile": [11, 0]}, "outside_zone")
    assert_rejected(match, {"seat": 0, "type": "place", "tile": [1]}, "bad_decision")
    assert_rejected(match, {"seat": 0, "type": "place", "tile": [1, True]}, "bad_decision")
    assert_rejected(match, {"seat": 0, "type": "pass"}, "wrong_phase")
    events = accept(match, {"seat": 0, "type": "place", "tile": [3, 3]})
    assert events == [{"type": "unit_placed", "unit": "p0.ember_vine", "tile": [3, 3]}]
    assert match.to_act == (0,)
    assert_rejected(match, {"seat": 0, "type": "place", "tile": [3, 3]}, "occupied")
    accept(match, {"seat": 0, "type": "place", "tile": [3, 4]})
    assert match.to_act == (1,)
    legal = match.legal_decisions(1)
    assert len(legal) == 121 and legal[0]["tile"] == [12, 0]
    assert_rejected(match, {"seat": 1, "type": "place", "tile": [10, 0]}, "outside_zone")
    events = accept(match, {"seat": 1, "type": "place", "tile": [12, 0]})
    types = [e["type"] for e in events]
    assert types[:3] == ["unit_placed", "combat_started", "turn_started"]
    state = match.state_json()
    assert state["phase"] == "combat" and state["turn"] == 1 and state["board"]["round"] == 1


@pytest.mark.parametrize("setup", [
    {"phase": "draft", "board": {"hands": [["ember_vine"], ["ember_vine"]]}},
    {"phase": "draft", "board": {"hands": [["nope"], []]}},
    {"phase": "draft", "to_act": [0, 1]},
    {"phase": "draft", "to_act": [2]},
    {"phase": "battle"},
    {"phase": "placement", "to_act": [1], "board": {"units": [
        {"owner": 0, "card": "ember_vine", "pos": None}]}},
    {"phase": "placement", "board": {"units": [{"owner": 0, "card": "ember_vine", "pos": [0, 0]},
                                               {"owner": 1, "card": "logic_trap", "pos": None}]}},
])
def test_malformed_draft_setups(setup):
    from game.engine.record import RecordError

    with pytest.raises(RecordError):
        setup_match(setup)


def test_rollback_across_the_end_of_the_draft():
    from .helpers import canonical, streams_state

    match = setup_match(draft_setup([["aqua_trail"], []], [["ember_vine", "nature_wave"],
                                                          ["logic_trap", "overgrowth"]]))
    before, streams = canonical(match.state_json()), streams_state(match)
    mark = match.mark()
    accept(match, {"seat": 0, "type": "retain", "card": "aqua_trail"})
    assert len(match.state_json()["board"]["units"]) == 5
    match.rollback(mark)
    assert canonical(match.state_json()) == before and streams_state(match) == streams
    with match.active():
        assert world.heroes(match) == []
    accept(match, {"seat": 0, "type": "retain", "card": "aqua_trail"})
    accept(match, {"seat": 0, "type": "place", "tile": [0, 0]})
    assert match.state_json()["board"]["units"][0]["pos"] == [0, 0]
