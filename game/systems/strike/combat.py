"""Combat (spec strike.md 4.5-4.11) as the systems of the `combat_start`, `turn_start`,
`action` and `turn_end` steps (the schedule is in game.systems.strike.schedule).

Order of a turn of seat S (4.5):
  1. turn start: S's flames age; S's cooldowns tick; per living hero of S in slot order: an
     enemy flame on its tile, then its statuses that tick at turn start, by kind (end check
     after every tick; stop when the match ends);
  2. the action (a `MoveOrder`, `AttackOrder` or `PassOrder` intent), then the end check,
     which asks for `turn_end` while the match goes on;
  3. turn end: S's statuses that tick at turn end (stun, root) lose 1;
  4. round cap; 5. next turn, which asks for the other seat's `turn_start`.

An ability resolves by its registered kind (`ABILITY_KINDS`: strike, drain, heal), whose
registration says whom it targets and whether it rolls; a status ticks by its kind's tick
effect (game.engine.statuses). No system branches on a kind's name.

Strike damage (4.9) runs through the engine's hook pipeline: the capped, distance-reduced
`base` is the base value, the roll an additive modifier, the element percent a multiplicative
one (an exact `Fraction`, truncated toward zero); mods add `Modifier`s on the "damage" hook
(or a status kind with a `modifier`). Every change is an engine command; a hero dies in the
"after:damage" listener (`on_damage`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import esper

from game.components.common import CardRef, Cooldowns, GridPos, Health, Modifier, Owner
from game.components.strike import AttackOrder, Element, Flame, MoveOrder, PassOrder
from game.engine.commands import (
    Destroy,
    add_status,
    consume,
    create,
    damage,
    destroy,
    heal,
    move_to,
    remove,
    remove_status,
    set_cooldowns,
    tick_status,
    update,
)
from game.engine.hooks import apply_layers
from game.engine.schedule import System
from game.systems.strike import world
from game.systems.strike.content import ABILITY_KINDS, EFFECTS
from game.systems.strike.effects import AbilityUse
from game.systems.strike.grid import cheb, flame_line, path_to

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.strike.content import AttackDef


def over(match: Match) -> bool:
    return match.state.result is not None


def seat_to_act(match: Match) -> int:
    return match.state.to_act[0]


# -- the end --------------------------------------------------------------------------------
def end_check(match: Match) -> bool:
    """4.11: a side with no living hero loses; both at once is a draw. True when over."""
    if over(match):
        return True
    alive = [False, False]
    for h in world.heroes(match):
        if h.health.hp > 0:
            alive[h.owner.seat] = True
    if alive[0] and alive[1]:
        return False
    if not alive[0] and not alive[1]:
        result: dict[str, Any] = {"winner": None, "reason": "mutual_elimination"}
    else:
        result = {"winner": 0 if alive[0] else 1, "reason": "elimination"}
    finish(match, result)
    return True


def finish(match: Match, result: dict[str, Any]) -> None:
    match.finish(result)
    match.emit("match_ended", result=dict(result))


def on_damage(match: Match, command: Any) -> None:
    """"after:damage": a hero at 0 HP dies at once (4.11): off the grid, statuses cleared."""
    entity = command.target_id
    if esper.component_for_entity(entity, Health).hp > 0:
        return
    for kind, _ in world.statuses_of(match, entity):
        remove_status(kind.component, kind.id, reason="death").target(entity).run(match)
    if esper.has_component(entity, GridPos):
        remove(GridPos).target(entity).run(match)
    match.emit("unit_died", unit=world.ident_of(entity))


def deal(match: Match, entity: int, amount: int, cause: str, by: int | None = None,
         roll: int | None = None, percent: int | None = None) -> None:
    """Damage already computed through strike's pipeline (4.9), or a hazard's."""
    damage(amount, cause, roll, percent).exact().source(by).target(entity).run(match)


def restore(match: Match, entity: int, amount: int, cause: str) -> None:
    """Heal a living hero, capped at its max_hp."""
    if esper.component_for_entity(entity, Health).hp <= 0:
        return
    heal(amount, cause).exact().target(entity).run(match)


class ExpireFlame(Destroy):
    """A flame tile whose rounds ran out goes (4.10); `tile` is where it burned, for the
    spec's `flame_expired` event (a replaced flame is a plain `Destroy`, with no event)."""

    __slots__ = ("tile",)

    def __init__(self, entity: int, tile: tuple[int, int]) -> None:
        super().__init__()
        self.target_id, self.tile = entity, tile


