"""game.engine.piles: ordered zones changed by journaled commands with events."""

from __future__ import annotations

import esper
import pytest

from game.components.common import Ident, InPile, Pile
from game.engine import ecs
from game.engine.events import Event
from game.engine.piles import (
    PileFull,
    cards_in,
    create_pile,
    fill_pile,
    has_room,
    move_card,
    pile_named,
    pile_of,
    remove_card,
    shuffle_pile,
    top_card,
)
from game.engine.rng import Stream


def make_cards(match, *names: str) -> list[int]:
    return [match.journal.create(Ident(name)) for name in names]


def names(pile: int) -> list[str]:
    return [esper.component_for_entity(c, Ident).id for c in cards_in(pile)]


def test_create_pile_and_move_cards_to_bottom_and_top(bare):
    with bare.active():
        deck = create_pile(bare, "deck", owner=0)
        assert pile_named(bare, "deck") == deck
        assert esper.component_for_entity(deck, Pile) == Pile("deck", 0, 0, ())
        a, b, c, d = make_cards(bare, "a", "b", "c", "d")
        for card in (a, b, c):
            move_card(card).to(deck).run(bare)  # bottom
        move_card(d).to(deck, 0).run(bare)  # top
        assert names(deck) == ["d", "a", "b", "c"]
        assert top_card(deck) == d
        assert [pile_of(x) for x in (a, b, c, d)] == [deck] * 4
        move_card(c).to(deck, 1).run(bare)  # reorder inside the pile
        assert names(deck) == ["d", "c", "a", "b"]


def test_fill_pile_takes_cards_in_no_pile_or_created_for_it_and_rolls_back(bare):
    with bare.active():
        deck = create_pile(bare, "deck")
        mark = bare.journal.mark()
        bare_card = bare.journal.create(Ident("a"))  # no InPile yet
        made_for = bare.journal.create(Ident("b"), InPile(deck))  # a deal's card
        nowhere = bare.journal.create(Ident("c"), InPile())
        fill_pile(bare, deck, (bare_card, made_for, nowhere))
        assert names(deck) == ["a", "b", "c"]
        assert [pile_of(c) for c in (bare_card, made_for, nowhere)] == [deck] * 3
        bare.journal.rollback(mark)
        assert cards_in(deck) == ()
        assert not esper.entity_exists(made_for)


def test_moves_keep_order_at_the_top_the_middle_and_past_the_end(bare):
    with bare.active():
        deck, hand = create_pile(bare, "deck"), create_pile(bare, "hand")
        a, b, c, d = make_cards(bare, "a", "b", "c", "d")
        for card in (a, b, c):
            move_card(card).to(deck).run(bare)
        move_card(d).to(deck, 99).run(bare)  # an index past the end: the bottom
        assert names(deck) == ["a", "b", "c", "d"]
        move_card(a).to(hand).run(bare)  # the top card
        move_card(c).to(hand, 0).run(bare)  # from the middle, onto the top
        assert names(deck) == ["b", "d"] and names(hand) == ["c", "a"]
        move_card(d).to(deck, 0).run(bare)  # within its pile, to the top
        assert names(deck) == ["d", "b"]


def test_moving_a_card_between_piles_keeps_the_others_in_order(bare):
    with bare.active():
        deck, hand = create_pile(bare, "deck"), create_pile(bare, "hand")
        cards = make_cards(bare, "a", "b", "c", "d", "e")
        for card in cards:
            move_card(card).to(deck).run(bare)
        bare.events.pending.clear()
        cmd = move_card(cards[2]).to(hand).run(bare)
        move_card(cards[0]).to(hand).run(bare)
        assert names(deck) == ["b", "d", "e"]
        assert names(hand) == ["c", "a"]
        assert cmd.origin == deck
        assert esper.component_for_entity(cards[2], InPile).pile == hand
    assert bare.events.pending == [
        Event("card_moved", {"card": "c", "origin": "deck", "to": "hand"}),
        Event("card_moved", {"card": "a", "origin": "deck", "to": "hand"}),
    ]


