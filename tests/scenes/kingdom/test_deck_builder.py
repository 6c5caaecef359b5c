"""The deck builder (spec kingdom.md 8.1, rules 4.2): tiles and the Default preset, the hero
picker, the unit list (search, sort, Only selected, the 10-unit cap), the quick buttons, Start
Match's state and tooltip, keys, and what is on the screen."""

from __future__ import annotations

import arcade
import pytest

from game.engine.rng import Stream
from game.scenes import theme
from game.scenes.harness import click, move, screenshot, step
from game.systems.kingdom.pools import cheap_key, default_preset, select_all


def _close(pixel, color, tol=12) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(pixel[:3], tuple(color)[:3], strict=True))


def _img_xy(window, x, y):
    """Window coordinates (origin bottom-left) -> image coordinates (origin top-left)."""
    return int(x), int(window.height - 1 - y)


def click_tile(window, view, faction):
    sprite = view.tile_of[faction]
    click(window, sprite.center_x, sprite.center_y)
    step(window)


def click_row(window, view, unit):
    plate = view.row_of[unit][0]
    click(window, plate.center_x - 120, plate.center_y)
    step(window)


@pytest.mark.slow
def test_opens_empty_with_start_disabled(window, builder):
    view = builder()
    assert view.faction is None and view.hero is None and view.units == []
    assert view.start_btn.disabled
    assert view.counter_text.text == "0 / 10 units"
    assert len(view.tile_of) == 19 and view.rows == []
    img = screenshot(window)
    r = view.start_btn.rect
    assert _close(img.getpixel(_img_xy(window, r.left + 6, r.center_y)), (52, 58, 64))


def test_clicking_a_tile_applies_default(window, builder, content):
    view = builder(seed=11)
    click_tile(window, view, "rome")
    expected = default_preset(content, "country", "rome", Stream(11, "deck/0"))
    assert view.faction == "rome"
    assert (view.hero, view.units) == expected
    assert len(view.units) == 10 and view.hero in content.pool_heroes("country", "rome")
    assert view.counter_text.text == "10 / 10 units"
    assert not view.start_btn.disabled
    assert set(view.rows) == set(content.pool_units("country", "rome"))


def test_mid_selection_screen(window, builder, content):
    """Rome with 7 units: gold border on the selected tile, the counter, ticked boxes, the hero's
    glow and Start Match enabled, read from the frame."""
    view = builder()
    click_tile(window, view, "rome")
    for unit in list(view.units)[7:]:
        click_row(window, view, unit)
    assert len(view.units) == 7
    assert view.counter_text.text == "7 / 10 units"
    move(window, 5, 5)
    img = screenshot(window)
    tile = view.tile_of["rome"]
    # the selected tile's border is gold on its left edge, an unselected one is not
    x, y = _img_xy(window, tile.center_x - tile.width / 2 + 1, tile.center_y)
    assert _close(img.getpixel((x, y)), theme.GOLD, tol=30)
    other = view.tile_of["china"]
    x, y = _img_xy(window, other.center_x - other.width / 2 + 1, other.center_y)
    assert not _close(img.getpixel((x, y)), theme.GOLD, tol=30)
    # a ticked checkbox is gold, an unticked one is not
    chosen = view.units[0]
    free = next(u for u in view.rows if u not in view.units)
    for unit, ticked in ((chosen, True), (free, False)):
        check = view.row_of[unit][1]
        if view.list_area.contains(check.center_x, check.center_y):
            px = img.getpixel(_img_xy(window, check.center_x - 5, check.center_y + 5))
            assert _close(px, theme.GOLD, tol=40) == ticked
    # Start Match is enabled: gold
    r = view.start_btn.rect
    assert _close(img.getpixel(_img_xy(window, r.left + 6, r.center_y)), theme.GOLD)
    # the counter is drawn where its Text is
    assert view.counter_text.text == "7 / 10 units"
    left = int(view.counter_text.left)
    band = [img.getpixel(_img_xy(window, xx, view.counter_text.y))
            for xx in range(left, int(view.counter_text.right))]
    assert any(p[0] > 180 and p[1] > 180 for p in band)


def test_hero_pick(window, builder, content):
    view = builder()
    click_tile(window, view, "rome")
    other = next(h for h in content.pool_heroes("country", "rome") if h != view.hero)
    card = view.hero_of[other][0]
    click(window, card.center_x, card.center_y)
    step(window)
    assert view.hero == other
    from game.scenes.kingdom.cards import card_texture

    w, h = view.hero_size
    assert card.texture is card_texture(content, other, w, h, selected=True)
    assert view.hero_of[other][0] is card  # restyled in place, not laid out again


