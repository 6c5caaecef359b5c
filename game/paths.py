"""Where Tabula finds its shipped resources and keeps its user files.

Resources are found in two places because hatchling force-includes `resources/` into the wheel
as `game/resources`, while a checkout or an editable install keeps it at the repository root.
User files (settings, saves, mods, high scores) live in the platformdirs user dirs; the
`TABULA_HOME` environment variable moves all of them under one folder (tests and portable
installs use it).
"""

from __future__ import annotations

import os
from functools import cache
from importlib.resources import files
from pathlib import Path

import platformdirs

APP_NAME = "tabula"


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
    home = os.environ.get("TABULA_HOME")
    return Path(home) if home else None


def user_data_dir() -> Path:
    """Saves, mods and high scores."""
    home = _home_override()
    path = home / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_dir() -> Path:
    """Settings."""
    home = _home_override()
    path = home / "config" if home else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = user_data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def mods_dir() -> Path:
    return user_data_dir() / "mods"
