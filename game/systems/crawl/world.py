"""Queries of a crawl world (spec crawl.md section 4.1, docs/crawl.md "Entities"), the small
readers the rules share, and the builders a deal or a setup uses.

The four board slots, the two hands and the backpack are engine piles of capacity 1 named
`board.0` ... `board.3`, `left_hand`, `right_hand` and `backpack`; the deck is the pile `deck`
(top first). The hero and the chest are not containers. A card that leaves the game leaves every
pile (its `InPile.pile` becomes 0) and bumps `Run.removed`; its entity stays, so no entity is
created or deleted after the deal (a CPU's rollbacks stay cheap).

Everything is read through the engine's query layer (game.engine.query): named rows, cached per
world until a component type they read is added or removed, so the piles, the hero and the run
are found without a search; there is no other index. Callers must not mutate the lists they get.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import esper

from game.components.common import Health, Ident, InPile, Pile
from game.components.crawl import CrawlCard, Hero, LastValue, Run
from game.engine import ecs
from game.engine.piles import create_pile
from game.engine.query import Query
from game.systems.crawl.table import NO_MARKS, SLOTS, CardView, Table

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.content import Content

BOARD_PILES = tuple(f"board.{slot}" for slot in range(SLOTS))
SINGLE_PILES = (*BOARD_PILES, "left_hand", "right_hand", "backpack")
PILE_NAMES = (*SINGLE_PILES, "deck")
PILE_ORDER = {name: i for i, name in enumerate(PILE_NAMES)}
# Positions of the zone piles in `piles(match)`.
LEFT, RIGHT, BACKPACK, DECK = 4, 5, 6, 7
ZONE_INDEX = {"left_hand": LEFT, "right_hand": RIGHT, "backpack": BACKPACK}

PILES = Query("crawl_pile", pile=Pile, ident=Ident,
              order=lambda r: PILE_ORDER.get(r.pile.name, len(PILE_ORDER)),
              key=lambda r: r.pile.name)
CARDS = Query("crawl_card", ident=Ident, card=CrawlCard, key=lambda r: r.entity)
CARD_IDS = Query("crawl_card_id", ident=Ident, card=CrawlCard, key=lambda r: r.ident.id)
HERO = Query("crawl_hero", hero=Hero, health=Health)
RUN = Query("crawl_run", ident=Ident, run=Run)


# -- reading -------------------------------------------------------------------------------
def content(match: Match) -> Content:
    return match.rules.content  # type: ignore[attr-defined, no-any-return]


# The zone piles' rows (entity, pile, ident) in PILE_NAMES order: [0:4] the board slots, then
# LEFT, RIGHT, BACKPACK and DECK. The readers below are the queries' own calls (no wrapper:
# the rules read them on every decision of a search).
piles = PILES.__call__


def pile_entity(match: Match, name: str) -> int:
    return PILES.get(match, name).entity  # type: ignore[no-any-return]


hero = HERO.first  # the hero's row: entity, hero (gold), health


def run(match: Match) -> Run:
    return RUN.first(match).run  # type: ignore[no-any-return]


def run_entity(match: Match) -> int:
    return RUN.first(match).entity  # type: ignore[no-any-return]  # the intents' entity


def card_entity(match: Match, card_id: str) -> int | None:
    """The entity of the card with this stable id (on the table, in the deck or gone)."""
    row = CARD_IDS.get(match, card_id)
    return row.entity if row is not None else None


def card_of(entity: int) -> CrawlCard:
    return esper.component_for_entity(entity, CrawlCard)


def ident_of(entity: int) -> str:
    return esper.component_for_entity(entity, Ident).id


def card_in(pile: Pile) -> int | None:
    """The card of a capacity-1 pile (or the top of the deck), None when empty."""
    cards = pile.cards
    return cards[0] if cards else None


def location(card: int) -> str | None:
    """The pile name a card is in, None once it has left the game."""
    pile = esper.component_for_entity(card, InPile).pile
    return esper.component_for_entity(pile, Pile).name if pile else None


def zone_pile(match: Match, zone: str, index: int | None = None) -> Any:
    """The pile row of a decision's zone name (a board slot needs its index)."""
    rows = PILES(match)
    return rows[index] if zone == "board" else rows[ZONE_INDEX[zone]]  # type: ignore[index]


def board_cards(match: Match) -> list[tuple[int, int]]:
    """(slot, card entity) for every occupied slot, in slot order."""
    rows = PILES(match)
    return [(slot, rows[slot].pile.cards[0]) for slot in range(SLOTS) if rows[slot].pile.cards]


def board_count(match: Match) -> int:
    return on_board(PILES(match))


def on_board(rows: list[Any]) -> int:
    """How many cards the board slots of these pile rows hold."""
    return ((1 if rows[0].pile.cards else 0) + (1 if rows[1].pile.cards else 0)
            + (1 if rows[2].pile.cards else 0) + (1 if rows[3].pile.cards else 0))


def deck(match: Match) -> Pile:
    return PILES(match)[DECK].pile  # type: ignore[no-any-return]


def marks_of(match: Match, card: int) -> frozenset[str]:
    """The ids of the card marks the card holds (its status components), in no order."""
    comps = ecs.components_of(card)
    held = [kind.id for kind in content(match).statuses.card if kind.component in comps]
    return frozenset(held) if held else NO_MARKS


