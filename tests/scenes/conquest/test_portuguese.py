"""CardConquest in Português (Brasil) (issue 25, docs/i18n.md): the screens the gallery does
not reach (the battles and results overlays, the hot-seat curtain) show no English, and the
log's sentences, the strip's lines, the rules' rejections and the painted card faces are
worded in pt_BR with their numbers and plurals."""

from __future__ import annotations

from types import SimpleNamespace

import arcade
import pytest

from game import i18n
from game.scenes.harness import key, step
from tests.scenes.conquest.conquest_scene_helpers import decisions_to
from tests.scenes.test_player_text import painted_words, seen  # noqa: F401  (fixtures)
from tests.scenes.test_text_extents import created  # noqa: F401  (a fixture)
from tests.scenes.test_translated_screens import english_left, walk


def hotseat_view(window, app, decisions):
    """A hot-seat match after `decisions`, past the curtain of the seat to act."""
    from game.engine.record import replay
    from game.scenes.conquest.overlays import CurtainView
    from game.scenes.conquest.start import view_for
    from tests.scenes.conquest.conquest_scene_helpers import record

    outcome = replay(record(decisions))
    assert outcome.ok, outcome.rejection
    view = view_for(app, outcome.match)
    window.show_view(view)
    step(window, 2)
    if isinstance(view, CurtainView):
        key(window, arcade.key.ENTER)
        step(window, 2)
    return window.current_view


@pytest.mark.slow
def test_the_battles_screen_and_the_curtain_speak_portuguese(window, pt_app, seen):  # noqa: F811
    from game.scenes.conquest.overlays import BattlesView, CurtainView

    view = hotseat_view(window, pt_app, decisions_to("reinforcements")[:-1])
    try:
        key(window, arcade.key.ENTER)  # seat 1 readies: the armies meet at L13
        step(window, 3)
        battles = window.current_view
        assert isinstance(battles, BattlesView)
        assert "Batalha 1: L13" in battles.panel_text()
        assert battles.bar_title.text == "Batalhas Detectadas"
        assert battles.next_btn.text == "Iniciar batalhas"
        walk(window, battles)
        battles.close()
        step(window, 3)
        curtain = window.current_view
        assert isinstance(curtain, CurtainView)
        assert curtain.heading.text == "Passe para o Jogador 1"
        assert curtain.button.text == "Sou o Jogador 1"
        walk(window, curtain)
    finally:
        view.session.close()
    assert english_left(seen, ("shell", "conquest")) == []


@pytest.mark.slow
def test_the_battle_results_speak_portuguese_with_their_counts(window, pt_app,
                                                               seen):  # noqa: F811
    from game.scenes.conquest.overlays import ResultsView

    view = hotseat_view(window, pt_app, decisions_to("retreat")[:-1])
    try:
        key(window, arcade.key.ENTER)  # seat 1 confirms its card: the battle is resolved
        step(window, 3)
        results = window.current_view
        assert isinstance(results, ResultsView)
        text = results.results_text()
        assert "Exército" in text and "Reforços" in text and "Total" in text
        assert "Poder 5 · ataque" in text
        lost = sum(len(c) for c in results.result["casualties"])
        assert lost > 0 and ("unidade destruída" in text or "unidades destruídas" in text)
        assert results.bar_title.text == "Resultado: Batalha #1"
        assert results.panel_text().startswith("Batalha #1 em L13")
        walk(window, results)
    finally:
        view.session.close()
    assert english_left(seen, ("shell", "conquest")) == []


def namer(humans=(0,)):
    from game.scenes.conquest.log_words import ConquestNamer
    from game.systems.conquest.content import load_content

    return ConquestNamer(SimpleNamespace(humans=list(humans), remote=None,
                                         content=load_content([])))


def test_the_log_tells_the_war_in_portuguese_with_numbers_and_plurals(portuguese):
    from game.scenes.conquest.log_words import SENTENCES
    from game.scenes.event_log import tell

    n = namer()
    one = {"type": "units_moved", "moves": [{"unit": "p0.t1", "from": "L06", "to": "L13"}]}
    three = {"type": "units_moved", "moves": [
        {"unit": f"p1.i{k}", "from": "L07", "to": "L13"} for k in (1, 2, 3)]}
    assert tell(SENTENCES, one, n) == "Você moveu 1 unidade."
    assert tell(SENTENCES, three, n) == "A CPU moveu 3 unidades."
    resolved = {"type": "battle_resolved",
                "result": {"tile": "L13", "winner": 1, "scores": [4, 9]}}
    assert tell(SENTENCES, resolved, n) == "A CPU venceu a batalha em L13 (9 a 4)."
    fell = {"type": "unit_destroyed", "unit": "p0.i2", "tile": "L13", "cause": "battle"}
    assert tell(SENTENCES, fell, n) == "Sua infantaria 2 caiu em L13."
    trapped = {"type": "unit_destroyed", "unit": "p1.t3", "tile": "L08", "cause": "trapped"}
    assert tell(SENTENCES, trapped, n) == "O tanque 3 da CPU ficou encurralado em L08."
    cards = {"type": "cards_revealed", "cards": ["power5", "power1"]}
    assert tell(SENTENCES, cards, n) == "Cartas jogadas: Poder 5 contra Poder 1."
    chosen = {"type": "commander_chosen", "seat": 0, "commander": "tank"}
    assert tell(SENTENCES, chosen, n) == "Você escolheu o Comandante de Tanques."
    won = {"type": "match_ended", "winner": 0, "reason": "base_captured"}
    assert tell(SENTENCES, won, n) == "Você venceu a guerra (base capturada)."
    hotseat = namer((0, 1))
    assert tell(SENTENCES, trapped, hotseat) == \
        "O tanque 3 do Jogador 2 ficou encurralado em L08."
    detected = {"type": "battles_detected", "battles": [{"tile": "L13"}, {"tile": "L07"}]}
    assert tell(SENTENCES, detected, n) == "Batalhas detectadas em L13, L07."


