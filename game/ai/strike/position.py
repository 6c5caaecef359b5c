"""The seat view (spec 6) as the CPU reads it: living units in scan order and the occupied
tiles, parsed once per decision so the algorithms never touch JSON again."""

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
    stun: int = 0
    root: int = 0
    burn_turns: int = 0
    burn_value: int = 0
    regen_turns: int = 0
    regen_value: int = 0


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


def _status(statuses: dict[str, Any], key: str) -> tuple[int, int]:
    value = statuses.get(key) or {}
    if isinstance(value, dict):
        return int(value.get("turns", 0)), int(value.get("value", 0))
    return int(value), 0


def parse_unit(raw: dict[str, Any], tables: Tables) -> Unit:
    card = tables.cards[raw["card"]]
    pos = raw.get("pos")
    statuses = raw.get("statuses") or {}
    burn = _status(statuses, "burn")
    regen = _status(statuses, "regen")
    return Unit(id=raw["id"], owner=raw["owner"], slot=raw.get("slot", 0), card=card,
                pos=None if pos is None else (pos[0], pos[1]), hp=raw["hp"],
                max_hp=raw.get("max_hp", card.hp),
                cooldowns=tuple(raw.get("cooldowns") or (0,) * len(card.attacks)),
                stun=int(statuses.get("stun", 0) or 0), root=int(statuses.get("root", 0) or 0),
                burn_turns=burn[0], burn_value=burn[1],
                regen_turns=regen[0], regen_value=regen[1])


def parse_position(view: dict[str, Any], tables: Tables, seat: int) -> Position:
    board = view["board"]
    units = [parse_unit(raw, tables) for raw in board.get("units", ())]
    occupied = {u.pos for u in units if u.pos is not None and u.hp > 0}
    return Position(cols=board["cols"], rows=board["rows"], seat=seat, units=units,
                    occupied=occupied)
