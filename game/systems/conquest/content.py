"""CardConquest content (spec conquest.md section 3): the six resource files, their schemas and
cross-file checks, and the loaded `Content` the rules read.

- `map.toml`: tiles on doubled-row flat-topped hexes; adjacency derived from coordinates (3.1);
  land tiles in file order are the scan order.
- `units.toml`: the two unit kinds (3.2). `cards.toml`: battle cards (3.3).
- `abilities.toml`: ability number -> registered effect + parameters (3.4), and optional
  `when` conditions (registered too): a mod composes an ability from both.
- `armies.toml`: units and hands (3.5), and optional commander passives (ability numbers).
- `rules.toml`: the rules' constants of section 2 (the 5-unit cap, the base defence bonus,
  the round cap). `ai.toml`: CPU weights (3.6).

Problems name the file and the key (`conquest/cards.toml:cards[3].ability: ...`).

Every number a mod can set has a bound (docs/modding.md lists them): map size and coordinates,
unit and card numbers, army sizes (an army must fit its zone, five units a tile) and the hard
CPU's iteration counts, so that no decision runs for more than about a second.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.components.conquest import ConquestMap, TileDef
from game.engine.resources import ResourceFile, ResourceSet
from game.systems.conquest.abilities import CONDITIONS, EFFECTS, AbilityDef
from game.systems.schema import located

SEATS = (0, 1)
KINDS = ("tank", "infantry")  # canonical order within a seat: tanks first (4.1)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


MAX_TILES = 200         # map.toml tiles, land and water
MAX_COORD = 30          # |col| and |row|
MAX_NUMBER = 99         # strength, power, attack, defence, ability numbers
MAX_UNITS = 30          # tanks or infantry of one army
MAX_HAND = 12           # cards of one army
MAX_PASSIVES = 4        # commander passives of one army
MAX_CONDITIONS = 4      # `when` conditions of one ability
MAX_PER_TILE = 5        # rules.max_own_per_tile: the screens draw five units a seat per tile
MAX_ROUND_CAP = 500     # rules.round_cap
MAX_WEIGHT = 1e6        # CPU weights
Byte = Annotated[int, Field(ge=0, le=255)]


def _weight(default: float) -> Any:
    return Field(default=default, ge=-MAX_WEIGHT, le=MAX_WEIGHT)


class TileEntry(_Strict):
    """One tile of `map.toml` (3.1)."""

    id: str = Field(min_length=1)
    col: int = Field(ge=-MAX_COORD, le=MAX_COORD)
    row: int = Field(ge=-MAX_COORD, le=MAX_COORD)
    terrain: Literal["land", "water"]
    zone: Literal[0, 1] | None = None
    base_of: Literal[0, 1] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> TileEntry:
        if (self.col - self.row) % 2:
            raise ValueError("col and row must have the same parity (doubled rows)")
        if self.terrain == "water" and (self.zone is not None or self.base_of is not None):
            raise ValueError("a water tile has no zone and no base")
        return self


class MapFile(_Strict):
    """`map.toml` (3.1)."""

    id: str
    name: str
    tiles: list[TileEntry] = Field(min_length=1, max_length=MAX_TILES)

    @model_validator(mode="after")
    def _tiles(self) -> MapFile:
        ids: set[str] = set()
        places: set[tuple[int, int]] = set()
        for i, t in enumerate(self.tiles):
            if t.id in ids:
                raise located("MapFile", f"tiles.{i}.id", f"duplicate id {t.id!r}", t.id)
            if (t.col, t.row) in places:
                raise located("MapFile", f"tiles.{i}", f"two tiles at ({t.col}, {t.row})")
            ids.add(t.id)
            places.add((t.col, t.row))
        for seat in SEATS:
            bases = [t.id for t in self.tiles if t.base_of == seat]
            if len(bases) != 1:
                raise located("MapFile", "tiles", f"seat {seat} needs exactly one base, "
                                                  f"has {len(bases)}")
            if not any(t.zone == seat for t in self.tiles):
                raise located("MapFile", "tiles", f"seat {seat} has no placement zone")
        return self


Rgb = Annotated[tuple[Byte, Byte, Byte], Field(strict=False)]


class KindEntry(_Strict):
    """One unit kind of `units.toml` (3.2)."""

    id: Literal["tank", "infantry"]
    name: str
    strength: int = Field(ge=0, le=MAX_NUMBER)
    letter: str = Field(pattern=r"^[a-z]$")
    sprite: Annotated[tuple[str, str], Field(strict=False)]
    tint: Annotated[tuple[Rgb, Rgb], Field(strict=False)]


class CardEntry(_Strict):
    """One battle card of `cards.toml` (3.3)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    power: int = Field(ge=0, le=MAX_NUMBER)
    attack: int = Field(ge=0, le=MAX_NUMBER)
    defence: int = Field(ge=0, le=MAX_NUMBER)
    ability: int | None = None


