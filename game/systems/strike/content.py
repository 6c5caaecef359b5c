"""Marve-Strike content (spec strike.md section 3): the five resource files, their schemas and
cross-file checks, and the loaded `Content` the rules read.

- `cards.toml`: `[[cards]]` with exactly the fields of 3.1 and 1-3 `[[cards.attacks]]`; file
  order is the pool order (a mod's new cards follow the base ones).
- `elements.toml`: the percent table of 3.2 (a missing pair is 100) and display colours.
- `animations.toml`: one table per animation key (3.3).
- `rules.toml`: the constants of 2 / 3.4. `ai.toml`: CPU tuning (3.5).

Problems name the file and the key (`strike/cards.toml:cards[3].attacks.0.damage: ...`).
Ability kinds (`strike`, `drain`, `heal`: game.systems.strike.combat) and effects
(`flame_trail`, `heal_all`, `regen`: game.systems.strike.effects) are referenced by registered
name only; what a kind does (whom it targets, whether it rolls) is asked of its registration,
never of its name. Status kinds are checked against the hook points and the blockable actions
of the mode (`HOOK_POINTS`, `ACTIONS`).

Every number a mod can set has a bound (docs/modding.md lists them): a board, a deck or a stat
too large for a CPU decision or a screen to stay quick is rejected here, naming file and key,
and so is a board whose placement zones cannot hold a deck.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, model_validator

from game.engine.commands import command_points
from game.engine.effects import EffectRegistry
from game.engine.resources import ResourceFile, ResourceSet
from game.engine.statuses import StatusEntry, StatusKinds, check_statuses
from game.systems.schema import located

ELEMENTS = ("fire", "water", "leaf", "wind", "null", "combined")
SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")  # used with fullmatch: no "id\n"

# Effects are rule functions registered in game.systems.strike.effects (with their typed
# parameters, built from a card's effect_value / effect_turns, and the ability `kinds` each one
# may appear on); ability kinds are registered in game.systems.strike.combat with what the rules
# and the CPUs ask of them: `targets` ("enemy" or "self"), `rolls` (a combat roll is drawn),
# `damage_allowed` and `heal_required` (what an entry of that kind must say).
EFFECTS = EffectRegistry("strike")
ABILITY_KINDS = EffectRegistry("strike ability kinds")

# What a status may block (its `blocks`), the values it may modify (`modifier.hook`: a
# strike's damage passes the layers, 4.9; heals are exact), and the hook points it may react at.
ACTIONS = frozenset({"attack", "move"})
VALUE_HOOKS = frozenset({"damage"})


def hook_points() -> frozenset[str]:
    """`before:`/`after:` of every engine command (the commands register at import)."""
    from game.systems.strike import combat  # noqa: F401  (the mode's own commands)

    return command_points()


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


MAX_CARDS = 200        # cards.toml entries: the pool the draft shuffles
MAX_ID = 60            # characters of a card id (a hero's id is "p<seat>.<card id>")
MAX_COLS, MAX_ROWS = 40, 25
MAX_STAT = 999         # hp, damage, heal, burn and effect values
MAX_TURNS = 20         # cooldowns, status and effect turns, move
MAX_WEIGHT = 10**9     # CPU evaluation weights
Byte = Annotated[int, Field(ge=0, le=255)]


class AttackEntry(_Strict):
    """One ability of a card (3.1). Defaults are those a mod may leave out."""

    name: str
    element: Literal["fire", "water", "leaf", "wind", "null", "combined"]
    kind: str = Field(default="strike", max_length=40)  # a registered ability kind
    damage: int = Field(ge=0, le=MAX_STAT)
    range: int = Field(ge=0, le=MAX_COLS)
    cooldown: int = Field(ge=0, le=MAX_TURNS)
    heal: int = Field(default=0, ge=0, le=MAX_STAT)
    status: str = Field(default="none", max_length=40)  # "none" or a statuses.toml id
    status_turns: int = Field(default=0, ge=0, le=MAX_TURNS)
    status_value: int = Field(default=0, ge=0, le=MAX_STAT)
    effect: str = "none"
    effect_value: int = Field(default=0, ge=0, le=MAX_STAT)
    effect_turns: int = Field(default=0, ge=0, le=MAX_TURNS)
    animation: str

    @model_validator(mode="after")
    def _consistent(self) -> AttackEntry:
        from game.systems.strike import combat, effects  # noqa: F401  (registrations)

        if self.kind not in ABILITY_KINDS:
            raise ValueError(f"unknown ability kind {self.kind!r} "
                             f"(registered: {', '.join(ABILITY_KINDS.names())})")
        if self.effect not in EFFECTS.names():
            raise ValueError(f"unknown effect {self.effect!r} "
                             f"(registered: {', '.join(EFFECTS.names())})")
        kind = ABILITY_KINDS.get(self.kind)
        if not kind.damage_allowed and self.damage != 0:
            raise ValueError(f"a {self.kind} must have damage = 0")
        if kind.heal_required and self.heal <= 0:
            raise ValueError(f"a {self.kind} must have heal > 0")
        if self.status != "none" and self.status_turns <= 0:
            raise ValueError(f"{self.status} needs status_turns > 0")
        kinds = EFFECTS.get(self.effect).info.get("kinds")
        if kinds is not None and self.kind not in kinds:
            raise ValueError(f"{self.effect} only on kind = {kinds[0]!r}")
        problems = EFFECTS.check(self.effect, effect_params(self.effect, self.effect_value,
                                                            self.effect_turns))
        if problems:
            raise ValueError(f"effect {self.effect}: {problems[0][0]}: {problems[0][1]}")
        return self


def effect_params(effect: str, value: int, turns: int) -> dict[str, int]:
    """The parameters of a card's effect from its flat fields (those its model declares)."""
    model = EFFECTS.get(effect).params
    return {k: v for k, v in (("value", value), ("turns", turns)) if k in model.model_fields}