def test_a_card_from_nowhere_gets_in_pile_and_remove_card_takes_it_out(bare):
    with bare.active():
        deck = create_pile(bare, "deck")
        (card,) = make_cards(bare, "x")
        assert pile_of(card) == 0
        assert top_card(deck) is None
        move_card(card).to(deck).run(bare)
        remove_card(card).run(bare)
        assert cards_in(deck) == ()
        assert esper.component_for_entity(card, InPile).pile == 0
        assert pile_of(card) == 0
    assert bare.events.pending == [
        Event("card_moved", {"card": "x", "origin": None, "to": "deck"}),
        Event("card_moved", {"card": "x", "origin": "deck", "to": None}),
    ]


def test_a_full_pile_raises_pile_full_and_nothing_changes(bare):
    with bare.active():
        deck, slot = create_pile(bare, "deck"), create_pile(bare, "slot", capacity=2)
        a, b, c = make_cards(bare, "a", "b", "c")
        for card in (a, b, c):
            move_card(card).to(deck).run(bare)
        move_card(a).to(slot).run(bare)
        assert has_room(slot) and not has_room(slot, 2)
        move_card(b).to(slot).run(bare)
        assert not has_room(slot)
        assert has_room(deck, 100)  # capacity 0: unlimited
        bare.events.pending.clear()
        before = ecs.world_snapshot()
        with pytest.raises(PileFull, match="pile 'slot' is full"):
            move_card(c).to(slot).run(bare)
        assert ecs.world_snapshot() == before
        assert (names(deck), names(slot), pile_of(c)) == (["c"], ["a", "b"], deck)
        assert bare.events.pending == []
        # reordering inside a full pile is not an overflow
        move_card(b).to(slot, 0).run(bare)
        assert names(slot) == ["b", "a"]


def test_shuffle_uses_the_named_stream(bare):
    with bare.active():
        deck = create_pile(bare, "deck")
        cards = make_cards(bare, *"abcdefgh")
        for card in cards:
            move_card(card).to(deck).run(bare)
        bare.events.pending.clear()
        shuffle_pile(deck).run(bare)
        expected = Stream(bare.seed, "shuffle").shuffle(cards)
        assert list(cards_in(deck)) == expected != cards
        assert bare.stream("shuffle").draws == 1

        shuffle_pile(deck, "dungeon").run(bare)
        assert list(cards_in(deck)) == Stream(bare.seed, "dungeon").shuffle(expected)
        assert bare.stream("dungeon").draws == 1
        assert bare.streams.names() == ["dungeon", "shuffle"]
        assert sorted(cards_in(deck)) == cards
    assert bare.events.pending == [
        Event("pile_shuffled", {"pile": "deck", "stream": "shuffle"}),
        Event("pile_shuffled", {"pile": "deck", "stream": "dungeon"}),
    ]


def test_a_forced_shuffle_sets_the_exact_order(bare):
    with bare.active():
        deck = create_pile(bare, "deck")
        a, b, c = make_cards(bare, "a", "b", "c")
        for card in (a, b, c):
            move_card(card).to(deck).run(bare)
        bare.streams.force("shuffle", [[c, a, b]])
        shuffle_pile(deck).run(bare)
        assert names(deck) == ["c", "a", "b"]
        assert bare.stream("shuffle").draws == 0


def test_pile_commands_fire_hooks_and_can_be_cancelled(bare):
    with bare.active():
        deck, hand = create_pile(bare, "deck"), create_pile(bare, "hand")
        (card,) = make_cards(bare, "a")
        move_card(card).to(deck).run(bare)
        bare.hooks.listen("before:move_card",
                          lambda m, cmd: cmd.cancel() if cmd.dest == hand else None)
        move_card(card).to(hand).run(bare)
        assert (names(deck), names(hand)) == (["a"], [])
        bare.hooks.listen("before:shuffle_pile", lambda m, cmd: cmd.cancel())
        shuffle_pile(deck).run(bare)
        assert bare.stream("shuffle").draws == 0
