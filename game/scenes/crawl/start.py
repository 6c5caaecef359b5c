"""Card Crawl's entry point and Start screen (spec crawl.md section 8.1).

`open_crawl(app, launch)` is the mode's `scene_entry`:

- `launch.record`: continue that run (a pick in progress, a run in play, or a finished run's
  end screen);
- `options.variant` normal: a run starts at once; constructed: the ability picker; daily:
  today's run (seed = the local date as YYYYMMDD);
- a seed without a variant: a normal run on that seed;
- nothing: the Start screen, with Normal (and an optional seed field), Constructed and Daily
  (today's date and "best today: N"), High scores and Help; Esc goes back to the menu.

New runs are match records `new_record("crawl", rules, seed, {"variant", "ai": {}, ...})` built
with `build_match`, the same path as replays.
"""

from __future__ import annotations

import dataclasses
import datetime
import secrets
from collections.abc import Iterator
from typing import Any

import arcade
import arcade.gui as gui
import arcade.shape_list

from game.ai.crawl.worker import PAR_NODES, daily_par
from game.engine.match import Match
from game.engine.modes import ModeLaunch
from game.engine.record import build_match, new_record, replay
from game.i18n import N_, _
from game.scenes import theme
from game.scenes.bake import bake_texts, draw_baked
from game.scenes.base import ESC_MENU, GameViewBase
from game.scenes.cpu_worker import WorkerCalls, prestart_for
from game.scenes.crawl import look
from game.scenes.crawl.catalogue import load_catalogue
from game.scenes.crawl.end import VARIANT_NAMES, EndView, ScoreBoard
from game.scenes.crawl.help import help_topics
from game.scenes.crawl.scores import ScoreTable, eligible
from game.scenes.fonts import TITLE_FONT, UI_FONT
from game.scenes.screen import draw_opaque
from game.scenes.staged import StagedLayout
from game.scenes.widgets import HelpTopic, centred_field, make_button, make_label

MODE_ID = "crawl"
_PARS: dict[str, int | None] = {}  # date -> the daily par, once worked out in this session


def today() -> str:
    """The local calendar date, YYYY-MM-DD (a daily run's date)."""
    return datetime.date.today().isoformat()


def daily_seed(date: str) -> int:
    """A daily run's seed: its date as the integer YYYYMMDD (spec 4.2.5)."""
    return int(date.replace("-", ""))


def random_seed() -> int:
    """A fresh seed for a normal or constructed run (not a rule: any integer will do)."""
    return secrets.randbelow(900_000_000) + 100_000_000


def new_match(variant: str, seed: int | None = None, date: str | None = None) -> Match:
    """A new run's match from its record (the deal, or the pick of a constructed run)."""
    catalogue = load_catalogue()
    options: dict[str, Any] = {"variant": variant, "ai": {}}
    if variant == "daily":
        date = date or today()
        seed = daily_seed(date)
        options["date"] = date
    elif seed is None:
        seed = random_seed()
    record = new_record(MODE_ID, catalogue.rules_version, seed, options)
    return build_match(record)


def view_for(app: Any, match: Match, *, intro: bool = True, scored: bool = True,
             history: list[list[Any]] | None = None) -> arcade.View:
    """The screen for a match: the picker, the play view, or the end screen. `scored` False:
    the run never enters the high-score table (a run loaded from a file). `history`: the
    events of the decisions replayed to get here (a Continue), for the log."""
    if match.phase == "pick":
        from game.scenes.crawl.picker import PickerView

        return PickerView(app, match, scored=scored)
    if match.result is not None:
        from game.engine.record import match_record

        record, state = match_record(match), match.state_json()
        match.close()
        return EndView(app, record, state, record_score=False)
    from game.scenes.crawl.play import PlayView

    return PlayView(app, match, intro=intro, scored=scored, history=history)


def start_run(app: Any, variant: str, seed: int | None = None) -> arcade.View:
    """A new run of a variant: normal and daily deal at once, constructed opens the picker."""
    return view_for(app, new_match(variant, seed))


def continue_record(app: Any, record: dict[str, Any]) -> arcade.View:
    """A saved run, replayed to where it was left. It may still score only if it is the
    player's own save (the slot holds it) and was eligible when saved; a record loaded from
    any other file never scores (docs/crawl.md "High scores")."""
    scored = eligible(record) and app.slots.holds(record)
    outcome = replay(record)
    if outcome.rejection is not None:
        outcome.match.close()
        raise ValueError(
            f"decision {outcome.rejected_index} of the saved run is refused: "
            f"{outcome.rejection.message}"
        )
    return view_for(app, outcome.match, intro=False, scored=scored, history=outcome.events)


