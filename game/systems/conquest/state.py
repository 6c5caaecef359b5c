"""The conquest index and the State JSON `board` (spec conquest.md 4.1 and section 6.2).

Every lookup goes through one `Index` kept in `match.extra["conquest"]`: the content, the
`ConquestBoard` component and the living units in canonical order (seat, tanks first, number).
Units are created when the armies are (commander select, a classic start or a setup) and
deleted when they die; the index records both with `journal.on_rollback`, so a rollback
restores it. Hot paths never query esper.
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any

from game.components.common import Ident
from game.components.conquest import ConquestUnit
from game.systems.conquest.content import KINDS

if TYPE_CHECKING:
    from game.components.conquest import ConquestBoard
    from game.engine.match import Match
    from game.systems.conquest.content import Content

KEY = "conquest"


def canonical_key(unit: ConquestUnit) -> tuple[int, int, int]:
    """4.1.2: by seat, then tanks before infantry, then number."""
    return (unit.seat, KINDS.index(unit.kind), unit.n)


class Index:
    """The match's lookups (their contents change only through the journal)."""

    __slots__ = ("content", "board", "units", "entity", "by_id")

    def __init__(self, content: Content, board: ConquestBoard) -> None:
        self.content = content
        self.board = board
        self.units: tuple[ConquestUnit, ...] = ()  # living, canonical order
        self.entity: dict[str, int] = {}
        self.by_id: dict[str, ConquestUnit] = {}

    def restore(self, units: tuple[ConquestUnit, ...], entity: dict[str, int]) -> None:
        self.units = units
        self.entity = entity
        self.by_id = {u.id: u for u in units}

    # -- queries -------------------------------------------------------------------------
    def of_seat(self, seat: int) -> list[ConquestUnit]:
        return [u for u in self.units if u.seat == seat]

    def on_tile(self, tile: str, seat: int | None = None) -> list[ConquestUnit]:
        """Living units whose committed tile is `tile`, canonical order."""
        return [u for u in self.units if u.tile == tile and (seat is None or u.seat == seat)]

    def strength(self, units: list[ConquestUnit] | tuple[ConquestUnit, ...]) -> int:
        return sum(self.content.strength[u.kind] for u in units)

    def sort_ids(self, ids: list[str] | tuple[str, ...] | set[str]) -> tuple[str, ...]:
        return tuple(sorted(ids, key=lambda i: canonical_key(self.by_id[i])))


def index(match: Match) -> Index:
    return match.extra[KEY]


def new_index(match: Match, content: Content, board: ConquestBoard) -> Index:
    match.journal.create(Ident("board"), board)
    idx = Index(content, board)
    match.extra[KEY] = idx
    return idx


def add_units(match: Match, units: list[ConquestUnit]) -> None:
    """Create unit entities (armies created, or a setup) and index them in canonical order."""
    idx = index(match)
    match.journal.on_rollback(idx.restore, idx.units, dict(idx.entity))
    entity = dict(idx.entity)
    for unit in units:
        entity[unit.id] = match.journal.create(Ident(unit.id), unit)
    idx.restore(tuple(sorted((*idx.units, *units), key=canonical_key)), entity)


def destroy(match: Match, unit: ConquestUnit) -> None:
    """Remove a dead unit from the world and the index (dead units leave the State JSON)."""
    idx = index(match)
    match.journal.on_rollback(idx.restore, idx.units, dict(idx.entity))
    entity = dict(idx.entity)
    match.journal.delete(entity.pop(unit.id))
    idx.restore(tuple(u for u in idx.units if u.id != unit.id), entity)


def new_unit(content: Content, seat: int, kind: str, n: int, tile: str | None = None
             ) -> ConquestUnit:
    return ConquestUnit(f"p{seat}.{content.kind_letter[kind]}{n}", seat, kind, n, tile)


# -- State JSON ------------------------------------------------------------------------------
def unit_json(u: ConquestUnit) -> dict[str, Any]:
    return {"id": u.id, "seat": u.seat, "kind": u.kind, "tile": u.tile, "fought": u.fought,
            "reinforced": u.reinforced}


def _pair(value: tuple[tuple[str, ...], tuple[str, ...]]) -> list[list[str]]:
    return [list(value[0]), list(value[1])]


def board_json(match: Match) -> dict[str, Any]:
    """The `board` object with the canonical key and list orders of section 6.2."""
    idx = index(match)
    b = idx.board
    tiles: dict[str, list[list[str]]] = {t: [[], []] for t in idx.content.land}
    for u in idx.units:
        if u.tile is not None:
            tiles[u.tile][u.seat].append(u.id)
    retreat = None
    if b.retreat is not None:
        retreat = {"tile": b.retreat[0], "units": _pair(b.retreat[1])}
    return {
        "setup_kind": b.setup_kind,
        "commanders": list(b.commanders),
        "round": b.round,
        "tiles": tiles,
        "units": [unit_json(u) for u in idx.units],
        "orders": [dict(b.orders[0]), dict(b.orders[1])],
        "ready": list(b.ready),
        "battles": [{"number": n, "tile": t, "state": s} for n, t, s in b.battles],
        "current_battle": b.current_battle,
        "eligible": _pair(b.eligible),
        "reinforcements": _pair(b.reinforcements),
        "cards_chosen": list(b.cards_chosen),
        "hands": _pair(b.hands),
        "discards": _pair(b.discards),
        "retreat": retreat,
        "last_result": _copy(b.last_result),
    }


def _copy(value: Any) -> Any:
    """A copy of plain JSON data (lists, dicts, scalars), so no caller can change the match
    through its State JSON: marshal copies one in C, at half the cost of walking it here."""
    return marshal.loads(marshal.dumps(value))
