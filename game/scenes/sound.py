"""The Sounds facade: scenes ask for a sound by name and never have to handle a failure.

Only WAV decodes without FFmpeg, a machine may have no audio device, and a missing
file must not end a match, so every call here swallows errors: a sound that cannot load is
cached as None and stays silent. When sound is off nothing is loaded at all. The volume comes
from the settings at play time, so a change in the Settings screen applies to the next sound.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import arcade

from game.scenes.settings import Settings

log = logging.getLogger(__name__)

# Names shared by the menus and widgets; games may pass any ":resources:sounds/*.wav" path too.
SOUND_FILES: dict[str, str] = {
    "click": ":resources:sounds/coin1.wav",
    "reject": ":resources:sounds/error2.wav",
    "confirm": ":resources:sounds/upgrade1.wav",
    "open": ":resources:sounds/phaseJump1.wav",
}


class Sounds:
    """Plays short built-in WAVs; every method is safe to call whatever the machine has."""

    def __init__(self, settings: Settings | Callable[[], Settings]) -> None:
        # A callable lets the app swap its Settings object without rebuilding the facade.
        self._settings = settings if callable(settings) else (lambda: settings)
        self._cache: dict[str, arcade.Sound | None] = {}

    @property
    def settings(self) -> Settings:
        return self._settings()

    def resolve(self, name: str) -> str:
        """A logical name ("click") or a resource path/file name, as a path string."""
        return SOUND_FILES.get(name, name)

    def get(self, name: str) -> arcade.Sound | None:
        """The loaded sound, loading it once; None (cached) when it cannot be loaded."""
        if name in self._cache:
            return self._cache[name]
        path = self.resolve(name)
        sound: arcade.Sound | None = None
        if not path.lower().endswith(".wav"):
            log.warning("sound %r skipped: only .wav files can be decoded", path)
        else:
            try:
                sound = arcade.load_sound(path)
            except Exception as exc:  # a sound must never break the game
                log.warning("sound %r could not be loaded: %s", path, exc)
        self._cache[name] = sound
        return sound

    def play(self, name: str, volume: float = 1.0, speed: float = 1.0) -> Any | None:
        """Play `name` at `volume` x the settings volume; the media player, or None if silent."""
        try:
            settings = self.settings
            if not settings.sound_on or settings.volume <= 0.0:
                return None
            sound = self.get(name)
            if sound is None:
                return None
            gain = max(0.0, min(1.0, settings.volume * volume))
            return sound.play(volume=gain, speed=speed)
        except Exception as exc:  # a sound must never break the game
            log.warning("sound %r could not be played: %s", name, exc)
            return None

    def preload(self, *names: str) -> None:
        """Load sounds ahead of time (first play otherwise decodes on the frame it is needed)."""
        if self.settings.sound_on:
            for name in names:
                self.get(name)
