"""The conquest CPU players as the engine sees them (spec conquest.md section 7, DESIGN.md
section 5): registered levels, no mutation of the live match, nothing but the seat view,
every decision accepted, whole CPU-vs-CPU matches for every pairing, determinism, and the
issue's masking test: no seat's view (so no CPU) ever holds the other seat's pending orders,
chosen card before the reveal, or reinforcement picks before both submitted.

(tests/conquest/test_properties.py checks the rules under random play but not the views, so
the masking test lives here.)
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from game.ai.conquest import LEVELS, hard, make_cpu, policy, scratch
from game.ai.conquest.selfplay import play_match, play_out, seat_to_ask
from game.engine.match import HIDDEN, Match
from game.engine.modes import get_mode
from game.engine.record import build_match, new_record, replay, state_hash, validate_record
from game.engine.resources import load_mode_resources
from game.engine.rng import ai_stream
from game.systems.conquest import world
from game.systems.conquest.battle import eligible_ids
from game.systems.conquest.content import content_of
from game.systems.conquest.mode import RULES_VERSION
from game.systems.conquest.scoring import main_armies
from game.systems.conquest.setup import _changed_units, _flag_context

from .helpers import D, setup_match

SPEC = get_mode("conquest")
assert SPEC is not None
RESOURCES = load_mode_resources(SPEC)
ROUND_CAP = content_of(RESOURCES).rules.round_cap
SCENARIOS = Path(__file__).parents[1] / "scenarios" / "conquest"
CLASSIC = {"setup_kind": "classic"}
SECRET = {"placement": "orders", "movement": "orders", "reinforcements": "reinforcements",
          "cards": "cards_chosen"}
SECRET_VERBS = {"place", "move", "reset_moves", "reinforce", "choose_card"}


def cpu(level: str, seat: int, seed: int = 5):
    return make_cpu(level, seat, ai_stream(seed, seat), RESOURCES)


def battle(phase: str, units: dict[str, str], **board: Any) -> Match:
    return setup_match(phase, units, battles=[{"number": 1, "tile": "L13", "state": "current"}],
                       current_battle=1, **CLASSIC, **board)


def positions() -> dict[str, Match]:
    """One small position per phase in which a CPU decides."""
    army = {"p0.t1": "L06", "p0.t2": "L05", "p0.i1": "L03", "p1.i1": "L13", "p1.t1": "L10"}
    return {
        "commander": setup_match("commander", {}),
        "placement": setup_match("placement", {"p0.t1": None, "p0.i1": None, "p1.t1": None,
                                               "p1.i1": None}, **CLASSIC),
        "movement": setup_match("movement", army, **CLASSIC),
        "reinforcements": battle("reinforcements", {
            "p0.t1": "L13", "p0.t2": "L06", "p0.i3": "L05", "p1.i1": "L13", "p1.i2": "L13",
            "p1.t1": "L07", "p0.i1": "L03"}),
        "cards": battle("cards", {"p0.t1": "L13", "p0.t2": "L13", "p1.i1": "L13",
                                  "p1.t1": "L10", "p0.i1": "L03"}),
        "retreat": setup_match("retreat", {"p0.t1": "L13", "p1.t1": "L13", "p0.i1": "L03",
                                           "p1.i1": "L10"},
                               battles=[{"number": 1, "tile": "L13", "state": "done"}],
                               current_battle=1,
                               retreat={"tile": "L13", "units": [["p0.t1"], []]}, **CLASSIC),
    }


# -- registration ----------------------------------------------------------------------------
def test_levels_are_the_specs_and_the_mode_builds_them():
    assert set(LEVELS) == set(SPEC.cpu_levels) == {"easy", "normal", "hard"}
    for level in LEVELS:
        player = SPEC.make_cpu(level, 1, ai_stream(3, 1), RESOURCES)
        assert player.level == level and player.seat == 1
    with pytest.raises(ValueError, match="unknown conquest CPU level"):
        make_cpu("expert", 0, ai_stream(3, 0), RESOURCES)


# -- no mutation, seat view only -----------------------------------------------------------
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_cpus_never_mutate_the_live_match_nor_their_view(level):
    for phase, match in positions().items():
        before = state_hash(match.state_json())
        streams = [match.stream(name).get_state() for name in ("ai.0", "ai.1")]
        view = match.view_json(0)
        kept = copy.deepcopy(view)
        decision = cpu(level, 0).decide(view)
        assert view == kept, phase
        assert state_hash(match.state_json()) == before, phase
        assert [match.stream(n).get_state() for n in ("ai.0", "ai.1")] == streams, phase
        assert match.submit(decision).ok, (phase, decision)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_other_seats_secret_choice_changes_nothing_a_cpu_decides(level):
    """Two live matches that differ only in seat 1's secret card (or orders, or picks) give
    the same seat view, so a CPU with the same stream decides the same."""
    def twin(secret: dict[str, Any], phase: str) -> Match:
        match = positions()[phase]
        assert match.submit(secret).ok
        return match

    pairs = [
        ("cards", D(1, "choose_card", card="power5"), D(1, "choose_card", card="power1")),
        ("movement", D(1, "move", units=["p1.i1"], to="L06"),
         D(1, "move", units=["p1.t1"], to="L11")),
    ]
    for phase, one, other in pairs:
        a, b = twin(one, phase), twin(other, phase)
        assert a.view_json(0) == b.view_json(0)
        first = [cpu(level, 0, 9).decide(a.view_json(0))]
        second = [cpu(level, 0, 9).decide(b.view_json(0))]
        assert first == second, phase
    a = positions()["reinforcements"]
    b = positions()["reinforcements"]
    assert a.to_act == (0, 1)
    assert a.submit(D(1, "reinforce", units=["p1.t1"])).ok
    assert a.view_json(0) == b.view_json(0)
    assert cpu(level, 0, 9).decide(a.view_json(0)) == cpu(level, 0, 9).decide(b.view_json(0))


def test_a_scratch_match_loads_the_masked_view_as_nothing_chosen():
    match = positions()["cards"]
    assert match.submit(D(1, "choose_card", card="power5")).ok
    assert match.submit(D(1, "ready")).ok
    view = match.view_json(0)
    assert view["seed"] == HIDDEN and view["board"]["cards_chosen"] == [None, HIDDEN]
    copy_ = scratch.scratch_match(view, RESOURCES)
    try:
        board = copy_.state_json()["board"]
        assert board["cards_chosen"] == [None, None] and board["ready"] == [False, False]
        assert copy_.seed == scratch.SCRATCH_SEED
    finally:
        copy_.close()


@pytest.mark.slow
def test_the_unchecked_scratch_loader_builds_the_checked_setup_position():
    """`restore_position` (the CPUs' loader, no checks) and `load_setup` (the checked path)
    build the same position from every seat view printed along whole matches: all phases,
    masked secrets, half-ready steps, battles, retreats, both setup kinds."""
    phases = set()
    for seed, levels, options in ((3, {0: "normal", 1: "easy"}, {}),
                                  (8, {0: "easy", 1: "normal"}, CLASSIC),
                                  (21, {0: "normal", 1: "normal"}, {})):
        played = play_match(seed, levels, options=options)
        record = validate_record(played.record)
        for cut in range(0, len(record["decisions"]), 3):
            live = replay({**record, "decisions": record["decisions"][:cut]}).match
            if live.result is None:
                for seat in live.to_act:
                    view = live.view_json(seat)
                    phases.add(view["phase"])
                    fast = scratch.scratch_match(view, RESOURCES)
                    checked = build_match(validate_record(
                        new_record("conquest", view["rules"], 0, {}, scratch.scratch_setup(view))))
                    assert fast.state_json() == checked.state_json(), (seed, cut, seat)
                    fast.close()
                    checked.close()
            live.close()
    assert phases == {"commander", "placement", "movement", "reinforcements", "cards",
                      "retreat"}


@pytest.mark.slow
def test_one_scratch_match_reloaded_view_after_view_is_the_checked_position():
    """A CPU's one scratch match (`scratch_for`: rolled back to the position it last loaded,
    then restored to the next view from there, unchanged parts skipped) holds, at every seat
    view of whole matches, the position `load_setup` builds from scratch; a look-ahead
    submitted between two loads is undone by the next load."""
    loads = 0
    for seed, levels, options in ((3, {0: "normal", 1: "easy"}, {}),
                                  (8, {0: "easy", 1: "normal"}, CLASSIC),
                                  (21, {0: "normal", 1: "normal"}, {})):
        record = validate_record(play_match(seed, levels, options=options).record)
        live = replay({**record, "decisions": []}).match
        cpus = {seat: scratch.scratch_for(RESOURCES) for seat in (0, 1)}
        for n, decision in enumerate(record["decisions"]):
            for seat in live.to_act if n % 2 == 0 else ():
                view = live.view_json(seat)
                match = cpus[seat].load(view)
                loads += 1
                checked = build_match(validate_record(
                    new_record("conquest", view["rules"], 0, {}, scratch.scratch_setup(view))))
                assert match.state_json() == checked.state_json(), (seed, n, seat)
                checked.close()
                legal = match.legal_decisions(seat)
                if legal:  # a look-ahead the next load must undo
                    assert match.submit(legal[len(legal) // 2]).ok
            assert live.submit(decision).ok
        for cpu in cpus.values():
            cpu.close()
        live.close()
    assert loads > 300


def test_a_movement_view_reads_as_the_scratch_match_loaded_from_it():
    """normal plans a whole movement step on its view, no scratch match loaded
    (`NormalCpu.VIEW_PHASES`): at every movement view of whole matches, mid-step ones with
    own orders pending included, `view_forces` is `forces` of the scratch match loaded from
    the view, and `view_moves` gives `plan_moves`' decisions for the plans of the position,
    after a reset or not; so the step's decisions are those planned on the scratch match."""
    content = content_of(RESOURCES)
    normal = content.ai.normal
    views = 0
    for seed, levels in ((3, {0: "normal", 1: "easy"}), (21, {0: "normal", 1: "normal"})):
        record = validate_record(play_match(seed, levels).record)
        live = replay({**record, "decisions": []}).match
        loaded = scratch.scratch_for(RESOURCES)
        for decision in record["decisions"]:
            for seat in live.to_act if live.phase == "movement" else ():
                view = live.view_json(seat)
                match = loaded.load(view)
                views += 1
                with match.active():
                    position = policy.forces(match)
                    assert policy.view_forces(content, view["board"]) == position
                    neighbours = world.the_map(match).neighbours
                    plans = [policy.movement_plan(match, seat, normal),
                             policy.movement_plan(match, seat, normal, margin=0.0),
                             {u.ident.id: neighbours[u.pos.tile][0]
                              for u in world.of_seat(match, seat)}]
                    for plan in plans:
                        for reset in (False, True):
                            assert (policy.view_moves(content, view["board"], seat, plan,
                                                      reset=reset)
                                    == policy.plan_moves(match, seat, plan, reset=reset))
                    # the step, as it was planned on the scratch match
                    plan = policy.movement_plan(match, seat, normal)
                    reset = any(plan.get(uid) != tile for uid, tile in world.orders_of(match, seat))
                    on_world = ([{"seat": seat, "type": "reset_moves"}] if reset else []) + [
                        *policy.plan_moves(match, seat, plan, reset=reset),
                        {"seat": seat, "type": "ready"}]
                assert list(cpu("normal", seat).view_movement(view)) == on_world
            assert live.submit(decision).ok
        loaded.close()
        live.close()
    assert views > 150


