"""The hero (spec crawl.md sections 4.5 and 4.6): damage with Revive then Capitalize, healing,
gold.

Damage comes only from a hit, a shield's excess and a rebuy. It is applied in the order of 4.6:
HP first (never below 0), then Revive (0 becomes 1), then Capitalize (the whole nominal damage
is paid in gold, not the HP actually lost: design decision 5). Chaos and Deflect never call
`damage`, so they trigger neither flag.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.zones import Index


def damage(match: Match, idx: Index, amount: int, source: str) -> None:
    """The hero takes `amount` > 0 damage from `source` (hit | excess | rebuy)."""
    if amount <= 0:
        return  # an excess of 0 is no damage: it triggers nothing (4.5.2)
    hero = idx.hero
    journal = match.journal
    journal.set(hero, hp=max(0, hero.hp - amount))
    match.emit("hero_damaged", amount=amount, source=source)
    if hero.hp == 0 and hero.can_revive:
        journal.set(hero, hp=1, can_revive=False)
        match.emit("revive_triggered")
    if hero.bleed:
        journal.set(hero, bleed=False)
        match.emit("capitalize_triggered", amount=amount)
        gain_gold(match, idx, amount, "capitalize")


def heal(match: Match, idx: Index, amount: int) -> int:
    """Raise HP by up to `amount`, never above `max_hp`; returns what was healed."""
    hero = idx.hero
    healed = max(0, min(amount, hero.max_hp - hero.hp))
    if healed:
        match.journal.set(hero, hp=hero.hp + healed)
    match.emit("hero_healed", amount=healed)
    return healed


def gain_gold(match: Match, idx: Index, amount: int, source: str) -> None:
    """Add gold (collect | sell | capitalize | galvanize | win_bonus); nothing for 0."""
    if amount <= 0:
        return
    hero = idx.hero
    match.journal.set(hero, gold=hero.gold + amount)
    match.emit("gold_gained", amount=amount, source=source)
