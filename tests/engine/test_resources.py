"""game.engine.resources: TOML files validated as file:key, the mod overlay, the cache."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from game.engine.resources import (
    ResourceError,
    ResourceFile,
    ResourceProblem,
    ResourceSet,
    clear_resource_cache,
    load_base,
    load_mode_resources,
    overlay_mod,
    validate_mod_folder,
)
from game.engine.synthetic import synthetic_spec
from tests.engine.support import Unit


class TinyRules(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    hand_size: int = 5
    name: str = "tiny"


def unit_ids_known(units, resources: ResourceSet) -> list[tuple[str, str]]:
    """A cross-file check: a unit may not be stronger than the rules' hand size x 10."""
    cap = resources.single("rules.toml").hand_size * 10
    return [(f"unit[{i}].hp", f"above the cap {cap}") for i, u in enumerate(units) if u.hp > cap]


FILES = (
    ResourceFile("units.toml", Unit, table="unit", check=unit_ids_known),
    ResourceFile("rules.toml", TinyRules),
)
SPEC = synthetic_spec(FILES)  # a throwaway mode spec: only its id and files matter here

UNITS = '''
[[unit]]
id = "knight"
hp = 10

[[unit]]
id = "archer"
hp = 6
tags = ["ranged"]
'''
RULES = 'hand_size = 4\n'


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def base(tmp_path) -> Path:
    clear_resource_cache()
    root = tmp_path / "resources"
    write(root / "synthetic", {"units.toml": UNITS, "rules.toml": RULES})
    yield root
    clear_resource_cache()


def problems_of(base_dir: Path) -> list[str]:
    with pytest.raises(ResourceError) as info:
        load_base(SPEC, base_dir)
    assert str(info.value) == "\n".join(str(p) for p in info.value.problems)
    return [str(p) for p in info.value.problems]


# -- base files ---------------------------------------------------------------------------------------
def test_load_base_reads_tables_and_single_objects(base):
    resources = load_base(SPEC, base)
    assert resources.mode == "synthetic"
    assert resources.entries("units.toml") == [Unit(id="knight", hp=10),
                                               Unit(id="archer", hp=6, tags=["ranged"])]
    assert list(resources.by_id("units.toml")) == ["knight", "archer"]
    assert resources.single("rules.toml") == TinyRules(hand_size=4)
    assert (resources.mods_loaded, resources.problems) == ([], [])


def test_a_mode_without_resource_files_needs_no_folder(monkeypatch):
    """A fresh checkout may have no resources/ at all (git keeps no empty folder)."""
    from game import paths

    def no_folder():
        raise FileNotFoundError("Tabula's resources/ folder was not found")

    monkeypatch.setattr(paths, "resources_dir", no_folder)
    resources = load_base(synthetic_spec(()))
    assert (resources.mode, resources.files, resources.problems) == ("synthetic", {}, [])
    with pytest.raises(FileNotFoundError):
        load_base(SPEC)


@pytest.mark.parametrize(("units", "expected"), [
    ('[[unit]]\nid = "knight"\nhp = "ten"\n',
     ["synthetic/units.toml:unit[0].hp: Input should be a valid integer"]),
    ('[[unit]]\nid = "knight"\nhp = 1\nspeed = 3\n',
     ["synthetic/units.toml:unit[0].speed: Extra inputs are not permitted"]),
    ('[[unit]]\nid = "knight"\n',
     ["synthetic/units.toml:unit[0].hp: Field required"]),
    ('[[unit]]\nid = "a"\nhp = 1\n\n[[unit]]\nid = "b"\nhp = 1\n\n[[unit]]\nid = "a"\nhp = 2\n',
     ["synthetic/units.toml:unit[2].id: duplicate id 'a'"]),
    ('[[card]]\nid = "x"\n\n[[unit]]\nid = "a"\nhp = 1\n',
     ["synthetic/units.toml:card: unknown key (expected [[unit]])"]),
    ('unit = 3\n', ["synthetic/units.toml:unit: must be an array of tables"]),
    ('[[unit]]\nid = "a"\nhp = 1\ntags = ["x", 2]\n',
     ["synthetic/units.toml:unit[0].tags.1: Input should be a valid string"]),
    ('[[unit]]\nid = "a"\nhp = 99\n', ["synthetic/units.toml:unit[0].hp: above the cap 40"]),
])
def test_problems_name_the_file_and_key(base, units, expected):
    write(base / "synthetic", {"units.toml": units})
    assert problems_of(base) == expected


