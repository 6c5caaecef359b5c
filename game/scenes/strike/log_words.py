"""Marve-Strike's sentences for the match log (game.scenes.event_log), one per event of spec
4.13 that a player wants told. The namer is the screen's: `unit(id)` ("P1 Ember Vine"),
`seat(n)` ("You", "The CPU"), `card(id)`, `status(id)` and `ability(unit_id, index)`."""

from __future__ import annotations

from typing import Any

from game.i18n import _, ngettext

Event = dict[str, Any]


def tile(t: list[int]) -> str:
    return f"({t[0] + 1}, {t[1] + 1})"


def _dealt(e: Event, n: Any) -> str:
    if "starter" in e:
        return _("Cards dealt. First to draft: {who}.").format(who=n.seat(e["starter"]))
    return _("Cards dealt.")


def _taken(e: Event, n: Any) -> str:
    who, card = n.seat(e["seat"]), n.card(e["card"])
    if e["how"] == "steal":
        return _("{who} took {card} from the other hand.").format(who=who, card=card)
    if e["how"] == "swap":
        return _("{who} took {card} and gave up {dropped}.").format(
            who=who, card=card, dropped=n.card(e["dropped"]))
    return _("{who} kept {card}.").format(who=who, card=card)


def _damage(e: Event, n: Any) -> str:
    unit, amount, hp = n.unit(e["unit"]), e["amount"], e["hp"]
    source = e["source"]
    if source in ("strike", "drain"):
        if e.get("roll") is not None:
            return _("{unit} took {amount} damage ({hp} HP left, roll {roll}).").format(
                unit=unit, amount=amount, hp=hp, roll=f"{e['roll']:+d}")
        return _("{unit} took {amount} damage ({hp} HP left).").format(unit=unit,
                                                                       amount=amount, hp=hp)
    if source == "flame":
        return _("{unit} took {amount} from the flames ({hp} HP left).").format(
            unit=unit, amount=amount, hp=hp)
    return _("{unit} took {amount} from {status} ({hp} HP left).").format(
        unit=unit, amount=amount, status=n.status(source), hp=hp)


def _healed(e: Event, n: Any) -> str:
    return _("{unit} healed {amount} ({hp} HP).").format(unit=n.unit(e["unit"]),
                                                         amount=e["amount"], hp=e["hp"])


def _ability(e: Event, n: Any) -> str:
    unit, ability = n.unit(e["unit"]), n.ability(e["unit"], e["attack"])
    if e.get("target"):
        return _("{unit} used {ability} on {target}.").format(unit=unit, ability=ability,
                                                              target=n.unit(e["target"]))
    return _("{unit} used {ability}.").format(unit=unit, ability=ability)


def _ended(e: Event, n: Any) -> str:
    winner = e["result"].get("winner")
    reason = e["result"].get("reason")
    if winner is None:
        return _("The match is a draw.") if reason != "round_cap" else \
            _("Time! The match is a draw.")
    if reason == "round_cap":
        return _("Time! {who} won the match on HP.").format(who=n.seat(winner))
    return _("{who} won the match.").format(who=n.seat(winner))


SENTENCES = {
    "dealt": _dealt,
    "card_taken": _taken,
    "draft_passed": lambda e, n: _("{who} kept the deck as it is.").format(
        who=n.seat(e["seat"])),
    "draft_ended": lambda e, n: _("The draft is over: place your heroes."),
    "unit_placed": lambda e, n: _("{unit} placed at {tile}.").format(unit=n.unit(e["unit"]),
                                                                     tile=tile(e["tile"])),
    "combat_started": lambda e, n: _("The fight begins."),
    "turn_started": lambda e, n: _("Round {round}: {who} to act.").format(
        round=e["round"], who=n.seat(e["seat"])),
    "unit_moved": lambda e, n: _("{unit} moved to {tile}.").format(unit=n.unit(e["unit"]),
                                                                   tile=tile(e["to"])),
    "ability_used": _ability,
    "damage_dealt": _damage,
    "strike_blocked": lambda e, n: _("{unit} shrugged the strike off.").format(
        unit=n.unit(e["unit"])),
    "healed": _healed,
    "status_applied": lambda e, n: ngettext("{unit} has {status} for {n} turn.",
                                            "{unit} has {status} for {n} turns.",
                                            e["turns"]).format(
        unit=n.unit(e["unit"]), status=n.status(e["status"]), n=e["turns"]),
    "status_expired": lambda e, n: _("{status} wore off {unit}.").format(
        status=n.status(e["status"]), unit=n.unit(e["unit"])),
    "flames_laid": lambda e, n: ngettext("{n} tile set on fire.", "{n} tiles set on fire.",
                                         len(e["tiles"])).format(n=len(e["tiles"])),
    "unit_died": lambda e, n: _("{unit} is knocked out.").format(unit=n.unit(e["unit"])),
    "turn_passed": lambda e, n: _("{who} passed.").format(who=n.seat(e["seat"])),
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
            return _("Seat {n}").format(n=seat + 1)
        if seat == s.me:
            return _("You")
        return seat_label(seat) if remote is not None else _("The CPU")

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
        return _(str(self.content.cards[card_id].name))

    def status(self, status_id: str) -> str:
        for entry in self.content.statuses.entries:
            if entry.id == status_id:
                return _(str(entry.name or status_id.replace("_", " ").capitalize()))
        return _("a status")

    def ability(self, unit_id: str, index: int) -> str:
        card = self.content.cards[unit_id.split(".", 1)[1]]
        return _(str(card.attacks[index].name))
