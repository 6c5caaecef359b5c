"""The `hard` CPU of spec conquest.md 7.3: a regret-matching matrix game for cards and
reinforcements, and sampled movement plans judged by short rollouts.

Placement, commander and retreat are `normal`'s. Every battle payoff comes from `preview_battle`
(the real resolution on a scratch match built from the view, rolled back); every rollout runs
on that same scratch match under a journal mark, with both seats playing `normal`, and is rolled
back. The opponent's hidden orders, picks and card never enter: the scratch match loads them as
nothing chosen, and hard submits its own opponent model in their place.

Draw order of a movement decision (all from `ai.<seat>`): C6, C7, C8 (per unassigned unit of
step 3 in canonical order one float, and an integer when it is replaced), then O2, O3, O4 (one
integer for the attack margin, then the same step-3 draws).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ai.conquest import policy
from game.ai.conquest.players import ConquestCpu, NormalCpu
from game.ai.conquest.scratch import Preview, commit_picks, resolve_cards, submit, unit_strength
from game.systems.conquest import world
from game.systems.conquest.battle import eligible_ids
from game.systems.conquest.orders import order_sequence

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.conquest.content import HardAi, NormalAi

View = dict[str, Any]
ROLLOUT_ROUNDS = 4
OPPONENT_MARGINS = (0.0, 1.0, 2.0)
TERMINAL = 100.0  # payoff of a resolution that ends the match (7.3, not a weight)


# -- regret matching (7.3) ---------------------------------------------------------------------
def _strategy(regrets: list[float]) -> list[float]:
    """Positive part of the regrets, normalised; uniform if all are <= 0."""
    positive = [r if r > 0.0 else 0.0 for r in regrets]
    total = 0.0
    for p in positive:
        total += p
    if total <= 0.0:
        return [1.0 / len(regrets)] * len(regrets)
    return [p / total for p in positive]


def regret_matching(matrix: list[list[float]], iterations: int
                    ) -> tuple[list[float], list[float], float]:
    """RM(M, N) exactly as 7.3 writes it (IEEE doubles summed in index order): the average
    row strategy, the average column strategy and the game value σ̄ᵀ M τ̄ for the row player."""
    rows, cols = len(matrix), len(matrix[0])
    r_rows, r_cols = [0.0] * rows, [0.0] * cols
    s_rows, s_cols = [0.0] * rows, [0.0] * cols
    row_range, col_range = range(rows), range(cols)
    for _ in range(iterations):
        sigma = _strategy(r_rows)
        tau = _strategy(r_cols)
        for a in row_range:
            s_rows[a] += sigma[a]
        for b in col_range:
            s_cols[b] += tau[b]
        u_rows = []
        for a in row_range:
            line = matrix[a]
            total = 0.0
            for b in col_range:
                total += tau[b] * line[b]
            u_rows.append(total)
        u_cols = []
        for b in col_range:
            total = 0.0
            for a in row_range:
                total += sigma[a] * matrix[a][b]
            u_cols.append(-total)
        expected_row = 0.0
        for a in row_range:
            expected_row += sigma[a] * u_rows[a]
        expected_col = 0.0
        for b in col_range:
            expected_col += tau[b] * u_cols[b]
        for a in row_range:
            r_rows[a] += u_rows[a] - expected_row
        for b in col_range:
            r_cols[b] += u_cols[b] - expected_col
    sigma_bar = [s / iterations for s in s_rows]
    tau_bar = [s / iterations for s in s_cols]
    value = 0.0
    for a in row_range:
        for b in col_range:
            value += sigma_bar[a] * matrix[a][b] * tau_bar[b]
    return sigma_bar, tau_bar, value


# -- battle payoff (7.3) -----------------------------------------------------------------------
def payoff(match: Match, preview: Preview, seat: int, hand_weight: float) -> float:
    """swing + ground + terminal + λ · (hv(own hand after) − hv(opponent hand after))."""
    last = preview.last
    other = 1 - seat
    lost = [0, 0]
    for s in (0, 1):
        for uid in (*last["casualties"][s], *last["trapped"][s]):
            lost[s] += unit_strength(match, uid)
    swing = lost[other] - lost[seat]
    winner = last["winner"]
    ground = 0 if winner is None else (1 if winner == seat else -1)
    terminal = 0.0
    if preview.result is not None and preview.result["winner"] is not None:
        terminal = TERMINAL if preview.result["winner"] == seat else -TERMINAL
    content = world.content(match)
    hands = policy.hand_mean(content, preview.hands[seat]) - policy.hand_mean(
        content, preview.hands[other])
    return swing + ground + terminal + hand_weight * hands


def card_matrix(match: Match, seat: int, hand_weight: float) -> list[list[float]]:
    """M over both full current hands (rows: own hand in hand order; columns: the opponent's),
    with the picks already committed."""
    hands = (world.hand(match, 0), world.hand(match, 1))
    out = []
    for own in hands[seat]:
        line = []
        for other in hands[1 - seat]:
            cards = (own, other) if seat == 0 else (other, own)
            line.append(payoff(match, resolve_cards(match, cards), seat, hand_weight))
        out.append(line)
    return out


# -- movement look-ahead (7.3) -------------------------------------------------------------
def send_plan(match: Match, seat: int, plan: policy.Plan) -> None:
    """7.2 step 4 on a scratch match: the moves in the order the rules allow, a run of
    consecutive moves to one tile sent as one `move` of those units (the same orders from a
    third fewer decisions in a rollout). The group is legal: each of its moves was, after the
    ones before it, and the last left the tile within the cap with all of them on it."""
    units: list[str] = []
    to = None
    for uid, tile in order_sequence(match, seat, plan):
        if tile != to and units:
            submit(match, {"seat": seat, "type": "move", "units": units, "to": to})
            units = []
        units.append(uid)
        to = tile
    if units:
        submit(match, {"seat": seat, "type": "move", "units": units, "to": to})


def play_normal(match: Match, weights: NormalAi, stop_round: int) -> None:
    """Both seats play `normal` (movement, reinforcements, cards, retreats) until the movement
    phase of `stop_round` begins or the match ends. `normal` draws nothing here."""
    while match.result is None:
        phase = match.phase
        seats = tuple(match.to_act)
        if phase == "movement":
            if world.round_of(match) >= stop_round:
                return
            position = policy.forces(match)
            plans = [policy.movement_plan(match, s, weights, position=position)
                     for s in (0, 1)]
            for s in (0, 1):
                send_plan(match, s, plans[s])
        elif phase == "reinforcements":
            picks = {s: policy.normal_reinforcements(match, s) for s in seats}
            for s in seats:
                submit(match, {"seat": s, "type": "reinforce", "units": picks[s]})
        elif phase == "cards":
            cards = {s: policy.normal_card(match, s) for s in seats}
            for s in seats:
                submit(match, {"seat": s, "type": "choose_card", "card": cards[s]})
        elif phase == "retreat":
            for s in seats:
                while (move := policy.normal_retreat(match, s)) is not None:
                    submit(match, move)
        else:  # pragma: no cover - no other phase has CPU decisions after placement
            raise RuntimeError(f"rollout reached phase {phase!r}")
        for s in seats:
            submit(match, {"seat": s, "type": "ready"})


def leaf_value(match: Match, result: dict[str, Any] | None, seat: int, weights: HardAi
               ) -> float:
    """±win_value for a decided match, 0 for a drawn one; otherwise the strength difference
    plus distance_weight · (Σ enemy distances to B − Σ own distances to E)."""
    if result is not None:
        winner = result["winner"]
        if winner is None:
            return 0.0
        return weights.win_value if winner == seat else -weights.win_value
    content = world.content(match)
    geo = policy.geometry(content)
    # -dist(tile, base) per tile, read from the map parts of the advance score (no key
    # tuple built per unit: a leaf is read at the end of every rollout)
    to_own, to_enemy = geo.toward[content.bases[seat]], geo.toward[content.bases[1 - seat]]
    strength = [0, 0]
    distance = 0
    for u in world.units(match):
        strength[u.owner.seat] += content.strength[u.kind.kind]
        tile = u.pos.tile
        if tile is None:
            continue
        if u.owner.seat == seat:
            distance += to_enemy[tile][0]
        else:
            distance -= to_own[tile][0]
    return strength[seat] - strength[1 - seat] + weights.distance_weight * distance


def _frozen(plan: policy.Plan) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(plan.items()))


def rollout_rounds(units: int, rollouts: int, work: int) -> int:
    """How many rounds each movement rollout plays: ROLLOUT_ROUNDS, unless `units` on the
    board over that many `rollouts` would pass the `work` budget (unit-rounds, `ai.toml
    hard.rollout_work`); then as many as fit, at least one. A deterministic bound (no clock
    is read): the shipped armies (at most 32 units, 32 rollouts) always roll out 4 rounds,
    a mod's armies of 60 a side on a 200-tile map one (docs/conquest.md "Time budgets")."""
    per_round = max(1, units * rollouts)
    if per_round * ROLLOUT_ROUNDS <= work:
        return ROLLOUT_ROUNDS
    return max(1, work // per_round)


def prefix_sizes(count: int, most: int) -> list[int]:
    """The prefix lengths 0..count a reinforcement search values, ascending: all of them when
    `most` allows, else `most` (at least 2: none and all) evenly spaced ones, rounded half up,
    so both ends are always candidates."""
    if count + 1 <= most:
        return list(range(count + 1))
    most = max(2, most)
    return sorted({(2 * i * count + most - 1) // (2 * (most - 1)) for i in range(most)})


class HardCpu(NormalCpu):
    """7.3: matrix game for cards and picks, sampled look-ahead for movement."""

    VIEW_PHASES = ConquestCpu.VIEW_PHASES  # its movement rolls out on the scratch match

    @property
    def weights(self) -> HardAi:
        return self.content.ai.hard

    # -- cards ---------------------------------------------------------------------------
    def card(self, view: View, match: Match) -> str:
        """RM over both hands, drop probabilities below the floor, draw one float."""
        hand = world.hand(match, self.seat)
        if len(hand) == 1:
            return hand[0]
        weights = self.weights
        matrix = card_matrix(match, self.seat, weights.hand_weight)
        sigma, _, _ = regret_matching(matrix, weights.card_iterations)
        kept = [p if p >= weights.card_floor else 0.0 for p in sigma]
        total = 0.0
        for p in kept:
            total += p
        probabilities = [p / total for p in kept]
        r = self.stream.random()
        cumulative = 0.0
        for card, p in zip(hand, probabilities, strict=True):
            cumulative += p
            if cumulative > r:
                return card
        return next(c for c, p in zip(reversed(hand), reversed(probabilities), strict=True)
                    if p > 0)  # float rounding left r above the last sum

    # -- reinforcements ------------------------------------------------------------------
    def reinforcement_picks(self, view: View, match: Match) -> list[str]:
        """∅ and every prefix of the eligible units (tanks first); each valued by the mean of
        RM(M, N).value over the opponent committing nothing or everything (0.5 each). The
        search previews at most `reinforce_cells` battles (one per matrix cell): past that,
        evenly spaced prefixes stand for the rest (`prefix_sizes`), a work budget that keeps
        the worst decision inside the time budget without reading the clock (docs)."""
        both = eligible_ids(match)
        eligible = list(both[self.seat])
        enemy = list(both[1 - self.seat])
        models = [[], enemy] if enemy else [[]]  # one model twice is the same mean
        hands = (world.hand(match, 0), world.hand(match, 1))
        cells = len(models) * len(hands[0]) * len(hands[1])  # battle previews per candidate
        best: tuple[float, list[str]] | None = None
        for n in prefix_sizes(len(eligible), self.weights.reinforce_cells // cells):
            candidate = eligible[:n]
            total = 0.0
            for model in models:
                total += self._picks_value(match, candidate, model)
            value = total / len(models)
            if best is None or value > best[0]:
                best = (value, candidate)
        assert best is not None
        return best[1]

    def _picks_value(self, match: Match, own: list[str], other: list[str]) -> float:
        picks = (own, other) if self.seat == 0 else (other, own)
        weights = self.weights
        mark = match.mark()
        try:
            commit_picks(match, picks)
            matrix = card_matrix(match, self.seat, weights.hand_weight)
        finally:
            match.rollback(mark)
        return regret_matching(matrix, weights.reinforce_iterations)[2]

    # -- movement ------------------------------------------------------------------------
    def movement_plan(self, view: View, match: Match) -> policy.Plan:
        """C1..C8 (duplicates dropped) against O1..O4, each pair a rollout of 4 rounds (fewer
        past the `rollout_work` budget: `rollout_rounds`); the best mean wins, ties to the
        lower index."""
        seat, other = self.seat, 1 - self.seat
        normal, weights = self.content.ai.normal, self.weights
        explore = policy.Explore(self.stream, weights.explore)
        stay = {u.ident.id: u.pos.tile for u in world.of_seat(match, seat)}
        position = policy.forces(match)  # every plan below reads this one position

        def plan_of(whose: int, **variant: Any) -> policy.Plan:
            return policy.movement_plan(match, whose, normal, position=position, **variant)

        own_plans: list[policy.Plan] = [
            stay,  # type: ignore[list-item]
            plan_of(seat),
            plan_of(seat, margin=0.0),
            plan_of(seat, margin=2.0),
            plan_of(seat, advance=False),
        ]
        own_plans += [plan_of(seat, explore=explore) for _ in range(3)]
        enemy_plans = [plan_of(other)]
        for _ in range(3):
            margin = OPPONENT_MARGINS[self.stream.randint(0, len(OPPONENT_MARGINS) - 1)]
            enemy_plans.append(plan_of(other, margin=margin, explore=explore))
        candidates: list[policy.Plan] = []
        seen: set[tuple[tuple[str, str], ...]] = set()
        for plan in own_plans:
            key = _frozen(plan)
            if key not in seen:
                seen.add(key)
                candidates.append(plan)
        stop = world.round_of(match) + rollout_rounds(
            len(world.units(match)), len(candidates) * len(enemy_plans), weights.rollout_work)
        done: dict[tuple[Any, Any], float] = {}  # identical pairs roll out identically
        best: tuple[float, policy.Plan] | None = None
        with policy.Memo():
            for plan in candidates:
                total = 0.0
                for enemy_plan in enemy_plans:
                    key = (_frozen(plan), _frozen(enemy_plan))
                    if key not in done:
                        done[key] = self._rollout(match, plan, enemy_plan, stop)
                    total += done[key]
                value = total / len(enemy_plans)
                if best is None or value > best[0]:
                    best = (value, plan)
        assert best is not None
        return best[1]

    def _rollout(self, match: Match, plan: policy.Plan, enemy_plan: policy.Plan,
                 stop: int) -> float:
        mark = match.mark()
        try:
            send_plan(match, self.seat, plan)
            send_plan(match, 1 - self.seat, enemy_plan)
            for s in (0, 1):
                submit(match, {"seat": s, "type": "ready"})
            play_normal(match, self.content.ai.normal, stop)
            return leaf_value(match, match.result, self.seat, self.weights)
        finally:
            match.rollback(mark)
