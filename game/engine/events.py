"""Match events: what happened, in resolution order, for views, traces and history.

Rules `emit` events while an action resolves; they wait in the match's queue and are drained at
defined points (the end of each `submit`, or when a caller asks), then handed to every
subscribed listener in subscription order. esper's own event handlers are never used: they hold
weak references, run in set order and cannot remove bound methods.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: a type id from the mode's spec and its data."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


class MatchListener(Protocol):
    """A view (or a trace) that reacts to match events."""

    def on_match_event(self, event: Event) -> None: ...


class EventQueue:
    """Pending events plus the listeners they are delivered to when drained."""

    __slots__ = ("pending", "_listeners", "enabled")

    def __init__(self) -> None:
        self.pending: list[Event] = []
        self._listeners: list[MatchListener] = []
        self.enabled = True

    def emit(self, type_: str, **data: Any) -> None:
        if self.enabled:
            self.pending.append(Event(type_, data))

    def subscribe(self, listener: MatchListener) -> None:
        if listener not in self._listeners:
            self._listeners.append(listener)

    def unsubscribe(self, listener: MatchListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def drain(self) -> list[Event]:
        """Deliver and return everything pending, oldest first."""
        events, self.pending = self.pending, []
        for event in events:
            for listener in list(self._listeners):
                listener.on_match_event(event)
        return events
