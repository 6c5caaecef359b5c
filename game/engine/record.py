"""Match records: one format for saves, replays, scenarios and bug reports (docs/architecture.md).

A record is `{"format", "mode", "rules", "seed", "options", "setup", "decisions"}`, and `mods`
when the match was played with mods. This module validates it (pydantic, with messages that
name the field), builds its match, replays its decisions, saves it atomically (temp file +
rename, so a crash mid-write leaves the old file) and hashes states stably. Extra keys (a
scenario's `expect`) are kept and ignored.

`mods` lists each applied mod as `{"id": <folder name>, "hash": <sha256 of its files>}`. A new
record (`new_record`) names the installed mods of its mode; a record without `mods` is played
with the base content only, even where mods are installed, so every record replays the same
everywhere, and a named mod that is missing or changed is a RecordError (docs/modding.md).

A record file is a crafted file as far as the program knows: it is read only if it is a regular
file of at most MAX_RECORD_BYTES, its JSON may nest at most MAX_DEPTH levels, every string must
be valid Unicode (a lone surrogate such as "\\ud800" is rejected with the field's path), and
NaN / Infinity and integers too long to convert are "not valid JSON". The writers (save_record,
state_hash) never fail on text either way.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
)

from game.engine.bounded import NotRegular, TooLarge, read_regular
from game.engine.events import Event
from game.engine.match import Match, Rejection, SetupError
from game.engine.resources import (
    MAX_MODS,
    ModMismatch,
    installed_mod_refs,
    load_record_mods,
    mod_id_problem,
)
from game.engine.rng import BadForced

FORMAT = 1
MAX_RECORD_BYTES = 16 * 1024 * 1024  # a record far longer than any match (a long one is ~1 MB)
MAX_DEPTH = 64  # JSON nesting levels; a State JSON setup nests about 8
STALE_TMP_SECONDS = 60.0  # an atomic write's temp file older than this was interrupted


class RecordError(ValueError):
    """A malformed record file: bad JSON, unknown mode, a missing or invalid field, a bad setup."""


class _ModRefModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: StrictStr
    hash: StrictStr

    @field_validator("id")
    @classmethod
    def _a_folder_name(cls, value: str) -> str:
        problem = mod_id_problem(value)
        if problem is not None:
            raise ValueError(problem)
        return value

    @field_validator("hash")
    @classmethod
    def _a_sha256(cls, value: str) -> str:
        if re.fullmatch(r"[0-9a-f]{64}", value) is None:
            raise ValueError("must be a sha256: 64 lowercase hex digits")
        return value


class _RecordModel(BaseModel):
    model_config = ConfigDict(extra="allow")

    format: StrictInt
    mode: StrictStr
    rules: StrictStr
    seed: StrictInt
    options: dict[str, Any] = {}
    setup: dict[str, Any] | None = None
    mods: list[_ModRefModel] | None = Field(default=None, max_length=MAX_MODS)
    decisions: list[Any]


def canonical_json(value: Any) -> str:
    """The one serialisation used for hashes and byte-for-byte comparisons."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def state_hash(state: dict[str, Any]) -> str:
    """A stable hash of a state JSON (sha256 of its canonical serialisation). Valid text hashes
    its UTF-8 bytes; a lone surrogate (never in a loaded record) hashes instead of raising."""
    return hashlib.sha256(canonical_json(state).encode("utf-8", "surrogatepass")).hexdigest()


def json_text(value: Any, indent: int | None = None) -> str:
    """JSON text any UTF-8 writer accepts: characters as themselves, but if some string is not
    valid Unicode (a lone surrogate) the whole text escapes non-ASCII as \\u, so the value is
    written, and read back, exactly instead of failing with UnicodeEncodeError."""
    text = json.dumps(value, ensure_ascii=False, indent=indent)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, ensure_ascii=True, indent=indent)
    return text


def _path_text(path: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in path) or "record"


