"""A mod with a sixth era (docs/modding.md "Eras beyond 5"): a card of era 6 is accepted once
`max_level = 6`, the Nexus reaches level 6 (10 slots, 50 HP, a shop of 6), and CPU-vs-CPU
matches at every level play it to the end. Before, `max_level = 6` loaded but the era-6 card
was refused (`era` was bounded by 5)."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.autoplay import make_players, play_cpu_match, play_out
from game.engine.match import Rejection
from game.engine.modes import get_mode
from game.engine.record import build_match, match_record, new_record, replay
from game.engine.resources import load_mode_resources
from game.systems.kingdom.content import content_of
from game.systems.kingdom.pools import default_preset, shop_weights

from .test_content import install
from .test_keyword_mod import doc_mod

MODE = get_mode("kingdom")
IRONCLAD = "common_ironclad"


def industrial() -> Any:
    install("industrial", doc_mod("industrial"))
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == ["industrial"] and not resources.problems, \
        [str(p) for p in resources.problems]
    return content_of(resources)


def test_an_era_6_card_is_accepted_when_max_level_is_6():
    content = industrial()
    assert content.max_level == 6 and content.era(6).name == "Industrial"
    assert content.cards[IRONCLAD].era == 6
    assert (content.slot_count(6), content.max_hp(10), content.shop_size(10),
            content.refresh_cost(10)) == (10, 50, 6, 3)
    # the Default preset takes one unit of each era, the sixth included
    hero, units = default_preset(content, "country", "rome", __import__("random").Random(1))
    assert IRONCLAD in units[:6]
    # at level 6 the era-6 card is the shop's likeliest
    deck = sorted(units)
    weights = dict(zip(deck, shop_weights(content, deck, 6), strict=True))
    assert weights[IRONCLAD] == max(weights.values()) == 8


def test_the_nexus_upgrades_to_its_sixth_era_and_no_further():
    industrial()
    setup = {"phase": "planning", "turn": 20, "to_act": [0], "board": {"seats": [
        {"faction": "rome", "level": 5, "coins": 20,
         "deck": ["rome_hastatus", IRONCLAD], "shop": [IRONCLAD]},
        {"faction": "china", "level": 5}]}}
    match = build_match(new_record("kingdom", "2", 1, {}, setup))
    assert match.submit({"seat": 0, "type": "upgrade"}).ok
    seat = match.state_json()["board"]["seats"][0]
    assert (seat["level"], seat["era"], len(seat["slots"]), seat["hp"], seat["max_hp"],
            seat["coins"]) == (6, "industrial", 10, 50, 50, 10)
    refused = match.submit({"seat": 0, "type": "upgrade"})
    assert isinstance(refused, Rejection) and refused.error == "max_level"
    assert match.submit({"seat": 0, "type": "buy", "offer": 0, "slot": 9}).ok
    assert match.state_json()["board"]["seats"][0]["slots"][9]["card"] == IRONCLAD


def late_setup(level: int) -> dict[str, Any]:
    """Turn 20, both Nexus at `level` with coins to spare, decks with the era-6 unit."""
    seat = {"level": level, "coins": 30, "hp": 5 * (level + 4),
            "deck": ["rome_hastatus", "rome_velite", "common_priest", IRONCLAD]}
    return {"phase": "planning", "turn": 20, "to_act": [0], "board": {"seats": [
        {"faction": "rome", **seat}, {"faction": "china", **seat}]}}


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "hard", "expert"])
def test_cpus_of_every_level_play_the_sixth_era_to_the_end(level):
    industrial()
    # From the deal: every CPU deck takes its era-6 unit (one unit of each era, 4.2.3), and
    # the match plays to its end (these end before anyone reaches the sixth era).
    for seed in (1, 2):
        played = play_cpu_match(MODE, seed, {0: level, 1: level})
        assert played.record["mods"][0]["id"] == "industrial"
        outcome = replay(played.record)
        assert outcome.ok and outcome.match.result == played.result is not None
        assert all(IRONCLAD in seat["deck"] for seat in outcome.match.state_json()["board"]
                   ["seats"])
        outcome.match.close()
    # From turn 20 at level 5 (easy never upgrades, 7.1: it starts at level 6): the Nexus
    # reaches the sixth era, era-6 offers are bought into its ten slots, the match ends.
    start = 6 if level == "easy" else 5
    match = build_match(new_record("kingdom", "2", 3, {"ai": {"0": level, "1": level}},
                                   late_setup(start)))
    events: list = []
    play_out(match, make_players(MODE, 3, {0: level, 1: level}), events=events)
    assert match.result is not None
    seen = [e.as_json() for e in events]
    upgrades = [e for e in seen if e["type"] == "nexus_upgraded" and e["level"] == 6]
    bought = [e for e in seen if e["type"] == "unit_bought" and e["card"] == IRONCLAD]
    if level != "easy":
        assert upgrades and upgrades[0]["max_hp"] == 50, f"{level}: no sixth era"
    assert bought, f"{level}: no era-6 unit was bought"
    again = replay(match_record(match))  # and the record replays to the same end
    assert again.ok and again.match.state_json() == match.state_json()
    again.match.close()
    match.close()
