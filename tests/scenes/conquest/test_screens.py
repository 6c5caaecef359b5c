"""CardConquest screens (spec conquest.md 8): every phase renders at a mid-match position, and
mouse and keys submit the right decisions."""

from __future__ import annotations

import arcade
import pytest

from game.scenes.harness import click, drag, key, move, screenshot, step
from tests.scenes.conquest.conquest_scene_helpers import PLACE_1, decisions_to, pixel, save_shot


def greenish(rgb) -> bool:
    r, g, b = rgb
    return g > 140 and g > r + 40 and g > b + 40


def blueish(rgb) -> bool:
    r, g, b = rgb
    return b > 170 and b > r + 60


def yellowish(rgb) -> bool:
    r, g, b = rgb
    return r > 180 and g > 160 and b < 120


def decisions(view):
    return view.match.decisions


def past_curtain(window, view):
    """A hot-seat match reloaded on the second seat's turn opens on the curtain: pass it."""
    from game.scenes.conquest.overlays import CurtainView

    if isinstance(view, CurtainView):
        key(window, arcade.key.ENTER)
        step(window, 2)
        return window.current_view
    return view


# -- commander select (8.1) -----------------------------------------------------------------
@pytest.mark.slow
def test_commander_panels_click_keys_and_ready(window, conquest):
    from game.scenes.conquest.screens import CommanderView

    view = conquest(setup_kind="commanders")
    assert isinstance(view, CommanderView)
    assert set(view.panels) == {"infantry", "tank"}
    assert len(view.cards) == 14  # 7 cards face up per commander
    assert view.ready_btn.disabled
    inf = view.panels["infantry"]
    click(window, inf.center_x, inf.center_y)
    assert decisions(view)[-1] == {"seat": 0, "type": "choose_commander", "commander": "infantry"}
    key(window, arcade.key.KEY_2)
    assert decisions(view)[-1] == {"seat": 0, "type": "choose_commander", "commander": "tank"}
    step(window)
    image = screenshot(window)
    save_shot(image, "commander")
    tank = view.panels["tank"]
    assert greenish(pixel(image, tank.left + 1, tank.center_y))  # the pick's seat colour
    assert view.pick_texts["tank"].text.startswith("Chosen by: Player 1")
    assert not view.ready_btn.disabled
    key(window, arcade.key.ENTER)
    assert decisions(view)[-1] == {"seat": 0, "type": "ready"}


# -- placement (8.2) ------------------------------------------------------------------------
@pytest.mark.slow
def test_placement_tray_click_drag_and_reasons(window, conquest):
    from game.scenes.conquest.screens import PlacementView

    view = conquest()
    assert isinstance(view, PlacementView)
    assert len(view.tray_tokens) == 10
    image = screenshot(window)
    save_shot(image, "placement_start")
    uid = "p0.t1"
    click(window, *view.tray_tokens[uid].position)
    assert view.selected == uid
    click(window, *view.grid.centre("L05"))
    assert decisions(view)[-1] == {"seat": 0, "type": "place", "units": ["p0.t1"], "to": "L05"}
    assert view.selected == "p0.t2"  # the next unplaced tank is ready to place
    assert "p0.t1" in view.tokens and len(view.tray_tokens) == 9
    # hovering the enemy zone with a unit selected: red tint and the reason
    x, y = view.grid.centre("L07")
    move(window, x, y)
    assert view.tooltip.visible and "Enemy zone" in view.tooltip.text
    move(window, *view.grid.centre("L13"))
    assert "Neutral ground" in view.tooltip.text
    # drag a tray unit onto L01, then drag it back to the tray
    drag(window, *view.tray_tokens["p0.i1"].position, *view.grid.centre("L01"))
    assert decisions(view)[-1] == {"seat": 0, "type": "place", "units": ["p0.i1"], "to": "L01"}
    drag(window, *view.tokens["p0.i1"].position, view.tray_rect.center_x,
         view.tray_rect.bottom + 6)
    assert decisions(view)[-1] == {"seat": 0, "type": "place", "units": ["p0.i1"], "to": None}
    # a rejected decision shows its reason and changes nothing
    n = len(decisions(view))
    click(window, *view.tray_tokens["p0.i2"].position)
    click(window, *view.grid.centre("L09"))
    assert len(decisions(view)) == n
    assert view.toast.visible and "own zone" in view.toast.message
    image = screenshot(window)
    save_shot(image, "placement_mid")
    px = pixel(image, *view.tokens["p0.t1"].position)
    assert px != pixel(image, *view.grid.centre("L04"))
    # Reset empties the map; Done is disabled while the tray is not empty
    assert view.ready_btn.disabled
    click(window, *view.reset_btn.rect.center)
    assert decisions(view)[-1] == {"seat": 0, "type": "reset_moves"}
    assert len(view.tray_tokens) == 10


