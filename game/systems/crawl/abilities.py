"""Ability effects (spec crawl.md sections 3.2 and 4.7), registered by name.

`abilities.toml` gives each ability an `effect` and its parameters; this module registers the
effect functions those names refer to, each with a pydantic model of its parameters, in the
engine's `EffectRegistry` (docs/modding.md). Loading validates names and parameters against it,
so a mod composes only these effects and never runs code of its own. Nothing here switches on
an ability id: an ability behaves as its effect and parameters say. Every change is an engine
command (game.systems.crawl.commands).

Each effect declares where its card is dropped (`kind`: the hero or a target card), for target
effects the places it may reach ("anywhere" = the board, the other hand or the backpack; or the
board only) and its own condition with its rejection id (5.2 step 10), its resolution, and,
for `set_hero_flag` and `mark_card`, which status kinds of `statuses.toml` its parameter may
name (a hero effect or a card mark).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import esper
from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.components.common import Health
from game.engine.commands import add_status, update
from game.engine.effects import EffectRegistry
from game.systems.crawl import hero
from game.systems.crawl.commands import (
    CardMove,
    leave_game,
    lower_value,
    move_card,
    set_value,
)
from game.systems.crawl.world import (
    board_cards,
    card_of,
    content,
    deck,
    ident_of,
    location,
    pile_entity,
)
from game.systems.crawl.world import hero as hero_row

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.table import CardView, Table

CardTypeName = Literal["enemy", "spell", "shield", "potion", "gold", "ability"]
ANYWHERE = frozenset({"board", "hand", "backpack"})
BOARD_ONLY = frozenset({"board"})

EFFECTS = EffectRegistry("crawl")


@dataclass(frozen=True)
class CrawlEffect:
    """How an effect is targeted and resolved.

    `resolve(match, params, ability_card, target)` applies it (`target` is None for hero
    effects). `consumes` is False for effects whose card turns into what they create.
    `status` names the parameter that names a status kind of `statuses.toml`, and the holder
    it must have ("hero" or "card").
    """

    kind: str
    resolve: Callable[..., None]
    places: frozenset[str] = frozenset()
    condition: Callable[[Table, Any, Any], str | None] | None = None
    consumes: bool = True
    status: tuple[str, str] | None = None

    def __call__(self, match: Match, params: Any, card: int, target: int | None) -> None:
        self.resolve(match, params, card, target)

    def target_error(self, table: Table, params: Any, place: str,
                     card: CardView) -> str | None:
        """The rejection id of using this effect on `card` in `place` (board | hand |
        backpack), or None when the use is legal (5.2 step 10)."""
        if place not in self.places:
            return "invalid_target"
        types = getattr(params, "types", None)
        if types is not None and card.type not in types:
            return "invalid_target"
        return self.condition(table, params, card) if self.condition else None


MAX_VALUE = 99  # the highest value a card (printed, created or amplified) may have
STATUS_ID = Field(min_length=1, max_length=40)


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _register(name: str, params: type[BaseModel], effect: CrawlEffect) -> None:
    EFFECTS.register(name, params)(effect)


def effect_of(name: str) -> CrawlEffect:
    return EFFECTS.get(name).fn  # type: ignore[return-value]


def _status(match: Match, status_id: str) -> Any:
    return content(match).statuses.by_id[status_id]


# -- set_hero_flag: Revive, Deflect, Capitalize (a hero effect of statuses.toml) ------------
class SetHeroFlag(Params):
    flag: str = STATUS_ID


def _set_hero_flag(match: Match, p: SetHeroFlag, card: int, target: None) -> None:
    kind = _status(match, p.flag)  # again while held: legal, nothing more
    add_status(kind.component(1), kind.id).target(hero_row(match).entity).run(match)


_register("set_hero_flag", SetHeroFlag,
          CrawlEffect("hero", _set_hero_flag, status=("flag", "hero")))


# -- mark_card: Pyroclasm, Shield Bash (a card mark of statuses.toml) ----------------------
class MarkCard(Params):
    mark: str = STATUS_ID
    types: list[CardTypeName]


def _unmarked(table: Table, p: MarkCard, card: CardView) -> str | None:
    return "invalid_target" if p.mark in card.marks else None


def _mark_card(match: Match, p: MarkCard, card: int, target: int) -> None:
    kind = _status(match, p.mark)
    add_status(kind.component(1), kind.id).target(target).run(match)


_register("mark_card", MarkCard,
          CrawlEffect("target", _mark_card, ANYWHERE, _unmarked, status=("mark", "card")))


# -- return_to_deck: Banish ----------------------------------------------------------------
class ReturnToDeck(Params):
    position: Literal["random", "top", "bottom"] = "random"
    types: list[CardTypeName] = ["enemy"]


def _return_to_deck(match: Match, p: ReturnToDeck, card: int, target: int) -> None:
    size = len(deck(match).cards)
    if p.position == "random":
        position = match.stream("dungeon").randint(0, size)  # size: the bottom
    else:
        position = 0 if p.position == "top" else size
    # keeps value and initial_value (and marks): wounds stay
    move_card(match, target, "deck", "return", position)


_register("return_to_deck", ReturnToDeck, CrawlEffect("target", _return_to_deck, BOARD_ONLY))


# -- create_card: Life, Galvanize ----------------------------------------------------------
class CreateCard(Params):
    type: Literal["potion", "gold"]
    min: int | None = Field(default=None, ge=0, le=MAX_VALUE)
    max: int | None = Field(default=None, ge=0, le=MAX_VALUE)
    name: str | None = None

    @model_validator(mode="after")
    def _range(self) -> CreateCard:
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self


CREATED_NAMES = {"potion": "Potion of Life", "gold": "Galvanized Gold"}


def _create_card(match: Match, p: CreateCard, card: int, target: None) -> None:
    from game.systems.crawl.resolve import collect_in_place, drink_in_place

    value = match.stream("dungeon").randint(p.min or 0, p.max or 0)
    update(card_of(card), type=p.type, value=value, initial_value=value, ability=None,
           name=p.name or CREATED_NAMES[p.type]).target(card).run(match)
    if p.type == "potion":
        drink_in_place(match, card)
    else:
        collect_in_place(match, card, "galvanize")


_register("create_card", CreateCard, CrawlEffect("hero", _create_card, consumes=False))


# -- add_value: Amplify --------------------------------------------------------------------
class AddValue(Params):
    amount: int | None = Field(default=None, ge=0, le=MAX_VALUE)
    cap: int | None = Field(default=None, ge=1, le=MAX_VALUE)
    types: list[CardTypeName] = ["spell", "shield"]


def _add_value(match: Match, p: AddValue, card: int, target: int) -> None:
    value = card_of(target).value or 0
    cap = p.cap or 0
    if value < cap:  # a value already at the cap or above is unchanged
        set_value(match, target, min(cap, value + (p.amount or 0)))


_register("add_value", AddValue, CrawlEffect("target", _add_value, ANYWHERE))


# -- lower_value: a weaken or a drain (no base ability; docs/modding.md) -------------------
class LowerValue(Params):
    amount: int = Field(ge=1, le=MAX_VALUE)
    types: list[CardTypeName] = ["enemy"]
    heal: bool = False  # the hero heals what the target lost (a drain)


def _lower_value(match: Match, p: LowerValue, card: int, target: int) -> None:
    before = card_of(target).value or 0
    lower_value(match, target, p.amount, "killed")
    if p.heal:
        hero.heal(match, before - (card_of(target).value or 0))


_register("lower_value", LowerValue, CrawlEffect("target", _lower_value, ANYWHERE))


# -- shuffle_values: Chaos -----------------------------------------------------------------
class ShuffleValues(Params):
    include_hp: bool = True


def _shuffle_values(match: Match, p: ShuffleValues, card: int, target: None) -> None:
    valued = [c for _, c in board_cards(match) if card_of(c).type != "ability"]
    values = [card_of(c).value for c in valued]
    health = esper.component_for_entity(hero_row(match).entity, Health)
    if p.include_hp:
        values.append(health.hp)
    shuffled = match.stream("dungeon").shuffle(values)  # forced: the whole permuted list
    for entity, value in zip(valued, shuffled, strict=False):
        set_value(match, entity, value)
    if p.include_hp:  # not damage, not healing: no event, no trigger
        update(health, hp=min(health.max_hp, shuffled[-1])).target(
            hero_row(match).entity).run(match)


_register("shuffle_values", ShuffleValues, CrawlEffect("hero", _shuffle_values))


# -- move_to_backpack: Collect -------------------------------------------------------------
class MoveToBackpack(Params):
    types: list[CardTypeName] | None = None


def _backpack_empty(table: Table, p: Any, card: CardView) -> str | None:
    return "backpack_full" if table.backpack is not None else None


def _move_to_backpack(match: Match, p: MoveToBackpack, card: int, target: int) -> None:
    from game.systems.crawl.resolve import collect_in_place

    move_card(match, target, "backpack")
    if card_of(target).type == "gold":
        collect_in_place(match, target, "collect")  # spent in the backpack


_register("move_to_backpack", MoveToBackpack,
          CrawlEffect("target", _move_to_backpack, BOARD_ONLY, _backpack_empty))


# -- swap_with_top: Swap -------------------------------------------------------------------
class SwapWithTop(Params):
    types: list[CardTypeName] | None = None


def _deck_not_empty(table: Table, p: Any, card: CardView) -> str | None:
    return "deck_empty" if table.deck_count == 0 else None


def _swap_with_top(match: Match, p: SwapWithTop, card: int, target: int) -> None:
    slot = location(target)
    cards = deck(match).cards
    assert slot is not None and cards
    top = cards[0]
    move_card(match, target, "deck", "swap")  # the bottom, values kept; not a draw: no cleanup
    CardMove(top, pile_entity(match, slot), None, "swap").run(match)
    match.emit("card_swapped", out=ident_of(target), **{"in": ident_of(top)})


_register("swap_with_top", SwapWithTop,
          CrawlEffect("target", _swap_with_top, BOARD_ONLY, _deck_not_empty))


# -- clear_board: Doomed -------------------------------------------------------------------
class ClearBoard(Params):
    pass


def _clear_board(match: Match, p: ClearBoard, card: int, target: None) -> None:
    for _, entity in board_cards(match):
        leave_game(match, entity, "doomed")


_register("clear_board", ClearBoard, CrawlEffect("hero", _clear_board))


# -- remove_wounded: Gangrene --------------------------------------------------------------
class RemoveWounded(Params):
    types: list[CardTypeName] = ["enemy"]


def _wounded(table: Table, p: Any, card: CardView) -> str | None:
    wounded = card.value is not None and card.initial_value is not None and (
        card.value < card.initial_value)
    return None if wounded else "not_wounded"


def _remove_wounded(match: Match, p: RemoveWounded, card: int, target: int) -> None:
    leave_game(match, target, "gangrene")


_register("remove_wounded", RemoveWounded,
          CrawlEffect("target", _remove_wounded, BOARD_ONLY, _wounded))


# -- using an ability ----------------------------------------------------------------------
def use_ability(match: Match, card: int, target: int | None) -> None:
    """Resolve an equipped ability card dropped on the hero (`target` None) or on a card.

    The card then leaves the game (freeing its hand), unless its effect turned it into the
    card it creates (4.7).
    """
    ability = content(match).abilities[card_of(card).ability or ""]
    if match.events.enabled:
        match.emit("ability_used", ability=ability.id,
                   target=ident_of(target) if target is not None else "hero")
    ability.impl(match, ability.params, card, target)
    if ability.impl.consumes:
        leave_game(match, card, "ability_used")
