"""The three strike CPU levels (spec 7.3, 7.2, 7.4): easy, normal, hard.

Each is a `CpuPlayer`: `decide(view)` gets its seat's view only and returns one decision. All
their randomness (placement tiles, easy's choices) comes from the `ai.<seat>` stream the host
hands them (spec 4.12).
"""

from __future__ import annotations

from typing import Any

from game.ai.strike.combat import advanced_cpu_turn
from game.ai.strike.draft import draft_cpu_turn
from game.ai.strike.mirror import mirror_view, unmirror_decision
from game.ai.strike.position import parse_position
from game.ai.strike.scratch import scratch_for
from game.ai.strike.tables import Tables, tables_of
from game.engine.modes import CpuPlayer
from game.engine.rng import Stream
from game.engine.scratch import ScratchMatch
from game.systems.strike.draft import empty_zone_tiles

Decision = dict[str, Any]


class StrikeCpu(CpuPlayer):
    """What the levels share: seat, stream, tables, and the common placement rule."""

    def __init__(self, level: str, seat: int, stream: Stream, resources: Any) -> None:
        self.level = level
        self.seat = seat
        self.stream = stream
        self.resources = resources
        self.tables: Tables = tables_of(resources)
        self._scratch: ScratchMatch | None = None

    @property
    def scratch(self) -> ScratchMatch:
        """This CPU's one reusable scratch match (game.engine.scratch), made on first use."""
        if self._scratch is None:
            self._scratch = scratch_for(self.resources)
        return self._scratch

    def __getstate__(self) -> dict[str, Any]:
        """A CPU sent to a worker process leaves its scratch match (a world) behind."""
        return {**self.__dict__, "_scratch": None}

    def decide(self, view: dict[str, Any]) -> Decision:
        phase = view["phase"]
        if phase == "draft":
            return self.draft(view)
        if phase == "placement":
            return self.place(view)
        if self.seat == 0:  # read from its own side, as the spec's seat-1 CPU does
            cols = view["board"]["cols"]
            return unmirror_decision(self.combat(mirror_view(view)), cols)
        return self.combat(view)

    def place(self, view: dict[str, Any]) -> Decision:
        """4.4 / 7.2: one index uniform in [0, n) into the empty zone tiles in scan order
        (the rules' own list, from the view's board numbers and the tiles units stand on)."""
        board = view["board"]
        taken = {(u["pos"][0], u["pos"][1]) for u in board["units"] if u.get("pos") is not None}
        tiles = empty_zone_tiles(self.seat, board["cols"], board["rows"], board["zone_columns"],
                                 taken)
        c, r = tiles[self.stream.randint(0, len(tiles) - 1)]
        return {"seat": self.seat, "type": "place", "tile": [c, r]}

    def legal(self, view: dict[str, Any]) -> list[Decision]:
        """The rules' canonical legal list of this seat, on the scratch match at the view."""
        return self.scratch.load(view).legal_decisions(self.seat)

    def draft(self, view: dict[str, Any]) -> Decision:
        return draft_cpu_turn(view["board"], self.seat, self.tables)

    def combat(self, view: dict[str, Any]) -> Decision:
        return advanced_cpu_turn(parse_position(view, self.tables, self.seat), self.tables)


class NormalCpu(StrikeCpu):
    """7.2: the eleven algorithms."""



class EasyCpu(StrikeCpu):
    """7.3: random draft picks; in combat an enemy attack half of the time, else any
    legal decision, all drawn from `ai.<seat>`."""

    def draft(self, view: dict[str, Any]) -> Decision:
        legal = self.legal(view)
        if not legal:
            return {"seat": self.seat, "type": "pass"}
        return legal[self.stream.randint(0, len(legal) - 1)]

    def combat(self, view: dict[str, Any]) -> Decision:
        legal = self.legal(view)
        if not legal:
            return {"seat": self.seat, "type": "pass"}
        attacks = [d for d in legal if d["type"] == "attack" and "target" in d]
        if attacks and self.stream.randint(0, 99) < self.tables.attack_bias_percent:
            return attacks[self.stream.randint(0, len(attacks) - 1)]
        return legal[self.stream.randint(0, len(legal) - 1)]
