"""Kingdom in Português (Brasil) (issue 25, docs/i18n.md): the log's sentences with their
numbers and plurals, the rules' refusals in the player's words, the deck builder's painted
rows, popup, counter, search and Sort list, the era that shares its English name with a Card
Crawl card, and a whole CPU match watched through the screens with no English left."""

from __future__ import annotations

import pytest

from game import i18n
from game.scenes import gallery
from game.scenes.harness import move, step
from tests.scenes.test_player_text import seen  # noqa: F401  (a fixture)

PT = "pt_BR"


class Namer:
    """The log's namer as the screen gives it against one CPU: seat 0 is the person."""

    def seat(self, seat):
        return i18n._("You") if seat == 0 else i18n._("The CPU")

    def is_me(self, seat):
        return seat == 0

    def unit(self, uid):
        return i18n._("Hastatus")

    def card(self, card_id):
        return i18n._("Velite")

    def effect(self, effect_id):
        return i18n._("Champion")


def told(event):
    from game.scenes.event_log import tell
    from game.scenes.kingdom.log_words import SENTENCES

    return tell(SENTENCES, event, Namer())


def test_the_log_tells_each_sentence_in_portuguese_with_its_numbers(portuguese):
    attack = {"type": "attack", "seat": 0, "uid": "u1", "lane": 1, "atk": 4}
    assert told(attack) == "Você: Hastato atacou na pista 2 (4 de ataque)."
    assert told({**attack, "hits": [{"lethal": True}]}) == (
        "Você: Hastato atacou na pista 2 (4 de ataque, 1 abatido).")
    assert told({**attack, "hits": [{"lethal": True}, {"lethal": True}]}) == (
        "Você: Hastato atacou na pista 2 (4 de ataque, 2 abatidos).")
    damage = {"type": "nexus_damage", "amount": 3, "hp": 20}
    assert told({**damage, "seat": 0}) == "Seu Nexus sofreu 3 (restam 20 PV)."
    assert told({**damage, "seat": 1}) == "A CPU: o Nexus sofreu 3 (restam 20 PV)."
    assert told({"type": "phase_changed", "turn": 4, "phase": "planning"}) == (
        "Turno 4: planejamento.")
    assert told({"type": "unit_bought", "seat": 1, "card": "c", "cost": 2}) == (
        "A CPU comprou Vélite por 2.")
    assert told({"type": "upkeep", "seat": 0, "base": 2, "income": 1, "tax": 1,
                 "coins": 5}) == "Você: 3 de renda, 1 de imposto, 5 moedas."
    assert told({"type": "match_over", "result": {"winner": 1}}) == "A CPU venceu a partida."
    i18n.set_language("en")
    assert told({**damage, "seat": 1}) == "The CPU's Nexus took 3 (20 HP left)."
    assert told({**attack, "hits": [{"lethal": True}]}) == (
        "You: Hastatus attacked in lane 2 (4 attack, 1 slain).")


def test_the_rules_refusals_are_the_screens_msgids_and_show_in_portuguese(portuguese,
                                                                         content):
    """Every message of the rules has its msgid on the screen side, with the same English
    (a rules message changed without its msgid would show English in pt_BR)."""
    from game.scenes.kingdom import words
    from game.systems.kingdom.mode import MESSAGES

    assert words.RULES_MESSAGES == MESSAGES
    assert words.rules_message("slot_empty", MESSAGES["slot_empty"]) == (
        "Esse espaço está vazio.")
    assert words.rules_message("invalid_deck", "Invalid deck: unit 'x' is listed twice") == (
        "Invalid deck: unit 'x' is listed twice")  # not the rules' own sentence: as it is
    assert words.rejection("slot_occupied", MESSAGES["slot_occupied"], {"type": "move"},
                           content, None) == "Esse espaço está ocupado."
    assert words.rejection("slot_occupied", MESSAGES["slot_occupied"], {"type": "buy"},
                           content, None) == "Nenhum espaço vazio"


