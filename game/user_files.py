"""Reading the player's own files (settings, high scores, the opened-replays list): one reader,
one rule for a damaged file (docs/saves.md "Damaged files are kept, never deleted").

Every such file goes through the record reader's bounds (`record.load_json_file`: a regular
file, a size cap, plain JSON nested at most MAX_DEPTH levels) and then its own schema (`parse`,
which raises ValueError naming what is wrong). A missing file is the defaults, silently. A file
that cannot be read (permissions, a home that is a file) is left where it is and said. A
damaged one (a FIFO, a link to /dev/zero, too large, not JSON, too deep, a bad value) is moved
aside (`paths.move_aside`, never over an older copy) and said; the game goes on with defaults.
Arcade-free: the caller shows the notice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from game import paths

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_USER_FILE_BYTES = 1 << 20  # a settings file is 200 bytes, a full score table 20 kB


@dataclass(frozen=True)
class UserFile(Generic[T]):
    """What reading a user file gave: its value (None: use the defaults) and, when something
    went wrong, `reason` (the fault, for the player; the path is `path`): `damaged` when the
    file itself is bad, and then `kept_as` where it was moved (None: it could not be)."""

    path: Path
    value: T | None
    reason: str | None = None
    damaged: bool = False
    kept_as: Path | None = None


def read_user_json(path: Path, parse: Callable[[Any], T],
                   limit: int = MAX_USER_FILE_BYTES) -> UserFile[T]:
    """The parsed value of a user file, or the defaults (value None) and why (see the module
    docstring); a damaged file is moved aside here."""
    from game.engine.record import RecordError, load_json_file

    try:
        data = load_json_file(path, limit)
    except FileNotFoundError:
        return UserFile(path, None)
    except OSError as exc:  # unreadable, or a home that is a file: left alone
        log.warning("cannot read %s: %s", path, exc)
        return UserFile(path, None, str(exc.strerror or exc))
    except RecordError as exc:
        return _set_aside(path, str(exc).removeprefix(f"{path}: "))
    try:
        return UserFile(path, parse(data))
    except (ValueError, TypeError) as exc:  # pydantic's ValidationError is a ValueError
        return _set_aside(path, str(exc))


def _set_aside(path: Path, reason: str) -> UserFile[Any]:
    log.warning("damaged user file %s (%s)", path, reason)
    try:
        kept: Path | None = paths.move_aside(path)
    except OSError as exc:
        log.warning("could not move %s aside: %s", path, exc)
        kept = None
    return UserFile(path, None, reason, True, kept)
