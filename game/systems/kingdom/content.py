"""Kingdom content (spec kingdom.md section 3): the resource files, their schemas and cross-file
checks, and the loaded `Content` the rules, the CPUs and the screens read.

- `rules.toml`: the constants of section 2, the era table, the country and continent lists and
  the effect glossary of 3.4 (one object; a mod overrides keys).
- `factions/<faction>.toml`: one object per faction, a `[faction]` table and its `[[cards]]`
  (19 countries, `polynesia` and `common`; 206 cards).
- `ai.toml`: the CPU tunables of section 7.

Every problem names the file and the key (`kingdom/factions/china.toml:cards.3.def: ...`).
A card's `effect` names a keyword of `rules.toml` `[effects.<id>]`, which composes registered
attack styles and trigger effects (game.systems.kingdom.keywords): a mod adds factions, cards
and keywords in TOML, never a new kind of rule.

Every number a mod can set has a bound (docs/modding.md lists them): levels, HP, coins, the
turn cap and deck sizes so that a match stays a match, every pool big enough for a deck, and the
expert CPU's beam and budgets so that no decision runs for more than about a second.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.engine.resources import ResourceFile, ResourceSet
from game.engine.triggers import TriggerEntry
from game.systems.kingdom.keywords import Keyword, bind_keyword, check_keyword
from game.systems.schema import located

MODES = ("country", "continent")
SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")  # used with fullmatch: no "id\n"
KEYWORD_ID = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")  # "overkillHeal", "thorns"
HEX_COLOR = r"^#[0-9A-Fa-f]{6}$"
ANY_CONTINENT = "any"
COMMON = "common"

# The shipped faction files, in the order of spec 3.1 (countries, then polynesia and common).
# File order is the order duplicate ids are reported in: the later file is the one at fault.
FACTION_IDS = ("china", "france", "spain", "japan", "england", "egypt", "persia", "portugal",
               "ethiopia", "rome", "greece", "mongolia", "ottoman", "vikings", "aztec", "inca",
               "russia", "korea", "maya", "polynesia", "common")
FACTIONS_DIR = "factions/"


def faction_file(faction: str) -> str:
    """The resource file name of a faction (`factions/china.toml`)."""
    return f"{FACTIONS_DIR}{faction}.toml"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


MAX_LEVEL = 10          # Nexus levels (eras); a card's era is at most max_level
MAX_STAT = 999          # card ATK / DEF, HP per slot, coins
MAX_COST = 99
MAX_DECK = 50           # deck_max_units
MAX_LIST = 100          # countries, continents, their members
MAX_WEIGHT = 10**6      # CPU scores and margins
MAX_TURN_CAP = 500      # rules.toml turn_cap


def _weight(default: int | None = None) -> Any:
    if default is None:
        return Field(ge=-MAX_WEIGHT, le=MAX_WEIGHT)
    return Field(default=default, ge=-MAX_WEIGHT, le=MAX_WEIGHT)


# -- faction files ---------------------------------------------------------------------------
class FactionTable(_Strict):
    """The `[faction]` table of a faction file (3.1)."""

    id: str
    name: str
    continent: str
    selectable: bool
    color: str = Field(pattern=HEX_COLOR)

    @field_validator("id")
    @classmethod
    def _snake(cls, value: str) -> str:
        if not SNAKE.fullmatch(value):
            raise ValueError(f"id {value!r} must be snake_case")
        return value


class CardEntry(_Strict):
    """One `[[cards]]` row (3.1/3.3). `def` is a Python keyword, hence `defense` with an alias;
    both spellings validate so that the engine's mod merge (which dumps field names) works."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    id: str
    name: str
    kind: Literal["unit", "hero"]
    era: int = Field(ge=1, le=MAX_LEVEL)
    cost: int = Field(ge=0, le=MAX_COST)
    atk: int = Field(ge=0, le=MAX_STAT)
    defense: int = Field(ge=0, le=MAX_STAT, alias="def")
    effect: str = Field(min_length=1, max_length=40)  # a keyword of rules.toml [effects]
    faction: str | None = None
    continent: str | None = None

    @field_validator("id")
    @classmethod
    def _snake(cls, value: str) -> str:
        if not SNAKE.fullmatch(value):
            raise ValueError(f"id {value!r} must be snake_case")
        return value


