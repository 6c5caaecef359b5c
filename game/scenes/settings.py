"""Player settings: animation speed, sound, fullscreen, the crawl Hint's CPU level, the
colour palette and the UI scale.

Stored as JSON in the user config dir (paths.user_config_dir()/settings.json). Every change is
saved at once and atomically (temp file + os.replace), so a crash never leaves half a file. A
file that cannot be read is not fatal: it is moved aside as settings.json.bak (never over an
older one: paths.move_aside), the defaults are used, and `load_error` carries a message the app shows as a toast.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator

from game import paths
from game.engine.record import atomic_write_text

log = logging.getLogger(__name__)

AnimationSpeed = Literal["slow", "normal", "fast", "instant"]
ANIMATION_SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")
# How much faster than "normal" each speed plays (the specs' 0.5x / 1x / 2x / instant).
SPEED_FACTORS: dict[str, float] = {"slow": 0.5, "normal": 1.0, "fast": 2.0, "instant": 0.0}
# Level names offered for the Hint when the crawl mode is not registered (crawl spec 7).
DEFAULT_HINT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

# The UI scale's steps (game.scenes.scale): the Settings screen offers exactly these.
UI_SCALES: tuple[float, ...] = (0.75, 1.0, 1.25, 1.5, 1.75, 2.0)

SETTINGS_FILE = "settings.json"


def settings_path() -> Path:
    """Where settings live now (read each time: tests move TABULA_HOME per test)."""
    return paths.user_config_dir() / SETTINGS_FILE


class Settings(BaseModel):
    """What the player chose in the Settings screen; unknown keys in the file are ignored."""

    model_config = ConfigDict(validate_assignment=True, extra="ignore")

    animation_speed: AnimationSpeed = "normal"
    sound_on: bool = True
    volume: float = Field(default=0.8, ge=0.0, le=1.0)
    fullscreen: bool = False
    hint_level: str = Field(default="hard", min_length=1)
    # "colour-blind": seats, elements and HP bars told apart by more than hue (palette.py)
    palette: Literal["standard", "colour-blind"] = "standard"
    # every screen lays out in pixels of this size (game.scenes.scale); one of UI_SCALES
    ui_scale: float = 1.0

    # Set by load() when the file on disk was unreadable; never written back.
    _load_error: str | None = PrivateAttr(default=None)

    @field_validator("ui_scale", mode="before")
    @classmethod
    def _one_of_the_steps(cls, value: object) -> float:
        steps = ", ".join(f"{v:g}" for v in UI_SCALES)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"must be a number, one of {steps}")
        if float(value) not in UI_SCALES:
            raise ValueError(f"must be one of {steps}, not {value:g}")
        return float(value)

    @property
    def load_error(self) -> str | None:
        """A message for the player when load() fell back to defaults, else None."""
        return self._load_error

    @property
    def speed_factor(self) -> float:
        """Multiplier for animation dt; 0.0 means instant."""
        return SPEED_FACTORS[self.animation_speed]

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read the settings file; a missing file gives defaults, a corrupt one is kept aside."""
        path = path or settings_path()
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return cls()
        except OSError as exc:  # unreadable, or TABULA_HOME is a file
            log.warning("cannot read %s: %s", path, exc)
            settings = cls()
            settings._load_error = (
                f"Settings could not be read ({exc.strerror or exc}); using defaults."
            )
            return settings
        try:
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict):
                raise ValueError("the file does not hold a JSON object")
            return cls.model_validate(data)
        except (ValueError, RecursionError) as exc:
            # Not UTF-8 (UnicodeDecodeError), not JSON, nested too deep, or invalid values
            # (pydantic's ValidationError is a ValueError too): all mean a corrupt file.
            log.warning("corrupt settings file %s (%s)", path, type(exc).__name__)
            settings = cls()
            where = f"Settings file {path} was corrupt"
            if isinstance(exc, ValidationError):  # name the keys: the player can fix them
                keys = "; ".join(
                    f"{'.'.join(str(p) for p in err['loc'])}: {_reason(err)}"
                    for err in exc.errors()
                )
                where = f"{where} ({keys})"
            try:
                backup = paths.move_aside(path)
            except OSError as move_exc:
                log.warning("could not move %s aside: %s", path, move_exc)
                settings._load_error = f"{where}; using defaults."
            else:
                settings._load_error = (
                    f"{where}; defaults restored (old file kept as "
                    f"{backup.name})."
                )
            return settings

    def save(self, path: Path | None = None) -> None:
        """Write atomically (a temp file in the same folder, then os.replace over the old one)."""
        text = json.dumps(self.model_dump(), indent=2, sort_keys=True) + "\n"
        atomic_write_text(path or settings_path(), text)

    def updated(self, **changes: object) -> Settings:
        """Apply validated changes in place and save; returns self for chaining."""
        for name, value in changes.items():
            setattr(self, name, value)
        self.save()
        return self


def _reason(error: object) -> str:
    """A validation error's message without pydantic's "Value error, " prefix."""
    message = str(error["msg"])  # type: ignore[index]
    return message.removeprefix("Value error, ")
