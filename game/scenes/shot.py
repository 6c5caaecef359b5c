"""Headless screenshots of screens and of a match's position (`tabula shot`, docs, reviews).

Everything renders through the test harness on one 1280x720 window without MSAA, so a shot is
the same frame a scene test sees. Set ARCADE_HEADLESS=1 before arcade is first imported (the
CLI does) to shoot without a display.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import arcade

import game.scenes  # noqa: F401  (arcade.gui shim before any scene module)
from game.engine.modes import get_mode
from game.scenes.fonts import load_fonts
from game.scenes.harness import make_window, screenshot, step

SHOT_SIZE = (1280, 720)
SCREENS = ("menu", "settings")


def ensure_window() -> arcade.Window:
    """The current window at 1280x720, or a new harness window; fonts loaded either way."""
    try:
        win = arcade.get_window()
    except RuntimeError:
        win = make_window(*SHOT_SIZE)
    else:
        if (win.width, win.height) != SHOT_SIZE:
            win.set_size(*SHOT_SIZE)
    load_fonts()
    return win


def shoot_view(view: arcade.View, out_png: str | Path, frames: int = 2) -> Path:
    """Show `view`, let it prepare (a shot is of the screen, never of its loading state), run
    `frames` frames (the first lays the gui out) and save the last one."""
    from game.scenes.staged import finish_preparing

    win = ensure_window()
    win.show_view(view)
    finish_preparing(win)
    step(win, max(0, frames - 1))
    image = screenshot(win)
    out = Path(out_png)
    out.parent.mkdir(parents=True, exist_ok=True)
    image.convert("RGB").save(out)
    return out


def shoot_screen(name: str, out_png: str | Path, app: Any = None) -> Path:
    """Shoot a shell screen by name: "menu" or "settings"."""
    from game.scenes.app import App

    if name not in SCREENS:
        raise ValueError(f"unknown screen {name!r}; expected one of {', '.join(SCREENS)}")
    win = ensure_window()
    app = app or App(win)
    if name == "menu":
        from game.scenes.menu import MainMenuView

        view: arcade.View = MainMenuView(app)
    else:
        from game.scenes.settings_view import SettingsView

        view = SettingsView(app)
    return shoot_view(view, out_png)


def _mode_of(match: Any) -> str:
    """The mode id of a Match (`match.rules.mode`), a record dict, or anything with `.mode`."""
    if isinstance(match, dict):
        mode = match.get("mode")
    else:
        mode = getattr(getattr(match, "rules", None), "mode", None) or getattr(match, "mode", None)
        if mode is not None and not isinstance(mode, str):
            mode = getattr(mode, "id", None)
    if not isinstance(mode, str) or not mode:
        raise ValueError("cannot tell which game mode this match belongs to")
    return mode


def shoot_record(match: Any, out_png: str | Path, app: Any = None) -> Path:
    """Render a match's current position with its mode's shot view and save it as PNG."""
    from game.scenes.app import App

    mode = _mode_of(match)
    spec = get_mode(mode)
    if spec is None:
        raise ValueError(f"unknown game mode {mode!r}")
    factory = spec.shot_factory()
    if factory is None:
        raise ValueError(f"mode {mode} has no screens yet")
    win = ensure_window()
    view = factory(app or App(win), match)
    return shoot_view(view, out_png)


def first_menu_frame() -> None:
    """Open a window, show the main menu and draw its first frame (the cold-start benchmark
    measures a fresh process up to the end of this call)."""
    from game.scenes.app import App
    from game.scenes.menu import MainMenuView

    win = ensure_window()
    win.show_view(MainMenuView(App(win)))
    step(win, 1)
