"""The Marve-Strike mode (spec strike.md): its `Rules` for the engine's `Match` and its
registration.

`StrikeRules` gives the engine the seven verbs of section 5 and their phases, the field types
(check 2), the mode's own checks in the spec's order (check 6, after the engine's common checks
1-5), which return the decision's intent (game.systems.strike.legal: an intent component on the
entity it concerns, and the phase's step of the schedule that consumes it), the one table of
the spec's events (section 8) made from the commands' fields, the State JSON and seat view of
section 6 and the canonical legal lists of 4.6 / 5. Streams: `deal` and `combat` (4.12); forced
rolls live in `board.rolls`, not in the engine's `forced` object.
"""

from __future__ import annotations

from typing import Any

import esper

from game.components.common import Health
from game.engine.commands import (
    AddStatus,
    Damage,
    Heal,
    MoveTo,
    PlaceAt,
    RemoveStatus,
    SetCooldowns,
    TickStatus,
    ident,
)
from game.engine.match import Intent, Match, ModuleRules
from game.engine.modes import bench_of, lazy_cpu, register, spec_of
from game.engine.resources import ResourceSet
from game.engine.tutorial import TUTORIAL_FILE
from game.systems.strike import legal
from game.systems.strike import setup as setup_rules
from game.systems.strike.card import CARD
from game.systems.strike.combat import ExpireFlame, on_damage
from game.systems.strike.content import RESOURCE_FILES, content_of
from game.systems.strike.schedule import SCHEDULE
from game.systems.strike.state import board_json, mask_board

MODE_ID = CARD.id
RULES_VERSION = CARD.rules_version  # what new matches play (the card says what differs)
STREAMS = ("deal", "combat")

MESSAGES = {
    "game_over": "The match is over.",
    "not_your_turn": "It is not your turn.",
    "wrong_phase": "Not now.",
    "deck_full": "Your deck is full.",
    "deck_not_full": "Swap only with a full deck.",
    "card_not_in_hand": "That card is not in that hand.",
    "card_not_in_deck": "That card is not in your deck.",
    "must_act": "You still have something to do.",
    "out_of_bounds": "Off the board.",
    "outside_zone": "Outside your zone.",
    "occupied": "Occupied.",
    "unknown_unit": "No such living unit.",
    "not_your_unit": "Not your unit.",
    "rooted": "Rooted!",
    "not_reachable": "Not reachable.",
    "stunned": "Stunned!",
    "unknown_attack": "No such ability.",
    "on_cooldown": "Cooling down.",
    "bad_target": "Not a valid target.",
    "out_of_range": "Out of range!",
}


class StrikeRules(ModuleRules):
    """Marve-Strike as the engine sees it. One instance per match (it holds the content)."""

    mode = MODE_ID
    rules_version = RULES_VERSION
    seats = 2
    verbs = legal.VERBS
    fields = legal.FIELDS
    messages = MESSAGES
    legal = legal
    setup = setup_rules
    streams = STREAMS
    forceable_streams = frozenset({"deal", "combat"})
    schedule = SCHEDULE

    def check(self, match: Match, decision: dict[str, Any]) -> str | Intent:
        return legal.check(match, decision)

    def intent(self, match: Match, decision: dict[str, Any]) -> Intent:
        return legal.intent(match, decision)

    def install(self, match: Match) -> None:
        """A hero dies at "after:damage" (4.11), then the content's status triggers run."""
        match.hooks.listen("after:damage", on_damage)
        self.content.statuses.install(match)

    def board_json(self, match: Match) -> dict[str, Any]:
        return board_json(match)

    def mask_board(self, board: dict[str, Any], seat: int) -> dict[str, Any]:
        return mask_board(board, seat)


# -- the spec's events (section 8), from the commands' fields -------------------------------
def _unit(command: Any) -> Any:
    return ident(command.target_id)


def _damage(match: Match, command: Damage) -> None:
    match.emit("damage_dealt", unit=_unit(command), amount=command.amount,
               hp=esper.component_for_entity(command.target_id, Health).hp,
               source=command.cause, by=ident(command.source_id), roll=command.roll,
               percent=command.percent)


def _heal(match: Match, command: Heal) -> None:
    match.emit("healed", unit=_unit(command), amount=command.amount,
               hp=esper.component_for_entity(command.target_id, Health).hp,
               source=command.cause)


def _place(match: Match, command: PlaceAt) -> None:
    match.emit("unit_placed", unit=_unit(command), tile=[command.x, command.y])


def _move(match: Match, command: MoveTo) -> None:
    match.emit("unit_moved", unit=_unit(command), **{"from": list(command.origin)},
               to=[command.x, command.y], path=command.path)


def _add_status(match: Match, command: AddStatus) -> None:
    match.emit("status_applied", unit=_unit(command), status=command.kind,
               turns=command.status.turns, value=command.status.value)


def _tick_status(match: Match, command: TickStatus) -> None:
    if command.expired:
        match.emit("status_expired", unit=_unit(command), status=command.kind)


def _remove_status(match: Match, command: RemoveStatus) -> None:
    if command.reason == "expired":  # ended at its kind's end point; a death is silent
        match.emit("status_expired", unit=_unit(command), status=command.kind)


def _cooldowns(match: Match, command: SetCooldowns) -> None:
    for i in command.ready:
        match.emit("cooldown_ready", unit=_unit(command), attack=i)


def _flame_expired(match: Match, command: ExpireFlame) -> None:
    match.emit("flame_expired", tile=list(command.tile))


# The one table of the mode's events: the commands the spec has events for, and how each is
# told. The others emit none (a card moved between piles, an entity created or destroyed, an
# intent attached or removed: the spec has no event for them).
EVENTS = {Damage: _damage, Heal: _heal, PlaceAt: _place, MoveTo: _move,
          AddStatus: _add_status, TickStatus: _tick_status, RemoveStatus: _remove_status,
          SetCooldowns: _cooldowns, ExpireFlame: _flame_expired}
StrikeRules.events = EVENTS


def create_match(record: dict[str, Any], resources: ResourceSet) -> Match:
    """The match of a validated record at its start: the deal or its setup."""
    content = content_of(resources)
    match = Match(StrikeRules(content, record["rules"]), seed=record["seed"], options=record.get("options"),
                  resources=resources, phase="draft")
    match.begin(record.get("setup"))
    return match


SPEC = register(spec_of(
    CARD,
    resource_files=(*RESOURCE_FILES, TUTORIAL_FILE),  # docs/tutorials.md
    create_match=create_match,
    make_cpu=lazy_cpu("game.ai.strike"),
    scene_entry="game.scenes.strike.start:open_strike",
    shot_entry="game.scenes.strike.start:shot_view",
    bench=bench_of("game.ai.strike.bench", "game.scenes.strike.bench"),
))
