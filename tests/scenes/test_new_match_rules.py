"""Every new match, in every screen, plays its mode's current rules, or the rules the player
chose (issue 27: Kingdom from the window played rules "1", its Rematch too)."""

from __future__ import annotations

import pytest

from game.engine.modes import ModeLaunch, get_mode
from game.scenes.harness import click, step


def started(window, app, launch: ModeLaunch):
    """The match of the first screen `launch` opens (conquest's setup screen: its Start)."""
    view = app.start_mode(launch)
    step(window, 2)
    if launch.mode == "conquest":
        click(window, *view.rows["opponent"].buttons["hotseat"].rect.center)
        click(window, *view.start_btn.rect.center)
        step(window, 2)
        view = window.current_view
    return view, view.match


def closed(view) -> None:
    session = getattr(view, "session", None)
    if session is not None:
        session.close()
    else:
        view.on_leave()


LAUNCHES = {
    "strike": ModeLaunch(mode="strike", options={"hotseat": True}),
    "kingdom": ModeLaunch(mode="kingdom", cpu={1: "easy"}),
    "conquest": ModeLaunch(mode="conquest", cpu={1: "easy"}),
}


@pytest.mark.parametrize("mode", sorted(LAUNCHES))
def test_a_new_match_from_the_window_plays_the_current_rules(window, app, mode):
    view, match = started(window, app, LAUNCHES[mode])
    try:
        assert match.rules.rules_version == get_mode(mode).rules_version
        assert match.state_json()["rules"] == get_mode(mode).rules_version
    finally:
        closed(view)


@pytest.mark.slow
@pytest.mark.parametrize("mode", sorted(LAUNCHES))
def test_the_chosen_original_rules_hold_for_the_mode_s_new_matches(window, app, mode):
    launch = LAUNCHES[mode]
    chosen = ModeLaunch(mode=mode, cpu=launch.cpu, options=launch.options, rules="1")
    view, match = started(window, app, chosen)
    try:
        assert match.rules.rules_version == "1"
    finally:
        closed(view)
    assert app.rules_for(mode) == "1"  # Rematch, New Deck: the chosen rules
    view, match = started(window, app, launch)  # the menu's Start keeps the choice too
    try:
        assert match.rules.rules_version == "1"
    finally:
        closed(view)


def test_a_saved_match_plays_its_own_rules_whatever_is_chosen(window, app):
    from game.engine.record import new_record

    app.rules_choice["kingdom"] = "1"
    record = new_record("kingdom", "2", 8, {"ai": {"1": "easy"}})
    view = app.start_mode(ModeLaunch(mode="kingdom", record=record))
    try:
        assert view.match.rules.rules_version == "2"
    finally:
        view.on_leave()


def test_conquest_s_setup_screen_offers_the_original_rules_with_what_differs(window, app):
    from game.systems.conquest.card import CARD

    view = app.start_mode(ModeLaunch(mode="conquest", cpu={1: "easy"}))
    step(window, 2)
    rules = view.rows["rules"]
    assert rules.value == "2" and view.rules_label.text == "Rules 2, the current rules."
    click(window, *rules.buttons["1"].rect.center)
    assert app.rules_choice == {"conquest": "1"}
    assert view.rules_label.text == f"Original rules: {CARD.rules_changes['1']}"
    click(window, *view.rows["opponent"].buttons["hotseat"].rect.center)
    click(window, *view.start_btn.rect.center)
    step(window, 2)
    board = window.current_view
    try:
        assert board.match.rules.rules_version == "1"
    finally:
        board.session.close()