@pytest.mark.slow
def test_hotseat_placement_curtain_hides_the_first_seat(window, conquest):
    from game.scenes.conquest.overlays import CurtainView
    from game.scenes.conquest.screens import PlacementView

    places = decisions_to("movement")[:10]  # seat 0 places everything
    view = conquest(places)
    assert isinstance(view, PlacementView) and view.viewer == 0
    assert len(view.tray_tokens) == 0 and not view.ready_btn.disabled
    click(window, *view.ready_btn.rect.center)
    step(window, 2)
    curtain = window.current_view
    assert isinstance(curtain, CurtainView) and curtain.seat == 1
    image = screenshot(window)
    save_shot(image, "curtain")
    colours = {c for _, c in image.convert("RGB").getcolors(1 << 20)}
    assert not any(greenish(c) for c in colours)  # no seat-0 unit anywhere on the curtain
    assert curtain.heading.text == "Pass to Player 2"
    click(window, *curtain.button.rect.center)
    step(window, 2)
    seat1 = window.current_view
    assert isinstance(seat1, PlacementView) and seat1.viewer == 1
    assert seat1.board["orders"][0] == "hidden"
    assert not any(uid.startswith("p0.") for uid in seat1.tokens)
    image = screenshot(window)
    save_shot(image, "placement_seat1")
    x, y = seat1.grid.slot("L06", 0, 0)  # where seat 0 placed a tank: nothing drawn
    assert not greenish(pixel(image, x, y))


# -- movement (8.3) -------------------------------------------------------------------------
@pytest.mark.slow
def test_movement_select_check_move_and_box(window, conquest):
    from game.scenes.conquest.screens import MovementView

    view = conquest(decisions_to("movement"), speed="normal")
    assert isinstance(view, MovementView)
    click(window, *view.tokens["p0.t1"].position)
    assert view.selection == ["p0.t1"]
    assert set(view.checks) == {"L01", "L02", "L04", "L05", "L06", "L13", "L14"}
    step(window)
    image = screenshot(window)
    save_shot(image, "movement_selected")
    x, y = view.tokens["p0.t1"].position
    ring = [pixel(image, x + dx, y) for dx in range(-int(view.unit_size * 0.7),
                                                   int(view.unit_size * 0.7))]
    assert any(yellowish(c) for c in ring)  # the selected unit glows yellow
    cx, cy = view.grid.centre("L13")
    check = pixel(image, cx, cy + view.grid.size * (0.66 + 0.15))
    assert sum(check) > 600  # the white disc of the blue check
    click(window, cx, cy - view.grid.size * 0.5)
    assert decisions(view)[-1] == {"seat": 0, "type": "move", "units": ["p0.t1"], "to": "L13"}
    assert view.tweener.busy  # the unit slides there
    step(window, 30)
    assert view.token_tile["p0.t1"] == "L13"
    image = screenshot(window)
    save_shot(image, "movement_ordered")
    assert len(view.ghost_list) == 2  # a faint ghost on the start tile (disc + body)
    # Shift+click adds, a click on empty ground clears
    click(window, *view.tokens["p0.t2"].position)
    window.dispatch_event("on_mouse_press", *view.tokens["p0.i1"].position,
                          arcade.MOUSE_BUTTON_LEFT, arcade.key.MOD_SHIFT)
    window.dispatch_event("on_mouse_release", *view.tokens["p0.i1"].position,
                          arcade.MOUSE_BUTTON_LEFT, arcade.key.MOD_SHIFT)
    assert view.selection == ["p0.t2", "p0.i1"]
    ex, ey = view.grid.centre("L15")
    click(window, ex, ey)
    assert view.selection == []
    # a box around L06 selects the own units inside it
    s = view.grid.size
    x6, y6 = view.grid.centre("L06")
    drag(window, x6 - s * 0.9, y6 + s * 0.7, x6 + s * 0.1, y6 - s * 0.7)
    assert sorted(view.selection) == ["p0.i1", "p0.i2", "p0.t2"]
    # Reset, then Enter ends movement
    key(window, arcade.key.BACKSPACE)
    assert decisions(view)[-1] == {"seat": 0, "type": "reset_moves"}
    key(window, arcade.key.ENTER)
    assert decisions(view)[-1] == {"seat": 0, "type": "ready"}