class FactionFile(_Strict):
    """`factions/<faction>.toml`: the faction and its cards (common has units only)."""

    faction: FactionTable
    cards: list[CardEntry] = Field(min_length=1, max_length=200)



# -- rules.toml ------------------------------------------------------------------------------
class EraEntry(_Strict):
    level: int = Field(ge=1, le=MAX_LEVEL)
    id: str
    name: str
    color: str = Field(pattern=HEX_COLOR)


class EffectEntry(_Strict):
    """A keyword (`[effects.<id>]`, game.systems.kingdom.keywords): its glossary entry, its
    units' attack style and its triggers."""

    archetype: str = Field(min_length=1, max_length=40)
    text: str = Field(min_length=1, max_length=200)
    name: str = Field(default="", max_length=40)  # a trigger's label on screen (archetype)
    attack: str = Field(default="melee", max_length=40)
    triggers: list[TriggerEntry] = Field(default=[], max_length=8)


class RulesFile(_Strict):
    """`rules.toml` (3.1): keys exactly as the spec lists them."""

    format: int = Field(ge=1, le=1)
    start_level: int = Field(ge=1, le=MAX_LEVEL)
    max_level: int = Field(ge=1, le=MAX_LEVEL)
    hp_per_slot: int = Field(ge=1, le=MAX_STAT)
    start_coins: int = Field(ge=0, le=MAX_STAT)
    upgrade_cost_per_level: int = Field(ge=0, le=MAX_COST)
    income_cap: int = Field(ge=0, le=MAX_COST)
    turn_cap: int = Field(ge=1, le=MAX_TURN_CAP)
    deck_min_units: int = Field(ge=1, le=MAX_DECK)
    deck_max_units: int = Field(ge=1, le=MAX_DECK)
    guardian_charges: int = Field(ge=0, le=10)
    shop_weights: list[int] = Field(min_length=1, max_length=MAX_LEVEL)
    countries: list[str] = Field(min_length=1, max_length=MAX_LIST)
    continent_order: list[str] = Field(min_length=1, max_length=MAX_LIST)
    continents: dict[str, list[str]] = Field(max_length=MAX_LIST)
    continent_names: dict[str, str] = Field(max_length=MAX_LIST)
    eras: list[EraEntry] = Field(min_length=1, max_length=MAX_LEVEL)
    effects: dict[str, EffectEntry] = Field(max_length=MAX_LIST)

    @model_validator(mode="after")
    def _consistent(self) -> RulesFile:
        if self.start_level > self.max_level:
            raise located("RulesFile", "start_level", "start_level is above max_level",
                          self.start_level)
        if self.deck_min_units > self.deck_max_units:
            raise located("RulesFile", "deck_min_units", "deck_min_units is above "
                          "deck_max_units", self.deck_min_units)
        if self.deck_max_units < self.max_level:
            raise located("RulesFile", "deck_max_units", "deck_max_units must be >= max_level "
                          "(the Default preset picks one unit per era)", self.deck_max_units)
        for i, weight in enumerate(self.shop_weights):
            if not 0 < weight <= 1000:
                raise located("RulesFile", f"shop_weights.{i}", "a shop weight is 1..1000 (a "
                              "draw needs a positive sum)", weight)
        return self


# -- ai.toml ---------------------------------------------------------------------------------
class EffectBonus(_Strict):
    """Hard's per-effect bonus (7.2): base/low/wide, or early/late by turn for income and tax."""

    base: int = _weight(0)
    low: int = _weight(0)
    wide: int = _weight(0)
    early: int = _weight(0)
    late: int = _weight(0)
    early_until_turn: int = Field(default=0, ge=0, le=500)


