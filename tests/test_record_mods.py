"""Records name their mods; replays need the same mods; spawned workers load the parent's mods;
every command tells about skipped mods on stderr (docs/modding.md).

Played on the synthetic duel reading `resources/synthetic/rules.toml` from a tmp folder, with
a mod `weak` (one unit of 4 HP a seat) that changes every outcome.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import run
from game.engine.record import (
    RecordError,
    build_match,
    match_record,
    new_record,
    replay,
    validate_record,
)
from game.engine.resources import (
    ResourceFile,
    clear_resource_cache,
    mod_folders,
    set_extra_mod_dirs,
)
from game.engine.synthetic import DuelRules, register_synthetic

REPO = Path(__file__).resolve().parent.parent
WEAK = b"hp = 4\nunits_per_seat = 1\n"
WEAK_HASH = hashlib.sha256(b"rules.toml\0%d\0" % len(WEAK) + WEAK).hexdigest()
ATTACK = [{"seat": 0, "type": "strike", "unit": "p0.u0", "target": "p1.u0"}]


@pytest.fixture
def duel(registry, tmp_path, monkeypatch):
    """The synthetic duel with a rules.toml (so a mod can change it) and the mod `weak` in a
    folder given with `--mods` (returned)."""
    from game import paths

    root = tmp_path / "resources"
    (root / "synthetic").mkdir(parents=True)
    (root / "synthetic" / "rules.toml").write_text("hp = 10\n", encoding="utf-8")
    monkeypatch.setattr(paths, "resources_dir", lambda: root)
    register_synthetic((ResourceFile("rules.toml", DuelRules),))
    mods = tmp_path / "extra_mods"
    (mods / "weak" / "synthetic").mkdir(parents=True)
    (mods / "weak" / "synthetic" / "rules.toml").write_bytes(WEAK)
    return mods


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = run(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(path: Path, record: dict) -> str:
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def modded_record(mods: Path, decisions=ATTACK) -> dict:
    set_extra_mod_dirs([mods])
    try:
        return new_record("synthetic", "1", 7, decisions=decisions)
    finally:
        set_extra_mod_dirs([])


# -- records name their mods -----------------------------------------------------------------
def test_a_new_record_names_each_installed_mod_with_the_hash_of_its_files(duel):
    assert "mods" not in new_record("synthetic", "1", 7)  # nothing installed: no key
    record = modded_record(duel)
    assert record["mods"] == [{"id": "weak", "hash": WEAK_HASH}]
    assert list(record) == ["format", "mode", "rules", "seed", "options", "setup", "mods",
                            "decisions"]
    assert validate_record(record) == record


def test_a_match_record_names_the_mods_its_match_was_built_with(duel):
    set_extra_mod_dirs([duel])
    modded = build_match(new_record("synthetic", "1", 7))
    base = build_match(new_record("synthetic", "1", 7, mods=[]))  # installed, but not used
    assert match_record(modded)["mods"] == [{"id": "weak", "hash": WEAK_HASH}]
    assert len(modded.state_json()["board"]["units"]) == 2
    assert "mods" not in match_record(base)
    assert len(base.state_json()["board"]["units"]) == 6


def test_a_modded_record_replays_with_its_mod(duel, tmp_path, capsys):
    path = write(tmp_path / "m.json", modded_record(duel))
    code, out, err = cli(capsys, "--mods", str(duel), "replay", path, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["board"]["units"] == [{"id": "p0.u0", "seat": 0, "hp": 4},
                                                 {"id": "p1.u0", "seat": 1, "hp": 3}]


def test_a_modded_record_without_its_mod_is_exit_1_naming_the_mod(duel, tmp_path, capsys):
    path = write(tmp_path / "m.json", modded_record(duel))
    assert cli(capsys, "replay", path, "--json") == (
        1, json.dumps({"error": "bad_record", "message":
                       f"{path}: record: mods: mod 'weak' is not installed"}) + "\n",
        f"tabula: {path}: record: mods: mod 'weak' is not installed\n")


def test_a_modded_record_whose_mod_changed_is_exit_1(duel, tmp_path, capsys):
    path = write(tmp_path / "m.json", modded_record(duel))
    (duel / "weak" / "synthetic" / "rules.toml").write_text("hp = 5\nunits_per_seat = 1\n")
    clear_resource_cache()
    code, out, err = cli(capsys, "--mods", str(duel), "replay", path)
    assert (code, out) == (1, "")
    assert err == f"tabula: {path}: record: mods: mod 'weak' has changed since the record was made\n"


def test_a_modded_record_whose_mod_broke_is_exit_1(duel, tmp_path, capsys):
    path = write(tmp_path / "m.json", modded_record(duel))
    (duel / "weak" / "synthetic" / "rules.toml").write_text("hp = 'x'\n")
    clear_resource_cache()
    code, _, err = cli(capsys, "--mods", str(duel), "replay", path)
    assert code == 1
    assert err.splitlines()[-1] == (
        f"tabula: {path}: record: mods: mod 'weak' has changed since the record was made: it no "
        "longer loads (tabula validate shows why)")


def test_a_record_without_mods_plays_the_base_even_where_mods_are_installed(duel):
    record = new_record("synthetic", "1", 7, decisions=ATTACK)
    set_extra_mod_dirs([duel])
    outcome = replay(validate_record(record))
    assert len(outcome.match.state_json()["board"]["units"]) == 6


@pytest.mark.parametrize(("mods", "message"), [
    ([{"id": "weak", "hash": "abc"}],
     "record: mods.0.hash: Value error, must be a sha256: 64 lowercase hex digits"),
    ([{"id": "weak", "hash": WEAK_HASH.upper()}],
     "record: mods.0.hash: Value error, must be a sha256: 64 lowercase hex digits"),
    ([{"id": "we\nak", "hash": WEAK_HASH}],
     "record: mods.0.id: Value error, a mod's folder name must be printable text of at most "
     "100 characters"),
    ([{"id": "weak", "hash": WEAK_HASH, "url": "x"}],
     "record: mods.0.url: Extra inputs are not permitted"),
    ([{"id": 3, "hash": WEAK_HASH}], "record: mods.0.id: Input should be a valid string"),
    ({"weak": WEAK_HASH}, "record: mods: Input should be a valid list"),
    ([{"id": "weak", "hash": WEAK_HASH}, {"id": "weak", "hash": WEAK_HASH}],
     "record: mods.1.id: mod 'weak' is named twice"),
    ([{"id": f"m{i}", "hash": WEAK_HASH} for i in range(101)],
     "record: mods: List should have at most 100 items after validation, not 101"),
])
def test_a_malformed_mods_field_is_a_record_error(duel, mods, message):
    with pytest.raises(RecordError) as info:
        validate_record({**new_record("synthetic", "1", 7), "mods": mods})
    assert str(info.value) == message


# -- spawned processes -------------------------------------------------------------------------
@pytest.mark.slow
def test_a_spawned_pool_reads_the_parents_mod_folders(duel, tabula_home):
    from game.engine.workers import spawn_pool

    set_extra_mod_dirs([duel])
    with spawn_pool(1) as pool:
        assert pool.submit(mod_folders).result(timeout=120) == [duel / "weak"]


@pytest.mark.slow
def test_the_cpu_worker_process_reads_the_parents_mod_folders(duel):
    from game.scenes.cpu_worker import WorkerCalls

    set_extra_mod_dirs([duel])
    calls = WorkerCalls("test")
    try:
        calls.submit(mod_folders)
        deadline = time.monotonic() + 120
        answer = None
        while answer is None and time.monotonic() < deadline:
            time.sleep(0.05)
            answer = calls.poll()
        assert answer == [duel / "weak"]
    finally:
        calls.shutdown()


def test_the_crawl_hint_makes_its_worker_with_spawn_pool(monkeypatch):
    from game.scenes.crawl import hint

    made: list[int] = []

    class Pool:
        def submit(self, fn, *args):
            return None

    monkeypatch.setattr(hint, "spawn_pool", lambda n: made.append(n) or Pool())
    hint.HintRunner().start("easy", {}, None, None)
    assert made == [1]


def _python_m_game(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """`python -m game` with the duel and its rules.toml registered by sitecustomize, which
    every spawned worker runs too."""
    site = tmp_path / "site"
    if not site.exists():
        site.mkdir()
        (tmp_path / "res" / "synthetic").mkdir(parents=True)
        (tmp_path / "res" / "synthetic" / "rules.toml").write_text("hp = 10\n")
        (site / "sitecustomize.py").write_text(
            "from pathlib import Path\n"
            "from game import paths\n"
            "from game.engine import modes\n"
            "from game.engine.resources import ResourceFile\n"
            "from game.engine.synthetic import DuelRules, register_synthetic\n"
            f"paths.resources_dir = lambda: Path({str(tmp_path / 'res')!r})\n"
            "modes._builtins_loaded = True  # only the synthetic mode\n"
            "register_synthetic((ResourceFile('rules.toml', DuelRules),))\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(REPO)])}
    return subprocess.run([sys.executable, "-m", "game", *argv], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_simulate_with_jobs_plays_the_mods_of_its_parent(duel, tmp_path):
    outs = {}
    for jobs in ("1", "2"):
        outs[jobs] = tmp_path / f"jobs{jobs}.jsonl"
        done = _python_m_game(tmp_path, "--mods", str(duel), "simulate", "synthetic",
                              "--games", "4", "--jobs", jobs, "--json", "--out", str(outs[jobs]))
        assert done.returncode == 0, done.stderr
    lines = outs["1"].read_text().splitlines()
    assert outs["2"].read_text().splitlines() == lines
    games = [json.loads(line) for line in lines]
    assert [g["record"]["mods"] for g in games] == [[{"id": "weak", "hash": WEAK_HASH}]] * 4
    base = tmp_path / "base.jsonl"
    assert _python_m_game(tmp_path, "simulate", "synthetic", "--games", "4", "--jobs", "2",
                          "--out", str(base)).returncode == 0
    base_games = [json.loads(line) for line in base.read_text().splitlines()]
    assert all("mods" not in g["record"] for g in base_games)
    assert [len(g["record"]["decisions"]) for g in games] != [
        len(g["record"]["decisions"]) for g in base_games]  # the mod changes every match


def test_with_more_mods_installed_than_a_record_names_simulate_out_still_replays(
        duel, tmp_path, capsys):
    """101 installed mods: the first 100 play (the most a record names), so the record that
    simulate writes replays (it used to exit 1, and a save made so was set aside)."""
    from game.engine.resources import MAX_MODS

    many = tmp_path / "many_mods"
    for n in range(MAX_MODS + 1):
        (many / f"m{n:03}" / "synthetic").mkdir(parents=True)
        (many / f"m{n:03}" / "synthetic" / "rules.toml").write_text(f"hp = {n % 9 + 2}\n")
    out = tmp_path / "out.jsonl"
    code, _, err = cli(capsys, "--mods", str(many), "simulate", "synthetic", "--games", "1",
                       "--out", str(out))
    assert code == 0
    assert f"mod 'm{MAX_MODS:03}' skipped" in err
    record = json.loads(out.read_text().splitlines()[0])["record"]
    assert [ref["id"] for ref in record["mods"]] == [f"m{n:03}" for n in range(MAX_MODS)]
    assert cli(capsys, "--mods", str(many), "replay", write(tmp_path / "r.json", record))[0] == 0


@pytest.mark.slow
def test_a_dask_cluster_plays_the_records_and_summary_of_one_process(duel, tmp_path):
    """`--cluster` with no address: a LocalCluster of two worker processes on loopback, each
    loading the parent's `--mods` folder from the batches it gets (docs/arena.md)."""
    pytest.importorskip("distributed")  # the test extra installs it: CI never skips this
    runs = {}
    for name, extra in (("one", ()), ("cluster", ("--cluster", "--jobs", "2")),
                        ("shard", ("--shard", "2/2", "--jobs", "2"))):
        out = tmp_path / f"{name}.jsonl"
        done = _python_m_game(tmp_path, "--mods", str(duel), "simulate", "synthetic",
                              "--ai", "random", "--vs", "first", "--games", "10", "--json",
                              "--out", str(out), *extra)
        assert done.returncode == 0, done.stderr
        runs[name] = (json.loads(done.stdout), out.read_text().splitlines())
    assert runs["cluster"] == runs["one"]
    games = [json.loads(line) for line in runs["one"][1]]
    assert [g["record"]["mods"] for g in games] == [[{"id": "weak", "hash": WEAK_HASH}]] * 10
    # Shard 2 of 2 (in spawned workers): the seeds 2 and 4, with the records of the whole run.
    assert runs["shard"][1] == [line for line, g in zip(runs["one"][1], games, strict=True)
                                if g["record"]["seed"] in (2, 4)]


