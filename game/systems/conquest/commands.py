"""CardConquest's commands (docs/architecture.md "Commands") and its one table of events.

Every change a conquest rule makes to the world is one of these commands (or an engine one),
run through the match: it fires its `before:`/`after:` hook points, changes the world through
the journal and, unless the match's events are off (a CPU's scratch match), emits the spec's
event (4.16) from its own typed fields, through `EVENTS`. A setup is a position, not play: its
loader writes the world through the journal directly (game.systems.conquest.setup).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.components.common import InPile, Pile
from game.components.conquest import (
    Battle,
    Chosen,
    Commander,
    Fought,
    OnTile,
    Order,
    Ready,
    Reinforced,
    Reinforcing,
    Retreating,
    Site,
)
from game.engine import ecs
from game.engine.commands import Command, Destroy, watched
from game.engine.piles import MoveCard
from game.systems.conquest import world

if TYPE_CHECKING:
    from game.engine.match import Match


def _add(match: Match, entity: int, component: Any) -> None:
    match.journal.add(entity, component)


def _drop(match: Match, entity: int, component_type: type) -> None:
    if esper.has_component(entity, component_type):
        match.journal.remove(entity, component_type)


class SetCommander(Command):
    """4.4.1: the seat's commander (public, changeable until it readies)."""

    name = "set_commander"
    __slots__ = ("seat", "army")

    def __init__(self, seat: int, army: str) -> None:
        super().__init__()
        self.seat, self.army = seat, army

    def apply(self, match: Match) -> None:
        self.target_id = world.seat_entity(match, self.seat)
        commander = esper.component_for_entity(self.target_id, Commander)
        match.journal.set_field(commander, "army", self.army)


class SetReady(Command):
    """4.3: the seat's ready flag, on (`ready`) or off (`unready`, or every flag cleared when
    a phase step ends: `quiet`, no event)."""

    name = "set_ready"
    __slots__ = ("seat", "ready", "quiet")

    def __init__(self, seat: int, ready: bool, quiet: bool = False) -> None:
        self.source_id = self.target_id = None  # Command.__init__, inlined: a hot command
        self.cancelled = False
        self.seat, self.ready, self.quiet = seat, ready, quiet

    def apply(self, match: Match) -> None:
        entity = self.target_id = world.seat_entity(match, self.seat)
        if self.ready:
            match.journal.add(entity, Ready())
        elif Ready in ecs.components_of(entity):
            match.journal.remove(entity, Ready)


def clear_ready(match: Match) -> None:
    """Both ready flags off (a phase step ends: the transition runs with nobody ready)."""
    for row in world.seats(match):
        if world.holds(row.entity, Ready):
            SetReady(row.owner.seat, False, quiet=True).run(match)


class SetOrders(Command):
    """A seat's pending orders of placement or movement (4.5, 4.6): unit entity -> tile, or
    None to clear one. Secret: its event names only the seat."""

    name = "set_orders"
    __slots__ = ("seat", "changes", "placement")

    def __init__(self, seat: int, changes: dict[int, str | None], placement: bool) -> None:
        self.source_id = self.target_id = None  # Command.__init__, inlined: every `move`
        self.cancelled = False
        self.seat, self.changes, self.placement = seat, changes, placement

    def apply(self, match: Match) -> None:
        journal = match.journal
        table = ecs.entity_table()  # each unit's current order, one lookup
        for entity, tile in self.changes.items():
            world.put_order(journal, entity, table[entity].get(Order), tile)


class ApplyOrders(Command):
    """Every pending order applied at once (4.5.5, 4.6.5): units land on their placed tiles,
    or move to their destinations; orders cleared. `moves` is (unit id, from, to) in seat,
    then canonical order, listed only where something reads it (`watched`: its event, or an
    `after:apply_orders` listener): a CPU's look-ahead moves thousands of units for nobody."""

    name = "apply_orders"
    __slots__ = ("moves", "placement")

    def __init__(self, placement: bool) -> None:
        self.source_id = self.target_id = None  # Command.__init__, inlined: every round
        self.cancelled = False
        self.placement = placement
        self.moves: list[tuple[str, str | None, str]] = []

    def apply(self, match: Match) -> None:
        journal = match.journal
        listed = self.moves if watched(match, ApplyOrders) else None
        for u, tile in world.with_order(match):
            if listed is not None:
                listed.append((u.ident.id, u.pos.tile, tile))
            journal.set_field(u.pos, "tile", tile)
            journal.remove(u.entity, Order)


