"""What a decision would do, in one line, before it is made (spec crawl.md section 8.3).

The play view shows these beside a highlighted destination while a card is dragged ("Block:
shield 6 → 2", "Hit: −5 HP", "Kill", "Wound 9 → 5", "Drink: +3 HP", "Collect +6 gold",
"Sell +4 gold", "Discard (0 gold)", "Equip", "Store", or the ability's effect); the Hint
caption can reuse them. Rules knowledge, so it lives here and not in the view; it reads only a
`Table`, so it works from a seat view too. Random outcomes are described, never predicted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.systems.crawl.moves import judge_move
from game.systems.crawl.resolve import price
from game.systems.crawl.table import Table

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.content import Content


@dataclass(frozen=True, slots=True)
class Preview:
    """`ok` and the resolution kind with its line, or not ok with the rejection id and
    message."""

    ok: bool
    kind: str
    text: str


def preview(table: Table, content: Content, decision: dict[str, Any]) -> Preview:
    """The outcome line of a `move`, `rebuy` or `random_attack` on this table."""
    from game.systems.crawl.mode import MESSAGES

    verb = decision.get("type")
    rules = content.rules
    if verb == "rebuy":
        if not table.board_count():
            return Preview(False, "no_cards_on_board", MESSAGES["no_cards_on_board"])
        return Preview(True, "rebuy", f"Rebuy: −{content.rebuy_cost(table.clear_counter)} HP")
    if verb == "random_attack":
        if table.random_attack_used:
            return Preview(False, "already_used", MESSAGES["already_used"])
        return Preview(True, "random_attack", f"Random attack: −{rules.random_attack_min}–"
                                              f"{rules.random_attack_max} to every enemy")
    frm, to = decision.get("from", ""), decision.get("to", "")
    fi, ti = decision.get("from_index"), decision.get("to_index")
    error, kind = judge_move(table, content, frm, fi, to, ti)
    if error is not None or kind is None:
        error = error or "illegal_move"
        return Preview(False, error, MESSAGES[error])
    card = table.at(frm, fi)
    target = table.board[ti] if to == "board" else table.at(to)
    return Preview(True, kind, _line(table, content, kind, card, target))


def preview_match(match: Match, decision: dict[str, Any]) -> Preview:
    from game.systems.crawl.world import table_of

    return preview(table_of(match), match.rules.content, decision)  # type: ignore[attr-defined]


def _line(table: Table, content: Content, kind: str, card: Any, target: Any) -> str:
    value = card.value or 0
    if kind == "hit":
        if table.effects & content.statuses.redirecting_hits():
            return "Deflect: strikes another card"
        return f"Hit: −{value} HP"
    if kind == "block":
        shield = target.value or 0
        if shield > value:
            return f"Block: shield {shield} → {shield - value}"
        if shield == value:
            return f"Block: shield {shield} breaks"
        return f"Block: shield breaks, −{value - shield} HP"
    if kind in ("attack", "bash"):
        enemy = target.value or 0
        return "Kill" if value >= enemy else f"Wound {enemy} → {enemy - value}"
    if kind == "drink":
        return f"Drink: +{max(0, min(value, table.max_hp - table.hp))} HP"
    if kind == "collect":
        return f"Collect +{value} gold"
    if kind == "sell":
        paid = price(card.type, card.value)
        return f"Sell +{paid} gold" if paid else "Discard (0 gold)"
    if kind == "equip":
        return "Equip"
    if kind == "store":
        return "Store"
    ability = content.abilities[card.ability]
    if ability.effect == "add_value" and target is not None:
        before = target.value or 0
        after = min(ability.params.cap, before + ability.params.amount) if (
            before < ability.params.cap) else before
        return f"{ability.name}: {before} → {after}"
    return f"{ability.name}: {ability.text}"
