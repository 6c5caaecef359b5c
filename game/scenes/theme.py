"""One palette and one type scale for every screen, so the four games look like one product.

Screens take colours and sizes from here by role (background, panel, accent, danger...), never
as literals, so retinting the whole collection is an edit to this file only.
"""

from __future__ import annotations

from arcade.gui import UIFlatButton
from arcade.types import Color

from game.scenes.fonts import UI_FONT

# --- surfaces: a dark card table under slate panels ---------------------------------------
TABLE = Color(20, 44, 38)  # window background: dark green felt
TABLE_EDGE = Color(10, 24, 21)  # vignette towards the window edges
PANEL = Color(30, 38, 46)  # cards of the menu, overlay panels
PANEL_HI = Color(40, 50, 61)  # a panel under the mouse
PANEL_EDGE = Color(66, 80, 94)  # 1-2 px panel borders
SHADE = Color(0, 0, 0, 150)  # dims the view under an overlay

# --- text ---------------------------------------------------------------------------------
TEXT = Color(236, 233, 222)  # body text on panels and table
TEXT_MUTED = Color(160, 170, 168)  # descriptions, captions
TEXT_DARK = Color(24, 28, 34)  # text on light accents

# --- accents: one meaning each ------------------------------------------------------------
GOLD = Color(226, 178, 74)  # titles, the primary action, selection
GOLD_HI = Color(242, 203, 112)
BLUE = Color(72, 138, 204)  # secondary actions, information
BLUE_HI = Color(96, 162, 226)
GREEN = Color(86, 172, 104)  # legal targets, success, "on"
RED = Color(204, 72, 62)  # rejections, damage, danger actions
RED_HI = Color(226, 98, 86)
GREY = Color(92, 100, 108)  # disabled
GREY_TEXT = Color(150, 156, 162)

# --- type scale (points) --------------------------------------------------------------------
SIZE_TITLE = 64
SIZE_HEADING = 26
SIZE_SUBHEADING = 18
SIZE_BODY = 14
SIZE_SMALL = 11
# The smallest font size any screen uses: 9 pt is 12 px at pyglet's 96 dpi, over the 11 px
# floor of issue 14 (`MIN_TEXT_PX`); tests/scenes/test_readable.py checks every screen.
MIN_TEXT_PX = 11
SIZE_MIN = 9
SIZE_BUTTON = 14
SIZE_CARD_VALUE = 28
SIZE_CARD_TITLE = 11

# --- metrics (pixels) -----------------------------------------------------------------------
PAD = 16
GAP = 12
RADIUS = 10
BUTTON_HEIGHT = 40
# a button's text keeps this much room from each side edge: 2 px of hover border and 4 of air
# (closer, it reads as cut off; tests/scenes/test_widget_layout.py checks every screen)
BUTTON_TEXT_MARGIN = 6

_Style = UIFlatButton.UIStyle


def _button_style(bg: Color, hover: Color, text: Color) -> dict[str, _Style]:
    return {
        "normal": _Style(font_name=UI_FONT, font_size=SIZE_BUTTON, font_color=text, bg=bg),
        "hover": _Style(
            font_name=UI_FONT,
            font_size=SIZE_BUTTON,
            font_color=text,
            bg=hover,
            border=TEXT,
            border_width=2,
        ),
        "press": _Style(
            font_name=UI_FONT,
            font_size=SIZE_BUTTON,
            font_color=TEXT_DARK,
            bg=TEXT,
            border=TEXT,
            border_width=2,
        ),
        "disabled": _Style(
            font_name=UI_FONT, font_size=SIZE_BUTTON, font_color=GREY_TEXT, bg=Color(52, 58, 64)
        ),
    }


# UIFlatButton style dicts by role: the primary action of a screen is gold, the others slate.
BUTTON_PRIMARY = _button_style(GOLD, GOLD_HI, TEXT_DARK)
BUTTON_SECONDARY = _button_style(Color(58, 72, 86), Color(74, 90, 106), TEXT)
BUTTON_INFO = _button_style(BLUE, BLUE_HI, TEXT)
BUTTON_DANGER = _button_style(RED, RED_HI, TEXT)

BUTTON_STYLES: dict[str, dict[str, _Style]] = {
    "primary": BUTTON_PRIMARY,
    "secondary": BUTTON_SECONDARY,
    "info": BUTTON_INFO,
    "danger": BUTTON_DANGER,
}
