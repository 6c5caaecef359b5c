"""Zones and cards (spec crawl.md section 4.1): where every card is, and journaled moves.

The four board slots, the two hands and the backpack are engine piles of capacity 1 named
`board.0` ... `board.3`, `left_hand`, `right_hand` and `backpack`; the deck is the pile `deck`
(top first). The hero and the chest are not containers. A card that leaves the game leaves every
pile (its `InPile.pile` becomes 0) and bumps `Run.removed`; its entity stays, so no entity is
created or deleted after the deal (a CPU's rollbacks stay cheap).

Everything is looked up through one `Index` kept in `match.extra["crawl"]`, built at the deal or
setup and fixed afterwards: stable id -> entity, entity -> its components, pile name -> `Pile`.
Hot paths never query esper. Every mutation goes through `match.journal`, so `mark()` /
`rollback()` restore it exactly. Moves here emit the crawl events of 4.14 (`card_moved`,
`card_removed`), not the engine's generic pile events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.components.common import Ident, InPile, Pile
from game.components.crawl import CrawlCard, Hero, LastValue, Run
from game.engine.piles import create_pile
from game.systems.crawl.table import SLOTS, Table

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.content import Content

KEY = "crawl"
BOARD_PILES = tuple(f"board.{slot}" for slot in range(SLOTS))
SINGLE_PILES = (*BOARD_PILES, "left_hand", "right_hand", "backpack")
PILE_NAMES = (*SINGLE_PILES, "deck")


class Index:
    """The match's lookups: built once, then only read (its contents change via the journal)."""

    __slots__ = ("content", "hero", "run", "piles", "slots", "singles", "left_hand",
                 "right_hand", "backpack", "deck", "pile_entity", "pile_name", "card", "ident",
                 "in_pile", "last", "by_id")

    def __init__(self, content: Content, hero: Hero, run: Run) -> None:
        self.content = content
        self.hero = hero
        self.run = run
        self.piles: dict[str, Pile] = {}
        self.pile_entity: dict[str, int] = {}
        self.pile_name: dict[int, str] = {}
        self.card: dict[int, CrawlCard] = {}
        self.ident: dict[int, str] = {}
        self.in_pile: dict[int, InPile] = {}
        self.last: dict[int, LastValue] = {}
        self.by_id: dict[str, int] = {}
        self.slots: tuple[Pile, ...] = ()
        self.singles: tuple[Pile, ...] = ()  # the board slots, the hands and the backpack
        self.left_hand: Pile
        self.right_hand: Pile
        self.backpack: Pile
        self.deck: Pile


def index(match: Match) -> Index:
    return match.extra[KEY]


def create_zones(match: Match, content: Content, hero: Hero, run: Run) -> Index:
    """The piles, the hero and the run entities of a new match (inside its active world)."""
    journal = match.journal
    idx = Index(content, hero, run)
    journal.create(Ident("hero"), hero)
    journal.create(Ident("run"), run)
    for name in PILE_NAMES:
        entity = create_pile(match, name, owner=0, capacity=0 if name == "deck" else 1)
        pile = esper.component_for_entity(entity, Pile)
        idx.piles[name] = pile
        idx.pile_entity[name] = entity
        idx.pile_name[entity] = name
    idx.slots = tuple(idx.piles[name] for name in BOARD_PILES)
    idx.singles = tuple(idx.piles[name] for name in SINGLE_PILES)
    idx.left_hand = idx.piles["left_hand"]
    idx.right_hand = idx.piles["right_hand"]
    idx.backpack = idx.piles["backpack"]
    idx.deck = idx.piles["deck"]
    match.extra[KEY] = idx
    return idx


def add_card(match: Match, idx: Index, card_id: str, card: CrawlCard) -> int:
    """A new card entity in no pile yet (deal and setup only), registered in the index."""
    in_pile = InPile()
    last = LastValue(card.value)
    entity = match.journal.create(Ident(card_id), card, last, in_pile)
    idx.card[entity] = card
    idx.ident[entity] = card_id
    idx.in_pile[entity] = in_pile
    idx.last[entity] = last
    idx.by_id[card_id] = entity
    match.journal.on_rollback(_forget_card, idx, entity, card_id)
    return entity


def _forget_card(idx: Index, entity: int, card_id: str) -> None:
    for table in (idx.card, idx.ident, idx.in_pile, idx.last):
        table.pop(entity, None)
    idx.by_id.pop(card_id, None)


# -- reading -------------------------------------------------------------------------------
def card_in(pile: Pile) -> int | None:
    """The card of a capacity-1 pile (or the top of the deck), None when empty."""
    cards = pile.cards
    return cards[0] if cards else None


