"""The registered effects of strike abilities (spec strike.md 4.8, 4.10; docs/modding.md).

A card names one effect with `effect = "<name>"` and its `effect_value` / `effect_turns`,
validated into the effect's pydantic parameters. Each effect runs at one point of an
ability's resolution (game.systems.strike.combat.Attack):

- "targets": may change the list of heroes a heal reaches (`heal_all`: every living ally);
- "hit": after each hero an ability affected (`regen`: the regen status on each healed ally);
- "after": once the ability resolved (`flame_trail`: flames on the line to the target tile).

Each registration also names the ability kinds the effect may appear on (`kinds`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from game.engine.commands import add_status
from game.engine.effects import NoParams
from game.systems.strike.content import EFFECTS

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.strike.content import AttackDef


class ValueTurns(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    value: int = 0
    turns: int = 0


@dataclass(slots=True)
class AbilityUse:
    """What the effects of one ability use see: who, where, and whom it affected."""

    user: int
    owner: int
    ability: AttackDef
    user_tile: tuple[int, int]
    target: int | None = None
    target_tile: tuple[int, int] | None = None
    area: list[int] = field(default_factory=list)
    hit: int = 0


@EFFECTS.register("none")
def no_effect(match: Match, use: AbilityUse, params: NoParams) -> None:
    return None


@EFFECTS.register("flame_trail", ValueTurns, point="after", kinds=("strike",))
def flame_trail(match: Match, use: AbilityUse, params: ValueTurns) -> None:
    from game.systems.strike.combat import lay_flames

    assert use.target_tile is not None
    lay_flames(match, use.owner, use.user_tile, use.target_tile, params.turns, params.value)


@EFFECTS.register("heal_all", point="targets", kinds=("heal",))
def heal_all(match: Match, use: AbilityUse, params: NoParams) -> None:
    from game.systems.strike import world

    use.area = [use.user] + [h.entity for h in world.living(match, use.owner)
                             if h.entity != use.user and world.tile_of(h.entity) is not None]


@EFFECTS.register("regen", ValueTurns, point="hit", kinds=("heal",), needs_status="regen")
def regen(match: Match, use: AbilityUse, params: ValueTurns) -> None:
    """The content's `regen` status kind on each healed ally."""
    from game.systems.strike import world

    kind = world.content(match).statuses.by_id["regen"]
    add_status(kind.component(params.turns, params.value), kind.id).target(use.hit).run(match)