class HardAi(_Strict):
    bar_per_level: int = _weight()
    bar_base: int = _weight()
    buy_margin: int = _weight()
    sell_margin: int = _weight()
    max_refreshes: int = Field(ge=0, le=20)
    refresh_reserve: int = Field(ge=0, le=MAX_STAT)
    hero_bonus: int = _weight()
    late_tax_level: int = Field(ge=1, le=MAX_LEVEL)
    # per keyword of rules.toml (a keyword with no row has no bonus: its stats alone count)
    bonus: dict[str, EffectBonus] = Field(max_length=MAX_LIST)


class ExpertAi(_Strict):
    # the search's size: the largest of all keeps a decision under about a second
    beam_width: int = Field(ge=1, le=16)
    max_depth: int = Field(ge=1, le=10)
    max_scored: int = Field(ge=1, le=2000)
    polish_states: int = Field(ge=0, le=4)
    polish_passes: int = Field(ge=0, le=3)
    polish_max_scored: int = Field(ge=0, le=800)
    w_hp: int = _weight()
    w_material: int = _weight()
    w_coins: int = _weight()
    w_level: int = _weight()
    win: int = Field(ge=-10**9, le=10**9)


class AiFile(_Strict):
    """`ai.toml` (7.4): every number the CPUs use."""

    format: int = Field(ge=1, le=1)
    hard: HardAi
    expert: ExpertAi


# -- cross-file checks -----------------------------------------------------------------------
def _faction_files(resources: ResourceSet) -> list[tuple[str, FactionFile]]:
    """(file name, parsed file) of every faction file, in load order."""
    return [(name, parsed) for name, parsed in resources.files.items()
            if name.startswith(FACTIONS_DIR)]


def _check_rules(rules: RulesFile, resources: ResourceSet) -> list[tuple[str, str]]:
    """What `rules.toml` says about the other files: every listed faction exists, countries are
    selectable, continents and eras line up, and the glossary covers exactly the effects."""
    problems: list[tuple[str, str]] = []
    files = dict(_faction_files(resources))
    levels = [e.level for e in rules.eras]
    if levels != list(range(1, rules.max_level + 1)):
        problems.append(("eras", f"levels {levels} must be 1..max_level ({rules.max_level}) "
                                 "in order"))
    for key, ids in (("eras", [e.id for e in rules.eras]), ("countries", rules.countries),
                     ("continent_order", rules.continent_order)):
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            problems.append((key, f"duplicate id(s) {', '.join(dupes)}"))
    for i, country in enumerate(rules.countries):
        parsed = files.get(faction_file(country))
        if parsed is None:
            problems.append((f"countries.{i}", f"{country!r} has no faction file "
                                                f"{faction_file(country)}"))
        elif not parsed.faction.selectable:
            problems.append((f"countries.{i}", f"{country!r} has selectable = false"))
    if set(rules.continent_order) != set(rules.continents):
        problems.append(("continent_order", "must list exactly the [continents] keys "
                                            f"({', '.join(rules.continents)})"))
    member_of: dict[str, str] = {}
    for continent, members in rules.continents.items():
        if continent not in rules.continent_names:
            problems.append((f"continent_names.{continent}", "missing"))
        if not members:
            problems.append((f"continents.{continent}", "has no member faction"))
        for i, member in enumerate(members):
            key = f"continents.{continent}.{i}"
            parsed = files.get(faction_file(member))
            if parsed is None:
                problems.append((key, f"{member!r} has no faction file {faction_file(member)}"))
                continue
            if member in member_of:
                problems.append((key, f"{member!r} is also in {member_of[member]!r}"))
            member_of[member] = continent
            if parsed.faction.continent != continent:
                problems.append((key, f"{member!r} says continent = "
                                      f"{parsed.faction.continent!r}"))
    for extra in sorted(set(rules.continent_names) - set(rules.continents)):
        problems.append((f"continent_names.{extra}", "not a continent"))
    for effect, entry in rules.effects.items():
        if not KEYWORD_ID.fullmatch(effect):
            problems.append((f"effects.{effect}", "a keyword id is a letter, then letters, "
                                                  "digits or _ (at most 40)"))
        problems += check_keyword(entry.attack, entry.triggers, f"effects.{effect}")
    if COMMON not in {p.faction.id for p in files.values()}:
        problems.append(("countries", f"no {faction_file(COMMON)}: the common units join "
                                      "every pool"))
    problems.extend(_check_pools(rules, files))
    return problems


