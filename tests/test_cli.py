"""The `tabula` command line, run in-process on the synthetic duel (and once as `python -m game`).

Exit codes (DESIGN.md "Command line"): 0 ok, 1 malformed record or resources, 2 a rejected
decision in a replayed record, 64 a usage error. No failure prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import build_parser, run
from game.engine import modes
from game.engine.record import new_record, replay, validate_record
from game.engine.resources import ResourceFile
from game.engine.synthetic import DuelRules, register_synthetic

REPO = Path(__file__).resolve().parent.parent

PLAY = [
    {"seat": 0, "type": "strike", "unit": "p0.u0", "target": "p1.u0"},
    {"seat": 1, "type": "strike", "unit": "p1.u2", "target": "p0.u1"},
    {"seat": 0, "type": "pass"},
    {"seat": 1, "type": "strike", "unit": "p1.u0", "target": "p0.u0"},
]
# Seed 7's "fight" stream rolls 1, 3, 3: the state after PLAY.
FINAL = {
    "mode": "synthetic", "rules": "1", "seed": 7, "phase": "fight", "turn": 4, "to_act": [0],
    "result": None, "seats": [{"kind": "human"}, {"kind": "human"}],
    "board": {"units": [
        {"id": "p0.u0", "seat": 0, "hp": 7}, {"id": "p0.u1", "seat": 0, "hp": 7},
        {"id": "p0.u2", "seat": 0, "hp": 10}, {"id": "p1.u0", "seat": 1, "hp": 9},
        {"id": "p1.u1", "seat": 1, "hp": 10}, {"id": "p1.u2", "seat": 1, "hp": 10},
    ]},
}




@pytest.fixture
def write_record(tmp_path):
    def write(decisions=PLAY, name="match.json", **fields) -> str:
        data = new_record("synthetic", "1", 7, decisions=decisions)
        data.update(fields)
        path = tmp_path / name
        path.write_text(json.dumps(data), encoding="utf-8")
        return str(path)

    return write


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = run(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- replay --------------------------------------------------------------------------------------
def test_replay_prints_the_final_state(synthetic, write_record, capsys):
    code, out, err = cli(capsys, "replay", write_record())
    assert (code, err) == (0, "")
    assert json.loads(out) == FINAL
    assert out.startswith('{\n "mode": "synthetic",\n')  # indented for people


def test_replay_json_is_compact_one_line(synthetic, write_record, capsys):
    code, out, _ = cli(capsys, "replay", write_record(), "--json")
    assert code == 0
    assert out.endswith("\n") and out.count("\n") == 1
    assert json.loads(out) == FINAL
    assert out == json.dumps(FINAL, ensure_ascii=False) + "\n"


def test_replay_seat_masks_the_seed(synthetic, write_record, capsys):
    for seat in ("0", "1"):
        code, out, _ = cli(capsys, "replay", write_record(), "--json", "--seat", seat)
        assert code == 0
        assert json.loads(out) == {**FINAL, "seed": "hidden"}


def test_replay_seat_out_of_range_is_a_usage_error(synthetic, write_record, capsys):
    code, out, err = cli(capsys, "replay", write_record(), "--seat", "2")
    assert (code, out) == (64, "")
    assert err == "tabula: --seat 2: synthetic has seats 0..1\n"


def test_replay_legal_lists_the_decisions_of_the_seats_to_act(synthetic, write_record, capsys):
    code, out, _ = cli(capsys, "replay", write_record(), "--legal")
    assert code == 0
    legal = json.loads(out)
    assert len(legal) == 10
    assert legal[0] == {"seat": 0, "type": "strike", "unit": "p0.u0", "target": "p1.u0"}
    assert legal[-1] == {"seat": 0, "type": "pass"}
    assert {d["seat"] for d in legal} == {0}
    code, out, _ = cli(capsys, "replay", write_record(), "--legal", "--json", "--seat", "1")
    assert (code, out) == (0, "[]\n")


def test_replay_trace_lists_the_events_of_each_decision(synthetic, write_record, capsys):
    code, out, _ = cli(capsys, "replay", write_record(), "--trace", "--json")
    assert code == 0
    trace = json.loads(out)
    assert [step["index"] for step in trace] == [0, 1, 2, 3]
    assert [step["decision"] for step in trace] == PLAY
    assert trace[0]["events"] == [{"type": "damage_dealt", "source": "p0.u0", "target": "p1.u0",
                                   "amount": 1, "hp": 9}]
    assert [[e["amount"] for e in step["events"]] for step in trace] == [[1], [3], [], [3]]

    code, out, _ = cli(capsys, "replay", write_record(), "--trace")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "#0 " + json.dumps(PLAY[0])
    assert lines[1] == ('    {"type": "damage_dealt", "source": "p0.u0", "target": "p1.u0", '
                        '"amount": 1, "hp": 9}')
    assert [line for line in lines if line.startswith("#")] == [
        f"#{i} {json.dumps(d)}" for i, d in enumerate(PLAY)]


def test_a_rejected_decision_exits_2_with_its_index(synthetic, write_record, capsys):
    decisions = [PLAY[0], {"seat": 0, "type": "pass"}, PLAY[1]]
    code, out, err = cli(capsys, "replay", write_record(decisions), "--json")
    assert code == 2
    assert out.count("\n") == 1
    assert json.loads(out) == {"index": 1, "error": "not_your_turn",
                               "message": "It is not your turn."}
    assert list(json.loads(out)) == ["index", "error", "message"]

    code, out, _ = cli(capsys, "replay", write_record([{"seat": 0, "type": "jump"}]))
    assert code == 2
    assert out == "decision 0 rejected: unknown_decision: Unknown decision.\n"


def test_a_rejection_wins_over_legal_and_trace(synthetic, write_record, capsys):
    path = write_record([{"seat": 1, "type": "pass"}])
    for flag in ("--legal", "--trace"):
        code, out, _ = cli(capsys, "replay", path, flag, "--json")
        assert code == 2
        assert json.loads(out) == {"index": 0, "error": "not_your_turn",
                                   "message": "It is not your turn."}


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "not valid JSON (line 1: Expecting property name enclosed in double quotes)"),
    (b"\xff\xfe\x00", "not valid JSON (not UTF-8 text"),
    ('["a list"]', "record: must be a JSON object"),
    (json.dumps({**new_record("nope", "1", 7)}), "record: mode: unknown mode 'nope' (known: "
                                                  "synthetic)"),
    (json.dumps({k: v for k, v in new_record("synthetic", "1", 7).items() if k != "seed"}),
     "record: seed: Field required"),
    (json.dumps(new_record("synthetic", "1", 7, {"ai": {"1": "godlike"}})),
     "record: options.ai.1: unknown CPU level 'godlike' (first, random)"),
    (json.dumps(new_record("synthetic", "1", 7, setup={"units": [{"id": "a", "seat": 0}]})),
     "record: setup: units.0.hp: Field required"),
    (json.dumps(new_record("synthetic", "1", 7, setup={"units": [], "forced": {"dice": [2]}})),
     "record: setup: setup.forced.dice: this stream cannot be forced (fight)"),
    (json.dumps(new_record("synthetic", "1", 7, setup={
        "units": [{"id": "a", "seat": 0, "hp": 2}, {"id": "b", "seat": 1, "hp": 2}],
        "forced": {"fight": [9]}}, decisions=[
        {"seat": 0, "type": "strike", "unit": "a", "target": "b"}])),
     "record: setup: bad_forced: forced.fight[0]: expected an integer in 1..6, got 9"),
])
def test_a_malformed_record_exits_1_with_a_message(synthetic, tmp_path, capsys, content,
                                                   message):
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    code, out, err = cli(capsys, "replay", str(path))
    assert (code, out) == (1, "")
    # every problem names the file, setup and forced-value problems included
    assert err.startswith(f"tabula: {path}: {message}")
    assert "Traceback" not in err and err.count("\n") == 1

    code, out, err = cli(capsys, "replay", str(path), "--json")
    assert code == 1
    reported = json.loads(out)
    assert list(reported) == ["error", "message"]
    assert reported["error"] == ("bad_forced" if "bad_forced" in message else "bad_record")
    assert reported["message"] == err.removeprefix("tabula: ").rstrip("\n")


def test_a_missing_record_file_exits_1(synthetic, tmp_path, capsys):
    code, out, err = cli(capsys, "replay", str(tmp_path / "nope.json"))
    assert (code, out) == (1, "")
    assert err.startswith(f"tabula: {tmp_path / 'nope.json'}: cannot read: No such file")


@pytest.mark.parametrize("argv", [
    ["replay"],
    ["frobnicate"],
    ["replay", "x.json", "--seat", "one"],
    ["simulate", "synthetic", "--games", "many"],
    ["simulate"],
    ["--no-such-flag"],
])
def test_usage_errors_exit_64(synthetic, capsys, argv):
    code, out, err = cli(capsys, *argv)
    assert (code, out) == (64, "")
    assert err.startswith("tabula")
    assert "Traceback" not in err


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "chess"], "tabula: unknown mode 'chess' (known: synthetic)\n"),
    (["simulate", "synthetic", "--games", "0"], "tabula: --games must be at least 1\n"),
    (["simulate", "synthetic", "--ai", "godlike"],
     "tabula: unknown CPU level 'godlike' for synthetic (first, random)\n"),
    (["simulate", "synthetic", "--vs", "godlike"],
     "tabula: unknown CPU level 'godlike' for synthetic (first, random)\n"),
])
def test_simulate_argument_errors_exit_64(synthetic, capsys, argv, message):
    assert cli(capsys, *argv) == (64, "", message)


# -- validate --------------------------------------------------------------------------------------
@pytest.fixture
def synthetic_with_rules(registry, tmp_path, monkeypatch):
    """The synthetic duel reading resources/synthetic/rules.toml from a tmp resources folder."""
    from game import paths

    root = tmp_path / "resources"
    (root / "synthetic").mkdir(parents=True)
    (root / "synthetic" / "rules.toml").write_text("hp = 10\n", encoding="utf-8")
    monkeypatch.setattr(paths, "resources_dir", lambda: root)
    register_synthetic((ResourceFile("rules.toml", DuelRules),))
    return root


def test_validate_without_errors_exits_0(synthetic_with_rules, capsys):
    assert cli(capsys, "validate") == (0, "ok  synthetic: 1 files\n", "")


def test_validate_with_errors_exits_1_with_file_key_messages(synthetic_with_rules, capsys):
    (synthetic_with_rules / "synthetic" / "rules.toml").write_text(
        'hp = "ten"\nspeed = 2\n', encoding="utf-8")
    code, out, err = cli(capsys, "validate")
    assert code == 1
    assert out.splitlines() == ["synthetic/rules.toml:hp: Input should be a valid integer",
                                "synthetic/rules.toml:speed: Extra inputs are not permitted"]


def test_validate_a_mod_folder(synthetic_with_rules, tmp_path, capsys):
    good = tmp_path / "mods" / "tiny"
    (good / "synthetic").mkdir(parents=True)
    (good / "synthetic" / "rules.toml").write_text("hp = 3\n", encoding="utf-8")
    assert cli(capsys, "validate", str(good)) == (0, "ok  mod tiny\n", "")
    assert cli(capsys, "validate", str(tmp_path / "mods")) == (0, "ok  mod tiny\n", "")

    (good / "synthetic" / "rules.toml").write_text("hp = 3.5\n", encoding="utf-8")
    code, out, _ = cli(capsys, "validate", str(good))
    assert code == 1
    assert out == f"{good / 'synthetic' / 'rules.toml'}:hp: Input should be a valid integer\n"

    code, out, err = cli(capsys, "validate", str(tmp_path / "nowhere"))
    assert (code, out) == (1, "")
    assert err == f"tabula: {tmp_path / 'nowhere'}: not a folder\n"


def test_mods_option_plays_a_record_made_with_those_mods(synthetic_with_rules, tmp_path,
                                                         write_record, capsys):
    from game.engine.resources import set_extra_mod_dirs

    mods = tmp_path / "extra_mods"
    (mods / "weak" / "synthetic").mkdir(parents=True)
    (mods / "weak" / "synthetic" / "rules.toml").write_text(
        "hp = 4\nunits_per_seat = 1\n", encoding="utf-8")
    base = write_record([], name="base.json")
    set_extra_mod_dirs([mods])
    modded = new_record("synthetic", "1", 7)  # a new match names the installed mod
    set_extra_mod_dirs([])
    assert [ref["id"] for ref in modded["mods"]] == ["weak"]
    path = write_record([], mods=modded["mods"])
    code, out, _ = cli(capsys, "--mods", str(mods), "replay", path, "--json")
    assert code == 0
    assert json.loads(out)["board"] == {"units": [{"id": "p0.u0", "seat": 0, "hp": 4},
                                                  {"id": "p1.u0", "seat": 1, "hp": 4}]}
    code, out, _ = cli(capsys, "--mods", str(mods), "replay", base, "--json")
    assert (code, len(json.loads(out)["board"]["units"])) == (0, 6)  # no `mods`: the base


# -- simulate ---------------------------------------------------------------------------------------
def test_simulate_json_summary_and_jsonl_out(synthetic, tmp_path, capsys):
    out_file = tmp_path / "games.jsonl"
    code, out, _ = cli(capsys, "simulate", "synthetic", "--games", "4", "--json",
                       "--out", str(out_file))
    assert code == 0
    summary = json.loads(out)
    assert {"mode": "synthetic", "ai": "first", "vs": "first", "games": 4}.items() <= (
        summary.items())

    lines = out_file.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    games = [json.loads(line) for line in lines]
    assert [sorted(g) for g in games] == [["arena", "record", "result"]] * 4
    # A mirror plays distinct seeds: swapping two identical players would replay the same game.
    assert [g["record"]["seed"] for g in games] == [1, 2, 3, 4]
    assert len({json.dumps(g["record"]) for g in games}) == 4
    assert [g["arena"]["game"] for g in games] == [0, 1, 2, 3]
    for game in games:
        assert game["record"]["options"]["ai"] == {"0": "first", "1": "first"}
        outcome = replay(validate_record(game["record"]))
        assert outcome.ok
        assert outcome.match.result == game["result"]
        assert outcome.match.state_json()["result"] == game["result"]
        assert game["arena"]["turns"] == outcome.match.turn

    results = [g["result"] for g in games]
    seat0 = sum(r["winner"] == 0 for r in results)
    seat1 = sum(r["winner"] == 1 for r in results)
    # In a mirror the measured side is seat 0: its score is the first seat's score.
    assert (summary["wins"], summary["losses"], summary["draws"]) == (seat0, seat1,
                                                                      4 - seat0 - seat1)
    assert summary["score"] == (seat0 + summary["draws"] / 2) / 4
    assert summary["first_seat_share"] == seat0 / (seat0 + seat1)
    low, high = summary["first_seat_share_ci95"]
    assert 0.0 <= low <= summary["first_seat_share"] <= high <= 1.0
    turns = [replay(validate_record(g["record"])).match.turn for g in games]
    assert summary["mean_turns"] == sum(turns) / 4


def test_simulate_counts_the_measured_level_in_either_seat(synthetic, tmp_path, capsys):
    out_file = tmp_path / "games.jsonl"
    code, out, _ = cli(capsys, "simulate", "synthetic", "--games", "5", "--ai", "random",
                       "--vs", "first", "--seed", "5", "--json", "--out", str(out_file))
    assert code == 0
    summary = json.loads(out)
    games = [json.loads(line) for line in out_file.read_text(encoding="utf-8").splitlines()]
    # Each seed with both seatings; --games 5 is five games (the last seed with one seating).
    assert [g["record"]["seed"] for g in games] == [5, 5, 6, 6, 7]
    assert [g["record"]["options"]["ai"] for g in games] == [
        {"0": "random", "1": "first"}, {"0": "first", "1": "random"}] * 2 + [
        {"0": "random", "1": "first"}]
    wins = sum(1 for g in games
               if g["result"]["winner"] is not None
               and g["record"]["options"]["ai"][str(g["result"]["winner"])] == "random")
    assert (summary["ai"], summary["vs"], summary["games"], summary["wins"]) == (
        "random", "first", 5, wins)
    assert summary["score"] == wins / 5


def test_simulate_scores_a_draw_as_half(synthetic_with_rules, tmp_path, capsys):
    (tmp_path / "resources" / "synthetic" / "rules.toml").write_text("turn_cap = 16\n")
    out_file = tmp_path / "games.jsonl"
    code, out, _ = cli(capsys, "simulate", "synthetic", "--games", "12", "--ai", "random",
                       "--json", "--out", str(out_file))
    assert code == 0
    summary = json.loads(out)
    games = [json.loads(line) for line in out_file.read_text(encoding="utf-8").splitlines()]
    outcomes = []
    for g in games:
        winner = g["result"]["winner"]
        outcomes.append("d" if winner is None else
                        "w" if g["record"]["options"]["ai"][str(winner)] == "random" else "l")
    wins, losses, draws = (outcomes.count(x) for x in "wld")
    assert draws and wins  # the turn cap makes some draws: the case the old win_rate got wrong
    assert (summary["wins"], summary["losses"], summary["draws"]) == (wins, losses, draws)
    assert summary["score"] == (wins + draws / 2) / 12


def test_simulate_streams_each_game_to_out_as_it_ends(synthetic, tmp_path, capsys, monkeypatch):
    from game.engine import arena

    out_file = tmp_path / "games.jsonl"
    written_before: list[int] = []
    play = arena.play_game

    def watched(job):
        written_before.append(len(out_file.read_text().splitlines()))
        return play(job)

    monkeypatch.setattr(arena, "play_game", watched)
    code, _, _ = cli(capsys, "simulate", "synthetic", "--games", "4", "--out", str(out_file))
    assert code == 0
    assert written_before == [0, 1, 2, 3]  # games 0..2 were on disk before the next began


@pytest.mark.parametrize("fault", ["raises", "illegal"])
def test_a_cpu_that_errs_is_exit_1_naming_the_seed_seat_and_decision(synthetic, capsys,
                                                                      monkeypatch, fault):
    """Never a traceback: the game's seed and seats, the CPU's seat and decision."""
    from game.engine.synthetic import FirstLegal

    def broken(self, view):
        if fault == "raises":
            raise KeyError("no_such_status")
        return {"seat": self.seat, "type": "strike", "unit": "p0.u0", "target": "p0.u1"}

    monkeypatch.setattr(FirstLegal, "decide", broken)
    code, out, err = cli(capsys, "simulate", "synthetic", "--games", "2", "--seed", "41")
    assert code == 1 and out == ""
    assert "Traceback" not in err and "seed 41" in err and "seat 0" in err
    if fault == "raises":
        assert "failed at decision 0 (fight): KeyError: 'no_such_status'" in err
    else:
        assert "illegal decision" in err and "friendly_fire" in err


def test_simulate_prints_a_table_without_json(synthetic, capsys):
    code, out, _ = cli(capsys, "simulate", "synthetic", "--games", "2")
    assert code == 0
    assert "tabula simulate synthetic" in out
    assert "score" in out and "first_seat_share" in out and "mean_turns" in out


# -- bench ------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_bench_json_lists_named_rows(synthetic, capsys):
    code, out, _ = cli(capsys, "bench", "--json")
    assert code == 0
    rows = json.loads(out)
    assert all(sorted(row) == ["name", "unit", "value"] for row in rows)
    assert all(row["unit"] in ("ms", "us", "games/s") for row in rows)
    assert all(isinstance(row["value"], (int, float)) and row["value"] >= 0 for row in rows)
    names = [row["name"] for row in rows]
    expected = ["engine.submit_ms.median", "engine.submit_ms.p95",
                "engine.rollback_ms.entities_50.median", "engine.rollback_ms.entities_50.p95",
                "engine.command_us.damage"]
    assert names[:5] == expected
    assert rows[4]["unit"] == "us"
    # Then the shell's rows: the cold start to the menu and the menu's own transitions
    # (game/scenes/transition_bench.py); no mode registers bench rows here, so nothing else
    # may appear.
    shell = [f"shell.transition_ms.{name}.p95"
             for name in ("settings_open", "ui_scale", "settings_close", "help_close")]
    assert [n for n in names[5:] if not n.startswith("net.")] == [
        "engine.cold_start_ms.menu", *shell]
    assert modes.get_mode("synthetic") is not None  # bench leaves a registered mode registered


# -- the real entry point ----------------------------------------------------------------------------
@pytest.mark.slow
def test_python_m_game_replay_exit_codes(tmp_path):
    """`python -m game` in a fresh interpreter, the synthetic mode registered by sitecustomize."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        "from game.engine import modes\n"
        "from game.engine.synthetic import register_synthetic\n"
        "modes._builtins_loaded = True  # only the synthetic mode\n"
        "register_synthetic()\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(REPO)])}

    def python_m_game(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "game", *argv], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=60)

    good = tmp_path / "good.json"
    good.write_text(json.dumps(new_record("synthetic", "1", 7, decisions=PLAY)), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(new_record("synthetic", "1", 7, decisions=[PLAY[1]])),
                   encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")

    done = python_m_game("replay", str(good), "--json")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == FINAL
    done = python_m_game("replay", str(bad), "--json")
    assert done.returncode == 2
    assert json.loads(done.stdout) == {"index": 0, "error": "not_your_turn",
                                       "message": "It is not your turn."}
    done = python_m_game("replay", str(broken))
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith(f"tabula: {broken}: not valid JSON")
    assert "Traceback" not in done.stderr
    done = python_m_game("replay")
    assert done.returncode == 64
    assert "Traceback" not in done.stderr


def test_the_window_commands_tune_the_software_renderer_but_keep_a_players_setting(
        monkeypatch):
    """`_fast_gl_env` (play, shot, bench): pyglet's per-call GL error checks off, and Mesa's
    llvmpipe on at least four threads; a value already in the environment is kept."""
    from game import cli

    monkeypatch.delenv("PYGLET_DEBUG_GL", raising=False)
    monkeypatch.delenv("LP_NUM_THREADS", raising=False)
    monkeypatch.setattr(cli.os, "cpu_count", lambda: 2)
    cli._fast_gl_env()
    assert cli.os.environ["PYGLET_DEBUG_GL"] == "0"
    assert cli.os.environ["LP_NUM_THREADS"] == "4"
    monkeypatch.setenv("LP_NUM_THREADS", "2")
    monkeypatch.setattr(cli.os, "cpu_count", lambda: 16)
    cli._fast_gl_env()
    assert cli.os.environ["LP_NUM_THREADS"] == "2"
    monkeypatch.delenv("LP_NUM_THREADS")
    cli._fast_gl_env()
    assert cli.os.environ["LP_NUM_THREADS"] == "16"


def test_help_lists_every_mode_with_its_levels_and_every_option(capsys):
    """`tabula --help` names the modes and their CPU levels; every option of every command has
    a line of its own (issue 14: the command line)."""
    from game.engine.modes import all_modes

    assert run(["--help"]) == 0
    text = capsys.readouterr().out
    for spec in all_modes():
        line = next(x for x in text.splitlines() if x.strip().startswith(spec.id + " "))
        assert spec.title in line and all(level in line for level in spec.cpu_levels)
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in commands.choices.items():
        for action in sub._actions:
            assert action.help, f"tabula {name} {action.dest}: no help text"


def test_version_prints_the_installed_version(capsys):
    from importlib.metadata import version

    assert run(["--version"]) == 0
    assert capsys.readouterr().out == f"tabula {version('tabula')}\n"


def test_validate_names_each_untranslated_msgid_and_still_exits_0(synthetic_with_rules, capsys):
    """English is shown for a msgid a catalogue lacks (docs/i18n.md): validate names it with
    the file it belongs in, and the game is whole (exit 0); a broken .po fails, by line."""
    locale = synthetic_with_rules / "locale"
    folder = locale / "pt_BR" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (locale / "tabula.pot").write_text(
        '#: game/scenes/menu.py:3\nmsgid "Quit"\nmsgstr ""\n\n'
        '#: game/scenes/pause.py:5\nmsgid "Paused"\nmsgstr ""\n\n'
        '#: resources/crawl/deck.toml:4\nmsgid "Plague"\nmsgstr ""\n', encoding="utf-8")
    shell = folder / "shell.po"
    shell.write_text('msgid "Quit"\nmsgstr "Sair"\n', encoding="utf-8")
    code, out, err = cli(capsys, "validate")
    assert code == 0 and err == ""
    assert out.splitlines() == [  # crawl is not installed here: its texts are not asked for
        "ok  synthetic: 1 files",
        f"{shell}: msgid 'Paused' not translated to pt_BR (English is shown)"]

    shell.write_text('msgid "Quit"\nmsgstr "Sair\n', encoding="utf-8")
    code, out, _ = cli(capsys, "validate")
    assert code == 1
    assert f"{shell}:2: expected a quoted string, not '\"Sair' (English is shown for this " \
           "file)" in out.splitlines()
