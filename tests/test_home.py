"""Only playing touches the player's folder: bench, shot and simulate run in a temporary home
(the player's mods stay readable), and replay needs no writable home at all."""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from pathlib import Path

import pytest

from game import paths
from game.cli import run

REPO = Path(__file__).resolve().parent.parent
STRIKE_RECORD = REPO / "tests" / "golden" / "strike" / "normal_vs_normal_seed1.json"


def snapshot(root: Path) -> dict[str, bytes | None]:
    """Every path under `root` with its bytes (None for a folder)."""
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None)
            for p in sorted(root.rglob("*"))}


@pytest.fixture
def player_home(tabula_home):
    """A player's home with saves of every mode, settings, high scores and a mod."""
    saves = tabula_home / "data" / "saves"
    saves.mkdir(parents=True)
    for mode in ("strike", "kingdom", "crawl", "conquest"):
        (saves / f"{mode}.json").write_text(f'{{"mine": "{mode}"}}\n')
    (tabula_home / "config").mkdir()
    (tabula_home / "config" / "settings.json").write_text('{"volume": 0.3}\n')
    (tabula_home / "data" / "crawl_scores.json").write_text('{"format": 1, "entries": []}\n')
    (tabula_home / "data" / "mods" / "empty_mod").mkdir(parents=True)
    return tabula_home


def test_temporary_home_moves_user_files_but_keeps_the_mods(player_home):
    real_mods = paths.mods_dir()
    with paths.temporary_home() as temp:
        assert os.environ["TABULA_HOME"] == str(temp) and temp != player_home
        assert paths.saves_dir() == temp / "data" / "saves"
        assert paths.user_config_dir() == temp / "config"
        assert paths.mods_dir() == real_mods  # spawned processes inherit both variables
        with paths.temporary_home():
            assert paths.mods_dir() == real_mods
    assert os.environ["TABULA_HOME"] == str(player_home)
    assert "TABULA_MODS_DIR" not in os.environ
    assert not temp.exists()


@pytest.mark.usefixtures("window")
@pytest.mark.slow
def test_bench_leaves_the_players_saves_alone(player_home, monkeypatch):
    """The strike bench plays live sessions that autosave and delete the save when a match
    ends, and the kingdom end screen of a live session deleted the save: both run here."""
    from game import bench_steps
    from game.scenes import cpu_bench, replay_bench, screen_bench, transition_bench
    from game.scenes.kingdom import bench as kingdom_bench
    from game.scenes.strike import bench as strike_bench

    monkeypatch.setattr(strike_bench.bench_rows, "__defaults__", (3,))
    monkeypatch.setattr(kingdom_bench.bench_rows, "__defaults__", (3,))
    # The screen, replay, transition and first-CPU benches run in interpreters of their own,
    # which enter a temporary home of their own too; what the parent owes them is a home that
    # is not the player's in the environment they inherit (running them was 80 % of this test).
    started = []

    def child_bench(mode, *args):
        started.append((mode, os.environ["TABULA_HOME"]))
        return []

    for module, name in ((screen_bench, "screen_rows"), (replay_bench, "replay_rows"),
                         (transition_bench, "transition_rows"), (cpu_bench, "cpu_first_rows")):
        monkeypatch.setattr(module, name, child_bench)
    monkeypatch.setattr(bench_steps, "STEP_BENCHES", {  # one game per level and mode
        mode: dataclasses.replace(b, games=dict.fromkeys(b.games, 1))
        for mode, b in bench_steps.STEP_BENCHES.items()})
    before = snapshot(player_home)
    assert run(["bench", "--json", "--modes-only", "--mode", "strike", "--mode", "kingdom"]) == 0
    assert snapshot(player_home) == before
    assert sorted(mode for mode, _ in started) == ["kingdom"] * 4 + ["strike"] * 4
    assert all(Path(home) != player_home for _, home in started)


@pytest.mark.slow
def test_shot_and_simulate_leave_the_home_alone(player_home, window, tmp_path, capsys):
    for save in (player_home / "data" / "saves").iterdir():  # a player who never saved
        save.unlink()
    (player_home / "data" / "saves").rmdir()
    before = snapshot(player_home)
    assert run(["shot", "--screen", "menu", "--out", str(tmp_path / "menu.png")]) == 0
    assert run(["shot", str(STRIKE_RECORD), "--out", str(tmp_path / "strike.png")]) == 0
    assert run(["simulate", "kingdom", "--games", "2", "--json"]) == 0
    assert snapshot(player_home) == before
    assert (tmp_path / "menu.png").stat().st_size > 0


def test_replay_needs_no_home_when_it_is_a_file(tmp_path, monkeypatch, capsys):
    home = tmp_path / "home_is_a_file"
    home.write_text("not a folder")
    monkeypatch.setenv("TABULA_HOME", str(home))
    assert run(["replay", str(STRIKE_RECORD), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["mode"] == "strike"
    assert home.read_text() == "not a folder"


def test_replay_creates_nothing_in_a_read_only_home(tmp_path, monkeypatch, capsys):
    home = tmp_path / "ro_home"
    home.mkdir()
    home.chmod(stat.S_IRUSR | stat.S_IXUSR)
    monkeypatch.setenv("TABULA_HOME", str(home))
    try:
        assert run(["replay", str(STRIKE_RECORD), "--json"]) == 0
        assert list(home.iterdir()) == []
    finally:
        home.chmod(stat.S_IRWXU)


def test_home_problem_names_an_unwritable_home(tmp_path, monkeypatch):
    home = tmp_path / "file_home"
    home.write_text("x")
    monkeypatch.setenv("TABULA_HOME", str(home))
    problem = paths.home_problem()
    assert problem is not None and str(home / "data") in problem


def test_move_aside_never_overwrites_an_older_copy(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "a.json"
    first.write_text("one")
    assert paths.move_aside(first).name == "a.json.bak"
    second.write_text("two")
    assert paths.move_aside(second).name == "a.json.bak2"
    assert (tmp_path / "a.json.bak").read_text() == "one"
    assert (tmp_path / "a.json.bak2").read_text() == "two"
