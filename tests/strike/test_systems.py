"""Unit tests of the strike systems one by one (docs/strike.md "Schedule"): each builds a tiny
world (the board and two or three entities), runs that one system, and asserts components
and events. The whole schedule of the mode is asserted here too."""

from __future__ import annotations

from typing import Any

import esper
import pytest

from game.components.common import CardRef, Cooldowns, GridPos, Health, Ident, Owner
from game.components.strike import (
    AttackOrder,
    Draft,
    Element,
    Flame,
    Grid,
    MoveOrder,
    PassOrder,
    PickCard,
    PlaceOrder,
    Slot,
)
from game.engine.commands import create
from game.engine.match import Match
from game.engine.piles import fill_pile
from game.systems.strike import combat, draft, world
from game.systems.strike.content import load_content
from game.systems.strike.mode import StrikeRules
from game.systems.strike.schedule import SCHEDULE
from game.systems.strike.setup import _new_board


def tiny(phase: str = "combat", to_act: tuple[int, ...] = (0,), turn: int = 1) -> Match:
    """A strike match with only the board entity and its empty piles."""
    content = load_content()
    match = Match(StrikeRules(content), seed=5, phase=phase)
    with match.active():
        _new_board(match, Grid(23, 11, 3), Draft(content.pool))
        match.set_phase(phase, to_act)
        match.journal.set(match.state, turn=turn)
    return match


def st(match: Match, kind: str) -> Any:
    """The component class of one of the content's status kinds (each content has its own)."""
    return match.rules.content.statuses.by_id[kind].component


def hero(match: Match, uid: str, seat: int, card: str, tile: tuple[int, int] | None,
         hp: int | None = None, *extra: Any, slot: int = 0) -> int:
    content = match.rules.content
    c = content.cards[card]
    parts: list[Any] = [Ident(uid), Owner(seat), Slot(slot), CardRef(card), Element(c.element),
                        Health(c.hp if hp is None else hp, c.hp),
                        Cooldowns((0,) * len(c.attacks)), *extra]
    if tile is not None:
        parts.append(GridPos(*tile))
    with match.active():
        return create(*parts).run(match).entity


def run(match: Match, system: Any) -> list[dict[str, Any]]:
    with match.active():
        system.process(match)
    return [e.as_json() for e in match.events.drain()]


def comp(match: Match, entity: int, component_type: type) -> Any:
    with match.active():
        return esper.try_component(entity, component_type)


def test_the_schedule_of_strike():
    assert SCHEDULE.describe() == "\n".join([
        "draft: draft_pick",
        "placement: place",
        "combat_start: combat_start",
        "turn_start: turn_started, flames_age, cooldowns_tick, hazards_and_statuses",
        "action: move, attack, pass, end_check",
        "turn_end: statuses_expire, round_cap, next_turn",
    ])


def test_the_schedule_printed_in_docs_strike_is_the_code():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "strike.md").read_text("utf-8")
    assert f"```\n{SCHEDULE.describe()}\n```" in text


def test_draft_pick_moves_the_card_into_the_deck_and_passes_the_turn():
    match = tiny("draft")
    with match.active():
        card = create(CardRef("ember_vine")).run(match).entity
        left = create(CardRef("aqua_trail")).run(match).entity
        fill_pile(match, match.piles["hand1"], (card, left))
        match.journal.add(card, PickCard(0, "steal"))
    events = run(match, draft.DraftPick())
    with match.active():
        assert world.pile_cards(match, "deck0") == ["ember_vine"]
        assert world.pile_cards(match, "hand1") == ["aqua_trail"] and world.board(match).draft.picks == 1
    assert comp(match, card, PickCard) is None
    assert events == [{"type": "card_taken", "seat": 0, "how": "steal", "card": "ember_vine"}]
    assert match.to_act == (1,)


def test_place_puts_the_hero_on_its_tile_and_hands_placement_on():
    match = tiny("placement")
    a = hero(match, "p0.ember_vine", 0, "ember_vine", None)
    hero(match, "p1.aqua_trail", 1, "aqua_trail", None)
    with match.active():
        match.journal.add(a, PlaceOrder(1, 2))
    events = run(match, draft.Place())
    assert comp(match, a, GridPos) == GridPos(1, 2) and comp(match, a, PlaceOrder) is None
    assert events == [{"type": "unit_placed", "unit": "p0.ember_vine", "tile": [1, 2]}]
    assert (match.phase, match.to_act) == ("placement", (1,))


