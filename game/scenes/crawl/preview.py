"""The one-line preview of a move and the Hint's caption (spec crawl.md section 8.3).

Pure functions of the seat view (`match.view_json(0)`), a decision the match listed as legal,
and the ability catalogue. They only *describe* what the table shows ("Block: shield 6 → 2",
"Hit: −5 HP", "Kill", "Wound 9 → 5", "Drink: +3 HP", "Sell +4 gold"...): legality always comes
from `match.legal_decisions(0)` and outcomes from `Match.submit`, never from here. The numbers
are the visible arithmetic of sections 4.5–4.7, so they are exact for every legal move except
the random parts (a Deflect's target, Life and Galvanize values), which are shown as ranges.
"""

from __future__ import annotations

from typing import Any

from game.scenes.crawl.catalogue import AbilityInfo, Catalogue

Card = dict[str, Any]
HANDS = ("left_hand", "right_hand")
SELLABLE = ("spell", "shield", "potion")  # the chest pays their value (4.5.9); the rest 0
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


def classify(view: dict[str, Any], decision: dict[str, Any], catalogue: Catalogue) -> str:
    """What a legal decision does, as the table shows it: hit, deflect, block, attack, bash,
    drink, collect, equip, store, sell, discard, use, rebuy or random_attack."""
    verb = decision.get("type")
    if verb != "move":
        return str(verb)
    board = view["board"]
    src_place, dst_place = source_place(decision), dest_place(decision)
    card = card_at(board, src_place) or {}
    kind = card.get("type")
    if src_place in HANDS:
        if kind == "ability":
            return "use"
        return "bash" if kind == "shield" else "attack"
    if dst_place == "hero":
        return "deflect" if board["hero"].get("reflect_damage") else "hit"
    if dst_place in HANDS:
        if kind == "enemy":
            return "block"
        if kind == "potion":
            return "drink"
        return "collect" if kind == "gold" else "equip"
    if dst_place == "backpack":
        return "collect" if kind == "gold" else "store"
    if dst_place == "chest":
        return "sell" if kind in SELLABLE and (card.get("value") or 0) > 0 else "discard"
    return "use"


def _v(card: Card | None) -> int:
    return int((card or {}).get("value") or 0)


def _name(card: Card | None) -> str:
    return str((card or {}).get("name") or (card or {}).get("type") or "card")


def _damage_note(amount: int, hero: dict[str, Any]) -> str:
    """What `amount` damage does beyond HP: fatal, saved by Revive, paid by Capitalize."""
    notes = []
    if amount >= hero["hp"]:
        notes.append("Revive saves you at 1 HP" if hero.get("can_revive") else "fatal!")
    if hero.get("bleed"):
        notes.append(f"+{amount} gold")
    return f" ({', '.join(notes)})" if notes else ""


def preview(view: dict[str, Any], decision: dict[str, Any], catalogue: Catalogue) -> str:
    """The preview line shown while a card hovers a legal destination (8.3)."""
    board = view["board"]
    hero = board["hero"]
    kind = classify(view, decision, catalogue)
    if kind == "rebuy":
        cost = int(board.get("rebuy_cost") or 0)
        return f"Rebuy: −{cost} HP, the board goes back into the deck{_damage_note(cost, hero)}"
    if kind == "random_attack":
        return "Random attack: 1–3 damage to every enemy on the board"
    src = card_at(board, source_place(decision))
    dst = card_at(board, dest_place(decision))
    if kind == "hit":
        amount = _v(src)
        return f"Hit: −{amount} HP{_damage_note(amount, hero)}"
    if kind == "deflect":
        return "Deflect: the blow strikes another card on the board"
    if kind == "block":
        enemy, shield = _v(src), _v(dst)
        if enemy < shield:
            return f"Block: shield {shield} → {shield - enemy}"
        excess = enemy - shield
        if excess == 0:
            return "Block: the shield breaks"
        return f"Block: the shield breaks, −{excess} HP{_damage_note(excess, hero)}"
    if kind in ("attack", "bash"):
        weapon, enemy = _v(src), _v(dst)
        if weapon >= enemy:
            text = "Bash: kill" if kind == "bash" else "Kill"
        elif kind == "bash":
            text = f"Bash: wound {enemy} → {enemy - weapon}"
        else:
            text = f"Wound {enemy} → {enemy - weapon}"
        if kind == "attack" and (src or {}).get("pyro"):
            text += " (Pyroclasm: the spell stays)"
        return text
    if kind == "drink":
        healed = min(_v(src), hero["max_hp"] - hero["hp"])
        left = _v(src) - healed
        return f"Drink: +{healed} HP" + (f" ({left} left in the card)" if left else "")
    if kind == "collect":
        return f"Collect +{_v(src)} gold"
    if kind == "equip":
        return "Equip"
    if kind == "store":
        return "Store"
    if kind == "sell":
        return f"Sell +{_v(src)} gold"
    if kind == "discard":
        return "Discard (0 gold)"
    return ability_preview(view, decision, catalogue)