def battle_positions():
    """Seat-0 scratch matches at the battles of the spec's scenarios (draws, trapped units,
    bases, every ability) and at every battle step of two whole CPU matches."""
    for path in sorted(SCENARIOS.glob("*.json")):
        setup = json.loads(path.read_text())["setup"]
        if setup and setup["phase"] in ("reinforcements", "cards"):
            live = build_match(validate_record(new_record("conquest", "1", 0, {}, setup)))
            yield scratch.scratch_match(live.view_json(live.to_act[0]), RESOURCES)
            live.close()
    for seed in (3, 8):
        record = validate_record(play_match(seed, {0: "normal", 1: "easy"}).record)
        live = replay({**record, "decisions": []}).match
        seen = set()
        for decision in record["decisions"]:
            board = live.state_json()["board"]
            step = (live.phase, board["round"], board["current_battle"])
            if live.phase in ("reinforcements", "cards") and step not in seen:
                seen.add(step)
                yield scratch.scratch_match(live.view_json(live.to_act[0]), RESOURCES)
            assert live.submit(decision).ok
        live.close()


@pytest.mark.slow
def test_the_judged_verdict_is_what_the_real_resolution_reports():
    """`judge_battle` and `battle_winner` (normal's cheap previews) agree with the played
    resolution of `preview_battle` on winner, card casualties and trapped units, for every
    pick prefix and card pair of the battles of whole matches."""
    judged, kinds = 0, set()
    for match in battle_positions():
        with match.active():
            if match.phase == "reinforcements":
                every = eligible_ids(match)
                pick_sets = [([], every[1])] + [(every[0][:n], every[1][:n])
                                                for n in range(max(map(len, every)) + 1)]
            else:
                pick_sets = [scratch.current_picks(match)]
            hands = (world.hand(match, 0), world.hand(match, 1))
            main = main_armies(match, world.current_site(match))  # read once, as normal does
            for picks in pick_sets:
                for c0 in hands[0]:
                    for c1 in hands[1]:
                        real = scratch.preview_battle(match, (list(picks[0]), list(picks[1])),
                                                      (c0, c1)).last
                        verdict = scratch.judge_battle(match, picks, (c0, c1))
                        assert verdict == scratch.judge_battle(match, picks, (c0, c1), main)
                        assert verdict.winner == real["winner"]
                        assert scratch.battle_winner(match, picks, (c0, c1)) == real["winner"]
                        assert scratch.battle_winner(match, picks, (c0, c1), main) == real[
                            "winner"]
                        assert [sorted(u.ident.id for u in side) for side in verdict.casualties] == [
                            sorted(side) for side in real["casualties"]]
                        assert verdict.trapped == real["trapped"]
                        assert verdict.scored.scores == real["scores"]
                        judged += 1
                        kinds.add("draw" if real["winner"] is None else "win")
                        if any(real["trapped"]):
                            kinds.add("trapped")
        match.close()
    assert judged > 500 and kinds == {"win", "draw", "trapped"}


