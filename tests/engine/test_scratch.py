"""game.engine.scratch: one match per CPU, reloaded from each view as a fresh one would be."""

from __future__ import annotations

import esper

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
