"""The crawl solver (game.ai.crawl.solver, docs/crawl.md "Solver and par") and `tabula solve`.

The tiny setups have best scores worked out by hand; the deal tests use small node budgets so
the whole file stays fast.
"""

from __future__ import annotations

import json

import pytest

from game.ai.crawl.solver import solve_match, solve_record, solve_seed
from game.cli import run
from game.engine.autoplay import play_cpu_match
from game.engine.modes import get_mode
from game.engine.record import load_record, new_record, replay, validate_record
from tests.crawl.helpers import card, setup_match


def _setup_record(board: dict, forced: list | None = None) -> dict:
    setup: dict = {"board": board}
    if forced is not None:
        setup["forced"] = {"dungeon": forced}
    return validate_record(new_record("crawl", "1", 1, {"variant": "normal"}, setup))


SPELL_OR_SELL = {"board": [card("sp4", "spell", 4), card("e4a", "enemy", 4), None, None],
                 "hero": {"hp": 3}, "deck": []}


def test_gold_then_the_hit_is_55_proven():
    """Collect the 5 gold, take the 2 on the hero: 5 + the 50 win bonus; nothing gives more."""
    match = setup_match({"board": [card("g5", "gold", 5), card("e2a", "enemy", 2), None, None],
                         "deck": []})
    solution = solve_match(match)
    assert (solution.winnable, solution.best_score, solution.exhaustive) == (True, 55, True)
    assert solution.timed_out is False
    assert match.turn == 0 and match.decisions == []  # the match is back at its start


def test_a_losing_setup_is_proven_unwinnable():
    """HP 5 against a 10: the hit kills, a rebuy (5 HP) kills, the random attack takes at most
    3 off the enemy. Every line dies with 0 gold."""
    match = setup_match({"board": [card("e10a", "enemy", 10), None, None, None],
                         "hero": {"hp": 5}, "deck": []})
    solution = solve_match(match)
    assert (solution.winnable, solution.best_score, solution.exhaustive) == (False, 0, True)
    assert solution.as_json()["winnable"] is False


def test_the_solver_knows_the_random_attack_draw():
    """HP 3, a 4-spell and a 4-enemy. The normal CPU kills with the spell (50). Knowing that
    the random attack rolls 3, the solver sells the spell (4 gold), attacks (the enemy drops to
    1) and takes the hit: 54, the most there is. With a roll of 1 the sale is fatal: 50."""
    solution, line = solve_record(_setup_record(SPELL_OR_SELL, forced=[3]))
    assert (solution.best_score, solution.winnable, solution.exhaustive) == (54, True, True)
    outcome = replay(line)
    assert outcome.ok and outcome.match.result == {"won": True, "score": 54, "reason": "cleared"}
    unlucky, _ = solve_record(_setup_record(SPELL_OR_SELL, forced=[1]))
    assert (unlucky.best_score, unlucky.exhaustive) == (50, True)


def test_a_deal_line_replays_to_its_score_and_beats_or_equals_normal():
    """On a real deal the first line played is the normal CPU's own run, so the par is never
    below normal's score; the line found replays to the score reported."""
    solution, line = solve_seed(2, max_nodes=400)
    assert solution.timed_out is True and solution.exhaustive is False
    # the budget is checked before each move tried, and a roll-out always runs to its end
    assert 400 <= solution.nodes < 400 + len(solution.decisions)
    outcome = replay(line)
    assert outcome.ok and outcome.match.result["score"] == solution.best_score == solution.par
    spec = get_mode("crawl")
    assert spec is not None
    normal = play_cpu_match(spec, 2, {0: "normal"}).result
    assert solution.best_score >= normal["score"]
    again, _ = solve_seed(2, max_nodes=400)  # a node budget gives the same answer every time
    assert again.as_json() | {"ms": 0} == solution.as_json() | {"ms": 0}


def test_cli_solve_prints_json_and_saves_a_replayable_line(tmp_path, capsys):
    out = tmp_path / "line.json"
    assert run(["solve", "crawl", "--seed", "3", "--max-nodes", "300", "--json",
                "--out", str(out)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert set(answer) == {"seed", "winnable", "best_score", "par", "nodes", "ms", "timed_out",
                           "exhaustive", "decisions"}
    assert answer["seed"] == 3 and answer["timed_out"] is True and answer["winnable"] in (
        True, None)
    record = load_record(out)
    assert record["decisions"] == answer["decisions"]
    assert run(["replay", str(out), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["result"]["score"] == answer["best_score"]


def test_cli_solve_readable_line(capsys):
    assert run(["solve", "crawl", "--seed", "3", "--max-nodes", "100"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("seed 3: ") and "timed out" in text and "par " in text


def test_cli_solve_other_modes_and_bad_budgets_are_usage_errors(capsys):
    assert run(["solve", "strike", "--seed", "1"]) == 64
    assert "only crawl has a solver" in capsys.readouterr().err
    assert run(["solve", "nosuch"]) == 64
    assert run(["solve", "crawl", "--max-nodes", "0"]) == 64
    assert "--max-nodes" in capsys.readouterr().err


def test_par_table_figures():
    """scripts/crawl_par.py: the winnable share, per-level win rate on winnable seeds, score
    over par, scores above par and wins the solver missed, on three made-up seeds."""
    from scripts.crawl_par import parse_seeds, table

    assert parse_seeds("1..3") == range(1, 4)
    solved = {1: {"winnable": True, "par": 100, "exhaustive": False},
              2: {"winnable": None, "par": 40, "exhaustive": False},
              3: {"winnable": True, "par": 60, "exhaustive": True}}
    sims = {"normal": {1: {"won": True, "score": 80}, 2: {"won": True, "score": 60},
                       3: {"won": False, "score": 20}}}
    text = table(solved, sims)
    assert "winnable 66.7%" in text and "proven exhaustively: 1" in text
    assert "Won by the solver or by a CPU: 100.0%" in text
    row = text.splitlines()[-1]
    assert row.startswith("| normal | 3 | 66.7% | 50.0% [")
    assert row.endswith("| 53.3 | 0.800 | 0.625 | 1 | 1 |")


@pytest.mark.slow
def test_the_par_of_the_first_seeds():
    """The par (PAR_NODES) of seeds 1-3, as docs/crawl.md's table was measured with: a node
    budget, so the same on every machine. The search before issue 24 (an LDS from the normal
    CPU's line, 3000 nodes) found 128, 122 and 111 here; the nested roll-out and the walks
    back find more where it matters (seed 3) in less time."""
    from game.ai.crawl.worker import PAR_NODES

    pars = [solve_seed(seed, budget_ms=600_000.0, max_nodes=PAR_NODES)[0].par
            for seed in (1, 2, 3)]
    assert pars == [125, 123, 130]
