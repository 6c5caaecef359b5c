"""The Replays list and the replay viewer (docs/replays.md).

`ReplaysView` lists the records of `game.replay_files` (saves, finished matches, opened files),
reading and summarizing one record per frame so the list opens at once. `ReplayViewerView`
shows a `ReplayModel`'s position on the mode's own play screen (game.scenes.replay_screens),
built read-only: the screen is drawn and animated, but neither clicks nor keys reach it, so it
accepts no decision. A bar of arcade.gui widgets drives the model: start, back, play/pause,
forward, end, a scrubber over the decisions, the speed, the seat shown (until the match is
over only the seats a person plays in it; every seat and the full view after) and "Play from
here".
"""

from __future__ import annotations

import datetime
import logging
from pathlib import Path
from typing import Any

import arcade
from arcade import gui

from game.engine.modes import ModeLaunch, all_modes, get_mode
from game.engine.replay_model import RecordSummary, ReplayModel, summarize
from game.i18n import N_, _, ngettext
from game.replay_files import RecordEntry, distinct, entries, remember_opened
from game.scenes import replay_screens, theme
from game.scenes.fonts import UI_FONT
from game.scenes.menu import FeltView, level_words, table_felt
from game.scenes.redraw import request_redraw
from game.scenes.scale import view_size
from game.scenes.ui import TightUIManager
from game.scenes.widgets import Toast, make_button, make_label

log = logging.getLogger(__name__)

ROWS_PER_PAGE = 7  # two-line rows: seven fit 600 pixels with the title and the footer
ROW_HEIGHT = 52
BAR_HEIGHT = 96
BAR_COLOUR = arcade.types.Color(16, 20, 26)  # opaque: the screen under it never shows through
CAPTION_ROOM = 24  # the caption's line at the foot of the bar, under the buttons
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
STEP_SECONDS = 0.8  # one decision per this many seconds at 1x
KIND_WORDS = {"save": N_("saved game"), "finished": N_("finished"), "opened": N_("opened file")}


# the results' reasons the four games' rules give (their State JSON ids); a reason a mod
# or a newer rules version gives and this table lacks shows as its id
REASON_WORDS = {
    "elimination": N_("elimination"), "mutual_elimination": N_("mutual elimination"),
    "round_cap": N_("round limit"), "base_captured": N_("base captured"),
    "nexus_destroyed": N_("Nexus destroyed"), "both_destroyed": N_("both Nexuses destroyed"),
    "cleared": N_("dungeon cleared"), "died": N_("the hero died"),
}


# the four games' phase ids (their State JSON's `phase`), as the viewer's caption names them;
# a phase a mod adds shows as its id
PHASE_WORDS = {
    "draft": N_("draft"), "placement": N_("placement"), "combat": N_("combat"),
    "commander": N_("commander"), "movement": N_("movement"),
    "reinforcements": N_("reinforcements"), "cards": N_("battle cards"), "retreat": N_("retreat"),
    "pick": N_("ability pick"), "play": N_("play"), "deck_builder": N_("deck building"),
    "planning": N_("planning"), "over": N_("match over"),
}


def seat_words(level: str | None) -> str:
    """Who played a seat: "CPU hard", or "human"."""
    return _("CPU {level}").format(level=level_words(level)) if level is not None else _("human")


def result_words(summary: RecordSummary) -> str:
    """A record's result as a player reads it: seats counted from 1, Card Crawl's score, or
    where its replay stopped."""
    if summary.stopped is not None:
        number, why = summary.stopped
        return _("stops at decision {number}: {problem}").format(number=number, problem=why)
    result = summary.result
    if result is None:
        return _("in progress")
    reason = result.get("reason")
    why = _(REASON_WORDS[reason]) if reason in REASON_WORDS else str(reason or "")
    if "won" in result:  # Card Crawl: one seat, won or lost, and a score
        text = (_("won, score {score}") if result["won"] else
                _("lost, score {score}")).format(score=result.get("score"))
    elif result.get("winner") is None:
        text = _("draw")
    else:
        text = _("seat {number} won").format(number=int(result["winner"]) + 1)
    return _("{result} ({reason})").format(result=text, reason=why) if why else text


