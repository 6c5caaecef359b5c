"""The conquest CPU players of spec conquest.md section 7: `easy` (7.1) and `normal` (7.2) here,
`hard` (7.3) in `hard`.

Each is a `CpuPlayer`: `decide(view)` receives its seat's view only and returns one decision.
A CPU seat gives its whole set of orders for a phase step, one decision per call, then `ready`
(spec 4.3.4); it never unreadies. The step's decisions are worked out together on one scratch
match built from the view (anything the rules decide is asked of it) and sent one per call.
Whatever a step draws from the CPU's own `ai.<seat>` stream (commander, placement, easy's
choices, hard's samples and card) is drawn from the stream's state at the start of the step:
the stream is rewound after every decision and advanced by the step's draws only with its
`ready` (a retreat, which draws unit by unit, spends each unit's draw with its move). So a decision is a function of the view and the stream's state alone, and a window
that builds a fresh CPU for every call (in a worker process) gets the same decisions.
`plan_step` returns a whole step at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from game.ai.conquest import policy
from game.ai.conquest.scratch import scratch_for, submit
from game.engine.modes import CpuPlayer
from game.systems.conquest import world
from game.systems.conquest.content import content_of
from game.systems.conquest.orders import cap, cap_of
from game.systems.conquest.retreat import retreat_tiles

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.engine.resources import ResourceSet
    from game.engine.rng import Stream
    from game.engine.scratch import ScratchMatch
    from game.systems.conquest.content import Content

Decision = dict[str, Any]
View = dict[str, Any]
# The phases whose step plans each decision on the position the earlier ones made (each
# retreat is legal against the retreats before it): their decisions are applied to the
# scratch match as they are planned. A movement step asks the rules for its whole order of
# moves at once (`order_sequence`).
ON_POSITION = frozenset({"retreat"})


def step_key(view: View) -> tuple[Any, ...]:
    """One phase step: a phase of one round and one battle (battle numbers only grow within a
    sequence and rounds only grow, so a key never comes back)."""
    board = view["board"]
    return (view["phase"], board["round"], board["current_battle"], len(board["battles"]))


def view_signature(view: View, seat: int) -> tuple[Any, ...]:
    """What the seat's own decisions change in its view: commander, orders, picks, card and
    its units' tiles (retreats). A queued decision is sent only while this is as predicted."""
    board = view["board"]
    return (board["commanders"][seat], tuple(board["orders"][seat].items()),
            tuple(board["reinforcements"][seat]), board["cards_chosen"][seat],
            tuple((u["id"], u["tile"]) for u in board["units"] if u["seat"] == seat))


def world_signature(match: Match, seat: int) -> tuple[Any, ...]:
    """`view_signature` of the same position, read from a (scratch) match's world."""
    return (world.commander(match, seat), tuple(world.orders_of(match, seat)),
            world.ids(world.picks(match, seat)), world.chosen_ids(match)[seat],
            tuple((u.ident.id, u.pos.tile) for u in world.of_seat(match, seat)))


