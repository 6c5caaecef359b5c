"""Tweens: dt-driven, scaled by the speed setting, exact at the end, instant mode jumps."""

from __future__ import annotations

import arcade
import pytest
from arcade import easing

from game.scenes.animation import (
    AlphaTween,
    ColorTween,
    FloatingText,
    PositionTween,
    Tweener,
    ValueTween,
    Wait,
)

DT = 1 / 60


def frames_until_done(tweener: Tweener, limit: int = 1000) -> int:
    for n in range(1, limit + 1):
        tweener.update(DT)
        if len(tweener) == 0:
            return n
    raise AssertionError("tween never finished")


@pytest.mark.parametrize(("speed", "frames"), [("slow", 60), ("normal", 30), ("fast", 15)])
def test_speed_scales_duration(speed, frames):
    tweener = Tweener(speed)
    seen: list[float] = []
    tween = tweener.add(ValueTween(0, 100, 0.5, seen.append, ease=easing.linear))
    n = frames_until_done(tweener)
    assert abs(n - frames) <= 1
    assert tween.done and tween.value == 100.0 and seen[-1] == 100.0
    assert seen == sorted(seen)


def test_instant_applies_the_end_state_on_add():
    done: list[str] = []
    sprite = arcade.SpriteSolidColor(10, 10, 0, 0)
    tweener = Tweener("instant")
    tweener.add(PositionTween(sprite, (300, 40), 0.4, on_done=lambda: done.append("moved")))
    tweener.add(AlphaTween(sprite, 0, 0.4, delay=1.0))
    assert sprite.position == (300, 40) and sprite.alpha == 0
    assert done == ["moved"] and not tweener.busy


def test_switching_to_instant_finishes_running_tweens():
    speed = ["normal"]
    tweener = Tweener(lambda: speed[0])
    sprite = arcade.SpriteSolidColor(10, 10, 0, 0)
    tweener.move(sprite, (100, 0), 1.0)
    tweener.update(DT)
    assert 0 < sprite.center_x < 100
    speed[0] = "instant"
    tweener.update(DT)
    assert sprite.position == (100, 0) and not tweener.busy


def test_position_tween_starts_from_where_the_target_is_when_it_starts():
    sprite = arcade.SpriteSolidColor(10, 10, 5, 5)
    tweener = Tweener()
    tweener.add(PositionTween(sprite, (65, 5), 1.0, ease=easing.linear, delay=0.5))
    tweener.update(0.25)
    sprite.position = (25, 5)  # moved by someone else before the delay ran out
    tweener.update(0.25 + 0.5)
    assert sprite.center_x == pytest.approx(45)  # halfway from 25 to 65


def test_delay_and_chained_on_done():
    tweener = Tweener()
    order: list[str] = []

    def first() -> None:
        order.append("a")
        tweener.wait(0.1, lambda: order.append("b"))

    tweener.add(Wait(0.1, on_done=first))
    frames_until_done(tweener)
    assert order == ["a", "b"]


def test_finish_all_runs_chains_and_cancel_drops_by_tag():
    tweener = Tweener()
    order: list[str] = []
    tweener.add(Wait(5, on_done=lambda: tweener.add(Wait(5, lambda: order.append("second")))))
    tweener.add(Wait(5, on_done=lambda: order.append("tagged"), tag="card-1"))
    tweener.cancel("card-1")
    tweener.finish_all()
    assert order == ["second"] and not tweener.busy


def test_color_tween_blends():
    sprite = arcade.SpriteSolidColor(10, 10, 0, 0, color=(0, 0, 0, 255))
    tweener = Tweener()
    tweener.add(ColorTween(sprite, (200, 100, 0, 255), 1.0, ease=easing.linear))
    tweener.update(0.5)
    assert tuple(sprite.color) == (100, 50, 0, 255)


def test_floating_text_rises_fades_and_leaves_the_batch(window):
    import pyglet

    batch = pyglet.graphics.Batch()
    tweener = Tweener()
    ft = tweener.float_text("-5", 100, 100, batch=batch, rise=40, duration=1.0)
    assert isinstance(ft, FloatingText)
    assert not tweener.busy and len(tweener) == 1  # a floating number never holds input
    tweener.update(0.3)
    mid_y, mid_alpha = ft.text.y, ft.text.color.a
    assert 100 < mid_y < 140 and mid_alpha == 255
    tweener.update(0.5)
    assert ft.text.color.a < mid_alpha
    frames_until_done(tweener)
    assert ft.done and not ft.text.visible
