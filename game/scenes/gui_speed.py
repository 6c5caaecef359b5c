"""arcade.gui's listener signature check, done once per function instead of once per bind.

Every `arcade.gui.Property` bind (a widget binds a dozen at construction: rect, size hints,
text, style...) asks `_ListenerType.detect_callback_type`, which runs `inspect.signature` and
up to four trial binds: about 45 us each, 2,000 binds for the Settings panel, 100 of the 170 ms
of its build (issue 27, section 4). The answer depends only on the function's code, whether
it is bound, and which of its parameters have defaults, so it is kept per such key; a
callable without Python code (a `functools.partial`) is checked as arcade does.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from arcade.gui.property import _ListenerType

_detect: Callable[[Any], _ListenerType] = _ListenerType.detect_callback_type
_known: dict[tuple[Any, ...], _ListenerType] = {}


def signature_key(callback: Any) -> tuple[Any, ...] | None:
    """What a callback's listener type depends on, or None when it cannot be told cheaply."""
    if inspect.isfunction(callback):
        func, bound = callback, False
    elif inspect.ismethod(callback) and inspect.isfunction(callback.__func__):
        func, bound = callback.__func__, True
    else:
        call = vars(type(callback)).get("__call__")  # an object with a Python __call__
        if not inspect.isfunction(call):
            return None
        func, bound = call, True
    return (func.__code__, bound, len(func.__defaults__ or ()),
            tuple(sorted(func.__kwdefaults__ or ())))


def detect_callback_type(callback: Any) -> _ListenerType:
    """`_ListenerType.detect_callback_type`, remembered per `signature_key`."""
    key = signature_key(callback)
    if key is None:
        return _detect(callback)
    kind = _known.get(key)
    if kind is None:
        kind = _known[key] = _detect(callback)
    return kind


def install() -> None:
    """Use the remembered check for every bind (arcade 3.3: `_Obs.add`, `_WeakCallback`)."""
    _ListenerType.detect_callback_type = staticmethod(detect_callback_type)  # type: ignore[method-assign]
