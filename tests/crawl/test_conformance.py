"""Spec-conformance probes for Card Crawl (spec crawl.md, read to the letter).

Every expected value below is derived from the spec text (sections 3.1, 4.1-4.14, 5, 6 and 7)
and DESIGN.md section 3, not from the code: each row of both move tables of 4.4 with its exact
outcome, the validation order of 5.2, the dungeon-stream draws and the meaning of forced values
(4.12), counters (4.13), the State JSON and its setup defaults (6.1), the seat view, the
canonical `--legal` list (7) and the command line's exit codes (1 malformed record, 2 rejection).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from game.cli import run as cli_run
from game.engine.record import RecordError, build_match, new_record, replay, validate_record
from tests.cli_helpers import run_cli

from .helpers import accept, assert_rejected, card, deal_match, setup_match

REPO = Path(__file__).resolve().parents[2]

# -- cards -----------------------------------------------------------------------------------
E2 = card("e2a", "enemy", 2)
E3 = card("e3a", "enemy", 3)
E5 = card("e5a", "enemy", 5)
E8 = card("e8a", "enemy", 8)
E9 = card("e9a", "enemy", 9)
E10 = card("e10a", "enemy", 10)
SP2 = card("sp2", "spell", 2)
SP3 = card("sp3", "spell", 3)
SP4 = card("sp4", "spell", 4)
SP5 = card("sp5", "spell", 5)
SH2 = card("sh2", "shield", 2)
SH3 = card("sh3", "shield", 3)
SH4 = card("sh4", "shield", 4)
SH6 = card("sh6", "shield", 6)
SH7 = card("sh7", "shield", 7)
P2 = card("p2", "potion", 2)
P3 = card("p3", "potion", 3)
P5 = card("p5", "potion", 5)
P6 = card("p6", "potion", 6)
P8 = card("p8", "potion", 8)
G2 = card("g2", "gold", 2)
G3 = card("g3", "gold", 3)
G6 = card("g6", "gold", 6)
G7 = card("g7", "gold", 7)


def ab(ability_id: str, card_id: str | None = None) -> dict[str, Any]:
    return card(card_id or ability_id, "ability", ability=ability_id)


def rec(board: dict[str, Any] | None, decisions: list[Any] = (), *, forced: Any = None,
        seed: int = 1, options: dict[str, Any] | None = None, **envelope: Any) -> dict[str, Any]:
    """A raw record (not validated) with a setup whose `board` object is `board`."""
    setup: dict[str, Any] | None = None
    if board is not None:
        setup = {**envelope, "board": board}
        if forced is not None:
            setup["forced"] = forced if isinstance(forced, dict) else {"dungeon": forced}
    return {"format": 1, "mode": "crawl", "rules": "1", "seed": seed,
            "options": {"variant": "normal"} if options is None else options,
            "setup": setup, "decisions": list(decisions)}


def final(record: dict[str, Any]) -> dict[str, Any]:
    """The full State JSON after every decision (all must be accepted)."""
    outcome = replay(validate_record(record))
    assert outcome.ok, (outcome.rejected_index, outcome.rejection)
    return outcome.match.state_json()


def rejected(record: dict[str, Any]) -> tuple[int | None, str | None]:
    outcome = replay(validate_record(record))
    return outcome.rejected_index, outcome.rejection.error if outcome.rejection else None


def events_of(record: dict[str, Any]) -> list[list[dict[str, Any]]]:
    outcome = replay(validate_record(record))
    assert outcome.ok, (outcome.rejected_index, outcome.rejection)
    return [[e.as_json() for e in events] for events in outcome.events]


def cli(tmp_path: Path, capsys: Any, record: dict[str, Any], *flags: str) -> tuple[int, str]:
    """`tabula replay FILE --json FLAGS`, in-process: exit code and stdout."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    capsys.readouterr()
    code = cli_run(["replay", str(path), "--json", *flags])
    out = capsys.readouterr().out
    return code, out


def mv(frm: str, to: str, fi: int | None = None, ti: int | None = None,
       **extra: Any) -> dict[str, Any]:
    decision: dict[str, Any] = {"seat": 0, "type": "move", "from": frm}
    if fi is not None:
        decision["from_index"] = fi
    decision["to"] = to
    if ti is not None:
        decision["to_index"] = ti
    decision.update(extra)
    return decision


RANDOM_ATTACK = {"seat": 0, "type": "random_attack"}
REBUY = {"seat": 0, "type": "rebuy"}


# =============================================================================================
# 4.4, first table: a card from the board or from the backpack.
# =============================================================================================
# Destinations (the columns of the table), each with the zones it needs.
DEST_ZONES = {
    "empty_hand": ({}, ("left_hand", None)),
    "shield_hand": ({"left_hand": SH7}, ("left_hand", None)),
    "other_hand": ({"left_hand": SP5}, ("left_hand", None)),
    "hero": ({}, ("hero", None)),
    "backpack": ({}, ("backpack", None)),
    "full_backpack": ({"backpack": P8}, ("backpack", None)),
    "chest": ({}, ("chest", None)),
    "board_card": ({}, ("board", 1)),
    "board_empty": ({}, ("board", 3)),
}

# card -> destination -> rejection id, or the resolution (prefixed "+").
BOARD_TABLE = {
    "enemy": {"empty_hand": "no_shield", "shield_hand": "+block", "other_hand": "no_shield",
              "hero": "+hit", "backpack": "illegal_move", "full_backpack": "illegal_move",
              "chest": "illegal_move", "board_card": "illegal_move",
              "board_empty": "illegal_move"},
    "spell": {"empty_hand": "+equip", "shield_hand": "hand_full", "other_hand": "hand_full",
              "hero": "not_equipped", "backpack": "+store", "full_backpack": "backpack_full",
              "chest": "+sell", "board_card": "not_equipped", "board_empty": "not_equipped"},
    "potion": {"empty_hand": "+drink", "shield_hand": "hand_full", "other_hand": "hand_full",
               "hero": "illegal_move", "backpack": "+store", "full_backpack": "backpack_full",
               "chest": "+sell", "board_card": "illegal_move", "board_empty": "illegal_move"},
    "gold": {"empty_hand": "+collect", "shield_hand": "hand_full", "other_hand": "hand_full",
             "hero": "illegal_move", "backpack": "+collect", "full_backpack": "backpack_full",
             "chest": "+discard", "board_card": "illegal_move", "board_empty": "illegal_move"},
}
BOARD_TABLE["shield"] = BOARD_TABLE["spell"]
BOARD_TABLE["ability"] = BOARD_TABLE["spell"]
BOARD_TABLE["hero_ability"] = BOARD_TABLE["spell"]

SOURCE_CARDS = {
    "enemy": E5, "spell": SP4, "shield": SH3, "ability": ab("swap"), "hero_ability": ab("revive"),
    "potion": P6, "gold": G6,
}
PRICES = {"enemy": 0, "spell": 4, "shield": 3, "ability": 0, "hero_ability": 0, "potion": 6,
          "gold": 0}


def _check_resolution(kind: str, src: str, where: str, before: dict[str, Any],
                      after: dict[str, Any]) -> None:
    """The effect of one accepted cell of table 4.4 (4.5), from the spec's numbers."""
    b, a = before["board"], after["board"]
    source = SOURCE_CARDS[src]
    cid = source["id"]
    assert after["turn"] == before["turn"] + 1
    hp = b["hero"]["hp"]
    if kind == "block":  # shield 7 absorbs the enemy 5: 2 left, enemy gone
        assert a["left_hand"]["id"] == "sh7" and a["left_hand"]["value"] == 2
        assert a["left_hand"]["initial_value"] == 7
        assert a["hero"]["hp"] == hp and a["removed"] == b["removed"] + 1
    elif kind == "hit":
        assert a["hero"]["hp"] == hp - 5 and a["removed"] == b["removed"] + 1
    elif kind == "equip":
        assert a["left_hand"]["id"] == cid and a["left_hand"]["spent"] is False
        assert a["removed"] == b["removed"]
    elif kind == "store":
        assert a["backpack"]["id"] == cid and a["backpack"]["spent"] is False
        assert a["backpack"]["value"] == source.get("value")  # a stored potion is not drunk
        assert a["hero"]["hp"] == hp and a["removed"] == b["removed"]
    elif kind == "drink":  # hp 10, potion 6: heals 3, 3 left in the hand, spent
        assert a["left_hand"]["id"] == "p6" and a["left_hand"]["value"] == 3
        assert a["left_hand"]["initial_value"] == 6 and a["left_hand"]["spent"] is True
        assert a["hero"]["hp"] == 13 and a["removed"] == b["removed"]
    elif kind == "collect":
        zone = "backpack" if where == "backpack" else "left_hand"
        assert a[zone]["id"] == "g6" and a[zone]["value"] == 0 and a[zone]["spent"] is True
        assert a[zone]["initial_value"] == 6
        assert a["hero"]["gold"] == b["hero"]["gold"] + 6 and a["removed"] == b["removed"]
    elif kind in ("sell", "discard"):
        assert a["hero"]["gold"] == b["hero"]["gold"] + PRICES[src]
        assert a["removed"] == b["removed"] + 1
        assert f'"id": "{cid}"' not in json.dumps(a)
    else:  # pragma: no cover
        raise AssertionError(kind)


BOARD_CELLS = [(src, where, BOARD_TABLE[src][where])
               for src in SOURCE_CARDS for where in DEST_ZONES]


@pytest.mark.parametrize(("src", "where", "expected"), BOARD_CELLS)
def test_move_table_from_the_board(src, where, expected):
    zones, (to, ti) = DEST_ZONES[where]
    board = {"board": [SOURCE_CARDS[src], P3, G2, None], "deck": [G7], "hero": {"hp": 10},
             **zones}
    match = setup_match(board)
    decision = mv("board", to, fi=0, ti=ti)
    if expected.startswith("+"):
        before = match.state_json()
        accept(match, decision)
        after = match.state_json()
        assert after["board"]["board"][0] is None
        assert after["board"]["deck_count"] == 1  # two cards left on the board: no draw
        _check_resolution(expected[1:], src, where, before, after)
    else:
        assert_rejected(match, decision, expected)


# From the backpack: the same table, except that the backpack is the source (same place:
# illegal_move), an enemy there may be discarded at the chest, and gold there is spent.
BACKPACK_TABLE = {src: dict(row) for src, row in BOARD_TABLE.items() if src != "gold"}
BACKPACK_TABLE["enemy"]["chest"] = "+discard"
for _row in BACKPACK_TABLE.values():
    _row["backpack"] = "illegal_move"
    del _row["full_backpack"]
BACKPACK_TABLE["gold"] = {where: "spent_card" for where in BACKPACK_TABLE["enemy"]}
BACKPACK_TABLE["gold"]["backpack"] = "illegal_move"  # 5.2: same place (9.4) before 9.6
BACKPACK_SOURCES = {**SOURCE_CARDS, "gold": card("g4", "gold", 0, initial_value=4)}

BACKPACK_CELLS = [(src, where, BACKPACK_TABLE[src][where])
                  for src in BACKPACK_SOURCES for where in BACKPACK_TABLE[src]]


