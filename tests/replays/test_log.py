"""The replay viewer's log (issue 25, docs/replays.md): L shows the screen's log panel above the
bar, told up to the position shown as the seat shown may see it, a step forward adding that
step's lines, any other move telling it again; a seat's log never tells the other seat's sealed
orders before they are revealed; no mode's screen offers Undo in the viewer."""

from __future__ import annotations

import importlib

import arcade
import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)
from game.engine.replay_model import ReplayModel
from game.scenes.app import App
from game.scenes.event_log import EventLog
from game.scenes.harness import key, step
from game.scenes.replays import BAR_HEIGHT, ReplayViewerView
from tests.replays.records import MODES, record_of


@pytest.fixture
def app(window):
    app = App(window)
    yield app
    app.log_open = False


def settle(window, view, limit: int = 300) -> None:
    """Frames until the viewer's screen has prepared (its layout runs in steps)."""
    step(window, 2)
    for _ in range(limit):
        if getattr(view.screen, "_prep", None) is None:
            break
        step(window)
    step(window, 2)


def told_afresh(view) -> list[str]:
    """The log of the position shown, told from the start by a log of its own."""
    model, log = view.model, view.screen.event_log
    fresh = EventLog(log.table, type(log.namer)(*_namer_args(log.namer)))
    fresh.add_history(model.match, model.history, model.seat)
    return list(fresh.lines)


def _namer_args(namer) -> tuple:
    return (namer.catalogue,) if hasattr(namer, "catalogue") else (namer.session,)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_l_shows_the_log_of_the_position_as_the_seat_shown_sees_it(window, app, mode):
    view = app.show_view(ReplayViewerView(app, ReplayModel(record_of(mode))))
    step(window, 2)
    view.seek(view.model.length // 2)
    settle(window, view)
    key(window, arcade.key.L)
    settle(window, view)
    screen = view.screen
    assert not screen.offers_undo()  # the viewer takes no decision
    key(window, arcade.key.Z, arcade.key.MOD_CTRL)
    assert view.model.index == view.model.length // 2
    panel = screen.log_panel
    assert app.log_open and panel is not None and panel.visible
    assert panel.rect.bottom >= BAR_HEIGHT  # the newest lines stand above the bar
    lines = list(screen.event_log.lines)
    assert lines and lines == told_afresh(view)
    assert panel.shown_lines[-1] == lines[-1]
    for _ in range(3):  # a step forward adds its lines: as told from the start
        view.step_forward()
        settle(window, view)
        assert list(view.screen.event_log.lines) == told_afresh(view)
    view.step_back()
    settle(window, view)
    assert list(view.screen.event_log.lines) == told_afresh(view)
    key(window, arcade.key.L)
    step(window, 2)
    assert not app.log_open and not view.screen.log_panel.visible
    view.close()


@pytest.mark.slow
def test_a_seats_log_in_the_viewer_never_tells_the_cpus_sealed_orders(window, app):
    """An unfinished CardConquest record the person played as seat 0: at a position where the
    CPU has ordered its moves in secret, seat 0's log says nothing of them; once both ended
    movement, the moves are told."""
    record = record_of("conquest")
    record["options"]["ai"] = {"1": "easy"}  # seat 0 was the person's
    phases = _phases(record)
    sealed = [i for i, d in enumerate(record["decisions"])  # a late round's
              if d["seat"] == 1 and d["type"] == "move" and phases[i] == "movement"][-1]
    record["decisions"] = record["decisions"][:sealed + 1]
    view = app.show_view(ReplayViewerView(app, ReplayModel(record)))
    step(window, 2)
    assert view.model.seat == 0 and not view.model.over
    view.seek(sealed + 1)
    settle(window, view)
    assert view.screen.board["orders"][1] == "hidden"  # sealed on the screen too
    lines = list(view.screen.event_log.lines)
    this_round = max(i for i, line in enumerate(lines) if line.startswith("Round "))
    assert not any(" moved " in line for line in lines[this_round:]), lines
    assert any(" moved " in line for line in lines[:this_round]), lines  # earlier rounds'
    words = importlib.import_module("game.scenes.conquest.log_words")
    assert lines == told_afresh(view) and words.SENTENCES is view.screen.event_log.table
    view.close()


def _phases(record) -> list[str]:
    from game.engine.record import replay

    outcome = replay(record)
    phases = list(outcome.match.phases)
    outcome.match.close()
    return phases
