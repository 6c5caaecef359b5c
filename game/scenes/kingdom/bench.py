"""Frame-time rows of the Kingdom screens for `tabula bench` (docs/architecture.md).

Each screen is shown on the headless 1280 x 720 window without MSAA and driven while it
animates: the deck builder while the mouse sweeps over its faction tiles and unit rows (hover
highlights and card previews), the match view while two CPUs plan (bought cards fly in, moves
slide, sales fade; a new match from the mid-match sample whenever one ends), the combat
playback of those matches (lunges, shots, floating numbers, shaking bars), and the end screen
over the final boards. A frame is update + draw + flip + `ctx.finish()`.
Rows: `kingdom.frame_ms.<screen>.p95`. Sound is off and nothing is saved.
"""

from __future__ import annotations

from typing import Any

from game.engine.modes import BenchRow
from game.engine.stats import percentile
from game.scenes.harness import timed_frame as _frame
from game.scenes.harness import timed_frames
from game.scenes.scale import view_size
from game.scenes.staged import finish_preparing

FRAMES = 120


def bench_rows(frames: int = FRAMES) -> list[BenchRow]:
    import arcade

    from game.engine.record import replay
    from game.scenes.app import App
    from game.scenes.kingdom import samples
    from game.scenes.kingdom.end import EndView
    from game.scenes.kingdom.match_view import KingdomSession, MatchView
    from game.scenes.settings import Settings
    from game.scenes.shot import ensure_window

    win = ensure_window()
    app = App(win, settings=Settings(sound_on=False, animation_speed="normal"))
    rows: list[BenchRow] = []

    # deck builder: the mouse sweeps over the tiles and rows
    from game.scenes.kingdom.deck_builder import DeckBuilderView
    from game.scenes.kingdom.start import new_match

    builder_match = new_match(77, {1: "easy"})
    builder = DeckBuilderView(app, builder_match, 0)
    win.show_view(builder)
    finish_preparing(win)  # measure the screen, not its loading state
    for _ in range(3):
        _frame(win)
    sweep = {"i": 0}

    def hover() -> None:
        sweep["i"] += 1
        i = sweep["i"]
        x = 60 + (i * 37) % (view_size(win)[0] - 120)
        y = 60 + (i * 53) % (view_size(win)[1] - 120)
        win.dispatch_event("on_mouse_motion", x, y, 0, 0)

    times = timed_frames(win, frames, hover, lambda: True)
    rows.append(BenchRow("kingdom.frame_ms.deck_builder.p95", percentile(times, 95), "ms"))
    win.show_view(arcade.View())
    builder_match.close()

    # match and combat: two CPUs play on from the mid-match sample
    state: dict[str, Any] = {"seed": 900, "sessions": []}

    def new_view() -> MatchView:
        """A fresh CPU-vs-CPU match from the mid-match sample, shown."""
        state["seed"] += 1
        rec = samples.record(samples.setup(), ai={"0": "easy", "1": "easy"},
                             seed=state["seed"])
        session = KingdomSession(replay(rec).match, sync=True)
        state["sessions"].append(session)
        view = MatchView(app, session)
        view.think_min = 0.0
        win.show_view(view)
        finish_preparing(win)  # measure the screen, not its loading state
        state["view"] = view
        return view

    def keep_playing() -> None:
        view = state["view"]
        if win.current_view is not view:
            new_view()

    def planning() -> bool:
        view = state["view"]
        return win.current_view is view and view.animating and not view.playback.active

    def combat() -> bool:
        view = state["view"]
        return win.current_view is view and view.playback.active

    new_view()
    for _ in range(3):
        _frame(win)
    times = timed_frames(win, frames, keep_playing, planning)
    rows.append(BenchRow("kingdom.frame_ms.match.p95", percentile(times, 95), "ms"))
    times = timed_frames(win, frames, keep_playing, combat)
    rows.append(BenchRow("kingdom.frame_ms.combat.p95", percentile(times, 95), "ms"))

    # end: a match one combat from its end, played out instantly, then the end screen
    rec = samples.record(samples.setup("FINISHER"), ai={"0": "easy", "1": "easy"})
    session = KingdomSession(replay(rec).match, sync=True)
    state["sessions"].append(session)
    win.show_view(MatchView(app, session))
    app.settings.animation_speed = "instant"
    for _ in range(20000):
        if isinstance(win.current_view, EndView):
            break
        _frame(win)
    app.settings.animation_speed = "normal"
    times = timed_frames(win, frames, hover, lambda: True)
    rows.append(BenchRow("kingdom.frame_ms.end.p95", percentile(times, 95), "ms"))
    for session in state["sessions"]:
        session.close()
    win.show_view(arcade.View())
    return rows


if __name__ == "__main__":  # ARCADE_HEADLESS=1 python -m game.scenes.kingdom.bench
    from game.paths import temporary_home

    with temporary_home():  # never the player's saves
        for r in bench_rows():
            print(f"{r.name:36s} {r.value:8.3f} {r.unit}")
