"""Starting a run (spec crawl.md 4.2), variants and daily seeds, setups (6.1) and forced draws
(4.12)."""

from __future__ import annotations

import json

import pytest

from game.engine.record import (
    RecordError,
    build_match,
    match_record,
    new_record,
    replay,
    state_hash,
    validate_record,
)
from tests.cli_helpers import run_cli

from .helpers import accept, board_of, card, deal_match, move, setup_match

E5 = card("e5a", "enemy", 5)
CATALOGUE = ["revive", "deflect", "capitalize", "pyroclasm", "shield_bash", "banish", "life",
             "galvanize", "amplify", "chaos", "collect", "swap", "doomed", "gangrene"]


# -- the deal ---------------------------------------------------------------------------------
def test_normal_deal():
    match = deal_match(7)
    b = board_of(match)
    assert len(b["abilities"]) == 5
    assert b["abilities"] == sorted(b["abilities"], key=CATALOGUE.index)
    assert all(c is not None for c in b["board"]) and b["deck_count"] == 50
    assert b["hero"] == {"hp": 13, "max_hp": 13, "gold": 0, "can_revive": False,
                         "reflect_damage": False, "bleed": False}
    assert (match.phase, match.turn, match.to_act, b["removed"]) == ("play", 0, (0,), 0)
    dealt = [c["id"] for c in b["board"]] + [c["id"] for c in b["deck"]]
    assert len(set(dealt)) == 54 and set(b["abilities"]) <= set(dealt)
    assert sum(b["deck_types"].values()) == 50


def test_the_deal_depends_only_on_the_seed():
    assert board_of(deal_match(11)) == board_of(deal_match(11))
    assert board_of(deal_match(11)) != board_of(deal_match(12))


def test_only_the_deal_and_dungeon_streams_exist_and_the_deal_draws_twice():
    match = deal_match(5)
    assert match.streams.names() == ["deal", "dungeon"]
    assert match.stream("deal").draws == 2 and match.stream("dungeon").draws == 0
    pick = deal_match(5, "constructed")
    accept(pick, {"seat": 0, "type": "choose_abilities",
                  "abilities": ["swap", "revive", "doomed", "life", "chaos"]})
    assert pick.stream("deal").draws == 1 and pick.turn == 0


def test_constructed_pick_order_does_not_matter():
    a, b = deal_match(9, "constructed"), deal_match(9, "constructed")
    accept(a, {"seat": 0, "type": "choose_abilities",
               "abilities": ["swap", "revive", "doomed", "life", "chaos"]})
    accept(b, {"seat": 0, "type": "choose_abilities",
               "abilities": ["chaos", "life", "doomed", "revive", "swap"]})
    assert board_of(a) == board_of(b)
    assert board_of(a)["variant"] == "constructed"


def test_the_pick_phase_lists_a_template_and_nothing_is_dealt():
    match = deal_match(3, "constructed")
    assert match.legal_decisions(0) == [{"seat": 0, "type": "choose_abilities"}]
    b = board_of(match)
    assert b["board"] == [None] * 4 and b["deck"] == [] and b["abilities"] == []


def test_daily_seed_is_the_date():
    good = {"format": 1, "mode": "crawl", "rules": "1", "seed": 20250314,
            "options": {"variant": "daily", "date": "2025-03-14"}, "setup": None,
            "decisions": []}
    match = build_match(validate_record(good))
    assert board_of(match)["variant"] == "daily" and board_of(match)["deck_count"] == 50
    with pytest.raises(RecordError, match="20250314"):
        validate_record({**good, "seed": 7})
    with pytest.raises(RecordError, match="date"):
        validate_record({**good, "options": {"variant": "daily"}})
    with pytest.raises(RecordError, match="date"):
        validate_record({**good, "options": {"variant": "daily", "date": "2025-02-30"}})
    with pytest.raises(RecordError, match="date"):
        validate_record({**good, "options": {"variant": "daily", "date": "14/03/2025"}})
    # A setup is a test position, not a daily run: no seed check.
    validate_record({**good, "seed": 7, "setup": {"board": {"board": [E5, None, None, None]}}})


def test_unknown_variant_is_a_malformed_record():
    with pytest.raises(RecordError, match="variant"):
        validate_record(new_record("crawl", "1", 1, {"variant": "hardcore"}))


