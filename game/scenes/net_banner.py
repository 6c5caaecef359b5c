"""The banner of a network match: "Opponent disconnected — waiting" while the other seat's
connection is down, "Connection lost — reconnecting…" while this one is (docs/network.md);
and the small "Sending…" note while this seat's decision waits for the host's answer.

A game screen of a network seat draws it over its board every frame; it reads the state the
`RemoteMatch` keeps, so it appears and goes with the `peer` and welcome messages. `watch`,
called once a frame by the screen, reads the network and hands the host's answer to the
decision the screen sent to the screen's `answered` (a submit never waits on this thread).
"""

from __future__ import annotations

import time
from typing import Any

import arcade

from game.i18n import N_, _
from game.net.remote import status_line
from game.scenes import theme
from game.scenes.fonts import UI_FONT

HEIGHT = 40
SENDING = N_("Sending…")
SENDING_AFTER = 0.2  # seconds: a loopback or LAN answer comes sooner, and shows no note


def sending(match: Any) -> bool:
    """A network seat's decision waits for the host's answer (its input is held)."""
    return getattr(match, "remote", False) and getattr(match, "sending", None) is not None


def watch(view: Any, match: Any) -> None:
    """Read the network messages that came in since the last frame, and the answer to the
    decision on its way, which goes to `view.answered(decision, outcome, at)` (then, when it
    was accepted, to the screen's follow-up given to `submit`, if any); when anything
    changed what the screen shows, ask for a frame (a window that renders on demand draws
    only when asked)."""
    if not getattr(match, "remote", False) or match.closed:
        return
    seen = match.changes
    match.pump()
    waiting = match.sending
    outcome = match.answer() if waiting is not None else None
    if outcome is not None:
        view.answered(waiting.decision, outcome, waiting.at)
        if outcome.ok and waiting.then is not None:
            waiting.then()
    if (match.changes != seen or outcome is not None) and view.window is not None:
        view.window.invalid = True


class NetBanner:
    """A strip across the top of the board while the link or the peer is down."""

    def __init__(self) -> None:
        self.line: str | None = None  # what is shown now (tests read it)
        self.note: str | None = None  # "Sending…" while a slow answer is awaited
        self.note_text = arcade.Text(_(SENDING), 0, 0, theme.TEXT_MUTED, theme.SIZE_BODY,
                                     anchor_x="center", anchor_y="center", font_name=UI_FONT)
        self.text = arcade.Text("", 0, 0, theme.TEXT, theme.SIZE_SUBHEADING, bold=True,
                                anchor_x="center", anchor_y="center", font_name=UI_FONT)

    def update(self, match: Any) -> str | None:
        self.line = status_line(match)
        slow = sending(match) and time.monotonic() - match.sending.since >= SENDING_AFTER
        self.note = _(SENDING) if slow else None
        return self.line

    def draw(self, match: Any, width: int, height: int) -> None:
        if self.update(match) is None:
            if self.note is not None:
                self.draw_note(width, height)
            return
        top = height - 60
        arcade.draw_lrbt_rectangle_filled(width / 2 - 300, width / 2 + 300, top - HEIGHT, top,
                                          theme.RED.replace(a=230))
        if self.text.text != self.line:
            self.text.text = self.line or ""
        self.text.position = (width / 2, top - HEIGHT / 2)
        self.text.draw()

    def draw_note(self, width: int, height: int) -> None:
        """The small "Sending…" under the top bar, centred."""
        self.note_text.position = (width / 2, height - 76)
        self.note_text.draw()
