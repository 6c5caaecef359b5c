"""Move legality (spec crawl.md sections 4.4 and 5.2): the tables of 4.4 in the validation order
of 5.2 step 9-10, on a `Table` picture, for the match, the CPUs and the views alike.

`judge_move` returns `(error, kind)`: the rejection id of the first failing check, or None and
the resolution the move will get (hit, block, attack, bash, drink, collect, equip, store, sell,
use). Whether a hit becomes a Deflect is decided at resolution (4.5.1), not here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.systems.crawl.table import HANDS, OTHER_HAND, SLOTS, Table

if TYPE_CHECKING:
    from game.systems.crawl.content import Content

NOT_SOURCES = frozenset({"hero", "chest", "deck"})
ILLEGAL = ("illegal_move", None)
Verdict = tuple[str | None, str | None]


def judge_move(table: Table, content: Content, frm: str, fi: Any, to: str, ti: Any) -> Verdict:
    """Judge a well-formed move (zone names known; indexes ints when their zone is the board)."""
    if frm in NOT_SOURCES or to == "deck":
        return ILLEGAL
    if (frm == "board" and not 0 <= fi < SLOTS) or (to == "board" and not 0 <= ti < SLOTS):
        return ("invalid_slot", None)
    card = table.at(frm, fi)
    if card is None:
        return ("empty_source", None)
    return judge_card_move(table, content, card, frm, fi, to, ti)


def judge_card_move(table: Table, content: Content, card: Any, frm: str, fi: Any, to: str,
                    ti: Any) -> Verdict:
    """5.2 from step 9.4 on, for the card known to be at the source (the legal list judges
    each source's card against every destination through this)."""
    if frm == to and (frm != "board" or fi == ti):
        return ILLEGAL
    if frm in HANDS:
        return _from_hand(table, content, card, frm, to, ti)
    if frm == "backpack" and card.type == "gold":
        return ("spent_card", None)
    return _from_board_or_backpack(table, card, frm, to, ti)


def _from_hand(table: Table, content: Content, card: Any, frm: str, to: str, ti: Any) -> Verdict:
    """5.2 step 9.5: an equipped (or spent) card."""
    card_type = card.type
    if card_type == "potion" or card_type == "gold":
        return ("spent_card", None)
    if to == "backpack" or to == OTHER_HAND[frm]:
        if card_type == "ability" and table.at(to) is not None:
            return judge_ability(table, content, card, to, None)
        return ("locked_in_hand", None)
    if to == "chest":
        return ("locked_in_hand", None)
    if to == "hero":
        if card_type == "ability" and _kind(content, card) == "hero":
            return (None, "use")
        return ("invalid_target", None)
    target = table.at("board", ti)
    enemy = target is not None and target.type == "enemy"
    if card_type == "spell":
        return (None, "attack") if enemy else ("invalid_target", None)
    if card_type == "shield":
        if not card.marks & content.statuses.allowing("bash"):  # a Shield Bash mark
            return ("no_bash", None)
        return (None, "bash") if enemy else ("invalid_target", None)
    if card_type == "ability":
        return judge_ability(table, content, card, "board", ti)
    return ("invalid_target", None)  # an enemy placed in a hand by a setup: it cannot act


def _from_board_or_backpack(table: Table, card: Any, frm: str, to: str, ti: Any) -> Verdict:
    """5.2 step 9.7: the first table of 4.4, by card type, then by destination."""
    card_type = card.type
    if to in HANDS:
        held = table.at(to)
        if card_type == "enemy":
            return (None, "block") if held is not None and held.type == "shield" else (
                "no_shield", None)
        if held is not None:
            return ("hand_full", None)
        if card_type == "potion":
            return (None, "drink")
        return (None, "collect") if card_type == "gold" else (None, "equip")
    if card_type == "enemy":
        if to == "hero":
            return (None, "hit")
        if to == "chest" and frm == "backpack":
            return (None, "sell")  # a discard: 0 gold
        return ILLEGAL
    if to == "hero" or to == "board":
        return ("not_equipped", None) if card_type in ("spell", "shield", "ability") else ILLEGAL
    if to == "backpack":
        if table.backpack is not None:
            return ("backpack_full", None)
        return (None, "collect") if card_type == "gold" else (None, "store")
    return (None, "sell")  # the chest


def _kind(content: Content, card: Any) -> str | None:
    ability = content.abilities.get(card.ability or "")
    return ability.kind if ability else None


def judge_ability(table: Table, content: Content, card: Any, zone: str,
                  ti: int | None) -> Verdict:
    """5.2 step 10: an equipped ability dropped on a card (board slot, other hand, backpack)."""
    ability = content.abilities.get(card.ability or "")
    if ability is None or ability.kind == "hero":
        return ("invalid_target", None)
    target = table.at(zone, ti)
    if target is None:
        return ("invalid_target", None)
    place = "board" if zone == "board" else ("backpack" if zone == "backpack" else "hand")
    error = ability.impl.target_error(table, ability.params, place, target)
    return (error, None) if error else (None, "use")


def pick_error(content: Content, abilities: list[str]) -> str | None:
    """5.2 step 6: exactly `abilities_per_run` distinct catalogue ids."""
    known = content.abilities
    if (len(abilities) != content.rules.abilities_per_run or len(set(abilities)) != len(abilities)
            or any(a not in known for a in abilities)):
        return "bad_abilities"
    return None
