"""Hands and discard piles (spec conquest.md 4.14).

Hands are sorted by printed power, highest first; discards keep the order cards were played.
At each resolution both played cards go to their discard piles; the moment a hand is empty, the
whole discard pile becomes the hand again. No drawing, no shuffling: the last card of a cycle
is forced and cards are never destroyed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.systems.conquest.state import index

if TYPE_CHECKING:
    from game.engine.match import Match


def discard(match: Match, seat: int, card: str) -> None:
    """Move the played card to the discard pile; recycle an emptied hand."""
    idx = index(match)
    b = idx.board
    hands, discards = list(b.hands), list(b.discards)
    hand = list(hands[seat])
    hand.remove(card)
    pile = (*discards[seat], card)
    match.emit("card_discarded", seat=seat, card=card)
    if hand:
        hands[seat], discards[seat] = tuple(hand), pile
    else:
        hands[seat], discards[seat] = idx.content.hand_order(pile), ()
        match.emit("hand_recycled", seat=seat)
    match.journal.set(b, hands=(hands[0], hands[1]), discards=(discards[0], discards[1]))


def choose(match: Match, seat: int, card: str) -> None:
    """4.10.1: the seat's chosen card (secret until resolution)."""
    b = index(match).board
    chosen = list(b.cards_chosen)
    chosen[seat] = card
    match.journal.set(b, cards_chosen=(chosen[0], chosen[1]))
    match.emit("orders_changed", seat=seat)
