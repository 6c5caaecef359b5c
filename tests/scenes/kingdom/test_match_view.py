"""Kingdom match view (spec kingdom.md 8.2): a mid-match position renders its panels, boards
and shop; mouse and keys submit the right decisions; every locked tooltip says why.

The fixtures here (`kingdom`, `kapp`, `sounds`) are imported by the playback and end tests.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import arcade
import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)
from game.scenes.harness import click, key, move, screenshot, step

SHOTS = Path("/tmp/kingdom_shots")


# -- fixtures and helpers --------------------------------------------------------------------------
@pytest.fixture
def kapp(window):
    from game.scenes.app import App
    from game.scenes.kingdom.match_view import MatchView
    from game.scenes.settings import Settings

    MatchView.cpu_sync = True
    app = App(window, settings=Settings(animation_speed="instant", sound_on=False))
    yield app
    MatchView.cpu_sync = False


@pytest.fixture
def sounds(kapp):
    """The names of the sounds the screens asked for, in order."""
    played: list[str] = []
    kapp.sounds.play = lambda name, volume=1.0, speed=1.0: played.append(name)
    return played


@pytest.fixture
def kingdom(window, kapp):
    """kingdom(setup=MID_MATCH, decisions=(), ai={"1": "easy"}, speed="instant") -> the view
    shown on the shared window, two frames in."""
    from game.engine.record import replay
    from game.scenes.kingdom import samples
    from game.scenes.kingdom.match_view import open_match_view

    views: list[Any] = []

    def make(setup: dict[str, Any] | None = None, decisions: Any = (), *,
             ai: dict[str, str] | None = None, speed: str = "instant", seed: int = 5) -> Any:
        kapp.settings.animation_speed = speed
        rec = samples.record(samples.setup() if setup is None else setup, list(decisions),
                             ai=ai, seed=seed)
        outcome = replay(rec)
        assert outcome.ok, outcome.rejection
        view = open_match_view(kapp, outcome.match)
        views.append(view)
        step(window, 2)
        return view

    yield make
    current = window.current_view
    for view in [*views, current]:
        session = getattr(view, "session", None)
        if session is not None:
            session.close()


def save_shot(image, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    image.convert("RGB").save(path)
    return path


def pixel(image, x: float, y: float) -> tuple[int, int, int]:
    return tuple(image.getpixel((int(x), image.height - 1 - int(y)))[:3])


def mid(**seat0: Any) -> dict[str, Any]:
    """MID_MATCH with seat 0's fields changed."""
    from game.scenes.kingdom import samples

    setup = samples.setup()
    setup["board"]["seats"][0].update(copy.deepcopy(seat0))
    return setup


def slots(*cards: str | None) -> list[dict[str, str] | None]:
    return [None if c is None else {"card": c} for c in cards]


def center(view, key_: tuple) -> tuple[float, float]:
    return view.home[key_]


# -- rendering ---------------------------------------------------------------------------------
def test_a_slot_frame_is_shaded_only_while_no_card_covers_it(window, kingdom):
    """Each slot's dark fill is a sprite, shown for an empty slot and hidden under a unit's
    card (fill nobody sees costs a software rasterizer its pixels)."""
    view = kingdom()
    image = screenshot(window)
    empty = [(s, i) for s in (0, 1) for i, u in enumerate(view.seat(s)["slots"]) if u is None]
    full = [(s, i) for s in (0, 1) for i, u in enumerate(view.seat(s)["slots"]) if u]
    assert empty and full
    for slot in empty:
        assert view.fill_of[slot].visible
        x, y = view.slot_pos(*slot)
        table = pixel(image, 40, y)  # the bare table left of the lanes
        shaded = pixel(image, x, y)
        assert sum(shaded) < sum(table)  # 70/255 black over the table
    for slot in full:
        assert not view.fill_of[slot].visible


