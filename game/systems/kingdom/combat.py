"""One Kingdom combat (spec kingdom.md 4.6): the start (heal, the frozen aura snapshot,
guardian charges), lanes left to right with simultaneous attacks, the guardian step, deaths
and kill triggers, the Nexus update, and the combat log of 4.6.7.

`resolve_combat` is a pure function of two boards and the content: it reads no match, draws
nothing and returns the survivors, both HPs, the fallen units and the log (plain data). The
match's combat system (game.systems.kingdom.systems.Combat) reads the board's components into
it and applies the outcome through commands; the expert CPU scores layouts with that very
system in its scratch match, so the rules exist once. One engine command per hit would cost
the expert about seven times as much (docs/kingdom.md "One combat system").

Nothing here branches on a keyword's id. A unit attacks with its keyword's registered attack
style (`melee`, `ranged`, `aoe`, registered below); its keyword's triggers run at the hook
points of game.systems.kingdom.keywords (`start_of_combat`: heal, aura; `on_death`: guardian;
`melee_hit` and `on_kill`: overkillHeal, cleave, a mod's thorns). The aura snapshot is a
gather: every `aura` lends engine `Modifier`s to its neighbours, and each unit's effective ATK
and DEF are its `Stats` through the engine's layers (`apply_layers`), frozen for the combat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from game.engine.hooks import apply_layers
from game.systems.kingdom.keywords import ATTACK_STYLES, Keyword

if TYPE_CHECKING:
    from game.components.common import Modifier
    from game.components.kingdom import Unit
    from game.systems.kingdom.content import Content

Log = list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class SeatBoard:
    """What a combat needs of one seat: its slots (card, uid), Nexus HP and max HP; the
    guardian charges per slot (None: the content's `guardian_charges` for every unit whose
    keyword saves) and the entity of each unit (None outside a match)."""

    slots: tuple[Unit | None, ...]
    hp: int
    max_hp: int
    charges: tuple[int, ...] | None = None
    refs: tuple[int | None, ...] | None = None


class Fighter:
    """A unit during one combat: its effective stats from the frozen snapshot (4.6.1)."""

    __slots__ = ("seat", "slot", "card", "uid", "atk", "defense", "keyword", "alive", "marked",
                 "charge", "ref")

    def __init__(self, seat: int, slot: int, card: str, uid: str, atk: int, defense: int,
                 keyword: Keyword, charge: int, ref: int | None) -> None:
        self.seat = seat
        self.slot = slot
        self.card = card
        self.uid = uid
        self.atk = atk
        self.defense = defense
        self.keyword = keyword
        self.alive = True
        self.marked = False
        self.charge = charge
        self.ref = ref


@dataclass(slots=True)
class Strike:
    """A melee attack that reached a unit: what `melee_hit` and `on_kill` triggers see."""

    attacker: Fighter
    target: Fighter
    lethal: bool


class Fallen(NamedTuple):
    """A unit removed by the combat: "killed", or "sacrifice" (a guardian that saved). A named
    tuple: one is made for every death, and a tuple is made at C speed."""

    fighter: Fighter
    cause: str


@dataclass(slots=True)
class CombatOutcome:
    """Both boards after the combat (the fallen removed), both HPs, the fallen units in log
    order, every unit's charges after the combat, and the log."""

    slots: tuple[tuple[Unit | None, ...], tuple[Unit | None, ...]]
    hp: tuple[int, int]
    fallen: list[Fallen]
    log: Log
    fighters: list[Fighter] = field(default_factory=list)

    @property
    def dead_cards(self) -> tuple[frozenset[str], frozenset[str]]:
        """The card ids of every unit that fell, per seat."""
        dead: tuple[set[str], set[str]] = (set(), set())
        for f in self.fallen:
            dead[f.fighter.seat].add(f.fighter.card)
        return frozenset(dead[0]), frozenset(dead[1])


NONE_KILLED: frozenset[int] = frozenset()


def _place(fallen: Fallen) -> tuple[int, int]:
    return fallen.fighter.seat, fallen.fighter.slot


