"""Strike screens: each phase renders at a mid-match position, and mouse/keys submit the
right decisions (spec strike.md section 8)."""

from __future__ import annotations

import arcade
import pytest

from game.scenes.harness import click, screenshot, step
from game.scenes.strike.board import HP_LABEL_ROOM
from tests.scenes.strike.strike_scene_helpers import (
    COMBAT_MID,
    DRAFT_MID,
    FINISHER,
    PLACEMENT_MID,
    pixel,
    save_shot,
)


def bright(rgb) -> int:
    return sum(rgb)


# -- draft ------------------------------------------------------------------------------------
def test_draft_renders_both_hands_and_decks(window, strike):
    view = strike(DRAFT_MID)
    image = screenshot(window)
    save_shot(image, "draft_mid")
    # the enemy's Flame Embrace (fire) and our Aqua Trail (water) show their header colours
    fire = view.sprite_of["flame_embrace"]
    r, g, b = pixel(image, fire.center_x, fire.top - 12)
    assert r > 200 and b < 120, (r, g, b)
    water = view.sprite_of["aqua_trail"]
    r, g, b = pixel(image, water.center_x, water.top - 12)
    assert b > 200 and r < 120, (r, g, b)
    assert fire.center_y > water.center_y  # enemy hand on top
    # decks at the edges: P1 on the left, E1 on the right
    assert view.sprite_of["backstab_dash"].center_x < 200
    assert view.sprite_of["water_splash"].center_x > window.width - 200
    assert view.pill_text.text == "YOUR TURN"
    assert view.enemy_caption.text.startswith("ENEMY HAND")


def test_click_enemy_card_steals_then_cpu_picks(window, strike):
    view = strike(DRAFT_MID)
    target = view.sprite_of["whirl_trail"]
    click(window, target.center_x, target.center_y)
    step(window, 3)
    decisions = view.match.decisions
    assert decisions[0] == {"seat": 0, "type": "steal", "card": "whirl_trail"}
    assert decisions[1]["seat"] == 1  # the CPU answered
    assert "whirl_trail" in view.state["board"]["decks"][0]
    assert view.sprite_of["whirl_trail"].center_x < 200  # flew to the deck column


def test_the_cpus_pick_reads_cpu_in_capitals(window, strike):
    """Issue 27: the CPU's steal read "Cpu stole …"."""
    from game.scenes.strike.base import sentence_case

    view = strike(DRAFT_MID)
    card = view.state["board"]["hands"][0][0]
    view.play_event({"type": "card_taken", "seat": 1, "how": "steal", "card": card})
    assert view.message == f"CPU stole {view.card(card).name}"
    assert sentence_case("PLAYER 2 (REMOTE)") == "Player 2 (remote)"


def test_click_own_card_retains(window, strike):
    view = strike(DRAFT_MID)
    target = view.sprite_of["nature_zone"]
    click(window, target.center_x, target.center_y)
    assert view.match.decisions[0] == {"seat": 0, "type": "retain", "card": "nature_zone"}


def test_hover_shows_card_tooltip(window, strike):
    view = strike(DRAFT_MID)
    sp = view.sprite_of["ember_vine"]
    window.dispatch_event("on_mouse_motion", sp.center_x, sp.center_y, 0, 0)
    step(window, 2)
    assert view.tip.visible
    assert "Cooldown" in view.tip.text.text and "Burn: 5 damage" in view.tip.text.text
    save_shot(screenshot(window), "draft_hover")


@pytest.mark.slow
def test_draft_end_continue_opens_board(window, strike):
    from game.scenes.strike.placement import PlacementView

    view = strike(DRAFT_MID, ai={})  # hot seat: both seats pick by clicking
    for _ in range(4):
        seat = view.acting
        card = view.state["board"]["hands"][1 - seat][0]
        sp = view.sprite_of[card]
        click(window, sp.center_x, sp.center_y)
        step(window, 2)
    assert view.state["phase"] == "placement"
    assert "Draft complete" in view.banner_text.text
    save_shot(screenshot(window), "draft_done")
    window.dispatch_event("on_key_press", arcade.key.SPACE, 0)
    assert isinstance(window.current_view, PlacementView)


