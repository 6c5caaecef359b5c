"""Save slots (docs/saves.md): a finished match deletes only its own save, Start over a save
asks, unloadable saves are set aside and reported, broken mods are listed, and closing the game
saves the match on screen and ends every worker process."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import arcade
import pytest

from game import paths
from game.scenes.app import App
from game.scenes.base import GameViewBase
from game.scenes.cpu_worker import WorkerCalls
from game.scenes.harness import click, key, step
from game.scenes.menu import MainMenuView
from game.scenes.saves import same_match
from game.scenes.widgets import HelpOverlay

REPO = Path(__file__).resolve().parents[2]
RECORD = {
    "format": 1, "mode": "alpha", "rules": "1", "seed": 7,
    "options": {"ai": {"1": "normal"}}, "setup": None, "decisions": [],
}  # fmt: skip
MOVE = {"seat": 0, "type": "pass"}


def show_menu(window, app) -> MainMenuView:
    menu = app.show_menu()
    step(window)
    return menu


def slot(mode: str = "alpha") -> Path:
    return paths.saves_dir() / f"{mode}.json"


def test_same_match_is_the_same_deal_played_on():
    later = {**RECORD, "decisions": [MOVE, MOVE]}
    assert same_match(RECORD, later)
    assert same_match(later, later)
    assert not same_match(later, RECORD), "the save is further on than this match"
    assert not same_match(RECORD, {**later, "seed": 8})
    assert not same_match(RECORD, {**later, "options": {"ai": {"1": "hard"}}})
    assert not same_match({**RECORD, "decisions": [MOVE]},
                          {**RECORD, "decisions": [{"seat": 0, "type": "other"}]})


def test_a_finished_match_deletes_only_its_own_save(window, app, registry):
    registry("alpha")
    app.save_match(dict(RECORD))
    other = {**RECORD, "seed": 99, "decisions": [MOVE]}
    app.finish_match(other)
    assert json.loads(slot().read_text())["seed"] == 7, "another match's save stays"
    app.finish_match({**RECORD, "decisions": [MOVE, MOVE]})
    assert not slot().exists(), "the match that was saved, played to its end"


def test_a_finished_match_that_cannot_be_kept_keeps_its_save_and_says_so(window, app,
                                                                         registry, fake_scenes):
    """`data/replays` is a file: the finished record cannot be written, so the save stays and
    the end screen says where the match is and that Save replay tries again (the save used to
    be deleted all the same: the match vanished)."""
    from game.replay_files import finished_path, replays_dir

    registry("alpha")
    app.save_match(dict(RECORD))
    replays_dir().parent.mkdir(parents=True, exist_ok=True)
    replays_dir().write_text("not a folder", encoding="utf-8")
    finished = {**RECORD, "decisions": [MOVE]}
    problem = app.finish_match(finished)
    assert problem is not None and str(replays_dir()) in problem
    assert str(slot()) in problem and "Save replay" in problem
    assert json.loads(slot().read_text())["decisions"] == [], "the save is kept"
    end = app.show_view(fake_scenes.FakeGameView(app))  # the end screen opens next
    assert end.toast.visible and end.toast.message == problem
    assert end.toast.kind == "error"
    replays_dir().unlink()  # room again: Save replay writes it, then the save may go
    from game.engine.record import save_record

    save_record(finished_path(finished), finished)
    app.replay_saved(finished)
    assert not slot().exists()


def test_a_full_disk_keeps_the_save_of_a_finished_match(window, app, registry, monkeypatch):
    import errno

    from game import replay_files

    registry("alpha")
    app.save_match(dict(RECORD))

    def full(path, record):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr("game.engine.record.save_record", full)
    problem = app.finish_match({**RECORD, "decisions": [MOVE]})
    assert problem is not None and os.strerror(errno.ENOSPC) in problem
    assert slot().exists() and not replay_files.replays_dir().exists()
    monkeypatch.undo()
    assert app.finish_match({**RECORD, "decisions": [MOVE]}) is None
    assert not slot().exists(), "kept at last: the save goes"


def test_a_second_window_on_one_home_is_read_only_until_the_first_closes(
        window, registry, fake_scenes, tabula_home):
    """Two windows on one home used to overwrite each other's saves with no warning: the
    second one now says who owns the home, plays and saves nothing, and takes the home over
    once the first window has closed (docs/saves.md "Two windows on one home")."""
    from game import home_lock
    from game.engine.modes import ModeLaunch
    from tests.test_home_lock import holder

    registry("alpha", scene_entry="tabula_fake_scenes:start")
    paths.saves_dir().mkdir(parents=True, exist_ok=True)
    slot().write_text("{ damaged", encoding="utf-8")  # the owner's to set aside, not ours
    home_lock.release()
    first = holder(tabula_home)
    try:
        second = App(window)
        assert second.read_only and second.save_problems == []
        assert slot().read_text(encoding="utf-8") == "{ damaged"
        menu = show_menu(window, second)
        assert menu.notice_text() == "Read-only: another Tabula window is using this home's saves"
        assert any(f"pid {first.pid}" in line for topic in menu.notice_topics()
                   for line in topic.lines)
        assert second.start_mode(ModeLaunch(mode="alpha")) is None
        assert fake_scenes.launches == []
        assert menu.toast.visible and f"pid {first.pid}" in menu.toast.message
        assert second.save_match({**RECORD, "seed": 5}) is None
        assert slot().read_text(encoding="utf-8") == "{ damaged", "nothing written"
    finally:
        first.stdin.close()
        first.wait(10)
    assert not second.read_only, "the first window closed: this one owns the home now"
    assert [p.mode for p in second.save_problems] == ["alpha"], "and checks the saves"
    assert second.start_mode(ModeLaunch(mode="alpha")) is not None


@pytest.mark.slow
def test_start_over_a_save_asks_first(window, app, registry, fake_scenes):
    registry("alpha", scene_entry="tabula_fake_scenes:start")
    app.save_match(dict(RECORD))
    menu = show_menu(window, app)
    click(window, *menu.start_buttons["alpha"].rect.center)
    assert fake_scenes.launches == [] and menu.replacing is not None
    assert set(menu.replace_buttons) == {"continue", "start", "cancel"}
    step(window)
    click(window, *menu.replace_buttons["cancel"].rect.center)
    assert menu.replacing is None and fake_scenes.launches == []
    assert json.loads(slot().read_text())["seed"] == 7

    step(window)
    click(window, *menu.start_buttons["alpha"].rect.center)
    key(window, arcade.key.ESCAPE)  # Esc is Cancel
    assert menu.replacing is None and fake_scenes.launches == []

    step(window)
    click(window, *menu.start_buttons["alpha"].rect.center)
    step(window)
    click(window, *menu.replace_buttons["continue"].rect.center)
    (launch,) = fake_scenes.launches
    assert launch.record is not None and launch.record["seed"] == 7

    menu = show_menu(window, app)
    click(window, *menu.start_buttons["alpha"].rect.center)
    step(window)
    click(window, *menu.replace_buttons["start"].rect.center)
    assert fake_scenes.launches[-1].record is None
    assert slot().exists(), "the old save stays until the new match is saved"


def test_start_without_a_save_does_not_ask(window, app, registry, fake_scenes):
    registry("alpha", scene_entry="tabula_fake_scenes:start")
    menu = show_menu(window, app)
    click(window, *menu.start_buttons["alpha"].rect.center)
    assert len(fake_scenes.launches) == 1 and menu.replacing is None


def test_unloadable_saves_are_set_aside_and_reported(window, registry):
    registry("alpha")
    registry("beta")
    slot("alpha").write_bytes(b"\xff\xfe not json")
    slot("beta").write_text(json.dumps({**RECORD, "mode": "beta", "format": 99}))
    app = App(window)
    assert not slot("alpha").exists() and not slot("beta").exists()
    assert slot("alpha").with_name("alpha.json.bak").read_bytes() == b"\xff\xfe not json"
    assert json.loads(slot("beta").with_name("beta.json.bak").read_text())["format"] == 99
    menu = show_menu(window, app)
    assert menu.continue_buttons["alpha"].disabled and menu.continue_buttons["beta"].disabled
    assert menu.notice_label is not None
    assert "2 saves could not be loaded (kept aside)" in menu.notice_label.text
    click(window, *menu.details_button.rect.center)
    overlay = window.current_view
    assert isinstance(overlay, HelpOverlay)
    (topic,) = overlay.topics
    lines = "\n".join(topic.lines)
    assert "beta: record: format 99 is newer than this Tabula reads (1) (kept as beta.json.bak)" \
        in lines
    assert "alpha: " in lines and "not UTF-8" in lines


def test_a_save_that_breaks_on_continue_is_set_aside(window, app, registry, fake_scenes):
    registry("alpha", scene_entry="tabula_fake_scenes:start")
    menu = show_menu(window, app)
    slot().write_text("[1, 2")  # damaged after the game started
    menu.build()
    step(window)
    click(window, *menu.continue_buttons["alpha"].rect.center)
    assert fake_scenes.launches == [] and "kept as alpha.json.bak" in menu.toast.message
    assert slot().with_name("alpha.json.bak").read_text() == "[1, 2"
    step(window)
    assert menu.continue_buttons["alpha"].disabled
    assert "1 save could not be loaded" in menu.notice_label.text


def write_mod(name: str, mode: str, files: dict[str, str]) -> Path:
    folder = paths.mods_dir() / name / mode
    folder.mkdir(parents=True)
    for rel, text in files.items():
        (folder / rel).write_text(text)
    return folder


def test_skipped_mods_are_listed_on_the_menu(window, app, registry):
    registry("alpha")
    registry("beta")
    write_mod("broken_one", "alpha", {"cards.toml": "x = 1\n"})
    write_mod("broken_two", "beta", {"rules.toml": "= nope\n"})
    menu = show_menu(window, app)
    assert menu.notice_label.text == "2 mods were skipped: problems in their files"
    click(window, *menu.details_button.rect.center)
    overlay = window.current_view
    assert isinstance(overlay, HelpOverlay) and overlay.title == "Problems"
    (topic,) = overlay.topics
    assert topic.title == "Skipped mods"
    assert any(line.endswith("broken_one: mod 'broken_one' skipped") for line in topic.lines)
    assert any("broken_one/alpha/cards.toml: unknown resource file for alpha" in line
               for line in topic.lines)
    assert any("broken_two/beta/rules.toml: " in line for line in topic.lines)
    key(window, arcade.key.ESCAPE)
    assert window.current_view is menu


def test_no_notice_when_nothing_went_wrong(window, app, registry):
    registry("alpha")
    menu = show_menu(window, app)
    assert menu.notice_label is None and menu.details_button is None


class Board(GameViewBase):
    title = "Live match"

    def __init__(self, app):
        super().__init__(app)
        self.record = dict(RECORD, decisions=[MOVE])
        self.left = 0

    def current_record(self):
        return None if self.left else self.record

    def on_leave(self):
        self.left += 1


def test_shutdown_saves_the_match_on_screen_and_ends_the_workers(window, app, registry):
    registry("alpha")
    board = Board(app)
    window.show_view(board)
    step(window)
    calls = WorkerCalls("test CPU")
    calls.submit(time.sleep, 60)  # a CPU deep in thought
    deadline = time.monotonic() + 30
    while not multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = multiprocessing.active_children()
    assert workers, "the worker process started"
    app.shutdown()
    assert json.loads(slot().read_text())["decisions"] == [MOVE]
    assert board.left == 1
    assert multiprocessing.active_children() == []
    assert all(not w.is_alive() for w in workers)
    calls.shutdown()


def test_leaving_through_the_menu_is_not_saved_again_at_shutdown(window, app, registry):
    registry("alpha")
    board = Board(app)
    window.show_view(board)
    step(window)
    app.leave_match(board)
    app.show_menu()
    app.shutdown()
    assert not slot().exists() and board.left == 1


CHILD = textwrap.dedent("""
    import multiprocessing, sys, threading, time
    from game.engine.modes import ModeLaunch
    from game.scenes.app import run_app

    def announce():
        while True:
            kids = multiprocessing.active_children()
            if kids:
                print("ready", *[k.pid for k in kids], flush=True)
                return
            time.sleep(0.05)

    if __name__ == "__main__":
        threading.Thread(target=announce, daemon=True).start()
        run_app(ModeLaunch("conquest", seed=5, cpu={1: "hard"}))
        print("closed", flush=True)
