"""Scratch matches for CPU look-ahead (spec crawl.md 7.3; DESIGN.md section 5)."""

from __future__ import annotations

import random

from game.systems.crawl.scratch import run_cards, scratch_match

from .helpers import canonical, deal_match


def test_a_seat_view_with_the_deck_filled_in_is_the_same_position():
    match = deal_match(21)
    rng = random.Random(2)
    for _ in range(5):
        match.submit(rng.choice(match.legal_decisions(0)))
    full = match.state_json()
    scratch = scratch_match(match.view_json(0), full["board"]["deck"], 999)
    try:
        assert canonical({**scratch.state_json(), "seed": full["seed"]}) == canonical(full)
        assert scratch.legal_decisions(0) == match.legal_decisions(0)
        before = canonical(scratch.state_json())
        with scratch.active():
            for decision in scratch.legal_decisions(0):
                mark = scratch.mark()
                assert scratch.submit(decision).ok
                scratch.rollback(mark)
        assert canonical(scratch.state_json()) == before
        assert canonical(match.state_json()) == canonical(full)  # the live match: untouched
    finally:
        scratch.close()


def test_run_cards_is_the_deck_plus_the_runs_abilities():
    match = deal_match(4)
    content = match.rules.content
    abilities = match.state_json()["board"]["abilities"]
    cards = run_cards(content, abilities)
    assert len(cards) == 54 and [c["id"] for c in cards[-5:]] == abilities
    assert cards[0] == {"id": "e2a", "type": "enemy", "value": 2, "initial_value": 2,
                        "ability": None, "pyro": False, "bash": False, "spent": False,
                        "name": "Plague"}