@pytest.mark.parametrize(("src", "where", "expected"), BACKPACK_CELLS)
def test_move_table_from_the_backpack(src, where, expected):
    zones, (to, ti) = DEST_ZONES[where]
    board = {"board": [P2, P3, G2, None], "deck": [G7], "hero": {"hp": 10},
             "backpack": BACKPACK_SOURCES[src], **zones}
    match = setup_match(board)
    decision = mv("backpack", to, ti=ti)
    if expected.startswith("+"):
        before = match.state_json()
        accept(match, decision)
        after = match.state_json()
        kind = expected[1:]
        if kind != "store":
            assert after["board"]["backpack"] is None
        assert after["board"]["board"][:3] == before["board"]["board"][:3]
        _check_resolution(kind, src, where, before, after)
    else:
        assert_rejected(match, decision, expected)


def test_backpack_cards_never_go_back_to_the_board_even_onto_an_enemy():
    for stored, error in ((SP4, "not_equipped"), (SH3, "not_equipped"), (P5, "illegal_move"),
                          (ab("amplify"), "not_equipped"), (E9, "illegal_move")):
        match = setup_match({"board": [E5, P3, None, None], "deck": [G7], "backpack": stored})
        for slot in range(4):
            assert_rejected(match, mv("backpack", "board", ti=slot), error)


# =============================================================================================
# 4.4, second table: a card in a hand (equipped, or spent).
# =============================================================================================
HAND_DESTS = {
    "board_enemy": ({}, ("board", 0)),
    "board_other": ({}, ("board", 1)),
    "board_empty": ({}, ("board", 3)),
    "hero": ({}, ("hero", None)),
    "other_hand_full": ({"right_hand": SP5}, ("right_hand", None)),
    "other_hand_empty": ({}, ("right_hand", None)),
    "backpack_full": ({"backpack": SH6}, ("backpack", None)),
    "backpack_empty": ({}, ("backpack", None)),
    "chest": ({}, ("chest", None)),
}
LOCKED = {"other_hand_full": "locked_in_hand", "other_hand_empty": "locked_in_hand",
          "backpack_full": "locked_in_hand", "backpack_empty": "locked_in_hand",
          "chest": "locked_in_hand"}
HAND_TABLE = {
    "spell": {"board_enemy": "+attack", "board_other": "invalid_target",
              "board_empty": "invalid_target", "hero": "invalid_target", **LOCKED},
    "bash_shield": {"board_enemy": "+bash", "board_other": "invalid_target",
                    "board_empty": "invalid_target", "hero": "invalid_target", **LOCKED},
    "shield": {"board_enemy": "no_bash", "board_other": "no_bash", "board_empty": "no_bash",
               "hero": "invalid_target", **LOCKED},
    "hero_ability": {"board_enemy": "invalid_target", "board_other": "invalid_target",
                     "board_empty": "invalid_target", "hero": "+use",
                     **LOCKED, "other_hand_full": "invalid_target",
                     "backpack_full": "invalid_target"},
    # Amplify: a spell or shield anywhere (the board spell, the other hand's spell, the
    # backpack's shield); the enemy is not a target.
    "target_ability": {"board_enemy": "invalid_target", "board_other": "+use",
                       "board_empty": "invalid_target", "hero": "invalid_target",
                       **LOCKED, "other_hand_full": "+use", "backpack_full": "+use"},
    "spent_potion": dict.fromkeys(HAND_DESTS, "spent_card"),
    "spent_gold": dict.fromkeys(HAND_DESTS, "spent_card"),
    "unspent_potion": dict.fromkeys(HAND_DESTS, "spent_card"),
}
HAND_CARDS = {
    "spell": SP4, "bash_shield": card("sh4", "shield", 4, bash=True), "shield": SH4,
    "hero_ability": ab("revive"), "target_ability": ab("amplify"),
    "spent_potion": card("p6", "potion", 2, initial_value=6),
    "spent_gold": card("g4", "gold", 0, initial_value=4),
    # Whether a card may move is decided by its zone and type, not by the flag (4.1).
    "unspent_potion": card("p4", "potion", 4, spent=False),
}
HAND_CELLS = [(src, where, HAND_TABLE[src][where]) for src in HAND_CARDS for where in HAND_DESTS]


@pytest.mark.parametrize(("src", "where", "expected"), HAND_CELLS)
def test_move_table_from_a_hand(src, where, expected):
    zones, (to, ti) = HAND_DESTS[where]
    board = {"board": [E5, SP2, P3, None], "deck": [G7], "left_hand": HAND_CARDS[src], **zones}
    match = setup_match(board)
    decision = mv("left_hand", to, ti=ti)
    if not expected.startswith("+"):
        assert_rejected(match, decision, expected)
        return
    before = match.state_json()["board"]
    accept(match, decision)
    after = match.state_json()["board"]
    kind = expected[1:]
    if kind == "attack":  # 5 - 4 = 1, the spell is used up
        assert after["board"][0]["value"] == 1 and after["board"][0]["initial_value"] == 5
        assert after["left_hand"] is None and after["removed"] == 1
    elif kind == "bash":  # 5 - 4 = 1, the shield neither used up nor worn
        assert after["board"][0]["value"] == 1
        assert after["left_hand"]["value"] == 4 and after["left_hand"]["bash"] is True
        assert after["removed"] == 0
    elif src == "hero_ability":
        assert after["hero"]["can_revive"] is True
        assert after["left_hand"] is None and after["removed"] == 1
    else:  # amplify +3 on the target
        target = {"board_other": ("board", 1), "other_hand_full": ("right_hand", None),
                  "backpack_full": ("backpack", None)}[where]
        old = before[target[0]] if target[1] is None else before[target[0]][target[1]]
        new = after[target[0]] if target[1] is None else after[target[0]][target[1]]
        assert new["value"] == old["value"] + 3 and new["initial_value"] == old["initial_value"]
        assert after["left_hand"] is None and after["removed"] == 1


@pytest.mark.parametrize(("ability_id", "zones", "to", "ti", "expected"), [
    # Banish, Collect, Swap and Gangrene reach the board only (5.2 step 10.1).
    ("banish", {"right_hand": E9}, "right_hand", None, "invalid_target"),
    ("collect", {"right_hand": SP5}, "right_hand", None, "invalid_target"),
    ("swap", {"backpack": SP5}, "backpack", None, "invalid_target"),
    ("gangrene", {"backpack": card("e9a", "enemy", 4, initial_value=9)}, "backpack", None,
     "invalid_target"),
    # Type checks before the ability's own condition.
    ("gangrene", {}, "board", 1, "invalid_target"),
    ("banish", {}, "board", 1, "invalid_target"),
    ("pyroclasm", {}, "board", 0, "invalid_target"),
    ("shield_bash", {}, "board", 1, "invalid_target"),
    ("amplify", {"right_hand": P5}, "right_hand", None, "invalid_target"),
    ("shield_bash", {"backpack": card("sh6", "shield", 6, bash=True)}, "backpack", None,
     "invalid_target"),
    ("pyroclasm", {"right_hand": card("sp5", "spell", 5, pyro=True)}, "right_hand", None,
     "invalid_target"),
    # Legal uses anywhere.
    ("pyroclasm", {}, "board", 1, None),
    ("pyroclasm", {"right_hand": SP5}, "right_hand", None, None),
    ("pyroclasm", {"backpack": SP5}, "backpack", None, None),
    ("shield_bash", {"right_hand": SH6}, "right_hand", None, None),
    ("shield_bash", {"backpack": SH6}, "backpack", None, None),
    ("amplify", {"right_hand": card("sh9", "shield", 10)}, "right_hand", None, None),
    ("banish", {}, "board", 0, None),
    ("collect", {}, "board", 0, None),
    ("collect", {}, "board", 2, None),
    ("swap", {}, "board", 0, None),
    # Own conditions.
    ("gangrene", {}, "board", 0, "not_wounded"),
    ("collect", {"backpack": SH6}, "board", 0, "backpack_full"),
    ("swap", {"deck": []}, "board", 0, "deck_empty"),
])
def test_ability_targets(ability_id, zones, to, ti, expected):
    board = {"board": [E5, SP2, P3, None], "deck": [G7], "left_hand": ab(ability_id), **zones}
    match = setup_match(board, forced=[0])
    if expected is None:
        accept(match, mv("left_hand", to, ti=ti))
        assert match.state_json()["board"]["left_hand"] is None
    else:
        assert_rejected(match, mv("left_hand", to, ti=ti), expected)


# =============================================================================================
# 5.1 / 5.2: malformed decisions and the validation order.
# =============================================================================================
def _play() -> Any:
    return setup_match({"board": [E5, P3, None, None], "deck": [G7], "left_hand": SP4})


def _pick() -> Any:
    return deal_match(3, "constructed")


def _over() -> Any:
    match = setup_match({"board": [E2, None, None, None], "left_hand": SP3})
    accept(match, mv("left_hand", "board", ti=0))
    assert match.result == {"won": True, "score": 50, "reason": "cleared"}
    return match


FIVE = ["revive", "deflect", "capitalize", "life", "swap"]


