"""A tutorial being played: the script's place in the match and the guide over the screens.

Learn to play (`start_tutorial`) loads the mode's tutorial (game.engine.tutorial: its script
already played against the rules), opens the mode's own screens on its setup record, and keeps
a `TutorialRun` on the App while it lasts. Every game screen that shows the run's match takes
the run's `Guide` (`attach`, from `GameViewBase.on_show_view`): a banner with the step's one
line, Next on a step that is only read, Skip at every step, and a pulsing outline around what
to click next. Where that is on screen each screen says itself (`tutorial_next`: the next
click toward a decision, from the screen's own selection; `tutorial_rects`: the rectangles of
a unit, a tile, a card or a button, from the screen's own hit-testing).

What the run decides, and nothing else:

- a decision of the person's seat is refused, with the step's hint, where the step accepts only
  the taught decision (`refusal`, asked by each screen's `submit`); on a step that is only read,
  while another seat's scripted move waits and after the script, every person's decision is
  refused with a line saying why;
- another seat's scripted move is played through the screen when the screen is idle, after a
  beat (`SCRIPT_BEAT` at 1x, scaled by the animation speed), like a CPU's;
- the CPU seat waits (`holds_cpu`, asked by each screen's CPU driver) until the script is done;
  then it plays one real turn from where the script left the match (a solitaire's CPU plays one
  move for the person's seat: `GameViewBase.tutorial_cpu_turn`), and the last line and Done
  follow once the screen has shown it.

The script's place is read from the match, never counted: the n-th decision step is done when
the match holds n + 1 decisions, and a read step when Next was pressed on it. A tutorial match
is never saved (the App's `save_match` and `finish_match` skip it) and never scores. Esc or Skip
leaves at once, and Done at the end, to the screen Learn to play was pressed on.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import arcade
import arcade.gui as gui

from game.engine.modes import ModeLaunch, ModeSpec, get_mode
from game.engine.tutorial import Step, Tutorial, load_tutorial, same_decision, tutorial_record
from game.i18n import N_, _
from game.scenes import theme
from game.scenes.scale import view_size
from game.scenes.ui import TightUIManager
from game.scenes.widgets import make_button, make_label, panel_texture

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.scenes.app import App

log = logging.getLogger(__name__)

SCRIPT_BEAT = 0.8  # seconds before a scripted move of the other seat plays (at 1x)
BANNER_WIDTH = 900  # the banner's widest, in logical pixels
BUTTON_WIDTH = 140
MARGIN = 8  # between the banner and the window's edge
PAD = 10  # inside the banner
MARK_PAD = 5  # the outline's distance around what it marks

# what the guide says besides the script's lines (each whole, for a translator)
READ_FIRST = N_("Read the line in the banner, then press Next.")
WAIT_SCRIPT = N_("Wait: the other side moves first.")
WAIT_CPU = N_("Watch: the CPU is playing its turn.")
OVER = N_("The tutorial is over: press Done.")
CANNOT_START = N_("The tutorial cannot start: {problem}")
STEP_OF = N_("Step {number} of {total}")
LAST_STEP = N_("The CPU's turn")
THE_END = N_("You have played the tutorial")
# the Esc line of a tutorial's screens, by where Learn to play was pressed (`start_tutorial`)
ESC_SKIP_MENU = N_("Esc: skip the tutorial and go back to the main menu.")
ESC_SKIP_START = N_("Esc: skip the tutorial and go back to the {title} start screen.")


class TutorialRun:
    """One tutorial in play: where its script is in the match, and what the player may do."""

    def __init__(self, app: App, spec: ModeSpec, tutorial: Tutorial,
                 back: Callable[[], Any], esc_line: str = ESC_SKIP_MENU) -> None:
        self.app = app
        self.spec = spec
        self.tutorial = tutorial
        self.back = back  # shows the screen Learn to play was pressed on
        self.esc_line = esc_line  # the screens' help says it (the Esc line of every screen)
        self.match: Match | None = None  # the first screen that shows it brings it
        self.read: set[int] = set()  # read steps passed with Next
        self.script_decisions = len(tutorial.decision_steps())
        self.cpu_from: tuple[Any, ...] | None = None  # the position the CPU's turn began at
        self.cpu_over = False
        self.cpu_asked = False  # a solitaire's CPU move was asked for
        self.wait = 0.0  # seconds waited before a scripted move
        self.left = False
        # a solitaire's tutorial played on past its end (Play on): the run is the person's to
        # play, unguided, still never saved nor scored, until they leave it
        self.practice = False
        self._playing = 0  # the run itself submits (a scripted move, the CPU's move)
        self.guide = Guide(self)

    # -- where the script is -------------------------------------------------------------------
    def step_index(self) -> int | None:
        """The step being played: the first not done; None when the script is over."""
        made = len(self.match.decisions) if self.match is not None else 0
        before = 0  # decision steps before this one
        for index, step in enumerate(self.tutorial.steps):
            if step.decision is None:
                if index not in self.read:
                    return index
            else:
                if made <= before:
                    return index
                before += 1
        return None

    @property
    def step(self) -> Step | None:
        index = self.step_index()
        return None if index is None else self.tutorial.steps[index]

    def own(self, step: Step) -> bool:
        """The step's decision is the person's to make (else the script plays it)."""
        return step.decision is not None and step.decision.get("seat") == self.tutorial.seat

    @property
    def stage(self) -> str:
        """"script" (steps left), "cpu" (the CPU's real turn) or "done" (the last line)."""
        if self.step_index() is not None:
            return "script"
        return "done" if self.cpu_over else "cpu"

    # -- what the screens ask ------------------------------------------------------------------
    def refusal(self, decision: dict[str, Any]) -> str | None:
        """Why the person may not make `decision` now, or None. Decisions of the other seats
        (the CPU's, the script's) and the run's own are never refused here."""
        if self._playing or self.practice or decision.get("seat") != self.tutorial.seat:
            return None
        step = self.step
        if step is None:
            return _(OVER) if self.cpu_over else _(WAIT_CPU)
        if step.decision is None:
            return _(READ_FIRST)
        if not self.own(step):
            return _(WAIT_SCRIPT)
        if step.only and not same_decision(step.decision, decision):
            return _(step.refusal)
        return None

    def holds_cpu(self) -> bool:
        """The CPU seat waits: while the script plays, and after its one real turn. Asked by
        the CPU driver before it plays, so the position its turn starts from is noted here
        (a CPU may play its whole turn in the frame the script ended)."""
        stage = self.stage
        if stage == "cpu":
            self.note_cpu_start()
        return stage != "cpu"

    def note_cpu_start(self) -> None:
        if self.cpu_from is None and self.match is not None:
            self.cpu_from = self.position()

    @contextmanager
    def playing(self) -> Iterator[None]:
        """The run submits a decision itself (the gate lets it through)."""
        self._playing += 1
        try:
            yield
        finally:
            self._playing -= 1

    def position(self) -> tuple[Any, ...]:
        assert self.match is not None
        return (self.match.turn, self.match.phase, self.match.result is not None)

    # -- per frame -----------------------------------------------------------------------------
    def update(self, view: Any, dt: float) -> None:
        """Play a scripted move when it is due, start and end the CPU's turn."""
        if self.left or self.practice or self.match is None:
            return
        step = self.step
        if step is not None:
            # back in the script (an Undo took back the person's last step): the CPU's turn,
            # if it had begun, begins again once the script is done again
            self.cpu_from, self.cpu_over, self.cpu_asked = None, False, False
            if step.decision is not None and not self.own(step):
                self.play_scripted(view, step, dt)
            else:
                self.wait = 0.0
            return
        self.note_cpu_start()
        if not self.cpu_over:
            if self.spec.seats == 1 and not self.cpu_asked and not view.tutorial_busy():
                self.cpu_asked = view.tutorial_cpu_turn(self)
            by_cpu = len(self.match.decisions) - self.script_decisions
            if by_cpu >= 1 and (self.spec.seats == 1 or self.position() != self.cpu_from):
                self.cpu_over = True

    def play_scripted(self, view: Any, step: Step, dt: float) -> None:
        """The other seat's move of the script, a beat after the screen went still."""
        if view.tutorial_busy():
            return
        factor = view.tweener.factor
        self.wait += dt * factor if factor > 0 else SCRIPT_BEAT
        if self.wait < SCRIPT_BEAT:
            return
        self.wait = 0.0
        assert step.decision is not None
        with self.playing():
            played = view.tutorial_play(dict(step.decision))
        if not played:  # checked before the match started: a bug, not the player's doing
            log.error("the tutorial's scripted move was refused: %s", step.decision)
            self.app.notify(_("The tutorial's script went wrong; it ends here."))
            self.leave()

    def show_finale(self, view: Any) -> bool:
        """The last line shows once the CPU's turn was shown (the screen is still)."""
        return self.cpu_over and not view.tutorial_busy()

    # -- leaving -------------------------------------------------------------------------------
    def next(self) -> None:
        """Next on a read step."""
        index = self.step_index()
        if index is not None and self.tutorial.steps[index].decision is None:
            self.read.add(index)
            self.app.sounds.play("click")

    def play_on(self) -> None:
        """Play on (a solitaire's last line): the guide goes, the run stays on screen."""
        view = self.guide.view
        self.practice = True
        self.guide.detach()
        if view is not None:
            view.guide = None
            view.request_redraw()
        self.app.sounds.play("click")

    def leave(self) -> None:
        """Skip, Esc or Done: leave the match (nothing was saved) for where it started."""
        if self.left:
            return
        self.left = True
        view = self.guide.view
        self.guide.detach()
        if self.app.tutorial is self:
            self.app.tutorial = None
        self.app.leave_match(view if view is not None else self.app.active_view)
        self.back()


def attach(view: Any) -> None:
    """A game screen shows: it takes the running tutorial's guide if it shows its match (the
    first screen that shows while a tutorial starts brings the match)."""
    run = getattr(view.app, "tutorial", None)
    match = getattr(view, "match", None)
    if run is not None and run.practice:
        view.guide = None
        if match is not None and match is not run.match:  # another match: practice is over
            view.app.tutorial = None
        return
    if run is None or run.left or match is None:
        view.guide = None
        return
    if run.match is None:
        run.match = match
    if run.match is not match:
        view.guide = None
        return
    view.guide = run.guide
    run.guide.attach(view)


def start_tutorial(app: App, mode_id: str, back: Callable[[], Any] | None = None,
                   esc_line: str = ESC_SKIP_MENU) -> arcade.View | None:
    """Learn to play: the mode's tutorial on its own screens; None (with a toast naming the
    file and key) when it cannot start. `back` shows the screen to return to (the menu when
    None) and `esc_line` says so in the screens' help."""
    spec = get_mode(mode_id)
    if spec is None:
        app.notify(_("Unknown game: {mode}").format(mode=mode_id))
        return None
    loaded = load_tutorial(mode_id)
    if not loaded.ok or loaded.tutorial is None:
        problem = str(loaded.problems[0]) if loaded.problems else mode_id
        app.notify(_(CANNOT_START).format(problem=problem), duration=6.0)
        return None
    app.sounds.play("click")
    run = TutorialRun(app, spec, loaded.tutorial, back or app.show_menu, esc_line)
    app.tutorial = run
    view = app.start_mode(ModeLaunch(mode=mode_id, record=tutorial_record(spec, loaded.tutorial)))
    if view is None or run.match is None:
        if app.tutorial is run:
            app.tutorial = None
        return None
    return view


def learn_from_start(app: App, mode_id: str) -> arcade.View | None:
    """Learn to play pressed on a game's own Start screen: leaving it opens that screen again
    (a new one, as the menu's Start does)."""
    spec = get_mode(mode_id)
    title = spec.title if spec is not None else mode_id
    return start_tutorial(app, mode_id, lambda: app.start_mode(ModeLaunch(mode=mode_id)),
                          _(ESC_SKIP_START).format(title=title))


def overlap(a: arcade.types.Rect, b: arcade.types.Rect) -> float:
    """The area two rectangles share."""
    w = min(a.right, b.right) - max(a.left, b.left)
    h = min(a.top, b.top) - max(a.bottom, b.bottom)
    return w * h if w > 0 and h > 0 else 0.0


class Swallow(gui.UIBoxLayout):
    """The banner's box: a press on it stays there (never reaches the board beneath)."""

    def on_event(self, event: gui.UIEvent) -> bool | None:
        if super().on_event(event):
            return True
        if isinstance(event, gui.UIMouseEvent) and self.rect.point_in_rect(event.pos):
            return True
        return None


class Guide:
    """The banner and the marks of a running tutorial, over whichever screen shows it."""

    def __init__(self, run: TutorialRun) -> None:
        self.run = run
        self.ui = TightUIManager()
        self.view: Any = None
        self.clock = 0.0
        self.panel: Swallow | None = None
        self.line: gui.UILabel | None = None
        self.header: gui.UILabel | None = None
        self.buttons: dict[str, gui.UIFlatButton] = {}
        self.marks: list[arcade.types.Rect] = []
        self._shown: tuple[Any, ...] | None = None  # what the banner was built for
        self._enabled = False

    # -- attaching -----------------------------------------------------------------------------
    def attach(self, view: Any) -> None:
        self.view = view
        if not self._enabled:
            self.ui.enable()  # after the screen's own manager: the banner's buttons come first
            self._enabled = True
        self._shown = None
        self.relayout()

    def detach(self, view: Any = None) -> None:
        if view is not None and view is not self.view:
            return
        if self._enabled:
            self.ui.disable()
            self._enabled = False
        self.view = None

    # -- what it shows -------------------------------------------------------------------------
    def words(self) -> tuple[str, str, tuple[str, ...]]:
        """(header, line, buttons) for where the run is."""
        run = self.run
        index = run.step_index()
        total = len(run.tutorial.steps)
        if index is not None:
            step = run.tutorial.steps[index]
            buttons = ("next", "skip") if step.decision is None else ("skip",)
            return _(STEP_OF).format(number=index + 1, total=total), _(step.say), buttons
        if self.view is not None and run.show_finale(self.view):
            return _(THE_END), _(run.tutorial.done), (("play_on", "done") if run.spec.seats == 1
                                                else ("done",))
        return _(LAST_STEP), _(run.tutorial.cpu_turn), ("skip",)

    def targets(self) -> list[arcade.types.Rect]:
        """What to click next (or what a read step points at), in the screen's rectangles."""
        run, view = self.run, self.view
        step = run.step
        if view is None or step is None or view.tutorial_busy():
            return []
        if step.show is not None:
            return view.tutorial_rects(step.show)
        if step.decision is None or not run.own(step):
            return []
        return view.tutorial_rects(view.tutorial_next(step.decision))

    def relayout(self) -> None:
        """Build the banner for what the run says now, clear of what it marks."""
        if self.view is None:
            return
        width, height = view_size(self.view.window)
        header, line, buttons = self.words()
        self.marks = self.targets()
        top = self.banner_on_top(width, height)
        key = (width, height, header, line, buttons, top)
        if key == self._shown:
            return
        self._shown = key
        self.ui.clear()
        self.ui.on_resize(width, height)
        outer = min(BANNER_WIDTH, width - 2 * MARGIN)
        text_width = outer - 2 * PAD - BUTTON_WIDTH - theme.GAP
        box = self.panel = Swallow(vertical=False, space_between=theme.GAP, align="center")
        words = gui.UIBoxLayout(space_between=4, align="left")
        self.header = words.add(make_label(header, size=theme.SIZE_SMALL + 1,
                                           color=theme.GOLD, bold=True))
        self.line = words.add(make_label(line, size=theme.SIZE_BODY, width=text_width,
                                         multiline=True))
        box.add(words)
        column = gui.UIBoxLayout(space_between=6)
        self.buttons = {}
        for name in buttons:
            text, kind, action = {
                "next": (_("Next"), "primary", self.run.next),
                "skip": (_("Skip tutorial"), "secondary", self.run.leave),
                "done": (_("Done"), "secondary" if "play_on" in buttons else "primary",
                         self.run.leave),
                "play_on": (_("Play on"), "primary", self.run.play_on),
            }[name]
            self.buttons[name] = column.add(make_button(text, width=BUTTON_WIDTH, height=30,
                                                        kind=kind, on_click=action))
        box.add(column)
        box.with_padding(all=PAD).with_background(
            texture=panel_texture(edge=tuple(theme.GOLD)))
        anchor = gui.UIAnchorLayout()
        anchor.add(box, anchor_x="center_x", anchor_y="top" if top else "bottom",
                   align_y=-MARGIN if top else MARGIN)
        self.ui.add(anchor)
        self.ui.execute_layout()  # the banner's size now: where it goes depends on it

    def banner_on_top(self, width: float, height: float) -> bool:
        """The top or the bottom edge of the window, whichever covers less: never what it
        marks if it can help it, then as little as it can of what the screen keeps clear
        (`tutorial_keep_clear`: the cards, units and panels being played with)."""
        if self.panel is not None and self.panel.rect.height > 1:
            w, h = self.panel.rect.width, self.panel.rect.height
        else:
            w, h = min(BANNER_WIDTH, width - 2 * MARGIN), 90.0
        left = (width - w) / 2
        keep = self.view.tutorial_keep_clear() if self.view is not None else []

        def cost(bottom: float) -> float:
            band = arcade.LBWH(left, bottom, w, h)
            return (sum(overlap(band, r) for r in self.marks) * 1e6
                    + sum(overlap(band, r) for r in keep))

        return cost(height - MARGIN - h) <= cost(MARGIN)

    # -- per frame -----------------------------------------------------------------------------
    def update(self, view: Any, dt: float) -> None:
        if view is not self.view:
            return
        self.run.update(view, dt)
        if self.run.left or self.view is None:
            return
        if view.lively:
            self.clock += dt
        self.relayout()

    def has_marks(self) -> bool:
        return bool(self.marks)

    def draw(self) -> None:
        """The marks (a gold outline pulsing over a dark one) and the banner."""
        if self.view is None:
            return
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
        gold = theme.GOLD_HI.replace(a=round(150 + 105 * pulse))
        grow = MARK_PAD + 3 * pulse
        for rect in self.marks:
            outer = arcade.LBWH(rect.left - grow, rect.bottom - grow, rect.width + 2 * grow,
                                rect.height + 2 * grow)
            arcade.draw_rect_outline(outer, arcade.types.Color(0, 0, 0, 170), 7)
            arcade.draw_rect_outline(outer, gold, 3)
        self.ui.draw()

    def on_key(self, symbol: int) -> bool:
        """Esc skips; Enter presses Next on a read step and Play on, else Done, at the end."""
        if symbol == arcade.key.ESCAPE:
            self.run.leave()
            return True
        if symbol in (arcade.key.ENTER, arcade.key.RETURN):
            if "next" in self.buttons:
                self.run.next()
                return True
            if "play_on" in self.buttons:
                self.run.play_on()
                return True
            if "done" in self.buttons:
                self.run.leave()
                return True
        return False

    def refuse(self, message: str) -> None:
        """A refused decision: the hint beside the banner."""
        view = self.view
        if view is None or self.panel is None:
            return
        rect = self.panel.rect
        height = view_size(view.window)[1]
        y = rect.bottom - 30 if rect.top > height / 2 else rect.top + 30
        view.notify(message, "error", duration=2.5, at=(rect.center_x, y))
