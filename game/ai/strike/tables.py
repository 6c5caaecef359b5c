"""What the strike CPU knows besides the view: card data, the element table, the draft size
and ai.toml's tuning (spec sections 3 and 7), read once per resource set.

The CPU reads the same resource files as the rules (`cards.toml`, `elements.toml`,
`rules.toml`, `statuses.toml`, `ai.toml`); nothing here duplicates a rule. What an ability kind
does (whom it targets, whether it rolls) comes from its registration in the rules
(`ABILITY_KINDS`), and what a status does (the actions it blocks, the HP it will add or take)
from the content's status kinds, so a kind or status a mod adds is understood by every level.
Entries may be pydantic models or plain mappings, so tests can hand in small tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.statuses import StatusEntry, StatusKinds
from game.systems.strike.content import ABILITY_KINDS


@dataclass(frozen=True, slots=True)
class Attack:
    """One ability of a card (spec 3.1), as the CPU scores it."""

    index: int
    name: str
    element: str
    kind: str  # a registered ability kind (strike, drain, heal)
    targets_enemy: bool  # else it acts on its user and allies (a heal)
    rolls: bool  # a combat roll decides its damage (the hard search branches on it)
    damage: int
    range: int
    cooldown: int
    heal: int
    status: str
    effect: str


@dataclass(frozen=True, slots=True)
class Card:
    """A card: its element, numbers and abilities; `threat` is its largest damage (7.2 (5))."""

    id: str
    element: str
    hp: int
    move: int
    attacks: tuple[Attack, ...]
    threat: int


@dataclass(frozen=True)
class Tables:
    """Everything a strike CPU reads from resources."""

    cards: dict[str, Card]
    percent: dict[str, dict[str, int]]
    deck_size: int = 3
    roll_min: int = -2
    roll_max: int = 2
    attack_bias_percent: int = 50
    alive_bonus: int = 20
    win_value: int = 100000
    statuses: StatusKinds = field(default_factory=lambda: StatusKinds(()))

    def pct(self, attack_element: str, defender_element: str) -> int:
        """Element multiplier in percent (3.2); a missing pair is 100."""
        return self.percent.get(attack_element, {}).get(defender_element, 100)


def _get(entry: Any, key: str, default: Any = None) -> Any:
    if isinstance(entry, dict):
        return entry.get(key, default)
    return getattr(entry, key, default)


def _attack(index: int, raw: Any) -> Attack:
    kind = str(_get(raw, "kind", "strike"))
    style = ABILITY_KINDS.get(kind)
    return Attack(index=index, name=str(_get(raw, "name", "")),
                  element=str(_get(raw, "element", "null")), kind=kind,
                  targets_enemy=style.targets == "enemy", rolls=bool(style.rolls),
                  damage=int(_get(raw, "damage", 0)),
                  range=int(_get(raw, "range", 0)), cooldown=int(_get(raw, "cooldown", 0)),
                  heal=int(_get(raw, "heal", 0)), status=str(_get(raw, "status", "none")),
                  effect=str(_get(raw, "effect", "none")))


def card_of(raw: Any) -> Card:
    attacks = tuple(_attack(i, a) for i, a in enumerate(_get(raw, "attacks", ())))
    element = _get(raw, "element")
    return Card(id=str(_get(raw, "id")), element="null" if element is None else str(element),
                hp=int(_get(raw, "hp", 50)), move=int(_get(raw, "move", 3)), attacks=attacks,
                threat=max((a.damage for a in attacks), default=0))


def _section(obj: Any, key: str) -> Any:
    return None if obj is None else _get(obj, key)


def _files(resources: Any) -> dict[str, Any]:
    files = getattr(resources, "files", resources)
    return files if isinstance(files, dict) else {}


def _cards_entries(files: dict[str, Any]) -> list[Any]:
    raw = files.get("cards.toml")
    if raw is None:
        return []
    if isinstance(raw, dict) or not isinstance(raw, (list, tuple)):
        raw = _get(raw, "cards", [])
    return list(raw)


def _percent(files: dict[str, Any]) -> dict[str, dict[str, int]]:
    table = _section(files.get("elements.toml"), "percent") or {}
    if not isinstance(table, dict):
        table = getattr(table, "model_dump", lambda: {})()
    out: dict[str, dict[str, int]] = {}
    for attack, row in table.items():
        if not isinstance(row, dict):
            row = row.model_dump() if hasattr(row, "model_dump") else dict(vars(row))
        out[str(attack)] = {str(k): int(v) for k, v in row.items() if v is not None}
    return out


def _int(section: Any, key: str, default: int) -> int:
    value = _section(section, key)
    return default if value is None else int(value)


def build_tables(resources: Any) -> Tables:
    """The CPU's tables from a loaded resource set (or a mapping of file name -> content)."""
    import game.systems.strike.combat  # noqa: F401  (registers the ability kinds)

    files = _files(resources)
    cards = {card.id: card for card in map(card_of, _cards_entries(files))}
    rules, ai = files.get("rules.toml"), files.get("ai.toml")
    draft, combat = _section(rules, "draft"), _section(rules, "combat")
    easy, hard = _section(ai, "easy"), _section(ai, "hard")
    return Tables(cards=cards, percent=_percent(files),
                  deck_size=_int(draft, "deck_size", 3),
                  roll_min=_int(combat, "roll_min", -2), roll_max=_int(combat, "roll_max", 2),
                  attack_bias_percent=_int(easy, "attack_bias_percent", 50),
                  alive_bonus=_int(hard, "alive_bonus", 20),
                  win_value=_int(hard, "win_value", 100000),
                  statuses=_statuses(files))


def _statuses(files: dict[str, Any]) -> StatusKinds:
    """The content's status kinds: the loaded rules' own when the resources are loaded."""
    entries = files.get("statuses.toml") or []
    return StatusKinds(e if isinstance(e, StatusEntry) else StatusEntry.model_validate(e)
                       for e in entries)


_cache: dict[int, tuple[Any, Tables]] = {}


def tables_of(resources: Any) -> Tables:
    """`build_tables`, cached per resource set (simulations build thousands of CPUs)."""
    if isinstance(resources, Tables):
        return resources
    cached = _cache.get(id(resources))
    if cached is None or cached[0] is not resources:
        cached = _cache[id(resources)] = (resources, build_tables(resources))
    return cached[1]
