"""The one way Tabula opens a file it did not write itself: a record, a mod file, a user file
(settings, high scores, the opened-replays list), a card's art, a `merge` input.

Such a file is crafted as far as the program knows. It is opened only if it is a regular file
(a FIFO would block the open or the read for ever, a device such as /dev/zero would fill the
memory, a folder cannot be read): `os.stat` follows a symlink to what it points at, the open
never blocks (O_NONBLOCK), and `fstat` on the open file checks again, so a file swapped for a
FIFO between the two is refused too. `read_regular` reads at most `limit` bytes, and a file
that grew past it since the stat is refused as well.

Errors are the caller's to word: `NotRegular` (with the kind of file found), `TooLarge` (with
the size when known), or the `OSError` of the open or read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO


class NotRegular(ValueError):
    """The path is a folder, a FIFO, a device or a socket: never opened, never read."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"not a regular file ({kind})")
        self.kind = kind


class TooLarge(ValueError):
    """The file holds more than the reader's limit (`size` None: it grew while read)."""

    def __init__(self, size: int | None, limit: int) -> None:
        super().__init__(f"larger than {limit} bytes")
        self.size, self.limit = size, limit


def kind_of(mode: int) -> str:
    """What a non-regular file is, in a player's words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def open_regular(path: str | Path, limit: int | None = None) -> BinaryIO:
    """A regular file opened for binary reading (NotRegular, TooLarge past `limit`, OSError)."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise NotRegular(kind_of(info.st_mode))
    if limit is not None and info.st_size > limit:
        raise TooLarge(info.st_size, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # swapped since the stat
            raise NotRegular(kind_of(mode))
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes (NotRegular, TooLarge, OSError)."""
    with open_regular(path, limit) as handle:
        raw = handle.read(limit + 1)
    if len(raw) > limit:  # it grew after the stat
        raise TooLarge(None, limit)
    return raw
