"""Content (spec kingdom.md section 3): the shipped files equal the spec's tables and follow its
stat budget, pools have the spec's sizes, validation names `file:key` for every broken case the
spec lists, and mods (the example of docs/kingdom.md) reach the content and the pools.

The mode may not be registered yet while the content is written, so the resources are loaded
with a stand-in spec built from `RESOURCE_FILES` (what `load_base` reads of a `ModeSpec`).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from game import paths
from game.engine.resources import (
    ResourceError,
    ResourceSet,
    load_base,
    load_mode_resources,
    parse_single,
)
from game.systems.kingdom.content import (
    FACTION_IDS,
    RESOURCE_FILES,
    Content,
    content_of,
    faction_file,
)
from tests.cli_helpers import run_cli
from tests.match_helpers import spec_data

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "kingdom.md"
BASE = ROOT / "resources" / "kingdom"
MODE: Any = SimpleNamespace(id="kingdom", resource_files=RESOURCE_FILES)
# The keywords of spec 3.4, in its order (rules.toml declares them so)
EFFECT_IDS = ("none", "income", "tax", "heal", "ranged", "aoe", "aura", "guardian",
              "overkillHeal", "cleave")
BUDGET = {"none": 0, "tax": 2, "income": -3, "heal": -1, "ranged": -2, "aoe": -5, "aura": -2,
          "guardian": -1, "overkillHeal": -1, "cleave": -2}
UNIT_COSTS = {1: (1, 2), 2: (2, 3), 3: (3, 4), 4: (5,), 5: (6,)}
HERO_COSTS = {2: 4, 3: 5, 4: 6, 5: 7}


def base_content() -> Content:
    return content_of(load_base(MODE))


def test_the_shipped_content_loads_with_the_spec_numbers():
    content = base_content()
    assert len(content.cards) == 206
    assert len(content.factions) == 21 and set(content.factions) == set(FACTION_IDS)
    assert len(content.countries) == 19 and content.countries[0] == "china"
    assert content.countries[-1] == "maya"
    assert content.continent_order == ("europe", "asia", "america", "africa", "oceania")
    assert content.continents["oceania"] == ("polynesia",)
    assert content.continent_names["america"] == "America"
    assert [e.id for e in content.eras] == ["tribal", "settled", "crowned", "imperial", "powder"]
    assert content.era(3).name == "Crowned" and content.era(5).color == "#B03A2E"
    assert tuple(content.effects) == EFFECT_IDS
    assert content.effects["guardian"].archetype == "Shielder"
    assert content.effects["heal"].text == "Start of combat: +1 HP to your Nexus."
    assert (content.start_level, content.max_level, content.hp_per_slot, content.start_coins,
            content.upgrade_cost_per_level, content.income_cap, content.turn_cap,
            content.deck_min_units, content.deck_max_units, content.guardian_charges) == (
        1, 5, 5, 1, 2, 5, 60, 1, 10, 1)
    assert content.shop_weights == (8, 4, 2, 1)
    assert not content.factions["polynesia"].selectable
    assert content.factions["common"].continent == "any"


def test_ai_tables_are_the_spec_defaults():
    ai = base_content().ai
    assert set(ai) == {"hard", "expert"}
    assert ai["hard"]["bar_per_level"] == 2 and ai["hard"]["late_tax_level"] == 4
    assert ai["hard"]["bonus"]["income"]["early"] == 4
    assert ai["hard"]["bonus"]["income"]["early_until_turn"] == 6
    assert ai["hard"]["bonus"]["tax"]["late"] == -3 and ai["hard"]["bonus"]["aoe"]["wide"] == 4
    assert ai["expert"] == {"beam_width": 12, "max_depth": 8, "max_scored": 1500,
                            "polish_states": 3, "polish_passes": 2, "polish_max_scored": 600,
                            "w_hp": 1, "w_material": 1, "w_coins": 3, "w_level": 6, "win": 1000}


def test_per_level_formulas_equal_the_table_of_section_2():
    content = base_content()
    rows = []
    for level in range(1, 6):
        slots = content.slot_count(level)
        rows.append((slots, content.max_hp(slots), content.income(level),
                     content.upgrade_cost(level) if level < 5 else None,
                     content.shop_size(slots), content.refresh_cost(slots)))
    assert rows == [(5, 25, 1, 2, 3, 1), (6, 30, 2, 4, 4, 1), (7, 35, 3, 6, 4, 2),
                    (8, 40, 4, 8, 5, 2), (9, 45, 5, None, 5, 3)]
    assert content.sell_price("china_rocket_battery") == 3
    assert content.sell_price("common_mercenary") == 0
    with pytest.raises(ValueError):
        content.era(6)


def test_every_card_follows_the_budget_and_the_cost_bands():
    """The spec's balancing rule (3.3): any row breaking it is a data-entry mistake."""
    content = base_content()
    for card in content.cards.values():
        expected = 2 * card.cost + 1 + BUDGET[card.effect] + (2 if card.kind == "hero" else 0)
        assert card.atk + card.defense == expected, card
        if card.kind == "unit":
            assert card.cost in UNIT_COSTS[card.era], card
        else:
            assert card.cost == HERO_COSTS[card.era], card


