"""The Card Crawl end screen (spec crawl.md section 8.5) and the high-score tables.

The banner ("Victory!" with secret2.wav, or "Defeated" with gameover2.wav), the score
breakdown (gold, the survival bonus on a win, the final score, turns, rebuys, abilities), the
top 10 of the variant (per date for daily runs) with the new entry highlighted, and the buttons
New run, Retry seed (normal and constructed), Save replay and Menu.

It is built from a finished run's record and final State JSON only, so it never holds a live
match; the run is entered into the table once, when the screen is built with `record_score`.
"""

from __future__ import annotations

import datetime
import logging
from typing import Any

import arcade
import arcade.gui as gui
import arcade.shape_list
from arcade import easing

from game import paths
from game.engine.record import save_record
from game.i18n import N_, _
from game.scenes import theme
from game.scenes.animation import PositionTween, ValueTween
from game.scenes.bake import bake_each, draw_baked
from game.scenes.base import ESC_MENU, GameViewBase
from game.scenes.crawl import look
from game.scenes.crawl.catalogue import Catalogue, load_catalogue
from game.scenes.crawl.help import help_topics
from game.scenes.crawl.scores import ScoreEntry, ScoreTable, eligible, entry_for
from game.scenes.fonts import TITLE_FONT, UI_FONT
from game.scenes.screen import draw_opaque
from game.scenes.widgets import HelpTopic, make_button

log = logging.getLogger(__name__)

NOT_SCORED = (N_("Runs with an undo, loaded runs, set-up positions and CPU runs are not "
              "scored."))
VARIANT_NAMES = {"normal": N_("Normal"), "constructed": N_("Constructed"), "daily": N_("Daily")}
WIN_SOUND = ":resources:sounds/secret2.wav"
LOSS_SOUND = ":resources:sounds/gameover2.wav"


class ScoreBoard:
    """A high-score table: a panel and a highlight bar in the view's shapes, and its texts
    baked into sprites (`labels`, the view draws them with `draw_baked`)."""

    # (key, heading, right edge or centre as a fraction of the width, alignment)
    FULL = (("rank", "#", 0.06, "right"), ("score", N_("Score"), 0.22, "right"),
            ("result", "", 0.34, "center"), ("turns", N_("Turns"), 0.52, "right"),
            ("seed", N_("Seed"), 0.76, "right"), ("when", N_("When"), 1.0, "right"))
    COMPACT = (("rank", "#", 0.08, "right"), ("score", N_("Score"), 0.32, "right"),
               ("result", "", 0.48, "center"), ("turns", N_("Turns"), 0.68, "right"),
               ("seed", N_("Seed"), 1.0, "right"))

    def __init__(self, view: GameViewBase, shapes: arcade.shape_list.ShapeElementList,
                 columns: tuple[tuple[str, str, float, str], ...] = FULL) -> None:
        self.view = view
        self.shapes = shapes
        self.columns = columns
        self.texts: list[arcade.Text] = []
        self.highlight_rect: arcade.types.Rect | None = None
        self.labels: list[arcade.Sprite] = []

    def clear(self) -> None:
        for text in self.texts:
            text.label.delete()
        self.texts = []
        self.highlight_rect = None
        self.labels = []

    def build(self, rect: arcade.types.Rect, title: str, rows: list[ScoreEntry],
              highlight: ScoreEntry | None, kept: int, row_h: float = 26) -> None:
        """Lay the table out in `rect` (title on top, then a header and up to `kept` rows)."""
        self.clear()
        batch = None  # baked below
        for shape in look.panel_shapes(rect, 12, theme.PANEL, theme.PANEL_EDGE, 1):
            self.shapes.append(shape)
        top = rect.top - 18
        self.texts.append(arcade.Text(
            title, rect.left + 18, top, theme.GOLD, theme.SIZE_SUBHEADING, font_name=UI_FONT,
            bold=True, anchor_y="top", batch=batch,
        ))  # fmt: skip
        y = top - 40
        inner_left, inner_w = rect.left + 18, rect.width - 36
        for _key, label, frac, align in self.columns:
            self.texts.append(arcade.Text(
                _(label), inner_left + inner_w * frac, y, theme.TEXT_MUTED, theme.SIZE_SMALL + 1,
                font_name=UI_FONT, bold=True, anchor_x=align, anchor_y="center", batch=batch,
            ))  # fmt: skip
        self.shapes.append(arcade.shape_list.create_line(
            inner_left, y - row_h * 0.55, inner_left + inner_w, y - row_h * 0.55,
            theme.PANEL_EDGE, 1,
        ))  # fmt: skip
        y -= row_h * 1.1
        if not rows:
            self.texts.append(arcade.Text(
                _("No runs yet: finish one to get on the board."), rect.center_x, y,
                theme.TEXT_MUTED, theme.SIZE_BODY, font_name=UI_FONT, anchor_x="center",
                anchor_y="top", multiline=True, width=max(40, int(rect.width - 24)),
                align="center", batch=batch,
            ))  # fmt: skip  (wrapped inside its panel: narrow at 960x600)
        for rank, entry in enumerate(rows[:kept]):
            new = entry is highlight
            if new:
                self.highlight_rect = arcade.XYWH(rect.center_x, y, inner_w + 12, row_h - 2)
                for shape in look.panel_shapes(self.highlight_rect, 6, theme.GOLD):
                    self.shapes.append(shape)
            ink = theme.TEXT_DARK if new else theme.TEXT
            cells = {
                "rank": str(rank + 1), "score": str(entry.score),
                "result": _("won") if entry.won else _("died"), "turns": str(entry.turns),
                "seed": str(entry.seed), "when": entry.date or entry.finished_at[:10],
            }  # fmt: skip
            for key, _label, frac, align in self.columns:
                color = ink
                if key == "result" and not new:
                    color = theme.GREEN if entry.won else theme.RED_HI
                self.texts.append(arcade.Text(
                    cells[key], inner_left + inner_w * frac, y, color, theme.SIZE_BODY,
                    font_name=UI_FONT, bold=new or key == "score", anchor_x=align,
                    anchor_y="center", batch=batch,
                ))  # fmt: skip
            y -= row_h
        # one sprite per text, trimmed to its ink: a sprite over the whole sparse table would
        # fill more transparent texels than its glyphs cost
        self.labels = bake_each(self.texts, "scores")


