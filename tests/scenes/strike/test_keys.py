"""The keyboard path of the combat view (spec strike.md 8.4 "Keys", 8.1): an ability key
selects its unit and arms the ability (Q/W/E = P1, A/S/D = P2, Z/X/C = P3), a heal key acts at
once, holding 1/2/3 picks E1/E2/E3 and attacks at once, Esc cancels, SPACE passes when passing is
the only legal decision and fast-forwards an animation. Every test asserts the decisions the
keys submitted (or that none was).

The spec has no key that moves a unit or cycles targets without a held number: moving stays a
click on a blue tile, and the held number is the keyboard's way to choose among targets.
"""

from __future__ import annotations

import arcade
import pytest

from game.scenes.harness import click, screenshot
from tests.scenes.strike.strike_scene_helpers import COMBAT_MID, save_shot

K = arcade.key


def press(window, *keys: int) -> None:
    for key in keys:
        window.dispatch_event("on_key_press", key, 0)


def release(window, *keys: int) -> None:
    for key in keys:
        window.dispatch_event("on_key_release", key, 0)


def attack_with_held(window, number: int, key: int) -> None:
    """Hold a number key (1 = E1 ...) while pressing an ability key, then let go."""
    press(window, number, key)
    release(window, key, number)


def test_ability_key_selects_the_unit_and_arms_the_ability(window, strike):
    view = strike(COMBAT_MID)
    press(window, K.E)  # P1 Flame Embrace, ability 3: Fusion Surge (r3)
    assert view.selected == "p0.flame_embrace" and view.armed == 2
    assert view.rings == {"p1.boiling_storm"}  # the only enemy within r3
    assert not view.blue  # armed: no move tiles, red shrinks to the ability's range
    assert view.red and all(max(abs(c - 10), abs(r - 7)) <= 3 for c, r in view.red)
    save_shot(screenshot(window), "keys_armed")
    press(window, K.Z)  # another key re-arms: P3 Splash Hit (r2) has no target in reach
    assert view.selected == "p0.water_splash" and view.armed == 0 and view.rings == set()
    assert view.match.decisions == []


def test_armed_key_then_click_on_the_ringed_enemy_confirms(window, strike):
    view = strike(COMBAT_MID)
    press(window, K.E)
    click(window, *view.centre((10, 4)))  # E3
    assert view.match.decisions == [{"seat": 0, "type": "attack", "unit": "p0.flame_embrace",
                                      "attack": 2, "target": "p1.boiling_storm"}]


@pytest.mark.parametrize(("number", "target"), [
    (K.KEY_1, "p1.nature_zone"), (K.KEY_2, "p1.backstab_dash"), (K.KEY_3, "p1.boiling_storm"),
])
def test_held_number_chooses_the_target(window, strike, number, target):
    """E then 1/2/3: the same ability at E1, E2 or E3. Only E3 is within r3; the others are
    refused with the rules' words and change nothing."""
    view = strike(COMBAT_MID)
    attack_with_held(window, number, K.E)
    if target == "p1.boiling_storm":
        assert view.match.decisions == [{"seat": 0, "type": "attack",
                                          "unit": "p0.flame_embrace", "attack": 2,
                                          "target": target}]
    else:
        assert view.match.decisions == []
        assert view.last_reject == "OUT OF RANGE!"


def test_cycling_targets_with_held_numbers_until_one_is_in_range(window, strike):
    view = strike(COMBAT_MID)
    attack_with_held(window, K.KEY_1, K.E)
    attack_with_held(window, K.KEY_2, K.E)
    assert view.match.decisions == []
    attack_with_held(window, K.KEY_3, K.E)
    assert [d["target"] for d in view.match.decisions] == ["p1.boiling_storm"]


@pytest.mark.slow
def test_heal_key_acts_at_once(window, strike):
    view = strike(COMBAT_MID)
    press(window, K.W)  # P1 Nature Heal: no target, no arming
    assert view.match.decisions == [{"seat": 0, "type": "attack", "unit": "p0.flame_embrace",
                                      "attack": 1}]


def test_cooldown_and_dead_unit_keys(window, strike):
    view = strike(COMBAT_MID)
    press(window, K.C)  # P3 Fusion Whirl waits 2 turns: the rules' words, nothing submitted
    assert view.last_reject == "COOLDOWN 2!" and view.match.decisions == []
    press(window, K.A)  # P2 is KO: nothing selected, nothing submitted
    assert view.selected is None and view.match.decisions == []


def test_escape_cancels_then_opens_the_leave_dialog(window, strike):
    view = strike(COMBAT_MID)
    press(window, K.Q)
    assert view.selected == "p0.flame_embrace" and view.armed == 0
    press(window, K.ESCAPE)
    assert view.selected is None and view.armed is None and window.current_view is view
    assert view.match.decisions == []
    press(window, K.ESCAPE)
    dialog = window.current_view
    assert dialog is not view
    press(window, K.N)  # No: back to the match, nothing decided
    assert window.current_view is view and view.match.decisions == []


def test_right_click_cancels_an_armed_ability(window, strike):
    view = strike(COMBAT_MID)
    press(window, K.E)
    click(window, 5, 600, arcade.MOUSE_BUTTON_RIGHT)
    assert view.selected is None and view.armed is None
    click(window, *view.centre((10, 4)))  # E3 again: no armed unit, no attack
    assert view.match.decisions == []


@pytest.mark.slow
def test_keys_wait_while_an_action_animates_and_space_fast_forwards(window, strike):
    view = strike(COMBAT_MID, speed="normal")
    attack_with_held(window, K.KEY_3, K.E)
    assert len(view.match.decisions) == 1 and view.animating
    press(window, K.W)  # ignored while the attack plays (and it is the CPU's turn)
    assert len(view.match.decisions) == 1 and view.selected is None
    press(window, K.SPACE)
    assert not view.events  # fast-forwarded


PASS_ONLY = {
    "phase": "combat", "to_act": [0],
    "board": {"units": [
        {"owner": 0, "card": "flame_embrace", "pos": [3, 5],
         "statuses": {"burn": {"turns": 0, "value": 0}, "stun": 1, "root": 1,
                      "regen": {"turns": 0, "value": 0}}},
        {"owner": 1, "card": "nature_zone", "pos": [20, 5]},
    ]},
}


def test_space_passes_when_passing_is_the_only_legal_decision(window, strike):
    view = strike(PASS_ONLY)
    assert view.legal() == [{"seat": 0, "type": "pass"}]
    assert view.widget_shown(view.pass_btn)
    press(window, K.Q)  # stunned: the rules' words
    assert view.last_reject == "STUNNED!" and view.match.decisions == []
    press(window, K.SPACE)
    assert view.match.decisions[0] == {"seat": 0, "type": "pass"}


def test_space_does_not_pass_while_an_action_exists(window, strike):
    view = strike(COMBAT_MID)
    assert not view.widget_shown(view.pass_btn)
    press(window, K.SPACE)
    assert view.match.decisions == []
