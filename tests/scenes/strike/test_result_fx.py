"""Strike result buttons (Watch / Save replay), rejection texts and event effects
(spec strike.md 8.4-8.5)."""

from __future__ import annotations

import json

import arcade
import pytest
from arcade.types import Color

from game.scenes.harness import click, screenshot, step
from tests.scenes.strike.strike_scene_helpers import COMBAT_MID, FINISHER, save_shot


def finish(window, board):
    """P1 finishes E1; returns the result view that `match_ended` opened."""
    from game.scenes.strike.result import ResultView

    click(window, *board.centre((5, 5)))
    click(window, *board.centre((7, 5)))
    for _ in range(200):
        step(window)
        if isinstance(window.current_view, ResultView):
            break
    assert isinstance(window.current_view, ResultView)
    return window.current_view


@pytest.mark.slow
def test_result_has_four_buttons(window, strike):
    view = finish(window, strike(FINISHER))
    step(window, 5)
    image = screenshot(window)
    save_shot(image, "result_buttons")
    assert [b.text for b in view.result_ui] == ["Play again", "Watch replay", "Save replay",
                                               "Main menu"]
    rects = [b.rect for b in view.result_ui]
    assert all(a.right < b.left for a, b in zip(rects, rects[1:], strict=False))  # side by side


def test_save_replay_writes_the_record(window, strike):
    from game.engine.record import match_record
    from game.paths import user_data_dir

    view = finish(window, strike(FINISHER))
    step(window)
    click(window, *view.save_btn.rect.center)
    path = view.saved_replay
    assert path is not None and path.parent == user_data_dir() / "replays"
    assert path.name.startswith("strike-3-") and path.suffix == ".json"
    assert json.loads(path.read_text()) == match_record(view.match)
    assert str(path) in view.toast.message
    assert not list(path.parent.glob("*.tmp*"))  # written atomically


@pytest.mark.slow
def test_watch_replay_steps_the_record_without_input(window, strike, strike_app):
    view = finish(window, strike(FINISHER))
    played = list(view.match.decisions)
    step(window)
    strike_app.settings.animation_speed = "normal"
    click(window, *view.watch_btn.rect.center)
    replay = window.current_view
    assert replay is not view and replay.__class__.__name__ == "CombatView"
    assert replay.session.replay_queue is not None and not replay.session.live
    assert replay.match.decisions == []
    click(window, *replay.centre((5, 5)))  # input is off: no selection, no decision
    assert replay.selected is None and replay.match.decisions == []
    window.dispatch_event("on_mouse_motion", 5, 5, 0, 0)
    shot = None
    for _ in range(400):
        step(window)
        if window.current_view is replay and replay.fx and shot is None:
            step(window, 2)
            shot = screenshot(window)
        if window.current_view.__class__.__name__ == "ResultView":
            break
    assert replay.match.decisions == played
    result = window.current_view
    assert result.__class__.__name__ == "ResultView" and result.session is replay.session
    assert result.result_texts[0].text == "VICTORY"
    assert shot is not None
    replay = result
    save_shot(shot, "replay_mid_attack")
    window.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    assert window.current_view is not replay


@pytest.mark.slow
def test_escape_leaves_a_running_replay(window, strike, strike_app):
    view = finish(window, strike(FINISHER))
    step(window)
    strike_app.settings.animation_speed = "normal"
    click(window, *view.watch_btn.rect.center)
    replay = window.current_view
    step(window, 2)
    window.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    assert window.current_view is not replay
    assert replay.session.closed


@pytest.mark.parametrize(("error", "words"), [
    ("out_of_range", "OUT OF RANGE!"), ("stunned", "STUNNED!"), ("rooted", "ROOTED!"),
    ("not_reachable", "NOT REACHABLE"), ("occupied", "OCCUPIED"),
])
def test_reject_words(error, words):
    from game.scenes.strike.look import reject_words

    assert reject_words(error, "x", {}, None) == words


def test_cooldown_rejection_floats_at_the_unit(window, strike):
    from game.scenes.animation import FloatingText

    view = strike(COMBAT_MID, speed="normal")
    step(window)
    window.dispatch_event("on_key_press", arcade.key.C, 0)  # P3's third ability: cd 2
    assert view.match.decisions == []
    assert view.last_reject == "COOLDOWN 2!"
    floats = [t for t in view.tweener._tweens if isinstance(t, FloatingText)]
    assert [f.text.text for f in floats] == ["COOLDOWN 2!"]
    sp = view.token_of["p0.water_splash"]
    assert abs(floats[0].x0 - sp.center_x) < 1
    step(window, 8)
    save_shot(screenshot(window), "reject_cooldown")


def test_big_hit_shakes_and_flashes(window, strike):
    view = strike(COMBAT_MID, speed="normal")
    step(window)
    view.play_event({"type": "damage_dealt", "unit": "p1.boiling_storm", "amount": 5, "hp": 22,
                     "source": "strike", "by": None, "roll": 0, "percent": 100})
    step(window)
    assert view.shake == (0.0, 0.0) and view.flashes
    view.play_event({"type": "damage_dealt", "unit": "p1.boiling_storm", "amount": 16, "hp": 6,
                     "source": "strike", "by": None, "roll": 0, "percent": 100})
    step(window, 2)
    assert view.shake != (0.0, 0.0)
    save_shot(screenshot(window), "hit_flash_shake")
    assert max(abs(v) for v in view.shake) <= 3.0
    step(window, 12)  # 0.2 s later
    assert view.shake == (0.0, 0.0) and not view.flashes


