"""A player can choose the rules a new match plays (issue 27, "The rules a player was
promised"): `--rules VERSION` for `play`, `simulate` and `host`, each mode's versions and CPU
level aliases in `tabula --help`, and an unknown level or version is exit 64 naming them."""

from __future__ import annotations

import json

import pytest

import game.cli
from game.cli import run
from game.engine.modes import get_mode, mode_cards
from game.net.commands import make_host


@pytest.fixture
def launches(monkeypatch):
    """The launches `tabula play` would open the window with."""
    opened = []
    monkeypatch.setattr(game.cli, "run_window",
                        lambda launch=None, replay_file=None, first=None: opened.append(
                            launch) or 0)
    return opened


def test_help_lists_every_mode_s_rules_versions_what_differs_and_level_aliases(capsys):
    assert run(["--help"]) == 0
    text = capsys.readouterr().out
    rules = text[text.index("rules versions"):]
    for card in mode_cards():
        assert f"  {card.id:<10} {card.rules_version} (current)" in rules
        for version in card.older_rules:
            assert f"{version}: {card.rules_changes[version]}" in rules
    kingdom = next(x for x in text.splitlines() if x.strip().startswith("kingdom "))
    assert kingdom.endswith("easy, hard*, expert; normal = hard")


def test_play_rules_reaches_the_launch_and_a_bad_version_is_exit_64(launches, capsys):
    assert run(["play", "strike", "--rules", "1"]) == 0
    assert run(["play", "kingdom"]) == 0
    assert [(launch.mode, launch.rules) for launch in launches] == [("strike", "1"),
                                                                    ("kingdom", None)]
    capsys.readouterr()
    assert run(["play", "strike", "--rules", "9"]) == 64
    assert capsys.readouterr().err == (
        "tabula: --rules 9: strike has rules 2, 1 (current: 2)\n")
    assert run(["play", "--rules", "1"]) == 64
    assert "needs a MODE" in capsys.readouterr().err


def test_play_rules_is_for_a_new_match_not_a_loaded_one(launches, tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": 1, "mode": "strike", "rules": "2", "seed": 4,
                                "options": {}, "setup": None, "decisions": []}))
    assert run(["play", "strike", "--load", str(path), "--rules", "1"]) == 64
    assert "plays its own rules (2)" in capsys.readouterr().err
    assert launches == []


@pytest.mark.parametrize(("mode", "rules"), [("strike", "1"), ("kingdom", "1"),
                                              ("conquest", "1"), ("strike", None)])
@pytest.mark.slow
def test_simulate_plays_the_chosen_rules(mode, rules, tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    spec = get_mode(mode)
    argv = ["simulate", mode, "--games", "2", "--ai", "easy", "--vs", "easy", "--json",
            "--out", str(out)]
    assert run(argv + (["--rules", rules] if rules else [])) == 0
    summary = json.loads(capsys.readouterr().out)
    played = rules or spec.rules_version
    assert summary["rules"] == played
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [g["record"]["rules"] for g in games] == [played] * 2


@pytest.mark.slow
def test_merge_refuses_games_of_other_rules(tmp_path, capsys):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    base = ["simulate", "strike", "--games", "1", "--ai", "easy", "--vs", "easy", "--json"]
    assert run([*base, "--out", str(one), "--rules", "1"]) == 0
    assert run([*base, "--out", str(two), "--seed", "2"]) == 0
    capsys.readouterr()
    assert run(["merge", str(one), str(two)]) == 1
    assert "record: rules '2', but the first game plays '1'" in capsys.readouterr().err


def test_host_plays_the_chosen_rules_and_refuses_an_unknown_version(tmp_path, capsys,
                                                                   monkeypatch):
    host = make_host("kingdom", 3, False, True, "1")
    assert host.match.rules.rules_version == "1" and host.record["rules"] == "1"
    host = make_host("kingdom", 3, False, True)
    assert host.match.rules.rules_version == get_mode("kingdom").rules_version
    assert run(["host", "kingdom", "--headless", "--rules", "7"]) == 64
    assert "--rules 7: kingdom has rules 2, 1" in capsys.readouterr().err
    assert run(["host", "kingdom", "--rules", "7"]) == 64  # the window's host too
    opened = []
    monkeypatch.setattr(game.cli, "run_window", lambda *a, first=None, **k: opened.append(
        first) or 0)
    calls = []
    monkeypatch.setattr("game.net.commands._window_view",
                        lambda name, app, *args, **kwargs: calls.append(kwargs))
    assert run(["host", "kingdom", "--rules", "1"]) == 0
    opened[0]("app")
    assert calls[0]["rules"] == "1"


@pytest.mark.parametrize("argv", [
    ["simulate", "kingdom", "--games", "1", "--ai", "medium"],
    ["simulate", "kingdom", "--games", "1", "--vs", "medium"],
    ["play", "kingdom", "--vs", "medium"],
    ["play", "kingdom", "--watch", "medium"],
])
def test_an_unknown_level_is_exit_64_naming_the_levels_and_aliases(argv, launches, capsys):
    assert run(argv) == 64
    assert capsys.readouterr().err == (
        "tabula: unknown CPU level 'medium' for kingdom (easy, hard, expert (normal = hard))\n")
    assert launches == []


def test_an_alias_is_said_never_silent(launches, capsys):
    assert run(["simulate", "kingdom", "--games", "1", "--ai", "normal", "--vs", "easy",
                "--json"]) == 0
    out, err = capsys.readouterr()
    assert "tabula: --ai normal: kingdom plays 'normal' as its 'hard' level\n" in err
    assert json.loads(out)["ai"] == "hard"
    assert run(["play", "kingdom", "--vs", "normal"]) == 0
    assert launches[0].cpu == {1: "hard"}
    assert "--vs normal: kingdom plays 'normal' as its 'hard' level" in capsys.readouterr().err