class CardEntry(_Strict):
    """One card of `cards.toml` (3.1)."""

    id: str = Field(max_length=MAX_ID)
    name: str
    element: Literal["fire", "water", "leaf", "wind", "null", "combined"]
    secondary: Literal["fire", "water", "leaf", "wind", "null", "combined"]
    hp: int = Field(ge=1, le=MAX_STAT)
    move: int = Field(ge=0, le=MAX_TURNS)
    speed: int = Field(ge=0, le=99)
    attacks: list[AttackEntry] = Field(min_length=1, max_length=3)

    @model_validator(mode="after")
    def _snake(self) -> CardEntry:
        if not SNAKE.fullmatch(self.id):
            raise ValueError(f"id {self.id!r} must be snake_case")
        return self


Rgb = Annotated[tuple[Byte, Byte, Byte], Field(strict=False)]


class ElementsFile(_Strict):
    """`elements.toml` (3.2)."""

    elements: list[str] = Field(default=list(ELEMENTS), max_length=len(ELEMENTS))
    percent: dict[str, dict[str, Annotated[int, Field(ge=0, le=1000)]]]
    colour: dict[str, Rgb] = {}

    @model_validator(mode="after")
    def _known(self) -> ElementsFile:
        for attack, row in self.percent.items():
            if attack not in ELEMENTS:
                raise located("ElementsFile", f"percent.{attack}", "unknown element")
            for defender in row:
                if defender not in ELEMENTS:
                    raise located("ElementsFile", f"percent.{attack}.{defender}",
                                  "unknown element")
        return self


class Animation(_Strict):
    type: str
    colour: Rgb
    accent: Rgb
    size: int = Field(ge=0, le=200)
    duration: float = Field(gt=0, le=5)


class AnimationsFile(RootModel[dict[str, Animation]]):
    """`animations.toml`: key -> animation (3.3)."""


