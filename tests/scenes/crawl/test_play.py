"""The play view, driven through the shared headless window: rendering, drag and drop,
click to move, keyboard, the Hint, queued input, saving, the end of a run."""

from __future__ import annotations

import arcade
import pytest

from game.engine.record import match_record
from game.scenes.crawl import look
from game.scenes.crawl.end import EndView
from game.scenes.crawl.layout import PlayLayout
from game.scenes.crawl.play import BUTTON_GAP, PlayView, button_specs, move_decision
from game.scenes.harness import click, close_to, key, move, pixel, screenshot, step
from tests.scenes.crawl.crawl_scene_helpers import MID_RUN, press_and_drag, release, save_shot

TROLL_HIT = {"seat": 0, "type": "move", "from": "board", "from_index": 0, "to": "hero"}


def greenish(color) -> bool:
    r, g, b = color[:3]
    return g > r + 40 and g > b + 30


def body_pixel(view, img, place):
    """A pixel of a card's tinted body: inside its border, left of the art window."""
    rect = view.lay.places[place]
    return pixel(img, rect.left + 9, rect.center_y)


def test_mid_run_position_renders(window, play):
    view = play(MID_RUN)
    img = screenshot(window)
    save_shot(img, "play_mid_run")
    assert close_to(body_pixel(view, img, "board.0"), look.TYPE_COLORS["enemy"], 8)
    assert close_to(body_pixel(view, img, "board.3"), look.TYPE_COLORS["spell"], 8)
    assert close_to(body_pixel(view, img, "backpack"), look.TYPE_COLORS["potion"], 8)
    # the empty slot shows the felt through its frame, not a card tint
    assert not close_to(body_pixel(view, img, "board.1"), look.TYPE_COLORS["enemy"], 30)
    # the HP bar is 9/13 of its track
    track, bar = view.hp_track, view.hp_bar
    full = view._hp_bar_full
    assert bar.width == pytest.approx(full * 9 / 13, abs=1)
    edge = track.left + full * 9 / 13
    assert close_to(pixel(img, edge - 4, track.center_y), look.HP_RED, 12)
    assert close_to(pixel(img, edge + 4, track.center_y), look.HP_BACK, 12)
    # the texts of the position
    assert view.hp_text.text == "9 / 13" and view.gold_text.text == "41"
    assert view.turn_text.text == "Turn 41" and "Seed 1" in view.info_text.text
    assert view.buttons["rebuy"].text == "Rebuy (−7 HP)"
    assert view.deck_text.text == "3"
    troll = view.cards["e9b"]
    assert troll.value_text.text == "5" and troll.initial_text.text == "9"  # wounded: 9 struck
    assert troll.value_text.color[:3] == tuple(look.WOUND_RED[:3])
    assert view.cards["swap"].kind_text.text == "Target"
    # Revive is lit, Deflect is not
    revive, deflect = view.badges["can_revive"], view.badges["reflect_damage"]
    lit = pixel(img, revive.center_x, revive.top - 2)
    unlit = pixel(img, deflect.center_x, deflect.top - 2)
    assert sum(lit) > sum(unlit) + 120


