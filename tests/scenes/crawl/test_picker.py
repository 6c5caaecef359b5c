"""The ability picker of a constructed run (spec 8.2)."""

from __future__ import annotations

import arcade

from game.scenes import theme
from game.scenes.crawl.picker import COLUMNS, PickerView
from game.scenes.crawl.play import PlayView
from game.scenes.crawl.start import StartView, new_match
from game.scenes.harness import click, close_to, key, pixel, screenshot, step
from tests.scenes.crawl.crawl_scene_helpers import save_shot, show

CATALOGUE = ["revive", "deflect", "capitalize", "pyroclasm", "shield_bash", "banish", "life",
             "galvanize", "amplify", "chaos", "collect", "swap", "doomed", "gangrene"]


def picker(window, app, seed=3) -> PickerView:
    return show(window, PickerView(app, new_match("constructed", seed)))


def test_grid_in_catalogue_order(window, crawl_app):
    view = picker(window, crawl_app)
    assert [t.info.id for t in view.tiles] == CATALOGUE
    assert COLUMNS == 7 and len(view.tiles) == 14
    first, eighth = view.tiles[0].rect, view.tiles[7].rect
    assert first.center_y > eighth.center_y and first.center_x == eighth.center_x  # 7 x 2
    assert view.tiles[0].name.text == "Revive" and view.tiles[0].kind.text == "Hero"
    assert view.tiles[3].kind.text == "Target"
    assert view.tiles[0].text.text.startswith("The next time your HP")
    assert view.counter.text == "0 / 5" and view.buttons["start"].disabled
    view.on_leave()


def test_selection_limits(window, crawl_app):
    view = picker(window, crawl_app)
    for tile in view.tiles[:3]:
        click(window, *tile.rect.center)
    assert view.counter.text == "3 / 5" and view.buttons["start"].disabled
    img = screenshot(window)
    save_shot(img, "picker")
    chosen = view.tiles[0]
    assert chosen.lift > 0 and chosen.ring == theme.GOLD_HI
    assert close_to(pixel(img, chosen.rect.left - 3, chosen.rect.center_y + chosen.lift),
                    theme.GOLD_HI, 40)  # the gold border
    for tile in view.tiles[3:5]:
        click(window, *tile.rect.center)
    assert view.counter.text == "5 / 5" and not view.buttons["start"].disabled
    # full: the others are dimmed and cannot be chosen
    assert view.tiles[6].alpha < 255 and view.tiles[0].alpha == 255
    click(window, *view.tiles[6].rect.center)
    assert len(view.selected) == 5 and "life" not in view.selected
    assert "already" in view.toast.message
    # dropping one frees a place
    click(window, *view.tiles[1].rect.center)
    assert view.counter.text == "4 / 5" and view.buttons["start"].disabled
    assert view.tiles[6].alpha == 255
    view.on_leave()


def test_random_clear_and_start(window, crawl_app):
    view = picker(window, crawl_app)
    step(window)
    click(window, *view.buttons["random"].rect.center)
    assert len(set(view.selected)) == 5
    step(window)
    click(window, *view.buttons["clear"].rect.center)
    assert view.selected == [] and view.buttons["start"].disabled
    for i in (11, 0, 12, 6, 9):  # swap, revive, doomed, life, chaos (spec C44)
        view.toggle(view.ids[i])
    step(window)
    match = view.match
    click(window, *view.buttons["start"].rect.center)
    play = window.current_view
    assert isinstance(play, PlayView) and play.match is match
    assert match.decisions[-1] == {
        "seat": 0, "type": "choose_abilities",
        "abilities": ["swap", "revive", "doomed", "life", "chaos"],
    }
    assert play.state["board"]["abilities"] == ["revive", "life", "chaos", "swap", "doomed"]
    step(window, 3)
    assert len(play.cards) == 4 and play.deck_text.text == "50"  # the deal landed
    play.close()


def test_keyboard(window, crawl_app):
    view = picker(window, crawl_app)
    key(window, arcade.key.SPACE)  # Revive
    key(window, arcade.key.RIGHT)
    key(window, arcade.key.SPACE)  # Deflect
    key(window, arcade.key.DOWN)
    key(window, arcade.key.SPACE)  # Amplify, one row down
    key(window, arcade.key.LEFT)
    key(window, arcade.key.SPACE)  # Galvanize
    key(window, arcade.key.UP)
    key(window, arcade.key.SPACE)  # Revive again: dropped
    assert view.selected == ["deflect", "amplify", "galvanize"]
    key(window, arcade.key.ENTER)  # not 5 yet: nothing happens
    assert window.current_view is view
    assert view.toggle("swap") and view.toggle("doomed")
    assert not view.toggle("revive")  # a sixth is refused
    key(window, arcade.key.ENTER)
    assert isinstance(window.current_view, PlayView)
    window.current_view.close()


def test_escape_goes_back_and_closes_the_match(window, crawl_app):
    view = picker(window, crawl_app)
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, StartView)
    assert view.closed
