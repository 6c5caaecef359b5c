"""The app shell: one window, the settings, the sounds, navigation and the save slots.

Screens reach every shared service through the App they are given (`view.app`), never through
globals, so a test can build an App on the shared headless window. Modes plug in only through
the registry (game.engine.modes): `start_mode` asks the mode's `scene_entry` for its first view,
so adding a game never edits this file.

Saves are match records (docs/architecture.md), one slot per mode: `saves_dir()/<mode>.json`
(game.scenes.saves; the rules are in docs/saves.md), owned by one window at a time
(game.home_lock: a second window on the same home is `read_only`). The App knows the match on
screen (`active_view`, set by every game screen when it shows), so closing the window, SIGTERM
or SIGINT save that match and end every CPU worker process (`shutdown`).
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import signal
from pathlib import Path
from typing import Any

import arcade

from game import home_lock, i18n, paths
from game.engine.modes import ModeLaunch, all_modes, get_mode
from game.i18n import N_, _
from game.scenes import glyphs, palette, theme
from game.scenes.cpu_worker import drop_spare, prestart_for
from game.scenes.saves import SaveSlots, SlotProblem
from game.scenes.scale import MIN_LAYOUT, view_size
from game.scenes.settings import Settings
from game.scenes.sound import Sounds
from game.scenes.widgets import Toast

log = logging.getLogger(__name__)

WINDOW_SIZE = (1280, 720)
MIN_WINDOW_SIZE = MIN_LAYOUT  # (960, 600): the smallest size screens lay out for
NOT_PLAYABLE = N_("This game is not playable yet")
FINISH_NOTICE_SECONDS = 12.0  # a finished match that could not be kept: long enough to read


class App:
    """Owns the window, settings and sounds; moves between the menu, settings and game views."""

    def __init__(self, window: arcade.Window, settings: Settings | None = None) -> None:
        self.window = window
        self.settings = settings if settings is not None else Settings.load()
        palette.use(self.settings.palette)
        self.apply_ui_scale()
        self.sounds = Sounds(lambda: self.settings)
        # Messages raised while no view can show them (e.g. a corrupt settings file at start-up)
        # wait here for the next view that has a toast.
        self._pending: list[tuple[str, str]] = []
        self.apply_language()  # first: the settings' own problem is told in their language
        if self.settings.load_error:
            self._pending.append((self.settings.load_error, "error"))
        self.slots = SaveSlots()
        # Problems the menu lists in its notice: unwritable home, slots that were set aside.
        self.home_problem = paths.home_problem()
        self.save_problems: list[SlotProblem] = []
        # One window owns the home's saves (game.home_lock); a second one is read-only.
        self.home_claim = home_lock.claim()
        if self.home_claim.owned:
            self._check_slots()
        self.active_view: arcade.View | None = None  # the game screen of the current match
        # the menu and the screens before a match keep a warm CPU worker waiting for it
        # (game.scenes.cpu_worker.prestart): on in the game (`run_app`) and benches, off
        # for a bare App (tests spawn nothing)
        self.prestart_cpus = False
        # Finished matches that could not be written (record_key -> problem): their saves
        # stay until Save replay writes them; the last problem waits for the end screen.
        self._unkept: dict[str, str] = {}
        self._finish_notice: str | None = None
        # the menu and Settings are built once and shown again (game.scenes.menu.FeltView)
        self._menu: Any = None
        self._settings_view: Any = None
        self._mod_problems: list[str] | None = None
        # The rules version chosen for a mode's new matches (the menu's Rules button,
        # `--rules`); a mode not listed plays its current rules. Kept while the app runs.
        self.rules_choice: dict[str, str] = {}
        # The game screens' log panel (L) is shown or hidden for every screen alike, so it
        # stays as the player left it across a match's screens (game.scenes.log_panel).
        self.log_open = False
        # The tutorial being played (game.scenes.tutorial.TutorialRun): its match is never
        # saved nor kept. `offer_tutorials`: the menu offers them once on a first launch
        # (`run_app` sets it; a bare App, as tests build, offers nothing by itself).
        self.tutorial: Any = None
        self.offer_tutorials = False

    def _check_slots(self) -> None:
        """Set aside the saves that cannot be loaded (a write: only the owning window)."""
        for spec in all_modes():
            problem = self.slots.check(spec.id)
            if problem is not None:
                self.save_problems.append(problem)

    # one window per home ------------------------------------------------------------------
    @property
    def read_only(self) -> bool:
        """Another window owns this home's saves: this one only watches replays and changes
        settings. Asked again each time (the other window may have closed since): the first
        ask that finds the lock free takes it and checks the saves, as at start-up."""
        if self.home_claim.owned:
            return False
        self.home_claim = home_lock.claim()
        if self.home_claim.owned:
            self._check_slots()
            return False
        return True

    def read_only_words(self) -> str:
        """Why this window does not play or save, in the player's words."""
        return _("{owner}: this window is read-only (Replays and Settings). Close the other "
                 "window to play here.").format(owner=self.home_claim.owner_words())

    def refuse_read_only(self) -> bool:
        """True, with a toast saying why, when this window may not play or save."""
        if not self.read_only:
            return False
        self.notify(self.read_only_words(), duration=5.0)
        return True

    # navigation ---------------------------------------------------------------------------------
    def show_view(self, view: arcade.View) -> arcade.View:
        """Show a view and hand it any message that was waiting for a screen. A finished
        match that could not be kept is said again on the next screen (its end screen: strike
        and crawl finish the match on the board, before the end screen opens)."""
        self.window.show_view(view)
        if not isinstance(getattr(view, "toast", None), Toast):
            return view
        if self._finish_notice is not None:
            notice, self._finish_notice = self._finish_notice, None
            self._pending.clear()
            view.toast.show(notice, "error", duration=FINISH_NOTICE_SECONDS)  # type: ignore[attr-defined]
        elif self._pending:
            message, kind = self._pending[-1]
            self._pending.clear()
            view.toast.show(message, kind, duration=4.0)  # type: ignore[attr-defined]
        return view

    def show_menu(self) -> arcade.View:
        """Show the menu (the same one each time: it rebuilds what changed)."""
        from game.scenes.menu import MainMenuView

        self.active_view = None  # every way to the menu has left (or finished) the match
        if self.tutorial is not None and self.tutorial.practice:
            self.tutorial = None  # a solitaire's tutorial played on: that run is left too
        if self._menu is None:
            self._menu = MainMenuView(self)
        self._menu.replacing = None  # a "Start over your save?" question is not kept
        if self._settings_view is not None:  # nor the pause menu of a match now left
            self._settings_view.back_to = None
        menu = self.show_view(self._menu)
        prestart_for(self)  # a warm CPU worker waits for the next match (cpu_worker)
        return menu

    def show_replays(self) -> arcade.View:
        """Open the Replays list (game.scenes.replays, docs/replays.md)."""
        from game.scenes.replays import ReplaysView

        return self.show_view(ReplaysView(self))

    def show_settings(self, back_to: arcade.View | None = None) -> arcade.View:
        """Open Settings (the same screen each time); Back returns to `back_to` (the menu
        when None)."""
        from game.scenes.settings_view import SettingsView

        if self._settings_view is None:
            self._settings_view = SettingsView(self)
        self._settings_view.back_to = back_to
        return self.show_view(self._settings_view)

    def notify(self, message: str, kind: str = "error", duration: float = 1.5) -> None:
        """Toast on the current view, or keep it for the next view that can show one."""
        log.info("notice (%s): %s", kind, message)
        toast = getattr(self.window.current_view, "toast", None)
        if isinstance(toast, Toast):
            toast.show(message, kind, duration)
            if kind == "error":
                self.sounds.play("reject")
        else:
            self._pending.append((message, kind))

    def quit(self) -> None:
        """Close the window, which ends arcade.run()."""
        self.window.close()

    # modes --------------------------------------------------------------------------------------
    def rules_for(self, mode_id: str, launch: ModeLaunch | None = None) -> str:
        """The rules a new match of `mode_id` plays: a launch's own `rules` (which becomes the
        choice for the mode's next new matches: Rematch, New Deck), else the chosen ones, else
        the mode's current rules. Every screen that starts a new match asks here."""
        if launch is not None and launch.rules is not None:
            self.rules_choice[mode_id] = launch.rules
        spec = get_mode(mode_id)
        current = spec.rules_version if spec is not None else ""
        return self.rules_choice.get(mode_id, current)

    def start_mode(self, launch: ModeLaunch) -> arcade.View | None:
        """Build the mode's first view for `launch` and show it; None (with a toast) if it can't."""
        spec = get_mode(launch.mode)
        if spec is None:
            self.notify(_("Unknown game: {mode}").format(mode=launch.mode))
            return None
        if self.refuse_read_only():  # another window plays on this home's saves
            return None
        try:
            factory = spec.scene_factory()
        except Exception as exc:  # an import error in a mode's scenes must not close the app
            log.exception("scenes of mode %s failed to import", spec.id)
            self.notify(_("{title} could not start: {problem}").format(title=spec.title, problem=exc))
            return None
        if factory is None:
            self.notify(_(NOT_PLAYABLE))
            return None
        self.show_loading(_("Opening {title}…").format(title=spec.title))
        try:
            view = factory(self, launch)
        except Exception as exc:  # a broken record or scene is reported, the menu stays usable
            log.exception("mode %s failed to start", spec.id)
            self.notify(_("{title} could not start: {problem}").format(title=spec.title, problem=exc))
            return None
        if view is not None and view is not self.window.current_view:
            self.show_view(view)
        return view

    def show_loading(self, message: str) -> None:
        """Put a loading line on the screen at once, before building a mode's first screen
        blocks the loop (a cold first opening takes up to a second on a 2-core machine):
        the click is seen to have worked. The next frame is the new screen's."""
        from game.scenes.fonts import UI_FONT
        from game.scenes.screen import clear_color

        win = self.window
        try:
            win.switch_to()
            clear_color(win, theme.TABLE)
            width, height = view_size(win)
            arcade.Text(message, width / 2, height / 2, theme.TEXT,
                        theme.SIZE_SUBHEADING, font_name=UI_FONT, anchor_x="center",
                        anchor_y="center").draw()
            win.flip()
        except Exception:  # a closing window: there is nothing to show it on
            log.debug("the loading line could not be drawn", exc_info=True)

    def start_tutorial(self, mode_id: str, back: Any = None,
                       esc_line: str | None = None) -> arcade.View | None:
        """Learn to play a mode (game.scenes.tutorial); `back` shows the screen to return to
        (the menu when None), `esc_line` is what the tutorial's screens say Esc does."""
        from game.scenes.tutorial import ESC_SKIP_MENU, start_tutorial

        return start_tutorial(self, mode_id, back, esc_line or ESC_SKIP_MENU)

    def offer_tutorials_once(self) -> bool:
        """On the first launch the menu offers Learn to play (`offer_tutorials`), once: the
        player's settings remember it was offered. A window that does not own the home
        (read-only) neither offers nor writes."""
        if self.settings.tutorials_offered or self.read_only:
            return False
        self.offer_tutorials = True
        try:
            self.settings.updated(tutorials_offered=True)
        except OSError as exc:  # a home that cannot be written: offered again next time
            log.warning("the settings could not be saved: %s", exc)
        return True

    def playing_tutorial(self, mode_id: str) -> bool:
        """A tutorial of this mode is being played: its match is not the player's to keep."""
        run = self.tutorial
        return run is not None and not run.left and run.spec.id == mode_id

    def continue_mode(self, mode_id: str) -> arcade.View | None:
        """Resume the saved match of a mode (its record is the whole save)."""
        record = self.load_save(mode_id)
        if record is None:
            return None
        return self.start_mode(ModeLaunch(mode=mode_id, record=record))

    # saves --------------------------------------------------------------------------------------
    def save_path(self, mode_id: str) -> Path:
        return self.slots.path(mode_id)

    def has_save(self, mode_id: str) -> bool:
        return self.slots.exists(mode_id)

    def save_match(self, record: dict[str, Any], mode_id: str | None = None) -> Path | None:
        """Write a match record to its mode's slot (atomically); None, with a toast, on failure."""
        mode_id = mode_id or str(record.get("mode", ""))
        if not mode_id:
            self.notify(_("Cannot save: the record names no game mode"))
            return None
        if self.playing_tutorial(mode_id):  # a tutorial never takes the player's slot
            return None
        if self.read_only:
            self.notify(_("Not saved: {why}").format(why=self.read_only_words()), duration=5.0)
            return None
        try:
            return self.slots.write(mode_id, record)
        except Exception as exc:  # disk full, permissions, a record that is not JSON
            log.exception("saving %s failed", self.save_path(mode_id))
            self.notify(_("Could not save the game: {problem}").format(problem=exc))
            return None

    def load_save(self, mode_id: str) -> dict[str, Any] | None:
        """The saved record of a mode; None, with a toast naming the problem, if unreadable
        (an unloadable file is then set aside and listed in the menu's notice)."""
        if not self.has_save(mode_id):
            self.notify(_("There is no saved game to continue"))
            return None
        if self.refuse_read_only():
            return None
        try:
            return self.slots.read(mode_id)
        except OSError as exc:
            self.notify(_("The saved game cannot be read: {problem}").format(
                problem=exc.strerror or exc), duration=4.0)
        except Exception as exc:
            problem = self.slots.retire(mode_id, str(exc))
            self.save_problems.append(problem)
            words = (_("The saved game cannot be loaded: {problem}; it was kept as {file}")
                     if problem.kept_as else _("The saved game cannot be loaded: {problem}"))
            self.notify(words.format(problem=problem.reason, file=getattr(
                problem.kept_as, "name", "")), duration=4.0)
        return None

    def delete_save(self, mode_id: str) -> None:
        """Empty a mode's slot whatever it holds (the player asked for it)."""
        if not self.refuse_read_only():
            self.slots.forget(mode_id)

    def finish_match(self, record: dict[str, Any]) -> str | None:
        """A match ended: keep its record for the Replays list (game.replay_files.keep_finished)
        and, only once it is durably written, empty its mode's slot if the slot holds this
        very match. If it cannot be written (a full or read-only disk), the save stays and
        the returned problem is said on the end screen (`_finish_notice`); None when kept."""
        from game.replay_files import keep_finished, record_key, replays_dir

        if self.playing_tutorial(str(record.get("mode", ""))):
            return None  # a tutorial's match is not kept for Replays
        try:
            keep_finished(record)
        except OSError as exc:
            log.warning("could not keep the finished match: %s", exc)
            holds = self.slots.holds(record)
            kept = (" " + _("Its save {file} was kept.").format(
                file=self.save_path(str(record.get("mode")))) if holds else "")
            problem = _("This match could not be kept in {folder} ({problem}).{kept} Save "
                        "replay tries again once there is room (or the folder can be "
                        "written).").format(folder=replays_dir(), problem=exc.strerror or exc,
                                            kept=kept)
            self._unkept[record_key(record)] = problem
            self._finish_notice = problem
            self.notify(problem, duration=FINISH_NOTICE_SECONDS)
            return problem
        self._forget_finished(record)
        return None

    def replay_saved(self, record: dict[str, Any]) -> None:
        """An end screen's Save replay wrote the finished match: if keeping it had failed,
        its save has nothing left to keep now."""
        from game.replay_files import record_key

        if self._unkept.pop(record_key(record), None) is not None:
            self._forget_finished(record)

    def _forget_finished(self, record: dict[str, Any]) -> None:
        if self.read_only:  # the other window's save, even of this same match, stays
            return
        try:
            self.slots.forget_match(record)
        except OSError as exc:
            log.warning("could not remove the save of a finished match: %s", exc)

    def is_saved(self, record: dict[str, Any]) -> bool:
        """The slot holds this match up to its last decision: leaving loses nothing."""
        return self.slots.holds(record, exactly=True)

    def replaces_a_save(self, launch: ModeLaunch) -> bool:
        """Would this launch start a match over the mode's saved one (so ask first)?"""
        if not self.has_save(launch.mode):
            return False
        return launch.record is None or not self.slots.holds(launch.record)

    @property
    def mod_problems_known(self) -> bool:
        return self._mod_problems is not None

    def mod_problems(self) -> list[str]:
        """Every problem of the installed mods, `file:key: message`, mode by mode (the
        skipped mods and why; the base game loads without them). Loading every mode's
        resources takes a moment, so it runs once, when first asked (after the menu's first
        frame), and is kept: mods do not change while the game runs."""
        if self._mod_problems is None:
            self._mod_problems = self._collect_mod_problems()
        return self._mod_problems

    def _collect_mod_problems(self) -> list[str]:
        from game.engine.resources import load_mode_resources

        lines: list[str] = []
        for spec in all_modes():
            try:
                problems = load_mode_resources(spec).problems
            except Exception as exc:  # broken base resources: the mode cannot start either
                lines.append(f"{spec.id}: {exc}")
                continue
            lines.extend(str(problem) for problem in problems)
        return list(dict.fromkeys(lines))

    # the match on screen --------------------------------------------------------------------
    def track(self, view: arcade.View) -> None:
        """A game screen is showing: it holds the current match (called by GameViewBase)."""
        self.active_view = view

    def leave_match(self, view: arcade.View | None = None) -> None:
        """The player leaves the match on screen (saved or not, as they chose): stop its
        workers and free its world, once."""
        view = view or self.active_view
        if view is self.active_view:
            self.active_view = None
        on_leave = getattr(view, "on_leave", None)
        if on_leave is not None:
            try:
                on_leave()
            except Exception:  # leaving must always work
                log.exception("leaving %s failed", type(view).__name__)

    def shutdown(self) -> None:
        """The game is closing (window closed, SIGTERM, SIGINT): save the match on screen,
        leave it, and end every worker process still running."""
        view = self.active_view
        if view is not None:
            try:
                record = view.current_record()  # type: ignore[attr-defined]
            except Exception:
                log.exception("could not take the record of the match on screen")
                record = None
            if record is not None:
                self.save_match(record)
            self.leave_match(view)
        drop_spare()
        stop_worker_processes()

    # settings -----------------------------------------------------------------------------------
    def update_settings(self, **changes: Any) -> bool:
        """Change settings, save them at once and apply what needs applying; False on failure."""
        try:
            self.settings.updated(**changes)
        except OSError as exc:
            self.notify(_("Settings could not be saved: {problem}").format(
                problem=exc.strerror or exc))
            return False
        if "fullscreen" in changes:
            self.apply_fullscreen()
        if "palette" in changes:
            palette.use(self.settings.palette)
        if "ui_scale" in changes:
            self.apply_ui_scale()
        if "language" in changes:
            self.apply_language()
        return True

    def apply_language(self) -> None:
        """Show every text in the language setting from now on (game.i18n). The screens
        shown again rebuild their texts: the kept menu and Settings by their `shown_key`
        (it holds the settings), the pause menu on each show, and the game under it relayouts
        as for a UI scale change (`GameViewBase.restage` knows the language it laid out in).
        A catalogue that cannot be read is named in a toast; English is shown for it."""
        for problem in i18n.set_language(self.settings.language):
            log.warning("%s", problem)
            self.notify(_("A translation could not be read ({problem}); English is shown "
                          "for it.").format(problem=problem), duration=5.0)

    def apply_ui_scale(self) -> None:
        """Lay every screen out at the UI scale setting (game.scenes.scale): the window hands
        its handlers the new logical size, so the views on it relayout at once."""
        set_ui_scale = getattr(self.window, "set_ui_scale", None)
        if set_ui_scale is not None:  # a plain arcade.Window has no scale
            set_ui_scale(self.settings.ui_scale)

    def apply_fullscreen(self) -> None:
        """Match the window to the fullscreen setting (a headless window has no screen: skip)."""
        want = self.settings.fullscreen
        if arcade.headless or self.window.fullscreen == want:
            return
        try:
            self.window.set_fullscreen(want)
        except Exception as exc:  # a window manager may refuse
            log.warning("fullscreen %s failed: %s", want, exc)
            self.notify(_("Fullscreen is not available here"))


