"""Card Crawl content (spec crawl.md sections 2, 3 and 7): the four resource files, their
schemas and checks, and the loaded `Content` the rules read.

- `deck.toml`: `[[card]]` id, type, value (>= 1), name, art; file order is the canonical
  deck order (4.2).
- `abilities.toml`: `[[ability]]` id, name, kind, effect, text, icon, plus the effect's
  parameters as further keys, validated by the effect's registered parameter model (so they
  are as strict as the other keys: unknown keys and wrong types are errors).
- `rules.toml`: the constants of section 2.
- `ai.toml`: the CPU parameters of section 7 (`normal.*`, `hard.*`, `constructed_pick`).
- `statuses.toml`: the hero's one-shot effects and the card marks as status kinds with
  triggers (game.systems.crawl.statuses).

Problems name the file and the key (`crawl/abilities.toml:ability[8].amount: ...`); the engine
formats them. Cross-file checks: card ids are not ability ids (ability cards use the ability
id), the catalogue holds at least `abilities_per_run` abilities, `constructed_pick` is that many
distinct catalogue ids, an ability's `flag` or `mark` names a hero effect or a card mark of
`statuses.toml`.

Every number a mod can set has a bound (docs/modding.md lists them): the CPU's budget and
sample counts so that no decision runs for more than about a second, HP and values so that
the play screen and the roll-outs stay small, the deck and the catalogue so that a run stays
a run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    field_validator,
    model_validator,
)

from game.engine.art import art_problem
from game.engine.resources import ResourceFile, ResourceSet
from game.engine.setup_checks import id_pattern
from game.systems.crawl.abilities import EFFECTS, MAX_VALUE, CrawlEffect, effect_of
from game.systems.crawl.statuses import CrawlStatusEntry, CrawlStatuses, check_crawl_statuses
from game.systems.schema import located

TYPE_NAMES = {"enemy": "Enemy", "spell": "Spell", "shield": "Shield", "potion": "Potion",
              "gold": "Gold", "ability": "Ability"}


# -- schemas -------------------------------------------------------------------------------
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


MAX_DECK = 200          # deck.toml cards
MAX_ABILITIES = 50      # abilities.toml entries
MAX_PER_RUN = 20        # rules.toml abilities_per_run: ability cards dealt into a run's deck
MAX_NAME = 64           # characters of a card or ability name
# A card or ability id, as a State JSON prints it and a setup reads it back (1-64 ASCII).
CARD_ID = id_pattern(r"[A-Za-z0-9_.-]{1,64}")
MAX_HP = 999
MAX_GOLD = 9999
MAX_WEIGHT = 1e6        # the hard CPU's evaluation weights


def _weight(default: float) -> Any:
    return Field(default=default, ge=-MAX_WEIGHT, le=MAX_WEIGHT)


def _threshold(default: int) -> Any:
    return Field(default=default, ge=0, le=MAX_GOLD)


def _card_id(value: str) -> str:
    """An id a State JSON can carry and a setup read back (the setup's CARD_ID)."""
    if not CARD_ID.fullmatch(value):
        raise ValueError("must be 1-64 of A-Z a-z 0-9 _ . - (a State JSON prints it)")
    return value


class CardEntry(_Strict):
    """One fixed card of `deck.toml`."""

    id: str = Field(min_length=1)
    type: Literal["enemy", "spell", "shield", "potion", "gold"]
    value: int = Field(ge=1, le=MAX_VALUE)
    name: str = Field(max_length=MAX_NAME)
    art: str

    @field_validator("id")
    @classmethod
    def _state_id(cls, value: str) -> str:
        return _card_id(value)


class AbilityEntry(BaseModel):
    """One ability of `abilities.toml`; keys beyond the named fields are effect parameters."""

    model_config = ConfigDict(extra="allow", strict=True, allow_inf_nan=False)

    id: str = Field(min_length=1)
    name: str = Field(max_length=MAX_NAME)
    kind: Literal["hero", "target"]
    effect: str
    text: str
    icon: str
    _params: Any = PrivateAttr(default=None)

    @field_validator("id")
    @classmethod
    def _state_id(cls, value: str) -> str:
        return _card_id(value)

    @field_validator("effect")
    @classmethod
    def _registered(cls, name: str) -> str:
        if name not in EFFECTS.names():
            raise ValueError(f"unknown effect {name!r} (registered: {', '.join(EFFECTS.names())})")
        return name

    @model_validator(mode="wrap")
    @classmethod
    def _effect_params(cls, data: Any, handler: Any) -> AbilityEntry:
        entry = handler(data)
        registered = EFFECTS.get(entry.effect)
        # Raises a ValidationError located at the parameter's own key.
        entry._params = registered.params.model_validate(entry.model_extra or {})
        effect: CrawlEffect = registered.fn  # type: ignore[assignment]
        if effect.kind != entry.kind:
            raise located(cls.__name__, "kind", f"effect {entry.effect} is dropped on the "
                          f"{effect.kind}, so kind must be {effect.kind!r}", entry.kind)
        return entry

    @property
    def params(self) -> BaseModel:
        return self._params


class RulesFile(_Strict):
    """`rules.toml`: the constants of section 2."""

    max_hp: int = Field(ge=1, le=MAX_HP)
    start_gold: int = Field(ge=0, le=MAX_GOLD)
    abilities_per_run: int = Field(ge=0, le=MAX_PER_RUN)
    win_bonus: int = Field(ge=0, le=MAX_GOLD)
    rebuy_base: int = Field(ge=0, le=MAX_HP)
    rebuy_step: int = Field(ge=0, le=MAX_HP)
    random_attack_min: int = Field(ge=0, le=MAX_VALUE)
    random_attack_max: int = Field(ge=0, le=MAX_VALUE)
    draw_threshold: int = Field(ge=0, le=3)
    created_min: int = Field(ge=0, le=MAX_VALUE)
    created_max: int = Field(ge=0, le=MAX_VALUE)
    amplify_bonus: int = Field(ge=0, le=MAX_VALUE)
    amplify_cap: int = Field(ge=1, le=MAX_VALUE)
    high_scores_kept: int = Field(ge=1, le=100)

    @model_validator(mode="after")
    def _ranges(self) -> RulesFile:
        for low, high in (("random_attack_min", "random_attack_max"),
                          ("created_min", "created_max")):
            if getattr(self, low) > getattr(self, high):
                raise located("RulesFile", low, f"{low} is above {high}", getattr(self, low))
        return self


class NormalAi(_Strict):
    """`ai.toml [normal]`: thresholds of the greedy policy (7.2)."""

    life_missing: int = _threshold(5)
    doomed_sum: int = _threshold(12)
    chaos_gain: int = _threshold(3)
    banish_min: int = _threshold(7)
    swap_min: int = _threshold(7)
    collect_gold_min: int = _threshold(4)
    emergency_hp: int = _threshold(6)


class HardAi(_Strict):
    """`ai.toml [hard]`: budget, samples and the evaluation weights of 7.3."""

    # a decision is at most budget_ms in play, `samples` roll-outs (each at most max_steps
    # steps) per candidate in simulate: 64 x 1000 stays under a second (docs/modding.md)
    budget_ms: float = Field(default=300, gt=0, le=2000)
    samples: int = Field(default=8, ge=1, le=64)
    max_steps: int = Field(default=200, ge=1, le=1000)
    won: float = _weight(1000.0)
    lost: float = _weight(-1000.0)
    score: float = _weight(0.1)
    hp: float = _weight(1.0)
    # what a hero effect or a card mark is worth is its kind's (statuses.toml `worth`)
    random_attack: float = _weight(2.0)
    gold: float = _weight(0.05)
    enemy: float = _weight(-1.0)
    potion: float = _weight(0.8)
    held: float = _weight(1.0)
    elsewhere: float = _weight(0.9)
    gold_card: float = _weight(0.0)
    ability: float = _weight(4.0)


class AiFile(_Strict):
    """`ai.toml`. Defaults are the spec's, so a mod may override one table partly."""

    constructed_pick: list[str] = Field(
        default=["revive", "shield_bash", "amplify", "swap", "doomed"], max_length=20)
    normal: NormalAi = NormalAi()
    hard: HardAi = HardAi()


# -- cross-file checks -----------------------------------------------------------------------
def _check_deck(cards: list[CardEntry], resources: ResourceSet) -> list[tuple[str, str]]:
    ability_ids = {a.id for a in resources.files.get("abilities.toml", [])}
    problems = [(f"card[{i}].id", f"{card.id!r} is also an ability id (ability cards use it)")
                for i, card in enumerate(cards) if card.id in ability_ids]
    if len(cards) > MAX_DECK:
        problems.append(("card", f"{len(cards)} cards, more than {MAX_DECK}"))
        return problems
    return problems + _art_problems(cards, "card", "art")


def _art_problems(entries: list[Any], table: str, key: str) -> list[tuple[str, str]]:
    """Each entry's picture must be one the scenes can show within bounds (game.engine.art:
    a regular file, a size cap, a pixel limit); `code:` art is drawn by the scenes."""
    found = []
    for i, entry in enumerate(entries):
        problem = art_problem(getattr(entry, key))
        if problem is not None:
            found.append((f"{table}[{i}].{key}", problem))
    return found


def _check_abilities(abilities: list[AbilityEntry],
                     resources: ResourceSet) -> list[tuple[str, str]]:
    rules = resources.files.get("rules.toml")
    if len(abilities) > MAX_ABILITIES:
        return [("ability", f"{len(abilities)} abilities, more than {MAX_ABILITIES}")]
    icons = _art_problems(abilities, "ability", "icon")
    if rules is None:
        return icons
    if len(abilities) < rules.abilities_per_run:
        return [*icons, ("ability", f"{len(abilities)} abilities, fewer than abilities_per_run "
                                    f"({rules.abilities_per_run})")]
    problems = icons + _status_problems(abilities, resources)
    for i, ability in enumerate(abilities):
        params = _complete(ability.params, rules)
        low, high = getattr(params, "min", None), getattr(params, "max", None)
        if low is not None and high is not None and low > high:  # one side from rules.toml
            key = "min" if "min" in (ability.model_extra or {}) else "max"
            problems.append((f"ability[{i}].{key}", f"the created value range {low}..{high} "
                             "is empty (a missing min or max is rules.toml's created_min / "
                             "created_max)"))
    return problems


def _status_problems(abilities: list[AbilityEntry],
                     resources: ResourceSet) -> list[tuple[str, str]]:
    """An ability that gives a hero effect or a card mark names one of statuses.toml."""
    declared = resources.files.get("statuses.toml") or []
    problems = []
    for i, ability in enumerate(abilities):
        needs = effect_of(ability.effect).status
        if needs is None:
            continue
        param, holder = needs
        name = getattr(ability.params, param)
        known = [e.id for e in declared if e.holder == holder]
        if name not in known:
            what = "hero effect" if holder == "hero" else "card mark"
            problems.append((f"ability[{i}].{param}", f"unknown {what} {name!r} (statuses.toml "
                                                      f"declares: {', '.join(known)})"))
    return problems


def _check_ai(ai: AiFile, resources: ResourceSet) -> list[tuple[str, str]]:
    known = {a.id for a in resources.files.get("abilities.toml", [])}
    rules = resources.files.get("rules.toml")
    problems = [(f"constructed_pick[{i}]", f"unknown ability {pick!r}")
                for i, pick in enumerate(ai.constructed_pick) if pick not in known]
    if len(set(ai.constructed_pick)) != len(ai.constructed_pick):
        problems.append(("constructed_pick", "abilities must be distinct"))
    if rules is not None and len(ai.constructed_pick) != rules.abilities_per_run:
        problems.append(("constructed_pick", f"must name exactly {rules.abilities_per_run} "
                                             "abilities (abilities_per_run)"))
    return problems


RESOURCE_FILES = (
    ResourceFile("deck.toml", CardEntry, table="card", check=_check_deck),
    ResourceFile("abilities.toml", AbilityEntry, table="ability", check=_check_abilities),
    ResourceFile("rules.toml", RulesFile),
    ResourceFile("ai.toml", AiFile, check=_check_ai),
    ResourceFile("statuses.toml", CrawlStatusEntry, table="statuses", check=check_crawl_statuses),
)


# -- loaded content --------------------------------------------------------------------------
@dataclass(frozen=True)
class CardDef:
    """A fixed card of the deck (3.1)."""

    id: str
    type: str
    value: int
    name: str
    art: str


@dataclass(frozen=True)
class AbilityDef:
    """An ability of the catalogue (3.2), its parameters completed from `rules.toml`."""

    id: str
    name: str
    kind: str
    effect: str
    params: Any
    text: str
    icon: str
    order: int
    impl: CrawlEffect


@dataclass
class Content:
    """Everything the crawl rules read from the resources, built once per `ResourceSet`."""

    rules: RulesFile
    ai: AiFile
    deck: tuple[CardDef, ...]
    catalogue: tuple[AbilityDef, ...]
    abilities: dict[str, AbilityDef] = field(default_factory=dict)
    catalogue_ids: tuple[str, ...] = ()
    resources: ResourceSet | None = None
    statuses: CrawlStatuses = field(default_factory=lambda: CrawlStatuses(()))

    @property
    def deck_size(self) -> int:
        """Cards in a dealt run: the deck.toml cards plus one per chosen ability."""
        return len(self.deck) + self.rules.abilities_per_run

    def default_name(self, card_type: str, initial_value: int | None,
                     ability: str | None = None) -> str:
        """The name of a setup card given without one (3.1)."""
        if card_type == "ability":
            found = self.abilities.get(ability or "")
            return found.name if found else TYPE_NAMES["ability"]
        for card in self.deck:
            if card.type == card_type and card.value == initial_value:
                return card.name
        return TYPE_NAMES.get(card_type, card_type)

    def rebuy_cost(self, clear_counter: int) -> int:
        return self.rules.rebuy_base + self.rules.rebuy_step * clear_counter


def _complete(params: Any, rules: RulesFile) -> Any:
    """Fill parameters left out of an ability from the `rules.toml` defaults."""
    update: dict[str, Any] = {}
    if hasattr(params, "min") and params.min is None:
        update["min"] = rules.created_min
    if hasattr(params, "max") and params.max is None:
        update["max"] = rules.created_max
    if hasattr(params, "amount") and params.amount is None:
        update["amount"] = rules.amplify_bonus
    if hasattr(params, "cap") and params.cap is None:
        update["cap"] = rules.amplify_cap
    return params.model_copy(update=update) if update else params


def build_content(resources: ResourceSet) -> Content:
    rules: RulesFile = resources.single("rules.toml")
    catalogue = tuple(
        AbilityDef(a.id, a.name, a.kind, a.effect, _complete(a.params, rules), a.text, a.icon,
                   order, effect_of(a.effect))
        for order, a in enumerate(resources.entries("abilities.toml")))
    deck = tuple(CardDef(c.id, c.type, c.value, c.name, c.art)
                 for c in resources.entries("deck.toml"))
    return Content(rules=rules, ai=resources.single("ai.toml"), deck=deck, catalogue=catalogue,
                   abilities={a.id: a for a in catalogue},
                   catalogue_ids=tuple(a.id for a in catalogue), resources=resources,
                   statuses=CrawlStatuses(resources.entries("statuses.toml")))


_contents: dict[int, tuple[ResourceSet, Content]] = {}


def content_of(resources: ResourceSet) -> Content:
    """The `Content` of a loaded resource set (cached: simulations build thousands of
    matches)."""
    cached = _contents.get(id(resources))
    if cached is None or cached[0] is not resources:
        cached = _contents[id(resources)] = (resources, build_content(resources))
    return cached[1]


def load_content(mods: list[Any] | None = None) -> Content:
    """The crawl content with the user's mods (or the given mod folders) applied."""
    from game.engine.modes import get_mode
    from game.engine.resources import load_mode_resources

    spec = get_mode("crawl")
    assert spec is not None
    return content_of(load_mode_resources(spec, mods=mods))
