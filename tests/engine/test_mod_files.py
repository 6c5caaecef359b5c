"""A broken mod file is a `file:key` problem and the mod is skipped, never a crash or a hang.

Each case is a mod folder that used to give a traceback (bad UTF-8, deep nesting, a 5,000-digit
integer), exhaust memory (a symlink to /dev/zero) or hang (a FIFO, a symlink loop); each must
now be skipped with a message that names the file while the base content and a good mod load.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, field_validator

from game.engine import resources as res
from game.engine.resources import (
    ResourceFile,
    ResourceProblem,
    load_base,
    load_mode_resources,
    overlay_mod,
    read_toml,
)
from game.engine.synthetic import synthetic_spec
from tests.engine.support import Unit

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero are POSIX")


class Rules(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    hand_size: int = 5
    extra: dict[str, object] = {}

    @field_validator("extra")
    @classmethod
    def _sizes(cls, value: dict[str, object]) -> dict[str, object]:
        return {k: len(v) for k, v in value.items()}  # type: ignore[arg-type]  # TypeError on ints


SPEC = synthetic_spec((ResourceFile("units.toml", Unit, table="unit"),
                       ResourceFile("rules.toml", Rules)))


@pytest.fixture
def base(tmp_path) -> Path:
    res.clear_resource_cache()
    root = tmp_path / "resources"
    (root / "synthetic").mkdir(parents=True)
    (root / "synthetic" / "units.toml").write_text('[[unit]]\nid = "knight"\nhp = 10\n')
    (root / "synthetic" / "rules.toml").write_text("hand_size = 4\n")
    yield root
    res.clear_resource_cache()


def mod(tmp_path: Path, name: str = "bad") -> Path:
    folder = tmp_path / "mods" / name / "synthetic"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def good_mod(tmp_path: Path) -> Path:
    folder = mod(tmp_path, "z_good")
    (folder / "rules.toml").write_text("hand_size = 6\n")
    return folder.parent


def load_with(base: Path, bad: Path, good: Path) -> tuple[list[str], res.ResourceSet]:
    loaded = load_mode_resources(SPEC, base_dir=base, mods=[bad, good])
    return [str(p) for p in loaded.problems], loaded


def assert_skipped(base: Path, bad_mode_dir: Path, good: Path, expected: list[str]) -> None:
    messages, loaded = load_with(base, bad_mode_dir.parent, good)
    assert messages == [f"{bad_mode_dir.parent}: mod 'bad' skipped", *expected]
    assert loaded.mods_loaded == ["z_good"]
    assert loaded.single("rules.toml").hand_size == 6
    assert [u.id for u in loaded.entries("units.toml")] == ["knight"]


@pytest.mark.parametrize(("raw", "problem"), [
    (b'[[unit]]\nid = "caf\xe9"\nhp = 1\n',
     "not UTF-8 text (invalid continuation byte at byte 18)"),
    (b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n", "nested deeper than 32 levels"),
    (b"hand_size = " + b"9" * 5000 + b"\n",
     "TOML value error: Exceeds the limit (4300 digits) for integer string conversion: value "
     "has 5000 digits"),
])
def test_undecodable_toml_is_a_problem_of_its_file(base, tmp_path, raw, problem):
    folder = mod(tmp_path)
    (folder / "rules.toml").write_bytes(raw)
    assert_skipped(base, folder, good_mod(tmp_path), [f"{folder / 'rules.toml'}: {problem}"])


def test_nesting_that_toml_parses_is_refused_before_validation(base, tmp_path):
    folder = mod(tmp_path)
    (folder / "rules.toml").write_text("extra = " + "[" * 200 + "]" * 200 + "\n")
    assert_skipped(base, folder, good_mod(tmp_path),
                   [f"{folder / 'rules.toml'}:extra: nested deeper than 32 levels"])


def test_a_validator_tripping_over_absurd_data_is_a_problem_not_a_crash(base, tmp_path):
    folder = mod(tmp_path)
    (folder / "rules.toml").write_text("[extra]\nsize = 3\n")
    assert_skipped(base, folder, good_mod(tmp_path), [
        f"{folder / 'rules.toml'}: cannot be checked: TypeError: object of type 'int' has no "
        "len()"])


def test_a_file_over_the_size_limit_is_not_read(base, tmp_path, monkeypatch):
    folder = mod(tmp_path)
    (folder / "units.toml").write_text("# " + "x" * (res.MAX_FILE_BYTES - 1) + "\n")
    assert_skipped(base, folder, good_mod(tmp_path), [
        f"{folder / 'units.toml'}: larger than {res.MAX_FILE_BYTES} bytes"])


@posix_only
def test_a_symlink_to_dev_zero_is_never_read(base, tmp_path):
    folder = mod(tmp_path)
    (folder / "units.toml").symlink_to("/dev/zero")
    assert_skipped(base, folder, good_mod(tmp_path), [
        f"{folder / 'units.toml'}: not a regular file (a device)"])


@posix_only
def test_a_fifo_is_never_opened(base, tmp_path):
    folder = mod(tmp_path)
    os.mkfifo(folder / "units.toml")
    assert_skipped(base, folder, good_mod(tmp_path), [
        f"{folder / 'units.toml'}: not a regular file (a FIFO)"])


def test_a_symlink_to_a_regular_file_is_read(base, tmp_path):
    folder = mod(tmp_path, "linked")
    target = tmp_path / "elsewhere.toml"
    target.write_text("hand_size = 9\n")
    (folder / "rules.toml").symlink_to(target)
    loaded = load_mode_resources(SPEC, base_dir=base, mods=[folder.parent])
    assert (loaded.mods_loaded, loaded.problems) == (["linked"], [])
    assert loaded.single("rules.toml").hand_size == 9


def test_a_folder_named_like_a_toml_file_is_a_problem(base, tmp_path):
    folder = mod(tmp_path)
    (folder / "rules.toml").mkdir()
    assert_skipped(base, folder, good_mod(tmp_path), [
        f"{folder / 'rules.toml'}: not a regular file (a folder)"])


def test_a_symlink_loop_ends_at_the_depth_limit(base, tmp_path):
    folder = mod(tmp_path)
    (folder / "loop").symlink_to(folder, target_is_directory=True)
    deep = folder / "/".join(["loop"] * (res.MAX_FOLDER_DEPTH + 1))
    assert_skipped(base, folder, good_mod(tmp_path), [
        f"{deep}: folders nested deeper than {res.MAX_FOLDER_DEPTH}"])


def test_a_huge_tree_ends_at_the_entry_limit(base, tmp_path):
    folder = mod(tmp_path)
    for i in range(res.MAX_MOD_ENTRIES + 1):
        (folder / f"n{i}.txt").touch()
    assert_skipped(base, folder, good_mod(tmp_path), [
        f"{folder}: more than {res.MAX_MOD_ENTRIES} files and folders"])


def test_a_file_name_that_is_not_utf8_is_a_printable_problem(base, tmp_path):
    folder = mod(tmp_path)
    name = os.fsdecode(b"caf\xe9.toml")
    try:
        (folder / name).write_text("x = 1\n")
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system wants UTF-8 names")
    messages, _ = load_with(base, folder.parent, good_mod(tmp_path))
    assert messages[1] == f"{folder}/caf\\udce9.toml: file name is not UTF-8 text"
    messages[1].encode("utf-8")  # printable on any stream


def test_a_mod_folder_name_a_record_cannot_carry_is_skipped(base, tmp_path):
    folder = mod(tmp_path, "new\nline")
    (folder / "rules.toml").write_text("hand_size = 7\n")
    loaded = load_mode_resources(SPEC, base_dir=base, mods=[folder.parent])
    assert loaded.mods_loaded == []
    shown = str(folder.parent).replace("\n", "\\n")  # one line: the newline as its escape
    assert [str(p) for p in loaded.problems] == [
        f"{shown}: mod 'new\\nline' skipped",
        f"{shown}: a mod's folder name must be printable text of at most 100 characters"]


def test_a_control_character_in_any_part_of_a_problem_prints_as_its_escape():
    assert str(ResourceProblem("m\x1b[31m/a.toml", "k\n", "bad\tvalue")) == (
        "m\\x1b[31m/a.toml:k\\n: bad\\tvalue")
    assert str(ResourceProblem("mods/é ü", "", "ok")) == "mods/é ü: ok", "printable stays"


def test_more_mods_than_a_record_may_name_are_skipped_past_the_limit(base, tmp_path):
    roots = []
    for n in range(res.MAX_MODS + 1):
        folder = mod(tmp_path / f"root{n:03}", f"m{n:03}")
        (folder / "rules.toml").write_text(f"hand_size = {n % 9 + 1}\n")
        roots.append(folder.parent)
    (tmp_path / "root999" / "other" / "elsewhere").mkdir(parents=True)  # no synthetic folder
    roots.append(tmp_path / "root999" / "other")
    loaded = load_mode_resources(SPEC, base_dir=base, mods=roots)
    assert loaded.mods_loaded == [f"m{n:03}" for n in range(res.MAX_MODS)]
    last = roots[res.MAX_MODS]
    assert [str(p) for p in loaded.problems] == [
        f"{last}: mod 'm{res.MAX_MODS:03}' skipped",
        f"{last}: more than {res.MAX_MODS} mods for synthetic: a match can be played and "
        f"recorded with at most {res.MAX_MODS}, the first ones by name"]


def test_a_second_mod_of_the_same_name_is_skipped(base, tmp_path):
    first = mod(tmp_path / "a", "same")
    second = mod(tmp_path / "b", "same")
    (first / "rules.toml").write_text("hand_size = 7\n")
    (second / "rules.toml").write_text("hand_size = 8\n")
    loaded = load_mode_resources(SPEC, base_dir=base, mods=[first.parent, second.parent])
    assert loaded.mods_loaded == ["same"] and loaded.single("rules.toml").hand_size == 7
    assert [str(p) for p in loaded.problems] == [
        f"{second.parent}: mod 'same' skipped",
        f"{second.parent}: another mod of this name comes first ({first.parent})"]


@posix_only
def test_base_files_are_read_the_same_guarded_way(base):
    units = base / "synthetic" / "units.toml"
    units.unlink()
    units.symlink_to("/dev/zero")
    with pytest.raises(res.ResourceError) as info:
        load_base(SPEC, base)
    assert [str(p) for p in info.value.problems] == [
        "synthetic/units.toml: not a regular file (a device)"]


def test_read_toml_reads_a_good_file(tmp_path):
    path = tmp_path / "ok.toml"
    path.write_text('a = 1\n[b]\nc = "d"\n')
    assert read_toml(path, "ok.toml") == ({"a": 1, "b": {"c": "d"}}, [])


def test_an_applied_mod_is_named_with_the_sha256_of_its_files(base, tmp_path):
    folder = mod(tmp_path, "m")
    units = b'[[unit]]\nid = "mage"\nhp = 3\n'
    rules = b"hand_size = 7\n"
    (folder / "units.toml").write_bytes(units)
    (folder / "rules.toml").write_bytes(rules)
    (folder / "notes.txt").write_text("not content: not hashed\n")
    merged, problems = overlay_mod(SPEC, load_base(SPEC, base), folder.parent)
    assert problems == []
    expected = hashlib.sha256(b"rules.toml\0%d\0" % len(rules) + rules
                              + b"units.toml\0%d\0" % len(units) + units).hexdigest()
    assert merged.mod_refs == [res.ModRef("m", expected)]
    assert merged.mod_refs[0].as_json() == {"id": "m", "hash": expected}


def test_a_problem_with_a_lone_surrogate_prints_escaped():
    assert str(ResourceProblem("a\udce9.toml", "k", "bad")) == "a\\udce9.toml:k: bad"
