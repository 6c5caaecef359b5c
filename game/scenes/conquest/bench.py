"""Frame-time rows of the CardConquest screens for `tabula bench` (docs/architecture.md).

Each screen is shown on the headless 1280 x 720 window without MSAA, at a position reached by
a scripted hot-seat Classic match, and driven while it animates: movement while ordered units
slide back and forth, reinforcements while eligible units bounce, the results while the cards
flip and the dead explode, retreat while units slide out, and the other screens with their
pulses and hover. A frame is update + draw + flip + `ctx.finish()`.
Rows: `conquest.frame_ms.<screen>.p95`. Sound is off and nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.modes import BenchRow
from game.engine.stats import percentile
from game.scenes.harness import timed_frame as _frame
from game.scenes.harness import timed_frames
from game.scenes.staged import finish_preparing

FRAMES = 90

PLACE = ({"p0.t1": "L06", "p0.t2": "L06", "p0.i1": "L06", "p0.i2": "L06", "p0.t3": "L05",
          "p0.i3": "L05", "p0.i4": "L01", "p0.i5": "L01", "p0.t4": "L03", "p0.i6": "L03"},
         {"p1.t1": "L07", "p1.i1": "L07", "p1.i2": "L07", "p1.t2": "L08", "p1.t3": "L11",
          "p1.i3": "L11", "p1.t4": "L10", "p1.i4": "L10", "p1.i5": "L09", "p1.i6": "L09"})


def script(stage: str) -> list[dict[str, Any]]:
    """Hot-seat Classic decisions up to a stage (a battle at L13 that seat 0 wins)."""
    out: list[dict[str, Any]] = []
    if stage == "placement":
        return out
    for seat in (0, 1):
        out += [{"seat": seat, "type": "place", "units": [u], "to": t}
                for u, t in PLACE[seat].items()]
        out.append({"seat": seat, "type": "ready"})
    if stage == "movement":
        return out
    out += [{"seat": 0, "type": "move", "units": ["p0.t1", "p0.t2", "p0.i1", "p0.i2"],
             "to": "L13"}, {"seat": 0, "type": "ready"},
            {"seat": 1, "type": "move", "units": ["p1.t1", "p1.i1"], "to": "L13"},
            {"seat": 1, "type": "ready"}]
    if stage == "reinforcements":
        return out
    out += [{"seat": 0, "type": "reinforce", "units": ["p0.t3"]}, {"seat": 0, "type": "ready"},
            {"seat": 1, "type": "reinforce", "units": ["p1.t2"]}, {"seat": 1, "type": "ready"}]
    if stage == "cards":
        return out
    return out + [{"seat": 0, "type": "choose_card", "card": "power5"},
                  {"seat": 0, "type": "ready"},
                  {"seat": 1, "type": "choose_card", "card": "power1"},
                  {"seat": 1, "type": "ready"}]


def bench_rows(frames: int = FRAMES) -> list[BenchRow]:
    import arcade

    from game.engine.record import new_record, replay
    from game.scenes.app import App
    from game.scenes.conquest import overlays, screens
    from game.scenes.conquest.base import ConquestSession
    from game.scenes.settings import Settings
    from game.scenes.shot import ensure_window

    win = ensure_window()
    app = App(win, settings=Settings(sound_on=False, animation_speed="normal"))
    rows: list[BenchRow] = []

    def session(stage: str, kind: str = "classic") -> ConquestSession:
        rec = new_record("conquest", "1", 11, {"ai": {}, "setup_kind": kind}, None,
                         script(stage))
        outcome = replay(rec)
        return ConquestSession(outcome.match, live=False)

    def run(name: str, view: Any, before: Callable[[], None] | None = None) -> None:
        win.show_view(view)
        finish_preparing(win)  # measure the screen, not its loading state
        for _ in range(3):
            _frame(win)
        x, y = view.grid.centre("L13") if hasattr(view, "grid") else (640, 360)
        win.dispatch_event("on_mouse_motion", x, y, 0, 0)
        times = timed_frames(win, frames, before or (lambda: None))
        rows.append(BenchRow(f"conquest.frame_ms.{name}.p95", percentile(times, 95), "ms"))
        view.session.close()

    s = session("placement", "commanders")
    run("commander", screens.CommanderView(app, s, 0))
    s = session("placement")
    run("placement", screens.PlacementView(app, s, 0))

    s = session("movement")
    mv = screens.MovementView(app, s, 0)
    s.live = True
    state = {"i": 0}

    def slide() -> None:  # the L06 stack slides to L13 and back, again and again
        if mv.tweener.busy:
            return
        state["i"] += 1
        mv.selection = ["p0.t1", "p0.t2", "p0.i1", "p0.i2"]
        mv.move_to("L13" if state["i"] % 2 else "L06")

    run("movement", mv, slide)

    s = session("reinforcements")
    rv = screens.ReinforcementsView(app, s, 0)
    s.live = True
    run("reinforcements", rv)
    s = session("cards")
    run("cards", screens.CardsView(app, s, 0))

    s = session("retreat")
    result = s.match.state_json()["board"]["last_result"]
    holder: dict[str, Any] = {}

    def again() -> None:  # a fresh results screen whenever the flip has played
        view = holder["view"]
        if not view.tweener.busy and view.flipped:
            nxt = overlays.ResultsView(app, view.session, result)
            nxt.explode("p1.t1", "L13")
            win.show_view(nxt)
            finish_preparing(win)  # measure the screen, not its loading state
            holder["view"] = nxt

    holder["view"] = overlays.ResultsView(app, s, result)
    run("results", holder["view"], again)

    s = session("retreat")
    rt = screens.RetreatView(app, s, 1)
    s.live = True
    flip = {"i": 0}

    def retreat_back_and_forth() -> None:
        if rt.tweener.busy:
            return
        flip["i"] += 1
        uid = rt.listed[0]
        if flip["i"] % 2:
            rt.submit({"seat": 1, "type": "retreat", "unit": uid, "to": "L07"})
        else:
            rt.submit({"seat": 1, "type": "reset_moves"})
            rt.slide([(uid, "L07")])

    run("retreat", rt, retreat_back_and_forth)
    s = session("retreat")
    run("over", screens.GameOverView(app, s, 0))
    win.show_view(arcade.View())
    return rows


if __name__ == "__main__":  # ARCADE_HEADLESS=1 python -m game.scenes.conquest.bench
    from game.paths import temporary_home

    with temporary_home():  # never the player's saves
        for r in bench_rows():
            print(f"{r.name:40s} {r.value:8.3f} {r.unit}")
