"""One game window owns a home's saves at a time (docs/saves.md "Two windows on one home").

Two windows on one home used to overwrite each other's saves without a word (each autosave
replaced the other's). The first window takes `<data dir>/tabula.lock`: an advisory lock held
by the open file (`fcntl.flock`, `msvcrt.locking` on Windows) with the owner's pid written in it
for the message. The system drops the lock when its process ends, however it ends (kill -9, a
crash), so a lock file left behind is stale by construction: the next window takes it and
writes its own pid. A second window finds the lock taken and opens read-only (App.read_only).

A process holds at most one home's lock: claiming another home (tests move TABULA_HOME per
test) lets the previous one go. Arcade-free.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from game import paths

LOCK_NAME = "tabula.lock"

_held: tuple[Path, int] | None = None  # (lock path, open fd) of the home this process owns


@dataclass(frozen=True)
class Claim:
    """The answer to "may this process write the home's saves?"."""

    owned: bool
    owner_pid: int | None = None  # the other window's pid, when known
    problem: str | None = None  # the lock could not even be tried (a home that is a file)

    def owner_words(self) -> str:
        who = f" (pid {self.owner_pid})" if self.owner_pid else ""
        return f"Another Tabula window{who} is using this home's saves"


def lock_path() -> Path:
    return paths.user_data_dir() / LOCK_NAME


def claim() -> Claim:
    """Take this home's lock for the process (or keep it); `owned` False names the owner.

    A home whose lock file cannot be made (not writable) cannot hold saves either: that is
    `home_problem`'s to say, so the claim counts as owned, with the problem."""
    global _held
    path = lock_path()
    if _held is not None and _held[0] == path:
        return Claim(True)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        return Claim(True, problem=str(exc.strerror or exc))
    if not _try_lock(fd):
        pid = _read_pid(fd)
        os.close(fd)
        return Claim(False, pid)
    release()
    _held = (path, fd)
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:  # the lock holds all the same; only the message loses the pid
        pass
    return Claim(True)


def release() -> None:
    """Let this process's home lock go (at exit the system does it anyway)."""
    global _held
    if _held is None:
        return
    _, fd = _held
    _held = None
    try:
        os.close(fd)  # closing the file drops its lock
    except OSError:
        pass


def _read_pid(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True
