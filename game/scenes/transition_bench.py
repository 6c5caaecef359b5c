"""How long a click that changes the screen keeps the window from answering, for `tabula
bench` (docs/architecture.md, issue 27 section 4).

Rows `<mode>.transition_ms.<transition>.p95`, in CPU milliseconds of the game's process
(`time.process_time`: every thread of it, llvmpipe's rasterizers too; a loaded machine
stretches the wall clock, not this): the longest stretch the window does not answer, from the
click (or key) that starts the transition through the frame that shows its result, and each
frame after it while the new screen still prepares behind its loading state. So work a screen
spreads over frames counts frame by frame, as a player feels it; 200 ms is the bound.

The transitions, on the mode's main screen of a match continued from a save (its CPU in a
worker process, as in the game):

- `help_close`: H on the game screen's help;
- `pause_open`: Esc (Strike's Esc asks "Leave this match?" instead);
- `settings_open`, `ui_scale`, `settings_close`: the pause menu's Settings, a UI scale button
  (1.5x, then back to 1x: two samples a repeat), and Back;
- `leave_match`: Quit to menu (with the "Quit without saving?" step's Quit), or Strike's Yes;
- `save_quit`: Save and quit to menu (not Strike's: it saves after every move);
- `confirm_card` (CardConquest): Confirm card in the battle's card choice, once the CPU has
  chosen its own, which resolves the battle and opens the next screen.

The shell's own (`shell.transition_ms.*`): the menu's Settings (`settings_open`), a UI scale
(`ui_scale`), Back (`settings_close`) and the menu's help (`help_close`).

Each mode runs in a fresh headless interpreter (`python -m game.scenes.transition_bench
MODE`) after the menu's first frame (`screen_bench.open_window`); `REPEATS` repeats, the
first cold. A row's `wall` (the same stretch on the wall clock) is printed by `__main__` only.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from game.engine.modes import BenchRow

REPEATS = 4
PREPARE_FRAMES = 600
MAIN_SCREEN = {"strike": "combat", "conquest": "movement", "kingdom": "planning",
               "crawl": "play"}
CPU_WAIT_S = 30.0  # how long the card choice waits for the CPU's own card


class Samples:
    """CPU and wall ms of every transition, by name."""

    def __init__(self) -> None:
        self.cpu: dict[str, list[float]] = {}
        self.wall: dict[str, list[float]] = {}

    def timed(self, name: str, win: Any, action: Callable[[], Any]) -> None:
        """Run `action` and the frames that answer it; note the longest stretch."""
        from game.scenes.harness import timed_frame

        cpu0, wall0 = time.process_time(), time.perf_counter()
        action()
        timed_frame(win)
        cpu, wall = [(time.process_time() - cpu0) * 1000.0], \
            [(time.perf_counter() - wall0) * 1000.0]
        for _ in range(PREPARE_FRAMES):
            if not getattr(win.current_view, "preparing", False):
                break
            cpu0, wall0 = time.process_time(), time.perf_counter()
            timed_frame(win)
            cpu.append((time.process_time() - cpu0) * 1000.0)
            wall.append((time.perf_counter() - wall0) * 1000.0)
        self.cpu.setdefault(name, []).append(max(cpu))
        self.wall.setdefault(name, []).append(max(wall))

    def rows(self, prefix: str) -> list[dict[str, Any]]:
        from game.engine.stats import percentile

        return [{"name": f"{prefix}.transition_ms.{name}.p95", "value": percentile(cpu, 95),
                 "unit": "ms", "wall": percentile(self.wall[name], 95), "samples": cpu}
                for name, cpu in self.cpu.items()]


def press(win: Any, widget: Any) -> None:
    """Click a gui widget where the player sees it (its logical rect times the UI scale)."""
    from game.scenes.harness import click

    scale = float(getattr(win, "ui_scale", 1.0))
    click(win, widget.rect.x * scale, widget.rect.y * scale)


def settle(win: Any, frames: int = 3) -> None:
    """Let a screen finish preparing and draw a few frames (not measured)."""
    from game.scenes.harness import step
    from game.scenes.staged import finish_preparing

    finish_preparing(win)
    step(win, frames)


def settings_round(samples: Samples, win: Any, open_settings: Callable[[], Any]) -> None:
    """Settings open, a UI scale there and back, Back."""
    samples.timed("settings_open", win, open_settings)
    for value in ("1.5", "1"):
        control = win.current_view.controls["ui_scale"]
        samples.timed("ui_scale", win, lambda c=control, v=value: press(win, c.buttons[v]))
        settle(win)
    samples.timed("settings_close", win, lambda: press(win, win.current_view.back_button))
    settle(win)


def open_match(app: Any, record: dict[str, Any]) -> Any:
    """The match continued from a save, as the menu's Continue opens it."""
    from game.engine.modes import ModeLaunch

    view = app.start_mode(ModeLaunch(mode=record["mode"], record=record))
    settle(app.window)
    return app.window.current_view if view is None else view


