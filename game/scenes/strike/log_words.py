"""Marve-Strike's sentences for the match log (game.scenes.event_log), one per event of spec
4.13 that a player wants told. The namer is the screen's: `unit(id)` ("P1 Ember Vine"),
`seat(n)` ("You", "The CPU"), `card(id)`, `status(id)` and `ability(unit_id, index)`."""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def tile(t: list[int]) -> str:
    return f"({t[0] + 1}, {t[1] + 1})"


def _dealt(e: Event, n: Any) -> str:
    if "starter" in e:
        return f"Cards dealt. First to draft: {n.seat(e['starter'])}."
    return "Cards dealt."


def _taken(e: Event, n: Any) -> str:
    who, card = n.seat(e["seat"]), n.card(e["card"])
    if e["how"] == "steal":
        return f"{who} took {card} from the other hand."
    if e["how"] == "swap":
        return f"{who} took {card} and gave up {n.card(e['dropped'])}."
    return f"{who} kept {card}."


def _damage(e: Event, n: Any) -> str:
    unit, amount, hp = n.unit(e["unit"]), e["amount"], e["hp"]
    source = e["source"]
    if source in ("strike", "drain"):
        roll = f", roll {e['roll']:+d}" if e.get("roll") is not None else ""
        return f"{unit} took {amount} damage ({hp} HP left{roll})."
    if source == "flame":
        return f"{unit} took {amount} from the flames ({hp} HP left)."
    return f"{unit} took {amount} from {n.status(source)} ({hp} HP left)."


def _healed(e: Event, n: Any) -> str:
    return f"{n.unit(e['unit'])} healed {e['amount']} ({e['hp']} HP)."


def _ability(e: Event, n: Any) -> str:
    head = f"{n.unit(e['unit'])} used {n.ability(e['unit'], e['attack'])}"
    return f"{head} on {n.unit(e['target'])}." if e.get("target") else f"{head}."


def _ended(e: Event, n: Any) -> str:
    winner = e["result"].get("winner")
    reason = e["result"].get("reason")
    if winner is None:
        return "The match is a draw." if reason != "round_cap" else "Time! The match is a draw."
    if reason == "round_cap":
        return f"Time! {n.seat(winner)} won the match on HP."
    return f"{n.seat(winner)} won the match."


SENTENCES = {
    "dealt": _dealt,
    "card_taken": _taken,
    "draft_passed": lambda e, n: f"{n.seat(e['seat'])} kept the deck as it is.",
    "draft_ended": lambda e, n: "The draft is over: place your heroes.",
    "unit_placed": lambda e, n: f"{n.unit(e['unit'])} placed at {tile(e['tile'])}.",
    "combat_started": lambda e, n: "The fight begins.",
    "turn_started": lambda e, n: f"Round {e['round']}: {n.seat(e['seat'])} to act.",
    "unit_moved": lambda e, n: f"{n.unit(e['unit'])} moved to {tile(e['to'])}.",
    "ability_used": _ability,
    "damage_dealt": _damage,
    "strike_blocked": lambda e, n: f"{n.unit(e['unit'])} shrugged the strike off.",
    "healed": _healed,
    "status_applied": lambda e, n: (f"{n.unit(e['unit'])} has {n.status(e['status'])} for "
                                    f"{e['turns']} turns."),
    "status_expired": lambda e, n: f"{n.status(e['status'])} wore off {n.unit(e['unit'])}.",
    "flames_laid": lambda e, n: f"{len(e['tiles'])} tiles set on fire.",
    "unit_died": lambda e, n: f"{n.unit(e['unit'])} is knocked out.",
    "turn_passed": lambda e, n: f"{n.seat(e['seat'])} passed.",
    "match_ended": _ended,
}

# Events left out of the log on purpose: a cooldown coming back, the end of a turn and a flame going out show on the board.
LEFT_OUT: tuple[str, ...] = ("cooldown_ready", "turn_ended", "flame_expired")


class StrikeNamer:
    """Names for the match log from the screen's side (a `StrikeSession`): "You" and "The
    CPU" (each seat's number in hot-seat and when CPUs play each other, the remote player's
    label over the network), a unit as its panel block names it ("P1 Ember Vine": P for the
    player's side), a card, a status and an ability by their names in the content."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self._slots: tuple[int, dict[str, int]] = (-1, {})

    @property
    def content(self) -> Any:
        return self.session.content

    def seat(self, seat: int) -> str:
        from game.net.remote import seat_label

        s = self.session
        remote = s.remote
        if remote is not None and remote.spectator:
            return seat_label(seat, remote=False)
        if s.hotseat or not s.humans:
            return f"Seat {seat + 1}"
        if seat == s.me:
            return "You"
        return seat_label(seat) if remote is not None else "The CPU"

    def _slot(self, unit_id: str) -> int:
        """A unit's slot in its side's panel, read from the match once per decision."""
        match = self.session.match
        key = len(match.decisions)
        if self._slots[0] != key:
            units = match.view_json(self.session.me)["board"]["units"]
            self._slots = (key, {u["id"]: u["slot"] for u in units})
        return self._slots[1][unit_id]

    def unit(self, unit_id: str) -> str:
        owner = int(unit_id.split(".", 1)[0][1:])
        label = f"{'PE'[self.session.side(owner)]}{self._slot(unit_id) + 1}"
        return f"{label} {self.card(unit_id.split('.', 1)[1])}"

    def card(self, card_id: str) -> str:
        return str(self.content.cards[card_id].name)

    def status(self, status_id: str) -> str:
        for entry in self.content.statuses.entries:
            if entry.id == status_id:
                return str(entry.name or status_id.replace("_", " ").capitalize())
        return "a status"

    def ability(self, unit_id: str, index: int) -> str:
        card = self.content.cards[unit_id.split(".", 1)[1]]
        return str(card.attacks[index].name)
