"""The log of a match: each event the rules emit, told in a sentence (issue 25).

Every game has a log panel (L toggles it) and the replay viewer shows it too. The lines are built
from the events the rules already emit, through one sentence table per mode
(`game/scenes/<mode>/log_words.py`: event type -> a function of the event and a `Namer`). A
table leaves out what a player does not need told (a card slid into a pile, a turn ended) by
returning None. The events given are always the ones the seat on screen may see: a screen passes
the events of its seat's view (`Match.view_step`), so the log can never tell the other seat's
secret orders before the spec reveals them.

This module knows no mode: names come from the screen's `Namer` (its content and its seat). A
namer that names things by what earlier events said (Kingdom's units, by the card they were
bought as) has a `learn(event)`, which `EventLog.add` calls with each event before telling it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
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
        learn = getattr(self.namer, "learn", None)
        for event in events:
            data = event.as_json() if hasattr(event, "as_json") else event
            if learn is not None:
                learn(data)
            line = tell(self.table, data, self.namer)
            if line:
                new.append(line)
        self.lines.extend(new)
        self.changed = self.changed or bool(new)
        return new

    def clear(self) -> None:
        self.lines.clear()
        self.changed = True

    def add_seen(self, match: Any, events: Iterable[Any], seat: int | None) -> list[str]:
        """Tell the events of the match's last decision as `seat` may see them
        (`Match.view_step`; seat None: all of them)."""
        return self.add(seen(match, events, seat))

    def add_history(self, match: Any, steps: Sequence[Sequence[Any]], seat: int | None) -> None:
        """Tell the first len(steps) decisions' events (a continued match's replay) as `seat`
        may see them (`Match.trace_json`), so a match continued from its save shows its log."""
        for step in match.trace_json(steps, seat):
            self.add(step["events"])

    def reset_to(self, lines: Iterable[str]) -> None:
        """The log as it was (an undo takes back the lines of the events it took back)."""
        self.lines.clear()
        self.lines.extend(lines)
        self.changed = True


def seen(match: Any, events: Iterable[Any], seat: int | None) -> list[dict[str, Any]]:
    """The events of the match's last accepted decision as `seat` may see them: what the
    mode's `view_event` lets through (`Match.view_step`). A match without a history of its
    own (a network seat's mirror, whose steps come masked already) passes them as they are."""
    events = list(events)
    if not hasattr(match, "view_step") or not getattr(match, "decisions", None):
        return [e.as_json() if hasattr(e, "as_json") else e for e in events]
    step = match.view_step(len(match.decisions) - 1, events, seat)
    return step["events"] if step is not None else []
