"""Where Tabula finds its shipped resources and keeps its user files.

Resources are found in two places because hatchling force-includes `resources/` into the wheel
as `game/resources`, while a checkout or an editable install keeps it at the repository root.
User files (settings, saves, mods, high scores) live in the platformdirs user dirs; the
`TABULA_HOME` environment variable moves all of them under one folder (tests and portable
installs use it).

Only playing touches the player's files. `temporary_home()` points settings, saves and scores
at a throw-away folder for a command (bench, shot, simulate) and every process it spawns (the
environment is inherited), while `TABULA_MODS_DIR` keeps the player's mods readable there.
Asking for a path never creates a folder: a writer creates what it writes into
(`record.atomic_write_text`), so `tabula replay` runs with a home that is a file or read-only.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib.resources import files
from pathlib import Path

import platformdirs

APP_NAME = "tabula"
HOME_ENV = "TABULA_HOME"
MODS_ENV = "TABULA_MODS_DIR"  # the player's mods folder, kept while TABULA_HOME is temporary


@cache
def resources_dir() -> Path:
    """The folder holding `<mode>/*.toml`, in an installed wheel or in a checkout."""
    installed = files("game") / "resources"
    if installed.is_dir():
        return Path(str(installed))
    checkout = Path(__file__).resolve().parent.parent / "resources"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError("Tabula's resources/ folder was not found next to the game package")


def _home_override() -> Path | None:
    home = os.environ.get(HOME_ENV)
    return Path(home) if home else None


def user_data_dir() -> Path:
    """Saves, mods and high scores (not created here: see the module docstring)."""
    home = _home_override()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_config_dir() -> Path:
    """Settings (not created here)."""
    home = _home_override()
    if home:
        return home / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """One match record per mode (game.scenes.saves); not created here."""
    return user_data_dir() / "saves"


def mods_dir() -> Path:
    """The player's installed mods: read even while a command runs in a temporary home."""
    kept = os.environ.get(MODS_ENV)
    return Path(kept) if kept else user_data_dir() / "mods"


@contextmanager
def temporary_home() -> Iterator[Path]:
    """Run a command against a fresh, empty home that is deleted afterwards.

    Settings, saves, scores and replays written meanwhile land in the temporary folder, for
    this process and the ones it spawns; the player's mods folder stays where it was (read
    only). Nested uses keep the outer mods folder.
    """
    saved = {name: os.environ.get(name) for name in (HOME_ENV, MODS_ENV)}
    real_mods = mods_dir()
    with tempfile.TemporaryDirectory(prefix="tabula-home-") as temp:
        os.environ[MODS_ENV] = str(real_mods)
        os.environ[HOME_ENV] = temp
        try:
            yield Path(temp)
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def move_aside(path: Path, suffix: str = ".bak") -> Path:
    """Rename a damaged user file next to itself (`x.json.bak`, then `x.json.bak2`, ...) so it
    is kept, never overwritten or deleted; returns the new path (OSError if it cannot move)."""
    target = path.with_name(path.name + suffix)
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}{suffix}{n}")
        n += 1
    os.replace(path, target)
    return target


def home_problem() -> str | None:
    """Why the user folders cannot be written (a message for the player), or None if they can.

    Checked once when the game starts, so a home that is a file or read-only is reported
    instead of failing later at the first save."""
    for folder in (user_data_dir(), user_config_dir()):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=folder):
                pass
        except OSError as exc:
            return (f"Tabula cannot write to {folder} ({exc.strerror or exc}): settings, saves "
                    "and scores will not be kept.")
    return None
