"""Learn to play (docs/tutorials.md): each game's tutorial played headless through its script.

The player here clicks only where the guide's outline is (`Guide.marks`), so a tutorial that
highlights the wrong thing cannot be finished; Next on a step that is only read, and nothing on
a step the script plays itself. Then the CPU plays its real turn, the last line shows with
Done, and Done goes back to where Learn to play was pressed.
"""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.scenes.harness import click, key, step
from game.scenes.tutorial import overlap

MODES = ("strike", "crawl", "kingdom", "conquest")
FRAMES = 4000  # a whole tutorial, CPU turn and animations included, at instant speed


@pytest.fixture
def app(window):
    from game.scenes.app import App
    from game.scenes.conquest.base import ConquestView
    from game.scenes.crawl.play import PlayView
    from game.scenes.kingdom.match_view import MatchView
    from game.scenes.settings import Settings
    from game.scenes.strike.base import StrikeView

    saved = (StrikeView.cpu_sync, ConquestView.cpu_sync, MatchView.cpu_sync, PlayView.hint_sync)
    StrikeView.cpu_sync = ConquestView.cpu_sync = MatchView.cpu_sync = True
    PlayView.hint_sync = True
    app = App(window, settings=Settings(animation_speed="instant", sound_on=False))
    yield app
    if app.tutorial is not None:
        app.tutorial.leave()
    (StrikeView.cpu_sync, ConquestView.cpu_sync, MatchView.cpu_sync,
     PlayView.hint_sync) = saved


def press(window, button: Any) -> None:
    click(window, button.rect.center_x, button.rect.center_y)


def settle(window, run, frames: int = 400) -> None:
    """Frames until the screen is still (or the run left)."""
    for _ in range(frames):
        step(window)
        view = window.current_view
        if run.left or not hasattr(view, "tutorial_busy") or not view.tutorial_busy():
            return


def play_step(window, run) -> None:
    """Do what the current step asks, as a player who follows the guide."""
    index = run.step_index()
    stp = run.tutorial.steps[index]
    guide = run.guide
    if stp.decision is None:
        press(window, guide.buttons["next"])
        step(window)
        return
    before = len(run.match.decisions)
    for _ in range(12):  # a decision takes at most a few clicks
        settle(window, run)
        if len(run.match.decisions) > before or run.step_index() != index:
            return
        if not run.own(stp):
            step(window, 10)  # the script plays the other seat's move itself
            continue
        assert guide.marks, f"step {index}: nothing is outlined to click"
        mark = guide.marks[0]
        assert overlap(mark, guide.panel.rect) == 0, f"step {index}: the banner covers it"
        click(window, mark.center_x, mark.center_y)
        step(window)
    raise AssertionError(f"step {index} was not done by clicking where the guide points")


def play_through(window, app, mode: str):
    """Learn to play from the menu to the last line; returns the run."""
    app.show_menu()
    view = app.start_tutorial(mode)
    assert view is not None, "the tutorial did not start"
    run = app.tutorial
    step(window, 2)
    for _ in range(len(run.tutorial.steps) + 2):
        if run.stage != "script":
            break
        play_step(window, run)
    assert run.stage != "script", f"stuck at step {run.step_index()}"
    for _ in range(FRAMES):
        step(window)
        if "done" in run.guide.buttons:
            break
    assert "done" in run.guide.buttons, "the CPU's turn never ended"
    return run


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_each_tutorial_plays_through_its_script_and_a_real_cpu_turn(window, app, mode):
    from game.engine.modes import get_mode
    from game.engine.tutorial import load_tutorial, tutorial_record
    from game.scenes.menu import MainMenuView

    spec, tutorial = get_mode(mode), load_tutorial(mode).tutorial
    saved = app.save_match(tutorial_record(spec, tutorial.model_copy(update={"seed": 99})))
    before = saved.read_bytes()  # the player's own saved match, another one
    run = play_through(window, app, mode)
    made = len(run.match.decisions)
    assert made > run.script_decisions, "the CPU made no decision of its own"
    played = run.match.decisions[:run.script_decisions]
    taught = [s.decision for s in run.tutorial.steps if s.decision is not None]
    assert played == taught
    assert run.guide.line.text == run.tutorial.done
    press(window, run.guide.buttons["done"])
    step(window)
    assert app.tutorial is None
    assert isinstance(window.current_view, MainMenuView)
    assert saved.read_bytes() == before, "a tutorial must never touch the player's save"


def first_taught_step(run) -> int:
    return next(i for i, s in enumerate(run.tutorial.steps)
                if s.decision is not None and run.own(s))


def wrong_decision(run) -> dict[str, Any]:
    """A legal decision of the person's seat that the current step does not teach."""
    from game.engine.tutorial import same_decision

    taught = run.step.decision
    return next(d for d in run.match.legal_decisions(run.tutorial.seat)
                if not same_decision(taught, d))


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_a_move_the_step_does_not_teach_is_refused_with_its_line_and_nothing_changes(
        window, app, mode):
    app.show_menu()
    view = app.start_tutorial(mode)
    run = app.tutorial
    step(window, 2)
    target = first_taught_step(run)
    while run.step_index() != target:  # read steps: Next
        press(window, run.guide.buttons["next"])
        step(window)
    view = window.current_view
    before = run.match.state_json()
    made = len(run.match.decisions)
    assert view.submit(wrong_decision(run)) is False
    assert run.match.state_json() == before and len(run.match.decisions) == made
    assert view.toast.message == run.tutorial.steps[target].refusal
    assert run.step_index() == target  # still the same step: the taught move is still asked


