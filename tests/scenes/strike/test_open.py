"""`open_strike`: new matches, CPU seats, autosave and continuing a saved record."""

from __future__ import annotations

from game.engine.modes import ModeLaunch
from game.scenes.harness import click, step
from tests.scenes.strike.strike_scene_helpers import show


def test_new_match_defaults_to_cpu_seat_1(window, strike_app):
    from game.scenes.strike.draft import DraftView
    from game.scenes.strike.start import open_strike

    view = open_strike(strike_app, ModeLaunch(mode="strike", seed=21))
    try:
        assert isinstance(view, DraftView)
        assert view.session.cpu == {1: "normal"} and view.session.me == 0
        show(window, view)
        card = view.state["board"]["hands"][1][2]
        sp = view.sprite_of[card]
        click(window, sp.center_x, sp.center_y)
        step(window, 3)
        assert view.match.decisions[0]["card"] == card
        assert strike_app.has_save("strike")  # autosaved after the decision
        record = strike_app.load_save("strike")
        assert record["decisions"][0] == view.match.decisions[0]
    finally:
        view.session.close()


def test_continue_a_saved_record_opens_the_board(window, strike_app):
    from game.scenes.strike.placement import PlacementView
    from game.scenes.strike.start import open_strike
    from tests.scenes.strike.strike_scene_helpers import PLACEMENT_MID, record

    rec = record(PLACEMENT_MID, [{"seat": 0, "type": "place", "tile": [1, 1]}],
                 ai={"1": "easy"})
    view = open_strike(strike_app, ModeLaunch(mode="strike", record=rec))
    try:
        assert isinstance(view, PlacementView)
        assert len(view.match.decisions) == 1
        assert view.session.cpu == {1: "easy"}
        show(window, view)
        assert "Next: P3 Water Splash" in view.action_text.text
    finally:
        view.session.close()


def test_hotseat_option_has_no_cpu(window, strike_app):
    from game.scenes.strike.start import open_strike

    view = open_strike(strike_app, ModeLaunch(mode="strike", seed=5, options={"hotseat": True}))
    try:
        assert view.session.cpu == {} and view.session.hotseat
    finally:
        view.session.close()
