"""Kingdom combat playback (spec kingdom.md 8.3): one event per beat at 1x, each event type
animated on the board, Space skips to the end state, instant mode shows the final state, then
upkeep toasts and the next planning turn."""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.scenes.harness import key, screenshot, step
from tests.scenes.kingdom import test_match_view as _shared

# the match view's fixtures, shared (a conftest is not ours to change)
kapp, kingdom, sounds = _shared.kapp, _shared.kingdom, _shared.sounds
save_shot = _shared.save_shot

# A combat with every kind of event: heal (priest), aura (captain), melee, ranged, aoe, a
# guardian save, deaths, cleave and overkillHeal triggers, Nexus damage and heal.
ALL_EVENTS: dict[str, Any] = {
    "phase": "planning", "turn": 3, "to_act": [1],
    "board": {"seats": [
        {"faction": "rome", "level": 3, "hp": 30, "coins": 0,
         "hero": {"card": "rome_scipio_africanus", "status": "deployed"},
         "slots": [{"card": "common_berserker"}, {"card": "common_captain"},
                   {"card": "rome_scipio_africanus"}, {"card": "rome_velite"},
                   {"card": "rome_greek_fire_dromon"}, {"card": "common_priest"},
                   {"card": "common_champion"}],
         "shop": ["rome_velite"]},
        {"faction": "china", "level": 3, "hp": 35, "coins": 0,
         "hero": {"card": "china_sun_tzu", "status": "in_hand"},
         "slots": [{"card": "china_dao_militia"}, {"card": "common_shielder"},
                   {"card": "china_dao_militia"}, {"card": "china_crossbowman"},
                   {"card": "china_dao_militia"}, None, None],
         "shop": ["china_dao_militia"]},
    ]},
}


def cpu_ends_turn(view: Any) -> list[dict[str, Any]]:
    """Submit seat 1's end_turn for the view (the combat's events are queued) and return them."""
    assert view.submit({"seat": 1, "type": "end_turn"}, by_cpu=True)
    return list(view.events)


@pytest.mark.slow
def test_log_has_every_event_kind(window, kingdom):
    view = kingdom(ALL_EVENTS, ai={"1": "easy"}, speed="normal")
    events = cpu_ends_turn(view)
    kinds = {e["type"] for e in events}
    assert {"heal", "aura", "attack", "guardian", "death", "trigger", "nexus_damage",
            "combat_end", "upkeep", "shop_topped_up", "phase_changed"} <= kinds
    styles = {e["style"] for e in events if e["type"] == "attack"}
    assert styles == {"melee", "ranged", "aoe"}


@pytest.mark.slow
def test_playback_plays_one_event_per_beat_and_reaches_the_live_state(window, kingdom,
                                                                        sounds):
    view = kingdom(ALL_EVENTS, ai={"1": "easy"}, speed="normal")
    view.think_min = 99.0  # the CPU of the next turn waits: we look at this combat only
    events = cpu_ends_turn(view)
    combat = [e for e in events if e["type"] in ("heal", "aura", "attack", "guardian", "death",
                                                 "trigger", "nexus_damage", "nexus_heal")]
    shots: dict[str, bool] = {}
    frames = 0
    seen_effective = False
    while view.animating and frames < 3000:
        step(window, 1)
        frames += 1
        seen_effective = seen_effective or bool(view.effective)
        if view.playback.active and view.lane_focus == 2 and "lane" not in shots:
            shots["lane"] = True
            save_shot(screenshot(window), "combat_playback_lane2")
    # about one beat (0.35 s at 1x) per event: not instant, not much slower
    assert frames >= len(combat) * 0.35 * 60 * 0.6
    assert frames <= len(events) * 0.35 * 60 * 2.5
    assert seen_effective  # aura: effective stats for the rest of the playback
    assert view.effective == {}  # and gone with the next planning turn
    assert view.shown == view.live_state()
    assert view.match.turn == 4 and view.turn_text.text == "Turn 4"
    for name in ("hit3", "laser1", "explosion1", "hurt2", "secret2", "upgrade1"):
        assert any(name in s for s in sounds), name
    # upkeep toast for the player
    assert view.toast.message.startswith("+3 income")