@pytest.mark.slow
def test_a_read_step_refuses_every_move_until_next(window, app):
    from game.scenes.tutorial import READ_FIRST

    app.show_menu()
    app.start_tutorial("strike")
    run = app.tutorial
    step(window, 2)
    assert run.step.decision is None
    view = window.current_view
    move = run.match.legal_decisions(0)[0]
    assert view.submit(move) is False
    assert view.toast.message == READ_FIRST and run.match.decisions == []


@pytest.mark.slow
@pytest.mark.parametrize("how", ["skip", "esc"])
@pytest.mark.parametrize("mode", MODES)
def test_the_tutorial_can_be_left_at_any_step_and_keeps_nothing(window, app, mode, how):
    from game.scenes.menu import MainMenuView

    app.show_menu()
    app.start_tutorial(mode)
    run = app.tutorial
    step(window, 2)
    play_step(window, run)  # one step in
    play_step(window, run)
    settle(window, run)
    if how == "skip":
        press(window, run.guide.buttons["skip"])
    else:
        key(window, arcade.key.ESCAPE)
    step(window, 2)
    assert run.left and app.tutorial is None
    assert isinstance(window.current_view, MainMenuView)
    assert not app.has_save(mode)


@pytest.mark.slow
def test_learn_to_play_is_beside_every_game_in_the_menu(window, app):
    menu = app.show_menu()
    step(window)
    assert set(menu.learn_buttons) == set(MODES)
    press(window, menu.learn_buttons["kingdom"])
    step(window, 2)
    assert app.tutorial is not None and app.tutorial.spec.id == "kingdom"
    assert window.current_view.guide is app.tutorial.guide


@pytest.mark.slow
def test_the_first_launch_offers_the_tutorials_once(window, tabula_home):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    first = App(window, settings=Settings.load())
    assert first.offer_tutorials_once() is True
    menu = first.show_menu()
    step(window)
    assert set(menu.offer_buttons) == {*MODES, "later"}
    press(window, menu.offer_buttons["later"])
    step(window)
    assert not first.offer_tutorials and not menu.offer_buttons
    assert set(menu.learn_buttons) == set(MODES)  # the menu itself, Learn to play on each row
    again = App(window, settings=Settings.load())  # the next launch, same home
    assert again.settings.tutorials_offered
    assert again.offer_tutorials_once() is False


@pytest.mark.slow
def test_the_offer_starts_the_game_chosen(window, tabula_home):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    app = App(window, settings=Settings(animation_speed="instant", sound_on=False))
    app.offer_tutorials_once()
    menu = app.show_menu()
    step(window)
    press(window, menu.offer_buttons["crawl"])
    step(window, 2)
    assert app.tutorial is not None and app.tutorial.spec.id == "crawl"
    app.tutorial.leave()
    step(window)
    assert not app.offer_tutorials and not window.current_view.offer_buttons


# -- a broken tutorial file --------------------------------------------------------------------
@pytest.fixture
def mod_tutorial(tabula_home):
    """Write a mod's strike/tutorial.toml in the temporary home; the resource cache is fresh."""
    from game import paths
    from game.engine import resources

    resources.clear_resource_cache()
    path = paths.mods_dir() / "badtut" / "strike" / "tutorial.toml"
    path.parent.mkdir(parents=True)

    def write(text: str):
        path.write_text(text)
        resources.clear_resource_cache()
        return path

    yield write
    resources.clear_resource_cache()


BASE_HEAD = '''
[[tutorial]]
id = "first_match"
seed = 4101
cpu = "easy"
cpu_turn = "The CPU plays."
done = "Done."
[tutorial.setup]
phase = "combat"
to_act = [0]
[[tutorial.setup.board.units]]
owner = 0
card = "ember_vine"
pos = [7, 5]
[[tutorial.setup.board.units]]
owner = 0
card = "flame_embrace"
pos = [5, 4]
[[tutorial.setup.board.units]]
owner = 0
card = "aqua_trail"
pos = [5, 7]
[[tutorial.setup.board.units]]
owner = 1
card = "nature_wave"
pos = [15, 5]
[[tutorial.setup.board.units]]
owner = 1
card = "vine_strike"
pos = [17, 4]
[[tutorial.setup.board.units]]
owner = 1
card = "water_splash"
pos = [17, 7]
'''


