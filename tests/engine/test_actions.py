"""game.engine.actions: serial resolution, nested enqueues, `Do`."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.actions import Action, ActionQueue, Do


class Step(Action):
    """Logs its name, then enqueues its `back` children at the back and `front` ones next."""

    __slots__ = ("name", "back", "front")

    def __init__(self, name: str, back: tuple[Action, ...] = (), front: tuple[Action, ...] = ()):
        self.name, self.back, self.front = name, back, front

    def resolve(self, match: Any) -> None:
        match.log.append(self.name)
        for action in self.back:
            match.queue.enqueue(action)
        for action in self.front:
            match.queue.enqueue_next(action)


class FakeMatch:
    def __init__(self) -> None:
        self.log: list[str] = []
        self.queue = ActionQueue()

    def run(self, *actions: Action) -> list[str]:
        for action in actions:
            self.queue.enqueue(action)
        self.queue.run(self)
        return self.log


def test_actions_resolve_in_queue_order():
    m = FakeMatch()
    assert m.run(Step("a"), Step("b"), Step("c")) == ["a", "b", "c"]
    assert m.queue.resolved == 3
    assert len(m.queue) == 0


def test_enqueue_from_an_action_goes_to_the_back():
    m = FakeMatch()
    assert m.run(Step("a", back=(Step("d"), Step("e"))), Step("b"), Step("c")) == [
        "a", "b", "c", "d", "e"]


def test_enqueue_next_runs_right_after_the_current_action_keeping_order():
    m = FakeMatch()
    a = Step("a", front=(Step("x"), Step("y"), Step("z")))
    assert m.run(a, Step("b")) == ["a", "x", "y", "z", "b"]


def test_enqueue_next_nests_depth_first():
    m = FakeMatch()
    x = Step("x", front=(Step("x1"), Step("x2")), back=(Step("x-back"),))
    a = Step("a", front=(x, Step("y")), back=(Step("a-back"),))
    assert m.run(a, Step("b")) == ["a", "x", "x1", "x2", "y", "b", "a-back", "x-back"]
    assert m.queue.resolved == 8


def test_enqueue_next_outside_a_resolution_goes_first_keeping_order():
    m = FakeMatch()
    m.queue.enqueue(Step("queued"))
    m.queue.enqueue_next(Step("n1"))
    m.queue.enqueue_next(Step("n2"))
    m.queue.enqueue(Step("last"))
    assert len(m.queue) == 4
    assert m.run() == ["n1", "n2", "queued", "last"]
    # a later batch starts at the front again
    m.log.clear()
    m.queue.enqueue(Step("q"))
    m.queue.enqueue_next(Step("m1"))
    m.queue.enqueue_next(Step("m2"))
    assert m.run() == ["m1", "m2", "q"]


def test_an_exception_stops_the_queue_and_clear_empties_it():
    def boom(match: Any) -> None:
        raise RuntimeError("boom")

    m = FakeMatch()
    for action in (Step("a"), Do(boom), Step("c")):
        m.queue.enqueue(action)
    with pytest.raises(RuntimeError):
        m.queue.run(m)
    assert m.log == ["a"]
    assert len(m.queue) == 1
    m.queue.clear()
    assert len(m.queue) == 0
    m.queue.enqueue_next(Step("after-clear"))
    m.queue.enqueue_next(Step("second"))
    assert m.run() == ["a", "after-clear", "second"]


def test_do_calls_the_function_with_the_match_and_its_arguments():
    calls: list[tuple[Any, ...]] = []

    def draw_cards(match: Any, count: int, *, pile: str) -> None:
        calls.append((match, count, pile))

    m = FakeMatch()
    action = Do(draw_cards, 2, pile="deck")
    assert repr(action) == "Do(draw_cards, (2,))"
    m.run(action)
    assert calls == [(m, 2, "deck")]


def test_do_actions_can_enqueue_more_do_actions():
    def chain(match: Any, n: int) -> None:
        match.log.append(f"chain{n}")
        if n < 3:
            match.queue.enqueue_next(Do(chain, n + 1))

    m = FakeMatch()
    assert m.run(Do(chain, 1), Step("end")) == ["chain1", "chain2", "chain3", "end"]