class EndView(GameViewBase):
    """Victory or defeat, the score, the high scores and what to do next."""

    title = N_("Card Crawl")
    esc_help = ESC_MENU
    mode_id = None  # a finished run has nothing to save

    def __init__(self, app: Any, record: dict[str, Any], state: dict[str, Any], *,
                 record_score: bool = True, catalogue: Catalogue | None = None,
                 animate: bool = True) -> None:
        super().__init__(app)
        self.record = record
        self.state = state
        self.catalogue = catalogue or load_catalogue()
        options = record.get("options") or {}
        self.variant = options.get("variant", "normal")
        self.date = options.get("date") if self.variant == "daily" else None
        result = state.get("result") or {}
        self.won = bool(result.get("won"))
        self.score = int(result.get("score", 0))
        self.shapes = arcade.shape_list.ShapeElementList(blend=False)  # opaque panels
        self.board_table = ScoreBoard(self, self.shapes)
        self.buttons: dict[str, gui.UIFlatButton] = {}
        self.messages: list[tuple[str, str]] = []
        self.sound_played = False
        self.animate = animate  # False: a still (tabula shot), the score shown at once
        self.new_entry: ScoreEntry | None = None
        self.rank: int | None = None
        self.table = ScoreTable.load(kept=self.catalogue.high_scores_kept)
        if self.table.load_error:
            self.messages.append((self.table.load_error, "error"))
        if record_score and eligible(record) and result:
            self.new_entry = entry_for(record, state)
            self.rank = self.table.add(self.new_entry)
            try:
                self.table.save()
            except OSError as exc:
                log.warning("saving high scores failed: %s", exc)
                self.messages.append((_("High scores could not be saved: {problem}").format(
                    problem=exc), "error"))
        b = self.batch
        self.banner = arcade.Text(
            _("Victory!") if self.won else _("Defeated"), 0, 0,
            theme.GOLD if self.won else theme.RED_HI,
            56, font_name=TITLE_FONT, bold=True, anchor_x="center", anchor_y="center", batch=b,
        )  # fmt: skip
        reason = (_("You cleared the dungeon.") if self.won
                  else _("You fell on turn {turn}.").format(turn=state.get("turn", 0)))
        self.subtitle = arcade.Text(reason, 0, 0, theme.TEXT_MUTED, theme.SIZE_SUBHEADING,
                                    font_name=UI_FONT, anchor_x="center",
                                    anchor_y="center")  # baked with the breakdown
        self.labels = arcade.SpriteList()  # baked texts: subtitle, breakdown, score table
        self.lines: list[arcade.Text] = []
        self.score_text = arcade.Text("0", 0, 0, theme.GOLD_HI, 40, font_name=UI_FONT, bold=True,
                                      anchor_x="right", anchor_y="center", batch=b)

    # -- numbers ---------------------------------------------------------------------------
    def breakdown(self) -> list[tuple[str, str]]:
        """(label, value) lines of the score breakdown."""
        board = self.state.get("board") or {}
        bonus = self.catalogue.win_bonus if self.won else 0
        abilities = ", ".join(self.catalogue.ability_name(a) for a in board.get("abilities", []))
        where = (_("Daily {date}").format(date=self.date) if self.variant == "daily"
                 else _("{variant}, seed {seed}").format(
                     variant=_(VARIANT_NAMES.get(self.variant, self.variant)),
                     seed=self.record["seed"]))
        rows = [(_("Gold collected and earned"), str(self.score - bonus))]
        rows.append((_("Survival bonus"), f"+{bonus}" if self.won else _("— (died)")))
        rows += [
            (_("Turns"), str(self.state.get("turn", 0))),
            (_("Rebuys used"), str(board.get("clear_counter", 0))),
            (_("Run"), where),
            (_("Abilities"), abilities or "—"),
        ]
        return rows

    # -- layout ----------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        for text in self.lines:
            text.label.delete()
        self.lines = []
        self.shapes = arcade.shape_list.ShapeElementList(blend=False)  # opaque: no blending
        self.board_table.shapes = self.shapes
        b = None  # the breakdown is baked at the end of the layout
        top = height - 66
        self.banner.position = (width / 2, top)
        self.subtitle.position = (width / 2, top - 62)
        margin = max(30, width * 0.04)
        gap = 30
        col_w = (width - 2 * margin - gap) / 2
        kept = self.catalogue.high_scores_kept
        room_top, room_bottom = top - 92, 86  # under the subtitle, over the buttons
        panel_h = max(260, min(room_top - room_bottom, 110 + kept * 28))
        panel_top = room_top - (room_top - room_bottom - panel_h) / 2
        left = arcade.LBWH(margin, panel_top - panel_h, col_w, panel_h)
        right = arcade.LBWH(margin + col_w + gap, panel_top - panel_h, col_w, panel_h)
        for shape in look.panel_shapes(left, 12, theme.PANEL, theme.GOLD):
            self.shapes.append(shape)
        x0, x1 = left.left + 24, left.right - 24
        y = left.top - 34
        self.lines.append(arcade.Text(_("Score"), x0, y, theme.GOLD, theme.SIZE_SUBHEADING,
                                      font_name=UI_FONT, bold=True, anchor_y="center", batch=b))
        self.score_text.position = (x1, y - 4)
        y -= 56
        row_h = min(34, (y - left.bottom - 20) / 6)
        for label, value in self.breakdown():
            self.lines.append(arcade.Text(label, x0, y, theme.TEXT_MUTED, theme.SIZE_BODY,
                                          font_name=UI_FONT, anchor_y="center", batch=b))
            value_text = arcade.Text(value, x1, y, theme.TEXT, theme.SIZE_BODY + 1,
                                     font_name=UI_FONT, bold=True, anchor_x="right",
                                     anchor_y="center", batch=b)
            # a long ability list wraps under its label: its top under the label's line, and
            # the next row under its last line, however many lines it wraps to
            if value_text.content_width > (x1 - x0) * 0.62:
                value_text.label.delete()
                top = y - row_h * 0.45
                value_text = arcade.Text(value, x0, top, theme.TEXT, theme.SIZE_BODY,
                                         font_name=UI_FONT, bold=True, anchor_y="top",
                                         multiline=True, width=int(x1 - x0), batch=b)
                y = top - value_text.content_height + row_h * 0.5
            self.lines.append(value_text)
            y -= row_h
        note = ""
        if self.new_entry is not None and self.rank is None:
            note = _("Not in the top {kept} this time.").format(kept=kept)
        elif self.new_entry is not None:
            note = _("New high score: #{rank} of the {table} table!").format(
                rank=(self.rank or 0) + 1, table=self.table_name())
        elif not eligible(self.record):
            note = _(NOT_SCORED)
        if note:
            self.lines.append(arcade.Text(
                note, x0, left.bottom + 14, theme.GOLD_HI if self.rank is not None
                else theme.TEXT_MUTED, theme.SIZE_SMALL + 1, font_name=UI_FONT,
                anchor_y="bottom", multiline=True, width=int(x1 - x0), batch=b,
            ))  # fmt: skip
        title = _("High scores: {table}").format(table=self.table_name())
        rows = self.table.top(self.variant, self.date)
        self.board_table.build(right, title, rows, self.new_entry, kept,
                               row_h=min(28, (right.height - 90) / max(1, kept)))
        self.labels.clear()
        self.labels.extend(bake_each([self.subtitle, *self.lines], "end"))
        self.labels.extend(self.board_table.labels)
        self._build_buttons()
        if self.animate and not self.sound_played:
            self._intro()
        elif not self.animate:
            self.score_text.text = str(self.score)

    def table_name(self) -> str:
        name = _(VARIANT_NAMES.get(self.variant, self.variant))
        return f"{name} {self.date}" if self.variant == "daily" else name

    def _build_buttons(self) -> None:
        self.ui.clear()
        self.buttons = {}
        row = gui.UIBoxLayout(vertical=False, space_between=12)
        specs = [("new_run", _("New run"), "primary", self.new_run)]
        if self.variant in ("normal", "constructed"):
            specs.append(("retry", _("Retry seed"), "secondary", self.retry_seed))
        specs += [("save_replay", _("Save replay"), "secondary", self.save_replay),
                  ("menu", _("Menu"), "secondary", self.to_menu)]
        for key, text, kind, action in specs:
            self.buttons[key] = row.add(make_button(text, width=180, height=46, kind=kind,
                                                    on_click=action))
        anchor = gui.UIAnchorLayout()
        anchor.add(row, anchor_x="center_x", anchor_y="bottom", align_y=22)
        self.ui.add(anchor)

    def _intro(self) -> None:
        """The banner drops in and the score counts up (instant mode: shown at once)."""
        x, y = self.banner.position
        self.banner.position = (x, y + 80)
        self.tweener.add(PositionTween(self.banner, (x, y), 0.6, ease=easing.ease_out_bounce,
                                       blocking=False))
        last = [-1]

        def count(value: float) -> None:
            shown = int(value)
            if shown != last[0]:  # one layout per new number, not per frame
                last[0] = shown
                self.score_text.text = str(shown)

        self.tweener.add(ValueTween(0, self.score, 1.0, count, delay=0.3, blocking=False,
                                    ease=easing.ease_out))

    def on_show_view(self) -> None:
        super().on_show_view()
        if not self.sound_played:
            self.sound_played = True
            self.play_sound(WIN_SOUND if self.won else LOSS_SOUND)
        for message, kind in self.messages:
            self.toast.show(message, kind, duration=4.0)
        self.messages = []

    def draw_board(self) -> None:
        draw_opaque(self.shapes)
        draw_baked(self.labels)

    # -- buttons ---------------------------------------------------------------------------
    def new_run(self) -> None:
        from game.scenes.crawl.start import start_run

        self.app.show_view(start_run(self.app, self.variant))

    def retry_seed(self) -> None:
        from game.scenes.crawl.start import start_run

        self.app.show_view(start_run(self.app, self.variant, seed=int(self.record["seed"])))

    def save_replay(self) -> None:
        """Write the run's record to the replays folder (atomically) and say where."""
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        name = f"crawl-{self.variant}-{self.record['seed']}-{stamp}.json"
        path = paths.user_data_dir() / "replays" / name
        try:
            save_record(path, self.record)
        except OSError as exc:
            self.notify(_("The replay could not be saved: {problem}").format(problem=exc))
            return
        self.saved_replay = path
        self.app.replay_saved(self.record)  # a run that could not be kept: its save may go now
        self.toast.show(_("Replay saved: {path}").format(path=path), "success", duration=4.0)

    def to_menu(self) -> None:
        self.app.show_menu()

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.ESCAPE:
            self.to_menu()
            return True
        if symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.new_run()
            return True
        return False

    def help_topics(self) -> list[HelpTopic]:
        return help_topics(self.catalogue)
