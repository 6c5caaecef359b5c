"""The kingdom CPU base and the easy level (spec kingdom.md 4.2.4, 7, 7.1).

A CPU gets its seat view and returns one decision per call (`decide`), or the whole step it
plans (`plan_step`: a driver then sends them without a view per decision). Planning a whole
phase at once is cheaper and simpler than re-deriving it decision by decision, so a CPU plans on
its scratch match loaded from its view (docs/architecture.md), keeps the planned decisions in a
queue and hands them out one by one. Next to each queued decision it keeps the own-seat state
it expects to see before it; if the view it is given is not that one, it drops the queue and
plans again from the view. A `refresh` always ends a plan: the new offers are drawn by the live
match from a stream the CPU cannot see, so it plans the rest of the phase from the view that
shows them.

All randomness comes from the CPU's own `ai` stream, given at construction (4.9).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from game.ai.kingdom.scratch import borrow_scratch, submit
from game.ai.kingdom.value import candidates
from game.engine.modes import CpuPlayer
from game.systems.kingdom.content import content_of
from game.systems.kingdom.pools import default_preset
from game.systems.kingdom.state import seat_json
from game.systems.kingdom.world import SeatFacts, read_seat

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.engine.resources import ResourceSet
    from game.engine.rng import Stream
    from game.engine.scratch import ScratchMatch
    from game.systems.kingdom.content import Content

Decision = dict[str, Any]
# (turn, to_act, own seat object without its deck: a scratch match may have none, and a deck
# never changes after the deck builder)
Expectation = tuple[int, tuple[int, ...], dict[str, Any]]


def randrange(stream: Stream, n: int) -> int:
    """The spec's randrange(n): one draw, uniform in [0, n)."""
    return stream.randint(0, n - 1)


class Plan:
    """Decisions of one planning phase, applied to the CPU's scratch match as they are planned
    so that every later step reads the position the rules produce (coins, slots, level, HP).
    The scratch match's world is active while the CPU plans (`KingdomCpu.planned`).

    A CPU plans only what the rules allow (it asks their `*_problem` checks, buys the
    affordable into empty slots, moves by the parking rule), so the scratch match applies each
    decision trusted, and the match it is sent to checks it as every decision. `checked`
    (a test's switch) checks them in the scratch match too: a rejection there is a CPU bug."""

    checked = False

    def __init__(self, cpu: KingdomCpu, view: dict[str, Any], track: bool = True) -> None:
        self.cpu = cpu
        self.content = cpu.content
        self.me = cpu.seat
        self.match: Match = cpu.scratch_at(view)
        self.items: list[tuple[Expectation | None, Decision]] = []
        self.closed = False  # ended by a refresh or end_turn: nothing may follow
        self.track = track  # keep the expected own seat before each decision (`decide`)
        self._seats: list[SeatFacts | None] = [None, None]  # read once per position

    def _read(self, seat: int) -> SeatFacts:
        with self.match.active():
            facts = self._seats[seat] = read_seat(self.match, seat)
        return facts

    # A step reads its seat many times between two decisions: the facts already read are
    # one index away (a `SeatFacts` is a non-empty tuple, so never false).
    @property
    def seat(self) -> SeatFacts:
        return self._seats[self.me] or self._read(self.me)

    @property
    def enemy(self) -> SeatFacts:
        return self._seats[1 - self.me] or self._read(1 - self.me)

    @property
    def turn(self) -> int:
        return self.match.turn

    def expectation(self) -> Expectation:
        seat = seat_json(self.content, self.seat)
        del seat["deck"]
        return (self.match.turn, tuple(self.match.to_act), seat)

    def do(self, verb: str, **fields: Any) -> None:
        """Plan one decision. Buys, sells, moves and upgrades are applied to the scratch match
        (the rules check them again there); `refresh` and `end_turn` close the plan."""
        assert not self.closed, "nothing is planned after a refresh or end_turn"
        decision: Decision = {"seat": self.me, "type": verb, **fields}
        expected = self.expectation() if self.items and self.track else None
        self.items.append((expected, decision))
        if verb in ("refresh", "end_turn"):
            self.closed = True
        else:
            if self.checked:
                submit(self.match, decision)
            else:
                self.match.submit(decision, trusted=True)
            self._seats[self.me] = None  # a planning decision changes only its own seat


def expectation_of(view: dict[str, Any], seat: int) -> Expectation:
    own = {k: v for k, v in view["board"]["seats"][seat].items() if k != "deck"}
    return (view["turn"], tuple(view["to_act"]), own)


