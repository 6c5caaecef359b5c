"""Match events: what happened, in resolution order, for views, traces and history.

Events are the spec's: a type id and its JSON data. Engine commands make them from their own
typed fields through the mode's one table (`Rules.events`, docs/architecture.md); a system emits
the few that no command makes (a turn started, an ability was used). They wait in the match's
queue until the end of each `submit`, which returns them (`Accepted.events`): the scenes animate
and play sounds from those, the traces print them, and a networked seat is sent its view of them.
esper's own event handlers are never used: they hold weak references and run in set order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: a type id from the mode's spec and its data."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


class EventQueue:
    """The events of the decision being resolved. `enabled` is off in a search's scratch
    match, which reads no events: commands then build none."""

    __slots__ = ("pending", "enabled")

    def __init__(self) -> None:
        self.pending: list[Event] = []
        self.enabled = True

    def emit(self, type_: str, **data: Any) -> None:
        if self.enabled:
            self.pending.append(Event(type_, data))

    def drain(self) -> list[Event]:
        """Everything pending, oldest first, and an empty queue."""
        events, self.pending = self.pending, []
        return events