def game_round(samples: Samples, app: Any, record: dict[str, Any], leave: bool) -> None:
    import arcade

    from game.scenes.harness import key

    win = app.window
    open_match(app, record)
    key(win, arcade.key.H)
    settle(win)
    samples.timed("help_close", win, lambda: key(win, arcade.key.H))
    settle(win)
    samples.timed("pause_open", win, lambda: key(win, arcade.key.ESCAPE))
    settle(win)
    pause = win.current_view
    buttons = getattr(pause, "buttons", None)
    if buttons is None:  # Strike's "Leave this match?": Yes leaves (it is saved already)
        samples.timed("leave_match", win, lambda: press(win, pause.yes))
        settle(win)
        return
    settings_round(samples, win, lambda: press(win, buttons["settings"]))
    if leave and pause._would_lose() is None:  # saved: Quit to menu leaves at once
        samples.timed("leave_match", win, lambda: press(win, buttons["quit_menu"]))
    elif leave:  # "Quit without saving?": its Quit leaves
        press(win, buttons["quit_menu"])
        settle(win)
        confirm = win.current_view.buttons["confirm_quit"]
        samples.timed("leave_match", win, lambda: press(win, confirm))
    else:
        samples.timed("save_quit", win, lambda: press(win, buttons["save_quit"]))
    settle(win)


def confirm_card_round(samples: Samples, app: Any, record: dict[str, Any]) -> None:
    """CardConquest: choose a card, wait for the CPU's, Confirm card."""
    from game.scenes.harness import step

    win = app.window
    view = open_match(app, record)
    deadline = time.perf_counter() + CPU_WAIT_S
    while not view.match.view_json(0)["board"]["ready"][1] and time.perf_counter() < deadline:
        step(win)  # the CPU chooses its card (in its worker) and readies
        time.sleep(0.01)
    card = next(d for d in view.match.legal_decisions(0) if d["type"] != "ready")
    view.submit(card)
    settle(win)
    samples.timed("confirm_card", win, lambda: press(win, view.ready_btn))
    settle(win)
    app.leave_match(win.current_view)
    app.show_menu()
    settle(win)


def shell_round(samples: Samples, app: Any) -> None:
    import arcade

    from game.scenes.harness import key

    win = app.window
    menu = app.show_menu()
    settle(win)
    settings_round(samples, win, lambda: press(win, menu.settings_button))
    menu = win.current_view
    key(win, arcade.key.H)
    settle(win)
    samples.timed("help_close", win, lambda: key(win, arcade.key.H))
    settle(win)


def measure(mode: str, repeats: int = REPEATS) -> list[dict[str, Any]]:
    """Every transition row of `mode` ("shell": the menu's own)."""
    from game.scenes import gallery
    from game.scenes.app import App
    from game.scenes.screen_bench import open_window
    from game.scenes.settings import Settings
    from game.scenes.shot import ensure_window

    app = App(ensure_window(), settings=Settings(sound_on=False, animation_speed="normal"))
    app.prestart_cpus = True  # as `run_app` sets it
    open_window(app)
    samples = Samples()
    for n in range(repeats):
        if mode == "shell":
            shell_round(samples, app)
            continue
        records = gallery.phase_records(mode)
        game_round(samples, app, records[MAIN_SCREEN[mode]], leave=n % 2 == 0)
        if mode == "conquest":
            confirm_card_round(samples, app, records["cards"])
    return samples.rows(mode)


def transition_rows(mode: str) -> list[BenchRow]:
    """A mode's (or the shell's) transition rows, measured in a fresh headless interpreter."""
    env = {**os.environ, "ARCADE_HEADLESS": "1", "ARCADE_SOUND_BACKENDS": "silent"}
    proc = subprocess.run([sys.executable, "-m", "game.scenes.transition_bench", mode],
                          capture_output=True, text=True, env=env, timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(f"transition bench of {mode} failed: {proc.stderr.strip()[-2000:]}")
    rows = json.loads(proc.stdout.strip().splitlines()[-1])
    return [BenchRow(r["name"], float(r["value"]), r["unit"]) for r in rows]


if __name__ == "__main__":  # ARCADE_HEADLESS=1 python -m game.scenes.transition_bench MODE
    from game.paths import temporary_home

    with temporary_home():  # never the player's saves, settings or scores
        result = measure(sys.argv[1])
    print(json.dumps(result))