def test_dragging_lights_legal_destinations_green(window, play):
    view = play(MID_RUN)
    lay = view.lay
    press_and_drag(window, lay.center("board.0"), lay.center("hero"))
    assert view.sel is not None and view.sel.mode == "drag"
    assert set(view.sel.decisions) == {"left_hand", "hero"}  # the match's legal list
    img = screenshot(window)
    save_shot(img, "play_dragging")

    def rim(place):
        rect = lay.places[place]
        return pixel(img, rect.left - 3, rect.center_y)

    assert greenish(rim("left_hand")) and greenish(rim("hero"))
    assert not greenish(rim("chest")) and not greenish(rim("backpack"))
    assert view.caption.text == "Hit: −5 HP"  # the preview of the hovered destination
    move_to = lay.center("left_hand")
    window.dispatch_event("on_mouse_drag", *move_to, 0, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    assert view.caption.text == "Block: shield breaks, −3 HP"
    release(window, move_to)


def test_illegal_drop_snaps_back_with_the_rejection_message(window, play, monkeypatch):
    view = play(MID_RUN, speed="normal")
    played = []
    monkeypatch.setattr(view.app.sounds, "play", lambda name, *a, **k: played.append(name))
    lay = view.lay
    troll = view.cards["e9b"]
    home = troll.home
    press_and_drag(window, lay.center("board.0"), lay.center("chest"))
    assert troll.position != home
    release(window, lay.center("chest"))
    assert view.match.decisions == []  # refused: nothing changed
    assert view.toast.visible and view.toast.message == "That card can't go there."
    assert played == ["reject"]  # error2.wav
    step(window, 12)  # 150 ms ease-out
    assert troll.position == pytest.approx(home)
    assert troll.layer is view.table
    step(window, 90)
    assert not view.toast.visible  # shown for 1.5 s


@pytest.mark.slow
def test_drop_back_on_the_source_does_nothing(window, play):
    view = play(MID_RUN)
    lay = view.lay
    press_and_drag(window, lay.center("board.0"), lay.center("board.1"), steps=3)
    window.dispatch_event("on_mouse_drag", *lay.center("board.0"), 0, 0,
                          arcade.MOUSE_BUTTON_LEFT, 0)
    release(window, lay.center("board.0"))
    step(window, 3)
    assert view.match.decisions == [] and not view.toast.visible


def test_legal_drop_submits_the_move(window, play):
    view = play(MID_RUN)
    lay = view.lay
    press_and_drag(window, lay.center("board.0"), lay.center("hero"))
    release(window, lay.center("hero"))
    step(window, 3)
    assert view.match.decisions[-1] == TROLL_HIT
    assert view.state["board"]["hero"]["hp"] == 4
    assert view.hp_text.text == "4 / 13"
    assert "e9b" not in view.cards and view.state["turn"] == 42


def test_click_to_move(window, play):
    view = play(MID_RUN)
    lay = view.lay
    click(window, *lay.center("board.3"))  # select the spell
    assert view.sel is not None and view.sel.mode == "click"
    assert set(view.sel.decisions) == {"chest"}  # both hands and the backpack are full
    img = screenshot(window)
    chest = lay.places["chest"]
    assert greenish(pixel(img, chest.left - 3, chest.center_y))
    move(window, *lay.center("chest"))
    assert view.caption.text == "Sell +4 gold"
    click(window, *lay.center("chest"))
    step(window, 3)
    assert view.match.decisions[-1] == move_decision("board.3", "chest")
    assert view.state["board"]["hero"]["gold"] == 45 and view.gold_text.text == "45"


@pytest.mark.slow
def test_click_on_an_illegal_place_shows_why_and_right_click_cancels(window, play):
    view = play(MID_RUN)
    lay = view.lay
    click(window, *lay.center("board.0"))
    click(window, *lay.center("chest"))
    assert view.toast.message == "That card can't go there."
    assert view.match.decisions == [] and view.sel is None
    click(window, *lay.center("board.0"))
    click(window, *lay.center("right_hand"))  # another movable card: it is selected instead
    assert view.sel is not None and view.sel.source == "right_hand"
    view.cancel_selection()
    click(window, *lay.center("board.0"))
    assert view.sel is not None
    click(window, *lay.center("board.1"), button=arcade.MOUSE_BUTTON_RIGHT)
    assert view.sel is None
    click(window, *lay.center("board.0"))
    key(window, arcade.key.ESCAPE)  # Esc cancels the selection, not the run
    assert view.sel is None and window.current_view is view


def test_keyboard_tab_enter(window, play):
    view = play(MID_RUN)
    key(window, arcade.key.TAB)
    assert view.focus == "board.0"
    key(window, arcade.key.TAB)
    assert view.focus == "board.2"
    key(window, arcade.key.TAB, arcade.key.MOD_SHIFT)
    assert view.focus == "board.0"
    key(window, arcade.key.ENTER)  # pick the Troll up
    assert view.sel is not None and view.sel.mode == "key"
    assert view.sel.hover == "left_hand"  # its first legal destination, canonical order
    key(window, arcade.key.TAB)
    assert view.sel.hover == "hero" and view.caption.text == "Hit: −5 HP"
    key(window, arcade.key.ENTER)
    step(window, 2)
    assert view.match.decisions[-1] == TROLL_HIT


def test_keys_r_and_a(window, play):
    view = play(MID_RUN)
    key(window, arcade.key.A)
    step(window, 2)
    assert view.match.decisions[-1] == {"seat": 0, "type": "random_attack"}
    assert view.buttons["attack"].text == "Used" and view.buttons["attack"].disabled
    key(window, arcade.key.A)
    assert len(view.match.decisions) == 1
    key(window, arcade.key.R)  # 7 HP of 9: not lethal, no question asked
    step(window, 2)
    assert view.match.decisions[-1] == {"seat": 0, "type": "rebuy"}
    assert view.state["board"]["hero"]["hp"] == 2
    assert view.buttons["rebuy"].text == "Rebuy (−9 HP)"


@pytest.mark.slow
def test_lethal_rebuy_asks_first(window, play):
    setup = {"board": {"board": [{"id": "e5a", "type": "enemy", "value": 5}, None, None, None],
                       "hero": {"hp": 5}, "deck": [{"id": "g6", "type": "gold", "value": 6}]}}
    view = play(setup)
    key(window, arcade.key.R)
    assert view.confirming and view.match.decisions == []
    step(window)
    img = screenshot(window)
    save_shot(img, "play_rebuy_confirm")
    click(window, *view.buttons["cancel_rebuy"].rect.center)
    assert not view.confirming and view.match.decisions == []
    step(window)
    click(window, *view.buttons["rebuy"].rect.center)
    assert view.confirming
    step(window)
    click(window, *view.buttons["confirm_rebuy"].rect.center)
    assert view.match.decisions == [{"seat": 0, "type": "rebuy"}]
    step(window, 80)
    assert isinstance(window.current_view, EndView)
    assert window.current_view.banner.text == "Defeated"


def test_rebuy_with_revive_does_not_ask(window, play):
    setup = {"board": {"board": [{"id": "e5a", "type": "enemy", "value": 5}, None, None, None],
                       "hero": {"hp": 5, "can_revive": True},
                       "deck": [{"id": "g6", "type": "gold", "value": 6}]}}
    view = play(setup)
    key(window, arcade.key.R)
    assert not view.confirming
    assert view.match.decisions == [{"seat": 0, "type": "rebuy"}]


@pytest.mark.slow
def test_the_end_screen_follows_a_finishing_move(window, play):
    setup = {"board": {"board": [{"id": "e2a", "type": "enemy", "value": 2}, None, None, None],
                       "left_hand": {"id": "sp3", "type": "spell", "value": 3},
                       "hero": {"hp": 4, "gold": 12}}}
    view = play(setup, speed="normal")
    lay = view.lay
    press_and_drag(window, lay.center("left_hand"), lay.center("board.0"))
    release(window, lay.center("board.0"))
    assert view.match.result == {"won": True, "score": 62, "reason": "cleared"}
    assert window.current_view is view  # the animation plays first
    step(window, 200)
    end = window.current_view
    assert isinstance(end, EndView)
    assert end.banner.text == "Victory!" and end.score == 62
    assert view.closed


def test_hint_shows_an_arrow_and_never_acts(window, play):
    view = play(MID_RUN)
    view.app.settings.hint_level = "normal"
    before = view.ai.get_state()
    key(window, arcade.key.T)
    step(window, 2)
    assert view.match.decisions == []  # the hint never acts
    assert view.hint_shown is not None
    assert view.caption.text.startswith("Hint: ")
    assert len(view.overlay) > 2  # shaft, head and dot of the arrow
    img = screenshot(window)
    save_shot(img, "play_hint")
    assert view.ai.get_state() is not None and before is not None
    # playing clears the hint
    view.submit(view.legal[0])
    assert view.hint_shown is None and len(view.overlay) == 2


@pytest.mark.slow
def test_hard_hint_advances_the_views_ai_stream(window, play):
    view = play(MID_RUN)
    view.app.settings.hint_level = "hard"
    before = view.ai.draws
    view.ask_hint()
    assert view.ai.draws > before  # the worker's stream state came back
    assert view.hint_shown is not None and view.hint_shown in view.legal


def test_keys_are_queued_while_an_animation_plays(window, play):
    view = play(MID_RUN, speed="normal")
    view.submit(TROLL_HIT)
    assert view.tweener.busy
    key(window, arcade.key.A)
    assert len(view.match.decisions) == 1 and len(view.queue) == 1
    for _ in range(300):
        step(window)
        if not view.queue:
            break
    assert view.match.decisions[-1] == {"seat": 0, "type": "random_attack"}


def test_a_click_skips_the_animation(window, play):
    view = play(MID_RUN, speed="normal")
    view.submit(TROLL_HIT)
    assert view.tweener.busy
    click(window, *view.lay.center("board.3"))
    assert not view.tweener.busy
    assert view.sel is not None and view.sel.source == "board.3"


def test_intro_deals_from_the_deck(window, play):
    view = play(None, speed="normal", intro=True, seed=7)
    step(window)
    assert view.deck_text.text in ("54", "53")
    flying = [c for c in view.cards.values() if view.is_flying(c)]
    assert flying  # still in the air
    step(window, 60)
    assert view.deck_text.text == "50"
    for card in view.cards.values():
        assert card.position == pytest.approx(card.home)
        assert card.flip == 1.0 and card.layer is view.table


@pytest.mark.slow
def test_save_and_quit_saves_the_record(window, play):
    from game import paths
    from game.engine.record import load_record
    from game.scenes.menu import MainMenuView
    from game.scenes.pause import PauseView

    view = play(MID_RUN)
    view.submit(TROLL_HIT)
    record = view.current_record()
    assert record == match_record(view.match)
    key(window, arcade.key.ESCAPE)
    pause = window.current_view
    assert isinstance(pause, PauseView)
    step(window)
    click(window, *pause.buttons["save_quit"].rect.center)
    assert isinstance(window.current_view, MainMenuView)
    assert view.closed
    saved = load_record(paths.saves_dir() / "crawl.json")
    assert saved["decisions"] == [TROLL_HIT] and saved["setup"] is not None


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640), (960, 600), (1920, 1080)])
def test_layout_fits_the_window(size):
    width, height = size
    lay = PlayLayout.compute(width, height)
    rects = list(lay.places.items())
    for name, rect in rects:
        assert rect.left >= 8 and rect.right <= width - 8 and rect.bottom >= 0, name
        assert rect.top <= height - 36, name  # under the top bar
        assert rect.bottom > lay.button_y + 22 + 26, name  # over the labels and buttons
    for i, (a, ra) in enumerate(rects):
        for b, rb in rects[i + 1:]:
            overlap = (min(ra.right, rb.right) > max(ra.left, rb.left)
                       and min(ra.top, rb.top) > max(ra.bottom, rb.bottom))
            assert not overlap, (a, b)
    # the caption strip lies between the rows, the labels between the bottom row and buttons
    assert lay.places["board.0"].bottom > lay.strip_y > lay.places["hero"].top
    assert lay.places["hero"].bottom > lay.label_y > lay.button_y + 22
    specs = button_specs(width, undo=True)  # the widest bar: Undo in it
    bar = sum(w for *_, w in specs) + BUTTON_GAP * (len(specs) - 1)
    assert bar <= width - 16