class ConquestCpu(CpuPlayer):
    """What every level shares: seat, stream, content, the per-step memory, the dispatcher,
    and the commander pick (uniform, one draw) common to all levels.

    On the first call of a phase step the CPU loads its scratch match (one per CPU, reloaded
    from each view: game.engine.scratch) at its view (a whole step of a `VIEW_PHASES` phase,
    which runs no look-ahead, is planned on the view itself), works out the step's whole sequence of
    decisions on it (each applied there by the rules, so a
    later decision is planned on the position the earlier ones make) and queues them with
    the own-view signature each expects; later calls send the queue in order. If the view
    is ever not as predicted (a fresh CPU, or one taking over a half-given step), the queue
    is rebuilt from that view, with the same draws.
    """

    # The phases whose whole step this level plans from its seat view alone (`view_<phase>`,
    # instead of `step_<phase>` on the scratch match): a step that runs no rules on a
    # look-ahead (the commander draw, the placement plan, `normal`'s movement heuristic and
    # the rules' order of its moves) needs no scratch match, so `plan_step` does not load
    # one for it. `decide` still does: its queue's signatures are read from the world.
    VIEW_PHASES: frozenset[str] = frozenset({"commander", "placement"})

    def __init__(self, level: str, seat: int, stream: Stream, resources: ResourceSet) -> None:
        self.level = level
        self.seat = seat
        self.stream = stream
        self.resources = resources
        self.content: Content = content_of(resources)
        self._scratch: ScratchMatch | None = None
        self._key: tuple[Any, ...] | None = None
        self._queue: list[tuple[tuple[Any, ...], Decision, Any]] = []
        self._start: Any = None  # the stream's state when the step began
        self._end: Any = None    # ... and after the step's draws

    def _me(self, verb: str, **fields: Any) -> Decision:
        return {"seat": self.seat, "type": verb, **fields}

    # -- dispatch ------------------------------------------------------------------------
    def decide(self, view: View) -> Decision:
        if view["board"]["ready"][self.seat]:
            raise RuntimeError("a CPU seat is never asked to act while it is ready (4.3.4)")
        key = step_key(view)
        if key != self._key:
            self._key, self._queue = key, []
            self._start = self.stream.get_state()
        # A retreat draws as it goes (each unit's pick among the tiles legal at that moment),
        # so its draws are spent decision by decision; every other step draws its plan up
        # front, from the state the step began with, and spends the draws with its `ready`.
        as_it_goes = view["phase"] == "retreat"
        signature = view_signature(view, self.seat)
        if not self._queue or self._queue[0][0] != signature:
            if not as_it_goes:
                self.stream.set_state(self._start)
            base = self.stream.get_state()
            self._queue = self._build(view)
            self._end = self.stream.get_state()
            self.stream.set_state(base)
        _, decision, after = self._queue.pop(0)
        if as_it_goes:
            self.stream.set_state(after)
        elif decision["type"] == "ready":
            self.stream.set_state(self._end)
        return decision

    def plan_step(self, view: View) -> list[Decision]:
        """Every decision of the current phase step, in order, ending with `ready`, and the
        stream advanced by the step's draws (what a worker process hands back at once)."""
        self._key, self._queue = None, []
        return [decision for _, decision, _ in self._build(view, queued=False)]

    def _build(self, view: View, queued: bool = True
               ) -> list[tuple[tuple[Any, ...] | None, Decision, Any]]:
        """The step's decisions, each with the own-view signature it is sent on and the
        stream's state once it was decided (`queued`: for `decide`, which sends them one per
        call; `plan_step` needs neither). Each decision is applied to the scratch match
        before the next is planned where the step plans on the position the earlier ones
        make (`ON_POSITION`), and always for `decide`, whose signatures read it. A whole
        step of a `VIEW_PHASES` phase is planned on the view, no scratch match loaded."""
        phase = view["phase"]
        on_view = phase in self.VIEW_PHASES
        if on_view and not queued:
            return [(None, decision, None) for decision in getattr(self, f"view_{phase}")(view)]
        if self._scratch is None:
            self._scratch = scratch_for(self.resources)
        match = self._scratch.load(view)
        with match.active():
            steps = (getattr(self, f"view_{phase}")(view) if on_view
                     else getattr(self, f"step_{phase}")(view, match))
            # Only a retreat, which draws as it goes, needs the stream's state after each
            # decision (`decide` restores it); the copy costs, so other steps skip it.
            as_it_goes = queued and phase == "retreat"
            apply = queued or phase in ON_POSITION
            queue = []
            for decision in steps:
                queue.append((world_signature(match, self.seat) if queued else None, decision,
                              self.stream.get_state() if as_it_goes else None))
                if apply and decision["type"] != "ready":
                    submit(match, decision)
            return queue

    # -- phases shared by the levels -------------------------------------------------------
    def view_commander(self, view: View) -> Iterator[Decision]:
        """Every level picks its commander uniformly between the commander armies (one
        draw), then readies."""
        commanders = self.content.commanders
        pick = commanders[self.stream.randint(0, len(commanders) - 1)]
        if view["board"]["commanders"][self.seat] != pick:
            yield self._me("choose_commander", commander=pick)
        yield self._me("ready")

    def view_placement(self, view: View) -> Iterator[Decision]:
        """The placement plan of the seat's units (canonical order, as the view lists them),
        one `place` per tile (its units in canonical order), then ready. Foreign placements
        (a CPU taking over mid-step) are cleared first."""
        board = view["board"]
        plan = self.placement_plan([u["id"] for u in board["units"] if u["seat"] == self.seat])
        orders = board["orders"][self.seat]
        if any(plan[uid] != tile for uid, tile in orders.items()):
            yield self._me("reset_moves")
            orders = {}
        by_tile: dict[str, list[str]] = {}
        for uid, tile in plan.items():
            if orders.get(uid) != tile:
                by_tile.setdefault(tile, []).append(uid)
        for tile in self.content.zones[self.seat]:
            if tile in by_tile:
                yield self._me("place", units=by_tile[tile], to=tile)
        yield self._me("ready")

    def step_movement(self, view: View, match: Match) -> Iterator[Decision]:
        """7.2 step 4: one move per unit, the first legal one in canonical order each time
        (checked by the rules against the moves already sent), then ready."""
        plan = self.movement_plan(view, match)
        reset = any(plan.get(uid) != tile for uid, tile in world.orders_of(match, self.seat))
        if reset:
            yield self._me("reset_moves")
        yield from policy.plan_moves(match, self.seat, plan, reset=reset)
        yield self._me("ready")

    def step_reinforcements(self, view: View, match: Match) -> Iterator[Decision]:
        picks = world.sort_ids(match, self.reinforcement_picks(view, match))
        if world.ids(world.picks(match, self.seat)) != picks:
            yield self._me("reinforce", units=list(picks))
        yield self._me("ready")

    def step_cards(self, view: View, match: Match) -> Iterator[Decision]:
        card = self.card(view, match)
        if world.chosen_ids(match)[self.seat] != card:
            yield self._me("choose_card", card=card)
        yield self._me("ready")

    def step_retreat(self, view: View, match: Match) -> Iterator[Decision]:
        """Each retreating unit in turn, on the position the earlier retreats made."""
        while (move := self.retreat_move(match)) is not None:
            yield move
        yield self._me("ready")

    # -- what the levels fill in -----------------------------------------------------------
    def placement_plan(self, units: list[str]) -> policy.Plan:
        """The plan of the seat's `units` (ids, canonical order)."""
        return policy.placement_plan(self.content, units, self.seat, self.content.ai.normal,
                                     self.stream)

    def movement_plan(self, view: View, match: Match) -> policy.Plan:
        raise NotImplementedError

    def reinforcement_picks(self, view: View, match: Match) -> list[str]:
        raise NotImplementedError

    def card(self, view: View, match: Match) -> str:
        raise NotImplementedError

    def retreat_move(self, match: Match) -> Decision | None:
        return policy.normal_retreat(match, self.seat)