class AddBattles(Command):
    """New `pending` battles on these sites, numbered on from the largest number (4.7.2,
    4.7.4); `new` for those a retreat made."""

    name = "add_battles"
    __slots__ = ("sites", "new", "added")

    def __init__(self, sites: list[str], new: bool) -> None:
        super().__init__()
        self.sites, self.new = sites, new
        self.added: list[tuple[int, str]] = []

    def apply(self, match: Match) -> None:
        start = max((b.battle.number for b in world.battles(match)), default=0) + 1
        for i, tile in enumerate(self.sites):
            match.journal.create(Site(tile), Battle(start + i, "pending"))
            self.added.append((start + i, tile))


class StartBattle(Command):
    """4.8.1-4.8.2: battle `number` becomes current and its main armies have fought."""

    name = "start_battle"
    __slots__ = ("number", "tile")

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number
        self.tile = ""

    def apply(self, match: Match) -> None:
        battle = next(b for b in world.battles(match) if b.battle.number == self.number)
        self.tile = battle.site.tile
        journal = match.journal
        journal.set_field(battle.battle, "state", "current")
        journal.set_field(world.board(match).sequence, "current", self.number)
        for u in world.on_tile(match, self.tile):
            if not world.holds(u.entity, Fought):
                _add(match, u.entity, Fought())


class SetPicks(Command):
    """4.9.1: the seat's reinforcement picks become exactly these units (secret)."""

    name = "set_picks"
    __slots__ = ("seat", "units")

    def __init__(self, seat: int, units: tuple[int, ...]) -> None:
        super().__init__()
        self.seat, self.units = seat, units

    def apply(self, match: Match) -> None:
        wanted = set(self.units)
        for u in world.picks(match, self.seat):
            if u.entity not in wanted:
                _drop(match, u.entity, Reinforcing)
        for entity in self.units:
            if not esper.has_component(entity, Reinforcing):
                _add(match, entity, Reinforcing())


class CommitPicks(Command):
    """4.9.3: the picks are flagged `reinforced` and revealed."""

    name = "commit_picks"
    __slots__ = ("picks",)

    def __init__(self) -> None:
        super().__init__()
        self.picks: list[list[str]] = [[], []]

    def apply(self, match: Match) -> None:
        for seat in (0, 1):
            for u in world.picks(match, seat):
                self.picks[seat].append(u.ident.id)
                _add(match, u.entity, Reinforced())


class SetChosenCard(Command):
    """4.10.1: the card becomes its seat's chosen card (secret until the resolution)."""

    name = "choose_card"
    __slots__ = ("seat",)

    def __init__(self, card: int, seat: int) -> None:
        super().__init__()
        self.target_id, self.seat = card, seat

    def apply(self, match: Match) -> None:
        previous = world.chosen(match)[self.seat]
        if previous == self.target_id:
            return
        if previous is not None:
            _drop(match, previous, Chosen)
        _add(match, self.target_id, Chosen())


class KillUnit(Destroy):
    """A unit dies (4.11.5 card casualties, 4.11.7 trapped units): it leaves the board."""

    __slots__ = ("unit", "tile", "cause")

    def __init__(self, entity: int, unit: str, tile: str | None, cause: str) -> None:
        super().__init__()
        self.target_id, self.unit, self.tile, self.cause = entity, unit, tile, cause


class Discard(MoveCard):
    """4.14.2: the played card goes from its hand to the bottom of its discard pile."""

    __slots__ = ("seat", "card_id")

    def __init__(self, card: int, seat: int, card_id: str, pile: int) -> None:
        super().__init__(card)
        self.seat, self.card_id = seat, card_id
        self.to(pile)


