"""One reusable scratch match per CPU (docs/architecture.md "CPU players").

A CPU's look-ahead runs the real rules on a match at the position of its seat view. Building a
new match for every decision costs a world, its streams, its listeners and its carriers every
time; a `ScratchMatch` builds one match once and, for each new view, rolls its world back to
the empty position it had before the first load and loads the new position there (the mode's
setup loader, on the view as a setup). The rollback rewinds the entity ids too, so a reload
gives the same entities, ids and query order as a fresh match would. Between loads a search
marks, submits and rolls back on it as usual; the match's events are off (a search reads none).

The world is freed by `close()`, or when the scratch match is garbage collected.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from game.engine import ecs
from game.engine.match import Match, MatchMark


def _free(world: str) -> None:
    try:
        ecs.delete_world(world)
    except PermissionError:  # active at collection time: the process is ending anyway
        pass


class ScratchMatch:
    """A match reloaded from each view (see the module docstring).

    `new_match(view)` makes the match, not yet begun (its rules, content and options: the
    first view's); `setup_of(view)` is the setup that loads the view's position, hidden parts
    filled in.
    """

    __slots__ = ("_new_match", "_setup_of", "_match", "_empty", "_finalizer", "__weakref__")

    def __init__(self, new_match: Callable[[dict[str, Any]], Match],
                 setup_of: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self._new_match = new_match
        self._setup_of = setup_of
        self._match: Match | None = None
        self._empty: MatchMark | None = None
        self._finalizer: weakref.finalize | None = None

    def load(self, view: dict[str, Any]) -> Match:
        """The match at the position of `view` (the same match object every time)."""
        setup = self._setup_of(view)
        match = self._match
        if match is None:
            match = self._new_match(view)
            match.events.enabled = False
            self._match = match
            self._finalizer = weakref.finalize(self, _free, match.world)
        else:
            assert self._empty is not None
            match.rollback(self._empty)
        self._empty = match.mark()
        try:
            match.begin(setup)  # frees the world if the setup does not load
        except BaseException:
            self._forget()
            raise
        return match

    def _forget(self) -> None:
        if self._finalizer is not None:
            self._finalizer.detach()
        self._match = self._empty = self._finalizer = None

    def close(self) -> None:
        """Free the world now."""
        if self._match is not None:
            world = self._match.world
            self._forget()
            _free(world)
