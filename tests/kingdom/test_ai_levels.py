"""The kingdom CPU levels in whole matches (spec kingdom.md 7): every pairing ends by the turn
cap with only legal decisions, matches are reproducible from the seed, a CPU never touches the
live match and sees only its seat view, and the expert's search stays inside its counts."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from game.ai.kingdom import LEVELS, make_cpu
from game.ai.kingdom import expert as expert_module
from game.engine.autoplay import make_players, play_cpu_match
from game.engine.match import Rejection
from game.engine.modes import get_mode
from game.engine.record import build_match, new_record, state_hash
from game.engine.rng import ai_stream
from tests.kingdom.test_ai import kingdom_resources

SPEC = get_mode("kingdom")
LEVEL_NAMES = sorted(LEVELS)
# Expert games cost about ten times a hard one (its search scores hundreds of layouts per
# phase in the scratch match), so the pairings that include it play fewer seeds.
SEEDS = {0: range(3), 1: range(2), 2: range(1)}


@pytest.mark.parametrize(("a", "b"), list(product(LEVEL_NAMES, LEVEL_NAMES)))
@pytest.mark.slow
def test_every_pairing_ends_by_the_turn_cap_with_legal_decisions(a: str, b: str) -> None:
    assert SPEC is not None
    experts = (a == "expert") + (b == "expert")
    for seed in SEEDS[experts]:
        played = play_cpu_match(SPEC, 100 + seed, {0: a, 1: b})  # raises on a rejection
        assert played.result is not None
        assert played.result["reason"] in ("nexus_destroyed", "both_destroyed", "round_cap")
        assert played.turns <= 60
        assert played.record["options"]["ai"] == {"0": a, "1": b}


@pytest.mark.parametrize(("a", "b"), [("easy", "hard"), ("hard", "expert"), ("expert", "easy")])
@pytest.mark.slow
def test_every_planned_decision_passes_the_rules_checks_in_the_scratch_match_too(
        monkeypatch: pytest.MonkeyPatch, a: str, b: str) -> None:
    """The scratch match applies a CPU's plan trusted (`Plan.checked` off): here it checks
    each planned decision as the live match does, and the games are the same games."""
    from game.ai.kingdom.players import Plan

    assert SPEC is not None
    trusted = [play_cpu_match(SPEC, 300 + seed, {0: a, 1: b}).record for seed in range(2)]
    monkeypatch.setattr(Plan, "checked", True)  # a ScratchError fails the match (CpuError)
    checked = [play_cpu_match(SPEC, 300 + seed, {0: a, 1: b}).record for seed in range(2)]
    assert checked == trusted


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_matches_are_reproducible(level: str) -> None:
    assert SPEC is not None
    one = play_cpu_match(SPEC, 7, {0: level, 1: "hard"})
    two = play_cpu_match(SPEC, 7, {0: level, 1: "hard"})
    assert one.record == two.record


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.slow
def test_a_whole_match_never_changes_the_live_state_when_a_cpu_decides(level: str) -> None:
    """The host hands each CPU `view_json(seat)` only; the state hash and every stream of the
    live match are the same before and after each `decide`, and the view a CPU got shows the
    other seat's offers as "hidden" (and the seed)."""
    assert SPEC is not None
    cpu = {0: level, 1: "hard"}
    match = build_match(new_record("kingdom", "1", 21, {"ai": {"0": level, "1": "hard"}}))
    players = make_players(SPEC, 21, cpu)
    for _ in range(5000):
        if match.result is not None:
            break
        seat = match.to_act[0]
        view = match.view_json(seat)
        assert view["seed"] == "hidden"
        other = view["board"]["seats"][1 - seat]
        if view["phase"] == "planning":
            assert all(offer in (None, "hidden") for offer in other["shop"])
        before = state_hash(match.state_json())
        streams = {n: match.stream(n).get_state() for n in match.streams.names()}
        decision = players[seat].decide(view)
        assert state_hash(match.state_json()) == before
        assert {n: match.stream(n).get_state() for n in match.streams.names()} == streams
        assert not isinstance(match.submit(decision), Rejection), decision
    assert match.result is not None


def test_cpu_draws_only_from_its_own_stream() -> None:
    """Two CPUs built with the same stream seed but for matches of different seeds build the
    same deck: nothing but their `ai` stream feeds them."""
    resources = kingdom_resources()
    decks = []
    for seed in (1, 2):
        match = build_match(new_record("kingdom", "1", seed, {}))
        cpu = make_cpu("hard", 0, ai_stream(5, 0), resources)
        decks.append(cpu.decide(match.view_json(0)))
    assert decks[0] == decks[1]


def test_expert_search_counts_stay_in_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a whole expert match, every search scores at most max_scored states and at most
    polish_max_scored more: bounded by counts, not time (7.4)."""
    assert SPEC is not None
    table = kingdom_resources().single("ai.toml").expert
    counts: list[tuple[int, int]] = []
    original = expert_module.Search.run

    def counting(self: Any) -> Any:
        chosen = original(self)
        counts.append((self.scored, self.polish_scored))
        return chosen

    monkeypatch.setattr(expert_module.Search, "run", counting)
    play_cpu_match(SPEC, 3, {0: "expert", 1: "hard"})
    assert counts
    assert all(s <= table.max_scored and p <= table.polish_max_scored for s, p in counts)


def test_bench_rows_are_named_as_the_spec_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """The row names of 7's targets (DESIGN.md section 3); tiny counts, nothing is timed."""
    from game.ai.kingdom import bench

    monkeypatch.setattr(bench, "GAMES_PER_LEVEL", {"easy": 1, "hard": 1, "expert": 1})
    monkeypatch.setattr(bench, "GAMES_PER_S_RUNS", 1)
    monkeypatch.setattr(bench, "COMBAT_BOARDS", 2)
    monkeypatch.setattr(bench, "COMBAT_REPEAT", 1)
    rows = bench.bench_rows()
    assert [row.name for row in rows] == [
        "kingdom.combat_resolve_ms.p95",
        "kingdom.decision_ms.easy.median", "kingdom.decision_ms.easy.p95",
        "kingdom.decision_ms.hard.median", "kingdom.decision_ms.hard.p95",
        "kingdom.decision_ms.expert.median", "kingdom.decision_ms.expert.p95",
        "kingdom.games_per_s.hard_vs_hard"]
    assert [row.unit for row in rows] == ["ms"] * 7 + ["games/s"]
    assert all(row.value > 0 for row in rows)