# -- placement --------------------------------------------------------------------------------
def test_placement_renders_zones_and_places_by_click(window, strike):
    view = strike(PLACEMENT_MID)
    x, y = view.centre((5, 5))
    window.dispatch_event("on_mouse_motion", x, y, 0, 0)
    image = screenshot(window)
    save_shot(image, "placement_mid")
    r, g, b = pixel(image, *view.centre((8, 9)))  # own zone: teal tint
    assert g > r
    r, g, b = pixel(image, *view.centre((15, 9)))  # enemy zone: coral tint
    assert r > g
    assert view.round_text.text == "PLACE YOUR UNITS"
    assert "Next: P2 Nature Wave" in view.action_text.text
    click(window, x, y)
    assert view.match.decisions[0] == {"seat": 0, "type": "place", "tile": [5, 5]}


def test_placement_rejects_outside_zone(window, strike):
    view = strike(PLACEMENT_MID)
    click(window, *view.centre((15, 5)))
    assert view.match.decisions == []
    assert "zone" in view.last_reject.lower()
    click(window, *view.centre((3, 2)))  # P1 stands there
    assert view.match.decisions == []
    assert view.last_reject == "OCCUPIED"


@pytest.mark.slow
def test_placement_to_combat_with_cpu(window, strike):
    from game.scenes.strike.combat import CombatView

    view = strike(PLACEMENT_MID)
    click(window, *view.centre((5, 5)))
    step(window, 2)
    click(window, *view.centre((6, 8)))
    step(window, 12)
    assert view.state["phase"] == "combat"
    combat = window.current_view  # combat_started handed the session over
    assert isinstance(combat, CombatView) and combat.session is view.session
    assert sum(1 for u in combat.state["board"]["units"] if u["pos"]) == 6
    assert len(combat.tokens) == 6
    assert combat.turn_text.text == "YOUR TURN"


@pytest.mark.slow
def test_fight_banner_then_combat_view(window, strike):
    """At normal speed: the CPU's last token fades in, FIGHT! shows 0.8 s in the placement
    view, then the combat view opens and plays the events that follow."""
    from game.scenes.strike.combat import CombatView

    view = strike(PLACEMENT_MID, speed="normal")
    click(window, *view.centre((5, 5)))
    for _ in range(120):
        step(window)
        if view.human_to_act and not view.animating:
            break
    click(window, *view.centre((6, 8)))
    assert len(view.match.decisions) == 2  # then the CPU places its three
    seen_banner = False
    for _ in range(600):
        step(window)
        if window.current_view is view and view.banner == "FIGHT!" and not seen_banner:
            seen_banner = True
            save_shot(screenshot(window), "placement_fight")
        if isinstance(window.current_view, CombatView):
            break
    assert seen_banner
    assert isinstance(window.current_view, CombatView)
    assert not view.events  # the remaining events went to the combat view


# -- combat -----------------------------------------------------------------------------------
def test_combat_renders_board_units_flames_and_panels(window, strike):
    view = strike(COMBAT_MID)
    image = screenshot(window)
    save_shot(image, "combat_mid")
    # a flame tile that no unit covers: orange overlay
    x, y = view.centre((10, 5))
    r, g, b = pixel(image, x + view.tile * 0.3, y)
    assert r > 120 and r > b + 60, (r, g, b)
    # P1's token in the teal seat colour, E3's in coral
    r, g, b = pixel(image, *view.centre((10, 7)))
    assert g > r
    r, g, b = pixel(image, *view.centre((10, 4)))
    assert r > g
    assert view.turn_text.text == "YOUR TURN"
    assert view.round_text.text == "Round 7 / 150"
    texts = {k: t[1].text for k, t in view.block_texts.items()}
    assert texts["p0.nature_wave"] == "KO"
    assert texts["p0.flame_embrace"] == "HP 19/50"
    assert view.buttons[("p0.water_splash", 2)].text == "WAIT 2"
    assert view.buttons[("p0.water_splash", 0)].text.startswith("[Z]")
    assert ("p1.backstab_dash", 0) not in view.buttons  # the CPU's rows are drawn, not gui
    assert view.ability_label("p1.backstab_dash", 0) == "STUNNED"
    assert view.ability_label("p1.boiling_storm", 2) == "WAIT 2"


