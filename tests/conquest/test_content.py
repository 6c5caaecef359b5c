"""Content (spec conquest.md section 3): the base files equal the spec's tables, validation
names file and key (also through `tabula validate`), and mods overlay the base (the example mod
of docs/conquest.md is loaded and played)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game import paths
from game.engine.modes import get_mode
from game.engine.resources import ResourceError, load_base, load_mode_resources
from game.systems.conquest.content import content_of, load_content
from tests.cli_helpers import run_cli
from tests.match_helpers import spec_data

from .helpers import D, accept, board_of, install_mod, new_match, setup_match

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "conquest.md"
MODE = get_mode("conquest")
# The spec's section 3 tables, cell by cell (tests/conquest/extract_scenarios.py writes them).
SPEC_TABLES = spec_data("conquest", "spec_tables")


def _int(text: str) -> int:
    return int(text.replace("−", "-"))


def test_base_content_loads():
    content = load_content([])
    assert content.map_id == "twin_bases" and len(content.land) == 16
    assert len(content.tiles) == 34 and content.bases == ("L03", "L10")
    assert content.zones == (("L01", "L02", "L03", "L04", "L05", "L06"),
                             ("L07", "L08", "L09", "L10", "L11", "L12"))
    assert content.commanders == ("infantry", "tank")
    assert content.strength == {"tank": 2, "infantry": 1}
    assert content.distance("L03", "L10") == 6 and content.distance("L01", "L16") == 1
    assert content.distance("L15", "L16") == 3
    assert content.ai.normal.caution_rounds == 20 and content.ai.hard.card_iterations == 2000


def test_map_equals_the_spec_including_derived_neighbours():
    content = load_content([])
    rows = SPEC_TABLES["map"]
    assert [r[0] for r in rows] == list(content.land)
    for r in rows:
        t = content.tiles[r[0]]
        assert (t.col, t.row, t.land) == (_int(r[1]), _int(r[2]), r[3] == "land")
        assert t.zone == (None if r[4] == "–" else int(r[4]))
        assert t.base_of == (None if r[5] == "–" else int(r[5]))
        assert list(content.neighbours[r[0]]) == [n.strip() for n in r[6].split(",")]
    water = SPEC_TABLES["water"]
    assert len(water) == 18
    for wid, col, row in water:
        t = content.tiles[wid]
        assert (t.col, t.row, t.land, t.zone, t.base_of) == (int(col), int(row), False, None,
                                                              None)


def test_units_cards_abilities_and_armies_equal_the_spec():
    content = load_content([])
    for r in SPEC_TABLES["kinds"]:
        kind = content.kinds[r[0]]
        sprite1 = kind.sprite[0] if r[5] == "same" else r[5]
        assert [kind.name, kind.strength, kind.letter, *kind.sprite] == [
            r[1], int(r[2]), r[3], r[4], sprite1]
        assert [list(t) for t in kind.tint] == [eval(r[6]), eval(r[7])]  # noqa: S307
    cards = SPEC_TABLES["cards"]
    assert [r[0] for r in cards] == list(content.cards)
    for r in cards:
        c = content.cards[r[0]]
        assert [c.name, c.power, c.attack, c.defence, c.ability] == [
            r[1], int(r[2]), int(r[3]), int(r[4]), None if r[5] == "–" else int(r[5])]
    abilities = SPEC_TABLES["abilities"]
    assert [int(r[0]) for r in abilities] == list(content.abilities)
    for r in abilities:
        a = content.abilities[int(r[0])]
        assert (a.label, a.effect) == (r[1], r[2])
        params = {} if r[3] == "–" else dict(
            (k.strip(), v.strip().strip('`"')) for k, v in
            (p.split("=") for p in r[3].replace("`", "").split(",")))
        assert {k: str(v).lower() for k, v in a.params.model_dump().items()} == params
    for r in SPEC_TABLES["armies"]:
        army = content.armies[r[0]]
        assert [army.name, army.tanks, army.infantry, list(army.cards), army.commander] == [
            r[1], int(r[2]), int(r[3]), [c.strip() for c in r[4].split(",")], r[5] == "true"]


# -- broken copies of the base files ----------------------------------------------------------
BROKEN = [
    ("cards.toml", ("ability = 4", "ability = 44"), "conquest/cards.toml:cards[1].ability"),
    ("cards.toml", ("power = 0", 'power = "zero"'), "conquest/cards.toml:cards[0].power"),
    ("armies.toml", ('"inf7"]', '"inf8"]'), "conquest/armies.toml:armies[0].cards.6"),
    ("abilities.toml", ('effect = "home_base_score"', 'effect = "explode"'),
     "conquest/abilities.toml:abilities[8]"),
    ("abilities.toml", ("below = 2\ncount_kind = \"tank\"", "below = -2\ncount_kind = \"tank\""),
     "conquest/abilities.toml:abilities[4]"),
    ("map.toml", ("col = 3\nrow = 3", "col = 3\nrow = 4"), "conquest/map.toml:tiles.0"),
    ("map.toml", ('terrain = "land"', 'terrain = "lava"'), "conquest/map.toml:tiles.0.terrain"),
    ("units.toml", ("strength = 2", "strength = -2"), "conquest/units.toml:kinds[0].strength"),
    ("ai.toml", ("card_iterations = 2000", "card_iterations = 0"),
     "conquest/ai.toml:hard.card_iterations"),
    ("ai.toml", ("reinforce_cells = 400", "reinforce_cells = 0"),
     "conquest/ai.toml:hard.reinforce_cells"),
    ("ai.toml", ("rollout_work = 4096", "rollout_work = 0"),
     "conquest/ai.toml:hard.rollout_work"),
    ("rules.toml", ("max_own_per_tile = 5", "max_own_per_tile = 6"),
     "conquest/rules.toml:max_own_per_tile"),
    ("rules.toml", ("round_cap = 60", "round_cap = 0"), "conquest/rules.toml:round_cap"),
    ("rules.toml", ("base_defence_bonus = 2", "base_defence_bonus = 2.5"),
     "conquest/rules.toml:base_defence_bonus"),
    ("rules.toml", ("round_cap = 60", "round_cap = 60\nmove_range = 2"),
     "conquest/rules.toml:move_range"),
]


def _broken_copy(tmp_path: Path, file_name: str, old: str, new: str) -> Path:
    base = tmp_path / "resources"
    shutil.copytree(paths.resources_dir() / "conquest", base / "conquest")
    path = base / "conquest" / file_name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return base


@pytest.mark.parametrize(("file_name", "change", "where"), BROKEN)
def test_a_broken_copy_names_file_and_key(tmp_path, file_name, change, where):
    base = _broken_copy(tmp_path, file_name, *change)
    with pytest.raises(ResourceError) as caught:
        load_base(MODE, base)
    messages = [str(p) for p in caught.value.problems]
    assert any(m.startswith(where) for m in messages), messages


@pytest.mark.slow
def test_validate_command_passes_and_names_file_key_for_a_broken_mod(tmp_path):
    proc = run_cli(["validate"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ok  conquest: 8 files" in proc.stdout
    mod = tmp_path / "mods" / "broken" / "conquest"
    mod.mkdir(parents=True)
    original = (paths.resources_dir() / "conquest" / "cards.toml").read_text(encoding="utf-8")
    (mod / "cards.toml").write_text(original.replace("ability = 4", "ability = 44", 1),
                                    encoding="utf-8")
    proc = run_cli(["validate", str(mod.parent)])
    assert proc.returncode == 1
    assert "cards.toml:cards[1].ability: unknown ability number 44" in proc.stdout


# -- mods ---------------------------------------------------------------------------------------
def example_mod() -> dict[str, str]:
    """{file name: TOML} of the example mod blocks in docs/conquest.md (mods/guard/...)."""
    blocks = re.findall(r"```toml\n# (mods/\S+)\n(.*?)```", DOCS.read_text(encoding="utf-8"),
                        re.S)
    assert blocks, "docs/conquest.md has no example mod"
    return {Path(rel).name: text for rel, text in blocks}


def test_the_example_mod_adds_a_commander_and_plays():
    install_mod("guard", example_mod())
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == ["guard"] and not resources.problems
    content = content_of(resources)
    assert content.commanders == ("infantry", "tank", "guard")
    assert content.abilities[11].effect == "per_unit_vs_few"
    assert content.ai.normal.attack_margin == 2.0 and content.ai.normal.caution == 0.6
    match = new_match(1)
    legal = match.legal_decisions(0)
    assert [d["commander"] for d in legal] == ["infantry", "tank", "guard"]
    accept(match, D(0, "choose_commander", commander="guard"))
    accept(match, D(0, "ready"))
    accept(match, D(1, "choose_commander", commander="infantry"))
    accept(match, D(1, "ready"))
    board = board_of(match)
    assert board["hands"][0] == ["guard6", "tank4", "inf3", "power2", "inf1", "tank0"]
    assert sum(u["seat"] == 0 and u["kind"] == "tank" for u in board["units"]) == 5
    assert sum(u["seat"] == 0 and u["kind"] == "infantry" for u in board["units"]) == 10
    # ability 11 counts the reinforcing tank too: 2 tanks on the site + 1 reinforcing
    battle = setup_match("cards", {"p0.t1": "L13", "p0.t2": "L13", "p0.t3": "L06",
                                   "p1.i1": "L13", "p1.t1": "L10", "p0.i1": "L03"},
                         commanders=["guard", "infantry"],
                         battles=[{"number": 1, "tile": "L13", "state": "current"}],
                         current_battle=1, reinforcements=[["p0.t3"], []])
    accept(battle, D(0, "choose_card", card="guard6"))
    accept(battle, D(0, "ready"))
    accept(battle, D(1, "choose_card", card="inf0"))
    accept(battle, D(1, "ready"))
    result = board_of(battle)["last_result"]
    assert result["abilities"] == [[11], []]
    assert result["score_parts"][0]["ability"] == 3


def test_a_broken_mod_is_skipped_with_file_and_key():
    install_mod("bad", {"armies.toml": '[[armies]]\nid = "bad"\nname = "Bad"\ntanks = 1\n'
                                   'infantry = 1\ncards = ["nope"]\ncommander = true\n'})
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == []
    messages = [str(p) for p in resources.problems]
    assert any("mod 'bad' skipped" in m for m in messages)
    assert any("armies.toml:armies[3].cards.0: unknown card 'nope'" in m for m in messages)
    assert content_of(resources).commanders == ("infantry", "tank")


TIGHT_RULES = "max_own_per_tile = 3\nbase_defence_bonus = 5\nround_cap = 2\n"


def test_the_rules_tunables_are_a_mod_the_rules_play_by():
    """`rules.toml` (docs/conquest.md "Tunables"): a mod's per-tile limit, base bonus and round
    cap are the numbers every rule uses: the fourth unit on a tile is `tile_full`, a battle
    on a base gives its owner the mod's bonus, and the match ends after the mod's round."""
    install_mod("tight", {"rules.toml": TIGHT_RULES})
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == ["tight"] and not resources.problems
    match = setup_match("placement", {"p0.t1": None, "p0.t2": None, "p0.i1": None,
                                      "p0.i2": None, "p1.t1": None}, setup_kind="classic")
    for uid in ("p0.t1", "p0.t2", "p0.i1"):
        accept(match, D(0, "place", units=[uid], to="L06"))
    rejection = match.submit(D(0, "place", units=["p0.i2"], to="L06"))
    assert not rejection.ok and rejection.error == "tile_full"
    assert "At most 3 of your units" in rejection.message
    assert D(0, "place", units=["p0.i2"], to="L06") not in match.legal_decisions(0)
    battle = setup_match("cards", {"p0.t1": "L10", "p1.i1": "L10", "p1.i2": "L12",
                                   "p0.i1": "L03"}, setup_kind="classic",
                         battles=[{"number": 1, "tile": "L10", "state": "current"}],
                         current_battle=1)
    for seat in (0, 1):
        accept(battle, D(seat, "choose_card", card=board_of(battle)["hands"][seat][0]))
        accept(battle, D(seat, "ready"))
    assert board_of(battle)["last_result"]["score_parts"][1]["base"] == 5
    late = setup_match("movement", {"p0.t1": "L06", "p1.t1": "L07"}, setup_kind="classic",
                       round=2)
    accept(late, D(0, "ready"))
    accept(late, D(1, "ready"))
    assert late.result is not None and late.result["reason"] == "round_cap"


def test_armies_must_fit_the_modded_tile_limit():
    """An army larger than `max_own_per_tile` x the smaller placement zone cannot be placed:
    the mod is skipped with the file and key, and the shipped rules stay."""
    install_mod("cramped", {"rules.toml": "max_own_per_tile = 1\nbase_defence_bonus = 2\n"
                                      "round_cap = 60\n"})
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == []
    messages = [str(p) for p in resources.problems]
    assert any("mod 'cramped' skipped" in m for m in messages), messages
    assert any("armies.toml:armies[" in m for m in messages), messages
    assert content_of(resources).rules.max_own_per_tile == 5
