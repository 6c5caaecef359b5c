"""The Kingdom mode (spec kingdom.md): its `Rules` for the engine's `Match` and its
registration.

`KingdomRules` gives the engine the seven verbs of section 5 and their phases, the field types
(check 2), the verbs' own checks (check 6, after the engine's common checks 1-5), which return
the decision's intent (game.systems.kingdom.legal) for the step of the schedule that consumes
it (game.systems.kingdom.schedule), the one table of the spec's events made from the
commands' fields, the State JSON and seat view of section 6 and the `--legal` list. Streams:
`shop/<seat>` for offers and `deck/<seat>` for the human Default preset (4.9); the CPUs' `ai`
streams are never the match's.
"""

from __future__ import annotations

from typing import Any

import esper

from game.components.common import Ident, Owner
from game.engine.match import Intent, Match, ModuleRules, Rejection
from game.engine.modes import bench_of, lazy_cpu, register, spec_of
from game.engine.resources import ResourceSet
from game.engine.tutorial import TUTORIAL_FILE
from game.systems.kingdom import legal
from game.systems.kingdom import setup as setup_rules
from game.systems.kingdom.card import CARD
from game.systems.kingdom.commands import (
    Deploy,
    MoveUnit,
    PayUpkeep,
    SellUnit,
    StockShop,
    StoreCombatLog,
    UpgradeNexus,
)
from game.systems.kingdom.content import MODES, RESOURCE_FILES, content_of
from game.systems.kingdom.pools import default_preset
from game.systems.kingdom.schedule import SCHEDULE
from game.systems.kingdom.state import (
    board_json,
    copy_json,
    view_board,
    view_decision,
    view_to_act,
)

MODE_ID = CARD.id
RULES_VERSION = CARD.rules_version  # what new matches play (the card says what differs)
STREAMS = ("shop/0", "shop/1", "deck/0", "deck/1")

MESSAGES = {
    "invalid_deck": "That deck is not valid.",
    "bad_offer": "No such offer.",
    "bad_slot": "No such slot.",
    "offer_empty": "That offer was already bought.",
    "hero_dead": "Fallen — lost for this match.",
    "hero_deployed": "Already on the battlefield.",
    "hero_locked_era": "Your Nexus has not reached the hero's era yet.",
    "slot_occupied": "That slot is taken.",
    "not_enough_coins": "Not enough coins.",
    "slot_empty": "That slot is empty.",
    "cannot_sell_hero": "Heroes cannot be sold.",
    "max_level": "Your Nexus is at its last era.",
}


class KingdomRules(ModuleRules):
    """Kingdom as the engine sees it. One instance per match (it holds the content)."""

    mode = MODE_ID
    rules_version = RULES_VERSION
    seats = 2
    verbs = legal.VERBS
    fields = legal.FIELDS
    messages = MESSAGES
    legal = legal
    setup = setup_rules
    streams = STREAMS
    schedule = SCHEDULE

    def intent(self, match: Match, decision: dict[str, Any]) -> Intent:
        return legal.intent(match, decision)

    def board_json(self, match: Match) -> dict[str, Any]:
        return board_json(match)

    def view_board(self, match: Match, seat: int) -> dict[str, Any]:
        return view_board(match, seat)

    def view_to_act(self, match: Match, seat: int) -> tuple[int, ...]:
        return view_to_act(match, seat)

    def view_decision(self, decision: dict[str, Any], seat: int,
                      phase: str) -> dict[str, Any] | None:
        return view_decision(decision, seat, phase)

    def deck_preset(self, match: Match, seat: int, mode: str, faction: str
                    ) -> tuple[str, list[str]] | Rejection:
        """The Default preset (4.2.3) of `seat`'s deck builder for a `mode` tile, drawn from
        the seat's `deck/<seat>` stream: (hero, units in pick order). The deck builder's
        Default button and first pick of a tile ask it, and a network host asks it for its
        seats (a client never has the match's streams; docs/network.md "Kingdom"). Not a
        decision: nothing is recorded, only the stream moves. A Rejection, with nothing
        drawn, when the seat is not building (the phase is over, its deck is built) or the
        tile is not one of `mode`."""
        if match.result is not None:
            return Rejection("game_over", "The match is over.")
        if match.phase != "deck_builder":
            return Rejection("wrong_phase", "The deck builder is over.")
        if seat not in match.to_act:
            return Rejection("not_your_turn", "Your deck is built.")
        if mode not in MODES or not self.content.is_faction(mode, faction):
            return Rejection("bad_preset", f"No {faction!r} tile in {mode!r} mode.")
        return default_preset(self.content, mode, faction, match.stream(f"deck/{seat}"))

    def position_setup(self, match: Match) -> dict[str, Any] | str:
        """Kingdom's setups start in planning (docs/kingdom.md "Setups"): a deck-builder
        position has no setup; a new match from the deal builds its decks again."""
        if match.phase == "deck_builder":
            return ("Kingdom setups start in planning: a deck-builder position cannot be "
                    "played from (start a new match instead).")
        return super().position_setup(match)


