"""No internal id ever reaches a player (issue 14, item 4).

Every string that any `arcade.Text` is given while a test runs is recorded (labels, buttons,
tooltips, help lines, log lines, banners: arcade.gui draws its labels with `arcade.Text` too, and
baked texts are laid out as `arcade.Text` first). Then the texts are checked against the ids of
the mode's content, taken from its resource files: any snake_case, camelCase or letters+digits
value or table key (`overkillHeal`, `ember_vine`, `power5`, `projectile_fire`) that is not also
a display name must never appear as a word, and neither may `null`, `None` or a dict's brace
(what `(null/null)` and an f-string of a raw value look like).

Three sources: every screen of `game.scenes.gallery` (shown, its help opened, the mouse moved
over a grid of points so every tooltip shows), a whole CPU-vs-CPU match of each game watched
through its screens to the end (every log line and banner), and every card's tooltip.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import arcade
import pytest

from game.scenes import gallery
from game.scenes.harness import hover_grid, key, step
from game.scenes.widgets import HelpOverlay

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
MODES = ("strike", "conquest", "kingdom", "crawl")
ID_SHAPES = (re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+"),  # snake_case
             re.compile(r"[a-z]+[A-Z][A-Za-z0-9]*"),  # camelCase
             re.compile(r"[a-z]+[0-9]+"))  # letters and digits
LEAKS = re.compile(r"\bnull\b|\bNone\b|\{'|'\}|\{\"")
NAME_KEYS = {"name", "label", "title", "archetype", "text", "description"}


def _walk(value: Any, key_name: str | None, ids: set[str], names: set[str]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if any(shape.fullmatch(k) for shape in ID_SHAPES):
                ids.add(k)
            _walk(v, k, ids, names)
    elif isinstance(value, list):
        for v in value:
            _walk(v, key_name, ids, names)
    elif isinstance(value, str):
        if key_name in NAME_KEYS:
            names.add(value)
        elif any(shape.fullmatch(value) for shape in ID_SHAPES):
            ids.add(value)


def internal_ids(mode: str) -> set[str]:
    """The id-shaped values and keys of a mode's resource files that are not display names."""
    ids: set[str] = set()
    names: set[str] = set()
    for path in sorted((RESOURCES / mode).rglob("*.toml")):
        _walk(tomllib.loads(path.read_text(encoding="utf-8")), None, ids, names)
    return ids - names


ALL_IDS = {mode: internal_ids(mode) for mode in MODES}
ID_PATTERNS = {mode: re.compile(r"(?<![A-Za-z0-9_.])(" + "|".join(
    re.escape(i) for i in sorted(ids, key=len, reverse=True)) + r")(?![A-Za-z0-9_])")
    for mode, ids in ALL_IDS.items()}


def test_the_id_catalogue_knows_the_ids_players_saw():
    """The two the issue quotes, and a card id of every game."""
    assert "overkillHeal" in ALL_IDS["kingdom"] and "aztec_macehualli" in ALL_IDS["kingdom"]
    assert "ember_vine" in ALL_IDS["strike"] and "projectile_fire" in ALL_IDS["strike"]
    assert "power5" in ALL_IDS["conquest"] and "inf0" in ALL_IDS["conquest"]
    assert "shield_bash" in ALL_IDS["crawl"] or "can_revive" in ALL_IDS["crawl"]
    assert LEAKS.search("Aura Booster (null/null)") and not LEAKS.search("Null")


def problems(texts: set[str], modes: tuple[str, ...]) -> list[str]:
    out = []
    for text in sorted(texts):
        if LEAKS.search(text):
            out.append(f"raw value in {text!r}")
        for mode in modes:
            found = ID_PATTERNS[mode].search(text)
            if found:
                out.append(f"{mode} id {found.group(1)!r} in {text!r}")
    return out


@pytest.fixture
def seen(monkeypatch) -> set[str]:
    """Every string given to any arcade.Text from now on."""
    texts: set[str] = set()
    init = arcade.Text.__init__

    def recording_init(self, text: Any = "", *args: Any, **kwargs: Any) -> None:
        texts.add(str(text))
        init(self, text, *args, **kwargs)

    monkeypatch.setattr(arcade.Text, "__init__", recording_init)
    for name in ("text", "value"):
        prop = getattr(arcade.Text, name)

        def setter(self: Any, value: Any, _prop: property = prop) -> None:
            texts.add(str(value))
            _prop.fset(self, value)

        monkeypatch.setattr(arcade.Text, name, property(prop.fget, setter))
    return texts


@pytest.fixture
def app(window):
    from game.scenes.app import App
    from game.scenes.settings import Settings

    return App(window, settings=Settings(animation_speed="instant", sound_on=False))


SCREENS = list(gallery.screens())


@pytest.mark.parametrize("screen", SCREENS, ids=[s.name for s in SCREENS])
@pytest.mark.slow
def test_no_internal_id_on_a_screen_its_help_or_its_tooltips(window, app, seen, screen):
    view = screen.build(app)
    try:
        window.show_view(view)
        step(window, 2)
        hover_grid(window, 36)
        if window.current_view is view and screen.mode != "shell":
            key(window, arcade.key.H)
            assert isinstance(window.current_view, HelpOverlay)
            step(window)
            key(window, arcade.key.H)
    finally:
        gallery.close(view)
    modes = MODES if screen.mode == "shell" else (screen.mode,)
    assert len(seen) > 10
    assert problems(seen, modes) == []


