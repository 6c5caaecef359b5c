"""A synthetic two-seat duel for engine tests and `tabula bench`: not a game, never in the menu.

It exercises every engine piece a real mode uses (common checks, mode checks returning typed
intents, a schedule whose systems ask for the next step, damage through modifier layers, piles,
RNG streams, the event table, finishing) on a world of a configurable size, so engine costs can
be measured without any game's rules. Tests and the benchmark register it explicitly with
`register_synthetic()`.

Schedule: `strike` (a `StrikeOrder` intent: the roll, the damage; a unit at 0 HP is marked
`Falling` and the step asks for `fall`), `fall` (the fallen unit moves to its seat's fallen
pile), then `end_turn` (a `PassOrder` intent starts here), which ends the match or passes the
turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import esper
from pydantic import BaseModel, ConfigDict, ValidationError

from game.components.common import Health, Ident, Modifier, Owner
from game.engine.commands import Attach, Damage, damage, ident, remove
from game.engine.match import Intent, Match, Rules, SetupError
from game.engine.modes import CpuPlayer, ModeSpec, register
from game.engine.piles import MoveCard, cards_in, create_pile, move_card, pile_name, pile_named
from game.engine.resources import ResourceFile, ResourceSet
from game.engine.rng import Stream
from game.engine.schedule import Schedule, System

MODE_ID = "synthetic"


class DuelRules(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    units_per_seat: int = 3
    hp: int = 10
    turn_cap: int = 200


class DuelSetupUnit(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str
    seat: int
    hp: int


class DuelSetup(BaseModel):
    """A setup: the units to place (other keys, such as `forced`, are read elsewhere)."""

    model_config = ConfigDict(extra="ignore", strict=True)
    units: list[DuelSetupUnit] = []


@dataclass(slots=True)
class StrikeOrder:
    target: int


@dataclass(slots=True)
class PassOrder:
    seat: int


@dataclass(slots=True)
class Falling:
    """A unit the strike took to 0 HP, for the `fall` step."""


class Strike(System):
    name = "strike"

    def process(self, match: Match) -> None:
        for unit, order in esper.get_component(StrikeOrder):
            remove(StrikeOrder).target(unit).run(match)
            roll = match.stream("fight").randint(1, 6)
            damage(roll, "strike").source(unit).target(order.target).run(match)
            if esper.component_for_entity(order.target, Health).hp == 0:
                Attach(Falling()).target(order.target).run(match)
                match.goto("fall")
            match.goto("end_turn")
            return


class Fall(System):
    name = "fall"

    def process(self, match: Match) -> None:
        for unit, _ in esper.get_component(Falling):
            remove(Falling).target(unit).run(match)
            seat = esper.component_for_entity(unit, Owner).seat
            move_card(unit).to(pile_named(match, f"p{seat}.fallen")).run(match)
            match.emit("unit_fell", unit=esper.component_for_entity(unit, Ident).id)


class EndTurn(System):
    name = "end_turn"

    def process(self, match: Match) -> None:
        for holder, _ in esper.get_component(PassOrder):
            remove(PassOrder).target(holder).run(match)
        _end_turn(match, match.rules.turn_cap)


SCHEDULE = Schedule([("strike", (Strike(),)), ("fall", (Fall(),)), ("end_turn", (EndTurn(),))])


def _damage_dealt(match: Match, command: Damage) -> None:
    match.emit("damage_dealt", source=ident(command.source_id), target=ident(command.target_id),
               amount=command.amount,
               hp=esper.component_for_entity(command.target_id, Health).hp)


def _card_moved(match: Match, command: MoveCard) -> None:
    match.emit("card_moved", card=ident(command.card), origin=pile_name(command.origin),
               to=pile_name(command.dest))


class SyntheticRules(Rules):
    mode = MODE_ID
    rules_version = "1"
    seats = 2
    verbs = {"strike": frozenset({"fight"}), "pass": frozenset({"fight"})}
    fields = {"strike": frozenset({"unit", "target"}), "pass": frozenset()}
    forceable_streams = frozenset({"fight"})
    schedule = SCHEDULE
    events = {Damage: _damage_dealt, MoveCard: _card_moved}

    def __init__(self, units_per_seat: int = 3, hp: int = 10, turn_cap: int = 200) -> None:
        self.units_per_seat, self.hp, self.turn_cap = units_per_seat, hp, turn_cap

    def _unit(self, match: Match, unit_id: str) -> int | None:
        return match.extra["units"].get(unit_id)

    def _spawn(self, match: Match, unit_id: str, seat: int, hp: int) -> None:
        entity = match.journal.create(Ident(unit_id), Owner(seat), Health(hp, hp))
        match.extra["units"][unit_id] = entity
        move_card(entity).to(pile_named(match, f"p{seat}.units")).run(match)

    def start(self, match: Match) -> None:
        self._begin(match)
        for seat in (0, 1):
            for n in range(self.units_per_seat):
                self._spawn(match, f"p{seat}.u{n}", seat, self.hp)
        match.events.pending.clear()

    def load_setup(self, match: Match, setup: dict[str, Any]) -> None:
        try:
            parsed = DuelSetup.model_validate(setup)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise SetupError(f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}") from None
        seen: set[str] = set()
        for index, unit in enumerate(parsed.units):
            if unit.seat not in (0, 1):
                raise SetupError(f"units.{index}.seat: no seat {unit.seat} (seats are 0 and 1)")
            if unit.id in seen:
                raise SetupError(f"units.{index}.id: duplicate unit id {unit.id!r}")
            seen.add(unit.id)
        self._begin(match)
        for unit in parsed.units:
            self._spawn(match, unit.id, unit.seat, unit.hp)
        match.events.pending.clear()

    def _begin(self, match: Match) -> None:
        match.extra["units"] = {}
        for seat in (0, 1):
            create_pile(match, f"p{seat}.units")
            create_pile(match, f"p{seat}.fallen")
        match.set_phase("fight", (0,))

    def malformed(self, decision: dict[str, Any]) -> bool:
        if decision["type"] == "strike":
            return not (isinstance(decision.get("unit"), str)
                        and isinstance(decision.get("target"), str))
        return False

    def check(self, match: Match, decision: dict[str, Any]) -> str | Intent:
        if decision["type"] != "strike":
            return self.intent(match, decision)
        unit, target = self._unit(match, decision["unit"]), self._unit(match, decision["target"])
        seat = decision["seat"]
        if unit is None or target is None:
            return "no_such_unit"
        if esper.component_for_entity(unit, Owner).seat != seat:
            return "not_your_unit"
        if esper.component_for_entity(target, Owner).seat == seat:
            return "friendly_fire"
        if esper.component_for_entity(unit, Health).hp <= 0:
            return "unit_fallen"
        return Intent(unit, StrikeOrder(target), "strike")

    def intent(self, match: Match, decision: dict[str, Any]) -> Intent:
        if decision["type"] == "strike":
            unit, target = self._unit(match, decision["unit"]), self._unit(match, decision["target"])
            return Intent(unit, StrikeOrder(target), "strike")  # type: ignore[arg-type]
        return Intent(match.entity, PassOrder(decision["seat"]), "end_turn")

    def board_json(self, match: Match) -> dict[str, Any]:
        units = []
        for unit_id in sorted(match.extra["units"]):
            entity = match.extra["units"][unit_id]
            health = esper.component_for_entity(entity, Health)
            units.append({"id": unit_id, "seat": esper.component_for_entity(entity, Owner).seat,
                          "hp": health.hp})
        return {"units": units}

    def legal_decisions(self, match: Match, seat: int) -> list[dict[str, Any]]:
        mine = [u for u in cards_in(pile_named(match, f"p{seat}.units"))]
        theirs = [u for u in cards_in(pile_named(match, f"p{1 - seat}.units"))]
        out = [{"seat": seat, "type": "strike", "unit": esper.component_for_entity(u, Ident).id,
                "target": esper.component_for_entity(t, Ident).id} for u in mine for t in theirs]
        return [*out, {"seat": seat, "type": "pass"}]


def _end_turn(match: Match, turn_cap: int) -> None:
    state = match.state
    match.journal.set(state, turn=state.turn + 1)
    alive = [len(cards_in(pile_named(match, f"p{s}.units"))) for s in (0, 1)]
    if alive[0] == 0 and alive[1] == 0:
        match.finish({"winner": None, "reason": "mutual_elimination"})
    elif 0 in alive:
        match.finish({"winner": alive.index(max(alive)), "reason": "elimination"})
    elif state.turn >= turn_cap:
        match.finish({"winner": None, "reason": "round_cap"})
    else:
        match.set_phase("fight", (1 - state.to_act[0],))


def add_armor(match: Match, unit_id: str, layer: str, amount: float) -> int:
    """A modifier entity on a unit's incoming damage (tests use it to show the layers)."""
    holder = match.extra["units"][unit_id]
    with match.active():
        return match.journal.create(Modifier("damage", layer, amount, holder, "target", "armor"))