def _check_pools(rules: RulesFile, files: dict[str, FactionFile]) -> list[tuple[str, str]]:
    """Every pool can make a deck: a hero and `deck_min_units` distinct units (its own and
    the common ones), else no one (and no CPU) could ever build one there."""
    by_id = {parsed.faction.id: parsed for parsed in files.values()}
    common = sum(1 for c in by_id[COMMON].cards if c.kind == "unit") if COMMON in by_id else 0
    pools = [(f"countries.{i}", country, [country]) for i, country in enumerate(rules.countries)]
    pools += [(f"continents.{c}", c, members) for c, members in rules.continents.items()]
    problems = []
    for key, name, members in pools:
        cards = [c for m in members if m in by_id and m != COMMON for c in by_id[m].cards]
        units = common + sum(1 for c in cards if c.kind == "unit")
        if not any(c.kind == "hero" for c in cards):
            if name in rules.continents:  # a country without a hero: _check_faction says so
                problems.append((key, f"the pool {name!r} has no hero"))
        elif units < rules.deck_min_units:
            problems.append((key, f"the pool {name!r} has {units} unit types, fewer than "
                                  f"deck_min_units ({rules.deck_min_units})"))
    return problems


def _check_faction(name: str) -> Any:
    """The check of one faction file: its id matches the file name, card ids are unique across
    all files (the later file is at fault), eras fit the era table, a country has a hero."""

    def check(parsed: FactionFile, resources: ResourceSet) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        stem = name[len(FACTIONS_DIR):-len(".toml")]
        if parsed.faction.id != stem:
            problems.append(("faction.id", f"{parsed.faction.id!r} must equal the file name "
                                           f"{stem!r}"))
        rules: RulesFile | None = resources.files.get("rules.toml")
        continents = set(rules.continents) if rules is not None else set()
        if rules is not None and parsed.faction.continent not in continents | {ANY_CONTINENT}:
            problems.append(("faction.continent", f"unknown continent "
                                                  f"{parsed.faction.continent!r}"))
        earlier: dict[str, str] = {}
        for other, other_parsed in _faction_files(resources):
            if other == name:
                break
            for card in other_parsed.cards:
                earlier.setdefault(card.id, other)
        seen: set[str] = set()
        for i, card in enumerate(parsed.cards):
            if card.id in earlier:
                problems.append((f"cards.{i}.id", f"duplicate card id {card.id!r} "
                                                   f"(also in {earlier[card.id]})"))
            elif card.id in seen:
                problems.append((f"cards.{i}.id", f"duplicate card id {card.id!r}"))
            seen.add(card.id)
            if card.faction is not None and card.faction != parsed.faction.id:
                problems.append((f"cards.{i}.faction", f"{card.faction!r} is not "
                                                       f"{parsed.faction.id!r} of [faction]"))
            if card.continent is not None and card.continent != parsed.faction.continent:
                problems.append((f"cards.{i}.continent", f"{card.continent!r} is not "
                                 f"{parsed.faction.continent!r} of [faction]"))
            if rules is not None and card.era > rules.max_level:
                problems.append((f"cards.{i}.era", f"{card.era} is above max_level "
                                                    f"{rules.max_level}"))
            if rules is not None and card.effect not in rules.effects:
                problems.append((f"cards.{i}.effect", f"unknown effect {card.effect!r} (the "
                                 f"keywords of rules.toml [effects]: "
                                 f"{', '.join(rules.effects)})"))
        is_country = rules is not None and parsed.faction.id in rules.countries
        if is_country and not any(c.kind == "hero" for c in parsed.cards):
            problems.append(("cards", f"country {parsed.faction.id!r} has no hero"))
        if is_country and not any(c.kind == "unit" for c in parsed.cards):
            problems.append(("cards", f"country {parsed.faction.id!r} has no unit"))
        return problems

    return check