def _watch(window, done, limit: int = 20000) -> None:
    """Run updates (no drawing: texts are set in updates) until `done()`."""
    for _ in range(limit):
        if done():
            return
        window.dispatch_event("on_update", 1 / 60)
    raise AssertionError("the match did not reach its end screen")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.slow
def test_no_internal_id_in_a_whole_match_watched_to_its_end(window, app, seen, mode):
    """Every log line, banner and caption of one CPU-vs-CPU match, through the screens."""
    cpu = {seat: "easy" for seat in range(1 if mode == "crawl" else 2)}
    if mode == "strike":
        from game.scenes.strike.start import replay_view

        record = gallery.play_cpu_match(gallery.get_mode("strike"), 5, cpu).record
        window.show_view(replay_view(app, record))
        _watch(window, lambda: type(window.current_view).__name__ == "ResultView")
    elif mode == "conquest":
        from game.scenes.conquest.start import new_match, view_for

        # seed 24: one of the shortest easy-vs-easy matches of seeds 1-40 (255 decisions)
        window.show_view(view_for(app, new_match(24, cpu, "commanders"), sync=True))
        _watch(window, lambda: type(window.current_view).__name__ == "GameOverView")
    elif mode == "kingdom":
        from game.scenes.kingdom import start
        from game.scenes.kingdom.match_view import MatchView

        MatchView.cpu_sync = True
        first = start.view_for(app, start.new_match(5, cpu))
        if window.current_view is not first:
            window.show_view(first)
        _watch(window, lambda: type(window.current_view).__name__ == "EndView")
    else:
        from game.ai.crawl import make_cpu
        from game.engine.rng import ai_stream
        from game.scenes.crawl.play import PlayView
        from game.scenes.crawl.start import new_match

        PlayView.hint_sync = True
        view = PlayView(app, new_match("normal", 21))
        window.show_view(view)
        player = make_cpu("normal", 0, ai_stream(999, 0), view.match.resources)
        while view.state.get("result") is None:
            assert view.submit(player.decide(view.match.view_json(0)))
            window.dispatch_event("on_update", 1 / 60)
        _watch(window, lambda: type(window.current_view).__name__ == "EndView")
    gallery.close(window.current_view)
    assert len(seen) > 40
    assert problems(seen, (mode,)) == []


def test_no_internal_id_in_any_card_tooltip():
    """Every card of strike and kingdom as its tooltip reads, on the table and in hand."""
    from game.scenes.kingdom import words  # noqa: F401  (the kingdom texts' module loads)
    from game.scenes.strike import look
    from game.systems.kingdom.content import load_content as kingdom_content
    from game.systems.strike.content import load_content as strike_content

    strike = strike_content([])
    texts = set()
    for card in strike.cards.values():
        texts.add(look.card_tooltip(card))
        unit = {"hp": card.hp, "max_hp": card.hp, "statuses": {}, "cooldowns": [1, 2, 3]}
        texts.add(look.card_tooltip(card, unit))
    kingdom = kingdom_content([])
    for card in kingdom.cards.values():
        effect = kingdom.effects[card.effect]
        texts.add(f"{card.name} — {kingdom.era(card.era).name}, cost {card.cost}\n"
                  f"{effect.archetype}: {effect.text}")
    assert len(texts) > 60
    assert problems(texts, ("strike", "kingdom")) == []


@pytest.fixture
def painted_words(monkeypatch) -> set[str]:
    """Every string the card painters write with PIL from now on (card faces, deck rows)."""
    from PIL import ImageDraw

    texts: set[str] = set()
    text = ImageDraw.ImageDraw.text

    def recording_text(self, xy: Any, string: Any, *args: Any, **kwargs: Any) -> Any:
        texts.add(str(string))
        return text(self, xy, string, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording_text)
    return texts


@pytest.mark.slow
def test_no_internal_id_painted_on_any_card(window, painted_words):
    """Every face of every card of strike, conquest and kingdom, and every row of kingdom's
    deck builder, painted afresh (no cache): what PIL writes on them has no id either."""
    from game.scenes.conquest import look as conquest_look
    from game.scenes.kingdom import cards as kingdom_cards
    from game.scenes.kingdom import deck_builder
    from game.scenes.strike import look as strike_look
    from game.systems.conquest.content import load_content as conquest_content
    from game.systems.kingdom.content import load_content as kingdom_content
    from game.systems.strike.content import load_content as strike_content

    strike = strike_content([])
    colours = strike_look.colour_items(strike)
    for card in strike.cards.values():
        strike_look._card_texture.__wrapped__(card, colours, 150, 210, "en")
        strike_look._mini_card_texture.__wrapped__(card, colours, 64, 90, "en")
    conquest = conquest_content([])
    for card_id in conquest.cards:
        conquest_look.card_texture(conquest, card_id, 180)  # a size no screen caches
    kingdom = kingdom_content([])
    kingdom_cards._cache.clear()
    for card in kingdom.cards.values():
        kingdom_cards.card_texture(kingdom, card.id, 130, 182)
        deck_builder.row_texture.__wrapped__(
            0, card, card.name, kingdom.factions[card.faction].name, kingdom.era(card.era).color,
            kingdom.effects[card.effect].archetype, 720, 34, True)
    kingdom_cards._cache.clear()
    assert len(painted_words) > 100
    assert "Berserker" in painted_words  # the archetype, the display name of overkillHeal
    assert problems(painted_words, ("strike", "conquest", "kingdom")) == []