def test_preview_battle_runs_the_real_resolution_and_rolls_back():
    match = positions()["cards"]
    copy_ = scratch.scratch_match(match.view_json(0), RESOURCES)
    try:
        before = state_hash(copy_.state_json())
        preview = scratch.preview_battle(copy_, None, ("power3", "power2"))
        assert preview.last["winner"] == 0 and preview.last["cards"] == ["power3", "power2"]
        assert state_hash(copy_.state_json()) == before
    finally:
        copy_.close()


def test_every_look_ahead_decision_would_be_accepted(monkeypatch):
    """With CHECKED, every decision hard and normal apply in their scratch matches goes
    through `Match.submit`; a rejection raises."""
    monkeypatch.setattr(scratch, "CHECKED", True)
    for phase, match in positions().items():
        if phase in ("commander", "placement"):
            continue
        assert match.submit(cpu("hard", 0).decide(match.view_json(0))).ok, phase


def test_one_read_of_the_forces_serves_every_plan_of_the_position():
    """hard reads a position's `Forces` once for its 13 plans: each plan equals the plan that
    reads its own, and no plan changes the shared values."""
    army = {"p0.t1": "L06", "p0.t2": "L05", "p0.i1": "L03", "p0.i2": "L06", "p1.i1": "L13",
            "p1.t1": "L10", "p1.t2": "L08", "p1.i2": "L12"}
    match = setup_match("movement", army, **CLASSIC)
    normal = content_of(RESOURCES).ai.normal
    variants = [{}, {"margin": 0.0}, {"margin": 2.0}, {"advance": False}]
    with match.active():
        shared = policy.forces(match)
        before = copy.deepcopy(shared)
        for seat in (0, 1):
            for variant in variants:
                assert (policy.movement_plan(match, seat, normal, position=shared, **variant)
                        == policy.movement_plan(match, seat, normal, **variant))
        assert shared == before
        assert shared.stacks[1]["L13"] == 1 and shared.near[0]["L03"] == 0
    match.close()