@pytest.mark.slow
def test_cooldown_ready_move_and_death_effects(window, strike):
    view = strike(COMBAT_MID, speed="normal")
    step(window)
    view.play_event({"type": "cooldown_ready", "unit": "p0.water_splash", "attack": 2})
    assert ("p0.water_splash", 2) in view.button_flash
    view.play_event({"type": "unit_moved", "unit": "p0.water_splash", "from": [9, 7],
                     "to": [8, 7], "path": [[9, 7], [8, 7]]})
    assert [f.kind for f in view.fx] == ["dust"]
    view.play_event({"type": "unit_died", "unit": "p1.backstab_dash"})
    assert [f.kind for f in view.fx] == ["dust", "ash"]
    step(window, 40)
    assert not view.button_flash
    assert view.token_of["p1.backstab_dash"].alpha == 0


@pytest.mark.slow
def test_every_animation_type_draws(window, strike):
    from game.scenes.strike.fx import TYPES, Fx

    view = strike(COMBAT_MID, speed="normal")
    step(window)
    keys = view.content.animations
    assert {spec.type for spec in keys.values()} <= set(TYPES)
    by_type = {}
    for key in sorted(keys):
        by_type.setdefault(keys[key].type, keys[key])
    scale = view.tile / 64
    for i, kind in enumerate(TYPES):  # a gallery: every type, from a real key, in a 5 x 4 grid
        spec = by_type.get(kind)
        a = view.centre((1 + (i % 5) * 4, 1 + (i // 5) * 2.6))
        b = view.centre((3 + (i % 5) * 4, 1 + (i // 5) * 2.6))
        size = (spec.size if spec else 30) * scale
        fx = Fx(kind, a, b, Color(*spec.colour) if spec else Color(255, 120, 40),
                Color(*spec.accent) if spec else Color(120, 220, 255), max(size, 6), 1.0,
                others=[a, b])
        view.fx.append(fx)
        view.tweener.add(fx)
        for t in (0.1, 0.45, 0.8):
            fx.t = t
            getattr(fx, f"_draw_{kind}")(t)
    for f in view.fx:  # labels, so the picture can be read
        view.tweener.float_text(f.kind, f.p0[0] + view.tile, f.p0[1] - view.tile * 0.9,
                                color=(230, 230, 230), font_size=10, rise=0, duration=1.2,
                                batch=view.batch)
    step(window, 27)
    save_shot(screenshot(window), "fx_gallery")
    step(window, 60)
    assert not view.fx


@pytest.mark.slow
def test_replay_view_applies_the_draft_then_steps_the_board(window, strike_app):
    from game.engine.record import match_record
    from game.scenes.strike.start import new_match, replay_view

    match = new_match(5, {1: "normal"})
    try:
        while match.phase == "draft":
            seat = match.view_json(0)["to_act"][0]
            assert match.submit(match.legal_decisions(seat)[0]).ok
        drafted = len(match.decisions)
        for _ in range(2):  # two placements
            seat = match.view_json(0)["to_act"][0]
            assert match.submit(match.legal_decisions(seat)[0]).ok
        record = match_record(match)
    finally:
        match.close()
    view = replay_view(strike_app, record)
    try:
        assert view.__class__.__name__ == "PlacementView"
        assert len(view.match.decisions) == drafted and len(view.session.replay_queue) == 2
        window.show_view(view)
        for _ in range(120):
            step(window)
        assert window.current_view is view
        assert len(view.match.decisions) == drafted + 2
        assert view.session.replay_queue is not None and not view.session.replay_queue
    finally:
        view.session.close()


@pytest.mark.slow
def test_shake_moves_board_labels_but_not_the_panel(window, strike):
    """The HP labels, status badges and floating numbers shake with the tokens (they live in
    `board_batch`, drawn through the shake camera); the panel's labels stay put."""
    view = strike(COMBAT_MID)
    step(window)
    hp_label = view.unit_texts["p1.boiling_storm"][0]
    x, y = int(hp_label.x), int(hp_label.y)
    still = screenshot(window)
    view.shake = (3.0, 0.0)  # held still: no tween resets it before the frame
    shaken = screenshot(window)
    view.shake = (0.0, 0.0)
    h = window.height

    def crop(image, left, top_gl, w=30, hh=12):
        return image.crop((left, h - top_gl, left + w, h - top_gl + hh)).tobytes()

    label_box = (x - 15, y + 6)
    assert crop(still, *label_box) != crop(shaken, *label_box)
    assert crop(still, *label_box) == crop(shaken, label_box[0] + 3, label_box[1])
    head = view.block_texts["p0.flame_embrace"][0]  # a panel label does not move
    panel_box = (int(head.x), int(head.y) + 6)
    assert crop(still, *panel_box, w=80) == crop(shaken, *panel_box, w=80)


def test_turn_badge_slides_in_on_turn_started(window, strike, strike_app):
    view = strike(COMBAT_MID, speed="normal")
    step(window)
    cx = view.turn_badge[0]
    assert view.badge.center_x == cx and view.badge_dx == 0.0
    view.play_event({"type": "turn_started", "seat": 1, "turn": 14, "round": 7})
    step(window, 3)
    first = view.badge_dx
    assert first > 0  # seat 1: in from the right
    assert view.badge.center_x == cx + first and view.turn_text.x == cx + first
    save_shot(screenshot(window), "turn_badge_slide")
    step(window, 3)
    assert 0 < view.badge_dx < first
    step(window, 20)
    assert view.badge_dx == 0.0 and view.badge.alpha == 255 and view.turn_text.x == cx
    view.play_event({"type": "turn_started", "seat": 0, "turn": 15, "round": 8})
    step(window)
    assert view.badge_dx < 0  # seat 0: in from the left
    strike_app.settings.animation_speed = "instant"
    view.play_event({"type": "turn_started", "seat": 1, "turn": 16, "round": 8})
    step(window)
    assert view.badge_dx == 0.0 and view.badge.alpha == 255  # instant: no slide
