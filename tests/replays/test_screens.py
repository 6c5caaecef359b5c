"""The Replays list and the replay viewer, headless (docs/replays.md): the menu's Replays
button, the list's lines, each mode's own screen at the viewer's positions, the controls,
the read-only screen and "Play from here"."""

from __future__ import annotations

import json

import arcade
import pytest
from PIL import ImageChops

import game.scenes  # noqa: F401  (arcade.gui shim)
from game import paths
from game.cli import run
from game.engine.modes import get_mode
from game.engine.record import canonical_json, save_record
from game.engine.replay_model import ReplayModel
from game.replay_files import keep_finished, opened_paths, record_key, replays_dir
from game.scenes import replay_screens
from game.scenes.app import App
from game.scenes.harness import click, drag, key, step
from game.scenes.replay_screens import screen_kind
from game.scenes.replays import BAR_HEIGHT, ReplaysView, ReplayViewerView, open_replay_file
from game.scenes.scale import view_size
from tests.replays.records import MODES, record_of

SCREENS = {  # the mode's own screen classes the viewer shows, by phase
    "strike": {"draft": "DraftView", "placement": "PlacementView", "combat": "CombatView",
               "over": "ResultView"},
    "conquest": {"commander": "CommanderView", "placement": "PlacementView",
                 "movement": "MovementView", "reinforcements": "ReinforcementsView",
                 "cards": "CardsView", "retreat": "RetreatView", "over": "GameOverView"},
    "crawl": {"pick": "PickerView", "play": "PlayView", "over": "PlayView"},
    "kingdom": {"deck_builder": "DeckBuilderView", "planning": "MatchView", "over": "MatchView"},
}


@pytest.fixture
def app(window):
    return App(window)


def center(widget):
    return widget.rect.center_x, widget.rect.center_y


@pytest.mark.slow
def test_the_menu_opens_the_replays_list_of_saves_finished_and_opened_files(window, app,
                                                                            tmp_path):
    strike, crawl = record_of("strike"), record_of("crawl")
    keep_finished(strike)
    keep_finished(strike)  # kept once
    save = record_of("conquest")
    save["decisions"] = save["decisions"][:30]
    app.save_match(save)
    opened = tmp_path / "mine.json"
    save_record(opened, crawl)
    menu = app.show_menu()
    step(window, 2)
    click(window, *center(menu.replays_button))
    step(window, 1)
    view = window.current_view
    assert isinstance(view, ReplaysView)
    assert len(list(replays_dir().glob("finished-strike-7-*.json"))) == 1
    assert [e.kind for e in view.listed] == ["save", "finished"]  # not yet opened
    open_replay_file(app, opened)
    assert opened_paths() == [opened.resolve()]
    view = app.show_replays()
    step(window, 8)  # one record read per frame
    assert not view.pending
    lines = [b.text for b in view.row_buttons]
    assert len(lines) == 3
    assert lines[0].startswith("CardConquest · saved game · ")
    assert lines[0].endswith("\nCPU easy vs CPU easy · in progress · 30 decisions")
    n = len(strike["decisions"])
    assert any(line.startswith("Marve-Strike · finished · ") and
               line.endswith(f"\nCPU easy vs CPU easy · seat 2 won (round limit) · {n} decisions")
               for line in lines)
    assert any(line.startswith("Card Crawl · opened file · ") for line in lines)
    # the same record saved twice (Save replay and the kept copy) is one line
    save_record(replays_dir() / "strike-7-copy.json", strike)
    view = app.show_replays()
    view.read_all()
    assert len(view.row_buttons) == 3
    assert record_key(strike) == record_key(json.loads(json.dumps(strike)))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.slow
