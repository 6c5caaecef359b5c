"""Kingdom rules on small setups (spec kingdom.md 4-6): setups, the deck builder, each
planning verb with its checks in order, upkeep, the top-up, heroes, the seat view and the
`--legal` list."""

from __future__ import annotations

import pytest

from game.engine.match import SetupError
from game.engine.record import RecordError
from tests.kingdom.helpers import (
    accept,
    assert_rejected,
    new_match,
    seat,
    setup_match,
)

MILITIA = "china_dao_militia"
DECK = [MILITIA]
SHOP3 = [MILITIA] * 3


def planning(coins: int = 5, **fields):
    return setup_match(seat("china", deck=DECK, shop=SHOP3, coins=coins, **fields),
                       seat("china", deck=DECK, shop=SHOP3))


# -- setups -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("seat0", "key"), [
    ({"faction": "atlantis"}, "seats[0].faction"),
    ({"faction": "china", "level": 6}, "seats[0].level"),
    ({"faction": "china", "era": "powder"}, "seats[0].era"),
    ({"faction": "china", "max_hp": 30}, "seats[0].max_hp"),
    ({"faction": "china", "hp": 26}, "seats[0].hp"),
    ({"faction": "china", "hp": 0}, "seats[0].hp"),
    ({"faction": "china", "coins": -1}, "seats[0].coins"),
    ({"faction": "china", "slots": [None] * 6}, "seats[0].slots"),
    ({"faction": "china", "deck": []}, "seats[0].deck"),
    ({"faction": "china", "deck": ["china_sun_tzu"]}, "seats[0].deck[0]"),
    ({"faction": "china", "shop": [MILITIA] * 4}, "seats[0].shop"),
    ({"faction": "china", "hero": {"card": MILITIA}}, "seats[0].hero.card"),
    ({"faction": "china", "hero": {"card": "china_sun_tzu", "status": "deployed"}},
     "seats[0].slots"),
    ({"faction": "china", "slots": [{"card": "china_sun_tzu"}, None, None, None, None]},
     "seats[0].slots[0].card"),
    ({"faction": "china", "slots": [{"card": MILITIA, "uid": "x1"}, None, None, None, None]},
     "seats[0].slots[0].uid"),
    ({"faction": "europe", "mode": "continent", "level": 0}, "seats[0].level"),
])
def test_malformed_setups_name_the_key(seat0, key):
    with pytest.raises((SetupError, RecordError), match=key.replace("[", r"\[").replace("]", r"\]")):
        setup_match(seat0, seat("rome"))


def test_setup_defaults_and_uid_assignment():
    match = setup_match(
        seat("rome", [MILITIA, None, {"card": MILITIA, "uid": "u7"}.get("card")]),
        {"faction": "europe", "mode": "continent", "slots": [None, {"card": MILITIA}] + [None] * 3})
    board = match.state_json()["board"]
    s0, s1 = board["seats"]
    assert [s["uid"] for s in s0["slots"] if s] == ["u1", "u2"]
    assert s1["slots"][1] == {"card": MILITIA, "uid": "u3"}
    assert board["next_uid"] == 4
    assert (s0["hp"], s0["max_hp"], s0["coins"], s0["era"], s0["mode"]) == (25, 25, 1, "tribal",
                                                                         "country")
    assert len(s0["deck"]) == 10 and s0["deck"] == sorted(s0["deck"])
    assert len(s0["shop"]) == 3 and all(offer in s0["deck"] for offer in s0["shop"])
    assert s1["deck"] == sorted(s1["deck"]) and s1["mode"] == "continent"


def test_given_uids_set_next_uid_and_fill_the_rest():
    match = setup_match(seat("china", [MILITIA]), {"faction": "china", "slots": [
        {"card": MILITIA, "uid": "u9"}, None, None, None, None]})
    board = match.state_json()["board"]
    assert board["seats"][0]["slots"][0]["uid"] == "u10"
    assert board["next_uid"] == 11


def test_a_planning_state_is_a_valid_setup():
    match = planning(coins=6)
    accept(match, {"seat": 0, "type": "buy", "offer": 1, "slot": 2})
    state = match.state_json()
    again = setup_match(*state["board"]["seats"], next_uid=state["board"]["next_uid"])
    assert again.state_json()["board"] == state["board"]