def test_hotseat_movement_orders_stay_secret(window, conquest):
    from game.scenes.conquest.overlays import CurtainView

    view = conquest(decisions_to("movement"))
    move = {"seat": 0, "type": "move", "units": ["p0.t1", "p0.t2"], "to": "L13"}
    assert view.submit(move)
    key(window, arcade.key.ENTER)
    step(window, 2)
    assert isinstance(window.current_view, CurtainView)
    key(window, arcade.key.ENTER)
    step(window, 2)
    seat1 = window.current_view
    assert seat1.viewer == 1 and seat1.board["orders"][0] == "hidden"
    assert seat1.token_tile["p0.t1"] == "L06"  # committed tile, not the secret order
    image = screenshot(window)
    save_shot(image, "movement_seat1")
    for i in range(2):
        assert not greenish(pixel(image, *seat1.grid.slot("L13", 0, i)))


@pytest.mark.slow
def test_both_ended_battles_detected_then_reinforcements(window, conquest):
    from game.scenes.conquest.overlays import BattlesView
    from game.scenes.conquest.screens import ReinforcementsView

    moves = decisions_to("reinforcements")
    view = past_curtain(window, conquest(moves[:-1]))  # seat 1 has moved, not ready yet
    assert view.viewer == 1
    key(window, arcade.key.ENTER)
    step(window, 3)
    battles = window.current_view
    assert isinstance(battles, BattlesView)
    assert "Battle 1: L13" in battles.panel_text()
    image = screenshot(window)
    save_shot(image, "battles_detected")
    x, y = battles.grid.centre("L13")
    assert pixel(image, x, y + battles.grid.size * 0.98)[0] > 180  # the red numbered badge
    click(window, *battles.next_btn.rect.center)
    step(window, 3)
    from game.scenes.conquest.overlays import CurtainView

    curtain = window.current_view  # seat 0 acts first: the screen changes hands
    assert isinstance(curtain, CurtainView) and curtain.seat == 0
    click(window, *curtain.button.rect.center)
    step(window, 2)
    assert isinstance(window.current_view, ReinforcementsView)


# -- reinforcements (8.5) -------------------------------------------------------------------
def test_reinforcements_toggle_strength_and_submit(window, conquest):
    from game.scenes.conquest.screens import ReinforcementsView

    view = conquest(decisions_to("reinforcements"))
    assert isinstance(view, ReinforcementsView)
    assert sorted(view.eligible) == ["p0.i3", "p0.t3"]
    assert view.ready_btn.text == "No reinforcements"
    assert "Your battle strength: 6" in view.panel_text()
    click(window, *view.tokens["p0.t3"].position)
    assert decisions(view)[-1] == {"seat": 0, "type": "reinforce", "units": ["p0.t3"]}
    assert view.ready_btn.text == "Submit units"
    assert "Your battle strength: 8" in view.panel_text()
    step(window)
    image = screenshot(window)
    save_shot(image, "reinforcements")
    x, y = view.tokens["p0.t3"].position
    around = [pixel(image, x + dx, y) for dx in range(-int(view.unit_size), int(view.unit_size))]
    assert any(blueish(c) for c in around)  # the check ring of a pick
    click(window, *view.tokens["p0.t3"].position)
    assert decisions(view)[-1] == {"seat": 0, "type": "reinforce", "units": []}
    click(window, *view.tokens["p0.i3"].position)
    click(window, *view.ready_btn.rect.center)
    assert decisions(view)[-1] == {"seat": 0, "type": "ready"}