def test_a_rollout_sends_a_run_of_moves_to_one_tile_as_one_move(monkeypatch):
    """hard's rollouts send consecutive moves to one tile as one checked `move`: the same
    orders as the plan's one move per unit, from fewer decisions."""
    monkeypatch.setattr(scratch, "CHECKED", True)
    army = {"p0.t1": "L06", "p0.t2": "L06", "p0.i1": "L06", "p0.i2": "L05", "p0.i3": "L03",
            "p1.i1": "L13", "p1.t1": "L10"}
    match = setup_match("movement", army, **CLASSIC)
    with match.active():
        neighbours = world.the_map(match).neighbours
        plans = [policy.movement_plan(match, 0, content_of(RESOURCES).ai.normal),
                 {uid: neighbours[tile][0] for uid, tile in army.items() if uid[1] == "0"}]
        counts = []
        for plan in plans:
            mark = match.mark()
            for move in policy.plan_moves(match, 0, plan):
                scratch.submit(match, move)
            one_by_one, sent = world.orders_of(match, 0), len(match.decisions) - mark.decisions
            match.rollback(mark)
            mark = match.mark()
            hard.send_plan(match, 0, plan)
            grouped, fewer = world.orders_of(match, 0), len(match.decisions) - mark.decisions
            match.rollback(mark)
            assert grouped == one_by_one and one_by_one
            counts.append((sent, fewer))
    assert counts[0][1] <= counts[0][0]
    assert counts[1] == (5, 3)  # L06's three units go together
    match.close()


