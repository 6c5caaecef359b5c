"""Where everything of the kingdom match view goes, from the window size (spec kingdom.md 8.2).

Top to bottom: the opponent panel, the opponent's board, the lane strip, the player's board,
the player panel, then the shop row (offers, a gap, the hero position) with the buttons on its
right. Lane i of both boards shares one x; the lanes are centred as a group of L = max(slot
counts) lanes, and cards keep one size whatever L is (sized for the lanes of the last era: 9
in the shipped game, more when a mod adds eras), so an upgrade slides the lanes instead of
resizing every card. The shop row holds as many offers as the last era's shop, then the hero.
"""

from __future__ import annotations

from dataclasses import dataclass

import arcade

from game.scenes.kingdom.cards import CARD_RATIO

MAX_LANES = 9  # the shipped game's last era: SLOTS(5)
MAX_OFFERS = 5  # and its shop: SHOP_SIZE(9)
MARGIN = 10
LANE_GAP = 10
PANEL_H = 58


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    lanes: int
    card_w: int
    card_h: int
    lane_left: float  # x of lane 0's left edge
    top_panel: arcade.types.Rect
    top_row_y: float
    strip: arcade.types.Rect  # the lane strip between the boards
    bottom_row_y: float
    bottom_panel: arcade.types.Rect
    shop: arcade.types.Rect  # the shop row (offers and hero)
    shop_w: int
    shop_h: int
    buttons: arcade.types.Rect  # right of the shop row
    shop_top: float  # the top of the shop row: the log panel (`side`) stands above it
    most_offers: int = MAX_OFFERS  # the shop positions of the last era, before the hero

    def lane_x(self, lane: int) -> float:
        return self.lane_left + lane * (self.card_w + LANE_GAP) + self.card_w / 2

    def lane_rect(self, lane: int, top: bool) -> arcade.types.Rect:
        y = self.top_row_y if top else self.bottom_row_y
        return arcade.XYWH(self.lane_x(lane), y, self.card_w, self.card_h)

    def offer_x(self, index: int) -> float:
        return self.shop.left + index * (self.shop_w + LANE_GAP) + self.shop_w / 2

    def hero_x(self) -> float:
        # a gap of half a card after the last possible offer
        return self.offer_x(self.most_offers) + self.shop_w * 0.35

    @property
    def shop_y(self) -> float:
        return self.shop.center_y

    def offer_rect(self, index: int | str) -> arcade.types.Rect:
        x = self.hero_x() if index == "hero" else self.offer_x(int(index))
        return arcade.XYWH(x, self.shop_y, self.shop_w, self.shop_h)


def compute(width: int, height: int, lanes: int, side: int = 0, most_lanes: int = MAX_LANES,
            most_offers: int = MAX_OFFERS) -> Layout:
    """The layout for a window of width x height with `lanes` lanes shown, cards sized for
    `most_lanes` and the shop row for `most_offers` (the content's last era); `side`: the room
    the log panel takes at the right of the panels and boards, above the shop row (which,
    with its buttons, keeps the whole width)."""
    w, h = max(640, width), max(400, height)
    board_w = max(640, w - side)
    shop_h = int(h * 0.2)
    # vertical budget: two panels, two board rows, the strip, the shop row, margins
    rows_h = h - 2 * PANEL_H - shop_h - 7 * MARGIN - 26
    most_lanes = max(most_lanes, lanes)
    card_h = int(min(rows_h / 2, (board_w - 2 * MARGIN - (most_lanes - 1) * LANE_GAP)
                     / most_lanes * CARD_RATIO))
    card_w = int(card_h / CARD_RATIO)
    lanes_w = lanes * card_w + (lanes - 1) * LANE_GAP
    lane_left = (board_w - lanes_w) / 2
    y = h - MARGIN
    top_panel = arcade.LRBT(MARGIN, board_w - MARGIN, y - PANEL_H, y)
    y -= PANEL_H + MARGIN
    top_row_y = y - card_h / 2
    y -= card_h
    strip = arcade.LRBT(MARGIN, board_w - MARGIN, y - 26 - MARGIN, y)
    y -= 26 + MARGIN
    y -= MARGIN
    bottom_row_y = y - card_h / 2
    y -= card_h + MARGIN
    bottom_panel = arcade.LRBT(MARGIN, board_w - MARGIN, y - PANEL_H, y)
    y -= PANEL_H + MARGIN
    room = y - MARGIN
    shop_card_h = max(40, int(min(room, card_h * 0.8)))  # never larger than the board's cards
    shop_card_w = int(shop_card_h / CARD_RATIO)
    spare = room - shop_card_h
    shop = arcade.LRBT(MARGIN + 4, MARGIN + 4 + (most_offers + 1.35) * (shop_card_w + LANE_GAP),
                       MARGIN + spare / 2, y - spare / 2)
    buttons = arcade.LRBT(shop.right + 2 * MARGIN, w - MARGIN, MARGIN, y)
    return Layout(w, h, lanes, card_w, card_h, lane_left, top_panel, top_row_y, strip,
                  bottom_row_y, bottom_panel, shop, shop_card_w, shop_card_h, buttons,
                  bottom_panel.bottom - MARGIN / 2, most_offers)
