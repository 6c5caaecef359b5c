"""Unit tests of the kingdom systems one by one (docs/kingdom.md "Schedule"): each builds a tiny
world (the board, two seats and the few cards the rule needs), attaches the intent a decision
would, runs that one system, and asserts components and events. The whole schedule of the
mode is asserted here too, against the docs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import esper
import pytest

from game.components.common import CardRef, Health, Ident, Owner
from game.components.kingdom import (
    Board,
    BuyOrder,
    Coins,
    CombatLog,
    DeckOrder,
    EndTurnOrder,
    Faction,
    GuardianCharge,
    Hero,
    MoveOrder,
    Nexus,
    Offer,
    RefreshOrder,
    SellOrder,
    Slot,
    Stats,
    UpgradeOrder,
)
from game.engine import ecs
from game.engine.match import Match
from game.systems.kingdom import planning, turn, world
from game.systems.kingdom.content import load_content
from game.systems.kingdom.mode import KingdomRules
from game.systems.kingdom.schedule import SCHEDULE
from game.systems.kingdom.setup import build_position, new_seat
from game.systems.kingdom.world import SeatFacts

ROOT = Path(__file__).resolve().parents[2]
MILITIA, CAPTAIN, SHIELDER = "china_dao_militia", "common_captain", "common_shielder"
MERCHANT, MERCENARY, CHAMPION = "china_silk_merchant", "common_mercenary", "common_champion"
SUN_TZU = "china_sun_tzu"


def seat(n: int, *, units: tuple[str | None, ...] = (), shop: tuple[str | None, ...] = (),
         coins: int = 5, level: int = 1, hp: int | None = None, hero: str | None = None,
         status: str = "in_hand", deck: tuple[str, ...] = (MILITIA, MERCHANT)) -> SeatFacts:
    """A seat's facts: `units` from slot 0 (uids u<10 n + i>), padded to level + 4."""
    slots = [None if c is None else (c, f"u{10 * n + i + 1}") for i, c in enumerate(units)]
    slots += [None] * (level + 4 - len(slots))
    max_hp = 5 * (level + 4)
    return SeatFacts(n, "china", "country", hero, status if hero else None, deck, level,
                     tuple(slots), max_hp if hp is None else hp, max_hp, coins, shop)


def tiny(seat0: SeatFacts, seat1: SeatFacts, *, phase: str = "planning",
         to_act: tuple[int, ...] = (0,), turn_no: int = 3, rules: str = "2") -> Match:
    content = load_content(mods=[])
    match = Match(KingdomRules(content, rules), seed=5, phase=phase)
    with match.active():
        build_position(match, content, 50, CombatLog(), (seat0, seat1))
        match.journal.set(match.state, phase=phase, turn=turn_no, to_act=to_act)
    return match


def run(match: Match, system: Any, entity: int | None = None, intent: Any = None
        ) -> list[dict[str, Any]]:
    """Attach `intent` to `entity` (as the engine does for an accepted decision), run the one
    system, and return the events it made; the steps it asked for stay in `match.steps`."""
    with match.active():
        if intent is not None:
            match.journal.add(entity, intent)
        system.process(match)
    return [e.as_json() for e in match.events.drain()]


def row(match: Match, n: int) -> Any:
    with match.active():
        return world.seat_row(match, n)


def facts(match: Match, n: int) -> SeatFacts:
    with match.active():
        return world.read_seat(match, n)


def comps(match: Match, entity: int) -> dict[type, Any]:
    with match.active():
        return dict(ecs.components_of(entity)) if esper.entity_exists(entity) else {}


# -- the schedule ------------------------------------------------------------------------------
def test_the_schedule_of_kingdom():
    assert SCHEDULE.describe() == "\n".join([
        "build_deck: build_deck",
        "deal: deal",
        "buy: buy",
        "sell: sell",
        "move: move",
        "refresh: refresh",
        "upgrade: upgrade",
        "end_turn: end_turn",
        "combat: combat",
        "end_check: end_check",
        "turn_start: upkeep",
        "shop_top_up: shop_top_up",
        "next_turn: next_turn",
    ])


def test_the_schedule_printed_in_docs_kingdom_is_the_code():
    text = (ROOT / "docs" / "kingdom.md").read_text("utf-8")
    assert f"```\n{SCHEDULE.describe()}\n```" in text