def test_cpu_seats_come_from_options():
    match = deal_match(1, ai={"0": "hard"})
    assert match.state_json()["seats"] == [{"kind": "cpu", "ai": "hard"}]
    assert deal_match(1).state_json()["seats"] == [{"kind": "human"}]


# -- setups (6.1) -------------------------------------------------------------------------------
def test_setup_defaults_and_no_draw_on_load():
    match = setup_match({"deck": [card("g6", "gold", 6)]})
    state = match.state_json()
    b = state["board"]
    assert b["board"] == [None] * 4 and b["deck_count"] == 1 and b["abilities"] == []
    assert b["hero"] == {"hp": 13, "max_hp": 13, "gold": 0, "can_revive": False,
                         "reflect_damage": False, "bleed": False}
    assert (b["clear_counter"], b["random_attack_used"], b["removed"]) == (0, False, 0)
    assert (state["phase"], state["turn"], state["to_act"], state["result"]) == (
        "play", 0, [0], None)


def test_setup_card_defaults():
    match = setup_match({"board": [card("e3a", "enemy", 1, initial_value=3),
                                   card("x1", "spell", 8), card("swap", "ability"), None],
                         "left_hand": card("p6", "potion", 2, initial_value=6),
                         "right_hand": card("g9", "gold", 0, initial_value=9),
                         "backpack": card("g4", "gold", 0, initial_value=4)})
    b = board_of(match)
    assert [c and c["name"] for c in b["board"]] == ["Crow", "Spell", "Swap", None]
    assert b["board"][2]["value"] is None and b["board"][2]["initial_value"] is None
    assert b["left_hand"]["name"] == "Bottle" and b["left_hand"]["spent"] is True
    assert b["right_hand"]["spent"] and b["backpack"]["spent"]
    assert not b["board"][1]["spent"] and not b["board"][1]["pyro"]


def test_setup_envelope_and_variant():
    match = setup_match({"variant": "daily", "board": [E5, None, None, None]},
                        seed=4, turn=12, mode="crawl", rules="1", seats=[{"kind": "cpu"}],
                        to_act=[], options={"variant": "constructed"})
    state = match.state_json()
    assert state["turn"] == 12 and state["seed"] == 4 and state["to_act"] == [0]
    assert state["board"]["variant"] == "constructed" and state["seats"] == [{"kind": "human"}]


@pytest.mark.parametrize("seed", ["hidden", 99, None])
def test_setup_seed_may_be_hidden_or_absent(seed):
    setup = {"board": {"board": [E5, None, None, None]}}
    if seed is not None:
        setup["seed"] = seed
    match = build_match(validate_record(new_record("crawl", "1", 3, {}, setup)))
    assert match.state_json()["seed"] == 3


def test_a_finished_setup_is_over():
    match = setup_match({"board": [E5, None, None, None], "hero": {"hp": 0}},
                        result={"won": False, "score": 4, "reason": "died"})
    state = match.state_json()
    assert (state["phase"], state["to_act"]) == ("over", [])
    assert match.legal_decisions(0) == []


