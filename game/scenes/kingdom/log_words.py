"""Kingdom's sentences for the match log (game.scenes.event_log), for the planning events and
the combat log of spec 4.6.7. The namer is the screen's: `seat(n)`, `card(id)` (the card's
name), `unit(uid)` (the card a unit was bought as), `effect(id)` (an effect's archetype, never
its id)."""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]

PHASES = {"deck_builder": "build your decks", "planning": "plan", "combat": "fight"}


def _lane(e: Event) -> str:
    return f"lane {e['lane'] + 1}"


def _attack(e: Event, n: Any) -> str:
    hits = e.get("hits") or []
    lethal = sum(1 for h in hits if h.get("lethal"))
    tail = f", {lethal} slain" if lethal else ""
    return (f"{n.seat(e['seat'])}: {n.unit(e['uid'])} attacked in {_lane(e)} "
            f"({e['atk']} attack{tail}).")


def _whose(e: Event, n: Any) -> str:
    """The seat's possessive: "Your", "The CPU's", "Player 2's"."""
    name = n.seat(e["seat"])
    return "Your" if name == "You" else f"{name}'s"


def _over(e: Event, n: Any) -> str:
    winner = e["result"].get("winner")
    return "The match is a draw." if winner is None else f"{n.seat(winner)} won the match."


SENTENCES = {
    "phase_changed": lambda e, n: f"Turn {e['turn']}: {PHASES.get(e['phase'], e['phase'])}.",
    "unit_bought": lambda e, n: (f"{n.seat(e['seat'])} bought {n.card(e['card'])} for "
                                 f"{e['cost']}."),
    "unit_sold": lambda e, n: f"{n.seat(e['seat'])} sold {n.card(e['card'])} (+{e['coins']}).",
    "unit_moved": lambda e, n: f"{n.seat(e['seat'])} moved {n.unit(e['uid'])}.",
    "shop_refreshed": lambda e, n: f"{n.seat(e['seat'])} refreshed the shop ({e['cost']}).",
    "nexus_upgraded": lambda e, n: (f"{n.seat(e['seat'])} raised the Nexus to level "
                                    f"{e['level']} ({e['hp']}/{e['max_hp']} HP)."),
    "upkeep": lambda e, n: (f"{n.seat(e['seat'])}: {e['base'] + e['income']} in, {e['tax']} "
                            f"tax, {e['coins']} coins."),
    "heal": lambda e, n: f"{n.seat(e['seat'])}: the healers restored {e['amount']}.",
    "attack": _attack,
    "guardian": lambda e, n: (f"{n.seat(e['seat'])}: {n.unit(e['guardian'])} fell guarding "
                              f"{n.unit(e['saved'])}."),
    "death": lambda e, n: f"{n.seat(e['seat'])}: {n.card(e['card'])} fell in {_lane(e)}.",
    "trigger": lambda e, n: (f"{n.seat(e['seat'])}: {n.unit(e['uid'])}'s "
                             f"{n.effect(e['effect'])} ({e['amount']})."),
    "nexus_damage": lambda e, n: (f"{_whose(e, n)} Nexus took {e['amount']} "
                                  f"({e['hp']} HP left)."),
    "nexus_heal": lambda e, n: f"{_whose(e, n)} Nexus healed {e['amount']}.",
    "combat_end": lambda e, n: f"Combat over: Nexus {e['hp'][0]} to {e['hp'][1]}.",
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

    def seat(self, seat: int) -> str:
        from game.net.remote import seat_label

        s = self.session
        if s.me is not None and len(s.humans) == 1:
            if seat == s.me:
                return "You"
            return "The CPU" if s.remote is None else seat_label(seat)
        return f"Player {seat + 1}"

    def card(self, card_id: str) -> str:
        return str(self.session.content.cards[card_id].name)

    def unit(self, uid: str) -> str:
        card = self.bought.get(uid)
        if card is None:  # on the board since before this log began (a continued match)
            s, match = self.session, self.session.match
            state = match.view_json(s.me) if s.me is not None else match.state_json()
            for seat in state["board"]["seats"]:
                for unit in seat["slots"]:
                    if isinstance(unit, dict) and unit.get("uid") == uid:
                        card = self.bought[uid] = str(unit["card"])
        return self.card(card) if card is not None else "a unit"

    def effect(self, effect_id: str) -> str:
        return str(self.session.content.effects[effect_id].archetype)


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