# -- whole matches ---------------------------------------------------------------------------
PAIRS_FROM_THE_DEAL = [("easy", "easy"), ("easy", "normal"), ("normal", "easy"),
                       ("normal", "normal")]
ALL_PAIRS = [(a, b) for a in LEVELS for b in LEVELS]


def late_setup(round_: int = ROUND_CAP - 2) -> dict[str, Any]:
    """Classic armies in their zones near the round cap: a whole match in a few rounds."""
    units = [{"id": f"p0.t{n}", "tile": t} for n, t in enumerate(["L01", "L05", "L06", "L06"], 1)]
    units += [{"id": f"p0.i{n}", "tile": t}
              for n, t in enumerate(["L03", "L02", "L04", "L01", "L05", "L06"], 1)]
    units += [{"id": f"p1.t{n}", "tile": t} for n, t in enumerate(["L12", "L08", "L07", "L07"], 1)]
    units += [{"id": f"p1.i{n}", "tile": t}
              for n, t in enumerate(["L10", "L09", "L11", "L12", "L08", "L07"], 1)]
    return {"phase": "movement", "board": {"setup_kind": "classic", "round": round_,
                                           "units": units}}


@pytest.mark.parametrize("levels", PAIRS_FROM_THE_DEAL)
@pytest.mark.parametrize("classic", [False, True])
def test_cpu_matches_from_the_deal_end_by_the_round_cap(levels, classic):
    played = play_match(11, {0: levels[0], 1: levels[1]}, CLASSIC if classic else None)
    assert played.result is not None and played.turns <= ROUND_CAP
    assert played.result["reason"] in ("base_captured", "elimination", "mutual_elimination",
                                       "round_cap")


@pytest.mark.slow
@pytest.mark.parametrize("levels", ALL_PAIRS)
def test_every_pairing_plays_a_whole_match_from_a_late_setup(levels):
    played = play_match(3, {0: levels[0], 1: levels[1]}, setup=late_setup())
    assert played.result is not None and played.turns <= ROUND_CAP


def test_cpu_matches_are_deterministic_and_replay():
    first = play_match(21, {0: "normal", 1: "easy"})
    second = play_match(21, {0: "normal", 1: "easy"})
    assert first.record == second.record
    again = replay(validate_record(first.record))
    assert again.ok and again.match.result == first.result


def test_cpus_draw_only_from_their_own_streams():
    """The live match's `ai.0` / `ai.1` are never drawn: each CPU holds its own copy."""
    record = new_record("conquest", "1", 4, {"ai": {"0": "easy", "1": "normal"}})
    match = build_match(record)
    try:
        players = {s: make_cpu(level, s, ai_stream(4, s), RESOURCES)
                   for s, level in ((0, "easy"), (1, "normal"))}
        play_out(match, players)
        assert match.result is not None
        assert match.stream("ai.0").draws == 0 and match.stream("ai.1").draws == 0
        assert players[0].stream.draws > 0 and players[1].stream.draws > 0
    finally:
        match.close()


