"""Decisions of CardConquest (spec conquest.md section 5): verbs and their phases, field types
(check 2), the mode's own rejection checks in the spec's order (checks 6 on, after the engine's
common checks 1-5), the intent of an accepted decision, and the canonical list of legal
decisions (5.3).

`check` resolves what a decision names (the units, the card) once, checks it and returns the
rejection id or the `Intent`: the intent component on its entity (the seat, the card or the
unit), already holding the resolved entities, and the step that consumes it. `intent`
resolves a decision known to be legal without checking it again (a CPU's look-ahead).
Units in a list are checked in list order; duplicate ids count once.

The screens ask these too: `move_targets` (the tiles a selection of units may be ordered to,
the movement screen's blue checks) and `place_targets`; they never re-implement the rules.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from game.components.conquest import (
    ChooseCard,
    CommanderChoice,
    MoveUnits,
    PickUnits,
    PlaceUnits,
    ReadyOrder,
    ResetOrders,
    Retreating,
    RetreatTo,
)
from game.engine.match import Intent
from game.systems.conquest import retreat, world
from game.systems.conquest.battle import eligible_ids
from game.systems.conquest.orders import (
    cap,
    count_after,
    fits,
    pending_counts,
    pending_positions,
)

if TYPE_CHECKING:
    from game.engine.match import Match

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


def _own(index: dict[str, Any], seat: int, uid: str) -> str | None:
    unit = index.get(uid)
    if unit is None:
        return "unknown_unit"
    return None if unit.owner.seat == seat else "not_your_unit"


def _tile(match: Match, tile: str) -> str | None:
    found = world.the_map(match).tiles.get(tile)
    if found is None:
        return "unknown_tile"
    return None if found.land else "water"


# -- checks (5.2) and intents ------------------------------------------------------------------
def check(match: Match, decision: dict[str, Any]) -> str | Intent:
    """The first rejection id of the spec's order, else the decision's intent."""
    verb = decision["type"]
    seat = decision["seat"]
    is_ready = world.is_ready(match, seat)
    if verb == "unready":
        return intent(match, decision) if is_ready else "not_ready"
    if is_ready:
        return "already_ready"
    error = _error(match, seat, verb, decision)
    return error if error is not None else intent(match, decision)


def _error(match: Match, seat: int, verb: str, decision: dict[str, Any]) -> str | None:
    if verb == "choose_commander":
        known = world.content(match).commanders
        return None if decision["commander"] in known else "unknown_commander"
    if verb == "place":
        return _check_place(match, seat, _unique(decision["units"]), decision["to"])
    if verb == "move":
        return _check_move(match, seat, _unique(decision["units"]), decision["to"])
    if verb == "reinforce":
        index = world.units_by_id(match)
        eligible = eligible_ids(match)[seat]
        for uid in decision["units"]:
            error = _own(index, seat, uid)
            if error:
                return error
            if uid not in eligible:
                return "not_eligible"
        return None
    if verb == "choose_card":
        return None if decision["card"] in world.hand(match, seat) else "card_not_in_hand"
    if verb == "retreat":
        return _check_retreat(match, seat, decision["unit"], decision["to"])
    if verb == "ready":
        return ready_error(match, seat)
    return None  # reset_moves


def _check_place(match: Match, seat: int, units: list[str], to: str | None) -> str | None:
    if not units:
        return "no_units"
    index = world.units_by_id(match)
    for uid in units:
        error = _own(index, seat, uid)
        if error:
            return error
    if to is None:
        return None
    error = _tile(match, to)
    if error:
        return error
    if world.the_map(match).tiles[to].zone != seat:
        return "zone_forbidden"
    return "tile_full" if count_after(match, seat, set(units), to) > cap(match) else None


def _check_move(match: Match, seat: int, units: list[str], to: str) -> str | None:
    if not units:
        return "no_units"
    index = world.units_by_id(match)
    for uid in units:
        error = _own(index, seat, uid)
        if error:
            return error
    error = _tile(match, to)
    if error:
        return error
    neighbours = world.the_map(match).neighbours
    for uid in units:
        here = index[uid].pos.tile
        if here is None or (to != here and to not in neighbours[here]):
            return "not_adjacent"
    return "tile_full" if count_after(match, seat, set(units), to) > cap(match) else None


def _check_retreat(match: Match, seat: int, uid: str, to: str) -> str | None:
    index = world.units_by_id(match)
    error = _own(index, seat, uid)
    if error:
        return error
    if not world.holds(index[uid].entity, Retreating):
        return "not_retreating"
    error = _tile(match, to)
    if error:
        return error
    return retreat.retreat_error(match, seat, uid, world.current_site(match), to)


def ready_error(match: Match, seat: int) -> str | None:
    """The phase condition of `ready` (5.2), or None when the seat may ready."""
    phase = match.state.phase
    if phase == "commander" and world.commander(match, seat) is None:
        return "no_commander_chosen"
    if phase == "placement" and any(t is None for t in pending_positions(match, seat).values()):
        return "not_all_placed"
    if phase == "cards" and world.chosen(match)[seat] is None:
        return "no_card_chosen"
    if phase == "retreat" and not retreat.all_left(match, seat):
        return "must_retreat_all"
    return None


def _entities(match: Match, units: list[str]) -> tuple[int, ...]:
    index = world.units_by_id(match)
    return tuple(index[uid].entity for uid in dict.fromkeys(units))


def intent(match: Match, decision: dict[str, Any]) -> Intent:
    """The intent of a decision known to be legal: the component on its entity and the step
    of the schedule that consumes it."""
    verb = decision["type"]
    seat = decision["seat"]
    seat_entity = world.seat_entity(match, seat)
    if verb == "ready" or verb == "unready":
        return Intent(seat_entity, ReadyOrder(verb == "ready"), "ready")
    if verb == "move":
        return Intent(seat_entity, MoveUnits(_entities(match, decision["units"]),
                                             decision["to"]), "move")
    if verb == "place":
        return Intent(seat_entity, PlaceUnits(_entities(match, decision["units"]),
                                              decision["to"]), "place")
    if verb == "reset_moves":
        step = "reset_retreat" if match.state.phase == "retreat" else "reset_orders"
        return Intent(seat_entity, ResetOrders(), step)
    if verb == "reinforce":
        index = world.units_by_id(match)
        picked = sorted({uid: index[uid] for uid in decision["units"]}.values(),
                        key=world.canonical)
        return Intent(seat_entity, PickUnits(tuple(u.entity for u in picked)), "picks")
    if verb == "choose_card":
        card = world.card_in_hand(match, seat, decision["card"])
        assert card is not None
        return Intent(card, ChooseCard(), "card")
    if verb == "retreat":
        return Intent(world.unit(match, decision["unit"]).entity, RetreatTo(decision["to"]),
                      "retreat")
    return Intent(seat_entity, CommanderChoice(decision["commander"]), "commander")


# -- legal lists (5.3) -----------------------------------------------------------------------
def move_targets(match: Match, seat: int, units: list[str],
                 pending: tuple[dict[str, str | None], Counter[str | None]] | None = None
                 ) -> list[str]:
    """Tiles this group of own units may be ordered to now, in scan order: a tile each unit
    may reach (its own or a land neighbour, 4.6.1) that keeps the cap (4.6.2). A unit's own
    tile is included (an order there clears its order)."""
    the_map = world.the_map(match)
    index = world.units_by_id(match)
    near: set[str] | None = None
    for uid in units:
        here = index[uid].pos.tile
        if here is None:
            return []
        reach = {here, *the_map.neighbours[here]}
        near = reach if near is None else near & reach
    if not near:
        return []
    positions, counts = pending or pending_counts(match, seat)
    most = cap(match)
    return [t for t in the_map.land if t in near and fits(positions, counts, units, t, most)]


def place_targets(match: Match, seat: int, uid: str,
                  pending: tuple[dict[str, str | None], Counter[str | None]] | None = None
                  ) -> list[str]:
    """Own-zone tiles a unit may be placed on now, in scan order."""
    positions, counts = pending or pending_counts(match, seat)
    most = cap(match)
    return [t for t in world.the_map(match).zones[seat]
            if fits(positions, counts, [uid], t, most)]


def legal_decisions(match: Match, seat: int) -> list[dict[str, Any]]:
    """The `--legal` list of 5.3 for one seat in `to_act`."""
    phase = match.state.phase
    if world.is_ready(match, seat):
        return [{"seat": seat, "type": "unready"}]
    out: list[dict[str, Any]] = []
    ready = {"seat": seat, "type": "ready"}
    if phase == "commander":
        out = [{"seat": seat, "type": "choose_commander", "commander": c}
               for c in world.content(match).commanders]
        if world.commander(match, seat) is not None:
            out.append(ready)
    elif phase == "placement":
        pending = pending_counts(match, seat)
        placed = {uid for uid, t in pending[0].items() if t is not None}
        for unit in world.of_seat(match, seat):
            uid = unit.ident.id
            out.extend({"seat": seat, "type": "place", "units": [uid], "to": t}
                       for t in place_targets(match, seat, uid, pending))
            if uid in placed:
                out.append({"seat": seat, "type": "place", "units": [uid], "to": None})
        out.append({"seat": seat, "type": "reset_moves"})
        if ready_error(match, seat) is None:
            out.append(ready)
    elif phase == "movement":
        pending = pending_counts(match, seat)
        for unit in world.of_seat(match, seat):
            uid = unit.ident.id
            out.extend({"seat": seat, "type": "move", "units": [uid], "to": t}
                       for t in move_targets(match, seat, [uid], pending))
        out += [{"seat": seat, "type": "reset_moves"}, ready]
    elif phase == "reinforcements":
        out = [{"seat": seat, "type": "reinforce", "units": []}]
        out += [{"seat": seat, "type": "reinforce", "units": [uid]}
                for uid in eligible_ids(match)[seat]]
        out.append(ready)
    elif phase == "cards":
        out = [{"seat": seat, "type": "choose_card", "card": c} for c in world.hand(match, seat)]
        if world.chosen(match)[seat] is not None:
            out.append(ready)
    elif phase == "retreat":
        for unit in world.retreating(match, seat):
            uid = unit.ident.id
            out.extend({"seat": seat, "type": "retreat", "unit": uid, "to": t}
                       for t in retreat.retreat_tiles(match, seat, uid))
        out.append({"seat": seat, "type": "reset_moves"})
        if retreat.all_left(match, seat):
            out.append(ready)
    return out
