"""What a step of the replay viewer costs, for `tabula bench` (docs/replays.md).

The viewer plays a CPU-played record of the mode (seed 7, easy CPUs, as the replay tests'
records) on the mode's own screens. Each figure is the blocking time of one step, from the
control's handler (`step_forward`, `step_back`, `seek`) to the end of the frame that shows
the new position (`timed_frame`: update, draw, flip, `ctx.finish()`):

- `<mode>.replay_new_screen_ms.max`: a position whose kind of screen (and seat) was not
  shown yet, so the screen is built (`ScreenCache`) and prepares in steps behind its loading
  state: the longest of the seek's frame and each preparation frame; measured on a sweep of
  about 40 positions over the record after the viewer opened;
- `<mode>.replay_step_ms.p95`: one decision forward or back, on screens built before (the
  first 60 positions forward, then back);
- `<mode>.replay_jump_ms.p95`: a scrubber jump to a random position (30, seeded), which
  submits every decision between the two positions when it goes forward.

Run in a fresh headless interpreter per mode (`python -m game.scenes.replay_bench MODE`).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from game.engine.modes import BenchRow

STEPS = 60
JUMPS = 30
SWEEP = 40


def _timed(win: Any, action: Callable[[], Any]) -> float:
    from game.scenes.harness import timed_frame

    start = time.perf_counter()
    action()
    timed_frame(win)
    return (time.perf_counter() - start) * 1000.0


def measure_mode(mode: str) -> list[dict[str, Any]]:
    """The rows of one mode (in the process that measures: see `replay_rows`)."""
    from game.engine.autoplay import play_cpu_match
    from game.engine.modes import get_mode
    from game.engine.replay_model import ReplayModel
    from game.engine.stats import percentile
    from game.scenes.app import App
    from game.scenes.harness import timed_frame
    from game.scenes.replays import ReplayViewerView
    from game.scenes.screen_bench import open_window
    from game.scenes.settings import Settings
    from game.scenes.shot import ensure_window

    spec = get_mode(mode)
    assert spec is not None, mode
    record = play_cpu_match(spec, 7, {seat: "easy" for seat in range(spec.seats)}).record
    win = ensure_window()
    app = App(win, settings=Settings(sound_on=False, animation_speed="normal"))
    open_window(app)  # the menu first, as a player opens the viewer from it
    view = ReplayViewerView(app, ReplayModel(record))
    win.show_view(view)
    for _ in range(3):
        timed_frame(win)
    n = view.model.length
    built = []
    for index in range(0, n + 1, max(1, n // SWEEP)):
        before = view.screens.built
        ms = _timed(win, lambda i=index: view.seek(i))
        if view.screens.built != before:  # a new screen prepares in steps: the longest
            frames = 0
            while getattr(view.screen, "preparing", False) and frames < 600:
                ms = max(ms, timed_frame(win))
                frames += 1
            built.append(ms)
    view.seek(0)
    timed_frame(win)
    steps = [_timed(win, view.step_forward) for _ in range(min(STEPS, n))]
    steps += [_timed(win, view.step_back) for _ in range(min(STEPS, n))]
    rnd = random.Random(5)
    jumps = [_timed(win, lambda: view.seek(rnd.randrange(n + 1))) for _ in range(JUMPS)]
    view.close()
    return [
        {"name": f"{mode}.replay_new_screen_ms.max", "value": max(built, default=0.0),
         "unit": "ms"},
        {"name": f"{mode}.replay_step_ms.p95", "value": percentile(steps, 95), "unit": "ms"},
        {"name": f"{mode}.replay_jump_ms.p95", "value": percentile(jumps, 95), "unit": "ms"},
    ]


def replay_rows(mode: str) -> list[BenchRow]:
    """A mode's replay-step rows, measured in a fresh headless interpreter."""
    env = {**os.environ, "ARCADE_HEADLESS": "1", "ARCADE_SOUND_BACKENDS": "silent"}
    proc = subprocess.run([sys.executable, "-m", "game.scenes.replay_bench", mode],
                          capture_output=True, text=True, env=env, timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(f"replay bench of {mode} failed: {proc.stderr.strip()[-2000:]}")
    rows = json.loads(proc.stdout.strip().splitlines()[-1])
    return [BenchRow(r["name"], float(r["value"]), r["unit"]) for r in rows]


if __name__ == "__main__":  # ARCADE_HEADLESS=1 python -m game.scenes.replay_bench MODE
    from game.paths import temporary_home

    with temporary_home():
        print(json.dumps(measure_mode(sys.argv[1])))