def test_a_seat_is_an_entity_of_small_components_and_every_card_is_one():
    match = tiny(seat(0, units=(MILITIA, None, SUN_TZU), shop=(MERCHANT, None, MILITIA),
                      hero=SUN_TZU, status="deployed"), seat(1))
    with match.active():
        seat0 = world.seat_row(match, 0)
        assert (seat0.nexus, seat0.health, seat0.coins, seat0.faction) == (
            Nexus(1), Health(25, 25), Coins(5), Faction("china", "country"))
        militia, _, hero = seat0.slots.units[:3]
        assert comps(match, militia)[Slot] == Slot(0) and comps(match, militia)[Ident].id == "u1"
        assert comps(match, militia)[Stats] == Stats(2, 1)
        assert comps(match, hero)[Hero] == Hero("deployed") and comps(match, hero)[Slot] == Slot(2)
        offers = seat0.shop.offers
        assert offers[1] == 0 and comps(match, offers[2])[Offer] == Offer(2)
        assert [world.card_of(c) for c in (offers[0], offers[2])] == [MERCHANT, MILITIA]
        assert world.deck_cards(match, 0) == (MILITIA, MERCHANT)
        pile = match.piles["deck0"]
        assert all(comps(match, c)[Owner] == Owner(0) for c in
                   esper.component_for_entity(pile, world.Pile).cards)


# -- the deck builder ---------------------------------------------------------------------------
def test_build_deck_gives_the_seat_its_tile_hero_and_deck_then_waits_for_the_other():
    match = tiny(new_seat(load_content(mods=[]), 0), new_seat(load_content(mods=[]), 1),
                 phase="deck_builder", to_act=(0, 1), turn_no=1)
    entity = row(match, 1).entity
    events = run(match, planning.BuildDeck(), entity,
                 DeckOrder("country", "china", SUN_TZU, (CAPTAIN, MILITIA)))
    assert events == [] and match.to_act == (0,) and match.phase == "deck_builder"
    seat1 = facts(match, 1)
    assert (seat1.faction, seat1.mode, seat1.hero, seat1.hero_status, seat1.deck) == (
        "china", "country", SUN_TZU, "in_hand", (MILITIA, CAPTAIN))  # deck sorted by id
    assert not list(match.steps)
    run(match, planning.BuildDeck(), row(match, 0).entity,
        DeckOrder("country", "china", SUN_TZU, (MILITIA,)))
    assert list(match.steps) == ["deal"]


def test_the_deal_stocks_both_shops_seat_0_first_and_opens_turn_1():
    match = tiny(seat(0, deck=(MILITIA,)), seat(1, deck=(CAPTAIN,)), phase="deck_builder",
                 to_act=(), turn_no=1)
    events = run(match, planning.Deal())
    assert events == [{"type": "phase_changed", "phase": "planning", "turn": 1}]
    assert facts(match, 0).shop == (MILITIA,) * 3 and facts(match, 1).shop == (CAPTAIN,) * 3
    assert (match.phase, match.to_act, match.turn) == ("planning", (0,), 1)


# -- planning ------------------------------------------------------------------------------------
def test_buy_pays_numbers_and_deploys_the_offer():
    match = tiny(seat(0, shop=(MERCHANT, SHIELDER), coins=5), seat(1))
    offer = row(match, 0).shop.offers[1]
    events = run(match, planning.Buy(), offer, BuyOrder(1, 3))
    assert events == [{"type": "unit_bought", "seat": 0, "slot": 3, "uid": "u50",
                       "card": SHIELDER, "offer": 1, "cost": 2}]
    parts = comps(match, offer)
    assert Offer not in parts and BuyOrder not in parts
    assert (parts[Slot], parts[Ident].id, parts[Stats], parts[GuardianCharge]) == (
        Slot(3), "u50", Stats(1, 3), GuardianCharge(1))  # a saving keyword gets its charge
    seat0 = facts(match, 0)
    assert seat0.coins == 3 and seat0.shop == (MERCHANT, None) and seat0.slots[3] == (SHIELDER,
                                                                                      "u50")
    with match.active():
        assert world.board(match).board == Board(51)


def test_buying_the_hero_deploys_it_and_leaves_the_shop():
    match = tiny(seat(0, shop=(MERCHANT,), coins=9, level=2, hero=SUN_TZU), seat(1))
    hero = esper_hero(match, 0)
    events = run(match, planning.Buy(), hero, BuyOrder("hero", 0))
    assert events[0]["offer"] == "hero" and events[0]["cost"] == 4
    seat0 = facts(match, 0)
    assert seat0.hero_status == "deployed" and seat0.slots[0] == (SUN_TZU, "u50")
    assert seat0.shop == (MERCHANT,)