@pytest.mark.parametrize(("position", "decision", "error"), [
    # 1 before everything
    ("play", {"seat": 0, "type": "Move", "from": "board", "from_index": 0, "to": "hero"},
     "unknown_decision"),
    ("play", {"seat": 0, "type": None}, "unknown_decision"),
    ("over", {"seat": "x", "type": "undo"}, "unknown_decision"),
    ("pick", {"type": "fold"}, "unknown_decision"),
    # 2 before 3, 4, 5: malformed wins over wrong phase, game over and a wrong seat
    ("pick", mv("board", "hero"), "bad_decision"),  # from_index missing, and wrong phase
    ("pick", {"seat": "0", "type": "rebuy"}, "bad_decision"),
    ("play", {"seat": 0, "type": "choose_abilities"}, "bad_decision"),
    ("play", {"seat": 0, "type": "choose_abilities", "abilities": {"a": 1}}, "bad_decision"),
    ("over", mv("board", "hero", fi="0"), "bad_decision"),
    ("over", {"seat": 1, "type": "move", "from": "backpack", "to": "attic"}, "bad_decision"),
    ("play", mv("board", "hero", fi=0.0), "bad_decision"),
    ("play", mv("board", "hero", fi=True), "bad_decision"),
    ("play", mv("board", "hero", fi=None), "bad_decision"),
    ("play", {"seat": 0, "type": "move", "from": "board", "from_index": None, "to": "hero"},
     "bad_decision"),
    ("play", mv("left_hand", "board"), "bad_decision"),  # to_index missing
    ("play", mv("left_hand", "board", ti="1"), "bad_decision"),
    ("play", {"seat": 0, "type": "move", "from": "left_hand", "to": "board", "to_index": None},
     "bad_decision"),
    ("play", mv("hero", "board"), "bad_decision"),  # malformed before illegal_move
    ("play", mv("board", "deck"), "bad_decision"),
    ("over", {"seat": 0, "type": "choose_abilities", "abilities": "all"}, "bad_decision"),
    ("play", mv("Board", "hero"), "bad_decision"),
    ("play", mv("left_hand", "Hero"), "bad_decision"),
    ("play", mv("left_hand", 3), "bad_decision"),
    ("play", {"seat": 0, "type": "move", "from": "left_hand"}, "bad_decision"),
    ("play", {"seat": 0, "type": "move", "to": "hero"}, "bad_decision"),
    ("play", {"seat": True, "type": "rebuy"}, "bad_decision"),
    ("play", {"seat": False, "type": "rebuy"}, "bad_decision"),
    ("play", {"seat": 0.0, "type": "rebuy"}, "bad_decision"),
    ("play", {"seat": None, "type": "rebuy"}, "bad_decision"),
    ("play", {"type": "random_attack"}, "bad_decision"),
    ("play", "rebuy", "bad_decision"),
    ("play", None, "bad_decision"),
    # 3 before 4 and 5
    ("over", {"seat": 1, "type": "rebuy"}, "game_over"),
    ("over", {"seat": 0, "type": "choose_abilities", "abilities": FIVE}, "game_over"),
    ("over", mv("hero", "deck"), "game_over"),
    ("over", RANDOM_ATTACK, "game_over"),
    ("over", REBUY, "game_over"),
    # 4 before 5 and the mode's checks
    ("play", {"seat": 1, "type": "rebuy"}, "not_your_turn"),
    ("play", {"seat": -1, "type": "random_attack"}, "not_your_turn"),
    ("play", {"seat": 1, "type": "choose_abilities", "abilities": FIVE}, "not_your_turn"),
    ("pick", {"seat": 1, "type": "choose_abilities", "abilities": ["x"]}, "not_your_turn"),
    ("pick", {"seat": 2, "type": "random_attack"}, "not_your_turn"),
    # 5 before the mode's checks
    ("pick", mv("deck", "deck"), "wrong_phase"),
    ("pick", mv("board", "hero", fi=9), "wrong_phase"),
    ("pick", REBUY, "wrong_phase"),
    ("play", {"seat": 0, "type": "choose_abilities", "abilities": []}, "wrong_phase"),
    ("play", {"seat": 0, "type": "choose_abilities", "abilities": FIVE}, "wrong_phase"),
    # 6
    ("pick", {"seat": 0, "type": "choose_abilities", "abilities": [*FIVE[:4], "Swap"]},
     "bad_abilities"),
    ("pick", {"seat": 0, "type": "choose_abilities", "abilities": [*FIVE, "doomed"]},
     "bad_abilities"),
    ("pick", {"seat": 0, "type": "choose_abilities", "abilities": [*FIVE[:4], "revive"]},
     "bad_abilities"),
    # 9.1 before 9.2 and 9.3
    ("play", mv("deck", "hero"), "illegal_move"),
    ("play", mv("deck", "board", ti=9), "illegal_move"),
    ("play", mv("chest", "board", ti=-3), "illegal_move"),
    ("play", mv("hero", "left_hand"), "illegal_move"),
    ("play", mv("board", "deck", fi=3), "illegal_move"),  # slot 3 is empty
    ("play", mv("board", "deck", fi=17), "illegal_move"),
    ("play", mv("right_hand", "deck"), "illegal_move"),  # right hand is empty
    ("play", mv("deck", "hero", fi="top"), "illegal_move"),  # from_index ignored: not board
    # 9.2 before 9.3: an empty slot moved to an invalid slot
    ("play", mv("backpack", "board", ti=4), "invalid_slot"),  # the backpack is empty
    ("play", mv("board", "board", fi=3, ti=4), "invalid_slot"),
    ("play", mv("board", "hero", fi=4), "invalid_slot"),
    ("play", mv("board", "hero", fi=-1), "invalid_slot"),
    ("play", mv("right_hand", "board", ti=4), "invalid_slot"),
    ("play", mv("left_hand", "board", ti=-1), "invalid_slot"),
    ("play", mv("left_hand", "board", ti=100), "invalid_slot"),
    # 9.3 before 9.4
    ("play", mv("board", "board", fi=2, ti=2), "empty_source"),
    ("play", mv("backpack", "backpack"), "empty_source"),
    ("play", mv("right_hand", "right_hand"), "empty_source"),
    # 9.4
    ("play", mv("board", "board", fi=0, ti=0), "illegal_move"),
    ("play", mv("left_hand", "left_hand"), "illegal_move"),
])
def test_validation_order_conflicts(position, decision, error):
    match = {"play": _play, "pick": _pick, "over": _over}[position]()
    turn = match.turn
    assert_rejected(match, decision, error)
    assert match.turn == turn


@pytest.mark.parametrize("decision", [
    # from_index / to_index are ignored when their zone is not the board (5.1)
    mv("left_hand", "board", fi="nonsense", ti=0),
    mv("left_hand", "board", fi=99, ti=0),
    mv("left_hand", "board", fi=None, ti=0),
    mv("board", "hero", fi=0, ti="ignored"),
    mv("board", "hero", fi=0, ti=-7),
    mv("board", "hero", fi=0, ti=None),
])
def test_ignored_fields_do_not_make_a_move_malformed(decision):
    match = _play()
    accept(match, decision)


@pytest.mark.parametrize(("position", "decision"), [
    # a key a verb does not define is malformed (docs/architecture.md, issue 27)
    ("play", mv("left_hand", "board", ti=0, note="hi", seat_name="me")),
    ("play", {"seat": 0, "type": "random_attack", "n": 99, "forced": [3]}),
    ("play", {"seat": 0, "type": "rebuy", "cost": 0}),
    ("pick", {"seat": 0, "type": "choose_abilities", "abilities": FIVE, "why": "fun"}),
])
def test_extra_fields_on_every_verb_are_malformed(position, decision):
    match = {"play": _play, "pick": _pick}[position]()
    turn = match.turn
    assert_rejected(match, decision, "bad_decision")
    assert match.turn == turn
    bare = {k: v for k, v in decision.items() if k in ("seat", "type", "from", "to",
                                                         "to_index", "abilities")}
    accept(match, bare)


def test_rejection_messages_are_the_spec_table():
    spec = {
        "unknown_decision": "Unknown decision.",
        "bad_decision": "Malformed decision.",
        "game_over": "The run is over.",
        "not_your_turn": "There is only one seat.",
        "wrong_phase": "Not now.",
        "bad_abilities": "Pick exactly 5 different abilities.",
        "no_cards_on_board": "Nothing on the board to rebuy.",
        "already_used": "The random attack is spent.",
        "illegal_move": "That card can't go there.",
        "invalid_slot": "No such slot.",
        "empty_source": "Nothing to move there.",
        "spent_card": "Used up: it clears at the next draw.",
        "locked_in_hand": "Equipped cards stay in their hand until used.",
        "hand_full": "That hand is full.",
        "backpack_full": "The backpack is full.",
        "no_shield": "Enemies go onto the hero or onto a shield.",
        "not_equipped": "Equip it in a hand first.",
        "no_bash": "Only a shield with Shield Bash can attack.",
        "invalid_target": "Not a valid target.",
        "not_wounded": "Gangrene needs a wounded enemy.",
        "deck_empty": "The deck is empty.",
    }
    over, play, pick = _over(), _play(), _pick()
    samples = {
        "unknown_decision": (play, {"seat": 0, "type": "x"}),
        "bad_decision": (play, {"seat": "0", "type": "rebuy"}),
        "game_over": (over, REBUY),
        "not_your_turn": (play, {"seat": 1, "type": "rebuy"}),
        "wrong_phase": (pick, REBUY),
        "invalid_slot": (play, mv("board", "hero", fi=4)),
    }
    for error, (match, decision) in samples.items():
        outcome = match.submit(decision)
        assert (outcome.error, outcome.message) == (error, spec[error])
    for error, message in spec.items():
        assert play.rules.message(error) == message


def test_turn_is_unchanged_by_rejections_and_the_pick():
    match = _pick()
    assert match.turn == 0
    assert_rejected(match, RANDOM_ATTACK, "wrong_phase")
    accept(match, {"seat": 0, "type": "choose_abilities", "abilities": FIVE})
    assert match.turn == 0 and match.state_json()["turn"] == 0
    assert_rejected(match, {"seat": 0, "type": "choose_abilities", "abilities": FIVE},
                    "wrong_phase")
    accept(match, RANDOM_ATTACK)
    assert match.turn == 1
    assert_rejected(match, RANDOM_ATTACK, "already_used")
    assert match.turn == 1


# =============================================================================================
# 4.5 - 4.7: resolutions, forced draws and their meaning.
# =============================================================================================
def test_deflect_forced_value_is_the_target_slot():
    record = rec({"board": [E8, P6, SH4, None], "hero": {"reflect_damage": True},
                  "deck": [G7]}, [mv("board", "hero", fi=0)], forced=[2])
    state = final(record)
    b = state["board"]
    assert b["board"][0]["id"] == "e8a" and b["board"][0]["value"] == 8  # stays, unchanged
    assert b["board"][1]["id"] == "p6" and b["board"][1]["value"] == 6
    assert b["board"][2] is None  # the shield 4 took 8: 0, it left the game
    assert b["hero"] == {"hp": 13, "max_hp": 13, "gold": 0, "can_revive": False,
                         "reflect_damage": False, "bleed": False}
    assert b["removed"] == 1 and b["deck_count"] == 1 and state["turn"] == 1
    events = events_of(record)[0]
    assert [e["type"] for e in events] == ["deflected", "value_changed", "card_removed"]
    assert events[2] == {"type": "card_removed", "id": "sh4", "reason": "deflected"}


def test_deflect_wounds_a_bigger_target_and_triggers_neither_revive_nor_capitalize():
    record = rec({"board": [E5, card("e10b", "enemy", 10), None, None], "deck": [G7],
                  "hero": {"hp": 2, "reflect_damage": True, "can_revive": True, "bleed": True}},
                 [mv("board", "hero", fi=0)], forced=[1])
    b = final(record)["board"]
    assert b["board"][1]["value"] == 5 and b["board"][1]["initial_value"] == 10
    assert b["hero"]["hp"] == 2 and b["hero"]["gold"] == 0
    assert b["hero"]["can_revive"] is True and b["hero"]["bleed"] is True
    assert b["hero"]["reflect_damage"] is False


@pytest.mark.parametrize("forced", [0, 1, 3, 4, True, 2.0, "2", [2], None])
def test_deflect_forced_value_must_name_a_valid_target_slot(forced):
    # board [E8, ability, P6, -]: the only target is slot 2 (the attacker and the ability card
    # are not targets, slot 3 is empty).
    record = rec({"board": [E8, ab("swap"), P6, None], "hero": {"reflect_damage": True},
                  "deck": [G7]}, [mv("board", "hero", fi=0)], forced=[forced])
    with pytest.raises(RecordError, match=r"bad_forced.*forced\.dungeon\[0\]"):
        replay(validate_record(record))
    ok = rec({"board": [E8, ab("swap"), P6, None], "hero": {"reflect_damage": True},
              "deck": [G7]}, [mv("board", "hero", fi=0)], forced=[2])
    b = final(ok)["board"]
    assert b["board"][2] is None and b["board"][1]["id"] == "swap"


def test_deflect_from_the_backpack_may_hit_slot_zero_then_a_draw():
    record = rec({"board": [P6, SP3, None, None], "backpack": E8, "deck": [G7],
                  "hero": {"reflect_damage": True}}, [mv("backpack", "hero")], forced=[0])
    b = final(record)["board"]
    assert b["backpack"]["id"] == "e8a" and b["backpack"]["value"] == 8
    assert b["board"][0]["id"] == "g7"  # p6 went to 0; one card left: a draw
    assert b["board"][1]["id"] == "sp3" and b["removed"] == 1 and b["deck_count"] == 0


def test_deflect_without_target_draws_nothing():
    # With no valued target no `choice` is drawn: the forced 2 is left for the random attack.
    record = rec({"board": [E8, ab("swap"), None, None], "hero": {"reflect_damage": True},
                  "deck": [G7]}, [mv("board", "hero", fi=0), RANDOM_ATTACK], forced=[2])
    b = final(record)["board"]
    assert b["board"][0]["value"] == 6 and b["hero"]["hp"] == 13
    assert b["hero"]["reflect_damage"] is False


