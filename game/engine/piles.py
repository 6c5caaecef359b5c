"""Piles: ordered zones of card entities, changed only by commands.

A pile is an entity with a `Pile` component (name, owner, capacity, cards top first); a card
knows its pile through `InPile`. Adding, removing, moving and shuffling are commands, so they
fire hooks ("before:move_card"...), emit what the mode's event table says for them and are
journaled like every other change. Order is stable: a card keeps its place until a command
moves it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

import esper

from game.components.common import Ident, InPile, Pile
from game.engine import ecs
from game.engine.commands import Command

if TYPE_CHECKING:
    from game.engine.match import Match


class PileFull(RuntimeError):
    """A rule tried to put a card into a full pile (a rules bug: check `has_room` first)."""


def create_pile(match: Match, name: str, *, owner: int = -1, capacity: int = 0) -> int:
    """A new empty pile entity, findable by `pile_named`."""
    entity = match.journal.create(Pile(name=name, owner=owner, capacity=capacity), Ident(name))
    match.piles[name] = entity
    match.journal.on_rollback(match.piles.pop, name, None)
    return entity


def fill_pile(match: Match, pile: int, cards: tuple[int, ...]) -> None:
    """Put cards that are in no pile at the bottom of `pile`, in order, as a position is
    built (a setup): journaled, no hook and no event, since nothing moved in the game. A card
    created with its `InPile(pile)` already costs no change (a deal of 54 cards)."""
    comp = esper.component_for_entity(pile, Pile)
    entities = ecs.entity_table()  # one lookup per card (a deal fills a deck of fifty)
    for card in cards:
        found = entities[card].get(InPile)
        if found is None:
            match.journal.add(card, InPile(pile))
        elif found.pile != pile:
            match.journal.set_field(found, "pile", pile)
    match.journal.set_field(comp, "cards", (*comp.cards, *cards))


def pile_named(match: Match, name: str) -> int:
    return match.piles[name]


def cards_in(pile: int) -> tuple[int, ...]:
    return esper.component_for_entity(pile, Pile).cards


def top_card(pile: int) -> int | None:
    cards = cards_in(pile)
    return cards[0] if cards else None


def has_room(pile: int, count: int = 1) -> bool:
    comp = esper.component_for_entity(pile, Pile)
    return comp.capacity == 0 or len(comp.cards) + count <= comp.capacity


def pile_of(card: int) -> int:
    found = esper.try_component(card, InPile)
    return found.pile if found else 0


class MoveCard(Command):
    """Move a card from its pile (or from nowhere) into a pile at an index (None: bottom).

    With no destination the card leaves every pile (it is removed from the game).
    """

    name = "move_card"
    __slots__ = ("card", "dest", "index", "origin")

    def __init__(self, card: int) -> None:
        self.source_id = self.target_id = None
        self.cancelled = False
        self.card = card
        self.dest = 0
        self.index: int | None = None
        self.origin = 0

    def to(self, pile: int, index: int | None = None) -> Self:
        self.dest, self.index = pile, index
        return self

    def apply(self, match: Match) -> None:
        # The world's entity table read directly (one lookup per entity, no esper call): a
        # CPU's search moves thousands of cards a second.
        journal = match.journal
        card, dest = self.card, self.dest
        entities = ecs.entity_table()
        in_pile = entities[card].get(InPile)
        origin = in_pile.pile if in_pile is not None else 0
        dst = entities[dest][Pile] if dest else None
        if dst is not None and dest != origin and dst.capacity and (
                len(dst.cards) >= dst.capacity):
            # Checked first, so a PileFull leaves both piles as they were.
            raise PileFull(f"pile {dst.name!r} is full")
        if in_pile is None:
            in_pile = InPile()
            journal.add(card, in_pile)
        self.origin = origin
        if origin:
            src = entities[origin][Pile]
            cards = src.cards
            if cards[0] == card:  # the top card (every capacity-1 pile, a draw from the deck)
                journal.set_field(src, "cards", cards[1:])
            else:
                at = cards.index(card)
                journal.set_field(src, "cards", cards[:at] + cards[at + 1:])
        if dst is not None:
            cards = dst.cards
            at = self.index
            if at is None or at >= len(cards):
                journal.set_field(dst, "cards", (*cards, card))
            else:
                journal.set_field(dst, "cards", (*cards[:at], card, *cards[at:]))
        journal.set_field(in_pile, "pile", dest)


class ShufflePile(Command):
    """Shuffle a pile with a named stream of the match."""

    name = "shuffle_pile"
    __slots__ = ("pile", "stream")

    def __init__(self, pile: int, stream: str = "shuffle") -> None:
        super().__init__()
        self.pile, self.stream = pile, stream

    def apply(self, match: Match) -> None:
        comp = esper.component_for_entity(self.pile, Pile)
        shuffled = tuple(match.stream(self.stream).shuffle(comp.cards))
        match.journal.set_field(comp, "cards", shuffled)


def pile_name(pile: int) -> str | None:
    """The name of a pile entity (None for 0: no pile), for events."""
    return esper.component_for_entity(pile, Pile).name if pile else None


def move_card(card: int) -> MoveCard:
    return MoveCard(card)


def remove_card(card: int) -> MoveCard:
    """A card leaves every pile (the game)."""
    return MoveCard(card)


def shuffle_pile(pile: int, stream: str = "shuffle") -> ShufflePile:
    return ShufflePile(pile, stream)


