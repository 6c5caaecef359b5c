"""Resource files: TOML under resources/<mode>/, validated, with a data-only mod overlay.

A mode declares its files as `ResourceFile`s with a pydantic model each: either a file of
`[[table]]` entries with unique ids (cards, abilities...) or one object (rules.toml). Every
problem names the file and the key (`deck.toml:card[3].value: ...`).

Mods live in the user data dir as `mods/<name>/<mode>/<file>.toml` (or in folders given with
`--mods PATH`). A mod entry whose id exists replaces it; a new id is added; keys of a one-object
file override the base (its tables merge key by key). A mod with any problem is skipped whole,
with its messages, and the base content still loads. Mods are TOML only: nothing is imported or
evaluated from them.

Mod files are untrusted: only regular files under a size limit are opened (never a FIFO or a
device, whatever a symlink points at), a folder walk is bounded, and every decode or parse
failure is a `file:key` problem. Each applied mod is identified by its folder name and a sha256
of its files for the mode (`ModRef`), which a match record names so a replay can insist on the
same content (docs/modding.md).
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
import threading
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from pydantic import BaseModel, ValidationError

from game import paths
from game.engine.bounded import NotRegular, TooLarge, read_regular

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


# Bounds on what a mod (or a broken checkout) can make the loader do.
MAX_FILE_BYTES = 1 << 20  # the largest shipped file is 17 kB
MAX_MOD_ENTRIES = 1000  # files and folders under one mod's mode folder
MAX_FOLDER_DEPTH = 8  # folders within a mode folder (kingdom's factions/ is 1)
MAX_NESTING = 32  # arrays and tables within one TOML value
MAX_ROOT_ENTRIES = 10_000  # entries of one folder of mods that are looked at
MAX_MOD_ID = 100  # characters of a mod's folder name
MAX_MODS = 100  # mods applied to one mode: all a record may name (game.engine.record)


class ResourceProblem(NamedTuple):
    file: str
    key: str
    problem: str

    def __str__(self) -> str:
        text = f"{self.file}:{self.key}: {self.problem}" if self.key else f"{self.file}: {self.problem}"
        return one_line(text)


def one_line(text: str) -> str:
    """`text` as one printable line: a newline or another control character (a mod folder
    named "a\\nb"), or a lone surrogate (a file name that is not UTF-8), is shown as its
    escape, so one problem is one line on any stream and in the menu."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


class ModRef(NamedTuple):
    """An applied mod as a record names it: its folder name and the sha256 of its files."""

    id: str
    hash: str

    def as_json(self) -> dict[str, str]:
        return {"id": self.id, "hash": self.hash}


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
    mod_refs: list[ModRef] = field(default_factory=list)  # the applied mods, in order
    skipped: dict[Path, list[ResourceProblem]] = field(default_factory=dict)  # by mod folder

    def entries(self, name: str) -> list[Any]:
        return list(self.files[name])

    def by_id(self, name: str, id_field: str = "id") -> dict[str, Any]:
        return {getattr(entry, id_field): entry for entry in self.files[name]}

    def single(self, name: str) -> Any:
        return self.files[name]


_extra_mod_dirs: list[Path] = []
# Who is told of the problems of each mode's resources as they are loaded (the CLI prints
# them on stderr: `report_problems_to`), per thread: a command run in one thread (a test, a
# network client beside the window) never reports into another's. Unset: nobody.
_reporting = threading.local()
_roots_override: list[Path] | None = None  # a spawned worker's: exactly its parent's roots
_folders_cache: dict[tuple[Any, ...], list[Path]] = {}


def set_extra_mod_dirs(dirs: Iterable[str | Path]) -> None:
    """Folders of mods given on the command line (`--mods PATH`), searched after the user's."""
    _extra_mod_dirs[:] = [Path(d) for d in dirs]


def extra_mod_dirs() -> list[Path]:
    return list(_extra_mod_dirs)


def mod_roots() -> list[Path]:
    """The folders of mods this process reads: the user's mods folder, then `--mods` folders."""
    if _roots_override is not None:
        return list(_roots_override)
    return [*_user_mod_roots(), *_extra_mod_dirs]


# The user's mods folder for the environment variables that name it (a temporary home's, a
# test's): every new match asks for the mod roots, and a path built is not free.
_user_roots_memo: dict[tuple[str, str], list[Path]] = {}