def test_mid_match_renders_panels_bars_and_boards(window, kingdom):
    from game.scenes.kingdom import art
    from game.scenes.kingdom.cards import card_back_texture

    view = kingdom()
    image = screenshot(window)
    save_shot(image, "match_mid")
    # opponent (China, 7/30) red bar of 7/30 of the width; player (Rome, 18/35) yellow
    top = view.bar_rect(1)
    r, g, b = pixel(image, top.left + 20, top.center_y + 8)
    assert r > 180 and g < 90 and b < 90, (r, g, b)
    assert view.bars[1]["fill"].width == pytest.approx(top.width * 7 / 30)
    assert sum(pixel(image, top.left + top.width * 0.5, top.center_y + 8)) < 80  # empty part
    bottom = view.bar_rect(0)
    r, g, b = pixel(image, bottom.left + 20, bottom.center_y + 8)
    assert r > 180 and g > 160 and b < 100, (r, g, b)
    assert view.bars[0]["fill"].width == pytest.approx(bottom.width * 18 / 35)
    assert view.panel_texts[1]["hp"].text == "7 / 30"
    assert view.panel_texts[0]["hp"].text == "18 / 35"
    # level and era name in the era colour; coins; turn counter
    assert view.panel_texts[0]["era"].text == "Level 3 · Crowned"
    assert tuple(view.panel_texts[0]["era"].color)[:3] == tuple(art.hex_color("#2F6DB5"))[:3]
    assert view.panel_texts[0]["coins"].text == "4"
    assert view.turn_text.text == "Turn 7"
    # lanes: 7 (Rome's), China's 7th lane is a hatched "no slot" space, aligned with Rome's
    assert view.lay.lanes == 7
    assert view.hatched == [(1, 6)]
    x, y = view.slot_pos(1, 6)
    hatch = {pixel(image, x + dx, y + dy) for dx in range(-30, 30, 3) for dy in (0, 1, 2)}
    assert len(hatch) >= 2  # lines across the dark space
    assert view.slot_pos(0, 3)[0] == view.slot_pos(1, 3)[0]
    # the opponent's offers are card backs (its bought position a dashed outline)
    back = card_back_texture(28, 40)
    assert [view.sprites[("back", 1, i)].texture is back for i in range(4)] == \
        [True, True, False, True]
    # the player's bought position is dashed; unaffordable Praetorian (5 > 4 coins) is grey
    assert view.sprites[("offer", 0, 2)].texture is art.dashed_texture(view.lay.shop_w,
                                                                        view.lay.shop_h)
    x, y = center(view, ("offer", 0, 1))
    r, g, b = pixel(image, x, y - 10)
    assert abs(r - g) < 12 and abs(g - b) < 12, (r, g, b)  # greyed
    x, y = center(view, ("offer", 0, 0))
    r, g, b = pixel(image, x, y - 10)
    assert not (abs(r - g) < 12 and abs(g - b) < 12), (r, g, b)  # affordable: in colour
    # the dead hero's portrait says "Fallen"
    assert view.panel_texts[1]["fallen"].visible
    assert view.panel_texts[1]["fallen"].text == "Fallen"


def test_buttons_show_costs_and_say_why_disabled(window, kingdom):
    view = kingdom()
    b = view.buttons
    assert b["refresh"].text == "Refresh (2)" and not b["refresh"].disabled
    assert b["upgrade"].text == "Upgrade → Imperial (6)" and b["upgrade"].disabled
    assert b["sell"].text == "Sell Mode" and b["end"].text == "End Turn"
    move(window, *b["upgrade"].rect.center)
    tip = view.tooltip.text
    assert tip.startswith("Not enough coins (need 6, have 4)")
    assert "+1 slot, +5 HP, income 4, shop 5 at end of turn" in tip
    move(window, *b["refresh"].rect.center)
    assert "Refresh: 2 coins for 4 new offers" in view.tooltip.text


def test_max_level_upgrade_button(window, kingdom):
    view = kingdom(mid(level=5, slots=slots("rome_hastatus", *[None] * 8), hp=40,
                       shop=["rome_velite"]))
    assert view.buttons["upgrade"].text == "Max level"
    assert view.buttons["upgrade"].disabled


# -- locked tooltips -------------------------------------------------------------------------------
def hover_tip(window, view, key_: tuple) -> str:
    move(window, *center(view, key_))
    return view.tooltip.text


