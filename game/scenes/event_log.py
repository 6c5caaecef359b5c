"""The log of a match: each event the rules emit, told in a sentence (issue 25).

Every game has a log panel (L toggles it) and the replay viewer shows it too. The lines are built
from the events the rules already emit, through one sentence table per mode
(`game/scenes/<mode>/log_words.py`: event type -> a function of the event and a `Namer`). A
table leaves out what a player does not need told (a card slid into a pile, a turn ended) by
returning None. The events given are always the ones the seat on screen may see: a screen passes
the events of its seat's view (`Match.view_step`), so the log can never tell the other seat's
secret orders before the spec reveals them.

This module knows no mode: names come from the screen's `Namer` (its content and its seat).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

MAX_LINES = 300  # the panel scrolls back this far; older lines are dropped


class Namer(Protocol):
    """How a screen names what events mention, from its seat's side."""

    def seat(self, seat: int) -> str: ...

    def unit(self, unit_id: str) -> str: ...

    def card(self, card_id: str) -> str: ...


Sentence = Callable[[dict[str, Any], Namer], "str | None"]


def tell(table: Mapping[str, Sentence], event: dict[str, Any], namer: Namer) -> str | None:
    """The sentence of one event (a JSON event: `{"type", ...}`), or None when the table
    leaves it out. A field a crafted event lacks never raises: the event is left out."""
    sentence = table.get(event.get("type", ""))
    if sentence is None:
        return None
    try:
        return sentence(event, namer)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        return None


class EventLog:
    """The lines told so far, oldest first (at most `MAX_LINES`)."""

    __slots__ = ("table", "namer", "lines", "changed")

    def __init__(self, table: Mapping[str, Sentence], namer: Namer) -> None:
        self.table = table
        self.namer = namer
        self.lines: deque[str] = deque(maxlen=MAX_LINES)
        self.changed = False  # a line came since the panel last drew

    def add(self, events: Iterable[Any]) -> list[str]:
        """Tell these events (engine `Event`s or JSON events); returns the new lines."""
        new = []
        for event in events:
            data = event.as_json() if hasattr(event, "as_json") else event
            line = tell(self.table, data, self.namer)
            if line:
                new.append(line)
        self.lines.extend(new)
        self.changed = self.changed or bool(new)
        return new

    def clear(self) -> None:
        self.lines.clear()
        self.changed = True
