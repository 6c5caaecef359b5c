"""Kingdom end screen (spec kingdom.md 8.4) and spectating (8.6): banner, reason, final HPs,
turn, factions and heroes; Rematch (same decks, new seed), New Deck, Save Replay, Menu; a CPU
vs CPU match runs to its end by itself."""

from __future__ import annotations

import json
from typing import Any

import arcade
import pytest

from game.engine.modes import get_mode
from game.scenes.harness import click, key, screenshot, step
from tests.scenes.kingdom import test_match_view as _shared

# the match view's fixtures, shared (a conftest is not ours to change)
kapp, kingdom, sounds = _shared.kapp, _shared.kingdom, _shared.sounds
save_shot = _shared.save_shot


def play_to_end(window, view, limit: int = 3000) -> Any:
    from game.scenes.kingdom.end import EndView

    for _ in range(limit):
        if isinstance(window.current_view, EndView):
            break
        step(window, 1)
    end = window.current_view
    assert isinstance(end, EndView), type(end)
    step(window, 2)
    return end


def finisher(window, kingdom, sounds_: list[str] | None = None) -> Any:
    from game.scenes.kingdom import samples

    view = kingdom(samples.setup("FINISHER"), ai={"1": "easy"})
    key(window, arcade.key.ENTER)
    return play_to_end(window, view)


@pytest.mark.slow
def test_victory_texts_and_buttons(window, kingdom, sounds):
    end = finisher(window, kingdom)
    save_shot(screenshot(window), "end_victory")
    assert end.title_text.text == "Victory"
    lines = [t.text for t in end.line_texts]
    assert lines[0] == "Enemy Nexus destroyed"
    final = end.final["board"]["seats"]
    assert lines[1] == (f"Rome: {final[0]['hp']} / 30 HP   China: {final[1]['hp']} / 25 HP")
    assert final[1]["hp"] <= 0
    assert lines[2] == "Turn 12"
    assert lines[3] == "You: Rome — hero Scipio Africanus"
    assert lines[4].startswith("CPU: China — hero Sun Tzu")
    assert [b.text for b in end.end_buttons.values()] == ["Rematch", "New Deck",
                                                          "Save Replay", "Menu"]
    assert ":resources:sounds/gameover1.wav" in sounds
    assert end.current_record() is None  # nothing to resume


def test_rematch_same_decks_new_seed(window, kingdom):
    from game.scenes.kingdom.match_view import MatchView

    end = finisher(window, kingdom)
    old = end.final
    click(window, *end.end_buttons["rematch"].rect.center)
    step(window, 2)
    view = window.current_view
    assert isinstance(view, MatchView) and not view.ended
    new = view.match.state_json()
    assert view.match.seed != end.record["seed"]
    # a new match plays the mode's current rules (issue 27: the rematch played "1")
    assert new["rules"] == get_mode("kingdom").rules_version
    assert new["phase"] == "planning" and new["turn"] == 1 and new["result"] is None
    for seat in (0, 1):
        a, b = old["board"]["seats"][seat], new["board"]["seats"][seat]
        assert (a["faction"], a["deck"], a["hero"]["card"]) == \
            (b["faction"], b["deck"], b["hero"]["card"])
    assert view.match.options == end.record["options"]


def test_rematch_of_a_deck_builder_match_uses_build_deck(window, kingdom):
    from game.engine.record import build_match, new_record
    from game.scenes.kingdom.end import rematch_match

    match = build_match(new_record("kingdom", "1", 3, {"ai": {"1": "easy"}}))
    units = ["rome_hastatus", "rome_velite"]
    for seat in (0, 1):
        assert match.submit({"seat": seat, "type": "build_deck", "mode": "country",
                             "faction": "rome", "hero": "rome_scipio_africanus",
                             "units": units}).ok
    final = match.state_json()
    record = {"options": {"ai": {"1": "easy"}}}
    again = rematch_match(record, final, 99, "1")
    try:
        assert again.seed == 99 and again.setup is None and again.rules.rules_version == "1"
        assert [d["type"] for d in again.decisions] == ["build_deck", "build_deck"]
        assert again.state_json()["board"]["seats"][0]["deck"] == units
    finally:
        again.close()
        match.close()


@pytest.mark.slow
def test_save_replay_and_menu(window, kingdom, tabula_home):
    from game.scenes.menu import MainMenuView

    end = finisher(window, kingdom)
    click(window, *end.end_buttons["save_replay"].rect.center)
    path = end.saved_replay
    assert path is not None and path.is_file()
    data = json.loads(path.read_text())
    assert data["mode"] == "kingdom" and data["decisions"] == end.record["decisions"]
    assert end.toast.message.startswith("Replay saved")
    click(window, *end.end_buttons["menu"].rect.center)
    assert isinstance(window.current_view, MainMenuView)


def test_new_deck_opens_the_deck_builder(window, kingdom):
    end = finisher(window, kingdom)
    click(window, *end.end_buttons["new_deck"].rect.center)
    step(window, 1)
    view = window.current_view
    assert type(view).__name__ == "DeckBuilderView"
    if getattr(view, "owns_match", False):
        view.match.close()


