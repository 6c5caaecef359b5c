"""The Sounds facade never raises, whatever it is asked to play."""

from __future__ import annotations

from game.scenes.settings import Settings
from game.scenes.sound import Sounds


def test_missing_file_is_silent_and_cached():
    sounds = Sounds(Settings())
    assert sounds.play(":resources:sounds/no_such_sound.wav") is None
    assert sounds.play("/definitely/not/here.wav") is None
    assert sounds._cache[":resources:sounds/no_such_sound.wav"] is None


def test_only_wav_is_loaded():
    sounds = Sounds(Settings())
    assert sounds.get(":resources:music/funkyrobot.mp3") is None


def test_sound_off_loads_nothing():
    sounds = Sounds(Settings(sound_on=False))
    assert sounds.play("click") is None
    assert sounds._cache == {}


def test_builtin_wav_plays_and_is_loaded_once():
    sounds = Sounds(Settings(volume=0.5))
    sounds.play("click")
    first = sounds.get("click")
    assert first is not None
    sounds.play("click", volume=2.0)  # gain is clamped, never an error
    assert sounds.get("click") is first


def test_a_broken_settings_source_does_not_raise():
    def broken() -> Settings:
        raise RuntimeError("settings gone")

    assert Sounds(broken).play("click") is None


def test_volume_follows_the_live_settings():
    settings = Settings()
    sounds = Sounds(lambda: settings)
    settings.volume = 0.0
    assert sounds.play("click") is None  # muted: nothing is even loaded
    assert "click" not in sounds._cache
