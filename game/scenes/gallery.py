"""Every screen of every game, at a real position, as a player sees it (tests, `scripts/screens.py`).

The positions come from one CPU-played match per mode (easy CPUs, a fixed seed): the first
position of each phase where seat 0 is to act (or the end), replayed into a record whose seat 0
is human and seat 1 the CPU, as a match started from the menu would be. Each screen is built by
the mode's own `view_for`, live, so Esc, help and tooltips behave as in the game (CPU seats
decide in-process: nothing is spawned). The shell's own screens (menu, settings) and the
screens before a match (crawl's Start and high scores, conquest's match setup) are listed too.

`screens()` names them `<mode>/<screen>`; each entry builds its view on an App when called.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import arcade

from game.engine.autoplay import play_cpu_match
from game.engine.match import Match
from game.engine.modes import get_mode
from game.engine.record import build_match, new_record, replay

SEED = 5
LEVEL = "easy"

# the phases each mode shows, and the options of the match it is played in
PHASES: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "strike": (("draft", "placement", "combat", "over"), {}),
    "conquest": (("commander", "placement", "movement", "reinforcements", "cards", "retreat",
                  "over"), {"setup_kind": "commanders"}),
    "kingdom": (("deck_builder", "planning", "over"), {}),
    "crawl": (("play", "over"), {"variant": "normal"}),
}


# positions after a number of decisions of the same match, beside the phases' first ones
LATER: dict[str, dict[str, int]] = {"strike": {"draft_picked": 4}}


@dataclass(frozen=True)
class Screen:
    """One screen: its name and how to build its view on an App."""

    name: str
    build: Callable[[Any], arcade.View]

    @property
    def mode(self) -> str:
        return self.name.split("/", 1)[0]


@cache
def phase_records(mode: str, seed: int = SEED) -> dict[str, dict[str, Any]]:
    """{phase: record} of the first position of each phase of `PHASES[mode]` where seat 0 is to
    act (or the finished match), with seat 0 human and seat 1 (if any) the easy CPU."""
    spec = get_mode(mode)
    if spec is None:
        raise ValueError(f"unknown game mode {mode!r}")
    phases, options = PHASES[mode]
    cpu = {seat: LEVEL for seat in range(spec.seats)}
    played = play_cpu_match(spec, seed, cpu, options).record
    human = {**played["options"], "ai": {str(s): LEVEL for s in range(1, spec.seats)}}
    base = new_record(mode, played["rules"], seed, human)
    match = build_match(base)
    found: dict[str, dict[str, Any]] = {}
    decisions = played["decisions"]
    try:
        for n in range(len(decisions) + 1):
            phase = "over" if match.result is not None else match.phase
            if phase in phases and phase not in found and (
                    phase == "over" or 0 in match.to_act):
                found[phase] = {**base, "decisions": decisions[:n]}
            for name, at in LATER.get(mode, {}).items():
                if n == at and 0 in match.to_act:
                    found[name] = {**base, "decisions": decisions[:n]}
            if n < len(decisions):
                match.submit(decisions[n])
    finally:
        match.close()
    return found


def _match(record: dict[str, Any]) -> tuple[Match, list[list[Any]]]:
    """The record's match and the events of each of its decisions (the log's history)."""
    outcome = replay(record)
    if not outcome.ok:
        outcome.match.close()
        raise ValueError(f"gallery position refused at decision {outcome.rejected_index}")
    return outcome.match, outcome.events


def _live(mode: str, app: Any, match: Match, history: list[list[Any]]) -> arcade.View:
    """The mode's live view of a match (in-process CPUs), its log told from `history`, as a
    match continued from its save shows it."""
    if mode == "strike":
        from game.scenes.strike.base import StrikeView
        from game.scenes.strike.start import view_for

        StrikeView.cpu_sync = True
        return view_for(app, match, history=history)
    if mode == "conquest":
        from game.scenes.conquest.start import view_for as conquest_view

        return conquest_view(app, match, sync=True, history=history)
    if mode == "kingdom":
        from game.scenes.kingdom.match_view import MatchView
        from game.scenes.kingdom.start import view_for as kingdom_view

        MatchView.cpu_sync = True
        return kingdom_view(app, match, history)
    from game.scenes.crawl.play import PlayView
    from game.scenes.crawl.start import view_for as crawl_view

    PlayView.hint_sync = True
    return crawl_view(app, match, history=history)


def _phase_screen(mode: str, phase: str) -> Screen:
    def build(app: Any) -> arcade.View:
        return _live(mode, app, *_match(phase_records(mode)[phase]))

    return Screen(f"{mode}/{phase}", build)


def _extra_screens() -> list[Screen]:
    def menu(app: Any) -> arcade.View:
        from game.scenes.menu import MainMenuView

        return MainMenuView(app)

    def settings(app: Any) -> arcade.View:
        from game.scenes.settings_view import SettingsView

        return SettingsView(app)

    def network(app: Any) -> arcade.View:
        from game.scenes.network import NetworkView

        return NetworkView(app)

    def replays(app: Any) -> arcade.View:
        """The list with a finished match and a save in it (the gallery runs in a temporary
        home: scripts/screens.py, the tests), every line read."""
        from game.replay_files import keep_finished
        from game.scenes.replays import ReplaysView

        keep_finished(phase_records("strike")["over"])
        keep_finished(phase_records("crawl")["over"])
        app.save_match(phase_records("crawl")["play"])
        view = ReplaysView(app)
        view.read_all()
        return view

    def crawl_start(app: Any) -> arcade.View:
        from game.scenes.crawl.start import StartView

        return StartView(app)

    def crawl_scores(app: Any) -> arcade.View:
        from game.scenes.crawl.start import ScoresView

        return ScoresView(app)

    def crawl_pick(app: Any) -> arcade.View:
        from game.scenes.crawl.play import PlayView
        from game.scenes.crawl.start import new_match, view_for

        PlayView.hint_sync = True
        return view_for(app, new_match("constructed", SEED))

    def conquest_setup(app: Any) -> arcade.View:
        from game.scenes.conquest.setup import MatchSetupView

        return MatchSetupView(app)

    return [Screen("shell/menu", menu), Screen("shell/settings", settings),
            Screen("shell/network", network), Screen("shell/replays", replays),
            Screen("crawl/start", crawl_start), Screen("crawl/scores", crawl_scores),
            Screen("crawl/pick", crawl_pick), Screen("conquest/setup", conquest_setup)]


def screens(modes: tuple[str, ...] = tuple(PHASES)) -> Iterator[Screen]:
    """Every screen of the shell and of `modes`, in a stable order."""
    for screen in _extra_screens():
        if screen.mode == "shell" or screen.mode in modes:
            yield screen
    for mode in modes:
        phases, _ = PHASES[mode]
        found = phase_records(mode)
        for phase in (*phases, *LATER.get(mode, {})):
            if phase in found:
                yield _phase_screen(mode, phase)


def close(view: arcade.View) -> None:
    """Free a gallery view's match and workers (its `on_leave`, or a crawl view's `close`)."""
    for name in ("on_leave", "close"):
        method = getattr(view, name, None)
        if callable(method):
            try:
                method()
            except Exception:  # a view already closed
                pass
            return
