"""The random attack (spec crawl.md section 4.10): once per run, free, n in 1..3 to every enemy.

The draw happens even with no enemy on the board; a miss is still spent and still a turn
(design decision 12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.commands import update
from game.systems.crawl.commands import lower_value
from game.systems.crawl.world import board_cards, card_of, content, ident_of, run, run_entity

if TYPE_CHECKING:
    from game.engine.match import Match


def random_attack(match: Match) -> None:
    rules = content(match).rules
    n = match.stream("dungeon").randint(rules.random_attack_min, rules.random_attack_max)
    enemies = [card for _, card in board_cards(match) if card_of(card).type == "enemy"]
    if enemies:
        match.emit("random_attack", n=n, hit=[ident_of(e) for e in enemies])
        for enemy in enemies:
            lower_value(match, enemy, n, "killed")
    else:
        match.emit("random_attack_missed")
    update(run(match), random_attack_used=True).target(run_entity(match)).run(match)
