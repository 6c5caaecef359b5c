"""The banner of a network match: "Opponent disconnected — waiting" while the other seat's
connection is down, "Connection lost — reconnecting…" while this one is (docs/network.md).

A game screen of a network seat draws it over its board every frame; it reads the state the
`RemoteMatch` keeps, so it appears and goes with the `peer` and welcome messages.
"""

from __future__ import annotations

from typing import Any

import arcade

from game.net.remote import status_line
from game.scenes import theme
from game.scenes.fonts import UI_FONT

HEIGHT = 40


def watch(view: Any, match: Any) -> None:
    """Read the network messages that came in since the last frame; when one changed what the
    screen shows, ask for a frame (a window that renders on demand draws only when asked)."""
    if not getattr(match, "remote", False) or match.closed:
        return
    seen = match.changes
    match.pump()
    if match.changes != seen and view.window is not None:
        view.window.invalid = True


class NetBanner:
    """A strip across the top of the board while the link or the peer is down."""

    def __init__(self) -> None:
        self.line: str | None = None  # what is shown now (tests read it)
        self.text = arcade.Text("", 0, 0, theme.TEXT, theme.SIZE_SUBHEADING, bold=True,
                                anchor_x="center", anchor_y="center", font_name=UI_FONT)

    def update(self, match: Any) -> str | None:
        self.line = status_line(match)
        return self.line

    def draw(self, match: Any, width: int, height: int) -> None:
        if self.update(match) is None:
            return
        top = height - 60
        arcade.draw_lrbt_rectangle_filled(width / 2 - 300, width / 2 + 300, top - HEIGHT, top,
                                          theme.RED.replace(a=230))
        if self.text.text != self.line:
            self.text.text = self.line or ""
        self.text.position = (width / 2, top - HEIGHT / 2)
        self.text.draw()
