"""A mod that adds a kingdom keyword in TOML only (docs/modding.md "A new keyword with no code
(Kingdom)"): the doc's thorns blocks are installed and validated, thorns resolves as its text
says in a combat, and CPU-vs-CPU matches at every level buy the unit and see it fire."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from game.engine.autoplay import play_cpu_match
from game.engine.modes import get_mode
from game.engine.record import replay
from game.engine.resources import load_mode_resources
from game.systems.kingdom.combat import SeatBoard, resolve_combat
from game.systems.kingdom.content import content_of

from .test_content import install

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "modding.md"
BASE = ROOT / "resources" / "kingdom"
MODE = get_mode("kingdom")
BRAMBLE = "common_bramble_guard"


def doc_mod(name: str) -> dict[str, str]:
    """{path under mods/<name>/kingdom/: TOML} of a docs/modding.md example; a block marked
    "appended to the copy" is appended to a copy of the shipped file, as the doc says."""
    section = DOCS.read_text(encoding="utf-8").split("## A new keyword with no code", 1)[1]
    blocks = re.findall(rf"```toml\n# mods/{name}/kingdom/(\S+)( \(appended to the copy\))?\n"
                        r"(.*?)```", section, re.S)
    assert blocks, f"docs/modding.md lost its {name} mod"
    return {rel: ((BASE / rel).read_text(encoding="utf-8") + "\n" + text) if appended else text
            for rel, appended, text in blocks}


def thorns_content() -> Any:
    install("thorns", doc_mod("thorns"))
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == ["thorns"] and not resources.problems, resources.problems
    return content_of(resources)


def test_the_thorns_mod_loads_as_a_keyword_composed_of_registered_effects():
    content = thorns_content()
    thorns = content.effects["thorns"]
    assert (thorns.archetype, thorns.name, thorns.attack.name) == ("Thornguard", "Thorns",
                                                                    "melee")
    assert [(t.on, t.role, t.effect.name, t.params.value) for t in thorns.triggers] == [
        ("melee_hit", "target", "cleave", 1)]
    assert thorns.nexus == "enemy" and not (thorns.lends or thorns.saves or thorns.drains)
    assert content.cards[BRAMBLE].effect == "thorns"
    assert BRAMBLE in content.pool_units("country", "china")
    assert content.ai["hard"]["bonus"]["thorns"]["base"] == 1


def test_a_melee_hit_on_thorns_costs_the_attackers_nexus_one():
    content = thorns_content()
    # Lane 0: a militia (2/1) hits the bramble guard (1/2): a tie survives, so only thorns
    # reaches seat 1's Nexus (the guard's 1 ATK does not beat the militia's 1 DEF either).
    out = resolve_combat(content, [
        SeatBoard(((BRAMBLE, "u1"), None, None, None, None), 25, 25),
        SeatBoard((("china_dao_militia", "u2"), None, None, None, None), 25, 25)])
    lane0 = [e for e in out.log if e.get("lane") == 0]
    assert [e["type"] for e in lane0] == ["attack", "attack", "trigger", "nexus_damage"]
    assert lane0[2] == {"type": "trigger", "lane": 0, "seat": 0, "uid": "u1",
                        "effect": "thorns", "amount": 1}
    assert lane0[3] == {"type": "nexus_damage", "lane": 0, "seat": 1, "amount": 1, "hp": 24}
    assert out.hp == (25, 24)
    # A ranged attacker is no melee hit: no thorns.
    out = resolve_combat(content, [
        SeatBoard(((BRAMBLE, "u1"),), 25, 25),
        SeatBoard((("china_crossbowman", "u2"),), 25, 25)])
    assert not [e for e in out.log if e["type"] == "trigger"]
    # A killed thorns unit still stings: the champion (6/3) kills it and its Nexus takes 1
    # besides the spillover; the champion's cleave hits the other way.
    out = resolve_combat(content, [
        SeatBoard(((BRAMBLE, "u1"),), 25, 25),
        SeatBoard((("common_champion", "u2"),), 25, 25)])
    triggers = [(e["seat"], e["effect"], e["amount"]) for e in out.log if e["type"] == "trigger"]
    assert triggers == [(0, "thorns", 1), (1, "cleave", 6)]
    assert out.hp == (25 - 4 - 6, 25 - 1)


def thorns_fired(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Every thorns trigger of a played record's combats, each checked against its lane: a
    melee attack of the other seat hit that unit, and the attacker's Nexus took the 1."""
    outcome = replay(record)
    assert outcome.ok
    fired = []
    for events in outcome.events:
        log = [e.as_json() for e in events]
        for i, e in enumerate(log):
            if e["type"] != "trigger" or e["effect"] != "thorns":
                continue
            before = [x for x in log[:i] if x.get("lane") == e["lane"]]
            hit = [x for x in before if x["type"] == "attack" and x["seat"] == 1 - e["seat"]
                   and x["style"] == "melee" and x["hits"][0]["target"] == e["uid"]]
            assert hit, (e, before)
            damage = [x for x in log[i:] if x["type"] == "nexus_damage"
                      and x["lane"] == e["lane"] and x["seat"] == 1 - e["seat"]]
            assert damage and damage[0]["amount"] >= e["amount"] == 1, (e, log[i:])
            fired.append(e)
    outcome.match.close()
    return fired


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "hard", "expert"])
def test_cpus_of_every_level_play_the_thorns_mod_and_thorns_fires(level):
    thorns_content()
    fired = []
    bought = False
    for seed in range(1, 7):
        played = play_cpu_match(MODE, seed, {0: level, 1: level})
        assert played.record["mods"][0]["id"] == "thorns" and played.result is not None
        bought = bought or any(d["type"] == "buy" for d in played.record["decisions"])
        fired += thorns_fired(played.record)
        if fired:
            break
    assert bought and fired, f"{level}: thorns never fired in six matches"
