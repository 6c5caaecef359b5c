"""The main menu: one row per registered game, plus Settings and Quit.

The rows come from `game.engine.modes.all_modes()`, so a new game appears here by registering
itself; nothing in this file names a mode. Each row offers the CPU level (two-seat modes only:
the solitaire's level is the Hint setting), Start, and Continue when that mode has a save. A
game with older rules versions has a Rules button beside its title, or under the row's
controls beside Learn to play where the titles leave it no room (960x600) ("Current rules" /
"Original rules"): the choice holds for that game's new matches (`App.rules_choice`), and
while the original rules are chosen the row says what they do differently.
The whole widget tree is rebuilt from the window size on show and on resize, which keeps the
layout code in one place (`build`).

Start over a saved match asks first (Continue saved / Start new / Cancel: docs/saves.md). A
notice above the footer lists what went wrong out of sight (mods that were skipped with their
`file:key` problems, saves that could not be loaded and were set aside, a home folder that
cannot be written); its Details button opens every line in a scrollable panel.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade
import arcade.gui as gui
import arcade.shape_list

from game import i18n
from game.engine.modes import ModeLaunch, ModeSpec, all_modes
from game.i18n import N_, _, ngettext
from game.scenes import theme
from game.scenes.fonts import TITLE_FONT, UI_FONT
from game.scenes.redraw import request_redraw
from game.scenes.scale import view_size
from game.scenes.screen import draw_opaque
from game.scenes.ui import TightUIManager
from game.scenes.widgets import (
    CycleButton,
    HelpOverlay,
    HelpTopic,
    Toast,
    make_button,
    make_label,
    panel_texture,
)

if TYPE_CHECKING:
    from game.scenes.app import App

TITLE = "Tabula"
SUBTITLE = N_("Card and strategy games for one table")

ROW_MAX_WIDTH = 1000
LEVEL_WIDTH = 230
YOU = "you"  # the watch button's value when a person plays seat 0
ACTION_WIDTH = 124
RULES_WIDTH = 132  # the Rules button beside a game's title
RULES_HEIGHT = 28
LEARN_WIDTH = 150  # Learn to play, under Start (docs/tutorials.md)
LEARN_HEIGHT = 26
NOTICE_PAD = 6  # above and below the Details button inside the notice
NOTICE_HEIGHT = theme.BUTTON_HEIGHT + 2 * NOTICE_PAD
# The line load_mode_resources adds before the problems of a mod it skipped.
# the first launch's offer (MainMenuView._offer_panel)
OFFER_TITLE = N_("New to these games?")
OFFER_LINE = N_("Learn to play: a short guided match that shows you what to click, and why.")
OFFER_LATER = N_("Learn to play stays under each game's Start in this menu.")
# the rules versions' captions (ModeSpec.rules_caption: the rules stay English)
RULES_CAPTIONS = (N_("Current rules"), N_("Original rules"))

SKIPPED_MOD = re.compile(r"mod '(.+?)' skipped")


@dataclass(frozen=True)
class Density:
    """Spacing of the menu for one range of window heights (pixels, title in points)."""

    title_size: int
    subtitle: bool
    top: int
    spacer: int
    row_height: int
    gap: int
    bottom: int


# Tried in order; the first that fits the window wins (the last is used regardless).
DENSITIES: tuple[Density, ...] = (
    Density(theme.SIZE_TITLE, True, 24, 22, 92, 12, 28),
    Density(48, True, 14, 12, 86, 10, 20),
    Density(40, False, 10, 8, 80, 8, 16),
)


ROW_PAD = 8  # pixels kept between a game row's texts and its top and bottom edges
ROW_SIDE = 18  # and its left and right edges


def description_size(text: str, width: float, room: float) -> tuple[float, float]:
    """(font size, height) of a game's description: the largest size from the body's down to
    the small one whose wrapped text fits `room` pixels; the small one if none does."""
    size = float(theme.SIZE_BODY - 1)
    while True:
        height = arcade.Text(text, 0, 0, font_size=size, font_name=UI_FONT, multiline=True,
                             width=max(1, int(width))).content_height
        if height <= room or size <= theme.SIZE_SMALL:
            return size, height
        size -= 1


FELT_CELLS = (24, 14)  # the felt's mesh: enough cells that the shading reads as round


FELT_GRAIN = 7.7  # the mean lift of the old felt texture's grain (noise * 0.06)


def felt_light(nx: float, ny: float) -> float:
    """How lit the felt is at a point (-1..1 across the window each way): 1 in the middle,
    0.48 at the middle of an edge, 0.1 in the corners."""
    r = min(1.0, math.hypot(nx, ny) * 128 * math.sqrt(2) / 255)
    return max(0.0, 1.0 - r**1.6 * 0.9)


@functools.lru_cache(maxsize=8)
def table_felt(width: int, height: int) -> arcade.shape_list.ShapeElementList:
    """The table's felt over the whole window: a soft light in the middle and darker edges.

    It is a mesh of solid quads shaded from corner to corner, not a texture: on a software
    rasterizer a full-window texture costs about twice a solid fill. It is opaque and drawn
    without blending, so it also stands in for the frame's clear. Made once per size and
    shared by the shell's screens (only drawn): 10 ms of every menu, Settings and scale change.
    """
    felt = arcade.shape_list.ShapeElementList(blend=False)
    cols, rows = FELT_CELLS
    lo, hi = theme.TABLE_EDGE, theme.TABLE

    def color(i: int, j: int) -> tuple[int, int, int, int]:
        k = felt_light(2 * i / cols - 1, 2 * j / rows - 1)
        return (round(lo.r + (hi.r - lo.r) * k + FELT_GRAIN),
                round(lo.g + (hi.g - lo.g) * k + FELT_GRAIN),
                round(lo.b + (hi.b - lo.b) * k + FELT_GRAIN), 255)

    points: list[tuple[float, float]] = []
    colors: list[tuple[int, int, int, int]] = []
    cw, ch = width / cols, height / rows
    for j in range(rows):
        for i in range(cols):
            x0, y0, x1, y1 = i * cw, j * ch, (i + 1) * cw, (j + 1) * ch
            points += [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            colors += [color(i, j), color(i + 1, j), color(i + 1, j + 1), color(i, j + 1)]
    felt.append(arcade.shape_list.create_rectangles_filled_with_colors(points, colors))
    return felt


def draw_felt(felt: arcade.shape_list.ShapeElementList | None, view: arcade.View) -> None:
    """Draw the felt as the frame's first draw (it covers the window: no clear needed);
    before the first layout there is none yet, so clear instead."""
    if felt is None:
        view.clear()
    else:
        draw_opaque(felt)


class FeltView(gui.UIView):
    """A shell screen on the table felt with a toast: the menu and the settings.
    Subclasses set `self._felt` (see `table_felt`) and `self.toast`.

    The App keeps one of each and shows it again (issue 27: building a panel of widgets and
    its first render took 100-200 ms a click): `on_show_view` rebuilds only when what the
    screen shows changed (`shown_key`), and the gui manager, which hears no resize while its
    screen is hidden, is resized then."""

    _built_key: object = None  # `shown_key()` when the widgets were last built

    def shown_key(self) -> tuple[object, ...]:
        """What the widgets show: a change rebuilds them (subclasses add their own)."""
        return (view_size(self.window), self.window.get_pixel_ratio())

    def build(self, width: int | None = None, height: int | None = None) -> None:
        """Make every widget for this size (default: the window's)."""

    def built(self) -> None:
        """`build` ends here: the widgets show `shown_key()`."""
        self._built_key = self.shown_key()

    def refresh(self) -> bool:
        """Rebuild if what the screen shows changed since it was built; True if it did."""
        key = self.shown_key()
        if key == self._built_key:
            return False
        if self._built_key is None or key[:2] != self._built_key[:2]:
            self.ui.on_resize(*view_size(self.window))  # its surfaces, at the new size
        self.build()
        return True

    def on_update(self, delta_time: float) -> None:
        if self.toast.visible:  # it fades out: frames until it is gone (game.scenes.redraw)
            request_redraw(self.window)
        self.toast.update(delta_time)

    def on_draw(self) -> None:
        draw_felt(self._felt, self)
        self.ui.draw()
        self.on_draw_after_ui()

    def on_draw_after_ui(self) -> None:
        self.toast.draw()


def level_words(level: str) -> str:
    """A CPU level's name for the player (the rules' ids stay English)."""
    return _(LEVEL_NAMES.get(level, level))


LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"),
               "expert": N_("expert"), "random": N_("random")}


