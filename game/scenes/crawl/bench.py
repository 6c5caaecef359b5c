"""Frame-time rows of the Card Crawl screens for `tabula bench` (docs/architecture.md).

Each screen is shown on a headless 1280 x 720 window without MSAA and driven while it animates:
the play view while cards fly from the deck and damage numbers float (a run is played on by a
simple chooser, a new run dealt whenever one ends), the picker while its selection changes, the
start screen, and the end screen while its banner drops and its score counts up. A frame is
update + draw + flip + `ctx.finish()`, so the software rasterizer's work is inside the figure.
Rows: `crawl.frame_ms.<screen>.p95`. Nothing is written to the user's files (sound off, the
end screen enters no score). Like `tabula shot`, the caller sets ARCADE_HEADLESS=1 (and
ARCADE_SOUND_BACKENDS=silent) before arcade is first imported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.modes import BenchRow
from game.engine.stats import percentile
from game.scenes.harness import timed_frame as _frame
from game.scenes.staged import finish_preparing

FRAMES = 120






def _measure(win: Any, frames: int, before: Callable[[int], None] | None = None,
             animating: Callable[[], bool] | None = None, limit: int = 4000) -> list[float]:
    """Frame times of `frames` frames in which the screen animates (`animating()`), calling
    `before(i)` ahead of each frame to keep it animating."""
    times: list[float] = []
    i = 0
    while len(times) < frames and i < limit:
        if before is not None:
            before(i)
        busy = animating() if animating is not None else True
        elapsed = _frame(win)
        if busy:
            times.append(elapsed)
        i += 1
    return times


def _choose(view: Any) -> dict[str, Any] | None:
    """A decision that animates: a hit the hero survives, else an attack, else anything."""
    board = view.state["board"]
    hp = board["hero"]["hp"]
    moves = [d for d in view.legal if d.get("type") == "move"]
    for d in moves:
        if d["to"] == "hero" and d["from"] == "board":
            card = board["board"][d["from_index"]]
            if card["type"] == "enemy" and card["value"] < hp:
                return d
    for d in moves:
        if d["from"] in ("left_hand", "right_hand") and d["to"] == "board":
            return d
    if moves:
        return moves[0]
    return view.legal[0] if view.legal else None


def bench_rows(frames: int = FRAMES) -> list[BenchRow]:
    """Measure every crawl screen while it animates; one p95 row per screen."""
    import arcade

    from game.scenes.app import App
    from game.scenes.crawl.end import EndView
    from game.scenes.crawl.picker import PickerView
    from game.scenes.crawl.play import PlayView
    from game.scenes.crawl.start import StartView, new_match
    from game.scenes.settings import Settings
    from game.scenes.shot import ensure_window

    win = ensure_window()
    app = App(win, settings=Settings(sound_on=False, animation_speed="normal"))
    rows: list[BenchRow] = []

    def row(screen: str, times: list[float]) -> None:
        rows.append(BenchRow(f"crawl.frame_ms.{screen}.p95", percentile(times, 95), "ms"))

    # play: the deal flies in, then decisions that hit the hero and strike enemies
    seed = [1000]
    state: dict[str, Any] = {}

    def new_play() -> None:
        seed[0] += 1
        view = PlayView(app, new_match("normal", seed[0]), intro=True)
        view.hint_sync = True
        win.show_view(view)
        finish_preparing(win)  # its layout's steps: measured by the screen bench, not here
        state["view"] = view

    new_play()
    for _ in range(3):  # warm-up: textures into the atlas, glyphs rendered
        _frame(win)

    def keep_playing(i: int) -> None:
        view = state["view"]
        if view.tweener.busy or view.queue:
            return
        if view.closed or view.state.get("result") is not None or win.current_view is not view:
            if not view.closed:
                view.close()
            new_play()
            return
        decision = _choose(view)
        if decision is not None:
            view.submit(decision)

    times = _measure(win, frames, keep_playing, lambda: bool(len(state["view"].tweener)))
    row("play", times)
    view = state["view"]
    if not view.closed:
        view.close()

    # picker: the selection changes every few frames (lift, rings, dimming, counter)
    picker = PickerView(app, new_match("constructed", 7))
    win.show_view(picker)
    finish_preparing(win)  # measure the screen, not its loading state
    _frame(win)
    ids = list(picker.ids)

    def toggle(i: int) -> None:
        if i % 3 == 0:
            picker.focus = (picker.focus + 1) % len(ids)
            if not picker.toggle(ids[(i // 3) % len(ids)]):
                picker.clear_selection()

    row("picker", _measure(win, frames, toggle))
    picker.on_leave()

    # start screen
    start = StartView(app)
    win.show_view(start)
    finish_preparing(win)  # measure the screen, not its loading state
    _frame(win)
    row("start", _measure(win, frames))

    # end screen: the banner drops and the score counts up (restarted when done)
    match = new_match("normal", 4242)
    from game.engine.record import match_record

    record, final = match_record(match), match.state_json()
    match.close()
    final["result"] = {"won": True, "score": 87, "reason": "cleared"}
    final["phase"] = "over"
    end_state: dict[str, Any] = {}

    def new_end() -> None:
        end = EndView(app, record, final, record_score=False)
        win.show_view(end)
        end_state["view"] = end

    new_end()
    _frame(win)

    def keep_ending(i: int) -> None:
        if not len(end_state["view"].tweener):
            new_end()

    row("end", _measure(win, frames, keep_ending))
    win.show_view(arcade.View())
    return rows


if __name__ == "__main__":  # ARCADE_HEADLESS=1 python -m game.scenes.crawl.bench
    from game.paths import temporary_home

    with temporary_home():  # never the player's saves
        for r in bench_rows():
            print(f"{r.name:34s} {r.value:8.3f} {r.unit}")
