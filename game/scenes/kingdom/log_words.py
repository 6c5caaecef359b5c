"""Kingdom's sentences for the match log (game.scenes.event_log), for the planning events and
the combat log of spec 4.6.7. The namer is the screen's: `seat(n)`, `card(id)` (the card's
name), `unit(uid)` (the card a unit was bought as), `effect(id)` (an effect's archetype, never
its id)."""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _, ngettext

Event = dict[str, Any]

PHASES = {"deck_builder": N_("Turn {turn}: build your decks."), "planning": N_("Turn {turn}: plan."),
          "combat": N_("Turn {turn}: fight.")}
A_PHASE = N_("Turn {turn}: {phase}.")  # a phase the table does not know, by its id


def _phase(e: Event, n: Any) -> str:
    msgid = PHASES.get(e["phase"])
    if msgid is None:
        return _(A_PHASE).format(turn=e["turn"], phase=e["phase"])
    return _(msgid).format(turn=e["turn"])


def _attack(e: Event, n: Any) -> str:
    hits = e.get("hits") or []
    lethal = sum(1 for h in hits if h.get("lethal"))
    who, unit, lane, atk = n.seat(e["seat"]), n.unit(e["uid"]), e["lane"] + 1, e["atk"]
    if lethal:
        return ngettext("{who}: {unit} attacked in lane {lane} ({atk} attack, {n} slain).",
                        "{who}: {unit} attacked in lane {lane} ({atk} attack, {n} slain).",
                        lethal).format(who=who, unit=unit, lane=lane, atk=atk, n=lethal)
    return _("{who}: {unit} attacked in lane {lane} ({atk} attack).").format(
        who=who, unit=unit, lane=lane, atk=atk)


def _nexus(e: Event, n: Any, mine: str, theirs: str, **fields: Any) -> str:
    """A Nexus sentence: "Your Nexus ..." for the person's seat, "<seat>'s Nexus ..." else."""
    if n.is_me(e["seat"]):
        return _(mine).format(**fields)
    return _(theirs).format(who=n.seat(e["seat"]), **fields)


def _over(e: Event, n: Any) -> str:
    winner = e["result"].get("winner")
    if winner is None:
        return _("The match is a draw.")
    return _("{who} won the match.").format(who=n.seat(winner))


SENTENCES = {
    "phase_changed": _phase,
    "unit_bought": lambda e, n: _("{who} bought {card} for {cost}.").format(
        who=n.seat(e["seat"]), card=n.card(e["card"]), cost=e["cost"]),
    "unit_sold": lambda e, n: _("{who} sold {card} (+{coins}).").format(
        who=n.seat(e["seat"]), card=n.card(e["card"]), coins=e["coins"]),
    "unit_moved": lambda e, n: _("{who} moved {unit}.").format(who=n.seat(e["seat"]),
                                                              unit=n.unit(e["uid"])),
    "shop_refreshed": lambda e, n: _("{who} refreshed the shop ({cost}).").format(
        who=n.seat(e["seat"]), cost=e["cost"]),
    "nexus_upgraded": lambda e, n: _(
        "{who} raised the Nexus to level {level} ({hp}/{max_hp} HP).").format(
        who=n.seat(e["seat"]), level=e["level"], hp=e["hp"], max_hp=e["max_hp"]),
    "upkeep": lambda e, n: _("{who}: {income} in, {tax} tax, {coins} coins.").format(
        who=n.seat(e["seat"]), income=e["base"] + e["income"], tax=e["tax"],
        coins=e["coins"]),
    "heal": lambda e, n: _("{who}: the healers restored {amount}.").format(
        who=n.seat(e["seat"]), amount=e["amount"]),
    "attack": _attack,
    "guardian": lambda e, n: _("{who}: {guardian} fell guarding {saved}.").format(
        who=n.seat(e["seat"]), guardian=n.unit(e["guardian"]), saved=n.unit(e["saved"])),
    "death": lambda e, n: _("{who}: {card} fell in lane {lane}.").format(
        who=n.seat(e["seat"]), card=n.card(e["card"]), lane=e["lane"] + 1),
    "trigger": lambda e, n: _("{who}: {unit}'s {effect} ({amount}).").format(
        who=n.seat(e["seat"]), unit=n.unit(e["uid"]), effect=n.effect(e["effect"]),
        amount=e["amount"]),
    "nexus_damage": lambda e, n: _nexus(
        e, n, N_("Your Nexus took {amount} ({hp} HP left)."),
        N_("{who}'s Nexus took {amount} ({hp} HP left)."), amount=e["amount"], hp=e["hp"]),
    "nexus_heal": lambda e, n: _nexus(e, n, N_("Your Nexus healed {amount}."),
                                      N_("{who}'s Nexus healed {amount}."),
                                      amount=e["amount"]),
    "combat_end": lambda e, n: _("Combat over: Nexus {first} to {second}.").format(
        first=e["hp"][0], second=e["hp"][1]),
    "match_over": _over,
}

# Events left out of the log on purpose: the aura's stat table and the shop's refill show on the board.
LEFT_OUT: tuple[str, ...] = ("aura", "shop_topped_up")


class KingdomNamer:
    """Names for the match log from the screen's side (a `KingdomSession`): "You" and "The
    CPU" against one CPU, "Player N" otherwise (the remote player's label over the network), a
    card by its name, a unit by the card it was bought as (`learn` notes each buy, so a unit
    that fell since keeps its name), an effect by its archetype."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.bought: dict[str, str] = {}  # uid -> card id

    def learn(self, event: Event) -> None:
        if "uid" in event and "card" in event:
            self.bought[str(event["uid"])] = str(event["card"])

    def is_me(self, seat: int) -> bool:
        """The seat is the person's own ("You"): its Nexus is "Your Nexus"."""
        s = self.session
        return s.me is not None and len(s.humans) == 1 and seat == s.me

    def seat(self, seat: int) -> str:
        from game.net.remote import seat_label

        s = self.session
        if s.me is not None and len(s.humans) == 1:
            if seat == s.me:
                return _("You")
            return _("The CPU") if s.remote is None else seat_label(seat)
        return _("Player {n}").format(n=seat + 1)

    def card(self, card_id: str) -> str:
        return _(str(self.session.content.cards[card_id].name))

    def unit(self, uid: str) -> str:
        card = self.bought.get(uid)
        if card is None:  # on the board since before this log began (a continued match)
            s, match = self.session, self.session.match
            state = match.view_json(s.me) if s.me is not None else match.state_json()
            for seat in state["board"]["seats"]:
                for unit in seat["slots"]:
                    if isinstance(unit, dict) and unit.get("uid") == uid:
                        card = self.bought[uid] = str(unit["card"])
        return self.card(card) if card is not None else _("a unit")

    def effect(self, effect_id: str) -> str:
        return _(str(self.session.content.effects[effect_id].archetype))


def cpu_turn_reveals(cpu: Any) -> Any:
    """The walls of Undo in a match against the CPU (game.scenes.take_back): the CPU plans
    from a shop the person cannot see, so once it has bought, sold, moved or refreshed, the
    person's turn before it stands (choosing again knowing that would not be fair)."""
    seats = frozenset(cpu)

    def reveals(phase: str, events: list[Event]) -> bool:
        return any(e.get("seat") in seats and e.get("type") in CPU_PLANNING for e in events)

    return reveals


CPU_PLANNING = frozenset({"unit_bought", "unit_sold", "unit_moved", "shop_refreshed",
                          "nexus_upgraded"})