class Recycle(Command):
    """4.14.3: an emptied hand takes back the whole discard pile, in hand order."""

    name = "recycle"
    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def apply(self, match: Match) -> None:
        hand_pile, discard_pile = world.pile(match, 0, self.seat), world.pile(match, 1, self.seat)
        cards = world.CARDS.index(match)
        back = esper.component_for_entity(discard_pile, Pile).cards
        order = world.content(match).hand_order([cards[c].card.definition for c in back])
        by_id = {cards[c].card.definition: c for c in back}
        journal = match.journal
        journal.set_field(esper.component_for_entity(discard_pile, Pile), "cards", ())
        journal.set_field(esper.component_for_entity(hand_pile, Pile), "cards",
                          tuple(by_id[card] for card in order))
        for c in back:
            journal.set_field(esper.component_for_entity(c, InPile), "pile", hand_pile)


class RecordResult(Command):
    """4.11.1 step 7: the battle is done, `last_result` written, the cards and the picks of
    the battle cleared."""

    name = "record_result"
    __slots__ = ("result",)

    def __init__(self, result: dict[str, Any]) -> None:
        super().__init__()
        self.result = result

    def apply(self, match: Match) -> None:
        journal = match.journal
        journal.set_field(world.current_battle(match).battle, "state", "done")
        journal.set_field(world.board(match).last, "result", self.result)
        for row in list(world.CHOSEN(match)):
            journal.remove(row.entity, Chosen)
        for u in world.with_flag(match, Reinforcing):
            journal.remove(u.entity, Reinforcing)


