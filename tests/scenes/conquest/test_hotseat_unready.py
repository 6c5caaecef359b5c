"""Hot-seat unready (spec conquest.md 4.3, 8; docs/conquest-screens.md "Hot-seat: taking the
screen back"): a ready seat may unready until the other seat readies, even after the curtain
has handed the screen on. It takes the screen back through the curtain, and only then, on its
own screen, is the unready submitted."""

from __future__ import annotations

import arcade
import pytest

from game.scenes.harness import click, key, screenshot, step
from tests.scenes.conquest.conquest_scene_helpers import decisions_to, save_shot


def blueish(rgb) -> bool:
    r, g, b = rgb
    return b > 170 and b > r + 60


def pass_curtain(window, seat: int):
    """The curtain for `seat` is up: that seat says who it is; returns the view behind it."""
    from game.scenes.conquest.overlays import CurtainView

    curtain = window.current_view
    assert isinstance(curtain, CurtainView) and curtain.seat == seat
    click(window, *curtain.button.rect.center)
    step(window, 2)
    return window.current_view


def seat1_after_seat0_ready(window, conquest, stage_decisions):
    """Seat 0 readied, the curtain passed the screen: seat 1's screen, seat 0 ready."""
    view = conquest(stage_decisions)
    assert view.viewer == 0
    key(window, arcade.key.ENTER)  # seat 0: Ready
    step(window, 2)
    seat1 = pass_curtain(window, 1)
    assert seat1.viewer == 1 and seat1.board["ready"] == [True, False]
    return seat1


@pytest.mark.slow
def test_ready_seat_takes_the_screen_back_through_the_curtain(window, conquest):
    from game.scenes.conquest.overlays import CurtainView
    from game.scenes.conquest.screens import PlacementView

    seat1 = seat1_after_seat0_ready(window, conquest, decisions_to("movement")[:10])
    assert seat1.widget_shown(seat1.reclaim_btn)
    assert seat1.reclaim_btn.text == "Player 1: Unready"
    n = len(seat1.match.decisions)
    click(window, *seat1.reclaim_btn.rect.center)
    step(window, 2)
    curtain = window.current_view
    assert isinstance(curtain, CurtainView) and curtain.seat == 0
    assert curtain.heading.text == "Pass to Player 1"
    assert len(seat1.match.decisions) == n  # nothing submitted before seat 0 is at the screen
    image = screenshot(window)
    save_shot(image, "curtain_take_back")
    colours = {c for _, c in image.convert("RGB").getcolors(1 << 20)}
    assert not any(blueish(c) for c in colours)  # no seat-1 unit anywhere on the curtain
    seat0 = pass_curtain(window, 0)
    assert isinstance(seat0, PlacementView) and seat0.viewer == 0
    assert seat1.match.decisions[-1] == {"seat": 0, "type": "unready"}
    assert not seat0.viewer_ready and seat0.can_act
    assert seat0.board["orders"][1] == "hidden"  # seat 1's placements stay secret
    assert seat0.widget_shown(seat0.ready_btn) and not seat0.widget_shown(seat0.reclaim_btn)
    save_shot(screenshot(window), "placement_taken_back")
    # editable: seat 0 moves a tank, readies again, and the screen goes back to seat 1
    assert seat0.place("p0.t1", "L05")
    key(window, arcade.key.ENTER)
    step(window, 2)
    seat1 = pass_curtain(window, 1)
    assert isinstance(seat1, PlacementView) and seat1.board["ready"] == [True, False]
    assert seat1.session.claim is None


@pytest.mark.slow
def test_taking_the_screen_back_by_key_can_be_cancelled(window, conquest):
    seat1 = seat1_after_seat0_ready(window, conquest, decisions_to("movement")[:10])
    n = len(seat1.match.decisions)
    key(window, arcade.key.U)
    step(window, 2)
    curtain = window.current_view
    assert curtain.seat == 0 and curtain.cancel_btn is not None
    assert "Back to Player 2" in curtain.cancel_btn.text
    click(window, *curtain.cancel_btn.rect.center)
    step(window, 2)
    back = pass_curtain(window, 1)  # the screen goes back to seat 1 through its own curtain
    assert back.viewer == 1 and back.board["ready"] == [True, False]
    assert len(back.match.decisions) == n and back.session.claim is None


@pytest.mark.slow
def test_cards_change_card_from_the_other_seats_screen(window, conquest):
    from game.scenes.conquest.screens import CardsView

    stage = [*decisions_to("cards"), {"seat": 0, "type": "choose_card", "card": "power5"}]
    seat1 = seat1_after_seat0_ready(window, conquest, stage)
    assert seat1.reclaim_btn.text == "Player 1: Change card"
    assert seat1.board["cards_chosen"][0] == "hidden"
    click(window, *seat1.reclaim_btn.rect.center)
    step(window, 2)
    seat0 = pass_curtain(window, 0)
    assert isinstance(seat0, CardsView) and seat0.viewer == 0 and not seat0.viewer_ready
    assert seat0.chosen() == "power5"  # the own choice is kept, now editable
    key(window, arcade.key.KEY_2)
    assert seat0.match.decisions[-1]["type"] == "choose_card"


def test_public_phase_takes_the_screen_back_without_a_curtain(window, conquest):
    from game.scenes.conquest.screens import CommanderView

    view = conquest([{"seat": 0, "type": "choose_commander", "commander": "tank"}],
                    setup_kind="commanders")
    key(window, arcade.key.ENTER)
    step(window, 2)
    seat1 = window.current_view  # commander select is public: no curtain
    assert isinstance(seat1, CommanderView) and seat1.viewer == 1
    assert seat1.widget_shown(seat1.reclaim_btn)
    click(window, *seat1.reclaim_btn.rect.center)
    step(window, 2)
    seat0 = window.current_view
    assert isinstance(seat0, CommanderView) and seat0.viewer == 0 and not seat0.viewer_ready
    assert view.match.decisions[-1] == {"seat": 0, "type": "unready"}


@pytest.mark.slow
def test_take_back_is_offered_only_while_the_other_seat_is_ready(window, conquest):
    view = conquest(decisions_to("movement")[:10])
    assert view.viewer == 0 and not view.widget_shown(view.reclaim_btn)  # nobody is ready
    conquest(decisions_to("movement")[:11], ai={"1": "easy"})  # seat 0 ready vs a CPU
    shown = window.current_view
    assert not shown.session.hotseat and shown.reclaim_seat() is None
    assert not shown.widget_shown(shown.reclaim_btn)