def location(idx: Index, card: int) -> str | None:
    """The pile name a card is in, None once it has left the game."""
    return idx.pile_name.get(idx.in_pile[card].pile)


def zone_pile(idx: Index, zone: str, index: int | None = None) -> Pile:
    """The pile of a decision's zone name (a board slot needs its index)."""
    return idx.slots[index] if zone == "board" else idx.piles[zone]  # type: ignore[index]


def board_cards(idx: Index) -> list[tuple[int, int]]:
    """(slot, card entity) for every occupied slot, in slot order."""
    return [(slot, pile.cards[0]) for slot, pile in enumerate(idx.slots) if pile.cards]


def board_count(idx: Index) -> int:
    count = 0
    for pile in idx.slots:
        if pile.cards:
            count += 1
    return count


def table_of(match: Match) -> Table:
    """The `Table` picture of a live match, holding its own card components (read-only)."""
    idx: Index = match.extra[KEY]
    cards = idx.card
    table = Table.__new__(Table)  # every field is set below
    table.board = [cards[p.cards[0]] if p.cards else None for p in idx.slots]
    lh, rh, bp = idx.left_hand.cards, idx.right_hand.cards, idx.backpack.cards
    table.left_hand = cards[lh[0]] if lh else None
    table.right_hand = cards[rh[0]] if rh else None
    table.backpack = cards[bp[0]] if bp else None
    hero, run = idx.hero, idx.run
    table.hp, table.max_hp, table.gold = hero.hp, hero.max_hp, hero.gold
    table.can_revive, table.reflect_damage, table.bleed = (
        hero.can_revive, hero.reflect_damage, hero.bleed)
    table.deck_count = len(idx.deck.cards)
    table.clear_counter = run.clear_counter
    table.random_attack_used = run.random_attack_used
    table.phase = match.state.phase
    return table


# -- mutations -----------------------------------------------------------------------------
def put(match: Match, idx: Index, card: int, pile_name: str, position: int | None = None) -> None:
    """Move a card into a pile at `position` (None: the end, i.e. the deck's bottom).

    The same journaled mutation as the engine's `MoveCard`, without its generic event: crawl's
    events are those of 4.14, emitted by the callers.
    """
    journal = match.journal
    in_pile = idx.in_pile[card]
    if in_pile.pile:
        _detach(match, idx, card, in_pile.pile)
    dest = idx.piles[pile_name]
    if dest.capacity == 1:
        if dest.cards:
            raise RuntimeError(f"crawl: {pile_name} is occupied")  # a rules bug
        journal.set(dest, cards=(card,))
    elif position is None:
        journal.set(dest, cards=(*dest.cards, card))
    else:
        cards = list(dest.cards)
        cards.insert(position, card)
        journal.set(dest, cards=tuple(cards))
    journal.set(in_pile, pile=idx.pile_entity[pile_name])


def _detach(match: Match, idx: Index, card: int, pile_entity: int) -> None:
    source = idx.piles[idx.pile_name[pile_entity]]
    cards = source.cards
    if len(cards) == 1:
        rest: tuple[int, ...] = ()
    elif cards[0] == card:
        rest = cards[1:]
    else:
        rest = tuple(c for c in cards if c != card)
    match.journal.set(source, cards=rest)


def move(match: Match, idx: Index, card: int, pile_name: str) -> None:
    """A visible move between zones: `card_moved` (id, from, to)."""
    origin = location(idx, card)
    put(match, idx, card, pile_name)
    match.emit("card_moved", id=idx.ident[card], **{"from": origin}, to=pile_name)


def remove(match: Match, idx: Index, card: int, reason: str) -> None:
    """The card leaves the game (4.1): out of every pile, `removed` + 1, `card_removed`."""
    in_pile = idx.in_pile[card]
    if in_pile.pile:
        _detach(match, idx, card, in_pile.pile)
        match.journal.set(in_pile, pile=0)
    run = idx.run
    match.journal.set(run, removed=run.removed + 1)
    match.emit("card_removed", id=idx.ident[card], reason=reason)


def set_value(match: Match, idx: Index, card: int, value: int) -> None:
    """Change a card's value, with `value_changed` (id, from, to) when it differs."""
    comp = idx.card[card]
    before = comp.value
    if before != value:
        match.journal.set(comp, value=value)
        match.emit("value_changed", id=idx.ident[card], **{"from": before}, to=value)


def lower_value(match: Match, idx: Index, card: int, amount: int, reason: str) -> bool:
    """`value = max(0, value - amount)`; at 0 the card leaves the game. True if it left."""
    comp = idx.card[card]
    set_value(match, idx, card, max(0, (comp.value or 0) - amount))
    if comp.value == 0:
        remove(match, idx, card, reason)
        return True
    return False
