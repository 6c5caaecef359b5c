"""Hard's value function and quality bar (spec kingdom.md 7.2), every number from `ai.toml`.

The value of a card depends on a small context (the turn, whether the own Nexus is low, whether
the enemy line is wide). Hard re-reads it before each planning step; the expert reads it once at
the start of its search. Everything here is a pure function of the content and that context,
so the hard steps, the expert's scores and the tests share one definition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.systems.kingdom.legal import HERO

if TYPE_CHECKING:
    from game.systems.kingdom.content import Content
    from game.systems.kingdom.world import SeatFacts

Offer = int | str  # an offer index, or "hero"


@dataclass(frozen=True, slots=True)
class Context:
    """What a card's value depends on besides the card (7.2)."""

    turn: int
    low: bool   # 2 x own hp <= own max_hp
    wide: bool  # enemy occupied slots >= enemy slot count - 1


def context_of(turn: int, own: SeatFacts, enemy: SeatFacts) -> Context:
    occupied = len(enemy.slots) - enemy.slots.count(None)  # counted in C: a step reads it
    return Context(turn, 2 * own.hp <= own.max_hp, occupied >= len(enemy.slots) - 1)


def hard_table(content: Content) -> dict[str, Any]:
    return content.ai["hard"]


def effect_bonus(content: Content, effect: str, ctx: Context) -> int:
    """One row of the bonus table. Every row has the same shape in `ai.toml` (base, low, wide,
    early/late by turn; absent keys are 0), so one formula reads them all: income and tax only
    set early/late, the others only base/low/wide. A keyword with no row (a mod's) has no
    bonus: its stats alone count."""
    row = hard_table(content)["bonus"].get(effect)
    if row is None:
        return 0
    bonus = row["base"]
    if ctx.low:
        bonus += row["low"]
    if ctx.wide:
        bonus += row["wide"]
    bonus += row["early"] if ctx.turn <= row["early_until_turn"] else row["late"]
    return bonus


def value(content: Content, card_id: str, ctx: Context) -> int:
    """value(card) = atk + def + bonus(effect) + hero_bonus if a hero (base stats, 7.2)."""
    card = content.cards[card_id]
    hero = hard_table(content)["hero_bonus"] if card.kind == "hero" else 0
    return card.atk + card.defense + effect_bonus(content, card.effect, ctx) + hero


class Values:
    """`value` memoised per card for one context: the expert asks for thousands of values of
    the same few cards in one search."""

    __slots__ = ("content", "ctx", "_cache")

    def __init__(self, content: Content, ctx: Context) -> None:
        self.content = content
        self.ctx = ctx
        self._cache: dict[str, int] = {}

    def __call__(self, card_id: str) -> int:
        v = self._cache.get(card_id)
        if v is None:
            v = self._cache[card_id] = value(self.content, card_id, self.ctx)
        return v


def quality_bar(content: Content, level: int) -> int:
    """Bar = bar_per_level x level + bar_base (7.2)."""
    table = hard_table(content)
    return table["bar_per_level"] * level + table["bar_base"]


def candidates(content: Content, seat: SeatFacts) -> list[tuple[Offer, str]]:
    """(offer, card) of the non-null offers (index ascending), then the hero if it is in hand
    and the Nexus has reached its era (7.2). Affordability is the caller's filter."""
    out: list[tuple[Offer, str]] = [(i, card) for i, card in enumerate(seat.shop)
                                    if card is not None]
    if (seat.hero is not None and seat.hero_status == "in_hand"
            and seat.level >= content.cards[seat.hero].era):
        out.append((HERO, seat.hero))
    return out


def best_key(content: Content, ctx: Context, offer: Offer, card_id: str
             ) -> tuple[int, int, int, int]:
    """The best-candidate order (7.2): value desc, cost asc, hero before offers, index asc."""
    is_hero = offer == HERO
    return (-value(content, card_id, ctx), content.cards[card_id].cost, 0 if is_hero else 1,
            0 if is_hero else int(offer))


def best(content: Content, ctx: Context, cands: list[tuple[Offer, str]]
         ) -> tuple[Offer, str] | None:
    """The best of `cands`, or None when there is none."""
    if not cands:
        return None
    return min(cands, key=lambda c: best_key(content, ctx, c[0], c[1]))