MALFORMED = [
    ({"board": [E5, E5, None, None]}, {}, "duplicate card id"),
    ({"board": [E5, None, None, None], "deck": [card("e5a", "enemy", 5)]}, {}, "duplicate"),
    ({"board": [card("x", "dragon", 5), None, None, None]}, {}, "unknown card type"),
    ({"board": [card("x", "enemy", -1), None, None, None]}, {}, "value"),
    ({"left_hand": card("x", "potion", -2)}, {}, "at least 0"),
    ({"left_hand": card("x", "potion", 2, initial_value=-2)}, {}, "initial_value"),
    ({"board": [card("x", "enemy", 0), None, None, None]}, {}, "at least 1"),
    ({"deck": [card("x", "gold", 0)]}, {}, "at least 1"),
    ({"hero": {"hp": 0}}, {}, "hero.hp"),
    ({"hero": {"hp": 14}}, {}, "hero.hp"),
    ({"hero": {"hp": 5, "max_hp": 4}}, {}, "hero.hp"),
    ({"hero": {"gold": -1}}, {}, "hero.gold"),
    ({"hero": {"can_revive": 1}}, {}, "can_revive"),
    ({"hero": {"shield": 1}}, {}, "hero.shield"),
    ({"board": [E5, None, None]}, {}, "exactly 4"),
    ({"board": [E5, None, None, None, None]}, {}, "exactly 4"),
    ({"deck": "hidden"}, {}, "deck"),
    ({"board": [card("x", "ability", ability="fireball"), None, None, None]}, {}, "fireball"),
    ({"board": [{"id": "x", "type": "enemy"}, None, None, None]}, {}, "value"),
    ({"board": [{"type": "enemy", "value": 3}, None, None, None]}, {}, ".id"),
    ({"board": [card("x", "enemy", 3, colour="red"), None, None, None]}, {}, "colour"),
    ({"board": [card("x", "enemy", 3, ability="swap"), None, None, None]}, {}, "ability"),
    ({"board": [{"id": "x", "type": "ability", "ability": "swap", "value": 3}, None, None,
                None]}, {}, "null"),
    ({"abilities": ["swap", "lightning"]}, {}, "lightning"),
    ({"removed": -1}, {}, "removed"),
    ({"clear_counter": "2"}, {}, "clear_counter"),
    ({"wizard": True}, {}, "wizard"),
    ({}, {"phase": "over"}, "phase"),
    ({}, {"phase": "draft"}, "phase"),
    ({}, {"mode": "strike"}, "mode"),
    ({}, {"turn": -3}, "turn"),
    ({}, {"result": {"won": True}}, "result"),
    ({"board": [E5, None, None, None]}, {"phase": "pick"}, "pick"),
    ({}, {"forced": {"deal": [1]}}, "forced.deal"),
    ({}, {"forced": {"dungeon": 3}}, "forced.dungeon"),
    ({}, {"forced": [1, 2]}, "forced"),
    ({}, {"unexpected": 1}, "unexpected"),
]


@pytest.mark.parametrize(("board", "envelope", "message"), MALFORMED)
def test_malformed_setups_exit_1(board, envelope, message):
    setup = {**envelope, "board": board}
    record = validate_record(new_record("crawl", "1", 1, {"variant": "normal"}, setup))
    with pytest.raises(RecordError) as error:
        build_match(record)
    assert message in str(error.value)


def test_malformed_setup_through_the_cli(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(new_record("crawl", "1", 1, {}, {
        "board": {"board": [E5, E5, None, None]}})))
    proc = run_cli(["replay", str(path), "--json"])
    assert proc.returncode == 1
    assert "duplicate card id" in proc.stderr and "Traceback" not in proc.stderr


def test_bad_forced_draw_exits_1_with_bad_forced(tmp_path):
    path = tmp_path / "bad_forced.json"
    record = new_record("crawl", "1", 1, {}, {
        "board": {"board": [E5, card("p2", "potion", 2), None, None]},
        "forced": {"dungeon": [7]}}, [{"seat": 0, "type": "random_attack"}])
    path.write_text(json.dumps(record))
    proc = run_cli(["replay", str(path), "--json"])
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["error"] == "bad_forced"
    assert "forced.dungeon[0]" in proc.stderr


def test_forced_draws_are_used_in_order_then_the_stream_resumes():
    match = setup_match({"board": [card("e9a", "enemy", 9), card("e8a", "enemy", 8), None,
                                   None], "deck": [card("g6", "gold", 6)]}, forced=[2])
    accept(match, {"seat": 0, "type": "random_attack"})
    assert match.stream("dungeon").draws == 0 and match.stream("dungeon").forced_pending == 0
    accept(match, {"seat": 0, "type": "rebuy"})
    assert match.stream("dungeon").draws == 2
    assert "forced" not in json.dumps(match.state_json())


def test_match_record_of_a_setup_replays():
    match = setup_match({"board": [E5, card("p2", "potion", 2), None, None],
                         "deck": [card("g6", "gold", 6), card("e3a", "enemy", 3)]},
                        forced=[1, 0])
    accept(match, {"seat": 0, "type": "rebuy"})  # deck p2, g6, e5a, e3a: all four drawn
    accept(match, move("board", "hero", fi=2))
    record = match_record(match)
    assert record["setup"]["forced"] == {"dungeon": [1, 0]}
    again = replay(validate_record(record))
    assert state_hash(again.match.state_json()) == state_hash(match.state_json())
