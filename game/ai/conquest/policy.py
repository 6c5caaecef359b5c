"""The `normal` heuristic of spec conquest.md 7.2, as functions of a (scratch) match.

Every function reads the world of a scratch match built from the CPU's view (or a look-ahead
position of `hard`) through the rules' queries (game.systems.conquest.world), or, for a step
that needs no look-ahead, the view itself (`view_forces`, `view_moves`: the same computation
on what the view prints, docs/conquest.md "A step planned on the view"), and asks the
rules for anything they decide: `count_after` and `cap` for the per-tile cap of a move,
`retreat_tiles` for retreat legality and `judge_battle` (the verdict of the real resolution's
modifier pipeline, read without playing it) for battle outcomes. The plan itself is the
spec's heuristic, step by step; `hard` reuses it with other attack margins, without step 3, or
with random step-3 replacements, and plays both seats with it in its rollouts.

`normal` draws nothing after placement, so everything here but `placement_plan` (and the
optional exploration of `movement_plan`) is a pure function of the position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from game.ai.conquest.scratch import battle_winner, current_picks, judge_battle, unit_strength
from game.components.conquest import Fought, Reinforced, Retreating
from game.engine.ecs import entity_table
from game.systems.conquest import world
from game.systems.conquest.orders import cap_of, order_sequence, sequence_orders
from game.systems.conquest.retreat import retreat_site, retreat_tiles
from game.systems.conquest.scoring import main_armies

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.engine.rng import Stream
    from game.systems.conquest.content import Content, NormalAi
    from game.systems.conquest.scoring import Verdict

Decision = dict[str, Any]
Plan = dict[str, str]  # unit id -> planned end tile (units not listed keep their tile)
TIE = 1e-9
WIN, DRAW, LOSS = 2, 1, 0


# -- geometry ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Geometry:
    """Distances and rows of the map, computed once per content (plans ask for them often).

    `reach` and `toward` are what step 3 of a movement plan reads for every unit of every
    plan (hard's rollouts make thousands): a tile's own tile and neighbours in scan order, and
    for each goal tile E and tile D the parts of D's advance score that depend only on the
    map, (-dist(D, E), |row(D) - row(E)|, scan(D)), instead of three lookups and a sort each
    time."""

    dist: dict[tuple[str, str], int]
    row: dict[str, int]
    scan: dict[str, int]
    neighbours: dict[str, tuple[str, ...]]
    reach: dict[str, tuple[str, ...]]
    toward: dict[str, dict[str, tuple[int, int, int]]]


_geometry: dict[int, tuple[Content, Geometry]] = {}


def geometry(content: Content) -> Geometry:
    cached = _geometry.get(id(content))
    if cached is None or cached[0] is not content:
        land = content.land
        dist = {(a, b): content.distance(a, b) for a in land for b in land}
        row = {t: content.tiles[t].row for t in land}
        scan = dict(content.scan)
        reach = {t: tuple(sorted({t, *content.neighbours[t]}, key=scan.__getitem__))
                 for t in land}
        toward = {goal: {d: (-dist[(d, goal)], abs(row[d] - row[goal]), scan[d]) for d in land}
                  for goal in land}
        geo = Geometry(dist, row, scan, dict(content.neighbours), reach, toward)
        cached = _geometry[id(content)] = (content, geo)
    return cached[1]


def hand_mean(content: Content, hand: tuple[str, ...] | list[str]) -> float:
    """EP / hv: mean printed power of a hand (0 for an empty one, which never occurs)."""
    if not hand:
        return 0.0
    total = 0
    for card in hand:
        total += content.cards[card].power
    return total / len(hand)


def front_tiles(content: Content, seat: int) -> set[str]:
    """Own-zone tiles next to a neutral tile (the base map: L01, L05, L06 / L07, L08, L12)."""
    return {t for t in content.zones[seat]
            if any(content.tiles[n].zone is None for n in content.neighbours[t])}


# -- the position, as a plan reads it ---------------------------------------------------------
class Piece(NamedTuple):
    """A unit as a plan reads it: its id, seat, kind and committed tile."""

    id: str
    seat: int
    kind: str
    tile: str | None


def pieces(match: Match) -> list[Piece]:
    """Every living unit of the position, canonical order (built with `tuple.__new__`: a
    named tuple's own `__new__` is a Python call per unit, per plan)."""
    new = tuple.__new__
    return [new(Piece, (u.ident.id, u.owner.seat, u.kind.kind, u.pos.tile))
            for u in world.units(match)]


def base_bonus(match: Match, tile: str) -> int:
    """The defence bonus the base on `tile` gives its owner (its `Base` component)."""
    base = world.base_at(match, tile)
    return base.base.bonus if base is not None else 0


# -- placement (7.2) -------------------------------------------------------------------------
def placement_plan(content: Content, units: list[str], seat: int, weights: NormalAi,
                   stream: Stream) -> Plan:
    """The seat's `units` (ids) one at a time in canonical order; each own-zone tile with
    fewer than `cap` placed units scores w(T) / (1 + n(T)) + noise * r_T (a fresh float per
    tile, scan order)."""
    front = front_tiles(content, seat)
    base = content.bases[seat]
    most = cap_of(content)

    def weight(tile: str) -> float:
        if tile == base:
            return weights.base_weight
        return weights.front_weight if tile in front else weights.other_weight

    placed: dict[str, int] = {t: 0 for t in content.zones[seat]}
    plan: Plan = {}
    for uid in units:
        best_tile, best = None, 0.0
        for tile in content.zones[seat]:
            if placed[tile] >= most:
                continue
            value = weight(tile) / (1 + placed[tile]) + weights.placement_noise * stream.random()
            if best_tile is None or value > best:
                best_tile, best = tile, value
        assert best_tile is not None, "an army never outgrows its zone"
        plan[uid] = best_tile
        placed[best_tile] += 1
    return plan


# -- movement (7.2 steps 1-3) ----------------------------------------------------------------
@dataclass
class Explore:
    """`hard`'s sampled plans: each step-3 choice is replaced with probability `p` by a uniform
    pick among that unit's candidate tiles, drawn from the CPU's own stream."""

    stream: Stream
    p: float


class Forces(NamedTuple):
    """The position as a movement plan reads it, the same for both seats and every variant
    of a plan: `hard` plans 13 times on one position and each rollout round twice, so it is
    read once per position (`forces`) and handed to each `movement_plan`. Per seat: its
    strength on each tile holding its units, the strength of its units next to each land
    tile, its hand's mean power (EP) and its base's defence bonus."""

    units: list[Piece]
    stacks: tuple[dict[str, int], dict[str, int]]
    near: tuple[dict[str, int], dict[str, int]]
    hand_means: tuple[float, float]
    base_bonus: tuple[int, int]
    round: int


def forces(match: Match) -> Forces:
    """`Forces` of the position the match holds (build it again after the position
    changes: it holds values, not the world's components)."""
    content = world.content(match)
    return _forces(content, pieces(match), (world.hand(match, 0), world.hand(match, 1)),
                   (base_bonus(match, content.bases[0]), base_bonus(match, content.bases[1])),
                   world.round_of(match))


def view_forces(content: Content, board: dict[str, Any]) -> Forces:
    """`Forces` of the position a seat view's `board` prints, equal to `forces` of a scratch
    match loaded from it (a test holds them equal on the views of whole matches): a step
    that needs no look-ahead (`normal`'s movement) plans on its view without loading one.
    Every unit, both hands and the round are public (spec 6.4); a base's bonus is the rules'
    `base_defence_bonus`, the value the world's `Base` components are built with."""
    new = tuple.__new__
    units = [new(Piece, (u["id"], u["seat"], u["kind"], u["tile"])) for u in board["units"]]
    bonus = content.rules.base_defence_bonus
    return _forces(content, units, board["hands"], (bonus, bonus), board["round"])


def _forces(content: Content, units: list[Piece], hands: Any, bonuses: tuple[int, int],
            round_: int) -> Forces:
    nb = geometry(content).neighbours
    strength = content.strength
    stacks: tuple[dict[str, int], dict[str, int]] = ({}, {})
    for u in units:
        if u.tile is not None:
            stack = stacks[u.seat]
            stack[u.tile] = stack.get(u.tile, 0) + strength[u.kind]
    # the strength next to each tile: each stack counted onto its neighbours (neighbourhood
    # is symmetric), not every tile's neighbours summed
    near: tuple[dict[str, int], dict[str, int]] = (dict.fromkeys(content.land, 0),
                                                   dict.fromkeys(content.land, 0))
    for seat in (0, 1):
        around = near[seat]
        for tile, stack in stacks[seat].items():
            for n in nb[tile]:
                around[n] += stack
    return Forces(units, stacks, near, (hand_mean(content, hands[0]), hand_mean(content, hands[1])),
                  bonuses, round_)


def movement_plan(match: Match, seat: int, weights: NormalAi, *, margin: float | None = None,
                  advance: bool = True, explore: Explore | None = None,
                  position: Forces | None = None) -> Plan:
    """The plan of 7.2 on the position at the start of the round: base defence, attacks,
    advance. `margin` overrides the attack margin (hard's C3, C4, O2..O4), `advance=False`
    drops step 3 (C5), `explore` randomises step 3 (C6..C8, O2..O4). The spec's 5 of a
    tile and of an attacking group is the rules' per-tile cap; the enemy base's 2 is its
    bonus. `position` is `forces(match)`, when the caller read it already."""
    return plan_movement(world.content(match), seat, weights,
                         forces(match) if position is None else position,
                         margin=margin, advance=advance, explore=explore)


def plan_movement(content: Content, seat: int, weights: NormalAi, position: Forces, *,
                  margin: float | None = None, advance: bool = True,
                  explore: Explore | None = None) -> Plan:
    """`movement_plan` on a position read already (`forces` or `view_forces`)."""
    geo = geometry(content)
    nb, dist = geo.neighbours, geo.dist
    strength = content.strength
    own_base, enemy_base = content.bases[seat], content.bases[1 - seat]
    attack_margin = weights.attack_margin if margin is None else margin
    ep_own, ep_opp = position.hand_means[seat], position.hand_means[1 - seat]
    most = cap_of(content)
    enemy_bonus = position.base_bonus[1 - seat]

    units = position.units
    own = [u for u in units if u.seat == seat and u.tile is not None]
    enemy_str = position.stacks[1 - seat]
    near_enemy = position.near[1 - seat]

    plan: dict[str, str] = {u.id: u.tile for u in own}  # type: ignore[misc]
    power = {u.id: strength[u.kind] for u in own}
    count: dict[str, int] = {}
    planned_str: dict[str, int] = {}
    for u in own:
        count[u.tile] = count.get(u.tile, 0) + 1  # type: ignore[index]
        planned_str[u.tile] = planned_str.get(u.tile, 0) + power[u.id]  # type: ignore[index]
    assigned: set[str] = set()

    def send(uid: str, tile: str) -> None:
        old = plan[uid]
        count[old] -= 1
        planned_str[old] -= power[uid]
        plan[uid] = tile
        count[tile] = count.get(tile, 0) + 1
        planned_str[tile] = planned_str.get(tile, 0) + power[uid]
        assigned.add(uid)

    # 1. base defence
    threat = near_enemy[own_base]
    if threat > 0:
        for u in own:
            if u.tile == own_base:
                assigned.add(u.id)
        while planned_str.get(own_base, 0) < threat + 1 and count.get(own_base, 0) < most:
            helpers = [u for u in own if u.id not in assigned and u.tile in nb[own_base]]
            if not helpers:
                break
            strongest = max(power[u.id] for u in helpers)
            send(next(u.id for u in helpers if power[u.id] == strongest), own_base)
    elif any(dist[(tile, own_base)] <= 3 for tile in enemy_str):  # the enemy's tiles
        on_base = [u for u in own if u.tile == own_base]
        if on_base:
            keep = next((u for u in on_base if u.kind == "infantry"), on_base[0])
            assigned.add(keep.id)
        else:
            near = [u for u in own if u.tile in nb[own_base]]
            near.sort(key=lambda u: 0 if u.kind == "infantry" else 1)  # stable: canonical
            if near:
                send(near[0].id, own_base)

    # 2. attacks
    # Read once for every pass: the enemy stacks (scan order) and, per target, the own units
    # next to it (canonical order); neither changes while the plan is made.
    stacked = [t for t in content.land if enemy_str.get(t, 0) > 0]
    beside: dict[str, list[Piece]] = {}

    def next_to(target: str) -> list[Piece]:
        found = beside.get(target)
        if found is None:
            around = nb[target]
            found = beside[target] = [u for u in own if u.tile in around]
        return found

    dropped: set[str] = set()
    while True:
        targets = [t for t in stacked if t not in dropped]
        if (enemy_base not in dropped and enemy_str.get(enemy_base, 0) == 0
                and any(u.id not in assigned for u in next_to(enemy_base))):
            targets.append(enemy_base)
        best: tuple[float, str, list[str]] | None = None
        for target in targets:
            defence = (enemy_str.get(target, 0) + (enemy_bonus if target == enemy_base else 0)
                       + ep_opp + weights.neighbour_defence * near_enemy[target])
            group: list[str] = []
            total = 0
            found = None
            for u in next_to(target):  # canonical order is tanks first
                if u.id in assigned:
                    continue
                if len(group) == most:
                    break
                group.append(u.id)
                total += power[u.id]
                if total + ep_own - defence >= attack_margin - TIE:
                    found = total + ep_own - defence
                    break
            if found is None:
                continue
            if best is None or found > best[0] + TIE or (
                    abs(found - best[0]) <= TIE and _target_first(target, best[1], enemy_base,
                                                                  geo)):
                best = (found, target, group)
        if best is None:
            break
        _, target, group = best
        for uid in group:
            send(uid, target)
        dropped.add(target)

    # 3. advance
    if advance:
        caution = weights.caution * max(0.0, 1 - position.round / weights.caution_rounds)
        toward = geo.toward[enemy_base]
        # no advance onto an enemy stack or the enemy base (the enemy does not move here)
        closed = {t for t, stack in enemy_str.items() if stack != 0}
        closed.add(enemy_base)
        reach, stay_bonus = geo.reach, weights.stay_bonus
        for u in own:
            if u.id in assigned:
                continue
            here = u.tile
            # an unassigned unit was never sent: its planned tile is its own
            choice: str | None
            if explore is not None:
                candidates = [d for d in reach[here]  # type: ignore[index]
                              if d not in closed and count.get(d, 0) - (d == here) < most]
                if not candidates:
                    continue
                if explore.stream.random() < explore.p:
                    choice = candidates[explore.stream.randint(0, len(candidates) - 1)]
                else:  # the best of the same candidates
                    choice = _advance_choice(here, reach[here], closed,  # type: ignore[index]
                                             count, most, power[u.id], planned_str, near_enemy,
                                             caution, stay_bonus, toward)
            else:
                choice = _advance_choice(here, reach[here], closed, count,  # type: ignore[index]
                                         most, power[u.id], planned_str, near_enemy, caution,
                                         stay_bonus, toward)
                if choice is None:
                    continue
            if choice != here:
                send(u.id, choice)
            else:
                assigned.add(u.id)
    return plan  # built here, the caller's own


def _target_first(a: str, b: str, enemy_base: str, geo: Geometry) -> bool:
    """Equal margins: E first, then scan order."""
    if a == enemy_base or b == enemy_base:
        return a == enemy_base
    return geo.scan[a] < geo.scan[b]


def _advance_choice(here: str, reach: tuple[str, ...], closed: set[str], count: dict[str, int],
                    most: int, power: int, planned_str: dict[str, int],
                    near_enemy: dict[str, int], caution: float, stay_bonus: float,
                    toward: dict[str, tuple[int, int, int]]) -> str | None:
    """Step 3's tile for a unit on `here`, None if it has no candidate: among its own tile
    and neighbours (`reach`, scan order) that are not `closed` and where the plan leaves
    room (fewer than `most` planned, the unit itself not counted on its own tile),
    score(D) = -dist(D, E) - d(round) * danger(D) + stay * [D = tile(u)]; equal scores
    (within 1e-9) go to the smaller |row(D) - row(E)|, then scan order (`toward`: E's map
    parts of each tile's score). `power` is the unit's, which counts on D unless D is its
    own tile. The candidates are filtered and scored in one pass (every unit of every plan
    of hard's rollouts comes here); as `reach` is in scan order, an equal score with an
    equal row gap never wins, so the row gap alone breaks a tie."""
    best_score = 0.0
    best_gap = 0
    best: str | None = None
    for d in reach:
        if d in closed:
            continue
        mine = d == here
        if count.get(d, 0) - mine >= most:
            continue
        base, row_gap, _ = toward[d]
        danger = near_enemy[d] - planned_str.get(d, 0) - (0 if mine else power)
        if danger < 0:  # max(0, ...) without the call
            danger = 0
        score = base - caution * danger + (stay_bonus if mine else 0)
        if best is None or score > best_score + TIE or (
                abs(score - best_score) <= TIE and row_gap < best_gap):
            best_score, best_gap, best = score, row_gap, d
    return best


# -- submission (7.2 step 4) -----------------------------------------------------------------
def plan_moves(match: Match, seat: int, plan: Plan, *, reset: bool = False) -> list[Decision]:
    """The plan as one `move` per unit, in the order the rules say they can be given
    (`order_sequence`: repeatedly the first unit in canonical order whose move is legal
    against the moves sent before it); a unit whose move never becomes legal (a swap between
    full tiles) keeps its tile. `reset`: after a `reset_moves`."""
    return _moves(seat, order_sequence(match, seat, plan, reset=reset))


def view_moves(content: Content, board: dict[str, Any], seat: int, plan: Plan, *,
               reset: bool = False) -> list[Decision]:
    """`plan_moves` read from a seat view's `board` (its own units, tiles and pending
    orders are its own to see), equal to `plan_moves` on a scratch match loaded from it."""
    orders = {} if reset else board["orders"][seat]
    tiles: dict[str, str | None] = {}
    positions: dict[str, str | None] = {}
    for u in board["units"]:
        if u["seat"] == seat:
            uid = u["id"]
            tiles[uid] = u["tile"]
            positions[uid] = orders.get(uid, u["tile"])
    return _moves(seat, sequence_orders(tiles, positions, plan, cap_of(content)))


def _moves(seat: int, sequence: list[tuple[str, str]]) -> list[Decision]:
    return [{"seat": seat, "type": "move", "units": [uid], "to": tile} for uid, tile in sequence]


# -- memo of pure results during one look-ahead -------------------------------------------------
class Memo:
    """Results that are pure functions of the position, shared by the rollouts of one `hard`
    movement decision (many rollouts reach the same battle). Off (None) outside a look-ahead."""

    active: dict[tuple[Any, ...], Any] | None = None

    def __enter__(self) -> Memo:
        Memo.active = {}
        return self

    def __exit__(self, *exc: object) -> None:
        Memo.active = None


def position_key(match: Match) -> tuple[Any, ...]:
    """Everything a battle decision or resolution can depend on."""
    table = entity_table()  # each unit's flags read from its components, one lookup
    return (match.phase, match.to_act, world.round_of(match),
            tuple((b.battle.number, b.site.tile, b.battle.state) for b in world.battles(match)),
            world.current_number(match), current_picks(match),
            (world.hand(match, 0), world.hand(match, 1)),
            (world.discards(match, 0), world.discards(match, 1)),
            tuple((u.ident.id, u.pos.tile, Fought in has, Reinforced in has, Retreating in has)
                  for u, has in ((u, table[u.entity]) for u in world.units(match))))


def memoised(name: str, match: Match, args: tuple[Any, ...], make: Any) -> Any:
    memo = Memo.active
    if memo is None:
        return make()
    key = (name, args, position_key(match))
    if key not in memo:
        memo[key] = make()
    return memo[key]


# -- battles (7.2) ---------------------------------------------------------------------------
def outcome(winner: int | None, seat: int) -> int:
    return DRAW if winner is None else (WIN if winner == seat else LOSS)


def own_loss(match: Match, verdict: Verdict, seat: int) -> int:
    """Strength of own units in `casualties` + `trapped`."""
    return (world.strength(match, verdict.casualties[seat])
            + sum(unit_strength(match, uid) for uid in verdict.trapped[seat]))


def allowed_cards(match: Match, seat: int) -> list[str]:
    """allowed(hand) in ascending power: the hand without its power-7 card, unless the battle
    is on a base or the hand has at most 2 cards ("save power 7 for base battles")."""
    hand = list(world.hand(match, seat))
    content = world.content(match)
    if content.base_owner(world.current_site(match)) is None and len(hand) > 2:
        hand = [c for c in hand if content.cards[c].power != 7]
    return hand[::-1]  # hands are kept highest power first (4.14)


def expected_card(match: Match, seat: int) -> str:
    """ê: the highest-power card in that seat's hand."""
    return world.hand(match, seat)[0]


def _cards_for(seat: int, own: str, other: str) -> tuple[str, str]:
    return (own, other) if seat == 0 else (other, own)


def _picks_for(seat: int, own: list[str], other: list[str]) -> tuple[list[str], list[str]]:
    return (own, other) if seat == 0 else (other, own)


def best_outcome(match: Match, seat: int, picks: tuple[list[str], list[str]],
                 cards: list[str], enemy_card: str, main: list[Any] | None = None) -> int:
    """The best outcome over `cards` against `enemy_card` with these picks. The best of a set
    does not depend on the walk, so it starts from the strongest card and stops at the first
    win (a winner never loses units: nothing beats a win). `main`: the site's main armies,
    read once by the caller."""
    best = LOSS
    for card in reversed(cards):
        result = outcome(battle_winner(match, picks, _cards_for(seat, card, enemy_card), main),
                         seat)
        if result == WIN:
            return WIN
        best = max(best, result)
    return best


# Who wins a battle depends only on whose base the site is (if anyone's), the kinds of units in
# both main armies and both pick sets, the two cards and both seats' commanders (their
# passives: 4.11.2-4.11.4 and the abilities' conditions read nothing else). So the best outcome
# of a pick set, learned from the real verdict once, is kept under that key: `hard`'s rollouts
# meet the same battles again and again. Normal's card also depends on its own loss, so it is
# kept under `battle_signature`, which adds the neighbours of the site (the retreat room of
# 4.11.7).
_OUTCOMES: dict[tuple[Any, ...], int] = {}
_CARDS: dict[tuple[Any, ...], str] = {}  # normal's card, keyed by `battle_signature`
OUTCOMES_SIZE = 200_000


def normal_reinforcements(match: Match, seat: int) -> list[str]:
    """7.2 Reinforcements: the opponent commits all its eligible units and plays ê. Nothing if
    nothing is needed to win; else the first prefix (tanks first) that wins, else the first
    that draws when nothing would lose; else nothing."""
    return memoised("reinforce", match, (seat,), lambda: _normal_reinforcements(match, seat))


def _commanders(match: Match) -> tuple[str | None, str | None]:
    return (world.commander(match, 0), world.commander(match, 1))


def _normal_reinforcements(match: Match, seat: int) -> list[str]:
    from game.systems.conquest.battle import eligible_ids

    content = world.content(match)
    both = eligible_ids(match)
    eligible = list(both[seat])
    enemy_picks = list(both[1 - seat])
    cards = allowed_cards(match, seat)
    enemy_card = expected_card(match, 1 - seat)

    site = world.current_site(match)
    owner = content.base_owner(site)
    main = main_armies(match, site)  # one read for every pick set and card
    kinds = [tuple(u.kind.kind for u in main[s]) for s in (0, 1)]
    index = world.units_by_id(match)
    enemy_kinds = tuple(index[uid].kind.kind for uid in enemy_picks)
    commanders = _commanders(match)

    def best(picks: list[str]) -> int:
        key = (id(content), owner, seat, kinds[0], kinds[1],
               tuple(index[uid].kind.kind for uid in picks), enemy_kinds, tuple(cards),
               enemy_card, commanders)
        found = _OUTCOMES.get(key)
        if found is not None:
            return found
        found = best_outcome(match, seat, _picks_for(seat, picks, enemy_picks), cards,
                             enemy_card, main)
        if len(_OUTCOMES) >= OUTCOMES_SIZE:
            _OUTCOMES.clear()
        _OUTCOMES[key] = found
        return found

    alone = best([])
    if alone == WIN:
        return []
    first_draw: list[str] | None = None
    for n in range(1, len(eligible) + 1):
        result = best(eligible[:n])
        if result == WIN:
            return eligible[:n]
        if result == DRAW and first_draw is None:
            first_draw = eligible[:n]
    if alone == LOSS and first_draw is not None:
        return first_draw
    return []


def normal_card(match: Match, seat: int) -> str:
    """7.2 Card: the cheapest allowed card that wins against ê, else the cheapest that draws,
    else the one with the smallest own loss (ties: lower power)."""
    content = world.content(match)
    key = (id(content), seat, *battle_signature(match), tuple(allowed_cards(match, seat)),
           expected_card(match, 1 - seat), _commanders(match))
    found = _CARDS.get(key)
    if found is None:
        found = _normal_card(match, seat)
        if len(_CARDS) >= OUTCOMES_SIZE:
            _CARDS.clear()
        _CARDS[key] = found
    return found


def battle_signature(match: Match) -> tuple[Any, ...]:
    """What a resolution's winner, card casualties and trapped units depend on (4.11.2-
    4.11.7): the site, the kinds in both main armies and pick sets, and on each neighbour of
    the site how many units of each seat stand there."""
    site = world.current_site(match)
    picks = tuple(tuple(u.kind.kind for u in world.picks(match, s)) for s in (0, 1))
    neighbours = world.the_map(match).neighbours[site]
    main: tuple[list[str], list[str]] = ([], [])
    counts = {tile: [0, 0] for tile in neighbours}  # one pass over the units for all of it
    for u in world.units(match):
        tile = u.pos.tile
        if tile == site:
            main[u.owner.seat].append(u.kind.kind)
        else:
            found = counts.get(tile)  # type: ignore[arg-type]
            if found is not None:
                found[u.owner.seat] += 1
    return (site, (tuple(main[0]), tuple(main[1])), picks,
            tuple((counts[t][0], counts[t][1]) for t in neighbours))


def _normal_card(match: Match, seat: int) -> str:
    enemy_card = expected_card(match, 1 - seat)
    picks = current_picks(match)
    main = main_armies(match, world.current_site(match))  # one read for every card
    first_draw = None
    least: tuple[int, str] | None = None
    for card in allowed_cards(match, seat):
        verdict = judge_battle(match, picks, _cards_for(seat, card, enemy_card), main)
        result = outcome(verdict.winner, seat)
        if result == WIN:
            return card
        if result == DRAW:
            if first_draw is None:
                first_draw = card
            continue
        loss = own_loss(match, verdict, seat)
        if least is None or loss < least[0]:
            least = (loss, card)
    if first_draw is not None:
        return first_draw
    assert least is not None
    return least[1]


# -- retreat (7.2) ---------------------------------------------------------------------------
def retreating_units(match: Match, seat: int) -> list[str]:
    """The seat's listed units still on the site, canonical order."""
    site = retreat_site(match)
    if site is None:
        return []
    return [u.ident.id for u in world.retreating(match, seat) if u.pos.tile == site]


def normal_retreat(match: Match, seat: int) -> Decision | None:
    """The next unit's retreat: the legal tile nearest the own base; ties: less enemy strength
    next to it, then scan order; a tile holding enemy units only when nothing else is legal."""
    waiting = retreating_units(match, seat)
    if not waiting:
        return None
    uid = waiting[0]
    content = world.content(match)
    geo = geometry(content)
    base = content.bases[seat]
    tiles = retreat_tiles(match, seat, uid)
    enemy_str: dict[str, int] = {}
    for u in world.units(match):
        if u.owner.seat != seat and u.pos.tile is not None:
            enemy_str[u.pos.tile] = enemy_str.get(u.pos.tile, 0) + content.strength[u.kind.kind]
    free = [t for t in tiles if enemy_str.get(t, 0) == 0] or tiles
    best = min(free, key=lambda t: (geo.dist[(t, base)],
                                    sum(enemy_str.get(n, 0) for n in geo.neighbours[t]),
                                    geo.scan[t]))
    return {"seat": seat, "type": "retreat", "unit": uid, "to": best}
