"""Fair seats (docs/strike.md "Fair seats"): in rules "2" the deal draws the seat that drafts,
places and fights first, and the seat-0 CPU reads the board from its own side."""

from __future__ import annotations

import pytest

from game.ai.strike import make_cpu
from game.ai.strike.mirror import mirror_view, unmirror_decision
from game.engine.record import RecordError
from game.engine.rng import ai_stream
from tests.strike.helpers import C, U, deal_match, setup_match
from tests.strike.test_ai import combat_view, strike_resources


@pytest.fixture(scope="module")
def resources():
    return strike_resources()


def play_to(match, phase):
    """Submit the first legal decision of the seat to act until `phase` begins."""
    while match.phase != phase:
        assert match.submit(match.legal_decisions(match.to_act[0])[0]).ok


def test_rules_2_draws_the_starter_after_the_deal_and_rules_1_keeps_seat_0():
    starters = []
    for seed in range(1, 21):
        old, new = deal_match(seed, rules="1"), deal_match(seed, rules="2")
        old_state, new_state = old.state_json(), new.state_json()
        assert "starter" not in old_state["board"] and old_state["to_act"] == [0]
        starter = new_state["board"]["starter"]
        assert new_state["to_act"] == [starter] and new_state["rules"] == "2"
        # the draw follows the shuffle: both versions deal the same hands
        assert new_state["board"]["hands"] == old_state["board"]["hands"]
        starters.append(starter)
    assert starters.count(0) == 10 and starters.count(1) == 10


def test_the_starter_places_first_and_takes_combat_turn_1():
    seed = next(s for s in range(1, 50) if deal_match(s, rules="2").state_json()
                ["board"]["starter"] == 1)
    match = deal_match(seed, rules="2")
    play_to(match, "placement")
    assert match.to_act == (1,)
    play_to(match, "combat")
    state = match.state_json()
    assert state["to_act"] == [1] and state["turn"] == 1 and state["board"]["round"] == 1
    assert match.submit(match.legal_decisions(1)[0]).ok
    assert match.state_json()["to_act"] == [0] and match.state.turn == 2


def test_a_rules_2_setup_names_its_starter_and_rules_1_refuses_the_key():
    units = [U(0, "flare_counter", [5, 5]), U(1, "nature_wave", [7, 5])]
    setup = C(units, to_act=1)
    setup["board"]["starter"] = 1
    state = setup_match(setup, rules="2").state_json()
    assert state["turn"] == 1 and state["board"]["starter"] == 1
    with pytest.raises(RecordError, match="board.starter"):
        setup_match(setup, rules="1")
    setup["board"]["starter"] = 2
    with pytest.raises(RecordError, match="board.starter: must be 0 or 1"):
        setup_match(setup, rules="2")


def test_mirror_view_mirrors_every_tile_and_keeps_flames_in_scan_order():
    view = combat_view([U(0, "flare_counter", [5, 5]), U(1, "nature_wave", [7, 2])],
                       flames=[{"tile": [3, 4], "owner": 1, "rounds": 2, "value": 5},
                               {"tile": [4, 1], "owner": 1, "rounds": 1, "value": 5}])
    mirrored = mirror_view(view)
    assert [u["pos"] for u in mirrored["board"]["units"]] == [[17, 5], [15, 2]]
    assert [f["tile"] for f in mirrored["board"]["flames"]] == [[18, 1], [19, 4]]
    assert view["board"]["units"][0]["pos"] == [5, 5]  # the view itself is left alone
    assert unmirror_decision({"seat": 0, "type": "move", "unit": "p0.x", "to": [12, 5]}, 23) == {
        "seat": 0, "type": "move", "unit": "p0.x", "to": [10, 5]}


@pytest.mark.parametrize(("level", "seat1_units", "seat1_to"), [
    # spec scenario 35 (normal: the first BFS tile at the smallest Manhattan distance)
    ("normal", [U(0, "nature_wave", [10, 8]), U(1, "ember_vine", [15, 5])], [12, 5]),
    # spec scenario 41 (hard: approaches to Chebyshev 4)
    ("hard", [U(0, "logic_trap", [6, 5]), U(1, "ember_vine", [12, 5])], [10, 5]),
])
def test_the_seat_0_cpu_plays_the_mirror_of_the_seat_1_cpu(resources, level, seat1_units,
                                                            seat1_to):
    """The same position seen from the other side (seats swapped, columns mirrored) gets the
    mirrored decision: both seats play one strategy, each from its own side."""
    seat1 = make_cpu(level, 1, ai_stream(1, 1), resources).decide(combat_view(seat1_units))
    assert seat1["to"] == seat1_to
    swapped = [U(1 - u["owner"], u["card"], [22 - u["pos"][0], u["pos"][1]])
               for u in seat1_units]
    seat0 = make_cpu(level, 0, ai_stream(1, 0), resources).decide(
        combat_view(swapped, to_act=0))
    assert seat0 == {"seat": 0, "type": "move", "unit": "p0.ember_vine",
                     "to": [22 - seat1_to[0], seat1_to[1]]}


def test_a_record_names_one_of_the_rules_versions_played():
    from game.engine.record import new_record, validate_record

    for version in ("1", "2"):
        assert validate_record(new_record("strike", version, 1, {}))["rules"] == version
    with pytest.raises(RecordError, match=r"rules version '3' is not one this Tabula plays "
                                          r"\('2', '1'\)"):
        validate_record(new_record("strike", "3", 1, {}))
