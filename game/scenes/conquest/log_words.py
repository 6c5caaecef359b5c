"""CardConquest's sentences for the match log (game.scenes.event_log), for the events of spec
4.16 a player wants told. The namer is the screen's: `unit(id)` ("your tank 3"), `seat(n)`,
`card(id)`, `commander(id)` and `tile(id)`. A seat's events carry only what its view shows
(its own placements until they are revealed)."""

from __future__ import annotations

from collections import Counter
from typing import Any

Event = dict[str, Any]


def _owner(unit_id: str) -> int:
    return int(unit_id.split(".")[0][1:])  # "p1.t3" -> 1


def _moved(e: Event, n: Any) -> str | None:
    if not e["moves"]:
        return None
    per_seat = Counter(_owner(m["unit"]) for m in e["moves"])
    return " ".join(f"{n.seat(seat)} moved {count} unit{'s' * (count != 1)}."
                    for seat, count in sorted(per_seat.items()))


def _detected(e: Event, n: Any) -> str | None:
    if not e["battles"]:
        return None
    where = ", ".join(n.tile(b["tile"]) for b in e["battles"])
    return f"Battle{'s' * (len(e['battles']) != 1)} detected at {where}."


def _cards(e: Event, n: Any) -> str:
    return f"Cards played: {n.card(e['cards'][0])} against {n.card(e['cards'][1])}."


def _resolved(e: Event, n: Any) -> str:
    r = e["result"]
    winner = r.get("winner")
    if winner is None:
        scores = f"{r['scores'][0]} to {r['scores'][1]}"
        return f"The battle at {n.tile(r['tile'])} is a draw ({scores})."
    scores = f"{r['scores'][winner]} to {r['scores'][1 - winner]}"  # the winner's first
    return f"{n.seat(winner)} won the battle at {n.tile(r['tile'])} ({scores})."


def _destroyed(e: Event, n: Any) -> str:
    how = "was trapped" if e.get("cause") == "trapped" else "fell"
    return f"{n.unit(e['unit'])} {how} at {n.tile(e['tile'])}."


def _ended(e: Event, n: Any) -> str:
    if e.get("winner") is None:
        return "The war ends in a draw."
    why = {"base_captured": "base captured", "elimination": "no army left",
           "round_cap": "round cap"}.get(e.get("reason"), "")
    return f"{n.seat(e['winner'])} won the war" + (f" ({why})." if why else ".")


SENTENCES = {
    "commander_chosen": lambda e, n: (f"{n.seat(e['seat'])} chose the "
                                      f"{n.commander(e['commander'])}."),
    "armies_created": lambda e, n: "The armies take the field.",
    "placements_revealed": lambda e, n: "Both armies are revealed.",
    "round_started": lambda e, n: f"Round {e['round']} begins.",
    "units_moved": _moved,
    "battles_detected": _detected,
    "battle_started": lambda e, n: f"Battle {e['number']} at {n.tile(e['tile'])} begins.",
    "cards_revealed": _cards,
    "battle_resolved": _resolved,
    "unit_destroyed": _destroyed,
    "hand_recycled": lambda e, n: f"{n.seat(e['seat'])} took the discarded cards back.",
    "retreat_started": lambda e, n: f"Retreat from {n.tile(e['tile'])}.",
    "unit_retreated": lambda e, n: f"{n.unit(e['unit'])} retreated to {n.tile(e['to'])}.",
    "match_ended": _ended,
}

# Events left out of the log on purpose: readiness, sealed placements and order changes (one
# per unit, and saying only that a seat is at it), discards and the end of a sequence show on
# the screen, never as news.
LEFT_OUT: tuple[str, ...] = ("ready_changed", "units_placed", "orders_changed",
                             "reinforcements_revealed", "card_discarded", "sequence_ended")

# The events that show a person what the other seat chose in secret (spec 4.3, 6.4): the
# placements, the moves, the reinforcements and the battle cards. Undo stops at them
# (game.scenes.take_back): choosing again knowing them would not be fair.
REVEALS = frozenset({"placements_revealed", "units_moved", "reinforcements_revealed",
                     "cards_revealed"})


def reveals(phase: str, events: list[Event]) -> bool:
    """A step of `phase` with these events revealed a seat's secret choice."""
    return any(e.get("type") in REVEALS for e in events)


class ConquestNamer:
    """Names for the war's log from the screen's side (a `ConquestSession`): "You" and "The
    CPU" against one CPU, each seat's "Player N" otherwise (a network seat's label for the
    remote player), a unit as its seat's "tank 3" ("your tank 3" for the person's own), a
    card, a commander's army by its name in the content, a tile by the id the map prints."""

    def __init__(self, session: Any) -> None:
        self.session = session

    def seat(self, seat: int) -> str:
        from game.net.remote import seat_label

        s = self.session
        if len(s.humans) == 1:
            if seat == s.humans[0]:
                return "You"
            return "The CPU" if s.remote is None else seat_label(seat)
        return f"Player {seat + 1}"

    def unit(self, unit_id: str) -> str:
        kind, number = ("tank" if unit_id.split(".")[1].startswith("t") else "infantry",
                        unit_id.split(".")[1][1:])
        owner = _owner(unit_id)
        s = self.session
        if len(s.humans) == 1:
            whose = "Your" if owner == s.humans[0] else "The CPU's" if s.remote is None \
                else "Their"
        else:
            whose = f"Player {owner + 1}'s"
        return f"{whose} {kind} {number}"

    def card(self, card_id: str) -> str:
        return str(self.session.content.cards[card_id].name)

    def commander(self, army_id: str) -> str:
        return str(self.session.content.armies[army_id].name)

    def tile(self, tile_id: str) -> str:
        return str(tile_id)
