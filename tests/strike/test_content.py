"""Content (spec strike.md section 3): the base files equal the spec's tables, validation names
file and key, and mods overlay the base (the example mod of docs/strike.md is used in a match).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import paths
from game.engine.modes import get_mode
from game.engine.resources import load_mode_resources
from game.systems.strike.content import content_of, load_content
from tests.cli_helpers import run_cli
from tests.match_helpers import spec_data

from .helpers import A, C, U, accept, setup_match, unit

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "strike.md"
MODE = get_mode("strike")
# The spec's section 3 tables, cell by cell (tests/strike/extract_scenarios.py writes them).
SPEC_TABLES = spec_data("strike", "spec_tables")


def test_base_content_loads():
    content = load_content([])
    assert len(content.pool) == 20 and content.pool[0] == "ember_vine"
    assert sum(len(c.attacks) for c in content.cards.values()) == 60
    assert content.percent("fire", "leaf") == 150 and content.percent("combined", "combined") == 100
    assert content.rules.board.cols == 23 and content.rules.combat.round_cap == 150
    assert content.ai.easy.attack_bias_percent == 50 and content.ai.hard.win_value == 100000


def test_cards_and_attacks_equal_the_spec_tables():
    content = load_content([])
    cards = SPEC_TABLES["cards"]
    assert [r[1] for r in cards] == list(content.pool)
    for r in cards:
        c = content.cards[r[1]]
        assert [c.name, c.element, c.secondary, c.hp, c.move, c.speed] == [
            r[2], r[3], r[4], int(r[5]), int(r[6]), int(r[7])]
    card = None
    for r in SPEC_TABLES["attacks"]:
        card = card if r[0] == "″" else r[0]
        a = content.cards[card].attacks[int(r[1])]
        assert [a.name, a.element, a.kind, a.damage, a.range, a.cooldown, a.heal, a.status,
                a.status_turns, a.status_value, a.effect, a.effect_value, a.effect_turns,
                a.animation] == [r[2], r[3], r[4], *map(int, r[5:9]), r[9], *map(int, r[10:12]),
                                 r[12], *map(int, r[13:15]), r[15]]


def test_element_table_equals_the_spec():
    content = load_content([])
    rows = SPEC_TABLES["elements"]
    defenders = ["fire", "water", "leaf", "wind", "null", "combined"]
    for r in rows:
        for d, v in zip(defenders, r[1:], strict=True):
            assert content.percent(r[0], d) == int(v)


def install(name: str, files: dict[str, str]) -> Path:
    folder = paths.mods_dir() / name / "strike"
    folder.mkdir(parents=True, exist_ok=True)
    for file_name, text in files.items():
        (folder / file_name).write_text(text, encoding="utf-8")
    return folder.parent


def example_mod() -> dict[str, str]:
    """{file name: TOML} of the example mod blocks in docs/strike.md (mods/sprout/strike/...)."""
    blocks = re.findall(r"```toml\n# (mods/\S+)\n(.*?)```", DOCS.read_text(encoding="utf-8"),
                        re.S)
    assert blocks, "docs/strike.md has no example mod"
    return {Path(rel).name: text for rel, text in blocks}


def test_the_example_mod_adds_a_regen_healer_and_merges_rules():
    install("sprout", example_mod())
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == ["sprout"] and not resources.problems
    content = content_of(resources)
    assert content.pool[-1] == "sprout" and len(content.pool) == 21
    assert content.rules.combat.round_cap == 100
    assert content.rules.combat.roll_min == -2 and content.rules.board.cols == 23
    assert content.cards["sprout"].attacks[0].kind == "strike"
    match = setup_match(C([U(0, "sprout", [5, 5], hp=20), U(0, "ember_vine", [5, 6], hp=48),
                           U(1, "logic_trap", [20, 5])]))
    events = accept(match, A(0, "p0.sprout", 1))
    assert unit(match, "p0.sprout")["hp"] == 30
    assert unit(match, "p0.sprout")["statuses"]["regen"] == {"turns": 2, "value": 5}
    assert unit(match, "p0.ember_vine")["hp"] == 50
    assert sum(e["type"] == "status_applied" for e in events) == 2
    accept(match, {"seat": 1, "type": "move", "unit": "p1.logic_trap", "to": [20, 4]})
    # seat 0's turn start: regen +5, one turn left
    assert unit(match, "p0.sprout")["hp"] == 35
    assert unit(match, "p0.sprout")["statuses"]["regen"] == {"turns": 1, "value": 5}


def test_a_mod_card_with_a_base_id_replaces_it_in_place():
    install("hot", {"cards.toml": example_mod()["cards.toml"].replace('"sprout"',
                                                                       '"logic_trap"')})
    content = load_content()
    assert len(content.pool) == 20 and content.pool[18] == "logic_trap"
    assert content.cards["logic_trap"].name == "Sprout"


def test_a_percent_override_keeps_the_other_pairs():
    install("fiery", {"elements.toml": "[percent.fire]\nleaf = 200\n"})
    content = load_content()
    assert content.percent("fire", "leaf") == 200
    assert content.percent("fire", "water") == 75 and content.percent("water", "fire") == 150


BAD_CARD = """
[[cards]]
id = "Bad Card"
name = "Bad"
element = "fire"
secondary = "fire"
hp = 50
move = 3
speed = 8

[[cards.attacks]]
name = "Boom"
element = "fire"
damage = 5
range = 1
cooldown = 0
effect = "explode"
animation = "nope"
"""


@pytest.mark.parametrize(("files", "where"), [
    ({"cards.toml": BAD_CARD}, "cards.toml:cards[0]"),
    ({"cards.toml": BAD_CARD.replace('"Bad Card"', '"bad"').replace('"explode"', '"none"')},
     "cards.toml:cards[20].attacks.0.animation"),
    ({"cards.toml": BAD_CARD.replace('"Bad Card"', '"bad"').replace('"explode"', '"heal_all"')},
     "cards.toml:cards[0].attacks.0"),
    ({"rules.toml": "[combat]\nround_cap = \"lots\"\n"}, "rules.toml:combat.round_cap"),
    ({"rules.toml": "[board]\nzone_columns = 12\n"}, "rules.toml"),
    ({"elements.toml": "[percent.plasma]\nfire = 100\n"}, "elements.toml"),
])
def test_a_broken_mod_is_skipped_with_file_and_key(files, where):
    install("bad", files)
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == []
    messages = [str(p) for p in resources.problems]
    assert any("mod 'bad' skipped" in m for m in messages)
    assert any(where in m for m in messages), messages
    assert len(content_of(resources).pool) == 20


def test_validate_command():
    proc = run_cli(["validate"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "strike" in proc.stdout
