"""GameViewBase: what every game screen has in common, so each mode writes only its board.

A game screen inherits H (help overlay with its own topics, ending with the screen's own Esc
line, `esc_help`), Esc (pause menu, with save, unless the screen says otherwise), a
TightUIManager for its buttons (game.scenes.ui: layout, render and blit only on change, and
only under the widgets), a Tweener that follows the animation-speed setting, a Toast for
rejections, a Tooltip, and one pyglet Batch for its labels. Layout is computed from the window
size in logical pixels (game.scenes.scale: the UI scale) in one hook, `layout(width, height)`,
called on first show and on every resize or scale change, so every screen is resizable the
same way (docs/architecture.md).

Subclasses override the hooks, not the arcade handlers:

- `layout(width, height)`: place sprites, texts and widgets for this window size;
- `draw_board()`: draw sprite lists and shapes (texts in `self.batch` are drawn after it);
- `update_game(dt)`: per-frame logic (poll a CPU worker, start the next event's animation);
- `help_topics()`: the topics of the H overlay;
- `current_record()`: the match record dict to save, or None when there is nothing to save;
- `on_leave()`: the player leaves the match (to the menu, or quits): free workers and worlds
  (called through `App.leave_match`, which also forgets the screen as the app's current match);
- `on_game_key(symbol, modifiers)`: keys first; return True to consume (e.g. Esc cancelling a
  selection before it would open the pause menu);
- `on_mouse_*`: board input; gui widgets receive the mouse through the UIManager first;
- `is_animating()`: True while the picture changes by itself (extend it with `or super()`);
- `has_loops()`: a decoration loop is on screen (a pulsing glow, a bobbing token);
- `prepare(width, height)`: heavy work before the first layout (text bakes, uploads), as a
  generator that yields between small units of work. It runs `PREPARE_BUDGET_MS` of work a
  frame with a loading state on the screen (`preparing` is True), and `layout` follows; so a
  screen never blocks the window for long however much it has to bake. The first frame runs
  `FIRST_FRAME_BUDGET_MS` only: a preparation that short (warm caches) shows no loading state.

Render on demand (game.scenes.redraw): the window draws only after input or when a screen
asks. `on_update` asks for the next frame while `is_animating()` holds, in the frame where it
stops, and when a tween started or ended (an "instant" tween ends inside `add`). Decoration
loops are animation only while the player is active: they run until `QUIET_SECONDS` after the
last input or event, then hold still (their screens stop their clocks when `lively` is False),
so a screen left alone costs no frames.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import arcade
import pyglet

from game import i18n
from game.i18n import N_, _
from game.scenes import glyphs, theme
from game.scenes.animation import Tweener
from game.scenes.fonts import UI_FONT
from game.scenes.log_panel import LogPanel, log_width
from game.scenes.redraw import input_serial, request_redraw
from game.scenes.scale import view_size
from game.scenes.screen import ColorClear
from game.scenes.tutorial_hooks import TutorialHooks
from game.scenes.ui import TightUIManager
from game.scenes.widgets import HelpOverlay, HelpTopic, Toast, Tooltip

if TYPE_CHECKING:
    from game.scenes.app import App
    from game.scenes.event_log import EventLog

# What Esc does, as each screen's help says it (`GameViewBase.esc_help`); a screen whose Esc does
# something else says so, and tests/scenes/test_help_truth.py presses Esc on every screen to
# check the line against where it really goes.
ESC_PAUSE = N_("Esc: the pause menu (resume, help, settings, save and quit, quit).")
ESC_MENU = N_("Esc: back to the main menu.")


ESC_CLEARS = N_("Esc: {what}, else the pause menu (resume, help, settings, save and quit, "
                "quit).")


class EscClears(str):
    """The Esc line of a screen where Esc first clears `what`, then pauses: the English
    line (a class attribute, made at import), worded in the player's language when the help
    shows it (`worded`)."""

    what: str

    def __new__(cls, what: str) -> EscClears:
        line = super().__new__(cls, ESC_CLEARS.format(what=what))
        line.what = what
        return line

    def worded(self) -> str:
        return _(ESC_CLEARS).format(what=_(self.what))


def esc_clears(what: str) -> EscClears:
    """The Esc line of a screen where Esc first clears something, then pauses (`what` is
    a msgid: babel.cfg extracts this function's argument)."""
    return EscClears(what)


def esc_words(line: str) -> str:
    """An Esc line of a screen's help in the player's language."""
    return line.worded() if isinstance(line, EscClears) else _(line)


LOG_KEY_HELP = N_("L: show or hide the log, every event of the match in a sentence (the mouse "
                  "wheel over it scrolls back).")
UNDO_KEY_HELP = N_("Ctrl+Z or Undo: take back your last decision, back to where you last "
                   "decided (against CPUs only; never what came before a reveal).")


def common_help(esc_help: str = ESC_PAUSE, keys: tuple[str, ...] = ()) -> HelpTopic:
    """The keys every game screen has, with this screen's own Esc line and the keys only some
    screens have (`keys`: the log's L, Undo's Ctrl+Z)."""
    return HelpTopic(
        _("Keys on this screen"),
        (
            _("H: open or close this help."),
            esc_words(esc_help),
            *(_(k) for k in keys),
            _("The animation speed is a setting: slow, normal, fast or instant."),
        ),
    )



def rules_help(mode_id: str, version: str) -> list[HelpTopic]:
    """The help's first topic for a game that has more than one rules version: which rules
    the match on screen plays and what the other ones change (the mode's card). A game with
    one version (crawl) gets none."""
    from game.engine.modes import get_card

    card = get_card(mode_id)
    if card is None or not card.older_rules:
        return []
    if version == card.rules_version:
        lines = [_("This match plays the current rules ({version}).").format(version=version)]
        lines += [_("Rules {version} (original): {change}").format(
                      version=old, change=_(card.rules_changes.get(old, "")))
                  for old in card.older_rules]
        lines.append(_("Choose the original rules with the Rules button beside the game's "
                       "name in the main menu."))
    else:
        lines = [_("This match plays the original rules ({version}): {change}").format(
                     version=version, change=_(card.rules_changes.get(version, ""))),
                 _("Its new matches (Rematch) keep them; the main menu's Rules button goes "
                   "back to the current rules.")]
    return [HelpTopic(_("Rules of this match"), tuple(lines))]

UNDO_MODIFIERS = arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND  # Ctrl+Z (Cmd+Z on a Mac)
NOTHING_TO_UNDO = N_("Nothing to undo: no decision of yours since the last reveal or Continue.")
QUIET_SECONDS = 4.0  # decoration loops hold still this long after the last input or event
PREPARE_BUDGET_MS = 40.0  # preparation work per frame: the loading state stays responsive
FIRST_FRAME_BUDGET_MS = 20.0  # work in the first frame, before the loading state would show


class GameViewBase(ColorClear, TutorialHooks, arcade.View):
    """Base class of every game screen; see the module docstring for the hooks."""

    title = N_("Game")  # shown in the pause menu and as the help overlay's heading
    prepare_sync = False  # tests set True: `prepare` runs whole when the screen shows
    esc_help = ESC_PAUSE  # the help's Esc line: what Esc does on this screen
    mode_id: str | None = None  # the mode whose save slot "Save and quit" uses

    def __init__(self, app: App) -> None:
        super().__init__()
        self.app = app
        self.background_color = theme.TABLE
        self.ui = TightUIManager()  # layout, render and blit only on change
        self.tweener = Tweener(lambda: self.app.settings.animation_speed)
        self.toast = Toast()
        self.tooltip = Tooltip()
        self.batch = pyglet.graphics.Batch()
        self._laid_out_for: tuple[int, int] | None = None
        self._laid_out_in = i18n.language()  # a language change lays the texts out again
        self.quiet_time = 0.0  # seconds since the last input or event (see `lively`)
        self._seen_input = -1
        self._seen_changes = 0
        self._prep: Iterator[object] | None = None  # the running `prepare` generator
        self._prep_frames = 0
        self._loading: arcade.Text | None = None
        self.log_batch = pyglet.graphics.Batch()  # the log panel's texts (drawn over its back)
        self._log_panel: LogPanel | None = None
        self._log_key: Any = None
        self.log_floor = 0  # the replay viewer's bar covers the screen up to here

    # hooks --------------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """Place everything for a window of this size (first show and every resize)."""

    def draw_board(self) -> None:
        """Draw the board: sprite lists and shapes. Texts in `self.batch` come after it."""

    def draw_overlay(self) -> None:
        """Draw above the gui widgets (drag ghosts, banners); the toast and tooltip come last."""

    def update_game(self, dt: float) -> None:
        """Per-frame logic after the tweens advanced; dt is the real frame time."""

    def help_topics(self) -> list[HelpTopic]:
        """The topics of this screen's help overlay (the common keys are appended)."""
        return []

    def prepare(self, width: int, height: int) -> Iterator[object] | None:
        """Heavy work before the first layout, as a generator yielding between small units
        (each well under `PREPARE_BUDGET_MS`); None when the screen has nothing to prepare.
        By default: the common text styles not rendered yet (game.scenes.glyphs; a screen
        that overrides this yields from `glyphs.warm_steps()` first)."""
        return glyphs.warm_steps() if glyphs.cold_styles() else None

    @property
    def preparing(self) -> bool:
        """The screen shows its loading state while `prepare` runs."""
        return self._prep is not None

    @property
    def background_work(self) -> bool:
        """Work the screen does in idle frames after it is shown (benchmarks wait for it)."""
        return False

    def _prepare_some(self) -> None:
        """Run the preparation for one frame's budget; lay out when it is done."""
        assert self._prep is not None
        start = time.perf_counter()
        self._prep_frames += 1
        # The first frame does a little work only: a screen whose preparation is that short
        # (its caches warm: a phase change, a second run) shows whole at once, with no frame
        # of loading state between two screens; a longer one shows the loading state then.
        budget = FIRST_FRAME_BUDGET_MS if self._prep_frames == 1 else PREPARE_BUDGET_MS
        try:
            while (time.perf_counter() - start) * 1000.0 < budget:
                next(self._prep)
        except StopIteration:
            self._prep = None
            self.relayout()
        self.request_redraw()  # the loading state's dots, or the first whole frame

    def draw_loading(self) -> None:
        """The loading state: a line in the middle of the table, its dots counting frames."""
        if self._loading is None:
            self._loading = arcade.Text("", 0, 0, theme.TEXT, theme.SIZE_SUBHEADING,
                                        font_name=UI_FONT, anchor_x="center",
                                        anchor_y="center")
        dots = "." * (1 + (self._prep_frames // 8) % 3)
        self._loading.text = _("Preparing the table") + dots
        width, height = view_size(self.window)
        self._loading.position = (width / 2, height / 2)
        self._loading.draw()

    def is_animating(self) -> bool:
        """True while the picture changes by itself: tweens run, a toast shows (it fades) or
        the gui has a change to render. Screens add their own (a CPU's spinner, queued events)
        with `or super().is_animating()`. It keeps the screen `lively` (decoration loops on).
        """
        if len(self.tweener) or self.toast.visible:
            return True
        needs_update = getattr(self.ui, "needs_update", None)
        return bool(needs_update is not None and needs_update())

    def has_loops(self) -> bool:
        """A decoration loop is on screen (a pulsing glow, a bobbing token): it plays while
        `lively` and holds still after."""
        return False

    @property
    def lively(self) -> bool:
        """The player or the match did something in the last `QUIET_SECONDS`."""
        return self.quiet_time < QUIET_SECONDS

    def request_redraw(self) -> None:
        """Draw the next frame (a change that came from no input and no tween)."""
        request_redraw(self.window)

    def current_record(self) -> dict[str, Any] | None:
        """The match record to save now, or None when there is no match to save."""
        return None

    def on_leave(self) -> None:
        """The player leaves this match for the menu or quits: stop CPU workers, close the
        match's esper world. Called once, by the pause menu, before the next view shows."""

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        """Keys reach the screen first; return True to keep H/Esc from their default."""
        return False

    # the match log and Undo (issue 25) ----------------------------------------------------------
    @property
    def event_log(self) -> EventLog | None:
        """The log of the match on screen (game.scenes.event_log), None on a screen without a
        log panel. A screen that has one gives `log_rect` too."""
        return None

    def log_rect(self, width: int, height: int) -> arcade.types.Rect | None:
        """Where the log panel goes while it is shown: a part of the screen where nothing is
        clicked, or the room `layout` made for it (it reads `log_shown`). None: no room."""
        return None

    def log_room(self, width: int) -> int:
        """The width a screen's layout leaves free at its right for the panel while it
        shows (its `log_rect` is there), else 0."""
        return log_width(width) + 8 if self.log_shown else 0

    @property
    def log_shown(self) -> bool:
        """The player has the log panel shown (L; one choice for every screen of the app)."""
        return self.event_log is not None and bool(getattr(self.app, "log_open", False))

    @property
    def log_panel(self) -> LogPanel | None:
        """The panel as it is drawn now (None until it was first shown)."""
        return self._log_panel

    def toggle_log(self) -> None:
        """L: show or hide the log panel; the screen lays out again (room for it, or back)."""
        if self.event_log is None:
            return
        self.app.log_open = not getattr(self.app, "log_open", False)
        self.relayout()

    def place_log(self) -> None:
        """Put the panel where `log_rect` says for this size (or hide it), when that changed."""
        log = self.event_log
        if log is None:
            return
        if self._log_panel is None or self._log_panel.log is not log:
            self._log_panel = LogPanel(log, self.log_batch)
            self._log_key = None
        size = view_size(self.window)
        key = (size, self.log_shown, self.log_floor)
        if key != self._log_key:
            self._log_key = key
            rect = self.log_rect(*size) if self.log_shown else None
            if rect is not None and rect.bottom < self.log_floor:  # the newest lines in view
                rect = arcade.LRBT(rect.left, rect.right, self.log_floor + 4, rect.top)
            self._log_panel.place(rect)
        self._log_panel.refresh()

    def draw_log(self) -> None:
        panel = self._log_panel
        if panel is not None and panel.visible:
            panel.draw()
            self.log_batch.draw()

    def common_keys(self) -> tuple[str, ...]:
        """The help's lines for the keys this screen has beside H and Esc."""
        keys = (LOG_KEY_HELP,) if self.event_log is not None else ()
        return keys + ((UNDO_KEY_HELP,) if self.offers_undo() else ())

    def offers_undo(self) -> bool:
        """Undo is offered on this screen: a Card Crawl run, a live match against CPUs only
        (game.scenes.take_back). Its Undo button shows, Ctrl+Z works."""
        return False

    def undo_source(self) -> Any:
        """The screen's journal of the person's decisions (a `game.scenes.take_back.TakeBack`),
        None where Undo is not offered."""
        return None

    def can_undo(self) -> bool:
        """There is a decision to take back now (the Undo button is enabled)."""
        journal = self.undo_source()
        return self.offers_undo() and journal is not None and journal.can_undo

    def undo(self) -> bool:
        """Take back the person's last decision (a journal rollback); True when done."""
        return False

    def request_undo(self) -> bool:
        """Ctrl+Z or the Undo button: undo, or say why not."""
        if not self.offers_undo():
            return False
        if self.can_undo():
            return self.undo()
        self.notify(_(NOTHING_TO_UNDO), "info")
        return False

    # services ----------------------------------------------------------------------------------
    def notify(self, message: str, kind: str = "error", **kwargs: Any) -> None:
        """Show a toast (a rejection by default, with the reject sound)."""
        self.toast.show(message, kind, **kwargs)
        if kind == "error":
            self.app.sounds.play("reject")

    def play_sound(self, name: str, volume: float = 1.0) -> None:
        self.app.sounds.play(name, volume)

    def open_help(self) -> HelpOverlay:
        """Show the help overlay with this screen's topics."""
        return HelpOverlay.open(self, [*self.help_topics(),
                                       common_help(self.current_esc_help(), self.common_keys())],
                                title=_(self.title))

    def open_pause(self) -> arcade.View:
        """Show the pause menu; a screen may override this (e.g. strike's autosave confirm)."""
        from game.scenes.pause import PauseView

        pause = PauseView(self, self.current_record)
        self.window.show_view(pause)
        return pause

    def relayout(self) -> None:
        """Run `layout` for the current window size (after the screen's content changed)."""
        self._laid_out_for = view_size(self.window)
        self._laid_out_in = i18n.language()
        self.layout(*self._laid_out_for)
        self.request_redraw()

    # arcade handlers ---------------------------------------------------------------------------
    def on_show_view(self) -> None:
        # Also runs when coming back from the help or pause overlay: only lay out again if the
        # window changed size meanwhile, and never restart the match here.
        track = getattr(self.app, "track", None)
        if track is not None:  # the app saves this screen's match if the game is closed
            track(self)
        self.ui.enable()
        self.open_for_window()
        from game.scenes.tutorial import attach

        attach(self)  # a running tutorial's guide, if this screen shows its match

    def prepare_now(self) -> None:
        """Run the rest of a running preparation at once and lay out (a screen needed whole
        before its steps are done)."""
        if self._prep is None:
            return
        for _step in self._prep:
            pass
        self._prep = None
        self.relayout()

    def open_for_window(self) -> None:
        """Lay the screen out for the window, behind its preparation the first time: the
        loading state shows while `prepare` runs, in steps, from `on_update`, and `layout`
        follows. On a screen shown again, lay out only if the window changed size. (A screen
        drawn inside another one, as the replay viewer does, calls this instead of being
        shown, then passes it its updates and draws.)"""
        if self._laid_out_for is None and self._prep is None:
            self._prep = self.prepare(*view_size(self.window))
            if self._prep is not None and self.prepare_sync:  # tests: all of it, now
                for _step in self._prep:
                    pass
                self._prep = None
        if self._prep is not None:
            return  # layout follows the preparation (`_prepare_some`)
        if self._laid_out_for != view_size(self.window) or self._laid_out_in != i18n.language():
            self.relayout()

    def on_hide_view(self) -> None:
        self.ui.disable()
        self.tooltip.hide()
        if self.guide is not None:
            self.guide.detach(self)

    def on_resize(self, width: int, height: int) -> None:
        if self._prep is not None:
            return  # laid out for the size of the window when the preparation ends
        self._laid_out_for = (width, height)
        self._laid_out_in = i18n.language()
        self.layout(width, height)

    def restage(self, width: int, height: int) -> None:
        """Lay out again for a new size while a screen on top (the pause menu, the help)
        draws this one as its backdrop, behind this screen's loading state, in steps: the
        screen on top runs this one's updates while it `preparing`. A UI scale change laid
        a board out in the frame of the click (issue 27). Nothing happens for a screen laid
        out for that size, or never shown (its first show prepares it)."""
        if self._prep is not None or self._laid_out_for is None or (
                self._laid_out_for == (width, height) and self._laid_out_in == i18n.language()):
            return
        prep = self.prepare(width, height)
        if prep is None or self.prepare_sync:  # nothing heavy (or a test): at once
            for _step in prep or ():
                pass
            self.on_resize(width, height)
            return
        self._prep, self._prep_frames = prep, 0
        self.request_redraw()

    def on_update(self, delta_time: float) -> None:
        if self._prep is not None:
            self._prepare_some()
            return
        serial = input_serial(self.window)
        if serial != self._seen_input:
            self._seen_input = serial
            self.quiet_time = 0.0
        else:
            self.quiet_time += delta_time
        busy = self.is_animating()
        if busy:
            self.quiet_time = 0.0
        self.tweener.update(delta_time)
        self.toast.update(delta_time)
        self.update_game(delta_time)
        if self.guide is not None:
            self.guide.update(self, delta_time)
        if self.tweener.changes != self._seen_changes:  # an animation started or ended
            self._seen_changes = self.tweener.changes  # (since the last frame, from anywhere)
            self.quiet_time = 0.0
            busy = True
        loops = self.has_loops() or (self.guide is not None and self.guide.has_marks())
        if busy or self.is_animating() or (loops and self.lively):
            self.request_redraw()

    def on_draw(self) -> None:
        if self._prep is not None:
            self.clear()
            self.draw_loading()
            self.toast.draw()
            return
        self.ui.prepare()  # gui changes rendered first, before the frame's drawing is queued
        self.clear()  # the colour only (ColorClear): not depth and stencil, 3x cheaper
        self.draw_board()
        self.batch.draw()
        self.ui.draw()
        self.place_log()
        self.draw_log()
        self.draw_overlay()
        if self.guide is not None:
            self.guide.draw()
        self.tooltip.draw()
        self.toast.draw()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        """The wheel over the log panel scrolls it (a screen with its own wheel calls this
        first)."""
        panel = self._log_panel
        return bool(panel is not None and panel.on_scroll(x, y, scroll_y))

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if self.guide is not None and self.guide.on_key(symbol):  # Esc skips a tutorial
            return True
        if self._prep is None and symbol == arcade.key.Z and modifiers & UNDO_MODIFIERS:
            if self.offers_undo():  # before the screen's own keys: strike's Z is an ability
                self.request_undo()
                return True
        if self._prep is None and self.on_game_key(symbol, modifiers):  # no board yet
            return True
        if self._prep is None and symbol == arcade.key.L and self.event_log is not None:
            self.toggle_log()
            return True
        if symbol == arcade.key.H:
            self.open_help()
            return True
        if symbol == arcade.key.ESCAPE:
            self.open_pause()
            return True
        return False


def resize_under(view: arcade.View, width: int, height: int) -> None:
    """A screen drawn as the backdrop of another one gets the window's new size: a game
    screen in steps behind its loading state (`GameViewBase.restage`), any other at once."""
    restage = getattr(view, "restage", None)
    if restage is not None:
        restage(width, height)
    else:
        view.on_resize(width, height)