def test_chaos_skips_ability_cards_and_hp_is_the_last_entry():
    # L = [10 (e10a), 2 (p2), 5 (e5a)] + hp 4; the ability in slot 1 is skipped.
    record = rec({"board": [E10, ab("swap"), P2, E5], "left_hand": ab("chaos"),
                  "hero": {"hp": 4, "bleed": True, "can_revive": True}, "deck": [G7]},
                 [mv("left_hand", "hero")], forced=[[5, 4, 10, 2]])
    state = final(record)
    b = state["board"]
    assert [c["value"] if c else None for c in b["board"]] == [5, None, 4, 10]
    assert b["board"][1]["id"] == "swap" and b["board"][1]["value"] is None
    assert [c["initial_value"] for c in (b["board"][0], b["board"][2], b["board"][3])] == [
        10, 2, 5]
    assert b["hero"]["hp"] == 2 and b["hero"]["gold"] == 0  # not damage: no Capitalize
    assert b["hero"]["bleed"] is True and b["hero"]["can_revive"] is True
    assert b["left_hand"] is None and b["removed"] == 1 and b["board"][3]["value"] == 10


@pytest.mark.parametrize("forced", [[5, 4, 10], [5, 4, 10, 2, 2], [5, 4, 10, 3],
                                    [5.0, 4, 10, 2], [5, 4, 10, True], "5,4,10,2", 5])
def test_chaos_forced_value_must_be_a_permutation_of_l(forced):
    record = rec({"board": [E10, ab("swap"), P2, E5], "left_hand": ab("chaos"),
                  "hero": {"hp": 4}, "deck": [G7]}, [mv("left_hand", "hero")], forced=[forced])
    with pytest.raises(RecordError, match="bad_forced"):
        replay(validate_record(record))


def test_chaos_caps_hp_at_max_hp_and_the_excess_is_lost():
    record = rec({"board": [card("e15", "enemy", 15), P2, None, None], "left_hand": ab("chaos"),
                  "hero": {"hp": 3}, "deck": [G7]}, [mv("left_hand", "hero")],
                 forced=[[3, 2, 15]])
    b = final(record)["board"]
    assert b["hero"]["hp"] == 13
    assert b["board"][0]["value"] == 3 and b["board"][0]["initial_value"] == 15
    assert b["board"][1]["value"] == 2


def test_chaos_can_raise_an_enemy_above_its_initial_value_and_works_on_an_empty_board():
    record = rec({"board": [E2, None, None, None], "left_hand": ab("chaos"), "hero": {"hp": 9},
                  "deck": [G7, G6]}, [mv("left_hand", "hero")], forced=[[9, 2]])
    b = final(record)["board"]
    assert b["board"][0]["value"] == 9 and b["board"][0]["initial_value"] == 2
    assert b["hero"]["hp"] == 2
    assert b["board"][1]["id"] == "g7"  # still one card: the cycle draws
    empty = rec({"board": [None] * 4, "left_hand": ab("chaos"), "hero": {"hp": 9},
                 "deck": []}, [mv("left_hand", "hero")], forced=[[9]])
    state = final(empty)
    assert state["board"]["hero"]["hp"] == 9
    assert state["result"] == {"won": True, "score": 50, "reason": "cleared"}


def test_revive_then_capitalize_order_and_events():
    record = rec({"board": [E9, P3, SP2, None], "hero": {"hp": 3, "can_revive": True,
                                                         "bleed": True}, "deck": [G7]},
                 [mv("board", "hero", fi=0)])
    state = final(record)
    hero = state["board"]["hero"]
    assert (hero["hp"], hero["gold"], hero["can_revive"], hero["bleed"]) == (1, 9, False, False)
    assert state["result"] is None and state["phase"] == "play"
    events = events_of(record)[0]
    assert events == [
        {"type": "card_removed", "id": "e9a", "reason": "hit"},
        {"type": "hero_damaged", "amount": 9, "source": "hit"},
        {"type": "revive_triggered"},
        {"type": "capitalize_triggered", "amount": 9},
        {"type": "gold_gained", "amount": 9, "source": "capitalize"},
    ]


def test_revive_is_kept_by_a_non_lethal_hit_and_capitalize_by_a_zero_excess():
    record = rec({"board": [E5, E3, SP2, None], "right_hand": SH3,
                  "hero": {"hp": 9, "can_revive": True, "bleed": True}, "deck": [G7]},
                 [mv("board", "hero", fi=0), mv("board", "right_hand", fi=1)])
    hero = final(record)["board"]["hero"]
    # the hit pays Capitalize (5 gold) and keeps Revive; the exact block (3 on 3) is no damage
    assert (hero["hp"], hero["gold"], hero["can_revive"], hero["bleed"]) == (4, 5, True, False)


def test_rebuy_returns_each_card_with_one_draw_in_slot_order():
    # deck [g6, g7]; e6a at 2 -> [g6, g7, e6a]; p2 at 0 -> [p2, g6, g7, e6a];
    # sp4 at 4 -> [p2, g6, g7, e6a, sp4]; then the draw; the fourth forced value is the
    # random attack's n, so exactly three insertion draws were made (not one per slot).
    e6 = card("e6a", "enemy", 6)
    record = rec({"board": [e6, P2, None, SP4], "deck": [G6, G7], "hero": {"hp": 13}},
                 [REBUY, RANDOM_ATTACK], forced=[2, 0, 4, 3])
    state = final(record)
    b = state["board"]
    assert [c["id"] for c in b["board"]] == ["p2", "g6", "g7", "e6a"]
    assert [c["id"] for c in b["deck"]] == ["sp4"]
    assert b["board"][3]["value"] == 3  # random attack n = 3
    assert b["hero"]["hp"] == 8 and b["clear_counter"] == 1 and b["rebuy_cost"] == 7
    assert b["removed"] == 0 and state["turn"] == 2


def test_rebuy_insertion_bound_is_the_length_at_that_insertion():
    e6 = card("e6a", "enemy", 6)
    # first insertion into a 2-card deck: 3 is out of range
    bad = rec({"board": [e6, P2, None, None], "deck": [G6, G7]}, [REBUY], forced=[3, 0])
    with pytest.raises(RecordError, match=r"bad_forced.*forced\.dungeon\[0\]"):
        replay(validate_record(bad))
    # second insertion into a 3-card deck: 3 is the bottom
    ok = rec({"board": [e6, P2, None, None], "deck": [G6, G7]}, [REBUY], forced=[2, 3])
    b = final(ok)["board"]
    assert [c["id"] for c in b["board"]] == ["g6", "g7", "e6a", "p2"] and b["deck"] == []


def test_a_lethal_rebuy_puts_the_cards_back_and_does_not_draw():
    record = rec({"board": [E5, None, SP3, None], "hero": {"hp": 5, "gold": 4, "bleed": True},
                  "deck": [G6]}, [REBUY], forced=[1, 0])
    state = final(record)
    b = state["board"]
    assert state["result"] == {"won": False, "score": 9, "reason": "died"}
    assert state["phase"] == "over" and state["to_act"] == [] and state["turn"] == 1
    assert b["hero"]["hp"] == 0 and b["hero"]["gold"] == 9
    assert b["board"] == [None] * 4
    assert [c["id"] for c in b["deck"]] == ["sp3", "g6", "e5a"]


def test_rebuy_events_carry_no_position():
    record = rec({"board": [E5, P2, None, None], "deck": [G6]}, [REBUY], forced=[1, 0])
    events = events_of(record)[0]
    assert events[:2] == [{"type": "rebuy", "cost": 5},
                          {"type": "hero_damaged", "amount": 5, "source": "rebuy"}]
    returned = [e for e in events if e["type"] == "card_returned_to_deck"]
    assert returned == [{"type": "card_returned_to_deck", "id": "e5a"},
                        {"type": "card_returned_to_deck", "id": "p2"}]
    assert [e["type"] for e in events[4:]] == ["card_drawn"] * 3


@pytest.mark.parametrize(("p", "order"), [
    (0, ["e9a", "g2", "g3"]), (1, ["g2", "e9a", "g3"]), (2, ["g2", "g3", "e9a"]),
])
def test_banish_position_len_deck_is_the_bottom(p, order):
    wounded = card("e9a", "enemy", 4, initial_value=9)
    record = rec({"board": [wounded, P3, SP2, None], "left_hand": ab("banish"),
                  "deck": [G2, G3]}, [mv("left_hand", "board", ti=0)], forced=[p])
    b = final(record)["board"]
    assert [c["id"] for c in b["deck"]] == order
    banished = next(c for c in b["deck"] if c["id"] == "e9a")
    assert (banished["value"], banished["initial_value"]) == (4, 9)
    assert b["board"][0] is None and b["removed"] == 1 and b["deck_count"] == 3


def test_banish_into_an_empty_deck_and_out_of_range():
    record = rec({"board": [E5, P3, SP2, None], "left_hand": ab("banish"), "deck": []},
                 [mv("left_hand", "board", ti=0)], forced=[0])
    b = final(record)["board"]
    assert [c["id"] for c in b["deck"]] == ["e5a"] and b["board"][0] is None
    bad = rec({"board": [E5, P3, SP2, None], "left_hand": ab("banish"), "deck": []},
              [mv("left_hand", "board", ti=0)], forced=[1])
    with pytest.raises(RecordError, match="bad_forced"):
        replay(validate_record(bad))


@pytest.mark.parametrize(("ability_id", "forced"), [
    ("life", 0), ("life", 11), ("life", "7"), ("life", 7.0), ("life", True),
    ("galvanize", -1), ("galvanize", None),
])
def test_create_card_forced_value_is_one_to_ten(ability_id, forced):
    record = rec({"board": [E5, P2, None, None], "left_hand": ab(ability_id), "deck": [G6]},
                 [mv("left_hand", "hero")], forced=[forced])
    with pytest.raises(RecordError, match=r"bad_forced.*forced\.dungeon\[0\]"):
        replay(validate_record(record))


@pytest.mark.parametrize("forced", [0, 4, "2", 2.0, False, [2]])
def test_random_attack_forced_n_is_one_to_three(forced):
    record = rec({"board": [E5, P2, None, None], "deck": [G6]}, [RANDOM_ATTACK], forced=[forced])
    with pytest.raises(RecordError, match="bad_forced"):
        replay(validate_record(record))


def test_random_attack_hits_only_board_enemies_and_counts_kills():
    record = rec({"board": [E2, card("e3b", "enemy", 3), P2, SP3], "backpack": E5,
                  "right_hand": card("e9a", "enemy", 9), "deck": [G6]}, [RANDOM_ATTACK],
                 forced=[3])
    state = final(record)
    b = state["board"]
    assert b["board"][0] is None and b["board"][1] is None  # 2 and 3 minus 3: both killed
    assert b["board"][2]["value"] == 2 and b["board"][3]["value"] == 3
    assert b["backpack"]["value"] == 5 and b["right_hand"]["value"] == 9
    assert b["removed"] == 2 and b["random_attack_used"] is True and b["deck_count"] == 1
    events = events_of(record)[0]
    assert events[0] == {"type": "random_attack", "n": 3, "hit": ["e2a", "e3b"]}
    assert [e["reason"] for e in events if e["type"] == "card_removed"] == ["killed", "killed"]