class ConditionEntry(BaseModel):
    """One `when` condition of an ability: a registered condition and its parameters."""

    model_config = ConfigDict(extra="allow", strict=True)

    condition: str

    def params(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class AbilityEntry(BaseModel):
    """One ability of `abilities.toml` (3.4): number, label, effect name and its parameters,
    and the conditions (`when`) it needs besides its effect's own."""

    model_config = ConfigDict(extra="allow", strict=True)

    number: int = Field(ge=1, le=MAX_NUMBER)
    label: str
    effect: str
    when: list[ConditionEntry] = Field(default=[], max_length=MAX_CONDITIONS)

    @model_validator(mode="after")
    def _effect(self) -> AbilityEntry:
        problems = EFFECTS.check(self.effect, self.params())
        if problems:
            key, message = problems[0]
            raise ValueError(f"{key}: {message}" if key != "effect" else message)
        for i, condition in enumerate(self.when):
            problems = CONDITIONS.check(condition.condition, condition.params())
            if problems:
                key, message = problems[0]
                where = "condition" if key == "effect" else key
                raise located("AbilityEntry", f"when.{i}.{where}",
                              message.replace("effect", "condition"), condition.condition)
        return self

    def params(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class ArmyEntry(_Strict):
    """One army of `armies.toml` (3.5)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    tanks: int = Field(ge=0, le=MAX_UNITS)
    infantry: int = Field(ge=0, le=MAX_UNITS)
    cards: list[str] = Field(min_length=1, max_length=MAX_HAND)
    commander: bool
    # ability numbers that act in every battle of a seat with this army (commander passives)
    passives: list[int] = Field(default=[], max_length=MAX_PASSIVES)


class NormalAi(_Strict):
    front_weight: float = _weight(3.0)
    base_weight: float = _weight(1.0)
    other_weight: float = _weight(2.0)
    placement_noise: float = _weight(0.5)
    neighbour_defence: float = _weight(0.5)
    attack_margin: float = _weight(1.0)
    stay_bonus: float = _weight(0.3)
    caution: float = _weight(0.6)
    caution_rounds: float = Field(default=20.0, gt=0, le=1000)


class HardAi(_Strict):
    hand_weight: float = _weight(0.5)
    # regret-matching iterations: the largest of both keeps a decision under about a second
    card_iterations: int = Field(default=2000, ge=1, le=10000)
    card_floor: float = Field(default=0.03, ge=0, lt=1)
    reinforce_iterations: int = Field(default=300, ge=1, le=2000)
    # battle previews (matrix cells) one reinforcement decision may spend: a work budget
    reinforce_cells: int = Field(default=400, ge=1, le=100000)
    # unit-rounds one movement decision may roll out (units on the board x rounds, summed over
    # its rollouts): a work budget that only a mod's larger armies reach
    rollout_work: int = Field(default=4096, ge=1, le=1_000_000)
    explore: float = Field(default=0.3, ge=0, le=1)
    win_value: float = _weight(100.0)
    distance_weight: float = _weight(0.1)


class RulesFile(_Strict):
    """`rules.toml`: the constants of spec section 2 that a mod may change."""

    max_own_per_tile: int = Field(ge=1, le=MAX_PER_TILE)
    base_defence_bonus: int = Field(ge=0, le=MAX_NUMBER)
    round_cap: int = Field(ge=1, le=MAX_ROUND_CAP)


class AiFile(_Strict):
    """`ai.toml` (3.6): one table per level with the section 7 weights."""

    model_config = ConfigDict(extra="forbid", strict=False, allow_inf_nan=False)

    normal: NormalAi = NormalAi()
    hard: HardAi = HardAi()


def _check_kinds(kinds: list[KindEntry], resources: ResourceSet) -> list[tuple[str, str]]:
    problems = []
    if sorted(k.id for k in kinds) != sorted(KINDS):
        problems.append(("kinds", "needs exactly the kinds 'tank' and 'infantry'"))
    letters = [k.letter for k in kinds]
    if len(set(letters)) != len(letters):
        problems.append(("kinds", "two kinds share a letter"))
    return problems


def _check_cards(cards: list[CardEntry], resources: ResourceSet) -> list[tuple[str, str]]:
    abilities = resources.files.get("abilities.toml")
    known = {a.number for a in abilities} if abilities is not None else None
    return [(f"cards[{i}].ability", f"unknown ability number {c.ability}")
            for i, c in enumerate(cards)
            if known is not None and c.ability is not None and c.ability not in known]


def _check_armies(armies: list[ArmyEntry], resources: ResourceSet) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    cards = resources.files.get("cards.toml")
    known = {c.id for c in cards} if cards is not None else None
    abilities = resources.files.get("abilities.toml")
    numbers = {a.number for a in abilities} if abilities is not None else None
    the_map: MapFile | None = resources.files.get("map.toml")
    rules: RulesFile | None = resources.files.get("rules.toml")
    per_tile = rules.max_own_per_tile if rules is not None else MAX_PER_TILE
    room = None if the_map is None else per_tile * min(
        sum(1 for t in the_map.tiles if t.zone == seat and t.terrain == "land") for seat in SEATS)
    for i, army in enumerate(armies):
        for j, card in enumerate(army.cards):
            if known is not None and card not in known:
                problems.append((f"armies[{i}].cards.{j}", f"unknown card {card!r}"))
        for j, number in enumerate(army.passives):
            if numbers is not None and number not in numbers:
                problems.append((f"armies[{i}].passives.{j}", f"unknown ability number {number}"))
        if len(set(army.cards)) != len(army.cards):
            problems.append((f"armies[{i}].cards", "a card is listed twice"))
        if army.tanks + army.infantry == 0:
            problems.append((f"armies[{i}]", "an army needs at least one unit"))
        elif room is not None and army.tanks + army.infantry > room:
            problems.append((f"armies[{i}].infantry", f"{army.tanks + army.infantry} units "
                             f"do not fit the smaller placement zone of map.toml "
                             f"({room} = {per_tile} a tile)"))
    ids = {a.id: a for a in armies}
    if "classic" not in ids or ids["classic"].commander:
        problems.append(("armies", "needs the army 'classic' with commander = false"))
    if not any(a.commander for a in armies):
        problems.append(("armies", "needs at least one commander army"))
    return problems


RESOURCE_FILES = (
    ResourceFile("rules.toml", RulesFile),
    ResourceFile("map.toml", MapFile),
    ResourceFile("units.toml", KindEntry, table="kinds", check=_check_kinds),
    ResourceFile("abilities.toml", AbilityEntry, table="abilities", id_field="number"),
    ResourceFile("cards.toml", CardEntry, table="cards", check=_check_cards),
    ResourceFile("armies.toml", ArmyEntry, table="armies", check=_check_armies),
    ResourceFile("ai.toml", AiFile),
)


# -- loaded content --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    power: int
    attack: int
    defence: int
    ability: int | None


@dataclass(frozen=True, slots=True)
class ArmyDef:
    id: str
    name: str
    tanks: int
    infantry: int
    cards: tuple[str, ...]
    commander: bool
    passives: tuple[int, ...] = ()

    def count(self, kind: str) -> int:
        return self.tanks if kind == "tank" else self.infantry


@dataclass(frozen=True)
class Content:
    """Everything the conquest rules read from the resources, built once per `ResourceSet`.
    `map` is the board's fixed-data component (put in the world with the board); the map
    fields beside it are the same objects, for the screens."""

    map: ConquestMap
    rules: RulesFile
    map_id: str
    tiles: dict[str, TileDef]
    land: tuple[str, ...]                      # scan order
    neighbours: dict[str, tuple[str, ...]]     # land tile -> land neighbours in scan order
    scan: dict[str, int]                       # land tile -> scan position
    bases: tuple[str, str]                     # base tile per seat
    zones: tuple[tuple[str, ...], tuple[str, ...]]
    strength: dict[str, int]                   # kind -> strength
    letters: dict[str, str]                    # letter -> kind
    kind_letter: dict[str, str]                # kind -> letter
    kinds: dict[str, KindEntry]
    cards: dict[str, CardDef]
    abilities: dict[int, AbilityDef]
    armies: dict[str, ArmyDef]
    commanders: tuple[str, ...]                # commander army ids in file order
    ai: AiFile

    def is_land(self, tile: str) -> bool:
        return self.map.is_land(tile)

    def col(self, tile: str) -> int:
        return self.map.col(tile)

    def distance(self, a: str, b: str) -> int:
        return self.map.distance(a, b)

    def base_owner(self, tile: str) -> int | None:
        return self.map.base_owner(tile)

    def hand_order(self, cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
        """A hand sorted by printed power, highest first (4.14); equal powers (a mod) follow
        the order of `cards.toml`, so a hand's order never depends on its history."""
        order = list(self.cards)
        return tuple(sorted(cards, key=lambda c: (-self.cards[c].power, order.index(c))))


def _neighbour_offsets() -> tuple[tuple[int, int], ...]:
    return ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))


