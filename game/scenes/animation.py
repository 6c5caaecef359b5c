"""Tweens on arcade.easing, driven by the frame's dt and the animation-speed setting.

Scenes animate what match events report (a move slides, a number floats up, a dead unit fades).
Everything here advances only when `Tweener.update(dt)` is called from a view's `on_update`,
never through `arcade.schedule`: the pyglet clock does not tick in the test harness, and dt
tweens make a stepped frame deterministic. The speed setting scales dt; "instant"
finishes every tween at once, so the end state is always reached exactly, whatever the speed.

A tween applies its value to a target each frame: an object with `.position` (Sprite, Text,
CardFrame), `.alpha` (Sprite, CardFrame), `.color`, or any `apply(value)` callable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import arcade
import pyglet
from arcade import easing
from arcade.types import Color

from game.scenes.fonts import UI_FONT
from game.scenes.settings import SPEED_FACTORS

EaseFunction = Callable[[float], float]
Point = tuple[float, float]


class Tween:
    """Progress from 0 to 1 over `duration` seconds (after `delay`), eased, applied each frame.

    `on_done` runs exactly once, when the tween ends or is finished early. `tag` lets a scene
    finish or cancel every tween of one sprite or one event at once. A `blocking` tween counts
    in `Tweener.busy` (board input waits for it); decorations like floating numbers do not.
    """

    blocking = True

    def __init__(
        self,
        duration: float,
        *,
        ease: EaseFunction = easing.ease_out,
        delay: float = 0.0,
        on_done: Callable[[], Any] | None = None,
        tag: Any = None,
        blocking: bool | None = None,
    ) -> None:
        if blocking is not None:
            self.blocking = blocking
        self.duration = max(0.0, float(duration))
        self.delay = max(0.0, float(delay))
        self.on_done = on_done
        self.tag = tag
        self.done = False
        self._started = False
        self._data = easing.ease_value(0.0, 1.0, time=self.duration, ease_function=ease)
        self.progress = 0.0  # eased progress of the last update

    def update(self, dt: float) -> bool:
        """Advance by dt seconds (already speed-scaled); True once the tween has ended."""
        if self.done:
            return True
        if self.delay > 0.0:
            self.delay -= dt
            if self.delay > 0.0:
                return False
            dt = -self.delay
            self.delay = 0.0
        if not self._started:
            self._started = True
            self.on_start()
        finished, self.progress = easing.ease_update(self._data, dt)
        self.apply(self.progress)
        if finished:
            self._end()
        return self.done

    def finish(self) -> None:
        """Jump to the end state now (instant mode, fast-forward, a view closing)."""
        if self.done:
            return
        if not self._started:
            self._started = True
            self.on_start()
        self.delay = 0.0
        self._data.cur_period = self._data.end_period
        self.progress = 1.0
        self.apply(1.0)
        self._end()

    @property
    def elapsed_fraction(self) -> float:
        """Un-eased progress 0..1 (time spent / duration), for effects timed linearly."""
        data = self._data
        return 1.0 if data.end_period <= 0 else min(1.0, data.cur_period / data.end_period)

    def _end(self) -> None:
        self.done = True
        self.on_end()
        if self.on_done is not None:
            callback, self.on_done = self.on_done, None
            callback()

    # hooks for subclasses
    def on_start(self) -> None:
        """Called when the delay has run out, before the first apply."""

    def apply(self, t: float) -> None:
        """Show eased progress t (0..1, may overshoot with elastic/back easings)."""

    def on_end(self) -> None:
        """Called once after the final apply, before on_done."""


def _lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class Wait(Tween):
    """Nothing but time: a pause before `on_done` (a CPU "thinking" beat, a staggered start)."""

    def __init__(self, duration: float, on_done: Callable[[], Any] | None = None, tag: Any = None):
        super().__init__(duration, ease=easing.linear, on_done=on_done, tag=tag)


class ValueTween(Tween):
    """A number from start to end; `apply_value(v)` receives it every frame."""

    def __init__(
        self,
        start: float,
        end: float,
        duration: float,
        apply_value: Callable[[float], Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(duration, **kwargs)
        self.start, self.end = float(start), float(end)
        self.value = self.start
        self._apply_value = apply_value

    def apply(self, t: float) -> None:
        self.value = _lerp(self.start, self.end, t)
        if self._apply_value is not None:
            self._apply_value(self.value)


class PositionTween(Tween):
    """Slides `target.position` from start (default: where it is when the tween starts) to end."""

    def __init__(
        self,
        target: Any,
        end: Point,
        duration: float,
        start: Point | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(duration, **kwargs)
        self.target = target
        self.start = start
        self.end = (float(end[0]), float(end[1]))
        self.value: Point = start or self.end

    def on_start(self) -> None:
        if self.start is None:
            x, y = self.target.position[:2]
            self.start = (float(x), float(y))

    def apply(self, t: float) -> None:
        assert self.start is not None
        self.value = (_lerp(self.start[0], self.end[0], t), _lerp(self.start[1], self.end[1], t))
        self.target.position = self.value


class AlphaTween(Tween):
    """Fades `target.alpha` (0..255) from start (default: its alpha at start) to end."""

    def __init__(
        self, target: Any, end: int, duration: float, start: int | None = None, **kwargs: Any
    ) -> None:
        super().__init__(duration, **kwargs)
        self.target = target
        self.start = start
        self.end = int(end)
        self.value = start if start is not None else self.end

    def on_start(self) -> None:
        if self.start is None:
            self.start = int(self.target.alpha)

    def apply(self, t: float) -> None:
        assert self.start is not None
        self.value = max(0, min(255, round(_lerp(self.start, self.end, t))))
        self.target.alpha = self.value


class ColorTween(Tween):
    """Blends `target.color` (RGBA) from start (default: its colour at start) to end."""

    def __init__(
        self,
        target: Any,
        end: Iterable[int],
        duration: float,
        start: Iterable[int] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(duration, **kwargs)
        self.target = target
        self.start = Color.from_iterable(start) if start is not None else None
        self.end = Color.from_iterable(end)
        self.value = self.start or self.end

    def on_start(self) -> None:
        if self.start is None:
            self.start = Color.from_iterable(self.target.color)

    def apply(self, t: float) -> None:
        assert self.start is not None
        t = max(0.0, min(1.0, t))
        pairs = zip(self.start, self.end, strict=True)
        self.value = Color(*(round(_lerp(a, b, t)) for a, b in pairs))
        self.target.color = self.value


class FloatingText(Tween):
    """A label (damage number, "+3 gold") that rises and fades out, then removes itself.

    It lives in the caller's pyglet Batch so it costs no extra draw call. It does not block
    input (`blocking = False`): the next move may start while the number still floats.
    """

    blocking = False

    def __init__(
        self,
        text: str,
        x: float,
        y: float,
        *,
        color: Iterable[int] = (255, 255, 255, 255),
        font_size: float = 20,
        font_name: str = UI_FONT,
        bold: bool = True,
        rise: float = 48.0,
        duration: float = 1.0,
        batch: pyglet.graphics.Batch | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("ease", easing.ease_out)
        super().__init__(duration, **kwargs)
        self.color = Color.from_iterable(color)
        self.x0, self.y0, self.rise = x, y, rise
        self.text = arcade.Text(
            text,
            x,
            y,
            color=self.color,
            font_size=font_size,
            font_name=font_name,
            bold=bold,
            anchor_x="center",
            anchor_y="center",
            batch=batch,
        )

    def apply(self, t: float) -> None:
        self.text.position = (self.x0, self.y0 + self.rise * t)
        # Fully visible for the first 40 % of the time, then fades to nothing.
        fade = 1.0 - max(0.0, min(1.0, (self.elapsed_fraction - 0.4) / 0.6))
        self.text.color = self.color.replace(a=round(self.color.a * fade))

    def on_end(self) -> None:
        self.text.visible = False
        self.text.label.delete()  # drop its vertices from the shared batch

    def draw(self) -> None:
        """Draw alone (only when the text was created without a batch)."""
        if not self.done:
            self.text.draw()


class Tweener:
    """Runs tweens with dt scaled by the animation speed; "instant" ends each one at once.

    `speed` is a setting name or a callable returning one, read every frame, so a change in the
    Settings screen applies to the animations already running.
    """

    def __init__(self, speed: str | Callable[[], str] = "normal") -> None:
        self._speed = speed
        self._tweens: list[Tween] = []
        # bumped whenever a tween starts, ends early or is dropped (an instant tween applies its
        # end state inside `add`): a view redraws when it moved (game.scenes.redraw)
        self.changes = 0

    @property
    def speed(self) -> str:
        return self._speed() if callable(self._speed) else self._speed

    @speed.setter
    def speed(self, value: str | Callable[[], str]) -> None:
        self._speed = value

    @property
    def factor(self) -> float:
        """dt multiplier: 0.5, 1, 2, or 0.0 for instant."""
        return SPEED_FACTORS.get(self.speed, 1.0)

    @property
    def instant(self) -> bool:
        return self.factor <= 0.0

    @property
    def busy(self) -> bool:
        """True while a blocking tween runs: scenes hold board input until it is False."""
        return any(t.blocking for t in self._tweens)

    def __len__(self) -> int:
        return len(self._tweens)

    def add(self, tween: Tween) -> Tween:
        """Start a tween; in instant mode it is finished (end state applied) before returning."""
        self.changes += 1
        if self.instant:
            tween.finish()
        elif not tween.done:
            self._tweens.append(tween)
        return tween

    def extend(self, tweens: Iterable[Tween]) -> list[Tween]:
        return [self.add(t) for t in tweens]

    def update(self, dt: float) -> None:
        """Advance every tween by dt x speed factor; tweens started by on_done run next frame."""
        if self.instant:
            self.finish_all()
            return
        scaled = dt * self.factor
        running, self._tweens = self._tweens, []
        still = [t for t in running if not t.update(scaled)]
        self._tweens = still + self._tweens

    def finish_all(self, tag: Any = None) -> None:
        """Jump every tween (or those with `tag`) to its end; chains started by on_done too."""
        for _ in range(10_000):  # a chain that restarts itself forever must not hang the frame
            todo = [t for t in self._tweens if tag is None or t.tag == tag]
            if not todo:
                return
            self.changes += 1
            self._tweens = [t for t in self._tweens if t not in todo]
            for tween in todo:
                tween.finish()

    def cancel(self, tag: Any = None) -> None:
        """Drop tweens (all, or those with `tag`) where they are, without on_done."""
        self.changes += 1
        self._tweens = [t for t in self._tweens if tag is not None and t.tag != tag]

    # shortcuts -------------------------------------------------------------------------------
    def move(self, target: Any, end: Point, duration: float = 0.3, **kwargs: Any) -> Tween:
        return self.add(PositionTween(target, end, duration, **kwargs))

    def fade(self, target: Any, end: int, duration: float = 0.3, **kwargs: Any) -> Tween:
        return self.add(AlphaTween(target, end, duration, **kwargs))

    def wait(self, duration: float, on_done: Callable[[], Any] | None = None) -> Tween:
        return self.add(Wait(duration, on_done))

    def float_text(self, text: str, x: float, y: float, **kwargs: Any) -> Tween:
        return self.add(FloatingText(text, x, y, **kwargs))
