"""A mod that passes validation never crashes a match (issue 11, section 3).

For every mode, hypothesis builds a mod from the shipped resources with absurd values put in:
numbers at and past their bounds (0, -1, 10**9, the shipped value +-1...), emptied or
shortened lists (a two-tile map, an army without cards, a faction without cards), entries
replaced or added under a new id. The mod is loaded through the real overlay
(`load_mode_resources`) from a mods folder, and then either

- it is rejected, and every problem names the mod's file and a key, or
- CPU players of the cheapest level play a whole match with it, without an exception, to a
  result within a bounded number of decisions.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.engine.autoplay import make_players, play_out
from game.engine.modes import get_mode
from game.engine.record import build_match, new_record
from game.engine.resources import (
    clear_resource_cache,
    load_base,
    load_mode_resources,
    set_extra_mod_dirs,
)
from tests.hypothesis_profiles import examples

MODES = ("strike", "crawl", "conquest", "kingdom")
MAX_DECISIONS = 20_000  # far above any shipped match (strike's round cap 500 x 12 units...)
ABSURD_INTS = (0, -1, 1, 2, 3, 99, 100, 999, 1000, 5000, 10**6, 10**9, -10**9)
ABSURD_FLOATS = (0.0, -1.0, 1e-9, 0.5, 1.0, 1e6, 1e9, -1e9)
BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


# -- the mod: a mutated dump of the base resources, written as TOML --------------------------
def _plain(value: Any) -> Any:
    """A model dump as TOML can hold it: tuples as lists, no None."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"


def _toml_key(key: str) -> str:
    return key if BARE_KEY.match(key) else json.dumps(key)


def to_toml(data: dict[str, Any]) -> str:
    return "".join(f"{_toml_key(k)} = {_toml_value(v)}\n" for k, v in data.items())


def _leaves(value: Any, path: tuple = ()) -> list[tuple]:
    """Paths of every number and every non-empty list in a dump."""
    found: list[tuple] = []
    if isinstance(value, dict):
        for k, v in value.items():
            found += _leaves(v, (*path, k))
    elif isinstance(value, list):
        if value:
            found.append(path)
        for i, v in enumerate(value):
            found += _leaves(v, (*path, i))
    elif isinstance(value, int | float) and not isinstance(value, bool):
        found.append(path)
    return found


def _get(value: Any, path: tuple) -> Any:
    for part in path:
        value = value[part]
    return value


def _set(value: Any, path: tuple, new: Any) -> None:
    _get(value, path[:-1])[path[-1]] = new


@st.composite
def absurd(draw: st.DrawFn, old: Any) -> Any:
    """An absurd replacement for a number or a list of the base."""
    if isinstance(old, list):
        return old[:draw(st.integers(0, max(0, min(2, len(old) - 1))))]  # empty or 1-2 items
    if isinstance(old, float):
        return draw(st.sampled_from(ABSURD_FLOATS) | st.sampled_from((old + 1, old - 1)))
    return draw(st.sampled_from(ABSURD_INTS) | st.sampled_from((old + 1, old - 1, old * 10))
                | st.integers(-10, 200))


def _dumps(spec: Any) -> dict[str, Any]:
    """The base files of a mode as plain data: a list of entries or one object per file."""
    base = load_base(spec)
    out: dict[str, Any] = {}
    for file_spec in spec.resource_files:
        if file_spec.is_family:
            continue
        parsed = base.files[file_spec.name]
        if file_spec.table:
            out[file_spec.name] = [_plain(e.model_dump(by_alias=True)) for e in parsed]
        else:
            out[file_spec.name] = _plain(parsed.model_dump(by_alias=True))
    return out


@st.composite
def absurd_mod(draw: st.DrawFn, mode: str) -> dict[str, str]:
    """{file name: TOML text} of a mod with 1-4 absurd values."""
    spec = get_mode(mode)
    dumps = _dumps(spec)
    tables = {f.name: f for f in spec.resource_files if f.table}
    files: dict[str, Any] = {}
    for _ in range(draw(st.integers(1, 4))):
        name = draw(st.sampled_from(sorted(dumps)))
        if name in tables:
            entries = dumps[name]
            entry = json.loads(json.dumps(draw(st.sampled_from(entries))))
            leaves = _leaves(entry)
            if leaves:
                path = draw(st.sampled_from(leaves))
                _set(entry, path, draw(absurd(_get(entry, path))))
            id_field = tables[name].id_field
            if draw(st.booleans()):  # a new entry rather than a replaced one
                entry[id_field] = (draw(st.integers(50, 99)) if id_field == "number"
                                   else f"absurd_{draw(st.integers(0, 9))}")
            file = files.setdefault(name, {tables[name].table: []})
            file[tables[name].table].append(entry)
        else:
            data = files.setdefault(name, json.loads(json.dumps(dumps[name])))
            leaves = _leaves(data)
            if leaves:  # none left once its lists were emptied by an earlier draw
                path = draw(st.sampled_from(leaves))
                _set(data, path, draw(absurd(_get(data, path))))
    out = {}
    for name, data in files.items():
        if name in tables:  # one entry per id: the last one drawn
            key = tables[name].table
            by_id = {e[tables[name].id_field]: e for e in data[key]}
            data = {key: list(by_id.values())}
        out[name] = to_toml(data)
    return out