class Combat:
    """The state of one combat while it resolves: both lines, the HPs, this lane's pending
    Nexus damage and heal, the marked units, the fallen and the log. Keyword effects act on
    it through its methods."""

    __slots__ = ("content", "lines", "hp", "max_hp", "log", "lane", "pending", "heal", "marked",
                 "removed", "fallen", "_healers", "_healing", "_lent", "_savers")

    def __init__(self, content: Content, boards: Sequence[SeatBoard]) -> None:
        self.content = content
        keywords = content.effects
        cards = content.cards
        charges = content.guardian_charges
        self.lines: list[list[Fighter | None]] = []
        for seat, board in enumerate(boards):
            line: list[Fighter | None] = []
            given, refs = board.charges, board.refs
            for i, unit in enumerate(board.slots):
                if unit is None:
                    line.append(None)
                    continue
                card = cards[unit[0]]
                keyword = keywords[card.effect]
                charge = given[i] if given is not None else (charges if keyword.saves else 0)
                line.append(Fighter(seat, i, card.id, unit[1], card.atk, card.defense, keyword,
                                    charge, refs[i] if refs is not None else None))
            self.lines.append(line)
        self.hp = [boards[0].hp, boards[1].hp]
        self.max_hp = (boards[0].max_hp, boards[1].max_hp)
        self.log: Log = []
        self.lane = -1
        self.pending = [0, 0]
        self.heal = [0, 0]
        self.marked: list[Fighter] = []
        self.removed: list[Fallen] = []
        self.fallen: list[Fallen] = []
        self._healers: tuple[list[str], list[str]] = ([], [])  # the start heal's units
        self._healing = [0, 0]  # and the HP they ask for
        self._lent: dict[Fighter, list[Modifier]] = {}
        # The units whose keyword has `on_death` triggers, by (seat, slot): the guardian step's
        # candidates (each trigger checks that its holder still stands).
        self._savers = [f for line in self.lines for f in line
                        if f is not None and f.keyword.on_death]

    # -- what keyword effects do -------------------------------------------------------------
    def start_heal(self, holder: Fighter, value: int) -> None:
        """4.6.1 step 1: the holder's Nexus heals `value` at the start (one `heal` event)."""
        healers = self._healers[holder.seat]
        if not healers or healers[-1] != holder.uid:
            healers.append(holder.uid)
        self._healing[holder.seat] += value

    def lend(self, target: Fighter, *modifiers: Modifier) -> None:
        """Modifiers of the snapshot lent to `target` (an aura's neighbour)."""
        self._lent.setdefault(target, []).extend(modifiers)

    def sacrifice(self, guardian: Fighter, saved: Fighter) -> None:
        """4.6.4: the guardian dies at once in the place of `saved`, whose mark is cleared."""
        guardian.alive = False
        guardian.charge = 0
        saved.marked = False
        self.removed.append(Fallen(guardian, "sacrifice"))
        self.log.append({"type": "guardian", "lane": self.lane, "seat": saved.seat,
                         "guardian": guardian.uid, "guardian_slot": guardian.slot,
                         "saved": saved.uid, "saved_slot": saved.slot})

    def heal_nexus(self, holder: Fighter, amount: int, keyword: Keyword) -> None:
        """A trigger heals the holder's Nexus at this lane's update (4.6.5, 4.6.6)."""
        self.heal[holder.seat] += amount
        self._trigger(holder, keyword, amount)

    def damage_enemy_nexus(self, holder: Fighter, amount: int, keyword: Keyword) -> None:
        """A trigger adds to the pending damage of the holder's enemy's Nexus (4.6.5)."""
        self.pending[1 - holder.seat] += amount
        self._trigger(holder, keyword, amount)

    def _trigger(self, holder: Fighter, keyword: Keyword, amount: int) -> None:
        self.log.append({"type": "trigger", "lane": self.lane, "seat": holder.seat,
                         "uid": holder.uid, "effect": keyword.id, "amount": amount})

    # -- reading the lines -------------------------------------------------------------------
    def living(self, seat: int, slot: int) -> Fighter | None:
        """The living unit of a seat in `slot`; None for an empty slot or one the board lacks."""
        line = self.lines[seat]
        if 0 <= slot < len(line):
            fighter = line[slot]
            if fighter is not None and fighter.alive:
                return fighter
        return None

    def mark(self, target: Fighter) -> None:
        if not target.marked:
            target.marked = True
            self.marked.append(target)

    # -- the rules ---------------------------------------------------------------------------
    def start(self) -> None:
        """4.6.1: the `start_of_combat` triggers of every unit (seat 0 by slot, then seat 1),
        then the heals they asked for (one `heal` event per seat that has any), then the
        frozen snapshot of the modifiers they lent (one `aura` event)."""
        for line in self.lines:
            for fighter in line:
                if fighter is not None:
                    for trigger in fighter.keyword.on_start:
                        trigger.run(self, fighter, fighter, fighter.keyword)
        for seat in (0, 1):
            healers = self._healers[seat]
            if healers:
                hp = self.hp[seat]
                healed = max(hp, min(self.max_hp[seat], hp + self._healing[seat]))
                self.hp[seat] = healed
                self.log.append({"type": "heal", "seat": seat, "units": healers,
                                 "amount": healed - hp, "hp": healed})
        lent = self._lent
        units: Log = []
        for seat, line in enumerate(self.lines):
            for fighter in line:
                if fighter is None:
                    continue
                base = fighter.atk
                modifiers = lent.get(fighter)
                if modifiers:
                    fighter.atk = int(apply_layers(base, (m for m in modifiers if m.hook == "atk")))
                    fighter.defense = int(apply_layers(fighter.defense, (
                        m for m in modifiers if m.hook == "def")))
                units.append({"seat": seat, "slot": fighter.slot, "uid": fighter.uid,
                              "atk": fighter.atk, "def": fighter.defense,
                              "bonus": fighter.atk - base})
        self.log.append({"type": "aura", "units": units})

    def run_lane(self, lane: int, a: Fighter | None, b: Fighter | None) -> None:
        """4.6.2-4.6.6 for one lane with at least one living unit."""
        self.lane = lane
        self.pending = pending = [0, 0]
        self.heal = heal = [0, 0]
        self.marked = marked = []
        self.removed = removed = []
        strikes: list[Strike] = []
        if a is not None:
            strike = a.keyword.attack.fn(self, a, lane)
            if strike is not None:
                strikes.append(strike)
        if b is not None:
            strike = b.keyword.attack.fn(self, b, lane)
            if strike is not None:
                strikes.append(strike)
        if marked:
            self.guardian_step()
            for v in marked:
                if v.marked:
                    v.alive = False
                    v.marked = False
                    removed.append(Fallen(v, "killed"))
        killed: set[int] | frozenset[int] = NONE_KILLED
        if removed:
            if len(removed) > 1:
                removed.sort(key=_place)
            killed = {id(f.fighter) for f in removed if f.cause == "killed"}
            log = self.log
            for f in removed:
                v = f.fighter
                log.append({"type": "death", "lane": lane, "seat": v.seat, "slot": v.slot,
                            "uid": v.uid, "card": v.card, "cause": f.cause})
            self.fallen.extend(removed)
        for strike in strikes:  # attackers in seat order already (a before b)
            self.strike_triggers(strike, id(strike.target) in killed)
        hp = self.hp
        if pending[0] <= 0 and pending[1] <= 0 and heal[0] <= 0 and heal[1] <= 0:
            return
        for seat in (0, 1):
            if pending[seat] > 0:
                hp[seat] -= pending[seat]
                self.log.append({"type": "nexus_damage", "lane": lane, "seat": seat,
                                 "amount": pending[seat], "hp": hp[seat]})
        for seat in (0, 1):
            if heal[seat] > 0:
                healed = max(hp[seat], min(self.max_hp[seat], hp[seat] + heal[seat]))
                gained = healed - hp[seat]
                hp[seat] = healed
                self.log.append({"type": "nexus_heal", "lane": lane, "seat": seat,
                                 "amount": gained, "hp": healed})

    def guardian_step(self) -> None:
        """4.6.4: one pass over this lane's marked units by (seat, slot); the `on_death`
        triggers of the units that have one run for each unit still marked, holders in
        (seat, slot) order, until one saves it (a guardian: left neighbour first)."""
        savers = self._savers
        if not savers:
            return
        for v in sorted(self.marked, key=lambda f: (f.seat, f.slot)):
            for g in savers:
                if not v.marked:
                    break
                for trigger in g.keyword.on_death:
                    trigger.run(self, g, v, g.keyword)

    def strike_triggers(self, strike: Strike, killed: bool) -> None:
        """4.6.5 step 2 for one melee attack that reached a unit: the `melee_hit` triggers of
        the unit hit, then of the attacker; when the target actually died (not saved), the
        `on_kill` triggers of the attacker, then of the victim."""
        x, y = strike.attacker, strike.target
        for trigger in y.keyword.when_hit:
            trigger.run(self, y, x, y.keyword)
        for trigger in x.keyword.when_hitting:
            trigger.run(self, x, y, x.keyword)
        if killed:
            for trigger in x.keyword.when_killing:
                trigger.run(self, x, y, x.keyword)
            for trigger in y.keyword.when_killed:
                trigger.run(self, y, x, y.keyword)