class StartRetreat(Command):
    """4.12.1: the units that must leave the site (per seat, canonical order)."""

    name = "start_retreat"
    __slots__ = ("tile", "units")

    def __init__(self, tile: str, units: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
        super().__init__()
        self.tile, self.units = tile, units

    def apply(self, match: Match) -> None:
        for seat_units in self.units:
            for entity in seat_units:
                _add(match, entity, Retreating())


class RetreatUnit(Command):
    """4.12.2: one listed unit moves now, publicly (or back onto the site: `reset_moves`)."""

    name = "retreat_unit"
    __slots__ = ("unit", "origin", "tile")

    def __init__(self, entity: int, unit: str, tile: str) -> None:
        super().__init__()
        self.target_id, self.unit, self.tile = entity, unit, tile
        self.origin: str | None = None

    def apply(self, match: Match) -> None:
        pos = esper.component_for_entity(self.target_id, OnTile)
        self.origin = pos.tile
        match.journal.set_field(pos, "tile", self.tile)


class EndRetreat(Command):
    """The retreat step is over (4.13.1): nobody is listed any more."""

    name = "end_retreat"
    __slots__ = ()

    def apply(self, match: Match) -> None:
        for u in world.retreating(match):
            match.journal.remove(u.entity, Retreating)


class EndSequence(Command):
    """4.13.4: every unit's `fought` and `reinforced` cleared, the battle list emptied."""

    name = "end_sequence"
    __slots__ = ()

    def apply(self, match: Match) -> None:
        journal = match.journal
        # Each flag taken off its holders, read from the world's set of them (a copy: each
        # removal takes one out), not looked for on every unit: most rounds of a look-ahead
        # end with few or no flags. The order of removals changes nothing but the journal's.
        for flag in (Fought, Reinforced, Retreating):
            for entity in tuple(ecs.holders(flag)):
                journal.remove(entity, flag)
        for b in list(world.battles(match)):
            journal.delete(b.entity)
        journal.set_field(world.board(match).sequence, "current", None)


class StartRound(Command):
    """A movement round begins: `round` and `turn` both count it (6.1)."""

    name = "start_round"
    __slots__ = ("round",)

    def __init__(self) -> None:
        super().__init__()
        self.round = 0

    def apply(self, match: Match) -> None:
        row = world.board(match).round
        self.round = row.round + 1
        match.journal.set_field(row, "round", self.round)
        match.journal.set_field(match.state, "turn", self.round)


class Finish(Command):
    """4.15: the match ends (ready flags cleared, the board left as it is)."""

    name = "finish"
    __slots__ = ("winner", "reason")

    def __init__(self, winner: int | None, reason: str) -> None:
        super().__init__()
        self.winner, self.reason = winner, reason

    def apply(self, match: Match) -> None:
        clear_ready(match)
        match.finish({"winner": self.winner, "reason": self.reason})


# -- the spec's events (4.16), from the commands' fields -----------------------------------------
def _commander(match: Match, c: SetCommander) -> None:
    match.emit("commander_chosen", seat=c.seat, commander=c.army)


def _ready(match: Match, c: SetReady) -> None:
    if not c.quiet:
        match.emit("ready_changed", seat=c.seat, ready=c.ready)


def _orders(match: Match, c: SetOrders) -> None:
    match.emit("units_placed" if c.placement else "orders_changed", seat=c.seat)


def _applied(match: Match, c: ApplyOrders) -> None:
    if c.placement:
        match.emit("placements_revealed", units=[{"unit": u, "tile": t} for u, _, t in c.moves])
    else:
        match.emit("units_moved", moves=[{"unit": u, "from": f, "to": t} for u, f, t in c.moves])


def _battles(match: Match, c: AddBattles) -> None:
    match.emit("battles_detected", battles=[{"number": n, "tile": t} for n, t in c.added],
               new=c.new)


def _started(match: Match, c: StartBattle) -> None:
    match.emit("battle_started", number=c.number, tile=c.tile)


def _picks(match: Match, c: SetPicks) -> None:
    match.emit("orders_changed", seat=c.seat)


def _committed(match: Match, c: CommitPicks) -> None:
    match.emit("reinforcements_revealed", reinforcements=c.picks)


def _card(match: Match, c: SetChosenCard) -> None:
    match.emit("orders_changed", seat=c.seat)


def _killed(match: Match, c: KillUnit) -> None:
    match.emit("unit_destroyed", unit=c.unit, tile=c.tile, cause=c.cause)


def _discarded(match: Match, c: Discard) -> None:
    match.emit("card_discarded", seat=c.seat, card=c.card_id)


def _recycled(match: Match, c: Recycle) -> None:
    match.emit("hand_recycled", seat=c.seat)


def _resolved(match: Match, c: RecordResult) -> None:
    match.emit("battle_resolved", result=c.result)


def _retreat(match: Match, c: StartRetreat) -> None:
    match.emit("retreat_started", tile=c.tile,
               units=[[world.ident_of(e) for e in c.units[0]],
                      [world.ident_of(e) for e in c.units[1]]])


def _retreated(match: Match, c: RetreatUnit) -> None:
    match.emit("unit_retreated", unit=c.unit, **{"from": c.origin, "to": c.tile})


def _sequence(match: Match, c: EndSequence) -> None:
    match.emit("sequence_ended")


def _round(match: Match, c: StartRound) -> None:
    match.emit("round_started", round=c.round)


def _finished(match: Match, c: Finish) -> None:
    match.emit("match_ended", winner=c.winner, reason=c.reason)


# The one table of the mode's events (4.16, and docs/conquest.md's `ready_changed`,
# `units_placed`, `orders_changed`). `cards_revealed` is the one event no mutation makes: the
# resolution's first system announces the cards. The other commands emit none.
EVENTS = {SetCommander: _commander, SetReady: _ready, SetOrders: _orders,
          ApplyOrders: _applied, AddBattles: _battles, StartBattle: _started, SetPicks: _picks,
          CommitPicks: _committed, SetChosenCard: _card, KillUnit: _killed, Discard: _discarded,
          Recycle: _recycled, RecordResult: _resolved, StartRetreat: _retreat,
          RetreatUnit: _retreated, EndSequence: _sequence, StartRound: _round,
          Finish: _finished}
