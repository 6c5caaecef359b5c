"""The ability picker of a constructed run (spec crawl.md section 8.2).

A 7 x 2 grid of the 14 abilities in catalogue order, each with its icon, name, kind (Hero /
Target) and help text from `abilities.toml`. A click toggles a card (gold border, lifted); the
counter reads "3 / 5"; at 5 the others dim and cannot be chosen until one is dropped. Random
fills the selection, Clear empties it, Start run (enabled at exactly 5) submits
`choose_abilities` and the play view animates the deal. Keys: arrows move the focus, Space
toggles, Enter starts, Esc goes back to the Start screen.

How many abilities a run takes is the match's business: the picker shows the count from the
catalogue (`abilities_per_run`) and the match accepts or rejects the pick.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import arcade
import arcade.gui as gui
import arcade.shape_list
from arcade.types import Color

from game.engine.match import Match, Rejection
from game.i18n import N_, _
from game.scenes import theme
from game.scenes.bake import Baked, bake_texts, draw_baked
from game.scenes.base import GameViewBase
from game.scenes.crawl import look
from game.scenes.crawl.catalogue import AbilityInfo, catalogue_of
from game.scenes.crawl.help import help_topics
from game.scenes.fonts import TITLE_FONT, UI_FONT
from game.scenes.staged import StagedLayout, imported
from game.scenes.widgets import HelpTopic, make_button

if TYPE_CHECKING:  # numpy (for ShapeBatch) is imported behind the loading state: see prepare
    import numpy as np

    from game.scenes.shape_batch import ShapeBatch

COLUMNS = 7
LIFT = 12  # whole pixels: the baked texts stay on the pixel grid
DIMMED_TEXT = 120  # alpha of a dimmed tile's texts
BAKE_TILES = 4  # tiles whose texts are baked in one preparation step


@dataclass
class CounterLabel:
    """What the counter shows (drawn from baked sprites)."""

    text: str = ""
    color: Color = theme.TEXT


class AbilityTile:
    """One ability of the grid: body, icon, name, kind and help text."""

    def __init__(self, view: PickerView, info: AbilityInfo, rect: arcade.types.Rect) -> None:
        self.info = info
        self.rect = rect
        self.view = view
        w, h = int(rect.width), int(rect.height)
        self.color = look.TYPE_COLORS["ability"]  # the body, drawn as geometry by the view
        self.ring: Color | None = None  # gold when chosen, blue when focused
        self.alpha = 255
        icon = int(min(w * 0.42, h * 0.26))
        self.icon = arcade.Sprite(look.icon_texture(info.icon, icon))
        self.icon_h = icon
        # name, kind and help are baked by the view into sprites (`labels`): three quads
        # instead of a hundred glyphs; the texts stay for the bake and for inspection
        self.name = arcade.Text(_(info.name), 0, 0, theme.TEXT, max(11, h * 0.058),
                                font_name=UI_FONT, bold=True, anchor_x="center",
                                anchor_y="center")
        self.kind = arcade.Text(info.kind_label, 0, 0, Color(214, 196, 255), max(9, h * 0.043),
                                font_name=UI_FONT, bold=True, anchor_x="center",
                                anchor_y="center")
        self.text = arcade.Text(_(info.text), 0, 0, Color(236, 230, 246), max(9, h * 0.044),
                                font_name=UI_FONT, anchor_x="center", anchor_y="top",
                                multiline=True, width=int(w - 18), align="center")
        self.labels: list[arcade.Sprite] = []
        self._label_homes: list[tuple[float, float]] = []
        view.tiles_sprites.append(self.icon)
        self.lift = 0.0
        self._state: tuple[bool, bool, bool] | None = None  # (selected, focused, dimmed)
        self._shapes: dict[tuple[bool, bool, bool] | None, np.ndarray] = {}
        self.place()

    def place(self) -> None:
        x, y = self.rect.center_x, self.rect.center_y + self.lift
        h = self.rect.height
        top = y + h / 2
        self.icon.position = (x, top - 12 - self.icon_h / 2)
        if not self.labels:  # the texts are only baked (at rest): once baked, move the sprites
            self.name.position = (x, top - 22 - self.icon_h - h * 0.04)
            self.kind.position = (x, top - 22 - self.icon_h - h * 0.11)
            self.text.position = (x, top - 22 - self.icon_h - h * 0.16)
        for label, (hx, hy) in zip(self.labels, self._label_homes, strict=True):
            label.position = (hx, hy + self.lift)

    @property
    def texts(self) -> tuple[arcade.Text, arcade.Text, arcade.Text]:
        return self.name, self.kind, self.text

    def set_labels(self, baked: list[Baked]) -> None:
        """Show the baked texts (baked at rest, so their homes are the unlifted places)."""
        self.labels = [b.sprite() for b in baked]
        self._label_homes = [b.rect.center for b in baked]
        if self._state is not None and self._state[2]:
            for label in self.labels:
                label.alpha = DIMMED_TEXT
        self.place()

    def style(self, selected: bool, focused: bool, dimmed: bool) -> bool:
        """Show a state; only what changed is touched (a text's colour or position lays its
        glyphs out again). True when the tile changed."""
        state = (selected, focused, dimmed)
        old = self._state
        if state == old:
            return False
        self._state = state
        self.lift = LIFT if selected else 0.0
        self.ring = theme.GOLD_HI if selected else (look.FOCUS_BLUE if focused else None)
        alpha = 105 if dimmed else 255
        self.alpha = alpha
        if self.icon.alpha != alpha:
            self.icon.alpha = alpha
        base = look.TYPE_COLORS["ability"]
        self.color = (base if not selected else Color(128, 86, 184)).replace(a=alpha)
        if old is None or old[2] != dimmed:
            for label in self.labels:
                label.alpha = DIMMED_TEXT if dimmed else 255
        if old is None or old[0] != selected:
            self.place()
        return True

    @property
    def body_rect(self) -> arcade.types.Rect:
        return self.rect.move(0, self.lift)

    def shapes(self) -> np.ndarray:
        """The body (and its ring) as untextured triangles: cheaper to fill than a sprite.
        Cached by state, so a changed selection only re-batches ready arrays (ShapeBatch)."""
        key = self._state
        cached = self._shapes.get(key)
        if cached is None:
            rect = self.body_rect
            shapes = look.panel_shapes(rect, 12, self.color)
            if self.ring is not None:
                shapes.append(look.rounded_outline(
                    arcade.XYWH(rect.center_x, rect.center_y, rect.width + 8, rect.height + 8),
                    14, self.ring, 4,
                ))  # fmt: skip
            from game.scenes.shape_batch import triangles

            cached = self._shapes[key] = triangles(shapes)
        return cached

    def delete(self) -> None:
        for text in (self.name, self.kind, self.text):
            text.label.delete()


class PickerView(StagedLayout, GameViewBase):
    """Choose the run's abilities, then deal. Its first layout runs in steps behind the
    loading state (game.scenes.staged): numpy loads on a thread, then a tile or a bake a step."""

    title = N_("Card Crawl: choose your abilities")
    esc_help = N_("Esc: back to the Card Crawl start screen (the picks are dropped).")
    mode_id = None

    def __init__(self, app: Any, match: Match, *, scored: bool = True) -> None:
        super().__init__(app)
        self.match = match
        self.scored = scored  # False: a loaded run, kept out of the high scores
        self.catalogue = catalogue_of(match.resources)
        self.ids = list(self.catalogue.abilities)
        self.needed = self.catalogue.abilities_per_run
        self.selected: list[str] = []
        self.focus = 0
        self.tiles: list[AbilityTile] = []
        self.tiles_sprites = arcade.SpriteList()  # the icons
        self.labels = arcade.SpriteList()  # baked texts: the tiles', the heading and the note
        self.tiles_shapes: ShapeBatch | None = None  # bodies and rings (made at layout)
        # the row of gui buttons at the bottom (Start and Clear follow the selection), the
        # heading and the note: made by the first layout
        self.buttons: dict[str, gui.UIFlatButton] = {}
        self.closed = False
        self.rng = random.Random()  # presentation only: the Random button's suggestion
        self.heading: arcade.Text | None = None  # baked
        self.note: arcade.Text | None = None  # baked
        # the counter's few strings ("0 / 5" .. "5 / 5") are baked at layout and swapped: a
        # text laid out again on every toggle cost the frame that shows it
        self.counter = CounterLabel()
        self.counter_sprites = arcade.SpriteList()
        self._counter_baked: dict[str, arcade.Sprite] = {}

    def warm_steps(self, width: int, height: int) -> Iterator[None]:
        yield from imported("numpy", "game.scenes.shape_batch")

    def _first_parts(self) -> Iterator[None]:
        """The buttons, the heading and the note, once (one unit each)."""
        from game.scenes.shape_batch import ShapeBatch

        if self.tiles_shapes is None:
            self.tiles_shapes = ShapeBatch()
        if not self.buttons:
            row = gui.UIBoxLayout(vertical=False, space_between=12)
            for key, text, width, kind, click in (
                ("back", _("Back (Esc)"), 150, "secondary", self.back),
                ("random", _("Random"), 150, "secondary", self.random_pick),
                ("clear", _("Clear"), 150, "secondary", self.clear_selection),
                ("start", _("Start run"), 190, "primary", self.start_run),
            ):  # fmt: skip
                self.buttons[key] = row.add(make_button(text, width=width, kind=kind,
                                                        on_click=click))
                yield
            bar = gui.UIAnchorLayout()
            bar.add(row, anchor_x="center_x", anchor_y="bottom", align_y=22)
            self.ui.add(bar)
        if self.heading is None:
            self.heading = arcade.Text(_("Choose your abilities"), 0, 0, theme.GOLD, 34,
                                       font_name=TITLE_FONT, bold=True, anchor_x="center",
                                       anchor_y="center")
            yield
        if self.note is None:
            self.note = arcade.Text(
                _("Pick {n}: they are shuffled into the deck. Click a card, or use the arrow "
                  "keys and Space; Enter starts, Esc goes back.").format(n=self.needed), 0, 0,
                theme.TEXT_MUTED, theme.SIZE_BODY, font_name=UI_FONT, anchor_x="center",
                anchor_y="center",
            )  # fmt: skip
            yield

    # -- layout ----------------------------------------------------------------------------
    def layout_steps(self, width: int, height: int) -> Iterator[None]:
        yield from self._first_parts()
        assert self.heading is not None and self.note is not None
        for tile in self.tiles:
            tile.delete()
        self.tiles = []
        self.tiles_sprites.clear()
        self.labels.clear()
        self.heading.position = (width / 2, height - 42)
        self.note.position = (width / 2, height - 82)
        self.note.font_size = theme.SIZE_BODY if width >= 1100 else theme.SIZE_SMALL + 1
        self._bake_counter(width / 2, 96)
        yield
        margin, gap = max(24, width * 0.03), 14
        rows = max(1, -(-len(self.ids) // COLUMNS))
        tile_w = (width - 2 * margin - gap * (COLUMNS - 1)) / COLUMNS
        top = height - 112
        bottom = 126
        tile_h = min(tile_w * 1.55, (top - bottom - gap * (rows - 1) - LIFT) / rows)
        grid_h = rows * tile_h + (rows - 1) * gap
        y0 = bottom + (top - bottom - grid_h) / 2 + grid_h - tile_h / 2
        for i, ability_id in enumerate(self.ids):
            row, col = divmod(i, COLUMNS)
            x = margin + tile_w / 2 + col * (tile_w + gap)
            y = y0 - row * (tile_h + gap)
            rect = arcade.XYWH(x, y, tile_w, tile_h)
            self.tiles.append(AbilityTile(self, self.catalogue.abilities[ability_id], rect))
            yield
        yield from self._bake_texts()
        self.refresh()

    def _bake_texts(self) -> Iterator[None]:
        """Bake the heading, the note and each tile's texts (they change only with the size),
        one sprite per text, trimmed to its ink: a few tiles a step."""
        assert self.heading is not None and self.note is not None
        baked = bake_texts({"heading": [self.heading], "note": [self.note]}, "picker")
        self.labels.append(baked["heading"].sprite())
        self.labels.append(baked["note"].sprite())
        yield
        for start in range(0, len(self.tiles), BAKE_TILES):
            part = self.tiles[start:start + BAKE_TILES]
            groups: dict[object, list[arcade.Text]] = {}
            for i, tile in enumerate(part):
                for j, text in enumerate(tile.texts):
                    groups[i, j] = [text]
            baked = bake_texts(groups, "picker")
            for i, tile in enumerate(part):
                tile.set_labels([baked[i, j] for j in range(len(tile.texts))])
                self.labels.extend(tile.labels)
            yield

    def _bake_counter(self, x: float, y: float) -> None:
        """Every string the counter can show, in its colour (gold once the pick is full)."""
        texts = {}
        for n in range(self.needed + 1):
            color = theme.GOLD_HI if n >= self.needed else theme.TEXT
            texts[n] = arcade.Text(f"{n} / {self.needed}", x, y, color, 22, font_name=UI_FONT,
                                   bold=True, anchor_x="center", anchor_y="center")
        baked = bake_texts({n: [t] for n, t in texts.items()}, "picker-counter")
        self._counter_baked = {texts[n].text: b.sprite() for n, b in baked.items()}
        for text in texts.values():
            text.label.delete()
        self.counter_sprites.clear()
        self.counter.text = ""  # shown again by refresh()

    def refresh(self) -> None:
        """Show the selection: tiles restyled and the geometry re-batched only on change."""
        full = len(self.selected) >= self.needed
        changed = False
        for i, tile in enumerate(self.tiles):
            chosen = tile.info.id in self.selected
            changed |= tile.style(chosen, i == self.focus, full and not chosen)
        if self.tiles_shapes is not None and (changed or not self.tiles):
            self.tiles_shapes.set([tile.shapes() for tile in self.tiles])
        counter = f"{len(self.selected)} / {self.needed}"
        if self.counter.text != counter:
            self.counter.text = counter
            self.counter.color = theme.GOLD_HI if full else theme.TEXT
            self.counter_sprites.clear()
            sprite = self._counter_baked.get(counter)
            if sprite is not None:
                self.counter_sprites.append(sprite)
        if self.buttons:
            self.buttons["start"].disabled = len(self.selected) != self.needed
            self.buttons["clear"].disabled = not self.selected

    def show_position(self) -> None:
        """The replay viewer moved to another position of the pick phase: there is none but
        the first (its one decision starts the run), and the screen shows the catalogue and
        the viewer's own selection, nothing of the position (docs/replays.md)."""

    def draw_board(self) -> None:
        if self.tiles_shapes is not None:
            self.tiles_shapes.draw()
        self.tiles_sprites.draw()
        draw_baked(self.labels)
        draw_baked(self.counter_sprites)

    # -- choosing --------------------------------------------------------------------------
    def toggle(self, ability_id: str) -> bool:
        """Select or drop one ability; False when the selection is full."""
        if ability_id in self.selected:
            self.selected.remove(ability_id)
        elif len(self.selected) >= self.needed:
            return False
        else:
            self.selected.append(ability_id)
        self.refresh()
        return True

    def random_pick(self) -> None:
        self.selected = self.rng.sample(self.ids, min(self.needed, len(self.ids)))
        self.refresh()

    def clear_selection(self) -> None:
        self.selected = []
        self.refresh()

    def start_run(self) -> None:
        """Submit the pick; the deal's events animate in the play view."""
        if len(self.selected) != self.needed or self.closed:
            return
        decision = {"seat": 0, "type": "choose_abilities", "abilities": list(self.selected)}
        result = self.match.submit(decision)
        if isinstance(result, Rejection):
            self.notify(result.message)
            return
        from game.scenes.crawl.play import PlayView

        self.closed = True  # the match goes on in the play view
        self.app.show_view(PlayView(self.app, self.match, events=result.events,
                                     scored=self.scored))

    def back(self) -> None:
        from game.scenes.crawl.start import StartView

        self.on_leave()
        self.app.show_view(StartView(self.app))

    def on_leave(self) -> None:
        if not self.closed:
            self.closed = True
            self.match.close()

    # -- input -----------------------------------------------------------------------------
    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        for i, tile in enumerate(self.tiles):
            if tile.rect.point_in_rect((x, y)):
                self.focus = i
                if not self.toggle(tile.info.id):
                    self.notify(_("You have {n} already: drop one first.").format(n=self.needed), "info")
                return

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        k = arcade.key
        count = len(self.ids)
        moves = {k.LEFT: -1, k.RIGHT: 1, k.UP: -COLUMNS, k.DOWN: COLUMNS}
        if symbol in moves:
            self.focus = (self.focus + moves[symbol]) % count
            self.refresh()
            return True
        if symbol == k.SPACE:
            if not self.toggle(self.ids[self.focus]):
                self.notify(_("You have {n} already: drop one first.").format(n=self.needed), "info")
            return True
        if symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self.start_run()
            return True
        if symbol == k.ESCAPE:
            self.back()
            return True
        return False

    def help_topics(self) -> list[HelpTopic]:
        return help_topics(self.catalogue)
