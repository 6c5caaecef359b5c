"""The Settings screen: animation speed, sound, volume, fullscreen, the Hint's CPU level, the
colours, the UI scale and the language.

Every control saves at once (App.update_settings -> Settings.save, atomic), so there is no
"Apply" to forget and a crash never loses a change. Back (or Esc) returns to where Settings was
opened from: the main menu, or a game's pause menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
import arcade.gui as gui
import arcade.shape_list

from game.engine.modes import get_mode
from game.i18n import LANGUAGES, N_, _
from game.scenes import theme
from game.scenes.menu import FeltView, table_felt
from game.scenes.scale import scale_of, view_size
from game.scenes.settings import ANIMATION_SPEEDS, DEFAULT_HINT_LEVELS, UI_SCALES, Settings
from game.scenes.ui import TightUIManager
from game.scenes.widgets import (
    Segmented,
    Toast,
    make_button,
    make_heading,
    make_label,
    panel_texture,
)

if TYPE_CHECKING:
    from game.scenes.app import App

SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
                "instant": N_("Instant")}
LEVEL_LABELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
LABEL_WIDTH = 300
SLIDER_STYLE = {
    state: gui.UISlider.UIStyle(
        bg=theme.GOLD_HI if state != "normal" else theme.GOLD,
        border=theme.TEXT if state != "normal" else theme.PANEL_EDGE,
        border_width=2,
        filled_track=theme.GOLD,
        unfilled_track=theme.PANEL_HI,
        filled_step=None,
        unfilled_step=None,
    )
    for state in ("normal", "hover", "press", "disabled")
}


def hint_levels() -> tuple[str, ...]:
    """The crawl mode's CPU levels when it is installed (they name the Hint's strength)."""
    crawl = get_mode("crawl")
    return tuple(crawl.cpu_levels) if crawl and crawl.cpu_levels else DEFAULT_HINT_LEVELS


class SettingsView(FeltView):
    """One panel of labelled controls; each change is saved immediately."""

    def __init__(self, app: App, back_to: arcade.View | None = None) -> None:
        super().__init__()
        self.ui = TightUIManager()  # layout, render and blit only on change
        self.app = app
        self.back_to = back_to
        self.background_color = theme.TABLE
        self.toast = Toast()
        self.controls: dict[str, gui.UIWidget] = {}
        self.volume_label: gui.UILabel | None = None
        self.back_button: gui.UIFlatButton | None = None
        self.title_label: gui.UILabel | None = None
        self.scale_caption_label: gui.UILabel | None = None
        self.rows: gui.UIBoxLayout | None = None  # the panel's column of rows
        self._felt: arcade.shape_list.ShapeElementList | None = None

    @property
    def settings(self) -> Settings:
        return self.app.settings

    # layout -------------------------------------------------------------------------------------
    def build(self, width: int | None = None, height: int | None = None) -> None:
        """Rebuild every widget for this size (default: the window's) from the settings."""
        logical_width, logical_height = view_size(self.window)
        width = width or logical_width
        height = height or logical_height
        self.ui.clear()
        self.controls = {}
        self._felt = table_felt(width, height)

        s = self.settings
        rows = self.rows = gui.UIBoxLayout(align="left")
        self.title_label = rows.add(make_heading(_("Settings"), size=34))
        rows.add(gui.UISpace(height=2))

        self.controls["animation_speed"] = self._row(
            rows,
            _("Animation speed"),
            _("How fast moves, attacks and numbers play"),
            Segmented(
                ANIMATION_SPEEDS,
                s.animation_speed,
                labels=[_(SPEED_LABELS[v]) for v in ANIMATION_SPEEDS],
                on_change=lambda v: self.change(animation_speed=v),
            ),
        )
        self.controls["sound_on"] = self._row(
            rows,
            _("Sound"),
            _("Effects for moves, hits and rejections"),
            Segmented(
                ("on", "off"),
                "on" if s.sound_on else "off",
                labels=(_("On"), _("Off")),
                on_change=lambda v: self.change(sound_on=v == "on"),
            ),
        )
        volume_box = gui.UIBoxLayout(vertical=False, space_between=16, align="center")
        slider = gui.UISlider(
            value=round(s.volume * 100),
            min_value=0,
            max_value=100,
            step=5,
            width=330,
            height=28,
            style=SLIDER_STYLE,
        )
        slider.on_change = self._volume_changed
        volume_box.add(slider)
        self.volume_label = volume_box.add(
            make_label(f"{round(s.volume * 100)} %", width=70, bold=True)
        )
        self.controls["volume"] = slider
        self._row(rows, _("Volume"), _("Loudness of every effect"), volume_box)
        self.controls["fullscreen"] = self._row(
            rows,
            _("Fullscreen"),
            _("Fill the screen instead of a window"),
            Segmented(
                ("on", "off"),
                "on" if s.fullscreen else "off",
                labels=(_("On"), _("Off")),
                on_change=lambda v: self.change(fullscreen=v == "on"),
            ),
        )
        levels = hint_levels()
        self.controls["hint_level"] = self._row(
            rows,
            _("Hint level"),
            _("CPU strength behind Card Crawl's Hint"),
            Segmented(
                levels,
                s.hint_level if s.hint_level in levels else None,
                labels=[_(LEVEL_LABELS.get(lv, lv.capitalize())) for lv in levels],
                on_change=lambda v: self.change(hint_level=v),
            ),
        )

        self.controls["palette"] = self._row(
            rows,
            _("Colours"),
            _("Colour-blind safe: shapes and patterns too"),
            Segmented(
                ("standard", "colour-blind"),
                s.palette,
                labels=(_("Standard"), _("Colour-blind")),
                button_width=140,
                on_change=lambda v: self.change(palette=v),
            ),
        )

        self.controls["ui_scale"] = self._row(
            rows,
            _("UI scale"),
            self.scale_caption(),  # kept as `scale_caption_label` (see `on_resize`)
            Segmented(
                [f"{v:g}" for v in UI_SCALES],
                f"{s.ui_scale:g}",
                labels=[f"{v:g}\u00d7" for v in UI_SCALES],
                button_width=70,
                on_change=lambda v: self.change(ui_scale=float(v)),
            ),
            scale_row=True,
        )

        self.controls["language"] = self._row(
            rows,
            _("Language"),
            _("Every text of the games and menus"),
            Segmented(
                tuple(LANGUAGES),
                s.language,
                labels=tuple(LANGUAGES.values()),  # each in its own language
                button_width=190,
                on_change=lambda v: self.change(language=v),
            ),
        )

        buttons = gui.UIBoxLayout(vertical=False, space_between=theme.GAP)
        self.back_button = buttons.add(
            make_button(_("Back"), width=160, kind="primary", on_click=self.back)
        )
        buttons.add(make_button(_("Reset to defaults"), width=200, on_click=self.reset))
        rows.add(gui.UISpace(height=4))
        rows.add(buttons)

        panel = rows.with_padding(left=40, right=40)
        panel.with_background(texture=panel_texture())
        self.space_rows(height)
        root = gui.UIAnchorLayout()
        root.add(panel, anchor_x="center_x", anchor_y="center_y")
        self.ui.add(root)
        self.built()

    def space_rows(self, height: int) -> None:
        """Eight rows on a short window sit closer together (960x600 logical is the minimum),
        set on the built panel (a UI scale change crosses the line: no rebuild for it)."""
        tight = height < 700
        pad = 18 if tight else 28
        self.rows._space_between = 8 if tight else 18  # arcade 3.3: no public setter
        self.rows.with_padding(top=pad, bottom=pad)
        self.rows._trigger_size_hint_update()

    def shown_key(self) -> tuple[object, ...]:
        return (*super().shown_key(), tuple(sorted(self.settings.model_dump().items())),
                self.scale_caption(), hint_levels())

    def _row(
        self, rows: gui.UIBoxLayout, title: str, caption: str, control: gui.UIWidget,
        scale_row: bool = False,
    ) -> gui.UIWidget:
        text = gui.UIBoxLayout(space_between=2, align="left")
        text.add(make_label(title, size=theme.SIZE_BODY + 2, bold=True, width=LABEL_WIDTH))
        text.add(
            make_label(caption, size=theme.SIZE_SMALL, color=theme.TEXT_MUTED, width=LABEL_WIDTH)
        )
        row = gui.UIBoxLayout(vertical=False, space_between=24, align="center")
        row.add(text)
        row.add(control)
        rows.add(row)
        if scale_row:
            self.scale_caption_label = text.children[-1]
        return control

    def scale_caption(self) -> str:
        """The UI scale's line: what it does, or the scale this window really shows (a scale
        the window cannot fit is lowered to the largest that still lays out)."""
        shown = scale_of(self.window)
        if abs(shown - self.settings.ui_scale) > 1e-6:
            return _("Shown at {scale}\u00d7: the most this window fits").format(
                scale=f"{shown:.2f}")
        return _("Below 1\u00d7, text is under 11 px")

    # actions ------------------------------------------------------------------------------------
    def change(self, **changes: object) -> None:
        """Save a change at once; a failed save is shown and the control is set back."""
        if self.app.update_settings(**changes):
            self.app.sounds.play("click")
            if "language" in changes:
                self.build()  # every row's words change
        else:
            self.build()

    def _volume_changed(self, event: gui.UIOnChangeEvent) -> None:
        volume = round(float(event.new_value)) / 100
        if self.volume_label is not None:
            self.volume_label.text = f"{round(volume * 100)} %"
        if abs(volume - self.settings.volume) >= 0.001:
            self.app.update_settings(volume=volume)

    def reset(self) -> None:
        defaults = Settings()
        self.app.update_settings(**defaults.model_dump())
        self.build()

    def back(self) -> None:
        if self.back_to is not None:
            self.app.show_view(self.back_to)
        else:
            self.app.show_menu()

    # arcade handlers ----------------------------------------------------------------------------
    def on_show_view(self) -> None:
        super().on_show_view()
        self.refresh()  # built once; again only if what it shows changed

    def on_resize(self, width: int, height: int) -> None:
        """A new window size or UI scale. The screen Back returns to lays itself out when it
        shows again (the pause menu, and the game under it in steps), never in the frame
        of the click. The panel is only laid out again (the gui manager relayouts it for the
        new size, `space_rows` spaces the rows for it; the scale control already shows the
        choice): a rebuild and its first render were most of a scale change."""
        if self.rows is None:
            self.build(width, height)
            return
        self._felt = table_felt(width, height)
        self.space_rows(height)
        if self.scale_caption_label is not None:
            self.scale_caption_label.text = self.scale_caption()
        self.built()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.ESCAPE:
            self.back()
            return True
        return False
