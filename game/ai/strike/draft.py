"""The normal CPU's draft (spec 7.2, algorithms 1, 3 and 4) and its card scores.

All scores are exact `Fraction`s (the spec's values include 110.5 and × 1.2 terms); the
orders are the view's: hands and decks as listed, first best wins.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from game.ai.strike.dac import dac_max, dac_min
from game.ai.strike.tables import Card, Tables

Decision = dict[str, Any]

HEAL_FACTOR = Fraction(3, 2)
DRAIN_FACTOR = Fraction(6, 5)
REDUNDANCY_PENALTY = 6
SWAP_BASE = 600


def evaluate_card(card: Card) -> Fraction:
    """Steal strength: hp + per ability heal × 1.5 (a heal: it targets no enemy),
    (damage + heal) × 1.2 (a drain: it hits an enemy and heals) or
    max(0, damage + 2 × range − 3 × cooldown) (a strike)."""
    total = Fraction(card.hp)
    for a in card.attacks:
        if not a.targets_enemy:
            total += a.heal * HEAL_FACTOR
        elif a.heal > 0 and not a.rolls:
            total += (a.damage + a.heal) * DRAIN_FACTOR
        else:
            total += max(0, a.damage + 2 * a.range - 3 * a.cooldown)
    return total


def compute_utility(card: Card, context: list[Card]) -> Fraction:
    """`evaluate_card` less 6 per context (deck) card of the same element."""
    same = sum(1 for c in context if c.element == card.element)
    return evaluate_card(card) - REDUNDANCY_PENALTY * same


def evaluate_retain_value(card: Card) -> Fraction:
    """0.5 × hp + 2 × maxdmg + utility + bonus (spec 7.2)."""
    maxdmg = max(0, max((a.damage - 2 * a.cooldown for a in card.attacks), default=0))
    utility = sum((15 if not a.targets_enemy else 0) + (10 if a.status != "none" else 0)
                  for a in card.attacks)
    bonus = 5 if card.element in ("fire", "combined") else 0
    return Fraction(card.hp, 2) + 2 * maxdmg + utility + bonus


def select_steal_target(opponent_hand: list[Card], context: list[Card]) -> Card | None:
    """Algorithm 1: group by element (first appearance), each group's `evaluate_card`
    winner by `dac_max`, then the first maximum of `compute_utility` over the winners."""
    groups: dict[str, list[Card]] = {}
    for card in opponent_hand:
        groups.setdefault(card.element, []).append(card)
    winners = [dac_max(group, evaluate_card) for group in groups.values()]
    best: Card | None = None
    best_score: Fraction | None = None
    for card in winners:
        assert card is not None
        score = compute_utility(card, context)
        if best_score is None or score > best_score:
            best, best_score = card, score
    return best


def select_best_retain(own_hand: list[Card]) -> Card | None:
    """Algorithm 3: `dac_max(own_hand, evaluate_retain_value)`."""
    return dac_max(own_hand, evaluate_retain_value)


def draft_cpu_turn(board: dict[str, Any], seat: int, tables: Tables) -> Decision:
    """Algorithm 4: the best of STEAL, SWAP and RETAIN (earlier candidate wins a tie)."""
    cards = tables.cards
    own_hand = [cards[c] for c in board["hands"][seat]]
    other_hand = [cards[c] for c in board["hands"][1 - seat]]
    deck = [cards[c] for c in board["decks"][seat]]
    full = len(deck) >= tables.deck_size
    candidates: list[tuple[Fraction, Decision]] = []
    if other_hand and not full:
        steal = select_steal_target(other_hand, deck)
        assert steal is not None
        candidates.append((evaluate_card(steal),
                           {"seat": seat, "type": "steal", "card": steal.id}))
    if other_hand and full and deck:
        best = dac_max(other_hand, evaluate_card)
        worst = dac_min(deck, evaluate_card)
        assert best is not None and worst is not None
        gain = evaluate_card(best) - evaluate_card(worst)
        if gain > 0:
            candidates.append((SWAP_BASE + gain, {"seat": seat, "type": "swap",
                                                  "card": best.id, "drop": worst.id}))
    if own_hand and not full:
        keep = select_best_retain(own_hand)
        assert keep is not None
        candidates.append((evaluate_card(keep),
                           {"seat": seat, "type": "retain", "card": keep.id}))
    chosen = dac_max(candidates, lambda c: c[0])
    if chosen is None:
        return {"seat": seat, "type": "pass"}
    return chosen[1]