@pytest.mark.slow
def test_locked_tooltips_each_reason(window, kingdom):
    view = kingdom()
    assert hover_tip(window, view, ("offer", 0, 1)).startswith(
        "Not enough coins (need 5, have 4)")
    assert hover_tip(window, view, ("hero", 0)).startswith("Requires Imperial (Nexus level 4)")
    assert hover_tip(window, view, ("offer", 0, 0)).startswith("Velite — Tribal")  # buyable

    deployed = kingdom(mid(hero={"card": "rome_julius_caesar", "status": "deployed"},
                           level=4, hp=30,
                           slots=slots("rome_julius_caesar", None, None, None, None, None,
                                       None, None)))
    assert hover_tip(window, deployed, ("hero", 0)).startswith("Already on the battlefield")

    fallen = kingdom(mid(hero={"card": "rome_julius_caesar", "status": "dead"}))
    assert hover_tip(window, fallen, ("hero", 0)).startswith("Fallen — lost for this match")

    full = kingdom(mid(slots=slots(*["rome_hastatus"] * 7)))
    assert hover_tip(window, full, ("offer", 0, 0)).startswith("No empty slot")


def test_locked_offer_click_refuses_with_error_sound(window, kingdom, sounds):
    view = kingdom()
    click(window, *center(view, ("offer", 0, 1)))
    assert view.selected is None
    assert view.toast.message == "Not enough coins (need 5, have 4)"
    assert sounds[-1] == ":resources:sounds/error1.wav"
    assert view.match.decisions == []
    key(window, arcade.key.Q)  # the locked hero
    assert view.toast.message == "Requires Imperial (Nexus level 4)"


def test_dimmed_hero_position_has_star_and_lock(window, kingdom):
    from game.scenes.kingdom import art

    view = kingdom()
    lock = art.lock_texture(40)
    marks = [s for s in view.marks if s.texture is lock]
    assert [m.position for m in marks] == [center(view, ("hero", 0))]
    star = art.icon(art.STAR)
    assert any(s.texture is star for s in view.marks)


# -- buy ---------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_click_offer_lifts_and_glows_gold_then_buys(window, kingdom, sounds):
    from game.scenes import theme

    view = kingdom()
    home = center(view, ("offer", 0, 0))
    click(window, *home)
    assert view.selected == ("offer", 0)
    assert view.sprites[("offer", 0, 0)].center_y > view.lay.shop_y  # lifted
    glows = [s for s in view.marks if tuple(s.color)[:3] == tuple(theme.GOLD)[:3]]
    empty = [view.slot_pos(0, i) for i in (2, 4, 6)]
    assert sorted(g.position for g in glows) == sorted(empty)
    view.pulse = 0.32  # the pulse at its brightest (sin = 1)
    image = screenshot(window)
    save_shot(image, "match_offer_selected")
    x, y = view.slot_pos(0, 2)
    r, g, b = pixel(image, x - view.lay.card_w / 2 - 2, y)  # on the glowing outline
    assert r > 150 and r > b + 60, (r, g, b)
    # click a glowing slot: buy
    click(window, x, y)
    step(window, 2)
    assert view.match.decisions == [{"seat": 0, "type": "buy", "offer": 0, "slot": 2}]
    assert view.seat(0)["coins"] == 2
    unit = view.seat(0)["slots"][2]
    assert unit["card"] == "rome_velite"
    assert view.sprites[("unit", unit["uid"])].position == view.slot_pos(0, 2)
    assert view.seat(0)["shop"][0] is None
    assert ":resources:sounds/coin1.wav" in sounds
    assert view.panel_texts[0]["coins"].text == "2"


@pytest.mark.slow
def test_cancel_selection_by_right_click_escape_and_elsewhere(window, kingdom):
    view = kingdom()
    offer = center(view, ("offer", 0, 0))
    click(window, *offer)
    click(window, *offer, button=arcade.MOUSE_BUTTON_RIGHT)
    assert view.selected is None
    key(window, arcade.key.KEY_1)
    assert view.selected == ("offer", 0)
    key(window, arcade.key.ESCAPE)
    assert view.selected is None and window.current_view is view  # no pause menu
    key(window, arcade.key.KEY_4)
    assert view.selected == ("offer", 3)
    click(window, *view.lay.strip.center)  # elsewhere
    assert view.selected is None
    assert view.match.decisions == []


