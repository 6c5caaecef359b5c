"""Esc in a Strike match (spec 8.1): "Leave this match? It is saved." Yes → menu, No → back.

The match autosaves after every decision, so leaving loses nothing; the dialog draws the
match underneath as a still backdrop and takes every input while it is open.
"""

from __future__ import annotations

from typing import Any

import arcade
from arcade.types import Color

from game.scenes import theme
from game.scenes.fonts import UI_FONT
from game.scenes.ui import TightUIManager
from game.scenes.widgets import make_button


class LeaveDialog(arcade.View):
    def __init__(self, parent: Any) -> None:
        super().__init__()
        self.parent = parent
        self.ui = TightUIManager()
        self.text = arcade.Text("Leave this match? It is saved.", 0, 0, theme.TEXT, 18,
                                font_name=UI_FONT, bold=True, anchor_x="center",
                                anchor_y="center")
        self.yes = make_button("Yes", width=140, kind="primary", on_click=self.leave)
        self.no = make_button("No", width=140, on_click=self.back)
        self.ui.add(self.yes)
        self.ui.add(self.no)
        self.box = (0.0, 0.0, 0.0, 0.0)

    def layout(self, width: int, height: int) -> None:
        cx, cy = width / 2, height / 2
        self.box = (cx - 230, cx + 230, cy - 80, cy + 80)
        self.text.position = (cx, cy + 30)
        self.yes.rect = arcade.LBWH(cx - 150, cy - 50, 140, 40)
        self.no.rect = arcade.LBWH(cx + 10, cy - 50, 140, 40)

    def on_show_view(self) -> None:
        self.ui.enable()
        self.layout(self.window.width, self.window.height)

    def on_hide_view(self) -> None:
        self.ui.disable()

    def on_resize(self, width: int, height: int) -> None:
        self.parent.on_resize(width, height)
        self.layout(width, height)

    def on_draw(self) -> None:
        self.parent.on_draw()
        w, h = self.window.width, self.window.height
        arcade.draw_lrbt_rectangle_filled(0, w, 0, h, theme.SHADE)
        left, right, bottom, top = self.box
        arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, Color(30, 34, 44, 250))
        arcade.draw_lrbt_rectangle_outline(left, right, bottom, top, theme.PANEL_EDGE, 2)
        self.text.draw()
        self.ui.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.Y):
            self.leave()
        elif symbol in (arcade.key.ESCAPE, arcade.key.N):
            self.back()
        return True

    def leave(self) -> None:
        self.parent.on_leave()
        self.parent.app.show_menu()

    def back(self) -> None:
        self.window.show_view(self.parent)