def test_the_viewer_steps_through_each_mode_on_its_own_screens(window, app, mode):
    record = record_of(mode)
    keep_finished(record)
    lister = app.show_replays()
    lister.read_all()
    click(window, *center(lister.row_buttons[0]))
    step(window, 1)
    view = window.current_view
    assert isinstance(view, ReplayViewerView)
    model = view.model
    assert model.seat is None  # a finished match opens on the full view
    n = model.length
    assert n == len(record["decisions"])
    seen = set()
    for index in sorted({0, 1, 2, n // 2, n - 1, n}):
        view.slider.value = index  # the scrubber
        step(window, 1)
        assert model.index == index and view.slider.value == index
        screen = view.screen
        assert type(screen).__name__ == SCREENS[mode][model.match.phase]
        seen.add(type(screen).__name__)
        assert f"Decision {index} / {n}" in view.caption.text
        assert app.active_view is None  # the shown screen is not a live match: nothing saved
    view.to_start()
    step(window, 1)
    rect = view.slider.rect  # drag the scrubber's knob to the far end
    drag(window, rect.left + 6, rect.center_y, rect.right + 20, rect.center_y)
    step(window, 1)
    assert model.index == n
    for seat in range(model.seats):
        click(window, *center(view.seat_buttons[seat]))
        step(window, 1)
        assert model.seat == seat and view.seat_buttons[seat].text == f"[Seat {seat + 1}]"
    click(window, *center(view.back_btn))
    step(window, 1)
    assert model.index == n - 1
    click(window, *center(view.start_btn))
    step(window, 1)
    assert model.index == 0 and view.back_btn.disabled
    key(window, arcade.key.RIGHT)
    step(window, 1)
    assert model.index == 1
    key(window, arcade.key.LEFT)
    step(window, 1)
    assert model.index == 0
    # play: one decision per STEP_SECONDS at the speed shown
    click(window, *center(view.speed_btn))
    assert view.speed_btn.text == "2x"
    click(window, *center(view.play_btn))
    assert view.playing and view.play_btn.text == "Pause"
    step(window, 25)  # 25 frames of 1/60 s at 2x: one decision (0.8 s)
    assert model.index == 1
    window.invalid = False  # the window draws on demand: playing must ask for its frames
    view.on_update(1 / 60)
    assert window.invalid
    key(window, arcade.key.SPACE)
    assert not view.playing
    # read-only: a click on the board submits nothing
    decisions = len(model.match.decisions)
    click(window, window.width / 2, window.height / 2)
    step(window, 1)
    assert len(model.match.decisions) == decisions and model.index == 1
    click(window, *center(view.seat_buttons[0]))
    step(window, 1)
    screen = view.screen
    state = getattr(screen, "state", None)
    if isinstance(state, dict) and "board" in state:  # the screen shows the seat's view
        assert canonical_json(state) == canonical_json(model.match.view_json(0))
    key(window, arcade.key.ESCAPE)
    step(window, 1)
    assert isinstance(window.current_view, ReplaysView)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_play_from_here_starts_a_new_match_at_the_position(window, app, mode):
    record = record_of(mode)
    path = replays_dir() / f"{mode}.json"
    save_record(path, record)
    view = open_replay_file(app, path)
    model = view.model
    index = model.length // 2
    view.seek(index)
    me = model.seats - 1
    view.show_seat(me)
    step(window, 1)
    viewed = model.match.state_json()
    assert not view.here_btn.disabled
    click(window, *center(view.here_btn))
    step(window, 2)
    screen = window.current_view
    assert app.active_view is screen  # a live match now, saved like any other
    match = screen.match
    strip = lambda s: canonical_json({k: v for k, v in s.items() if k != "seats"})  # noqa: E731
    if not match.decisions:
        assert strip(match.state_json()) == strip(viewed)
    level = get_mode(mode).default_level
    assert match.setup is not None
    assert match.cpu_seats() == ({} if model.seats == 1 else {1 - me: level})
    app.leave_match(screen)


def test_play_from_here_is_off_with_its_reason_where_the_setup_cannot_say_it(window, app):
    path = replays_dir() / "kingdom.json"
    save_record(path, record_of("kingdom"))
    view = open_replay_file(app, path)
    step(window, 1)
    assert view.model.match.phase == "deck_builder"
    assert view.here_btn.disabled
    assert "Play from here: Kingdom setups start in planning" in view.caption.text
    view.to_end()
    step(window, 1)
    assert view.here_btn.disabled
    assert "Play from here: The match is over at this position." in view.caption.text


def test_play_replay_rejects_a_bad_file_and_a_mode_with_it(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert run(["play", "--replay", str(bad)]) == 1
    assert "bad.json" in capsys.readouterr().err
    good = tmp_path / "good.json"
    save_record(good, record_of("crawl"))
    assert run(["play", "crawl", "--replay", str(good)]) == 64
    assert not paths.user_data_dir().exists() or not opened_paths()


SHOWN_STATE = {"strike": "state", "conquest": "state", "crawl": "state", "kingdom": "shown"}


def shown_part(mode, state):
    """The part of seat 0's view that the mode's screen keeps as the state it shows."""
    if mode != "kingdom":
        return state
    return {"turn": state["turn"], "phase": state["phase"], "result": state["result"],
            "seats": state["board"]["seats"], "combat_log": state["board"]["combat_log"]}


def _picture(window, screen):
    window.clear()
    screen.on_draw()
    return arcade.get_image(0, BAR_HEIGHT + 1, window.width, window.height - BAR_HEIGHT - 1)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.slow
def test_a_step_shows_the_position_on_the_screen_built_before(window, app, mode):
    """A step forward and back, and a jump within the phase, show the model's position on
    the very screen object the viewer built before (no new build, no layout), drawn as a
    screen built at that position draws it."""
    view = app.show_view(ReplayViewerView(app, ReplayModel(record_of(mode))))
    model = view.model
    view.show_seat(0)
    # a position whose next one is shown by the same kind of screen
    index = next(i for i in range(model.length // 2, model.length - 1)
                 if model.seek(i) == i and (kind := screen_kind(model.match))
                 and model.seek(i + 1) == i + 1 and screen_kind(model.match) == kind
                 and model.seek(i + 2) == i + 2 and screen_kind(model.match) == kind)
    view.seek(index)
    step(window, 1)
    frames = 0
    while getattr(view.screen, "preparing", False):  # a new kind of screen: in steps
        step(window, 1)
        frames += 1
        assert frames < 400
    screen, built = view.screen, view.screens.built
    layouts = screen._laid_out_for
    assert layouts is not None
    shown = []
    for keys, at in (((arcade.key.RIGHT,), index + 1), ((arcade.key.LEFT,), index),
                     ((arcade.key.RIGHT, arcade.key.RIGHT), index + 2)):
        for symbol in keys:
            key(window, symbol)
        step(window, 1)
        assert model.index == at and view.screen is screen
        assert view.screens.built == built  # nothing was built again
        assert canonical_json(getattr(screen, SHOWN_STATE[mode])) == \
            canonical_json(shown_part(mode, model.match.view_json(0)))
        assert len(model.match.decisions) == at  # no CPU moved the watched match
        shown.append(canonical_json(model.match.view_json(0)))
    assert screen._laid_out_for == layouts
    assert shown[0] != shown[1]  # the steps changed the position shown
    # the picture is the one of a screen built at this position
    reused = _picture(window, screen)
    fresh = replay_screens.screen_for(app, model.match, 0)
    fresh.relayout()
    step_fresh = _picture(window, fresh)
    replay_screens.discard(fresh)
    diff = ImageChops.difference(reused.convert("RGB"), step_fresh.convert("RGB"))
    assert diff.getbbox() is None, diff.getbbox()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.slow
def test_a_new_kind_of_screen_prepares_behind_its_loading_state(window, app, mode,
                                                                 monkeypatch):
    """The first position of a kind builds its screen in steps (the viewer keeps drawing
    and taking keys meanwhile); a step onto a screen still preparing finishes it at once."""
    from game.scenes.base import GameViewBase

    monkeypatch.setattr(GameViewBase, "prepare_sync", False)
    view = app.show_view(ReplayViewerView(app, ReplayModel(record_of(mode))))
    view.rebuild()  # what the viewer's next frame does first
    screen = view.screen
    assert isinstance(screen, GameViewBase) and screen.preparing  # no work in the build
    steps = 0
    while screen.preparing:
        step(window, 1)
        steps += 1
        assert steps < 400
    assert steps >= 1 and screen._laid_out_for == view_size(window)
    view.close()

    view = app.show_view(ReplayViewerView(app, ReplayModel(record_of(mode))))
    view.rebuild()
    screen = view.screen
    assert screen.preparing
    kind = screen_kind(view.model.match)
    assert view.model.seek(1) == 1
    view.moved()
    step(window, 1)
    if screen_kind(view.model.match) == kind:  # the same screen: finished, then moved on
        assert view.screen is screen
        assert not screen.preparing and screen._laid_out_for == view_size(window)
    view.close()


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["strike", "conquest", "kingdom"])
def test_a_saved_match_in_the_viewer_offers_only_the_player_s_seat(window, app, mode):
    """Issue 27, the tester's steps: leave a match mid-round (the save), open it from
    Replays, choose the CPU's seat: refused with the reason, and the screen keeps showing
    the player's own view (conquest: the CPU's orders stay "hidden"; kingdom: its deck
    builder and shop are the player's). Every seat and Full open once the match is over."""
    record = record_of(mode)
    record["options"]["ai"] = {"1": "easy"}  # a person plays seat 1, the CPU seat 2
    n = len(record["decisions"])
    record["decisions"] = record["decisions"][:n // 2]
    app.save_match(record)
    lister = app.show_replays()
    lister.read_all()
    click(window, *center(lister.row_buttons[0]))
    step(window, 1)
    view = window.current_view
    assert isinstance(view, ReplayViewerView) and view.model.seat == 0
    assert view.seat_buttons[1].disabled and view.seat_buttons[None].disabled
    for index in (0, view.model.length // 2, view.model.length):
        view.seek(index)
        click(window, *center(view.seat_buttons[1]))  # a disabled button: nothing
        view.show_seat(1)
        step(window, 1)
        assert view.model.seat == 0
        assert view.toast.visible and "Seat 2 is the CPU's" in view.toast.message
        screen = view.screen
        assert shown_seat(screen) == 0
        state = getattr(screen, "state", None)
        if isinstance(state, dict) and "board" in state:
            assert canonical_json(state) == canonical_json(view.model.match.view_json(0))
        if mode == "conquest" and view.model.match.phase in ("placement", "movement"):
            assert view.model.state()["board"]["orders"][1] == "hidden"
    view.leave()
    finished = record_of(mode)
    finished["options"]["ai"] = {"1": "easy"}
    view = app.show_view(ReplayViewerView(app, ReplayModel(finished)))
    step(window, 1)
    assert not view.seat_buttons[1].disabled and not view.seat_buttons[None].disabled
    view.show_seat(1)
    assert view.model.seat == 1
    view.leave()


def shown_seat(screen):
    """Whose view a mode's screen shows: the deck builder's seat, else its session's."""
    session = getattr(screen, "session", None)
    if session is None:
        return screen.seat
    return session.viewer if hasattr(session, "viewer") else session.me


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["strike", "conquest", "kingdom"])
@pytest.mark.parametrize("part", [0.02, 0.5])
def test_every_screen_of_a_record_shows_the_seat_a_person_plays(window, app, mode, part):
    """Issue 27: a record in progress whose person plays seat 2 (seat 1 the CPU) is shown as
    seat 2 sees it by every screen that opens a record: the replay viewer, `tabula shot`
    and the sessions that Continue, `--load` and Play from here start (the same session
    classes, live)."""
    from game.scenes.conquest.base import ConquestSession
    from game.scenes.kingdom.match_view import KingdomSession
    from game.scenes.strike.base import StrikeSession

    record = record_of(mode)
    record["options"]["ai"] = {"0": "easy"}
    n = len(record["decisions"])
    record["decisions"] = record["decisions"][:max(1, int(n * part))]
    viewer = app.show_view(ReplayViewerView(app, ReplayModel(record)))
    viewer.to_end()
    step(window, 1)
    assert viewer.model.seat == 1 and shown_seat(viewer.screen) == 1
    match = viewer.model.match
    shot = get_mode(mode).shot_factory()(app, match)
    assert shown_seat(shot) == 1
    replay_screens.discard(shot)
    session = {"strike": StrikeSession, "conquest": ConquestSession,
               "kingdom": KingdomSession}[mode](match, live=False, sync=True)
    assert (session.viewer if mode == "conquest" else session.me) == 1
    viewer.leave()


def test_the_screens_buttons_never_show_through_the_bar(window, app):
    """Issue 27: the bar was 90 % opaque, so the game's own buttons under it (crawl's Rebuy,
    Hint, ...) showed through. Every pixel of the bar outside its own widgets is the bar's."""
    from game.scenes.harness import screenshot
    from game.scenes.replays import BAR_COLOUR

    view = app.show_view(ReplayViewerView(app, ReplayModel(record_of("crawl"))))
    view.seek(3)
    for _ in range(400):
        step(window, 1)
        if not getattr(view.screen, "preparing", False):
            break
    step(window, 2)
    covered = [b for b in view.screen.buttons.values() if b.rect.bottom < BAR_HEIGHT]
    assert covered, "the screen has buttons under the bar"
    image = screenshot(window)
    bar_widgets = [w.rect for m in (view.ui, view.scrub_ui) for w in m.walk_widgets()
                   if w.rect.width < view_size(window)[0] - 1]
    height = image.height
    for button in covered:
        for x in range(int(button.rect.left) + 2, int(button.rect.right) - 2, 7):
            for y in range(max(1, int(button.rect.bottom) + 2), min(BAR_HEIGHT - 2,
                                                                     int(button.rect.top))):
                if any(r.left - 2 <= x <= r.right + 2 and r.bottom - 2 <= y <= r.top + 2
                       for r in bar_widgets) or y < 26:  # the caption's line
                    continue
                assert image.getpixel((x, height - 1 - y))[:3] == tuple(BAR_COLOUR)[:3], (x, y)