class EasyCpu(ConquestCpu):
    """7.1: random legal play, every choice a draw from `ai.<seat>`."""

    def placement_plan(self, units: list[str]) -> policy.Plan:
        """Each unit in canonical order: a uniform pick among own-zone tiles holding fewer
        than `cap` (5) of its placed units."""
        zone = self.content.zones[self.seat]
        placed = {t: 0 for t in zone}
        most = cap_of(self.content)
        plan: policy.Plan = {}
        for uid in units:
            open_tiles = [t for t in zone if placed[t] < most]
            tile = open_tiles[self.stream.randint(0, len(open_tiles) - 1)]
            plan[uid] = tile
            placed[tile] += 1
        return plan

    def movement_plan(self, view: View, match: Match) -> policy.Plan:
        """Each unit in canonical order: stays with probability 0.5, else a uniform pick among
        its land neighbours where fewer than `cap` (5) own units are pending (stays if
        none)."""
        pending: dict[str, int] = {}
        own = world.of_seat(match, self.seat)
        most = cap(match)
        for u in own:
            pending[u.pos.tile] = pending.get(u.pos.tile, 0) + 1  # type: ignore[index]
        plan: policy.Plan = {}
        for u in own:
            here = u.pos.tile
            assert here is not None
            plan[u.ident.id] = here
            if self.stream.random() < 0.5:
                continue
            options = [t for t in self.content.neighbours[here] if pending.get(t, 0) < most]
            if not options:
                continue
            tile = options[self.stream.randint(0, len(options) - 1)]
            plan[u.ident.id] = tile
            pending[here] -= 1
            pending[tile] = pending.get(tile, 0) + 1
        return plan

    def reinforcement_picks(self, view: View, match: Match) -> list[str]:
        """Each eligible unit, canonical order, with probability 0.5."""
        return [uid for uid in view["board"]["eligible"][self.seat] if self.stream.random() < 0.5]

    def card(self, view: View, match: Match) -> str:
        hand = view["board"]["hands"][self.seat]
        return hand[self.stream.randint(0, len(hand) - 1)]

    def retreat_move(self, match: Match) -> Decision | None:
        """The next retreating unit (canonical order) to a uniform pick among the tiles legal
        for it at that moment."""
        waiting = policy.retreating_units(match, self.seat)
        if not waiting:
            return None
        tiles = retreat_tiles(match, self.seat, waiting[0])
        return self._me("retreat", unit=waiting[0], to=tiles[self.stream.randint(0,
                                                                                 len(tiles) - 1)])


class NormalCpu(ConquestCpu):
    """7.2: the documented heuristic (`policy`); it draws only for its placement. Its
    movement step runs no look-ahead, so a whole one is planned on the view (`VIEW_PHASES`):
    the same decisions as `step_movement` on a scratch match loaded from it."""

    VIEW_PHASES = ConquestCpu.VIEW_PHASES | {"movement"}

    def view_movement(self, view: View) -> Iterator[Decision]:
        """`step_movement` read from the view: its plan (`policy.view_forces`), a reset if
        an own pending order is not in it, the moves in the rules' order, then ready."""
        board, seat = view["board"], self.seat
        plan = policy.plan_movement(self.content, seat, self.content.ai.normal,
                                    policy.view_forces(self.content, board))
        reset = any(plan.get(uid) != tile for uid, tile in board["orders"][seat].items())
        if reset:
            yield self._me("reset_moves")
        yield from policy.view_moves(self.content, board, seat, plan, reset=reset)
        yield self._me("ready")

    def reinforcement_picks(self, view: View, match: Match) -> list[str]:
        return policy.normal_reinforcements(match, self.seat)

    def card(self, view: View, match: Match) -> str:
        return policy.normal_card(match, self.seat)
