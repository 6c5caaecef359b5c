"""`open_strike`: new matches, CPU seats, autosave and continuing a saved record."""

from __future__ import annotations

import pytest

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


@pytest.mark.slow
def test_start_over_a_saved_match_asks_before_anything_is_replaced(window, strike_app):
    from game import paths
    from game.scenes.menu import MainMenuView
    from game.scenes.strike.draft import DraftView
    from tests.scenes.strike.strike_scene_helpers import PLACEMENT_MID, record

    saved = record(PLACEMENT_MID, [{"seat": 0, "type": "place", "tile": [1, 1]}],
                   ai={"1": "easy"})
    strike_app.save_match(saved)
    before = (paths.saves_dir() / "strike.json").read_bytes()
    menu = show(window, strike_app.show_menu())
    assert isinstance(menu, MainMenuView)
    click(window, *menu.start_buttons["strike"].rect.center)
    assert window.current_view is menu and menu.replacing is not None
    step(window)
    click(window, *menu.replace_buttons["cancel"].rect.center)
    assert (paths.saves_dir() / "strike.json").read_bytes() == before
    step(window)
    click(window, *menu.start_buttons["strike"].rect.center)
    step(window)
    click(window, *menu.replace_buttons["start"].rect.center)
    view = window.current_view
    try:
        assert isinstance(view, DraftView)
        assert (paths.saves_dir() / "strike.json").read_bytes() == before
    finally:
        view.session.close()


def test_esc_says_truly_whether_the_match_is_saved(window, strike_app):
    from game import paths
    from game.scenes.menu import MainMenuView
    from game.scenes.strike import leave
    from game.scenes.strike.start import open_strike

    view = open_strike(strike_app, ModeLaunch(mode="strike", seed=21))
    try:
        show(window, view)
        dialog = view.open_pause()
        assert dialog.text.text == leave.NOTHING_PLAYED  # nothing was saved yet
        dialog.back()
        card = view.state["board"]["hands"][1][2]
        sp = view.sprite_of[card]
        click(window, sp.center_x, sp.center_y)
        step(window, 3)
        assert view.open_pause().text.text == leave.SAVED
        window.show_view(view)
        (paths.saves_dir() / "strike.json").unlink()  # as if the autosave had failed
        dialog = view.open_pause()
        assert dialog.text.text == leave.WILL_SAVE
        dialog.leave()
        assert isinstance(window.current_view, MainMenuView) and view.session.closed
        saved = strike_app.load_save("strike")
        assert saved["decisions"] == view.match.decisions
    finally:
        view.session.close()