def test_a_toml_syntax_error_names_the_file(base):
    write(base / "synthetic", {"rules.toml": "hand_size = = 4\n"})
    (problem,) = problems_of(base)
    assert problem.startswith("synthetic/rules.toml: TOML syntax error: ")
    assert "line 1" in problem


def test_every_broken_file_is_reported_at_once(base):
    (base / "synthetic" / "units.toml").unlink()
    write(base / "synthetic", {"rules.toml": 'hand_size = "4"\ncolour = 1\n'})
    problems = problems_of(base)
    assert problems[0].startswith("synthetic/units.toml: cannot read: No such file")
    assert problems[1:] == ["synthetic/rules.toml:hand_size: Input should be a valid integer",
                            "synthetic/rules.toml:colour: Extra inputs are not permitted"]


def test_resource_problem_formats():
    assert str(ResourceProblem("a.toml", "x[1].y", "bad")) == "a.toml:x[1].y: bad"
    assert str(ResourceProblem("a.toml", "", "bad")) == "a.toml: bad"


# -- mods -----------------------------------------------------------------------------------------
def test_a_mod_adds_replaces_by_id_and_overrides_single_objects(base, tmp_path):
    mod = write(tmp_path / "mods" / "bigger", {
        "synthetic/units.toml": '[[unit]]\nid = "knight"\nhp = 12\n\n'
                                '[[unit]]\nid = "mage"\nhp = 4\n',
        "synthetic/rules.toml": 'name = "modded"\n',
    })
    merged, problems = overlay_mod(SPEC, load_base(SPEC, base), mod)
    assert problems == []
    assert merged.entries("units.toml") == [Unit(id="knight", hp=12),
                                            Unit(id="archer", hp=6, tags=["ranged"]),
                                            Unit(id="mage", hp=4)]
    assert merged.single("rules.toml") == TinyRules(hand_size=4, name="modded")
    assert merged.mods_loaded == ["bigger"]


def test_overlay_leaves_the_base_untouched(base, tmp_path):
    mod = write(tmp_path / "mods" / "m", {"synthetic/units.toml": '[[unit]]\nid = "x"\nhp = 1\n'})
    original = load_base(SPEC, base)
    overlay_mod(SPEC, original, mod)
    assert [u.id for u in original.entries("units.toml")] == ["knight", "archer"]
    assert original.mods_loaded == []


def test_a_mod_without_this_mode_changes_nothing(base, tmp_path):
    mod = write(tmp_path / "mods" / "other", {"strike/units.toml": "x = 1\n"})
    original = load_base(SPEC, base)
    assert overlay_mod(SPEC, original, mod) == (original, [])


def test_a_broken_mod_is_skipped_with_messages_and_the_rest_loads(base, tmp_path):
    mods = tmp_path / "mods"
    good_a = write(mods / "a_good", {"synthetic/units.toml": '[[unit]]\nid = "mage"\nhp = 4\n'})
    broken = write(mods / "b_broken", {
        "synthetic/units.toml": '[[unit]]\nid = "knight"\nhp = "x"\n',
        "synthetic/decks.toml": "x = 1\n",
        "synthetic/rules.toml": "hand_size = [\n",
    })
    good_c = write(mods / "c_good", {"synthetic/rules.toml": "hand_size = 6\n"})
    resources = load_mode_resources(SPEC, base_dir=base, mods=[good_a, broken, good_c])
    assert resources.mods_loaded == ["a_good", "c_good"]
    assert [u.id for u in resources.entries("units.toml")] == ["knight", "archer", "mage"]
    assert resources.by_id("units.toml")["knight"].hp == 10
    assert resources.single("rules.toml").hand_size == 6
    messages = [str(p) for p in resources.problems]
    label = str(broken / "synthetic")
    assert messages[0] == f"{broken}: mod 'b_broken' skipped"
    assert messages[1].startswith(f"{label}/decks.toml: unknown resource file for synthetic "
                                  "(known: rules.toml, units.toml)")
    assert messages[2].startswith(f"{label}/rules.toml: TOML syntax error: ")
    assert messages[3] == f"{label}/units.toml:unit[0].hp: Input should be a valid integer"
    assert len(messages) == 4


