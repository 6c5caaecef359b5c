"""Move resolutions (spec crawl.md section 4.5): hit, Deflect, block, attack, bash, drink,
collect, equip, store and sell.

Each function resolves one accepted move whose legality `moves.judge_move` has already decided,
in the order the spec lists its steps, emitting the events of 4.14 on the way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.systems.crawl import hero
from game.systems.crawl.zones import lower_value, move, remove, set_value

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.zones import Index

SELLABLE = frozenset({"spell", "shield", "potion"})


def price(card_type: str, value: int | None) -> int:
    """What the chest pays (4.5.9): spells, shields and potions their value, the rest 0."""
    return (value or 0) if card_type in SELLABLE else 0


def hit(match: Match, idx: Index, enemy: int) -> None:
    """An enemy dropped on the hero (4.5.1): Deflect if set, else it leaves and deals damage."""
    if idx.hero.reflect_damage:
        deflect(match, idx, enemy)
        return
    value = idx.card[enemy].value or 0
    remove(match, idx, enemy, "hit")
    hero.damage(match, idx, value, "hit")


def deflect(match: Match, idx: Index, enemy: int) -> None:
    """Deflect resolution (4.7): the enemy stays; a random other valued board card is struck."""
    match.journal.set(idx.hero, reflect_damage=False)
    cards = idx.card
    targets = [slot for slot, pile in enumerate(idx.slots)
               if pile.cards and pile.cards[0] != enemy and cards[pile.cards[0]].type != "ability"]
    if not targets:
        match.emit("deflected", enemy=idx.ident[enemy], target=None)
        return
    slot = match.stream("dungeon").choice(targets)  # a forced value is the target's slot
    target = idx.slots[slot].cards[0]
    match.emit("deflected", enemy=idx.ident[enemy], target=idx.ident[target])
    lower_value(match, idx, target, cards[enemy].value or 0, "deflected")


def block(match: Match, idx: Index, enemy: int, shield: int) -> None:
    """An enemy dropped on a shield (4.5.2): the shield absorbs; a broken one lets the excess
    through to the hero."""
    enemy_value = idx.card[enemy].value or 0
    shield_value = idx.card[shield].value or 0
    left = shield_value - enemy_value
    match.emit("shield_absorbed", id=idx.ident[shield], amount=min(enemy_value, shield_value))
    set_value(match, idx, shield, max(0, left))
    remove(match, idx, enemy, "blocked")
    if left <= 0:
        remove(match, idx, shield, "broken")
        hero.damage(match, idx, -left, "excess")


def strike(match: Match, idx: Index, weapon: int, enemy: int, *, bash: bool) -> None:
    """An equipped spell (attack, 4.5.3) or bash shield (4.5.4) dropped on a board enemy."""
    comp = idx.card[weapon]
    lower_value(match, idx, enemy, comp.value or 0, "killed")
    if bash:
        return  # the shield is neither used up nor worn down
    if comp.pyro:
        match.journal.set(comp, pyro=False)
    else:
        remove(match, idx, weapon, "used_up")


def drink(match: Match, idx: Index, potion: int, hand: str) -> None:
    """A potion into an empty hand (4.5.5): it stays there, spent, until the next draw."""
    move(match, idx, potion, hand)
    drink_in_place(match, idx, potion)


def drink_in_place(match: Match, idx: Index, potion: int) -> None:
    comp = idx.card[potion]
    healed = hero.heal(match, idx, comp.value or 0)
    set_value(match, idx, potion, (comp.value or 0) - healed)
    match.journal.set(comp, spent=True)


def collect(match: Match, idx: Index, gold_card: int, dest: str) -> None:
    """A gold card into an empty hand or the empty backpack (4.5.6), collected on entry."""
    move(match, idx, gold_card, dest)
    collect_in_place(match, idx, gold_card, "collect")


def collect_in_place(match: Match, idx: Index, gold_card: int, source: str) -> None:
    comp = idx.card[gold_card]
    hero.gain_gold(match, idx, comp.value or 0, source)
    set_value(match, idx, gold_card, 0)
    match.journal.set(comp, spent=True)


def equip(match: Match, idx: Index, card: int, hand: str) -> None:
    """A spell, shield or ability into an empty hand (4.5.7)."""
    move(match, idx, card, hand)


def store(match: Match, idx: Index, card: int) -> None:
    """A spell, shield, potion or ability into the empty backpack (4.5.8); potions keep."""
    move(match, idx, card, "backpack")


def sell(match: Match, idx: Index, card: int) -> None:
    """A card dropped on the chest (4.5.9) leaves the game; gold += its price (maybe 0)."""
    comp = idx.card[card]
    paid = price(comp.type, comp.value)
    remove(match, idx, card, "sold")
    hero.gain_gold(match, idx, paid, "sell")
