"""Place for me (issue 25): the normal CPU's placement for the person's seat, submitted through
the rules as the person's own decisions."""

from __future__ import annotations

import pytest

from game.scenes.harness import click, screenshot, step
from tests.scenes.strike.strike_scene_helpers import PLACEMENT_MID, record, save_shot


def cpu_placements(seat: int, count: int) -> list[dict]:
    """What the normal CPU places for `seat`, drawn from that seat's own `ai.<seat>` stream,
    played on a copy of the match (the rules apply each placement before the next)."""
    from game.ai.strike import make_cpu
    from game.engine.modes import get_mode
    from game.engine.record import replay
    from game.engine.resources import load_mode_resources
    from game.engine.rng import ai_stream

    match = replay(record(PLACEMENT_MID, [], ai={}, seed=3)).match  # the fixture's seed
    resources = load_mode_resources(get_mode("strike"))
    cpu = make_cpu("normal", seat, ai_stream(match.seed, seat), resources)
    out = []
    for _ in range(count):
        decision = cpu.decide(match.view_json(seat))
        assert match.submit(decision).ok
        out.append(decision)
    match.close()
    return out


def test_place_for_me_places_the_rest_as_the_normal_cpu_would(window, strike):
    view = strike(PLACEMENT_MID, ai={})  # hot seat: the CPU plays neither seat
    expected = cpu_placements(0, 2)
    assert view.widget_shown(view.place_btn)
    save_shot(screenshot(window), "placement_place_for_me")
    click(window, view.place_btn.rect.center_x, view.place_btn.rect.center_y)
    step(window, 30)
    assert view.match.decisions == expected
    assert all(d["seat"] == 0 and d["type"] == "place" for d in view.match.decisions)
    units = {u["id"]: u for u in view.match.state_json()["board"]["units"]}
    assert all(units[uid]["pos"] is not None for uid in units if uid.startswith("p0."))
    assert view.acting == 1 and view.placing_for is None  # seat 1's turn to place, by hand
    assert view.widget_shown(view.place_btn)  # ... and its own Place for me


@pytest.mark.slow
def test_place_for_me_then_the_cpu_seat_places_and_combat_starts(window, strike):
    from game.scenes.strike.combat import CombatView

    view = strike(PLACEMENT_MID)  # the CPU plays seat 1
    click(window, view.place_btn.rect.center_x, view.place_btn.rect.center_y)
    for _ in range(200):
        step(window)
        if isinstance(window.current_view, CombatView):
            break
    assert isinstance(window.current_view, CombatView)
    assert view.match.decisions[:2] == cpu_placements(0, 2)


def test_place_for_me_is_hidden_while_the_cpu_places(window, strike):
    view = strike(PLACEMENT_MID, live=False)
    assert not view.widget_shown(view.place_btn)  # a still shot: nobody decides
