"""Status mods in TOML only, played by every strike CPU level to the end (issue: "the AI reads
the rules, not a copy"): every shipped status copied under a new id, a new blocker, a status
that modifies damage, and triggers at `before:damage` and `after:damage`. A CPU that kept its
own copy of a unit (`stun`, `root` by name) picked a blocked action against such a mod and the
match died with `CpuError: ... rooted`. A typo in a hook point is rejected naming file and key.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game import paths
from game.engine.autoplay import make_players, play_out
from game.engine.modes import get_mode
from game.engine.record import build_match, new_record
from game.engine.resources import clear_resource_cache, load_mode_resources, set_extra_mod_dirs
from tests.test_absurd_mods import to_toml

MODE = get_mode("strike")
BASE = paths.resources_dir() / "strike"

NEW_KINDS = [
    {"id": "burn_copy", "tick": "turn_start", "each_tick": "damage"},
    {"id": "stun_copy", "tick": "turn_end", "blocks": ["attack"], "shows_value": False},
    {"id": "root_copy", "tick": "turn_end", "blocks": ["move"], "shows_value": False},
    {"id": "regen_copy", "tick": "turn_start", "each_tick": "heal"},
    {"id": "freeze", "tick": "turn_end", "blocks": ["attack", "move"], "shows_value": False},
    {"id": "brittle", "tick": "turn_end", "shows_value": False,
     "modifier": {"hook": "damage", "layer": "add", "amount": 3, "role": "target"}},
    {"id": "second_wind", "tick": "turn_end", "shows_value": False,
     "triggers": [{"on": "before:damage", "do": "survive", "value": 1}]},
    {"id": "thorns", "tick": "turn_end", "shows_value": False,
     "triggers": [{"on": "after:damage", "do": "damage_source", "value": 2}]},
]
# Every shipped status an ability gives becomes its copy; abilities with none give a new kind.
RENAMED = {"burn": "burn_copy", "stun": "stun_copy", "root": "root_copy"}
PLAIN = ["freeze", "brittle", "second_wind", "thorns", "freeze"]


def status_mod() -> dict[str, str]:
    statuses = tomllib.loads((BASE / "statuses.toml").read_text(encoding="utf-8"))
    statuses["statuses"] += NEW_KINDS
    cards = tomllib.loads((BASE / "cards.toml").read_text(encoding="utf-8"))
    plain = 0
    for card in cards["cards"]:
        for attack in card["attacks"]:
            if attack.get("status", "none") in RENAMED:
                attack["status"] = RENAMED[attack["status"]]
            elif attack.get("kind", "strike") == "strike" and attack.get("status") == "none":
                attack.update(status=PLAIN[plain % len(PLAIN)], status_turns=2, status_value=0)
                plain += 1
            if attack.get("effect") == "regen":  # the regen effect gives the shipped regen
                continue
    return {"statuses.toml": to_toml(statuses), "cards.toml": to_toml(cards)}


@pytest.fixture
def installed(tmp_path):
    folder = tmp_path / "mods" / "statuses" / "strike"
    folder.mkdir(parents=True)
    for name, text in status_mod().items():
        (folder / name).write_text(text, encoding="utf-8")
    set_extra_mod_dirs([tmp_path / "mods"])
    clear_resource_cache()
    yield folder
    set_extra_mod_dirs([])
    clear_resource_cache()


def test_the_mod_validates_and_declares_its_kinds(installed):
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == ["statuses"], [str(p) for p in resources.problems]


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_cpu_level_plays_the_status_mod_to_the_end(installed, level):
    applied: set[str] = set()
    for seed in (3, 4, 5, 6):
        cpu = {0: level, 1: "normal"} if seed % 2 else {0: "normal", 1: level}
        record = new_record("strike", MODE.rules_version, seed,
                            {"ai": {str(s): lv for s, lv in cpu.items()}})
        match = build_match(record)
        events: list = []
        try:
            play_out(match, make_players(MODE, seed, cpu), events=events)
            assert match.result is not None
        finally:
            match.close()
        applied |= {e.data["status"] for e in events if e.type == "status_applied"}
    assert applied & {"freeze", "stun_copy", "root_copy", "brittle", "second_wind", "thorns",
                      "burn_copy"}, applied


def test_a_typo_in_a_hook_point_is_rejected_naming_file_and_key(installed):
    text = (installed / "statuses.toml").read_text(encoding="utf-8")
    (installed / "statuses.toml").write_text(text.replace('"before:damage"', '"before:damgae"'),
                                             encoding="utf-8")
    clear_resource_cache()
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == []
    messages = [str(p) for p in resources.problems]
    assert any("statuses.toml:statuses[" in m and "].triggers[0].on: unknown hook point "
               "'before:damgae'" in m for m in messages), messages
    assert Path(resources.problems[-1].file).name == "statuses.toml"