def _user_mod_roots() -> list[Path]:
    """The user's mods folder as a one-item list (empty when it cannot be found)."""
    named = (os.environ.get(paths.MODS_ENV, ""), os.environ.get(paths.HOME_ENV, ""))
    found = _user_roots_memo.get(named) if any(named) else None
    if found is None:
        try:
            found = [paths.mods_dir()]
        except OSError:  # a user data dir that cannot be made holds no mods
            found = []
        if any(named):
            _user_roots_memo[named] = found
    return found


def use_mod_roots(roots: Iterable[str | Path]) -> None:
    """Read mods from exactly these folders (a spawned worker gets its parent's `mod_roots`,
    so a temporary home or a `--mods` folder of the parent cannot be lost on the way)."""
    global _roots_override
    _roots_override = [Path(r) for r in roots]
    _folders_cache.clear()
    _cache.clear()


def mod_folders() -> list[Path]:
    """Every mod folder (one per mod), user mods first, each group sorted by name.

    Scanned once per process and set of roots (clear_resource_cache rescans): a new match
    asks for it, and the answer must not cost a folder walk each time.
    """
    roots = tuple(mod_roots())
    found = _folders_cache.get(roots)
    if found is None:
        found = _folders_cache[roots] = [f for root in roots for f in mods_in(root)]
    return list(found)


def mods_in(root: Path) -> list[Path]:
    """The mod folders of one root, by name; a root of absurd size is read only in part."""
    names: list[str] = []
    try:
        with os.scandir(root) as entries:
            for entry in entries:
                if len(names) >= MAX_ROOT_ENTRIES:
                    break
                names.append(entry.name)
    except OSError:  # no such folder, or not a folder: no mods there
        return []
    return [root / name for name in sorted(names) if (root / name).is_dir()]


def mod_id_problem(name: str) -> str | None:
    """Why a folder name cannot be a mod's id (records name mods by it), or None."""
    if not name.isprintable() or len(name) > MAX_MOD_ID:
        return (f"a mod's folder name must be printable text of at most {MAX_MOD_ID} "
                "characters")
    return None


def read_file_bytes(path: Path, label: str) -> tuple[bytes | None, list[ResourceProblem]]:
    """A regular file's bytes, at most MAX_FILE_BYTES, through the one bounded reader
    (game.engine.bounded): a FIFO, a device or a folder is never opened (a symlink counts as
    what it points at)."""
    def problem(text: str) -> tuple[None, list[ResourceProblem]]:
        return None, [ResourceProblem(label, "", text)]

    try:
        return read_regular(path, MAX_FILE_BYTES), []
    except (NotRegular, TooLarge) as exc:
        return problem(str(exc))
    except OSError as exc:
        return problem(f"cannot read: {exc.strerror or exc}")


