"""The State JSON `board` of Kingdom and its seat views (spec kingdom.md section 6), read from the
world (game.systems.kingdom.world)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import HIDDEN
from game.systems.kingdom import world
from game.systems.kingdom.world import SeatFacts, read_seat

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.kingdom.content import Content


def hero_json(seat: SeatFacts) -> dict[str, Any] | None:
    if seat.hero is None:
        return None
    return {"card": seat.hero, "status": seat.hero_status}


def seat_json(content: Content, seat: SeatFacts) -> dict[str, Any]:
    """One seat object, keys in the order of section 6."""
    return {
        "faction": seat.faction,
        "mode": seat.mode,
        "hero": hero_json(seat),
        "deck": list(seat.deck),
        "level": seat.level,
        "era": content.era(seat.level).id,
        "slots": [None if u is None else {"card": u[0], "uid": u[1]} for u in seat.slots],
        "hp": seat.hp,
        "max_hp": seat.max_hp,
        "coins": seat.coins,
        "shop": list(seat.shop),
    }


# The events of 4.6.7 that hold a list (of flat objects, or of plain values), and its key: all
# others are flat. A State JSON copies the stored log this way (`copy_log`), never hands it out.
NESTED = {"attack": "hits", "aura": "units", "heal": "units", "combat_end": "hp"}


def copy_log(events: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """A copy of a combat's log of 4.6.7 (of the shapes a combat makes). Every event is
    copied in C (`dict.copy` mapped, no call per event: a CPU's view copies the whole log),
    then the list of each nested one."""
    log = list(map(dict.copy, events))
    copy = dict.copy
    for event in log:
        key = NESTED.get(event["type"])
        if key is not None:
            value = event[key]
            event[key] = list(map(copy, value)) if value and type(value[0]) is dict else value[:]
    return log


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data (a setup's combat log, whatever its events hold)."""
    kind = type(value)
    if kind is dict:
        return {k: copy_json(v) if type(v) in (dict, list) else v for k, v in value.items()}
    if kind is list:
        return [copy_json(v) if type(v) in (dict, list) else v for v in value]
    return value


def board_json(match: Match) -> dict[str, Any]:
    content = world.content(match)
    row = world.board(match)
    if row.log.shaped:
        log = copy_log(row.log.events)
    else:
        log = [copy_json(event) for event in row.log.events]
    return {
        "next_uid": row.board.next_uid,
        "seats": [seat_json(content, read_seat(match, seat)) for seat in (0, 1)],
        "combat_log": log,
    }


def view_board(match: Match, seat: int) -> dict[str, Any]:
    """Seat `seat`'s view: the other seat's offers are hidden, and during the deck builder its
    faction, mode, hero and deck too (section 6). Nulls and lengths stay visible."""
    board = board_json(match)
    other = board["seats"][1 - seat] if seat in (0, 1) else None
    if other is None:
        return board
    other["shop"] = [None if offer is None else HIDDEN for offer in other["shop"]]
    if match.state.phase == "deck_builder":
        for key in ("faction", "mode", "hero", "deck"):
            other[key] = HIDDEN
    return board


def view_to_act(match: Match, seat: int) -> tuple[int, ...]:
    """Seat `seat`'s view of `to_act`. In the deck builder the other seat is always listed,
    built or not, as its deck is always "hidden" (section 6): the real list would tell that it
    has built. The viewer's own entry is the truth; planning and `over` are public."""
    to_act = match.state.to_act
    if match.state.phase != "deck_builder" or seat not in (0, 1):
        return to_act
    return tuple(s for s in (0, 1) if s != seat or s in to_act)


def view_decision(decision: dict[str, Any], seat: int, phase: str) -> dict[str, Any] | None:
    """Another seat's decision as seat `seat` sees it: a `build_deck` not at all (whether the
    other seat has built is hidden until both have, section 6); everything else is public
    (planning is open: the board, coins and buys are public, and a buy empties the offer)."""
    return None if phase == "deck_builder" else decision