# -- skipped mods are reported on stderr --------------------------------------------------------
@pytest.fixture
def broken_user_mod(duel, tabula_home):
    from game import paths

    folder = paths.mods_dir() / "broken" / "synthetic"
    folder.mkdir(parents=True)
    (folder / "rules.toml").write_bytes(b"hp = \xff\n")
    return folder


def test_every_command_prints_skipped_mods_once_on_stderr(duel, broken_user_mod, tmp_path,
                                                          capsys):
    expected = (f"tabula: {broken_user_mod.parent}: mod 'broken' skipped\n"
                f"tabula: {broken_user_mod / 'rules.toml'}: not UTF-8 text (invalid start byte "
                "at byte 5)\n")
    path = write(tmp_path / "r.json", new_record("synthetic", "1", 7, decisions=ATTACK))
    code, out, err = cli(capsys, "replay", path, "--json")
    assert (code, err) == (0, expected)
    assert json.loads(out)["turn"] == 1  # stdout stays one JSON document
    code, out, err = cli(capsys, "simulate", "synthetic", "--games", "6", "--json")
    assert (code, err) == (0, expected)  # once, not once per match
    assert json.loads(out)["games"] == 6


def test_validate_checks_the_base_and_every_installed_mod(duel, broken_user_mod, capsys):
    code, out, err = cli(capsys, "--mods", str(duel), "validate")
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        "ok  synthetic: 1 files",
        "ok  mod weak",
        f"{broken_user_mod / 'rules.toml'}: not UTF-8 text (invalid start byte at byte 5)"]
    broken_user_mod.joinpath("rules.toml").write_text("hp = 3\n")
    clear_resource_cache()
    assert cli(capsys, "--mods", str(duel), "validate") == (
        0, "ok  synthetic: 1 files\nok  mod broken\nok  mod weak\n", "")


def test_validate_reports_a_mod_skipped_for_its_name(duel, tabula_home, capsys):
    from game import paths

    user = paths.mods_dir() / "weak" / "synthetic"
    user.mkdir(parents=True)
    (user / "rules.toml").write_text("hp = 3\n")
    code, out, _ = cli(capsys, "--mods", str(duel), "validate")
    assert code == 1
    assert out.splitlines() == [
        "ok  synthetic: 1 files", "ok  mod weak",
        f"{duel / 'weak'}: another mod of this name comes first ({user.parent})"]


def test_a_mods_option_that_is_not_a_folder_is_a_usage_error(duel, tmp_path, capsys):
    assert cli(capsys, "--mods", str(tmp_path / "nowhere"), "validate") == (
        64, "", f"tabula: --mods {tmp_path / 'nowhere'}: not a folder\n")