def _check_ai(ai: AiFile, resources: ResourceSet) -> list[tuple[str, str]]:
    """Hard's bonus rows name keywords of `rules.toml` (a keyword without one has none)."""
    rules: RulesFile | None = resources.files.get("rules.toml")
    if rules is None:
        return []
    return [(f"hard.bonus.{effect}", f"unknown effect {effect!r} (the keywords of rules.toml "
                                     f"[effects]: {', '.join(rules.effects)})")
            for effect in ai.hard.bonus if effect not in rules.effects]


RESOURCE_FILES: tuple[ResourceFile, ...] = (
    ResourceFile("rules.toml", RulesFile, check=_check_rules),
    ResourceFile("ai.toml", AiFile, check=_check_ai),
    *(ResourceFile(faction_file(f), FactionFile, check=_check_faction(faction_file(f)))
      for f in FACTION_IDS),
    # a mod's new faction: factions/<id>.toml, checked like the shipped ones
    ResourceFile(f"{FACTIONS_DIR}*.toml", FactionFile, check_for=_check_faction),
)


# -- loaded content --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Card:
    """One card as the rules read it; `faction` is also its group for the Default preset."""

    id: str
    name: str
    faction: str
    continent: str
    kind: str
    era: int
    cost: int
    atk: int
    defense: int
    effect: str


@dataclass(frozen=True, slots=True)
class Era:
    level: int
    id: str
    name: str
    color: str


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name: str
    continent: str
    selectable: bool
    color: str


