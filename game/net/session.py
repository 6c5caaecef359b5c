"""A host's session on disk (docs/network.md "Reconnecting, quitting and resuming"): a JSON
snapshot (`host-<mode>.json`: the record, the seat tokens, the claimed seats, the spectator
setting) and beside it an append-only log (`host-<mode>.json.log`) of what happened since the
snapshot, one JSON line each: `{"n": N, "decision": {...}}` for decision N, `{"claimed":
[...]}` when a seat is claimed.

Why a log: rewriting and fsyncing the whole record after every decision cost the host
3.7 ms at decision 10 and 15.7 ms at decision 300; appending one line costs a fraction of a
millisecond whatever the match's length. The snapshot is rewritten (the log folded in, then
emptied) when the host starts and when it stops, so the log stays short.

Durability, in the order the host takes a decision: the line is written to the log (the
kernel holds it: a killed or crashed host process loses nothing), the update is broadcast,
then the log is fsynced (past a power loss the decision is on disk too). A line that cannot
be written (a full disk) un-does the decision before anyone is told of it. Reading it back
takes every whole line in order; a torn last line (a write cut by a power loss) is dropped.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from game.engine.record import (
    RecordError,
    atomic_write_text,
    json_text,
    parse_record_json,
    read_record_text,
)

log = logging.getLogger(__name__)

MAX_LOG_BYTES = 64 * 1024 * 1024  # far past any match (a decision's line is ~100 bytes)


class SessionWriteError(OSError):
    """The session could not be written (the message names the file and the reason)."""


def log_path(path: Path) -> Path:
    return path.with_name(path.name + ".log")


def read_log(path: Path, decisions: int) -> tuple[list[dict[str, Any]], list[bool] | None]:
    """The decisions logged after the snapshot's `decisions` ones, and the last claimed seats
    logged (None: none). Lines of decisions the snapshot holds already (a stop cut between
    the snapshot and emptying the log) are skipped; a torn or unreadable line ends the log."""
    target = log_path(path)
    if not target.exists():
        return [], None
    try:
        text = read_record_text(target, MAX_LOG_BYTES)
    except RecordError as exc:
        raise RecordError(f"{target}: {str(exc).removeprefix(f'{target}: ')}") from None
    found: list[dict[str, Any]] = []
    claimed: list[bool] | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if not line:
            continue
        try:
            entry = parse_record_json(line)
        except RecordError:
            log.warning("%s:%d: not a whole line (a cut write): the log ends there",
                        target, number)
            break
        if isinstance(entry, dict) and isinstance(entry.get("claimed"), list):
            claimed = [c is True for c in entry["claimed"]]
        elif isinstance(entry, dict) and isinstance(entry.get("decision"), dict) \
                and isinstance(entry.get("n"), int):
            n = entry["n"]
            if n < decisions + len(found):
                continue
            if n > decisions + len(found):
                raise RecordError(f"{target}:{number}: n: decision {n} follows decision "
                                  f"{decisions + len(found) - 1}")
            found.append(entry["decision"])
        else:
            raise RecordError(f"{target}:{number}: not a session log line")
    return found, claimed


class SessionLog:
    """The host's writer of one session: `snapshot` (atomic, whole), `append` (one line,
    written at once), `sync` (fsync of what was appended). Every failure is a
    SessionWriteError naming the file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.log_path = log_path(path)
        self._fd: int | None = None
        self._unsynced = False

    def snapshot(self, session: dict[str, Any]) -> None:
        """Write the whole session, then empty the log (its lines are in the snapshot)."""
        self.close()
        try:
            atomic_write_text(self.path, json_text(session, indent=1) + "\n")
            self._fd = os.open(self.log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC
                               | os.O_APPEND, 0o600)
        except OSError as exc:
            raise SessionWriteError(f"{exc.filename or self.path}: cannot write: "
                                    f"{exc.strerror or exc}") from None

    def append(self, entry: dict[str, Any]) -> None:
        if self._fd is None:
            raise SessionWriteError(f"{self.log_path}: not open")
        data = (json.dumps(entry, ensure_ascii=True, separators=(",", ":")) + "\n").encode()
        start = None
        try:
            start = os.lseek(self._fd, 0, os.SEEK_END)
            written = os.write(self._fd, data)
            if written != len(data):  # a full disk takes part of it: the line is cut
                raise OSError(28, "No space left on device (a part of the line written)")
        except OSError as exc:
            if start is not None:  # no torn line left for the next one to follow
                try:
                    os.ftruncate(self._fd, start)
                except OSError:
                    pass
            raise SessionWriteError(f"{self.log_path}: cannot write: "
                                    f"{exc.strerror or exc}") from None
        self._unsynced = True

    def sync(self) -> None:
        if self._fd is None or not self._unsynced:
            return
        try:
            os.fsync(self._fd)
        except OSError as exc:
            raise SessionWriteError(f"{self.log_path}: cannot sync: "
                                    f"{exc.strerror or exc}") from None
        self._unsynced = False

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                os.close(fd)
            except OSError:
                pass