def test_the_era_powder_is_polvora_not_card_crawls_po(portuguese, content):
    from game.scenes.kingdom.words import era_name

    assert i18n._("Powder") == "Pó"  # Card Crawl's potion
    assert [era_name(content, e.level) for e in content.eras] == [
        "Tribal", "Agrária", "Coroada", "Imperial", "Pólvora"]
    i18n.set_language("en")
    assert era_name(content, 5) == "Powder"


def test_a_card_face_is_painted_once_per_language(portuguese, content):
    from game.scenes.kingdom.cards import card_texture

    pt = card_texture(content, "rome_hastatus", 90, 126)
    i18n.set_language("en")
    en = card_texture(content, "rome_hastatus", 90, 126)
    assert en is not pt and en.image.tobytes() != pt.image.tobytes()
    i18n.set_language(PT)
    assert card_texture(content, "rome_hastatus", 90, 126) is pt


def test_the_deck_builder_speaks_portuguese_and_fits_at_960x600(window, pt_app, content):
    """The units counter ("10 / 10 unidades") keeps to the units column (it ran into the
    faction column at 960x600); the hovered row's popup tells its effect in Portuguese; the
    search finds a unit by its Portuguese or English name; the Sort list's entries are
    Portuguese and still sort."""
    from game.scenes.kingdom.deck_builder import DeckBuilderView
    from game.scenes.kingdom.start import new_match
    from tests.scenes.test_text_extents import sized

    old = (window._width, window._height)
    view = DeckBuilderView(pt_app, new_match(5, {1: "easy"}), 0)
    try:
        sized(window, (960, 600))
        window.show_view(view)
        step(window, 2)
        view.select_faction("rome")
        step(window, 2)
        assert view.counter_text.text == "10 / 10 unidades"
        left = view.units_heading.x
        assert view.counter_text.left >= left, (view.counter_text.left, left)
        plate = view.row_of["rome_hastatus"][0]
        move(window, plate.center_x, plate.center_y)
        step(window)
        assert view.hover_row == "rome_hastatus"
        assert (view.popup_name.text, view.popup_text.text) == (
            "Guerreiro", "Corpo a corpo simples.")
        view.set_search("hastato")
        step(window)
        assert view.rows == ["rome_hastatus"]
        view.set_search("Hastatus")
        step(window)
        assert view.rows == ["rome_hastatus"]
        view.set_search("")
        view.sort_box.value = "Ordem: ATQ"
        step(window)
        assert view.sort == "ATK"
        assert view.missing() is None and view.start_btn.text == "Iniciar partida"
    finally:
        view.on_leave()
        sized(window, old)


@pytest.mark.slow
def test_a_whole_cpu_match_watched_in_portuguese_shows_no_english(window, pt_app, seen):  # noqa: F811
    """Every log line, banner, toast and caption of a CPU-vs-CPU match, through the
    screens to the end screen, is Portuguese where the catalogue has the text."""
    from game.scenes.kingdom import start
    from game.scenes.kingdom.match_view import MatchView
    from tests.scenes.test_translated_screens import english_left

    MatchView.cpu_sync = True
    try:
        first = start.view_for(pt_app, start.new_match(5, {0: "easy", 1: "easy"}))
        if window.current_view is not first:
            window.show_view(first)
        for _frame in range(20000):
            if type(window.current_view).__name__ == "EndView":
                break
            window.dispatch_event("on_update", 1 / 60)
        end = window.current_view
        assert type(end).__name__ == "EndView"
        told = set(end.event_log.lines)  # the whole match's log, as the panel shows it
        gallery.close(end)
    finally:
        MatchView.cpu_sync = False
    assert len(told) > 40
    assert any(t.startswith("Jogador 2: ") and " atacou na pista " in t for t in told)
    assert any(t.startswith("Fim do combate: Nexus ") for t in told)
    assert english_left(seen | told, ("shell", "kingdom")) == []


