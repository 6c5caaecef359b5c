"""Fair seats (docs/conquest.md "Fair seats"): in rules "2" even rounds fight their battles in
reverse scan order, so in a base race each seat's attack comes first every other round."""

from __future__ import annotations

import pytest

from tests.conquest.helpers import D, board_of, setup_match

RACE = {"p0.t1": "L09", "p0.t2": "L01", "p1.t1": "L02", "p1.t2": "L12"}


def race(rules: str, round_: int):
    """Both bases attacked in one movement: p0.t1 enters L10, p1.t1 enters L03."""
    match = setup_match("movement", RACE, rules=rules, round=round_, setup_kind="classic")
    for decision in (D(0, "move", units=["p0.t1"], to="L10"),
                     D(1, "move", units=["p1.t1"], to="L03"), D(0, "ready"), D(1, "ready")):
        assert match.submit(decision).ok, decision
    return match


@pytest.mark.parametrize(("rules", "round_", "first"), [
    ("1", 1, "L03"), ("1", 2, "L03"), ("1", 3, "L03"),
    ("2", 1, "L03"), ("2", 2, "L10"), ("2", 3, "L03"), ("2", 60, "L10"),
])
def test_battle_order_by_rules_and_round(rules, round_, first):
    match = race(rules, round_)
    battles = board_of(match)["battles"]
    second = "L10" if first == "L03" else "L03"
    assert battles == [{"number": 1, "tile": first, "state": "current"},
                       {"number": 2, "tile": second, "state": "pending"}]
    assert match.phase == "cards" and match.state_json()["rules"] == rules
