"""Actions and the action queue (docs/architecture.md).

Every state change of a match is an action, resolved serially in order. An action may enqueue
more actions: `enqueue` puts them at the back of the queue, `enqueue_next` right after the
action being resolved (keeping their own order), for effects that must happen "immediately".
Actions orchestrate order; commands (game.engine.commands) do the single mutations.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.match import Match


class Action:
    """One step of resolution. Subclasses implement `resolve`."""

    __slots__ = ()

    def resolve(self, match: Match) -> None:  # pragma: no cover - interface
        raise NotImplementedError


class Do(Action):
    """An action that calls a rule function: `Do(draw_cards, 2)` runs `draw_cards(match, 2)`."""

    __slots__ = ("fn", "args", "kwargs")

    def __init__(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        self.fn = fn
        self.args = args
        self.kwargs = kwargs

    def resolve(self, match: Match) -> None:
        self.fn(match, *self.args, **self.kwargs)

    def __repr__(self) -> str:
        return f"Do({getattr(self.fn, '__name__', self.fn)}, {self.args})"


class ActionQueue:
    """Serial queue: `run` resolves actions one at a time until none is left."""

    __slots__ = ("_queue", "_next", "_front", "resolved")

    def __init__(self) -> None:
        self._queue: deque[Action] = deque()
        self._next: list[Action] | None = None
        self._front = 0  # actions put at the front outside a resolution, not yet run
        self.resolved = 0

    def __len__(self) -> int:
        return len(self._queue)

    def enqueue(self, action: Action) -> None:
        self._queue.append(action)

    def enqueue_next(self, action: Action) -> None:
        """Resolve `action` right after the current one (before anything queued earlier)."""
        if self._next is None:
            # Outside a resolution (e.g. in `Rules.apply`): after the ones already put in front.
            self._queue.insert(self._front, action)
            self._front += 1
        else:
            self._next.append(action)

    def run(self, match: Match) -> None:
        queue = self._queue
        self._front = 0
        while queue:
            action = queue.popleft()
            self._next = []
            try:
                action.resolve(match)
            finally:
                staged, self._next = self._next, None
            queue.extendleft(reversed(staged))
            self.resolved += 1

    def clear(self) -> None:
        self._queue.clear()
        self._next = None
        self._front = 0