def test_search_filters_rows(window, builder, content):
    view = builder()
    click_tile(window, view, "rome")
    window.dispatch_event("on_key_press", arcade.key.F, arcade.key.MOD_CTRL)
    assert view.search.active
    window.dispatch_event("on_text", "PRIEST")
    step(window)
    assert view.rows and all(
        "priest" in (content.cards[u].name + content.cards[u].id + content.cards[u].effect +
                     content.effects[content.cards[u].effect].archetype).casefold()
        for u in view.rows)
    assert len(view.rows) < len(content.pool_units("country", "rome"))
    # H typed into the search goes into the text, not to the help overlay
    window.dispatch_event("on_key_press", arcade.key.H, 0)
    assert window.current_view is view
    view.set_search("overkill")  # the effect id matches too
    assert {content.cards[u].effect for u in view.rows} == {"overkillHeal"}
    view.set_search("common")  # the faction name
    assert {content.cards[u].faction for u in view.rows} == {"common"}
    view.set_search("zzz")
    assert view.rows == [] and view.list_hint.text == "No unit matches the search"


@pytest.mark.slow
def test_sort_orders_rows(window, builder, content):
    view = builder()
    click_tile(window, view, "rome")
    cards = content.cards
    assert view.rows == sorted(view.rows, key=lambda u: (cards[u].era, *cheap_key(cards[u])))
    view.sort_box.value = "Sort: ATK"  # the dropdown's change event re-sorts
    step(window)
    assert view.sort == "ATK"
    assert view.rows == sorted(view.rows, key=lambda u: (-cards[u].atk, *cheap_key(cards[u])))
    atks = [cards[u].atk for u in view.rows]
    assert atks == sorted(atks, reverse=True)
    view.set_sort("Name")
    names = [cards[u].name.casefold() for u in view.rows]
    assert names == sorted(names)
    view.set_sort("DEF")
    defs = [cards[u].defense for u in view.rows]
    assert defs == sorted(defs, reverse=True)
    view.set_sort("Cost")
    assert view.rows == sorted(view.rows, key=lambda u: cheap_key(cards[u]))


def test_eleventh_unit_is_refused(window, builder):
    view = builder()
    click_tile(window, view, "rome")
    assert len(view.units) == 10
    extra = next(u for u in view.rows if u not in view.units)
    before = list(view.units)
    click_row(window, view, extra)
    assert view.units == before
    assert view.toast.visible and view.toast.message == "At most 10 units"
    assert view.shake is not None and view.shake[0] == extra
    step(window, 40)
    assert view.shake is None


@pytest.mark.slow
def test_select_all_clear_and_default_buttons(window, builder, content):
    view = builder()
    click_tile(window, view, "rome")
    hero = view.hero
    click(window, *view.clear_btn.rect.center)
    step(window)
    assert view.units == [] and view.hero == hero
    assert view.start_btn.disabled and view.missing() == "Pick at least 1 unit"
    move(window, *view.start_btn.rect.center)
    assert view.tooltip.visible and view.tooltip.text == "Pick at least 1 unit"
    click(window, *view.select_all_btn.rect.center)
    step(window)
    assert view.units == select_all(content, "country", "rome") and view.hero == hero
    assert not view.start_btn.disabled
    click(window, *view.default_btn.rect.center)
    step(window)
    assert len(view.units) == 10
    view.hero = None
    view.refresh_state()
    assert view.missing() == "Pick a hero" and view.start_btn.disabled


def test_only_selected(window, builder):
    view = builder()
    click_tile(window, view, "rome")
    click_row(window, view, view.units[0])
    click(window, *view.only_btn.rect.center)
    step(window)
    assert view.only_selected
    assert set(view.rows) == set(view.units) and len(view.rows) == 9


def test_continent_mode_and_returning_to_a_faction(window, builder, content):
    view = builder()
    click_tile(window, view, "rome")
    click_row(window, view, view.units[0])
    rome = (view.hero, list(view.units))
    click(window, *view.mode_toggle.buttons["continent"].rect.center)
    step(window)
    assert view.mode == "continent" and view.faction is None
    assert list(view.tile_of) == list(content.continent_order)
    click_tile(window, view, "europe")
    assert view.hero in content.pool_heroes("continent", "europe")
    assert len(view.units) == 10
    assert any(content.cards[u].faction != content.cards[view.units[0]].faction
               for u in view.units)
    click(window, *view.mode_toggle.buttons["country"].rect.center)
    step(window)
    click_tile(window, view, "rome")
    assert (view.hero, view.units) == rome  # not a second Default


def test_scrolling_the_lists(window, builder):
    view = builder()
    view.set_mode("continent")
    click_tile(window, view, "europe")
    area = view.list_area
    first = view.rows[0]
    y0 = view.row_of[first][0].center_y
    window.dispatch_event("on_mouse_scroll", area.rect.center_x, area.rect.center_y, 0, -3)
    assert view.row_of[first][0].center_y > y0
    heroes = view.heroes_area
    x0 = next(iter(view.hero_of.values()))[0].center_x
    window.dispatch_event("on_mouse_scroll", heroes.rect.center_x, heroes.rect.center_y, 0, -3)
    assert next(iter(view.hero_of.values()))[0].center_x < x0


