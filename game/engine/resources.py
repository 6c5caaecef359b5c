"""Resource files: TOML under resources/<mode>/, validated, with a data-only mod overlay.

A mode declares its files as `ResourceFile`s with a pydantic model each: either a file of
`[[table]]` entries with unique ids (cards, abilities...) or one object (rules.toml). Every
problem names the file and the key (`deck.toml:card[3].value: ...`).

Mods live in the user data dir as `mods/<name>/<mode>/<file>.toml` (or in folders given with
`--mods PATH`). A mod entry whose id exists replaces it; a new id is added; keys of a one-object
file override the base (its tables merge key by key). A mod with any problem is skipped whole,
with its messages, and the base content still loads. Mods are TOML only: nothing is imported or evaluated from them.
"""

from __future__ import annotations

import fnmatch
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from pydantic import BaseModel, ValidationError

from game import paths

if TYPE_CHECKING:
    from game.engine.modes import ModeSpec

# (loaded entries or object, the whole ResourceSet so far) -> [(key, problem)]
Check = Callable[[Any, "ResourceSet"], list[tuple[str, str]]]


@dataclass(frozen=True)
class ResourceFile:
    """One file of a mode: `table` names its [[table]] entries, or None for one object.

    A `name` with a `*` is a family (`factions/*.toml`): the base ships none of it under that
    name, but a mod may add new files matching it (a new faction), each checked by
    `check_for(file name)`.
    """

    name: str
    model: type[BaseModel]
    table: str | None = None
    id_field: str = "id"
    check: Check | None = None
    check_for: Callable[[str], Check] | None = None

    @property
    def is_family(self) -> bool:
        return "*" in self.name


class ResourceProblem(NamedTuple):
    file: str
    key: str
    problem: str

    def __str__(self) -> str:
        return f"{self.file}:{self.key}: {self.problem}" if self.key else f"{self.file}: {self.problem}"