# -- deck builder ---------------------------------------------------------------------------
def build(seat_no: int, faction: str = "rome", hero: str = "rome_scipio_africanus",
          units: list[str] | None = None, mode: str = "country"):
    return {"seat": seat_no, "type": "build_deck", "mode": mode, "faction": faction,
            "hero": hero, "units": ["rome_velite", "rome_hastatus"] if units is None else units}


def test_deck_builder_flow_and_masking():
    match = new_match(seed=3)
    state = match.state_json()
    assert (state["phase"], state["turn"], state["to_act"]) == ("deck_builder", 1, [0, 1])
    assert match.legal_decisions(1) == [{"seat": 1, "type": "build_deck"}]
    accept(match, build(1, "china", "china_sun_tzu", [MILITIA]))
    assert match.state_json()["to_act"] == [0]
    view = match.view_json(0)["board"]["seats"][1]
    assert [view[k] for k in ("faction", "mode", "hero", "deck")] == ["hidden"] * 4
    events = accept(match, build(0))
    assert events[-1]["type"] == "phase_changed"
    state = match.state_json()
    assert (state["phase"], state["turn"], state["to_act"]) == ("planning", 1, [0])
    s0 = state["board"]["seats"][0]
    assert s0["deck"] == ["rome_hastatus", "rome_velite"]
    assert s0["hero"] == {"card": "rome_scipio_africanus", "status": "in_hand"}
    assert state["board"]["seats"][1]["shop"] == [MILITIA] * 3
    assert match.view_json(1)["board"]["seats"][0]["faction"] == "rome"


@pytest.mark.parametrize("decision", [
    build(0, units=["rome_velite"] * 2),
    build(0, units=[]),
    build(0, hero="china_sun_tzu"),
    build(0, units=["china_dao_militia"]),
    build(0, units=["rome_scipio_africanus"]),
    build(0, mode="continent"),
    build(0, faction="polynesia"),
    build(0, faction="common"),
])
def test_invalid_decks_are_rejected(decision):
    assert_rejected(new_match(), decision, "invalid_deck")


def test_continent_decks_are_valid():
    match = new_match()
    accept(match, build(0, "oceania", "polynesia_kamehameha_i", ["polynesia_tohunga",
                                                                "common_priest"], "continent"))


# -- planning verbs --------------------------------------------------------------------------
def test_buy_checks_in_order():
    match = planning(coins=0, hero={"card": "china_sun_tzu"})
    assert_rejected(match, {"seat": 0, "type": "buy", "offer": 3, "slot": 9}, "bad_offer")
    assert_rejected(match, {"seat": 0, "type": "buy", "offer": 0, "slot": 5}, "bad_slot")
    assert_rejected(match, {"seat": 0, "type": "buy", "offer": 0, "slot": -1}, "bad_slot")
    assert_rejected(match, {"seat": 0, "type": "buy", "offer": "hero", "slot": 0},
                    "hero_locked_era")
    assert_rejected(match, {"seat": 0, "type": "buy", "offer": 0, "slot": 0}, "not_enough_coins")
    assert_rejected(match, {"seat": 0, "type": "buy", "offer": "Hero", "slot": 0}, "bad_decision")
    assert_rejected(match, {"seat": 0, "type": "buy", "offer": True, "slot": 0}, "bad_decision")
    assert_rejected(match, {"seat": 0, "type": "buy", "offer": 0, "slot": 1.0}, "bad_decision")
    no_hero = planning(coins=3, slots=[MILITIA])
    assert_rejected(no_hero, {"seat": 0, "type": "buy", "offer": "hero", "slot": 1}, "bad_offer")
    assert_rejected(no_hero, {"seat": 0, "type": "buy", "offer": 0, "slot": 0}, "slot_occupied")
    accept(no_hero, {"seat": 0, "type": "buy", "offer": 0, "slot": 1})
    assert_rejected(no_hero, {"seat": 0, "type": "buy", "offer": 0, "slot": 2}, "offer_empty")