# -- combat_start and turn_start ----------------------------------------------------------------
class CombatStart(System):
    """4.4.4: turn 1, the starter to act (seat 0 in rules "1"), the end check, then the
    starter's turn start."""

    name = "combat_start"

    def process(self, match: Match) -> None:
        board = world.board(match)
        match.journal.set_field(match.state, "turn", 1)
        match.journal.set_field(board.round, "round", 1)
        match.set_phase("combat", (board.draft.starter,))
        match.emit("combat_started")
        if not end_check(match):
            match.goto("turn_start")


class TurnStarted(System):
    name = "turn_started"

    def process(self, match: Match) -> None:
        match.emit("turn_started", seat=seat_to_act(match), turn=match.state.turn,
                   round=world.board(match).round.round)


class FlamesAge(System):
    """4.10: the seat's flames lose a round; at 0 the flame tile is destroyed."""

    name = "flames_age"

    def process(self, match: Match) -> None:
        seat = seat_to_act(match)
        for entity, pos, flame in list(world.flames(match)):  # destroying one re-queries
            if flame.owner != seat:
                continue
            if flame.rounds - 1 <= 0:
                ExpireFlame(entity, (pos.x, pos.y)).run(match)
            else:
                update(flame, rounds=flame.rounds - 1).target(entity).run(match)


class CooldownsTick(System):
    """4.5: the seat's living heroes' cooldowns lose 1 (events for those that get ready)."""

    name = "cooldowns_tick"

    def process(self, match: Match) -> None:
        for h in world.living(match, seat_to_act(match)):
            old = h.cooldowns.remaining
            if any(old):
                set_cooldowns(tuple(max(0, c - 1) for c in old)).target(h.entity).run(match)


def tick(match: Match, entity: int, kind: Any) -> None:
    tick_status(kind.component, kind.id).target(entity).run(match)


class TurnStartTicks(System):
    """Per living hero of the seat, in slot order: an enemy flame on its tile, then each
    status kind that ticks at turn start: its tick effect (damage or heal over time), then
    one turn off (a hero its tick killed has no status left to tick); end check after every
    damage, and the step stops when the match ends."""

    name = "hazards_and_statuses"

    def process(self, match: Match) -> None:
        seat = seat_to_act(match)
        kinds = world.content(match).statuses.ticking_at("turn_start")
        flames = world.flames(match)  # no system of this loop lays or removes a flame
        for h in world.living(match, seat):
            entity, health = h.entity, h.health
            if health.hp <= 0:
                continue
            tile = world.tile_of(entity) if flames else None
            for _, pos, flame in flames:
                if (pos.x, pos.y) == tile and flame.owner != seat:
                    deal(match, entity, flame.value, "flame")
                    if end_check(match):
                        return
                    break
            for kind in kinds:
                comp = esper.try_component(entity, kind.component)  # a tick may end one
                if health.hp <= 0 or comp is None:
                    continue
                effect = kind.each_tick.run
                if effect is not None:
                    effect(match, entity, kind, comp)
                if health.hp > 0:
                    tick(match, entity, kind)
                if end_check(match):
                    return


# -- action -------------------------------------------------------------------------------------
class Move(System):
    """4.7: a hero with a `MoveOrder` slides along its BFS path."""

    name = "move"

    def process(self, match: Match) -> None:
        found = consume(match, MoveOrder)
        if found is None:
            return
        entity, order = found
        path = None
        if match.events.enabled:  # only the `unit_moved` event reads the path
            start = world.tile_of(entity)
            assert start is not None
            card = world.content(match).cards[
                esper.component_for_entity(entity, CardRef).definition]
            g = world.board(match).grid
            path = path_to(start, (order.x, order.y), card.move,
                           occupied=world.occupied(match), cols=g.cols, rows=g.rows)
        move_to(order.x, order.y, path).target(entity).run(match)


class Pass(System):
    name = "pass"

    def process(self, match: Match) -> None:
        found = consume(match, PassOrder)
        if found is None:
            return
        _, order = found
        match.emit("turn_passed", seat=order.seat)