def test_flames_age_only_the_seats_own_and_destroy_spent_tiles():
    match = tiny()
    with match.active():
        old = create(GridPos(3, 3), Flame(0, 1, 5)).run(match).entity
        kept = create(GridPos(4, 3), Flame(0, 2, 5)).run(match).entity
        other = create(GridPos(5, 3), Flame(1, 1, 5)).run(match).entity
    events = run(match, combat.FlamesAge())
    with match.active():
        assert not esper.entity_exists(old)
        assert esper.component_for_entity(kept, Flame).rounds == 1
        assert esper.component_for_entity(other, Flame).rounds == 1
    assert events == [{"type": "flame_expired", "tile": [3, 3]}]


def test_cooldowns_tick_and_report_the_ready_ones():
    match = tiny()
    a = hero(match, "p0.ember_vine", 0, "ember_vine", (2, 2))
    b = hero(match, "p1.aqua_trail", 1, "aqua_trail", (9, 2))
    with match.active():
        match.journal.set(esper.component_for_entity(a, Cooldowns), remaining=(1, 2, 0))
        match.journal.set(esper.component_for_entity(b, Cooldowns), remaining=(3, 0, 0))
    events = run(match, combat.CooldownsTick())
    assert comp(match, a, Cooldowns).remaining == (0, 1, 0)
    assert comp(match, b, Cooldowns).remaining == (3, 0, 0)  # not its turn
    assert events == [{"type": "cooldown_ready", "unit": "p0.ember_vine", "attack": 0}]


def test_turn_start_ticks_flame_then_burn_then_regen():
    match = tiny()
    a = hero(match, "p0.ember_vine", 0, "ember_vine", (2, 2), 30, st(match, "burn")(1, 5), st(match, "regen")(2, 4))
    hero(match, "p1.aqua_trail", 1, "aqua_trail", (9, 2))
    with match.active():
        create(GridPos(2, 2), Flame(1, 2, 3)).run(match)
    events = run(match, combat.TurnStartTicks())
    assert [(e["type"], e.get("source"), e.get("amount")) for e in events] == [
        ("damage_dealt", "flame", 3), ("damage_dealt", "burn", 5), ("status_expired", None, None),
        ("healed", "regen", 4)]
    assert comp(match, a, Health).hp == 30 - 3 - 5 + 4
    assert comp(match, a, st(match, "burn")) is None and comp(match, a, st(match, "regen")) == st(match, "regen")(1, 4)


def test_a_hero_killed_by_burn_leaves_the_grid_and_the_match_ends():
    match = tiny()
    a = hero(match, "p0.ember_vine", 0, "ember_vine", (2, 2), 4, st(match, "burn")(2, 5), st(match, "stun")(1))
    hero(match, "p1.aqua_trail", 1, "aqua_trail", (9, 2))
    events = run(match, combat.TurnStartTicks())
    assert [e["type"] for e in events] == ["damage_dealt", "unit_died", "match_ended"]
    assert comp(match, a, GridPos) is None and comp(match, a, st(match, "burn")) is None
    assert comp(match, a, st(match, "stun")) is None
    assert match.result == {"winner": 1, "reason": "elimination"}


def test_move_slides_along_the_bfs_path():
    match = tiny()
    a = hero(match, "p0.ember_vine", 0, "ember_vine", (2, 2))
    hero(match, "p1.aqua_trail", 1, "aqua_trail", (3, 2))  # blocks the straight line
    with match.active():
        match.journal.add(a, MoveOrder(4, 3))
    events = run(match, combat.Move())
    assert comp(match, a, GridPos) == GridPos(4, 3) and comp(match, a, MoveOrder) is None
    assert events == [{"type": "unit_moved", "unit": "p0.ember_vine", "from": [2, 2],
                       "to": [4, 3], "path": [[2, 2], [2, 3], [3, 3], [4, 3]]}]


