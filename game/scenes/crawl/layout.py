"""Where everything sits on the play view (spec crawl.md section 8.3), from the window size.

Five columns of card width plus a gutter: the 4 board slots centred on top with the deck to
their right; below them the left hand, the hero panel, the right hand and the backpack, with the
chest under the deck. Between the rows runs the caption strip (previews, hints); under the
bottom row, the zone labels; at the bottom, the button bar. Reference 1280 x 720; the cards
shrink to fit smaller windows (1024 x 640 and up).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import arcade

from game.scenes.crawl.look import card_size

Rect = arcade.types.Rect


def _place(x: float, y: float, w: float, h: float) -> Rect:
    """A zone centred near (x, y) with its edges on whole pixels: a card resting there is
    drawn texel for pixel (the view samples resting cards with nearest filtering)."""
    w, h = int(w), int(h)
    return arcade.LBWH(round(x - w / 2), round(y - h / 2), w, h)

TOP_BAR = 44  # variant, seed, turn
STRIP = 46  # preview / hint caption between the rows
LABELS = 26  # zone labels under the bottom row
BUTTONS = 62  # the button bar
MIN_GAP = 12
GUTTER = 40  # between two columns of cards
LOG_GUTTER = 20  # the same, beside the log panel


@dataclass
class PlayLayout:
    width: int
    height: int
    card_w: int = 0
    card_h: int = 0
    pitch: float = 0.0
    places: dict[str, Rect] = field(default_factory=dict)
    board_y: float = 0.0
    bottom_y: float = 0.0
    strip_y: float = 0.0
    label_y: float = 0.0
    top_y: float = 0.0
    button_y: float = 0.0

    @classmethod
    def compute(cls, width: int, height: int, gutter: int = GUTTER) -> PlayLayout:
        """The layout of a table `width` wide (the window's, or left of the log panel, which
        asks for narrower gutters to keep the cards large)."""
        lay = cls(width, height)
        # the tallest card that fits both ways: 2 rows + the fixed bands, 5 columns + gutters
        by_height = (height - TOP_BAR - STRIP - LABELS - BUTTONS - 3 * MIN_GAP) / 2
        by_width = (width - 48 - 4 * gutter) / 5 / 0.7
        card_w, card_h = card_size(max(110, min(240, by_height, by_width)))
        lay.card_w, lay.card_h = card_w, card_h
        lay.pitch = card_w + gutter
        spare = height - (TOP_BAR + STRIP + LABELS + BUTTONS + 2 * card_h)
        gap = max(MIN_GAP, spare / 4)
        lay.top_y = height - TOP_BAR / 2
        lay.board_y = height - TOP_BAR - gap * 0.6 - card_h / 2
        lay.strip_y = lay.board_y - card_h / 2 - gap * 0.5 - STRIP / 2
        lay.bottom_y = lay.strip_y - STRIP / 2 - gap * 0.5 - card_h / 2
        lay.label_y = lay.bottom_y - card_h / 2 - LABELS / 2
        lay.button_y = 12 + 44 / 2
        # the five columns (board + deck, bottom row + chest) are centred as one table
        cx = width / 2

        def column(i: float) -> float:
            return cx + (i - 2.0) * lay.pitch

        for slot in range(4):
            lay.places[f"board.{slot}"] = _place(column(slot), lay.board_y, card_w, card_h)
        lay.places["deck"] = _place(column(4), lay.board_y, card_w, card_h)
        lay.places["left_hand"] = _place(column(0), lay.bottom_y, card_w, card_h)
        hero_w = min(lay.pitch - 14, card_w + 34)
        lay.places["hero"] = _place(column(1), lay.bottom_y, hero_w, card_h)
        lay.places["right_hand"] = _place(column(2), lay.bottom_y, card_w, card_h)
        lay.places["backpack"] = _place(column(3), lay.bottom_y, card_w, card_h)
        lay.places["chest"] = _place(column(4), lay.bottom_y, card_w, card_h)
        return lay

    def center(self, place: str) -> tuple[float, float]:
        rect = self.places[place]
        return rect.center_x, rect.center_y

    def place_at(self, x: float, y: float, margin: float = 10) -> str | None:
        """The drop zone under a point (board slots, hands, hero, backpack, chest)."""
        for name, rect in self.places.items():
            if name == "deck":
                continue
            if (rect.left - margin <= x <= rect.right + margin
                    and rect.bottom - margin <= y <= rect.top + margin):
                return name
        return None

    @property
    def board_left(self) -> float:
        return self.places["board.0"].left
