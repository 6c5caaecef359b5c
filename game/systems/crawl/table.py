"""A plain, read-only picture of the Card Crawl table (spec crawl.md sections 4.1 and 6.1).

The legality rules (`moves`), the canonical decision list (`legal`) and the move previews
(`preview`) read only this picture, so they serve the live match, a scratch match and a CPU
holding nothing but a seat view alike: `world.table_of(match)` fills it from the match's
components, `table_from_state(view)` from the JSON. Either way a card is a `CardView`: the
attributes `id`, `type`, `value`, `initial_value`, `ability`, `spent`, `name` and `marks` (the
ids of the card marks it holds: `pyro`, `bash` or a mod's), and the hero's one-shot effects are
the ids in `Table.effects`.
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
# A card object of the State JSON: these keys, then one per card mark of the content (in
# declaration order: `pyro`, `bash`), then CARD_TAIL_KEYS.
CARD_HEAD_KEYS = ("id", "type", "value", "initial_value", "ability")
CARD_TAIL_KEYS = ("spent", "name")
NO_MARKS: frozenset[str] = frozenset()


class CardView:
    """A card as the rules read it: from a State JSON (`CardView(data)`) or from a match's
    components (`CardView.of`)."""

    __slots__ = ("id", "type", "value", "initial_value", "ability", "spent", "name", "marks")

    def __init__(self, data: dict[str, Any]) -> None:
        self.id: str = data["id"]
        self.type: str = data["type"]
        self.value: int | None = data.get("value")
        self.initial_value: int | None = data.get("initial_value", self.value)
        self.ability: str | None = data.get("ability")
        self.spent: bool = bool(data.get("spent", False))
        self.name: str = data.get("name") or ""
        # A card object's true flags other than `spent` are its marks (6.1).
        self.marks: frozenset[str] = frozenset(
            k for k, v in data.items() if v is True and k != "spent") or NO_MARKS

    @classmethod
    def of(cls, card_id: str, card: Any, marks: frozenset[str]) -> CardView:
        """The picture of a live card (its `CrawlCard` component and the marks it holds)."""
        view = cls.__new__(cls)
        view.id, view.type, view.value = card_id, card.type, card.value
        view.initial_value, view.ability = card.initial_value, card.ability
        view.spent, view.name, view.marks = card.spent, card.name, marks
        return view

    def __repr__(self) -> str:
        return f"CardView({self.id!r}, {self.type}, {self.value})"


class Table:
    """Who holds what: four board slots, two hands, the backpack, the hero and the counters."""

    __slots__ = ("board", "left_hand", "right_hand", "backpack", "hp", "max_hp", "gold",
                 "effects", "deck_count", "clear_counter", "random_attack_used", "phase")

    def __init__(self) -> None:
        self.board: list[CardView | None] = [None] * SLOTS
        self.left_hand: CardView | None = None
        self.right_hand: CardView | None = None
        self.backpack: CardView | None = None
        self.hp = 0
        self.max_hp = 0
        self.gold = 0
        self.effects: frozenset[str] = frozenset()  # the hero's one-shot effects held
        self.deck_count = 0
        self.clear_counter = 0
        self.random_attack_used = False
        self.phase = "play"

    def at(self, zone: str, index: int | None = None) -> CardView | None:
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

    def enemies(self) -> list[tuple[int, CardView]]:
        """(slot, card) for every enemy on the board, in slot order."""
        return [(slot, card) for slot, card in enumerate(self.board)
                if card is not None and card.type == "enemy"]


class ViewTable(Table):
    """The table of a State JSON or a seat view, read as the rules ask: each field is read
    from the view the first time it is looked at, and a board slot's card when its slot is.
    A CPU that judges one move of a view reads two cards of seven (`table_from_state` pictures
    them all, for a caller that reads the whole table)."""

    __slots__ = ("_state", "_slots")

    def __init__(self, state: dict[str, Any]) -> None:  # the base's fields: set when read
        self._state = state
        self._slots: dict[int, CardView | None] = {}

    def __getattr__(self, name: str) -> Any:  # a base field not read yet
        state = self._state
        board = state["board"]
        value: Any
        if name == "board":
            value = [CardView(c) if c is not None else None for c in board["board"]]
        elif name in ("left_hand", "right_hand", "backpack"):
            card = board.get(name)
            value = CardView(card) if card is not None else None
        elif name in ("hp", "max_hp", "gold"):
            value = board["hero"][name]
        elif name == "effects":
            value = frozenset(k for k, v in board["hero"].items() if v is True)
        elif name in ("deck_count", "clear_counter", "random_attack_used"):
            value = board[name]
        elif name == "phase":
            value = state.get("phase", "play")
        else:
            raise AttributeError(name)
        setattr(self, name, value)
        return value

    def at(self, zone: str, index: int | None = None) -> CardView | None:
        if zone == "board":  # one slot pictured, not the four
            if index is None or not 0 <= index < SLOTS:
                return None
            seen = self._slots
            if index not in seen:
                card = self._state["board"]["board"][index]
                seen[index] = CardView(card) if card is not None else None
            return seen[index]
        return super().at(zone, index)


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
    table.effects = frozenset(k for k, v in hero.items() if v is True)
    table.deck_count = board["deck_count"]
    table.clear_counter = board["clear_counter"]
    table.random_attack_used = board["random_attack_used"]
    table.phase = state.get("phase", "play")
    return table
