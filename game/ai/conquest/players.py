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
from game.ai.conquest.scratch import scratch_match, submit
from game.engine.modes import CpuPlayer
from game.systems.conquest.content import content_of
from game.systems.conquest.retreat import retreat_tiles
from game.systems.conquest.state import index

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.engine.resources import ResourceSet
    from game.engine.rng import Stream
    from game.systems.conquest.content import Content
    from game.systems.conquest.state import Index

Decision = dict[str, Any]
View = dict[str, Any]


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


def index_signature(idx: Index, seat: int) -> tuple[Any, ...]:
    """`view_signature` of the same position, read from a (scratch) match's index."""
    b = idx.board
    return (b.commanders[seat], tuple(b.orders[seat]), tuple(b.reinforcements[seat]),
            b.cards_chosen[seat], tuple((u.id, u.tile) for u in idx.units if u.seat == seat))


class ConquestCpu(CpuPlayer):
    """What every level shares: seat, stream, content, the per-step memory, the dispatcher,
    and the commander pick (uniform, one draw) common to all levels.

    On the first call of a phase step the CPU builds one scratch match from its view, works
    out the step's whole sequence of decisions on it (each applied there by the rules, so a
    later decision is planned on the position the earlier ones make) and queues them with
    the own-view signature each expects; later calls send the queue in order. If the view
    is ever not as predicted (a fresh CPU, or one taking over a half-given step), the queue
    is rebuilt from that view, with the same draws.
    """

    def __init__(self, level: str, seat: int, stream: Stream, resources: ResourceSet) -> None:
        self.level = level
        self.seat = seat
        self.stream = stream
        self.resources = resources
        self.content: Content = content_of(resources)
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
        return [decision for _, decision, _ in self._build(view)]

    def _build(self, view: View) -> list[tuple[tuple[Any, ...], Decision, Any]]:
        """The step's decisions, each with the own-view signature it is sent on and the
        stream's state once it was decided."""
        match = scratch_match(view, self.resources)
        try:
            with match.active():
                idx = index(match)
                steps = getattr(self, f"step_{view['phase']}")(view, match)
                # Only a retreat, which draws as it goes, needs the stream's state after each
                # decision (`decide` restores it); the copy costs, so other steps skip it.
                as_it_goes = view["phase"] == "retreat"
                queue = []
                for decision in steps:
                    queue.append((index_signature(idx, self.seat), decision,
                                  self.stream.get_state() if as_it_goes else None))
                    if decision["type"] != "ready":
                        submit(match, decision)
                return queue
        finally:
            match.close()

    # -- phases shared by the levels -------------------------------------------------------
    def step_commander(self, view: View, match: Match) -> Iterator[Decision]:
        """Every level picks its commander uniformly between the commander armies (one
        draw), then readies."""
        commanders = self.content.commanders
        pick = commanders[self.stream.randint(0, len(commanders) - 1)]
        if index(match).board.commanders[self.seat] != pick:
            yield self._me("choose_commander", commander=pick)
        yield self._me("ready")

    def step_placement(self, view: View, match: Match) -> Iterator[Decision]:
        """The placement plan, one `place` per tile (its units in canonical order), then
        ready. Foreign placements (a CPU taking over mid-step) are cleared first."""
        idx = index(match)
        plan = self.placement_plan(idx)
        orders = dict(idx.board.orders[self.seat])
        if any(plan[uid] != tile for uid, tile in orders.items()):
            yield self._me("reset_moves")
            orders = {}
        by_tile: dict[str, list[str]] = {}
        for uid, tile in plan.items():
            if orders.get(uid) != tile:
                by_tile.setdefault(tile, []).append(uid)
        for tile in idx.content.zones[self.seat]:
            if tile in by_tile:
                yield self._me("place", units=by_tile[tile], to=tile)
        yield self._me("ready")

    def step_movement(self, view: View, match: Match) -> Iterator[Decision]:
        """7.2 step 4: one move per unit, the first legal one in canonical order each time
        (checked by the rules against the moves already sent), then ready."""
        idx = index(match)
        plan = self.movement_plan(view, match)
        if any(plan.get(uid) != tile for uid, tile in idx.board.orders[self.seat]):
            yield self._me("reset_moves")
        while (move := policy.next_move(idx, self.seat, plan)) is not None:
            yield move
        yield self._me("ready")

    def step_reinforcements(self, view: View, match: Match) -> Iterator[Decision]:
        idx = index(match)
        picks = self.reinforcement_picks(view, match)
        if tuple(idx.board.reinforcements[self.seat]) != idx.sort_ids(picks):
            yield self._me("reinforce", units=list(idx.sort_ids(picks)))
        yield self._me("ready")

    def step_cards(self, view: View, match: Match) -> Iterator[Decision]:
        card = self.card(view, match)
        if index(match).board.cards_chosen[self.seat] != card:
            yield self._me("choose_card", card=card)
        yield self._me("ready")

    def step_retreat(self, view: View, match: Match) -> Iterator[Decision]:
        """Each retreating unit in turn, on the position the earlier retreats made."""
        idx = index(match)
        while (move := self.retreat_move(idx)) is not None:
            yield move
        yield self._me("ready")

    # -- what the levels fill in -----------------------------------------------------------
    def placement_plan(self, idx: Index) -> policy.Plan:
        return policy.placement_plan(idx, self.seat, self.content.ai.normal, self.stream)

    def movement_plan(self, view: View, match: Match) -> policy.Plan:
        raise NotImplementedError

    def reinforcement_picks(self, view: View, match: Match) -> list[str]:
        raise NotImplementedError

    def card(self, view: View, match: Match) -> str:
        raise NotImplementedError

    def retreat_move(self, idx: Index) -> Decision | None:
        return policy.normal_retreat(idx, self.seat)


