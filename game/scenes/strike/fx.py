"""Event animations of the board (spec strike.md 8.4), drawn with a few shapes each.

Every effect is a Tween (so it follows the speed setting and counts as "busy") that draws
itself while it runs. The animation key's `type` (animations.toml) picks the drawing:

projectile (orb with trail, then a 20-particle impact), slash (an arc sweeping across the
target), beam (a flickering line), aoe (a ring expanding to `size`), vine (a sinuous segmented
line growing), heal (green particles rising at every healed unit, with a ring), burst (radial
droplets), trail (an orb running along the line), steam (white puffs), wave (a band sweeping
from user to target), splash (a ring of droplets), whirl (a spinning spiral), heal_whirl (a
spiral at the user plus heal particles), vine_whirl (a vine, then a spiral), strike (a 30 %
lunge with a white slash flash), dash (to the target and back, with afterimages), counter (a
flash ring at the user, then at the target), aura (a ring from the user), glitch (jittering
rectangles and scanlines), trap (a grid square closing around the target).

Two non-ability effects: `dust` (a puff at a tile a unit left) and `ash` (particles of a dying
unit); they do not block input. Each effect draws at most a few dozen vertices per frame with
one or two batched calls (`draw_points`, `draw_line_strip`, `draw_lines`).
"""

from __future__ import annotations

import math
from typing import Any

import arcade
from arcade.types import Color

from game.scenes.animation import Tween

TYPES = ("projectile", "slash", "beam", "aoe", "vine", "heal", "burst", "trail", "steam",
         "wave", "splash", "whirl", "heal_whirl", "vine_whirl", "strike", "dash", "counter",
         "aura", "glitch", "trap")

# Kept for callers that group the types (sound choice).
FAMILY = {
    "projectile": "orb", "trail": "orb", "dash": "orb",
    "beam": "line", "vine": "line", "wave": "line",
    "strike": "lunge", "slash": "lunge",
    "aoe": "ring", "burst": "ring", "splash": "ring", "steam": "ring", "whirl": "ring",
    "glitch": "ring", "trap": "ring", "counter": "ring",
    "heal": "aura", "heal_whirl": "aura", "vine_whirl": "aura", "aura": "aura",
}

Point = tuple[float, float]
WHITE = Color(255, 255, 255)


def _lerp(p: Point, q: Point, k: float) -> Point:
    return (p[0] + (q[0] - p[0]) * k, p[1] + (q[1] - p[1]) * k)


def _hash(n: int) -> float:
    """A deterministic pseudo-random number in [0, 1) (glitch jitter without an RNG)."""
    n = (n * 2654435761) & 0xFFFFFFFF
    n ^= n >> 13
    return ((n * 1597334677) & 0xFFFFFF) / 0x1000000


