"""Player settings: animation speed, sound, fullscreen, the crawl Hint's CPU level, the
colour palette, the UI scale and the language.

Stored as JSON in the user config dir (paths.user_config_dir()/settings.json). Every change is
saved at once and atomically (temp file + os.replace), so a crash never leaves half a file. It
is read through the bounded user-file reader (game.user_files: a regular file of at most
MAX_SETTINGS_BYTES, plain JSON, then this schema). A damaged file is not fatal: it is moved
aside as settings.json.bak (never over an older one: paths.move_aside), the defaults are used,
and `load_error` carries a message the app shows as a toast, in the language the settings
chose (its text is built when it is asked for, after the language is applied).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator

from game import paths
from game.engine.record import atomic_write_text
from game.i18n import ENGLISH, LANGUAGES, N_, _
from game.user_files import read_user_json

AnimationSpeed = Literal["slow", "normal", "fast", "instant"]
ANIMATION_SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")
# How much faster than "normal" each speed plays (the specs' 0.5x / 1x / 2x / instant).
SPEED_FACTORS: dict[str, float] = {"slow": 0.5, "normal": 1.0, "fast": 2.0, "instant": 0.0}
# Level names offered for the Hint when the crawl mode is not registered (crawl spec 7).
DEFAULT_HINT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

# The UI scale's steps (game.scenes.scale): the Settings screen offers exactly these.
UI_SCALES: tuple[float, ...] = (0.75, 1.0, 1.25, 1.5, 1.75, 2.0)

SETTINGS_FILE = "settings.json"
UNREADABLE = N_("Settings could not be read ({problem}); using defaults.")
CORRUPT_KEPT = N_("Settings file {path} was corrupt ({problem}); defaults restored (old file "
                  "kept as {kept}).")
CORRUPT = N_("Settings file {path} was corrupt ({problem}); using defaults.")
MAX_SETTINGS_BYTES = 64 * 1024  # a settings file is about 200 bytes


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
    # the menu offered Learn to play once, on the first launch (game.scenes.menu)
    tutorials_offered: bool = False
    # the language every screen shows (game.i18n: a code of LANGUAGES, "en" or "pt_BR")
    language: str = ENGLISH

    # Set by load() when the file on disk was unreadable: a message and its fields; never
    # written back.
    _load_problem: tuple[str, dict[str, str]] | None = PrivateAttr(default=None)

    @field_validator("ui_scale", mode="before")
    @classmethod
    def _one_of_the_steps(cls, value: object) -> float:
        steps = ", ".join(f"{v:g}" for v in UI_SCALES)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"must be a number, one of {steps}")
        if float(value) not in UI_SCALES:
            raise ValueError(f"must be one of {steps}, not {value:g}")
        return float(value)

    @field_validator("language", mode="before")
    @classmethod
    def _offered_language(cls, value: object) -> str:
        if value not in LANGUAGES:
            raise ValueError(f"must be one of {', '.join(LANGUAGES)}, not {value!r}")
        return str(value)

    @property
    def load_error(self) -> str | None:
        """A message for the player when load() fell back to defaults, else None (the file
        and the key at fault named; the sentence in the current language)."""
        if self._load_problem is None:
            return None
        message, fields = self._load_problem
        return _(message).format(**fields)

    @property
    def speed_factor(self) -> float:
        """Multiplier for animation dt; 0.0 means instant."""
        return SPEED_FACTORS[self.animation_speed]

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read the settings file through the bounded user-file reader (game.user_files): a
        missing file gives defaults, an unreadable one defaults and a message, a damaged one
        (a FIFO, /dev/zero, too large, not JSON, too deep, bad values) is kept aside."""
        path = path or settings_path()
        read = read_user_json(path, cls._from_json, MAX_SETTINGS_BYTES)
        settings = read.value if read.value is not None else cls()
        if read.reason is None:
            return settings
        fields = {"path": str(path), "problem": read.reason}
        if not read.damaged:
            settings._load_problem = (UNREADABLE, fields)
        elif read.kept_as is not None:
            settings._load_problem = (CORRUPT_KEPT, {**fields, "kept": read.kept_as.name})
        else:
            settings._load_problem = (CORRUPT, fields)
        return settings

    @classmethod
    def _from_json(cls, data: object) -> Settings:
        """The settings of a file's JSON value; ValueError names the keys at fault."""
        if not isinstance(data, dict):
            raise ValueError("the file does not hold a JSON object")
        try:
            return cls.model_validate(data)
        except ValidationError as exc:  # name the keys: the player can fix them
            raise ValueError("; ".join(f"{'.'.join(str(p) for p in err['loc'])}: {_reason(err)}"
                                       for err in exc.errors())) from None

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
