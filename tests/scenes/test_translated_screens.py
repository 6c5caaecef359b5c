"""Português (Brasil) on the screens (issue 25, docs/i18n.md).

With pt_BR set, every text a finished screen draws (every string given to an `arcade.Text`,
as tests/scenes/test_player_text.py records them: labels, buttons, help lines, tooltips) is
checked against the catalogue's template: no msgid the catalogue translates may be shown in
English, whole or inside a longer line. The same screens lay out inside their boxes and the
window at 960x600 and 1920x1080 with the longer Portuguese texts (tests/scenes/
test_text_extents.py's checks). A language change in Settings changes the shown texts at once.
"""

from __future__ import annotations

import re

import arcade
import pytest

from game import i18n
from game.i18n import area_of, template_entries
from game.scenes import gallery
from game.scenes.harness import hover_grid, key, step
from game.scenes.scale import view_size
from game.scenes.widgets import HelpOverlay
from tests.scenes.test_player_text import seen  # noqa: F401  (a fixture)
from tests.scenes.test_text_extents import (  # noqa: F401  (`created` is a fixture)
    created,
    outside_window,
    problems,
    shown,
)

# the areas whose screens are translated in full (docs/i18n.md): each screen of theirs is checked
FINISHED = ("shell", "crawl", "strike", "conquest", "kingdom")
PT = "pt_BR"
SCREENS = [s for s in gallery.screens(tuple(a for a in FINISHED if a != "shell"))]


