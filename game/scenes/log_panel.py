"""The log panel of a game screen (issue 25): the match's events told in sentences, L shows it.

The lines come from the screen's `EventLog` (game.scenes.event_log), fed with the events of
each step as the seat on screen may see them. The panel goes in a rect the screen gives
(`GameViewBase.log_rect`): a part of the screen where nothing is clicked, or room the screen's
layout makes for it while it is shown, so it never covers what the player clicks. It draws its
newest lines at the bottom, wrapped to its width; the mouse wheel over it scrolls back through
the older ones (and forward again), and a new line brings it back to the newest only when it
was there already, so reading back is never yanked away.

Its texts are plain `arcade.Text`s in one batch, laid out again only when the lines shown, the
scroll or the rect change; a screen at rest draws them with its frame like any other label.
"""

from __future__ import annotations

from typing import Any

import arcade
import pyglet
from arcade.types import Color

from game.i18n import N_, _
from game.scenes import theme
from game.scenes.event_log import EventLog
from game.scenes.fonts import UI_FONT

LOG_TITLE = N_("Log")
LOG_HINT = N_("L hides it · the wheel scrolls")
LOG_BACK = N_("{count} newer below · the wheel scrolls")
LOG_EMPTY = N_("Nothing has happened yet.")
LOG_MIN_W, LOG_MAX_W = 240, 360  # the panel's width (logical pixels), a quarter of the window
LINE_SIZE = theme.SIZE_SMALL  # 11 pt: 15 px, over the 11 px floor (theme.MIN_TEXT_PX)
PAD = 10
LINE_GAP = 3
BACK = Color(14, 18, 24)  # opaque: nothing under it reads through
EDGE = theme.PANEL_EDGE
WHEEL_LINES = 2  # lines scrolled per wheel notch


def log_width(window_width: float) -> int:
    """The panel's width in a window this wide: a quarter of it, within LOG_MIN_W..LOG_MAX_W."""
    return int(min(LOG_MAX_W, max(LOG_MIN_W, window_width * 0.25)))


class LogPanel:
    """The panel of one EventLog: `place(rect)`, `draw()`, `scroll_by(lines)`."""

    def __init__(self, log: EventLog, batch: pyglet.graphics.Batch | None = None) -> None:
        self.log = log
        self.batch = batch or pyglet.graphics.Batch()
        self.rect: arcade.types.Rect | None = None
        self.back = 0  # lines scrolled back from the newest
        self.texts: list[arcade.Text] = []
        self.title = arcade.Text(_(LOG_TITLE), 0, 0, theme.GOLD, theme.SIZE_SMALL + 1,
                                 font_name=UI_FONT, bold=True, anchor_y="top",
                                 batch=self.batch)
        self.hint = arcade.Text(_(LOG_HINT), 0, 0, theme.TEXT_MUTED, theme.SIZE_MIN,
                                font_name=UI_FONT, anchor_x="right", anchor_y="top",
                                batch=self.batch)
        self._key: Any = None
        self.shown_lines: list[str] = []  # the log lines on the panel now, oldest first
        self.set_visible(False)

    # -- where and what -------------------------------------------------------------------------
    def place(self, rect: arcade.types.Rect | None) -> None:
        """Show the panel in `rect` (None: hide it)."""
        self.rect = rect
        self.set_visible(rect is not None)
        self.refresh()

    def set_visible(self, shown: bool) -> None:
        for text in (self.title, self.hint, *self.texts):
            text.visible = shown

    @property
    def visible(self) -> bool:
        return self.rect is not None

    def scroll_by(self, lines: int) -> None:
        """Scroll back (positive) or forward (negative) by whole lines of the log."""
        self.back = max(0, min(len(self.log.lines) - 1, self.back + lines))
        self.refresh()

    def on_scroll(self, x: float, y: float, scroll_y: float) -> bool:
        """The mouse wheel: True when it was over the panel (and scrolled it)."""
        if self.rect is None or not self.rect.point_in_rect((x, y)):
            return False
        self.scroll_by(round(scroll_y * WHEEL_LINES) or (1 if scroll_y > 0 else -1))
        return True

    def refresh(self) -> None:
        """Lay the lines out again when the log, the scroll or the rect changed."""
        if self.rect is None:
            return
        lines = self.log.lines
        if self.log.changed and self.back:  # reading back: keep the same lines in view
            self.back = min(len(lines) - 1, self.back + self._grown())
        self.log.changed = False
        key = (len(lines), lines[-1] if lines else None, self.back, tuple(self.rect.lrbt))
        if key == self._key:
            return
        self._key = key
        self._lay_out()

    def _grown(self) -> int:
        """Lines added since the last layout (the scroll keeps its place over them)."""
        if self._key is None:
            return 0
        return max(0, len(self.log.lines) - self._key[0])

    def _lay_out(self) -> None:
        rect = self.rect
        assert rect is not None
        for text in self.texts:
            text.label.delete()
        self.texts = []
        self.shown_lines = []
        left, right = rect.left + PAD, rect.right - PAD
        top = rect.top - PAD
        self.title.position = (left, top)
        self.hint.text = _(LOG_BACK).format(count=self.back) if self.back else _(LOG_HINT)
        self.hint.position = (right, top - 2)
        self.hint.visible = self.hint.content_width + self.title.content_width + 12 < right - left
        floor = rect.bottom + PAD
        ceiling = top - self.title.content_height - 6
        width = int(right - left)
        lines = list(self.log.lines)
        newest = len(lines) - 1 - self.back
        if not lines:
            lines, newest = [_(LOG_EMPTY)], 0
        y = floor
        for index in range(newest, -1, -1):
            text = arcade.Text(lines[index], left, y, theme.TEXT if index == newest
                               else theme.TEXT_MUTED, LINE_SIZE,
                               font_name=UI_FONT, anchor_y="bottom", multiline=True,
                               width=width, batch=self.batch)
            if y + text.content_height > ceiling:  # the panel is full
                text.label.delete()
                break
            self.texts.append(text)
            self.shown_lines.insert(0, lines[index])
            y += text.content_height + LINE_GAP

    # -- drawing --------------------------------------------------------------------------------
    def draw(self) -> None:
        """The panel's background and edge; its texts are in `batch` (drawn by the screen)."""
        rect = self.rect
        if rect is None:
            return
        arcade.draw_lrbt_rectangle_filled(rect.left, rect.right, rect.bottom, rect.top, BACK)
        arcade.draw_lrbt_rectangle_outline(rect.left, rect.right, rect.bottom, rect.top, EDGE, 1)