@pytest.mark.slow
def test_tab_cycles_widgets_and_keys(window, builder):
    view = builder()
    assert view.cycle_focus() == "search"
    assert view.search.active
    window.dispatch_event("on_key_press", arcade.key.TAB, 0)  # leaves the search
    assert not view.search.active and view.focus == 1
    window.dispatch_event("on_key_press", arcade.key.TAB, 0)
    window.dispatch_event("on_key_press", arcade.key.SPACE, 0)  # "Only selected"
    assert view.only_selected
    window.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)  # drops the focus first
    assert view.focus is None and window.current_view is view
    window.dispatch_event("on_key_press", arcade.key.ENTER, 0)  # disabled: a toast
    assert window.current_view is view and view.toast.visible
    window.dispatch_event("on_key_press", arcade.key.H, 0)
    from game.scenes.widgets import HelpOverlay

    assert isinstance(window.current_view, HelpOverlay)
    titles = [t.title for t in window.current_view.topics]
    assert titles[:8] == ["Rules of this match", "Goal", "Turn flow", "Economy", "Shop",
                          "Combat", "Effects", "Controls"]
    window.dispatch_event("on_key_press", arcade.key.H, 0)
    assert window.current_view is view
    window.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    from game.scenes.pause import PauseView

    assert isinstance(window.current_view, PauseView)


def test_start_match_submits_and_the_cpu_builds(window, builder, no_match_view, content):
    view = builder(seed=21)
    match = view.match
    click_tile(window, view, "greece")
    chosen = (view.hero, sorted(view.units))
    window.dispatch_event("on_key_press", arcade.key.ENTER, 0)
    assert [m for m, _ in no_match_view.opened] == [match]
    assert match.phase == "planning" and match.to_act == (0,)
    first, second = match.decisions
    assert first == {"type": "build_deck", "seat": 0, "mode": "country", "faction": "greece",
                     "hero": chosen[0], "units": chosen[1]}
    assert second["seat"] == 1 and second["type"] == "build_deck"
    seats = match.state_json()["board"]["seats"]
    assert seats[0]["deck"] == chosen[1] and seats[0]["hero"]["card"] == chosen[0]
    assert seats[1]["faction"] in content.countries and 1 <= len(seats[1]["deck"]) <= 10
    assert not view.owns_match


@pytest.mark.slow
def test_frame_draws_no_new_text(window, builder):
    """Hovering and scrolling reuse the baked textures and the view's few Texts."""
    view = builder()
    click_tile(window, view, "rome")
    row = view.rows[3]
    plate = view.row_of[row][0]
    move(window, plate.center_x, plate.center_y)
    step(window)
    assert view.hover_row == row and len(view.popup_sprites) == 2
    before = view.row_of[row][2].texture
    move(window, 5, 5)
    step(window)
    move(window, plate.center_x, plate.center_y)
    step(window)
    assert view.row_of[row][2].texture is before


@pytest.mark.slow
def test_sort_dropdown_opens_below_and_picks(window, builder, content):
    view = builder()
    click_tile(window, view, "rome")
    click(window, *view.sort_box.rect.center)
    step(window)
    overlay = view.sort_box._overlay
    assert view._overlay_open()
    assert overlay.rect.top <= view.sort_box.rect.bottom
    option = next(c for c in overlay.children if getattr(c, "text", "") == "Sort: Name")
    click(window, *option.rect.center)
    step(window)
    assert view.sort == "Name" and not view._overlay_open()
    names = [content.cards[u].name.casefold() for u in view.rows]
    assert names == sorted(names)
    click(window, *view.sort_box.rect.center)
    step(window)
    window.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)  # closes the list only
    step(window)
    assert not view._overlay_open() and window.current_view is view


@pytest.mark.slow
def test_layout_follows_the_window_size(window, builder):
    view = builder()
    click_tile(window, view, "rome")
    for width, height in ((960, 600), (1600, 900), (1280, 720)):
        view.layout(width, height)
        widgets = [view.start_btn, view.search, view.sort_box, view.only_btn, view.default_btn,
                   view.select_all_btn, view.clear_btn]
        for widget in widgets:
            r = widget.rect
            assert 0 <= r.left and r.right <= width and 0 <= r.bottom and r.top <= height
        assert view.list_area.rect.right <= width and view.list_area.rect.height > 3 * 32
        assert view.tiles_area.rect.right < view.heroes_area.rect.left
        # nothing overlaps: the controls sit between the heroes and the list
        assert view.heroes_area.rect.bottom > view.search.rect.top
        assert view.search.rect.bottom > view.list_area.rect.top
        per_row = len({round(s.center_x) for s in view.tile_of.values()})
        assert per_row == (1 if width < 1100 else 2)


def test_every_era_a_mod_may_have_has_a_badge():
    """`max_level` goes up to 10 (kingdom content bounds): the unit rows' era badges had
    numerals for eight eras, so a ninth era's card failed to paint."""
    from game.scenes.kingdom.deck_builder import ROMAN
    from game.systems.kingdom.content import MAX_LEVEL

    assert len(ROMAN) == MAX_LEVEL and ROMAN[5] == "VI" and ROMAN[-1] == "X"
