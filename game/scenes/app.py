"""The app shell: one window, the settings, the sounds, navigation and the save slots.

Screens reach every shared service through the App they are given (`view.app`), never through
globals, so a test can build an App on the shared headless window. Modes plug in only through
the registry (game.engine.modes): `start_mode` asks the mode's `scene_entry` for its first view,
so adding a game never edits this file.

Saves are match records (docs/architecture.md), one slot per mode: `saves_dir()/<mode>.json`.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import arcade

from game import paths
from game.engine.modes import ModeLaunch, get_mode
from game.scenes import theme
from game.scenes.settings import Settings
from game.scenes.sound import Sounds
from game.scenes.widgets import Toast

log = logging.getLogger(__name__)

WINDOW_SIZE = (1280, 720)
MIN_WINDOW_SIZE = (960, 600)
NOT_PLAYABLE = "This game is not playable yet"


class App:
    """Owns the window, settings and sounds; moves between the menu, settings and game views."""

    def __init__(self, window: arcade.Window, settings: Settings | None = None) -> None:
        self.window = window
        self.settings = settings if settings is not None else Settings.load()
        self.sounds = Sounds(lambda: self.settings)
        # Messages raised while no view can show them (e.g. a corrupt settings file at start-up)
        # wait here for the next view that has a toast.
        self._pending: list[tuple[str, str]] = []
        if self.settings.load_error:
            self._pending.append((self.settings.load_error, "error"))

    # navigation ---------------------------------------------------------------------------------
    def show_view(self, view: arcade.View) -> arcade.View:
        """Show a view and hand it any message that was waiting for a screen."""
        self.window.show_view(view)
        if self._pending and isinstance(getattr(view, "toast", None), Toast):
            message, kind = self._pending[-1]
            self._pending.clear()
            view.toast.show(message, kind, duration=4.0)  # type: ignore[attr-defined]
        return view

    def show_menu(self) -> arcade.View:
        from game.scenes.menu import MainMenuView

        return self.show_view(MainMenuView(self))

    def show_settings(self, back_to: arcade.View | None = None) -> arcade.View:
        """Open Settings; Back returns to `back_to` (the menu when None)."""
        from game.scenes.settings_view import SettingsView

        return self.show_view(SettingsView(self, back_to=back_to))

    def notify(self, message: str, kind: str = "error", duration: float = 1.5) -> None:
        """Toast on the current view, or keep it for the next view that can show one."""
        log.info("notice (%s): %s", kind, message)
        toast = getattr(self.window.current_view, "toast", None)
        if isinstance(toast, Toast):
            toast.show(message, kind, duration)
            if kind == "error":
                self.sounds.play("reject")
        else:
            self._pending.append((message, kind))

    def quit(self) -> None:
        """Close the window, which ends arcade.run()."""
        self.window.close()

    # modes --------------------------------------------------------------------------------------
    def start_mode(self, launch: ModeLaunch) -> arcade.View | None:
        """Build the mode's first view for `launch` and show it; None (with a toast) if it can't."""
        spec = get_mode(launch.mode)
        if spec is None:
            self.notify(f"Unknown game: {launch.mode}")
            return None
        try:
            factory = spec.scene_factory()
        except Exception as exc:  # an import error in a mode's scenes must not close the app
            log.exception("scenes of mode %s failed to import", spec.id)
            self.notify(f"{spec.title} could not start: {exc}")
            return None
        if factory is None:
            self.notify(NOT_PLAYABLE)
            return None
        try:
            view = factory(self, launch)
        except Exception as exc:  # a broken record or scene is reported, the menu stays usable
            log.exception("mode %s failed to start", spec.id)
            self.notify(f"{spec.title} could not start: {exc}")
            return None
        if view is not None and view is not self.window.current_view:
            self.show_view(view)
        return view

    def continue_mode(self, mode_id: str) -> arcade.View | None:
        """Resume the saved match of a mode (its record is the whole save)."""
        record = self.load_save(mode_id)
        if record is None:
            return None
        return self.start_mode(ModeLaunch(mode=mode_id, record=record))

    # saves --------------------------------------------------------------------------------------
    def save_path(self, mode_id: str) -> Path:
        return paths.saves_dir() / f"{mode_id}.json"

    def has_save(self, mode_id: str) -> bool:
        return self.save_path(mode_id).is_file()

    def save_match(self, record: dict[str, Any], mode_id: str | None = None) -> Path | None:
        """Write a match record to its mode's slot (atomically); None, with a toast, on failure."""
        from game.engine.record import save_record

        mode_id = mode_id or str(record.get("mode", ""))
        if not mode_id:
            self.notify("Cannot save: the record names no game mode")
            return None
        path = self.save_path(mode_id)
        try:
            save_record(path, record)
        except Exception as exc:  # disk full, permissions, a record that is not JSON
            log.exception("saving %s failed", path)
            self.notify(f"Could not save the game: {exc}")
            return None
        return path

    def load_save(self, mode_id: str) -> dict[str, Any] | None:
        """The saved record of a mode; None, with a toast naming the problem, if unreadable."""
        from game.engine.record import RecordError, load_record

        path = self.save_path(mode_id)
        if not path.is_file():
            self.notify("There is no saved game to continue")
            return None
        try:
            return load_record(path)
        except RecordError as exc:
            self.notify(f"The saved game cannot be loaded: {exc}", duration=4.0)
        except OSError as exc:
            self.notify(f"The saved game cannot be read: {exc.strerror or exc}", duration=4.0)
        return None

    def delete_save(self, mode_id: str) -> None:
        """Forget a mode's save (a finished match has nothing to continue)."""
        self.save_path(mode_id).unlink(missing_ok=True)

    # settings -----------------------------------------------------------------------------------
    def update_settings(self, **changes: Any) -> bool:
        """Change settings, save them at once and apply what needs applying; False on failure."""
        try:
            self.settings.updated(**changes)
        except OSError as exc:
            self.notify(f"Settings could not be saved: {exc.strerror or exc}")
            return False
        if "fullscreen" in changes:
            self.apply_fullscreen()
        return True

    def apply_fullscreen(self) -> None:
        """Match the window to the fullscreen setting (a headless window has no screen: skip)."""
        want = self.settings.fullscreen
        if arcade.headless or self.window.fullscreen == want:
            return
        try:
            self.window.set_fullscreen(want)
        except Exception as exc:  # a window manager may refuse
            log.warning("fullscreen %s failed: %s", want, exc)
            self.notify("Fullscreen is not available here")


def run_app(launch: ModeLaunch | None = None) -> None:
    """Open the window and run the game until it is closed (`tabula` / `tabula play`)."""
    from game.scenes.fonts import load_fonts

    window = arcade.Window(
        *WINDOW_SIZE, "Tabula", resizable=True, antialiasing=False, center_window=True
    )
    window.set_minimum_size(*MIN_WINDOW_SIZE)
    window.background_color = theme.TABLE
    load_fonts()
    app = App(window)
    app.apply_fullscreen()
    if launch is None or app.start_mode(launch) is None:
        app.show_menu()
    arcade.run()
