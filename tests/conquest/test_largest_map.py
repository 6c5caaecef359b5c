"""The largest map and armies a mod may set (issue 23; docs/conquest.md "Time budgets"): 200
land tiles (`MAX_TILES`) and every army at 30 tanks and 30 infantry (`MAX_UNITS`), so 120 units
on the board. Every CPU level plays a whole match on it through the checked submit; the hard
CPU's movement rollouts are then shortened by its work budget (`hard.rollout_work`), which the
shipped armies never reach. Times are `tabula bench` figures, never asserted here."""

from __future__ import annotations

import pytest

from game.ai.conquest import hard
from game.engine.autoplay import make_players, play_out
from game.engine.modes import get_mode
from game.engine.record import build_match, new_record
from game.engine.resources import clear_resource_cache, load_mode_resources
from game.systems.conquest.content import MAX_TILES, MAX_UNITS, content_of

from .helpers import mod_installed

MODE = get_mode("conquest")
COLUMNS, ROWS = 20, 10  # doubled rows: column c holds rows c % 2, c % 2 + 2, ...


def largest_map() -> str:
    """`map.toml` of 200 land tiles; the two outer columns of each side are its zone."""
    lines = ['id = "largest"', 'name = "Largest"']
    for col in range(COLUMNS):
        for k in range(ROWS):
            lines += ["", "[[tiles]]", f'id = "T{col * ROWS + k + 1:03d}"', f"col = {col}",
                      f"row = {2 * k + col % 2}", 'terrain = "land"']
            if col <= 1 or col >= COLUMNS - 2:
                lines.append(f"zone = {0 if col <= 1 else 1}")
            if (col, k) in ((0, 5), (COLUMNS - 1, 4)):
                lines.append(f"base_of = {0 if col == 0 else 1}")
    return "\n".join(lines) + "\n"


def full_armies() -> str:
    """Every base army (cards unchanged) at the most units a mod may give it."""
    base = content_of(load_mode_resources(MODE)).armies
    lines = []
    for army in base.values():
        cards = ", ".join(f'"{c}"' for c in army.cards)
        lines += ["[[armies]]", f'id = "{army.id}"', f'name = "{army.name}"',
                  f"tanks = {MAX_UNITS}", f"infantry = {MAX_UNITS}", f"cards = [{cards}]",
                  f"commander = {'true' if army.commander else 'false'}", ""]
    return "\n".join(lines)


@pytest.fixture
def installed():
    clear_resource_cache()  # the base armies, read before the mod is installed
    armies = full_armies()
    yield from mod_installed("largest", {"map.toml": largest_map(), "armies.toml": armies})


def test_the_mod_is_the_largest_a_mod_may_set(installed):
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == ["largest"], [str(p) for p in resources.problems]
    content = content_of(resources)
    assert len(content.land) == MAX_TILES
    assert {(a.tanks, a.infantry) for a in content.armies.values()} == {(MAX_UNITS, MAX_UNITS)}
    units, rollouts = 4 * MAX_UNITS, 8 * 4  # C1..C8 against O1..O4
    assert hard.rollout_rounds(units, rollouts, content.ai.hard.rollout_work) == 1


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_cpu_level_plays_the_largest_map_to_the_end(installed, level):
    """`level` in seat 0 against normal, every decision through the checked submit, from the
    deal to a result; each seat placed its 60 units."""
    cpu = {0: level, 1: "normal"}
    match = build_match(new_record("conquest", MODE.rules_version, 3,
                                   {"ai": {"0": level, "1": "normal"}}))
    try:
        assert match.resources.mods_loaded == ["largest"]
        play_out(match, make_players(MODE, 3, cpu))
        assert match.result is not None
        placed = [sorted(uid for d in match.decisions if d["type"] == "place" and d["seat"] == s
                         for uid in d["units"]) for s in (0, 1)]
    finally:
        match.close()
    assert [len(p) for p in placed] == [2 * MAX_UNITS] * 2
    assert [len(set(p)) for p in placed] == [2 * MAX_UNITS] * 2
