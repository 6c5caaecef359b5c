"""The seat view (spec 6) as the CPU reads it: living units in scan order and the occupied
tiles, parsed once per decision so the algorithms never touch JSON again.

A unit's statuses are read through the content's status kinds: `blocked` holds the actions
its statuses block (stun: attacks, root: moves, and whatever a mod's kind `blocks`), and
`hp_forecast` the HP they will still add or take (burn takes, regen gives). No kind is known
by name."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.ai.strike.tables import Card, Tables

Tile = tuple[int, int]


@dataclass(slots=True)
class Unit:
    """A unit of the view (spec 6), with its card resolved."""

    id: str
    owner: int
    slot: int
    card: Card
    pos: Tile | None
    hp: int
    max_hp: int
    cooldowns: tuple[int, ...]
    blocked: frozenset[str] = frozenset()
    hp_forecast: int = 0


@dataclass(slots=True)
class Position:
    """The combat position of a view: grid size, units, and who stands where."""

    cols: int
    rows: int
    seat: int
    units: list[Unit]
    occupied: set[Tile] = field(default_factory=set)

    def living(self, owner: int) -> list[Unit]:
        """Living units of `owner` in scan order (column, then row; spec 4.1)."""
        found = [u for u in self.units if u.owner == owner and u.pos is not None and u.hp > 0]
        found.sort(key=_scan_key)
        return found


def _scan_key(unit: Unit) -> Tile:
    assert unit.pos is not None
    return unit.pos


def _turns_value(value: Any) -> tuple[int, int]:
    """A status entry of the State JSON: {"turns", "value"}, or only the turns."""
    if isinstance(value, dict):
        return int(value.get("turns", 0)), int(value.get("value", 0))
    return int(value or 0), 0


NOTHING: tuple[frozenset[str], int] = (frozenset(), 0)


def status_effects(statuses: dict[str, Any], tables: Tables) -> tuple[frozenset[str], int]:
    """(the actions these statuses block, the HP they will still add or take)."""
    blocked: frozenset[str] = frozenset()
    forecast = 0
    by_id = tables.statuses.by_id
    for kind_id, raw in statuses.items():
        if not raw:
            continue
        turns, value = _turns_value(raw)
        if turns <= 0:
            continue
        kind = by_id.get(kind_id)
        if kind is None:
            continue
        if kind.blocks:
            blocked = blocked | kind.blocks
        forecast += kind.hp_forecast(turns, value)
    return (blocked, forecast) if blocked or forecast else NOTHING


def parse_unit(raw: dict[str, Any], tables: Tables) -> Unit:
    card = tables.cards[raw["card"]]
    pos = raw.get("pos")
    blocked, forecast = status_effects(raw.get("statuses") or {}, tables)
    return Unit(id=raw["id"], owner=raw["owner"], slot=raw.get("slot", 0), card=card,
                pos=None if pos is None else (pos[0], pos[1]), hp=raw["hp"],
                max_hp=raw.get("max_hp", card.hp),
                cooldowns=tuple(raw.get("cooldowns") or (0,) * len(card.attacks)),
                blocked=blocked, hp_forecast=forecast)


def parse_position(view: dict[str, Any], tables: Tables, seat: int) -> Position:
    board = view["board"]
    units = [parse_unit(raw, tables) for raw in board.get("units", ())]
    occupied = {u.pos for u in units if u.pos is not None and u.hp > 0}
    return Position(cols=board["cols"], rows=board["rows"], seat=seat, units=units,
                    occupied=occupied)
