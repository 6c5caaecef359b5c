"""Place for me (issue 25): the normal CPU's placement for the person's seat, submitted through
the rules as the person's own decisions; Ready stays the person's to press."""

from __future__ import annotations

import pytest

from game.scenes.harness import click, screenshot, step
from tests.scenes.conquest.conquest_scene_helpers import save_shot


def cpu_plan(view, seat: int) -> list[dict]:
    """The normal CPU's placement step for `seat` from its own `ai.<seat>` stream."""
    from game.ai.workers.conquest import think
    from game.engine.rng import ai_stream

    plan, _ = think("normal", seat, view.match.view_json(seat),
                    ai_stream(view.match.seed, seat).get_state())
    return plan


def placed(view, seat: int) -> dict[str, str]:
    return dict(view.match.state_json()["board"]["orders"][seat])


def press(window, button) -> None:
    click(window, button.rect.center_x, button.rect.center_y)


@pytest.mark.slow
def test_place_for_me_places_every_unit_as_the_normal_cpu_would(window, conquest):
    view = conquest()  # hot-seat Classic: seat 0 places
    plan = cpu_plan(view, 0)
    assert plan[-1] == {"seat": 0, "type": "ready"}
    press(window, view.place_btn)
    step(window, 30)
    assert view.match.decisions == plan[:-1]  # every placement, not the Ready
    assert not view.tray and not view.viewer_ready
    assert not view.ready_btn.disabled
    save_shot(screenshot(window), "placement_place_for_me")


def test_place_for_me_over_a_placement_of_ones_own_clears_it_first(window, conquest):
    view = conquest()
    full = cpu_plan(view, 0)
    click(window, *view.tray_tokens["p0.t1"].position)
    click(window, *view.grid.centre("L05"))
    assert placed(view, 0) == {"p0.t1": "L05"}
    plan = cpu_plan(view, 0)
    press(window, view.place_btn)
    step(window, 30)
    want = {u: d["to"] for d in full if d["type"] == "place" for u in d["units"]}
    assert placed(view, 0) == want and len(want) == 10
    assert view.match.decisions[1:] == [d for d in plan if d["type"] != "ready"]