# -- the attack styles (4.6.3) -------------------------------------------------------------------
@ATTACK_STYLES.register("melee")
def melee(combat: Combat, x: Fighter, lane: int) -> Strike | None:
    """The unit opposite is marked iff ATK > its DEF (a tie survives); the spillover always
    reaches the Nexus; an empty slot sends the whole ATK to the Nexus."""
    y_seat = 1 - x.seat
    atk = x.atk
    target = combat.living(y_seat, lane)
    if target is None:
        combat.pending[y_seat] += atk
        hits = [{"lane": lane, "target": None, "lethal": False, "nexus": atk}]
        strike = None
    else:
        lethal = atk > target.defense
        spill = atk - target.defense if lethal else 0
        combat.pending[y_seat] += spill
        if lethal:
            combat.mark(target)
        hits = [{"lane": lane, "target": target.uid, "lethal": lethal, "nexus": spill}]
        strike = Strike(x, target, lethal)
    combat.log.append({"type": "attack", "lane": lane, "seat": x.seat, "uid": x.uid,
                       "style": "melee", "atk": atk, "hits": hits})
    return strike


@ATTACK_STYLES.register("ranged")
def ranged(combat: Combat, x: Fighter, lane: int) -> None:
    """Always the enemy Nexus: never marks, never spills, never triggers."""
    combat.pending[1 - x.seat] += x.atk
    combat.log.append({"type": "attack", "lane": lane, "seat": x.seat, "uid": x.uid,
                       "style": "ranged", "atk": x.atk,
                       "hits": [{"lane": lane, "target": None, "lethal": False,
                                 "nexus": x.atk}]})


