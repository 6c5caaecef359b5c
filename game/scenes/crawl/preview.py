"""The preview line of a move and the Hint's caption (spec crawl.md section 8.3).

What a move does comes from the rules: `game.systems.crawl.preview` judges the decision on the
live table and returns its resolution kind and line ("Block: shield 6 → 2", "Hit: −5 HP",
"Kill", "Wound 9 → 5", "Sell +4 gold", "Discard (0 gold)", the ability's effect...). This
module only dresses that line for the screen, from the seat view: a note when the damage would
be fatal (or when Revive would save the hero, or Capitalize pay for it), what a drunk potion
leaves in its card, a Pyroclasm spell that stays; and it words the Hint's caption ("Hint: block
the Goblin with your Leather Shield") from the rules' kind. Nothing here decides legality.
"""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.scenes.crawl.catalogue import Catalogue

Card = dict[str, Any]
HANDS = ("left_hand", "right_hand")
HAND_NAMES = {"left_hand": "left hand", "right_hand": "right hand", "backpack": "backpack"}


def source_place(decision: dict[str, Any]) -> str:
    """"board.2", "left_hand", ... for a move's source."""
    frm = decision.get("from", "")
    return f"board.{decision.get('from_index')}" if frm == "board" else frm


def dest_place(decision: dict[str, Any]) -> str:
    """"board.0", "hero", "chest", ... for a move's destination."""
    to = decision.get("to", "")
    return f"board.{decision.get('to_index')}" if to == "board" else to


def card_at(board: dict[str, Any], place: str) -> Card | None:
    """The card a place holds in the view's `board` object (None: empty or not a pile)."""
    if place.startswith("board."):
        slot = int(place.split(".", 1)[1])
        cards = board.get("board") or []
        return cards[slot] if 0 <= slot < len(cards) else None
    if place in ("left_hand", "right_hand", "backpack"):
        return board.get(place)
    return None


def rules_preview(match: Match, decision: dict[str, Any]) -> tuple[bool, str, str]:
    """(ok, kind, line) from the rules' preview helper, on the live match's table."""
    from game.systems.crawl.preview import preview_match

    with match.active():
        result = preview_match(match, decision)
    return result.ok, result.kind, result.text


def _v(card: Card | None) -> int:
    return int((card or {}).get("value") or 0)


def _name(card: Card | None) -> str:
    return str((card or {}).get("name") or (card or {}).get("type") or "card")


def damage_note(amount: int, hero: dict[str, Any]) -> str:
    """What `amount` damage means beyond the HP: fatal, saved by Revive, paid by Capitalize."""
    if amount <= 0:
        return ""
    notes = []
    if amount >= hero["hp"]:
        notes.append("Revive saves you at 1 HP" if hero.get("can_revive") else "fatal!")
    if hero.get("bleed"):
        notes.append(f"+{amount} gold")
    return f" ({', '.join(notes)})" if notes else ""


def describe(view: dict[str, Any], decision: dict[str, Any], kind: str, line: str) -> str:
    """The rules' line with the notes a player needs at a glance."""
    board = view["board"]
    hero = board["hero"]
    src = card_at(board, source_place(decision))
    dst = card_at(board, dest_place(decision))
    if kind == "rebuy":
        return line + damage_note(int(board.get("rebuy_cost") or 0), hero)
    if kind == "hit" and not hero.get("reflect_damage"):
        return line + damage_note(_v(src), hero)
    if kind == "block":
        return line + damage_note(_v(src) - _v(dst), hero)
    if kind == "attack" and (src or {}).get("pyro"):
        return line + " (Pyroclasm: the spell stays)"
    if kind == "drink":
        left = _v(src) - min(_v(src), hero["max_hp"] - hero["hp"])
        return line + (f" ({left} left in the card)" if left else "")
    if kind == "bash" and not line.startswith("Bash"):
        return f"Bash: {line[:1].lower()}{line[1:]}"
    return line


def hint_caption(view: dict[str, Any], decision: dict[str, Any], catalogue: Catalogue,
                 kind: str, line: str = "") -> str:
    """The Hint's one-line caption for a decision of the rules' `kind`."""
    board = view["board"]
    if kind == "rebuy":
        return f"Hint: rebuy the board (−{board.get('rebuy_cost')} HP)"
    if kind == "random_attack":
        return "Hint: use the random attack"
    src = card_at(board, source_place(decision))
    dst = card_at(board, dest_place(decision))
    if kind == "hit" and board["hero"].get("reflect_damage"):
        return f"Hint: let Deflect turn the {_name(src)} aside"
    if kind == "sell" and line.startswith("Discard"):
        return f"Hint: discard the {_name(src)} in the chest"
    sentences = {
        "hit": f"take the {_name(src)} on the hero (−{_v(src)} HP)",
        "block": f"block the {_name(src)} with your {_name(dst)}",
        "attack": f"attack the {_name(dst)} with your {_name(src)}",
        "bash": f"bash the {_name(dst)} with your {_name(src)}",
        "drink": f"drink the {_name(src)}",
        "collect": f"collect the {_name(src)} (+{_v(src)} gold)",
        "equip": f"equip the {_name(src)} in your {HAND_NAMES.get(dest_place(decision), '')}",
        "store": f"store the {_name(src)} in the backpack",
        "sell": f"sell the {_name(src)} (+{_v(src)} gold)",
    }
    if kind in sentences:
        return "Hint: " + sentences[kind]
    info = catalogue.abilities.get((src or {}).get("ability") or "")
    name = info.name if info else _name(src)
    if dst is None:
        return f"Hint: use {name}"
    return f"Hint: use {name} on the {_name(dst)}"
