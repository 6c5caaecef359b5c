"""The three no-code mods of docs/modding.md (issue 24): a thorns one-shot hero effect, a drain
ability and a recall (`return_to_deck` on spells and shields, to the top). The blocks are read
from the docs themselves, installed as mods, and then: their rules with exact numbers, every
CPU level playing runs that deal all three to the end, and the solver's line on such a run.

Before the issue, the recall mod made the normal CPU aim it at an enemy (`invalid_target`, the
run died at seed 6) and `tabula solve crawl` raise "the rules rejected their own legal ...".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.ai.crawl import make_cpu
from game.ai.crawl.solver import solve_record
from game.engine.autoplay import make_players, play_out
from game.engine.modes import get_mode
from game.engine.record import build_match, new_record, replay, validate_record
from game.engine.resources import clear_resource_cache, load_mode_resources, set_extra_mod_dirs
from game.engine.rng import ai_stream

from .helpers import accept, assert_rejected, board_of, card, move, setup_match

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "modding.md"
SPEC = get_mode("crawl")
MOD_IDS = ("thorns", "drain", "recall")


def doc_blocks() -> dict[str, str]:
    """`mods/<name>/crawl/<file>` -> TOML, from the crawl section of docs/modding.md."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## New abilities and hero effects with no code (Card Crawl)")[1]
    section = section.split("\n## ")[0]
    blocks = re.findall(r"```toml\n# (mods/\S+)\n(.*?)```", section, re.S)
    return dict(blocks)


@pytest.fixture
def mods(tmp_path):
    root = tmp_path / "mods"
    for rel, text in doc_blocks().items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    set_extra_mod_dirs([root])
    clear_resource_cache()
    yield root
    set_extra_mod_dirs([])
    clear_resource_cache()


def test_the_docs_show_the_three_mods(mods):
    assert sorted(doc_blocks()) == ["mods/drain/crawl/abilities.toml",
                                    "mods/recall/crawl/abilities.toml",
                                    "mods/thorns/crawl/abilities.toml",
                                    "mods/thorns/crawl/statuses.toml"]
    resources = load_mode_resources(SPEC)
    assert resources.mods_loaded == ["drain", "recall", "thorns"], [
        str(p) for p in resources.problems]


# -- the rules, with exact numbers ------------------------------------------------------------
E9, E5, E4 = card("e9a", "enemy", 9), card("e5a", "enemy", 5), card("e4a", "enemy", 4)


def test_thorns_is_a_hero_effect_that_a_hit_spends_on_every_enemy_left(mods):
    match = setup_match({"board": [E9, E5, E4, card("p4", "potion", 4)],
                         "left_hand": card("thorns", "ability"), "deck": [card("g2", "gold", 2)],
                         "hero": {"hp": 13}})
    accept(match, move("left_hand", "hero"))
    assert board_of(match)["hero"]["thorns"] is True
    events = accept(match, move("board", "hero", fi=1))
    assert events == [
        {"type": "card_removed", "id": "e5a", "reason": "hit"},
        {"type": "hero_damaged", "amount": 5, "source": "hit"},
        {"type": "value_changed", "id": "e9a", "from": 9, "to": 4},
        {"type": "value_changed", "id": "e4a", "from": 4, "to": 0},
        {"type": "card_removed", "id": "e4a", "reason": "killed"}]
    board = board_of(match)
    assert board["hero"]["hp"] == 8 and board["hero"]["thorns"] is False
    assert [c and (c["id"], c["value"]) for c in board["board"]] == [
        ("e9a", 4), None, None, ("p4", 4)]


