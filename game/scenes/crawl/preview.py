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

import re
from typing import Any

from game.engine.match import Match
from game.i18n import N_, _
from game.scenes.crawl.catalogue import Catalogue

Card = dict[str, Any]
HANDS = ("left_hand", "right_hand")
HAND_NAMES = {"left_hand": N_("left hand"), "right_hand": N_("right hand"),
              "backpack": N_("backpack")}


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
    """A card's name in the player's language (its English name is the msgid)."""
    return _(str((card or {}).get("name") or (card or {}).get("type") or "card"))


# The rules' preview lines (game.systems.crawl.preview, English by design) and their msgids:
# the screen shows each in the player's language, its numbers kept.
NUMBER = r"(?P<{}>-?\d+)"
RULES_LINES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile("^" + pattern.format(a=NUMBER.format("a"), b=NUMBER.format("b")) + "$"), msgid)
    for pattern, msgid in (
        ("Rebuy: −{a} HP", N_("Rebuy: −{a} HP")),
        ("Random attack: −{a}–{b} to every enemy", N_("Random attack: −{a}–{b} to every enemy")),
        ("Deflect: strikes another card", N_("Deflect: strikes another card")),
        ("Hit: −{a} HP", N_("Hit: −{a} HP")),
        ("Block: shield {a} → {b}", N_("Block: shield {a} → {b}")),
        ("Block: shield {a} breaks", N_("Block: shield {a} breaks")),
        ("Block: shield breaks, −{a} HP", N_("Block: shield breaks, −{a} HP")),
        ("Kill", N_("Kill")),
        ("Wound {a} → {b}", N_("Wound {a} → {b}")),
        ("Drink: \\+{a} HP", N_("Drink: +{a} HP")),
        ("Collect \\+{a} gold", N_("Collect +{a} gold")),
        ("Sell \\+{a} gold", N_("Sell +{a} gold")),
        ("Discard \\(0 gold\\)", N_("Discard (0 gold)")),
        ("Equip", N_("Equip")),
        ("Store", N_("Store")),
    ))


def rules_line(line: str, catalogue: Catalogue | None = None) -> str:
    """A preview line of the rules in the player's language: a known sentence with its
    numbers, or an ability's "Name: text" / "Name: 3 → 5" with the name and text translated
    (a line the table does not know is shown as the rules wrote it)."""
    for pattern, msgid in RULES_LINES:
        found = pattern.match(line)
        if found:
            return _(msgid).format(**found.groupdict())
    if catalogue is not None:
        for info in catalogue.abilities.values():
            prefix = f"{info.name}: "
            if line.startswith(prefix):
                rest = line[len(prefix):]
                return f"{_(info.name)}: {_(rest) if rest == info.text else rest}"
    return line


def damage_note(amount: int, hero: dict[str, Any]) -> str:
    """What `amount` damage means beyond the HP: fatal, saved by Revive, paid by Capitalize."""
    if amount <= 0:
        return ""
    notes = []
    if amount >= hero["hp"]:
        notes.append(_("Revive saves you at 1 HP") if hero.get("can_revive") else _("fatal!"))
    if hero.get("bleed"):
        notes.append(_("+{amount} gold").format(amount=amount))
    return f" ({', '.join(notes)})" if notes else ""


def describe(view: dict[str, Any], decision: dict[str, Any], kind: str, line: str,
             catalogue: Catalogue | None = None) -> str:
    """The rules' line, in the player's language, with the notes a player needs at a
    glance."""
    board = view["board"]
    hero = board["hero"]
    src = card_at(board, source_place(decision))
    dst = card_at(board, dest_place(decision))
    bash_line = kind == "bash" and not line.startswith("Bash")
    line = rules_line(line, catalogue)
    if kind == "rebuy":
        return line + damage_note(int(board.get("rebuy_cost") or 0), hero)
    if kind == "hit" and not hero.get("reflect_damage"):
        return line + damage_note(_v(src), hero)
    if kind == "block":
        return line + damage_note(_v(src) - _v(dst), hero)
    if kind == "attack" and (src or {}).get("pyro"):
        return _("{line} (Pyroclasm: the spell stays)").format(line=line)
    if kind == "drink":
        left = _v(src) - min(_v(src), hero["max_hp"] - hero["hp"])
        return _("{line} ({left} left in the card)").format(line=line, left=left) if left \
            else line
    if bash_line:
        return _("Bash: {line}").format(line=f"{line[:1].lower()}{line[1:]}")
    return line


def hint_caption(view: dict[str, Any], decision: dict[str, Any], catalogue: Catalogue,
                 kind: str, line: str = "") -> str:
    """The Hint's one-line caption for a decision of the rules' `kind`."""
    board = view["board"]
    if kind == "rebuy":
        return _("Hint: rebuy the board (−{cost} HP)").format(cost=board.get("rebuy_cost"))
    if kind == "random_attack":
        return _("Hint: use the random attack")
    src = card_at(board, source_place(decision))
    dst = card_at(board, dest_place(decision))
    if kind == "hit" and board["hero"].get("reflect_damage"):
        return _("Hint: let Deflect turn the {card} aside").format(card=_name(src))
    if kind == "sell" and line.startswith("Discard"):
        return _("Hint: discard the {card} in the chest").format(card=_name(src))
    sentences = {
        "hit": N_("Hint: take the {card} on the hero (−{value} HP)"),
        "block": N_("Hint: block the {card} with your {other}"),
        "attack": N_("Hint: attack the {other} with your {card}"),
        "bash": N_("Hint: bash the {other} with your {card}"),
        "drink": N_("Hint: drink the {card}"),
        "collect": N_("Hint: collect the {card} (+{value} gold)"),
        "equip": N_("Hint: equip the {card} in your {hand}"),
        "store": N_("Hint: store the {card} in the backpack"),
        "sell": N_("Hint: sell the {card} (+{value} gold)"),
    }
    if kind in sentences:
        return _(sentences[kind]).format(card=_name(src), other=_name(dst), value=_v(src),
                                         hand=_(HAND_NAMES.get(dest_place(decision), "")))
    info = catalogue.abilities.get((src or {}).get("ability") or "")
    name = _(info.name) if info else _name(src)
    if dst is None:
        return _("Hint: use {ability}").format(ability=name)
    return _("Hint: use {ability} on the {card}").format(ability=name, card=_name(dst))
