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
    "nexus_damage": lambda e, n: (f"{n.seat(e['seat'])}: the Nexus took {e['amount']} "
                                  f"({e['hp']} HP left)."),
    "nexus_heal": lambda e, n: f"{n.seat(e['seat'])}: the Nexus healed {e['amount']}.",
    "combat_end": lambda e, n: f"Combat over: Nexus {e['hp'][0]} to {e['hp'][1]}.",
    "match_over": _over,
}

# Events left out of the log on purpose: the aura's stat table and the shop's refill show on the board.
LEFT_OUT: tuple[str, ...] = ("aura", "shop_topped_up")