def test_buy_sell_move_events_and_uids():
    match = planning(coins=3)
    events = accept(match, {"seat": 0, "type": "buy", "offer": 2, "slot": 4})
    assert events == [{"type": "unit_bought", "seat": 0, "slot": 4, "uid": "u1", "card": MILITIA,
                       "offer": 2, "cost": 1}]
    s0 = match.state_json()["board"]["seats"][0]
    assert (s0["coins"], s0["shop"], s0["slots"][4]) == (
        2, [MILITIA, MILITIA, None], {"card": MILITIA, "uid": "u1"})
    assert accept(match, {"seat": 0, "type": "move", "from": 4, "to": 0}) == [
        {"type": "unit_moved", "seat": 0, "uid": "u1", "from": 4, "to": 0}]
    assert_rejected(match, {"seat": 0, "type": "move", "from": 0, "to": 0}, "slot_occupied")
    assert_rejected(match, {"seat": 0, "type": "move", "from": 1, "to": 2}, "slot_empty")
    assert_rejected(match, {"seat": 0, "type": "move", "from": 0, "to": 5}, "bad_slot")
    assert_rejected(match, {"seat": 0, "type": "sell", "slot": 1}, "slot_empty")
    assert accept(match, {"seat": 0, "type": "sell", "slot": 0}) == [
        {"type": "unit_sold", "seat": 0, "slot": 0, "uid": "u1", "card": MILITIA, "coins": 0}]
    accept(match, {"seat": 0, "type": "buy", "offer": 0, "slot": 0})
    assert match.state_json()["board"]["seats"][0]["slots"][0]["uid"] == "u2"


def test_refresh_and_upgrade():
    match = planning(coins=2)
    assert accept(match, {"seat": 0, "type": "upgrade"})[0] == {
        "type": "nexus_upgraded", "seat": 0, "level": 2, "hp": 30, "max_hp": 30}
    assert_rejected(match, {"seat": 0, "type": "upgrade"}, "not_enough_coins")
    assert_rejected(match, {"seat": 0, "type": "refresh"}, "not_enough_coins")


def test_seat_one_waits_and_only_end_turn_passes_planning():
    match = planning()
    assert_rejected(match, {"seat": 1, "type": "end_turn"}, "not_your_turn")
    assert_rejected(match, {"seat": 0, "type": "build_deck", "mode": "country", "faction": "rome",
                            "hero": "rome_scipio_africanus", "units": []}, "wrong_phase")
    accept(match, {"seat": 0, "type": "end_turn"})
    assert match.state_json()["to_act"] == [1]
    assert_rejected(match, {"seat": 0, "type": "refresh"}, "not_your_turn")
    assert_rejected(match, {"seat": 1, "type": "fly"}, "unknown_decision")


def test_a_dead_hero_is_marked_and_never_returns():
    match = setup_match(
        seat("china", ["china_sun_tzu"], level=2, hero={"card": "china_sun_tzu",
                                                         "status": "deployed"},
             deck=DECK, shop=[MILITIA] * 4, coins=10),
        seat("china", ["common_champion"], deck=DECK, shop=SHOP3))
    accept(match, {"seat": 0, "type": "end_turn"})
    events = accept(match, {"seat": 1, "type": "end_turn"})
    assert any(e["type"] == "death" and e["card"] == "china_sun_tzu" for e in events)
    s0 = match.state_json()["board"]["seats"][0]
    assert s0["hero"] == {"card": "china_sun_tzu", "status": "dead"}
    assert_rejected(match, {"seat": 0, "type": "buy", "offer": "hero", "slot": 0}, "hero_dead")


def test_end_of_turn_upkeep_and_top_up_events():
    match = setup_match(seat("china", [MILITIA, "china_silk_merchant"], coins=2, deck=DECK,
                             shop=[None, MILITIA, None]),
                        seat("china", deck=DECK, shop=SHOP3))
    accept(match, {"seat": 0, "type": "end_turn"})
    events = accept(match, {"seat": 1, "type": "end_turn"})
    kinds = [e["type"] for e in events]
    assert kinds[0] == "phase_changed" and kinds[-1] == "phase_changed"
    upkeep = [e for e in events if e["type"] == "upkeep"]
    assert upkeep[0] == {"type": "upkeep", "seat": 0, "tax": 0, "base": 1, "income": 1,
                         "coins": 4}
    (top_up,) = [e for e in events if e["type"] == "shop_topped_up"]
    assert top_up == {"type": "shop_topped_up", "seat": 0, "positions": [0, 2]}
    assert match.state_json()["board"]["seats"][0]["shop"] == SHOP3