def test_move_with_events_off_does_not_walk_the_path(monkeypatch):
    """Only the `unit_moved` event prints the path: a match whose events are off (a search's
    scratch match, a simulation) moves without computing it."""
    match = tiny()
    match.events.enabled = False
    a = hero(match, "p0.ember_vine", 0, "ember_vine", (2, 2))
    hero(match, "p1.aqua_trail", 1, "aqua_trail", (3, 2))
    monkeypatch.setattr(combat, "path_to", lambda *a, **k: pytest.fail("path walked"))
    with match.active():
        match.journal.add(a, MoveOrder(4, 3))
    run(match, combat.Move())
    assert comp(match, a, GridPos) == GridPos(4, 3) and comp(match, a, MoveOrder) is None


def test_attack_sets_the_cooldown_rolls_and_applies_its_status():
    match = tiny()
    a = hero(match, "p0.ember_vine", 0, "ember_vine", (2, 2))
    b = hero(match, "p1.aqua_trail", 1, "aqua_trail", (3, 2))
    with match.active():
        match.journal.set(world.board(match).rolls, rolls=(0,))
        match.journal.add(a, AttackOrder(1, b))
    events = run(match, combat.Attack())
    assert comp(match, a, Cooldowns).remaining == (0, 2, 0)
    assert comp(match, b, st(match, "burn")) == st(match, "burn")(2, 5)
    assert [e["type"] for e in events] == ["ability_used", "damage_dealt", "status_applied"]
    assert events[1]["roll"] == 0 and events[1]["source"] == "strike"


def test_a_status_kind_that_blocks_movement_is_what_roots():
    match = tiny()
    a = hero(match, "p0.ember_vine", 0, "ember_vine", (2, 2), None, st(match, "root")(1))
    with match.active():
        assert world.blocked(match, a, "move") and not world.blocked(match, a, "attack")


def test_pass_consumes_its_intent():
    match = tiny()
    with match.active():
        board = world.board(match).entity
        match.journal.add(board, PassOrder(0))
    assert run(match, combat.Pass()) == [{"type": "turn_passed", "seat": 0}]
    assert comp(match, board, PassOrder) is None


def test_turn_end_ticks_stun_and_root_of_the_seat():
    match = tiny()
    a = hero(match, "p0.ember_vine", 0, "ember_vine", (2, 2), None, st(match, "stun")(1), st(match, "root")(2))
    events = run(match, combat.TurnEndTicks())
    assert comp(match, a, st(match, "stun")) is None and comp(match, a, st(match, "root")) == st(match, "root")(1)
    assert events == [{"type": "status_expired", "unit": "p0.ember_vine", "status": "stun"},
                      {"type": "turn_ended", "seat": 0}]


@pytest.mark.parametrize(("hp", "winner"), [((30, 20), 0), ((20, 20), None)])
def test_round_cap_gives_the_match_to_the_higher_hp_total(hp, winner):
    match = tiny(turn=2 * load_content().rules.combat.round_cap)
    hero(match, "p0.ember_vine", 0, "ember_vine", (2, 2), hp[0])
    hero(match, "p1.aqua_trail", 1, "aqua_trail", (9, 2), hp[1])
    events = run(match, combat.RoundCap())
    assert match.result == {"winner": winner, "reason": "round_cap"}
    assert events == [{"type": "match_ended", "result": {"winner": winner,
                                                         "reason": "round_cap"}}]


def test_next_turn_counts_and_asks_for_the_other_seats_turn_start():
    match = tiny(turn=1)
    hero(match, "p0.ember_vine", 0, "ember_vine", (2, 2))
    hero(match, "p1.aqua_trail", 1, "aqua_trail", (9, 2))
    events = run(match, combat.NextTurn())
    assert (match.turn, match.to_act) == (2, (1,))
    assert events == [] and list(match.steps) == ["turn_start"]  # asked for, never run here
    with match.active():
        match.run_steps()
    assert [e.as_json() for e in match.events.drain()][0] == {
        "type": "turn_started", "seat": 1, "turn": 2, "round": 1}


def test_combat_start_and_end_check():
    match = tiny("placement", turn=0)
    hero(match, "p0.ember_vine", 0, "ember_vine", (2, 2))
    events = run(match, combat.CombatStart())  # seat 1 has nobody: over at once
    assert [e["type"] for e in events] == ["combat_started", "match_ended"]
    assert match.result == {"winner": 0, "reason": "elimination"}
    assert run(match, combat.EndOfAction()) == []  # over: nothing more runs
    assert not match.steps  # and no step was asked for