# -- the property ------------------------------------------------------------------------------
def _install(root: Path, mode: str, files: dict[str, str]) -> Path:
    folder = root / "absurd" / mode
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def _check_or_play(mode: str, files: dict[str, str]) -> str:
    spec = get_mode(mode)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        folder = _install(root, mode, files)
        set_extra_mod_dirs([root])
        clear_resource_cache()
        try:
            resources = load_mode_resources(spec)
            if "absurd" not in resources.mods_loaded:
                problems = resources.problems[1:]  # after "mod 'absurd' skipped"
                assert problems, resources.problems
                for problem in problems:
                    assert problem.file.startswith(str(folder)) and problem.file.endswith(
                        ".toml"), str(problem)
                    assert problem.key, f"no key: {problem}"
                return "rejected"
            record = new_record(spec.id, spec.rules_version, 7, {
                **spec.default_options, "ai": {str(s): spec.cpu_levels[0]
                                               for s in range(spec.seats)}})
            match = build_match(record)
            match.events.enabled = False
            players = make_players(spec, 7, {s: spec.cpu_levels[0] for s in range(spec.seats)})
            try:
                play_out(match, players, max_decisions=MAX_DECISIONS)
                assert match.result is not None
            finally:
                match.close()
            return "played"
        finally:
            set_extra_mod_dirs([])
            clear_resource_cache()


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=examples(20), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
@pytest.mark.slow
def test_an_absurd_mod_is_rejected_with_file_and_key_or_plays_to_the_end(mode, data):
    files = data.draw(absurd_mod(mode), label="mod files")
    event(_check_or_play(mode, files))


# -- the crashes and hangs found this way, each pinned -----------------------------------------
@pytest.mark.parametrize(("mode", "files", "key"), [
    ("strike", {"rules.toml": "[board]\nrows = 1\nzone_columns = 2\ncols = 4\n"},
     "board.zone_columns"),
    ("strike", {"rules.toml": "[board]\ncols = 3000\nrows = 3000\n"}, "board.cols"),
    ("crawl", {"rules.toml": "max_hp = 1000000000\n"}, "max_hp"),
    ("crawl", {"ai.toml": "[hard]\nsamples = 1000000000\n"}, "hard.samples"),
    ("crawl", {"abilities.toml": '[[ability]]\nid = "life"\nname = "Life"\nkind = "hero"\n'
                                 'effect = "create_card"\ntype = "potion"\nmin = 50\n'
                                 'text = "t"\nicon = "i"\n'}, "ability[6].min"),
    ("conquest", {"armies.toml": '[[armies]]\nid = "classic"\nname = "C"\ntanks = 4\n'
                                 'infantry = 40\ncards = ["power1"]\ncommander = false\n'},
     "armies[0].infantry"),
    ("conquest", {"ai.toml": "[hard]\ncard_iterations = 1000000000\n"}, "hard.card_iterations"),
    ("kingdom", {"ai.toml": "[expert]\nmax_scored = 1000000000\n"}, "expert.max_scored"),
    ("kingdom", {"rules.toml": "deck_min_units = 40\ndeck_max_units = 50\n"}, "countries.0"),
    ("kingdom", {"rules.toml": "deck_max_units = 1\n"}, "deck_max_units"),  # found by it
])
def test_absurd_values_that_crashed_or_hung_are_rejected_at_their_key(mode, files, key):
    spec = get_mode(mode)
    with tempfile.TemporaryDirectory() as tmp:
        _install(Path(tmp), mode, files)
        set_extra_mod_dirs([Path(tmp)])
        clear_resource_cache()
        try:
            resources = load_mode_resources(spec)
        finally:
            set_extra_mod_dirs([])
            clear_resource_cache()
    assert resources.mods_loaded == []
    assert key in [p.key for p in resources.problems], [str(p) for p in resources.problems]