@pytest.mark.slow
def test_a_script_move_that_is_not_legal_names_the_file_and_key(window, app, mod_tutorial):
    from game.engine.tutorial import load_tutorial

    path = mod_tutorial(BASE_HEAD + '''
[[tutorial.steps]]
say = "Read this."
[[tutorial.steps]]
say = "Move far away."
decision = { seat = 0, type = "move", unit = "p0.ember_vine", to = [22, 10] }
''')
    loaded = load_tutorial("strike")
    assert not loaded.ok
    problem = loaded.problems[0]
    assert problem.file == str(path) and problem.key == "tutorial[0].steps.1.decision"
    assert "not legal at this step" in problem.problem
    menu = app.show_menu()
    step(window)
    assert app.start_tutorial("strike") is None  # the game goes on, on its menu
    assert window.current_view is menu and app.tutorial is None
    assert str(path) in menu.toast.message and "tutorial[0].steps.1.decision" in menu.toast.message


def test_a_tutorial_file_missing_a_key_names_it_and_validate_says_so(mod_tutorial, capsys):
    from game.cli import run as main

    path = mod_tutorial(BASE_HEAD + '''
[[tutorial.steps]]
decision = { seat = 0, type = "pass" }
''')
    assert main(["validate"]) != 0
    out = capsys.readouterr().out
    assert f"{path}:tutorial[0].steps.0.say: Field required" in out


def test_validate_plays_the_shipped_tutorials(capsys):
    from game.cli import run as main

    assert main(["validate"]) == 0
    assert "tutorial" not in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["crawl", "conquest"])
def test_learn_to_play_on_a_games_own_start_screen_comes_back_to_it(window, app, mode):
    from game.engine.modes import ModeLaunch
    from game.scenes.tutorial import ESC_SKIP_START

    start = app.start_mode(ModeLaunch(mode=mode))
    step(window, 3)
    start.prepare_now()
    button = start.buttons["learn"] if mode == "crawl" else start.learn_btn
    press(window, button)
    step(window, 2)
    run = app.tutorial
    assert run is not None and run.spec.id == mode
    title = {"crawl": "Card Crawl", "conquest": "CardConquest"}[mode]
    assert window.current_view.current_esc_help() == ESC_SKIP_START.format(title=title)
    key(window, arcade.key.ESCAPE)
    step(window, 2)
    assert app.tutorial is None
    assert type(window.current_view) is type(start) and window.current_view is not start


@pytest.mark.slow
def test_card_crawl_plays_on_after_its_tutorial_unsaved_and_unscored(window, app):
    from game.scenes.crawl.scores import eligible

    run = play_through(window, app, "crawl")
    assert set(run.guide.buttons) == {"play_on", "done"}
    view = window.current_view
    press(window, run.guide.buttons["play_on"])
    step(window)
    assert view.guide is None and window.current_view is view and run.practice
    made = len(run.match.decisions)
    move = run.match.legal_decisions(0)[0]
    assert view.submit(move) is True  # the run is the person's now, any legal move
    settle(window, run)
    assert len(run.match.decisions) == made + 1
    assert not app.has_save("crawl")  # still never saved...
    assert not eligible(view.current_record())  # ... nor scored (it starts from a setup)
    app.show_menu()
    assert app.tutorial is None  # leaving the run ends the practice


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_at_960x600_each_tutorial_plays_through_clear_of_its_banner(window, app, mode):
    old = (window._width, window._height)
    window._width, window._height = 960, 600  # the smallest window (test_text_extents.sized)
    window.dispatch_event("on_resize", 960, 600)
    try:
        run = play_through(window, app, mode)
        assert run.guide.panel.rect.width <= 960 and run.guide.panel.rect.top <= 600
    finally:
        window._width, window._height = old
        window.dispatch_event("on_resize", *old)


@pytest.mark.slow
def test_a_cpu_turn_played_whole_in_the_frame_the_script_ends_still_ends_the_tutorial(
        window, app, monkeypatch):
    """CardConquest's CPU submits a whole phase step in one frame when it has the time: its
    turn began where the script ended, not where the guide first looked (it once waited for
    a change of position that had already happened, and never showed Done)."""
    from game.scenes.conquest import base

    monkeypatch.setattr(base, "CPU_FRAME_MS", 1e9)  # every CPU decision in the first frame
    run = play_through(window, app, "conquest")
    assert run.cpu_over and run.match.phase != "movement"


@pytest.mark.slow
def test_undo_in_a_tutorial_goes_back_a_step_and_the_script_plays_on(window, app):
    """Marve-Strike against its CPU offers Undo: it takes back the person's move and the
    script's reply, the guide teaches that step again, and the tutorial still ends."""
    app.show_menu()
    app.start_tutorial("strike")
    run = app.tutorial
    step(window, 2)
    while run.step_index() != 3:  # read, move, the script's reply: at the attack step
        play_step(window, run)
        settle(window, run)
    view = window.current_view
    assert view.offers_undo() and len(run.match.decisions) == 2
    key(window, arcade.key.Z, arcade.key.MOD_CTRL)
    settle(window, run)
    view = window.current_view
    assert run.match.decisions == [] and run.step_index() == 1
    for _ in range(len(run.tutorial.steps) + 2):
        if run.stage != "script":
            break
        play_step(window, run)
    for _ in range(FRAMES):
        step(window)
        if "done" in run.guide.buttons:
            break
    assert "done" in run.guide.buttons
    assert len(run.match.decisions) > run.script_decisions