class BoardRules(_Strict):
    cols: int = Field(ge=2, le=MAX_COLS)
    rows: int = Field(ge=1, le=MAX_ROWS)
    zone_columns: int = Field(ge=1, le=MAX_COLS // 2)


class DraftRules(_Strict):
    hand_size: int = Field(ge=1, le=10)
    deck_size: int = Field(ge=1, le=6)


class CombatRules(_Strict):
    damage_cap_percent: int = Field(ge=0, le=100)
    roll_min: int = Field(ge=-99, le=99)
    roll_max: int = Field(ge=-99, le=99)
    round_cap: int = Field(ge=1, le=500)


class RulesFile(_Strict):
    """`rules.toml` (3.4)."""

    board: BoardRules
    draft: DraftRules
    combat: CombatRules

    @model_validator(mode="after")
    def _fits(self) -> RulesFile:
        if 2 * self.board.zone_columns > self.board.cols:
            raise located("RulesFile", "board.zone_columns", "2 * zone_columns must be <= cols",
                          self.board.zone_columns)
        if self.combat.roll_min > self.combat.roll_max:
            raise located("RulesFile", "combat.roll_min", "roll_min is above roll_max",
                          self.combat.roll_min)
        return self


class EasyAi(_Strict):
    attack_bias_percent: int = Field(default=50, ge=0, le=100)


class HardAi(_Strict):
    alive_bonus: int = Field(default=20, ge=-MAX_WEIGHT, le=MAX_WEIGHT)
    win_value: int = Field(default=100000, ge=-MAX_WEIGHT, le=MAX_WEIGHT)


class AiFile(_Strict):
    """`ai.toml` (3.5)."""

    easy: EasyAi = EasyAi()
    hard: HardAi = HardAi()


def _check_rules(rules: RulesFile, resources: ResourceSet) -> list[tuple[str, str]]:
    """A zone must hold a whole deck: a unit with no free tile could never be placed."""
    room = rules.board.zone_columns * rules.board.rows
    if room < rules.draft.deck_size:
        return [("board.zone_columns", f"a placement zone of zone_columns x rows = {room} "
                                       f"tiles cannot hold draft.deck_size = "
                                       f"{rules.draft.deck_size} units")]
    return []


def _check_cards(cards: list[CardEntry], resources: ResourceSet) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    declared = resources.files.get("statuses.toml")
    if declared is not None:
        kinds = {s.id: s for s in declared}
        for i, card in enumerate(cards):
            for j, attack in enumerate(card.attacks):
                kind = kinds.get(attack.status)
                if attack.status != "none" and kind is None:
                    problems.append((f"cards[{i}].attacks.{j}.status",
                                     f"unknown status {attack.status!r} (declared: "
                                     f"{', '.join(kinds)})"))
                elif kind is not None and kind.each_tick != "none" and attack.status_value <= 0:
                    problems.append((f"cards[{i}].attacks.{j}.status_value",
                                     f"{attack.status} needs status_turns > 0 and "
                                     "status_value > 0"))
                needed = EFFECTS.get(attack.effect).info.get("needs_status")
                if needed is not None and needed not in kinds:
                    problems.append((f"cards[{i}].attacks.{j}.effect",
                                     f"{attack.effect} gives the status {needed!r}, which "
                                     "statuses.toml does not declare"))
    animations = resources.files.get("animations.toml")
    keys = set(animations.root) if animations is not None else None
    for i, card in enumerate(cards):
        for j, attack in enumerate(card.attacks):
            if keys is not None and attack.animation not in keys:
                problems.append((f"cards[{i}].attacks.{j}.animation",
                                 f"unknown animation {attack.animation!r}"))
    if len(cards) > MAX_CARDS:
        problems.append(("cards", f"{len(cards)} cards, more than {MAX_CARDS}"))
    rules = resources.files.get("rules.toml")
    if rules is not None and len(cards) < 2 * rules.draft.hand_size:
        problems.append(("cards", f"{len(cards)} cards, fewer than 2 x hand_size "
                                  f"({2 * rules.draft.hand_size})"))
    return problems


def _check_statuses(entries: list[StatusEntry], resources: ResourceSet
                    ) -> list[tuple[str, str]]:
    """Hook points, blocked actions and triggers that the mode has (a typo is named)."""
    return check_statuses(entries, hook_points(), ACTIONS, VALUE_HOOKS)


RESOURCE_FILES = (
    ResourceFile("rules.toml", RulesFile, check=_check_rules),
    ResourceFile("elements.toml", ElementsFile),
    ResourceFile("animations.toml", AnimationsFile),
    ResourceFile("ai.toml", AiFile),
    ResourceFile("statuses.toml", StatusEntry, table="statuses", check=_check_statuses),
    ResourceFile("cards.toml", CardEntry, table="cards", check=_check_cards),
)


# -- loaded content --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AttackDef:
    """One ability as the rules read it (3.1)."""

    index: int
    name: str
    element: str
    kind: str
    damage: int
    range: int
    cooldown: int
    heal: int
    status: str
    status_turns: int
    status_value: int
    effect: str
    effect_value: int
    effect_turns: int
    animation: str
    effect_params: Any = None  # the effect's typed parameters (game.engine.effects.bind)

    @property
    def style(self) -> Any:
        """The registered ability kind: `targets` ("enemy" or "self"), `rolls`, its resolver."""
        return ABILITY_KINDS.get(self.kind)

    @property
    def targets_enemy(self) -> bool:
        return ABILITY_KINDS.get(self.kind).targets == "enemy"


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    element: str
    secondary: str
    hp: int
    move: int
    speed: int
    attacks: tuple[AttackDef, ...]
    order: int


@dataclass(frozen=True)
class Content:
    """Everything the strike rules read from the resources, built once per `ResourceSet`."""

    rules: RulesFile
    ai: AiFile
    cards: dict[str, CardDef]
    pool: tuple[str, ...]
    percent_table: dict[tuple[str, str], int]
    colours: dict[str, Rgb]
    animations: dict[str, Animation]
    statuses: StatusKinds

    @property
    def cols(self) -> int:
        return self.rules.board.cols

    @property
    def rows(self) -> int:
        return self.rules.board.rows

    def percent(self, attack_element: str, defender_element: str) -> int:
        """Element multiplier in integer percent (3.2); a missing pair is 100."""
        return self.percent_table.get((attack_element, defender_element), 100)

    def zone(self, seat: int, zone_columns: int | None = None, cols: int | None = None
             ) -> range:
        """The placement columns of a seat (4.4)."""
        width = self.rules.board.zone_columns if zone_columns is None else zone_columns
        total = self.cols if cols is None else cols
        return range(0, width) if seat == 0 else range(total - width, total)


def build_content(resources: ResourceSet) -> Content:
    cards: dict[str, CardDef] = {}
    for order, entry in enumerate(resources.entries("cards.toml")):
        attacks = tuple(
            AttackDef(i, **a.model_dump(), effect_params=EFFECTS.bind(
                a.effect, effect_params(a.effect, a.effect_value, a.effect_turns))[1])
            for i, a in enumerate(entry.attacks))
        cards[entry.id] = CardDef(entry.id, entry.name, entry.element, entry.secondary, entry.hp,
                                  entry.move, entry.speed, attacks, order)
    elements: ElementsFile = resources.single("elements.toml")
    table = {(a, d): v for a, row in elements.percent.items() for d, v in row.items()}
    return Content(rules=resources.single("rules.toml"), ai=resources.single("ai.toml"),
                   cards=cards, pool=tuple(cards), percent_table=table,
                   colours=dict(elements.colour),
                   animations=dict(resources.single("animations.toml").root),
                   statuses=StatusKinds(resources.entries("statuses.toml")))


_contents: dict[int, tuple[ResourceSet, Content]] = {}


def content_of(resources: ResourceSet) -> Content:
    """The `Content` of a loaded resource set (cached: searches build many matches)."""
    cached = _contents.get(id(resources))
    if cached is None or cached[0] is not resources:
        cached = _contents[id(resources)] = (resources, build_content(resources))
    return cached[1]


def load_content(mods: list[Any] | None = None) -> Content:
    """The strike content with the user's mods (or the given mod folders) applied."""
    from game.engine.modes import get_mode
    from game.engine.resources import load_mode_resources

    spec = get_mode("strike")
    assert spec is not None
    return content_of(load_mode_resources(spec, mods=mods))