def test_legal_list_order():
    match = setup_match(seat("china", [MILITIA, None, MILITIA], coins=2, deck=DECK,
                             shop=[MILITIA, None, MILITIA], hero={"card": "china_sun_tzu"}),
                        seat("china", deck=DECK, shop=SHOP3))
    legal = match.legal_decisions(0)
    kinds = [d["type"] for d in legal]
    assert kinds == ["buy"] * 6 + ["sell"] * 2 + ["move"] * 6 + ["refresh", "upgrade", "end_turn"]
    assert [(d["offer"], d["slot"]) for d in legal[:6]] == [
        (0, 1), (0, 3), (0, 4), (2, 1), (2, 3), (2, 4)]
    assert [(d["from"], d["to"]) for d in legal[8:14]] == [
        (0, 1), (0, 3), (0, 4), (2, 1), (2, 3), (2, 4)]
    assert match.legal_decisions(1) == []
    for decision in legal:
        probe = setup_match(*match.state_json()["board"]["seats"],
                            next_uid=match.state_json()["board"]["next_uid"])
        accept(probe, decision)


def test_turn_cap_draw_and_match_over():
    match = setup_match(seat("rome", hp=18), seat("rome", hp=18), turn=60)
    accept(match, {"seat": 0, "type": "end_turn"})
    events = accept(match, {"seat": 1, "type": "end_turn"})
    assert events[-1] == {"type": "match_over", "result": {"winner": None, "reason": "round_cap"}}
    state = match.state_json()
    assert (state["phase"], state["turn"], state["to_act"]) == ("over", 60, [])
    assert match.legal_decisions(0) == []
    assert_rejected(match, {"seat": 0, "type": "end_turn"}, "game_over")


@pytest.mark.parametrize(("decision", "words"), [
    (build(0, units=["rome_velite"] * 2), "listed twice"),
    (build(0, units=["rome_scipio_africanus"]), "is a hero"),
    (build(0, units=[]), "1"),
])
def test_an_invalid_deck_message_names_the_failing_rule(decision, words):
    outcome = new_match().submit(decision)
    assert outcome.error == "invalid_deck"
    assert outcome.message.startswith("Invalid deck: ") and words in outcome.message


def test_null_setup_values_take_their_defaults():
    match = setup_match({"faction": "china", "mode": None, "level": None, "hp": None,
                         "coins": None, "shop": None, "deck": None, "hero": None,
                         "slots": None},
                        seat("rome"), to_act=None, combat_log=None, next_uid=None)
    s0 = match.state_json()["board"]["seats"][0]
    assert (s0["mode"], s0["level"], s0["hp"], s0["coins"], len(s0["shop"])) == (
        "country", 1, 25, 1, 3)
    assert match.state_json()["to_act"] == [0]


def test_cpu_streams_follow_the_spec_names():
    from game.engine.modes import get_mode

    spec = get_mode("kingdom")
    assert spec.ai_stream(7, 1).name == "ai/1"


def test_restore_position_equals_the_checked_setup_for_printed_views():
    """The CPUs' unchecked loader builds the same position as the checked setup path."""
    from game.ai.kingdom.scratch import scratch_match, scratch_setup
    from game.engine.autoplay import play_cpu_match
    from game.engine.modes import get_mode
    from game.engine.record import build_match, new_record, replay, validate_record

    spec = get_mode("kingdom")
    played = play_cpu_match(spec, 11, {0: "hard", 1: "easy"})
    record = validate_record(played.record)
    for cut in range(3, len(record["decisions"]), 7):
        live = replay({**record, "decisions": record["decisions"][:cut]}).match
        if live.phase != "planning":
            continue
        view = live.view_json(live.to_act[0])
        fast = scratch_match(view, live.resources)
        checked = build_match(validate_record(new_record("kingdom", view["rules"], 0, {},
                                                         scratch_setup(view))))
        assert fast.state_json() == checked.state_json()
        fast.close()
        checked.close()
        live.close()


def _position_of(match):
    """What a scratch match holds, entity ids aside: the state, and each seat's cards by
    place with all their components."""
    from game.engine import ecs
    from game.systems.kingdom import world

    def parts(entity):  # `Slots`, `Shop`, `InPile` hold entity ids: compared by place below
        return sorted((type(c).__name__, repr(c)) for c in ecs.components_of(entity).values()
                      if type(c).__name__ not in ("Slots", "Shop", "InPile"))

    with match.active():
        out = [match.state_json(), len(ecs.entity_table())]  # and nothing left over
        for n in (0, 1):
            row = world.seat_row(match, n)
            out.append([parts(row.entity)])
            out.append([parts(e) if e else None for e in (*row.slots.units, *row.shop.offers)])
            hero = world.hero_of(match, n)
            out.append(parts(hero.entity) if hero else None)
            pile = match.piles.get(world.deck_pile(n))
            out.append([parts(c) for c in ecs.components_of(pile)[world.Pile].cards]
                       if pile else None)
    return out