# -- the masking test ----------------------------------------------------------------
def check_masking(match: Match, decision: dict[str, Any], views_before: dict[int, Any]) -> None:
    """After one accepted decision: a secret verb leaves the other seat's view as it was; in a
    secret phase each view shows the other seat's value as "hidden"; the seed is hidden."""
    seat = decision["seat"]
    if decision["type"] in SECRET_VERBS and match.phase in SECRET:
        assert match.view_json(1 - seat) == views_before[1 - seat], decision
    for viewer in (0, 1):
        view = match.view_json(viewer)
        assert view["seed"] == HIDDEN
        key = SECRET.get(view["phase"])
        if key is not None:
            assert view["board"][key][1 - viewer] == HIDDEN
            assert view["board"][key][viewer] != HIDDEN
        else:
            assert HIDDEN not in (view["board"]["cards_chosen"] + view["board"]["orders"]
                                  + view["board"]["reinforcements"])


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "easy")])
def test_no_view_ever_holds_the_other_seats_secrets(levels):
    record = new_record("conquest", "1", 8, {"ai": {"0": levels[0], "1": levels[1]}})
    match = build_match(record)
    try:
        players = {s: make_cpu(levels[s], s, ai_stream(8, s), RESOURCES) for s in (0, 1)}
        secret_seen = set()
        for _ in range(5000):
            if match.result is not None:
                break
            seat = seat_to_ask(match)
            before = {v: match.view_json(v) for v in (0, 1)}
            decision = players[seat].decide(before[seat])
            if match.phase in SECRET:
                secret_seen.add(match.phase)
            assert match.submit(decision).ok
            check_masking(match, decision, before)
        assert match.result is not None
        assert {"movement", "cards", "placement"} <= secret_seen
    finally:
        match.close()


def test_picks_stay_hidden_until_both_seats_submitted():
    match = positions()["reinforcements"]
    assert match.submit(D(1, "reinforce", units=["p1.t1"])).ok
    assert match.submit(D(1, "ready")).ok
    assert match.view_json(0)["board"]["reinforcements"] == [[], HIDDEN]
    assert match.submit(D(0, "reinforce", units=["p0.t2"])).ok
    assert match.view_json(1)["board"]["reinforcements"] == [HIDDEN, ["p1.t1"]]
    assert match.submit(D(0, "ready")).ok
    assert match.phase == "cards"
    assert match.view_json(0)["board"]["reinforcements"] == [["p0.t2"], ["p1.t1"]]


def test_a_cpu_is_never_asked_while_ready():
    match = positions()["movement"]
    assert match.submit(D(0, "ready")).ok
    assert seat_to_ask(match) == 1
    with pytest.raises(RuntimeError, match="ready"):
        cpu("normal", 0).decide(match.view_json(0))
    with match.active():
        assert world.ready_flags(match) == (True, False)


def test_the_worker_returns_the_same_step_as_the_cpu_in_process():
    """The worker entry point sees only the view and the stream state; its step equals what
    the same CPU sends one decision at a time."""
    from game.ai.workers.conquest import think

    match = positions()["movement"]
    stream = ai_stream(6, 0)
    decisions, state = think("hard", 0, match.view_json(0), stream.get_state())
    live = cpu("hard", 0, 6)
    sent = []
    for _ in range(len(decisions)):
        decision = live.decide(match.view_json(0))
        assert match.submit(decision).ok
        sent.append(decision)
    assert sent == decisions and sent[-1]["type"] == "ready"
    assert state == live.stream.get_state()


@pytest.mark.slow
@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "easy")])
def test_a_fresh_cpu_for_every_call_decides_the_same(levels):
    """A window may build a new CPU for each decision, handing it the stream's state: the
    decisions (and the record) are the same as one CPU's, since a step's draws are spent only
    with its `ready`."""
    record = new_record("conquest", RULES_VERSION, 12, {"ai": {"0": levels[0], "1": levels[1]}})
    fresh = build_match(record)
    try:
        states = {s: ai_stream(12, s).get_state() for s in (0, 1)}
        for _ in range(3000):
            if fresh.result is not None:
                break
            seat = seat_to_ask(fresh)
            stream = ai_stream(0, seat)
            stream.set_state(states[seat])
            decision = make_cpu(levels[seat], seat, stream, RESOURCES).decide(
                fresh.view_json(seat))
            states[seat] = stream.get_state()
            assert fresh.submit(decision).ok, decision
        assert fresh.result is not None
        same = play_match(12, {0: levels[0], 1: levels[1]})
        assert fresh.decisions == same.record["decisions"]
    finally:
        fresh.close()


def _orders_by_the_letter(match: Match, seat: int, plan: policy.Plan) -> list[tuple[str, str]]:
    """4.6.2 as `order_sequence` states it, walked naively: repeatedly the first unit in
    canonical order whose order keeps the cap against the orders before it."""
    from game.components.conquest import Order
    from game.engine.ecs import components_of

    positions = {}
    tiles = {}
    for u in world.of_seat(match, seat):
        order = components_of(u.entity).get(Order)
        tiles[u.ident.id] = u.pos.tile
        positions[u.ident.id] = u.pos.tile if order is None else order.tile
    most = world.content(match).rules.max_own_per_tile
    out = []
    while True:
        for uid, here in positions.items():
            target = plan.get(uid, tiles[uid])
            count = sum(1 for t in positions.values() if t == target)
            if target is None or here == target or count + 1 > most:
                continue
            out.append((uid, target))
            positions[uid] = target
            break
        else:
            return out


