"""The pause menu that Esc opens over any game screen.

Resume, Help, Settings, Save and quit to menu, Quit to menu and Quit game. It is a View of its
own drawn over a still frame of the game, so the game gets no input while it is open, and
Resume shows the very same game view again: the match goes on exactly where it was. Saving
asks the game for its record through a callable, because only the screen knows whether a
match is in progress.

Every way out either saves or asks, and says which: both quits leave at once when nothing
would be lost (no match, or the save slot already holds the match up to its last move);
otherwise they ask "Quit without saving?" with Save and quit / Quit / Cancel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
import arcade.gui as gui
import arcade.shape_list

from game.i18n import N_, _
from game.scenes import theme
from game.scenes.base import resize_under
from game.scenes.redraw import request_redraw
from game.scenes.scale import view_size
from game.scenes.ui import TightUIManager
from game.scenes.widgets import (
    HelpOverlay,
    HelpTopic,
    Toast,
    make_button,
    make_label,
    panel_texture,
)

if TYPE_CHECKING:
    from game.scenes.app import App

RecordSource = Callable[[], dict[str, Any] | None]


class PauseView(gui.UIView):
    """Overlay menu over `game_view`; `record_source()` returns the record to save, or None."""

    BUTTON_WIDTH = 280

    def __init__(self, game_view: arcade.View, record_source: RecordSource | None = None) -> None:
        super().__init__()
        self.ui = TightUIManager()  # layout, render and blit only on change
        self.game_view = game_view
        self.record_source = record_source or (lambda: None)
        self.app: App = game_view.app  # type: ignore[attr-defined]
        self.confirming = False
        self.quit_target = "menu"  # where the confirmed quit goes: "menu" or "game"
        self.unsaved_note = ""  # what the confirmation says will be lost
        self.buttons: dict[str, gui.UIFlatButton] = {}
        self._shade = arcade.shape_list.ShapeElementList()  # untextured: half the fill cost
        self.toast = Toast()  # App.notify shows save errors here while the menu is open

    # layout -------------------------------------------------------------------------------------
    def build(self, width: int | None = None, height: int | None = None) -> None:
        """(Re)build the panel: the menu, or the quit confirmation."""
        self.ui.clear()
        self.buttons = {}
        logical_width, logical_height = view_size(self.window)
        w, h = width or logical_width, height or logical_height
        self._shade = arcade.shape_list.ShapeElementList()
        self._shade.append(arcade.shape_list.create_rectangle_filled(w / 2, h / 2, w, h,
                                                                     theme.SHADE))

        box = gui.UIBoxLayout(space_between=theme.GAP)
        if self.confirming:
            heading = _("Quit without saving?") if self.quit_target == "menu" else \
                _("Quit Tabula without saving?")
            box.add(make_label(heading, size=theme.SIZE_HEADING, bold=True))
            box.add(make_label(_(self.unsaved_note), color=theme.TEXT_MUTED))
            row = gui.UIBoxLayout(vertical=False, space_between=theme.GAP)
            self.buttons["confirm_save"] = row.add(
                make_button(_("Save and quit"), width=170, kind="primary",
                            on_click=self.save_then_quit)
            )
            self.buttons["confirm_quit"] = row.add(
                make_button(_("Quit"), width=130, kind="danger", on_click=self.quit_unsaved)
            )
            self.buttons["cancel_quit"] = row.add(
                make_button(_("Cancel"), width=130, on_click=self.cancel_confirm)
            )
            box.add(gui.UISpace(height=4))
            box.add(row)
        else:
            title = _(getattr(self.game_view, "title", N_("Game")))
            box.add(make_label(_("Paused"), size=theme.SIZE_HEADING, bold=True, color=theme.GOLD))
            box.add(make_label(title, color=theme.TEXT_MUTED))
            box.add(gui.UISpace(height=4))
            entries: list[tuple[str, str, str, Callable[[], Any]]] = [
                ("resume", _("Resume"), "primary", self.resume),
                ("help", _("Help"), "secondary", self.open_help),
                ("settings", _("Settings"), "secondary", self.open_settings),
                ("save_quit", _("Save and quit to menu"), "secondary", self.save_and_quit),
                ("quit_menu", _("Quit to menu"), "secondary", self.ask_quit),
                ("quit_game", _("Quit game"), "danger", self.quit_game),
            ]
            for key, text, kind, action in entries:
                self.buttons[key] = box.add(
                    make_button(text, width=self.BUTTON_WIDTH, kind=kind, on_click=action)
                )
        panel = box.with_padding(all=28).with_background(
            texture=panel_texture(edge=tuple(theme.GOLD))
        )
        anchor = gui.UIAnchorLayout()
        anchor.add(panel, anchor_x="center_x", anchor_y="center_y")
        self.ui.add(anchor)

    # actions ------------------------------------------------------------------------------------
    def resume(self) -> None:
        self.window.show_view(self.game_view)

    def open_help(self) -> None:
        topics = getattr(self.game_view, "help_topics", lambda: [])()
        HelpOverlay.open(self, [*topics, HelpTopic(_("Pause menu"), (_("Esc: back to the game."),))])

    def open_settings(self) -> None:
        self.app.show_settings(back_to=self)

    def save_and_quit(self) -> None:
        """Save the record (if the game has one) then go to the menu; stay here if it fails."""
        self._save_then("menu")

    def _save_then(self, target: str) -> None:
        record = self.record_source()
        if record is not None and self.app.save_match(record) is None:
            return  # the app showed why; the player can retry or quit without saving
        self._leave()
        if target == "game":
            self.app.quit()
            return
        self.app.show_menu()
        if record is not None:
            self.app.notify(_("Game saved"), kind="success")

    def _would_lose(self) -> str | None:
        """What quitting now would lose, in the player's words; None when nothing."""
        record = self.record_source()
        if record is None or self.app.is_saved(record):
            return None
        if self.app.slots.holds(record):
            return N_("The moves since your last save will be lost.")
        return N_("The match in progress will be lost.")

    def ask_quit(self, target: str = "menu") -> None:
        """Quit to the menu (or the game): at once if nothing is lost, else ask first."""
        note = self._would_lose()
        if note is None:
            self._quit(target)
            return
        self.quit_target, self.unsaved_note = target, note
        self.confirming = True
        self.build()

    def cancel_confirm(self) -> None:
        self.confirming = False
        self.build()

    def save_then_quit(self) -> None:
        self._save_then(self.quit_target)

    def quit_unsaved(self) -> None:
        self._quit(self.quit_target)

    def quit_to_menu(self) -> None:
        self._quit("menu")

    def quit_game(self) -> None:
        self.ask_quit("game")

    def _quit(self, target: str) -> None:
        self._leave()
        if target == "game":
            self.app.quit()
        else:
            self.app.show_menu()

    def _leave(self) -> None:
        self.app.leave_match(self.game_view)

    # arcade handlers ----------------------------------------------------------------------------
    @property
    def preparing(self) -> bool:
        """The game underneath is laying itself out again (its loading state shows)."""
        return bool(getattr(self.game_view, "preparing", False))

    def on_show_view(self) -> None:
        super().on_show_view()
        # back from Settings after a UI scale change: the game relayouts in steps
        resize_under(self.game_view, *view_size(self.window))
        self.build()

    def on_resize(self, width: int, height: int) -> None:
        resize_under(self.game_view, width, height)
        self.build(width, height)

    def on_draw(self) -> None:
        # no clear of its own: the game view's on_draw clears and draws the still frame
        self.on_draw_before_ui()
        self.ui.draw()
        self.on_draw_after_ui()

    def on_draw_before_ui(self) -> None:
        self.game_view.on_draw()
        self._shade.draw()

    def on_draw_after_ui(self) -> None:
        self.toast.draw()

    def on_update(self, delta_time: float) -> None:
        if self.preparing:  # only its preparation runs: the match itself stays paused
            self.game_view.on_update(delta_time)
        if self.toast.visible:  # it fades out: frames until it is gone (game.scenes.redraw)
            request_redraw(self.window)
        self.toast.update(delta_time)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.ESCAPE:
            if self.confirming:
                self.cancel_confirm()
            else:
                self.resume()
            return True
        if symbol == arcade.key.H and not self.confirming:
            self.open_help()
            return True
        return False
