"""Reading a crawl seat view (spec section 6.1) the way the CPU policies need it.

The view's `board` object is all a CPU knows: four slots, two hands, the backpack, the hero and
the deck's counts. These helpers name the places a card can be and build the decisions that
move it, so the policies read like the spec's rules.
"""

from __future__ import annotations

from typing import Any

from game.systems.crawl.legal import move_decision

Card = dict[str, Any]
Board = dict[str, Any]

HANDS = ("left_hand", "right_hand")


def move(source: str, dest: str, source_index: int | None = None,
         dest_index: int | None = None) -> dict[str, Any]:
    """A `move` decision of seat 0 (the rules' own builder, keyword-friendly)."""
    return move_decision(source, source_index, dest, dest_index)


def board_cards(board: Board) -> list[tuple[int, Card]]:
    """(slot, card) for every occupied board slot, in slot order (a list: a policy reads it
    on every decision, and a comprehension costs less than a generator's resumes)."""
    return [(slot, card) for slot, card in enumerate(board["board"]) if card is not None]


def enemies(board: Board) -> list[tuple[int, Card]]:
    return [(slot, card) for slot, card in board_cards(board) if card["type"] == "enemy"]


def other_hand(hand: str) -> str:
    return "right_hand" if hand == "left_hand" else "left_hand"


def value(card: Card) -> int:
    """A card's value, 0 for abilities (their value is null)."""
    return card["value"] or 0


def missing_hp(board: Board) -> int:
    hero = board["hero"]
    return hero["max_hp"] - hero["hp"]


def chaos_list(board: Board) -> list[int]:
    """Spec 4.7 Chaos: valued board cards in slot order, then the hero's hp."""
    return [card["value"] for _, card in board_cards(board) if card["type"] != "ability"] + [
        board["hero"]["hp"]
    ]


def price(card: Card) -> int:
    """Chest price (spec 4.5.9): spells, shields and potions sell for their value."""
    return card["value"] if card["type"] in ("spell", "shield", "potion") else 0
