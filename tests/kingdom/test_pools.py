"""Presets, deck validity and shop draws (spec kingdom.md 4.2, 4.4.2; scenarios S34-S36).

These functions decide the order and number of stream draws, so the tests pin exact lists
(S34), exact weights and the drawn distribution (S35), and the Default preset's structure for
every pool and 50 seeds (S36).
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest

from game.engine.resources import load_base
from game.engine.rng import Stream
from game.systems.kingdom.content import RESOURCE_FILES, Content, content_of
from game.systems.kingdom.pools import (
    cheap_key,
    deck_problem,
    default_preset,
    draw_offer,
    select_all,
    shop_weights,
)

MODE: Any = SimpleNamespace(id="kingdom", resource_files=RESOURCE_FILES)


@pytest.fixture(scope="module")
def content() -> Content:
    return content_of(load_base(MODE))


def test_cheap_key_orders_cost_era_name_id(content):
    ids = ["rome_velite", "common_mercenary", "rome_hastatus"]
    assert sorted(ids, key=lambda i: cheap_key(content.cards[i])) == [
        "rome_hastatus", "common_mercenary", "rome_velite"]
    assert cheap_key(content.cards["rome_hastatus"]) == (1, 1, "hastatus", "rome_hastatus")


def test_s34_select_all(content):
    assert select_all(content, "country", "rome") == [
        "rome_hastatus", "common_mercenary", "rome_velite", "rome_auxilia_mercenary",
        "common_priest", "common_shielder", "common_captain", "rome_testudo_legionary",
        "common_berserker", "rome_vestal_priestess"]
    assert select_all(content, "continent", "oceania") == [
        "polynesia_maori_toa", "common_mercenary", "polynesia_fijian_slinger", "common_priest",
        "common_shielder", "polynesia_tohunga", "polynesia_tongan_navigator", "common_captain",
        "common_berserker", "polynesia_pa_defender"]


S35_DECK = ["common_mercenary", "common_priest", "rome_greek_fire_dromon", "rome_hastatus",
            "rome_vestal_priestess"]


def test_s35_shop_weights(content):
    assert shop_weights(content, S35_DECK, 1) == [8, 4, 1, 8, 2]
    assert shop_weights(content, S35_DECK, 3) == [2, 4, 2, 2, 8]
    assert shop_weights(content, S35_DECK, 5) == [1, 1, 8, 1, 2]


def test_s35_seeded_draws_follow_the_weights(content):
    stream = Stream(35, "shop")
    counts = Counter(draw_offer(content, S35_DECK, 1, stream) for _ in range(23_000))
    assert stream.draws == 23_000  # one draw per offer
    for unit, weight in zip(S35_DECK, [8, 4, 1, 8, 2], strict=True):
        assert abs(counts[unit] / 23_000 - weight / 23) <= 0.015, (unit, counts)


def test_draw_offer_picks_the_first_running_total_above_r(content):
    deck = S35_DECK  # weights 8, 4, 1, 8, 2 at era 1: totals 8, 12, 13, 21, 23
    for r, expected in [(0, 0), (7, 0), (8, 1), (11, 1), (12, 2), (13, 3), (20, 3), (21, 4),
                        (22, 4)]:
        stream = Stream(1, "shop")
        stream.force([r])
        assert draw_offer(content, deck, 1, stream) == deck[expected], r


def _check_default(content: Content, mode: str, faction: str, seed: int) -> None:
    """S36's property for one pool and seed."""
    hero, units = default_preset(content, mode, faction, Stream(seed, "deck"))
    pool = content.pool_units(mode, faction)
    assert hero in content.pool_heroes(mode, faction)
    assert len(units) == 10 == len(set(units)) and set(units) <= set(pool)
    picks = units[:5]
    assert [content.cards[u].era for u in picks] == [1, 2, 3, 4, 5]
    if mode == "continent":
        groups: set[str] = set()
        for k, u in enumerate(picks):
            era = content.cards[u].era
            fresh = [p for p in pool if content.cards[p].era == era and p not in picks[:k]
                     and content.cards[p].faction not in groups]
            if fresh:
                assert content.cards[u].faction not in groups, (faction, seed, units)
            groups.add(content.cards[u].faction)
    rest = sorted((u for u in pool if u not in picks), key=lambda i: cheap_key(content.cards[i]))
    assert units[5:] == rest[:5]
    again = default_preset(content, mode, faction, Stream(seed, "deck"))
    assert again == (hero, units)