class ResourceError(ValueError):
    """The base resources of a mode are broken (a mod problem never raises: it is skipped)."""

    def __init__(self, problems: Sequence[ResourceProblem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = list(problems)


@dataclass
class ResourceSet:
    """The loaded resources of one mode: files by name, plus what the mods did."""

    mode: str
    files: dict[str, Any] = field(default_factory=dict)
    mods_loaded: list[str] = field(default_factory=list)
    problems: list[ResourceProblem] = field(default_factory=list)

    def entries(self, name: str) -> list[Any]:
        return list(self.files[name])

    def by_id(self, name: str, id_field: str = "id") -> dict[str, Any]:
        return {getattr(entry, id_field): entry for entry in self.files[name]}

    def single(self, name: str) -> Any:
        return self.files[name]


_extra_mod_dirs: list[Path] = []


def set_extra_mod_dirs(dirs: Iterable[str | Path]) -> None:
    """Folders of mods given on the command line (`--mods PATH`), searched after the user's."""
    _extra_mod_dirs[:] = [Path(d) for d in dirs]


def mod_folders() -> list[Path]:
    """Every mod folder (one per mod), user mods first, each group sorted by name."""
    found: list[Path] = []
    for root in [paths.mods_dir(), *_extra_mod_dirs]:
        if not root.is_dir():
            continue
        found.extend(sorted(p for p in root.iterdir() if p.is_dir()))
    return found


def read_toml(path: Path, label: str) -> tuple[dict[str, Any] | None, list[ResourceProblem]]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle), []
    except tomllib.TOMLDecodeError as exc:
        return None, [ResourceProblem(label, "", f"TOML syntax error: {exc}")]
    except OSError as exc:
        return None, [ResourceProblem(label, "", f"cannot read: {exc.strerror or exc}")]


def _pydantic_problems(label: str, prefix: str, exc: ValidationError) -> list[ResourceProblem]:
    problems = []
    for err in exc.errors():
        key = ".".join(str(p) for p in err["loc"])
        problems.append(ResourceProblem(label, f"{prefix}{key}" if key else prefix.rstrip("."),
                                        err["msg"]))
    return problems


def parse_table(
    spec: ResourceFile, data: dict[str, Any], label: str
) -> tuple[list[Any], list[ResourceProblem]]:
    """Validate the [[table]] entries of a file (unique ids, no unknown top-level keys)."""
    problems: list[ResourceProblem] = []
    table = spec.table or ""
    for key in data:
        if key != table:
            problems.append(ResourceProblem(label, key, f"unknown key (expected [[{table}]])"))
    raw = data.get(table, [])
    if not isinstance(raw, list):
        return [], [*problems, ResourceProblem(label, table, "must be an array of tables")]
    entries: list[Any] = []
    seen: set[str] = set()
    for index, item in enumerate(raw):
        prefix = f"{table}[{index}]."
        try:
            entry = spec.model.model_validate(item)
        except ValidationError as exc:
            problems.extend(_pydantic_problems(label, prefix, exc))
            continue
        entry_id = getattr(entry, spec.id_field)
        if entry_id in seen:
            problems.append(ResourceProblem(label, f"{prefix}{spec.id_field}",
                                            f"duplicate id {entry_id!r}"))
        seen.add(entry_id)
        entries.append(entry)
    return entries, problems


def parse_single(
    spec: ResourceFile, data: dict[str, Any], label: str
) -> tuple[Any, list[ResourceProblem]]:
    try:
        return spec.model.model_validate(data), []
    except ValidationError as exc:
        return None, _pydantic_problems(label, "", exc)


def _run_checks(specs: Sequence[ResourceFile], resources: ResourceSet,
                label_of: Callable[[str], str]) -> list[ResourceProblem]:
    problems = []
    exact = {spec.name for spec in specs if not spec.is_family}
    for spec in specs:
        if spec.is_family:
            if spec.check_for is None:
                continue
            for name in sorted(resources.files):
                if name not in exact and fnmatch.fnmatchcase(name, spec.name):
                    for key, problem in spec.check_for(name)(resources.files[name], resources):
                        problems.append(ResourceProblem(label_of(name), key, problem))
        elif spec.check is not None and spec.name in resources.files:
            for key, problem in spec.check(resources.files[spec.name], resources):
                problems.append(ResourceProblem(label_of(spec.name), key, problem))
    return problems


def _spec_for(specs: Sequence[ResourceFile], name: str) -> ResourceFile | None:
    """The spec of a mod file: its exact name, else the first family it matches."""
    for spec in specs:
        if not spec.is_family and spec.name == name:
            return spec
    for spec in specs:
        if spec.is_family and fnmatch.fnmatchcase(name, spec.name):
            return spec
    return None


def load_base(spec: ModeSpec, base_dir: Path | None = None) -> ResourceSet:
    """The mode's shipped resources; ResourceError if any file is broken."""
    resources = ResourceSet(spec.id)
    if not spec.resource_files:  # nothing to read: don't require a resources folder
        return resources
    base_dir = (base_dir or paths.resources_dir()) / spec.id
    problems: list[ResourceProblem] = []
    for file_spec in spec.resource_files:
        if file_spec.is_family:  # only mods add files to a family
            continue
        label = f"{spec.id}/{file_spec.name}"
        data, read_problems = read_toml(base_dir / file_spec.name, label)
        problems.extend(read_problems)
        if data is None:
            continue
        if file_spec.table:
            parsed, parse_problems = parse_table(file_spec, data, label)
        else:
            parsed, parse_problems = parse_single(file_spec, data, label)
        problems.extend(parse_problems)
        if not parse_problems:
            resources.files[file_spec.name] = parsed
    if not problems:
        problems.extend(_run_checks(spec.resource_files, resources, lambda n: f"{spec.id}/{n}"))
    if problems:
        raise ResourceError(problems)
    return resources


def overlay_mod(spec: ModeSpec, base: ResourceSet, mod_dir: Path) -> tuple[ResourceSet | None,
                                                                          list[ResourceProblem]]:
    """`base` with one mod applied, or None and the problems that make the mod unusable."""
    mode_dir = mod_dir / spec.id
    if not mode_dir.is_dir():
        return base, []
    merged = ResourceSet(spec.id, dict(base.files), list(base.mods_loaded), list(base.problems))
    problems: list[ResourceProblem] = []

    def label_of(name: str) -> str:
        return str(mode_dir / name)

    for path in sorted(mode_dir.rglob("*.toml")):
        name = path.relative_to(mode_dir).as_posix()
        label = label_of(name)
        file_spec = _spec_for(spec.resource_files, name)
        if file_spec is None:
            known = ", ".join(sorted(f.name for f in spec.resource_files))
            problems.append(ResourceProblem(label, "", f"unknown resource file for {spec.id} "
                                            f"(known: {known})"))
            continue
        data, read_problems = read_toml(path, label)
        problems.extend(read_problems)
        if data is None:
            continue
        if file_spec.table:
            entries, parse_problems = parse_table(file_spec, data, label)
            problems.extend(parse_problems)
            by_id = {getattr(e, file_spec.id_field): e for e in merged.files.get(name, [])}
            for entry in entries:
                by_id[getattr(entry, file_spec.id_field)] = entry  # replace in place or append
            merged.files[name] = list(by_id.values())
        else:
            previous = merged.files.get(name)
            combined = _merge_keys(previous.model_dump(), data) if previous else data
            parsed, parse_problems = parse_single(file_spec, combined, label)
            problems.extend(parse_problems)
            if parsed is not None:
                merged.files[name] = parsed
    if not problems:
        problems.extend(_run_checks(spec.resource_files, merged, label_of))
    if problems:
        return None, problems
    merged.mods_loaded.append(mod_dir.name)
    return merged, []


def _merge_keys(base: dict[str, Any], mod: dict[str, Any]) -> dict[str, Any]:
    """A one-object file's mod overlay: keys override the base; tables merge key by key."""
    out = dict(base)
    for key, value in mod.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge_keys(out[key], value)
        else:
            out[key] = value
    return out


_cache: dict[tuple[Any, ...], ResourceSet] = {}


def clear_resource_cache() -> None:
    _cache.clear()


def load_mode_resources(
    spec: ModeSpec, *, base_dir: Path | None = None, mods: Iterable[Path] | None = None
) -> ResourceSet:
    """Base resources with every valid mod applied in order; broken mods are skipped with a
    message in `problems` (and never stop the base game from loading).

    Results are cached per mode and mod list: simulations build thousands of matches.
    """
    mod_list = list(mod_folders() if mods is None else mods)
    key = (spec.id, base_dir, tuple(mod_list), spec.resource_files)
    cached = _cache.get(key)
    if cached is None:
        cached = _cache[key] = _load_uncached(spec, base_dir, mod_list)
    return cached


def _load_uncached(spec: ModeSpec, base_dir: Path | None, mods: list[Path]) -> ResourceSet:
    resources = load_base(spec, base_dir)
    for mod_dir in mods:
        applied, problems = overlay_mod(spec, resources, mod_dir)
        if applied is None:
            resources.problems.append(
                ResourceProblem(str(mod_dir), "", f"mod {mod_dir.name!r} skipped")
            )
            resources.problems.extend(problems)
        else:
            resources = applied
    return resources


def validate_mod_folder(specs: Sequence[ModeSpec], mod_dir: Path) -> list[ResourceProblem]:
    """Every problem of one mod folder, against each mode's base resources."""
    problems: list[ResourceProblem] = []
    modes = {s.id for s in specs}
    for child in sorted(mod_dir.iterdir()) if mod_dir.is_dir() else []:
        if child.is_dir() and child.name not in modes:
            problems.append(ResourceProblem(str(child), "", "not a mode folder "
                                            f"(modes: {', '.join(sorted(modes))})"))
    for spec in specs:
        base = load_base(spec)
        _, mod_problems = overlay_mod(spec, base, mod_dir)
        problems.extend(mod_problems)
    return problems