@dataclass(frozen=True)
class Content:
    """Everything kingdom reads from its resources, built once per `ResourceSet`.

    Pools are computed here once (sorted by id) because the deck builder, the CPUs and the
    checks of `build_deck` all ask for them, many times per simulated match.
    """

    cards: dict[str, Card]
    factions: dict[str, Faction]
    countries: tuple[str, ...]
    continent_order: tuple[str, ...]
    continents: dict[str, tuple[str, ...]]
    continent_names: dict[str, str]
    eras: tuple[Era, ...]
    effects: dict[str, Keyword]  # the keywords by id (the glossary: archetype, text)
    ai: dict[str, Any]
    start_level: int
    max_level: int
    hp_per_slot: int
    start_coins: int
    upgrade_cost_per_level: int
    income_cap: int
    turn_cap: int
    deck_min_units: int
    deck_max_units: int
    guardian_charges: int
    shop_weights: tuple[int, ...]
    _pools: dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]] = field(
        default_factory=dict, repr=False, compare=False)
    # (deck, level) -> the running totals of its shop weights (`pools.draw_offer`)
    _draws: dict[tuple[tuple[str, ...], int], list[int]] = field(
        default_factory=dict, repr=False, compare=False)

    # -- section 2 formulas --------------------------------------------------------------
    def era(self, level: int) -> Era:
        """The era of a Nexus level (current era = level)."""
        if not 1 <= level <= len(self.eras):
            raise ValueError(f"level {level} outside 1..{len(self.eras)}")
        return self.eras[level - 1]

    def slot_count(self, level: int) -> int:
        """SLOTS(level) = level + 4."""
        return level + 4

    def max_hp(self, slot_count: int) -> int:
        """MAX_HP(slots) = slots x hp_per_slot."""
        return slot_count * self.hp_per_slot

    def shop_size(self, slot_count: int) -> int:
        """SHOP_SIZE(slots) = floor(slots / 2) + 1."""
        return slot_count // 2 + 1

    def refresh_cost(self, slot_count: int) -> int:
        """REFRESH_COST(slots) = ceil((slots - 4) / 2)."""
        return -(-(slot_count - 4) // 2)

    def upgrade_cost(self, level: int) -> int:
        """UPGRADE_COST(level) = upgrade_cost_per_level x level (the price of level -> +1)."""
        return self.upgrade_cost_per_level * level

    def income(self, level: int) -> int:
        """BASE_INCOME(level) = min(level, income_cap)."""
        return min(level, self.income_cap)

    def sell_price(self, card_id: str) -> int:
        """SELL_PRICE = floor(cost / 2)."""
        return self.cards[card_id].cost // 2

    # -- pools (3.2) ---------------------------------------------------------------------
    def is_faction(self, mode: str, faction: str) -> bool:
        """A tile of that mode: a `countries` entry (country) or a continent id (continent)."""
        if mode == "country":
            return faction in self.countries
        if mode == "continent":
            return faction in self.continents
        return False

    def _pool(self, mode: str, faction: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if mode not in MODES:
            raise ValueError(f"unknown deck mode {mode!r} (modes: {', '.join(MODES)})")
        pool = self._pools.get((mode, faction))
        if pool is None:
            raise KeyError(f"{faction!r} is not a {mode} of this content")
        return pool

    def pool_units(self, mode: str, faction: str) -> tuple[str, ...]:
        """The unit ids of a pool, sorted by id (the common units included)."""
        return self._pool(mode, faction)[0]

    def pool_heroes(self, mode: str, faction: str) -> tuple[str, ...]:
        """The hero ids of a pool, sorted by id."""
        return self._pool(mode, faction)[1]


def _pools(cards: dict[str, Card], countries: tuple[str, ...],
           continents: dict[str, tuple[str, ...]]
           ) -> dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]]:
    def pool(members: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        groups = set(members)
        units = sorted(c.id for c in cards.values()
                       if c.kind == "unit" and (c.faction in groups or c.faction == COMMON))
        heroes = sorted(c.id for c in cards.values() if c.kind == "hero" and c.faction in groups)
        return tuple(units), tuple(heroes)

    out = {("country", country): pool((country,)) for country in countries}
    out.update({("continent", c): pool(members) for c, members in continents.items()})
    return out


def build_content(resources: ResourceSet) -> Content:
    """The `Content` of a validated resource set (faction files in load order)."""
    rules: RulesFile = resources.single("rules.toml")
    ai: AiFile = resources.single("ai.toml")
    cards: dict[str, Card] = {}
    factions: dict[str, Faction] = {}
    for _name, parsed in _faction_files(resources):
        f = parsed.faction
        factions[f.id] = Faction(f.id, f.name, f.continent, f.selectable, f.color)
        for c in parsed.cards:
            cards[c.id] = Card(c.id, c.name, f.id, f.continent, c.kind, c.era, c.cost, c.atk,
                               c.defense, c.effect)
    countries = tuple(rules.countries)
    continents = {c: tuple(rules.continents[c]) for c in rules.continent_order}
    ai_tables = ai.model_dump(exclude={"format"})
    return Content(
        cards=cards, factions=factions, countries=countries,
        continent_order=tuple(rules.continent_order), continents=continents,
        continent_names=dict(rules.continent_names),
        eras=tuple(Era(e.level, e.id, e.name, e.color) for e in rules.eras),
        effects={e: bind_keyword(e, entry.archetype, entry.text, entry.name, entry.attack,
                                 entry.triggers) for e, entry in rules.effects.items()},
        ai=ai_tables, start_level=rules.start_level, max_level=rules.max_level,
        hp_per_slot=rules.hp_per_slot, start_coins=rules.start_coins,
        upgrade_cost_per_level=rules.upgrade_cost_per_level, income_cap=rules.income_cap,
        turn_cap=rules.turn_cap, deck_min_units=rules.deck_min_units,
        deck_max_units=rules.deck_max_units, guardian_charges=rules.guardian_charges,
        shop_weights=tuple(rules.shop_weights),
        _pools=_pools(cards, countries, continents),
    )


_contents: dict[int, tuple[ResourceSet, Content]] = {}


def content_of(resources: ResourceSet) -> Content:
    """The `Content` of a loaded resource set (cached: simulations build many matches)."""
    cached = _contents.get(id(resources))
    if cached is None or cached[0] is not resources:
        cached = _contents[id(resources)] = (resources, build_content(resources))
    return cached[1]


def load_content(mods: list[Any] | None = None) -> Content:
    """The kingdom content with the user's mods (or the given mod folders) applied."""
    from game.engine.modes import get_mode
    from game.engine.resources import load_mode_resources

    spec = get_mode("kingdom")
    if spec is None:
        raise LookupError("the kingdom mode is not registered")
    return content_of(load_mode_resources(spec, mods=mods))