def check_json_tree(data: Any, label: str = "record") -> None:
    """RecordError if `data` nests deeper than MAX_DEPTH or holds a string (value or key) that
    is not valid Unicode. Iterative, so a deep value cannot exhaust the stack here. Messages
    start with `label` (a record's "record: ", a user file's path added by its reader)."""
    head = f"{label}: " if label else ""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            if not value.isascii() and not _valid_text(value):
                raise RecordError(f"{head}{_path_text(path)}: not valid Unicode text "
                                  "(a lone surrogate escape such as \\ud800)")
            continue
        if not isinstance(value, (dict, list)):
            continue
        if len(path) >= MAX_DEPTH:
            raise RecordError(f"{head}{_path_text(path[:3])}: nested more than "
                              f"{MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and not key.isascii() and not _valid_text(key):
                    raise RecordError(f"{head}{_path_text(path)}: a key is not valid "
                                      "Unicode text (a lone surrogate escape such as \\ud800)")
                stack.append((item, (*path, key)))
        else:
            stack.extend((item, (*path, i)) for i, item in enumerate(value))


def _valid_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def new_record(
    mode: str,
    rules: str,
    seed: int,
    options: dict[str, Any] | None = None,
    setup: dict[str, Any] | None = None,
    decisions: list[dict[str, Any]] | None = None,
    mods: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """The record of a new match. `mods` None means the mods installed for `mode` (a new game
    plays with them); `[]` is the base content. No mods, no `mods` key."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "mode": mode,
        "rules": rules,
        "seed": seed,
        "options": dict(options or {}),
        "setup": setup,
    }
    refs = installed_mod_refs(mode) if mods is None else [dict(ref) for ref in mods]
    if refs:
        record["mods"] = refs
    record["decisions"] = list(decisions or [])
    return record


def validate_record(data: Any) -> dict[str, Any]:
    """A checked copy of a record, or RecordError naming the problem."""
    from game.engine.modes import get_mode, mode_ids

    if not isinstance(data, dict):
        raise RecordError("record: must be a JSON object")
    check_json_tree(data)
    if isinstance(data.get("format"), int) and not isinstance(data["format"], bool):
        if data["format"] > FORMAT:
            raise RecordError(
                f"record: format {data['format']} is newer than this Tabula reads ({FORMAT})"
            )
        if data["format"] < 1:
            raise RecordError(f"record: format {data['format']} is not a valid format")
    try:
        model = _RecordModel.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise RecordError(f"record: {where}: {err['msg']}") from None
    spec = get_mode(model.mode)
    if spec is None:
        known = ", ".join(mode_ids()) or "none installed"
        raise RecordError(f"record: mode: unknown mode {model.mode!r} (known: {known})")
    if not spec.plays_rules(model.rules):
        known = ", ".join(repr(v) for v in (spec.rules_version, *spec.older_rules))
        raise RecordError(
            f"record: rules: {model.mode} rules version {model.rules!r} is not one this "
            f"Tabula plays ({known})"
        )
    ai = model.options.get("ai", {})
    if not isinstance(ai, dict):
        raise RecordError("record: options.ai: must be an object of seat -> CPU level")
    seat_keys = {str(seat) for seat in range(spec.seats)}  # "1", never "01" or "¹"
    for seat, level in ai.items():
        if seat not in seat_keys:
            raise RecordError(f"record: options.ai.{seat}: no such seat in {spec.id}")
        if level not in spec.cpu_levels:
            levels = ", ".join(spec.cpu_levels)
            raise RecordError(f"record: options.ai.{seat}: unknown CPU level {level!r} ({levels})")
    from game.engine.undo import check_undo_option

    problem = check_undo_option(model.options)
    if problem:
        raise RecordError(f"record: options.{problem}")
    if spec.check_options is not None:
        problem = spec.check_options(model.options, model.seed)
        if problem:
            raise RecordError(f"record: options: {problem}")
    checked = model.model_dump()
    if checked.get("mods") is None:  # absent (or null): the base content
        checked.pop("mods", None)
    else:
        ids = [ref["id"] for ref in checked["mods"]]
        for index, mod_id in enumerate(ids):
            if mod_id in ids[:index]:
                raise RecordError(f"record: mods.{index}.id: mod {mod_id!r} is named twice")
    if spec.check_record is not None:
        problem = spec.check_record(checked)
        if problem:
            raise RecordError(f"record: {problem}")
    return checked


def read_record_text(path: Path, limit: int = MAX_RECORD_BYTES) -> str:
    """The text of a record file: a regular file (not a folder, FIFO or device such as
    /dev/zero, which would hang or exhaust memory) of at most `limit` bytes, UTF-8."""
    try:
        return _read_text(path, limit)
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _read_text(path: Path, limit: int) -> str:
    """`read_record_text` that lets an OSError of the open or read through (a user file tells
    a missing or unreadable file from a damaged one)."""
    try:
        raw = read_regular(path, limit)
    except NotRegular:
        raise RecordError(f"{path}: cannot read: not a regular file") from None
    except TooLarge as exc:
        held = f"{exc.size} bytes is more" if exc.size is not None else "more"
        raise RecordError(f"{path}: cannot read: {held} than a record may hold "
                          f"({limit} bytes)") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path}: not valid JSON (not UTF-8 text: {exc.reason} "
                          f"at byte {exc.start})") from None


def load_json_file(path: str | Path, limit: int = MAX_RECORD_BYTES) -> Any:
    """The JSON value of a file the player (or anyone) may have put there: the record reader's
    bounds without the record's schema (a regular file of at most `limit` bytes, UTF-8, plain
    JSON nested at most MAX_DEPTH levels, valid Unicode). A missing or unreadable file is the
    OSError of the open (FileNotFoundError, PermissionError...); anything else wrong with it
    is a RecordError naming the file. The caller checks the value's shape (its schema)."""
    path = Path(path)
    text = _read_text(path, limit)
    try:
        data = parse_record_json(text)
        check_json_tree(data, label="")
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_record_json(text: str) -> Any:
    """JSON text to a value; RecordError (without the file name) for anything not plain JSON:
    a syntax error, NaN / Infinity, an integer past Python's digit limit, or nesting so deep
    the parser gives up."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise RecordError(f"not valid JSON (nested more than {MAX_DEPTH} levels deep)") from None
    except ValueError as exc:  # NaN, Infinity, a number with thousands of digits
        raise RecordError(f"not valid JSON ({str(exc).split(';')[0]})") from None


def load_record(path: str | Path) -> dict[str, Any]:
    """Read and validate a record file (every problem is a RecordError naming the file)."""
    path = Path(path)
    text = read_record_text(path)
    try:
        return validate_record(parse_record_json(text))
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write a file so that a crash leaves either the old or the new content, never half: a
    temp file beside it, fsync'd, renamed over it, and the folder fsync'd. OSError (a full or
    read-only disk) leaves the old file and no temp file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with _suppress_oserror():
            os.unlink(tmp)
        raise
    _sync_folder(path.parent)
    remove_stale_temps(path)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (fsync of the folder), where the system allows it: only
    then may a caller delete what the new file replaces (a finished match's save)."""
    if os.name != "posix":
        return
    with _suppress_oserror():
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temps(path: str | Path, older_than: float = STALE_TMP_SECONDS) -> list[Path]:
    """Delete the temp files `atomic_write_text` left beside `path` when a write was killed
    (`.<name>.*.tmp`, older than `older_than` seconds, so another process's write in flight
    is left alone); the removed paths. Called after every atomic write, so the next save
    cleans up after an interrupted one."""
    path = Path(path)
    prefix, removed = f".{path.name}.", []
    cutoff = time.time() - older_than
    try:
        siblings = list(path.parent.iterdir())
    except OSError:
        return removed
    for sibling in siblings:
        name = sibling.name
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        with _suppress_oserror():
            if sibling.is_file() and sibling.stat().st_mtime < cutoff:
                sibling.unlink()
                removed.append(sibling)
    return removed


class _suppress_oserror:
    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> bool:
        return exc_type is not None and issubclass(exc_type, OSError)


def save_record(path: str | Path, record: dict[str, Any]) -> None:
    """Save a record atomically (temp file + rename); text that is not valid Unicode is
    written escaped (json_text), never an error."""
    atomic_write_text(path, json_text(record, indent=1) + "\n")


def build_match(record: dict[str, Any]) -> Match:
    """A match at the record's start (deal or setup), decisions not yet applied."""
    from game.engine.modes import get_mode

    spec = get_mode(record["mode"])
    if spec is None:
        raise RecordError(f"record: mode: unknown mode {record['mode']!r}")
    try:
        resources = load_record_mods(spec, record.get("mods") or [])
    except ModMismatch as exc:
        raise RecordError(f"record: mods: {exc}") from None
    try:
        return spec.create_match(record, resources)
    except SetupError as exc:
        raise RecordError(f"record: setup: {exc}") from None
    except BadForced as exc:
        raise RecordError(f"record: setup: bad_forced: {exc}") from None
    except ValidationError as exc:  # a mode that validates its setup with pydantic directly
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "setup"
        raise RecordError(f"record: setup: {where}: {err['msg']}") from None


@dataclass
class Replay:
    """The outcome of replaying a record: the match, events per decision, the stopping error."""

    match: Match
    events: list[list[Event]] = field(default_factory=list)
    rejected_index: int | None = None
    rejection: Rejection | None = None

    @property
    def ok(self) -> bool:
        return self.rejection is None


def replay(record: dict[str, Any], *, match: Match | None = None) -> Replay:
    """Apply every decision of a record; stop at the first rejection (docs/architecture.md).

    A forced value that does not fit its draw raises RecordError (a malformed record).
    """
    match = match or build_match(record)
    outcome = Replay(match)
    for index, decision in enumerate(record["decisions"]):
        try:
            result = match.submit(decision)
        except BadForced as exc:
            raise RecordError(f"record: setup: bad_forced: {exc}") from None
        if isinstance(result, Rejection):
            outcome.rejected_index = index
            outcome.rejection = result
            break
        outcome.events.append(result.events)
    return outcome


def match_record(match: Match) -> dict[str, Any]:
    """The record of a live match (for saves and `--out`): it replays to the same state, with
    the mods the match was built with."""
    refs = getattr(match.resources, "mod_refs", [])
    return new_record(
        match.rules.mode, match.rules.rules_version, match.seed, match.options, match.setup,
        match.decisions, [ref.as_json() for ref in refs],
    )