def test_a_mod_failing_a_cross_file_check_is_skipped(base, tmp_path):
    mod = write(tmp_path / "mods" / "weak", {"synthetic/rules.toml": "hand_size = 0\n"})
    merged, problems = overlay_mod(SPEC, load_base(SPEC, base), mod)
    assert merged is None
    label = mod / "synthetic" / "units.toml"
    assert [str(p) for p in problems] == [f"{label}:unit[0].hp: above the cap 0",
                                          f"{label}:unit[1].hp: above the cap 0"]


def test_validate_mod_folder_reports_unknown_mode_folders(base, tmp_path, monkeypatch):
    from game import paths

    monkeypatch.setattr(paths, "resources_dir", lambda: base)
    mod = write(tmp_path / "mods" / "m", {"chess/x.toml": "", "synthetic/units.toml":
                                          '[[unit]]\nid = "a"\nhp = 1\n'})
    problems = validate_mod_folder([SPEC], mod)
    assert [str(p) for p in problems] == [
        f"{mod / 'chess'}: not a mode folder (modes: synthetic)"]


# -- the cache -----------------------------------------------------------------------------------------
def test_load_mode_resources_is_cached_per_mode_base_and_mod_list(base, tmp_path):
    mod = write(tmp_path / "mods" / "m", {"synthetic/rules.toml": "hand_size = 6\n"})
    first = load_mode_resources(SPEC, base_dir=base, mods=[])
    assert load_mode_resources(SPEC, base_dir=base, mods=[]) is first
    with_mod = load_mode_resources(SPEC, base_dir=base, mods=[mod])
    assert with_mod is not first and with_mod.single("rules.toml").hand_size == 6
    write(base / "synthetic", {"rules.toml": "hand_size = 3\n"})
    assert load_mode_resources(SPEC, base_dir=base, mods=[]) is first  # cached: not re-read
    clear_resource_cache()
    reloaded = load_mode_resources(SPEC, base_dir=base, mods=[])
    assert reloaded is not first and reloaded.single("rules.toml").hand_size == 3


def test_load_mode_resources_finds_user_mods_and_extra_mod_dirs(base, tmp_path, tabula_home):
    from game import paths
    from game.engine.resources import mod_folders, set_extra_mod_dirs

    user = write(paths.mods_dir() / "user_mod", {"synthetic/rules.toml": "hand_size = 7\n"})
    extra_root = tmp_path / "extra"
    extra = write(extra_root / "extra_mod", {"synthetic/rules.toml": 'name = "extra"\n'})
    set_extra_mod_dirs([extra_root])
    try:
        assert mod_folders() == [user, extra]
        resources = load_mode_resources(SPEC, base_dir=base)
        assert resources.mods_loaded == ["user_mod", "extra_mod"]
        assert resources.single("rules.toml") == TinyRules(hand_size=7, name="extra")
    finally:
        set_extra_mod_dirs([])


def _weak_units(name: str):
    """A family check that knows its file's name (as kingdom's faction check does)."""

    def check(units, resources: ResourceSet) -> list[tuple[str, str]]:
        prefix = name.split("/")[-1].removesuffix(".toml")
        return [(f"unit[{i}].id", f"must start with {prefix!r}")
                for i, u in enumerate(units) if not u.id.startswith(prefix)]

    return check


FAMILY_SPEC = synthetic_spec((
    *FILES,
    ResourceFile("extra/*.toml", Unit, table="unit", check_for=_weak_units),
))


def test_a_mod_adds_a_new_file_of_a_family_checked_by_its_name(base, tmp_path):
    good = write(tmp_path / "mods" / "good", {
        "synthetic/extra/elves.toml": '[[unit]]\nid = "elves_ranger"\nhp = 5\n'})
    merged, problems = overlay_mod(FAMILY_SPEC, load_base(FAMILY_SPEC, base), good)
    assert problems == []
    assert merged.entries("extra/elves.toml") == [Unit(id="elves_ranger", hp=5)]
    bad = write(tmp_path / "mods" / "bad", {
        "synthetic/extra/orcs.toml": '[[unit]]\nid = "goblin"\nhp = 5\n'})
    merged, problems = overlay_mod(FAMILY_SPEC, load_base(FAMILY_SPEC, base), bad)
    assert merged is None
    assert [str(p) for p in problems] == [
        f"{tmp_path / 'mods' / 'bad' / 'synthetic' / 'extra' / 'orcs.toml'}:unit[0].id: "
        "must start with 'orcs'"]
