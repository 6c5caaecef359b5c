"""Crawl's systems one at a time (ECS.md "How to know it is real"): a small position, one
system of the schedule run alone, its components and events asserted; and the model itself
(the hero's HP is the engine's `Health`, effects and marks are status components, every card
move an engine command)."""

from __future__ import annotations

import dataclasses

import esper
import pytest

from game.components.common import Health, InPile, Pile
from game.components.crawl import CrawlCard, Hero, LastValue, MoveOrder, RebuyOrder
from game.engine.commands import Attach
from game.engine.piles import MoveCard
from game.systems.crawl import cycle, world
from game.systems.crawl.commands import EVENTS, CardMove, HeroDamage, LeaveGame

from .helpers import board_of, card, setup_match

E5, E7 = card("e5a", "enemy", 5), card("e7a", "enemy", 7)
P3, G6 = card("p3", "potion", 3), card("g6", "gold", 6)


def system(name: str):
    return next(s for s in cycle.SCHEDULE.steps["play"] if s.name == name)


def events(match):
    return [e.as_json() for e in match.events.drain()]


def test_the_model_has_no_boolean_effects_and_the_hero_s_hp_is_health():
    assert [f.name for f in dataclasses.fields(CrawlCard)] == [
        "type", "value", "initial_value", "ability", "spent", "name"]
    assert [f.name for f in dataclasses.fields(Hero)] == ["gold"]
    match = setup_match({"board": [E5, None, None, None], "left_hand": card(
        "sp3", "spell", 3, pyro=True), "hero": {"hp": 9, "bleed": True}})
    statuses = match.rules.content.statuses
    with match.active():
        hero = world.hero(match)
        assert esper.component_for_entity(hero.entity, Health) == Health(9, 13)
        assert esper.has_component(hero.entity, statuses.by_id["bleed"].component)
        assert not esper.has_component(hero.entity, statuses.by_id["can_revive"].component)
        spell = world.card_entity(match, "sp3")
        assert esper.has_component(spell, statuses.by_id["pyro"].component)
    assert issubclass(CardMove, MoveCard) and issubclass(LeaveGame, MoveCard)
    assert LeaveGame.name == "leave_game" and CardMove.name == "move_card"
    assert set(EVENTS) >= {CardMove, LeaveGame, HeroDamage}


def test_snapshot_updates_the_last_value_of_changed_cards_only_when_watched():
    match = setup_match({"board": [E5, P3, None, None], "deck": [G6]})
    with match.active():
        enemy = world.card_entity(match, "e5a")
        esper.component_for_entity(enemy, CrawlCard).value = 2  # as a resolution left it
        match.events.enabled = False
        system("snapshot").process(match)
        assert esper.component_for_entity(enemy, LastValue).value == 5  # a search skips it
        match.events.enabled = True
        system("snapshot").process(match)
        assert esper.component_for_entity(enemy, LastValue).value == 2
    assert events(match) == []


def test_apply_action_takes_the_intent_off_the_run_and_resolves_its_kind():
    match = setup_match({"board": [E5, P3, G6, None], "deck": [card("e2a", "enemy", 2)]})
    with match.active():
        run = world.run_entity(match)
        potion = world.card_entity(match, "p3")
        hand = world.pile_entity(match, "left_hand")
        Attach(MoveOrder("drink", potion, hand)).target(run).run(match)
        system("apply_action").process(match)
        assert esper.try_component(run, MoveOrder) is None
        assert esper.component_for_entity(potion, InPile).pile == hand
        assert esper.component_for_entity(hand, Pile).cards == (potion,)
    assert events(match) == [  # at full HP: it heals 0 and keeps its value
        {"type": "card_moved", "id": "p3", "from": "board.1", "to": "left_hand"},
        {"type": "hero_healed", "amount": 0}]
    assert match.turn == 0  # count_turn is the next system, not run here


def test_apply_action_resolves_a_rebuy_intent():
    match = setup_match({"board": [E5, None, None, None], "deck": [G6]}, forced=[1])
    with match.active():
        Attach(RebuyOrder()).target(world.run_entity(match)).run(match)
        system("apply_action").process(match)
    assert events(match) == [{"type": "rebuy", "cost": 5},
                             {"type": "hero_damaged", "amount": 5, "source": "rebuy"},
                             {"type": "card_returned_to_deck", "id": "e5a"}]
    assert [c["id"] for c in board_of(match)["deck"]] == ["g6", "e5a"]


def test_count_turn_end_check_and_draw_step_alone():
    match = setup_match({"board": [None, None, None, None], "deck": [E5, P3],
                         "hero": {"gold": 4}})
    with match.active():
        system("count_turn").process(match)
        assert match.state.turn == 1
        system("end_check").process(match)  # the deck is not empty: no end
        assert match.result is None
        system("draw_step").process(match)
    assert events(match) == [{"type": "card_drawn", "id": "e5a", "slot": 0},
                             {"type": "card_drawn", "id": "p3", "slot": 1}]
    empty = setup_match({"board": [None] * 4, "deck": [], "hero": {"gold": 4}})
    with empty.active():
        system("end_check").process(empty)
    assert empty.result == {"won": True, "score": 54, "reason": "cleared"}
    assert events(empty) == [{"type": "gold_gained", "amount": 50, "source": "win_bonus"},
                             {"type": "run_over", "won": True, "score": 54,
                              "reason": "cleared"}]


@pytest.mark.parametrize(("hero", "expected"), [
    ({"hp": 3, "can_revive": True}, (1, False, [
        "card_removed", "hero_damaged", "revive_triggered"])),
    ({"hp": 9, "can_revive": True}, (2, True, ["card_removed", "hero_damaged"])),
])
def test_revive_is_survive_at_before_damage(hero, expected):
    """A hit is the hero's Damage: Revive's `survive` trigger leaves 1 HP and is spent; a
    blow that is not lethal leaves it."""
    match = setup_match({"board": [E7, P3, G6, None], "deck": [card("e2a", "enemy", 2)],
                         "hero": hero})
    result = match.submit({"seat": 0, "type": "move", "from": "board", "from_index": 0,
                           "to": "hero"})
    b = board_of(match)["hero"]
    assert (b["hp"], b["can_revive"], [e.type for e in result.events]) == expected
