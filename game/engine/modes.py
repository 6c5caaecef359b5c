"""The mode registry: how a game plugs into the engine, the CLI and the menu.

A mode registers one `ModeSpec`: its id, rules version, resource schemas, match factory, CPU
levels, the entry point of its first scene and its benchmark cases. The CLI and the menu find
modes only through `all_modes()` / `get_mode()`, so adding a game never edits them.

A built-in mode also has a `ModeCard` (`game/systems/<mode>/card.py`): the facts a command's
help and usage checks need (title, seats, CPU levels, rules versions and what differs), in a
module that imports nothing else, so `tabula --help` lists every mode without loading any
mode's rules, content or pydantic models (`mode_cards()`), and `get_mode(id)` imports that
one mode only.

Scenes are named by a "module:function" string and imported only when a window needs them,
which keeps this module (and every rule module that imports it) free of arcade.
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.engine.resources import ResourceFile, ResourceSet
    from game.engine.rng import Stream

# Built-in modes: id -> package. `<package>.card` holds the mode's `CARD`; `<package>.mode`
# calls `register(...)` when imported, on first use of that mode.
BUILTIN_MODES: dict[str, str] = {
    "crawl": "game.systems.crawl",
    "strike": "game.systems.strike",
    "kingdom": "game.systems.kingdom",
    "conquest": "game.systems.conquest",
}
BUILTIN_MODE_MODULES: tuple[str, ...] = tuple(f"{pkg}.mode" for pkg in BUILTIN_MODES.values())


@dataclass(frozen=True)
class BenchRow:
    """One figure of `tabula bench`: named as in docs/architecture.md, unit "ms", "us",
    "games/s" or "%"."""

    name: str
    value: float
    unit: str

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": round(self.value, 4), "unit": self.unit}


@dataclass(frozen=True)
class ModeLaunch:
    """What the menu or `tabula play` asks a mode's first scene to start.

    `record` continues a saved match; otherwise a new match starts from `seed` (None: the
    scene picks one) with `cpu` mapping seat numbers to CPU levels, plus mode options
    (crawl `variant`, conquest `setup_kind`), on `rules` (None: the mode's current rules; the
    menu's "Original rules" and `--rules` name an older version).
    """

    mode: str
    seed: int | None = None
    cpu: dict[int, str] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    record: dict[str, Any] | None = None
    rules: str | None = None


class CpuPlayer:
    """A CPU seat. It sees only the seat view it is given and draws only from its `ai` stream."""

    level: str = ""

    def decide(self, view: dict[str, Any]) -> dict[str, Any]:  # pragma: no cover - interface
        raise NotImplementedError

    def plan_step(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """The decisions this seat sends, in order, before it waits on another seat. A CPU
        that plans a whole phase step at once (conquest) returns them all: a driver sends
        them without a view per decision. By default one decision, as `decide`."""
        return [self.decide(view)]


@dataclass(frozen=True, kw_only=True)
class ModeCard:
    """What the command line and the menu know of a mode before its rules are imported."""

    id: str
    title: str
    description: str
    rules_version: str  # what new matches play
    seats: int
    cpu_levels: tuple[str, ...]
    default_level: str
    # Other names the command line accepts for a level (kingdom: {"normal": "hard"}); listed
    # in `tabula --help` and said on stderr when used, never silent.
    level_aliases: dict[str, str] = field(default_factory=dict)
    # Rules versions records may still name: a record plays the rules of its own version, so
    # a match recorded before a rule change replays exactly (docs/architecture.md). A new
    # match may choose one too (`--rules`, the menu's Rules choice).
    older_rules: tuple[str, ...] = ()
    # One line per older version: what it does differently from `rules_version`.
    rules_changes: dict[str, str] = field(default_factory=dict)
    # Seat 0 may be a CPU too (CPU vs CPU, spectated): the menu offers a "Watch" choice.
    watchable: bool = False
    menu_order: int = 100

    def plays_rules(self, version: str) -> bool:
        return version == self.rules_version or version in self.older_rules

    def rules_versions(self) -> tuple[str, ...]:
        """Every version a match may play, the current one first."""
        return (self.rules_version, *self.older_rules)

    def rules_caption(self, version: str) -> str:
        """A rules version in a player's words (the menu's Rules button, conquest's setup):
        "Current rules", "Original rules" (the first version), or "Rules N" between."""
        if version == self.rules_version:
            return "Current rules"
        if version == min(self.rules_versions(), key=lambda v: (len(v), v)):
            return "Original rules"
        return f"Rules {version}"

    def rules_summary(self, version: str) -> str:
        """The caption and what `version` changes ("Original rules: Player 1 always ..."); the
        current rules' caption alone."""
        change = self.rules_changes.get(version)
        caption = self.rules_caption(version)
        return f"{caption}: {change}" if change and version != self.rules_version else caption

    def canonical_level(self, name: str) -> str | None:
        """The CPU level a command-line name stands for, or None when the mode has none."""
        name = self.level_aliases.get(name, name)
        return name if name in self.cpu_levels else None

    def level_names(self) -> str:
        """The levels as a usage message names them: "easy, hard, expert (normal = hard)"."""
        text = ", ".join(self.cpu_levels)
        if self.level_aliases:
            text += " (" + ", ".join(f"{a} = {lvl}" for a, lvl in self.level_aliases.items()) + ")"
        return text

    def card(self) -> ModeCard:
        """This mode's card alone (a `ModeSpec` is a card plus its rules)."""
        return ModeCard(**{f.name: getattr(self, f.name) for f in dataclasses.fields(ModeCard)})


@dataclass(frozen=True, kw_only=True)
class ModeSpec(ModeCard):
    """Everything the engine, CLI and menu need to know about one game mode."""

    resource_files: tuple[ResourceFile, ...]
    # Builds a match from a validated record (seed, options, setup) and the loaded resources.
    create_match: Callable[[dict[str, Any], ResourceSet], Match]
    # Builds a CPU player for (level, seat, its own ai stream, resources).
    make_cpu: Callable[[str, int, Stream, ResourceSet], CpuPlayer]
    # "module:function" called as function(app, launch) -> arcade.View; None: no screens yet.
    scene_entry: str | None = None
    # "module:function" called as function(app, match) -> arcade.View showing that match's
    # current position (used by `tabula shot`); None: the mode cannot be shot yet.
    shot_entry: str | None = None
    # Returns this mode's `tabula bench` rows.
    bench: Callable[[], list[BenchRow]] | None = None
    # Checks mode options of a record (crawl variant/date...): returns an error message or None.
    check_options: Callable[[dict[str, Any], int], str | None] | None = None
    # Checks a whole validated record (crawl: a daily run's seed is its date, only when the
    # record starts from the deal): returns an error message or None.
    check_record: Callable[[dict[str, Any]], str | None] | None = None
    # Extra simulate figures for a finished match (e.g. crawl's score), averaged by `simulate`.
    summarize: Callable[[dict[str, Any]], dict[str, float]] | None = None
    # Mode options a new match gets when the caller names none (crawl: {"variant": "normal"}).
    default_options: dict[str, Any] = field(default_factory=dict)
    # A CPU seat's own stream (docs/architecture.md); kingdom's spec names it "ai/{seat}".
    ai_stream_template: str = "ai.{seat}"

    def ai_stream(self, seed: int | str, seat: int) -> Stream:
        """The stream the host hands the CPU of `seat` (the match never draws it)."""
        from game.engine.rng import ai_stream

        return ai_stream(seed, seat, self.ai_stream_template)

    def scene_factory(self) -> Callable[..., Any] | None:
        """Import and return the first-scene function, or None when the mode has no screens."""
        return _import_entry(self.scene_entry)

    def shot_factory(self) -> Callable[..., Any] | None:
        """Import and return the shot-view function, or None when the mode has none."""
        return _import_entry(self.shot_entry)


def spec_of(card: ModeCard, **rules: Any) -> ModeSpec:
    """A built-in mode's spec: its card's facts plus its rules (`game/systems/<mode>/mode.py`)."""
    facts = {f.name: getattr(card, f.name) for f in dataclasses.fields(ModeCard)}
    return ModeSpec(**facts, **rules)


def _import_entry(entry: str | None) -> Callable[..., Any] | None:
    if not entry:
        return None
    module_name, _, attr = entry.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def lazy_cpu(module: str) -> Callable[..., CpuPlayer]:
    """A mode's `make_cpu` that imports `module` (and its `make_cpu`) only when a CPU is
    needed, so registering a mode never loads its players."""

    def make_cpu(level: str, seat: int, stream: Stream, resources: ResourceSet) -> CpuPlayer:
        # Once imported, the module is read from sys.modules (a simulation makes a player
        # for every match, and `import_module` is not one dict lookup).
        found = sys.modules.get(module) or importlib.import_module(module)
        return found.make_cpu(level, seat, stream, resources)  # type: ignore[no-any-return]

    return make_cpu


def bench_of(rules_module: str, screens_module: str | None = None
             ) -> Callable[[], list[BenchRow]]:
    """A mode's `bench`: the `bench_rows()` of its CPU module, then its screens' frame rows
    when the screens can be imported (a machine without GL libraries still gets the rest)."""

    def bench() -> list[BenchRow]:
        rows = list(importlib.import_module(rules_module).bench_rows())
        if screens_module is not None:
            try:
                screens = importlib.import_module(screens_module)
            except ImportError:
                return rows
            rows += screens.bench_rows()
        return rows

    return bench


_registry: dict[str, ModeSpec] = {}
# True once every built-in mode is imported, or when a test wants none of them (its own
# registry only): then neither `get_mode` nor `mode_cards` imports a built-in.
_builtins_loaded = False


def register(spec: ModeSpec) -> ModeSpec:
    """Add (or replace) a mode; modes call this when their `mode` module is imported."""
    _registry[spec.id] = spec
    return spec


def unregister(mode_id: str) -> None:
    _registry.pop(mode_id, None)


def _import_mode_module(module_name: str) -> None:
    try:
        importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # A mode whose package is not written yet is simply absent.
        if exc.name is None or not module_name.startswith(exc.name):
            raise


def _load_builtins() -> None:
    global _builtins_loaded
    if _builtins_loaded:
        return
    _builtins_loaded = True
    for module_name in BUILTIN_MODE_MODULES:
        _import_mode_module(module_name)


def all_modes() -> list[ModeSpec]:
    """Registered modes in menu order (every built-in mode is imported)."""
    _load_builtins()
    return sorted(_registry.values(), key=lambda m: (m.menu_order, m.id))


def get_mode(mode_id: str) -> ModeSpec | None:
    """A mode's spec; a built-in one is imported on its first use, and no other mode."""
    if mode_id not in _registry and not _builtins_loaded and mode_id in BUILTIN_MODES:
        _import_mode_module(f"{BUILTIN_MODES[mode_id]}.mode")
    return _registry.get(mode_id)


def mode_ids() -> list[str]:
    return [m.id for m in mode_cards()]


def mode_cards() -> list[ModeCard]:
    """Every mode's card in menu order, importing no mode's rules: the built-in cards from
    their `card` modules, and the cards of the modes registered so far."""
    cards: dict[str, ModeCard] = {}
    if not _builtins_loaded:
        for mode_id, package in BUILTIN_MODES.items():
            try:
                cards[mode_id] = importlib.import_module(f"{package}.card").CARD
            except ModuleNotFoundError as exc:
                if exc.name is None or not f"{package}.card".startswith(exc.name):
                    raise
    cards.update((mode_id, spec.card()) for mode_id, spec in _registry.items())
    return sorted(cards.values(), key=lambda m: (m.menu_order, m.id))


def get_card(mode_id: str) -> ModeCard | None:
    """One mode's card, importing no mode's rules."""
    return next((c for c in mode_cards() if c.id == mode_id), None)