@pytest.mark.slow
def test_space_skips_to_the_end_state(window, kingdom):
    view = kingdom(ALL_EVENTS, ai={"1": "easy"}, speed="normal")
    view.think_min = 99.0
    cpu_ends_turn(view)
    step(window, 20)
    assert view.playback.active and view.events
    key(window, arcade.key.SPACE)
    assert not view.events
    step(window, 2)
    assert view.shown == view.live_state()
    live = view.match.state_json()["board"]["seats"]
    assert view.bars[0]["fill"].width == view.bar_rect(0).width * live[0]["hp"] / \
        live[0]["max_hp"]
    # every unit sprite stands at its slot, the dead are gone
    for seat in (0, 1):
        uids = {u["uid"] for u in live[seat]["slots"] if u}
        for i, unit in enumerate(live[seat]["slots"]):
            if unit:
                assert view.sprites[("unit", unit["uid"])].position == view.slot_pos(seat, i)
        assert uids <= {k[1] for k in view.sprites if k[0] == "unit"}
    assert not view.fx or all(s.alpha == 0 for s in view.fx)


def test_instant_mode_shows_the_final_state(window, kingdom):
    view = kingdom(ALL_EVENTS, ai={"1": "easy"}, speed="instant")  # the CPU ends its turn
    step(window, 5)
    assert view.match.decisions[0]["seat"] == 1
    assert not view.animating
    assert view.shown == view.live_state()
    assert view.match.turn == 4


def test_death_of_a_hero_marks_it_fallen(window, kingdom):
    setup = {
        "phase": "planning", "turn": 5, "to_act": [1],
        "board": {"seats": [
            {"faction": "rome", "hp": 20, "hero": {"card": "rome_scipio_africanus",
                                                   "status": "in_hand"},
             "slots": [{"card": "common_champion"}, None, None, None, None], "shop": []},
            {"faction": "china", "level": 2, "hp": 20,
             "hero": {"card": "china_sun_tzu", "status": "deployed"},
             "slots": [{"card": "china_sun_tzu"}, None, None, None, None, None], "shop": []},
        ]}}
    view = kingdom(setup, ai={"1": "easy"}, speed="instant")  # the CPU ends its turn
    step(window, 5)
    assert view.match.turn == 6
    assert view.seat(1)["hero"]["status"] == "dead"
    assert view.panel_texts[1]["fallen"].visible


def test_guardian_and_death_animate_on_ghosts(window, kingdom):
    view = kingdom(ALL_EVENTS, ai={"1": "easy"}, speed="normal")
    view.think_min = 99.0
    events = cpu_ends_turn(view)
    guardian = next(e for e in events if e["type"] == "guardian")
    for _ in range(2000):
        step(window, 1)
        if ("unit", guardian["guardian"]) not in view.sprites:
            break
    # the guardian left the board and slides/fades among the effects
    assert view.seat(guardian["seat"])["slots"][guardian["guardian_slot"]] is None
    assert len(view.fx) >= 1


@pytest.mark.slow
def test_a_mod_keywords_trigger_floats_its_name_over_the_nexus_it_hits(window, kingdom):
    """docs/modding.md's thorns: a melee hit on the Bramble Guard floats "Thorns +1" over the
    attacker's Nexus bar, as the base game's cleave floats "Cleave +N" (the playback asks the
    keyword whose Nexus its trigger changes, never its id)."""
    from tests.kingdom.test_content import install
    from tests.kingdom.test_keyword_mod import doc_mod

    install("thorns", doc_mod("thorns"))
    setup = {"phase": "planning", "turn": 2, "to_act": [1], "board": {"seats": [
        {"faction": "rome", "slots": [{"card": "common_bramble_guard"}, None, None, None, None]},
        {"faction": "china", "slots": [{"card": "china_dao_militia"}, None, None, None, None]},
    ]}}
    view = kingdom(setup, ai={"1": "easy"}, speed="normal")
    view.think_min = 99.0
    floated: list[tuple[str, float, float]] = []
    shown = view.float_text
    view.float_text = lambda text, x, y, *a, **k: (floated.append((text, x, y)),
                                                    shown(text, x, y, *a, **k))[1]
    events = cpu_ends_turn(view)
    assert {"type": "trigger", "lane": 0, "seat": 0, "uid": "u1", "effect": "thorns",
            "amount": 1} in events
    frames = 0
    while view.animating and frames < 2000:
        step(window, 1)
        frames += 1
    thorns = [(x, y) for text, x, y in floated if text == "Thorns +1"]
    assert len(thorns) == 1
    bar_x, bar_y = view.playback.bar_point(1)  # seat 1 attacked: its Nexus takes the 1
    assert thorns[0][0] == bar_x and abs(thorns[0][1] - bar_y) <= 14
