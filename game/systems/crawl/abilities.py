"""Ability effects (spec crawl.md sections 3.2 and 4.7), registered by name.

`abilities.toml` gives each ability an `effect` and its parameters; this module registers the
ten effect functions those names refer to, each with a pydantic model of its parameters, in the
engine's `EffectRegistry` (docs/modding.md). Loading validates names and parameters against it,
so a mod composes only these effects and never runs code of its own. Nothing here switches on
an ability id: an ability behaves as its effect and parameters say.

Each effect declares where its card is dropped (`kind`: the hero or a target card), for target
effects the places it may reach ("anywhere" = the board, the other hand or the backpack; or the
board only) and its own condition with its rejection id (5.2 step 10), and its resolution.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.engine.effects import EffectRegistry
from game.systems.crawl import resolve
from game.systems.crawl.zones import card_in, location, move, put, remove, set_value

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.table import Table
    from game.systems.crawl.zones import Index

CardTypeName = Literal["enemy", "spell", "shield", "potion", "gold", "ability"]
HERO_FLAGS = ("can_revive", "reflect_damage", "bleed")
ANYWHERE = frozenset({"board", "hand", "backpack"})
BOARD_ONLY = frozenset({"board"})

EFFECTS = EffectRegistry("crawl")


@dataclass(frozen=True)
class CrawlEffect:
    """How an effect is targeted and resolved.

    `resolve(match, idx, params, ability_card, target)` applies it (`target` is None for hero
    effects). `consumes` is False for effects whose card turns into what they create.
    """

    kind: str
    resolve: Callable[..., None]
    places: frozenset[str] = frozenset()
    condition: Callable[[Table, Any, Any], str | None] | None = None
    consumes: bool = True

    def __call__(self, match: Match, idx: Index, params: Any, card: int,
                 target: int | None) -> None:
        self.resolve(match, idx, params, card, target)

    def target_error(self, table: Table, params: Any, place: str, card: Any) -> str | None:
        """The rejection id of using this effect on `card` in `place` (board | hand |
        backpack), or None when the use is legal (5.2 step 10)."""
        if place not in self.places:
            return "invalid_target"
        types = getattr(params, "types", None)
        if types is not None and card.type not in types:
            return "invalid_target"
        return self.condition(table, params, card) if self.condition else None


MAX_VALUE = 99  # the highest value a card (printed, created or amplified) may have


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _register(name: str, params: type[BaseModel], effect: CrawlEffect) -> None:
    EFFECTS.register(name, params)(effect)


def effect_of(name: str) -> CrawlEffect:
    return EFFECTS.get(name).fn  # type: ignore[return-value]


# -- set_hero_flag: Revive, Deflect, Capitalize --------------------------------------------
class SetHeroFlag(Params):
    flag: Literal["can_revive", "reflect_damage", "bleed"]


def _set_hero_flag(match: Match, idx: Index, p: SetHeroFlag, card: int, target: None) -> None:
    match.journal.set(idx.hero, **{p.flag: True})  # again while set: legal, nothing more


_register("set_hero_flag", SetHeroFlag, CrawlEffect("hero", _set_hero_flag))


# -- mark_card: Pyroclasm, Shield Bash -----------------------------------------------------
class MarkCard(Params):
    mark: Literal["pyro", "bash"]
    types: list[CardTypeName]


def _unmarked(table: Table, p: MarkCard, card: Any) -> str | None:
    return "invalid_target" if getattr(card, p.mark) else None


def _mark_card(match: Match, idx: Index, p: MarkCard, card: int, target: int) -> None:
    match.journal.set(idx.card[target], **{p.mark: True})


_register("mark_card", MarkCard, CrawlEffect("target", _mark_card, ANYWHERE, _unmarked))


# -- return_to_deck: Banish ----------------------------------------------------------------
class ReturnToDeck(Params):
    position: Literal["random", "top", "bottom"] = "random"
    types: list[CardTypeName] = ["enemy"]


def _return_to_deck(match: Match, idx: Index, p: ReturnToDeck, card: int, target: int) -> None:
    size = len(idx.deck.cards)
    if p.position == "random":
        position = match.stream("dungeon").randint(0, size)  # size: the bottom
    else:
        position = 0 if p.position == "top" else size
    put(match, idx, target, "deck", position)  # keeps value and initial_value: wounds stay
    match.emit("card_returned_to_deck", id=idx.ident[target])


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


def _create_card(match: Match, idx: Index, p: CreateCard, card: int, target: None) -> None:
    value = match.stream("dungeon").randint(p.min or 0, p.max or 0)
    comp = idx.card[card]
    match.journal.set(comp, type=p.type, value=value, initial_value=value, ability=None,
                      name=p.name or CREATED_NAMES[p.type])
    if p.type == "potion":
        resolve.drink_in_place(match, idx, card)
    else:
        resolve.collect_in_place(match, idx, card, "galvanize")


_register("create_card", CreateCard, CrawlEffect("hero", _create_card, consumes=False))


# -- add_value: Amplify --------------------------------------------------------------------
class AddValue(Params):
    amount: int | None = Field(default=None, ge=0, le=MAX_VALUE)
    cap: int | None = Field(default=None, ge=1, le=MAX_VALUE)
    types: list[CardTypeName] = ["spell", "shield"]


def _add_value(match: Match, idx: Index, p: AddValue, card: int, target: int) -> None:
    value = idx.card[target].value or 0
    cap = p.cap or 0
    if value < cap:  # a value already at the cap or above is unchanged
        set_value(match, idx, target, min(cap, value + (p.amount or 0)))


_register("add_value", AddValue, CrawlEffect("target", _add_value, ANYWHERE))


# -- shuffle_values: Chaos -----------------------------------------------------------------
class ShuffleValues(Params):
    include_hp: bool = True


def _shuffle_values(match: Match, idx: Index, p: ShuffleValues, card: int, target: None) -> None:
    cards = idx.card
    valued = [pile.cards[0] for pile in idx.slots
              if pile.cards and cards[pile.cards[0]].type != "ability"]
    values = [cards[c].value for c in valued]
    if p.include_hp:
        values.append(idx.hero.hp)
    shuffled = match.stream("dungeon").shuffle(values)  # forced: the whole permuted list
    for entity, value in zip(valued, shuffled, strict=False):
        set_value(match, idx, entity, value)
    if p.include_hp:
        hero = idx.hero
        match.journal.set(hero, hp=min(hero.max_hp, shuffled[-1]))  # not damage, not healing


_register("shuffle_values", ShuffleValues, CrawlEffect("hero", _shuffle_values))


# -- move_to_backpack: Collect -------------------------------------------------------------
class MoveToBackpack(Params):
    types: list[CardTypeName] | None = None


def _backpack_empty(table: Table, p: Any, card: Any) -> str | None:
    return "backpack_full" if table.backpack is not None else None


def _move_to_backpack(match: Match, idx: Index, p: MoveToBackpack, card: int, target: int) -> None:
    move(match, idx, target, "backpack")
    if idx.card[target].type == "gold":
        resolve.collect_in_place(match, idx, target, "collect")  # spent in the backpack


_register("move_to_backpack", MoveToBackpack,
          CrawlEffect("target", _move_to_backpack, BOARD_ONLY, _backpack_empty))


# -- swap_with_top: Swap -------------------------------------------------------------------
class SwapWithTop(Params):
    types: list[CardTypeName] | None = None


def _deck_not_empty(table: Table, p: Any, card: Any) -> str | None:
    return "deck_empty" if table.deck_count == 0 else None


def _swap_with_top(match: Match, idx: Index, p: SwapWithTop, card: int, target: int) -> None:
    slot = location(idx, target)
    top = card_in(idx.deck)
    assert slot is not None and top is not None
    put(match, idx, target, "deck")  # the bottom, values kept; not a draw: no cleanup
    put(match, idx, top, slot)
    match.emit("card_swapped", out=idx.ident[target], **{"in": idx.ident[top]})


_register("swap_with_top", SwapWithTop,
          CrawlEffect("target", _swap_with_top, BOARD_ONLY, _deck_not_empty))


# -- clear_board: Doomed -------------------------------------------------------------------
class ClearBoard(Params):
    pass


def _clear_board(match: Match, idx: Index, p: ClearBoard, card: int, target: None) -> None:
    for pile in idx.slots:
        if pile.cards:
            remove(match, idx, pile.cards[0], "doomed")


_register("clear_board", ClearBoard, CrawlEffect("hero", _clear_board))


# -- remove_wounded: Gangrene --------------------------------------------------------------
class RemoveWounded(Params):
    types: list[CardTypeName] = ["enemy"]


def _wounded(table: Table, p: Any, card: Any) -> str | None:
    wounded = card.value is not None and card.initial_value is not None and (
        card.value < card.initial_value)
    return None if wounded else "not_wounded"


def _remove_wounded(match: Match, idx: Index, p: RemoveWounded, card: int, target: int) -> None:
    remove(match, idx, target, "gangrene")


_register("remove_wounded", RemoveWounded,
          CrawlEffect("target", _remove_wounded, BOARD_ONLY, _wounded))


# -- using an ability ----------------------------------------------------------------------
def use_ability(match: Match, idx: Index, card: int, target: int | None) -> None:
    """Resolve an equipped ability card dropped on the hero (`target` None) or on a card.

    The card then leaves the game (freeing its hand), unless its effect turned it into the
    card it creates (4.7).
    """
    ability = idx.content.abilities[idx.card[card].ability or ""]
    match.emit("ability_used", ability=ability.id,
               target=idx.ident[target] if target is not None else "hero")
    ability.impl(match, idx, ability.params, card, target)
    if ability.impl.consumes:
        remove(match, idx, card, "ability_used")