def test_buy_by_keys_hero_and_offer(window, kingdom):
    view = kingdom(mid(level=4, hp=30, coins=9,
                       slots=slots("rome_hastatus", None, None, None, None, None, None, None),
                       shop=["rome_velite", "rome_hastatus", None, None, None]))
    key(window, arcade.key.Q)
    assert view.selected == ("hero",)
    click(window, *view.slot_pos(0, 3))
    step(window, 2)
    key(window, arcade.key.KEY_2)
    click(window, *view.slot_pos(0, 1))
    step(window, 2)
    assert view.match.decisions == [
        {"seat": 0, "type": "buy", "offer": "hero", "slot": 3},
        {"seat": 0, "type": "buy", "offer": 1, "slot": 1},
    ]
    seat = view.match.state_json()["board"]["seats"][0]
    assert seat["hero"]["status"] == "deployed"
    assert seat["slots"][3]["card"] == "rome_julius_caesar"
    assert seat["coins"] == 9 - 6 - 1
    assert hover_tip(window, view, ("hero", 0)).startswith("Already on the battlefield")


# -- move and sell -------------------------------------------------------------------------------
def test_move_flow_white_glow(window, kingdom):
    view = kingdom()
    click(window, *view.slot_pos(0, 1))  # the Captain
    assert view.selected == ("unit", 1)
    whites = [s for s in view.marks if tuple(s.color)[:3] == (255, 255, 255)]
    assert {g.position for g in whites} >= {view.slot_pos(0, i) for i in (1, 2, 4, 6)}
    click(window, *view.slot_pos(0, 4))
    step(window, 2)
    assert view.match.decisions == [{"seat": 0, "type": "move", "from": 1, "to": 4}]
    uid = view.seat(0)["slots"][4]["uid"]
    assert view.seat(0)["slots"][4]["card"] == "common_captain"
    assert view.sprites[("unit", uid)].position == view.slot_pos(0, 4)


def test_sell_mode_badges_and_hero_note(window, kingdom):
    view = kingdom(mid(hero={"card": "rome_julius_caesar", "status": "deployed"}, level=4,
                       hp=30, slots=slots("rome_hastatus", "rome_julius_caesar",
                                          "rome_testudo_legionary", None, None, None, None,
                                          None)))
    key(window, arcade.key.S)
    assert view.sell_mode and view.buttons["sell"].text == "Sell Mode: on"
    badges = [t.text for t in view.badge_texts if t.visible]
    assert badges == ["+0", "+1"]  # hastatus (cost 1), testudo (cost 3); none on the hero
    assert view.note_text.visible and view.note_text.text == "Heroes cannot be sold"
    image = screenshot(window)
    save_shot(image, "match_sell_mode")
    bx, by = view.badge_texts[1].position
    r, g, b = pixel(image, bx + 12, by)
    assert r > 150 and g < 110, (r, g, b)  # the red badge
    assert hover_tip(window, view, ("unit", view.seat(0)["slots"][1]["uid"])).startswith(
        "Heroes cannot be sold")
    click(window, *view.slot_pos(0, 1))  # the hero: refused
    assert view.toast.message == "Heroes cannot be sold"
    click(window, *view.slot_pos(0, 2))  # the testudo: sold for 1
    step(window, 2)
    assert view.match.decisions == [{"seat": 0, "type": "sell", "slot": 2}]
    assert view.seat(0)["coins"] == 5 and view.seat(0)["slots"][2] is None