# -- choose cards (8.6) ---------------------------------------------------------------------
@pytest.mark.slow
def test_cards_panels_hand_preview_and_confirm(window, conquest):
    from game.scenes.conquest.screens import CardsView

    view = conquest(decisions_to("cards"))
    assert isinstance(view, CardsView)
    text = view.strength_text()
    assert "Tanks 2 (+4)" in text and "Reinf. 1 (+2)" in text
    assert "Total 8 + card" in text and "Total 5 + card" in text  # both armies, both reinfs
    assert len(view.hand) == 5
    sp = view.hand[0]
    move(window, sp.center_x, sp.center_y)
    assert view.preview.text == "Score with Power 5: 13"
    move(window, view.hand[3].center_x, view.hand[3].center_y)
    assert view.preview.text == "Score with Power 2: 10"
    click(window, view.hand[1].center_x, view.hand[1].center_y)
    assert decisions(view)[-1] == {"seat": 0, "type": "choose_card", "card": "power4"}
    key(window, arcade.key.KEY_1)
    assert decisions(view)[-1] == {"seat": 0, "type": "choose_card", "card": "power5"}
    step(window)
    image = screenshot(window)
    save_shot(image, "cards")
    raised = view.hand[0]
    assert raised.center_y > view.hand[1].center_y  # the chosen card is raised
    assert any(yellowish(pixel(image, raised.left - dx, raised.center_y)) for dx in range(5))
    click(window, *view.opp_btn.rect.center)
    assert view.popup == "opponent" and len(view.popup_cards) == 5
    save_shot(screenshot(window), "cards_opponent_hand")
    key(window, arcade.key.ESCAPE)
    assert view.popup is None
    click(window, *view.near_btn.rect.center)
    assert view.show_near
    key(window, arcade.key.ENTER)
    assert decisions(view)[-1] == {"seat": 0, "type": "ready"}


@pytest.mark.slow
def test_cards_hotseat_other_seat_never_sees_the_choice(window, conquest):
    from game.scenes.conquest.overlays import CurtainView

    conquest(decisions_to("cards"))
    key(window, arcade.key.KEY_1)
    key(window, arcade.key.ENTER)
    step(window, 2)
    assert isinstance(window.current_view, CurtainView)
    key(window, arcade.key.ENTER)
    step(window, 2)
    seat1 = window.current_view
    assert seat1.viewer == 1 and seat1.board["cards_chosen"][0] == "hidden"
    assert seat1.chosen() is None
    assert all(sp.bottom == seat1.hand[0].bottom for sp in seat1.hand)  # none raised
    assert "power5" in seat1.board["hands"][0]  # hands are public; the choice is not


# -- battle results (8.7) and retreat (8.8) -------------------------------------------------
@pytest.mark.slow
def test_results_then_retreat_by_click_and_drag(window, conquest):
    from game.scenes.conquest.overlays import ResultsView
    from game.scenes.conquest.screens import RetreatView

    view = past_curtain(window, conquest(decisions_to("retreat")[:-1], speed="normal"))
    assert view.viewer == 1
    key(window, arcade.key.ENTER)
    for _ in range(60):
        step(window)
        if isinstance(window.current_view, ResultsView):
            break
    results = window.current_view
    assert isinstance(results, ResultsView)
    step(window, 8)  # mid-flip: the cards are narrower than they will be
    assert results.card_sprites[0].width < 80
    save_shot(screenshot(window), "results_flip")
    step(window, 40)  # the cards flip
    image = screenshot(window)
    save_shot(image, "results")
    text = results.results_text()
    assert "Total" in text and "Reinforcements" in text and "Cancelled" in text
    assert results.panel_text().splitlines()[1] == "Player 1 wins — Battle score"
    totals = [t.text for t in results.result_texts if t.text.isdigit()]
    assert "13" in totals and "6" in totals  # 6 + 2 + 5 against 3 + 2 + 1
    card = results.card_sprites[0]
    assert card.texture is not None and abs(card.width - 84) < 1  # flipped back to full width
    click(window, *results.next_btn.rect.center)
    step(window, 3)
    retreat = window.current_view
    assert isinstance(retreat, RetreatView) and retreat.viewer == 1
    left = retreat.on_site()
    assert left and retreat.selected == left[0]
    targets = retreat.targets()
    assert "L07" in targets and "L06" not in targets
    step(window)
    save_shot(screenshot(window), "retreat")
    x, y = retreat.grid.centre("L07")
    click(window, x, y - retreat.grid.size * 0.5)
    assert decisions(retreat)[-1] == {"seat": 1, "type": "retreat", "unit": left[0],
                                      "to": "L07"}
    step(window, 30)
    if retreat.on_site():
        uid = retreat.on_site()[0]
        drag(window, *retreat.tokens[uid].position, *retreat.grid.centre("L08"))
        assert decisions(retreat)[-1]["type"] == "retreat"
    assert not retreat.ready_btn.disabled
    click(window, *retreat.ready_btn.rect.center)
    assert decisions(retreat)[-1] == {"seat": 1, "type": "ready"}


