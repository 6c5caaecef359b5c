"""Decisions of CardConquest (spec conquest.md section 5): verbs and their phases, field types
(check 2), the mode's own rejection checks in the spec's order (checks 6 on, after the engine's
common checks 1-5), and the canonical list of legal decisions (5.3).

Units in a list are checked in list order; duplicate ids count once.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from game.systems.conquest import retreat
from game.systems.conquest.orders import (
    MAX_OWN_PER_TILE,
    count_after,
    pending_counts,
    pending_positions,
)
from game.systems.conquest.state import index

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.conquest.state import Index

RUNNING = frozenset({"commander", "placement", "movement", "reinforcements", "cards",
                     "retreat"})
VERBS = {
    "choose_commander": frozenset({"commander"}),
    "place": frozenset({"placement"}),
    "move": frozenset({"movement"}),
    "reset_moves": frozenset({"placement", "movement", "retreat"}),
    "reinforce": frozenset({"reinforcements"}),
    "choose_card": frozenset({"cards"}),
    "retreat": frozenset({"retreat"}),
    "ready": RUNNING,
    "unready": RUNNING,
}

# Section 5.1's fields of each verb; any other key is bad_decision (the engine's common checks).
FIELDS = {
    "choose_commander": frozenset({"commander"}),
    "place": frozenset({"units", "to"}),
    "move": frozenset({"units", "to"}),
    "reset_moves": frozenset(),
    "reinforce": frozenset({"units"}),
    "choose_card": frozenset({"card"}),
    "retreat": frozenset({"unit", "to"}),
    "ready": frozenset(),
    "unready": frozenset(),
}


def _str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def malformed(decision: dict[str, Any]) -> bool:
    """5.2 check 2: a required field missing or of the wrong JSON type."""
    verb = decision["type"]
    if verb == "choose_commander":
        return not isinstance(decision.get("commander"), str)
    if verb == "place":
        return (not _str_list(decision.get("units")) or "to" not in decision
                or not (decision["to"] is None or isinstance(decision["to"], str)))
    if verb == "move":
        return not _str_list(decision.get("units")) or not isinstance(decision.get("to"), str)
    if verb == "reinforce":
        return not _str_list(decision.get("units"))
    if verb == "choose_card":
        return not isinstance(decision.get("card"), str)
    if verb == "retreat":
        return not (isinstance(decision.get("unit"), str) and isinstance(decision.get("to"), str))
    return False


def _unique(units: list[str]) -> list[str]:
    return list(dict.fromkeys(units))


def _own(idx: Index, seat: int, uid: str) -> str | None:
    unit = idx.by_id.get(uid)
    if unit is None:
        return "unknown_unit"
    return None if unit.seat == seat else "not_your_unit"


def _tile(idx: Index, tile: str) -> str | None:
    found = idx.content.tiles.get(tile)
    if found is None:
        return "unknown_tile"
    return None if found.land else "water"


# -- checks (5.2) ----------------------------------------------------------------------------
def check(match: Match, decision: dict[str, Any]) -> str | None:
    verb = decision["type"]
    seat = decision["seat"]
    idx = index(match)
    is_ready = idx.board.ready[seat]
    if verb == "unready":
        return None if is_ready else "not_ready"
    if is_ready:
        return "already_ready"
    if verb == "choose_commander":
        return None if decision["commander"] in idx.content.commanders else "unknown_commander"
    if verb == "place":
        return _check_place(idx, seat, _unique(decision["units"]), decision["to"])
    if verb == "move":
        return _check_move(idx, seat, _unique(decision["units"]), decision["to"])
    if verb == "reinforce":
        for uid in decision["units"]:
            error = _own(idx, seat, uid)
            if error:
                return error
            if uid not in idx.board.eligible[seat]:
                return "not_eligible"
        return None
    if verb == "choose_card":
        return None if decision["card"] in idx.board.hands[seat] else "card_not_in_hand"
    if verb == "retreat":
        return _check_retreat(idx, seat, decision["unit"], decision["to"])
    if verb == "ready":
        return ready_error(match, idx, seat)
    return None  # reset_moves


def _check_place(idx: Index, seat: int, units: list[str], to: str | None) -> str | None:
    if not units:
        return "no_units"
    for uid in units:
        error = _own(idx, seat, uid)
        if error:
            return error
    if to is None:
        return None
    error = _tile(idx, to)
    if error:
        return error
    if idx.content.tiles[to].zone != seat:
        return "zone_forbidden"
    return "tile_full" if count_after(idx, seat, set(units), to) > MAX_OWN_PER_TILE else None


def _check_move(idx: Index, seat: int, units: list[str], to: str) -> str | None:
    if not units:
        return "no_units"
    for uid in units:
        error = _own(idx, seat, uid)
        if error:
            return error
    error = _tile(idx, to)
    if error:
        return error
    for uid in units:
        here = idx.by_id[uid].tile
        if here is None or (to != here and to not in idx.content.neighbours[here]):
            return "not_adjacent"
    return "tile_full" if count_after(idx, seat, set(units), to) > MAX_OWN_PER_TILE else None


def _check_retreat(idx: Index, seat: int, uid: str, to: str) -> str | None:
    error = _own(idx, seat, uid)
    if error:
        return error
    b = idx.board
    assert b.retreat is not None
    if uid not in b.retreat[1][seat]:
        return "not_retreating"
    error = _tile(idx, to)
    if error:
        return error
    return retreat.retreat_error(idx, seat, uid, b.retreat[0], to)


def ready_error(match: Match, idx: Index, seat: int) -> str | None:
    """The phase condition of `ready` (5.2), or None when the seat may ready."""
    phase = match.state.phase
    b = idx.board
    if phase == "commander" and b.commanders[seat] is None:
        return "no_commander_chosen"
    if phase == "placement" and any(t is None for t in pending_positions(idx, seat).values()):
        return "not_all_placed"
    if phase == "cards" and b.cards_chosen[seat] is None:
        return "no_card_chosen"
    if phase == "retreat" and not retreat.all_left(idx, seat):
        return "must_retreat_all"
    return None


# -- legal lists (5.3) -----------------------------------------------------------------------
def _fits(positions: dict[str, str | None], counts: Counter[str | None], uid: str,
          tile: str) -> bool:
    """The unit may be ordered onto `tile` without a sixth own unit pending there."""
    return counts[tile] - (positions[uid] == tile) + 1 <= MAX_OWN_PER_TILE


def move_targets(idx: Index, seat: int, uid: str,
                 pending: tuple[dict[str, str | None], Counter[str | None]] | None = None
                 ) -> list[str]:
    """Tiles a unit may be ordered to now, in scan order (its own tile included)."""
    here = idx.by_id[uid].tile
    if here is None:
        return []
    positions, counts = pending or pending_counts(idx, seat)
    near = {here, *idx.content.neighbours[here]}
    return [t for t in idx.content.land if t in near and _fits(positions, counts, uid, t)]


def place_targets(idx: Index, seat: int, uid: str,
                  pending: tuple[dict[str, str | None], Counter[str | None]] | None = None
                  ) -> list[str]:
    """Own-zone tiles a unit may be placed on now, in scan order."""
    positions, counts = pending or pending_counts(idx, seat)
    return [t for t in idx.content.zones[seat] if _fits(positions, counts, uid, t)]


def legal_decisions(match: Match, seat: int) -> list[dict[str, Any]]:
    """The `--legal` list of 5.3 for one seat in `to_act`."""
    idx = index(match)
    b = idx.board
    phase = match.state.phase
    if b.ready[seat]:
        return [{"seat": seat, "type": "unready"}]
    out: list[dict[str, Any]] = []
    ready = {"seat": seat, "type": "ready"}
    if phase == "commander":
        out = [{"seat": seat, "type": "choose_commander", "commander": c}
               for c in idx.content.commanders]
        if b.commanders[seat] is not None:
            out.append(ready)
    elif phase == "placement":
        orders = dict(b.orders[seat])
        pending = pending_counts(idx, seat)
        for unit in idx.of_seat(seat):
            out.extend({"seat": seat, "type": "place", "units": [unit.id], "to": t}
                       for t in place_targets(idx, seat, unit.id, pending))
            if unit.id in orders:
                out.append({"seat": seat, "type": "place", "units": [unit.id], "to": None})
        out.append({"seat": seat, "type": "reset_moves"})
        if ready_error(match, idx, seat) is None:
            out.append(ready)
    elif phase == "movement":
        pending = pending_counts(idx, seat)
        for unit in idx.of_seat(seat):
            out.extend({"seat": seat, "type": "move", "units": [unit.id], "to": t}
                       for t in move_targets(idx, seat, unit.id, pending))
        out += [{"seat": seat, "type": "reset_moves"}, ready]
    elif phase == "reinforcements":
        out = [{"seat": seat, "type": "reinforce", "units": []}]
        out += [{"seat": seat, "type": "reinforce", "units": [uid]} for uid in b.eligible[seat]]
        out.append(ready)
    elif phase == "cards":
        out = [{"seat": seat, "type": "choose_card", "card": c} for c in b.hands[seat]]
        if b.cards_chosen[seat] is not None:
            out.append(ready)
    elif phase == "retreat":
        assert b.retreat is not None
        for uid in b.retreat[1][seat]:
            out.extend({"seat": seat, "type": "retreat", "unit": uid, "to": t}
                       for t in retreat.retreat_tiles(idx, seat, uid))
        out.append({"seat": seat, "type": "reset_moves"})
        if retreat.all_left(idx, seat):
            out.append(ready)
    return out