# -- refresh, upgrade, end turn ------------------------------------------------------------------
@pytest.mark.slow
def test_refresh_upgrade_and_end_turn_by_keys(window, kingdom):
    from game.scenes.kingdom import art

    view = kingdom(mid(coins=10))
    key(window, arcade.key.R)
    step(window, 2)
    key(window, arcade.key.U)
    step(window, 2)
    assert view.match.decisions == [{"seat": 0, "type": "refresh"},
                                    {"seat": 0, "type": "upgrade"}]
    seat = view.seat(0)
    assert seat["coins"] == 10 - 2 - 6 and seat["level"] == 4 and len(seat["slots"]) == 8
    assert seat["hp"] == 23 and seat["max_hp"] == 40
    assert view.panel_texts[0]["era"].text == "Level 4 · Imperial"
    assert view.lay.lanes == 8 and (0, 7) in view.slot_frames
    # the relayout rebuilt the bars: they still show both HPs in their colours
    assert view.bars[1]["fill"].width == pytest.approx(view.bar_rect(1).width * 7 / 30)
    assert tuple(view.bars[1]["fill"].color)[:3] == tuple(art.hp_color(7, 30))[:3]
    assert view.bars[0]["fill"].width == pytest.approx(view.bar_rect(0).width * 23 / 40)
    assert view.buttons["upgrade"].text == "Upgrade → Powder (8)"
    assert len(seat["shop"]) == 4  # the shop grows only at the top-up
    key(window, arcade.key.SPACE)  # End Turn: the CPU plans, combat plays, next turn
    step(window, 30)
    assert view.match.decisions[2] == {"seat": 0, "type": "end_turn"}
    assert view.match.decisions[-1] == {"seat": 1, "type": "end_turn"}
    assert view.match.turn == 8 and view.match.to_act == (0,)
    assert view.turn_text.text == "Turn 8"
    assert view.shown == view.live_state()
    assert len(view.seat(0)["shop"]) == 5  # topped up to SHOP_SIZE(8)


@pytest.mark.slow
def test_full_turn_by_mouse(window, kingdom):
    view = kingdom(mid(coins=10))
    click(window, *view.buttons["refresh"].rect.center)
    step(window, 2)
    click(window, *view.buttons["upgrade"].rect.center)
    step(window, 2)
    click(window, *view.buttons["sell"].rect.center)
    click(window, *view.slot_pos(0, 0))  # sell the Hastatus
    step(window, 2)
    click(window, *view.buttons["end"].rect.center)
    step(window, 30)
    verbs = [d["type"] for d in view.match.decisions if d["seat"] == 0]
    assert verbs == ["refresh", "upgrade", "sell", "end_turn"]
    assert view.match.turn == 8


def test_upgrade_key_refused_plays_error_and_says_why(window, kingdom, sounds):
    view = kingdom()
    key(window, arcade.key.U)
    assert view.toast.message == "Not enough coins (need 6, have 4)"
    assert sounds == [":resources:sounds/error1.wav"]
    assert view.match.decisions == []


def test_after_end_turn_input_is_disabled_and_banner_shows(window, kingdom):
    view = kingdom(speed="normal")
    view.think_min = 5.0  # keep the CPU thinking while we look
    key(window, arcade.key.ENTER)
    step(window, 3)
    assert view.match.to_act == (1,)
    assert view.banner_text.text == "Opponent is planning…"
    assert view.buttons["end"].disabled and view.buttons["refresh"].disabled
    save_shot(screenshot(window), "match_opponent_planning")
    click(window, *center(view, ("offer", 0, 0)))
    assert view.selected is None
    key(window, arcade.key.R)
    assert view.match.decisions == [{"seat": 0, "type": "end_turn"}]


def test_cpu_buy_flies_in_from_card_backs(window, kingdom):
    view = kingdom(speed="normal")
    view.think_min = 0.0
    key(window, arcade.key.ENTER)
    bought = None
    for _ in range(120):
        step(window, 1)
        if view.moving:
            bought = next(iter(view.moving))
            break
    assert bought is not None and bought[0] == "unit"
    sprite = view.sprites[bought]
    # mid-flight: between the opponent's panel (its card backs) and its board row
    assert sprite.center_y > view.lay.top_row_y


def test_save_and_resume_exactly(window, kingdom, kapp):
    from game.scenes.kingdom.match_view import open_match_view

    view = kingdom()
    click(window, *center(view, ("offer", 0, 0)))
    click(window, *view.slot_pos(0, 2))
    step(window, 2)
    record = view.current_record()
    assert record is not None and record["decisions"] == view.match.decisions
    before = view.match.state_json()
    path = kapp.save_match(record, "kingdom")
    assert path is not None and path.is_file()
    from game.engine.record import replay

    again = open_match_view(kapp, replay(kapp.load_save("kingdom")).match)
    step(window, 2)
    assert again.match.state_json() == before
    assert again.shown == again.live_state()
    again.session.close()