@ATTACK_STYLES.register("aoe")
def aoe(combat: Combat, x: Fighter, lane: int) -> None:
    """Lanes i - 1, i, i + 1 (a neighbour lane only within the target's board): a living unit
    is marked iff ATK > its DEF, an empty lane sends ATK to the Nexus; no spillover."""
    y_seat = 1 - x.seat
    enemy_slots = len(combat.lines[y_seat])
    atk = x.atk
    hits = []
    for j in (lane - 1, lane, lane + 1):
        if j != lane and not 0 <= j < enemy_slots:
            continue  # the edge is the target's board (10.8)
        target = combat.living(y_seat, j)
        if target is None:
            combat.pending[y_seat] += atk
            hits.append({"lane": j, "target": None, "lethal": False, "nexus": atk})
            continue
        lethal = atk > target.defense
        if lethal:
            combat.mark(target)
        hits.append({"lane": j, "target": target.uid, "lethal": lethal, "nexus": 0})
    combat.log.append({"type": "attack", "lane": lane, "seat": x.seat, "uid": x.uid,
                       "style": "aoe", "atk": atk, "hits": hits})


def resolve_combat(content: Content, boards: Sequence[SeatBoard]) -> CombatOutcome:
    """The whole combat of 4.6 on two boards (seat 0 = A, seat 1 = B)."""
    combat = Combat(content, boards)
    combat.start()
    lines = combat.lines
    first, second = lines
    n0, n1 = len(first), len(second)
    for lane in range(max(n0, n1)):  # `living` of both seats, inline: the hottest loop
        a = first[lane] if lane < n0 else None
        if a is not None and not a.alive:
            a = None
        b = second[lane] if lane < n1 else None
        if b is not None and not b.alive:
            b = None
        if a is not None or b is not None:
            combat.run_lane(lane, a, b)
    combat.log.append({"type": "combat_end", "hp": [combat.hp[0], combat.hp[1]]})
    slots = tuple([
        tuple([(f.card, f.uid) if f is not None and f.alive else None for f in line])
        for line in lines
    ])
    fighters = [f for line in lines for f in line if f is not None]
    return CombatOutcome((slots[0], slots[1]), (combat.hp[0], combat.hp[1]), combat.fallen,
                         combat.log, fighters)