def esper_hero(match: Match, n: int) -> int:
    with match.active():
        return world.hero_of(match, n).entity


def test_sell_removes_the_unit_for_half_its_cost():
    match = tiny(seat(0, units=(None, CHAMPION), coins=0), seat(1))
    unit = row(match, 0).slots.units[1]
    events = run(match, planning.Sell(), unit, SellOrder())
    assert events == [{"type": "unit_sold", "seat": 0, "slot": 1, "uid": "u2",
                       "card": CHAMPION, "coins": 2}]
    assert comps(match, unit) == {} and facts(match, 0).coins == 2
    assert facts(match, 0).slots[1] is None


def test_move_changes_the_slot_and_keeps_the_uid():
    match = tiny(seat(0, units=(MILITIA,)), seat(1))
    unit = row(match, 0).slots.units[0]
    events = run(match, planning.Move(), unit, MoveOrder(4))
    assert events == [{"type": "unit_moved", "seat": 0, "uid": "u1", "from": 0, "to": 4}]
    assert comps(match, unit)[Slot] == Slot(4)
    assert facts(match, 0).slots == (None, None, None, None, (MILITIA, "u1"))


def test_refresh_pays_and_draws_a_whole_new_shop():
    match = tiny(seat(0, shop=(None, MERCHANT), coins=3, deck=(CAPTAIN,)), seat(1))
    old = row(match, 0).shop.offers[1]
    events = run(match, planning.Refresh(), row(match, 0).entity, RefreshOrder())
    assert events == [{"type": "shop_refreshed", "seat": 0, "cost": 1}]
    assert comps(match, old) == {}
    assert facts(match, 0).shop == (CAPTAIN,) * 3 and facts(match, 0).coins == 2


def test_upgrade_adds_a_slot_and_the_slots_hp():
    match = tiny(seat(0, coins=3, hp=20), seat(1))
    events = run(match, planning.Upgrade(), row(match, 0).entity, UpgradeOrder())
    assert events == [{"type": "nexus_upgraded", "seat": 0, "level": 2, "hp": 25,
                       "max_hp": 30}]
    seat0 = facts(match, 0)
    assert (seat0.level, len(seat0.slots), seat0.hp, seat0.max_hp, seat0.coins) == (
        2, 6, 25, 30, 1)


@pytest.mark.parametrize(("turn_no", "first"), [(3, 0), (4, 1)])
def test_end_turn_passes_planning_then_asks_for_the_combat(turn_no, first):
    match = tiny(seat(0), seat(1), to_act=(first,), turn_no=turn_no)
    events = run(match, planning.EndTurn(), row(match, first).entity, EndTurnOrder())
    assert events == [] and match.to_act == (1 - first,) and not list(match.steps)
    events = run(match, planning.EndTurn(), row(match, 1 - first).entity, EndTurnOrder())
    assert events == [{"type": "phase_changed", "phase": "combat", "turn": turn_no}]
    assert (match.phase, match.to_act, list(match.steps)) == ("combat", (), ["combat"])


# -- the end of a turn ---------------------------------------------------------------------------
def test_the_combat_system_applies_the_resolvers_outcome_through_commands():
    # lane 0: the champion (6/3) kills the militia (2/1): spill 5 and cleave 6 on seat 1;
    # lane 1: seat 1's champion faces an empty slot: 6 on seat 0.
    match = tiny(seat(0, units=(CHAMPION,), hp=20), seat(1, units=(MILITIA, CHAMPION)),
                 phase="combat", to_act=())
    militia, champion = row(match, 1).slots.units[:2]
    log = run(match, turn.Combat())
    assert log[0]["type"] == "aura" and log[-1] == {"type": "combat_end", "hp": [14, 14]}
    assert {"type": "trigger", "lane": 0, "seat": 0, "uid": "u1", "effect": "cleave",
            "amount": 6} in log
    assert comps(match, militia) == {}  # killed: it left the game
    assert comps(match, champion)[Slot] == Slot(1)
    assert facts(match, 0).hp == 14 and facts(match, 1).hp == 14
    assert facts(match, 1).slots[:2] == (None, (CHAMPION, "u12"))
    with match.active():
        assert list(world.board(match).log.events) == log  # the log is on the board
    assert list(match.steps) == ["end_check"]