class KingdomCpu(CpuPlayer):
    """What every level shares: the deck (4.2.4) and the queue of planned decisions."""

    def __init__(self, level: str, seat: int, stream: Stream, resources: ResourceSet) -> None:
        self.level = level
        self.seat = seat
        self.stream = stream
        self.resources = resources
        self.content: Content = content_of(resources)
        self._deck: Decision | None = None
        self._queue: deque[tuple[Expectation | None, Decision]] = deque()
        # Progress through the current planning phase, kept across refreshes: (turn, steps
        # done before the refresh loop, refreshes made).
        self._turn = -1
        self.opened = False
        self.refreshes = 0
        self._scratch: ScratchMatch | None = None

    @property
    def scratch(self) -> ScratchMatch:
        """This CPU's one reusable scratch match (game.engine.scratch), borrowed on its first
        plan (`scratch_at`)."""
        assert self._scratch is not None, "the CPU has not planned yet"
        return self._scratch

    def scratch_at(self, view: dict[str, Any]) -> Match:
        """The scratch match at the position of `view`. The CPU borrows one on its first
        plan, on the view's rules (game.ai.kingdom.scratch: a finished match's CPU gives its
        own back), and keeps it for the match. It loads the views without the decks: no CPU
        draws there (a refresh ends a plan, and the expert's scorer stops before the top-up,
        at its `SCORE_HORIZON`)."""
        if self._scratch is None:
            self._scratch = borrow_scratch(self, self.resources, str(view.get("rules", "1")),
                                           decks=False)
        return self._scratch.load(view)

    def __getstate__(self) -> dict[str, Any]:
        """A CPU sent to a worker process leaves its scratch match (a world) behind."""
        return {**self.__dict__, "_scratch": None}

    # -- decisions ---------------------------------------------------------------------------
    def decide(self, view: dict[str, Any]) -> Decision:
        if view["phase"] == "deck_builder":
            return self.build_deck()
        if self._queue:
            expected, decision = self._queue.popleft()
            if expected is None or expected == expectation_of(view, self.seat):
                return decision
            self._queue.clear()  # not the position planned for: plan again from the view
        plan = self.planned(view, track=True)
        self._queue.extend(plan.items[1:])
        return plan.items[0][1]

    def plan_step(self, view: dict[str, Any]) -> list[Decision]:
        """Every decision up to the plan's `refresh` or `end_turn` (the deck in the deck
        builder): what `decide` would hand out one by one, on the views they lead to."""
        if view["phase"] == "deck_builder":
            return [self.build_deck()]
        self._queue.clear()
        return [decision for _, decision in self.planned(view, track=False).items]

    def planned(self, view: dict[str, Any], track: bool) -> Plan:
        """The plan of the phase from `view` (its progress through the phase kept)."""
        if view["turn"] != self._turn:
            self._turn, self.opened, self.refreshes = view["turn"], False, 0
        plan = Plan(self, view, track)
        with plan.match.active():
            self.plan(plan)
        if not plan.items:
            raise RuntimeError(f"{self.level} CPU planned nothing")  # pragma: no cover
        return plan

    def build_deck(self) -> Decision:
        """4.2.4: a random country, then the Default preset, all from the `ai` stream."""
        if self._deck is None:
            countries = self.content.countries
            country = countries[randrange(self.stream, len(countries))]
            hero, units = default_preset(self.content, "country", country, self.stream)
            self._deck = {"seat": self.seat, "type": "build_deck", "mode": "country",
                          "faction": country, "hero": hero, "units": list(units)}
        return dict(self._deck)

    def plan(self, plan: Plan) -> None:  # pragma: no cover - interface
        """Fill `plan` with the phase's decisions, ending with `refresh` or `end_turn`."""
        raise NotImplementedError


class EasyCpu(KingdomCpu):
    """7.1: shuffled offers, then the hero; buy what it can afford into random empty slots."""

    def plan(self, plan: Plan) -> None:
        content, seat, stream = self.content, plan.seat, self.stream
        offers: list[int | str] = [i for i, card in enumerate(seat.shop) if card is not None]
        for k in range(len(offers) - 1, 0, -1):  # Fisher-Yates, as 7.1 spells it
            j = randrange(stream, k + 1)
            offers[k], offers[j] = offers[j], offers[k]
        order: list[int | str] = offers + [o for o, _ in candidates(content, seat) if o == "hero"]
        for offer in order:
            seat = plan.seat
            empty = [i for i, unit in enumerate(seat.slots) if unit is None]
            if not empty:
                break
            card = seat.hero if offer == "hero" else seat.shop[offer]  # type: ignore[index]
            assert card is not None
            if seat.coins >= content.cards[card].cost:
                plan.do("buy", offer=offer, slot=empty[randrange(stream, len(empty))])
        plan.do("end_turn")