def parse_toml(raw: bytes, label: str) -> tuple[dict[str, Any] | None, list[ResourceProblem]]:
    """TOML bytes as data; bad UTF-8, bad syntax, an integer past Python's digit limit or
    nesting past MAX_NESTING are problems, never exceptions."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [ResourceProblem(label, "", f"not UTF-8 text ({exc.reason} at byte "
                                                 f"{exc.start})")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [ResourceProblem(label, "", f"TOML syntax error: {exc}")]
    except RecursionError:
        return None, [ResourceProblem(label, "", f"nested deeper than {MAX_NESTING} levels")]
    except ValueError as exc:  # an integer of more than 4300 digits: Python's own advice cut
        return None, [ResourceProblem(label, "", f"TOML value error: {str(exc).split(';')[0]}")]
    too_deep = _too_deep(data)
    if too_deep is not None:
        return None, [ResourceProblem(label, too_deep,
                                      f"nested deeper than {MAX_NESTING} levels")]
    return data, []


def _too_deep(data: dict[str, Any]) -> str | None:
    """The top-level key of a value nested deeper than MAX_NESTING, or None (no recursion)."""
    for key, value in data.items():
        stack: list[tuple[Any, int]] = [(value, 1)]
        while stack:
            item, depth = stack.pop()
            if depth > MAX_NESTING:
                return str(key)
            if isinstance(item, dict):
                stack.extend((v, depth + 1) for v in item.values())
            elif isinstance(item, list):
                stack.extend((v, depth + 1) for v in item)
    return None


def read_toml(path: Path, label: str) -> tuple[dict[str, Any] | None, list[ResourceProblem]]:
    raw, problems = read_file_bytes(path, label)
    if raw is None:
        return None, problems
    return parse_toml(raw, label)


def _toml_files(mode_dir: Path) -> tuple[list[tuple[str, Path]], list[ResourceProblem]]:
    """Every `*.toml` under a mod's mode folder as (posix name, path), in canonical order;
    bounded in depth and count so a symlink loop or a huge tree ends with a problem."""
    found: list[tuple[tuple[str, ...], Path]] = []
    problems: list[ResourceProblem] = []
    seen = 0
    stack: list[tuple[Path, tuple[str, ...]]] = [(mode_dir, ())]
    while stack:
        folder, parts = stack.pop()
        try:
            with os.scandir(folder) as entries:
                listed = [(entry.name, entry.is_dir()) for entry in entries]
        except OSError as exc:
            problems.append(ResourceProblem(str(folder), "", "cannot read folder: "
                                            f"{exc.strerror or exc}"))
            continue
        seen += len(listed)
        if seen > MAX_MOD_ENTRIES:
            return [], [ResourceProblem(str(mode_dir), "", f"more than {MAX_MOD_ENTRIES} "
                                        "files and folders")]
        for name, is_dir in listed:
            path = folder / name
            if name.endswith(".toml"):  # a folder of that name is reported when read
                found.append(((*parts, name), path))
            elif is_dir:
                if len(parts) + 1 > MAX_FOLDER_DEPTH:
                    return [], [ResourceProblem(str(path), "", "folders nested deeper than "
                                                f"{MAX_FOLDER_DEPTH}")]
                stack.append((path, (*parts, name)))
    found.sort(key=lambda item: item[0])
    files: list[tuple[str, Path]] = []
    for parts_of, path in found:
        name = "/".join(parts_of)
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            problems.append(ResourceProblem(str(path), "", "file name is not UTF-8 text"))
            continue
        files.append((name, path))
    return files, problems


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
        entry, entry_problems = _validate(spec.model, item, label, prefix)
        if entry_problems:
            problems.extend(entry_problems)
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
    return _validate(spec.model, data, label, "")


def _validate(model: type[BaseModel], data: Any, label: str,
              prefix: str) -> tuple[Any, list[ResourceProblem]]:
    """`model` validated from a file's data. A validator that trips over absurd data with
    something other than a ValueError (a TypeError, a RecursionError) is a problem of that
    file too: a mod must never crash the loader."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, _pydantic_problems(label, prefix, exc)
    except Exception as exc:
        return None, [ResourceProblem(label, prefix.rstrip("."),
                                      f"cannot be checked: {type(exc).__name__}: {exc}")]


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
                    problems.extend(_check(spec.check_for(name), name, resources, label_of))
        elif spec.check is not None and spec.name in resources.files:
            problems.extend(_check(spec.check, spec.name, resources, label_of))
    return problems


def _check(check: Check, name: str, resources: ResourceSet,
           label_of: Callable[[str], str]) -> list[ResourceProblem]:
    """One cross-file check's problems; a check that raises on absurd values is one too."""
    try:
        found = check(resources.files[name], resources)
    except Exception as exc:
        return [ResourceProblem(label_of(name), "", f"cannot be checked: "
                                f"{type(exc).__name__}: {exc}")]
    return [ResourceProblem(label_of(name), key, problem) for key, problem in found]


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
    merged = ResourceSet(spec.id, dict(base.files), list(base.mods_loaded), list(base.problems),
                         list(base.mod_refs), dict(base.skipped))

    def label_of(name: str) -> str:
        return str(mode_dir / name)

    files, problems = _toml_files(mode_dir)
    digest = hashlib.sha256()
    for name, path in files:
        label = label_of(name)
        file_spec = _spec_for(spec.resource_files, name)
        if file_spec is None:
            known = ", ".join(sorted(f.name for f in spec.resource_files))
            problems.append(ResourceProblem(label, "", f"unknown resource file for {spec.id} "
                                            f"(known: {known})"))
            continue
        raw, read_problems = read_file_bytes(path, label)
        problems.extend(read_problems)
        if raw is None:
            continue
        digest.update(b"%s\0%d\0" % (name.encode("utf-8"), len(raw)) + raw)
        data, parse_problems = parse_toml(raw, label)
        problems.extend(parse_problems)
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
    merged.mod_refs.append(ModRef(mod_dir.name, digest.hexdigest()))
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
    """Forget loaded resources and the scanned mod folders (the next load reads them again)."""
    _cache.clear()
    _folders_cache.clear()


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
    reporter = getattr(_reporting, "reporter", None)
    if reporter is not None and cached.problems:
        reporter(cached.problems)
    return cached


