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
    return f"Battle{'s' * (len(e['battles']) != 1)} at {where}."


def _cards(e: Event, n: Any) -> str:
    return f"Cards played: {n.card(e['cards'][0])} against {n.card(e['cards'][1])}."


def _resolved(e: Event, n: Any) -> str:
    r = e["result"]
    scores = f"{r['scores'][0]} to {r['scores'][1]}"
    if r.get("winner") is None:
        return f"The battle at {n.tile(r['tile'])} is a draw ({scores})."
    return f"{n.seat(r['winner'])} won the battle at {n.tile(r['tile'])} ({scores})."


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
                                      f"{n.commander(e['commander'])} commander."),
    "armies_created": lambda e, n: "The armies take the field.",
    "units_placed": lambda e, n: f"{n.seat(e['seat'])} placed the army.",
    "placements_revealed": lambda e, n: "Both armies are revealed.",
    "round_started": lambda e, n: f"Round {e['round']} begins.",
    "units_moved": _moved,
    "battles_detected": _detected,
    "battle_started": lambda e, n: f"Battle {e['number']} at {n.tile(e['tile'])}.",
    "cards_revealed": _cards,
    "battle_resolved": _resolved,
    "unit_destroyed": _destroyed,
    "hand_recycled": lambda e, n: f"{n.seat(e['seat'])} took the discarded cards back.",
    "retreat_started": lambda e, n: f"Retreat from {n.tile(e['tile'])}.",
    "unit_retreated": lambda e, n: f"{n.unit(e['unit'])} retreated to {n.tile(e['to'])}.",
    "match_ended": _ended,
}

# Events left out of the log on purpose: readiness, hidden order changes, discards and the end of a sequence show on the screen, never as news.
LEFT_OUT: tuple[str, ...] = ("ready_changed", "orders_changed", "reinforcements_revealed", "card_discarded", "sequence_ended")