class Attack(System):
    """4.8: the cooldown is set, then the ability resolves by its registered kind; its effect
    runs at its point ("targets", "hit", "after"; game.systems.strike.effects)."""

    name = "attack"

    def process(self, match: Match) -> None:
        found = consume(match, AttackOrder)
        if found is None:
            return
        entity, order = found
        self.resolve(match, entity, order)

    def resolve(self, match: Match, user: int, order: AttackOrder) -> None:
        content = world.content(match)
        card = content.cards[esper.component_for_entity(user, CardRef).definition]
        ability = card.attacks[order.attack]
        cooldowns = list(esper.component_for_entity(user, Cooldowns).remaining)
        cooldowns[order.attack] = ability.cooldown
        set_cooldowns(tuple(cooldowns)).target(user).run(match)
        style = ability.style
        target = order.target if style.targets == "enemy" else None
        match.emit("ability_used", unit=world.ident_of(user), attack=order.attack,
                   target=world.ident_of(target) if target is not None else None)
        user_tile = world.tile_of(user)
        assert user_tile is not None
        use = AbilityUse(user, esper.component_for_entity(user, Owner).seat, ability, user_tile,
                         target, world.tile_of(target) if target is not None else None)
        style.fn(match, use)
        run_effect(match, use, "after")


def run_effect(match: Match, use: AbilityUse, point: str) -> None:
    """The ability's effect, if it runs at this point."""
    effect = EFFECTS.get(use.ability.effect)
    if effect.point == point:
        effect.fn(match, use, use.ability.effect_params)


# -- ability kinds (3.1 `kind`): registered with what the rules and the CPUs ask of them ---------
@ABILITY_KINDS.register("strike", targets="enemy", rolls=True, damage_allowed=True,
                        heal_required=False)
def resolve_strike(match: Match, use: AbilityUse) -> None:
    ability = use.ability
    target = use.target
    assert target is not None
    roll = next_roll(match)
    value, pct = strike_damage(match, ability, use.user, target, roll)
    if value > 0:
        deal(match, target, value, "strike", use.user, roll, pct)
        if esper.component_for_entity(target, Health).hp > 0 and ability.status != "none":
            apply_status(match, target, ability)
        use.hit = target
        run_effect(match, use, "hit")
    else:
        match.emit("strike_blocked", unit=world.ident_of(target), roll=roll)


@ABILITY_KINDS.register("drain", targets="enemy", rolls=False, damage_allowed=True,
                        heal_required=True)
def resolve_drain(match: Match, use: AbilityUse) -> None:
    assert use.target is not None
    amount = strike_base(match, use.ability, use.user_tile, use.target)
    deal(match, use.target, amount, "drain", use.user)
    restore(match, use.user, use.ability.heal, "drain")


@ABILITY_KINDS.register("heal", targets="self", rolls=False, damage_allowed=False,
                        heal_required=False)
def resolve_heal(match: Match, use: AbilityUse) -> None:
    """4.8 heal: the user, then living allies in slot order within range (the "targets"
    effects may change that list)."""
    use.area = [use.user]
    for h in world.living(match, use.owner):
        tile = world.tile_of(h.entity)
        if (h.entity != use.user and tile is not None
                and cheb(use.user_tile, tile) <= use.ability.range):
            use.area.append(h.entity)
    run_effect(match, use, "targets")
    for entity in use.area:
        restore(match, entity, use.ability.heal, "heal")
        use.hit = entity
        run_effect(match, use, "hit")


def apply_status(match: Match, target: int, ability: AttackDef) -> None:
    """4.8: the ability's status kind; re-application keeps the larger turns and value."""
    kind = world.content(match).statuses.by_id[ability.status]
    value = ability.status_value if kind.each_tick != "none" else 0
    add_status(kind.component(ability.status_turns, value), kind.id).target(target).run(match)


def lay_flames(match: Match, owner: int, user_tile: tuple[int, int],
               target_tile: tuple[int, int], turns: int, value: int) -> None:
    """4.10: the line's tiles get a new flame each, replacing any flame there."""
    g = world.board(match).grid
    tiles = [t for t in flame_line(user_tile, target_tile)
             if 0 <= t[0] < g.cols and 0 <= t[1] < g.rows]
    wanted = set(tiles)
    for entity, pos, _ in list(world.flames(match)):
        if (pos.x, pos.y) in wanted:
            destroy(entity).run(match)
    for c, r in sorted(wanted):
        create(GridPos(c, r), Flame(owner, turns, value)).run(match)
    match.emit("flames_laid", owner=owner, tiles=[[c, r] for c, r in tiles])


class EndOfAction(System):
    """4.5 step 2's end check, then the turn end (if the match goes on)."""

    name = "end_check"

    def process(self, match: Match) -> None:
        if not end_check(match):
            match.goto("turn_end")