class FirstLegal(CpuPlayer):
    """Strikes the first legal target; the synthetic bench and CLI tests use it."""

    def __init__(self, level: str, seat: int, stream: Stream) -> None:
        self.level, self.seat, self.stream = level, seat, stream

    def decide(self, view: dict[str, Any]) -> dict[str, Any]:
        units = view["board"]["units"]
        mine = [u["id"] for u in units if u["seat"] == self.seat and u["hp"] > 0]
        theirs = [u["id"] for u in units if u["seat"] != self.seat and u["hp"] > 0]
        if self.level == "random" and mine and theirs:
            return {"seat": self.seat, "type": "strike", "unit": self.stream.choice(mine),
                    "target": self.stream.choice(theirs)}
        if mine and theirs:
            return {"seat": self.seat, "type": "strike", "unit": mine[0], "target": theirs[0]}
        return {"seat": self.seat, "type": "pass"}


def _create(record: dict[str, Any], resources: ResourceSet) -> Match:
    params = resources.single("rules.toml") if "rules.toml" in resources.files else DuelRules()
    match = Match(SyntheticRules(params.units_per_seat, params.hp, params.turn_cap),
                  seed=record["seed"], options=record.get("options"), resources=resources)
    match.begin(record.get("setup"))
    return match


def synthetic_spec(resource_files: tuple[ResourceFile, ...] = ()) -> ModeSpec:
    return ModeSpec(
        id=MODE_ID,
        title="Synthetic duel",
        description="Engine test bed (not a game).",
        rules_version="1",
        seats=2,
        cpu_levels=("first", "random"),
        default_level="first",
        resource_files=resource_files,
        create_match=_create,
        make_cpu=lambda level, seat, stream, resources: FirstLegal(level, seat, stream),
        menu_order=999,
    )


def register_synthetic(resource_files: tuple[ResourceFile, ...] = ()) -> ModeSpec:
    return register(synthetic_spec(resource_files))


