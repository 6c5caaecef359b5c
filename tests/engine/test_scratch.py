"""game.engine.scratch: one match per CPU, reloaded from each view as a fresh one would be."""

from __future__ import annotations

import esper

from game.components.common import Health, Ident
from game.engine import ecs
from game.engine.match import Match
from game.engine.record import build_match, new_record
from game.engine.scratch import ScratchMatch
from game.engine.synthetic import SyntheticRules


def fresh(view: dict) -> Match:
    return Match(SyntheticRules(), seed=0, phase="fight")


def setup_of(view: dict) -> dict:
    return {"units": [{"id": u["id"], "seat": u["seat"], "hp": u["hp"]}
                      for u in view["board"]["units"]]}


def positions(synthetic_match: Match, decisions: int) -> list[dict]:
    out = [synthetic_match.view_json(0)]
    for _ in range(decisions):
        seat = synthetic_match.to_act[0]
        synthetic_match.submit(synthetic_match.legal_decisions(seat)[0])
        out.append(synthetic_match.view_json(0))
    return out


def test_a_reload_is_the_position_a_fresh_match_would_have(synthetic):
    live = build_match(new_record("synthetic", "1", 7))
    views = positions(live, 5)
    scratch = ScratchMatch(fresh, setup_of)
    first = scratch.load(views[0])
    for view in views:
        match = scratch.load(view)
        assert match is first  # one match, reloaded
        one_off = fresh(view)
        one_off.begin(setup_of(view))
        assert match.state_json()["board"] == one_off.state_json()["board"]
        with match.active():
            mine = ecs.world_snapshot()
        with one_off.active():
            assert mine == ecs.world_snapshot()  # the same entity ids and components
        one_off.close()
    assert not match.events.enabled


def test_a_search_on_it_rolls_back_and_the_world_is_freed_on_close(synthetic):
    live = build_match(new_record("synthetic", "1", 7))
    view = live.view_json(0)
    scratch = ScratchMatch(fresh, setup_of)
    match = scratch.load(view)
    before = match.state_json()
    mark = match.mark()
    assert match.submit(match.legal_decisions(0)[0]).ok
    match.rollback(mark)
    assert match.state_json() == before
    world = match.world
    scratch.close()
    assert world not in esper.list_worlds()


def test_its_world_is_named_from_the_first_load_until_close(synthetic):
    """`ScratchMatch.world`: what a pool of idle scratch matches checks before it lends one
    (kingdom's CPUs), None while it has no match."""
    live = build_match(new_record("synthetic", "1", 7))
    scratch = ScratchMatch(fresh, setup_of)
    assert scratch.world is None
    match = scratch.load(live.view_json(0))
    assert scratch.world == match.world and match.world in esper.list_worlds()
    scratch.close()
    assert scratch.world is None


def restore_synthetic(calls: list) -> callable:
    """A `restore` loader for the synthetic duel: an empty world is built whole, a world at an
    earlier position gets only the hit points that differ from the position it holds."""

    def restore(match: Match, setup: dict, previous: dict | None) -> None:
        calls.append(previous)
        if previous is None:
            match.rules.load_setup(match, setup)
            return
        before = {u["id"]: u for u in previous["units"]}
        for unit in setup["units"]:
            if before.get(unit["id"]) != unit:
                entity = match.extra["units"][unit["id"]]
                match.journal.set(esper.component_for_entity(entity, Health), hp=unit["hp"])

    return restore


def test_a_restore_loader_changes_only_the_differences_and_undoes_the_search(synthetic):
    """With `restore`, a reload rolls back only the search since the last load and is told
    which position the world holds; no entity is made again, and the position is a fresh
    match's."""
    live = build_match(new_record("synthetic", "1", 7))
    views = positions(live, 6)
    calls: list = []
    scratch = ScratchMatch(fresh, setup_of, restore=restore_synthetic(calls))
    match = scratch.load(views[0])
    with match.active():
        entities = sorted(e for e, _ in esper.get_component(Ident))
    for n, view in enumerate(views[1:], start=1):
        assert match.submit(match.legal_decisions(match.to_act[0])[0]).ok  # a search
        assert scratch.load(view) is match
        assert calls[-1] == setup_of(views[n - 1])  # the position the world held
        one_off = fresh(view)
        one_off.begin(setup_of(view))
        assert match.state_json()["board"] == one_off.state_json()["board"]
        one_off.close()
        with match.active():
            assert sorted(e for e, _ in esper.get_component(Ident)) == entities
    assert calls[0] is None and len(calls) == len(views)
    assert views[0]["board"] != views[-1]["board"]  # the positions did change


def test_keep_search_restores_from_the_position_the_search_left(synthetic):
    """With `keep_search`, the next load does not undo the search: the restore gets the world
    as the search left it (no mark open, nothing logged), the decisions made on it are
    forgotten, and the position is a fresh match's."""

    def restore(match: Match, setup: dict, previous: dict | None) -> None:
        if previous is None:
            match.rules.load_setup(match, setup)
            return
        seen.append({u["id"]: esper.component_for_entity(match.extra["units"][u["id"]],
                                                         Health).hp for u in setup["units"]})
        for unit in setup["units"]:  # the world itself compared with the setup
            health = esper.component_for_entity(match.extra["units"][unit["id"]], Health)
            if health.hp != unit["hp"]:
                match.journal.set(health, hp=unit["hp"])

    seen: list[dict] = []
    live = build_match(new_record("synthetic", "1", 7))
    views = positions(live, 6)
    scratch = ScratchMatch(fresh, setup_of, restore=restore, keep_search=True)
    match = scratch.load(views[0])
    for view in views[1:]:
        assert match.submit(match.legal_decisions(match.to_act[0])[0]).ok  # a search
        searched = {u["id"]: u["hp"] for u in match.state_json()["board"]["units"]}
        assert scratch.load(view) is match and match.decisions == []
        assert seen[-1] == searched  # restored from where the search left the world
        assert not match.journal.recording or len(match.journal) == 0
        one_off = fresh(view)
        one_off.begin(setup_of(view))
        assert match.state_json()["board"] == one_off.state_json()["board"]
        one_off.close()
    assert any(seen[n] != {u["id"]: u["hp"] for u in views[n]["board"]["units"]}
               for n in range(len(seen)))  # a search changed what the next load then set


def test_a_restore_that_fails_frees_the_world_and_the_next_load_starts_empty(synthetic):
    live = build_match(new_record("synthetic", "1", 7))
    views = positions(live, 2)
    calls: list = []
    good = restore_synthetic(calls)
    broken = {"on": False}

    def restore(match: Match, setup: dict, previous: dict | None) -> None:
        if broken["on"]:
            raise ValueError("bad position")
        good(match, setup, previous)

    scratch = ScratchMatch(fresh, setup_of, restore=restore)
    world = scratch.load(views[0]).world
    broken["on"] = True
    try:
        scratch.load(views[1])
    except ValueError:
        pass
    else:  # pragma: no cover
        raise AssertionError("the failing restore was not raised")
    assert world not in esper.list_worlds()
    broken["on"] = False
    match = scratch.load(views[1])
    assert calls[-1] is None  # a new, empty world
    assert match.state_json()["board"] == views[1]["board"]
    scratch.close()
