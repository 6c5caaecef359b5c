"""Move resolutions (spec crawl.md section 4.5): hit, block, attack, bash, drink, collect, equip,
store, sell and use, and the Deflect that a hit may become (4.7).

Each function resolves one accepted move whose legality and kind `moves.judge_move` decided
(the `MoveOrder` intent on the moved card), in the order the spec lists its steps, through
engine commands; `RESOLUTIONS` maps each kind to its function, for the `play` step's
`ResolveMove` system.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.components.crawl import MoveOrder
from game.engine.commands import update
from game.systems.crawl import hero
from game.systems.crawl.commands import CardMove, leave_game, lower_value, move_card, set_value
from game.systems.crawl.world import card_of, ident_of, piles

if TYPE_CHECKING:
    from game.engine.match import Match

SELLABLE = frozenset({"spell", "shield", "potion"})


def price(card_type: str, value: int | None) -> int:
    """What the chest pays (4.5.9): spells, shields and potions their value, the rest 0."""
    return (value or 0) if card_type in SELLABLE else 0


def hit(match: Match, enemy: int, order: MoveOrder) -> None:
    """An enemy dropped on the hero (4.5.1): its blow, whose triggers may turn it into a
    Deflect; otherwise it leaves the game and the hero takes its value."""
    hero.damage(match, card_of(enemy).value or 0, "hit", source=enemy)


def deflect(match: Match, enemy: int | None, amount: int) -> None:
    """Deflect resolution (4.7, from the `redirect` trigger): the enemy stays; a random other
    valued board card loses `amount`."""
    rows = piles(match)
    targets = [slot for slot in range(4)
               if rows[slot].pile.cards and rows[slot].pile.cards[0] != enemy
               and card_of(rows[slot].pile.cards[0]).type != "ability"]
    enemy_id = ident_of(enemy) if enemy is not None else None
    if not targets:
        match.emit("deflected", enemy=enemy_id, target=None)
        return
    slot = match.stream("dungeon").choice(targets)  # a forced value is the target's slot
    target = rows[slot].pile.cards[0]
    match.emit("deflected", enemy=enemy_id, target=ident_of(target))
    lower_value(match, target, amount, "deflected")


def block(match: Match, enemy: int, order: MoveOrder) -> None:
    """An enemy dropped on a shield (4.5.2): the shield absorbs; a broken one lets the excess
    through to the hero."""
    shield = order.target
    enemy_value = card_of(enemy).value or 0
    shield_value = card_of(shield).value or 0
    left = shield_value - enemy_value
    if match.events.enabled:
        match.emit("shield_absorbed", id=ident_of(shield), amount=min(enemy_value, shield_value))
    set_value(match, shield, max(0, left))
    leave_game(match, enemy, "blocked")
    if left <= 0:
        leave_game(match, shield, "broken")
        hero.damage(match, -left, "excess", source=enemy)


def attack(match: Match, weapon: int, order: MoveOrder) -> None:
    """An equipped spell dropped on a board enemy (4.5.3): it is used up, unless a mark keeps
    it (Pyroclasm's `keep_card` trigger)."""
    lower_value(match, order.target, card_of(weapon).value or 0, "killed")
    leave_game(match, weapon, "used_up")


def bash(match: Match, weapon: int, order: MoveOrder) -> None:
    """An equipped shield with a mark that allows bash, on a board enemy (4.5.4): neither used
    up nor worn down."""
    lower_value(match, order.target, card_of(weapon).value or 0, "killed")


def drink(match: Match, potion: int, order: MoveOrder) -> None:
    """A potion into an empty hand (4.5.5): it stays there, spent, until the next draw."""
    CardMove(potion, order.dest).run(match)
    drink_in_place(match, potion)


def drink_in_place(match: Match, potion: int) -> None:
    comp = card_of(potion)
    healed = hero.heal(match, comp.value or 0)
    set_value(match, potion, (comp.value or 0) - healed)
    update(comp, spent=True).target(potion).run(match)


def collect(match: Match, gold_card: int, order: MoveOrder) -> None:
    """A gold card into an empty hand or the empty backpack (4.5.6), collected on entry."""
    CardMove(gold_card, order.dest).run(match)
    collect_in_place(match, gold_card, "collect")


def collect_in_place(match: Match, gold_card: int, source: str) -> None:
    comp = card_of(gold_card)
    hero.gain_gold(match, comp.value or 0, source)
    set_value(match, gold_card, 0)
    update(comp, spent=True).target(gold_card).run(match)


def equip(match: Match, card: int, order: MoveOrder) -> None:
    """A spell, shield or ability into an empty hand (4.5.7)."""
    CardMove(card, order.dest).run(match)


def store(match: Match, card: int, order: MoveOrder) -> None:
    """A spell, shield, potion or ability into the empty backpack (4.5.8); potions keep."""
    move_card(match, card, "backpack")


def sell(match: Match, card: int, order: MoveOrder) -> None:
    """A card dropped on the chest (4.5.9) leaves the game; gold += its price (maybe 0)."""
    comp = card_of(card)
    paid = price(comp.type, comp.value)
    leave_game(match, card, "sold")
    hero.gain_gold(match, paid, "sell")


def use(match: Match, card: int, order: MoveOrder) -> None:
    """An equipped ability dropped on the hero or on a card (4.7)."""
    from game.systems.crawl.abilities import use_ability  # abilities create potions and gold

    use_ability(match, card, order.target or None)


RESOLUTIONS: dict[str, Callable[[Match, int, MoveOrder], None]] = {
    "hit": hit, "block": block, "attack": attack, "bash": bash, "drink": drink,
    "collect": collect, "equip": equip, "store": store, "sell": sell, "use": use,
}
