"""Frame-time rows of the Strike screens for `tabula bench` (docs/architecture.md).

Each screen is shown on the headless 1280 x 720 window without MSAA and driven while it
animates: the draft while cards fly to the decks (both seats are CPUs deciding in-process,
a new deal whenever a draft ends), the board in combat while units move, abilities fly and
numbers float (two CPUs play on, a new match whenever one ends), and the result view
while its confetti falls. A frame is update + draw + flip + `ctx.finish()`.
In the game a CPU thinks in a worker process; here the CPUs decide in-process, between frames
(`cpu_between_frames`), so that a frame holds what the screen does (animate, draw), not a
CPU's search.
Rows: `strike.frame_ms.<screen>.p95`. Sound is off and nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.modes import BenchRow
from game.engine.stats import percentile
from game.scenes.harness import timed_frame as _frame
from game.scenes.harness import timed_frames
from game.scenes.staged import finish_preparing

FRAMES = 120


def cpu_between_frames(view: Any) -> Callable[[], None]:
    """Take the view's CPU driver out of its frames; return a call that runs it (start, then
    take the answer) between two frames."""
    drive = view.drive_cpu
    view.drive_cpu = lambda dt: None

    def between() -> None:
        drive(1 / 60)
        drive(1 / 60)
    return between


def bench_rows(frames: int = FRAMES) -> list[BenchRow]:
    import arcade

    from game.engine.record import build_match, new_record
    from game.scenes.app import App
    from game.scenes.settings import Settings
    from game.scenes.shot import ensure_window
    from game.scenes.strike.base import StrikeSession
    from game.scenes.strike.combat import CombatView
    from game.scenes.strike.draft import DraftView
    from game.scenes.strike.result import ResultView

    win = ensure_window()
    app = App(win, settings=Settings(sound_on=False, animation_speed="normal"))
    rows: list[BenchRow] = []

    def session(seed: int) -> StrikeSession:
        rec = new_record("strike", "1", seed, {"ai": {"0": "normal", "1": "normal"}})
        s = StrikeSession(build_match(rec), live=True, sync=True)
        return s

    # draft: CPU picks fly to the decks
    state: dict[str, Any] = {"seed": 500}

    def new_draft() -> None:
        state["seed"] += 1
        view = DraftView(app, session(state["seed"]))
        view.think_min = 0.0
        state["cpu"] = cpu_between_frames(view)
        win.show_view(view)
        finish_preparing(win)  # measure the screen, not its loading state
        state["view"] = view

    new_draft()
    for _ in range(3):
        _frame(win)

    def keep_drafting() -> None:
        view = state["view"]
        if win.current_view is not view or view.state["phase"] != "draft":
            if win.current_view is not view:
                win.current_view.session.close()
            else:
                view.session.close()
            new_draft()
        state["cpu"]()

    times = timed_frames(win, frames, keep_drafting, lambda: bool(len(state["view"].tweener)))
    rows.append(BenchRow("strike.frame_ms.draft.p95", percentile(times, 95), "ms"))
    win.current_view.session.close()

    # combat: two CPUs fight; moves slide, abilities fly, numbers float
    def new_board() -> None:
        state["seed"] += 1
        s = session(state["seed"])
        m = s.match
        from game.ai.strike import make_cpu
        from game.engine.resources import load_mode_resources
        from game.engine.rng import ai_stream

        cpus = {k: make_cpu("normal", k, ai_stream(m.seed, k), m.resources) for k in (0, 1)}
        while m.phase in ("draft", "placement"):
            seat = m.to_act[0]
            m.submit(cpus[seat].decide(m.view_json(seat)))
        del load_mode_resources
        view = CombatView(app, s)
        view.think_min = 0.0
        state["cpu"] = cpu_between_frames(view)
        win.show_view(view)
        finish_preparing(win)  # measure the screen, not its loading state
        state["board"] = view

    new_board()
    for _ in range(3):
        _frame(win)

    def keep_fighting() -> None:
        view = state["board"]
        if view.state["result"] is not None or win.current_view is not view:
            view.session.close()
            new_board()
        state["cpu"]()

    times = timed_frames(win, frames, keep_fighting,
                     lambda: bool(len(state["board"].tweener)) or bool(state["board"].events))
    rows.append(BenchRow("strike.frame_ms.combat.p95", percentile(times, 95), "ms"))

    # result: play the current match out instantly, then measure the confetti
    app.settings.animation_speed = "instant"
    for _ in range(2000):
        if isinstance(win.current_view, ResultView):
            break
        state["cpu"]()
        _frame(win)
    view = win.current_view
    app.settings.animation_speed = "normal"
    times = timed_frames(win, frames, lambda: None, lambda: True)
    rows.append(BenchRow("strike.frame_ms.result.p95", percentile(times, 95), "ms"))
    view.session.close()
    win.show_view(arcade.View())
    return rows


if __name__ == "__main__":  # ARCADE_HEADLESS=1 python -m game.scenes.strike.bench
    from game.paths import temporary_home

    with temporary_home():  # never the player's saves
        for r in bench_rows():
            print(f"{r.name:34s} {r.value:8.3f} {r.unit}")
