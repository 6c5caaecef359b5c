"""Event animations of the board (spec strike.md 8.4), drawn with a few shapes each.

Every effect is a Tween (so it follows the speed setting and counts as "busy") that draws
itself while it runs. The animation key's `type` picks the effect family:

- orb (projectile, trail, dash): an orb with a short trail flies from user to target, then an
  impact ring;
- line (beam, vine, wave): a line of width `size` grows from user to target;
- lunge (strike, slash): the user's token lunges 30 % of the way and back, a white flash ring;
- ring (aoe, burst, splash, steam, whirl, glitch, trap, counter): a ring expands at the target;
- aura (heal, heal_whirl, vine_whirl, aura): a ring expands from the user.
"""

from __future__ import annotations

import math
from typing import Any

import arcade
from arcade.types import Color

from game.scenes.animation import Tween

FAMILY = {
    "projectile": "orb", "trail": "orb", "dash": "orb",
    "beam": "line", "vine": "line", "wave": "line",
    "strike": "lunge", "slash": "lunge",
    "aoe": "ring", "burst": "ring", "splash": "ring", "steam": "ring", "whirl": "ring",
    "glitch": "ring", "trap": "ring", "counter": "ring",
    "heal": "aura", "heal_whirl": "aura", "vine_whirl": "aura", "aura": "aura",
}

Point = tuple[float, float]


class Fx(Tween):
    """One effect between two points; `draw()` while it runs."""

    def __init__(self, family: str, start: Point, end: Point, colour: Color, accent: Color,
                 size: float, duration: float, sprite: Any = None, **kwargs: Any) -> None:
        kwargs.setdefault("ease", lambda t: t)
        super().__init__(duration, **kwargs)
        self.family, self.p0, self.p1 = family, start, end
        self.colour, self.accent, self.size = colour, accent, max(3.0, size)
        self.sprite = sprite
        self.home = tuple(sprite.position) if sprite is not None else None
        self.t = 0.0

    def apply(self, t: float) -> None:
        self.t = t
        if self.family == "lunge" and self.sprite is not None and self.home is not None:
            k = 0.3 * math.sin(math.pi * min(1.0, t))
            hx, hy = self.home
            self.sprite.position = (hx + (self.p1[0] - hx) * k, hy + (self.p1[1] - hy) * k)

    def on_end(self) -> None:
        if self.family == "lunge" and self.sprite is not None and self.home is not None:
            self.sprite.position = self.home

    def draw(self) -> None:
        if self.done or not self._started:
            return
        t = self.t
        (x0, y0), (x1, y1) = self.p0, self.p1
        if self.family == "orb":
            if t < 0.75:
                k = t / 0.75
                for i in range(4):
                    kk = max(0.0, k - i * 0.06)
                    x, y = x0 + (x1 - x0) * kk, y0 + (y1 - y0) * kk
                    r = self.size * (1 - i * 0.22) / 2
                    col = (self.colour if i == 0 else self.accent).replace(a=255 - i * 55)
                    arcade.draw_circle_filled(x, y, max(1.5, r), col)
            else:
                k = (t - 0.75) / 0.25
                arcade.draw_circle_outline(x1, y1, self.size * (0.5 + 1.5 * k),
                                           self.accent.replace(a=int(255 * (1 - k))), 3)
                arcade.draw_circle_filled(x1, y1, self.size * 0.6 * (1 - k),
                                          self.colour.replace(a=int(220 * (1 - k))))
        elif self.family == "line":
            k = min(1.0, t / 0.6)
            fade = 1.0 if t < 0.6 else 1 - (t - 0.6) / 0.4
            x, y = x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
            arcade.draw_line(x0, y0, x, y, self.colour.replace(a=int(230 * fade)), self.size)
            arcade.draw_line(x0, y0, x, y, self.accent.replace(a=int(255 * fade)),
                             max(1.0, self.size / 3))
        elif self.family == "lunge":
            if t > 0.35:
                k = (t - 0.35) / 0.65
                arcade.draw_circle_outline(x1, y1, self.size * (0.6 + 0.8 * k),
                                           Color(255, 255, 255, int(255 * (1 - k))), 3)
        else:
            cx, cy = (x0, y0) if self.family == "aura" else (x1, y1)
            r = self.size * (0.2 + 0.8 * t)
            a = int(255 * (1 - t))
            arcade.draw_circle_filled(cx, cy, r, self.colour.replace(a=a // 3))
            arcade.draw_circle_outline(cx, cy, r, self.accent.replace(a=a), 3)
            for i in range(6):  # particles on the rim
                ang = i * math.pi / 3 + t * 4
                arcade.draw_circle_filled(cx + math.cos(ang) * r, cy + math.sin(ang) * r, 3,
                                          self.colour.replace(a=a))