# -- turn_end -----------------------------------------------------------------------------------
class TurnEndTicks(System):
    """4.5 step 3: the seat's statuses that tick at turn end (stun, root) lose 1."""

    name = "statuses_expire"

    def process(self, match: Match) -> None:
        kinds = world.content(match).statuses.ticking_at("turn_end")
        for h in world.living(match, seat_to_act(match)):
            for kind in kinds:
                if esper.has_component(h.entity, kind.component):
                    tick(match, h.entity, kind)
        match.emit("turn_ended", seat=seat_to_act(match))


class RoundCap(System):
    """4.11: after the last turn the higher HP total wins."""

    name = "round_cap"

    def process(self, match: Match) -> None:
        if match.state.turn < 2 * world.content(match).rules.combat.round_cap:
            return
        totals = [0, 0]
        for h in world.living(match):
            totals[h.owner.seat] += h.health.hp
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        finish(match, {"winner": winner, "reason": "round_cap"})


class NextTurn(System):
    name = "next_turn"

    def process(self, match: Match) -> None:
        if over(match):
            return
        turn = match.state.turn
        match.journal.set_field(match.state, "turn", turn + 1)
        match.journal.set_field(world.board(match).round, "round", (turn + 2) // 2)
        match.set_phase("combat", (1 - seat_to_act(match),))
        match.goto("turn_start")


# -- damage math (4.9) ---------------------------------------------------------------------------
def strike_base(match: Match, attack: AttackDef, user_tile: tuple[int, int],
                target: int) -> int:
    """The capped, distance-reduced base value of a strike or drain."""
    tile = world.tile_of(target)
    assert tile is not None
    d = cheb(user_tile, tile)
    health = esper.component_for_entity(target, Health)
    cap = health.max_hp * world.content(match).rules.combat.damage_cap_percent // 100
    return max(1, min(attack.damage - d, cap))


def strike_damage(match: Match, attack: AttackDef, user: int, target: int, roll: int,
                  user_tile: tuple[int, int] | None = None) -> tuple[int, int]:
    """(damage, percent) of a strike with this roll: base -> +roll -> x percent, trunc."""
    tile = user_tile if user_tile is not None else world.tile_of(user)
    assert tile is not None
    base = strike_base(match, attack, tile, target)
    content = world.content(match)
    pct = content.percent(attack.element, esper.component_for_entity(target, Element).element)
    found = match.gather("damage", user, target)
    if not found:  # the roll and percent layers alone: the same value without a Fraction
        return percent_trunc(base + roll, pct), pct
    modifiers = [*found,
                 Modifier("damage", "add", roll, tag="roll"),
                 Modifier("damage", "mul", Fraction(pct, 100), tag="element")]  # type: ignore[arg-type]
    return int(apply_layers(base, modifiers, rounding=math.trunc)), pct


def percent_trunc(value: int, pct: int) -> int:
    """trunc(value × pct / 100) in integers: what the "add" then "mul" layers of
    `apply_layers` give for one additive roll and a `Fraction(pct, 100)`, without building a
    Fraction (a search computes thousands)."""
    scaled = value * pct
    return scaled // 100 if scaled >= 0 else -(-scaled // 100)


def damage_preview(match: Match, unit_id: str, attack: int, target_id: str,
                   roll: int = 0) -> int:
    """The HP an ability would take from the target now, for a given roll (a kind that does
    not roll ignores it); a view's or CPU's preview, never a draw. 0 for a kind that targets
    no enemy (a heal)."""
    with match.active():
        user, target = world.hero(match, unit_id), world.hero(match, target_id)
        assert user is not None and target is not None
        ability = world.content(match).cards[user.card.definition].attacks[attack]
        style = ability.style
        if style.targets != "enemy":
            return 0
        tile = world.tile_of(user.entity)
        assert tile is not None
        if not style.rolls:
            return strike_base(match, ability, tile, target.entity)
        return max(0, strike_damage(match, ability, user.entity, target.entity, roll)[0])


def next_roll(match: Match) -> int:
    """A forced roll from `board.rolls`, else a draw from stream `combat` (4.12)."""
    rolls = world.board(match).rolls
    if rolls.rolls:
        roll = rolls.rolls[0]
        match.journal.set_field(rolls, "rolls", rolls.rolls[1:])
        return roll
    combat = world.content(match).rules.combat
    return match.stream("combat").randint(combat.roll_min, combat.roll_max)
