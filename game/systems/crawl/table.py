"""A plain, read-only picture of the Card Crawl table (spec crawl.md sections 4.1 and 6.1).

The legality rules (`moves`), the canonical decision list (`legal`) and the move previews
(`preview`) read only this picture, so they serve the live match, a scratch match and a CPU
holding nothing but a seat view alike: `table_of(match)` (in `zones`) fills it with the match's
own card components, `table_from_state(view)` with `CardView`s built from the JSON. Either way a
card is anything with the attributes `type`, `value`, `initial_value`, `ability`, `pyro`, `bash`,
`spent` and `name`.
"""

from __future__ import annotations

from typing import Any

CARD_TYPES = ("enemy", "spell", "shield", "potion", "gold", "ability")
VALUED_TYPES = frozenset(CARD_TYPES[:5])
SLOTS = 4
HANDS = ("left_hand", "right_hand")
OTHER_HAND = {"left_hand": "right_hand", "right_hand": "left_hand"}
# Zone names a `move` may name (5.1); "hero", "chest" and "deck" are never sources.
ZONES = frozenset({"board", "left_hand", "right_hand", "hero", "backpack", "chest", "deck"})
CARD_KEYS = ("id", "type", "value", "initial_value", "ability", "pyro", "bash", "spent", "name")


class CardView:
    """A card of a State JSON or seat view, with the attributes the rules read."""

    __slots__ = CARD_KEYS

    def __init__(self, data: dict[str, Any]) -> None:
        self.id: str = data["id"]
        self.type: str = data["type"]
        self.value: int | None = data.get("value")
        self.initial_value: int | None = data.get("initial_value", self.value)
        self.ability: str | None = data.get("ability")
        self.pyro: bool = bool(data.get("pyro", False))
        self.bash: bool = bool(data.get("bash", False))
        self.spent: bool = bool(data.get("spent", False))
        self.name: str = data.get("name") or ""

    def __repr__(self) -> str:
        return f"CardView({self.id!r}, {self.type}, {self.value})"


class Table:
    """Who holds what: four board slots, two hands, the backpack, the hero and the counters."""

    __slots__ = ("board", "left_hand", "right_hand", "backpack", "hp", "max_hp", "gold",
                 "can_revive", "reflect_damage", "bleed", "deck_count", "clear_counter",
                 "random_attack_used", "phase")

    def __init__(self) -> None:
        self.board: list[Any] = [None] * SLOTS
        self.left_hand: Any = None
        self.right_hand: Any = None
        self.backpack: Any = None
        self.hp = 0
        self.max_hp = 0
        self.gold = 0
        self.can_revive = False
        self.reflect_damage = False
        self.bleed = False
        self.deck_count = 0
        self.clear_counter = 0
        self.random_attack_used = False
        self.phase = "play"

    def at(self, zone: str, index: int | None = None) -> Any:
        """The card in a zone (a board slot needs its index); None for an empty or non-zone."""
        if zone == "board":
            return self.board[index] if index is not None and 0 <= index < SLOTS else None
        if zone == "left_hand":
            return self.left_hand
        if zone == "right_hand":
            return self.right_hand
        if zone == "backpack":
            return self.backpack
        return None

    def board_count(self) -> int:
        return SLOTS - self.board.count(None)

    def enemies(self) -> list[tuple[int, Any]]:
        """(slot, card) for every enemy on the board, in slot order."""
        return [(slot, card) for slot, card in enumerate(self.board)
                if card is not None and card.type == "enemy"]


def table_from_state(state: dict[str, Any]) -> Table:
    """The table of a State JSON or a seat view (the deck may be "hidden": only its count
    is used)."""
    board = state["board"]
    hero = board["hero"]
    table = Table()
    table.board = [CardView(c) if c is not None else None for c in board["board"]]
    for zone in ("left_hand", "right_hand", "backpack"):
        card = board.get(zone)
        setattr(table, zone, CardView(card) if card is not None else None)
    table.hp, table.max_hp, table.gold = hero["hp"], hero["max_hp"], hero["gold"]
    table.can_revive = hero["can_revive"]
    table.reflect_damage = hero["reflect_damage"]
    table.bleed = hero["bleed"]
    table.deck_count = board["deck_count"]
    table.clear_counter = board["clear_counter"]
    table.random_attack_used = board["random_attack_used"]
    table.phase = state.get("phase", "play")
    return table