@pytest.mark.slow
def test_shot_view_of_each_phase(window, crawl_app, tmp_path):
    from game.engine.record import build_match, replay
    from game.scenes.crawl.picker import PickerView
    from game.scenes.crawl.play import shot_view
    from game.scenes.shot import shoot_record
    from tests.scenes.crawl.crawl_scene_helpers import setup_record

    match = build_match(setup_record(MID_RUN))
    view = shot_view(crawl_app, match)
    assert isinstance(view, PlayView)
    view.close()
    pick = build_match(setup_record(None, variant="constructed", seed=3))
    picker = shot_view(crawl_app, pick)
    assert isinstance(picker, PickerView)
    picker.on_leave()
    finished = replay(setup_record(
        {"board": {"board": [{"id": "e2a", "type": "enemy", "value": 2}, None, None, None],
                   "left_hand": {"id": "sp3", "type": "spell", "value": 3}}},
        decisions=[{"seat": 0, "type": "move", "from": "left_hand", "to": "board",
                    "to_index": 0}])).match
    out = shoot_record(finished, tmp_path / "end.png", app=crawl_app)
    assert out.is_file()
    assert isinstance(window.current_view, EndView)


def test_the_deck_tooltip_follows_the_draws_under_a_still_mouse(window, crawl_app):
    """Issue 14: hovering the deck, the count of what is left updates when the board is
    refilled, without the mouse moving."""
    from game.ai.crawl import make_cpu
    from game.engine.rng import ai_stream
    from game.scenes.crawl.play import PlayView, deck_summary
    from game.scenes.crawl.start import new_match
    from game.scenes.harness import move
    from tests.scenes.crawl.crawl_scene_helpers import show

    view = show(window, PlayView(crawl_app, new_match("normal", 21)))
    move(window, *view.lay.places["deck"].center)
    first = view.state["board"]["deck_types"]
    assert view.tooltip.text == "Deck: " + deck_summary(first)
    cpu = make_cpu("normal", 0, ai_stream(999, 0), view.match.resources)
    for _ in range(40):
        assert view.submit(cpu.decide(view.match.view_json(0)))
        step(window, 2)
        if view.state["board"]["deck_types"] != first:
            break
    now = view.state["board"]["deck_types"]
    assert now != first
    assert view.tooltip.text == "Deck: " + deck_summary(now)
    view.close()