def test_every_country_and_polynesia_has_eight_units_and_two_heroes():
    content = base_content()
    for faction in (*content.countries, "polynesia"):
        cards = [c for c in content.cards.values() if c.faction == faction]
        units = sorted(c.era for c in cards if c.kind == "unit")
        assert units == [1, 1, 2, 2, 3, 3, 4, 5], faction
        assert sum(c.kind == "hero" for c in cards) == 2, faction
        assert all(c.id.startswith(f"{faction}_") for c in cards)
    common = [c for c in content.cards.values() if c.faction == "common"]
    assert len(common) == 6 and all(c.kind == "unit" for c in common)


def test_spot_checks_of_the_tables():
    cards = base_content().cards
    rocket = cards["china_rocket_battery"]
    assert (rocket.name, rocket.faction, rocket.continent, rocket.kind, rocket.era, rocket.cost,
            rocket.atk, rocket.defense, rocket.effect) == (
        "Rocket Battery", "china", "asia", "unit", 5, 6, 3, 5, "aoe")
    joan = cards["france_joan_of_arc"]
    assert (joan.kind, joan.era, joan.cost, joan.atk, joan.defense, joan.effect) == (
        "hero", 3, 5, 5, 6, "aura")
    assert cards["common_mercenary"].continent == "any"
    assert cards["polynesia_musket_taua"].effect == "ranged"
    assert cards["france_man_at_arms"].name == "Man-at-Arms"


def test_cards_equal_the_spec_tables_row_by_row():
    content = base_content()
    rows = spec_data("kingdom", "spec_tables")["cards"]  # by tests/kingdom/extract_scenarios.py
    assert len(rows) == 206
    for r in rows:
        c = content.cards[r[0]]
        assert [c.name, c.faction, c.continent, c.kind, c.era, c.cost, c.atk, c.defense,
                c.effect] == [r[1], r[2], r[3], r[4], *map(int, r[5:9]), r[9]], r[0]
    # each file keeps its table's row order
    for faction in content.factions:
        assert [c for c in content.cards if content.cards[c].faction == faction] == [
            r[0] for r in rows if r[2] == faction]


@pytest.mark.parametrize(("continent", "units", "heroes"), [
    ("europe", 70, 16), ("asia", 54, 12), ("america", 30, 6), ("africa", 22, 4),
    ("oceania", 14, 2)])
def test_continent_pool_sizes(continent, units, heroes):
    content = base_content()
    assert len(content.pool_units("continent", continent)) == units
    assert len(content.pool_heroes("continent", continent)) == heroes
    assert content.is_faction("continent", continent)


def test_country_pools_and_lookups():
    content = base_content()
    for country in content.countries:
        units = content.pool_units("country", country)
        heroes = content.pool_heroes("country", country)
        assert len(units) == 14 and len(heroes) == 2
        assert list(units) == sorted(units) and list(heroes) == sorted(heroes)
        assert sum(u.startswith("common_") for u in units) == 6
        assert all(content.cards[h].kind == "hero" for h in heroes)
        assert content.is_faction("country", country)
    assert not content.is_faction("country", "polynesia")
    assert not content.is_faction("country", "common")
    assert not content.is_faction("country", "europe")
    assert not content.is_faction("continent", "rome")
    assert not content.is_faction("galaxy", "rome")
    with pytest.raises(KeyError):
        content.pool_units("country", "polynesia")
    with pytest.raises(ValueError):
        content.pool_heroes("galaxy", "rome")


