"""Content (spec crawl.md sections 2, 3 and 7): the shipped TOML and its validation."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from game import paths
from game.engine.modes import get_mode
from game.engine.resources import ResourceError, load_base
from game.systems.crawl.content import build_content

SPEC = get_mode("crawl")
BASE = paths.resources_dir() / "crawl"


@pytest.fixture
def content():
    return build_content(load_base(SPEC))


def test_deck_toml_holds_the_49_cards_in_spec_order(content):
    ids = [c.id for c in content.deck]
    assert len(ids) == 49 and ids[:4] == ["e2a", "e2b", "e3a", "e3b"]
    assert ids[16:19] == ["e10a", "e10b", "e10c"] and ids[-1] == "g10"
    totals = Counter()
    counts = Counter()
    for c in content.deck:
        totals[c.type] += c.value
        counts[c.type] += 1
    assert counts == {"enemy": 19, "spell": 6, "shield": 6, "potion": 9, "gold": 9}
    assert totals == {"enemy": 118, "spell": 27, "shield": 27, "potion": 54, "gold": 54}
    by_id = {c.id: c for c in content.deck}
    assert (by_id["e10c"].name, by_id["e10c"].art) == (
        "Soul Eater", ":resources:images/animated_characters/zombie/zombie_idle.png")
    assert (by_id["sp7"].name, by_id["sh2"].art) == ("Meteor", "code:shield")
    assert [by_id[f"g{v}"].name for v in range(2, 11)] == [
        "Coins", "Coins", "Pouch", "Pouch", "Pouch", "Pouch", "Hoard", "Hoard", "Hoard"]


def test_abilities_toml_holds_the_catalogue(content):
    assert content.catalogue_ids == (
        "revive", "deflect", "capitalize", "pyroclasm", "shield_bash", "banish", "life",
        "galvanize", "amplify", "chaos", "collect", "swap", "doomed", "gangrene")
    a = content.abilities
    assert [x.kind for x in content.catalogue].count("hero") == 7
    assert (a["revive"].effect, a["revive"].params.flag) == ("set_hero_flag", "can_revive")
    assert (a["pyroclasm"].params.mark, a["pyroclasm"].params.types) == ("pyro", ["spell"])
    assert (a["life"].params.type, a["life"].params.min, a["life"].params.max) == ("potion", 1,
                                                                                   10)
    assert (a["amplify"].params.amount, a["amplify"].params.cap) == (3, 10)
    assert a["banish"].params.position == "random" and a["chaos"].params.include_hp
    assert a["gangrene"].text == "Destroy a wounded enemy."
    assert a["doomed"].icon == ":resources:images/tiles/bomb.png"


def test_rules_and_ai_toml(content):
    r = content.rules
    assert (r.max_hp, r.start_gold, r.abilities_per_run, r.win_bonus) == (13, 0, 5, 50)
    assert (r.rebuy_base, r.rebuy_step, r.random_attack_min, r.random_attack_max) == (5, 2, 1, 3)
    assert (r.draw_threshold, r.created_min, r.created_max) == (1, 1, 10)
    assert (r.amplify_bonus, r.amplify_cap, r.high_scores_kept) == (3, 10, 10)
    n, h = content.ai.normal, content.ai.hard
    assert (n.life_missing, n.doomed_sum, n.chaos_gain, n.banish_min, n.swap_min,
            n.collect_gold_min, n.emergency_hp) == (5, 12, 3, 7, 7, 4, 6)
    assert (h.budget_ms, h.samples, h.won, h.lost, h.score, h.potion) == (
        300, 8, 1000, -1000, 0.1, 0.8)
    worth = {k.id: (k.worth, k.per_value) for ks in content.statuses.worths.values() for k in ks}
    assert worth == {"can_revive": (4, 0), "reflect_damage": (3, 0), "bleed": (1, 0),
                     "pyro": (0, 0.5), "bash": (4, 0)}
    assert content.ai.constructed_pick == ["revive", "shield_bash", "amplify", "swap", "doomed"]
    assert content.deck_size == 54 and content.rebuy_cost(2) == 9


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    base = tmp_path / "resources"
    shutil.copytree(BASE, base / "crawl")
    path = base / "crawl" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return base


@pytest.mark.parametrize(("name", "old", "new", "where"), [
    ("deck.toml", 'value = 2\n', 'value = 2\ncolour = "red"\n', "crawl/deck.toml:card[0].colour"),
    ("deck.toml", 'value = 2\n', 'value = "2"\n', "crawl/deck.toml:card[0].value"),
    ("deck.toml", 'value = 2\n', 'value = 0\n', "crawl/deck.toml:card[0].value"),
    ("deck.toml", 'id = "e2b"', 'id = "e2a"', "crawl/deck.toml:card[1].id"),
    ("deck.toml", 'type = "enemy"', 'type = "dragon"', "crawl/deck.toml:card[0].type"),
    ("deck.toml", 'id = "e2a"', 'id = "swap"', "crawl/deck.toml:card[0].id"),
    ("abilities.toml", 'effect = "clear_board"', 'effect = "explode"',
     "crawl/abilities.toml:ability[12].effect"),
    ("abilities.toml", "amount = 3", 'amount = "3"', "crawl/abilities.toml:ability[8].amount"),
    ("abilities.toml", "amount = 3", "amount = 3\nboost = 1",
     "crawl/abilities.toml:ability[8].boost"),
    ("abilities.toml", 'flag = "can_revive"', 'flag = "can_fly"',
     "crawl/abilities.toml:ability[0].flag"),
    ("abilities.toml", 'id = "doomed"\nname = "Doomed"\nkind = "hero"',
     'id = "doomed"\nname = "Doomed"\nkind = "target"', "crawl/abilities.toml:ability[12].kind"),
    ("abilities.toml", 'id = "deflect"', 'id = "revive"', "crawl/abilities.toml:ability[1].id"),
    ("rules.toml", "max_hp = 13", "max_hp = 13\nmana = 3", "crawl/rules.toml:mana"),
    ("rules.toml", "win_bonus = 50", "win_bonus = 50.5", "crawl/rules.toml:win_bonus"),
    ("ai.toml", "life_missing = 5", "life_missing = true", "crawl/ai.toml:normal.life_missing"),
    ("ai.toml", '"doomed"]', '"nuke"]', "crawl/ai.toml:constructed_pick[4]"),
])
def test_broken_base_content_names_file_and_key(tmp_path, name, old, new, where):
    with pytest.raises(ResourceError) as error:
        load_base(SPEC, _broken(tmp_path, name, old, new))
    assert any(str(p).startswith(where) for p in error.value.problems), error.value.problems