# -- game over (8.9) ------------------------------------------------------------------------
BASE_ATTACK = {
    "phase": "cards",
    "board": {
        "setup_kind": "classic",
        "units": [{"id": "p0.t1", "tile": "L10"}, {"id": "p0.i1", "tile": "L03"},
                  {"id": "p1.t1", "tile": "L07"}, {"id": "p1.i1", "tile": "L12"}],
        "battles": [{"number": 1, "tile": "L10", "state": "current"}],
        "current_battle": 1,
    },
}


@pytest.mark.slow
def test_the_battle_results_lay_out_in_steps(window, conquest):
    """Issue 27: Confirm card opened the results with its verdict, both score columns and
    their bake in one unit of its preparation (90 ms of one frame, 2 s under load): each is a
    step of its own now, behind the loading state."""
    from game.scenes.conquest.overlays import ResultsView

    past_curtain(window, conquest(decisions_to("retreat")[:-1], speed="normal"))
    key(window, arcade.key.ENTER)
    for _ in range(60):
        step(window)
        if isinstance(window.current_view, ResultsView):
            break
    results = window.current_view
    assert isinstance(results, ResultsView)
    at: dict[str, int] = {}
    n = 0
    for name in ("set_panel", "build_columns", "bake"):
        real = getattr(results, name)

        def noted(*args, _name=name, _real=real, **kwargs):
            at.setdefault(_name, n)
            return _real(*args, **kwargs)

        setattr(results, name, noted)
    from game.scenes.scale import view_size

    for _ in results.layout_steps(*view_size(window)):
        n += 1
    assert len({at["set_panel"], at["build_columns"], at["bake"]}) == 3, at
    assert "Total" in results.results_text() and len(results.result_sprites) > 0


@pytest.mark.slow
def test_game_over_screen_after_base_capture(window, conquest):
    from game.scenes.conquest.screens import GameOverView

    final = [{"seat": 0, "type": "choose_card", "card": "power5"}, {"seat": 0, "type": "ready"},
             {"seat": 1, "type": "choose_card", "card": "power1"}]
    view = past_curtain(window, conquest(final, setup=BASE_ATTACK))
    assert view.viewer == 1
    key(window, arcade.key.ENTER)  # seat 1 confirms: the base falls
    step(window, 3)
    click(window, *window.current_view.next_btn.rect.center)  # results -> game over
    step(window, 3)
    over = window.current_view
    assert isinstance(over, GameOverView)
    text = over.panel_text()
    assert text.startswith("Player 1 wins") and "Base captured" in text
    assert "Rounds played: 1" in text and "Last battle #1 at L10" in text
    save_shot(screenshot(window), "game_over")
    path = over.save_replay()
    assert path is not None and path.is_file()
    click(window, *over.rematch_btn.rect.center)
    step(window, 2)
    again = window.current_view
    assert again is not over and again.match.phase == "placement"
    assert again.match.rules.rules_version == "2"  # a new match: the current rules
    again.session.close()


# -- a draw, both retreat onto one tile: "New battle detected" (4.13.2, 8.4) -----------------
DRAW_AT_L13 = {
    "phase": "cards",
    "board": {
        "setup_kind": "classic",
        "units": [{"id": "p0.i1", "tile": "L13"}, {"id": "p0.t1", "tile": "L03"},
                  {"id": "p1.i1", "tile": "L13"}, {"id": "p1.t1", "tile": "L10"}],
        "battles": [{"number": 1, "tile": "L13", "state": "current"}],
        "current_battle": 1,
    },
}


