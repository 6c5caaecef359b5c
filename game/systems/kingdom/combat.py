"""One Kingdom combat (spec kingdom.md 4.6): heal, frozen aura snapshot, lanes left to right
with simultaneous attacks, the guardian step, deaths and kill triggers, the Nexus update, and
the combat log of 4.6.7.

`resolve_combat` is a pure function of the two boards: it reads no match, draws nothing and
returns the new boards plus the log. The match applies the outcome (`game.systems.kingdom.turn`)
and the expert CPU scores layouts with the very same function, so the rules exist once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.components.kingdom import Unit
    from game.systems.kingdom.content import Content


@dataclass(frozen=True, slots=True)
class SeatBoard:
    """What a combat needs of one seat: its slots, Nexus HP and max HP."""

    slots: tuple[Unit | None, ...]
    hp: int
    max_hp: int


@dataclass(frozen=True, slots=True)
class CombatOutcome:
    """Both boards after the combat (dead units removed), the heroes that died and the log."""

    slots: tuple[tuple[Unit | None, ...], tuple[Unit | None, ...]]
    hp: tuple[int, int]
    dead_cards: tuple[frozenset[str], frozenset[str]]  # card ids of every unit that died
    log: list[dict[str, Any]]


class _Fighter:
    """A unit during one combat: effective stats from the frozen aura snapshot (4.6.1)."""

    __slots__ = ("seat", "slot", "card", "uid", "atk", "defense", "effect", "alive", "marked",
                 "charge")

    def __init__(self, seat: int, slot: int, card: str, uid: str, atk: int, defense: int,
                 effect: str, charge: int) -> None:
        self.seat = seat
        self.slot = slot
        self.card = card
        self.uid = uid
        self.atk = atk
        self.defense = defense
        self.effect = effect
        self.alive = True
        self.marked = False
        self.charge = charge


def _living(line: list[_Fighter | None], slot: int) -> _Fighter | None:
    """The living unit of a seat in `slot`; None for an empty slot or one the board lacks."""
    if 0 <= slot < len(line):
        fighter = line[slot]
        if fighter is not None and fighter.alive:
            return fighter
    return None


def _start(content: Content, boards: Sequence[SeatBoard], hp: list[int],
           log: list[dict[str, Any]]) -> list[list[_Fighter | None]]:
    """4.6.1: the start heal, the aura snapshot (one `aura` event) and guardian charges."""
    cards = content.cards
    for seat, board in enumerate(boards):
        healers = [unit[1] for unit in board.slots
                   if unit is not None and cards[unit[0]].effect == "heal"]
        if healers:
            healed = max(hp[seat], min(board.max_hp, hp[seat] + len(healers)))
            amount = healed - hp[seat]
            hp[seat] = healed
            log.append({"type": "heal", "seat": seat, "units": healers, "amount": amount,
                        "hp": healed})
    lines: list[list[_Fighter | None]] = []
    aura_units: list[dict[str, Any]] = []
    charges = content.guardian_charges
    for seat, board in enumerate(boards):
        slots = board.slots
        effects = [cards[u[0]].effect if u is not None else "" for u in slots]
        line: list[_Fighter | None] = []
        for i, unit in enumerate(slots):
            if unit is None:
                line.append(None)
                continue
            card = cards[unit[0]]
            bonus = (i > 0 and effects[i - 1] == "aura") + (
                i + 1 < len(slots) and effects[i + 1] == "aura")
            fighter = _Fighter(seat, i, card.id, unit[1], card.atk + bonus, card.defense + bonus,
                               card.effect, charges if card.effect == "guardian" else 0)
            line.append(fighter)
            aura_units.append({"seat": seat, "slot": i, "uid": unit[1], "atk": fighter.atk,
                               "def": fighter.defense, "bonus": bonus})
        lines.append(line)
    log.append({"type": "aura", "units": aura_units})
    return lines


def _attack(x: _Fighter, lane: int, enemy: list[_Fighter | None], pending: list[int],
            marked: list[_Fighter], log: list[dict[str, Any]]) -> _Fighter | None:
    """4.6.3: one attack; returns the melee victim it marked (for kill triggers), if any."""
    y_seat = 1 - x.seat
    atk = x.atk
    hits: list[dict[str, Any]] = []
    victim = None
    if x.effect == "ranged":
        style = "ranged"
        pending[y_seat] += atk
        hits.append({"lane": lane, "target": None, "lethal": False, "nexus": atk})
    elif x.effect == "aoe":
        style = "aoe"
        for j in (lane - 1, lane, lane + 1):
            if j != lane and not 0 <= j < len(enemy):
                continue  # the edge is the target's board (10.8)
            target = _living(enemy, j)
            if target is None:
                pending[y_seat] += atk
                hits.append({"lane": j, "target": None, "lethal": False, "nexus": atk})
                continue
            lethal = atk > target.defense
            if lethal and not target.marked:
                target.marked = True
                marked.append(target)
            hits.append({"lane": j, "target": target.uid, "lethal": lethal, "nexus": 0})
    else:
        style = "melee"
        target = _living(enemy, lane)
        if target is None:
            pending[y_seat] += atk
            hits.append({"lane": lane, "target": None, "lethal": False, "nexus": atk})
        else:
            lethal = atk > target.defense
            spill = atk - target.defense if lethal else 0
            pending[y_seat] += spill
            if lethal:
                victim = target
                if not target.marked:
                    target.marked = True
                    marked.append(target)
            hits.append({"lane": lane, "target": target.uid, "lethal": lethal, "nexus": spill})
    log.append({"type": "attack", "lane": lane, "seat": x.seat, "uid": x.uid, "style": style,
                "atk": atk, "hits": hits})
    return victim


def _guardian_step(lane: int, lines: list[list[_Fighter | None]], marked: list[_Fighter],
                   removed: list[tuple[_Fighter, str]], log: list[dict[str, Any]]) -> None:
    """4.6.4: one pass over the marked units by (seat, slot); a living, charged, unmarked
    guardian next to a marked unit (left first) dies in its place."""
    for v in sorted(marked, key=lambda f: (f.seat, f.slot)):
        if not v.marked:
            continue
        line = lines[v.seat]
        for j in (v.slot - 1, v.slot + 1):
            g = _living(line, j)
            if g is None or g.effect != "guardian" or g.charge <= 0 or g.marked:
                continue
            g.alive = False
            g.charge = 0
            v.marked = False
            removed.append((g, "sacrifice"))
            log.append({"type": "guardian", "lane": lane, "seat": v.seat, "guardian": g.uid,
                        "guardian_slot": g.slot, "saved": v.uid, "saved_slot": v.slot})
            break


def resolve_combat(content: Content, boards: Sequence[SeatBoard]) -> CombatOutcome:
    """The whole combat of 4.6 on two boards (seat 0 = A, seat 1 = B)."""
    log: list[dict[str, Any]] = []
    hp = [boards[0].hp, boards[1].hp]
    max_hp = (boards[0].max_hp, boards[1].max_hp)
    lines = _start(content, boards, hp, log)
    dead: tuple[set[str], set[str]] = (set(), set())
    for lane in range(max(len(lines[0]), len(lines[1]))):
        a = _living(lines[0], lane)
        b = _living(lines[1], lane)
        if a is None and b is None:
            continue
        pending = [0, 0]
        heal = [0, 0]
        marked: list[_Fighter] = []
        victims: list[tuple[_Fighter, _Fighter]] = []
        for x in (a, b):
            if x is not None:
                victim = _attack(x, lane, lines[1 - x.seat], pending, marked, log)
                if victim is not None:
                    victims.append((x, victim))
        removed: list[tuple[_Fighter, str]] = []
        if marked:
            _guardian_step(lane, lines, marked, removed, log)
            for v in marked:
                if v.marked:
                    v.alive = False
                    v.marked = False
                    removed.append((v, "killed"))
        removed.sort(key=lambda pair: (pair[0].seat, pair[0].slot))
        killed = {id(f) for f, cause in removed if cause == "killed"}
        for f, cause in removed:
            dead[f.seat].add(f.card)
            log.append({"type": "death", "lane": lane, "seat": f.seat, "slot": f.slot,
                        "uid": f.uid, "card": f.card, "cause": cause})
        for x, victim in victims:  # attackers in seat order already (a before b)
            # a sacrifice is never a kill (4.6.4), a saved victim did not die
            if id(victim) not in killed or x.effect not in ("overkillHeal", "cleave"):
                continue
            if x.effect == "overkillHeal":
                amount = x.atk - victim.defense
                heal[x.seat] += amount
            else:
                amount = x.atk
                pending[victim.seat] += amount
            log.append({"type": "trigger", "lane": lane, "seat": x.seat, "uid": x.uid,
                        "effect": x.effect, "amount": amount})
        for seat in (0, 1):
            if pending[seat] > 0:
                hp[seat] -= pending[seat]
                log.append({"type": "nexus_damage", "lane": lane, "seat": seat,
                            "amount": pending[seat], "hp": hp[seat]})
        for seat in (0, 1):
            if heal[seat] > 0:
                healed = max(hp[seat], min(max_hp[seat], hp[seat] + heal[seat]))
                gained = healed - hp[seat]
                hp[seat] = healed
                log.append({"type": "nexus_heal", "lane": lane, "seat": seat, "amount": gained,
                            "hp": healed})
    log.append({"type": "combat_end", "hp": [hp[0], hp[1]]})
    slots = tuple(
        tuple((f.card, f.uid) if f is not None and f.alive else None for f in line)
        for line in lines
    )
    return CombatOutcome((slots[0], slots[1]), (hp[0], hp[1]),
                         (frozenset(dead[0]), frozenset(dead[1])), log)