def open_crawl(app: Any, launch: ModeLaunch) -> arcade.View:
    """The mode's scene entry (spec 8.1): what `tabula play crawl` and the menu open."""
    if launch.record is not None:
        return continue_record(app, launch.record)
    variant = (launch.options or {}).get("variant")
    if variant is None and launch.seed is not None:
        variant = "normal"
    if variant is None:
        return StartView(app)
    if variant not in VARIANT_NAMES:
        raise ValueError(f"unknown variant {variant!r} (normal, constructed, daily)")
    return start_run(app, variant, launch.seed if variant != "daily" else None)


# The side column's four buttons fill the height three 46-pixel buttons did (3 x 58 with
# their gaps), so the fan of cards under them stays where it was.
SIDE_BUTTON_H = 34


class StartView(StagedLayout, GameViewBase):
    """Normal, Constructed, Daily, High scores, Help; Esc to the menu. Its layout runs in
    steps behind the loading state on first show (game.scenes.staged)."""

    title = N_("Card Crawl")
    esc_help = ESC_MENU
    mode_id = None
    par_sync = False  # tests set True: the daily par is worked out in-process
    par_nodes = PAR_NODES  # tests lower it: the par of a smaller search, quickly

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.catalogue = load_catalogue()
        self.buttons: dict[str, gui.UIFlatButton] = {}
        self.seed_field: gui.UIInputText | None = None
        self.date = today()
        table = ScoreTable.load(kept=self.catalogue.high_scores_kept)
        self.load_error = table.load_error
        self.best_today = table.best("daily", self.date)
        # the daily par is solved in a worker process: the screen never waits for it
        self.par: int | None = _PARS.get(self.date)
        self.par_worker = WorkerCalls("daily par", sync=self.par_sync)
        self.notes: dict[str, gui.UILabel] = {}
        # heading and tagline are baked into sprites at layout (static: one quad each); made
        # by the first layout step (their glyphs are rendered then, behind the loading state)
        self.heading: arcade.Text | None = None
        self.tagline: arcade.Text | None = None
        self.sprites = arcade.SpriteList()  # the fan's cards
        self.labels = arcade.SpriteList()

    def layout_steps(self, width: int, height: int) -> Iterator[None]:
        if self.heading is None or self.tagline is None:
            self.heading = arcade.Text(_("Card Crawl"), 0, 0, theme.GOLD, 60, font_name=TITLE_FONT,
                                       bold=True, anchor_x="center", anchor_y="center")
            yield
            self.tagline = arcade.Text(
                _("A solitaire dungeon of 54 cards: fight, block, drink and loot your way through."),
                0, 0, theme.TEXT_MUTED, theme.SIZE_SUBHEADING, font_name=UI_FONT,
                anchor_x="center", anchor_y="center",
            )  # fmt: skip
            yield
        self.heading.position = (width / 2, height - 90)
        self.tagline.position = (width / 2, height - 148)
        self.tagline.font_size = theme.SIZE_SUBHEADING if width >= 1100 else theme.SIZE_BODY + 1
        self.labels.clear()
        self.labels.extend(b.sprite() for b in bake_texts(
            {"heading": [self.heading], "tagline": [self.tagline]}, "start").values())
        yield
        self.ui.clear()
        big_w = min(420, width * 0.36)
        left = gui.UIBoxLayout(space_between=10, align="left")

        def variant_button(key: str, text: str, note: str, kind: str) -> Iterator[None]:
            button = make_button(text, width=big_w, height=64, kind=kind,
                                 on_click=lambda k=key: self.start(k))
            button.style = _big(button.style)
            self.buttons[key] = left.add(button)
            yield
            self.notes[key] = left.add(make_label(note, color=theme.TEXT_MUTED,
                                                  size=theme.SIZE_SMALL + 1, width=big_w,
                                                  multiline=True))
            yield

        self.buttons = {}
        yield from variant_button("normal", _("Normal"), _("Five random abilities. Leave the seed "
                                  "empty for a fresh dungeon."), "primary")
        seed_row = gui.UIBoxLayout(vertical=False, space_between=10)
        seed_row.add(make_label(_("Seed:"), color=theme.TEXT, bold=True))
        field_style = gui.UIInputText.UIStyle
        self.seed_field = gui.UIInputText(
            width=big_w - 70, height=34, text="", font_name=(UI_FONT,), font_size=14,
            text_color=theme.TEXT, caret_color=theme.GOLD_HI, style={
                "normal": field_style(bg=theme.PANEL, border=theme.PANEL_EDGE),
                "hover": field_style(bg=theme.PANEL_HI, border=theme.TEXT_MUTED),
                "press": field_style(bg=theme.PANEL_HI, border=theme.GOLD),
                "disabled": field_style(bg=theme.PANEL, border=theme.PANEL_EDGE),
                "invalid": field_style(bg=theme.PANEL, border=theme.RED),
            },
        )  # fmt: skip
        seed_row.add(centred_field(self.seed_field))
        left.add(seed_row)
        yield
        left.add(gui.UISpace(height=12))
        yield from variant_button("constructed", _("Constructed"),
                                  _("Pick your own 5 abilities from the 14."), "secondary")
        left.add(gui.UISpace(height=4))
        yield from variant_button("daily", _("Daily  ·  {date}").format(date=self.date), self.daily_note(),
                                  "secondary")

        right = gui.UIBoxLayout(space_between=12)
        for key, text, action in (("learn", _("Learn to play"), self.learn),
                                  ("scores", _("High scores"), self.show_scores),
                                  ("help", _("Help (H)"), self.open_help),
                                  ("menu", _("Back to menu (Esc)"), self.app.show_menu)):
            self.buttons[key] = right.add(make_button(text, width=230, height=SIDE_BUTTON_H,
                                                      on_click=action))
            yield
        gap = max(40, width * 0.06)
        columns = gui.UIBoxLayout(vertical=False, space_between=gap, align="top")
        columns.add(left)
        columns.add(right)
        anchor = gui.UIAnchorLayout()
        anchor.add(columns, anchor_x="center_x", anchor_y="top", align_y=-180)
        self.ui.add(anchor)
        # a fan of the five card types under the side buttons
        self.sprites.clear()
        right_x = width / 2 + (big_w + gap) / 2
        card_h = int(min(150, max(90, height - 180 - 3 * 58 - 110)))
        card_w = int(card_h * 0.7)
        fan_y = height - 180 - 3 * 58 - 40 - card_h / 2
        art = {c["type"]: c["art"] for c in reversed(self.catalogue.card_defs)}
        for i, kind in enumerate(("enemy", "spell", "shield", "potion", "gold")):
            if kind not in art:
                continue
            sprite = arcade.Sprite(look.card_face_texture(kind, art[kind], card_w, card_h))
            sprite.position = (right_x + (i - 2) * card_w * 0.42, fan_y - abs(i - 2) * 8)
            sprite.angle = (i - 2) * 9
            self.sprites.append(sprite)
            yield

    def daily_note(self) -> str:
        """The line under Daily: the best score today and the day's par (once known)."""
        best = (_("Best today: {score}.").format(score=self.best_today)
                if self.best_today is not None
                else _("No score yet today."))
        par = _("Par: working it out...") if self.par is None else _("Par {par}.").format(
            par=self.par)
        return _("Today's dungeon, the same for everyone. {best} {par}").format(best=best,
                                                                              par=par)

    def update_game(self, dt: float) -> None:
        if self.par is not None or not self.par_worker.pending:
            return
        answer = self.par_worker.poll()
        if answer is None:
            return
        if isinstance(answer, BaseException):  # no par, but the screen goes on working
            self.par_worker.shutdown()
            return
        self.par = _PARS[self.date] = answer
        self.par_worker.shutdown()  # a one-off: its process ends now
        if "daily" in self.notes:
            self.notes["daily"].text = self.daily_note()
            self.request_redraw()

    def on_hide_view(self) -> None:
        super().on_hide_view()
        self.par_worker.shutdown()  # asked again (or cached) when the screen comes back

    def on_show_view(self) -> None:
        super().on_show_view()
        prestart_for(self.app)  # the Hint's worker warms while a run is chosen
        if self.par is None and not self.par_worker.pending:
            self.par_worker.submit(daily_par, self.date, self.par_nodes)
        if self.load_error:
            self.toast.show(self.load_error, "error", duration=4.0)
            self.load_error = None

    def draw_board(self) -> None:
        self.sprites.draw()
        draw_baked(self.labels)

    def seed_value(self) -> int | None | str:
        """The seed typed in, None when empty, or "bad" when it is not a whole number."""
        raw = (self.seed_field.text if self.seed_field is not None else "").strip()
        if not raw:
            return None
        try:
            value = int(raw)
        except ValueError:
            return "bad"
        return value if value >= 0 else "bad"

    def start(self, variant: str) -> None:
        seed: int | None = None
        if variant in ("normal", "constructed"):
            typed = self.seed_value()
            if typed == "bad":
                self.notify(_("The seed must be a whole number (or empty for a random one)."))
                return
            seed = typed  # type: ignore[assignment]
        self.app.show_view(start_run(self.app, variant, seed))

    def learn(self) -> None:
        """Learn to play (docs/tutorials.md); leaving it comes back to a Start screen."""
        from game.scenes.tutorial import learn_from_start

        learn_from_start(self.app, "crawl")

    def show_scores(self) -> None:
        self.app.show_view(ScoresView(self.app, back_to=self))

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if self.seed_field is not None and self.seed_field.active:
            if symbol in (arcade.key.ENTER, arcade.key.RETURN):
                self.start("normal")
                return True
            if symbol == arcade.key.ESCAPE:
                self.seed_field.deactivate()
                return True
            return symbol == arcade.key.H  # typing an H in the field is not the help key
        if symbol == arcade.key.ESCAPE:
            self.app.show_menu()
            return True
        return False

    def help_topics(self) -> list[HelpTopic]:
        return help_topics(self.catalogue)