@pytest.mark.slow
def test_draw_retreats_into_a_new_battle(window, conquest):
    from game.scenes.conquest.overlays import BattlesView, CurtainView, ResultsView
    from game.scenes.conquest.screens import CardsView, RetreatView

    play = [{"seat": 0, "type": "choose_card", "card": "power2"}, {"seat": 0, "type": "ready"},
            {"seat": 1, "type": "choose_card", "card": "power2"}, {"seat": 1, "type": "ready"},
            {"seat": 0, "type": "retreat", "unit": "p0.i1", "to": "L14"},
            {"seat": 0, "type": "ready"},
            {"seat": 1, "type": "retreat", "unit": "p1.i1", "to": "L14"}]
    view = conquest(play, setup=DRAW_AT_L13)
    assert isinstance(view, RetreatView) and view.viewer == 1  # public: no curtain
    assert view.board["last_result"]["reason"] == "draw"
    key(window, arcade.key.ENTER)
    step(window, 3)
    battles = window.current_view
    assert isinstance(battles, BattlesView) and battles.new
    assert battles.next_btn.text == "Return to battles"
    assert battles.panel_text().startswith("New battle detected")
    assert "Battle 2: L14" in battles.panel_text()
    save_shot(screenshot(window), "new_battle")
    key(window, arcade.key.ENTER)
    step(window, 3)
    nxt = window.current_view
    assert isinstance(nxt, (CurtainView, CardsView)) and not isinstance(nxt, ResultsView)
    nxt = past_curtain(window, nxt)
    assert isinstance(nxt, CardsView) and nxt.site == "L14"


def test_the_hover_tooltip_follows_the_units_under_a_still_mouse(window, conquest):
    """Issue 14: units placed on the hovered tile show in its tooltip at once, without the
    mouse moving (it kept the counts of the moment the mouse arrived)."""
    from game.scenes.conquest import look

    view = conquest()
    move(window, *view.grid.centre("L05"))
    assert not view.tooltip.visible  # an empty tile has nothing to say
    assert view.submit({"seat": 0, "type": "place", "units": ["p0.t1"], "to": "L05"})
    step(window, 2)
    assert view.tooltip.visible
    assert view.tooltip.text == f"L05   Player 1: {look.stack_badge(['p0.t1'])}"
    assert view.submit({"seat": 0, "type": "place", "units": ["p0.i1"], "to": "L05"})
    step(window, 2)
    assert view.tooltip.text == f"L05   Player 1: {look.stack_badge(['p0.t1', 'p0.i1'])}"


# -- tooltips (issue 27) -------------------------------------------------------------------
def _overlaps(a, b) -> bool:
    return a.left < b.right and b.left < a.right and a.bottom < b.top and b.bottom < a.top


def test_a_hex_tooltip_leaves_the_move_marks_in_sight(window, conquest):
    """The hex tooltip opened over the check marks of where the selection may move."""
    view = conquest(decisions_to("movement"))
    click(window, *view.tokens["p0.t1"].position)
    assert view.checks
    s = view.grid.size
    marks = {t: arcade.XYWH(*view.grid.centre(t), 1.2 * s, 1.2 * s) for t in view.checks}
    shown = 0
    for tile in view.content.land:
        move(window, *view.grid.centre(tile))
        step(window)
        if not view.tooltip.visible:
            continue
        shown += 1
        bg = view.tooltip._bubble._bg  # the bubble's panel: where the tooltip is
        box = arcade.LRBT(bg.left, bg.right, bg.bottom, bg.top)
        covered = [t for t, r in marks.items() if _overlaps(box, r)]
        assert covered == [], (tile, covered)
        assert not _overlaps(box, arcade.XYWH(*view.grid.centre(tile), s, s))  # nor its hex
    assert shown


def test_no_map_tooltip_over_the_commander_cards(window, conquest):
    """The commander screen draws no map, yet the hexes under its cards showed tooltips."""
    view = conquest(setup_kind="commanders")
    for panel in view.panels.values():
        for fx in (0.2, 0.5, 0.8):
            for fy in (0.2, 0.5, 0.8):
                move(window, panel.left + panel.width * fx, panel.bottom + panel.height * fy)
                step(window)
                assert not view.tooltip.visible, view.tooltip.text


def test_no_map_tooltip_over_a_modal_panel(window, conquest):
    """The battles and results panels are modal: the map under them shows no tooltip."""
    from game.scenes.conquest.overlays import OverlayView

    view = conquest(decisions_to("movement"))
    overlay = OverlayView(view.app, view.session)
    window.show_view(overlay)
    step(window, 2)
    for tile in list(view.content.land)[:6]:
        move(window, *overlay.grid.centre(tile))
        step(window)
        assert not overlay.tooltip.visible, overlay.tooltip.text


