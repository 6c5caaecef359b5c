"""The mode registry: how a game plugs into the engine, the CLI and the menu.

A mode registers one `ModeSpec`: its id, rules version, resource schemas, match factory, CPU
levels, the entry point of its first scene and its benchmark cases. The CLI and the menu find
modes only through `all_modes()` / `get_mode()`, so adding a game never edits them.

Scenes are named by a "module:function" string and imported only when a window needs them,
which keeps this module (and every rule module that imports it) free of arcade.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.engine.resources import ResourceFile, ResourceSet
    from game.engine.rng import Stream

# Built-in modes, imported on first use of the registry. Each module calls `register(...)`.
BUILTIN_MODE_MODULES: tuple[str, ...] = (
    "game.systems.crawl.mode",
    "game.systems.strike.mode",
    "game.systems.kingdom.mode",
    "game.systems.conquest.mode",
)


@dataclass(frozen=True)
class BenchRow:
    """One figure of `tabula bench`: named as in docs/architecture.md, unit "ms" or "games/s"."""

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
    (crawl `variant`, conquest `setup_kind`).
    """

    mode: str
    seed: int | None = None
    cpu: dict[int, str] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    record: dict[str, Any] | None = None


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


@dataclass(frozen=True)
class ModeSpec:
    """Everything the engine, CLI and menu need to know about one game mode."""

    id: str
    title: str
    description: str
    rules_version: str  # what new matches play
    seats: int
    cpu_levels: tuple[str, ...]
    default_level: str
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
    # Seat 0 may be a CPU too (CPU vs CPU, spectated): the menu offers a "Watch" choice.
    watchable: bool = False
    # Other names the command line accepts for a level (kingdom: {"normal": "hard"}).
    level_aliases: dict[str, str] = field(default_factory=dict)
    menu_order: int = 100
    # Rules versions records may still name: a record plays the rules of its own version, so
    # a match recorded before a rule change replays exactly (docs/architecture.md).
    older_rules: tuple[str, ...] = ()

    def plays_rules(self, version: str) -> bool:
        return version == self.rules_version or version in self.older_rules

    def canonical_level(self, name: str) -> str | None:
        """The CPU level a command-line name stands for, or None when the mode has none."""
        name = self.level_aliases.get(name, name)
        return name if name in self.cpu_levels else None

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


def _import_entry(entry: str | None) -> Callable[..., Any] | None:
    if not entry:
        return None
    module_name, _, attr = entry.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def lazy_cpu(module: str) -> Callable[..., CpuPlayer]:
    """A mode's `make_cpu` that imports `module` (and its `make_cpu`) only when a CPU is
    needed, so registering a mode never loads its players."""

    def make_cpu(level: str, seat: int, stream: Stream, resources: ResourceSet) -> CpuPlayer:
        return importlib.import_module(module).make_cpu(level, seat, stream, resources)

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
_builtins_loaded = False


def register(spec: ModeSpec) -> ModeSpec:
    """Add (or replace) a mode; modes call this when their `mode` module is imported."""
    _registry[spec.id] = spec
    return spec


def unregister(mode_id: str) -> None:
    _registry.pop(mode_id, None)


def _load_builtins() -> None:
    global _builtins_loaded
    if _builtins_loaded:
        return
    _builtins_loaded = True
    for module_name in BUILTIN_MODE_MODULES:
        try:
            importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            # A mode whose package is not written yet is simply absent.
            if exc.name is None or not module_name.startswith(exc.name):
                raise


def all_modes() -> list[ModeSpec]:
    """Registered modes in menu order."""
    _load_builtins()
    return sorted(_registry.values(), key=lambda m: (m.menu_order, m.id))


def get_mode(mode_id: str) -> ModeSpec | None:
    _load_builtins()
    return _registry.get(mode_id)


def mode_ids() -> list[str]:
    return [m.id for m in all_modes()]
