"""A mod that passes validation never crashes a match (issue 11, section 3).

For every mode, hypothesis builds a mod from the shipped resources with absurd values put in:
numbers at and past their bounds (0, -1, 10**9, the shipped value +-1...), emptied or
shortened lists (a two-tile map, an army without cards, a faction without cards), entries
replaced or added under a new id. The mod is loaded through the real overlay
(`load_mode_resources`) from a mods folder, and then either

- it is rejected, and every problem names the mod's file and a key, or
- CPU players of the cheapest level play a whole match with it, without an exception, to a
  result within a bounded number of decisions, and every position of it on the way loads
  back: its State JSON as a setup (what "Play from here" and a bug report do), and a seat's
  view as the hard CPU loads it (issue 26: setup bounds are derived from the content's).

Lists are grown as well as cut: a table gets up to 250 entries more (a 65-card strike pool,
a crawl deck of 200 cards plus its abilities), so a mod at its content bounds is played too.
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
from game.engine.match import Rejection
from game.engine.modes import get_mode
from game.engine.record import RecordError, build_match, match_record, new_record
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
GROWN = (10, 45, 63, 65, 100, 151, 180, 230)  # entries added to a table (strike's pool: 20+)
POSITIONS = 6  # positions of a played match that must load back


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
            if draw(st.integers(0, 3)) == 0:  # many more entries: the table at its bounds
                for n in range(draw(st.sampled_from(GROWN))):
                    copy = json.loads(json.dumps(draw(st.sampled_from(entries))))
                    copy[id_field] = 1000 + n if id_field == "number" else f"absurd_many_{n}"
                    file[tables[name].table].append(copy)
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
                played = match_record(match)
            finally:
                match.close()
            assert_positions_load_back(played)
            return "played"
        finally:
            set_extra_mod_dirs([])
            clear_resource_cache()


def _seat_view_loads(mode: str, match: Any, state: dict[str, Any]) -> None:
    """The seat to act's view loads as its CPUs load it: strike's hard CPU and kingdom's CPUs
    set the view up as a scratch match; crawl's fills the hidden deck (here with the real
    one)."""
    if state["result"] is not None or not state["to_act"]:
        return
    seat = state["to_act"][0]
    view = match.view_json(seat)
    if mode == "strike":
        from game.ai.strike.scratch import scratch_match

        scratch_match(view, match.resources).close()
    elif mode == "crawl":
        from game.systems.crawl.scratch import scratch_match

        scratch_match(view, state["board"]["deck"], 1, match.resources).close()
    elif mode == "kingdom" and state["phase"] == "planning":
        from game.ai.kingdom.scratch import scratch_match as kingdom_scratch

        kingdom_scratch(view, match.resources).close()


def assert_positions_load_back(record: dict[str, Any]) -> None:
    """POSITIONS positions of a played record (its start and last among them): each one the
    mode offers as a setup ("Play from here": a running match, and in kingdom past the deck
    builder) loads back with the same mods, and so does the view the CPU to act loads."""
    spec = get_mode(record["mode"])
    n = len(record["decisions"])
    wanted = sorted({0, max(0, n - 1),
                     *(n * k // (POSITIONS - 1) for k in range(1, POSITIONS - 1))})
    match = build_match(record)
    try:
        for index in range(n + 1):
            if index in wanted:
                state = match.state_json()
                setup = match.rules.position_setup(match)  # what "Play from here" starts
                if isinstance(setup, dict):  # not a finished match, nor kingdom's deck builder
                    again = new_record(spec.id, record["rules"], record["seed"],
                                       record["options"], setup, mods=record.get("mods", []))
                    try:
                        build_match(again).close()
                    except RecordError as exc:
                        raise AssertionError(f"position {index} of {n} does not load back as "
                                             f"a setup: {exc}") from None
                _seat_view_loads(spec.id, match, state)
            if index < n:
                assert not isinstance(match.submit(record["decisions"][index]), Rejection)
    finally:
        match.close()


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=examples(20), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
@pytest.mark.slow
def test_an_absurd_mod_is_rejected_with_file_and_key_or_plays_to_the_end(mode, data):
    files = data.draw(absurd_mod(mode), label="mod files")
    event(_check_or_play(mode, files))


# -- a mod at its content bounds: every position loads back ---------------------------------
def _grown(mode: str, name: str, total: int) -> dict[str, str]:
    """A mod whose table `name` holds `total` entries: the base ones and copies under new ids."""
    spec = get_mode(mode)
    table = next(f for f in spec.resource_files if f.name == name)
    base = _dumps(spec)[name]
    added = []
    for n in range(total - len(base)):
        entry = json.loads(json.dumps(base[n % len(base)]))
        entry[table.id_field] = f"grown_{n}"
        added.append(entry)
    return {name: to_toml({table.table: added})}


@pytest.mark.parametrize(("mode", "name", "total"), [
    ("strike", "cards.toml", 65),    # a pool past the old setup bound of 64
    ("strike", "cards.toml", 200),   # the content bound
    ("crawl", "deck.toml", 200),     # 200 cards and 5 ability cards: a deck of 205
])
@pytest.mark.slow
def test_a_mod_at_its_content_bounds_plays_and_every_position_loads_back(mode, name, total):
    """A valid mod's positions used to be refused as setups (strike's pool of 65 against a
    setup bound of 64, crawl's deck of 205 against 200): `simulate --ai hard` died with a
    SetupError and the game froze at the hard CPU's first turn."""
    assert _check_or_play(mode, _grown(mode, name, total)) == "played"
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