def test_life_resolution_and_its_cleanup_at_the_next_draw():
    decisions = [mv("left_hand", "hero"), mv("board", "chest", fi=1),
                 mv("board", "chest", fi=2)]
    board = {"board": [E5, P2, G3, None], "left_hand": ab("life"), "hero": {"hp": 9},
             "deck": [G6]}
    after_use = final(rec(board, decisions[:1], forced=[7]))
    lh = after_use["board"]["left_hand"]
    assert lh == {"id": "life", "type": "potion", "value": 3, "initial_value": 7,
                  "ability": None, "pyro": False, "bash": False, "spent": True,
                  "name": "Potion of Life"}
    assert after_use["board"]["hero"]["hp"] == 13 and after_use["board"]["removed"] == 0
    # p2 sold (+2): two cards left, no draw; g3 discarded: one card left, the draw cleans up
    mid = final(rec(board, decisions[:2], forced=[7]))
    assert mid["board"]["left_hand"]["id"] == "life" and mid["board"]["hero"]["gold"] == 2
    end = final(rec(board, decisions, forced=[7]))
    b = end["board"]
    assert b["left_hand"] is None and b["board"][1]["id"] == "g6"
    assert b["removed"] == 3 and b["hero"]["gold"] == 2 and end["turn"] == 3


def test_galvanize_resolution_and_full_hp_life():
    galv = final(rec({"board": [E5, P2, None, None], "right_hand": ab("galvanize"),
                      "hero": {"gold": 3}, "deck": [G6]}, [mv("right_hand", "hero")],
                     forced=[1]))["board"]
    assert galv["right_hand"] == {"id": "galvanize", "type": "gold", "value": 0,
                                  "initial_value": 1, "ability": None, "pyro": False,
                                  "bash": False, "spent": True, "name": "Galvanized Gold"}
    assert galv["hero"]["gold"] == 4 and galv["removed"] == 0
    life = final(rec({"board": [E5, P2, None, None], "left_hand": ab("life"),
                      "deck": [G6]}, [mv("left_hand", "hero")], forced=[10]))["board"]
    assert life["left_hand"]["value"] == 10 and life["left_hand"]["spent"] is True
    assert life["hero"]["hp"] == 13


def test_drink_at_full_hp_heals_nothing_and_keeps_the_value():
    record = rec({"board": [P5, E3, G2, None], "deck": [G6]}, [mv("board", "right_hand", fi=0)])
    b = final(record)["board"]
    assert b["right_hand"]["id"] == "p5" and b["right_hand"]["value"] == 5
    assert b["right_hand"]["spent"] is True and b["hero"]["hp"] == 13
    assert events_of(record)[0][-1] == {"type": "hero_healed", "amount": 0}


def test_collect_gold_into_the_right_hand():
    b = final(rec({"board": [G6, E3, P2, None], "deck": [G7]},
                  [mv("board", "right_hand", fi=0)]))["board"]
    assert b["right_hand"]["id"] == "g6" and b["right_hand"]["value"] == 0
    assert b["right_hand"]["initial_value"] == 6 and b["right_hand"]["spent"] is True
    assert b["hero"]["gold"] == 6 and b["removed"] == 0


@pytest.mark.parametrize(("zone", "sold", "gold"), [
    ("board", card("sp7", "spell", 7), 7),
    ("board", card("sp5", "spell", 9, initial_value=5), 9),  # amplified: current value
    ("board", SH6, 6),
    ("board", P8, 8),
    ("board", G7, 0),
    ("board", ab("doomed"), 0),
    ("backpack", card("sh6", "shield", 6), 6),
    ("backpack", card("p9", "potion", 9), 9),
    ("backpack", card("sp3", "spell", 3, pyro=True), 3),
    ("backpack", ab("life"), 0),
    ("backpack", card("e9a", "enemy", 9), 0),
    ("backpack", card("e9a", "enemy", 4, initial_value=9), 0),
])
def test_chest_prices(zone, sold, gold):
    board = {"board": [E5, P2, None, None], "deck": [G6], "hero": {"gold": 1}}
    if zone == "board":
        board["board"] = [sold, E5, P2, None]
        decision = mv("board", "chest", fi=0)
    else:
        board["backpack"] = sold
        decision = mv("backpack", "chest")
    b = final(rec(board, [decision]))["board"]
    assert b["hero"]["gold"] == 1 + gold and b["removed"] == 1
    assert f'"id": "{sold["id"]}"' not in json.dumps(b)


def test_an_enemy_in_the_backpack_hits_blocks_or_is_discarded():
    base = {"board": [P2, SP3, None, None], "backpack": E9, "deck": [G6],
            "hero": {"bleed": True}, "right_hand": SH4}
    hit = final(rec(base, [mv("backpack", "hero")]))["board"]
    assert hit["hero"]["hp"] == 4 and hit["hero"]["gold"] == 9 and hit["backpack"] is None
    block = final(rec(base, [mv("backpack", "right_hand")]))["board"]
    assert block["right_hand"] is None and block["hero"]["hp"] == 8
    assert block["hero"]["gold"] == 5 and block["removed"] == 2
    chest = final(rec(base, [mv("backpack", "chest")]))["board"]
    assert chest["hero"]["gold"] == 0 and chest["removed"] == 1 and chest["backpack"] is None


def test_collect_an_enemy_then_block_it_from_the_backpack():
    record = rec({"board": [E9, P2, SP3, None], "left_hand": ab("collect"), "right_hand": SH6,
                  "deck": [G6]}, [mv("left_hand", "board", ti=0), mv("backpack", "right_hand")])
    b = final(record)["board"]
    assert b["backpack"] is None and b["right_hand"] is None and b["hero"]["hp"] == 10
    assert b["removed"] == 3  # the Collect card, the enemy, the broken shield


def test_collect_a_potion_stores_it_without_drinking():
    b = final(rec({"board": [P8, E5, SP3, None], "left_hand": ab("collect"),
                   "hero": {"hp": 5}, "deck": [G6]},
                  [mv("left_hand", "board", ti=0)]))["board"]
    assert b["backpack"]["id"] == "p8" and b["backpack"]["value"] == 8
    assert b["backpack"]["spent"] is False and b["hero"]["hp"] == 5


def test_swap_is_not_a_draw_but_the_cycle_may_draw_after_it():
    # Two cards on the board: the swap alone, no cleanup of the spent gold in the hand.
    two = final(rec({"board": [E5, P3, None, None], "left_hand": ab("swap"),
                     "right_hand": card("g4", "gold", 0, initial_value=4),
                     "deck": [G6, G7]}, [mv("left_hand", "board", ti=0)]))["board"]
    assert two["board"][0]["id"] == "g6" and [c["id"] for c in two["deck"]] == ["g7", "e5a"]
    assert two["right_hand"]["id"] == "g4"
    # One card on the board: after the swap the cycle's step 5 draws (and cleans up).
    one = final(rec({"board": [E5, None, None, None], "left_hand": ab("swap"),
                     "right_hand": card("g4", "gold", 0, initial_value=4),
                     "deck": [G6, G7]}, [mv("left_hand", "board", ti=0)]))["board"]
    assert [c["id"] if c else None for c in one["board"]] == ["g6", "g7", "e5a", None]
    assert one["right_hand"] is None and one["deck"] == [] and one["removed"] == 2


def test_amplify_on_a_ten_is_legal_and_unchanged():
    b = final(rec({"board": [E5, card("sp7", "spell", 10, initial_value=7), P3, None],
                   "left_hand": ab("amplify"), "deck": [G6]},
                  [mv("left_hand", "board", ti=1)]))["board"]
    assert b["board"][1]["value"] == 10 and b["board"][1]["initial_value"] == 7
    assert b["left_hand"] is None and b["removed"] == 1


def test_pyro_spell_that_kills_stays_and_the_mark_is_spent():
    b = final(rec({"board": [E3, E8, P2, None], "right_hand": card("sp5", "spell", 5, pyro=True),
                   "deck": [G6]}, [mv("right_hand", "board", ti=0)]))["board"]
    assert b["right_hand"]["id"] == "sp5" and b["right_hand"]["pyro"] is False
    assert b["right_hand"]["value"] == 5 and b["removed"] == 1


def test_bash_shield_keeps_its_mark_after_a_block_and_loses_it_only_by_breaking():
    b = final(rec({"board": [E3, E8, P2, None], "right_hand": card("sh6", "shield", 6, bash=True),
                   "deck": [G6]}, [mv("board", "right_hand", fi=0)]))["board"]
    assert b["right_hand"]["value"] == 3 and b["right_hand"]["bash"] is True


def test_doomed_clears_the_board_and_may_win():
    record = rec({"board": [E10, P2, None, G3], "left_hand": ab("doomed"),
                  "backpack": card("e9a", "enemy", 9), "hero": {"gold": 7}, "deck": []},
                 [mv("left_hand", "hero")])
    state = final(record)
    assert state["result"] == {"won": True, "score": 57, "reason": "cleared"}
    assert state["board"]["removed"] == 4 and state["board"]["hero"]["gold"] == 57
    events = events_of(record)[0]
    assert [e["reason"] for e in events if e["type"] == "card_removed"] == [
        "doomed", "doomed", "doomed", "ability_used"]
    assert events[-2:] == [{"type": "gold_gained", "amount": 50, "source": "win_bonus"},
                           {"type": "run_over", "won": True, "score": 57, "reason": "cleared"}]


def test_gangrene_removes_and_counts():
    b = final(rec({"board": [card("e9a", "enemy", 1, initial_value=9), P2, SP3, None],
                   "left_hand": ab("gangrene"), "deck": [G6]},
                  [mv("left_hand", "board", ti=0)]))["board"]
    assert b["board"][0] is None and b["removed"] == 2


# =============================================================================================
# 4.3, 4.8, 4.11, 4.13: the cycle, the draw, the end and the counters.
# =============================================================================================
def test_draw_threshold_two_cards_no_draw_one_card_draw():
    board = {"board": [E5, P2, SP3, None], "deck": [G6, G7]}
    two = final(rec(board, [mv("board", "chest", fi=1)]))["board"]
    assert two["deck_count"] == 2 and two["board"][1] is None
    one = final(rec(board, [mv("board", "chest", fi=1), mv("board", "chest", fi=2)]))["board"]
    assert [c["id"] if c else None for c in one["board"]] == ["e5a", "g6", "g7", None]


def test_a_board_of_one_card_is_refilled_after_any_accepted_action():
    # Revive used on the hero leaves the board at one card: step 5 draws.
    b = final(rec({"board": [None, None, E5, None], "left_hand": ab("revive"),
                   "deck": [G6, G7, P2]}, [mv("left_hand", "hero")]))["board"]
    assert [c["id"] if c else None for c in b["board"]] == ["g6", "g7", "e5a", "p2"]
    assert b["deck"] == [] and b["hero"]["can_revive"] is True


def test_a_setup_is_taken_as_given_without_a_draw():
    state = final(rec({"board": [None, E5, None, None], "deck": [G6, G7]}, []))
    assert state["board"]["board"] == [None, state["board"]["board"][1], None, None]
    assert state["board"]["deck_count"] == 2 and state["turn"] == 0


def test_a_short_deck_leaves_the_rightmost_slots_empty():
    b = final(rec({"board": [None, P3, None, E5], "deck": [G6]},
                  [mv("board", "chest", fi=1)]))["board"]
    assert [c["id"] if c else None for c in b["board"]] == ["g6", None, None, "e5a"]
    assert b["deck"] == [] and b["deck_count"] == 0