@pytest.fixture
def painted(monkeypatch):
    """Every string painted into a PIL image while the fixture is on."""
    from PIL import ImageDraw

    from game.scenes.conquest import look

    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def record(self, xy, text, *args, **kwargs):
        texts.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    look.card_image.cache_clear()
    look._card_texture.cache_clear()
    yield texts
    look.card_image.cache_clear()
    look._card_texture.cache_clear()


@pytest.mark.slow
@pytest.mark.parametrize("screen", ["commander", "cards"])
def test_ability_texts_are_whole_on_commander_and_battle_cards(window, conquest, painted,
                                                               screen):
    """Issue 27: the ability texts were cut with "…" on the cards; the card grows instead."""
    if screen == "commander":
        view = conquest(setup_kind="commanders")
        shown = [c for army in view.content.commanders
                 for c in view.content.armies[army].cards]
    else:
        view = conquest(decisions_to("cards"))
        shown = list(view.board["hands"][view.viewer])
    assert not any(t.endswith("…") for t in painted), [t for t in painted if "…" in t]
    words = " ".join(painted).split()
    for card_id in shown:
        card = view.content.cards[card_id]
        if card.ability:
            label = view.content.abilities[card.ability].label.split()
            n = len(label)
            assert any(words[i:i + n] == label for i in range(len(words))), label


@pytest.mark.slow
def test_the_battle_results_cards_show_their_whole_ability_text(window, conquest, painted):
    """The two cards the battle results turn face up keep their whole ability text too."""
    from game.scenes.conquest.overlays import ResultsView

    past_curtain(window, conquest(decisions_to("retreat")[:-1], speed="normal"))
    key(window, arcade.key.ENTER)
    for _ in range(60):
        step(window)
        if isinstance(window.current_view, ResultsView):
            break
    results = window.current_view
    assert isinstance(results, ResultsView)
    step(window, 48)  # the cards turn face up
    assert not any(t.endswith("…") for t in painted), [t for t in painted if "…" in t]
    words = " ".join(painted).split()
    for card_id in results.result["cards"]:
        card = results.content.cards[card_id]
        if card.ability:
            label = results.content.abilities[card.ability].label.split()
            assert any(words[i:i + len(label)] == label for i in range(len(words))), label


@pytest.mark.slow
def test_the_screens_ask_the_rules_for_a_modded_tile_limit(window, conquest):
    """`rules.toml`'s `max_own_per_tile` is the rules' number, not the screens': with a mod
    of 3 the placement hover says "Full: 3 units", the movement checks leave out a tile that
    holds 3, and the help and the panel say 3."""
    from game import paths
    from game.engine.resources import clear_resource_cache
    from game.scenes.conquest.screens import MovementView, PlacementView

    folder = paths.mods_dir() / "tight" / "conquest"
    folder.mkdir(parents=True)
    (folder / "rules.toml").write_text(
        "max_own_per_tile = 3\nbase_defence_bonus = 2\nround_cap = 60\n", encoding="utf-8")
    clear_resource_cache()
    try:
        places = {"p0.t1": "L06", "p0.t2": "L06", "p0.i1": "L06", "p0.t3": "L05",
                  "p0.i2": "L05", "p0.i3": "L05", "p0.i4": "L01", "p0.i5": "L01",
                  "p0.t4": "L03", "p0.i6": "L03"}
        decisions = [{"seat": 0, "type": "place", "units": [u], "to": t}
                     for u, t in places.items()]
        view = conquest(decisions[:3])
        assert isinstance(view, PlacementView)
        view.selected = "p0.i2"
        assert view.tile_problem("L06") == "Full: 3 units"
        assert view.tile_problem("L05") is None
        assert view.tile_problem("L07") == "Enemy zone"
        titles = [topic.title for topic in view.help_topics()]
        assert "Movement and the 3-unit limit" in titles
        decisions += [{"seat": 0, "type": "ready"},
                      *({"seat": 1, "type": "place", "units": [u], "to": t}
                        for u, t in PLACE_1.items()), {"seat": 1, "type": "ready"}]
        view = conquest(decisions)
        assert isinstance(view, MovementView)
        click(window, *view.tokens["p0.i4"].position)
        assert view.selection == ["p0.i4"]
        assert set(view.checks) == {"L01", "L02", "L14", "L16"}  # L06 holds 3 already
        assert any("at most 3 of yours" in line.text for line in view.panel_texts)
    finally:
        clear_resource_cache()