def test_the_strip_the_rejections_and_the_card_faces_in_portuguese(portuguese,
                                                                   painted_words):  # noqa: F811
    from game.scenes.conquest import look
    from game.systems.conquest.content import load_content

    one = {"type": "units_moved", "moves": [{"unit": "p0.t1", "from": "L06", "to": "L13"}]}
    assert look.event_words(one) == "1 unidade movida"
    assert look.event_words({**one, "moves": one["moves"] * 2}) == "2 unidades movidas"
    assert look.event_words({"type": "unit_destroyed", "unit": "p1.i4"}) == \
        "Jogador 2 perdeu: Infantaria 4"
    assert look.event_words({"type": "commander_chosen", "seat": 1, "commander": "tank"}) == \
        "Jogador 2 escolheu o comandante de tanques"
    assert look.reject_words("tile_full", "At most 5 of your units on one tile.") == \
        "No máximo 5 unidades suas num espaço."
    assert look.reject_words("water", "Units cannot enter water.") == \
        "Unidades não podem entrar na água."
    assert look.reject_words("a_mod_error", "A mod's own words.") == "A mod's own words."
    content = load_content([])
    portuguese_face = look.card_texture(content, "power5", 181)
    assert {"Poder 5", "Habilidade #1"} <= painted_words
    assert "Ataque 2" in painted_words and "Defesa 2" in painted_words
    i18n.set_language("en")
    assert look.card_texture(content, "power5", 181) is not portuguese_face  # cached per language
    assert "Power 5" in painted_words


SIZES = ((960, 600), (1920, 1080))


def bar_overlaps(view) -> list[str]:
    """The status bar's three texts where two of them share pixels (a hidden one does not)."""
    texts = [t for t in (view.bar_title, view.bar_mid, view.bar_right) if t.visible and t.text]
    spans = sorted((t.left, t.left + t.content_width, t.text) for t in texts)
    return [f"{a[2]!r} runs into {b[2]!r}" for a, b in zip(spans, spans[1:], strict=False)
            if a[1] > b[0]]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.slow
def test_the_overlays_keep_their_portuguese_inside_at_both_sizes(window, pt_app, size,
                                                                created):  # noqa: F811
    """The battles, results and curtain screens, laid out at 960x600 and 1920x1080 with the
    longer Portuguese texts: no text leaves its box or the window, and the status bar's round
    line never runs into the hot-seat's "Tela do Jogador 2 · Aguardando ..." (it did at
    960x600)."""
    from game.scenes.scale import view_size
    from tests.scenes.test_text_extents import outside_window, problems, sized

    old = (window._width, window._height)
    found: list[str] = []
    try:
        sized(window, size)
        for decisions in (decisions_to("reinforcements")[:-1], decisions_to("retreat")[:-1]):
            view = hotseat_view(window, pt_app, decisions)
            try:
                key(window, arcade.key.ENTER)
                step(window, 3)
                overlay = window.current_view
                found += problems(overlay) + outside_window(overlay, created, view_size(window))
                found += bar_overlaps(overlay)
                overlay.close()
                step(window, 3)
                after = window.current_view  # the curtain (hot-seat) or the retreat screen
                found += problems(after) + outside_window(after, created, view_size(window))
            finally:
                view.session.close()
    finally:
        sized(window, old)
    assert found == []


@pytest.mark.slow
def test_a_commander_s_portuguese_name_stays_inside_its_panel_at_960x600(window, pt_app):
    """"1. Comandante de Infantaria" at 20 pt ran past its panel's edges at 960x600: a title
    too wide for its panel is set smaller."""
    from game.scenes import gallery
    from tests.scenes.test_text_extents import shown

    screen = next(s for s in gallery.screens(("conquest",)) if s.name == "conquest/commander")
    with shown(window, pt_app, screen, (960, 600)) as view:
        titles = [t for t in view.labels if t.text[:2] in ("1.", "2.")]
        assert [t.text for t in titles] == ["1. Comandante de Infantaria",
                                            "2. Comandante de Tanques"]
        for title, rect in zip(titles, view.panels.values(), strict=True):
            assert rect.left < title.left and title.left + title.content_width < rect.right