def stop_worker_processes(timeout: float = 2.0) -> None:
    """End every child process (CPU workers, the crawl hint): terminate, then kill."""
    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    for child in children:
        child.join(timeout)
        if child.is_alive():
            child.kill()
            child.join(timeout)


class AppClosing(BaseException):
    """Raised by the signal handler in a headless window, whose loop has no exit flag."""


def exit_on_signals(window: arcade.Window) -> dict[int, Any]:
    """SIGTERM and SIGINT end the event loop like closing the window (then `run_app` saves
    and stops the workers); returns the handlers they replaced.

    A real window's loop is told to exit at the end of its iteration (`pyglet.app.exit`); the
    headless loop (tests) only stops on an exception, a BaseException like KeyboardInterrupt
    so that no `except Exception` in a screen swallows it."""
    import pyglet

    def handler(signum: int, frame: Any) -> None:
        log.info("signal %s: closing", signum)
        pyglet.app.exit()
        if window.headless:
            raise AppClosing(signum)

    previous = {}
    for signum in (signal.SIGTERM, signal.SIGINT):
        previous[signum] = signal.signal(signum, handler)
    return previous



def freeze_launch_heap() -> None:
    """Keep what the launch made (modules, content, fonts, the first screen) out of the
    garbage collector's full collections from now on (`gc.freeze`).

    A full collection scans every tracked object: about 190,000 once a game's screens have
    opened, 95-130 ms here, a pause inside whichever frame allocates past the threshold (a
    screen's opening blocked 190-290 ms instead of 60 ms). Frozen, the launch's 110,000 are not
    scanned and the pauses were 46-83 ms. Objects made later are collected as before."""
    gc.collect()
    gc.freeze()


