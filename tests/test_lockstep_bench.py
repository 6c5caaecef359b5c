"""scripts/lockstep_bench.py: two source trees measured side by side, game by game, the first
worker alternating (ABBA), and the p95 of `tabula bench`'s distribution rows."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from scripts.lockstep_bench import in_turn, main, p95

REPO = Path(__file__).resolve().parents[1]


class FakeWorker:
    """Answers with its name and the seed, and logs every ask in the shared order."""

    def __init__(self, name: str, log: list[tuple[str, str, int]]) -> None:
        self.name, self.log = name, log

    def ask(self, row: str, seed: int) -> str:
        self.log.append((self.name, row, seed))
        return f"{self.name}{seed}"


def test_p95_is_the_nearest_rank_of_the_bench_rows():
    assert p95([float(n) for n in range(20, 0, -1)]) == 19.0
    assert p95([3.0]) == 3.0
    assert p95([1.0, 2.0]) == 2.0


def test_the_trees_take_turns_going_first_on_the_same_seeds():
    log: list[tuple[str, str, int]] = []
    old, new = FakeWorker("old", log), FakeWorker("new", log)
    rounds = [[1000, 1001]] * 3
    answers = in_turn(old, new, "hard", rounds)  # type: ignore[arg-type]
    assert log == [("old", "hard", 1000), ("old", "hard", 1001),
                   ("new", "hard", 1000), ("new", "hard", 1001),
                   ("new", "hard", 1000), ("new", "hard", 1001),
                   ("old", "hard", 1000), ("old", "hard", 1001),
                   ("old", "hard", 1000), ("old", "hard", 1001),
                   ("new", "hard", 1000), ("new", "hard", 1001)]
    assert answers == ([["old1000", "old1001"]] * 3, [["new1000", "new1001"]] * 3)


@pytest.mark.slow
def test_a_tree_against_itself_plays_the_same_games(capsys):
    """Both workers on this repository: two games each, from the same seeds, timed."""
    assert main([str(REPO), str(REPO), "--row", "games", "--rounds", "2"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("games: 2 pairs; old ")
    total = float(line.split("total ")[1].split(",")[0])
    assert math.isfinite(total) and total > 0
