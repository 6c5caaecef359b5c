"""Derived lookups cached where the journal invalidates them (docs/architecture.md "Speed").

`derived(key, compute)` returns `compute()`'s value for the active world, computed again only
after an entity was created, deleted, or restored by a rollback (`Journal.structure`), or in
another world. It fits lookups that depend only on *which* entities exist and hold the
component objects they were created with: rules change those objects in place through the
journal and never replace them, so a cached value always shows current field values. A lookup
that depends on components being added or removed (a status, an intent) must not use it.
Callers must not mutate the value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import esper

from game.engine import ecs
from game.engine.journal import Journal

T = TypeVar("T")

MAX_ENTRIES = 64  # lookups of finished matches' worlds are never asked for again

_cache: dict[tuple[str, str], tuple[int, object, Any]] = {}


def derived(key: str, compute: Callable[[], T]) -> T:
    slot = (esper.current_world, key)
    token = ecs.world_token()
    hit = _cache.get(slot)
    if hit is not None and hit[0] == Journal.structure and hit[1] is token:
        return hit[2]
    value = compute()
    if len(_cache) >= MAX_ENTRIES:
        _cache.clear()
    _cache[slot] = (Journal.structure, token, value)
    return value
