"""Where the Replays list finds its records (docs/replays.md): the save slots, the finished
matches, and the files opened with `tabula play --replay FILE`.

- saves: `saves_dir()/<mode>.json`, the one slot per mode (docs/saves.md);
- finished matches: `replays_dir()/*.json`. A match that ends is kept there as
  `finished-<mode>-<seed>-<hash>.json` (`keep_finished`, called by `App.finish_match`), the newest
  KEEP_FINISHED of them; the end screens' *Save replay* writes its own copy there too, kept
  until the player deletes it. The list shows one line per distinct record (`record_key`);
- opened files: the paths `tabula play --replay FILE` opened, newest first, in
  `<data dir>/replays_opened.json` (at most KEEP_OPENED; a file that went away drops out).
  It is read through the bounded user-file reader (game.user_files): a damaged list (a FIFO,
  too large or deep, not a list of paths) is kept aside as `.bak` and said.

Arcade-free, and it never raises on a damaged file: an unreadable entry is listed with its
reason, so the player sees it instead of a crash.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import paths
from game.i18n import _

log = logging.getLogger(__name__)

KEEP_FINISHED = 50
KEEP_OPENED = 20
FINISHED_PREFIX = "finished-"


def replays_dir() -> Path:
    """Finished matches and saved replays (not created here)."""
    return paths.user_data_dir() / "replays"


def opened_list_path() -> Path:
    return paths.user_data_dir() / "replays_opened.json"


def record_key(record: dict[str, Any]) -> str:
    """What makes two records the same match played to the same point (16 hex digits)."""
    fields = {k: record.get(k) for k in ("mode", "rules", "seed", "options", "setup",
                                         "decisions", "mods")}
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class RecordEntry:
    """One record the Replays list may show: where it is, what kind, and (once read) the
    record itself or why it cannot be read."""

    path: Path
    kind: str  # "save", "finished", "opened"
    mtime: float
    record: dict[str, Any] | None = None
    problem: str | None = None

    def load(self) -> dict[str, Any] | None:
        """Read the record (once); None with `problem` set when it cannot be loaded."""
        if self.record is None and self.problem is None:
            from game.engine.record import load_record

            try:
                self.record = load_record(self.path)
            except Exception as exc:  # noqa: BLE001 - a damaged file is a line, not a crash
                self.problem = str(exc)
        return self.record


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _json_files(folder: Path) -> list[Path]:
    try:
        return [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return []


MAX_OPENED_PATH = 4096  # characters of one remembered path


def _opened_list(data: Any) -> list[str]:
    """The paths of the opened list's JSON value; ValueError names what is wrong."""
    if not isinstance(data, list):
        raise ValueError("the file does not hold a list of paths")
    for index, item in enumerate(data[:KEEP_OPENED]):
        if not isinstance(item, str) or not 0 < len(item) <= MAX_OPENED_PATH or "\0" in item:
            raise ValueError(f"entry {index}: not a file path")
    return list(data[:KEEP_OPENED])


def read_opened() -> tuple[list[Path], str | None]:
    """The files `tabula play --replay` opened, newest first (missing ones left out), and a
    notice when the list itself was damaged (then kept aside, game.user_files) or unreadable."""
    from game.user_files import read_user_json

    read = read_user_json(opened_list_path(), _opened_list)
    notice = None
    if read.damaged and read.kept_as is not None:
        notice = _("The list of opened replays was damaged ({problem}); it was kept as {kept} "
                   "and starts empty.").format(problem=read.reason, kept=read.kept_as.name)
    elif read.damaged:
        notice = _("The list of opened replays was damaged ({problem}); it could not be moved "
                   "aside and starts empty.").format(problem=read.reason)
    elif read.reason is not None:
        notice = _("The list of opened replays could not be read ({problem}).").format(
            problem=read.reason)
    found = []
    for text in read.value or []:
        with _suppress_oserror():
            if Path(text).is_file():
                found.append(Path(text))
    return found, notice


def opened_paths() -> list[Path]:
    """The files `tabula play --replay` opened, newest first (missing ones left out)."""
    return read_opened()[0]


def remember_opened(path: Path) -> str | None:
    """Put `path` first in the opened list (a failed write only loses the list line); the
    notice of a damaged list that was set aside on the way, else None."""
    from game.engine.record import atomic_write_text

    path = Path(path).resolve()
    listed, notice = read_opened()
    kept = [str(path)] + [str(p) for p in listed if p.resolve() != path]
    try:
        atomic_write_text(opened_list_path(), json.dumps(kept[:KEEP_OPENED], indent=1) + "\n")
    except OSError as exc:
        log.warning("could not remember the opened replay %s: %s", path, exc)
    return notice


class _suppress_oserror:
    """A remembered path that cannot even be looked at (too long for the system) is gone."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> bool:
        return exc_type is not None and issubclass(exc_type, (OSError, ValueError))


def finished_path(record: dict[str, Any]) -> Path:
    """Where `keep_finished` keeps a finished match (one file per distinct record)."""
    name = f"{FINISHED_PREFIX}{record.get('mode')}-{record.get('seed')}-{record_key(record)}.json"
    return replays_dir() / name


def keep_finished(record: dict[str, Any]) -> Path:
    """Keep a finished match in the replays folder (once per record, written atomically and
    fsync'd), then drop the oldest kept ones beyond KEEP_FINISHED; the path it is kept at.
    OSError when it could not be written (a full or read-only disk, a `replays` that is a
    file): the caller keeps the match's save then (App.finish_match)."""
    from game.engine.record import save_record

    path = finished_path(record)
    if not path.is_file():
        save_record(path, record)
    try:
        kept = sorted((p for p in _json_files(path.parent) if p.name.startswith(FINISHED_PREFIX)),
                      key=_mtime, reverse=True)
        for old in kept[KEEP_FINISHED:]:
            old.unlink(missing_ok=True)
    except OSError as exc:  # the match is kept; only the tidying failed
        log.warning("could not drop old finished matches in %s: %s", path.parent, exc)
    return path


def entries(mode_ids: list[str]) -> list[RecordEntry]:
    """Every record to list: the saves (menu order), then finished and opened records, newest
    first. Records are not read here (the list reads them one per frame). A damaged opened
    list is set aside and listed as a line with its notice."""
    found: list[RecordEntry] = []
    for mode_id in mode_ids:
        path = paths.saves_dir() / f"{mode_id}.json"
        if path.is_file():
            found.append(RecordEntry(path, "save", _mtime(path)))
    others = [RecordEntry(p, "finished", _mtime(p)) for p in _json_files(replays_dir())]
    seen = {e.path.resolve() for e in others}
    opened, notice = read_opened()
    others += [RecordEntry(p, "opened", _mtime(p)) for p in opened if p.resolve() not in seen]
    if notice is not None:  # the damaged list itself is a line, with why
        others.append(RecordEntry(opened_list_path(), "opened", time.time(), problem=notice))
    others.sort(key=lambda e: e.mtime, reverse=True)
    return found + others


def distinct(listed: list[RecordEntry]) -> list[RecordEntry]:
    """The loaded entries with one line per record (`record_key`), first one kept; entries
    that could not be read stay (with their problem)."""
    keys: set[str] = set()
    out = []
    for entry in listed:
        if entry.record is not None:
            key = record_key(entry.record)
            if key in keys:
                continue
            keys.add(key)
        out.append(entry)
    return out