def summary_line(entry: RecordEntry, summary: RecordSummary | None) -> str:
    """One list row, in two lines (one would not fit 960 pixels in Portuguese): mode, kind
    and date; players, result, number of decisions."""
    when = datetime.datetime.fromtimestamp(entry.mtime).strftime("%Y-%m-%d %H:%M")
    if summary is None:
        why = entry.problem or _("reading...")
        return f"{entry.path.name} · {when} · {why}"[:140]
    spec = get_mode(summary.mode)
    title = spec.title if spec else summary.mode
    players = _(" vs ").join(seat_words(level) for level in summary.cpu_levels)
    decisions = ngettext("{n} decision", "{n} decisions", summary.decisions).format(
        n=summary.decisions)
    return (f"{title} · {_(KIND_WORDS[entry.kind])} · {when}\n"
            f"{players} · {result_words(summary)} · {decisions}")


class ReplaysView(FeltView):
    """The Replays list (see the module docstring)."""

    def __init__(self, app: Any) -> None:
        super().__init__()
        self.app = app
        self.toast = Toast()
        self._felt: Any = None
        self.pending = entries([spec.id for spec in all_modes()])
        self.loaded: list[RecordEntry] = []
        self.summaries: dict[Path, RecordSummary | None] = {}
        self.page = 0
        self.row_buttons: list[gui.UIFlatButton] = []
        self.build()

    @property
    def listed(self) -> list[RecordEntry]:
        return distinct(self.loaded) + self.pending

    def read_next(self) -> bool:
        """Read and summarize one pending record; False when none is left."""
        if not self.pending:
            return False
        entry = self.pending.pop(0)
        record = entry.load()
        summary = None
        if record is not None:
            try:
                summary = summarize(record)
            except Exception as exc:  # noqa: BLE001 - a broken record is a line, not a crash
                entry.problem = str(exc)
        self.summaries[entry.path] = summary
        self.loaded.append(entry)
        return True

    def read_all(self) -> None:
        while self.read_next():
            pass
        self.build()

    def build(self) -> None:
        width, height = view_size(self.window)
        self._felt = table_felt(width, height)
        self.ui.clear()
        root = gui.UIAnchorLayout()
        column = gui.UIBoxLayout(vertical=True, space_between=8)
        column.add(make_label(_("Replays"), size=theme.SIZE_HEADING, color=theme.GOLD))
        listed = self.listed
        pages = max(1, -(-len(listed) // ROWS_PER_PAGE))
        self.page = min(self.page, pages - 1)
        shown = listed[self.page * ROWS_PER_PAGE:(self.page + 1) * ROWS_PER_PAGE]
        self.row_buttons = []
        row_width = min(width - 2 * theme.PAD, 1180)
        if not listed:
            column.add(make_label(_("No replays yet: saved games and finished matches are "
                                    "listed here."), color=theme.TEXT_MUTED))
        for entry in shown:
            summary = self.summaries.get(entry.path)
            button = make_button(summary_line(entry, summary), width=row_width, height=ROW_HEIGHT,
                                 kind="secondary", multiline=True)
            button.place_text(anchor_x="left", align_x=16)  # every row's lines start alike
            button.on_click = (lambda _e, en=entry: self.open_entry(en))  # type: ignore
            button.disabled = summary is None
            column.add(button)
            self.row_buttons.append(button)
        root.add(column, anchor_x="center_x", anchor_y="top", align_y=-theme.PAD)
        footer = gui.UIBoxLayout(vertical=False, space_between=theme.GAP)
        prev_btn = footer.add(make_button(_("Previous"), width=130, on_click=self.prev_page))
        prev_btn.disabled = self.page == 0
        footer.add(make_label(_("Page {page} / {pages}").format(page=self.page + 1, pages=pages), color=theme.TEXT_MUTED))
        next_btn = footer.add(make_button(_("Next"), width=130, on_click=self.next_page))
        next_btn.disabled = self.page >= pages - 1
        footer.add(make_button(_("Menu"), width=130, on_click=self.app.show_menu))
        root.add(footer, anchor_x="center_x", anchor_y="bottom", align_y=theme.PAD)
        self.ui.add(root)
        self.built()

    def on_show_view(self) -> None:
        super().on_show_view()
        self.refresh()  # laid out again if the window changed since it was built

    def prev_page(self) -> None:
        self.page = max(0, self.page - 1)
        self.build()

    def next_page(self) -> None:
        self.page += 1
        self.build()

    def open_entry(self, entry: RecordEntry) -> arcade.View | None:
        record = entry.load()
        if record is None:
            self.toast.show(_("Cannot open {file}: {problem}").format(
                file=entry.path.name, problem=entry.problem), "error")
            return None
        return open_viewer(self.app, record, back=self.app.show_replays)

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        # one record per frame: the list shows at once and fills in
        on_page = (self.page + 1) * ROWS_PER_PAGE
        if self.pending and len(self.loaded) < on_page + ROWS_PER_PAGE:
            self.read_next()
            if not self.pending or len(self.loaded) % 2 == 0:
                self.build()
                request_redraw(self.window)  # the window draws on demand (redraw.py)

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.build()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.ESCAPE:
            self.app.show_menu()
            return True
        return False


def open_viewer(app: Any, record: dict[str, Any], back: Any = None) -> arcade.View | None:
    """Open the viewer on a record (a toast when it cannot be loaded)."""
    try:
        model = ReplayModel(record)
    except Exception as exc:  # noqa: BLE001 - a broken record must not close the app
        log.exception("replay viewer: the record cannot be opened")
        app.notify(_("The replay cannot be opened: {problem}").format(problem=exc), duration=4.0)
        return None
    return app.show_view(ReplayViewerView(app, model, back=back))


def open_replay_file(app: Any, path: Path) -> arcade.View | None:
    """`tabula play --replay FILE`: remember the file for the list and open the viewer
    (the menu when it cannot be opened)."""
    from game.engine.record import load_record

    try:
        record = load_record(path)
    except Exception as exc:  # noqa: BLE001
        app.show_menu()
        app.notify(_("The replay cannot be opened: {problem}").format(problem=exc), duration=4.0)
        return None
    notice = remember_opened(path)  # a damaged opened list is set aside: say so
    view = open_viewer(app, record, back=app.show_replays)
    view = view if view is not None else app.show_menu()
    if notice is not None:
        app.notify(notice, duration=4.0)
    return view


class ReplayViewerView(arcade.View):
    """A record's positions on the mode's own screen (see the module docstring)."""

    def __init__(self, app: Any, model: ReplayModel, back: Any = None) -> None:
        super().__init__()
        self.app = app
        self.model = model
        self.back_to = back or app.show_menu
        self.ui = TightUIManager()  # the bar's buttons (in logical pixels at a UI scale)
        self.scrub_ui = TightUIManager()  # the scrubber (see `build_bar`)
        self.toast = Toast()
        self.screen: arcade.View | None = None
        self.screens = replay_screens.ScreenCache(app)
        self.dirty = True  # the screen must be built for the model's position
        self.playing = False
        self.speed_index = SPEEDS.index(1.0)
        self.clock = 0.0
        self.rebuilds = 0  # positions shown (a test checks one per position change)
        if model.over:
            model.set_seat(None)  # a finished match opens on the full view
        self._syncing = False
        self.bar_shown = True
        self._told: tuple[Any, ...] | None = None  # (log, seat, position) the log was told to
        self.build_bar()

    # -- the bar --------------------------------------------------------------------------
    def build_bar(self) -> None:
        """The bar: a row of buttons in `ui`, the scrubber alone in `scrub_ui` and the caption
        drawn as a plain text. Both change at every step; in one manager with the buttons,
        each change rendered every widget of the bar again (about 50 ms a step here)."""
        model = self.model
        width = view_size(self.window)[0]
        self.ui.clear()
        self.scrub_ui.clear()
        root = gui.UIAnchorLayout()
        top = gui.UIBoxLayout(vertical=False, space_between=6)
        self.start_btn = top.add(make_button("|<", width=44, on_click=self.to_start))
        self.back_btn = top.add(make_button("<", width=44, on_click=self.step_back))
        self.play_btn = top.add(make_button(_("Play"), width=80, kind="primary",
                                            on_click=self.toggle_play))
        self.fwd_btn = top.add(make_button(">", width=44, on_click=self.step_forward))
        self.end_btn = top.add(make_button(">|", width=44, on_click=self.to_end))
        self.speed_btn = top.add(make_button(self.speed_text(), width=64,
                                             on_click=self.next_speed))
        self.seat_buttons: dict[int | None, gui.UIFlatButton] = {}
        for seat in range(model.seats):
            self.seat_buttons[seat] = top.add(make_button(
                _("Seat {n}").format(n=seat + 1), width=78, on_click=lambda s=seat: self.show_seat(s)))
        self.seat_buttons[None] = top.add(make_button(
            _("Full"), width=60, on_click=lambda: self.show_seat(None)))
        self.here_btn = top.add(make_button(_("Play from here"), width=150, kind="info",
                                            on_click=self.play_from_here))
        top.add(make_button(_("Back"), width=70, on_click=self.leave))
        root.add(top, anchor_x="center_x", anchor_y="bottom", align_y=CAPTION_ROOM)
        self.ui.add(root)
        slider_width = max(200, min(width - 40, 1240))
        self.slider = gui.UISlider(value=model.index, min_value=0,
                                   max_value=max(1, model.length), width=slider_width, height=24)
        # every change of the value seeks (a drag, a click on the track, or a set)
        gui.bind(self.slider, "value", self.on_slider)
        scrub = gui.UIAnchorLayout()
        scrub.add(self.slider, anchor_x="center_x", anchor_y="bottom",
                  align_y=BAR_HEIGHT - 4 - 24)
        self.scrub_ui.add(scrub)
        self.caption = arcade.Text(_("Decision"), width / 2, CAPTION_ROOM / 2, theme.TEXT,
                                   theme.SIZE_SMALL + 1, font_name=UI_FONT, anchor_x="center",
                                   anchor_y="center")
        self._caption_width = slider_width
        self.sync_bar()

    def speed_text(self) -> str:
        speed = SPEEDS[self.speed_index]
        return f"{speed:g}x"

    def sync_bar(self) -> None:
        """Buttons and caption follow the model's position."""
        model = self.model
        self._syncing = True
        self.slider.value = model.index
        self._syncing = False
        self.play_btn.text = _("Pause") if self.playing else _("Play")
        self.speed_btn.text = self.speed_text()
        self.back_btn.disabled = self.start_btn.disabled = model.index == 0
        self.fwd_btn.disabled = self.end_btn.disabled = model.index >= model.length
        self.seat_buttons[None].disabled = not model.full_allowed
        for seat in range(model.seats):  # a CPU's view waits for the end (ReplayModel)
            self.seat_buttons[seat].disabled = seat not in model.seats_allowed
        for seat, button in self.seat_buttons.items():
            name = button.text.strip("[]")
            text = f"[{name}]" if seat == model.seat else name
            if button.text != text:  # a change renders the button again
                button.text = text
        problem = self.here_problem()
        self.here_btn.disabled = problem is not None
        state = model.match
        words = [_("Decision {index} / {length}").format(index=model.index,
                                                          length=model.length),
                 _("phase {phase}").format(phase=_(PHASE_WORDS[state.phase])
                                           if state.phase in PHASE_WORDS else state.phase),
                 _("turn {turn}").format(turn=state.turn),
                 _("full view") if model.seat is None else
                 _("seat {n}'s view").format(n=model.seat + 1)]
        if problem:
            words.append(_("Play from here: {problem}").format(problem=problem))
        elif model.problem and model.index == model.length:
            words.append(_("the record stops: {problem}").format(problem=model.problem))
        text = " · ".join(words)
        if self.caption.text != text:
            self.caption.text = text
            self.caption.font_size = theme.SIZE_SMALL + 1
            while self.caption.content_width > self._caption_width and \
                    self.caption.font_size > theme.SIZE_MIN:
                self.caption.font_size -= 1  # a long "stops" reason still fits the bar

    def here_problem(self) -> str | None:
        return self.model.setup_problem()

    # -- controls -------------------------------------------------------------------------
    def moved(self) -> None:
        self.dirty = True
        self.sync_bar()

    def step_forward(self) -> None:
        if self.model.step():
            self.moved()
        elif self.playing:
            self.toggle_play()

    def step_back(self) -> None:
        if self.model.back():
            self.moved()

    def to_start(self) -> None:
        self.seek(0)

    def to_end(self) -> None:
        self.seek(self.model.length)

    def seek(self, index: int) -> None:
        before = self.model.index
        if self.model.seek(index) != before:
            self.moved()

    def on_slider(self, *_event: Any) -> None:
        if not self._syncing:
            self.seek(round(self.slider.value))

    def toggle_play(self) -> None:
        if not self.playing and self.model.index >= self.model.length:
            self.seek(0)
        self.playing = not self.playing
        self.clock = 0.0
        self.sync_bar()

    def next_speed(self) -> None:
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)
        self.sync_bar()

    def show_seat(self, seat: int | None) -> None:
        try:
            self.model.set_seat(seat)
        except ValueError as exc:
            self.toast.show(str(exc), "error")
            return
        self.moved()

    def play_from_here(self) -> arcade.View | None:
        """A new match from this position: the player takes the seat shown (seat 1 in the
        full view), the CPU the others (docs/replays.md)."""
        seat = self.model.seat if self.model.seat is not None else 0
        try:
            record = self.model.play_from_here(seat)
        except ValueError as exc:
            self.toast.show(str(exc), "error", duration=3.0)
            return None
        launch = ModeLaunch(mode=record["mode"], record=record)
        self.close()
        if self.app.replaces_a_save(launch):
            menu = self.app.show_menu()
            menu.ask_replace(launch)
            return menu
        view = self.app.start_mode(launch)
        return view if view is not None else self.app.show_menu()

    def leave(self) -> None:
        self.close()
        self.back_to()

    def close(self) -> None:
        self.playing = False
        self.screens.clear()
        self.screen = None
        self.model.close()

    # -- the screen -----------------------------------------------------------------------
    def rebuild(self) -> None:
        """Show the model's position and seat on the mode's screen (read-only): the screen
        of that kind and seat built before takes the position in place (`ScreenCache`)."""
        self.screen = self.screens.show(self.model.match, self.model.seat)
        self.screen.log_floor = BAR_HEIGHT if self.bar_shown else 0  # over the bar, in view
        self.tell_log()
        self.rebuilds += 1
        self.dirty = False

    def tell_log(self) -> None:
        """The screen's log (L), told up to the position shown as the seat shown may see it
        (game.scenes.event_log): one step more after a step forward, told again from the
        start after any other move, a seat change or a screen built anew."""
        log = getattr(self.screen, "event_log", None)
        if log is None:
            return
        model = self.model
        here = (id(log), model.seat, model.index)
        if self._told is not None and self._told == (id(log), model.seat, model.index - 1):
            step = model.last_step()  # `Match.view_step` for the seat shown
            if step is not None:
                log.add(step["events"])
        elif self._told != here:
            log.clear()
            log.add_history(model.match, model.history, model.seat)
        self._told = here

    def toggle_log(self) -> None:
        """L: the screen's log panel, shown or hidden (the app's one choice); the screen
        makes room for it, and the other kept screens are built again when next needed."""
        screen = self.screen
        if getattr(screen, "event_log", None) is None:
            return
        self.app.log_open = not getattr(self.app, "log_open", False)
        self.screens.keep_only(screen)
        screen.relayout()
        request_redraw(self.window)

    def on_show_view(self) -> None:
        if self.bar_shown:
            self.ui.enable()
            self.scrub_ui.enable()

    def on_hide_view(self) -> None:
        self.ui.disable()
        self.scrub_ui.disable()

    def on_resize(self, width: int, height: int) -> None:
        self.build_bar()
        if self.screen is not None:
            self.screen.on_resize(width, height)

    def on_update(self, delta_time: float) -> None:
        self.toast.update(delta_time)
        if self.playing:
            self.clock += delta_time * SPEEDS[self.speed_index]
            if self.clock >= STEP_SECONDS:
                self.clock = 0.0
                self.step_forward()
        if self.dirty:
            self.rebuild()
        if self.playing or self.dirty or self.toast.visible:
            request_redraw(self.window)  # playing is no input: ask for its frames
        if self.screen is not None:
            self.screen.on_update(delta_time)

    def toggle_bar(self) -> None:
        """Tab hides the bar (it covers the bottom of the screen) and shows it again."""
        self.bar_shown = not self.bar_shown
        if self.screen is not None:
            self.screen.log_floor = BAR_HEIGHT if self.bar_shown else 0
        for manager in (self.ui, self.scrub_ui):
            if self.bar_shown:
                manager.enable()
            else:
                manager.disable()

    def on_draw(self) -> None:
        self.clear(color=theme.TABLE)
        if self.screen is not None:
            self.screen.on_draw()
        if self.bar_shown:
            arcade.draw_lrbt_rectangle_filled(0, view_size(self.window)[0], 0, BAR_HEIGHT,
                                             BAR_COLOUR)
            self.ui.draw()
            self.scrub_ui.draw()
            self.caption.draw()
        self.toast.draw()

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        # hover only (tooltips): the screen never gets a click, so it takes no decision
        if self.screen is not None and y > BAR_HEIGHT:
            self.screen.on_mouse_motion(x, y, dx, dy)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        """The wheel over the screen's log panel scrolls it (nothing else of the screen
        takes input)."""
        scroll = getattr(self.screen, "on_mouse_scroll", None)
        return bool(scroll is not None and y > BAR_HEIGHT and scroll(x, y, scroll_x, scroll_y))

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        keys = {arcade.key.SPACE: self.toggle_play, arcade.key.RIGHT: self.step_forward,
                arcade.key.LEFT: self.step_back, arcade.key.HOME: self.to_start,
                arcade.key.END: self.to_end, arcade.key.ESCAPE: self.leave,
                arcade.key.TAB: self.toggle_bar, arcade.key.L: self.toggle_log}
        action = keys.get(symbol)
        if action is None:
            return False
        action()
        return True