def ability_preview(view: dict[str, Any], decision: dict[str, Any], catalogue: Catalogue) -> str:
    """The effect of an equipped ability dropped on the hero or a card."""
    board = view["board"]
    card = card_at(board, source_place(decision)) or {}
    info = catalogue.abilities.get(card.get("ability") or "")
    if info is None:
        return "Use"
    target = card_at(board, dest_place(decision))
    return f"{info.name}: {_effect_text(info, target, board)}"


def _effect_text(info: AbilityInfo, target: Card | None, board: dict[str, Any]) -> str:
    p = info.params
    effect = info.effect
    if effect == "set_hero_flag":
        return {
            "can_revive": "the next lethal blow leaves you at 1 HP",
            "reflect_damage": "the next enemy you take strikes another card",
            "bleed": "the next damage also pays you that much gold",
        }.get(p.get("flag", ""), info.text)
    if effect == "mark_card":
        what = {"pyro": "its next attack won't use it up",
                "bash": "it can bash enemies"}.get(p.get("mark", ""), "marked")
        return f"mark the {_name(target)} ({what})"
    if effect == "return_to_deck":
        return f"shuffle the {_name(target)} back into the deck"
    if effect == "create_card":
        low, high = p.get("min", 1), p.get("max", 10)
        if p.get("type") == "gold":
            return f"+{low}–{high} gold at once"
        return f"drink a potion worth {low}–{high} at once"
    if effect == "add_value":
        value, amount, cap = _v(target), int(p.get("amount", 3)), int(p.get("cap", 10))
        new = min(cap, value + amount) if value < cap else value
        return f"{(target or {}).get('type', 'card')} {value} → {new}"
    if effect == "shuffle_values":
        return "shuffle the board values and your HP"
    if effect == "move_to_backpack":
        return f"pull the {_name(target)} into the backpack"
    if effect == "swap_with_top":
        return f"the {_name(target)} goes under the deck, the top card takes its place"
    if effect == "clear_board":
        count = sum(1 for c in board.get("board") or [] if c is not None)
        return f"destroy all {count} board cards"
    if effect == "remove_wounded":
        return f"destroy the {_name(target)}"
    return info.text


def hint_caption(view: dict[str, Any], decision: dict[str, Any], catalogue: Catalogue) -> str:
    """The Hint's one-line caption ("Hint: block the Goblin with your shield")."""
    board = view["board"]
    kind = classify(view, decision, catalogue)
    if kind == "rebuy":
        return f"Hint: rebuy the board (−{board.get('rebuy_cost')} HP)"
    if kind == "random_attack":
        return "Hint: use the random attack"
    if kind == "choose_abilities":
        return "Hint: pick " + ", ".join(
            catalogue.ability_name(a) for a in decision.get("abilities", [])
        )
    src = card_at(board, source_place(decision))
    dst = card_at(board, dest_place(decision))
    where = HAND_NAMES.get(dest_place(decision), "")
    sentences = {
        "hit": f"take the {_name(src)} on the hero (−{_v(src)} HP)",
        "deflect": f"let Deflect turn the {_name(src)} aside",
        "block": f"block the {_name(src)} with your {_name(dst)}",
        "attack": f"attack the {_name(dst)} with your {_name(src)}",
        "bash": f"bash the {_name(dst)} with your {_name(src)}",
        "drink": f"drink the {_name(src)}",
        "collect": f"collect the {_name(src)} (+{_v(src)} gold)",
        "equip": f"equip the {_name(src)} in your {where}",
        "store": f"store the {_name(src)} in the backpack",
        "sell": f"sell the {_name(src)} (+{_v(src)} gold)",
        "discard": f"discard the {_name(src)} in the chest",
    }
    if kind in sentences:
        return "Hint: " + sentences[kind]
    info = catalogue.abilities.get((src or {}).get("ability") or "")
    name = info.name if info else _name(src)
    if dst is None:
        return f"Hint: use {name}"
    return f"Hint: use {name} on the {_name(dst)}"