def run_app(launch: ModeLaunch | None = None, replay_file: Path | None = None,
            first: Any = None) -> None:
    """Open the window and run the game until it is closed (`tabula` / `tabula play`).

    However the loop ends (Quit, the window's close button, SIGTERM, SIGINT), the match on
    screen is saved and every worker process ends before this returns. `first(app)` shows
    the first screen instead of the menu (`tabula host` / `tabula join` in the window)."""
    from game.scenes.fonts import load_fonts
    from game.scenes.redraw import OnDemandWindow

    window = OnDemandWindow(  # draws only when something changed (docs/architecture.md)
        *WINDOW_SIZE, "Tabula", resizable=True, antialiasing=False, center_window=True
    )
    window.set_minimum_size(*MIN_WINDOW_SIZE)
    window.background_color = theme.TABLE
    load_fonts()
    app = App(window)
    app.prestart_cpus = True
    glyphs.start_warming()  # the common text styles, behind the menu (game.scenes.glyphs)
    previous = exit_on_signals(window)
    try:
        app.apply_fullscreen()
        if first is not None:
            first(app)
        elif replay_file is not None:  # `tabula play --replay FILE`: the viewer at once
            from game.scenes.replays import open_replay_file

            open_replay_file(app, replay_file)
        elif launch is None:
            app.offer_tutorials_once()
            app.show_menu()
        elif app.replaces_a_save(launch):
            app.show_menu().ask_replace(launch)  # type: ignore[attr-defined]
        elif app.start_mode(launch) is None:
            app.show_menu()
        freeze_launch_heap()
        arcade.run()
    except AppClosing:
        pass  # a signal in a headless window: close as if the window was closed
    finally:
        for signum in previous:  # a second signal must not cut the save short
            signal.signal(signum, signal.SIG_IGN)
        app.shutdown()
        home_lock.release()  # the saves are written: the next window may own the home
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        try:
            window.close()  # already closed when its close button ended the loop
        except Exception:
            log.debug("closing the window failed", exc_info=True)
