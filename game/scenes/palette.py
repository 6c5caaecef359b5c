"""The colour palette setting: "standard" or "colour-blind" (issue 14, docs/architecture.md).

The colour-blind palette takes its hues from Okabe and Ito's set (told apart under the three
common colour-vision deficiencies) and never leaves a difference to hue alone:

- seats: blue against orange, and a shape: strike's tokens carry P1-P3 / E1-E3 labels, and
  conquest's units stand on a disc (seat 0) or a diamond (seat 1);
- elements: six Okabe-Ito colours, and the token ring of each element has its own pattern
  (solid, dashed, dotted, double, notched, hatched: `ring_pattern`);
- HP bars: light blue when healthy, orange when hurt, dark vermilion when low, so the three
  states differ in lightness as well as hue (and the HP is printed beside every bar).

Scenes ask this module (`colour_blind()`, `seat_colour`, `element_colour`, `hp_colour`); the
App calls `use(settings.palette)` at start and whenever the setting changes, which also drops
the cached textures painted in the old palette.
"""

from __future__ import annotations

from arcade.types import Color

PALETTES = ("standard", "colour-blind")
_current = "standard"

CB_SEATS = (Color(0, 114, 178), Color(230, 159, 0))  # blue, orange
CB_ELEMENTS = {
    "fire": (213, 94, 0),  # vermilion
    "water": (86, 180, 233),  # sky blue
    "leaf": (0, 158, 115),  # bluish green
    "wind": (240, 228, 66),  # yellow
    "null": (204, 121, 167),  # reddish purple
    "combined": (245, 245, 245),  # white
}
RING_PATTERNS = {"fire": "solid", "water": "dashed", "leaf": "dotted", "wind": "double",
                 "null": "notched", "combined": "hatched"}
CB_HP = (Color(170, 220, 250), Color(230, 159, 0), Color(150, 50, 0))  # high, mid, low


def use(name: str) -> None:
    """Switch palettes (unknown names read as standard) and forget textures of the old one."""
    global _current
    new = name if name in PALETTES else "standard"
    if new == _current:
        return
    _current = new
    _clear_caches()


def current() -> str:
    return _current


def colour_blind() -> bool:
    return _current == "colour-blind"


def seat_colours(standard: tuple[Color, ...]) -> tuple[Color, ...]:
    """The seats' colours now: the mode's own in the standard palette (a look module reads
    them at import; `use` swaps them afterwards)."""
    return CB_SEATS if colour_blind() else standard


def element_colour(element: str, standard: tuple[int, int, int]) -> tuple[int, int, int]:
    return CB_ELEMENTS.get(element, standard) if colour_blind() else standard


def ring_pattern(element: str) -> str:
    """How an element's token ring is drawn: "solid" in the standard palette."""
    return RING_PATTERNS.get(element, "solid") if colour_blind() else "solid"


def hp_colour(frac: float, standard: tuple[Color, Color, Color]) -> Color:
    """The HP bar colour for a fraction of max HP (high > 0.6 > mid > 0.3 > low)."""
    high, mid, low = CB_HP if colour_blind() else standard
    return high if frac > 0.6 else mid if frac > 0.3 else low


def _clear_caches() -> None:
    import sys

    for name in ("game.scenes.strike.look", "game.scenes.conquest.look"):
        module = sys.modules.get(name)
        if module is not None and hasattr(module, "STANDARD_SEATS"):
            module.SEAT_COLOURS = CB_SEATS if colour_blind() else module.STANDARD_SEATS
        for attr in ("token_texture", "card_texture", "mini_card_texture", "slot_texture",
                     "disc_texture", "card_image", "_card_texture", "unit_texture",
                     "card_back", "_mini_card_texture"):
            cached = getattr(module, attr, None) if module is not None else None
            if cached is not None and hasattr(cached, "cache_clear"):
                cached.cache_clear()
