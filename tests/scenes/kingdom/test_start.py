"""Kingdom's entry points: a new match opens the deck builder (spectate skips it), a saved
record resumes at its phase, the CPU's deck follows 4.2.4, `tabula shot` of a deck_builder
record, the mode's registration, and the help topics."""

from __future__ import annotations

import arcade
import pytest

from game.engine.modes import ModeLaunch, get_mode
from game.engine.record import match_record, new_record
from game.engine.rng import Stream
from game.scenes.harness import step
from game.scenes.kingdom import start
from game.scenes.kingdom.deck_builder import DeckBuilderView
from game.systems.kingdom.pools import deck_problem


def _human_deck(seat: int = 0) -> dict:
    return {"type": "build_deck", "seat": seat, "mode": "country", "faction": "rome",
            "hero": "rome_julius_caesar", "units": ["common_mercenary", "rome_hastatus"]}


def test_new_match_opens_the_deck_builder(window, kingdom_app):
    view = start.open_kingdom(kingdom_app, ModeLaunch(mode="kingdom", seed=9, cpu={1: "easy"}))
    try:
        assert isinstance(view, DeckBuilderView) and view.seat == 0
        assert view.match.options == {"ai": {"1": "easy"}}
        assert view.match.phase == "deck_builder" and view.match.seed == 9
    finally:
        view.on_leave()


def test_default_seating_and_level_aliases(window, kingdom_app):
    view = start.open_kingdom(kingdom_app, ModeLaunch(mode="kingdom", seed=3))
    try:
        assert view.match.options == {"ai": {"1": get_mode("kingdom").default_level}}
    finally:
        view.on_leave()
    match = start.new_match(4, {1: "normal"})
    assert match.options == {"ai": {"1": "hard"}}
    match.close()


def test_spectate_skips_the_builder(window, kingdom_app, no_match_view):
    launch = ModeLaunch(mode="kingdom", seed=12, cpu={0: "easy", 1: "hard"})
    view = start.open_kingdom(kingdom_app, launch)
    match = view.match
    assert no_match_view.opened == [(match, True)]
    assert match.options == {"ai": {"0": "easy", "1": "hard"}}
    assert match.phase == "planning"
    assert [d["seat"] for d in match.decisions] == [0, 1]


def test_a_saved_record_resumes_at_its_phase(window, kingdom_app, no_match_view):
    record = new_record("kingdom", "1", 8, {"ai": {"1": "easy"}})
    view = start.open_kingdom(kingdom_app, ModeLaunch(mode="kingdom", record=record))
    assert isinstance(view, DeckBuilderView)
    view.on_leave()
    record["decisions"] = [_human_deck()]
    view = start.open_kingdom(kingdom_app, ModeLaunch(mode="kingdom", record=record))
    # the human had built: the CPU builds now and the match view opens
    assert not isinstance(view, DeckBuilderView)
    assert view.match.phase == "planning"
    assert view.match.decisions[0] == _human_deck()


def test_cpu_deck_follows_the_rule(window, content):
    match = start.new_match(31, {1: "easy"})
    try:
        decision = start.cpu_deck_decision(match, 1)
        assert decision["seat"] == 1 and decision["mode"] == "country"
        assert deck_problem(content, "country", decision["faction"], decision["hero"],
                            decision["units"]) is None
        assert 1 in match.extra[start.AI_STREAMS]
    finally:
        match.close()
    fallback = start.fallback_cpu_deck(content, 1, Stream(31, "ai.1"))
    assert deck_problem(content, "country", fallback["faction"], fallback["hero"],
                        fallback["units"]) is None


@pytest.mark.slow
def test_begin_match_refuses_a_bad_deck(window, kingdom_app, builder, no_match_view):
    view = builder()
    bad = dict(_human_deck(), units=[])
    assert start.begin_match(kingdom_app, view.match, bad) is None
    assert view.match.phase == "deck_builder" and window.current_view is view
    assert view.toast.visible


def test_open_deck_builder_for_new_deck(window, kingdom_app):
    view = start.open_deck_builder(kingdom_app, ModeLaunch(mode="kingdom", cpu={1: "hard"}))
    try:
        assert isinstance(view, DeckBuilderView) and window.current_view is view
        assert view.match.options == {"ai": {"1": "hard"}}
    finally:
        view.on_leave()


def test_shot_view_of_a_deck_builder_record(window, kingdom_app, tmp_path):
    from game.scenes.shot import shoot_record

    record = new_record("kingdom", "1", 5, {"ai": {"1": "hard"}})
    view = start.shot_view(kingdom_app, record)
    assert isinstance(view, DeckBuilderView)
    assert view.faction is None and view.units == [] and view.hero is None
    view.on_leave()
    spec = get_mode("kingdom")
    assert spec.shot_entry == "game.scenes.kingdom.start:shot_view"
    assert spec.scene_entry == "game.scenes.kingdom.start:open_kingdom"
    out = shoot_record(record, tmp_path / "builder.png", app=kingdom_app)
    assert out.is_file() and out.stat().st_size > 10_000
    window.current_view.on_leave()


def test_save_in_the_builder_is_its_record(window, builder):
    view = builder(seed=17)
    step(window)
    record = view.current_record()
    assert record == match_record(view.match)
    assert record["decisions"] == [] and record["options"] == {"ai": {"1": "easy"}}


def test_help_topics_cover_every_effect(content):
    from game.scenes.kingdom.help import help_topics

    topics = {t.title: t for t in help_topics(content, "deck_builder")}
    assert list(topics) == ["Rules of this match", "Goal", "Turn flow", "Economy", "Shop",
                            "Combat", "Effects", "Controls", "Learn to play"]
    effects = topics["Effects"].lines
    assert len(effects) == len(content.effects)
    for key, effect in content.effects.items():
        assert f"{effect.archetype}: {effect.text}" in effects
        if not (key.isalpha() and key.islower()):  # an id such as overkillHeal stays hidden
            assert not any(key in line for line in effects)
    assert any("Ctrl+F" in line for line in topics["Controls"].lines)
    match_controls = {t.title: t for t in help_topics(content, "match")}["Controls"].lines
    assert any("End Turn" in line for line in match_controls)


def test_the_app_starts_kingdom_and_a_save_resumes_in_the_builder(window, kingdom_app):
    from game.scenes.pause import PauseView

    view = kingdom_app.start_mode(ModeLaunch(mode="kingdom", seed=44, cpu={1: "hard"}))
    assert isinstance(view, DeckBuilderView) and window.current_view is view
    step(window, 2)
    window.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    pause = window.current_view
    assert isinstance(pause, PauseView)
    pause.save_and_quit()
    assert kingdom_app.has_save("kingdom") and not view.owns_match  # left: match closed
    resumed = kingdom_app.continue_mode("kingdom")
    try:
        assert isinstance(resumed, DeckBuilderView)
        assert resumed.match.seed == 44 and resumed.match.options == {"ai": {"1": "hard"}}
        assert resumed.faction is None
    finally:
        resumed.on_leave()