def test_s36_default_preset_for_every_pool_and_50_seeds(content):
    pools = [("country", c) for c in content.countries]
    pools += [("continent", c) for c in content.continent_order]
    for mode, faction in pools:
        for seed in range(50):
            _check_default(content, mode, faction, seed)


def test_default_preset_draws_hero_then_one_per_era(content):
    """The draw order is part of replays: hero first, then eras 1..5, one randrange each."""
    stream = Stream(0, "deck")
    # rome: heroes [julius_caesar, scipio]; era 1 [common_mercenary, rome_hastatus, rome_velite]
    stream.force([1, 2, 0, 1, 0, 0])
    hero, units = default_preset(content, "country", "rome", stream)
    assert hero == "rome_scipio_africanus"
    assert units[:5] == ["rome_velite", "common_captain", "rome_centurion", "common_champion",
                         "rome_greek_fire_dromon"]
    assert stream.forced_pending == 0  # exactly six draws taken


def test_default_preset_prefers_new_groups_in_continent_mode(content):
    stream = Stream(0, "deck")
    # oceania era 1: [common_mercenary, polynesia_fijian_slinger, polynesia_maori_toa];
    # after a polynesia pick, era 2 keeps only common units: [captain, priest, shielder]
    stream.force([0, 1, 0, 0, 0, 0])
    _, units = default_preset(content, "continent", "oceania", stream)
    assert units[:2] == ["polynesia_fijian_slinger", "common_captain"]
    # era 3: both groups used, so every era-3 candidate stays: [berserker, pa_defender, ...]
    assert content.cards[units[2]].era == 3


def test_deck_problem_accepts_a_valid_deck(content):
    assert deck_problem(content, "country", "rome", "rome_julius_caesar",
                        select_all(content, "country", "rome")) is None
    assert deck_problem(content, "continent", "europe", "france_joan_of_arc",
                        ["rome_hastatus", "common_champion"]) is None


@pytest.mark.parametrize(("mode", "faction", "hero", "units", "words"), [
    ("country", "rome", "rome_julius_caesar",
     ["rome_hastatus", "rome_velite", "rome_auxilia_mercenary", "rome_testudo_legionary",
      "rome_vestal_priestess", "rome_centurion", "rome_praetorian", "rome_greek_fire_dromon",
      "common_mercenary", "common_priest", "common_shielder"], "1-10 unit types, not 11"),
    ("country", "rome", "rome_julius_caesar", [], "not 0"),
    ("country", "rome", "rome_julius_caesar", ["rome_hastatus", "rome_hastatus"], "twice"),
    ("country", "rome", "rome_julius_caesar", ["rome_scipio_africanus"], "is a hero"),
    ("country", "rome", "rome_julius_caesar", ["china_dao_militia"], "not in the rome pool"),
    ("country", "rome", "china_sun_tzu", ["rome_hastatus"], "hero 'china_sun_tzu'"),
    ("country", "atlantis", "rome_julius_caesar", ["rome_hastatus"], "faction 'atlantis'"),
    ("country", "polynesia", "polynesia_kamehameha_i", ["polynesia_maori_toa"],
     "not a countries entry"),
    ("country", "europe", "rome_julius_caesar", ["rome_hastatus"], "not a countries entry"),
    ("continent", "rome", "rome_julius_caesar", ["rome_hastatus"], "not a continent id"),
    ("league", "rome", "rome_julius_caesar", ["rome_hastatus"], "mode 'league'"),
])
def test_deck_problem_names_the_failing_rule(content, mode, faction, hero, units, words):
    problem = deck_problem(content, mode, faction, hero, units)
    assert problem is not None and words in problem, problem