def test_thorns_waits_for_an_enemy_blow_and_a_deflect_comes_first(mods):
    """A rebuy's damage leaves thorns up; a deflected hit hurts nobody; a shield's excess is
    an enemy blow."""
    match = setup_match({"board": [E9, E5, None, None], "deck": [card("g2", "gold", 2)],
                         "hero": {"hp": 13, "thorns": True, "reflect_damage": True}},
                        forced=[0, 0, 0])
    accept(match, move("board", "hero", fi=1))  # deflected onto the 9
    hero = board_of(match)["hero"]
    assert (hero["hp"], hero["thorns"], hero["reflect_damage"]) == (13, True, False)
    accept(match, {"seat": 0, "type": "rebuy"})
    hero = board_of(match)["hero"]
    assert (hero["hp"], hero["thorns"]) == (8, True)
    match = setup_match({"board": [E9, E5, None, None], "deck": [card("g2", "gold", 2)],
                         "right_hand": card("sh3", "shield", 3), "hero": {"thorns": True}})
    accept(match, move("board", "right_hand", fi=1))  # 5 on a 3 shield: 2 through
    board = board_of(match)
    assert board["hero"]["hp"] == 11 and board["hero"]["thorns"] is False
    assert board["board"][0]["value"] == 7


def test_drain_wounds_an_enemy_and_heals_what_it_lost(mods):
    match = setup_match({"board": [E9, card("e3a", "enemy", 3), card("p4", "potion", 4), None],
                         "left_hand": card("drain", "ability"),
                         "right_hand": card("drain2", "ability", ability="drain"),
                         "deck": [card("g2", "gold", 2)], "hero": {"hp": 5}})
    assert_rejected(match, move("left_hand", "board", ti=2), "invalid_target")  # a potion
    events = accept(match, move("left_hand", "board", ti=1))
    assert events == [
        {"type": "ability_used", "ability": "drain", "target": "e3a"},
        {"type": "value_changed", "id": "e3a", "from": 3, "to": 0},
        {"type": "card_removed", "id": "e3a", "reason": "killed"},
        {"type": "hero_healed", "amount": 3},
        {"type": "card_removed", "id": "drain", "reason": "ability_used"}]
    accept(match, move("right_hand", "board", ti=0))
    board = board_of(match)
    assert board["board"][0]["value"] == 5 and board["hero"]["hp"] == 5 + 3 + 4


def test_recall_puts_a_spell_on_top_of_the_deck_and_never_takes_an_enemy(mods):
    match = setup_match({"board": [E9, card("sp6", "spell", 6, initial_value=8), E5, None],
                         "left_hand": card("recall", "ability"),
                         "deck": [card("g2", "gold", 2)]})
    assert_rejected(match, move("left_hand", "board", ti=0), "invalid_target")
    events = accept(match, move("left_hand", "board", ti=1))
    assert events[:2] == [{"type": "ability_used", "ability": "recall", "target": "sp6"},
                          {"type": "card_returned_to_deck", "id": "sp6"}]
    board = board_of(match)
    assert [c["id"] for c in board["deck"]] == ["sp6", "g2"]
    assert board["deck"][0]["value"] == 6 and board["deck"][0]["initial_value"] == 8


def test_the_normal_cpu_never_aims_a_recall_at_an_enemy(mods):
    """The issue's crash: a recall in hand, a big enemy on the board (Banish's rule would hit
    it), hands and backpack full, a spell on the board: the CPU recalls the spell."""
    board = {"board": [E9, card("sp6", "spell", 6), E5, None],
             "left_hand": card("recall", "ability"), "right_hand": card("sh3", "shield", 3),
             "backpack": card("p2", "potion", 2), "deck": [card("g2", "gold", 2)]}
    match = setup_match(board)
    cpu = make_cpu("normal", 0, ai_stream(1, 0), load_mode_resources(SPEC))
    decision = cpu.decide(match.view_json(0))
    assert decision == move("left_hand", "board", ti=1)
    accept(match, decision)


