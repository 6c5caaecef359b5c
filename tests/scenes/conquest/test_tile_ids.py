"""Tile ids (spec conquest.md 8: "tile ids in small text at the hex's lower edge"): drawn,
readable and clear of the unit tokens wherever 11 px text fits between the units (issue 14's
floor: 1280x720 and up); on smaller hexes (960x600) they are hidden and the hover tooltip names
every tile instead (docs/conquest-screens.md)."""

from __future__ import annotations

import math

import pytest

from game.scenes.harness import screenshot, step
from tests.scenes.conquest.conquest_scene_helpers import decisions_to, pixel, save_shot
from tests.scenes.conquest.test_screens import past_curtain

SMALL = (960, 600)
MEDIUM = (1280, 720)
PLACE_0 = {"p0.t1": "L06", "p0.t2": "L06", "p0.i1": "L06", "p0.i2": "L06", "p0.t3": "L06",
           "p0.i3": "L05", "p0.i4": "L03", "p0.i5": "L03", "p0.t4": "L03", "p0.i6": "L03"}
PLACE_1 = {"p1.t1": "L07", "p1.i1": "L07", "p1.i2": "L07", "p1.t2": "L07", "p1.t3": "L07",
           "p1.i3": "L10", "p1.t4": "L10", "p1.i4": "L10", "p1.i5": "L10", "p1.i6": "L10"}


def full_stacks() -> list[dict]:
    """Five units of each seat on L13 (a battle), full bases: every unit slot in use."""
    out: list[dict] = []
    for seat, places in ((0, PLACE_0), (1, PLACE_1)):
        out += [{"seat": seat, "type": "place", "units": [u], "to": t} for u, t in places.items()]
        out.append({"seat": seat, "type": "ready"})
    for seat, tile in ((0, "L06"), (1, "L07")):
        units = [u for u, t in (PLACE_0 if seat == 0 else PLACE_1).items() if t == tile]
        out.append({"seat": seat, "type": "move", "units": units, "to": "L13"})
    return [*out, {"seat": 0, "type": "ready"}, {"seat": 1, "type": "ready"}]


def ink(rgb) -> bool:
    """The ids' dark ink (look.TILE_ID, sum 104), antialiased, on land (sum 364-406)."""
    return sum(rgb) < 280


def clear_of(rect, centre, radius: float) -> bool:
    """Does the disc at `centre` stay outside `rect`?"""
    nx = min(max(centre[0], rect.left), rect.right)
    ny = min(max(centre[1], rect.bottom), rect.top)
    return math.hypot(centre[0] - nx, centre[1] - ny) >= radius


@pytest.mark.slow
@pytest.mark.parametrize("stage", ["movement", "cards", "full_stacks"])
def test_tile_ids_are_drawn_at_1280x720_clear_of_the_units(window, conquest, stage):
    from game.scenes.conquest import look

    decisions = full_stacks() if stage == "full_stacks" else decisions_to(stage)
    view = past_curtain(window, conquest(decisions))
    try:
        view.layout(*MEDIUM)
        step(window, 2)
        assert view.tile_ids_shown  # the I key is on and the hexes are large enough
        assert len(view.tile_labels) == len(view.content.land)
        assert view.tile_id_pt >= look.ID_MIN_PT
        image = screenshot(window)
        save_shot(image.crop((0, image.height - MEDIUM[1], MEDIUM[0], image.height)),
                  f"tile_ids_1280_{stage}")
        tokens = list(view.tokens.values())
        assert len(tokens) >= 10
        for label in view.tile_labels:
            rect = label.rect
            assert rect.right <= view.map_rect.right + 4 and rect.left >= view.map_rect.left - 4
            for token in tokens:  # no id under a unit disc
                assert clear_of(rect, token.position, token.disc.width / 2), label.position
            inked = [pixel(image, x + 0.5, y + 0.5)
                     for x in range(int(rect.left), int(rect.right))
                     for y in range(int(rect.bottom), int(rect.top))]
            assert sum(ink(c) for c in inked) >= 6, label.position  # drawn, not hidden
    finally:
        view.layout(window.width, window.height)


def test_tile_ids_hide_only_below_a_readable_size():
    from game.scenes.conquest import look

    assert look.tile_id_style(12) is None  # a thumbnail map: hidden, not smudged
    assert look.tile_id_style(30) is None and look.tile_id_style(33.4) is None  # 960x600
    sizes = [look.tile_id_style(s) for s in (36, 40, 45, 56.3)]
    assert all(style is not None for style in sizes)
    points = [style[0] for style in sizes]
    assert points == sorted(points) and points[-1] == look.ID_MAX_PT  # scaled with the hex


@pytest.mark.parametrize("stage", ["movement", "cards"])
@pytest.mark.slow
def test_at_960x600_the_ids_are_hidden_and_the_tooltip_names_each_tile(window, conquest,
                                                                        stage):
    from game.scenes.conquest import look
    from game.scenes.harness import move

    view = past_curtain(window, conquest(decisions_to(stage)))
    try:
        view.layout(*SMALL)
        step(window, 2)
        assert not view.tile_ids_shown and len(view.tile_labels) == 0
        assert look.tile_id_style(view.grid.size) is None  # 11 px does not fit between units
        empty = next(t for t in view.content.land if not view.units_on(t))
        move(window, *view.grid.centre(empty))
        assert view.tooltip.visible and view.tooltip.text == empty
    finally:
        view.layout(window.width, window.height)
