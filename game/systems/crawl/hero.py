"""The hero (spec crawl.md sections 4.5 and 4.6): damage, healing and gold, as engine commands.

Damage comes only from a hit, a shield's excess and a rebuy. It is the engine's `Damage` of the
hero's `Health` (a `HeroDamage`), so it fires `before:damage` and `after:damage`, where the
hero's one-shot effects react (game.systems.crawl.statuses), in the order of 4.6: Deflect first
(a hit it redirects never lands), the HP (never below 0) with Revive's `survive` (0 becomes 1),
then Capitalize (the whole damage asked is paid in gold, not the HP actually lost: design
decision 5). Chaos and Deflect never run a damage, so they trigger none of them.

A hit's enemy is the damage's source; it leaves the game once every `before:damage` trigger
had its say (`spend_the_striker`, the last listener there), so a Deflect keeps it where it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.commands import heal as heal_command
from game.systems.crawl.commands import GainGold, HeroDamage, leave_game
from game.systems.crawl.world import hero

if TYPE_CHECKING:
    from game.engine.match import Match

LAST = 1000  # the listener priority of a hit's enemy leaving: after every trigger


def damage(match: Match, amount: int, cause: str, source: int | None = None) -> None:
    """The hero takes `amount` > 0 damage from `cause` (hit | excess | rebuy); `source` is the
    enemy of a hit (which leaves the game with its blow)."""
    if amount <= 0:
        return  # an excess of 0 is no damage: it triggers nothing (4.5.2)
    HeroDamage(amount, cause, source, spends_source=cause == "hit").target(
        hero(match).entity).run(match)


def spend_the_striker(match: Match, command: Any) -> None:
    """`before:damage`, last: the enemy of a hit leaves the game (4.5.1), unless a trigger
    cancelled the blow (a Deflect)."""
    if getattr(command, "spends_source", False) and not command.cancelled:
        leave_game(match, command.source_id, "hit")


def heal(match: Match, amount: int) -> int:
    """Raise HP by up to `amount`, never above `max_hp`; returns what was healed (the event
    says it, 0 included)."""
    return heal_command(amount).exact().target(hero(match).entity).run(match).amount


def gain_gold(match: Match, amount: int, source: str) -> None:
    """Add gold (collect | sell | capitalize | galvanize | win_bonus); nothing for 0."""
    if amount <= 0:
        return
    row = hero(match)
    GainGold(row.entity, row.hero, amount, source).run(match)