def _hero_deployed(view):
    return any(raw["hero"]["status"] == "deployed" for raw in view["board"]["seats"])


def test_a_scratch_match_restored_from_any_earlier_view_holds_what_a_fresh_load_holds():
    """`restore_from` brings a world at any position to any other (the engine's restore
    path): the planning views of two matches loaded into one scratch match in a shuffled
    order (heroes bought, fallen and back in hand, units gone and back, other decks and
    tiles, other cards under the same uids: a CPU's scratch match lent to the next match)
    each hold what a match loaded from that view alone holds."""
    import copy
    import random

    from game.ai.kingdom.scratch import new_match, scratch_for, scratch_setup
    from game.engine.autoplay import play_cpu_match
    from game.engine.modes import get_mode
    from game.engine.record import build_match
    from game.engine.resources import load_mode_resources

    spec = get_mode("kingdom")
    views = []
    for seed in (4000, 4005):  # both deploy heroes
        record = play_cpu_match(spec, seed, {0: "hard", 1: "hard"}).record
        live = build_match(record)
        for decision in record["decisions"]:
            if live.phase == "planning":
                views.append(live.view_json(live.to_act[0]))
            assert live.submit(decision).ok
        live.close()
    for view in [v for v in views if _hero_deployed(v)][::4]:  # and the hero fallen there
        fallen = copy.deepcopy(view)
        for raw in fallen["board"]["seats"]:
            if raw["hero"]["status"] == "deployed":
                raw["hero"]["status"] = "dead"
                raw["slots"] = [None if u is not None and u["card"] == raw["hero"]["card"]
                                else u for u in raw["slots"]]
        views.append(fallen)
    swapped = 0
    for view in views[::5]:  # and units of another match under the same uids: cards swapped
        other = copy.deepcopy(view)
        for raw in other["board"]["seats"]:
            units = [u for u in raw["slots"] if u is not None and u["card"] != raw["hero"]["card"]]
            if len({u["card"] for u in units}) > 1:
                units[0]["card"], units[-1]["card"] = units[-1]["card"], units[0]["card"]
                swapped += 1
        views.append(other)
    assert swapped > 5
    statuses = {raw["hero"]["status"] for view in views for raw in view["board"]["seats"]}
    assert statuses == {"in_hand", "deployed", "dead"}
    random.Random(5).shuffle(views)
    for decks in (True, False):
        scratch = scratch_for(load_mode_resources(spec), decks)
        for n, view in enumerate(views[:150]):
            match = scratch.load(view)
            fresh = new_match(view, match.resources)
            fresh.begin(scratch_setup(view, decks))
            assert _position_of(match) == _position_of(fresh), (decks, n)
            fresh.close()
        scratch.close()


@pytest.mark.slow
@pytest.mark.parametrize("decks", [True, False])
def test_a_scratch_match_restored_in_place_holds_what_a_fresh_load_holds(decks):
    """A CPU's scratch match goes from view to view in place (`restore_from`, from the
    position its last plan left): after each load, what it holds (the state, every card's
    components by place, the decks) is what a match loaded from that view alone holds."""
    from game.ai.kingdom.scratch import new_match, scratch_for, scratch_setup
    from game.engine.autoplay import play_cpu_match
    from game.engine.modes import get_mode
    from game.engine.record import build_match

    spec = get_mode("kingdom")
    for seed, levels in ((31, {0: "expert", 1: "hard"}), (32, {0: "easy", 1: "hard"})):
        record = play_cpu_match(spec, seed, levels).record
        live = build_match(record)
        scratches = {0: scratch_for(live.resources, decks), 1: scratch_for(live.resources, decks)}
        loads = 0
        for decision in record["decisions"]:
            if live.phase == "planning":
                seat = live.to_act[0]
                view = live.view_json(seat)
                match = scratches[seat].load(view)
                fresh = new_match(view, live.resources)
                fresh.begin(scratch_setup(view, decks))
                assert _position_of(match) == _position_of(fresh), (seed, loads)
                fresh.close()
                for _ in range(3):  # a CPU's plan (none that draws), left for the next load
                    planned = [d for d in match.legal_decisions(seat)
                               if d["type"] not in ("refresh", "end_turn")]
                    if planned:
                        assert match.submit(planned[-1]).ok
                loads += 1
            assert live.submit(decision).ok
        assert loads > 20
        live.close()