# -- the spec's events (section 5, 4.6.7), from the commands' fields ---------------------------
def _bought(match: Match, c: Deploy) -> None:
    match.emit("unit_bought", seat=c.seat, slot=c.slot, uid=c.uid, card=c.card, offer=c.offer,
               cost=c.cost)


def _sold(match: Match, c: SellUnit) -> None:
    match.emit("unit_sold", seat=c.seat, slot=c.slot, uid=c.uid, card=c.card, coins=c.price)


def _moved(match: Match, c: MoveUnit) -> None:
    match.emit("unit_moved", seat=esper.component_for_entity(c.target_id, Owner).seat,
               uid=esper.component_for_entity(c.target_id, Ident).id,
               **{"from": c.origin, "to": c.to})


def _stocked(match: Match, c: StockShop) -> None:
    if c.reason == "refresh":
        match.emit("shop_refreshed", seat=c.seat, cost=c.cost)
    elif c.reason == "top_up" and c.positions:
        match.emit("shop_topped_up", seat=c.seat, positions=list(c.positions))


def _upgraded(match: Match, c: UpgradeNexus) -> None:
    match.emit("nexus_upgraded", seat=c.seat, level=c.level, hp=c.hp, max_hp=c.max_hp)


def _upkeep(match: Match, c: PayUpkeep) -> None:
    match.emit("upkeep", seat=c.seat, tax=c.tax, base=c.base, income=c.income, coins=c.coins)


def _combat(match: Match, c: StoreCombatLog) -> None:
    for event in c.events:
        match.emit(event["type"], **{k: copy_json(v) for k, v in event.items() if k != "type"})


# The one table of the mode's events: the commands the spec has events for. The others emit
# none (coins spent or gained, a fallen unit, an entity created, an intent attached or
# removed: the action's own event says it); the phase changes and the match's end are said by
# the systems that make them.
EVENTS = {Deploy: _bought, SellUnit: _sold, MoveUnit: _moved, StockShop: _stocked,
          UpgradeNexus: _upgraded, PayUpkeep: _upkeep, StoreCombatLog: _combat}
KingdomRules.events = EVENTS


def create_match(record: dict[str, Any], resources: ResourceSet) -> Match:
    """The match of a validated record at its start: the deck builder or its setup."""
    content = content_of(resources)
    match = Match(KingdomRules(content, record["rules"]), seed=record["seed"], options=record.get("options"),
                  resources=resources, phase="deck_builder")
    match.begin(record.get("setup"))
    return match


SPEC = register(spec_of(
    CARD,
    ai_stream_template="ai/{seat}",
    resource_files=(*RESOURCE_FILES, TUTORIAL_FILE),  # docs/tutorials.md
    create_match=create_match,
    make_cpu=lazy_cpu("game.ai.kingdom"),
    scene_entry="game.scenes.kingdom.start:open_kingdom",
    shot_entry="game.scenes.kingdom.start:shot_view",
    bench=bench_of("game.ai.kingdom.bench", "game.scenes.kingdom.bench"),
))
