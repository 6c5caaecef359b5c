"""Unit tests of the conquest rules on small positions: registration, the State JSON example of
spec 6.6, legal lists (5.3), events, rollback through army creation and deaths, and
malformed setups (6.5)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from game.engine import ecs
from game.engine.modes import get_mode
from game.engine.record import RecordError, build_match, new_record, replay, validate_record
from game.systems.conquest import world
from game.systems.conquest.battle import battle_sites
from game.systems.conquest.scoring import card_casualties
from tests.match_helpers import spec_data

from .helpers import (
    D,
    accept,
    assert_rejected,
    board_of,
    canonical,
    load_scenario,
    new_match,
    record_of,
    setup_match,
    unit,
)

SETUP_A = {"p0.t1": "L06", "p0.t2": "L06", "p0.i1": "L06", "p0.i2": "L06", "p0.i3": "L06",
           "p0.t3": "L02", "p0.i4": "L07", "p1.t1": "L13", "p1.t2": "L13", "p1.i1": "L13",
           "p1.i2": "L14", "p1.i3": "L14", "p1.t3": "L08"}


def test_the_mode_is_registered():
    spec = get_mode("conquest")
    assert spec is not None
    assert (spec.title, spec.cpu_levels, spec.default_level) == (
        "CardConquest", ("easy", "normal", "hard"), "normal")
    assert callable(spec.make_cpu)
    with pytest.raises(RecordError, match="setup_kind"):
        validate_record(new_record("conquest", "1", 1, {"setup_kind": "mini"}))


def test_the_state_json_example_of_6_6():
    example = spec_data("conquest", "state_example")
    record = load_scenario("21")
    decisions = record["decisions"][:4]
    decisions = decisions[:2] + [D(1, "reinforce", units=["p1.t2"]), D(1, "ready"),
                                 D(0, "choose_card", card="power5"), D(0, "ready")]
    record = validate_record(new_record("conquest", "1", 7, {"ai": {"1": "normal"}},
                                        record["setup"], decisions))
    match = replay(record).match
    assert canonical(match.state_json()) == canonical(example)
    view = match.view_json(1)
    assert view["seed"] == "hidden" and view["board"]["cards_chosen"] == ["hidden", None]
    example["seed"] = "hidden"
    example["board"]["cards_chosen"] = ["hidden", None]
    assert canonical(view) == canonical(example)


def test_a_new_match_and_its_legal_lists():
    match = new_match(1)
    assert (match.phase, match.to_act, match.turn) == ("commander", (0, 1), 0)
    assert match.legal_decisions(1) == [D(1, "choose_commander", commander="infantry"),
                                        D(1, "choose_commander", commander="tank")]
    accept(match, D(0, "choose_commander", commander="tank"))
    assert match.legal_decisions(0)[-1] == D(0, "ready")
    accept(match, D(0, "ready"))
    assert match.legal_decisions(0) == [D(0, "unready")]
    classic = new_match(1, setup_kind="classic")
    legal = classic.legal_decisions(0)
    assert legal[:6] == [D(0, "place", units=["p0.t1"], to=t)
                         for t in ("L01", "L02", "L03", "L04", "L05", "L06")]
    assert legal[-1] == D(0, "reset_moves") and len(legal) == 61
    accept(classic, D(0, "place", units=["p0.t1"], to="L03"))
    legal = classic.legal_decisions(0)
    assert legal[6] == D(0, "place", units=["p0.t1"], to=None)


def test_movement_legal_list_respects_the_cap():
    match = setup_match("movement", SETUP_A, setup_kind="classic", round=3)
    legal = match.legal_decisions(0)
    t3 = [d["to"] for d in legal if d.get("units") == ["p0.t3"]]
    assert t3 == ["L01", "L02", "L03", "L04"]  # L06 holds five own units
    t1 = [d["to"] for d in legal if d.get("units") == ["p0.t1"]]
    assert t1 == ["L01", "L02", "L04", "L05", "L06", "L13", "L14"]
    assert legal[-2:] == [D(0, "reset_moves"), D(0, "ready")]


def test_retreat_and_reinforcement_legal_lists():
    record = validate_record(load_scenario("36"))
    match = replay(record).match
    assert match.legal_decisions(1) == [
        D(1, "retreat", unit=u, to=t) for u in ("p1.t2", "p1.i1", "p1.i2")
        for t in ("L01", "L05")] + [D(1, "reset_moves")]
    record = validate_record({**load_scenario("20"), "decisions": []})
    match = replay(record).match
    assert match.legal_decisions(0) == [D(0, "reinforce", units=[]),
                                        D(0, "reinforce", units=["p0.t3"]),
                                        D(0, "reinforce", units=["p0.i3"]), D(0, "ready")]


def test_events_of_a_resolution():
    record = validate_record(load_scenario("29"))
    outcome = replay(record)
    events = [e.as_json() for e in outcome.events[-1]]
    types = [e["type"] for e in events]
    assert types[:2] == ["ready_changed", "cards_revealed"]
    assert [e["unit"] for e in events if e["type"] == "unit_destroyed"] == [
        "p1.t1", "p1.t2", "p1.i1"]
    assert types.index("battle_resolved") > types.index("card_discarded")
    assert types[-2:] == ["sequence_ended", "round_started"]


def test_rollback_through_army_creation_and_deaths():
    match = new_match(1)
    accept(match, D(0, "choose_commander", commander="tank"))
    accept(match, D(0, "ready"))
    accept(match, D(1, "choose_commander", commander="infantry"))
    before = canonical(match.state_json())
    with match.active():
        world_before = ecs.world_snapshot()
    mark = match.mark()
    accept(match, D(1, "ready"))
    assert len(board_of(match)["units"]) == 30
    match.rollback(mark)
    assert canonical(match.state_json()) == before
    with match.active():
        assert world.units(match) == []  # the unit and card entities are gone again
        assert ecs.world_snapshot() == world_before
    record = validate_record(load_scenario("35"))
    fight = build_match(record)
    for d in record["decisions"][:3]:
        accept(fight, d)
    before = canonical(fight.state_json())
    mark = fight.mark()
    accept(fight, record["decisions"][3])
    assert len(board_of(fight)["units"]) == 4
    fight.rollback(mark)
    assert canonical(fight.state_json()) == before
    with fight.active():
        assert sorted(world.units_by_id(fight)) == sorted(
            u["id"] for u in board_of(fight)["units"])
    accept(fight, record["decisions"][3])
    assert board_of(fight)["last_result"]["casualties"][1] == [
        "p1.t1", "p1.i1", "p1.i2", "p1.i3", "p1.i4"]


def test_group_orders_and_rejections():
    match = setup_match("movement", SETUP_A, setup_kind="classic", round=3)
    accept(match, D(0, "move", units=["p0.t1", "p0.t1", "p0.i1"], to="L13"))
    assert board_of(match)["orders"][0] == {"p0.t1": "L13", "p0.i1": "L13"}
    assert_rejected(match, D(0, "move", units=["p0.t1", "p0.t3"], to="L13"), "not_adjacent")
    assert_rejected(match, D(0, "move", units=["p1.t1"], to="L12"), "not_your_unit")
    assert_rejected(match, D(0, "move", units=["p0.t1"], to="W08"), "water")
    assert_rejected(match, D(0, "move", units=["p0.t1"], to="X1"), "unknown_tile")
    assert_rejected(match, D(1, "move", units=["p1.t1", "p1.t3"], to="L12"), "not_adjacent")
    accept(match, D(0, "reset_moves"))
    assert board_of(match)["orders"] == [{}, {}]


def test_battle_detection_and_casualty_order():
    match = setup_match("movement", {"p0.i1": "L10", "p1.t1": "L03", "p0.t1": "L13",
                                     "p1.i1": "L13", "p0.i2": "L16", "p1.i2": "L09"},
                        setup_kind="classic")
    with match.active():
        assert battle_sites(match, set()) == ["L03", "L10", "L13"]
        assert battle_sites(match, set(), reverse=True) == ["L13", "L10", "L03"]
        assert battle_sites(match, {"L10"}) == ["L03", "L13"]
    assert card_casualties(0, [1, 2], [3]) == []  # type: ignore[list-item]
    assert card_casualties(5, [1, 2], [3, 4]) == [1, 2, 3, 4]  # type: ignore[list-item]
    assert card_casualties(3, [1, 2], [3, 4]) == [1, 2, 3]  # type: ignore[list-item]


BATTLE = [{"number": 1, "tile": "L13", "state": "current"}]


@pytest.mark.parametrize(("setup", "message"), [
    ({"board": {"units": []}}, "phase"),
    ({"phase": "commander", "board": {"setup_kind": "classic", "units": []}},
     "board.setup_kind"),
    ({"phase": "movement", "board": {}}, "board.units: required"),
    ({"phase": "movement", "board": {"setup_kind": "classic",
                                     "units": [{"id": "p0.t5", "tile": "L01"}]}},
     "board.units[0].id"),
    ({"phase": "movement", "board": {"setup_kind": "classic",
                                     "units": [{"id": "p0.t1", "tile": "W01"}]}}, "water"),
    ({"phase": "movement", "board": {"setup_kind": "classic",
                                     "units": [{"id": "p0.t1", "tile": "L99"}]}}, "unknown tile"),
    ({"phase": "movement", "board": {"setup_kind": "classic", "units": [
        {"id": "p0.t1", "tile": "L01"}, {"id": "p0.t1", "tile": "L02"}]}}, "duplicate"),
    ({"phase": "movement", "board": {"setup_kind": "classic", "units": [
        {"id": f"p0.i{n}", "tile": "L01"} for n in range(1, 7)]}}, "more than 5"),
    ({"phase": "movement", "board": {"units": [{"id": "p0.t1", "tile": "L01"}]}},
     "board.commanders[0]: required"),
    ({"phase": "movement", "board": {"setup_kind": "classic",
                                     "units": [{"id": "p0.t1", "tile": None}]}}, "tile"),
    ({"phase": "cards", "board": {"setup_kind": "classic", "units": [
        {"id": "p0.t1", "tile": "L13"}, {"id": "p1.t1", "tile": "L13"}]}},
     "board.current_battle: required"),
    ({"phase": "reinforcements", "board": {"setup_kind": "classic", "units": [
        {"id": "p0.t1", "tile": "L13"}, {"id": "p1.t1", "tile": "L13"}], "battles": BATTLE,
        "current_battle": 1}}, "eligible"),
    ({"phase": "cards", "board": {"setup_kind": "classic", "units": [
        {"id": "p0.t1", "tile": "L13"}, {"id": "p1.t1", "tile": "L13"},
        {"id": "p0.t2", "tile": "L01"}], "battles": BATTLE, "current_battle": 1,
        "reinforcements": [["p0.t2"], []]}}, "not next to the site"),
    ({"phase": "cards", "board": {"setup_kind": "classic", "units": [
        {"id": "p0.t1", "tile": "L13"}, {"id": "p1.t1", "tile": "L13"}], "battles": BATTLE,
        "current_battle": 1, "hands": [["power9"], ["power1"]]}}, "board.hands[0]"),
    ({"phase": "cards", "board": {"commanders": ["tank", "infantry"], "units": [
        {"id": "p0.t1", "tile": "L13"}, {"id": "p1.t1", "tile": "L13"}], "battles": BATTLE,
        "current_battle": 1, "discards": [["inf1"], []]}}, "board.discards[0]"),
    ({"phase": "retreat", "board": {"setup_kind": "classic", "units": [
        {"id": "p0.t1", "tile": "L13"}], "battles": BATTLE, "current_battle": 1}},
     "must be done"),
    ({"phase": "movement", "board": {"setup_kind": "classic", "units": [
        {"id": "p0.t1", "tile": "L13"}], "ready": [True, True]}}, "board.ready"),
    ({"phase": "over", "board": {"setup_kind": "classic", "units": []}}, "result"),
    ({"phase": "commander", "board": {"units": [], "ready": [True, False]}},
     "no_commander_chosen"),
    ({"phase": "cards", "board": {"setup_kind": "classic", "units": [
        {"id": "p0.t1", "tile": "L13"}, {"id": "p1.t1", "tile": "L13"}], "battles": BATTLE,
        "current_battle": 1, "ready": [False, True]}}, "no_card_chosen"),
])
def test_malformed_setups_name_the_key(setup, message):
    with pytest.raises(RecordError) as caught:
        build_match(record_of(setup))
    assert message in str(caught.value)
    assert str(caught.value).startswith("record: setup: ")


def test_a_seat_view_loads_back_as_a_setup():
    record = validate_record(load_scenario("18"))
    match = replay(record).match
    view = match.view_json(1)
    scratch = build_match(record_of({"phase": view["phase"], "board": view["board"]},
                                    seed=9))
    assert board_of(scratch)["orders"] == [{}, {}]
    assert board_of(scratch)["ready"] == [False, False]  # seat 0's orders are unknown
    assert scratch.legal_decisions(1) == match.legal_decisions(1)


def test_the_schedule_is_the_documented_one():
    """STYLE.md: the order of systems per step is written once in code and printed in docs:
    docs/conquest.md "Schedule" holds `SCHEDULE.describe()` verbatim, and each phase's end
    step is the one the ready protocol asks for."""
    from game.systems.conquest.flow import END_OF_PHASE
    from game.systems.conquest.schedule import SCHEDULE

    docs = (Path(__file__).resolve().parents[2] / "docs" / "conquest.md").read_text("utf-8")
    block = re.search(r"## Schedule.*?```text\n(.*?)```", docs, re.S)
    assert block is not None, "docs/conquest.md has no Schedule block"
    assert block.group(1).strip() == SCHEDULE.describe()
    assert SCHEDULE.names()["resolution"] == [
        "reveal_cards", "judge", "casualties", "discard_cards", "battle_done", "base_capture",
        "elimination", "retreat_or_next"]
    assert set(END_OF_PHASE) == {"commander", "placement", "movement", "reinforcements",
                                 "cards", "retreat"}
    assert all(step in SCHEDULE for step in END_OF_PHASE.values())
    for phase, step in END_OF_PHASE.items():
        assert f"| `{phase}` | `{step}` |" in docs, phase


def test_a_view_with_the_other_seat_ready_loads_with_that_seat_not_ready():
    record = validate_record(load_scenario("68"))
    match = replay(record).match
    view = match.view_json(1)
    assert view["board"]["cards_chosen"] == ["hidden", "power2"]
    scratch = build_match(record_of({"phase": view["phase"], "board": view["board"]}))
    assert board_of(scratch)["ready"] == [False, False]
    assert board_of(scratch)["cards_chosen"] == [None, "power2"]


def test_applied_orders_list_their_moves_only_where_something_reads_them():
    """`ApplyOrders.moves` feeds the `units_moved` event and any `after:apply_orders`
    listener; with events off and nobody listening (a CPU's look-ahead) it stays empty, and
    the units move all the same."""
    seen: list[list[tuple[str, str | None, str]]] = []

    def play(listen: bool, events: bool) -> list[dict[str, Any]]:
        match = setup_match("movement", SETUP_A, setup_kind="classic", round=3)
        match.events.enabled = events
        if listen:
            match.hooks.listen("after:apply_orders", lambda m, c: seen.append(list(c.moves)))
        accept(match, D(0, "move", units=["p0.t3"], to="L03"))
        accept(match, D(1, "move", units=["p1.i2"], to="L16"))
        accept(match, D(0, "ready"))
        events_out = accept(match, D(1, "ready"))
        assert unit(match, "p0.t3")["tile"] == "L03" and unit(match, "p1.i2")["tile"] == "L16"
        return events_out

    moved = [("p0.t3", "L02", "L03"), ("p1.i2", "L14", "L16")]
    play(listen=True, events=False)
    assert seen == [moved]
    event = next(e for e in play(listen=False, events=True) if e["type"] == "units_moved")
    assert seen == [moved] and event["moves"] == [{"unit": u, "from": f, "to": t} for u, f, t in moved]
    seen.clear()
    with_nobody = setup_match("movement", SETUP_A, setup_kind="classic", round=3)
    with_nobody.events.enabled = False
    with with_nobody.active():
        from game.systems.conquest.commands import ApplyOrders
        accept(with_nobody, D(0, "move", units=["p0.t3"], to="L03"))
        assert ApplyOrders(placement=False).run(with_nobody).moves == []
        assert world.unit(with_nobody, "p0.t3").pos.tile == "L03"