class Fx(Tween):
    """One effect between two points; `draw()` while it runs.

    `kind` is an animations.toml type (or "dust" / "ash"); `sprite` is the user's token (moved
    by strike and dash); `others` are extra points (the healed units of heal / heal_whirl).
    """

    def __init__(self, kind: str, start: Point, end: Point, colour: Color, accent: Color,
                 size: float, duration: float, sprite: Any = None,
                 others: list[Point] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("ease", lambda t: t)
        if kind in ("dust", "ash"):
            kwargs.setdefault("blocking", False)
        super().__init__(duration, **kwargs)
        self.kind = kind if kind in TYPES or kind in ("dust", "ash") else "aoe"
        self.family = FAMILY.get(self.kind, self.kind)
        self.p0, self.p1 = start, end
        self.colour, self.accent, self.size = colour, accent, max(3.0, size)
        self.sprite = sprite if self.kind in ("strike", "dash") else None
        self.home = tuple(sprite.position) if self.sprite is not None else None
        self.others = list(others or [])
        self.t = 0.0

    def apply(self, t: float) -> None:
        self.t = t
        if self.sprite is None or self.home is None:
            return
        reach = 0.3 if self.kind == "strike" else 0.85
        k = reach * math.sin(math.pi * min(1.0, t))
        self.sprite.position = _lerp(self.home, self.p1, k)  # type: ignore[arg-type]

    def on_end(self) -> None:
        if self.sprite is not None and self.home is not None:
            self.sprite.position = self.home

    # -- drawing ----------------------------------------------------------------------------
    def draw(self) -> None:
        if self.done or not self._started:
            return
        getattr(self, f"_draw_{self.kind}", self._draw_aoe)(self.t)

    def _a(self, colour: Color, alpha: float) -> Color:
        return colour.replace(a=max(0, min(255, int(alpha))))

    def _orb(self, k: float, a0: Point, a1: Point) -> None:
        for i in range(4):  # the orb and its trail
            x, y = _lerp(a0, a1, max(0.0, k - i * 0.06))
            r = self.size * (1 - i * 0.22) / 2
            col = self.colour if i == 0 else self.accent
            arcade.draw_circle_filled(x, y, max(1.5, r), self._a(col, 255 - i * 55), num_segments=10)

    def _impact(self, k: float, at: Point, n: int = 20) -> None:
        x1, y1 = at
        r = self.size * (0.5 + 2.0 * k)
        pts = [(x1 + math.cos(i * 2 * math.pi / n + i) * r * (0.6 + 0.4 * (i % 3) / 2),
                y1 + math.sin(i * 2 * math.pi / n + i) * r * (0.6 + 0.4 * (i % 3) / 2))
               for i in range(n)]
        arcade.draw_points(pts, self._a(self.accent, 255 * (1 - k)), max(2.0, self.size / 4))
        arcade.draw_circle_filled(x1, y1, self.size * 0.6 * (1 - k),
                                  self._a(self.colour, 220 * (1 - k)), num_segments=12)

    def _ring(self, at: Point, r: float, alpha: float, width: float = 3) -> None:
        arcade.draw_circle_filled(at[0], at[1], r, self._a(self.colour, alpha / 3), num_segments=24)
        arcade.draw_circle_outline(at[0], at[1], r, self._a(self.accent, alpha), width, 0, 24)

    def _spiral(self, at: Point, t: float, radius: float, colour: Color, alpha: float) -> None:
        pts = []
        for i in range(28):
            f = i / 27
            ang = f * 4 * math.pi + t * 10
            pts.append((at[0] + math.cos(ang) * radius * f, at[1] + math.sin(ang) * radius * f))
        arcade.draw_line_strip(pts, self._a(colour, alpha), 3)

    def _rising(self, at: Point, t: float, n: int = 8) -> None:
        pts = [(at[0] + (i - n / 2 + 0.5) * self.size / n * 1.4,
                at[1] - self.size * 0.3 + ((t * 1.5 + i * 0.37) % 1.0) * self.size)
               for i in range(n)]
        arcade.draw_points(pts, self._a(self.colour, 255 * (1 - t)), 5)

    def _draw_projectile(self, t: float) -> None:
        if t < 0.7:
            self._orb(t / 0.7, self.p0, self.p1)
        else:
            self._impact((t - 0.7) / 0.3, self.p1)

    def _draw_trail(self, t: float) -> None:
        k = min(1.0, t / 0.8)
        arcade.draw_line(*self.p0, *_lerp(self.p0, self.p1, k),
                         self._a(self.colour, 120 * (1 - t)), max(2.0, self.size / 3))
        if t < 0.8:
            self._orb(k, self.p0, self.p1)
        else:
            self._impact((t - 0.8) / 0.2, self.p1, 12)

    def _draw_dash(self, t: float) -> None:
        home = self.home or self.p0
        k = 0.85 * math.sin(math.pi * min(1.0, t))
        for i in range(7):  # afterimages along the way
            kk = k * i / 7
            x, y = _lerp(home, self.p1, kk)  # type: ignore[arg-type]
            arcade.draw_circle_filled(x, y, min(26.0, self.size * 2.5),
                                      self._a(self.colour, 40 + 18 * i), num_segments=12)
        if 0.4 < t < 0.7:
            arcade.draw_circle_outline(*self.p1, min(34.0, self.size * 4), self._a(WHITE, 255), 3,
                                       0, 16)

    def _draw_slash(self, t: float) -> None:
        x1, y1 = self.p1
        sweep = min(1.0, t / 0.6)
        fade = 1.0 if t < 0.6 else 1 - (t - 0.6) / 0.4
        start = 135 - 180 * sweep
        arcade.draw_arc_outline(x1, y1, self.size * 1.6, self.size * 1.6,
                                self._a(self.colour, 255 * fade), start, start + 90,
                                max(3.0, self.size / 6), 0, 12)
        arcade.draw_arc_outline(x1, y1, self.size * 1.3, self.size * 1.3,
                                self._a(self.accent, 255 * fade), start + 10, start + 80, 2, 0, 10)

    def _draw_beam(self, t: float) -> None:
        k = min(1.0, t / 0.3)
        fade = 1.0 if t < 0.7 else 1 - (t - 0.7) / 0.3
        flick = 0.6 + 0.4 * abs(math.sin(t * 70))
        end = _lerp(self.p0, self.p1, k)
        arcade.draw_line(*self.p0, *end, self._a(self.colour, 230 * fade), self.size * flick)
        arcade.draw_line(*self.p0, *end, self._a(self.accent, 255 * fade),
                         max(1.0, self.size * flick / 3))

    def _vine_points(self, k: float, a0: Point, a1: Point, wiggle: float) -> list[Point]:
        dx, dy = a1[0] - a0[0], a1[1] - a0[1]
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        pts = []
        for i in range(17):
            f = k * i / 16
            off = math.sin(f * length / 18) * wiggle
            pts.append((a0[0] + dx * f + nx * off, a0[1] + dy * f + ny * off))
        return pts

    def _draw_vine(self, t: float) -> None:
        k = min(1.0, t / 0.6)
        fade = 1.0 if t < 0.6 else 1 - (t - 0.6) / 0.4
        pts = self._vine_points(k, self.p0, self.p1, 6)
        arcade.draw_line_strip(pts, self._a(self.colour, 255 * fade), self.size + 1)
        arcade.draw_points(pts[::3], self._a(self.accent, 255 * fade), self.size + 3)

    def _draw_wave(self, t: float) -> None:
        (x0, y0), (x1, y1) = self.p0, self.p1
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        fade = 1 - t
        for j in range(3):  # three bands, one behind the other
            k = max(0.0, min(1.0, t * 1.2 - j * 0.08))
            cx, cy = x0 + dx * k, y0 + dy * k
            h = self.size / 2 * (1 - j * 0.25)
            col = self.colour if j == 0 else self.accent
            arcade.draw_line(cx - nx * h, cy - ny * h, cx + nx * h, cy + ny * h,
                             self._a(col, 230 * fade - j * 50), 5 - j)

    def _draw_aoe(self, t: float) -> None:
        self._ring(self.p1, self.size * (0.2 + 0.8 * t), 255 * (1 - t))

    def _draw_aura(self, t: float) -> None:
        self._ring(self.p0, self.size * (0.2 + 0.8 * t), 255 * (1 - t))

    def _draw_burst(self, t: float) -> None:
        x1, y1 = self.p1
        r = self.size * (0.15 + 0.85 * t)
        pts = [(x1 + math.cos(i * math.pi / 6) * r, y1 + math.sin(i * math.pi / 6) * r)
               for i in range(12)]
        inner = [(x1 + math.cos(i * math.pi / 6 + 0.26) * r * 0.6,
                  y1 + math.sin(i * math.pi / 6 + 0.26) * r * 0.6) for i in range(12)]
        arcade.draw_points(pts, self._a(self.colour, 255 * (1 - t)), 6)
        arcade.draw_points(inner, self._a(self.accent, 255 * (1 - t)), 4)

    def _draw_splash(self, t: float) -> None:
        x1, y1 = self.p1
        r = self.size * (0.3 + 0.7 * t)
        lift = math.sin(math.pi * t) * self.size * 0.2
        pts = [(x1 + math.cos(i * math.pi / 8) * r, y1 + math.sin(i * math.pi / 8) * r * 0.6
                + lift) for i in range(16)]
        arcade.draw_points(pts, self._a(self.accent, 255 * (1 - t)), 5)
        arcade.draw_ellipse_outline(x1, y1, r * 2, r * 1.2, self._a(self.colour, 200 * (1 - t)),
                                    2, 0, 20)

    def _draw_steam(self, t: float) -> None:
        x1, y1 = self.p1
        for i in range(5):
            ang = i * 2 * math.pi / 5 + 0.4
            d = self.size * 0.35 * t
            r = self.size * (0.15 + 0.3 * t) * (1 - 0.1 * i)
            arcade.draw_circle_filled(x1 + math.cos(ang) * d, y1 + math.sin(ang) * d + t * 10,
                                      r, self._a(self.accent if i % 2 else self.colour,
                                                 170 * (1 - t)), num_segments=12)

    def _draw_whirl(self, t: float) -> None:
        self._spiral(self.p1, t, self.size * (0.9 + 0.3 * t), self.colour, 255 * (1 - t * 0.8))

    def _draw_heal(self, t: float) -> None:
        for at in self.others or [self.p0]:
            self._rising(at, t)
        self._ring(self.p0, self.size * (0.2 + 0.8 * t), 200 * (1 - t), 2)

    def _draw_heal_whirl(self, t: float) -> None:
        self._spiral(self.p0, t, self.size * 0.8, self.colour, 255 * (1 - t * 0.8))
        for at in self.others:
            self._rising(at, t)

    def _draw_vine_whirl(self, t: float) -> None:
        if t < 0.5:
            pts = self._vine_points(t / 0.5, self.p0, self.p1, 6)
            arcade.draw_line_strip(pts, self._a(self.colour, 255), 4)
        else:
            self._spiral(self.p1, t, self.size * 0.8, self.accent, 255 * (2 - 2 * t))
            self._spiral(self.p1, t + 0.3, self.size * 0.6, self.colour, 255 * (2 - 2 * t))

    def _draw_strike(self, t: float) -> None:
        if t > 0.35:
            k = (t - 0.35) / 0.65
            x1, y1 = self.p1
            s = self.size * (1 + k)
            arcade.draw_line(x1 - s, y1 + s, x1 + s, y1 - s, self._a(WHITE, 255 * (1 - k)), 4)
            arcade.draw_circle_outline(x1, y1, self.size * (0.6 + 0.8 * k),
                                       self._a(self.accent, 255 * (1 - k)), 3, 0, 16)

    def _draw_counter(self, t: float) -> None:
        at, k = (self.p0, t / 0.5) if t < 0.5 else (self.p1, (t - 0.5) / 0.5)
        arcade.draw_circle_filled(at[0], at[1], self.size * (0.8 + 0.8 * k),
                                  self._a(self.colour, 150 * (1 - k)), num_segments=20)
        arcade.draw_circle_outline(at[0], at[1], self.size * (0.8 + 0.8 * k),
                                   self._a(self.accent, 255 * (1 - k)), 4, 0, 20)

    def _draw_glitch(self, t: float) -> None:
        x1, y1 = self.p1
        frame = int(t * 40)
        a = 230 * (1 - t)
        s = self.size
        for i in range(6):
            rx = (_hash(frame * 7 + i) - 0.5) * s * 1.2
            ry = (_hash(frame * 13 + i + 99) - 0.5) * s * 1.2
            w, h = s * (0.15 + 0.3 * _hash(i + frame)), s * 0.08 + 3
            arcade.draw_lrbt_rectangle_filled(x1 + rx - w / 2, x1 + rx + w / 2, y1 + ry - h / 2,
                                              y1 + ry + h / 2,
                                              self._a(self.colour if i % 2 else self.accent, a))
        lines = []
        for j in range(5):  # scanlines
            y = y1 - s / 2 + ((j / 5 + t * 2) % 1.0) * s
            lines += [(x1 - s / 2, y), (x1 + s / 2, y)]
        arcade.draw_lines(lines, self._a(self.accent, a * 0.7), 1)

    def _draw_trap(self, t: float) -> None:
        x1, y1 = self.p1
        k = min(1.0, t / 0.7)
        h = self.size * (1.2 - 0.7 * k)
        a = 255 if t < 0.7 else 255 * (1 - (t - 0.7) / 0.3)
        arcade.draw_lrbt_rectangle_outline(x1 - h, x1 + h, y1 - h, y1 + h, self._a(self.colour, a),
                                           3)
        lines = []
        for j in (-1, 1):  # the grid inside the closing square
            lines += [(x1 + j * h / 3, y1 - h), (x1 + j * h / 3, y1 + h),
                      (x1 - h, y1 + j * h / 3), (x1 + h, y1 + j * h / 3)]
        arcade.draw_lines(lines, self._a(self.accent, a * 0.8), 1)

    def _draw_dust(self, t: float) -> None:
        x, y = self.p0
        pts = [(x + math.cos(i * 2.1 + 0.3) * self.size * (0.3 + t),
                y - self.size * 0.6 + math.sin(i * 2.1 + 0.3) * self.size * 0.3 * (0.3 + t)
                + t * 6) for i in range(3)]
        for px, py in pts:
            arcade.draw_circle_filled(px, py, self.size * (0.12 + 0.15 * t),
                                      self._a(self.colour, 150 * (1 - t)), num_segments=8)

    def _draw_ash(self, t: float) -> None:
        x, y = self.p0
        pts = [(x + (_hash(i) - 0.5) * self.size * 1.6 + math.sin(t * 6 + i) * 4,
                y + (_hash(i + 50) - 0.5) * self.size + t * self.size * (0.6 + _hash(i + 9)))
               for i in range(14)]
        arcade.draw_points(pts, self._a(self.colour, 220 * (1 - t)), 3)