@contextmanager
def report_problems_to(reporter: Callable[[Sequence[ResourceProblem]], None]
                       ) -> Iterator[None]:
    """Within the block, `reporter` gets the problems (skipped mods) of every mode's resources
    each time they are loaded, cached or not: the modes a command uses, and only those (in
    this thread)."""
    before = getattr(_reporting, "reporter", None)
    _reporting.reporter = reporter
    try:
        yield
    finally:
        _reporting.reporter = before


def _load_uncached(spec: ModeSpec, base_dir: Path | None, mods: list[Path]) -> ResourceSet:
    resources = load_base(spec, base_dir)
    first_of: dict[str, Path] = {}
    for mod_dir in mods:
        problem = mod_id_problem(mod_dir.name)
        if problem is None and mod_dir.name in first_of:
            problem = f"another mod of this name comes first ({first_of[mod_dir.name]})"
        first_of.setdefault(mod_dir.name, mod_dir)
        if (problem is None and len(resources.mod_refs) >= MAX_MODS
                and (mod_dir / spec.id).is_dir()):
            problem = (f"more than {MAX_MODS} mods for {spec.id}: a match can be played and "
                       f"recorded with at most {MAX_MODS}, the first ones by name")
        if problem is not None:
            applied, problems = None, [ResourceProblem(str(mod_dir), "", problem)]
        else:
            applied, problems = overlay_mod(spec, resources, mod_dir)
        if applied is None:
            resources.problems.append(
                ResourceProblem(str(mod_dir), "", f"mod {mod_dir.name!r} skipped")
            )
            resources.problems.extend(problems)
            resources.skipped[mod_dir] = problems
        else:
            resources = applied
    return resources


class ModMismatch(ValueError):
    """The mods a record names are not the mods installed here (a missing or changed mod)."""


def load_record_mods(spec: ModeSpec, refs: Sequence[dict[str, str]]) -> ResourceSet:
    """The resources a record was played with: the base and exactly the mods it names, in its
    order, each found by id among `mod_folders()` and checked against its hash.

    A record that names no mod plays the base content even where mods are installed, so that
    it replays the same everywhere; ModMismatch names the first mod that differs.
    """
    folders: list[Path] = []
    available = mod_folders() if refs else []
    for ref in refs:
        found = next((f for f in available if f.name == ref["id"]), None)
        if found is None:
            raise ModMismatch(f"mod {ref['id']!r} is not installed")
        folders.append(found)
    resources = load_mode_resources(spec, mods=folders)
    applied = {ref.id: ref.hash for ref in resources.mod_refs}
    for ref in refs:
        if ref["id"] not in applied:
            raise ModMismatch(f"mod {ref['id']!r} has changed since the record was made: it "
                              "no longer loads (tabula validate shows why)")
        if applied[ref["id"]] != ref["hash"]:
            raise ModMismatch(f"mod {ref['id']!r} has changed since the record was made")
    return resources


def installed_mod_refs(mode_id: str) -> list[dict[str, str]]:
    """The installed mods a new match of this mode plays with, as a record names them."""
    from game.engine.modes import get_mode

    spec = get_mode(mode_id)
    if spec is None or not spec.resource_files:
        return []
    try:
        resources = load_mode_resources(spec)
    except ResourceError:  # broken base files: building the match will say so
        return []
    return [ref.as_json() for ref in resources.mod_refs]


def validate_mod_folder(specs: Sequence[ModeSpec], mod_dir: Path,
                        bases: Mapping[str, ResourceSet] | None = None) -> list[ResourceProblem]:
    """Every problem of one mod folder, against each mode's base resources (`bases` by mode
    id when already loaded: then only those modes are checked)."""
    problems: list[ResourceProblem] = []
    id_problem = mod_id_problem(mod_dir.name)
    if id_problem is not None:
        problems.append(ResourceProblem(str(mod_dir), "", id_problem))
    modes = {s.id for s in specs}
    for child in mods_in(mod_dir):
        if child.name not in modes:
            problems.append(ResourceProblem(str(child), "", "not a mode folder "
                                            f"(modes: {', '.join(sorted(modes))})"))
    for spec in specs:
        if bases is not None and spec.id not in bases:
            continue
        base = bases[spec.id] if bases is not None else load_base(spec)
        _, mod_problems = overlay_mod(spec, base, mod_dir)
        problems.extend(mod_problems)
    return problems