def test_the_order_sequence_is_the_rule_walked_by_the_letter():
    """`order_sequence` walks only the units it still has to order: on crowded random
    positions (full tiles, swaps between them, pending orders already given) with random
    plans, the same orders in the same order as the rule walked naively."""
    import random

    from game.systems.conquest.orders import order_sequence

    rng = random.Random(23)
    land = ["L01", "L02", "L03", "L05", "L06", "L07"]
    ids = [f"p0.t{n}" for n in range(1, 4)] + [f"p0.i{n}" for n in range(1, 7)]
    checked = 0
    for _ in range(40):
        army: dict[str, str | None] = {uid: rng.choice(land[:3]) for uid in ids}
        for tile in land[:3]:  # the cap holds in a setup
            on = [uid for uid, t in army.items() if t == tile]
            for uid in on[5:]:
                army[uid] = "L05"
        army["p1.i1"] = "L13"
        match = setup_match("movement", army, **CLASSIC)
        with match.active():
            neighbours = world.the_map(match).neighbours
        for uid in rng.sample(ids, 2):  # some orders already pending
            here = army[uid]
            assert here is not None
            for tile in neighbours[here]:
                if match.submit(D(0, "move", units=[uid], to=tile)).ok:
                    break
        with match.active():
            for _ in range(5):
                plan = {uid: rng.choice([*neighbours[tile], tile]) for uid, tile in army.items()
                        if uid.startswith("p0") and tile is not None}
                expected = _orders_by_the_letter(match, 0, plan)
                assert order_sequence(match, 0, plan) == expected
                checked += len(expected)
        match.close()
    assert checked > 100


def _printed(units: list[tuple[str, str]], phase: str, **board: Any) -> dict[str, Any]:
    """A printed position holding only what `_changed_units` reads."""
    return {"phase": phase, "board": {
        "units": [{"id": uid, "seat": int(uid[1]), "kind": "tank", "tile": tile,
                   "fought": False, "reinforced": False} for uid, tile in units],
        "orders": board.get("orders", [{}, {}]),
        "reinforcements": board.get("reinforcements", [[], []]),
        "retreat": board.get("retreat"),
        "battles": board.get("battles", []), "current_battle": board.get("current_battle")}}


def _changed(previous: dict[str, Any], now: dict[str, Any]) -> list[int]:
    raw = now["board"]
    entries = raw["units"]
    return _changed_units(entries, [e["id"] for e in entries],
                          {**raw["orders"][0], **raw["orders"][1]},
                          _flag_context(raw, now["phase"]), previous)


def test_a_reload_looks_only_at_the_units_whose_entry_order_or_flag_context_changed():
    """The scratch loader's diff (`_changed_units`): from the position the world holds to the
    next view, the units whose entry or order changed, and where the context of the derived
    flags changed (battle site, picks, retreat list) only the units that context touches."""
    units = [("p0.t1", "A1"), ("p0.t2", "A2"), ("p0.i1", "B1"), ("p1.t1", "C1"),
             ("p1.i1", "C2")]
    battle = {"battles": [{"number": 1, "tile": "B1", "state": "current"}],
              "current_battle": 1}
    still = _printed(units, "movement")
    assert _changed(still, still) == []
    moved = _printed([*units[:1], ("p0.t2", "B2"), *units[2:]], "movement",
                     orders=[{}, {"p1.i1": "C3"}])
    assert _changed(still, moved) == [1, 4]  # an entry, an order
    picking = _printed(units, "reinforcements", **battle)
    assert _changed(still, picking) == [2]  # the unit on the new battle site
    chosen = _printed(units, "cards", reinforcements=[["p0.t2"], ["p1.t1"]], **battle)
    assert _changed(picking, chosen) == [1, 3]  # the picks (the site is the same)
    leaving = _printed(units[1:], "retreat", retreat={"tile": "B1", "units": [["p0.i1"], []]},
                       **battle)
    assert _changed(chosen, leaving) == [0, 1, 2]  # old picks, the retreat; p0.t1 died