""")


def _gone(pid: int) -> bool:
    """The process ended (a zombie waiting for a reaper counts as ended)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return True
    return fields[0] in {"Z", "X"}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.slow
def test_sigterm_saves_the_match_and_ends_the_cpu_worker(tmp_path):
    home = tmp_path / "home"
    env = {**os.environ, "TABULA_HOME": str(home), "ARCADE_HEADLESS": "1",
           "ARCADE_SOUND_BACKENDS": "silent", "PYTHONPATH": str(REPO)}
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    proc = subprocess.Popen([sys.executable, str(script)], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("ready"), proc.stderr.read()
        pids = [int(p) for p in line.split()[1:]]
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "closed" in out and "Traceback" not in err
    saved = json.loads((home / "data" / "saves" / "conquest.json").read_text())
    assert (saved["mode"], saved["seed"], saved["options"]["ai"]) == ("conquest", 5, {"1": "hard"})
    deadline = time.monotonic() + 5
    while not all(_gone(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert all(_gone(pid) for pid in pids), "no CPU worker outlives the game"


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_sigkilled_game_leaves_no_cpu_worker_running(tmp_path):
    """Issue 26: nothing runs after SIGKILL (no save, no shutdown), yet every worker the game
    started ends by itself within seconds (each watches its parent: game.engine.workers)."""
    env = {**os.environ, "TABULA_HOME": str(tmp_path / "home"), "ARCADE_HEADLESS": "1",
           "ARCADE_SOUND_BACKENDS": "silent", "PYTHONPATH": str(REPO)}
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    proc = subprocess.Popen([sys.executable, str(script)], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("ready"), proc.stderr.read()
        pids = [int(p) for p in line.split()[1:]]
        assert pids and not any(_gone(pid) for pid in pids)
        proc.kill()
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    deadline = time.monotonic() + 5
    while not all(_gone(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in pids if not _gone(pid)]
    for pid in left:  # never leave them behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert left == [], "a CPU worker outlived its SIGKILLed game"


def test_the_start_up_check_removes_what_an_interrupted_save_left():
    """A save killed mid-write leaves `.<slot>.*.tmp`: the next start-up check removes it."""
    from game.scenes.saves import SaveSlots

    slots = SaveSlots()
    folder = paths.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    left = folder / ".strike.json.abc123.tmp"
    left.write_text('{"format": 1, "mo', encoding="utf-8")
    old = time.time() - 3600
    os.utime(left, (old, old))
    assert slots.check("strike") is None  # no slot: nothing to report
    assert not left.exists()