def test_a_units_tooltip_leaves_its_moves_targets_and_the_turn_badge_in_sight(window,
                                                                             strike):
    """Issue 27: the unit tooltip (about 320 x 200) opened over the move tiles, the target
    and the turn pill. It goes beside the unit, clear of them."""
    from game.scenes.harness import move

    view = strike(COMBAT_MID)
    for tile in ((9, 7), *[tuple(u["pos"]) for u in view.state["board"]["units"]
                            if u["pos"] is not None]):
        click(window, *view.centre((9, 7)))  # P3 selected: its moves and targets lit
        move(window, *view.centre(tile))
        step(window)
        if not view.tip.visible:
            continue
        left, right, bottom, top = view.tip.box
        box = arcade.LRBT(left, right, bottom, top)
        t = view.tile
        keep = [arcade.XYWH(*view.centre(x), t - 2, t - 2)
                for x in {*view.blue, tile,
                          *[tuple(view.unit_json(u)["pos"]) for u in view.rings]}]
        cx, cy, bw, bh = view.turn_badge
        keep.append(arcade.XYWH(cx, cy, bw, bh))
        covered = [r for r in keep if box.left < r.right and r.left < box.right
                   and box.bottom < r.top and r.bottom < box.top]
        assert covered == [], (tile, box, covered)


@pytest.mark.slow
def test_select_shows_blue_and_red_and_move_submits(window, strike):
    view = strike(COMBAT_MID)
    click(window, *view.centre((9, 7)))  # P3 Water Splash
    image = screenshot(window)
    save_shot(image, "combat_selected")
    assert view.selected == "p0.water_splash"
    legal = {tuple(d["to"]) for d in view.match.legal_decisions(0)
             if d["type"] == "move" and d["unit"] == "p0.water_splash"}
    assert set(view.blue) == legal
    bx, by = view.centre((8, 8))
    assert (8, 8) in legal
    r, g, b = pixel(image, bx, by)
    assert b > r + 40, (r, g, b)
    assert view.red and not (view.red & set(view.blue))
    click(window, bx, by)
    assert view.match.decisions[0] == {"seat": 0, "type": "move", "unit": "p0.water_splash",
                                       "to": [8, 8]}


@pytest.mark.slow
def test_click_enemy_attacks_and_animates(window, strike):
    view = strike(COMBAT_MID, speed="normal")
    click(window, *view.centre((10, 7)))  # P1 Flame Embrace, E3 three tiles up
    assert "p1.boiling_storm" in view.rings
    click(window, *view.centre((10, 4)))
    d = view.match.decisions[0]
    assert d["type"] == "attack" and d["unit"] == "p0.flame_embrace"
    assert d["target"] == "p1.boiling_storm"
    assert view.animating
    window.dispatch_event("on_mouse_motion", 5, 5, 0, 0)  # no tooltip over the effect
    frames = []
    for i in range(12):
        step(window)
        if i == 4:
            frames.append(screenshot(window))
    save_shot(frames[0], "combat_attack_anim")
    for _ in range(240):
        step(window)
        if not view.animating and view.acting == 0:
            break
    assert view.match.decisions[1]["seat"] == 1  # the CPU answered after the animation


def test_ability_button_arms_then_target(window, strike):
    view = strike(COMBAT_MID)
    step(window)
    btn = view.buttons[("p0.flame_embrace", 2)]  # Fusion Surge, range 3
    click(window, *btn.rect.center)
    assert view.selected == "p0.flame_embrace" and view.armed == 2
    assert view.rings == {"p1.boiling_storm"}
    click(window, *view.centre((10, 4)))
    assert view.match.decisions[0] == {"seat": 0, "type": "attack", "unit": "p0.flame_embrace",
                                       "attack": 2, "target": "p1.boiling_storm"}


def test_key_with_held_number_attacks(window, strike):
    view = strike(COMBAT_MID)
    window.dispatch_event("on_key_press", arcade.key.KEY_3, 0)
    window.dispatch_event("on_key_press", arcade.key.E, 0)
    window.dispatch_event("on_key_release", arcade.key.KEY_3, 0)
    assert view.match.decisions[0] == {"seat": 0, "type": "attack", "unit": "p0.flame_embrace",
                                       "attack": 2, "target": "p1.boiling_storm"}


@pytest.mark.slow
def test_illegal_attack_shows_reason(window, strike):
    view = strike(COMBAT_MID)
    click(window, *view.centre((9, 7)))  # P3, E1 far away
    click(window, *view.centre((17, 9)))
    assert view.match.decisions == []
    assert view.last_reject == "OUT OF RANGE!"


