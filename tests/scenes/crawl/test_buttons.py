"""The crawl screens' button rows are arcade gui buttons again: the same pixels as the baked
buttons they replace (references rendered with `BakedButtons` before its deletion, under ref/),
the gui's click rules; and the Start screen's fan as it was flattened (crawl/flat.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops

from game.scenes.harness import click, move, screenshot, step
from tests.scenes.crawl.crawl_scene_helpers import show

REF = Path(__file__).parent / "ref"


def _bottom(img: Image.Image, rows: int) -> Image.Image:
    return img.crop((0, img.height - rows, img.width, img.height)).convert("RGB")


def _same(img: Image.Image, name: str) -> None:
    ref = Image.open(REF / name).convert("RGB")
    assert img.size == ref.size
    box = ImageChops.difference(img, ref).getbbox()
    assert box is None, f"{name}: pixels differ in {box}"


def test_the_play_bar_looks_as_it_did_baked(window, crawl_app):
    from game.scenes.crawl.play import PlayView
    from game.scenes.crawl.start import new_match

    crawl_app.settings.animation_speed = "instant"
    # the bar the references were rendered from had no Undo (issue 25 added it; the
    # replay viewer's board still has none): the same buttons give the same pixels
    view = PlayView(crawl_app, new_match("normal", 5), undo=False)
    view.hint_sync = True
    show(window, view, 3)
    _same(_bottom(screenshot(window), 72), "play-bar.png")
    move(window, *view.buttons["attack"].rect.center)
    step(window, 2)
    _same(_bottom(screenshot(window), 72), "play-bar-hover.png")
    view.close()
    window.hide_view()


def test_the_picker_bar_looks_as_it_did_baked(window, crawl_app):
    from game.scenes.crawl.picker import PickerView
    from game.scenes.crawl.start import new_match

    crawl_app.settings.animation_speed = "instant"
    picker = show(window, PickerView(crawl_app, new_match("constructed", 7)), 3)
    _same(_bottom(screenshot(window), 90), "picker-bar.png")  # Start and Clear disabled
    picker.toggle(picker.ids[0])
    step(window, 2)
    _same(_bottom(screenshot(window), 90), "picker-bar-one.png")  # Clear enabled
    picker.on_leave()
    window.hide_view()


@pytest.mark.slow
def test_the_bar_clicks_wait_for_animations_and_help_does_not(window, crawl_app):
    from game.scenes.crawl.play import PlayView
    from game.scenes.crawl.start import new_match
    from game.scenes.widgets import HelpOverlay

    view = PlayView(crawl_app, new_match("normal", 5))
    view.hint_sync = True
    show(window, view, 3)
    attack = view.buttons["attack"]
    assert not attack.disabled and attack.text == "Random attack"
    click(window, *attack.rect.center)
    step(window, 240)
    assert attack.text == "Used" and attack.disabled  # the random attack was made
    click(window, *view.buttons["help"].rect.center)
    assert isinstance(window.current_view, HelpOverlay)
    window.show_view(view)
    view.close()
    window.hide_view()


@pytest.mark.slow
def test_the_start_fan_looks_as_it_did_flattened(window, crawl_app):
    """The fan is its five sprites again (crawl/flat.py deleted in issue 14): the same
    picture as the flattened sprite, within the unit of rounding linear sampling moves."""
    from game.scenes.crawl.start import StartView

    view = show(window, StartView(crawl_app), 3)
    img = screenshot(window)
    left, bottom, right, top = 726, 146, 1051, 327  # the flattened sprite's box at 1280x720
    fan = img.crop((left, img.height - top, right, img.height - bottom)).convert("RGB")
    ref = Image.open(REF / "start-fan.png").convert("RGB")
    assert fan.size == ref.size
    diff = ImageChops.difference(fan, ref)
    assert max(high for _, high in diff.getextrema()) <= 2
    view.on_hide_view()
    window.hide_view()
