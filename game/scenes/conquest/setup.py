"""Match setup (spec conquest.md 8.0): the mode's entry in the main menu.

Opponent: a CPU (`easy` / `normal` / `hard`, default `normal`), Hot-seat, or CPU vs CPU (a
level per seat); army setup: Commanders (default) or Classic; rules: Current or Original (the
choice of the menu's Rules button, shared with it: `App.rules_choice`; the line under it says
what the original rules change); an optional seed; "Start". The choices become the record's
`options` (`ai`, `setup_kind`) and `rules`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import arcade
import arcade.gui as gui

from game.i18n import N_, _
from game.scenes import theme
from game.scenes.base import ESC_MENU, GameViewBase
from game.scenes.conquest import look
from game.scenes.conquest.base import MODE_ID
from game.scenes.cpu_worker import prestart_for
from game.scenes.fonts import UI_FONT
from game.scenes.staged import StagedLayout
from game.scenes.widgets import (
    HelpTopic,
    Segmented,
    centred_field,
    make_button,
    make_label,
    panel_texture,
)
from game.systems.conquest.card import CARD

LEVELS = ("easy", "normal", "hard")
LEVEL_NAMES = (N_("easy"), N_("normal"), N_("hard"))  # as the ids read, translated
OPPONENTS = ("cpu", "hotseat", "cpu_vs_cpu")


class MatchSetupView(StagedLayout, GameViewBase):
    """The setup panel; its first layout runs a row a step behind the loading state
    (game.scenes.staged)."""

    title = "CardConquest"
    mode_id = None  # nothing to save yet
    esc_help = ESC_MENU

    def __init__(self, app: Any, cpu: dict[int, str] | None = None) -> None:
        super().__init__(app)
        self.background_color = look.BACKGROUND
        cpu = cpu or {1: "normal"}
        self.opponent = "hotseat" if not cpu else ("cpu_vs_cpu" if 0 in cpu else "cpu")
        self.levels = {0: cpu.get(0, "normal"), 1: cpu.get(1, "normal")}
        self.setup_kind = "commanders"
        self.rows: dict[str, Segmented] = {}
        self.seed_input: gui.UIInputText | None = None
        self.rules_label: gui.UILabel | None = None
        self.start_btn: gui.UIFlatButton | None = None  # made by the first layout
        self.back_btn: gui.UIFlatButton | None = None
        self.learn_btn: gui.UIFlatButton | None = None

    def layout_steps(self, width: int, height: int) -> Iterator[None]:
        if self.start_btn is None or self.back_btn is None:
            self.start_btn = make_button(_("Start"), width=200, kind="primary",
                                         on_click=self.start)
            self.back_btn = make_button(_("Back"), width=200, on_click=self.back)
            self.learn_btn = make_button(_("Learn to play"), width=200, on_click=self.learn)
            yield
        self.ui.clear()
        box = gui.UIBoxLayout(space_between=theme.GAP, align="left")
        box.add(make_label(_("CardConquest — match setup"), size=theme.SIZE_HEADING, bold=True,
                           color=theme.GOLD))
        yield

        def row(title: str, seg: Segmented) -> None:
            line = gui.UIBoxLayout(vertical=False, space_between=theme.GAP, align="center")
            line.add(make_label(_(title), width=200))
            line.add(seg)
            box.add(line)

        self.rows["opponent"] = Segmented(OPPONENTS, self.opponent,
                                          labels=(_("CPU"), _("Hot-seat"), _("CPU vs CPU")),
                                          button_width=140, on_change=self.set_opponent)
        row(N_("Opponent"), self.rows["opponent"])
        yield
        levels = [_(name) for name in LEVEL_NAMES]
        self.rows["level1"] = Segmented(LEVELS, self.levels[1], labels=levels, button_width=140,
                                        on_change=lambda v: self.levels.__setitem__(1, v))
        row(N_("Player 2 CPU"), self.rows["level1"])
        yield
        self.rows["level0"] = Segmented(LEVELS, self.levels[0], labels=levels, button_width=140,
                                        on_change=lambda v: self.levels.__setitem__(0, v))
        row(N_("Player 1 CPU"), self.rows["level0"])
        yield
        self.rows["armies"] = Segmented(("commanders", "classic"), self.setup_kind,
                                        labels=(_("Commanders"), _("Classic")),
                                        button_width=140, on_change=self.set_kind)
        row(N_("Army setup"), self.rows["armies"])
        yield
        self.rows["rules"] = Segmented(CARD.rules_versions(), self.app.rules_for(MODE_ID),
                                       labels=[_(CARD.rules_caption(v))
                                               for v in CARD.rules_versions()],
                                       button_width=140, on_change=self.set_rules)
        row(N_("Rules"), self.rows["rules"])
        self.rules_label = box.add(make_label(self.rules_text(), size=theme.SIZE_SMALL + 1,
                                              color=theme.TEXT_MUTED, width=640,
                                              multiline=True))
        yield
        line = gui.UIBoxLayout(vertical=False, space_between=theme.GAP, align="center")
        line.add(make_label(_("Seed (optional)"), width=200))
        old = self.seed_input.text if self.seed_input is not None else ""
        self.seed_input = centred_field(gui.UIInputText(
            text=old, width=220, height=34, font_name=UI_FONT, font_size=14,
            text_color=theme.TEXT))
        line.add(self.seed_input)
        box.add(line)
        buttons = gui.UIBoxLayout(vertical=False, space_between=theme.GAP)
        buttons.add(self.back_btn)
        if self.learn_btn is not None:
            buttons.add(self.learn_btn)
        buttons.add(self.start_btn)
        box.add(gui.UISpace(height=6))
        box.add(buttons)
        panel = box.with_padding(all=28).with_background(texture=panel_texture())
        anchor = gui.UIAnchorLayout()
        anchor.add(panel, anchor_x="center_x", anchor_y="center_y")
        self.ui.add(anchor)
        self.refresh_rows()

    def refresh_rows(self) -> None:
        for key, seg in self.rows.items():
            used = {"level1": self.opponent != "hotseat",
                    "level0": self.opponent == "cpu_vs_cpu"}.get(key, True)
            for b in seg.buttons.values():
                b.disabled = not used

    def set_opponent(self, value: str) -> None:
        self.opponent = value
        self.refresh_rows()

    def set_kind(self, value: str) -> None:
        self.setup_kind = value

    def rules_text(self) -> str:
        """What the chosen rules do: the current ones, or what the original ones change."""
        version = self.app.rules_for(MODE_ID)
        if version == CARD.rules_version:
            return _("Rules {version}, the current rules.").format(version=version)
        change = CARD.rules_changes.get(version)
        caption = _(CARD.rules_caption(version))
        return _("{rules}: {change}").format(rules=caption, change=_(change)) if change \
            else caption

    def set_rules(self, version: str) -> None:
        """The rules of conquest's new matches (the menu's Rules button shows the same)."""
        if version == CARD.rules_version:
            self.app.rules_choice.pop(MODE_ID, None)
        else:
            self.app.rules_choice[MODE_ID] = version
        if self.rules_label is not None:
            self.rules_label.text = self.rules_text()

    def options(self) -> tuple[dict[int, str], str, int | None]:
        """(CPU seats, setup kind, seed or None) as chosen."""
        cpu: dict[int, str] = {}
        if self.opponent != "hotseat":
            cpu[1] = self.levels[1]
        if self.opponent == "cpu_vs_cpu":
            cpu[0] = self.levels[0]
        text = (self.seed_input.text if self.seed_input is not None else "").strip()
        seed = int(text) if text.isdigit() and int(text) > 0 else None
        return cpu, self.setup_kind, seed

    def start(self) -> None:
        from game.scenes.conquest.start import new_match, view_for

        if self.seed_input is not None and self.seed_input.text.strip() and \
                self.options()[2] is None:
            self.notify(_("The seed must be a positive whole number"))
            return
        cpu, kind, seed = self.options()
        self.play_sound(look.SOUNDS["click"], 0.6)
        rules = self.app.rules_for(MODE_ID)
        self.app.show_view(view_for(self.app, new_match(seed, cpu, kind, rules)))

    def learn(self) -> None:
        """Learn to play (docs/tutorials.md); leaving it comes back to a setup screen."""
        from game.scenes.tutorial import learn_from_start

        learn_from_start(self.app, MODE_ID)

    def back(self) -> None:
        self.app.show_menu()

    def on_show_view(self) -> None:
        super().on_show_view()
        prestart_for(self.app)  # a CPU worker warms while the match is set up

    def on_game_key(self, symbol: int, modifiers: int) -> bool:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.start()
            return True
        if symbol == arcade.key.ESCAPE:
            self.back()
            return True
        return symbol != arcade.key.H and self.seed_input is not None and \
            self.seed_input.active

    def help_topics(self) -> list[HelpTopic]:
        return [HelpTopic(_("Match setup"), (
            _("Opponent: a CPU at the level below, Hot-seat (two players at one screen, a "
              "curtain hides secret choices when the screen changes hands) or CPU vs CPU "
              "(watch)."),
            _("Army setup: Commanders (pick the Infantry or the Tank Commander) or Classic (4 "
              "tanks, 6 infantry and the same 5 cards each)."),
            _("Rules: Current, or Original (the rules the game was first written with: "
              "{change}).").format(change=_(CARD.rules_changes["1"])),
            _("Seed: any positive number replays the same CPU choices; empty picks one."),
            _("Enter: Start.")))]