# -- result -----------------------------------------------------------------------------------
def test_result_overlay_and_play_again(window, strike):
    from game.scenes.strike.result import ResultView

    board = strike(FINISHER)
    click(window, *board.centre((5, 5)))
    click(window, *board.centre((7, 5)))
    step(window, 3)
    assert board.state["result"] == {"winner": 0, "reason": "elimination"}
    view = window.current_view  # match_ended opened the result view
    assert isinstance(view, ResultView) and view.session is board.session
    image = screenshot(window)
    save_shot(image, "result_victory")
    assert view.result_texts[0].text == "VICTORY"
    assert view.result_texts[1].text == "All enemy units defeated"
    assert view.stats[0]["damage"] >= 3
    click(window, *view.again_btn.rect.center)
    new = window.current_view
    assert new is not view and new.__class__.__name__ == "DraftView"
    assert new.match.rules.rules_version == "2"  # a new match: the current rules
    new.session.close()


# -- shell ------------------------------------------------------------------------------------
def test_help_overlay_opens_with_h(window, strike):
    from game.scenes.widgets import HelpOverlay

    strike(COMBAT_MID)
    window.dispatch_event("on_key_press", arcade.key.H, 0)
    step(window)
    assert isinstance(window.current_view, HelpOverlay)
    save_shot(screenshot(window), "help")
    window.dispatch_event("on_key_press", arcade.key.H, 0)


def test_escape_clears_selection_then_pauses(window, strike):
    view = strike(COMBAT_MID)
    click(window, *view.centre((9, 7)))
    window.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    assert view.selected is None and window.current_view is view
    window.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    dialog = window.current_view
    assert dialog is not view
    step(window)
    save_shot(screenshot(window), "leave_dialog")
    click(window, *dialog.no.rect.center)
    assert window.current_view is view
    window.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    step(window)
    click(window, *window.current_view.yes.rect.center)
    assert type(window.current_view).__name__ == "MainMenuView"
    assert view.session.closed


@pytest.mark.parametrize("setup,name", [(DRAFT_MID, "draft"), (PLACEMENT_MID, "placement"),
                                        (COMBAT_MID, "combat"), (FINISHER, "over")])
def test_shot_view_every_phase(window, strike_app, setup, name):
    from game.engine.record import replay
    from game.scenes.strike.start import shot_view
    from tests.scenes.strike.strike_scene_helpers import record, show

    decisions = []
    if name == "over":
        decisions = [{"seat": 0, "type": "attack", "unit": "p0.flare_counter", "attack": 0,
                      "target": "p1.nature_wave"}]
    match = replay(record(setup, decisions, ai={"1": "normal"})).match
    view = show(window, shot_view(strike_app, match), frames=3)
    image = screenshot(window)
    save_shot(image, f"shot_{name}")
    assert len(match.decisions) == len(decisions)  # a shot never lets the CPU move
    assert bright(pixel(image, window.width / 2, window.height / 2)) > 0
    view.session.close()


@pytest.mark.parametrize("size", [(1472, 964), (1024, 700)])
def test_layout_follows_window_size(window, strike, size):
    view = strike(COMBAT_MID)
    old = (window.width, window.height)
    try:
        window.set_size(*size)
        window.dispatch_event("on_resize", *size)
        step(window, 2)
        image = screenshot(window)  # the headless framebuffer keeps 1280 x 720: no PNG
        panel = int(size[1] * 0.27)
        expected = int(min(size[0] / 23, (size[1] - panel - 8 - HP_LABEL_ROOM) / 11))
        assert view.tile == expected
        r, g, b = pixel(image, *view.centre((10, 7)))  # P1 still drawn on its tile
        assert g > r
    finally:
        window.set_size(*old)
        window.dispatch_event("on_resize", *old)
        step(window)


@pytest.mark.slow
def test_picked_card_flies_then_flips(window, strike, strike_app):
    from game.scenes.strike.draft import card_back

    view = strike(DRAFT_MID, speed="normal")
    sp = view.sprite_of["whirl_trail"]
    click(window, sp.center_x, sp.center_y)
    assert view.match.decisions[0]["card"] == "whirl_trail"
    widths, backs = [], 0
    shot = None
    for _ in range(45):  # 0.35 s flight, then a 0.3 s turn
        step(window)
        widths.append(sp.width)
        if sp.texture is card_back(0):
            backs += 1
            if shot is None and sp.width > 20:
                shot = screenshot(window)
    assert backs > 0  # its back showed while it turned
    assert min(widths[21:]) < 0.3 * widths[-1]  # squeezed edge-on mid-turn
    x, y, sc = view.home["whirl_trail"]
    face = view.face("whirl_trail", sc)  # in the deck: the mini card, painted at its size
    assert sp.texture is face and face.width == round(150 * sc)
    assert (sp.center_x, sp.center_y) == (x, y)
    assert abs(sp.width - 150 * sc) < 0.5 and abs(sp.height - 210 * sc) < 0.5
    save_shot(shot, "draft_flip")


