"""The hero's one-shot effects and the card marks (spec crawl.md 4.5-4.7) as status kinds with
triggers (docs/crawl.md "Hero effects and card marks", docs/modding.md).

`statuses.toml` declares each one from the engine's primitives (game.engine.statuses) plus what
crawl needs to know of it: whether it is held by the hero or marks a card (`holder`), the crawl
actions a mark allows (`allows = ["bash"]`: a shield that may strike), and what it is worth to
the hard CPU's evaluation (`worth`, `worth_per_value`). A kind is one component class of the
content; holding it is having that component. What it does is its triggers:

- Revive (`can_revive`): the engine's `survive` at `before:damage` replaces lethal damage;
- Deflect (`reflect_damage`): `redirect` at `before:damage` cancels an enemy's blow and strikes
  another random valued card on the board with it;
- Capitalize (`bleed`): `gold_for_damage` at `after:damage` pays the damage in gold;
- Pyroclasm (`pyro`): `keep_card` at `before:leave_game` keeps a spell that an attack would
  use up;
- Shield Bash (`bash`): no trigger; the move rules ask which marks allow "bash".

Each trigger that fires spends its status (a one-shot), through the engine's `remove_status`.
The trigger effects below are crawl's, registered in the engine's registry for crawl contents
only (`modes`), so a mod composes them with no code, as the thorns example does
(`wound_enemies`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.engine.commands import command_points, remove_status
from game.engine.statuses import StatusEntry, StatusKind, StatusKinds, check_statuses
from game.engine.triggers import TRIGGERS, TriggerContext

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.engine.resources import ResourceSet

MAX_WEIGHT = 1e6
HERO_KEYS = frozenset({"hp", "max_hp", "gold"})
CARD_KEYS = frozenset({"id", "type", "value", "initial_value", "ability", "spent", "name"})
Cause = Literal["hit", "excess", "rebuy"]


class CrawlStatusEntry(StatusEntry):
    """One `[[statuses]]` entry of crawl's `statuses.toml`: an engine status kind plus what
    crawl asks of it. Its id is its key in the State JSON (the hero's or each card's)."""

    holder: Literal["hero", "card"]
    allows: list[Literal["bash"]] = Field(default=[], max_length=4)
    worth: float = Field(default=0.0, ge=-MAX_WEIGHT, le=MAX_WEIGHT)
    worth_per_value: float = Field(default=0.0, ge=-MAX_WEIGHT, le=MAX_WEIGHT)


def check_crawl_statuses(entries: list[CrawlStatusEntry],
                         resources: ResourceSet) -> list[tuple[str, str]]:
    """Hook points and trigger effects are the engine's (crawl has no blockable action and no
    modified value); a crawl status never ticks, and its id must not be a State JSON key."""
    problems = check_statuses(entries, command_points(), frozenset(), frozenset(), mode="crawl")
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        if entry.each_tick != "none":
            problems.append((f"statuses[{i}].each_tick",
                             "crawl statuses never tick (there are no turns of statuses)"))
        taken = HERO_KEYS if entry.holder == "hero" else CARD_KEYS
        if entry.id in taken:
            problems.append((f"statuses[{i}].id", f"{entry.id!r} is already a key of the "
                                                  f"{entry.holder}'s State JSON"))
        if entry.id in seen:
            problems.append((f"statuses[{i}].id", f"{entry.id!r} is declared twice"))
        seen.add(entry.id)
        if entry.allows and entry.holder != "card":
            problems.append((f"statuses[{i}].allows", "only a card mark allows an action"))
    return problems


@dataclass(frozen=True, slots=True)
class Worth:
    """What a kind adds to the hard CPU's evaluation while held (per card: plus per value)."""

    id: str
    worth: float
    per_value: float


