"""Esc in a live Strike match (spec 8.1): "Leave this match?" Yes → menu, No → back.

The match autosaves after every decision, so the dialog says what is true when it opens: "It
is saved." when the slot holds the match up to its last move, "Nothing has been played yet."
before the first decision (leaving keeps whatever the slot held), else "It will be saved." and
Yes saves it first (a failed save says so and asks again). The dialog draws the match
underneath as a still backdrop and takes every input while it is open.
"""

from __future__ import annotations

from typing import Any

import arcade
from arcade.types import Color

from game.i18n import N_, _
from game.scenes import theme
from game.scenes.base import resize_under
from game.scenes.fonts import UI_FONT
from game.scenes.scale import view_size
from game.scenes.ui import TightUIManager
from game.scenes.widgets import make_button

SAVED = N_("Leave this match? It is saved.")
NOTHING_PLAYED = N_("Leave this match? Nothing has been played yet.")
WILL_SAVE = N_("Leave this match? It will be saved.")
SAVE_FAILED = N_("It could not be saved. Leave anyway?")
NETWORK = N_("Leave? The host keeps this match.")


class LeaveDialog(arcade.View):
    def __init__(self, parent: Any) -> None:
        super().__init__()
        self.parent = parent
        self.ui = TightUIManager()
        self.record: dict[str, Any] | None = parent.current_record()
        self.must_save = False  # Yes saves first
        self.text = arcade.Text(self.question(), 0, 0, theme.TEXT, 18,
                                font_name=UI_FONT, bold=True, anchor_x="center",
                                anchor_y="center")
        self.yes = make_button(_("Yes"), width=140, kind="primary", on_click=self.leave)
        self.no = make_button(_("No"), width=140, on_click=self.back)
        self.ui.add(self.yes)
        self.ui.add(self.no)
        self.box = (0.0, 0.0, 0.0, 0.0)

    def question(self) -> str:
        """The truthful question for the match as it stands (sets `must_save`)."""
        record = self.record
        if getattr(self.parent.session, "remote", None) is not None:
            return NETWORK  # nothing to save here: the host keeps the match
        if record is None or self.parent.app.is_saved(record):
            return SAVED if record is not None else _("Leave this match?")
        if not record.get("decisions"):
            return NOTHING_PLAYED
        self.must_save = True
        return WILL_SAVE

    def layout(self, width: int, height: int) -> None:
        cx, cy = width / 2, height / 2
        self.box = (cx - 230, cx + 230, cy - 80, cy + 80)
        self.text.position = (cx, cy + 30)
        self.yes.rect = arcade.LBWH(cx - 150, cy - 50, 140, 40)
        self.no.rect = arcade.LBWH(cx + 10, cy - 50, 140, 40)

    def on_show_view(self) -> None:
        self.ui.enable()
        self.layout(*view_size(self.window))

    def on_hide_view(self) -> None:
        self.ui.disable()

    def on_resize(self, width: int, height: int) -> None:
        resize_under(self.parent, width, height)
        self.layout(width, height)

    def on_update(self, delta_time: float) -> None:
        if self.parent.preparing:  # the match underneath lays itself out again
            self.parent.on_update(delta_time)

    def on_draw(self) -> None:
        self.parent.on_draw()
        w, h = view_size(self.window)
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
        app = self.parent.app
        if self.must_save and self.record is not None:
            if app.save_match(self.record) is None:
                self.must_save = False  # asked again: the next Yes leaves unsaved
                self.text.text = SAVE_FAILED
                return
        app.leave_match(self.parent)
        app.show_menu()

    def back(self) -> None:
        self.window.show_view(self.parent)