def test_cleanup_potions_and_gold_in_hands_gold_in_backpack_stored_potion_stays():
    record = rec({"board": [E5, P3, None, None],
                  "left_hand": card("p9", "potion", 9, spent=False),
                  "right_hand": card("g4", "gold", 0, initial_value=4),
                  "backpack": card("g8", "gold", 0, initial_value=8), "deck": [G6]},
                 [mv("board", "chest", fi=1)])
    b = final(record)["board"]
    assert b["left_hand"] is None and b["right_hand"] is None and b["backpack"] is None
    assert b["removed"] == 4 and b["board"][1]["id"] == "g6"
    events = events_of(record)[0]
    assert [e["type"] for e in events] == ["card_removed", "gold_gained", "card_drawn",
                                           "card_removed", "card_removed", "card_removed"]
    assert [e["reason"] for e in events if e["type"] == "card_removed"] == [
        "sold", "cleanup", "cleanup", "cleanup"]
    stored = final(rec({"board": [E5, P3, None, None], "backpack": P5, "right_hand": SH4,
                        "left_hand": ab("amplify", "amp"), "deck": [G6]},
                       [mv("board", "chest", fi=1)]))["board"]
    assert stored["backpack"]["id"] == "p5" and stored["right_hand"]["id"] == "sh4"
    assert stored["left_hand"]["id"] == "amp" and stored["removed"] == 1


def test_no_cleanup_without_a_draw_when_the_deck_is_empty():
    b = final(rec({"board": [E5, P3, None, None], "backpack": card("g4", "gold", 0,
                                                                    initial_value=4),
                   "left_hand": card("p6", "potion", 1, initial_value=6), "deck": []},
                  [mv("board", "chest", fi=1)]))["board"]
    assert b["backpack"]["id"] == "g4" and b["left_hand"]["id"] == "p6"
    assert b["removed"] == 1


def test_the_win_check_ignores_hands_and_backpack():
    record = rec({"board": [E2, None, None, None], "left_hand": SP3,
                  "right_hand": card("p4", "potion", 1, initial_value=4),
                  "backpack": E9, "hero": {"gold": 12}, "deck": []},
                 [mv("left_hand", "board", ti=0)])
    state = final(record)
    assert state["result"] == {"won": True, "score": 62, "reason": "cleared"}
    assert state["phase"] == "over" and state["to_act"] == [] and state["turn"] == 1
    assert state["board"]["backpack"]["id"] == "e9a"
    assert state["board"]["right_hand"]["id"] == "p4"


def test_death_with_an_empty_board_and_deck_is_a_loss_without_bonus():
    state = final(rec({"board": [E9, None, None, None], "hero": {"hp": 9, "gold": 3},
                       "deck": []}, [mv("board", "hero", fi=0)]))
    assert state["result"] == {"won": False, "score": 3, "reason": "died"}
    assert state["board"]["hero"]["gold"] == 3 and state["board"]["hero"]["hp"] == 0


def test_nothing_after_the_end_and_turn_stays():
    record = rec({"board": [E2, P2, None, None], "hero": {"hp": 2}, "deck": [G6]},
                 [mv("board", "hero", fi=0), mv("board", "right_hand", fi=1)])
    assert rejected(record) == (1, "game_over")
    state = replay(validate_record(record)).match.state_json()
    assert state["turn"] == 1 and state["board"]["deck_count"] == 1


@pytest.mark.parametrize(("board", "decisions", "forced", "removed"), [
    # killed (attack) + used up spell
    ({"board": [E3, P2, SP2, None], "left_hand": SP5}, [mv("left_hand", "board", ti=0)],
     None, 2),
    # a wounding attack: the spell only
    ({"board": [E9, P2, SP2, None], "left_hand": SP5}, [mv("left_hand", "board", ti=0)],
     None, 1),
    # hit
    ({"board": [E3, P2, SP2, None]}, [mv("board", "hero", fi=0)], None, 1),
    # blocked, shield kept
    ({"board": [E3, P2, SP2, None], "left_hand": SH7}, [mv("board", "left_hand", fi=0)],
     None, 1),
    # blocked, shield broken
    ({"board": [E9, P2, SP2, None], "left_hand": SH7}, [mv("board", "left_hand", fi=0)],
     None, 2),
    # sold, discarded
    ({"board": [E3, P2, SP2, None]}, [mv("board", "chest", fi=1)], None, 1),
    ({"board": [E3, G2, SP2, None]}, [mv("board", "chest", fi=1)], None, 1),
    # equip, store, drink, collect: nothing leaves
    ({"board": [E3, P2, SP2, None]}, [mv("board", "left_hand", fi=2)], None, 0),
    ({"board": [E3, P2, SP2, None]}, [mv("board", "backpack", fi=1)], None, 0),
    ({"board": [E3, P2, SP2, None]}, [mv("board", "left_hand", fi=1)], None, 0),
    ({"board": [E3, G2, SP2, None]}, [mv("board", "backpack", fi=1)], None, 0),
    # abilities: used (1), Life / Galvanize (0), Swap/Banish/Collect (1: only the card)
    ({"board": [E3, P2, SP2, None], "left_hand": ab("deflect")}, [mv("left_hand", "hero")],
     None, 1),
    ({"board": [E3, P2, SP2, None], "left_hand": ab("life")}, [mv("left_hand", "hero")],
     [4], 0),
    ({"board": [E3, P2, SP2, None], "left_hand": ab("galvanize")}, [mv("left_hand", "hero")],
     [4], 0),
    ({"board": [E3, P2, SP2, None], "left_hand": ab("swap")},
     [mv("left_hand", "board", ti=0)], None, 1),
    ({"board": [E3, P2, SP2, None], "left_hand": ab("banish")},
     [mv("left_hand", "board", ti=0)], [0], 1),
    ({"board": [E3, P2, SP2, None], "left_hand": ab("collect")},
     [mv("left_hand", "board", ti=0)], None, 1),
    # doomed: three cards and the ability
    ({"board": [E3, P2, SP2, None], "left_hand": ab("doomed")}, [mv("left_hand", "hero")],
     None, 4),
    # deflected target at 0
    ({"board": [E3, P2, SP2, None], "hero": {"reflect_damage": True}},
     [mv("board", "hero", fi=0)], [1], 1),
    # random attack kill
    ({"board": [E3, P2, SP2, None]}, [RANDOM_ATTACK], [3], 1),
    # rebuy: nothing leaves
    ({"board": [E3, P2, SP2, None]}, [REBUY], [0, 0, 0], 0),
])
def test_removed_counts_each_card_that_leaves(board, decisions, forced, removed):
    board = {"deck": [G6, G7], "removed": 10, **board}
    b = final(rec(board, decisions, forced=forced))["board"]
    assert b["removed"] == 10 + removed


def test_invariant_over_a_dealt_run():
    match = deal_match(11)
    for _ in range(40):
        if match.result is not None:
            break
        accept(match, match.legal_decisions(0)[-1 if match.turn % 3 else 0])
        b = match.state_json()["board"]
        held = sum(c is not None for c in [*b["board"], b["left_hand"], b["right_hand"],
                                           b["backpack"]])
        assert held + b["deck_count"] + b["removed"] == 54


# =============================================================================================
# 6: State JSON, setup defaults, malformed setups.
# =============================================================================================
def test_derived_keys_of_a_setup_are_ignored_and_recomputed():
    state = final(rec({"variant": "daily", "board": [E5, None, None, None],
                       "deck": [G6, ab("swap"), E3], "deck_count": 40,
                       "deck_types": {"gold": 9}, "rebuy_cost": 99, "clear_counter": 2},
                      [], to_act=[5], seats=[{"kind": "cpu", "ai": "hard"}]))
    b = state["board"]
    assert b["variant"] == "normal" and state["seats"] == [{"kind": "human"}]
    assert state["to_act"] == [0]
    assert b["deck_count"] == 3 and b["rebuy_cost"] == 9
    assert list(b["deck_types"].items()) == [("enemy", 1), ("spell", 0), ("shield", 0),
                                             ("potion", 0), ("gold", 1), ("ability", 1)]


def test_variant_defaults_to_normal_and_seats_follow_options_ai():
    state = final(rec({"board": [E5, None, None, None]}, [], options={}))
    assert state["board"]["variant"] == "normal"
    cpu = final(rec({"board": [E5, None, None, None]}, [],
                    options={"variant": "constructed", "ai": {"0": "easy"}}))
    assert cpu["board"]["variant"] == "constructed"
    assert cpu["seats"] == [{"kind": "cpu", "ai": "easy"}]


def test_setup_defaults_of_an_empty_setup():
    state = final(rec({}, []))
    assert state == {
        "mode": "crawl", "rules": "1", "seed": 1, "phase": "play", "turn": 0, "to_act": [0],
        "result": None, "seats": [{"kind": "human"}],
        "board": {
            "variant": "normal", "abilities": [], "board": [None, None, None, None],
            "left_hand": None, "right_hand": None, "backpack": None,
            "hero": {"hp": 13, "max_hp": 13, "gold": 0, "can_revive": False,
                     "reflect_damage": False, "bleed": False},
            "deck": [], "deck_count": 0,
            "deck_types": {"enemy": 0, "spell": 0, "shield": 0, "potion": 0, "gold": 0,
                           "ability": 0},
            "clear_counter": 0, "rebuy_cost": 5, "random_attack_used": False, "removed": 0,
        },
    }
    assert json.dumps(state).count('"hidden"') == 0


@pytest.mark.parametrize(("zone", "raw", "name", "spent"), [
    ("board", card("x1", "enemy", 10), "Soul Eater", False),
    ("board", card("x1", "enemy", 1), "Enemy", False),
    ("board", card("x1", "enemy", 3, initial_value=9), "Troll", False),
    ("board", card("x1", "spell", 8), "Spell", False),
    ("board", card("x1", "spell", 7), "Meteor", False),
    ("board", card("x1", "shield", 2), "Dustbin Lid", False),
    ("board", card("x1", "shield", 10), "Shield", False),
    ("board", card("x1", "potion", 1), "Potion", False),
    ("board", card("x1", "potion", 9), "Vial", False),
    ("board", card("x1", "gold", 8), "Hoard", False),
    ("board", card("x1", "gold", 4), "Pouch", False),
    ("board", card("x1", "gold", 1), "Gold", False),
    ("board", ab("gangrene", "x1"), "Gangrene", False),
    ("board", card("x1", "enemy", 4, name="Boss"), "Boss", False),
    ("left_hand", card("x1", "potion", 2, initial_value=6), "Bottle", True),
    ("left_hand", card("x1", "gold", 0, initial_value=3), "Coins", True),
    ("left_hand", card("x1", "potion", 3, spent=False), "Powder", False),
    ("right_hand", card("x1", "spell", 3), "Frost Shard", False),
    ("right_hand", ab("revive", "x1"), "Revive", False),
    ("backpack", card("x1", "gold", 0, initial_value=10), "Hoard", True),
    ("backpack", card("x1", "potion", 5), "Bottle", False),
    ("backpack", card("x1", "shield", 7), "Scale Shield", False),
    ("deck", card("x1", "gold", 2), "Coins", False),
    ("deck", card("x1", "potion", 10), "Vial", False),
])
def test_setup_card_defaults(zone, raw, name, spent):
    board: dict[str, Any] = {"board": [None] * 4}
    if zone == "board":
        board["board"] = [None, raw, None, None]
    elif zone == "deck":
        board["deck"] = [raw]
    else:
        board[zone] = raw
    b = final(rec(board, []))["board"]
    got = {"board": lambda: b["board"][1], "deck": lambda: b["deck"][0]}.get(
        zone, lambda: b[zone])()
    assert list(got) == ["id", "type", "value", "initial_value", "ability", "pyro", "bash",
                         "spent", "name"]
    assert got["name"] == name and got["spent"] is spent
    assert got["pyro"] is False and got["bash"] is False
    if raw["type"] == "ability":
        assert got["value"] is None and got["initial_value"] is None
        assert got["ability"] == raw["ability"]
    else:
        assert got["ability"] is None
        assert got["initial_value"] == raw.get("initial_value", raw["value"])