class CrawlStatuses:
    """A content's hero effects and card marks, in declaration order (the State JSON's)."""

    __slots__ = ("entries", "kinds", "hero", "card", "hero_pairs", "card_pairs", "by_id",
                 "unmarked", "mark_types", "worths", "_allowing", "_redirecting")

    def __init__(self, entries: tuple[CrawlStatusEntry, ...] | list[CrawlStatusEntry]) -> None:
        self.entries = tuple(entries)
        self.kinds = StatusKinds(self.entries)
        self.by_id: dict[str, StatusKind] = self.kinds.by_id
        self.hero = tuple(self.by_id[e.id] for e in self.entries if e.holder == "hero")
        self.card = tuple(self.by_id[e.id] for e in self.entries if e.holder == "card")
        # (id, component class) of each, for the readers of every decision (a State JSON, the
        # live table): two locals instead of two attribute reads per kind and card
        self.hero_pairs = tuple((kind.id, kind.component) for kind in self.hero)
        self.card_pairs = tuple((kind.id, kind.component) for kind in self.card)
        # a card's State JSON marks when it holds none (most cards), and the mark components:
        # the card object tests them in one C call (game.systems.crawl.state.card_json)
        self.unmarked = dict.fromkeys((kind.id for kind in self.card), False)
        self.mark_types = frozenset(kind.component for kind in self.card)
        self.worths = {e.holder: tuple(Worth(x.id, x.worth, x.worth_per_value)
                                       for x in self.entries if x.holder == e.holder)
                       for e in self.entries}
        self._allowing = {action: frozenset(e.id for e in self.entries if action in e.allows)
                          for e in self.entries for action in e.allows}
        self._redirecting = frozenset(
            e.id for e in self.entries for t in e.triggers
            if t.do == "redirect" and "hit" in t.params().get("causes", ["hit"]))

    def __reduce__(self) -> tuple[Any, ...]:
        return (CrawlStatuses, (self.entries,))

    def install(self, match: Match) -> None:
        self.kinds.install(match)

    def allowing(self, action: str) -> frozenset[str]:
        """The ids of the card marks that allow `action` ("bash")."""
        return self._allowing.get(action, frozenset())

    def redirecting_hits(self) -> frozenset[str]:
        """The ids of the hero effects that turn a hit into a Deflect (the move previews)."""
        return self._redirecting

    def hero_ids(self) -> tuple[str, ...]:
        return tuple(kind.id for kind in self.hero)

    def card_ids(self) -> tuple[str, ...]:
        return tuple(kind.id for kind in self.card)


# -- crawl's trigger effects -------------------------------------------------------------------
class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Causes(_Params):
    """The damage causes a trigger reacts to (4.6: a hit, a shield's excess, a rebuy)."""

    causes: list[Cause] = Field(default=["hit", "excess", "rebuy"], min_length=1)


class HitCauses(_Params):
    causes: list[Cause] = Field(default=["hit"], min_length=1)


class EnemyBlows(_Params):
    causes: list[Cause] = Field(default=["hit", "excess"], min_length=1)


class Reasons(_Params):
    """The reasons of leaving the game (4.14 `card_removed`) a trigger cancels."""

    reasons: list[str] = Field(min_length=1, max_length=11)


def spend(ctx: TriggerContext) -> None:
    """A one-shot effect is used: its status ends (it emits nothing: the State JSON shows it)."""
    remove_status(ctx.kind.component, ctx.kind.id, reason="spent").target(ctx.holder).run(
        ctx.match)


def _nominal(command: Any) -> int:
    return getattr(command, "nominal", command.base)


@TRIGGERS.register("redirect", HitCauses, priority=-1, modes=("crawl",))
def redirect(ctx: TriggerContext, params: HitCauses) -> None:
    """Deflect (4.7): an enemy's blow on the holder is cancelled; the enemy stays where it is
    and another valued board card, drawn with `dungeon.choice` in slot order, loses the blow's
    value (nothing more when there is none: the effect is spent all the same). It runs before
    the other `before:damage` triggers: a deflected blow triggers neither Revive nor
    Capitalize."""
    from game.systems.crawl.resolve import deflect

    command = ctx.command
    if command.cancelled or command.cause not in params.causes:
        return
    spend(ctx)
    command.cancel()
    deflect(ctx.match, command.source_id, _nominal(command))


@TRIGGERS.register("gold_for_damage", Causes, modes=("crawl",))
def gold_for_damage(ctx: TriggerContext, params: Causes) -> None:
    """Capitalize (4.6 step 3): the holder gains the whole damage asked in gold (not the HP it
    lost), once: `capitalize_triggered`, then `gold_gained`."""
    from game.systems.crawl.hero import gain_gold

    command = ctx.command
    if command.cause not in params.causes:
        return
    spend(ctx)
    amount = _nominal(command)
    ctx.match.emit("capitalize_triggered", amount=amount)
    gain_gold(ctx.match, amount, "capitalize")


@TRIGGERS.register("keep_card", Reasons, modes=("crawl",))
def keep_card(ctx: TriggerContext, params: Reasons) -> None:
    """Pyroclasm (4.5.3): the marked card does not leave the game for one of `reasons` (a
    spell's attack: "used_up"); the mark is spent instead."""
    command = ctx.command
    if getattr(command, "reason", None) in params.reasons and not command.cancelled:
        spend(ctx)
        command.cancel()


@TRIGGERS.register("wound_enemies", EnemyBlows, modes=("crawl",))
def wound_enemies(ctx: TriggerContext, params: EnemyBlows) -> None:
    """Thorns (the modding example): when an enemy's blow (a hit or a shield's excess) damages
    the holder, every enemy left on the board loses the damage asked (at 0 it leaves the game,
    killed)."""
    from game.systems.crawl.commands import lower_value
    from game.systems.crawl.world import board_cards, card_of

    command = ctx.command
    if command.cause not in params.causes:
        return
    spend(ctx)
    amount = _nominal(command)
    for _, card in board_cards(ctx.match):
        if card_of(card).type == "enemy":
            lower_value(ctx.match, card, amount, "killed")