def test_the_combat_log_is_plain_data_that_a_state_json_copies():
    """The board's log is a tuple of event dicts of plain JSON values (no pickle, no bytes),
    and every State JSON gets its own copy: changing one changes neither the board nor the
    next State JSON."""
    import json

    match = tiny(seat(0, units=(CHAMPION, CAPTAIN), hp=20),
                 seat(1, units=(MILITIA, CHAMPION, SHIELDER)), phase="combat", to_act=())
    log = run(match, turn.Combat())
    with match.active():
        stored = world.board(match).log.events
    assert type(stored) is tuple and all(type(e) is dict for e in stored)
    assert json.loads(json.dumps(list(stored))) == log  # plain JSON values only
    first = match.state_json()["board"]["combat_log"]
    assert first == log
    for event in first:  # every nested list and object is the State JSON's own
        for value in event.values():
            if isinstance(value, list):
                value.append("changed")
                for item in value:
                    if isinstance(item, dict):
                        item["changed"] = True
        event["changed"] = True
    assert match.state_json()["board"]["combat_log"] == log
    with match.active():
        assert list(world.board(match).log.events) == log


def test_a_fallen_hero_is_kept_dead_off_the_board():
    match = tiny(seat(0, units=(CHAMPION,)), seat(1, units=(SUN_TZU,), hero=SUN_TZU,
                                                   status="deployed"),
                 phase="combat", to_act=())
    hero = row(match, 1).slots.units[0]
    run(match, turn.Combat())
    parts = comps(match, hero)
    assert parts[Hero] == Hero("dead") and parts[CardRef].definition == SUN_TZU
    assert Slot not in parts and Ident not in parts
    assert facts(match, 1).slots[0] is None and facts(match, 1).hero_status == "dead"


@pytest.mark.parametrize(("hp", "turn_no", "result"), [
    ((5, 5), 3, None),
    ((0, 3), 3, {"winner": 1, "reason": "nexus_destroyed"}),
    ((-3, -8), 3, {"winner": 0, "reason": "both_destroyed"}),
    ((4, 4), 60, {"winner": None, "reason": "round_cap"}),
])
def test_end_check(hp, turn_no, result):
    match = tiny(seat(0, hp=hp[0]), seat(1, hp=hp[1]), phase="combat", to_act=(),
                 turn_no=turn_no)
    events = run(match, turn.EndCheck())
    assert match.result == result
    if result is None:
        assert events == [] and list(match.steps) == ["turn_start"]
    else:
        assert events == [{"type": "match_over", "result": result}] and match.phase == "over"


def test_upkeep_tallies_the_turn_start_keywords_tax_first():
    # seat 0: two mercenaries (tax) and a merchant (income) with 1 coin: tax min(1, 2) = 1,
    # base 2 (level 2), income 1 -> 3; seat 1: nothing but base income 1.
    match = tiny(seat(0, units=(MERCENARY, MERCENARY, MERCHANT), coins=1, level=2),
                 seat(1, coins=0), phase="combat", to_act=())
    events = run(match, turn.Upkeep())
    assert events == [
        {"type": "upkeep", "seat": 0, "tax": 1, "base": 2, "income": 1, "coins": 3},
        {"type": "upkeep", "seat": 1, "tax": 0, "base": 1, "income": 0, "coins": 1}]
    assert list(match.steps) == ["shop_top_up"]


def test_top_up_grows_the_shop_and_fills_every_empty_position():
    match = tiny(seat(0, shop=(None, MERCHANT), deck=(CAPTAIN,)),
                 seat(1, shop=(MILITIA, MILITIA, MILITIA)), phase="combat", to_act=())
    events = run(match, turn.TopUp())
    assert events == [{"type": "shop_topped_up", "seat": 0, "positions": [0, 2]}]
    assert facts(match, 0).shop == (CAPTAIN, MERCHANT, CAPTAIN)
    assert facts(match, 1).shop == (MILITIA,) * 3
    assert list(match.steps) == ["next_turn"]


def test_next_turn_opens_the_turns_first_planner():
    match = tiny(seat(0), seat(1), phase="combat", to_act=(), turn_no=3)
    events = run(match, turn.NextTurn())
    assert events == [{"type": "phase_changed", "phase": "planning", "turn": 4}]
    assert (match.phase, match.to_act, match.turn) == ("planning", (1,), 4)  # rules "2"
