"""Combat (spec strike.md 4.5-4.11): turn start, actions, damage, statuses, flames, the end.

Order of a turn of seat S (4.5), as `start_turn` / the action / `end_turn` run it:
  1. turn start: S's flames age; S's cooldowns tick; per living unit of S in slot order:
     enemy flame, burn, regen (end check after every damage; stop when the match ends);
  2. the action (`move`, `attack`, `pass`), then the end check;
  3. turn end: S's stun and root lose 1;
  4. round cap; 5. next turn, the other seat's turn start.

Strike damage (4.9) runs through the engine's hook pipeline: the capped, distance-reduced
`base` is the base value, the roll an additive modifier, the element percent a multiplicative
one (an exact `Fraction`, truncated toward zero); mods add `Modifier`s on the "damage" hook.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.components.common import Modifier
from game.engine.hooks import apply_layers, gather
from game.systems.strike.grid import cheb, flame_line, path_to
from game.systems.strike.state import index

if TYPE_CHECKING:
    from game.components.strike import StrikeUnit
    from game.engine.match import Match
    from game.systems.strike.content import AttackDef
    from game.systems.strike.state import Index

EFFECT_NAMES = ("none", "flame_trail", "heal_all", "regen")


# -- start and end -----------------------------------------------------------------------------
def start_combat(match: Match) -> None:
    """4.4.4: turn 1, seat 0 to act, the end check, then seat 0's turn start."""
    idx = index(match)
    match.journal.set(match.state, turn=1)
    match.journal.set(idx.board, round=1)
    match.set_phase("combat", (0,))
    match.emit("combat_started")
    if end_check(match):
        return
    start_turn(match, 0)


def end_check(match: Match) -> bool:
    """4.11: a side with no living unit loses; both at once is a draw. True when over."""
    if match.state.result is not None:
        return True
    idx = index(match)
    alive = [False, False]
    for u in idx.units:
        if u.hp > 0:
            alive[u.owner] = True
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


def start_turn(match: Match, seat: int) -> None:
    """4.5 step 1 for `seat` (the turn number is already set)."""
    idx = index(match)
    journal = match.journal
    b = idx.board
    match.emit("turn_started", seat=seat, turn=match.state.turn, round=b.round)
    if b.flames:
        kept = []
        for c, r, owner, rounds, value in b.flames:
            if owner == seat:
                rounds -= 1
                if rounds <= 0:
                    match.emit("flame_expired", tile=[c, r])
                    continue
            kept.append((c, r, owner, rounds, value))
        journal.set(b, flames=tuple(kept))
    own = [u for u in idx.units if u.owner == seat and u.hp > 0]
    for u in own:
        if any(u.cooldowns):
            old = u.cooldowns
            new = tuple(max(0, c - 1) for c in old)
            journal.set(u, cooldowns=new)
            for i, now in enumerate(new):
                if now == 0 and old[i] > 0:
                    match.emit("cooldown_ready", unit=u.id, attack=i)
    for u in own:
        if u.hp <= 0:
            continue
        if b.flames and u.pos is not None:
            for c, r, owner, _rounds, value in b.flames:
                if (c, r) == u.pos and owner != seat:
                    deal(match, u, value, "flame", None)
                    if end_check(match):
                        return
                    break
        if u.hp > 0 and u.burn_turns > 0:
            deal(match, u, u.burn_value, "burn", None)
            if u.hp > 0:
                turns = u.burn_turns - 1
                journal.set(u, burn_turns=turns, burn_value=u.burn_value if turns > 0 else 0)
                if turns == 0:
                    match.emit("status_expired", unit=u.id, status="burn")
            if end_check(match):
                return
        if u.hp > 0 and u.regen_turns > 0:
            amount = min(u.regen_value, u.max_hp - u.hp)
            journal.set(u, hp=u.hp + amount)
            match.emit("healed", unit=u.id, amount=amount, hp=u.hp, source="regen")
            turns = u.regen_turns - 1
            journal.set(u, regen_turns=turns, regen_value=u.regen_value if turns > 0 else 0)
            if turns == 0:
                match.emit("status_expired", unit=u.id, status="regen")


