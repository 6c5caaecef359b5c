"""Property tests (spec crawl.md section 9, "Further tests"), with hypothesis.

Random seeds and variants, random legal decisions (from `match.legal_decisions`) to the end.
After every decision: card conservation, HP, gold and value bounds, no enemy at 0 on the board,
`turn` equal to the accepted play decisions, and a seat view that never shows the deck. Every
run ends, and replaying its record reproduces the state hash. Random illegal or malformed
decisions change nothing (state JSON byte-identical, streams untouched), and a decision is
accepted exactly when it is in the canonical legal list. Mark, submit, rollback restores the
world exactly.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import ecs
from game.engine.match import Match
from game.engine.record import (
    build_match,
    match_record,
    new_record,
    replay,
    state_hash,
    validate_record,
)
from game.systems.crawl.legal import move_decision

from .helpers import canonical, streams_state

MAX_STEPS = 2000
ZONES = ["board", "left_hand", "right_hand", "hero", "backpack", "chest", "deck", "attic", 3, None]
VERBS = ["move", "move", "move", "rebuy", "random_attack", "choose_abilities", "dance", None]


def start(seed: int, variant: str) -> Match:
    options: dict[str, Any] = {"variant": variant}
    if variant == "daily":
        options["date"] = f"2025-{1 + seed % 12:02d}-{1 + seed % 28:02d}"
        seed = int(options["date"].replace("-", ""))
    return build_match(validate_record(new_record("crawl", "1", seed, options)))


def pick(match: Match, rng: random.Random) -> dict[str, Any]:
    if match.phase == "pick":
        return {"seat": 0, "type": "choose_abilities",
                "abilities": rng.sample(list(match.rules.content.catalogue_ids), 5)}
    return rng.choice(match.legal_decisions(0))


def check_invariants(match: Match, accepted_play: int) -> None:
    state = match.state_json()
    board = state["board"]
    held = [c for c in [*board["board"], board["left_hand"], board["right_hand"],
                        board["backpack"]] if c is not None]
    if match.phase != "pick":
        total = match.rules.content.deck_size
        assert len(held) + len(board["deck"]) + board["removed"] == total
    hero = board["hero"]
    assert 0 <= hero["hp"] <= hero["max_hp"] == 13 and hero["gold"] >= 0
    for c in held + board["deck"]:
        assert c["value"] is None or c["value"] >= 0
    for c in board["board"]:
        assert c is None or c["type"] == "ability" or c["value"] >= 1
    assert state["turn"] == accepted_play
    assert board["deck_count"] == len(board["deck"])
    view = match.view_json(0)
    assert view["board"]["deck"] == "hidden" and view["seed"] == "hidden"
    shown = json.dumps(view)
    for c in board["deck"]:
        if c["type"] != "ability":  # an ability's id is public in `abilities`
            assert f'"{c["id"]}"' not in shown


@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["normal", "constructed", "daily"]),
       rng=st.randoms(use_true_random=False))
@pytest.mark.slow
def test_random_legal_runs_keep_the_invariants_and_replay(seed, variant, rng):
    match = start(seed, variant)
    accepted_play = 0
    check_invariants(match, 0)
    for _ in range(MAX_STEPS):
        if match.result is not None:
            break
        decision = pick(match, rng)
        assert match.submit(decision).ok, decision
        accepted_play += decision["type"] != "choose_abilities"
        check_invariants(match, accepted_play)
    assert match.result is not None, "the run did not end"
    assert match.phase == "over" and match.to_act == () and match.legal_decisions(0) == []
    again = replay(validate_record(match_record(match)))
    assert again.ok
    assert state_hash(again.match.state_json()) == state_hash(match.state_json())


def random_setup(rng: random.Random, content: Any) -> dict[str, Any]:
    """A random late-game position: a few cards on the table and a short deck (0-6 cards),
    so that random play reaches the endings that a dealt run rarely does."""
    pool = [{"id": c.id, "type": c.type, "value": c.value} for c in content.deck]
    pool += [{"id": a, "type": "ability", "ability": a} for a in content.catalogue_ids]
    rng.shuffle(pool)
    cards = iter(pool)
    board = [next(cards) if rng.random() < 0.7 else None for _ in range(4)]
    zones: dict[str, Any] = {}
    for hand in ("left_hand", "right_hand"):
        card = next(cards)
        if card["type"] == "enemy" or rng.random() < 0.4:
            card = None
        elif card["type"] in ("potion", "gold"):
            card = {**card, "initial_value": card["value"], "value": rng.randint(0, card["value"])}
        elif rng.random() < 0.3:
            card = {**card, "pyro": card["type"] == "spell", "bash": card["type"] == "shield"}
        zones[hand] = card
    card = next(cards)
    if card["type"] == "gold":
        card = {**card, "initial_value": card["value"], "value": 0}
    zones["backpack"] = card if rng.random() < 0.5 else None
    deck = [next(cards) for _ in range(rng.randint(0, 6))]
    return {"board": {"board": board, **zones, "deck": deck,
                      "hero": {"hp": rng.randint(1, 13), "gold": rng.randint(0, 30),
                               "can_revive": rng.random() < 0.3,
                               "reflect_damage": rng.random() < 0.3,
                               "bleed": rng.random() < 0.3},
                      "clear_counter": rng.randint(0, 3),
                      "random_attack_used": rng.random() < 0.5}}


@pytest.mark.slow
@given(seed=st.integers(0, 10**6), rng=st.randoms(use_true_random=False))
def test_random_late_game_setups_keep_the_invariants_and_replay(seed, rng):
    content = start(1, "normal").rules.content
    setup = random_setup(rng, content)
    match = build_match(validate_record(new_record("crawl", "1", seed, {}, setup)))
    b = setup["board"]
    total = (sum(c is not None for c in [*b["board"], b["left_hand"], b["right_hand"],
                                         b["backpack"]]) + len(b["deck"]))
    steps = 0
    while match.result is None and steps < MAX_STEPS:
        legal = match.legal_decisions(0)
        if not legal:  # only a setup can leave nothing to do (docs/crawl.md)
            return
        assert match.submit(rng.choice(legal)).ok
        steps += 1
        state = match.state_json()["board"]
        held = [c for c in [*state["board"], state["left_hand"], state["right_hand"],
                            state["backpack"]] if c is not None]
        assert len(held) + state["deck_count"] + state["removed"] == total
        assert 0 <= state["hero"]["hp"] <= 13 and state["hero"]["gold"] >= 0
        assert all(c["type"] != "enemy" or c["value"] >= 1 for c in state["board"] if c)
        assert match.turn == steps
    assert match.result is not None
    again = replay(validate_record(match_record(match)))
    assert state_hash(again.match.state_json()) == state_hash(match.state_json())


def normalize(decision: Any) -> Any:
    """The canonical form of a decision the rules accepted (unknown fields dropped)."""
    if decision["type"] != "move":
        return {"seat": 0, "type": decision["type"]}
    return move_decision(decision["from"], decision.get("from_index"), decision["to"],
                         decision.get("to_index"))


junk = st.one_of(st.none(), st.integers(-2, 5), st.text(max_size=3), st.booleans(),
                 st.lists(st.integers(0, 3), max_size=2))
decisions = st.one_of(
    st.fixed_dictionaries(
        {"seat": st.sampled_from([0, 0, 0, 1, "0", True]), "type": st.sampled_from(VERBS),
         "from": st.sampled_from(ZONES), "to": st.sampled_from(ZONES)},
        optional={"from_index": st.one_of(st.integers(-1, 4), junk),
                  "to_index": st.one_of(st.integers(-1, 4), junk),
                  "abilities": st.lists(st.sampled_from(["swap", "revive", "life", "nope"]),
                                        max_size=6)}),
    junk,
)


@given(seed=st.integers(0, 10**6), rng=st.randoms(use_true_random=False),
       tries=st.lists(decisions, min_size=1, max_size=12))
@pytest.mark.slow
def test_random_decisions_are_rejected_cleanly_or_are_legal(seed, rng, tries):
    match = start(seed, rng.choice(["normal", "constructed"]))
    for _ in range(rng.randrange(0, 12)):
        if match.result is not None:
            break
        assert match.submit(pick(match, rng)).ok
    for decision in tries:
        legal = [normalize(d) for d in match.legal_decisions(0) if d["type"] != "choose_abilities"]
        before = canonical(match.state_json())
        streams = streams_state(match)
        outcome = match.submit(decision)
        if outcome.ok:
            assert match.phase == "play" or match.result is not None or (
                decision["type"] == "choose_abilities")
            if decision["type"] != "choose_abilities":
                assert normalize(decision) in legal
        else:
            assert canonical(match.state_json()) == before
            assert streams_state(match) == streams
            if isinstance(decision, dict) and decision.get("type") in ("move", "rebuy",
                                                                       "random_attack"):
                ok_shape = decision.get("seat") == 0 and decision["seat"] is not True
                if ok_shape and outcome.error not in ("bad_decision", "wrong_phase"):
                    assert normalize(decision) not in legal


@given(seed=st.integers(0, 10**6), rng=st.randoms(use_true_random=False))
@pytest.mark.slow
def test_mark_submit_rollback_restores_everything(seed, rng):
    match = start(seed, rng.choice(["normal", "constructed"]))
    while match.result is None and rng.random() < 0.9:
        with match.active():
            before_world = ecs.world_snapshot()
            next_id = ecs.next_entity_id()
        before = canonical(match.state_json())
        streams = streams_state(match)
        index_sizes = {k: len(v) for k, v in _index_tables(match).items()}
        mark = match.mark()
        depth = rng.randrange(1, 4)
        for _ in range(depth):
            if match.result is not None:
                break
            assert match.submit(pick(match, rng)).ok
        match.rollback(mark)
        assert canonical(match.state_json()) == before
        assert streams_state(match) == streams
        assert {k: len(v) for k, v in _index_tables(match).items()} == index_sizes
        with match.active():
            assert ecs.world_snapshot() == before_world
            assert ecs.next_entity_id() == next_id
        assert match.submit(pick(match, rng)).ok


def _index_tables(match: Match) -> dict[str, Any]:
    """What the query layer holds of the cards (rows by id): a rollback must leave as many."""
    from game.systems.crawl.world import CARDS

    with match.active():
        return {"cards": CARDS(match), "by_id": CARDS.index(match)}
