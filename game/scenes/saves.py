"""Save slots: one match record per mode, `saves_dir()/<mode>.json` (docs/saves.md).

A slot is replaced only by saving another match of its mode (the menu asks before a new match
is started over a save), and a finished match empties the slot only when the slot holds that
same match (`same_match`): finishing one match never deletes the save of another. A slot that
cannot be loaded (corrupt, or written by a newer Tabula) is renamed aside, never deleted, and
the reason is kept for the menu to show.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import paths

log = logging.getLogger(__name__)

# The fields that make two records the same match (everything but the decisions).
MATCH_FIELDS = ("mode", "rules", "seed", "options", "setup")


def same_match(saved: dict[str, Any], record: dict[str, Any]) -> bool:
    """True when `record` is `saved` played on: the same deal and options, and the saved
    decisions are the first decisions of `record` (or all of them)."""
    if any(saved.get(name) != record.get(name) for name in MATCH_FIELDS):
        return False
    before, after = saved.get("decisions") or [], record.get("decisions") or []
    return len(before) <= len(after) and after[: len(before)] == before


@dataclass(frozen=True)
class SlotProblem:
    """A slot that could not be loaded: why, and where the file was kept."""

    mode: str
    reason: str
    kept_as: Path | None

    def __str__(self) -> str:
        where = f"kept as {self.kept_as.name}" if self.kept_as else "left in place"
        return f"{self.mode}: {self.reason} ({where})"


class SaveSlots:
    """Reads, writes and retires the per-mode slots; every failure is an answer, not a crash."""

    def path(self, mode_id: str) -> Path:
        return paths.saves_dir() / f"{mode_id}.json"

    def exists(self, mode_id: str) -> bool:
        return self.path(mode_id).is_file()

    def read(self, mode_id: str) -> dict[str, Any]:
        """The slot's record; RecordError (or OSError) says why it cannot be read."""
        from game.engine.record import RecordError, load_record

        path = self.path(mode_id)
        try:
            return load_record(path)
        except (RecordError, OSError):
            raise
        except Exception as exc:  # a crafted file must never take the menu down
            raise RecordError(f"{path}: {type(exc).__name__}: {exc}") from None

    def peek(self, mode_id: str) -> dict[str, Any] | None:
        """The slot's record, or None when it is missing or unreadable (no side effect)."""
        if not self.exists(mode_id):
            return None
        try:
            return self.read(mode_id)
        except Exception:
            return None

    def write(self, mode_id: str, record: dict[str, Any]) -> Path:
        from game.engine.record import save_record

        path = self.path(mode_id)
        save_record(path, record)
        return path

    def holds(self, record: dict[str, Any], exactly: bool = False) -> bool:
        """Does the slot of the record's mode hold this match (`exactly`: up to its last
        decision, i.e. nothing played since was left unsaved)?"""
        saved = self.peek(str(record.get("mode", "")))
        if saved is None or not same_match(saved, record):
            return False
        return not exactly or len(saved["decisions"]) == len(record.get("decisions") or [])

    def forget(self, mode_id: str) -> None:
        self.path(mode_id).unlink(missing_ok=True)

    def forget_match(self, record: dict[str, Any]) -> bool:
        """Empty the slot if it holds this (finished) match; another match's save stays."""
        mode_id = str(record.get("mode", ""))
        if not mode_id or not self.holds(record):
            return False
        self.forget(mode_id)
        return True

    def retire(self, mode_id: str, reason: str) -> SlotProblem:
        """Rename an unloadable slot aside (`<mode>.json.bak`, never over an older one)."""
        path = self.path(mode_id)
        prefix = f"{path}: "
        reason = reason[len(prefix):] if reason.startswith(prefix) else reason
        kept: Path | None
        try:
            kept = paths.move_aside(path)
        except OSError as exc:
            log.warning("could not move %s aside: %s", path, exc)
            kept = None
        log.warning("save slot %s unloadable (%s); kept as %s", path, reason, kept)
        return SlotProblem(mode_id, reason, kept)

    def check(self, mode_id: str) -> SlotProblem | None:
        """Load the slot; if it cannot be loaded, retire it and say why. A temp file that a
        killed save left beside the slot is removed first (the save itself was kept whole)."""
        from game.engine.record import remove_stale_temps

        remove_stale_temps(self.path(mode_id))
        if not self.exists(mode_id):
            return None
        try:
            self.read(mode_id)
        except Exception as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            return self.retire(mode_id, reason)
        return None