def end_turn(match: Match, seat: int) -> None:
    """4.5 steps 3-5: stun and root lose 1, the round cap, then the other seat's turn."""
    idx = index(match)
    journal = match.journal
    for u in idx.units:
        if u.owner != seat or u.hp <= 0:
            continue
        if u.stun > 0:
            journal.set(u, stun=u.stun - 1)
            if u.stun == 0:
                match.emit("status_expired", unit=u.id, status="stun")
        if u.root > 0:
            journal.set(u, root=u.root - 1)
            if u.root == 0:
                match.emit("status_expired", unit=u.id, status="root")
    match.emit("turn_ended", seat=seat)
    turn = match.state.turn
    if turn >= 2 * idx.content.rules.combat.round_cap:
        totals = [0, 0]
        for u in idx.units:
            if u.hp > 0:
                totals[u.owner] += u.hp
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        finish(match, {"winner": winner, "reason": "round_cap"})
        return
    journal.set(match.state, turn=turn + 1)
    journal.set(idx.board, round=(turn + 2) // 2)
    other = 1 - seat
    match.set_phase("combat", (other,))
    start_turn(match, other)


# -- hp changes ----------------------------------------------------------------------------------
def deal(match: Match, unit: StrikeUnit, amount: int, source: str, by: str | None,
         roll: int | None = None, percent: int | None = None) -> None:
    """Lower HP (never below 0); a unit at 0 dies at once (4.11)."""
    hp = max(0, unit.hp - amount)
    match.journal.set(unit, hp=hp)
    match.emit("damage_dealt", unit=unit.id, amount=amount, hp=hp, source=source, by=by,
               roll=roll, percent=percent)
    if hp == 0:
        die(match, unit)


def die(match: Match, unit: StrikeUnit) -> None:
    match.journal.set(unit, pos=None, burn_turns=0, burn_value=0, stun=0, root=0,
                      regen_turns=0, regen_value=0)
    match.emit("unit_died", unit=unit.id)


def restore(match: Match, unit: StrikeUnit, amount: int, source: str) -> None:
    """Heal a living unit, capped at its max_hp."""
    if unit.hp <= 0:
        return
    gained = max(0, min(amount, unit.max_hp - unit.hp))
    match.journal.set(unit, hp=unit.hp + gained)
    match.emit("healed", unit=unit.id, amount=gained, hp=unit.hp, source=source)


# -- damage math (4.9) ---------------------------------------------------------------------------
def strike_base(idx: Index, attack: AttackDef, user_pos: tuple[int, int],
                target: StrikeUnit) -> int:
    """The capped, distance-reduced base value of a strike or drain."""
    assert target.pos is not None
    d = cheb(user_pos, target.pos)
    cap = target.max_hp * idx.content.rules.combat.damage_cap_percent // 100
    return max(1, min(attack.damage - d, cap))


def strike_damage(match: Match, attack: AttackDef, user: StrikeUnit, target: StrikeUnit,
                  roll: int, user_pos: tuple[int, int] | None = None) -> tuple[int, int]:
    """(damage, percent) of a strike with this roll: base -> +roll -> x percent, trunc."""
    idx = index(match)
    pos = user_pos if user_pos is not None else user.pos
    assert pos is not None
    base = strike_base(idx, attack, pos, target)
    pct = idx.content.percent(attack.element, idx.content.cards[target.card].element)
    source, victim = idx.entity.get(user.id), idx.entity.get(target.id)
    modifiers = [*gather("damage", source, victim),
                 Modifier("damage", "add", roll, tag="roll"),
                 Modifier("damage", "mul", Fraction(pct, 100), tag="element")]  # type: ignore[arg-type]
    return int(apply_layers(base, modifiers, rounding=math.trunc)), pct


def damage_preview(match: Match, unit_id: str, attack: int, target_id: str,
                   roll: int = 0) -> int:
    """The HP a strike (or drain) would take from the target now, for a given roll; a view's
    or CPU's preview, never a draw. 0 for heals."""
    idx = index(match)
    user, target = idx.by_id[unit_id], idx.by_id[target_id]
    ability = idx.content.cards[user.card].attacks[attack]
    if ability.kind == "heal":
        return 0
    if ability.kind == "drain":
        return strike_base(idx, ability, user.pos, target)  # type: ignore[arg-type]
    return max(0, strike_damage(match, ability, user, target, roll)[0])


def next_roll(match: Match) -> int:
    """A forced roll from `board.rolls`, else a draw from stream `combat` (4.12)."""
    idx = index(match)
    b = idx.board
    if b.rolls:
        roll = b.rolls[0]
        match.journal.set(b, rolls=b.rolls[1:])
        return roll
    combat = idx.content.rules.combat
    return match.stream("combat").randint(combat.roll_min, combat.roll_max)


# -- actions -------------------------------------------------------------------------------------
def do_move(match: Match, seat: int, unit_id: str, to: tuple[int, int]) -> None:
    """4.7, then the turn ends."""
    idx = index(match)
    unit = idx.by_id[unit_id]
    start = unit.pos
    assert start is not None
    card = idx.content.cards[unit.card]
    b = idx.board
    occupied = idx.occupied()
    path = path_to(start, to, card.move, occupied=occupied, cols=b.cols, rows=b.rows)
    match.journal.set(unit, pos=to)
    match.emit("unit_moved", unit=unit.id, **{"from": [start[0], start[1]]},
               to=[to[0], to[1]], path=path)
    after_action(match, seat)


def do_pass(match: Match, seat: int) -> None:
    match.emit("turn_passed", seat=seat)
    after_action(match, seat)


def do_attack(match: Match, seat: int, unit_id: str, attack: int, target_id: str | None
              ) -> None:
    """4.8: cooldown set, then the ability resolves by its kind."""
    idx = index(match)
    user = idx.by_id[unit_id]
    ability = idx.content.cards[user.card].attacks[attack]
    cooldowns = list(user.cooldowns)
    cooldowns[attack] = ability.cooldown
    match.journal.set(user, cooldowns=tuple(cooldowns))
    target = idx.by_id[target_id] if ability.kind != "heal" and target_id else None
    match.emit("ability_used", unit=user.id, attack=attack,
               target=target.id if target else None)
    if ability.kind == "strike":
        assert target is not None
        resolve_strike(match, user, ability, target)
    elif ability.kind == "drain":
        assert target is not None
        amount = strike_base(idx, ability, user.pos, target)  # type: ignore[arg-type]
        deal(match, target, amount, "drain", user.id)
        restore(match, user, ability.heal, "drain")
    else:
        resolve_heal(match, user, ability)
    after_action(match, seat)


def resolve_strike(match: Match, user: StrikeUnit, ability: AttackDef,
                   target: StrikeUnit) -> None:
    roll = next_roll(match)
    user_pos = user.pos
    assert user_pos is not None and target.pos is not None
    target_tile = target.pos
    damage, pct = strike_damage(match, ability, user, target, roll)
    if damage > 0:
        deal(match, target, damage, "strike", user.id, roll, pct)
        if target.hp > 0 and ability.status != "none":
            apply_status(match, target, ability)
    else:
        match.emit("strike_blocked", unit=target.id, roll=roll)
    if ability.effect == "flame_trail":
        lay_flames(match, user.owner, user_pos, target_tile, ability)


def apply_status(match: Match, target: StrikeUnit, ability: AttackDef) -> None:
    """4.8: re-application keeps the larger turns and the larger value."""
    journal = match.journal
    status = ability.status
    if status == "burn":
        journal.set(target, burn_turns=max(target.burn_turns, ability.status_turns),
                    burn_value=max(target.burn_value, ability.status_value))
        turns, value = target.burn_turns, target.burn_value
    elif status == "stun":
        journal.set(target, stun=max(target.stun, ability.status_turns))
        turns, value = target.stun, 0
    else:
        journal.set(target, root=max(target.root, ability.status_turns))
        turns, value = target.root, 0
    match.emit("status_applied", unit=target.id, status=status, turns=turns, value=value)


def lay_flames(match: Match, owner: int, user_pos: tuple[int, int],
               target_tile: tuple[int, int], ability: AttackDef) -> None:
    """4.10: the line's tiles get a new flame each, replacing any flame there."""
    idx = index(match)
    b = idx.board
    tiles = [t for t in flame_line(user_pos, target_tile)
             if 0 <= t[0] < b.cols and 0 <= t[1] < b.rows]
    new = {t: (t[0], t[1], owner, ability.effect_turns, ability.effect_value) for t in tiles}
    flames = [f for f in b.flames if (f[0], f[1]) not in new]
    flames.extend(new.values())
    flames.sort(key=lambda f: (f[0], f[1]))
    match.journal.set(b, flames=tuple(flames))
    match.emit("flames_laid", owner=owner, tiles=[[c, r] for c, r in tiles])


def resolve_heal(match: Match, user: StrikeUnit, ability: AttackDef) -> None:
    """4.8 heal: the user, then living allies in slot order within range (or all)."""
    idx = index(match)
    assert user.pos is not None
    area = [user]
    for ally in idx.units:
        if ally is user or ally.owner != user.owner or ally.hp <= 0 or ally.pos is None:
            continue
        if ability.effect == "heal_all" or cheb(user.pos, ally.pos) <= ability.range:
            area.append(ally)
    for unit in area:
        restore(match, unit, ability.heal, "heal")
        if ability.effect == "regen":
            match.journal.set(unit, regen_turns=max(unit.regen_turns, ability.effect_turns),
                              regen_value=max(unit.regen_value, ability.effect_value))
            match.emit("status_applied", unit=unit.id, status="regen",
                       turns=unit.regen_turns, value=unit.regen_value)


def after_action(match: Match, seat: int) -> None:
    """4.5 step 2's end check, then the turn end (if the match goes on)."""
    if end_check(match):
        return
    end_turn(match, seat)