def test_escape_opens_pause_menu_with_save(window, kingdom):
    from game.scenes.pause import PauseView

    view = kingdom()
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, PauseView)
    assert window.current_view.record_source() is not None
    window.current_view.resume()
    assert window.current_view is view


@pytest.mark.slow
def test_help_overlay_opens_with_h(window, kingdom):
    from game.scenes.widgets import HelpOverlay

    view = kingdom()
    key(window, arcade.key.H)
    assert isinstance(window.current_view, HelpOverlay)
    key(window, arcade.key.H)
    assert window.current_view is view


def test_resize_relays_out(window, kingdom):
    view = kingdom()
    try:
        window.dispatch_event("on_resize", 1024, 640)
        assert view.lay.width == 1024
        assert view.lay.lane_x(6) + view.lay.card_w / 2 < 1024
    finally:
        window.dispatch_event("on_resize", 1280, 720)


# -- the CPU worker ------------------------------------------------------------------------------
@pytest.mark.slow
def test_cpu_worker_process_plays_a_whole_turn():
    """Spawned worker: decisions one by one until end_turn, each legal, the CPU kept between
    decisions (its stream state comes back with each)."""
    import time

    from game.engine.record import replay
    from game.engine.rng import ai_stream
    from game.scenes.kingdom import samples
    from game.scenes.kingdom.cpu import CpuRunner

    match = replay(samples.record(samples.setup(to_act=[1]), ai={"1": "hard"})).match
    runner = CpuRunner("worker-test", sync=False)
    state = ai_stream(match.seed, 1).get_state()
    try:
        for _ in range(20):
            runner.start("hard", 1, match.view_json(1), state, tag=len(match.decisions))
            answer = None
            deadline = time.monotonic() + 120
            while answer is None and time.monotonic() < deadline:
                time.sleep(0.05)
                answer = runner.poll()
            assert answer is not None and not isinstance(answer, BaseException), answer
            decision, state = answer
            assert decision in match.legal_decisions(1), decision
            assert match.submit(decision).ok
            if decision["type"] == "end_turn":
                break
        assert match.turn == 8
    finally:
        runner.shutdown()
        match.close()


def test_card_faces_are_warmed_in_the_background(window, kingdom):
    """The faces the view may show next are composed off the frame: after a moment every face
    of the player's deck is in the card cache, and the warmed texture is the one drawn."""
    import time

    from game.scenes.kingdom.cards import card_texture

    view = kingdom()
    warmer = view.session.warmer
    assert warmer._asked  # queued at layout
    deadline = time.monotonic() + 60
    while warmer._pool is not None and warmer._pool._work_queue.qsize() and \
            time.monotonic() < deadline:
        time.sleep(0.05)
    lay = view.lay
    tex = card_texture(view.content, "rome_praetorian", lay.shop_w, lay.shop_h, disabled=True)
    assert view.sprites[("offer", 0, 1)].texture is tex


@pytest.mark.slow
def test_a_shot_never_wakes_the_cpu(window, kapp):
    """A still view run for two frames on the CPU's turn asks no CPU (no worker spawns)."""
    from game.engine.record import replay
    from game.scenes.harness import step as run
    from game.scenes.kingdom import samples
    from game.scenes.kingdom.match_view import open_match_view

    match = replay(samples.record(samples.setup(to_act=[1]), ai={"1": "hard"})).match
    view = open_match_view(kapp, match)
    try:
        run(window, 2)
        assert not view.session.runner.pending
        assert view.banner_text.text == "Opponent is planning…"
    finally:
        view.session.close()