def effects_of(match: Match) -> frozenset[str]:
    """The ids of the one-shot effects the hero holds."""
    comps = ecs.components_of(hero(match).entity)
    return frozenset(kind.id for kind in content(match).statuses.hero
                     if kind.component in comps)


def table_of(match: Match) -> Table:
    """The `Table` picture of a live match, every zone read now (read-only; from any thread's
    call, a view's or a test's)."""
    with match.active():
        live = LiveTable(match)
        table = Table.__new__(Table)
        table.board = live.board
        table.left_hand, table.right_hand = live.left_hand, live.right_hand
        table.backpack = live.backpack
        table.hp, table.max_hp, table.gold = live.hp, live.max_hp, live.gold
        table.effects = live.effects
        table.deck_count, table.clear_counter = live.deck_count, live.clear_counter
        table.random_attack_used, table.phase = live.random_attack_used, live.phase
    return table


class LiveTable(Table):
    """The table of a match at this very position, read as the rules ask: a card's picture is
    made the first time its zone is looked at (a check reads two or three of the seven). Use it
    inside the match's active world, before the position changes (the rules' own checks and
    legal lists); `table_of` gives a picture to keep."""

    __slots__ = ("_match", "rows", "_seen")

    def __init__(self, match: Match) -> None:  # the base's fields are all read lazily
        self._match = match
        self.rows = PILES(match)  # the zone piles' rows it reads (the intent reads them too)
        self._seen: dict[int, CardView | None] = {}

    def _card(self, zone: int) -> CardView | None:
        seen = self._seen
        if zone in seen:
            return seen[zone]
        cards = self.rows[zone].pile.cards
        picture = None
        if cards:
            comps = ecs.components_of(cards[0])
            marks = NO_MARKS
            statuses = self._match.rules.content.statuses  # type: ignore[attr-defined]
            if not comps.keys().isdisjoint(statuses.mark_types):  # most hold no mark: one C call
                for mark, component in statuses.card_pairs:
                    if component in comps:
                        marks = marks | {mark}
            picture = CardView.of(comps[Ident].id, comps[CrawlCard], marks)
        seen[zone] = picture
        return picture

    def at(self, zone: str, index: int | None = None) -> CardView | None:
        if zone == "board":
            return self._card(index) if index is not None and 0 <= index < SLOTS else None
        found = ZONE_INDEX.get(zone)
        return self._card(found) if found is not None else None

    @property  # type: ignore[override]
    def board(self) -> list[CardView | None]:
        return [self._card(slot) for slot in range(SLOTS)]

    @property  # type: ignore[override]
    def left_hand(self) -> CardView | None:
        return self._card(LEFT)

    @property  # type: ignore[override]
    def right_hand(self) -> CardView | None:
        return self._card(RIGHT)

    @property  # type: ignore[override]
    def backpack(self) -> CardView | None:
        return self._card(BACKPACK)

    @property  # type: ignore[override]
    def hp(self) -> int:
        return hero(self._match).health.hp  # type: ignore[no-any-return]

    @property  # type: ignore[override]
    def max_hp(self) -> int:
        return hero(self._match).health.max_hp  # type: ignore[no-any-return]

    @property  # type: ignore[override]
    def gold(self) -> int:
        return hero(self._match).hero.gold  # type: ignore[no-any-return]

    @property  # type: ignore[override]
    def effects(self) -> frozenset[str]:
        return effects_of(self._match)

    @property  # type: ignore[override]
    def deck_count(self) -> int:
        return len(self.rows[DECK].pile.cards)

    @property  # type: ignore[override]
    def clear_counter(self) -> int:
        return run(self._match).clear_counter

    @property  # type: ignore[override]
    def random_attack_used(self) -> bool:
        return run(self._match).random_attack_used

    @property  # type: ignore[override]
    def phase(self) -> str:
        return self._match.state.phase

    def board_count(self) -> int:
        return on_board(self.rows)


# -- building (a deal or a setup: a position, with no hooks and no events) ------------------
def create_zones(match: Match, hero_parts: Iterable[Any], counters: Run) -> None:
    """The hero, the run and the zone piles of a new match (inside its active world)."""
    journal = match.journal
    journal.create(Ident("hero"), *hero_parts)
    journal.create(Ident("run"), counters)
    for name in PILE_NAMES:
        create_pile(match, name, owner=0, capacity=0 if name == "deck" else 1)


def add_card(match: Match, card_id: str, card: CrawlCard, marks: Iterable[Any] = (),
             pile: int = 0) -> int:
    """A new card entity with its mark components (a setup), for the pile it is about to
    fill (`fill_pile`: a card that already names its pile costs no change)."""
    return match.journal.create(*card_parts(card_id, card, marks, pile))


def card_parts(card_id: str, card: CrawlCard, marks: Iterable[Any] = (),
               pile: int = 0) -> tuple[Any, ...]:
    """The components of a new card entity (`add_card`; a deal creates its whole deck at
    once from these, `Journal.create_many`)."""
    return (Ident(card_id), card, LastValue(card.value), InPile(pile), *marks)
