"""`<mode>.cpu_first_ms`: how long a new match's first CPU decision keeps the player waiting,
for `tabula bench` (docs/architecture.md, issue 27 section 4).

A player starts a match from the menu (`App.start_mode`, as the menu's Start does) and takes
`PLAYER_SECONDS` over each screen before the CPU's first decision: the menu, Kingdom's deck
builder and its first turn, CardConquest's match setup, Card Crawl's Start screen and board
(where the Hint is asked), the first pick of Strike's draft when it is the human's. The figure is the wall time from the CPU's first request to the
moment its answer is back from the worker process (not to when the screen shows it: screens
hold a CPU's answer on purpose, "CPU thinking…"), with the mode's default CPU level (the
Hint at `normal`, which has no time budget), worst of `REPEATS` matches. The frames run at
60 Hz on the headless window, each new match with a new worker, as in the game
(`App.prestart_cpus`). Each mode runs in a fresh interpreter, like the screen benches.
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

PLAYER_SECONDS = 1.5  # a quick player's first decision on a new screen
REPEATS = 3
ANSWER_LIMIT = 60.0  # seconds to wait for the first answer before giving up
FRAME_S = 1 / 60


class FirstCall:
    """Times the first CPU call of any worker: request -> answer back from the worker."""

    def __init__(self) -> None:
        self.asked: float | None = None
        self.answered: float | None = None

    def install(self) -> Callable[[], None]:
        from game.scenes import cpu_worker
        from game.scenes.crawl import hint

        originals = (cpu_worker.WorkerCalls.submit, hint.HintRunner.start)

        def watch(future: Any, asked: float) -> None:
            if future is not None and self.asked is None:
                self.asked = asked
                future.add_done_callback(self._done)

        def submit(calls: Any, *args: Any, **kwargs: Any) -> None:
            had, asked = calls._future, time.perf_counter()
            originals[0](calls, *args, **kwargs)
            if calls.name != "daily par" and calls._future is not had:
                watch(calls._future, asked)

        def start(runner: Any, *args: Any, **kwargs: Any) -> None:
            asked = time.perf_counter()
            originals[1](runner, *args, **kwargs)
            watch(runner._future, asked)

        cpu_worker.WorkerCalls.submit = submit  # type: ignore[method-assign]
        hint.HintRunner.start = start  # type: ignore[method-assign]

        def uninstall() -> None:
            cpu_worker.WorkerCalls.submit, hint.HintRunner.start = originals  # type: ignore[method-assign]

        return uninstall

    def _done(self, future: Any) -> None:
        if self.answered is None:
            self.answered = time.perf_counter()


def frames(app: Any, seconds: float, until: Callable[[], bool] = lambda: False) -> None:
    """Run the window at 60 Hz for `seconds` of wall time (or until `until()`)."""
    from game.scenes.harness import step

    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not until():
        start = time.perf_counter()
        step(app.window)
        time.sleep(max(0.0, FRAME_S - (time.perf_counter() - start)))


def human_turn(app: Any) -> None:
    """The human seat's first legal decision on the screen, if it is to act."""
    view = app.window.current_view
    if 0 in view.match.to_act:
        view.submit(view.match.legal_decisions(0)[0])


def player(mode: str, app: Any, seed: int) -> None:
    """The human's path to the CPU's first decision, `PLAYER_SECONDS` on each screen (the
    match setup and crawl's Start pick their own seeds, as the player does not type one)."""
    from game.engine.modes import ModeLaunch, get_mode

    spec = get_mode(mode)
    assert spec is not None
    given = None if mode in ("conquest", "crawl") else seed
    frames(app, PLAYER_SECONDS)  # the menu, before the click on Start
    view = app.start_mode(ModeLaunch(mode=mode, seed=given, cpu={1: spec.default_level}))
    frames(app, PLAYER_SECONDS)
    if mode == "kingdom":  # the deck builder: a deck, Start Match; then the first turn
        from game.scenes.kingdom.start import begin_match, cpu_deck_decision

        begin_match(app, view.match, cpu_deck_decision(view.match, 0))
        frames(app, PLAYER_SECONDS)
        view = app.window.current_view
        if 0 in view.match.to_act:
            view.submit({"seat": 0, "type": "end_turn"})
    elif mode == "conquest":  # the match setup: Start (both seats pick a commander)
        view.start()
    elif mode == "strike":  # the draft: the first pick, if it is the human's
        human_turn(app)
    elif mode == "crawl":  # Start: a normal run; then the Hint on its board
        view.start("normal")
        frames(app, PLAYER_SECONDS)
        app.window.current_view.ask_hint()


def first_decision_ms(mode: str, app: Any, seed: int) -> float:
    """One new match: ms from the CPU's first request to its answer."""
    probe = FirstCall()
    uninstall = probe.install()
    try:
        player(mode, app, seed)
        frames(app, ANSWER_LIMIT, until=lambda: probe.answered is not None)
    finally:
        from game.scenes.gallery import close

        uninstall()
        view = app.window.current_view
        app.leave_match(view)
        close(view)  # its match and worker (crawl's play view frees them in `close`)
        app.show_menu()
    if probe.asked is None or probe.answered is None:
        raise RuntimeError(f"{mode}: no CPU answer within {ANSWER_LIMIT:.0f} s")
    return (probe.answered - probe.asked) * 1000.0


def measure_mode(mode: str, repeats: int = REPEATS) -> list[dict[str, Any]]:
    from game.scenes.app import App
    from game.scenes.screen_bench import open_window
    from game.scenes.settings import Settings
    from game.scenes.shot import ensure_window

    app = App(ensure_window(), settings=Settings(sound_on=False, animation_speed="normal",
                                                 hint_level="normal"))
    app.prestart_cpus = True  # as `run_app` sets it
    open_window(app)
    samples = [first_decision_ms(mode, app, seed) for seed in range(1, repeats + 1)]
    return [{"name": f"{mode}.cpu_first_ms", "value": max(samples), "unit": "ms",
             "samples": samples}]


def cpu_first_rows(mode: str) -> list[BenchRow]:
    """The mode's `cpu_first_ms` row, measured in a fresh headless interpreter."""
    env = {**os.environ, "ARCADE_HEADLESS": "1", "ARCADE_SOUND_BACKENDS": "silent"}
    proc = subprocess.run([sys.executable, "-m", "game.scenes.cpu_bench", mode],
                          capture_output=True, text=True, env=env, timeout=900)
    if proc.returncode != 0:
        raise RuntimeError(f"cpu bench of {mode} failed: {proc.stderr.strip()[-2000:]}")
    rows = json.loads(proc.stdout.strip().splitlines()[-1])
    return [BenchRow(r["name"], float(r["value"]), r["unit"]) for r in rows]


if __name__ == "__main__":  # ARCADE_HEADLESS=1 python -m game.scenes.cpu_bench MODE
    from game.paths import temporary_home

    with temporary_home():  # never the player's saves, settings or scores
        result = measure_mode(sys.argv[1])
    print(json.dumps(result))