class EasyCpu(ConquestCpu):
    """7.1: random legal play, every choice a draw from `ai.<seat>`."""

    def placement_plan(self, idx: Index) -> policy.Plan:
        """Each unit in canonical order: a uniform pick among own-zone tiles holding fewer
        than 5 of its placed units."""
        zone = self.content.zones[self.seat]
        placed = {t: 0 for t in zone}
        plan: policy.Plan = {}
        for u in idx.of_seat(self.seat):
            open_tiles = [t for t in zone if placed[t] < 5]
            tile = open_tiles[self.stream.randint(0, len(open_tiles) - 1)]
            plan[u.id] = tile
            placed[tile] += 1
        return plan

    def movement_plan(self, view: View, match: Match) -> policy.Plan:
        """Each unit in canonical order: stays with probability 0.5, else a uniform pick among
        its land neighbours where fewer than 5 own units are pending (stays if none)."""
        idx = index(match)
        pending: dict[str, int] = {}
        own = idx.of_seat(self.seat)
        for u in own:
            pending[u.tile] = pending.get(u.tile, 0) + 1  # type: ignore[index]
        plan: policy.Plan = {}
        for u in own:
            here = u.tile
            assert here is not None
            plan[u.id] = here
            if self.stream.random() < 0.5:
                continue
            options = [t for t in self.content.neighbours[here] if pending.get(t, 0) < 5]
            if not options:
                continue
            tile = options[self.stream.randint(0, len(options) - 1)]
            plan[u.id] = tile
            pending[here] -= 1
            pending[tile] = pending.get(tile, 0) + 1
        return plan

    def reinforcement_picks(self, view: View, match: Match) -> list[str]:
        """Each eligible unit, canonical order, with probability 0.5."""
        return [uid for uid in view["board"]["eligible"][self.seat] if self.stream.random() < 0.5]

    def card(self, view: View, match: Match) -> str:
        hand = view["board"]["hands"][self.seat]
        return hand[self.stream.randint(0, len(hand) - 1)]

    def retreat_move(self, idx: Index) -> Decision | None:
        """The next retreating unit (canonical order) to a uniform pick among the tiles legal
        for it at that moment."""
        waiting = policy.retreating_units(idx, self.seat)
        if not waiting:
            return None
        tiles = retreat_tiles(idx, self.seat, waiting[0])
        return self._me("retreat", unit=waiting[0], to=tiles[self.stream.randint(0,
                                                                                 len(tiles) - 1)])


class NormalCpu(ConquestCpu):
    """7.2: the documented heuristic (`policy`); it draws only for its placement."""

    def movement_plan(self, view: View, match: Match) -> policy.Plan:
        return policy.movement_plan(index(match), self.seat, self.content.ai.normal)

    def reinforcement_picks(self, view: View, match: Match) -> list[str]:
        return policy.normal_reinforcements(match, self.seat)

    def card(self, view: View, match: Match) -> str:
        return policy.normal_card(match, self.seat)