def _big(style: dict[str, Any]) -> dict[str, Any]:
    """A button style with a larger face (the three variant buttons)."""
    return {state: dataclasses.replace(s, font_size=20) for state, s in style.items()}


class ScoresView(GameViewBase):
    """The three high-score tables: Normal, Constructed and today's Daily."""

    title = N_("Card Crawl: high scores")
    esc_help = N_("Esc: back to the Card Crawl start screen.")
    mode_id = None

    def __init__(self, app: Any, back_to: arcade.View | None = None) -> None:
        super().__init__(app)
        self.back_to = back_to
        self.catalogue = load_catalogue()
        self.table = ScoreTable.load(kept=self.catalogue.high_scores_kept)
        self.shapes = arcade.shape_list.ShapeElementList(blend=False)
        self.boards: list[ScoreBoard] = []
        self.heading = arcade.Text(_("High scores"), 0, 0, theme.GOLD, 40, font_name=TITLE_FONT,
                                   bold=True, anchor_x="center", anchor_y="center")  # baked
        self.labels = arcade.SpriteList()  # baked texts: the heading and the three tables

    def layout(self, width: int, height: int) -> None:
        for board in self.boards:
            board.clear()
        self.shapes = arcade.shape_list.ShapeElementList(blend=False)  # opaque panels
        self.heading.position = (width / 2, height - 56)
        margin, gap = 24, 18
        col_w = (width - 2 * margin - 2 * gap) / 3
        top, bottom = height - 100, 90
        date = today()
        self.boards = []
        kept = self.catalogue.high_scores_kept
        for i, (variant, title) in enumerate((("normal", _("Normal")),
                                              ("constructed", _("Constructed")),
                                              ("daily", _("Daily {date}").format(date=date)))):
            rect = arcade.LBWH(margin + i * (col_w + gap), bottom, col_w, top - bottom)
            board = ScoreBoard(self, self.shapes, columns=ScoreBoard.COMPACT)
            rows = self.table.top(variant, date if variant == "daily" else None)
            board.build(rect, title, rows, None, kept, row_h=min(28, (rect.height - 90) / kept))
            self.boards.append(board)
        self.labels.clear()
        self.labels.append(bake_texts({"heading": [self.heading]}, "scores")["heading"].sprite())
        for board in self.boards:
            self.labels.extend(board.labels)
        self.ui.clear()
        anchor = gui.UIAnchorLayout()
        anchor.add(make_button(_("Back (Esc)"), width=200, on_click=self.back),
                   anchor_x="center_x", anchor_y="bottom", align_y=24)
        self.ui.add(anchor)
        if self.table.load_error:
            self.toast.show(self.table.load_error, "error", duration=4.0)
            self.table.load_error = None

    def draw_board(self) -> None:
        draw_opaque(self.shapes)
        draw_baked(self.labels)

    def back(self) -> None:
        self.app.show_view(self.back_to or StartView(self.app))

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.ESCAPE:
            self.back()
            return True
        return False

    def help_topics(self) -> list[HelpTopic]:
        return help_topics(self.catalogue)