def test_each_seat_flies_its_factions_colour(window, kingdom):
    """Issue 27: the yellow flag tinted by the sprite's colour multiplied the two: a blue or
    green faction flew olive, the others red (so both seats often flew red). Each panel's
    flag cloth now has its faction's hue."""
    import colorsys

    from game.scenes.kingdom import art

    view = kingdom()
    image = screenshot(window)
    for seat in (0, 1):
        fac = view.content.factions[view.seat(seat)["faction"]]
        p = view.panel_rect(seat)
        x, y = view.panel_x(seat)["flag"], p.center_y
        cloth = [pixel(image, x + dx, y + dy) for dx in range(-2, 12) for dy in range(-2, 10)]
        cloth = [c for c in cloth if max(c) - min(c) > 40]  # the coloured cloth, not the pole
        assert cloth, seat
        mean = [sum(c[i] for c in cloth) / len(cloth) for i in range(3)]
        want = art.hex_color(fac.color)
        hue = colorsys.rgb_to_hsv(*(v / 255 for v in mean))[0] * 360
        hue_want = colorsys.rgb_to_hsv(*(v / 255 for v in want[:3]))[0] * 360
        assert min(abs(hue - hue_want), 360 - abs(hue - hue_want)) < 25, (fac.id, mean, want)


def test_a_sixth_era_from_a_mod_fits_the_window_with_its_shop_and_hero(window, kingdom):
    """An era mod (docs/modding.md "Eras beyond 5"): ten lanes and a shop of six fit a
    1280 x 720 window, every lane numbered, the sixth offer left of the hero position. The
    layout was sized for nine lanes and five offers: lanes 1 and 10 fell off the window's
    edges and the sixth offer covered the hero."""
    from tests.kingdom.test_content import install
    from tests.kingdom.test_keyword_mod import doc_mod

    install("industrial", doc_mod("industrial"))
    units = slots(*(["common_ironclad", "rome_hastatus"] * 5))
    seat = {"level": 6, "coins": 9, "hp": 50, "slots": units,
            "deck": ["rome_hastatus", "common_ironclad"], "shop": ["common_ironclad"] * 6}
    setup = mid(**seat, hero={"card": "rome_scipio_africanus", "status": "in_hand"})
    setup["board"]["seats"][1].update(copy.deepcopy(seat), hero=None)
    view = kingdom(setup)
    lay = view.lay
    assert view.content.max_level == 6 and lay.lanes == 10
    frames = [view.slot_frames[(s, lane)] for s in (0, 1) for lane in range(10)]
    assert all(0 <= f.left and f.right <= lay.width for f in frames)
    assert [t.text for t in view.lane_texts if t.visible] == [str(n) for n in range(1, 11)]
    assert lay.offer_rect(5).right < lay.offer_rect("hero").left
    assert lay.offer_rect("hero").right < lay.buttons.left


@pytest.mark.slow
def test_the_screen_writes_no_rules_state_it_only_submits(window, kingdom, monkeypatch):
    """Every change to the live match's world comes from a decision the screen submitted
    (`Match.submit`); hovering, selecting, a refused click, the CPU's turn, the combat's
    playback and the next turn's frames write nothing themselves."""
    from game.engine.journal import Journal
    from game.engine.match import Match

    inside = [0]
    writes = {"submitted": 0, "outside": []}
    real_submit = Match.submit

    def submit(self, *args, **kwargs):
        inside[0] += 1
        try:
            return real_submit(self, *args, **kwargs)
        finally:
            inside[0] -= 1

    view = kingdom(mid(coins=10), speed="normal")
    view.think_min = 0.0
    live = view.match.journal

    def guarded(name):
        real = getattr(Journal, name)

        def write(self, *args, **kwargs):
            if self is live:
                if inside[0]:
                    writes["submitted"] += 1
                else:
                    writes["outside"].append(name)
            return real(self, *args, **kwargs)
        return write

    monkeypatch.setattr(Match, "submit", submit)
    for name in ("create", "delete", "add", "remove", "set", "on_rollback"):
        monkeypatch.setattr(Journal, name, guarded(name))
    hover_tip(window, view, ("offer", 0, 0))
    click(window, *center(view, ("offer", 0, 0)))  # selected, lifted, glowing
    step(window, 3)
    key(window, arcade.key.ESCAPE)
    key(window, arcade.key.U)  # an upgrade: submitted
    step(window, 3)
    click(window, *view.buttons["end"].rect.center)
    for _ in range(400):  # the CPU's turn, the combat's playback, the next turn
        step(window, 1)
        if view.match.turn == 8 and view.match.to_act == (0,) and not view.moving:
            break
    step(window, 10)
    assert view.match.turn == 8
    assert writes["submitted"] > 20  # the guard sees the live match's writes
    assert writes["outside"] == []