def has_tutorial(spec: ModeSpec) -> bool:
    """The game ships Learn to play (its resource files list the tutorial's)."""
    from game.engine.tutorial import FILE

    return any(f.name == FILE for f in spec.resource_files)


class MainMenuView(FeltView):
    """Title, a row per game (level, Continue, Start), Settings and Quit."""

    def __init__(self, app: App) -> None:
        super().__init__()
        self.ui = TightUIManager()  # layout, render and blit only on change
        self.app = app
        self.background_color = theme.TABLE
        self.toast = Toast()
        self.modes: list[ModeSpec] = []
        self.levels: dict[str, str] = {}  # chosen CPU level per mode, kept across rebuilds
        self.watchers: dict[str, str] = {}  # who plays seat 0 of a watchable mode (YOU or a level)
        self.watch_buttons: dict[str, CycleButton] = {}
        self.start_buttons: dict[str, gui.UIFlatButton] = {}
        self.continue_buttons: dict[str, gui.UIFlatButton] = {}
        self.level_buttons: dict[str, CycleButton] = {}
        self.rules_buttons: dict[str, CycleButton] = {}
        self.rules_by_title = True  # the Rules buttons sit beside the titles (`_rules_fit_titles`)
        self.learn_buttons: dict[str, gui.UIFlatButton] = {}  # Learn to play, per game
        self.offer_buttons: dict[str, gui.UIFlatButton] = {}  # the first launch's offer
        self.settings_button: gui.UIFlatButton | None = None
        self.quit_button: gui.UIFlatButton | None = None
        self.replays_button: gui.UIFlatButton | None = None
        self.network_button: gui.UIFlatButton | None = None
        self.title_label: gui.UILabel | None = None
        self.empty_label: gui.UILabel | None = None
        self.notice_label: gui.UILabel | None = None
        self.details_button: gui.UIFlatButton | None = None
        self.replacing: ModeLaunch | None = None  # a Start over a save, waiting for an answer
        self.replace_buttons: dict[str, gui.UIFlatButton] = {}
        self._felt: arcade.shape_list.ShapeElementList | None = None

    # layout -------------------------------------------------------------------------------------
    def build(self, width: int | None = None, height: int | None = None) -> None:
        """Rebuild every widget for this size (default: the window's) and the current saves."""
        logical_width, logical_height = view_size(self.window)
        width = width or logical_width
        height = height or logical_height
        self.ui.clear()
        self.start_buttons, self.continue_buttons, self.level_buttons = {}, {}, {}
        self.watch_buttons, self.replace_buttons, self.rules_buttons = {}, {}, {}
        self.learn_buttons, self.offer_buttons = {}, {}
        self.notice_label = self.details_button = None
        self.modes = all_modes()

        self._felt = table_felt(width, height)
        if self.replacing is not None:
            self.ui.add(self._replace_panel(self.replacing))
            self.built()
            return
        if self.app.offer_tutorials and self.modes:
            self.ui.add(self._offer_panel())
            self.built()
            return
        row_width = min(ROW_MAX_WIDTH, width - 96)
        notice = self._notice(row_width)

        density, title, subtitle = self._fit(height - (NOTICE_HEIGHT + 12 if notice else 0),
                                             row_width)
        root = gui.UIAnchorLayout()
        column = gui.UIBoxLayout(space_between=density.gap)
        self.title_label = column.add(title)
        if subtitle is not None:
            column.add(subtitle)
        column.add(gui.UISpace(height=density.spacer))
        if self.modes:
            self.rules_by_title = self._rules_fit_titles(row_width)
            for spec in self.modes:
                column.add(self._mode_row(spec, row_width, density.row_height))
        else:
            column.add(self._empty_panel(row_width))
        root.add(column, anchor_x="center_x", anchor_y="top", align_y=-density.top)

        footer = gui.UIBoxLayout(vertical=False, space_between=theme.GAP)
        self.settings_button = footer.add(
            make_button(_("Settings"), width=160, on_click=self.app.show_settings)
        )
        self.replays_button = footer.add(
            make_button(_("Replays"), width=130, on_click=self.app.show_replays))
        self.network_button = footer.add(
            make_button(_("Network"), width=130, on_click=self.open_network))
        footer.add(make_button(_("Help"), width=110, on_click=self.open_help))
        self.quit_button = footer.add(make_button(_("Quit"), width=160, on_click=self.app.quit))
        root.add(footer, anchor_x="center_x", anchor_y="bottom", align_y=density.bottom)
        if notice is not None:
            root.add(notice, anchor_x="center_x", anchor_y="bottom",
                     align_y=density.bottom + theme.BUTTON_HEIGHT + 12)

        self.ui.add(root)
        self.built()

    def shown_key(self) -> tuple[object, ...]:
        """The games, the notice, a pending question, the palette, the language and the
        rules chosen (CardConquest's setup shares the Rules choice, `App.rules_choice`)."""
        return (*super().shown_key(), tuple(spec.id for spec in all_modes()),
                self.notice_text(), self.replacing, self.app.offer_tutorials,
                self.app.settings.palette, i18n.language(),
                tuple(sorted(self.app.rules_choice.items())))

    def show_saves(self) -> None:
        """Continue on exactly the rows whose game has a save (a save made or finished
        while another screen showed): a button's state, not a rebuild."""
        for mode_id, button in self.continue_buttons.items():
            button.disabled = not self.app.has_save(mode_id)

    # notices ------------------------------------------------------------------------------------
    def notice_topics(self) -> list[HelpTopic]:
        """What the notice's Details panel lists: one topic per kind of problem."""
        from game import paths

        topics: list[HelpTopic] = []
        mods = self.app.mod_problems()
        if mods:
            topics.append(HelpTopic(_("Skipped mods"), (
                _("These mods were not loaded; the games play without them. Each line names "
                  "the file and the key at fault (docs/modding.md). Mods folder: {folder}"
                  ).format(folder=paths.mods_dir()), *mods)))
        if self.app.save_problems:
            topics.append(HelpTopic(_("Saves set aside"), (
                _("These saves could not be loaded. Each file was renamed, not deleted, in "
                  "{folder}.").format(folder=paths.saves_dir()),
                *(str(p) for p in self.app.save_problems))))
        if self.app.home_problem:
            topics.append(HelpTopic(_("Your Tabula folder"), (self.app.home_problem,)))
        if self.app.read_only:
            topics.append(HelpTopic(_("Another window"), (
                self.app.read_only_words(), _("Two windows on one home would overwrite each "
                "other's saves, so only the first one plays and saves (docs/saves.md)."))))
        return topics

    def notice_text(self) -> str | None:
        """The notice's one line (short enough for a 960 px window), or None when nothing
        went wrong."""
        parts: list[tuple[str, str]] = []  # (short, the longer words when it is alone)
        mods = self.app.mod_problems() if self.app.mod_problems_known else []
        if mods:
            names = {m.group(1) for line in mods if (m := SKIPPED_MOD.search(line))}
            n = len(names)
            short = ngettext("{n} mod was skipped", "{n} mods were skipped", n).format(n=n) \
                if n else _("Some mods have problems")
            parts.append((short, _("{notice}: problems in their files").format(notice=short)))
        if self.app.save_problems:
            n = len(self.app.save_problems)
            short = ngettext("{n} save was set aside", "{n} saves were set aside", n).format(n=n)
            parts.append((short, ngettext("{n} save could not be loaded (kept aside)",
                                          "{n} saves could not be loaded (kept aside)",
                                          n).format(n=n)))
        if self.app.home_problem:
            parts.append((_("saves cannot be written"), _("Settings and saves cannot be written")))
        if self.app.read_only:
            parts.append((_("another window owns the saves"),
                          _("Read-only: another Tabula window is using this home's saves")))
        if not parts:
            return None
        if len(parts) == 1:
            return parts[0][1]
        text = "; ".join(short for short, _long in parts)
        return text[0].upper() + text[1:]

    def _notice(self, width: float) -> gui.UIWidget | None:
        """A red-edged strip as wide as the rows: the one line, and Details."""
        text = self.notice_text()
        if text is None:
            return None
        strip = gui.UIAnchorLayout(width=width, height=NOTICE_HEIGHT, size_hint=None)
        strip.with_background(texture=panel_texture(edge=tuple(theme.RED)))
        self.notice_label = strip.add(
            make_label(text, color=theme.RED_HI, bold=True, width=width - 170),
            anchor_x="left", anchor_y="center_y", align_x=18)
        self.details_button = strip.add(
            make_button(_("Details"), width=ACTION_WIDTH, kind="danger", on_click=self.open_notice),
            anchor_x="right", anchor_y="center_y", align_x=-18)
        return strip

    def open_notice(self) -> HelpOverlay:
        """Every problem line in a scrollable panel (Esc closes it)."""
        self.app.sounds.play("click")
        return HelpOverlay.open(self, self.notice_topics(), title=_("Problems"))

    # a new match over a save ----------------------------------------------------------------
    def ask_replace(self, launch: ModeLaunch) -> None:
        """Start over a saved match: ask Continue saved / Start new / Cancel first."""
        self.replacing = launch
        self.build()

    def _replace_panel(self, launch: ModeLaunch) -> gui.UIWidget:
        spec = next((m for m in self.modes if m.id == launch.mode), None)
        title = spec.title if spec is not None else launch.mode
        box = gui.UIBoxLayout(space_between=theme.GAP)
        box.add(make_label(_("You have a saved {title} match.").format(title=title), size=theme.SIZE_HEADING,
                           bold=True, color=theme.GOLD))
        box.add(make_label(_("Start a new one and replace it?"), size=theme.SIZE_SUBHEADING))
        box.add(make_label(_("The saved match is replaced when the new one is saved."),
                           color=theme.TEXT_MUTED))
        box.add(gui.UISpace(height=6))
        row = gui.UIBoxLayout(vertical=False, space_between=theme.GAP)
        for key, text, kind, action in (
            ("continue", _("Continue saved"), "primary", self._replace_continue),
            ("start", _("Start new"), "danger", self._replace_start),
            ("cancel", _("Cancel"), "secondary", self._replace_cancel),
        ):
            self.replace_buttons[key] = row.add(
                make_button(text, width=170, kind=kind, on_click=action))
        box.add(row)
        anchor = gui.UIAnchorLayout()
        anchor.add(box.with_padding(all=28).with_background(
            texture=panel_texture(edge=tuple(theme.GOLD))),
            anchor_x="center_x", anchor_y="center_y")
        return anchor

    # Learn to play (game.scenes.tutorial) -------------------------------------------------------
    def learn(self, mode_id: str) -> None:
        """Learn to play a game; the offer, if it shows, is answered."""
        self.app.offer_tutorials = False
        if self.app.start_tutorial(mode_id) is None and self.window.current_view is self:
            self.build()  # it could not start (its toast says why): the menu without the offer

    def _offer_panel(self) -> gui.UIWidget:
        """The first launch's offer: a guided first match of any game, or not now."""
        box = gui.UIBoxLayout(space_between=theme.GAP)
        box.add(make_label(_(OFFER_TITLE), size=theme.SIZE_HEADING, bold=True, color=theme.GOLD))
        box.add(make_label(_(OFFER_LINE), size=theme.SIZE_SUBHEADING))
        box.add(make_label(_(OFFER_LATER), color=theme.TEXT_MUTED))
        box.add(gui.UISpace(height=6))
        row = gui.UIBoxLayout(vertical=False, space_between=theme.GAP)
        for spec in self.modes:
            if has_tutorial(spec):
                self.offer_buttons[spec.id] = row.add(make_button(
                    spec.title, width=170, kind="primary",
                    on_click=lambda mode=spec.id: self.learn(mode)))
        box.add(row)
        self.offer_buttons["later"] = box.add(make_button(
            _("Not now"), width=170, kind="secondary", on_click=self.decline_offer))
        anchor = gui.UIAnchorLayout()
        anchor.add(box.with_padding(all=28).with_background(
            texture=panel_texture(edge=tuple(theme.GOLD))),
            anchor_x="center_x", anchor_y="center_y")
        return anchor

    def decline_offer(self) -> None:
        self.app.offer_tutorials = False
        self.app.sounds.play("click")
        self.build()

    def _replace_answer(self) -> ModeLaunch | None:
        launch, self.replacing = self.replacing, None
        self.app.sounds.play("click")
        self.build()
        return launch

    def _replace_continue(self) -> None:
        launch = self._replace_answer()
        if launch is not None:
            self.continue_game(launch.mode)

    def _replace_start(self) -> None:
        launch = self._replace_answer()
        if launch is not None:
            self.app.start_mode(launch)

    def _replace_cancel(self) -> None:
        self._replace_answer()

    def _fit(self, height: int, row_width: float
             ) -> tuple[Density, gui.UILabel, gui.UILabel | None]:
        """The roomiest density whose header, rows (each as tall as its texts need) and footer
        fit the window height."""
        rows = max(1, len(self.modes))
        for density in DENSITIES:
            title = make_label(
                TITLE, size=density.title_size, color=theme.GOLD, bold=True, font_name=TITLE_FONT
            )
            subtitle = (
                make_label(_(SUBTITLE), size=theme.SIZE_BODY + 1, color=theme.TEXT_MUTED)
                if density.subtitle
                else None
            )
            header = title.height + (subtitle.height + density.gap if subtitle else 0)
            body = (sum(self._row_height(spec, row_width, density.row_height)
                        for spec in self.modes) + (rows - 1) * density.gap
                    if self.modes else 170)
            footer = theme.BUTTON_HEIGHT + density.bottom + density.gap
            if density.top + header + density.gap + density.spacer + body + footer <= height:
                break
        return density, title, subtitle

    @staticmethod
    def _info_width(row_width: float) -> float:
        """The text column of a game row: what the level, Continue and Start buttons leave."""
        controls_width = LEVEL_WIDTH + ACTION_WIDTH * 2 + theme.GAP * 2
        return row_width - controls_width - ROW_SIDE * 2 - 24

    def _row_height(self, spec: ModeSpec, row_width: float, row_height: float) -> float:
        """A game row's height: `row_height`, or more if its texts need it at the small size."""
        title = make_label(spec.title, size=theme.SIZE_SUBHEADING + 2, bold=True)
        room = row_height - title.height - 4 - ROW_PAD * 2
        _size, text_height = description_size(self.row_text(spec), self._info_width(row_width),
                                          room)
        return max(row_height, title.height + 4 + text_height + ROW_PAD * 2)

    def rules_of(self, spec: ModeSpec) -> str:
        """The rules version this game's new matches play (chosen, else current)."""
        return self.app.rules_choice.get(spec.id, spec.rules_version)

    def row_text(self, spec: ModeSpec) -> str:
        """The line under a game's title: its description, or while older rules are chosen,
        what those rules do differently."""
        version = self.rules_of(spec)
        if version == spec.rules_version:
            return _(spec.description)
        change = spec.rules_changes.get(version)
        caption = _(spec.rules_caption(version))
        return _("{rules}: {change}").format(rules=caption, change=_(change)) if change else \
            caption

    def _rules_button(self, spec: ModeSpec) -> CycleButton:
        button = CycleButton(
            "",
            spec.rules_versions(),
            self.rules_of(spec),
            width=RULES_WIDTH,
            height=RULES_HEIGHT,
            on_change=lambda value, mode=spec.id: self._set_rules(mode, value),
            describe=lambda version, spec=spec: _(spec.rules_caption(version)),
        )
        self.rules_buttons[spec.id] = button
        return button

    def _rules_fit_titles(self, row_width: float) -> bool:
        """Every game's Rules button fits beside its title in the text column; else (a
        narrow window: 960x600) every Rules button goes under the row's controls, beside
        Learn to play, so that no Rules button runs into the CPU level button."""
        info_width = self._info_width(row_width)
        for spec in self.modes:
            if spec.older_rules:
                title = make_label(spec.title, size=theme.SIZE_SUBHEADING + 2, bold=True)
                if title.width + theme.GAP + RULES_WIDTH > info_width:
                    return False
        return True

    def _mode_row(self, spec: ModeSpec, row_width: float, row_height: float) -> gui.UIWidget:
        pad = ROW_SIDE
        controls = gui.UIBoxLayout(vertical=False, space_between=theme.GAP, align="center")
        if spec.seats > 1 and spec.cpu_levels:
            level = self.levels.get(spec.id, spec.default_level)
            if spec.watchable:  # two half-width buttons: who plays seat 0, then the CPU
                half = (LEVEL_WIDTH - theme.GAP) / 2
                watcher = CycleButton(
                    "",
                    (YOU, *spec.cpu_levels),
                    self.watchers.get(spec.id, YOU),
                    width=half,
                    on_change=lambda value, mode=spec.id: self._set_watcher(mode, value),
                    describe=lambda value: _("You") if value == YOU else _("CPU {level}").format(
                        level=level_words(value)),
                )
                self.watch_buttons[spec.id] = controls.add(watcher)
                button = CycleButton(
                    "",
                    spec.cpu_levels,
                    level,
                    width=half,
                    on_change=lambda value, mode=spec.id: self._set_level(mode, value),
                    describe=lambda value: _("vs {level}").format(level=level_words(value)),
                )
            else:
                button = CycleButton(
                    _("CPU"),
                    spec.cpu_levels,
                    level,
                    width=LEVEL_WIDTH,
                    on_change=lambda value, mode=spec.id: self._set_level(mode, value),
                    describe=level_words,
                )
            self.level_buttons[spec.id] = controls.add(button)
        cont = make_button(
            _("Continue"),
            width=ACTION_WIDTH,
            kind="info",
            on_click=lambda mode=spec.id: self.continue_game(mode),
        )
        cont.disabled = not self.app.has_save(spec.id)
        self.continue_buttons[spec.id] = controls.add(cont)
        self.start_buttons[spec.id] = controls.add(
            make_button(
                _("Start"),
                width=ACTION_WIDTH,
                kind="primary",
                on_click=lambda mode=spec.id: self.start_game(mode),
            )
        )

        # The text column keeps the same width in every row (room for the level button even
        # when a row has none), so Start and Continue line up down the list.
        info_width = self._info_width(row_width)
        info = gui.UIBoxLayout(space_between=4, align="left")
        title = make_label(spec.title, size=theme.SIZE_SUBHEADING + 2, bold=True)
        if spec.older_rules and self.rules_by_title:  # the Rules button beside the title
            heading = gui.UIBoxLayout(vertical=False, space_between=theme.GAP, align="center")
            heading.add(title)
            heading.add(self._rules_button(spec))
            info.add(heading)
        else:
            info.add(title)
        room = row_height - title.height - 4 - ROW_PAD * 2
        text = self.row_text(spec)
        size, text_height = description_size(text, info_width, room)
        info.add(
            make_label(
                text,
                size=size,
                color=theme.TEXT_MUTED if text == _(spec.description) else theme.GOLD,
                width=info_width,
                multiline=True,
            )
        )
        # a description that does not fit even at the smallest size makes its row taller
        row_height = max(row_height, title.height + 4 + text_height + ROW_PAD * 2)

        row = gui.UIAnchorLayout(width=row_width, height=row_height, size_hint=None)
        row.with_background(texture=panel_texture())
        row.add(info, anchor_x="left", anchor_y="center_y", align_x=pad)
        under = gui.UIBoxLayout(vertical=False, space_between=theme.GAP, align="center")
        if spec.older_rules and not self.rules_by_title:  # no room beside the title
            under.add(self._rules_button(spec))
        if has_tutorial(spec):  # Learn to play, small, under Start
            self.learn_buttons[spec.id] = under.add(make_button(
                _("Learn to play"), width=LEARN_WIDTH, height=LEARN_HEIGHT, kind="secondary",
                on_click=lambda mode=spec.id: self.learn(mode)))
        if under.children:
            stack = gui.UIBoxLayout(space_between=4, align="right")
            stack.add(controls)
            stack.add(under)
            controls = stack
        row.add(controls, anchor_x="right", anchor_y="center_y", align_x=-pad)
        return row

    def _empty_panel(self, row_width: float) -> gui.UIWidget:
        box = gui.UIBoxLayout(space_between=8)
        self.empty_label = box.add(
            make_label(_("No games installed"), size=theme.SIZE_HEADING, bold=True, color=theme.GOLD)
        )
        box.add(
            make_label(
                _("Tabula found no game modes. Each game registers itself from its package "
                  "(game/systems/<mode>/mode.py); reinstall Tabula or check the log for import "
                  "errors."),
                color=theme.TEXT_MUTED,
                width=min(620, row_width - 60),
                multiline=True,
                align="center",
            )
        )
        return box.with_padding(all=28).with_background(texture=panel_texture())

    # actions ------------------------------------------------------------------------------------
    def _set_level(self, mode_id: str, level: str) -> None:
        self.levels[mode_id] = level
        self.app.sounds.play("click")

    def _set_rules(self, mode_id: str, version: str) -> None:
        """The rules of this game's new matches; the row's line then says what differs."""
        spec = next((m for m in self.modes if m.id == mode_id), None)
        if spec is None or version == spec.rules_version:
            self.app.rules_choice.pop(mode_id, None)
        else:
            self.app.rules_choice[mode_id] = version
        self.app.sounds.play("click")
        self.build()

    def _set_watcher(self, mode_id: str, value: str) -> None:
        self.watchers[mode_id] = value
        self.app.sounds.play("click")

    def launch_for(self, spec: ModeSpec) -> ModeLaunch:
        """The launch the Start button makes: the CPU sits in seat 1 of a two-seat game, and
        in seat 0 too when the player chose to watch; the rules chosen with the Rules button
        (None: the current ones)."""
        cpu: dict[int, str] = {}
        if spec.seats > 1 and spec.cpu_levels:
            cpu = {1: self.levels.get(spec.id, spec.default_level)}
            watcher = self.watchers.get(spec.id, YOU) if spec.watchable else YOU
            if watcher != YOU:
                cpu[0] = watcher
        return ModeLaunch(mode=spec.id, cpu=dict(sorted(cpu.items())),
                          rules=self.app.rules_choice.get(spec.id))

    def start_game(self, mode_id: str) -> None:
        """Start a new match; over a saved one, ask first."""
        spec = next((m for m in self.modes if m.id == mode_id), None)
        if spec is None:
            return
        self.app.sounds.play("click")
        launch = self.launch_for(spec)
        if self.app.replaces_a_save(launch):
            self.ask_replace(launch)
        else:
            self.app.start_mode(launch)

    def continue_game(self, mode_id: str) -> None:
        self.app.sounds.play("click")
        if self.app.continue_mode(mode_id) is None and self.window.current_view is self:
            self.build()  # the save may have been set aside: Continue off, the notice on

    def open_network(self) -> None:
        """Host or join a match with a friend on another computer (docs/network.md)."""
        from game.scenes.network import open_network

        self.app.sounds.play("click")
        open_network(self.app)

    def open_help(self) -> None:
        HelpOverlay.open(
            self,
            [
                HelpTopic(
                    _("Playing"),
                    (
                        _("Pick a game and press Start. Two-player games put a CPU in the second "
                          "seat; its level button cycles through the levels the game offers."),
                        _("Where a game shows a You button, click it to hand your seat to a CPU "
                          "as well and watch two CPUs play."),
                        _("A game whose rules were changed for fairness has a Rules button "
                          "beside its name: Original rules plays its new matches as first "
                          "written (the line below the name says what differs)."),
                        _("Network (below) hosts a match for a friend on another computer, "
                          "or joins theirs by address or join code."),
                        _("Continue resumes the match you saved from that game's pause menu "
                          "(Strike saves after every move). Each game keeps one save: Start "
                          "asks before a new match would replace it."),
                    ),
                ),
                HelpTopic(
                    _("In every game"),
                    (
                        _("H opens the game's own help: its goal, phases and controls."),
                        _("Esc in a match first clears what you picked up or selected, then "
                          "opens the pause menu: resume, help, settings, save and quit, quit."),
                        _('Marve-Strike saves after every move, so its Esc asks "Leave this '
                          'match?" instead. On set-up and end screens Esc goes back.'),
                        _("Each screen's help (H) ends with what Esc does there."),
                    ),
                ),
                HelpTopic(
                    _("Settings"),
                    (
                        _("Animation speed (slow, normal, fast, instant), sound and volume, "
                          "fullscreen, and the CPU level behind Card Crawl's Hint button."),
                    ),
                ),
            ],
            title="Tabula",
        )

    # arcade handlers ----------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if not self.app.mod_problems_known:  # after the first frame: cold start stays quick
            if self.app.mod_problems():
                self.build()
                request_redraw(self.window)

    def on_show_view(self) -> None:
        super().on_show_view()
        if not self.refresh():  # the same menu: only the saves may have changed
            self.show_saves()

    def on_resize(self, width: int, height: int) -> None:
        self.build(width, height)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if self.app.offer_tutorials and self.offer_buttons:
            if symbol == arcade.key.ESCAPE:
                self.decline_offer()
            return True
        if self.replacing is not None:
            if symbol == arcade.key.ESCAPE:
                self._replace_cancel()
            return True
        if symbol == arcade.key.H:
            self.open_help()
            return True
        return False