def build_content(resources: ResourceSet) -> Content:
    the_map: MapFile = resources.single("map.toml")
    tiles = {t.id: TileDef(t.id, t.col, t.row, t.terrain == "land", t.zone, t.base_of)
             for t in the_map.tiles}
    land = tuple(t.id for t in the_map.tiles if t.terrain == "land")
    scan = {tile: i for i, tile in enumerate(land)}
    at = {(tiles[t].col, tiles[t].row): t for t in land}
    neighbours = {}
    for tile in land:
        c, r = tiles[tile].col, tiles[tile].row
        found = [at[(c + dc, r + dr)] for dc, dr in _neighbour_offsets() if (c + dc, r + dr) in at]
        neighbours[tile] = tuple(sorted(found, key=scan.__getitem__))
    bases = tuple(next(t for t in land if tiles[t].base_of == s) for s in SEATS)
    zones = tuple(tuple(t for t in land if tiles[t].zone == s) for s in SEATS)
    kinds = {k.id: k for k in resources.entries("units.toml")}
    cards = {c.id: CardDef(c.id, c.name, c.power, c.attack, c.defence, c.ability)
             for c in resources.entries("cards.toml")}
    abilities = {}
    for a in resources.entries("abilities.toml"):
        params = EFFECTS.get(a.effect).params.model_validate(a.params())
        conditions = tuple((c.condition, CONDITIONS.get(c.condition).params.model_validate(
            c.params())) for c in a.when)
        abilities[a.number] = AbilityDef(a.number, a.label, a.effect, params, conditions)
    armies = {a.id: ArmyDef(a.id, a.name, a.tanks, a.infantry, tuple(a.cards), a.commander,
                            tuple(a.passives))
              for a in resources.entries("armies.toml")}
    the_map_data = ConquestMap(the_map.id, tiles, land, neighbours, scan,
                               bases, zones)  # type: ignore[arg-type]
    return Content(
        map=the_map_data, rules=resources.single("rules.toml"),
        map_id=the_map.id, tiles=tiles, land=land, neighbours=neighbours, scan=scan,
        bases=bases, zones=zones,  # type: ignore[arg-type]
        strength={k: v.strength for k, v in kinds.items()},
        letters={v.letter: k for k, v in kinds.items()},
        kind_letter={k: v.letter for k, v in kinds.items()}, kinds=kinds,
        cards=cards, abilities=abilities, armies=armies,
        commanders=tuple(a.id for a in armies.values() if a.commander),
        ai=resources.single("ai.toml"),
    )


_contents: dict[int, tuple[ResourceSet, Content]] = {}


def content_of(resources: ResourceSet) -> Content:
    """The `Content` of a loaded resource set (cached: searches build many matches)."""
    cached = _contents.get(id(resources))
    if cached is None or cached[0] is not resources:
        cached = _contents[id(resources)] = (resources, build_content(resources))
    return cached[1]


def load_content(mods: list[Any] | None = None) -> Content:
    """The conquest content with the user's mods (or the given mod folders) applied."""
    from game.engine.modes import get_mode
    from game.engine.resources import load_mode_resources

    spec = get_mode("conquest")
    assert spec is not None
    return content_of(load_mode_resources(spec, mods=mods))
