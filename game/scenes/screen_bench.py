"""Opening and idling rows of every screen of a mode, for `tabula bench` (docs/architecture.md).

Rows, per screen of the mode (its start screen, then the screen of every phase a CPU-played
match goes through, named by the phase, and the end screen as "over"):

- `<mode>.first_frame_ms.<screen>.p95`: from the call that builds the screen to the end of
  the first frame that shows it whole (no longer `preparing`): what a player waits after a
  click. The first of the `REPEATS` openings is cold (a fresh process: nothing baked yet).
- `<mode>.prepare_block_ms.<screen>.max`: the longest single stretch without input in that
  time (building and showing the view plus its first frame, then each frame while it
  prepares): the screen must never block longer than 200 ms.
- `<mode>.idle_cpu_pct.<screen>`: the game process's CPU time over `IDLE_SECONDS` of wall
  time while the screen is left alone in the real event loop (pyglet.app.run on the
  headless `OnDemandWindow`), after its opening animations and its background work (the crawl
  board's idle-frame bakes) settled, in % of one core.

Each mode runs in a fresh interpreter (`python -m game.scenes.screen_bench MODE`), so the
first opening is really cold and one mode's caches never warm another's; the window first
shows the menu for one frame, as at a player's launch (`open_window`), and the start screen
opens through `App.start_mode`, as the menu's click opens it. The screens of
phases are the mode's `shot` views of positions a CPU-played match reached (not live: no CPU
thinks while a screen idles). Frames are timed as every frame row is (update, draw, flip,
`ctx.finish()`).
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from game.engine.modes import BenchRow

REPEATS = 3
IDLE_SECONDS = 10.0
SETTLE_LIMIT = 12.0  # seconds an opening animation may take before the idle measure starts
PREPARE_FRAMES = 600  # frames a screen may take to prepare before the measure gives up


def phase_records(mode: str, seed: int = 11, options: dict[str, Any] | None = None,
                  ) -> dict[str, dict[str, Any]]:
    """The record of a CPU-played match at the first decision of each phase it goes through,
    and once it is over ("over"): one position per screen the mode shows."""
    from game.engine.autoplay import make_players
    from game.engine.modes import get_mode
    from game.engine.record import build_match, match_record, new_record

    spec = get_mode(mode)
    assert spec is not None, mode
    cpu = {seat: spec.default_level for seat in range(spec.seats)}
    opts = {**spec.default_options, **(options or {}),
            "ai": {str(seat): level for seat, level in cpu.items()}}
    match = build_match(new_record(spec.id, spec.rules_version, seed, opts))
    players = make_players(spec, seed, cpu)
    out: dict[str, dict[str, Any]] = {}
    try:
        for _ in range(20_000):
            phase = "over" if match.result is not None else str(match.phase)
            if phase not in out:
                out[phase] = match_record(match)
            if match.result is not None:
                break
            seat = match.rules.waiting_for(match)[0]
            match.submit(players[seat].decide(match.view_json(seat)))
    finally:
        match.close()
    return out


def mode_screens(mode: str) -> dict[str, Callable[[Any], Any]]:
    """Factories `app -> view` of every screen of a mode, in the order a player meets them."""
    from game.engine.modes import ModeLaunch, get_mode
    from game.engine.record import build_match

    spec = get_mode(mode)
    assert spec is not None, mode
    shot = spec.shot_factory()
    # the start screen opens as the menu's click opens it: the app's loading line, then the
    # mode's entry (App.start_mode)
    screens: dict[str, Callable[[Any], Any]] = {
        "start": lambda app: app.start_mode(ModeLaunch(mode=mode)),
    }
    records = phase_records(mode)
    if mode == "crawl":  # the Constructed picker is a phase of its own variant
        records = {**phase_records(mode, options={"variant": "constructed"}), **records}
    for phase, record in records.items():
        screens[phase] = lambda app, r=record: shot(app, build_match(r))
    return screens


def _close(app: Any, view: Any) -> None:
    import arcade

    app.leave_match(view)
    app.window.show_view(arcade.View())


def open_window(app: Any) -> None:
    """The window's first frame, as a player's game shows it before any click: the menu.
    The process's one-off set-up of drawing text (the shared glyph texture, 2048 x 2048:
    about 110 ms here) and the launch's glyph warm-up (game.scenes.glyphs, under a second
    behind the menu) are then paid where a player pays them, at launch, and not by the first
    screen measured; everything else stays cold (no game screen was built yet)."""
    from game.scenes import glyphs
    from game.scenes.app import freeze_launch_heap
    from game.scenes.harness import timed_frame

    app.show_menu()
    timed_frame(app.window)
    for _ in glyphs.warm_steps():
        pass
    freeze_launch_heap()  # as `run_app` does before its loop


def first_frame(app: Any, make: Callable[[Any], Any]) -> tuple[float, float]:
    """(ms to the first whole frame, longest block in ms) of one opening of a screen."""
    from game.scenes.harness import timed_frame

    win = app.window
    start = time.perf_counter()
    view = make(app)
    if win.current_view is not view:
        win.show_view(view)
    timed_frame(win)
    block = (time.perf_counter() - start) * 1000.0  # the click's handler plus a frame
    frames = 0
    while getattr(win.current_view, "preparing", False) and frames < PREPARE_FRAMES:
        block = max(block, timed_frame(win))
        frames += 1
    total = (time.perf_counter() - start) * 1000.0
    _close(app, win.current_view)
    return total, block


def idle_cpu(app: Any, make: Callable[[Any], Any], seconds: float = IDLE_SECONDS,
             ) -> tuple[float, int]:
    """(% of a core, frames drawn) while the screen idles in the real event loop."""
    import pyglet

    win = app.window
    view = make(app)
    if win.current_view is not view:
        win.show_view(view)
    state: dict[str, Any] = {"drawn": win.drawn, "quiet_since": time.perf_counter(),
                             "opened": time.perf_counter()}

    def settle(dt: float) -> None:
        now = time.perf_counter()
        if win.drawn != state["drawn"] or getattr(win.current_view, "background_work", False):
            state["drawn"], state["quiet_since"] = win.drawn, now  # not at rest yet
        if now - state["quiet_since"] >= 0.5 or now - state["opened"] > SETTLE_LIMIT:
            pyglet.clock.unschedule(settle)
            gc.collect()  # the previous screen's garbage is not this screen's idle cost
            now = time.perf_counter()
            state["cpu"], state["wall"], state["frames"] = time.process_time(), now, win.drawn
            pyglet.clock.schedule_once(lambda dt: pyglet.app.exit(), seconds)

    pyglet.clock.schedule_interval(settle, 0.1)
    pyglet.app.run(None)
    cpu = time.process_time() - state["cpu"]
    wall = time.perf_counter() - state["wall"]
    frames = win.drawn - state["frames"]
    _close(app, win.current_view)
    return 100.0 * cpu / wall, frames


def measure_mode(mode: str, repeats: int = REPEATS, seconds: float = IDLE_SECONDS,
                 ) -> list[dict[str, Any]]:
    """Every row of a mode (run in the process that measures: see `screen_rows`)."""
    from game.engine.stats import percentile
    from game.scenes.app import App
    from game.scenes.settings import Settings
    from game.scenes.shot import ensure_window

    win = ensure_window()
    app = App(win, settings=Settings(sound_on=False, animation_speed="normal"))
    open_window(app)
    rows: list[dict[str, Any]] = []
    screens = mode_screens(mode)
    for name, make in screens.items():
        samples = [first_frame(app, make) for _ in range(repeats)]
        rows.append({"name": f"{mode}.first_frame_ms.{name}.p95",
                     "value": percentile([s[0] for s in samples], 95), "unit": "ms"})
        rows.append({"name": f"{mode}.prepare_block_ms.{name}.max",
                     "value": max(s[1] for s in samples), "unit": "ms",
                     "warm": min(s[1] for s in samples)})  # printed by __main__ only
    if seconds > 0:
        for name, make in screens.items():
            pct, frames = idle_cpu(app, make, seconds)
            rows.append({"name": f"{mode}.idle_cpu_pct.{name}", "value": pct, "unit": "%",
                         "frames": frames})
    return rows


def screen_rows(mode: str, seconds: float = IDLE_SECONDS) -> list[BenchRow]:
    """A mode's opening and idling rows, measured in a fresh headless interpreter."""
    env = {**os.environ, "ARCADE_HEADLESS": "1", "ARCADE_SOUND_BACKENDS": "silent"}
    proc = subprocess.run(
        [sys.executable, "-m", "game.scenes.screen_bench", mode, str(seconds)],
        capture_output=True, text=True, env=env, timeout=1800,
    )  # fmt: skip
    if proc.returncode != 0:
        raise RuntimeError(f"screen bench of {mode} failed: {proc.stderr.strip()[-2000:]}")
    rows = json.loads(proc.stdout.strip().splitlines()[-1])
    return [BenchRow(r["name"], float(r["value"]), r["unit"]) for r in rows]


if __name__ == "__main__":  # ARCADE_HEADLESS=1 python -m game.scenes.screen_bench MODE [SECONDS]
    from game.paths import temporary_home

    with temporary_home():  # never the player's saves, settings or scores
        result = measure_mode(sys.argv[1], seconds=float(sys.argv[2]) if len(sys.argv) > 2
                              else IDLE_SECONDS)
    print(json.dumps(result))
