"""One reusable scratch match per CPU (docs/architecture.md "CPU players").

A CPU's look-ahead runs the real rules on a match at the position of its seat view. Building a
new match for every decision costs a world, its streams, its listeners and its carriers every
time; a `ScratchMatch` builds one match once and, for each new view, rolls its world back to
the empty position it had before the first load and loads the new position there (the mode's
setup loader, on the view as a setup). The rollback rewinds the entity ids too, so a reload
gives the same entities, ids and query order as a fresh match would. Between loads a search
marks, submits and rolls back on it as usual; the match's events are off (a search reads none).

A mode whose views a CPU loads at every phase step (conquest), or whose positions change little
from one view to the next (kingdom: a few units and offers), gives a `restore` loader
instead (one way to load a position besides the fresh load, for every mode): `restore(match, setup, previous)` brings a world holding any earlier position of the
same match to the setup's position (it creates what the setup has and the world lacks, updates
what differs, deletes what the setup no longer has), unchecked, as for positions this program
printed; `previous` is the setup of the position the world holds (None for an empty world), so
the loader may skip what did not change between the two. The scratch match rolls back only to
the position it last loaded (undoing the search on it) and restores the new view from there
with no mark open, so nothing is logged and a reload costs the view's differences; entity ids
then follow the history of loads, so such a mode orders its queries by its own keys.

With `keep_search`, a restoring scratch match does not roll the search back before the next
restore: it keeps the world the search left (closing its mark, forgetting the decisions and
events since) and restores the new view from there. Only a mode whose `restore` compares the
world itself with the new setup (`previous` then says only what no search changes: kingdom's
tiles, decks and heroes) and whose searches end at positions its rules made may use it: a CPU
that plans its phase on the scratch match and finds most of that plan in the next view (its
buys, sells and moves) pays neither for undoing it nor for making it again.

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


Restore = Callable[[Match, dict[str, Any], dict[str, Any] | None], None]


class ScratchMatch:
    """A match reloaded from each view (see the module docstring).

    `new_match(view)` makes the match, not yet begun (its rules, content and options: the
    first view's); `setup_of(view)` is the setup that loads the view's position, hidden parts
    filled in; `restore`, if given, loads every position from the one the world holds,
    unlogged (without it, each load rolls back to empty and loads the setup there).
    """

    __slots__ = ("_new_match", "_setup_of", "_restore", "_keep", "_match", "_empty",
                 "_loaded", "_setup", "_finalizer", "__weakref__")

    def __init__(self, new_match: Callable[[dict[str, Any]], Match],
                 setup_of: Callable[[dict[str, Any]], dict[str, Any]], *,
                 restore: Restore | None = None, keep_search: bool = False) -> None:
        self._new_match = new_match
        self._setup_of = setup_of
        self._restore = restore
        self._keep = keep_search and restore is not None
        self._match: Match | None = None
        self._empty: MatchMark | None = None
        self._loaded: MatchMark | None = None  # the position of the last load
        self._setup: dict[str, Any] | None = None  # and its setup
        self._finalizer: weakref.finalize | None = None

    @property
    def world(self) -> str | None:
        """The name of its match's world: None before the first load and after `close`."""
        return self._match.world if self._match is not None else None

    def load(self, view: dict[str, Any]) -> Match:
        """The match at the position of `view` (the same match object every time)."""
        setup = self._setup_of(view)
        match = self._match
        if match is None:
            match = self._new_match(view)
            match.events.enabled = False
            self._match = match
            self._finalizer = weakref.finalize(self, _free, match.world)
        elif self._restore is not None:
            assert self._loaded is not None
            if self._keep:  # the position the search left; no mark is open now
                match.keep(self._loaded)
            else:
                match.rollback(self._loaded)  # the last loaded position; no mark is open now
        else:
            assert self._empty is not None
            match.rollback(self._empty)
        if self._restore is not None:
            return self._restored(match, setup)
        self._empty = match.mark()
        try:
            match.begin(setup)  # frees the world if the setup does not load
        except BaseException:
            self._forget()
            raise
        self._loaded, self._setup = match.mark(), setup
        return match

    def _restored(self, match: Match, setup: dict[str, Any]) -> Match:
        """`restore` from the position the world holds, no mark open (nothing is logged),
        then a mark at the new position for the next load to roll back to."""
        restore, previous = self._restore, self._setup
        assert restore is not None
        self._setup = None  # until the new position is whole

        def build() -> None:
            restore(match, setup, previous)
            match.steps.clear()  # a position: entering its phase runs nothing

        try:
            match.build_or_close(build)  # frees the world if the position does not load
        except BaseException:
            self._forget()
            raise
        self._loaded, self._setup = match.mark(), setup
        return match

    def _forget(self) -> None:
        if self._finalizer is not None:
            self._finalizer.detach()
        self._match = self._empty = self._loaded = self._setup = self._finalizer = None

    def close(self) -> None:
        """Free the world now."""
        if self._match is not None:
            world = self._match.world
            self._forget()
            _free(world)
