"""The normal CPU's helper scores (spec 7.2): `get_target_score` and `get_attack_score`, in
exact arithmetic (7.1), plus the distances of spec 4.1."""

from __future__ import annotations

from fractions import Fraction

from game.ai.strike.position import Unit
from game.ai.strike.tables import Attack, Tables

Tile = tuple[int, int]


def cheb(a: Tile, b: Tile) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def manh(a: Tile, b: Tile) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


class Ratio:
    """An exact non-negative-denominator ratio compared by cross-multiplication (cheaper than
    `Fraction`, which reduces by gcd on every construction)."""

    __slots__ = ("num", "den")

    def __init__(self, num: int, den: int) -> None:
        self.num = num
        self.den = den

    def __ge__(self, other: Ratio) -> bool:
        return self.num * other.den >= other.num * self.den

    def __gt__(self, other: Ratio) -> bool:
        return self.num * other.den > other.num * self.den

    def __le__(self, other: Ratio) -> bool:
        return self.num * other.den <= other.num * self.den

    def __lt__(self, other: Ratio) -> bool:
        return self.num * other.den < other.num * self.den

    def fraction(self) -> Fraction:
        return Fraction(self.num, self.den)


def target_ratio(pos: Tile, c: Unit) -> Ratio:
    """`get_target_score` as S / (10·M·m), S = 100·M·m − 100·hp·m + 50·M + 3·t·M·m (7.1)."""
    assert c.pos is not None
    big_m = c.max_hp
    m = max(abs(pos[0] - c.pos[0]) + abs(pos[1] - c.pos[1]), 1)
    mm = big_m * m
    return Ratio(100 * mm - 100 * c.hp * m + 50 * big_m + 3 * c.card.threat * mm, 10 * mm)


def get_target_score(pos: Tile, c: Unit) -> Fraction:
    """10 × (1 − hp / max_hp) + 5 / max(manh(pos, c), 1) + 0.3 × threat(c), exactly."""
    return target_ratio(pos, c).fraction()


def get_attack_score(attack: Attack, target: Unit, tables: Tables) -> int:
    """damage × element percent against the target's card element (integer percent scale)."""
    return attack.damage * tables.pct(attack.element, target.card.element)
