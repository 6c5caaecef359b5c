"""The random attack (spec crawl.md section 4.10): once per run, free, n in 1..3 to every enemy.

The draw happens even with no enemy on the board; a miss is still spent and still a turn
(design decision 12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.systems.crawl.zones import lower_value

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.zones import Index


def random_attack(match: Match, idx: Index) -> None:
    rules = idx.content.rules
    n = match.stream("dungeon").randint(rules.random_attack_min, rules.random_attack_max)
    cards = idx.card
    enemies = [pile.cards[0] for pile in idx.slots
               if pile.cards and cards[pile.cards[0]].type == "enemy"]
    if enemies:
        match.emit("random_attack", n=n, hit=[idx.ident[e] for e in enemies])
        for enemy in enemies:
            lower_value(match, idx, enemy, n, "killed")
    else:
        match.emit("random_attack_missed")
    match.journal.set(idx.run, random_attack_used=True)
