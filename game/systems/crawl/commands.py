"""Card Crawl's commands and its one table of events (spec crawl.md 4.14, docs/crawl.md
"Decisions where the spec is silent" 1 and 2).

Every change of a crawl world is an engine command. Crawl adds subclasses only for the fields
its events need; each keeps its engine command's name, so its hook points are the engine's
(`before:damage`, `after:move_card`...), but for `LeaveGame`:

- `CardMove` (a `MoveCard`): a card goes from one zone pile to another; `why` says what the
  spec calls it: "move" (`card_moved`), "draw" (`card_drawn`), "return" (back into the deck:
  `card_returned_to_deck`), "swap" (a Swap's two moves: the system tells `card_swapped`);
- `LeaveGame` (a `MoveCard` to no pile, its own command `leave_game`): a card leaves the
  game (4.1), `removed` + 1, `card_removed` with its `reason`;
- `SetValue` (an `Update` of a card's value): `value_changed`;
- `GainGold` (an `Update` of the hero's gold): `gold_gained` with its `source`;
- `HeroDamage` (a `Damage` of the hero's `Health`): `hero_damaged` with the nominal amount (the
  amount asked, whatever a revive left of it), then `revive_triggered` when a `survive`
  trigger saved the hero;
- the engine's `Heal` of the hero: `hero_healed`.

Other commands (a card transformed by Life or Galvanize, Chaos writing the HP, a status added
or removed, an intent attached, a counter updated) emit nothing: the spec has no event for
them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.components.common import Ident, Pile
from game.components.crawl import CrawlCard, Hero, Run
from game.engine.commands import Damage, Heal, Update
from game.engine.piles import MoveCard
from game.systems.crawl.world import RUN, pile_entity

if TYPE_CHECKING:
    from game.engine.match import Match


def _ident(entity: int) -> str:
    return esper.component_for_entity(entity, Ident).id


def _pile_name(pile: int) -> str | None:
    return esper.component_for_entity(pile, Pile).name if pile else None


class CardMove(MoveCard):
    """A card moves into a zone pile (see the module docstring for `why`); `slot` is the
    board slot of a draw."""

    __slots__ = ("why", "slot")

    def __init__(self, card: int, pile: int, index: int | None = None, why: str = "move",
                 slot: int = -1) -> None:
        # Every field set here, no base __init__ call: a search moves thousands of cards.
        self.source_id, self.cancelled, self.origin = None, False, 0
        self.card = self.target_id = card  # a card's mark reacts when its card is moved
        self.dest, self.index, self.why, self.slot = pile, index, why, slot


class LeaveGame(MoveCard):
    """A card leaves the game (4.1): out of every pile, `removed` + 1. Its entity stays (no
    entity is created or deleted after the deal, so a CPU's rollbacks stay cheap). Its own
    hook points, `before:leave_game` and `after:leave_game`, are where a card's mark reacts to
    its card leaving (Pyroclasm keeps a spell that would be used up); a plain move between
    zones fires none."""

    name = "leave_game"
    __slots__ = ("reason", "run_counters")

    def __init__(self, card: int, reason: str, run: Run) -> None:
        self.source_id, self.cancelled, self.origin, self.dest, self.index = (
            None, False, 0, 0, None)
        self.card = self.target_id = card
        self.reason, self.run_counters = reason, run

    def apply(self, match: Match) -> None:
        MoveCard.apply(self, match)  # the base named: no super object for every card leaving
        match.journal.set_field(self.run_counters, "removed", self.run_counters.removed + 1)


class SetValue(Update):
    """A card's value changes (the caller runs it only when the value really changes)."""

    __slots__ = ("old",)

    def __init__(self, card: int, comp: CrawlCard, value: int | None) -> None:
        self.source_id, self.cancelled, self.target_id = None, False, card
        self.component, self.fields = comp, {"value": value}
        self.old = comp.value

    def apply(self, match: Match) -> None:  # one field: no keywords to build
        match.journal.set_field(self.component, "value", self.fields["value"])


class GainGold(Update):
    """The hero's gold grows by `amount` > 0 (collect, sell, capitalize, galvanize, win_bonus)."""

    __slots__ = ("amount", "cause")

    def __init__(self, hero: int, comp: Hero, amount: int, cause: str) -> None:
        self.source_id, self.cancelled, self.target_id = None, False, hero
        self.component, self.fields = comp, {"gold": comp.gold + amount}
        self.amount, self.cause = amount, cause

    def apply(self, match: Match) -> None:  # one field: no keywords to build
        match.journal.set_field(self.component, "gold", self.fields["gold"])


class HeroDamage(Damage):
    """Damage d > 0 to the hero (4.6) from a hit, a shield's excess or a rebuy: `nominal` is d
    as asked (the event's amount and what Capitalize pays), `base` what the triggers leave of
    it. A hit's enemy is the `source`, and `spends_source` makes it leave the game once every
    trigger had its say (game.systems.crawl.hero)."""

    __slots__ = ("nominal", "spends_source")

    def __init__(self, amount: int, cause: str, source: int | None = None,
                 spends_source: bool = False) -> None:
        super().__init__(amount, cause)
        self.hook = None  # crawl damage has no modifier layers: the amount is exact
        self.nominal = amount
        self.spends_source = spends_source
        self.source_id = source


# -- the spec's events, from the commands' fields ----------------------------------------------
def _card_moved(match: Match, command: CardMove) -> None:
    why = command.why
    if why == "move":
        match.emit("card_moved", id=_ident(command.card),
                   **{"from": _pile_name(command.origin)}, to=_pile_name(command.dest))
    elif why == "draw":
        match.emit("card_drawn", id=_ident(command.card), slot=command.slot)
    elif why == "return":
        match.emit("card_returned_to_deck", id=_ident(command.card))  # never the position


def _card_removed(match: Match, command: LeaveGame) -> None:
    match.emit("card_removed", id=_ident(command.card), reason=command.reason)


def _value_changed(match: Match, command: SetValue) -> None:
    match.emit("value_changed", id=_ident(command.target_id), **{"from": command.old},
               to=command.fields["value"])


def _gold_gained(match: Match, command: GainGold) -> None:
    match.emit("gold_gained", amount=command.amount, source=command.cause)


def _hero_damaged(match: Match, command: HeroDamage) -> None:
    match.emit("hero_damaged", amount=command.nominal, source=command.cause)
    if command.saved is not None:
        match.emit("revive_triggered")


def _hero_healed(match: Match, command: Heal) -> None:
    match.emit("hero_healed", amount=command.amount)


EVENTS: dict[type, Any] = {CardMove: _card_moved, LeaveGame: _card_removed,
                           SetValue: _value_changed, GainGold: _gold_gained,
                           HeroDamage: _hero_damaged, Heal: _hero_healed}


# -- the helpers the rules run them through ----------------------------------------------------
def move_card(match: Match, card: int, pile: str, why: str = "move", index: int | None = None,
              slot: int = -1) -> None:
    """The card into the pile named `pile` at `index` (None: the end, the deck's bottom)."""
    CardMove(card, pile_entity(match, pile), index, why, slot).run(match)


def leave_game(match: Match, card: int, reason: str) -> bool:
    """The card leaves the game (4.1); False when a mark kept it (Pyroclasm)."""
    return not LeaveGame(card, reason, RUN.first(match).run).run(match).cancelled


def set_value(match: Match, card: int, value: int | None) -> None:
    """Change a card's value, with `value_changed`, when it really changes."""
    comp = esper.component_for_entity(card, CrawlCard)
    if comp.value != value:
        SetValue(card, comp, value).run(match)


def lower_value(match: Match, card: int, amount: int, reason: str) -> bool:
    """`value = max(0, value - amount)`; at 0 the card leaves the game. True if it left."""
    comp = esper.component_for_entity(card, CrawlCard)
    set_value(match, card, max(0, (comp.value or 0) - amount))
    if comp.value == 0:
        return leave_game(match, card, reason)
    return False