@pytest.mark.parametrize(("board", "envelope"), [
    ({"board": [E5, None, None, None], "deck": [card("e5a", "enemy", 3)]}, {}),
    ({"board": [E5, None, None, None], "left_hand": card("e5a", "spell", 3)}, {}),
    ({"board": [card("x", "weapon", 3), None, None, None]}, {}),
    ({"board": [card("x", "Enemy", 3), None, None, None]}, {}),
    ({"left_hand": card("x", "potion", -1)}, {}),
    ({"left_hand": card("x", "potion", 2, initial_value=-2)}, {}),
    ({"backpack": card("x", "spell", -3)}, {}),
    ({"board": [card("x", "enemy", 0), None, None, None]}, {}),
    ({"board": [card("x", "gold", 0, initial_value=4), None, None, None]}, {}),
    ({"deck": [card("x", "potion", 0)]}, {}),
    ({"hero": {"hp": 0}}, {}),
    ({"hero": {"hp": 14}}, {}),
    ({"hero": {"hp": -1}}, {}),
    ({"hero": {"hp": 5, "max_hp": 4}}, {}),
    ({"board": [None, None, None]}, {}),
    ({"board": [None, None, None, None, None]}, {}),
    ({"board": []}, {}),
    ({"deck": "hidden"}, {}),
])
def test_malformed_setups_exit_1(tmp_path, capsys, board, envelope):
    record = rec(board, [RANDOM_ATTACK], **envelope)
    code, out = cli(tmp_path, capsys, record)
    assert code == 1, out
    assert json.loads(out)["error"] == "bad_record"
    code, out = cli(tmp_path, capsys, record, "--legal")
    assert code == 1


def test_well_formed_edge_setups():
    # a hand card at 0, hp 0 with a result, hp = max_hp: all fine
    final(rec({"left_hand": card("p6", "potion", 0, initial_value=6), "board": [E5, None, None,
                                                                                None]}, []))
    over = final(rec({"hero": {"hp": 0}}, [], result={"won": False, "score": 0,
                                                      "reason": "died"}))
    assert over["phase"] == "over" and over["to_act"] == []
    final(rec({"hero": {"hp": 13}, "board": [E5, None, None, None]}, []))


# =============================================================================================
# 4.2.5: the daily record check; 4.12: forced draws through the command line.
# =============================================================================================
@pytest.mark.parametrize(("seed", "options", "setup", "code"), [
    (20250314, {"variant": "daily", "date": "2025-03-14"}, None, 0),
    (20250315, {"variant": "daily", "date": "2025-03-14"}, None, 1),
    (1, {"variant": "daily", "date": "2025-03-14"}, None, 1),
    (1, {"variant": "daily", "date": "2025-03-14"}, {"board": {"board": [E5, None, None, None]}},
     0),
])
def test_daily_record_check(tmp_path, capsys, seed, options, setup, code):
    record = {"format": 1, "mode": "crawl", "rules": "1", "seed": seed, "options": options,
              "setup": setup, "decisions": []}
    got, out = cli(tmp_path, capsys, record)
    assert got == code, out
    if code == 0:
        state = json.loads(out)
        assert state["board"]["variant"] == "daily" and state["seed"] == seed
        if setup is None:
            assert state["phase"] == "play" and state["board"]["deck_count"] == 50
            assert len(state["board"]["abilities"]) == 5


@pytest.mark.parametrize(("board", "decisions", "forced"), [
    ({"board": [E5, P2, None, None], "deck": [G6]}, [RANDOM_ATTACK], ["2"]),
    ({"board": [E5, P2, None, None], "deck": [G6]}, [RANDOM_ATTACK], [0]),
    ({"board": [E5, P2, None, None], "deck": [G6]}, [REBUY], [2, 0]),
    ({"board": [E10, P2, None, None], "left_hand": ab("chaos"), "deck": [G6]},
     [mv("left_hand", "hero")], [[10.0, 2, 13]]),
    ({"board": [E8, P2, None, None], "hero": {"reflect_damage": True}, "deck": [G6]},
     [mv("board", "hero", fi=0)], [True]),
    ({"board": [E8, P2, None, None], "left_hand": ab("life"), "deck": [G6]},
     [mv("left_hand", "hero")], [{"v": 3}]),
])
def test_bad_forced_values_exit_1_naming_the_entry(tmp_path, capsys, board, decisions, forced):
    code, out = cli(tmp_path, capsys, rec(board, decisions, forced=forced))
    assert code == 1
    err = json.loads(out)
    assert err["error"] == "bad_forced" and "forced.dungeon[" in err["message"]


@pytest.mark.parametrize("forced", [{"deal": [1]}, {"ai": [1]}, [1, 2], {"dungeon": 3}])
def test_only_a_dungeon_list_can_be_forced(tmp_path, capsys, forced):
    record = rec({"board": [E5, P2, None, None], "deck": [G6]}, [], forced=None)
    record["setup"]["forced"] = forced
    code, _ = cli(tmp_path, capsys, record)
    assert code == 1


def test_a_forced_value_does_not_advance_the_stream():
    # A: the random attack is forced (n = 1), then the rebuy draws from the stream.
    # B: the same position after the attack, loaded as a setup on the same seed, rebuys with a
    # fresh stream. The forced draw did not advance A's stream, so both rebuys agree.
    board = {"board": [E5, P2, SP3, card("e8b", "enemy", 8)],
             "deck": [G6, G7, P5, card("p7", "potion", 7), SH6]}
    a = replay(validate_record(rec(board, [RANDOM_ATTACK], forced=[1], seed=9))).match
    middle = a.state_json()
    assert middle["board"]["board"][0]["value"] == 4
    assert a.submit(REBUY).ok
    b = final(rec(middle["board"], [REBUY], seed=9, turn=middle["turn"]))
    assert a.state_json() == b


def test_a_rejected_decision_consumes_no_forced_value():
    match = setup_match({"board": [E5, P2, None, None], "left_hand": ab("life"),
                         "hero": {"hp": 5}, "random_attack_used": True, "deck": [G6]},
                        forced=[2])
    assert_rejected(match, RANDOM_ATTACK, "already_used")
    assert_rejected(match, mv("left_hand", "board", ti=0), "invalid_target")
    accept(match, mv("left_hand", "hero"))
    assert match.state_json()["board"]["left_hand"]["initial_value"] == 2
    assert match.state_json()["board"]["hero"]["hp"] == 7


def test_forced_is_never_printed(tmp_path, capsys):
    record = rec({"board": [E5, P2, None, None], "deck": [G6]}, [], forced=[2, 3])
    for flags in ((), ("--seat", "0")):
        code, out = cli(tmp_path, capsys, record, *flags)
        assert code == 0 and "forced" not in out


# =============================================================================================
# 6.1 seat view, 7 --legal, through the command line.
# =============================================================================================
def test_seat_view_masks_deck_and_seed_only(tmp_path, capsys):
    record = rec({"board": [E5, P2, SP3, None], "left_hand": SP4, "backpack": P5,
                  "deck": [G6, ab("swap"), E3], "hero": {"hp": 9, "bleed": True}},
                 [mv("board", "chest", fi=1)], seed=42,
                 options={"variant": "normal", "ai": {"0": "hard"}})
    code, full = cli(tmp_path, capsys, record)
    assert code == 0
    code, seat = cli(tmp_path, capsys, record, "--seat", "0")
    assert code == 0
    full_state, view = json.loads(full), json.loads(seat)
    assert view["seed"] == "hidden" and view["board"]["deck"] == "hidden"
    assert list(view) == list(full_state) and list(view["board"]) == list(full_state["board"])
    full_state["seed"] = "hidden"
    full_state["board"]["deck"] = "hidden"
    assert view == full_state
    assert view["board"]["deck_count"] == 3
    assert view["board"]["deck_types"] == {"enemy": 1, "spell": 0, "shield": 0, "potion": 0,
                                           "gold": 1, "ability": 1}
    assert view["seats"] == [{"kind": "cpu", "ai": "hard"}]
    assert seat.count('"hidden"') == 2


def test_legal_list_canonical_order(tmp_path, capsys):
    record = rec({"board": [E5, P3, None, None], "left_hand": SH4, "deck": [G6]}, [])
    code, out = cli(tmp_path, capsys, record, "--legal")
    assert code == 0
    assert json.loads(out) == [
        {"seat": 0, "type": "move", "from": "board", "from_index": 0, "to": "left_hand"},
        {"seat": 0, "type": "move", "from": "board", "from_index": 0, "to": "hero"},
        {"seat": 0, "type": "move", "from": "board", "from_index": 1, "to": "right_hand"},
        {"seat": 0, "type": "move", "from": "board", "from_index": 1, "to": "backpack"},
        {"seat": 0, "type": "move", "from": "board", "from_index": 1, "to": "chest"},
        {"seat": 0, "type": "rebuy"},
        {"seat": 0, "type": "random_attack"},
    ]
    code, seat_out = cli(tmp_path, capsys, record, "--legal", "--seat", "0")
    assert code == 0 and json.loads(seat_out) == json.loads(out)


def test_legal_list_with_every_source():
    match = setup_match({"board": [None, E5, None, G3], "deck": [G6],
                         "left_hand": card("sh4", "shield", 4, bash=True),
                         "right_hand": ab("amplify"), "backpack": SP3,
                         "random_attack_used": True})
    assert match.legal_decisions(0) == [
        {"seat": 0, "type": "move", "from": "board", "from_index": 1, "to": "left_hand"},
        {"seat": 0, "type": "move", "from": "board", "from_index": 1, "to": "hero"},
        {"seat": 0, "type": "move", "from": "board", "from_index": 3, "to": "chest"},
        {"seat": 0, "type": "move", "from": "left_hand", "to": "board", "to_index": 1},
        {"seat": 0, "type": "move", "from": "right_hand", "to": "left_hand"},
        {"seat": 0, "type": "move", "from": "right_hand", "to": "backpack"},
        {"seat": 0, "type": "move", "from": "backpack", "to": "chest"},
        {"seat": 0, "type": "rebuy"},
    ]


def test_legal_in_pick_and_after_the_end(tmp_path, capsys):
    pick = {"format": 1, "mode": "crawl", "rules": "1", "seed": 3,
            "options": {"variant": "constructed"}, "setup": None, "decisions": []}
    code, out = cli(tmp_path, capsys, pick, "--legal")
    assert code == 0 and json.loads(out) == [{"seat": 0, "type": "choose_abilities"}]
    over = rec({"board": [E2, None, None, None], "left_hand": SP3},
               [mv("left_hand", "board", ti=0)])
    code, out = cli(tmp_path, capsys, over, "--legal")
    assert code == 0 and json.loads(out) == []
    code, out = cli(tmp_path, capsys, over)
    assert json.loads(out)["result"] == {"won": True, "score": 50, "reason": "cleared"}