@pytest.fixture
def app(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    return App(window, settings=Settings(animation_speed="instant", sound_on=False,
                                         language=PT))


def translated_msgids(areas: tuple[str, ...]) -> dict[str, str]:
    """{English msgid: its pt_BR text} of the areas, where the two differ."""
    assert i18n.language() == PT
    out = {}
    for entry in template_entries():
        if area_of(entry.refs) in areas and entry.plural_id is None:
            shown_as = i18n._(entry.msgid)
            if shown_as != entry.msgid:
                out[entry.msgid] = shown_as
    return out


def english_left(texts: set[str], areas: tuple[str, ...]) -> list[str]:
    """The texts that show a translated msgid in English: whole, or (a sentence of three
    words or more, without its {fields}) inside a longer text."""
    msgids = translated_msgids(areas)
    out = [f"{t!r} is English" for t in sorted(texts) if t in msgids]
    pieces = {m: [p for p in re.split(r"\{[a-z_]+\}", m) if len(p.split()) >= 3]
              for m in msgids}
    for text in sorted(texts):
        for msgid, parts in pieces.items():
            if any(p in text for p in parts) and text != msgids[msgid]:
                out.append(f"{text[:60]!r} holds {msgid[:40]!r} in English")
    return out


def walk(window, view) -> None:
    """Show the screen, hover over a grid of points (every tooltip), open and close its help."""
    window.show_view(view)
    step(window, 2)
    hover_grid(window, 48)
    if window.current_view is view:
        key(window, arcade.key.H)
        if isinstance(window.current_view, HelpOverlay):
            step(window)
            key(window, arcade.key.H)


def test_the_catalogue_translates_the_finished_areas(window, app):
    """Every msgid of the finished areas has its pt_BR text (validate lists none)."""
    assert i18n.missing_entries(PT, FINISHED) == []
    assert len(translated_msgids(FINISHED)) > 250


@pytest.mark.parametrize("screen", SCREENS, ids=[s.name for s in SCREENS])
@pytest.mark.slow
def test_a_finished_screen_shows_no_english(window, app, seen, screen):  # noqa: F811
    view = screen.build(app)
    try:
        walk(window, view)
    finally:
        gallery.close(view)
    assert len(seen) > 10
    assert english_left(seen, FINISHED) == []


@pytest.mark.slow
def test_the_pause_menu_its_help_and_the_quit_question_show_no_english(
        window, app, seen):  # noqa: F811
    from game.scenes.pause import PauseView

    screen = next(s for s in SCREENS if s.name == "crawl/play")
    game_view = screen.build(app)
    try:
        window.show_view(game_view)
        step(window, 2)
        pause = PauseView(game_view, lambda: {"mode": "crawl"})
        window.show_view(pause)
        step(window)
        pause.open_help()
        step(window)
        key(window, arcade.key.ESCAPE)
        pause.quit_target, pause.unsaved_note = "menu", pause._would_lose() or ""
        pause.confirming = True
        pause.build()
        step(window)
    finally:
        gallery.close(game_view)
    assert {"Pausado", "Continuar", "Menu de pausa", "Sair sem salvar?"} <= seen
    assert english_left(seen, FINISHED) == []


SIZES = ((960, 600), (1920, 1080))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("screen", SCREENS, ids=[s.name for s in SCREENS])
@pytest.mark.slow
def test_every_portuguese_text_inside_its_box_and_the_window(window, app, screen, size,
                                                            created):  # noqa: F811
    with shown(window, app, screen, size) as view:
        assert i18n.language() == PT
        found = problems(view) + outside_window(view, created, view_size(window))
        assert found == []


@pytest.mark.slow
def test_a_language_change_in_settings_changes_the_shown_texts_at_once(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    app = App(window, settings=Settings(animation_speed="instant", sound_on=False))
    menu = app.show_menu()
    step(window)
    assert menu.settings_button.text == "Settings"
    view = app.show_settings()
    step(window)
    assert view.title_label.text == "Settings"
    view.controls["language"].select("pt_BR")  # as a click on its button
    step(window)
    assert Settings.load().language == "pt_BR"  # saved
    assert view.title_label.text == "Configurações"
    assert view.back_button.text == "Voltar"
    view.back()
    step(window)
    assert window.current_view is menu and menu.settings_button.text == "Configurações"
    assert menu.quit_button.text == "Sair"

    app.show_settings().controls["language"].select("en")
    step(window)
    assert window.current_view.title_label.text == "Settings"


@pytest.mark.slow
def test_a_language_change_from_the_pause_menu_relays_the_game_under_it(window):
    """Settings opened from a game's pause menu: back in the game, its buttons, zone labels
    and help speak the new language (the game lays itself out again, as for a UI scale)."""
    from game.scenes.app import App
    from game.scenes.crawl.play import PlayView
    from game.scenes.settings import Settings

    app = App(window, settings=Settings(animation_speed="instant", sound_on=False))
    screen = next(s for s in SCREENS if s.name == "crawl/play")
    game_view = screen.build(app)
    assert isinstance(game_view, PlayView)
    game_view.prepare_sync = True
    try:
        window.show_view(game_view)
        step(window, 2)
        assert game_view.buttons["rebuy"].text.startswith("Rebuy")
        pause = game_view.open_pause()
        step(window)
        pause.open_settings()
        step(window)
        window.current_view.controls["language"].select("pt_BR")
        window.current_view.back()
        step(window, 2)
        assert window.current_view is pause and pause.buttons["resume"].text == "Continuar"
        pause.resume()
        step(window, 3)
        assert game_view.buttons["rebuy"].text.startswith("Recompra")
        assert game_view.buttons["menu"].text == "Menu (Esc)"
        assert game_view.zone_texts["backpack"].text == "Mochila"
        assert game_view.turn_text.text.startswith("Turno ")
        assert game_view.info_text.text.startswith("Partida ")
        help_view = game_view.open_help()
        assert help_view.topics[0].title == "1. Objetivo"
    finally:
        gallery.close(game_view)


def test_a_broken_catalogue_names_its_line_in_a_toast_and_the_game_starts_in_english(
        window, tmp_path, monkeypatch):
    """A pt_BR shell.po that cannot be read: the App still opens its menu, in English for
    that file's texts (the other files still translate), and a toast names the file and line."""
    import shutil

    from game.scenes.app import App
    from game.scenes.settings import Settings

    root = tmp_path / "locale"
    shutil.copytree(i18n.locale_root(), root)
    shell = root / PT / "LC_MESSAGES" / "shell.po"
    lines = shell.read_text(encoding="utf-8").splitlines()
    lines[12] = 'msgstr "broken'
    shell.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(i18n, "locale_root", lambda: root)

    app = App(window, settings=Settings(animation_speed="instant", sound_on=False,
                                        language=PT))
    menu = app.show_menu()
    step(window)
    assert i18n.language() == PT and i18n._("Fireball") == "Bola de Fogo"  # crawl.po reads
    assert menu.settings_button.text == "Settings"  # shell.po's texts: English
    assert menu.toast.visible and f"{shell}:13:" in menu.toast.message


def test_an_esc_line_made_at_import_is_worded_in_the_language_shown(window):
    """A screen's Esc line is a class attribute, made when its module is imported (in
    English, before any setting is read): the help words it in the language shown now."""
    from game.scenes.base import common_help, esc_clears

    assert i18n.language() == "en"
    line = esc_clears("put back the card you picked up (or drop the keyboard focus)")
    i18n.set_language(PT)
    assert common_help(line).lines[1] == (
        "Esc: devolve a carta que você pegou (ou tira o foco do teclado); senão, o menu de "
        "pausa (continuar, ajuda, configurações, salvar e sair, sair).")
    i18n.set_language("en")
    assert common_help(line).lines[1] == line  # English as made
