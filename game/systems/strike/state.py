"""The strike index and the State JSON `board` (spec strike.md section 6).

Every lookup goes through one `Index` kept in `match.extra["strike"]`: the content, the
`StrikeBoard` component and the units (entity, component) in (owner, slot) order. Units are
created once (setup or the end of the draft); the index records that creation with
`journal.on_rollback`, so a rollback restores it. Hot paths never query esper.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import HIDDEN

if TYPE_CHECKING:
    from game.components.strike import StrikeBoard, StrikeUnit
    from game.engine.match import Match
    from game.systems.strike.content import Content

KEY = "strike"


class Index:
    """The match's lookups (their contents change only through the journal)."""

    __slots__ = ("content", "board", "units", "entity", "by_id")

    def __init__(self, content: Content, board: StrikeBoard) -> None:
        self.content = content
        self.board = board
        self.units: tuple[StrikeUnit, ...] = ()  # sorted by (owner, slot)
        self.entity: dict[str, int] = {}
        self.by_id: dict[str, StrikeUnit] = {}

    def set_units(self, units: list[tuple[int, StrikeUnit]]) -> None:
        ordered = sorted(units, key=lambda pair: (pair[1].owner, pair[1].slot))
        self.units = tuple(u for _, u in ordered)
        self.entity = {u.id: e for e, u in ordered}
        self.by_id = {u.id: u for _, u in ordered}

    def restore(self, units: tuple[StrikeUnit, ...], entity: dict[str, int]) -> None:
        self.units = units
        self.entity = entity
        self.by_id = {u.id: u for u in units}

    def living(self, seat: int | None = None) -> list[StrikeUnit]:
        """Living units (hp > 0) in slot order, of one seat or both."""
        return [u for u in self.units if u.hp > 0 and (seat is None or u.owner == seat)]

    def occupied(self) -> set[tuple[int, int]]:
        """Tiles holding a living unit (4.1)."""
        return {u.pos for u in self.units if u.hp > 0 and u.pos is not None}


def index(match: Match) -> Index:
    return match.extra[KEY]


def unit_json(u: StrikeUnit) -> dict[str, Any]:
    return {
        "id": u.id, "owner": u.owner, "slot": u.slot, "card": u.card,
        "pos": [u.pos[0], u.pos[1]] if u.pos is not None else None,
        "hp": u.hp, "max_hp": u.max_hp, "cooldowns": list(u.cooldowns),
        "statuses": {"burn": {"turns": u.burn_turns, "value": u.burn_value}, "stun": u.stun,
                     "root": u.root,
                     "regen": {"turns": u.regen_turns, "value": u.regen_value}},
    }


def board_json(match: Match) -> dict[str, Any]:
    """The `board` object with the canonical key and list orders of section 6."""
    idx = index(match)
    b = idx.board
    return {
        "cols": b.cols, "rows": b.rows, "zone_columns": b.zone_columns,
        "pool": list(b.pool),
        "picks": b.picks,
        "hands": [list(b.hands[0]), list(b.hands[1])],
        "decks": [list(b.decks[0]), list(b.decks[1])],
        "discard": list(b.discard),
        "units": [unit_json(u) for u in idx.units],
        "flames": [{"tile": [c, r], "owner": o, "rounds": n, "value": v}
                   for c, r, o, n, v in b.flames],
        "round": b.round,
        "rolls": list(b.rolls),
    }


def mask_board(board: dict[str, Any], seat: int) -> dict[str, Any]:
    """A seat's view (6): only the forced rolls are hidden (the engine hides the seed)."""
    return {**board, "rolls": HIDDEN}