def test_content_is_cached_per_resource_set():
    resources = load_base(MODE)
    assert content_of(resources) is content_of(resources)
    assert content_of(load_base(MODE)) is not content_of(resources)


# -- validation of broken copies -------------------------------------------------------------
def broken_copy(tmp_path: Path, edits: dict[str, tuple[str, str]]) -> Path:
    """A copy of the shipped files with, per file, the first `old` replaced by `new`."""
    root = tmp_path / "resources"
    shutil.copytree(BASE, root / "kingdom")
    for name, (old, new) in edits.items():
        path = root / "kingdom" / name
        text = path.read_text(encoding="utf-8")
        assert old in text, (name, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


def problems_of(root: Path) -> list[str]:
    with pytest.raises(ResourceError) as info:
        load_base(MODE, base_dir=root)
    return [str(p) for p in info.value.problems]


CHINA = "factions/china.toml"
BROKEN = [
    pytest.param({"factions/france.toml": ('id = "france_gallic_warrior"',
                                           'id = "china_dao_militia"')},
                 "kingdom/factions/france.toml:cards.0.id", "duplicate card id",
                 id="duplicate-id-across-files"),
    pytest.param({CHINA: ('effect = "none"', 'effect = "explode"')},
                 "kingdom/factions/china.toml:cards.0.effect", "unknown effect",
                 id="unknown-effect"),
    pytest.param({CHINA: ('kind = "unit"', 'kind = "villain"')},
                 "kingdom/factions/china.toml:cards.0.kind", "", id="bad-kind"),
    pytest.param({CHINA: ("era = 1", "era = 6")},
                 "kingdom/factions/china.toml:cards.0.era", "", id="era-above-5"),
    pytest.param({CHINA: ("era = 1", "era = 0")},
                 "kingdom/factions/china.toml:cards.0.era", "", id="era-below-1"),
    pytest.param({CHINA: ("cost = 1", "cost = -1")},
                 "kingdom/factions/china.toml:cards.0.cost", "", id="negative-cost"),
    pytest.param({CHINA: ("atk = 2", "atk = -2")},
                 "kingdom/factions/china.toml:cards.0.atk", "", id="negative-atk"),
    pytest.param({CHINA: ("def = 1", "def = -1")},
                 "kingdom/factions/china.toml:cards.0.def", "", id="negative-def"),
    pytest.param({"rules.toml": ('oceania = ["polynesia"]', 'oceania = ["polynesia", "atlantis"]')},
                 "kingdom/rules.toml:continents.oceania.1", "no faction file",
                 id="continent-member-without-file"),
    pytest.param({"factions/france.toml": ("selectable = true", "selectable = false")},
                 "kingdom/rules.toml:countries.1", "selectable = false",
                 id="country-not-selectable"),
    pytest.param({"rules.toml": ('"maya"]', '"maya", "atlantis"]')},
                 "kingdom/rules.toml:countries.19", "no faction file",
                 id="country-without-file"),
    pytest.param({"rules.toml": ("turn_cap = 60", "turn_cap = 60\nturns = 3")},
                 "kingdom/rules.toml:turns", "", id="unknown-rules-key"),
    pytest.param({"rules.toml": ("[effects.cleave]", "[effects.explode]")},
                 "kingdom/factions/china.toml:cards.6.effect", "unknown effect 'cleave'",
                 id="a-card-names-an-undeclared-keyword"),
    pytest.param({"rules.toml": ('do = "cleave", role = "source"', 'do = "explode"')},
                 "kingdom/rules.toml:effects.cleave.triggers[0].do", "unknown effect 'explode'",
                 id="keyword-unknown-effect"),
    pytest.param({"rules.toml": ('on = "on_kill", do = "cleave"', 'on = "on_kil", do = "cleave"')},
                 "kingdom/rules.toml:effects.cleave.triggers[0].on", "unknown hook point",
                 id="keyword-unknown-hook-point"),
    pytest.param({"rules.toml": ('on = "turn_start", do = "income"',
                                 'on = "on_kill", do = "income"')},
                 "kingdom/rules.toml:effects.income.triggers[0].on",
                 "income runs at turn_start, not on_kill", id="keyword-effect-at-a-wrong-point"),
    pytest.param({"rules.toml": ('do = "cleave", role = "source"', 'do = "cleave", role = "any"')},
                 "kingdom/rules.toml:effects.cleave.triggers[0].role", "takes role",
                 id="keyword-effect-with-a-wrong-role"),
    pytest.param({"rules.toml": ('attack = "ranged"', 'attack = "lob"')},
                 "kingdom/rules.toml:effects.ranged.attack", "unknown attack style 'lob'",
                 id="keyword-unknown-attack-style"),
    pytest.param({"rules.toml": ('do = "tax", value = 1', 'do = "tax", value = 1000')},
                 "kingdom/rules.toml:effects.tax.triggers[0].value", "", id="keyword-value-bound"),
    pytest.param({"ai.toml": ("none = { base = 0 }", "nothing = { base = 0 }")},
                 "kingdom/ai.toml:hard.bonus.nothing", "unknown effect 'nothing'",
                 id="ai-bonus-of-an-undeclared-keyword"),
    pytest.param({CHINA: ('id = "china"', 'id = "cathay"')},
                 "kingdom/factions/china.toml:faction.id", "file name", id="faction-id-mismatch"),
    pytest.param({"ai.toml": ("beam_width = 12", "beam_width = 0")},
                 "kingdom/ai.toml:expert.beam_width", "", id="ai-number"),
]


@pytest.mark.parametrize(("edits", "where", "words"), BROKEN)
def test_a_broken_copy_is_reported_as_file_and_key(tmp_path, edits, where, words):
    messages = problems_of(broken_copy(tmp_path, edits))
    assert any(m.startswith(where + ":") and words in m for m in messages), messages


def test_a_country_with_no_hero_is_reported(tmp_path):
    path_text = (BASE / CHINA).read_text(encoding="utf-8").replace('kind = "hero"',
                                                                    'kind = "unit"')
    root = broken_copy(tmp_path, {})
    (root / "kingdom" / CHINA).write_text(path_text, encoding="utf-8")
    messages = problems_of(root)
    assert "kingdom/factions/china.toml:cards: country 'china' has no hero" in messages


def test_a_missing_faction_file_is_reported(tmp_path):
    root = broken_copy(tmp_path, {})
    (root / "kingdom" / "factions" / "maya.toml").unlink()
    assert any(m.startswith("kingdom/factions/maya.toml: cannot read") for m in problems_of(root))


# -- mods ------------------------------------------------------------------------------------
def install(name: str, files: dict[str, str]) -> Path:
    """Write a mod into the test's user data dir: {path under <mod>/kingdom/: TOML}."""
    folder = paths.mods_dir() / name / "kingdom"
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    return folder.parent


def example_mod() -> dict[str, str]:
    """{path under mods/legion/kingdom/: TOML} of docs/kingdom.md's example; a block marked
    "appended to the copy" is appended to a copy of the shipped file, as the docs say."""
    section = DOCS.read_text(encoding="utf-8").split("## Content and mods", 1)[1]
    blocks = re.findall(r"```toml\n# mods/legion/kingdom/(\S+)( \(appended to the copy\))?\n"
                        r"(.*?)```", section, re.S)
    assert blocks, "docs/kingdom.md has no example mod"
    files = {}
    for rel, appended, text in blocks:
        files[rel] = ((BASE / rel).read_text(encoding="utf-8") + "\n" + text) if appended else text
    return files


def apply_faction_file(resources: ResourceSet, rel: str, text: str) -> ResourceSet:
    """`resources` with one faction file replaced by a mod's complete copy, checked like a mod.

    This is the content layer's half of a faction-file mod, independent of how the engine finds
    mod files in sub-folders."""
    import tomllib

    spec = next(f for f in RESOURCE_FILES if f.name == rel)
    parsed, problems = parse_single(spec, tomllib.loads(text), rel)
    assert not problems, problems
    merged = ResourceSet("kingdom", {**resources.files, rel: parsed})
    for f in RESOURCE_FILES:
        if f.check is not None:
            assert f.check(merged.files[f.name], merged) == [], f.name
    return merged


def test_the_example_mod_card_reaches_the_content_and_the_pools():
    files = example_mod()
    rel = faction_file("rome")
    assert set(files) == {rel, "rules.toml"}
    content = content_of(apply_faction_file(load_base(MODE), rel, files[rel]))
    card = content.cards["rome_urban_cohort"]
    assert (card.faction, card.continent, card.kind, card.era, card.cost, card.atk,
            card.defense, card.effect) == ("rome", "europe", "unit", 3, 4, 3, 5, "guardian")
    assert card.atk + card.defense == 2 * card.cost + 1 - 1  # the budget, as the docs say
    assert "rome_urban_cohort" in content.pool_units("country", "rome")
    assert len(content.pool_units("country", "rome")) == 15
    assert len(content.pool_units("continent", "europe")) == 71
    assert len(content.cards) == 207


def test_the_example_mod_loads_through_the_engine():
    install("legion", example_mod())
    resources = load_mode_resources(MODE)
    assert not resources.problems, [str(p) for p in resources.problems]
    assert resources.mods_loaded == ["legion"]
    content = content_of(resources)
    assert content.turn_cap == 40 and content.max_level == 5
    assert "rome_urban_cohort" in content.pool_units("continent", "europe")


CARTHAGE = """[faction]
id = "carthage"
name = "Carthage"
continent = "africa"
selectable = true
color = "#6A0DAD"

[[cards]]
id = "carthage_libyan_spearman"
name = "Libyan Spearman"
kind = "unit"
era = 1
cost = 1
atk = 2
def = 1
effect = "none"

[[cards]]
id = "carthage_hannibal"
name = "Hannibal Barca"
kind = "hero"
era = 3
cost = 5
atk = 7
def = 4
effect = "cleave"
"""


def test_a_mod_adds_a_new_faction_file():
    base_countries = content_of(load_base(MODE)).countries
    countries = ", ".join(f'"{c}"' for c in (*base_countries, "carthage"))
    install("carthage", {
        "factions/carthage.toml": CARTHAGE,
        "rules.toml": f"countries = [{countries}]\n"
                      "[continents]\nafrica = [\"egypt\", \"ethiopia\", \"carthage\"]\n",
    })
    resources = load_mode_resources(MODE)
    assert not resources.problems, [str(p) for p in resources.problems]
    content = content_of(resources)
    assert content.countries[-1] == "carthage"
    assert content.pool_heroes("country", "carthage") == ("carthage_hannibal",)
    assert len(content.pool_units("country", "carthage")) == 7  # 1 + the 6 common units
    assert "carthage_hannibal" in content.pool_heroes("continent", "africa")


def test_a_broken_new_faction_file_is_skipped_with_file_and_key():
    install("bad_carthage", {"factions/carthage.toml": CARTHAGE.replace('"none"', '"explode"')})
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == []
    messages = [str(p) for p in resources.problems]
    assert any("factions/carthage.toml:cards.0.effect" in m for m in messages), messages
    assert "carthage" not in content_of(resources).factions


def test_a_rules_mod_overrides_only_its_keys():
    install("tempo", {"rules.toml": "turn_cap = 30\n[effects.tax]\ntext = \"Pay up.\"\n"})
    content = content_of(load_mode_resources(MODE))
    assert content.turn_cap == 30 and content.effects["tax"].text == "Pay up."
    assert content.effects["tax"].archetype == "Mercenary" and len(content.cards) == 206


@pytest.mark.parametrize(("text", "where"), [
    ('countries = ["china", "polynesia"]\n', "rules.toml:countries.1"),
    ("[continents]\nafrica = [\"egypt\", \"atlantis\"]\n", "rules.toml:continents.africa.1"),
    ("[effects.explode]\narchetype = \"Bomb\"\ntext = \"Boom.\"\n"
     "triggers = [{ on = \"on_kill\", do = \"explode\" }]\n",
     "rules.toml:effects.explode.triggers[0].do"),
])
def test_a_broken_rules_mod_is_skipped_with_file_and_key(text, where):
    install("bad", {"rules.toml": text})
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == []
    messages = [str(p) for p in resources.problems]
    assert any("mod 'bad' skipped" in m for m in messages)
    assert any(where in m for m in messages), messages
    assert len(content_of(resources).countries) == 19


@pytest.mark.skipif(not (ROOT / "game" / "systems" / "kingdom" / "mode.py").exists(),
                    reason="the kingdom mode is not registered yet")
def test_validate_command_and_load_content():
    from game.systems.kingdom.content import load_content

    assert len(load_content([]).cards) == 206
    proc = run_cli(["validate"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "kingdom" in proc.stdout
