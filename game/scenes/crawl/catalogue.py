"""What the crawl screens read from the loaded resources (spec crawl.md section 3): ability
names, kinds, help texts and icons in catalogue order, each card's art, and the few constants a
screen shows (the Hint's budget, high scores kept, the win bonus).

Loaded once per resource set, through the same loader the rules use, so a mod's cards and
abilities show with their own names, texts and art.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.modes import get_mode
from game.engine.resources import ResourceSet, load_mode_resources
from game.i18n import _

MODE_ID = "crawl"
FLAG_NAMES = ("can_revive", "reflect_damage", "bleed")  # the base game's hero effects


@dataclass(frozen=True)
class AbilityInfo:
    """One ability of `abilities.toml`, as the screens show it."""

    id: str
    name: str
    kind: str  # "hero" | "target"
    effect: str
    params: dict[str, Any]
    text: str
    icon: str

    @property
    def kind_label(self) -> str:
        return _("Hero") if self.kind == "hero" else _("Target")


@dataclass
class Catalogue:
    """The crawl content the screens need, in file order."""

    abilities: dict[str, AbilityInfo]
    card_art: dict[str, str]  # deck.toml id -> art handle
    card_defs: list[dict[str, Any]]  # deck.toml cards (id, type, value, name, art)
    max_hp: int = 13
    win_bonus: int = 50
    high_scores_kept: int = 10
    abilities_per_run: int = 5
    rebuy_base: int = 5
    rebuy_step: int = 2
    hint_budget_ms: float = 300.0
    cpu_levels: tuple[str, ...] = ("easy", "normal", "hard")
    rules_version: str = "1"
    flag_abilities: dict[str, AbilityInfo] = field(default_factory=dict)
    # the hero's one-shot effects of statuses.toml (State JSON hero keys), in badge order
    hero_effects: tuple[str, ...] = FLAG_NAMES
    resources: ResourceSet | None = None

    def art_for(self, card: dict[str, Any]) -> str:
        """The art handle of a card object of the State JSON (3.1, 3.2)."""
        if card.get("type") == "ability":
            info = self.abilities.get(card.get("ability") or "")
            return info.icon if info else ":resources:images/items/star.png"
        art = self.card_art.get(card.get("id", ""))
        if art:
            return art
        # a created card or a setup card: the art of a deck card of that type and value
        same_type = [c for c in self.card_defs if c["type"] == card.get("type")]
        for entry in same_type:
            if entry["value"] == card.get("initial_value"):
                return entry["art"]
        return same_type[0]["art"] if same_type else ":resources:images/items/star.png"

    def kind_label(self, card: dict[str, Any]) -> str:
        info = self.abilities.get(card.get("ability") or "")
        return info.kind_label if info else ""

    def ability_name(self, ability_id: str) -> str:
        info = self.abilities.get(ability_id)
        return _(info.name) if info else ability_id


_cache: dict[int, tuple[ResourceSet, Catalogue]] = {}


def catalogue_of(resources: ResourceSet) -> Catalogue:
    """The screens' view of a loaded crawl resource set (cached per set)."""
    cached = _cache.get(id(resources))
    if cached is not None and cached[0] is resources:
        return cached[1]
    abilities: dict[str, AbilityInfo] = {}
    for entry in resources.entries("abilities.toml"):
        abilities[entry.id] = AbilityInfo(
            entry.id, entry.name, entry.kind, entry.effect, dict(entry.model_extra or {}),
            entry.text, entry.icon,
        )  # fmt: skip
    cards = [
        {"id": c.id, "type": c.type, "value": c.value, "name": c.name, "art": c.art}
        for c in resources.entries("deck.toml")
    ]
    rules = resources.single("rules.toml")
    ai = resources.single("ai.toml")
    spec = get_mode(MODE_ID)
    effects = tuple(e.id for e in resources.entries("statuses.toml") if e.holder == "hero")
    flags = {
        info.params.get("flag"): info for info in abilities.values()
        if info.effect == "set_hero_flag" and info.params.get("flag") in effects
    }  # fmt: skip
    catalogue = Catalogue(
        abilities=abilities,
        card_art={c["id"]: c["art"] for c in cards},
        card_defs=cards,
        max_hp=rules.max_hp,
        win_bonus=rules.win_bonus,
        high_scores_kept=rules.high_scores_kept,
        abilities_per_run=rules.abilities_per_run,
        rebuy_base=rules.rebuy_base,
        rebuy_step=rules.rebuy_step,
        hint_budget_ms=float(ai.hard.budget_ms),
        cpu_levels=tuple(spec.cpu_levels) if spec else ("easy", "normal", "hard"),
        rules_version=spec.rules_version if spec else "1",
        flag_abilities=flags,  # type: ignore[arg-type]
        hero_effects=effects,
        resources=resources,
    )
    _cache[id(resources)] = (resources, catalogue)
    return catalogue


def load_catalogue(resources: ResourceSet | None = None) -> Catalogue:
    """The catalogue of the given resources, or of the crawl mode with the user's mods."""
    if resources is None:
        spec = get_mode(MODE_ID)
        if spec is None:
            raise RuntimeError("the crawl mode is not registered")
        resources = load_mode_resources(spec)
    return catalogue_of(resources)