@pytest.mark.slow
def test_a_language_change_from_the_pause_menu_relabels_the_builder_and_the_match(window):
    """Settings opened from the pause menu of the deck builder, then of the match and the end
    screen: back on the screen, its fixed texts, bar, buttons and panels speak the new
    language (the screen lays itself out again, as for a UI scale)."""
    from game.scenes.app import App
    from game.scenes.settings import Settings

    app = App(window, settings=Settings(animation_speed="instant", sound_on=False))

    def switch(view, lang):
        pause = view.open_pause()
        step(window)
        pause.open_settings()
        step(window)
        window.current_view.controls["language"].select(lang)
        window.current_view.back()
        step(window, 2)
        pause.resume()
        step(window, 3)
        assert window.current_view is view

    screens = {s.name: s for s in gallery.screens(("kingdom",))}
    try:
        builder = screens["kingdom/deck_builder"].build(app)
        builder.prepare_sync = True
        window.show_view(builder)
        step(window, 2)
        assert builder.title_text.text == "Deck Builder"
        switch(builder, PT)
        assert builder.title_text.text == "Montar baralho"
        assert builder.units_heading.text == "UNIDADES"
        assert builder.clear_btn.text == "Limpar" and builder.sort_box.value == "Ordem: Era"
        assert builder.mode_toggle.buttons["continent"].text == "Continente"
        gallery.close(builder)

        match = screens["kingdom/planning"].build(app)
        match.prepare_sync = True
        window.show_view(match)
        step(window, 2)
        switch(match, "en")
        assert match.buttons["end"].text == "End Turn"
        assert match.panel_texts[match.me]["era"].text == "Level 1 · Tribal"
        switch(match, PT)
        assert match.buttons["end"].text == "Encerrar turno"
        assert match.panel_texts[match.me]["era"].text == "Nível 1 · Tribal"
        gallery.close(match)

        app.update_settings(language="en")
        end = screens["kingdom/over"].build(app)
        end.prepare_sync = True
        window.show_view(end)
        step(window, 2)
        assert end.end_buttons["rematch"].text == "Rematch"
        switch(end, PT)
        assert end.title_text.text in ("Vitória", "Derrota", "Empate")
        assert end.end_buttons["rematch"].text == "Revanche"
        assert end.line_texts[2].text.startswith("Turno ")
        gallery.close(end)
    finally:
        i18n.set_language("en")


KINGDOM_SCREENS = [s for s in gallery.screens(("kingdom",)) if s.mode == "kingdom"]


@pytest.mark.parametrize("screen", KINGDOM_SCREENS, ids=[s.name for s in KINGDOM_SCREENS])
@pytest.mark.slow
def test_every_portuguese_button_keeps_its_text_clear_of_its_edges(window, pt_app, screen):
    """tests/scenes/test_widget_layout.py's checks (inside the window, no overlap, 6 px each
    side of a button's text) with the Portuguese labels, at 960x600 and 1920x1080 ("Only
    selected" and "Upgrade → Settled (2)" were cramped in their first Portuguese words)."""
    from game.scenes.scale import view_size
    from tests.scenes.test_widget_layout import laid_out, problems, sized

    old = (window._width, window._height)
    found: list[str] = []
    sized(window, (960, 600))
    view = screen.build(pt_app)
    try:
        window.show_view(view)
        for size in ((960, 600), (1920, 1080)):
            sized(window, size)
            laid_out(window.current_view)
            found += [f"{size} {p}" for p in problems(window.current_view, view_size(window))]
    finally:
        window.hide_view()
        gallery.close(view)
        sized(window, old)
    assert not found, "\n".join(found)


def test_the_remote_player_is_named_in_portuguese(portuguese):
    """The network seat's label, in the deck builder's waiting line and the banner (it was
    "Player 2 (remote)" inside the Portuguese sentences)."""
    from game.net.remote import seat_label
    from game.scenes.kingdom import words

    assert words.waiting_to_build(seat_label(1)) == (
        "Baralho pronto. Esperando Jogador 2 (remoto) montar o dele…")
    assert words.planning(seat_label(0, remote=False)) == "Jogador 1 está planejando…"
