"""Abilities composed in TOML with no code (issue 23; docs/modding.md "Abilities composed in
TOML"): the *siege* card (+2 battle score when attacking the enemy base) and the Tank
Commander's passive (+1 defence while its main army has a tank), installed exactly as the
docs print them. Their battles give the scores the rules promise, their conditions are
checked when the mod loads (file and key), and every CPU level plays whole CPU-vs-CPU
matches with them, which use both."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.autoplay import make_players, play_out
from game.engine.modes import get_mode
from game.engine.record import build_match, new_record
from game.engine.resources import clear_resource_cache, load_mode_resources
from game.systems.conquest.content import content_of

from .helpers import D, accept, board_of, mod_installed, setup_match

MODE = get_mode("conquest")
DOCS = Path(__file__).resolve().parents[2] / "docs" / "modding.md"
BASE_BATTLE = [{"number": 1, "tile": "L10", "state": "current"}]


def siege_mod() -> dict[str, str]:
    """{file name: TOML} of the docs' `mods/siege/conquest/...` blocks."""
    blocks = re.findall(r"```toml\n# mods/siege/conquest/(\S+)\n(.*?)```",
                        DOCS.read_text(encoding="utf-8"), re.S)
    assert {name for name, _ in blocks} == {"abilities.toml", "cards.toml", "armies.toml"}
    return dict(blocks)


@pytest.fixture
def installed():
    yield from mod_installed("siege", siege_mod())


def test_the_mod_loads_with_its_composed_abilities(installed):
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == ["siege"], [str(p) for p in resources.problems]
    content = content_of(resources)
    siege, doctrine = content.abilities[11], content.abilities[12]
    assert (siege.effect, [name for name, _ in siege.conditions]) == (
        "score", ["attacking_enemy_base"])
    assert (doctrine.effect, [name for name, _ in doctrine.conditions]) == (
        "defence", ["main_army_has"])
    assert content.armies["tank"].passives == (12,)
    assert content.armies["infantry"].passives == ()
    assert content.hand_order(content.armies["tank"].cards)[:2] == ("tank7", "siege6")


def battle_on_the_blue_base(**board):
    """P1 (Tank Commander) attacks P2's base L10 with a tank and an infantry; P2 (Infantry
    Commander) defends it with one infantry."""
    return setup_match("cards", {"p0.t1": "L10", "p0.i1": "L10", "p1.i1": "L10",
                                 "p0.i2": "L03", "p1.i2": "L12"},
                       commanders=["tank", "infantry"], battles=BASE_BATTLE,
                       current_battle=1, **board)


def test_siege_and_the_doctrine_give_their_boosts_where_their_conditions_hold(installed):
    match = battle_on_the_blue_base()
    accept(match, D(0, "choose_card", card="siege6"))
    accept(match, D(0, "ready"))
    accept(match, D(1, "choose_card", card="inf2"))
    accept(match, D(1, "ready"))
    result = board_of(match)["last_result"]
    assert result["abilities"] == [[11, 12], []]  # the card's, then the commander's
    assert result["score_parts"][0] == {"army": 3, "base": 0, "reinforcements": 0, "card": 6,
                                        "ability": 2, "cancelled": 0}
    assert result["score_parts"][1]["base"] == 2
    assert result["scores"] == [11, 5]
    assert result["defence"] == [2, 2]  # siege6 prints 1: the doctrine's +1
    assert result["winner"] == 0
    assert match.result == {"winner": 0, "reason": "base_captured"}


def test_off_the_enemy_base_siege_is_silent_and_the_doctrine_needs_a_tank(installed):
    match = setup_match("cards", {"p0.i1": "L13", "p1.i1": "L13", "p0.i2": "L03",
                                  "p1.i2": "L10"},
                        commanders=["tank", "infantry"],
                        battles=[{"number": 1, "tile": "L13", "state": "current"}],
                        current_battle=1)
    accept(match, D(0, "choose_card", card="siege6"))
    accept(match, D(0, "ready"))
    accept(match, D(1, "choose_card", card="inf2"))
    accept(match, D(1, "ready"))
    result = board_of(match)["last_result"]
    assert result["abilities"] == [[], []]
    assert result["score_parts"][0]["ability"] == 0
    assert result["defence"][0] == 1


def test_a_condition_no_function_has_is_named_with_file_and_key(installed):
    path = installed / "abilities.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"attacking_enemy_base"', '"sieging"'), encoding="utf-8")
    clear_resource_cache()
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == []
    messages = [str(p) for p in resources.problems]
    assert any("abilities.toml:abilities[0].when.0.condition: unknown condition 'sieging'"
               in m for m in messages), messages


def test_a_passive_naming_no_ability_is_named_with_file_and_key(installed):
    path = installed / "armies.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("passives = [12]",
                                                             "passives = [13]"),
                    encoding="utf-8")
    clear_resource_cache()
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == []
    assert any("armies.toml:armies[1].passives.0: unknown ability number 13" in str(p)
               for p in resources.problems), [str(p) for p in resources.problems]


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_cpu_level_plays_the_mod_to_the_end(installed, level):
    """Whole matches, both seats `level` (both commanders are picked from the CPUs' own
    streams), until both abilities have been active in a battle; every decision goes
    through the checked submit."""
    active: set[int] = set()
    # Seed 4 first: the first seed whose hard-vs-hard battles use both abilities (a hard match
    # is ~13 s here; a change of the CPUs that moves it only makes the search play on).
    for seed in (4, *range(1, 4), *range(5, 41)):
        cpu = {0: level, 1: level}
        record = new_record("conquest", MODE.rules_version, seed,
                            {"ai": {"0": level, "1": level}})
        match = build_match(record)
        events: list = []
        try:
            play_out(match, make_players(MODE, seed, cpu), events=events)
            assert match.result is not None
        finally:
            match.close()
        for event in events:
            if event.type == "battle_resolved":
                active.update(n for side in event.data["result"]["abilities"] for n in side)
        if {11, 12} <= active:
            break
    assert {11, 12} <= active, active
