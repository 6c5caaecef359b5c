"""CardConquest's sentences for the match log (game.scenes.event_log), for the events of spec
4.16 a player wants told. The namer is the screen's: `unit(id)` ("your tank 3"), `seat(n)`,
`card(id)`, `commander(id)` and `tile(id)`. A seat's events carry only what its view shows
(its own placements until they are revealed)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.i18n import N_, _, ngettext

Event = dict[str, Any]

# why the war was won, each a whole sentence (a reason the table lacks: the plain sentence)
WAR_WON = {"base_captured": N_("{player} won the war (base captured)."),
           "elimination": N_("{player} won the war (no army left)."),
           "round_cap": N_("{player} won the war (round cap).")}
WAR_WON_PLAIN = N_("{player} won the war.")


def _owner(unit_id: str) -> int:
    return int(unit_id.split(".")[0][1:])  # "p1.t3" -> 1


def _moved(e: Event, n: Any) -> str | None:
    if not e["moves"]:
        return None
    per_seat = Counter(_owner(m["unit"]) for m in e["moves"])
    return " ".join(ngettext("{player} moved {n} unit.", "{player} moved {n} units.",
                             count).format(player=n.seat(seat), n=count)
                    for seat, count in sorted(per_seat.items()))


def _detected(e: Event, n: Any) -> str | None:
    if not e["battles"]:
        return None
    where = ", ".join(n.tile(b["tile"]) for b in e["battles"])
    return ngettext("Battle detected at {tiles}.", "Battles detected at {tiles}.",
                    len(e["battles"])).format(tiles=where)


def _cards(e: Event, n: Any) -> str:
    return _("Cards played: {card} against {other}.").format(card=n.card(e["cards"][0]),
                                                              other=n.card(e["cards"][1]))


def _resolved(e: Event, n: Any) -> str:
    r = e["result"]
    winner = r.get("winner")
    if winner is None:
        return _("The battle at {tile} is a draw ({score} to {other}).").format(
            tile=n.tile(r["tile"]), score=r["scores"][0], other=r["scores"][1])
    return _("{player} won the battle at {tile} ({score} to {other}).").format(  # winner's first
        player=n.seat(winner), tile=n.tile(r["tile"]), score=r["scores"][winner],
        other=r["scores"][1 - winner])


def _destroyed(e: Event, n: Any) -> str:
    words = _("{unit} was trapped at {tile}.") if e.get("cause") == "trapped" \
        else _("{unit} fell at {tile}.")
    return words.format(unit=n.unit(e["unit"]), tile=n.tile(e["tile"]))


def _ended(e: Event, n: Any) -> str:
    if e.get("winner") is None:
        return _("The war ends in a draw.")
    return _(WAR_WON.get(e.get("reason") or "", WAR_WON_PLAIN)).format(
        player=n.seat(e["winner"]))


SENTENCES = {
    "commander_chosen": lambda e, n: _("{player} chose the {commander}.").format(
        player=n.seat(e["seat"]), commander=n.commander(e["commander"])),
    "armies_created": lambda e, n: _("The armies take the field."),
    "placements_revealed": lambda e, n: _("Both armies are revealed."),
    "round_started": lambda e, n: _("Round {n} begins.").format(n=e["round"]),
    "units_moved": _moved,
    "battles_detected": _detected,
    "battle_started": lambda e, n: _("Battle {number} at {tile} begins.").format(
        number=e["number"], tile=n.tile(e["tile"])),
    "cards_revealed": _cards,
    "battle_resolved": _resolved,
    "unit_destroyed": _destroyed,
    "hand_recycled": lambda e, n: _("{player} took the discarded cards back.").format(
        player=n.seat(e["seat"])),
    "retreat_started": lambda e, n: _("Retreat from {tile}.").format(tile=n.tile(e["tile"])),
    "unit_retreated": lambda e, n: _("{unit} retreated to {tile}.").format(
        unit=n.unit(e["unit"]), tile=n.tile(e["to"])),
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
                return _("You")
            return _("The CPU") if s.remote is None else seat_label(seat)
        return _("Player {n}").format(n=seat + 1)

    def unit(self, unit_id: str) -> str:
        tank = unit_id.split(".")[1].startswith("t")
        number = unit_id.split(".")[1][1:]
        owner = _owner(unit_id)
        s = self.session
        if len(s.humans) == 1:
            whose = "mine" if owner == s.humans[0] else "cpu" if s.remote is None else "theirs"
            return _(UNIT_NAMES[whose, tank]).format(n=number)
        return _(UNIT_NAMES["player", tank]).format(player=owner + 1, n=number)

    def card(self, card_id: str) -> str:
        return _(str(self.session.content.cards[card_id].name))

    def commander(self, army_id: str) -> str:
        return _(str(self.session.content.armies[army_id].name))

    def tile(self, tile_id: str) -> str:
        return str(tile_id)


# a unit as the log names it, by whose it is and whether it is a tank: whole names, since a
# language's words for "your" follow the unit's kind ("seu tanque", "sua infantaria")
UNIT_NAMES = {
    ("mine", True): N_("Your tank {n}"), ("mine", False): N_("Your infantry {n}"),
    ("cpu", True): N_("The CPU's tank {n}"), ("cpu", False): N_("The CPU's infantry {n}"),
    ("theirs", True): N_("Their tank {n}"), ("theirs", False): N_("Their infantry {n}"),
    ("player", True): N_("Player {player}'s tank {n}"),
    ("player", False): N_("Player {player}'s infantry {n}"),
}