def test_instant_speed_skips_the_flip(window, strike):
    view = strike(DRAFT_MID)  # instant
    sp = view.sprite_of["whirl_trail"]
    click(window, sp.center_x, sp.center_y)
    x, y, sc = view.home["whirl_trail"]
    assert sp.texture is view.face("whirl_trail", sc) and not len(view.tweener)
    assert (sp.center_x, sp.center_y) == (x, y) and abs(sp.width - 150 * sc) < 0.5


def test_dealt_hands_turn_face_up(window, strike_app):
    from game.scenes.harness import step as run
    from game.scenes.strike.draft import card_back
    from game.scenes.strike.start import new_match, view_for

    strike_app.settings.animation_speed = "normal"
    view = view_for(strike_app, new_match(11, {1: "normal"}))
    try:
        window.show_view(view)
        run(window)
        hands = view.state["board"]["hands"]
        first = view.sprite_of[hands[view.top_seat][0]]
        last = view.sprite_of[hands[view.viewer][-1]]
        assert first.texture is not card_back(1) or first.width < 150  # already turning
        assert last.texture is card_back(0)  # the last one still waits, face down
        save_shot(screenshot(window), "draft_reveal")
        run(window, 60)
        assert all(view.sprite_of[c].texture is not card_back(s)
                   for s in (0, 1) for c in hands[s])
        assert not view.match.decisions  # the human seat 0 picks first
    finally:
        view.session.close()


@pytest.mark.slow
def test_the_hover_tooltip_follows_the_hp_under_a_still_mouse(window, strike):
    """Issue 14: the tooltip of a hovered unit shows its HP after a hit, without the mouse
    moving (it kept the HP of the moment the mouse arrived)."""
    view = strike(COMBAT_MID)
    window.dispatch_event("on_mouse_motion", *view.centre((10, 4)), 0, 0)  # E3 Boiling Storm
    step(window)
    before = next(u for u in view.state["board"]["units"] if u["id"] == "p1.boiling_storm")
    assert f"HP {before['hp']}/{before['max_hp']}" in view.tip.text.text
    assert view.submit({"seat": 0, "type": "attack", "unit": "p0.flame_embrace",
                        "attack": 2, "target": "p1.boiling_storm"})
    for _ in range(240):
        step(window)
        if not view.animating:
            break
    after = next(u for u in view.match.view_json(0)["board"]["units"]
                 if u["id"] == "p1.boiling_storm")
    assert after["hp"] < before["hp"]
    assert view.tip.visible
    assert f"HP {after['hp']}/{after['max_hp']}" in view.tip.text.text


@pytest.mark.parametrize(("rules", "seed", "line"), [
    ("2", 1, "The deal chose the CPU to pick first"),
    ("2", 2, "The deal chose you to pick first"),
    ("1", 1, ""),  # rules "1": seat 0 always starts, nothing to tell
])
def test_the_draft_says_who_the_deal_chose_to_pick_first(window, strike_app, rules, seed, line):
    from game.engine.record import build_match, new_record
    from game.scenes.strike.start import view_for

    match = build_match(new_record("strike", rules, seed, {"ai": {"1": "normal"}}))
    view = view_for(strike_app, match, live=False)
    try:
        assert view.message == line
    finally:
        view.session.close()


def test_the_last_events_wait_runs_out_and_the_screen_rests(window, strike):
    """After the last queued event its own time runs out (it kept the screen drawing at 60
    frames a second, for ever, when it was only counted down while events were queued)."""
    view = strike(COMBAT_MID)
    step(window, 2)
    view.events.clear()
    view.event_wait = 0.2  # what the last event's animation asked for
    assert view.is_animating()
    step(window, 15)  # 0.25 s at normal speed
    assert view.event_wait == 0.0 and not view.is_animating()
    view.session.close()