def test_rejections_exit_2_with_index_error_message(tmp_path, capsys):
    record = rec({"board": [E5, P2, None, None], "deck": [G6]},
                 [mv("board", "hero", fi=0), {"seat": "0", "type": "rebuy"}, REBUY])
    code, out = cli(tmp_path, capsys, record)
    assert code == 2
    assert json.loads(out) == {"index": 1, "error": "bad_decision",
                               "message": "Malformed decision."}
    record["decisions"][1] = {"seat": 0, "type": "pass"}
    code, out = cli(tmp_path, capsys, record)
    assert code == 2 and json.loads(out)["error"] == "unknown_decision"


def test_choose_abilities_deals_in_catalogue_order_and_counts_no_turn():
    match = _pick()
    accept(match, {"seat": 0, "type": "choose_abilities",
                   "abilities": ["gangrene", "chaos", "revive", "amplify", "collect"]})
    state = match.state_json()
    b = state["board"]
    assert b["abilities"] == ["revive", "amplify", "chaos", "collect", "gangrene"]
    assert state["turn"] == 0 and state["phase"] == "play" and b["deck_count"] == 50
    assert b["deck_types"]["ability"] + sum(
        c is not None and c["type"] == "ability" for c in b["board"]) == 5
    names = {c["id"]: c["name"] for c in [*b["deck"], *(c for c in b["board"] if c)]
             if c["type"] == "ability"}
    assert names == {"revive": "Revive", "amplify": "Amplify", "chaos": "Chaos",
                     "collect": "Collect", "gangrene": "Gangrene"}


# =============================================================================================
# 4.14: events in resolution order with the spec's names.
# =============================================================================================
SPEC_EVENTS = {"card_moved", "card_drawn", "card_removed", "hero_damaged", "hero_healed",
               "gold_gained", "value_changed", "shield_absorbed", "revive_triggered",
               "capitalize_triggered", "deflected", "random_attack", "random_attack_missed",
               "card_returned_to_deck", "card_swapped", "ability_used", "rebuy", "run_over"}
REASONS = {"killed", "hit", "blocked", "used_up", "broken", "sold", "cleanup", "deflected",
           "doomed", "gangrene", "ability_used"}


def test_block_with_excess_events():
    record = rec({"board": [E9, P2, SP2, None], "right_hand": SH6, "hero": {"bleed": True},
                  "deck": [G6]}, [mv("board", "right_hand", fi=0)])
    events = events_of(record)[0]
    types = [e["type"] for e in events]
    assert types.index("shield_absorbed") < types.index("hero_damaged")
    removed = [(e["id"], e["reason"]) for e in events if e["type"] == "card_removed"]
    assert removed == [("e9a", "blocked"), ("sh6", "broken")]
    assert {"type": "hero_damaged", "amount": 3, "source": "excess"} in events
    assert events[-2:] == [{"type": "capitalize_triggered", "amount": 3},
                           {"type": "gold_gained", "amount": 3, "source": "capitalize"}]


def test_event_names_and_reasons_over_a_dealt_run():
    match = deal_match(5)
    seen: set[str] = set()
    for _ in range(120):
        if match.result is not None:
            break
        legal = match.legal_decisions(0)
        for event in accept(match, legal[(match.turn * 7) % len(legal)]):
            seen.add(event["type"])
            assert event["type"] in SPEC_EVENTS, event
            if event["type"] == "card_removed":
                assert event["reason"] in REASONS
            if event["type"] == "card_returned_to_deck":
                assert set(event) == {"type", "id"}


def test_random_attack_missed_event_and_swap_event():
    miss = events_of(rec({"board": [P2, G3, None, None], "deck": [G6]}, [RANDOM_ATTACK],
                         forced=[2]))[0]
    assert miss == [{"type": "random_attack_missed"}]
    swap = events_of(rec({"board": [E5, P2, None, None], "left_hand": ab("swap"),
                          "deck": [G6]}, [mv("left_hand", "board", ti=0)]))[0]
    assert [e["type"] for e in swap] == ["ability_used", "card_swapped", "card_removed"]
    assert "position" not in json.dumps(swap)


# =============================================================================================
# The real command line, as the hidden scenario sets run it.
# =============================================================================================
def _tabula(path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return run_cli(["replay", str(path), "--json", *flags])


@pytest.mark.slow
def test_python_m_game_replay_exit_codes(tmp_path):
    ok = tmp_path / "ok.json"
    ok.write_text(json.dumps(rec({"board": [E8, P6, SH4, None], "deck": [G7],
                                  "hero": {"reflect_damage": True}},
                                 [mv("board", "hero", fi=0)], forced=[2])))
    proc = _tabula(ok)
    assert proc.returncode == 0, proc.stderr
    state = json.loads(proc.stdout)
    assert state["board"]["board"][2] is None and state["board"]["hero"]["hp"] == 13
    bad_forced = tmp_path / "bad_forced.json"
    bad_forced.write_text(json.dumps(rec({"board": [E10, P2, None, None],
                                          "left_hand": ab("chaos"), "deck": [G7]},
                                         [mv("left_hand", "hero")], forced=[[2, 10.0, 13]])))
    proc = _tabula(bad_forced)
    assert proc.returncode == 1 and "bad_forced" in proc.stdout
    assert "Traceback" not in proc.stderr
    rejected_file = tmp_path / "rejected.json"
    rejected_file.write_text(json.dumps(rec({"board": [E5, P2, None, None]},
                                            [mv("board", "board", fi=3, ti=4)])))
    proc = _tabula(rejected_file)
    assert proc.returncode == 2
    assert json.loads(proc.stdout) == {"index": 0, "error": "invalid_slot",
                                       "message": "No such slot."}


def test_build_match_rejects_setups_before_any_decision():
    with pytest.raises(RecordError):
        build_match(validate_record(new_record("crawl", "1", 1, {"variant": "normal"},
                                               {"board": {"board": [E5]}})))


def test_attack_events_in_resolution_order():
    events = events_of(rec({"board": [E3, P2, SP2, None], "left_hand": SP5, "deck": [G6]},
                           [mv("left_hand", "board", ti=0)]))[0]
    assert events == [
        {"type": "value_changed", "id": "e3a", "from": 3, "to": 0},
        {"type": "card_removed", "id": "e3a", "reason": "killed"},
        {"type": "card_removed", "id": "sp5", "reason": "used_up"},
    ]


def test_deflect_waits_for_a_drop_on_the_hero_not_a_block():
    b = final(rec({"board": [E3, P2, SP2, None], "right_hand": SH6,
                   "hero": {"reflect_damage": True}, "deck": [G6]},
                  [mv("board", "right_hand", fi=0)]))["board"]
    assert b["right_hand"]["value"] == 3 and b["hero"]["reflect_damage"] is True


def test_gangrene_needs_value_below_initial_value():
    raised = card("e2a", "enemy", 9, initial_value=2)  # raised by Chaos: not wounded
    match = setup_match({"board": [raised, P2, None, None], "left_hand": ab("gangrene"),
                         "deck": [G6]})
    assert_rejected(match, mv("left_hand", "board", ti=0), "not_wounded")


def test_seat_view_in_the_pick_phase():
    view = _pick().view_json(0)
    assert view["seed"] == "hidden" and view["board"]["deck"] == "hidden"
    assert view["board"]["deck_count"] == 0 and view["board"]["abilities"] == []
    assert view["phase"] == "pick" and view["to_act"] == [0]


def _deck_toml_ids() -> list[str]:
    import tomllib

    data = tomllib.loads((REPO / "resources" / "crawl" / "deck.toml").read_text("utf-8"))
    return [entry["id"] for entry in data["card"]]


CATALOGUE = ["revive", "deflect", "capitalize", "pyroclasm", "shield_bash", "banish", "life",
             "galvanize", "amplify", "chaos", "collect", "swap", "doomed", "gangrene"]


@pytest.mark.parametrize(("seed", "variant"), [(7, "normal"), (20250314, "daily"),
                                               (3, "constructed")])
def test_the_deal_draws_sample_then_shuffle_on_the_deal_stream(seed, variant):
    from game.engine.rng import Stream

    deal = Stream(seed, "deal")
    if variant == "constructed":
        picked = ["swap", "revive", "doomed", "life", "chaos"]
        match = deal_match(seed, variant)
        accept(match, {"seat": 0, "type": "choose_abilities", "abilities": picked})
    else:
        picked = deal.sample(CATALOGUE, 5)
        options = {"date": "2025-03-14"} if variant == "daily" else {}
        match = deal_match(seed, variant, **options)
    chosen = [a for a in CATALOGUE if a in picked]
    order = deal.shuffle(_deck_toml_ids() + chosen)
    b = match.state_json()["board"]
    assert b["abilities"] == chosen
    assert [c["id"] for c in b["board"]] == order[:4]
    assert [c["id"] for c in b["deck"]] == order[4:]
    assert b["variant"] == variant and b["removed"] == 0
    # the first dungeon draw is the random attack's n, from the same named stream
    n = Stream(seed, "dungeon").randint(1, 3)
    before = {c["id"]: c["value"] for c in b["board"] if c["type"] == "enemy"}
    accept(match, RANDOM_ATTACK)
    after = {c["id"]: c["value"] for c in match.state_json()["board"]["board"] if c}
    for cid, value in before.items():
        assert after.get(cid, 0) == max(0, value - n)


@pytest.mark.parametrize(("zones", "decision", "expected"), [
    # The right hand mirrors the left.
    ({"right_hand": SP4}, mv("right_hand", "left_hand"), "locked_in_hand"),
    ({"right_hand": SP4, "left_hand": SP5}, mv("right_hand", "left_hand"), "locked_in_hand"),
    ({"right_hand": SP4}, mv("right_hand", "board", ti=2), None),
    ({"right_hand": SP4}, mv("right_hand", "board", ti=0), "invalid_target"),
    ({"right_hand": ab("amplify"), "left_hand": SP5}, mv("right_hand", "left_hand"), None),
    ({"right_hand": ab("amplify")}, mv("right_hand", "left_hand"), "locked_in_hand"),
    ({"right_hand": ab("revive")}, mv("right_hand", "hero"), None),
    ({"right_hand": ab("revive"), "left_hand": SP5}, mv("right_hand", "left_hand"),
     "invalid_target"),
    ({"right_hand": card("g4", "gold", 0, initial_value=4)}, mv("right_hand", "right_hand"),
     "illegal_move"),
    ({"right_hand": ab("amplify")}, mv("right_hand", "right_hand"), "illegal_move"),
    ({"left_hand": ab("amplify")}, mv("left_hand", "left_hand"), "illegal_move"),
    # Slot 3 as a source, the right hand as a destination.
    ({"right_hand": SH7}, mv("board", "right_hand", fi=2), None),
    ({"right_hand": SP5}, mv("board", "right_hand", fi=2), "no_shield"),
    ({}, mv("board", "right_hand", fi=1), None),  # equip the board spell
    ({"right_hand": SH7}, mv("board", "right_hand", fi=1), "hand_full"),
])
def test_right_hand_and_other_slots(zones, decision, expected):
    match = setup_match({"board": [P3, SP2, E5, None], "deck": [G7], **zones})
    if expected is None:
        accept(match, decision)
    else:
        assert_rejected(match, decision, expected)
