"""arcade.gui's listener signature check, remembered per function (game.scenes.gui_speed):
the same answer as arcade's own for every kind of callback, and `inspect` run once per
function however many widgets bind it."""

from __future__ import annotations

import functools
import inspect

import pytest
from arcade.gui.property import _ListenerType

from game.scenes import gui_speed


class Owner:
    def method(self, instance, value):
        return None

    def no_args(self):
        return None

    def __call__(self, instance, value, old):
        return None


def plain(instance):
    return None


def with_default(instance, value=None, old=None):
    return None


CALLBACKS = {
    "function": plain,
    "defaults": with_default,
    "lambda": lambda: None,
    "method": Owner().method,
    "method without arguments": Owner().no_args,
    "unbound": Owner.method,
    "callable object": Owner(),
    "partial": functools.partial(with_default, 1),
}


@pytest.mark.parametrize("name", CALLBACKS)
def test_the_remembered_answer_is_arcades(name):
    callback = CALLBACKS[name]
    assert gui_speed.detect_callback_type(callback) == gui_speed._detect(callback)


def test_the_signature_is_read_once_per_function(monkeypatch):
    gui_speed._known.clear()
    calls = []
    signature = inspect.signature
    monkeypatch.setattr(inspect, "signature", lambda f: calls.append(f) or signature(f))
    for _ in range(50):  # fifty widgets binding the same method of their own instance
        assert _ListenerType.detect_callback_type(Owner().method) == \
            _ListenerType.INSTANCE_VALUE
    assert len(calls) == 1