def test_defeat_and_draw_words():
    from game.scenes.kingdom import words

    factions = ["Rome", "China"]
    assert words.end_banner({"winner": 1, "reason": "nexus_destroyed"}, 0, factions) == "Defeat"
    assert words.end_banner({"winner": None, "reason": "round_cap"}, 0, factions) == "Draw"
    assert words.end_banner({"winner": 1, "reason": "round_cap"}, None, factions) == \
        "China wins"
    assert words.end_banner({"winner": None, "reason": "both_destroyed"}, None,
                            factions) == "Draw"
    assert words.end_reason({"winner": 0, "reason": "both_destroyed"}, 0) == \
        "Both Nexus fell — the higher HP wins"
    assert words.end_reason({"winner": 0, "reason": "round_cap"}, None) == "Turn limit reached"
    assert words.end_reason({"winner": 0, "reason": "nexus_destroyed"}, None) == \
        "Enemy Nexus destroyed"


@pytest.mark.slow
def test_spectate_runs_to_the_end_in_instant_mode(window, kingdom):
    from game.scenes.kingdom import samples

    view = kingdom(samples.setup("FINISHER"), ai={"0": "easy", "1": "easy"})
    assert view.spectating and set(view.buttons) == {"pause"}
    # both shops as card backs, no shop buttons
    assert ("offer", 0, 0) not in view.sprites and ("back", 0, 0) in view.sprites
    assert ("back", 1, 0) in view.sprites
    end = play_to_end(window, view)
    save_shot(screenshot(window), "end_spectate")
    result = end.final["result"]
    factions = {0: "Rome", 1: "China"}
    expected = "Draw" if result["winner"] is None else f"{factions[result['winner']]} wins"
    assert end.title_text.text == expected


@pytest.mark.slow
def test_spectate_pause_and_speed(window, kingdom, kapp):
    from game.scenes.kingdom import samples

    view = kingdom(samples.setup(), ai={"0": "easy", "1": "easy"}, speed="normal")
    save_shot(screenshot(window), "match_spectate")
    click(window, *view.buttons["pause"].rect.center)
    assert view.paused and view.banner_text.text == "Paused"
    decisions = len(view.match.decisions)
    step(window, 120)
    assert len(view.match.decisions) == decisions  # nothing moves while paused
    click(window, *view.buttons["pause"].rect.center)
    assert not view.paused
    click(window, *view.speed.buttons["fast"].rect.center)
    assert kapp.settings.animation_speed == "fast"
    step(window, 120)
    assert len(view.match.decisions) > decisions


def test_the_end_keeps_the_save_of_another_match(window, kingdom, kapp):
    """The end screen of a live match used to delete whatever the kingdom slot held."""
    from game import paths
    from game.scenes.kingdom import samples

    other = samples.record(samples.setup(), ai={"0": "easy", "1": "easy"}, seed=4242)
    kapp.save_match(other)
    before = (paths.saves_dir() / "kingdom.json").read_bytes()
    finisher(window, kingdom)
    assert (paths.saves_dir() / "kingdom.json").read_bytes() == before


def framebuffer(window) -> bytes:
    """The real framebuffer's RGB pixels, read before the flip."""
    size = window.get_framebuffer_size()
    return window.ctx.screen.read(viewport=(0, 0, *size), components=3)


@pytest.mark.slow
@pytest.mark.parametrize("scale", [1.0, 1.2], ids=["1x", "1.2x"])
def test_the_end_screen_paints_its_backdrop_once_and_copies_it(window, kingdom, scale):
    """The frozen boards and the result panel are painted into the backdrop once; hovering the
    buttons copies that picture (the same pixels as painting it, at 1x and at a UI scale), a
    resize paints it again."""
    from game.scenes.harness import move
    from game.scenes.screen import clear_color

    window.set_ui_scale(scale)
    try:
        end = finisher(window, kingdom)
        painted = end.backdrop.paints
        button = end.end_buttons["menu"].rect
        for x in (button.left - 40, button.center_x, button.right + 40):
            move(window, x, button.center_y)
            step(window, 1)
        assert end.backdrop.paints == painted  # hovering repaints nothing under the buttons
        window.dispatch_event("on_update", 1 / 60)
        window.dispatch_event("on_draw")
        copied = framebuffer(window)
        window.flip()
        end.ui.prepare()
        clear_color(window, end.background_color)
        end.paint_backdrop()  # the layers drawn directly, as before the backdrop
        end.ui.draw()
        direct = framebuffer(window)
        window.flip()
        assert len(copied) == len(direct) > 0
        # the same picture: at most a few glyph-edge pixels round differently
        differing = sum(1 for i in range(0, len(copied), 3) if copied[i:i + 3] != direct[i:i + 3])
        assert differing <= 40, differing
        end.relayout()
        step(window, 1)
        assert end.backdrop.paints == painted + 1  # a layout makes a new panel: painted again
    finally:
        window.set_ui_scale(1.0)