# -- every CPU level and the solver -----------------------------------------------------------
def dealt_seeds(count: int) -> list[int]:
    """Seeds whose normal run deals all three mod abilities."""
    found = []
    for seed in range(1, 2000):
        match = build_match(validate_record(new_record("crawl", "1", seed,
                                                       {"variant": "normal"})))
        dealt = set(match.state_json()["board"]["abilities"])
        match.close()
        if dealt >= set(MOD_IDS):
            found.append(seed)
            if len(found) == count:
                return found
    raise AssertionError("no seed deals the three mod abilities")


def _played(level: str, seed: int) -> tuple[list[dict], list]:
    record = new_record("crawl", "1", seed, {"variant": "normal", "ai": {"0": level}})
    match = build_match(validate_record(record))
    events: list = []
    play_out(match, make_players(SPEC, seed, {0: level}), events=events)
    assert match.result is not None
    decisions = list(match.decisions)
    match.close()
    return decisions, events


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_cpu_level_plays_runs_with_the_three_mods_to_the_end(mods, level):
    seeds = dealt_seeds(4 if level != "hard" else 2)
    used: set[str] = set()
    for seed in seeds:
        _, events = _played(level, seed)
        used |= {e.data["ability"] for e in events if e.type == "ability_used"}
    if level != "easy":  # easy's random moves may never use one; it still plays them out
        assert used >= set(MOD_IDS), used


def test_thorns_fires_in_a_cpu_run(mods):
    """Across the normal CPU's runs, thorns is taken up and spent by an enemy's blow."""
    for seed in dealt_seeds(4):
        record = new_record("crawl", "1", seed, {"variant": "normal", "ai": {"0": "normal"}})
        match = build_match(validate_record(record))
        cpu = make_cpu("normal", 0, ai_stream(seed, 0), match.resources)
        while match.result is None:
            before = match.state_json()["board"]["hero"]["thorns"]
            events = match.submit(cpu.decide(match.view_json(0))).events
            if before and match.state_json()["board"]["hero"]["thorns"] is False:
                assert any(e.type == "hero_damaged" and e.data["source"] in ("hit", "excess")
                           for e in events)
                match.close()
                return
        match.close()
    raise AssertionError("thorns never fired")


def test_the_solver_plays_a_run_with_the_three_mods(mods):
    seed = dealt_seeds(1)[0]
    record = validate_record(new_record("crawl", "1", seed, {"variant": "normal"}))
    solution, line = solve_record(record, max_nodes=600)
    outcome = replay(line)
    assert outcome.ok and outcome.match.result["score"] == solution.best_score
    normal, _ = _played("normal", seed)
    assert solution.best_score >= replay({**record, "decisions": normal}).match.result["score"]


RECALL_AS_BANISH = '''
[[ability]]
id = "banish"
name = "Recall"
kind = "target"
effect = "return_to_deck"
position = "top"
types = ["spell", "shield"]
text = "Put a spell or shield on top of the deck."
icon = ":resources:images/items/flagRed1.png"
'''


@pytest.fixture
def banish_recalls(tmp_path):
    folder = tmp_path / "mods" / "recall" / "crawl"
    folder.mkdir(parents=True)
    (folder / "abilities.toml").write_text(RECALL_AS_BANISH, encoding="utf-8")
    set_extra_mod_dirs([tmp_path / "mods"])
    clear_resource_cache()
    yield
    set_extra_mod_dirs([])
    clear_resource_cache()


def test_the_issue_s_recall_no_longer_breaks_the_normal_cpu_or_the_solver(banish_recalls):
    """The issue's case, Banish replaced: the normal CPU of seed 6 aimed it at an enemy
    (`invalid_target` at decision 19) and the solver of seed 4 died with "the rules rejected
    their own legal ...". Both now play to the end."""
    decisions, _ = _played("normal", 6)
    record = validate_record(new_record("crawl", "1", 4, {"variant": "normal"}))
    solution, line = solve_record(record, max_nodes=3000)
    assert replay(line).match.result["score"] == solution.best_score
    assert decisions
