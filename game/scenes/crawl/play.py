"""The Card Crawl play view (spec crawl.md section 8.3) and `shot_view` for `tabula shot`.

What it shows comes from the seat view (`match.view_json(0)`) and the events of each accepted
decision; what may move where comes from `match.legal_decisions(0)`, filtered by source; what a
drop does comes from `match.submit`. The view decides no rule: an illegal drop is submitted
too, and the match's rejection message is what the player reads.

Input: drag and drop, click to move (click a card, then its destination), and the keyboard
(Tab / Shift+Tab, Enter, Esc; R rebuy, A random attack, T hint, H help, Esc menu). Keys and
buttons pressed while an animation plays are queued and run when it ends; a mouse press skips
the animation to its end first, so no input is lost.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import arcade
import arcade.gui as gui
import arcade.shape_list
from arcade import easing
from arcade.types import Color

from game.engine.events import Event
from game.engine.match import Match, Rejection
from game.engine.record import match_record
from game.engine.rng import ai_stream
from game.i18n import N_, _, ngettext
from game.scenes import theme
from game.scenes.animation import PositionTween, ValueTween
from game.scenes.bake import bake_each, draw_baked
from game.scenes.base import GameViewBase, esc_clears
from game.scenes.crawl import card_text, look
from game.scenes.crawl.card_text import CardLabel, fitted_size
from game.scenes.crawl.cards import (
    CardSprite,
    Layer,
    initial_size,
    kind_size,
    name_size,
    value_size,
)
from game.scenes.crawl.catalogue import Catalogue, catalogue_of
from game.scenes.crawl.fx import EventPlayer, SpriteFx
from game.scenes.crawl.help import help_topics
from game.scenes.crawl.hint import HintRunner
from game.scenes.crawl.layout import BUTTONS, LOG_GUTTER, TOP_BAR, PlayLayout
from game.scenes.crawl.log_words import SENTENCES, CrawlNamer
from game.scenes.crawl.preview import (
    describe,
    dest_place,
    hint_caption,
    rules_preview,
    source_place,
)
from game.scenes.crawl.scores import marked
from game.scenes.event_log import EventLog
from game.scenes.fonts import UI_FONT
from game.scenes.log_panel import log_width
from game.scenes.scale import view_size
from game.scenes.staged import StagedLayout
from game.scenes.take_back import TakeBack
from game.scenes.widgets import HelpTopic, make_button, make_label, panel_texture

VISIBLE = ("board.0", "board.1", "board.2", "board.3", "left_hand", "right_hand", "backpack")
SOURCE_ORDER = VISIBLE  # the canonical source order (spec 7)
ZONE_LABELS = {
    "left_hand": N_("Left hand"), "hero": N_("Hero"), "right_hand": N_("Right hand"),
    "backpack": N_("Backpack"), "chest": N_("Chest: sell"),
}  # fmt: skip
VARIANT_TITLES = {"normal": N_("Normal run"), "constructed": N_("Constructed run"), "daily": N_("Daily run")}
DRAG_THRESHOLD = 6
LIFT = 8
END_DELAY = 1.1  # seconds between the last animation and the end screen
HP_TEXTS_BAKED = 40  # HP counter texts baked at layout, from max_hp down (_counter_texts)
BAKE_STEP = 4  # texts baked per preparation step, and at most per idle frame
BACKGROUND_MS = 6.0  # baking per idle frame: a frame stays well inside 16.7 ms


@dataclass
class Selection:
    """A card picked up by drag, click or keyboard, and where it may go."""

    card_id: str
    source: str
    decisions: dict[str, dict[str, Any]]  # destination place -> legal decision
    mode: str  # "press" (mouse down, not moved yet), "drag", "click" or "key"
    press: tuple[float, float] = (0.0, 0.0)
    grab: tuple[float, float] = (0.0, 0.0)  # card centre minus mouse, while dragging
    hover: str | None = None
    key_index: int = -1
    order: list[str] = field(default_factory=list)


def move_decision(source: str, dest: str) -> dict[str, Any]:
    """A `move` between two places, with the index keys only for board slots (spec 5.1)."""
    decision: dict[str, Any] = {"seat": 0, "type": "move"}
    if source.startswith("board."):
        decision["from"], decision["from_index"] = "board", int(source.split(".")[1])
    else:
        decision["from"] = source
    if dest.startswith("board."):
        decision["to"], decision["to_index"] = "board", int(dest.split(".")[1])
    else:
        decision["to"] = dest
    return decision


BUTTON_GAP = 10
UNDO_LABEL = N_("Undo (Ctrl+Z)")
UNDONE = N_("Move taken back.")


def _bar_key(window_width: int) -> bool:
    """Which of the two button bars a window width gets (narrow below 1100 pixels)."""
    return window_width < 1100


def button_specs(window_width: int, undo: bool = False) -> list[tuple[str, str, str, int]]:
    """(key, label, kind, width) of the button bar; narrower buttons in a narrow window
    (Undo only where it is offered)."""
    narrow = _bar_key(window_width)
    specs = [
        ("rebuy", _("Rebuy"), "danger", 170 if narrow else 190),
        ("attack", _("Random attack"), "info", 150 if narrow else 170),
        ("hint", _("Hint (T)"), "secondary", 116 if narrow else 130),
        ("undo", _(UNDO_LABEL), "secondary", 150 if narrow else 160),
        ("help", _("Help (H)"), "secondary", 106 if narrow else 120),
        ("menu", _("Menu (Esc)"), "secondary", 116 if narrow else 130),
    ]
    return [spec for spec in specs if undo or spec[0] != "undo"]


def deck_summary(deck_types: dict[str, int]) -> str:
    """"Enemies 12 · Spells 3 · ..." (the deck pile's tooltip)."""
    parts = [f"{_(look.TYPE_PLURALS.get(t, t))} {n}" for t, n in deck_types.items()]
    return " · ".join(parts) if parts else _("The deck is empty")


class PortraitShaker:
    """Shakes the hero portrait (a `shake` target for fx.Shake)."""

    def __init__(self, view: PlayView) -> None:
        self.view = view
        self._shake = 0.0

    @property
    def shake(self) -> float:
        return self._shake

    @shake.setter
    def shake(self, value: float) -> None:
        self._shake = value
        portrait = self.view.portrait
        if portrait is not None:
            portrait.center_x = self.view.portrait_x + value


class PlayView(StagedLayout, GameViewBase):
    """One run in progress: board, hands, hero, backpack, chest, deck and the button bar."""

    title = N_("Card Crawl")
    esc_help = esc_clears(N_("put back the card you picked up (or drop the keyboard focus)"))
    mode_id = "crawl"
    hint_sync = False  # tests set True: the Hint runs in-process, no worker is spawned

    def __init__(self, app: Any, match: Match, *, intro: bool = False,
                 events: list[Event] | None = None, scored: bool = True,
                 history: list[list[Event]] | None = None, undo: bool = True) -> None:
        super().__init__(app)
        self.match = match
        self.scored = scored  # False: a run loaded from a file never enters the high scores
        self.catalogue: Catalogue = catalogue_of(match.resources)
        # the run's log (L): every event told, from the deal or the continued save on
        self.log = EventLog(SENTENCES, CrawlNamer(self.catalogue))
        if history:
            self.log.add_history(match, history, 0)
        # Undo (game.scenes.take_back): a run is the player's own, always fair to take back;
        # not in the replay viewer (`undo` False)
        self.take_back = TakeBack(match, 0) if undo else None
        self.state: dict[str, Any] = match.view_json(0)
        self.legal: list[dict[str, Any]] = match.legal_decisions(0)
        self.ai = ai_stream(match.seed, 0)  # the Hint's own stream (spec 7)
        self.hint = HintRunner(sync=self.hint_sync)
        self.closed = False

        self.table = Layer()  # cards at rest
        # cards in the air: one layer each, so a card above another hides its texts too
        self.top_layers: dict[str, Layer] = {}
        self.fx_layer = Layer()  # numbers, coins, flashes
        self.frames = arcade.shape_list.ShapeElementList()  # outlines of the zones
        self.static = arcade.SpriteList()  # deck pile, chest, hero panel
        self.hud = arcade.SpriteList()  # portrait, HP bar, coin, badges
        self.highlights = arcade.SpriteList()
        self.overlay = arcade.SpriteList()  # hint arrow, spinner, padlock
        self.cards: dict[str, CardSprite] = {}
        self.lay = PlayLayout.compute(1280, 720)
        self.sel: Selection | None = None
        self.focus: str | None = None  # keyboard focus among movable sources
        self.hovered: str | None = None
        self.hover_xy: tuple[float, float] | None = None  # the mouse, for `refresh_tip`
        self.queue: list[Callable[[], Any]] = []
        self.hint_shown: dict[str, Any] | None = None
        self.hint_text = ""
        self.cpu_for: Any = None  # a tutorial whose last move the Hint's CPU plays
        self.confirming = False
        self.end_timer: float | None = None
        self.clock = 0.0
        self.portrait: arcade.Sprite | None = None
        self.portrait_x = 0.0
        self.portrait_shaker = PortraitShaker(self)
        self.badges: dict[str, arcade.Sprite] = {}
        self.buttons: dict[str, Any] = {}  # the bar's and the confirm panel's gui buttons
        self._confirm_anchor: gui.UIAnchorLayout | None = None

        hero = self.state["board"]["hero"]
        self.max_hp = int(hero["max_hp"])
        self.shown_hp = int(hero["hp"])
        self.shown_gold = int(hero["gold"])
        self.shown_deck = int(self.state["board"]["deck_count"])
        self._pending: list[Event] = list(events or [])
        if intro and not self._pending:  # a fresh deal: the 4 cards fly from the deck
            self._pending = [
                Event("card_drawn", {"id": card["id"], "slot": slot})
                for slot, card in enumerate(self.state["board"]["board"]) if card is not None
            ]
        self._pending_ids = {e.data["id"] for e in self._pending if e.type == "card_drawn"}
        self.log.add(self._pending)
        self.shown_deck += len(self._pending_ids)

        b = self.batch
        # the run line and the counters change as the run goes: baked labels (card_text),
        # so a new number swaps a texture instead of laying a text out mid-animation
        self.info_text = CardLabel(theme.SIZE_BODY, "left", "center", theme.TEXT, snap=True)
        self.turn_text = CardLabel(theme.SIZE_BODY, "left", "center", theme.TEXT, snap=True)
        # the zone labels and the run's abilities are baked into `labels` (static texts: one
        # quad each instead of a quad per glyph)
        self.abilities_text = arcade.Text("", 0, 0, theme.TEXT_MUTED, theme.SIZE_SMALL + 1,
                                          font_name=UI_FONT, anchor_x="right", anchor_y="center")
        self.labels = arcade.SpriteList()
        self._laid_out = False
        self.caption = arcade.Text("", 0, 0, theme.TEXT, theme.SIZE_SUBHEADING,
                                   font_name=UI_FONT, bold=True, anchor_x="center",
                                   anchor_y="center", batch=b)
        self.deck_text = CardLabel(26, "center", "center", theme.TEXT, snap=True)
        self.hp_text = CardLabel(18, "center", "center", theme.TEXT, snap=True)
        self.gold_text = CardLabel(18, "left", "center", theme.GOLD_HI, snap=True)
        self.counters = arcade.SpriteList()
        for label in (self.info_text, self.turn_text, self.deck_text, self.hp_text,
                      self.gold_text):
            self.counters.append(label.sprite)
        self.zone_texts = {
            name: arcade.Text(_(label), 0, 0, theme.TEXT_MUTED, theme.SIZE_SMALL + 1,
                              font_name=UI_FONT, bold=True, anchor_x="center",
                              anchor_y="center")
            for name, label in ZONE_LABELS.items()
        }  # fmt: skip
        self.hp_bar: arcade.Sprite | None = None
        self.hp_track: arcade.Sprite | None = None
        self.coin_icon: arcade.Sprite | None = None
        self.spinner: arcade.Sprite | None = None
        self.padlock = arcade.Sprite(look.icon_texture(look.PADLOCK, 26))
        self.padlock.visible = False
        self._caption_kind = ""
        self._deck_back: arcade.Sprite | None = None
        self.last_rejection = ""
        self._hp_bar_full = 1.0
        self._hp_shown_bar = float(self.shown_hp)
        self._background: Iterator[None] | None = None  # texts baked in idle frames
        self._bar_widgets: dict[bool, dict[str, gui.UIFlatButton] | None] = {}

    # -- services for fx -------------------------------------------------------------------
    @property
    def after(self) -> dict[str, Any]:
        return self.state

    def after_card(self, card_id: str) -> dict[str, Any] | None:
        """The card with this id in the current seat view (None once it left the table)."""
        board = self.state["board"]
        for card in (*board["board"], board["left_hand"], board["right_hand"],
                     board["backpack"]):
            if card is not None and card["id"] == card_id:
                return card
        return None

    def after_place(self, card_id: str) -> str | None:
        board = self.state["board"]
        for place in VISIBLE:
            card = self.card_data_at(board, place)
            if card is not None and card["id"] == card_id:
                return place
        return None

    @staticmethod
    def card_data_at(board: dict[str, Any], place: str) -> dict[str, Any] | None:
        if place.startswith("board."):
            return board["board"][int(place.split(".")[1])]
        return board.get(place)

    def card_in(self, place: str) -> CardSprite | None:
        for card in self.cards.values():
            if card.place == place and not card.gone:
                return card
        return None

    def _card_texts(self, w: int, h: int, names: set[str] | None = None
                    ) -> list[card_text.Spec]:
        """Every text a card of this content can show at this card size (values up to 30,
        every name of the deck and of the abilities, or only `names`, both kinds)."""
        cat = self.catalogue
        if names is None:
            names = self._all_names()
        specs: list[card_text.Spec] = []
        for n in range(31):
            specs.append((str(n), value_size(h), "left", "top"))
            specs.append((str(n), initial_size(h), "left", "top"))
        for name in sorted(names):
            specs.append((name, fitted_size(name, w - 16, name_size(h)), "center", "center"))
        specs += [(a.kind_label, kind_size(h), "right", "top") for a in cat.abilities.values()]
        # the floating numbers of hits (30, 32), heals (30) and gold (28): fx.float_text
        for n in range(1, 21):
            specs += [(f"−{n}", 30, "center", "center"), (f"−{n}", 32, "center", "center"),
                      (f"+{n}", 30, "center", "center"), (f"+{n}", 28, "center", "center")]
        return specs

    def _all_names(self) -> set[str]:
        cat = self.catalogue
        return {_(c["name"]) for c in cat.card_defs} | {_(a.name) for a in cat.abilities.values()}

    def make_card(self, data: dict[str, Any], top: bool = False) -> CardSprite:
        layer = self._new_top_layer(data["id"]) if top else self.table
        return CardSprite(
            data, self.lay.card_w, self.lay.card_h, layer, self.catalogue.art_for(data),
            self.catalogue.kind_label(data),
        )  # fmt: skip

    def _new_top_layer(self, card_id: str) -> Layer:
        layer = self.top_layers.pop(card_id, None) or Layer()
        self.top_layers[card_id] = layer  # drawn last: above the cards already in the air
        return layer

    def to_top(self, card: CardSprite) -> None:
        """Lift a card above the table (dragged, flying, acting on another card)."""
        if card.gone:
            return
        if self.top_layers.get(card.id) is not card.layer:
            card.set_layer(self._new_top_layer(card.id))

    def to_table(self, card: CardSprite) -> None:
        """Put a card back among the cards at rest."""
        if card.gone:
            return
        card.set_layer(self.table)
        layer = self.top_layers.get(card.id)
        if layer is not None and not len(layer.sprites):
            del self.top_layers[card.id]

    def is_flying(self, card: CardSprite) -> bool:
        return card.layer is not self.table

    def hero_anchor(self) -> tuple[float, float]:
        rect = self.lay.places["hero"]
        return rect.center_x, rect.top - rect.height * 0.25

    def gold_anchor(self) -> tuple[float, float]:
        if self.coin_icon is not None:
            return self.coin_icon.position
        return self.lay.center("hero")

    def animate_hp(self, hp: int) -> None:
        """Tween the HP bar and set the HP text (from an event, or the settle)."""
        start = self._hp_shown_bar
        self.tweener.add(ValueTween(start, float(hp), 0.3, self._set_hp_bar, blocking=False))
        self._set_hp_text(hp)

    def _place_turn(self) -> None:
        """The turn follows the run line ("Normal run · Seed 7 · " then "Turn 12")."""
        x, y = self.info_text.anchor
        self.turn_text.place(x + self.info_text.content_width, y)

    def _counter_texts(self) -> list[card_text.Spec]:
        """The counters' likely texts at this size, baked at layout with the cards' texts:
        the deck count, the top `HP_TEXTS_BAKED` HP values (every HP of the shipped 13), gold
        and turns up to where most runs end. A bounded number whatever max_hp a mod or a setup
        gives: other values are baked when first shown."""
        deck, hp = self.deck_text.size, self.hp_text.size
        gold, info = self.gold_text.size, self.info_text.size
        specs: list[card_text.Spec] = [(str(n), deck, "center", "center") for n in range(55)]
        lowest = max(0, self.max_hp + 1 - HP_TEXTS_BAKED)
        specs += [(f"{n} / {self.max_hp}", hp, "center", "center")
                  for n in range(lowest, self.max_hp + 1)]
        specs += [(str(n), gold, "left", "center") for n in range(151)]
        specs += [(_("Turn {n}").format(n=n), info, "left", "center") for n in range(81)]
        return specs

    def _set_hp_bar(self, hp: float) -> None:
        self._hp_shown_bar = hp
        if self.hp_bar is None or self.hp_track is None:
            return
        frac = max(0.0, min(1.0, hp / max(1, self.max_hp)))
        full = self._hp_bar_full
        width = max(0.0, full * frac)
        self.hp_bar.visible = width >= 1
        self.hp_bar.width = max(1.0, width)
        self.hp_bar.center_x = self.hp_track.left + width / 2

    def _set_hp_text(self, hp: int) -> None:
        text = f"{hp} / {self.max_hp}"
        if self.hp_text.text != text:
            self.hp_text.set(text)

    def show_gold(self, value: float) -> None:
        text = str(int(round(value)))
        if self.gold_text.text != text:
            self.gold_text.set(text)

    def refresh_deck(self) -> None:
        text = str(self.shown_deck)
        if self.deck_text.text != text:
            self.deck_text.set(text)
        if self._deck_back is not None:
            self._deck_back.visible = self.shown_deck > 0

    def pulse(self, card: CardSprite) -> None:
        """A changed value pulses once (a soft glow behind the number)."""
        sprite = arcade.Sprite(look.disc_texture(64))
        pad = 10
        sprite.position = (card.position[0] - card.width / 2 + pad + 14,
                           card.position[1] + card.height / 2 - pad - 16)
        sprite.color = Color(255, 240, 200)

        def step(s: arcade.Sprite, k: float) -> None:
            s.scale = 0.6 + 0.9 * k
            s.alpha = round(200 * (1.0 - k))

        self.tweener.add(SpriteFx(self, sprite, 0.45, step))

    # -- layout ----------------------------------------------------------------------------
    def _size_counters(self, card_h: int) -> None:
        self.deck_text.resize(max(18, card_h * 0.1))
        self.hp_text.resize(max(13, card_h * 0.075))
        self.gold_text.resize(max(13, card_h * 0.072))

    def _texts_now(self, width: int, height: int) -> list[card_text.Spec]:
        """The texts the board shows in its first frame at this window size (of the cards
        on the table and the counters) that are not baked yet."""
        lay = self.table_layout(width, height)
        self._size_counters(lay.card_h)
        board, hero = self.state["board"], self.state["board"]["hero"]
        shown = {str(self.shown_deck), f"{hero['hp']} / {self.max_hp}", str(hero["gold"]),
                 _("Turn {n}").format(n=self.state["turn"])}
        names: set[str] = set()
        for card in (*board["board"], board["left_hand"], board["right_hand"],
                     board["backpack"]):
            if card is not None:
                names.add(_(str(card.get("name") or "")))
                shown |= {str(card.get("value")), str(card.get("initial_value")),
                          _(str(card.get("name"))), self.catalogue.kind_label(card)}
        specs = self._card_texts(lay.card_w, lay.card_h, names) + self._counter_texts()
        return [spec for spec in dict.fromkeys(specs)
                if spec[0] in shown and not card_text.is_baked(spec)]

    def _later_texts(self, width: int, height: int) -> Iterator[None]:
        """Every other text the board may show at this size, one unit of work per step:
        fitting a name, then baking a text (run in idle frames, `update_game`)."""
        lay = self.table_layout(width, height)
        w, h = lay.card_w, lay.card_h
        for name in sorted(self._all_names()):
            fitted_size(name, w - 16, name_size(h))  # cached: the specs below reuse it
            yield
        for spec in dict.fromkeys(self._card_texts(w, h) + self._counter_texts()):
            if not card_text.is_baked(spec):
                card_text.warm([spec])
                yield

    def warm_steps(self, width: int, height: int) -> Iterator[None]:
        """Bake the texts of the first frame, build the button bar and paint the faces, a few
        units per step (StagedLayout: the loading state shows meanwhile; the layout's own
        steps follow)."""
        now = self._texts_now(width, height)
        for i in range(0, len(now), BAKE_STEP):
            card_text.warm(now[i:i + BAKE_STEP])
            yield
        if self._bar_widgets.get(_bar_key(width)) is None:
            yield from self._make_bar(width)
        yield from self._paint_faces(width, height)

    def _paint_faces(self, width: int, height: int) -> Iterator[None]:
        """Paint the textures of the first frame one per step (cached by `look`, so layout
        finds them): the faces of the cards on the table, the deck's back, the chest."""
        lay = self.table_layout(width, height)
        w, h = lay.card_w, lay.card_h
        board = self.state["board"]
        for card in (*board["board"], board["left_hand"], board["right_hand"],
                     board["backpack"]):
            if card is not None:
                look.card_face_texture(card["type"], self.catalogue.art_for(card), w, h,
                                       pyro=bool(card.get("pyro")),
                                       bash=bool(card.get("bash")),
                                       spent=bool(card.get("spent")))
                yield
        look.card_back_texture(w, h)
        yield
        look.chest_texture(int(w * 0.78), int(w * 0.62))
        yield

    @property
    def background_work(self) -> bool:
        return self._background is not None

    def _warm_some(self) -> None:
        """A few units of `_later_texts` in a frame where nothing moves (at most BAKE_STEP
        and BACKGROUND_MS): a card's text is then ready before it appears, and a text not
        baked yet when it appears is baked then (card_text.baked)."""
        if self._background is None:
            return
        start = time.perf_counter()
        for _step in range(BAKE_STEP):
            try:
                next(self._background)
            except StopIteration:
                self._background = None
                return
            if (time.perf_counter() - start) * 1000.0 >= BACKGROUND_MS:
                return

    def layout_steps(self, width: int, height: int) -> Iterator[None]:
        """The layout (StagedLayout: in steps on first show, at once on a resize)."""
        self.tweener.finish_all()
        self.lay = lay = self.table_layout(width, height)
        w, h = lay.card_w, lay.card_h
        self._size_counters(h)
        card_text.warm(self._texts_now(width, height))  # after a resize: the first frame's
        self._background = self._later_texts(width, height)
        self.static.clear()
        self.hud.clear()
        # empty zones are outlines (line geometry): cheap to fill, and mostly under cards
        self.frames = arcade.shape_list.ShapeElementList()
        radius = max(6, int(h * 0.06))
        for place, rect in lay.places.items():
            if place == "hero":
                for shape in look.panel_shapes(rect, radius, theme.PANEL, theme.GOLD):
                    self.frames.append(shape)
            else:
                self.frames.append(look.rounded_outline(rect, radius, look.FRAME_COLOR))
        chest = arcade.Sprite(look.chest_texture(int(w * 0.78), int(w * 0.62)))
        chest.position = _on_pixels(chest, lay.center("chest"))
        self.static.append(chest)
        self._deck_back = arcade.Sprite(look.card_back_texture(w, h))
        self._deck_back.position = lay.center("deck")
        self.static.append(self._deck_back)
        disc = arcade.Sprite(look.circle_texture(int(w * 0.46)))
        disc.color = Color(16, 22, 30, 225)
        disc.position = _on_pixels(disc, lay.center("deck"))
        self.static.append(disc)
        self.deck_text.place(*lay.center("deck"))
        yield

        # hero panel: portrait, HP text and bar, gold, effect badges
        hero = lay.places["hero"]
        portrait_h = h * 0.36
        self.portrait = arcade.Sprite(look.icon_texture(look.PORTRAIT, 128))
        self.portrait.scale = portrait_h / 128
        self.portrait_x = hero.center_x
        self.portrait.position = (hero.center_x, hero.top - 10 - portrait_h / 2)
        self.hud.append(self.portrait)
        y = hero.top - 14 - portrait_h - h * 0.06
        self.hp_text.place(hero.center_x, y)
        y -= h * 0.075
        bar_w, bar_h = int(hero.width - 28), max(8, int(h * 0.045))
        self.hp_track = arcade.Sprite(look.bar_texture(bar_w, bar_h))
        self.hp_track.color = look.HP_BACK
        self.hp_track.position = (hero.center_x, y)
        self.hud.append(self.hp_track)
        self.hp_bar = arcade.Sprite(look.bar_texture(bar_w, bar_h))
        self.hp_bar.color = look.HP_RED
        self.hp_bar.position = (hero.center_x, y)
        self.hud.append(self.hp_bar)
        self._hp_bar_full = float(bar_w)
        y -= h * 0.1
        coin = max(18, int(h * 0.085))
        self.coin_icon = arcade.Sprite(look.icon_texture(look.COIN, coin))
        self.coin_icon.position = (hero.center_x - coin * 0.9, y)
        self.hud.append(self.coin_icon)
        self.gold_text.place(hero.center_x - coin * 0.25, y)
        effects = self.catalogue.hero_effects  # the base three, and a mod's (thorns)
        badge = int(min(44, (hero.width - 40) / max(3, len(effects)), h * 0.17))
        by = hero.bottom + 10 + badge / 2
        self.badges = {}
        for i, flag in enumerate(effects):
            sprite = arcade.Sprite(look.badge_texture(self._badge_icon(flag), badge, False))
            sprite.position = (hero.center_x + (i - (len(effects) - 1) / 2) * (badge + 10), by)
            self.badges[flag] = sprite
            self.hud.append(sprite)

        for name, text in self.zone_texts.items():
            if text.text != _(ZONE_LABELS[name]):  # a language change lays out again
                text.text = _(ZONE_LABELS[name])
            text.position = (lay.places[name].center_x, lay.label_y)
        self.info_text.place(18, lay.top_y)
        self._place_turn()
        self.abilities_text.position = (width - 18, lay.top_y)
        self.caption.position = (lay.width / 2, lay.strip_y)
        self.caption.font_size = theme.SIZE_SUBHEADING if width >= 1100 else theme.SIZE_BODY + 1

        self.spinner = arcade.Sprite(look.spinner_texture(22))
        self.spinner.visible = False
        self.overlay.clear()
        self.overlay.append(self.spinner)
        self.padlock.visible = False
        self.overlay.append(self.padlock)
        yield

        self._build_buttons()
        yield
        yield from self._rebuild_cards()
        self.refresh_hud(animate=False)
        yield
        self._bake_labels()
        yield
        self._laid_out = True
        self._refresh_highlights()
        if self._pending:
            events, self._pending = self._pending, []
            self._pending_ids = set()
            self._play(events, None, None)

    def _bake_labels(self) -> None:
        self.labels.clear()
        texts = list(self.zone_texts.values())
        if self.abilities_text.text:
            texts.append(self.abilities_text)
        self.labels.extend(bake_each(texts, "play"))

    def _badge_icon(self, flag: str) -> str:
        info = self.catalogue.flag_abilities.get(flag)
        return info.icon if info else ":resources:images/items/star.png"

    def _make_bar(self, width: int) -> Iterator[None]:
        """Build the button bar's gui buttons for this window width (one per step): the
        gui's widgets are slow to construct, so they are made once and kept."""
        actions = {"rebuy": self.ask_rebuy, "attack": self.random_attack, "hint": self.ask_hint,
                   "help": self.open_help, "menu": self.open_menu, "undo": self.request_undo}
        # not board input: never queued behind an animation (Undo drops what still plays)
        immediate = {"help", "menu", "undo"}
        bar: dict[str, gui.UIFlatButton] = {}
        for key, text, kind, button_width in button_specs(width, self.take_back is not None):
            action = actions[key]
            click = action if key in immediate else (lambda a=action: self.request(a))
            bar[key] = make_button(text, width=button_width, height=44, kind=kind,
                                   on_click=click)
            yield
        self._bar_widgets[_bar_key(width)] = bar

    def _build_buttons(self) -> None:
        """The button bar (gui buttons, centred at the bottom) and, while it is asked, the
        rebuy confirmation panel. Clicks on board actions wait for the animations."""
        self.ui.clear()
        width = view_size(self.window)[0]
        if self._bar_widgets.get(_bar_key(width)) is None:
            for _step in self._make_bar(width):
                pass
        self.buttons = dict(self._bar_widgets[_bar_key(width)] or {})
        row = gui.UIBoxLayout(vertical=False, space_between=BUTTON_GAP)
        for button in self.buttons.values():
            row.add(button)
        bar = gui.UIAnchorLayout()
        bar.add(row, anchor_x="center_x", anchor_y="bottom", align_y=12)
        self.ui.add(bar)
        self._confirm_anchor = None
        if self.confirming:
            self._show_confirm()

    def _rebuild_cards(self) -> Iterator[None]:
        """(Re)create every card at rest from the seat view (first show, resize), one card
        a step."""
        for card in self.cards.values():
            card.remove()
        self.cards = {}
        self.table = Layer()
        self.top_layers = {}
        board = self.state["board"]
        for place in VISIBLE:
            data = self.card_data_at(board, place)
            if data is None or data["id"] in self._pending_ids:
                continue
            card = self.make_card(data)
            card.place = place
            card.home = self.lay.center(place)
            card.position = card.home
            self.cards[data["id"]] = card
            yield

    # -- state -> screen -------------------------------------------------------------------
    def refresh_hud(self, animate: bool = True) -> None:
        """Texts, badges and buttons from the seat view (no animation of the cards)."""
        board = self.state["board"]
        hero = board["hero"]
        options = self.match.options
        variant = board.get("variant") or options.get("variant", "normal")
        where = options.get("date") if variant == "daily" else _("Seed {seed}").format(
            seed=self.match.seed)
        info = f"{_(VARIANT_TITLES.get(variant, variant))}  ·  {where}  ·  "
        if self.info_text.text != info:
            self.info_text.set(info)
            self._place_turn()
        turn = _("Turn {n}").format(n=self.state["turn"])
        if self.turn_text.text != turn:
            self.turn_text.set(turn)
        names = " · ".join(self.catalogue.ability_name(a) for a in board.get("abilities", []))
        names = _("Abilities: {names}").format(names=names) if names else ""
        if self.abilities_text.text != names:
            self.abilities_text.text = names
            if self._laid_out:
                self._bake_labels()
        self.max_hp = int(hero["max_hp"])
        self.shown_hp = int(hero["hp"])
        if animate and abs(self._hp_shown_bar - self.shown_hp) > 0.01:
            self.animate_hp(self.shown_hp)
        else:
            self._set_hp_bar(float(self.shown_hp))
            self._set_hp_text(self.shown_hp)
        self.shown_gold = int(hero["gold"])
        self.show_gold(self.shown_gold)
        self.shown_deck = int(board["deck_count"]) + len(self._pending_ids)
        self.refresh_deck()
        for flag, sprite in self.badges.items():
            lit = bool(hero.get(flag))
            texture = look.badge_texture(self._badge_icon(flag), int(sprite.width), lit)
            if sprite.texture is not texture:
                sprite.texture = texture
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return
        board = self.state["board"]
        over = self.state.get("result") is not None
        rebuy = self.buttons["rebuy"]
        text = _("Rebuy (−{cost} HP)").format(cost=board["rebuy_cost"])
        if rebuy.text != text:
            rebuy.text = text
        rebuy.disabled = over or not any(d["type"] == "rebuy" for d in self.legal)
        attack = self.buttons["attack"]
        used = bool(board.get("random_attack_used"))
        text = _("Used") if used else _("Random attack")
        if attack.text != text:
            attack.text = text
        attack.disabled = over or not any(d["type"] == "random_attack" for d in self.legal)
        hint = self.buttons["hint"]
        text = _("Thinking") if self.hint.busy else _("Hint (T)")
        if hint.text != text:
            hint.text = text
        hint.disabled = over
        undo = self.buttons.get("undo")
        if undo is not None:
            undo.disabled = not self.can_undo()

    # -- movable sources -------------------------------------------------------------------
    def moves_from(self, source: str) -> dict[str, dict[str, Any]]:
        """The legal decisions from one source, by destination place (spec 8.3)."""
        return {
            dest_place(d): d for d in self.legal
            if d.get("type") == "move" and source_place(d) == source
        }  # fmt: skip

    def movable_sources(self) -> list[str]:
        sources = {source_place(d) for d in self.legal if d.get("type") == "move"}
        return [s for s in SOURCE_ORDER if s in sources and self.card_in(s) is not None]

    # -- highlights ------------------------------------------------------------------------
    def _refresh_highlights(self) -> None:
        """Green washes on the legal destinations of the picked card, gold on the card, blue on
        the keyboard focus, the hovered destination brighter; the caption shows its preview."""
        self.highlights.clear()
        lay = self.lay
        for card in self.cards.values():
            if card.place is not None and not card.gone:
                card.outline = None
                if self.sel is None or card.id != self.sel.card_id:
                    card.lift = 0
        if self.sel is not None:
            for dest in self.sel.decisions:
                rect = lay.places.get(dest)
                if rect is None:
                    continue
                glow = arcade.Sprite(look.glow_texture(int(rect.width) + 10, int(rect.height) + 10))
                glow.position = rect.center
                glow.color = look.LEGAL_GREEN
                glow.alpha = 255 if dest == self.sel.hover else 150
                self.highlights.append(glow)
            card = self.cards.get(self.sel.card_id)
            if card is not None and self.sel.mode != "drag":
                card.outline = look.SELECT_GOLD
                card.lift = LIFT
        elif self.focus is not None:
            card = self.card_in(self.focus)
            if card is not None:
                card.outline = look.FOCUS_BLUE
                card.lift = LIFT
        if self.hovered is not None and self.sel is None:
            card = self.card_in(self.hovered)
            if card is not None and self.hovered != self.focus:
                card.outline = Color(255, 255, 255, 200)
                card.lift = LIFT
        self._refresh_caption()

    def _refresh_caption(self) -> None:
        text, kind = "", ""
        if self.sel is not None and self.sel.hover in self.sel.decisions:
            text = self.preview_line(self.sel.decisions[self.sel.hover])
            kind = "preview"
        elif self.sel is not None:
            count = len(self.sel.decisions)
            card = self.cards.get(self.sel.card_id)
            name = _(card.data.get("name", "")) if card is not None else ""
            text = (ngettext("{card}: {n} place to go (green)", "{card}: {n} places to go (green)",
                             count).format(card=name or _("card"), n=count)
                    if count else _("{card} can't move now").format(card=name or _("card")))
            kind = "info"
        elif self.hint_shown is not None:
            text = self.hint_text
            kind = "hint"
        if text != self.caption.text:
            self.caption.text = text
        if kind != self._caption_kind:
            self._caption_kind = kind
            self.caption.color = {
                "preview": look.LEGAL_GREEN, "hint": theme.GOLD_HI,
            }.get(kind, theme.TEXT)  # fmt: skip

    def preview_line(self, decision: dict[str, Any]) -> str:
        """The line shown while a card hovers a legal destination: the rules' preview, with
        the notes of `preview.describe`."""
        ok, kind, line = rules_preview(self.match, decision)
        return describe(self.state, decision, kind, line, self.catalogue) if ok else line

    # -- drawing ---------------------------------------------------------------------------
    def draw_board(self) -> None:
        self.frames.draw()
        # resting cards, the deck and the chest sit on whole pixels (PlayLayout), unscaled:
        # nearest sampling draws them texel for pixel and fills faster than linear
        nearest = self.window.ctx.NEAREST
        self.static.draw(filter=nearest)
        self.hud.draw()
        self.table.draw(nearest=True)
        draw_baked(self.labels)
        draw_baked(self.counters)

    def draw_overlay(self) -> None:
        self.highlights.draw()
        for layer in list(self.top_layers.values()):
            layer.draw()
        self.fx_layer.draw()
        self.overlay.draw()

    # -- frame -----------------------------------------------------------------------------
    def is_animating(self) -> bool:
        """The Hint's spinner turns, queued input waits for its turn, the end screen is due."""
        spinning = self.spinner is not None and self.spinner.visible
        return (spinning or bool(self.queue) or self.end_timer is not None
                or super().is_animating())

    def has_loops(self) -> bool:
        return self.hint_shown is not None  # the hint arrow throbs

    def update_game(self, dt: float) -> None:
        if self._background is not None and not len(self.tweener):
            self._warm_some()
        if self.lively:  # the arrow's throb holds still when the player is away
            self.clock += dt
        self.refresh_tip()
        for card_id in [k for k, layer in self.top_layers.items() if not len(layer.sprites)]:
            del self.top_layers[card_id]  # the card landed or left the table
        self._poll_hint()
        if self.spinner is not None and self.spinner.visible:
            self.spinner.angle = (self.spinner.angle + dt * 360) % 360
        if self.hint_shown is not None and len(self.overlay) > 2:
            alpha = round(170 + 85 * math.sin(self.clock * 6.0))
            for sprite in self.overlay[2:]:
                sprite.alpha = alpha
        while self.queue and not self.tweener.busy and not self.closed:
            self.queue.pop(0)()
        if self.end_timer is not None and not self.tweener.busy:
            self.end_timer -= dt if not self.tweener.instant else END_DELAY
            if self.end_timer <= 0:
                self.end_timer = None
                self.show_end()

    # -- playing decisions -----------------------------------------------------------------
    def submit(self, decision: dict[str, Any], near: CardSprite | None = None) -> bool:
        """Submit a decision; animate its events, or show the match's rejection message."""
        if self.closed or self.state.get("result") is not None:
            return False
        refused = self.tutorial_refusal(decision)
        if refused is not None:  # a tutorial's step teaches another move
            self.sel = None
            self._reject(refused, near)
            self._refresh_highlights()
            return False
        kind = None
        if decision.get("type") in ("move", "rebuy", "random_attack"):
            ok, what, _unused = rules_preview(self.match, decision)
            kind = what if ok else None
        if self.take_back is not None:
            result = self.take_back.submit(decision, kept=self._kept())
        else:
            result = self.match.submit(decision)
        if isinstance(result, Rejection):
            self._reject(result.message, near)
            return False
        self.log.add_seen(self.match, result.events, 0)
        self.state = self.match.view_json(0)
        self.legal = self.match.legal_decisions(0)
        self.sel = None
        self.focus = None
        self.hint.cancel()
        self._clear_hint()
        self._refresh_highlights()
        self._play(result.events, decision, kind)
        return True

    def _play(self, events: list[Event], decision: dict[str, Any] | None,
              kind: str | None) -> None:
        player = EventPlayer(self)
        length = player.play(events, decision, kind)
        self.tweener.add(_Settle(length, self.settle))
        self._refresh_buttons()

    def settle(self, snap: bool = False) -> None:
        """End of an animation: every card at rest where the seat view says, HUD exact
        (`snap`: a card not at home jumps there instead of sliding, the HP bar too)."""
        board = self.state["board"]
        seen: set[str] = set()
        for place in VISIBLE:
            data = self.card_data_at(board, place)
            if data is None:
                continue
            seen.add(data["id"])
            card = self.cards.get(data["id"])
            if card is None or card.gone:
                card = self.make_card(data)
                self.cards[data["id"]] = card
                card.position = self.lay.center(place)
            else:
                if card.data != data:
                    card.set_data(data, art=self.catalogue.art_for(data),
                                  kind_label=self.catalogue.kind_label(data))
                card.scale = 1.0
                card.alpha = 255
                card.flip = 1.0
            card.place = place
            card.home = self.lay.center(place)
            if snap:
                card.position = card.home
            if math.dist(card.position, card.home) > 1:
                self.to_top(card)
                self.tweener.add(PositionTween(
                    card, card.home, 0.18, ease=easing.ease_out,
                    on_done=lambda c=card: self.to_table(c),
                ))  # fmt: skip
            else:
                self.to_table(card)
        for card_id in [i for i in self.cards if i not in seen]:
            self.cards.pop(card_id).remove()
        self.refresh_hud(animate=not snap)
        self._refresh_highlights()
        if self.state.get("result") is not None and self.end_timer is None and not snap:
            self.end_timer = END_DELAY

    def show_position(self) -> None:
        """The replay viewer moved the match to another position of the run: show it as it
        is, in place, without animation and without layout (docs/replays.md)."""
        self.tweener.finish_all()
        self.queue.clear()
        self.fx_layer.sprites.clear()
        self._pending, self._pending_ids = [], set()
        self.state = self.match.view_json(0)
        self.legal = self.match.legal_decisions(0)
        self.sel = self.focus = None
        self._clear_hint()
        self.settle(snap=True)

    # -- the log and Undo (issue 25) -------------------------------------------------------
    @property
    def event_log(self) -> EventLog:
        return self.log

    def table_layout(self, width: int, height: int) -> PlayLayout:
        """The table's layout: the whole window, or left of the log panel while it shows."""
        if not self.log_shown:
            return PlayLayout.compute(width, height)
        return PlayLayout.compute(width - self.log_room(width), height, LOG_GUTTER)

    def log_rect(self, width: int, height: int) -> arcade.types.Rect:
        """Right of the table, between the run line and the button bar."""
        return arcade.LRBT(width - log_width(width) - 8, width - 8, BUTTONS + 4,
                           height - TOP_BAR)

    def offers_undo(self) -> bool:
        return self.take_back is not None and not self.closed


    def undo_source(self) -> Any:
        return self.take_back

    def _kept(self) -> tuple[Any, tuple[str, ...]]:
        """What goes back with the match on an undo: the Hint's stream, the log's lines."""
        return self.ai.get_state(), tuple(self.log.lines)

    def undo(self) -> bool:
        """Take back the last move: the board shows the position before it at once (what
        still played is dropped), the save is written (docs/saves.md "Undo")."""
        if not self.can_undo() or self.take_back is None:
            return False
        if self.confirming:
            self._close_confirm()
        self.cancel_selection()
        self.hint.cancel()
        ai_state, lines = self.take_back.undo()
        self.ai.set_state(ai_state)
        self.log.reset_to(lines)
        self.end_timer = None
        self.show_position()
        self.app.save_match(self.current_record(), self.mode_id)
        self.notify(_(UNDONE), "info", duration=1.0)
        return True

    def _reject(self, message: str, near: CardSprite | None) -> None:
        """The match refused a move: the card snaps back, the message shows beside it."""
        if near is not None:
            self.to_top(near)
            near.outline = None
            self.tweener.add(PositionTween(
                near, near.home, 0.15, ease=easing.ease_out,
                on_done=lambda c=near: self.to_table(c),
            ))  # fmt: skip
            x, y = near.home
            h = self.lay.card_h
            at = (x, y + h / 2 + 30) if y < self.lay.strip_y else (x, y - h / 2 - 30)
        else:
            at = (view_size(self.window)[0] / 2, self.lay.strip_y)
        self.last_rejection = message
        self.notify(message, "error", duration=1.5, at=at)

    def request(self, action: Callable[[], Any]) -> None:
        """Run an action now, or after the running animation (input is never lost)."""
        if self.tweener.busy or self.queue:
            self.queue.append(action)
        else:
            action()

    # -- actions ---------------------------------------------------------------------------
    def ask_rebuy(self) -> None:
        """R / the Rebuy button: rebuy at once, unless it would kill the hero without Revive."""
        if self.state.get("result") is not None:
            return
        board = self.state["board"]
        hero = board["hero"]
        if (not any(d["type"] == "rebuy" for d in self.legal)):
            self.submit({"seat": 0, "type": "rebuy"})  # the match says why not
            return
        if board["rebuy_cost"] >= hero["hp"] and not hero.get("can_revive"):
            self.confirming = True
            self._show_confirm()
            return
        self.submit({"seat": 0, "type": "rebuy"})

    def _show_confirm(self) -> None:
        box = gui.UIBoxLayout(space_between=theme.GAP)
        box.add(make_label(_("This rebuy will kill you. Rebuy anyway?"), size=theme.SIZE_SUBHEADING,
                           bold=True))
        row = gui.UIBoxLayout(vertical=False, space_between=theme.GAP)
        self.buttons["confirm_rebuy"] = row.add(
            make_button(_("Rebuy anyway"), width=170, kind="danger", on_click=self.confirm_rebuy))
        self.buttons["cancel_rebuy"] = row.add(
            make_button(_("Cancel"), width=170, on_click=self.cancel_rebuy))
        box.add(row)
        panel = box.with_padding(all=24).with_background(
            texture=panel_texture(edge=tuple(theme.RED)))
        anchor = gui.UIAnchorLayout()
        anchor.add(panel, anchor_x="center_x", anchor_y="center_y")
        self._confirm_anchor = self.ui.add(anchor)

    def _close_confirm(self) -> None:
        self.confirming = False
        if self._confirm_anchor is not None:
            self.ui.remove(self._confirm_anchor)
            self._confirm_anchor = None
        self.buttons.pop("confirm_rebuy", None)
        self.buttons.pop("cancel_rebuy", None)

    def confirm_rebuy(self) -> None:
        self._close_confirm()
        self.submit({"seat": 0, "type": "rebuy"})

    def cancel_rebuy(self) -> None:
        self._close_confirm()

    def random_attack(self) -> None:
        if self.state.get("result") is None:
            self.submit({"seat": 0, "type": "random_attack"})

    def open_menu(self) -> None:
        self.cancel_selection()
        self.open_pause()

    # -- hint ------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """T / Hint: the CPU at the Hint-level setting, in a worker; the hint never acts."""
        if self.hint.busy or self.state.get("result") is not None:
            return
        levels = self.catalogue.cpu_levels
        level = self.app.settings.hint_level
        if level not in levels:
            level = "hard" if "hard" in levels else levels[-1]
        self.start_hint(level)

    def start_hint(self, level: str) -> None:
        """The CPU at `level` works out a move from this position, in a worker."""
        budget = self.catalogue.hint_budget_ms if level == "hard" else None
        self._clear_hint()
        self.hint.start(level, self.match.view_json(0), self.ai.get_state(), budget,
                        tag=len(self.match.decisions))
        self._refresh_buttons()
        self._poll_hint()

    def _poll_hint(self) -> None:
        busy = self.hint.busy
        if self.spinner is not None and self.spinner.visible != busy:
            # set only on change: every sprite write re-uploads its list's buffer
            button = self.buttons.get("hint")
            if busy and button is not None:
                self.spinner.position = (button.rect.left + 16, button.rect.center_y)
            self.spinner.visible = busy
        outcome = self.hint.poll()
        if outcome is None:
            if not busy and self.buttons.get("hint") is not None and (
                    self.buttons["hint"].text == _("Thinking")):
                self._refresh_buttons()
            return
        self._refresh_buttons()
        if isinstance(outcome, BaseException):
            self.notify(_("The hint could not be worked out."), "info")
            return
        decision, stream_state = outcome
        self.ai.set_state(stream_state)  # only the CPU advances its stream
        if self.hint.tag != len(self.match.decisions):
            return  # the position changed meanwhile: this hint is stale
        run, self.cpu_for = self.cpu_for, None
        if run is not None:  # a tutorial's end: the CPU plays its move
            with run.playing():
                self.submit(decision)
            return
        self.show_hint(decision)

    def show_hint(self, decision: dict[str, Any]) -> None:
        """A pulsing arrow from source to destination and a one-line caption."""
        self._clear_hint()
        self.hint_shown = decision
        ok, kind, line = rules_preview(self.match, decision)
        self.hint_text = hint_caption(self.state, decision, self.catalogue, kind, line)
        lay = self.lay
        color = theme.GOLD_HI
        if decision.get("type") == "move":
            a = lay.center(source_place(decision))
            b = lay.center(dest_place(decision))
            self._arrow(a, b, color)
        else:
            button = self.buttons.get("rebuy" if decision.get("type") == "rebuy" else "attack")
            if button is not None:
                ring = arcade.Sprite(look.outline_texture(int(button.rect.width) + 14,
                                                          int(button.rect.height) + 14, 4))
                ring.position = button.rect.center
                ring.color = color
                self.overlay.append(ring)
        self._refresh_caption()

    def _arrow(self, a: tuple[float, float], b: tuple[float, float], color: Color) -> None:
        length = math.dist(a, b)
        if length < 1:
            return
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        head = 34
        start = (a[0] + ux * 30, a[1] + uy * 30)
        end = (b[0] - ux * 24, b[1] - uy * 24)
        shaft_len = max(4.0, math.dist(start, end) - head * 0.6)
        angle = -math.degrees(math.atan2(uy, ux))
        shaft = arcade.SpriteSolidColor(int(shaft_len), 8, color=color)
        shaft.position = (start[0] + ux * shaft_len / 2, start[1] + uy * shaft_len / 2)
        shaft.angle = angle
        tip = arcade.Sprite(look.arrow_head_texture(head))
        tip.color = color
        tip.position = (end[0] - ux * head / 2, end[1] - uy * head / 2)
        tip.angle = angle
        dot = arcade.Sprite(look.disc_texture(32))
        dot.color = color
        dot.position = start
        for sprite in (shaft, tip, dot):
            self.overlay.append(sprite)

    def _clear_hint(self) -> None:
        self.hint_shown = None
        while len(self.overlay) > 2:
            self.overlay.pop()

    # -- tutorials -------------------------------------------------------------------------
    def tutorial_next(self, decision: dict[str, Any]) -> dict[str, Any]:
        """A move's card (its place), then where it goes; a button for the others."""
        kind = decision.get("type")
        if kind == "rebuy":
            return {"button": "rebuy"}
        if kind == "random_attack":
            return {"button": "attack"}
        source = source_place(decision)
        if self.sel is not None and self.sel.source == source:
            return {"place": dest_place(decision)}
        return {"place": source}

    def tutorial_rects(self, target: dict[str, Any]) -> list[arcade.types.Rect]:
        """A `place` of the table (board.0-3, left_hand, hero, right_hand, backpack, chest,
        deck), or a `button` of the bar (rebuy, attack, hint, help, menu)."""
        rects = []
        if target.get("place") in self.lay.places:
            rects.append(self.lay.places[target["place"]])
        button = self.buttons.get(target.get("button") or "")
        if button is not None:
            rects.append(button.rect)
        return rects

    def tutorial_keep_clear(self) -> list[arcade.types.Rect]:
        return list(self.lay.places.values())

    def tutorial_busy(self) -> bool:
        return (self.tweener.busy or bool(self.queue) or self.end_timer is not None
                or self.hint.busy)

    def tutorial_cpu_turn(self, run: Any) -> bool:
        """The CPU at the tutorial's level plays one move for you (as the Hint works one
        out)."""
        if self.hint.busy or self.state.get("result") is not None:
            return False
        self.cpu_for = run
        self.start_hint(run.tutorial.cpu)
        return True

    # -- mouse -----------------------------------------------------------------------------
    def _card_at_point(self, x: float, y: float) -> CardSprite | None:
        for card in self.cards.values():
            if card.place is not None and not card.gone and card.contains(x, y):
                return card
        return None

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        if self.confirming:
            return
        sel = self.sel
        if sel is not None and sel.mode == "drag":
            return
        card = self._card_at_point(x, y)
        movable = set(self.movable_sources())
        hovered = card.place if card is not None and card.place in movable else None
        if sel is not None:
            dest = self.lay.place_at(x, y)
            if dest != sel.hover:
                sel.hover = dest
                self._refresh_highlights()
        elif hovered != self.hovered:
            self.hovered = hovered
            self._refresh_highlights()
        self.padlock.visible = card is not None and card.place not in movable and sel is None
        if self.padlock.visible:
            self.padlock.position = (x + 16, y - 16)
        self.hover_xy = (x, y)
        self._tooltip_at(x, y, card)

    def refresh_tip(self) -> None:
        """Keep the hover tooltip true under a still mouse (what is left in the deck, a hand
        used up); the bubble is laid out again only when its text changes."""
        if self.hover_xy is None or not self.tooltip.visible or self.sel is not None:
            return
        x, y = self.hover_xy
        self._tooltip_at(x, y, self._card_at_point(x, y), refresh=True)

    def _tooltip_at(self, x: float, y: float, card: CardSprite | None,
                    refresh: bool = False) -> None:
        text = ""
        lay = self.lay
        deck = lay.places["deck"]
        hero = self.state["board"]["hero"]
        if deck.point_in_rect((x, y)):
            text = _("Deck: {summary}").format(
                summary=deck_summary(self.state["board"]["deck_types"]))
        elif lay.places["chest"].point_in_rect((x, y)) and card is None:
            text = (_("Chest: sell a card. Spells, shields and potions pay their value; gold, "
                    "abilities and a collected enemy go for 0."))
        else:
            for flag, sprite in self.badges.items():
                if sprite.collides_with_point((x, y)):
                    info = self.catalogue.flag_abilities.get(flag)
                    if info is not None:
                        state = _("active") if hero.get(flag) else _("not active")
                        text = f"{_(info.name)} ({state}): {_(info.text)}"
            if not text and card is not None and card.data.get("type") == "ability":
                info = self.catalogue.abilities.get(card.data.get("ability") or "")
                if info is not None:
                    text = f"{_(info.name)} ({info.kind_label}): {_(info.text)}"
            elif not text and card is not None and card.place in ("left_hand", "right_hand") and (
                    card.data.get("spent")):
                text = _("Used up: it clears at the next draw.")
        if refresh and text == self.tooltip.text:
            return  # unchanged under a still mouse
        if text:
            self.tooltip.show(text, x, y)
        else:
            self.tooltip.hide()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.confirming or self.closed or self.end_timer is not None:
            return
        if self.tweener.busy:
            self.tweener.finish_all()  # a click skips the animation, it is never lost
            self.queue_flush()
        if button == arcade.MOUSE_BUTTON_RIGHT:
            self.cancel_selection()
            return
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        sel = self.sel
        place = self.lay.place_at(x, y, margin=0)
        card = self._card_at_point(x, y)
        if sel is not None and sel.mode in ("click", "key"):
            if place in sel.decisions:
                self.submit(sel.decisions[place], near=self.cards.get(sel.card_id))
                return
            if card is not None and card.place in self.movable_sources() and (
                    card.id != sel.card_id):
                self._pick(card, "press", x, y)
                return
            if card is not None and card.id == sel.card_id:
                self.cancel_selection()
                return
            if place is not None and place != sel.source:
                # not a legal place: the match says why
                self.submit(move_decision(sel.source, place), near=self.cards.get(sel.card_id))
                self.cancel_selection()
                return
            self.cancel_selection()
            return
        if card is not None and card.place in self.movable_sources():
            self._pick(card, "press", x, y)

    def _pick(self, card: CardSprite, mode: str, x: float = 0, y: float = 0) -> None:
        assert card.place is not None
        decisions = self.moves_from(card.place)
        self.sel = Selection(card.id, card.place, decisions, mode, press=(x, y),
                             grab=(card.position[0] - x, card.position[1] - y),
                             order=list(decisions))
        self.focus = None
        self.hovered = None
        self.tooltip.hide()
        self._refresh_highlights()

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int,
                      modifiers: int) -> None:
        sel = self.sel
        if sel is None or sel.mode not in ("press", "drag"):
            return
        card = self.cards.get(sel.card_id)
        if card is None:
            return
        if sel.mode == "press":
            if math.dist((x, y), sel.press) < DRAG_THRESHOLD:
                return
            sel.mode = "drag"
            self.to_top(card)
            card.lift = 0
            card.outline = Color(255, 255, 255, 220)
            self.padlock.visible = False
        card.position = (x + sel.grab[0], y + sel.grab[1])
        dest = self.lay.place_at(x, y)
        if dest != sel.hover:
            sel.hover = dest
            self._refresh_highlights()
            card.outline = Color(255, 255, 255, 220)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        sel = self.sel
        if sel is None or button != arcade.MOUSE_BUTTON_LEFT:
            return
        card = self.cards.get(sel.card_id)
        if sel.mode == "press":  # a click: the card stays selected (click to move)
            sel.mode = "click"
            self._refresh_highlights()
            return
        if sel.mode != "drag" or card is None:
            return
        dest = self.lay.place_at(x, y)
        self.sel = None
        if dest is None or dest == sel.source:
            self._snap_back(card)
        elif dest in sel.decisions:
            self.submit(sel.decisions[dest], near=card)
        else:
            self.submit(move_decision(sel.source, dest), near=card)
        self._refresh_highlights()

    def _snap_back(self, card: CardSprite) -> None:
        self.tweener.add(PositionTween(
            card, card.home, 0.15, ease=easing.ease_out,
            on_done=lambda c=card: self.to_table(c),
        ))  # fmt: skip

    def cancel_selection(self) -> None:
        sel = self.sel
        if sel is None:
            return
        card = self.cards.get(sel.card_id)
        self.sel = None
        if card is not None and sel.mode == "drag":
            self._snap_back(card)
        self._refresh_highlights()

    def queue_flush(self) -> None:
        """Run queued inputs now (after a skipped animation)."""
        while self.queue and not self.tweener.busy and not self.closed:
            self.queue.pop(0)()

    # -- keyboard --------------------------------------------------------------------------
    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        k = arcade.key
        if self.confirming:
            if symbol == k.ESCAPE:
                self.cancel_rebuy()
            elif symbol in (k.ENTER, k.RETURN):
                self.confirm_rebuy()
            return symbol != k.H
        if symbol == k.ESCAPE:
            if self.sel is not None:
                key_pick = self.sel.mode == "key"
                source = self.sel.source
                self.cancel_selection()
                if key_pick:
                    self.focus = source
                    self._refresh_highlights()
                return True
            if self.focus is not None:
                self.focus = None
                self._refresh_highlights()
                return True
            self.open_menu()
            return True
        if symbol == k.TAB:
            self.request(lambda: self._tab(backwards=bool(modifiers & k.MOD_SHIFT)))
            return True
        if symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self.request(self._enter)
            return True
        if symbol == k.R:
            self.request(self.ask_rebuy)
            return True
        if symbol == k.A:
            self.request(self.random_attack)
            return True
        if symbol == k.T:
            self.request(self.ask_hint)
            return True
        return False

    def _tab(self, backwards: bool) -> None:
        step = -1 if backwards else 1
        sel = self.sel
        if sel is not None and sel.mode == "key":
            if not sel.order:
                return
            sel.key_index = (sel.key_index + step) % len(sel.order)
            sel.hover = sel.order[sel.key_index]
            self._refresh_highlights()
            return
        if sel is not None:
            self.cancel_selection()
        sources = self.movable_sources()
        if not sources:
            self.focus = None
        elif self.focus not in sources:
            self.focus = sources[0 if step > 0 else -1]
        else:
            self.focus = sources[(sources.index(self.focus) + step) % len(sources)]
        self._refresh_highlights()

    def _enter(self) -> None:
        sel = self.sel
        if sel is not None and sel.mode == "key":
            if sel.hover in sel.decisions:
                self.submit(sel.decisions[sel.hover], near=self.cards.get(sel.card_id))
            return
        if self.focus is None:
            return
        card = self.card_in(self.focus)
        if card is None:
            return
        self._pick(card, "key")
        assert self.sel is not None
        if self.sel.order:
            self.sel.key_index = 0
            self.sel.hover = self.sel.order[0]
        self._refresh_highlights()

    # -- help, record, leaving -------------------------------------------------------------
    def help_topics(self) -> list[HelpTopic]:
        return help_topics(self.catalogue)

    def current_record(self) -> dict[str, Any] | None:
        if self.closed:
            return None
        return marked(match_record(self.match), self.scored)

    def on_leave(self) -> None:
        self.close()

    def close(self) -> None:
        """Stop the Hint's worker and free the match's world (once)."""
        if self.closed:
            return
        self.closed = True
        self.hint.shutdown()
        self.match.close()

    def on_show_view(self) -> None:
        super().on_show_view()
        if not self.hint_sync and not self.closed:
            self.hint.warm()  # the first Hint then answers within its budget too

    def on_hide_view(self) -> None:
        super().on_hide_view()
        self.padlock.visible = False
        if self.sel is not None and not self.closed:  # help or pause opened mid-drag
            self.cancel_selection()

    def show_end(self) -> None:
        """The run is over: the end screen, with the score entered if it counts."""
        from game.scenes.crawl.end import EndView

        record = marked(match_record(self.match), self.scored)
        state = self.match.state_json()
        self.close()
        self.app.finish_match(record)  # only this run's own save: another run's stays
        self.app.show_view(EndView(self.app, record, state, record_score=True))


def _on_pixels(sprite: arcade.Sprite, center: tuple[float, float]) -> tuple[float, float]:
    """The centre nearest to `center` that puts the sprite's edges on whole pixels."""
    w, h = sprite.width, sprite.height
    return round(center[0] - w / 2) + w / 2, round(center[1] - h / 2) + h / 2


class _Settle(ValueTween):
    """The end of a decision's timeline: blocking until then, then the view settles."""

    def __init__(self, delay: float, settle: Callable[[], Any]) -> None:
        super().__init__(0.0, 1.0, 0.0, delay=delay, on_done=settle)


def shot_view(app: Any, match: Match) -> arcade.View:
    """The screen of a match's current position (`tabula shot FILE --out PNG`)."""
    if match.phase == "pick":
        from game.scenes.crawl.picker import PickerView

        return PickerView(app, match)
    if match.result is not None:
        from game.scenes.crawl.end import EndView

        record, state = match_record(match), match.state_json()
        match.close()
        return EndView(app, record, state, record_score=False, animate=False)
    return PlayView(app, match)
