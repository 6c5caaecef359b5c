"""Honest arenas (issue 13 item 2): `simulate --sprt` stops once the answer is clear,
`--shard K/N` plays a slice of the seeds with the records of the whole run, and `tabula merge`
turns shard outputs into the summary of one run, refusing crafted lines with a clear message.

Played on the synthetic duel; an extra CPU level `idle` that only passes makes a lopsided
matchup whose stopping point is worked out by hand.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from game.cli import run
from game.engine.modes import register
from game.engine.synthetic import FirstLegal, synthetic_spec


class Idle(FirstLegal):
    def decide(self, view):
        return {"seat": self.seat, "type": "pass"}


@pytest.fixture
def duel(registry):
    """The synthetic duel with a third CPU level, `idle`, that never strikes."""
    def make_cpu(level, seat, stream, resources):
        return (Idle if level == "idle" else FirstLegal)(level, seat, stream)

    return register(dataclasses.replace(synthetic_spec(), cpu_levels=("first", "random", "idle"),
                                        make_cpu=make_cpu))


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = run(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


# -- --sprt ----------------------------------------------------------------------------------
def test_sprt_stops_a_lopsided_matchup_as_soon_as_it_is_clear(duel, tmp_path, capsys):
    out_file = tmp_path / "games.jsonl"
    code, out, _ = cli(capsys, "simulate", "synthetic", "--ai", "first", "--vs", "idle",
                       "--games", "200", "--sprt", "0.5,0.6", "--json", "--out", str(out_file))
    assert code == 0
    summary = json.loads(out)
    # Every game is a win: 17 ln 1.2 = 3.0995 is the first total past ln 19 = 2.9444.
    assert (summary["games"], summary["wins"], summary["score"]) == (17, 17, 1.0)
    assert summary["sprt"]["verdict"] == "H1"
    assert summary["sprt"]["llr"] == pytest.approx(3.0994664648)
    assert len(lines_of(out_file)) == 17  # the games counted, and no others


def test_sprt_accepts_h0_for_the_weaker_side(duel, capsys):
    code, out, _ = cli(capsys, "simulate", "synthetic", "--ai", "idle", "--vs", "first",
                       "--games", "200", "--sprt", "0.5,0.6", "--json")
    assert code == 0
    summary = json.loads(out)
    assert (summary["games"], summary["losses"], summary["sprt"]["verdict"]) == (14, 14, "H0")


def test_sprt_plays_on_while_an_even_matchup_is_unclear(duel, capsys):
    code, out, _ = cli(capsys, "simulate", "synthetic", "--ai", "random", "--vs", "first",
                       "--games", "20", "--sprt", "0.45,0.55", "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["games"] == 20  # the whole budget: |wins - losses| never reached 15
    assert summary["sprt"]["verdict"] is None
    assert summary["sprt"]["lower"] < summary["sprt"]["llr"] < summary["sprt"]["upper"]


@pytest.mark.parametrize(("args", "message"), [
    (["--sprt", "0.6,0.4"], "tabula: --sprt 0.6,0.4: need 0 < P0 < P1 < 1\n"),
    (["--sprt", "half"], "tabula: --sprt 'half': expected P0,P1, e.g. 0.5,0.55\n"),
    (["--shard", "4/3"], "tabula: --shard '4/3': K must be in 1..N\n"),
    (["--sprt", "0.5,0.6", "--shard", "1/2"],
     "tabula: --sprt stops a whole run, not one shard: play the shards without it and test "
     "their union with `tabula merge --sprt`\n"),
])
def test_bad_arena_arguments_exit_64(duel, capsys, args, message):
    assert cli(capsys, "simulate", "synthetic", *args) == (64, "", message)


def test_cluster_without_dask_says_how_to_install_it(duel, capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)  # an import of it fails
    assert cli(capsys, "simulate", "synthetic", "--games", "2", "--cluster") == (
        64, "", "tabula: --cluster needs Dask distributed: pip install 'tabula[cluster]'\n")


# -- --shard and merge -----------------------------------------------------------------------
def test_shards_give_the_records_and_merge_the_summary_of_one_run(duel, tmp_path, capsys):
    base = ["simulate", "synthetic", "--ai", "random", "--vs", "first", "--games", "9",
            "--seed", "4", "--json"]
    whole = tmp_path / "whole.jsonl"
    code, single, _ = cli(capsys, *base, "--out", str(whole))
    assert code == 0
    shards = []
    for k in (1, 2, 3):
        shards.append(tmp_path / f"shard{k}.jsonl")
        assert cli(capsys, *base, "--shard", f"{k}/3", "--out", str(shards[-1]))[0] == 0
    merged_lines = sum((lines_of(s) for s in shards), [])
    assert sorted(merged_lines, key=lambda line: json.loads(line)["arena"]["game"]) == (
        lines_of(whole))
    code, merged, err = cli(capsys, "merge", *map(str, reversed(shards)), "--json")
    assert (code, err) == (0, "")
    assert json.loads(merged) == json.loads(single)
    code, tested, _ = cli(capsys, "merge", str(whole), "--json", "--sprt", "0.45,0.55")
    assert json.loads(tested)["sprt"]["llr"] == pytest.approx(0.2006706954 * (
        json.loads(single)["wins"] - json.loads(single)["losses"]))
    code, table, _ = cli(capsys, "merge", *map(str, shards))
    assert code == 0 and "first_seat_share" in table


def test_a_run_resumed_from_a_later_seed_merges_into_the_summary_of_one_run(duel, tmp_path,
                                                                           capsys):
    """A mirror measured in two sittings (`--seed 1 --games 4`, then `--seed 5 --games 3`)
    merges into what one run over seeds 1..7 reports, though both number their games from 0."""
    base = ["simulate", "synthetic", "--ai", "random", "--vs", "random", "--json"]
    code, single, _ = cli(capsys, *base, "--games", "7", "--seed", "1",
                          "--out", str(tmp_path / "whole.jsonl"))
    assert code == 0
    first, rest = tmp_path / "first.jsonl", tmp_path / "rest.jsonl"
    assert cli(capsys, *base, "--games", "4", "--seed", "1", "--out", str(first))[0] == 0
    assert cli(capsys, *base, "--games", "3", "--seed", "5", "--out", str(rest))[0] == 0
    assert json.loads(lines_of(rest)[0])["arena"]["game"] == 0
    code, merged, err = cli(capsys, "merge", str(first), str(rest), "--json")
    assert (code, err) == (0, "")
    assert json.loads(merged) == json.loads(single)


def _game_line(capsys, tmp_path) -> dict:
    out_file = tmp_path / "one.jsonl"
    assert cli(capsys, "simulate", "synthetic", "--ai", "random", "--vs", "first",
               "--games", "2", "--out", str(out_file))[0] == 0
    return json.loads(lines_of(out_file)[0])


def _crafted(line: dict, change) -> str:
    line = json.loads(json.dumps(line))
    change(line)
    return json.dumps(line)


CRAFTED = [
    (lambda g: "{not json", "line 1: not a JSON line (Expecting property name enclosed in "
                            "double quotes: line 1 column 2 (char 1))"),
    (lambda g: "[1, 2]", "line 1: must be a JSON object"),
    (lambda g: _crafted(g, lambda x: x.pop("arena")),
     "line 1: arena: must be a JSON object (written by a tabula older than `merge`? play it "
     "again)"),
    (lambda g: _crafted(g, lambda x: x["record"].pop("seed")), "line 1: record: seed: Field "
                                                                "required"),
    (lambda g: _crafted(g, lambda x: x["arena"].update(turns=-1)),
     "line 1: arena.turns: must be a whole number in 0..1e+15"),
    (lambda g: _crafted(g, lambda x: x["arena"].update(game=10**400)),
     "line 1: arena.game: must be a whole number in 0..1e+15"),
    (lambda g: _crafted(g, lambda x: x["result"].update(winner=True)),
     "line 1: result.winner: must be a seat (0..1) or null"),
    (lambda g: _crafted(g, lambda x: x["result"].update(winner=5)),
     "line 1: result.winner: must be a seat (0..1) or null"),
    (lambda g: _crafted(g, lambda x: x["result"].pop("winner")), "line 1: result.winner: "
                                                                  "missing"),
    (lambda g: _crafted(g, lambda x: x["record"]["options"].update(ai={"0": "idle"})),
     "line 1: record: options.ai: not the levels of synthetic random vs first"),
    (lambda g: json.dumps(g) + "\n" + _crafted(g, lambda x: x["arena"].update(vs="idle")),
     "line 2: arena: random vs idle, but the first game is random vs first"),
    (lambda g: json.dumps(g) + "\n" + json.dumps(g), "line 2: record.seed: the game of seed 1 "
                                                     "with these seats is also in {path} line 1"),
    (lambda g: "", "no games in {path}"),
]


@pytest.mark.parametrize(("content", "message"), CRAFTED)
def test_merge_refuses_crafted_lines_with_a_clear_message(duel, tmp_path, capsys, content,
                                                          message):
    crafted = tmp_path / "crafted.jsonl"
    crafted.write_text(content(_game_line(capsys, tmp_path)) + "\n", encoding="utf-8")
    expected = message.format(path=crafted)
    if not expected.startswith("no games"):
        expected = f"{crafted} {expected}"
    assert cli(capsys, "merge", str(crafted)) == (1, "", f"tabula: {expected}\n")


def test_merge_names_a_missing_or_unreadable_file(duel, tmp_path, capsys):
    missing = tmp_path / "nope.jsonl"
    assert cli(capsys, "merge", str(missing)) == (
        1, "", f"tabula: {missing}: cannot read: No such file or directory\n")
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\xff\xfe\n")
    assert cli(capsys, "merge", str(binary)) == (1, "", f"tabula: {binary} line 1: not UTF-8 "
                                                        "text\n")
    code, out, _ = cli(capsys, "merge", str(missing), "--json")
    assert (code, json.loads(out)["error"]) == (1, "bad_record")
    fifo = tmp_path / "fifo.jsonl"  # its open used to block for ever
    os.mkfifo(fifo)
    assert cli(capsys, "merge", str(fifo)) == (
        1, "", f"tabula: {fifo}: cannot read: not a regular file (a FIFO)\n")


def test_a_one_seat_arena_merges_and_checks_its_own_figures(tmp_path, capsys):
    out_file = tmp_path / "crawl.jsonl"
    code, single, _ = cli(capsys, "simulate", "crawl", "--ai", "easy", "--games", "2", "--json",
                          "--out", str(out_file))
    assert code == 0
    code, merged, _ = cli(capsys, "merge", str(out_file), "--json")
    assert (code, json.loads(merged)) == (0, json.loads(single))
    assert {"win_rate", "mean_score"} <= json.loads(single).keys()
    game = json.loads(lines_of(out_file)[0])
    for change, message in ((lambda r: r.update(score="5"),
                             "result: not a crawl result: score must be a number of at most "
                             "1e+15"),
                            (lambda r: r.pop("score"), "result.score: missing"),
                            (lambda r: r.update(won=1), "result.won: must be true or false")):
        crafted = tmp_path / "crafted.jsonl"
        crafted.write_text(_crafted(game, lambda g, change=change: change(g["result"])) + "\n")
        assert cli(capsys, "merge", str(crafted)) == (
            1, "", f"tabula: {crafted} line 1: {message}\n")
