"""The Marve-Strike mode (spec strike.md): its `Rules` for the engine's `Match` and its
registration.

`StrikeRules` gives the engine the seven verbs of section 5 and their phases, the field types
(check 2), the mode's own checks in the spec's order (check 6, after the engine's common checks
1-5), the resolution of an accepted decision (an intent component, then the phase's step of
the schedule), the events of the engine's commands in the spec's shapes, the State JSON and
seat view of section 6 and the canonical legal lists of 4.6 / 5. Streams: `deal` and `combat`
(4.12); forced rolls live in `board.rolls`, not in the engine's `forced` object.
"""

from __future__ import annotations

from typing import Any

import esper

from game.components.common import Health
from game.components.strike import AttackOrder, MoveOrder, PassOrder, PickCard, PlaceOrder
from game.engine.commands import ident
from game.engine.match import Match, ModuleRules
from game.engine.modes import bench_of, lazy_cpu, register, spec_of
from game.engine.resources import ResourceSet
from game.systems.strike import legal, world
from game.systems.strike import setup as setup_rules
from game.systems.strike.card import CARD
from game.systems.strike.content import RESOURCE_FILES, content_of
from game.systems.strike.draft import unplaced
from game.systems.strike.schedule import SCHEDULE, STEP_OF_PHASE
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

    def board_json(self, match: Match) -> dict[str, Any]:
        return board_json(match)

    def mask_board(self, board: dict[str, Any], seat: int) -> dict[str, Any]:
        return mask_board(board, seat)

    def command_event(self, match: Match, command: Any) -> None:
        emit_command_event(match, command)


def _unit(command: Any) -> Any:
    return ident(command.target_id)


def _damage(match: Match, command: Any) -> None:
    tags = command.tags
    match.emit("damage_dealt", unit=_unit(command), amount=command.amount,
               hp=esper.component_for_entity(command.target_id, Health).hp,
               source=tags["why"], by=tags["by"], roll=tags["roll"], percent=tags["percent"])


def _heal(match: Match, command: Any) -> None:
    match.emit("healed", unit=_unit(command), amount=command.amount,
               hp=esper.component_for_entity(command.target_id, Health).hp,
               source=command.tags["why"])


def _move(match: Match, command: Any) -> None:
    if command.tags.get("why") == "place":
        match.emit("unit_placed", unit=_unit(command), tile=[command.x, command.y])
    else:
        match.emit("unit_moved", unit=_unit(command), **{"from": list(command.origin)},
                   to=[command.x, command.y], path=command.tags["path"])


def _add_status(match: Match, command: Any) -> None:
    match.emit("status_applied", unit=_unit(command), status=command.kind,
               turns=command.status.turns, value=command.status.value)


def _tick_status(match: Match, command: Any) -> None:
    if command.expired:
        match.emit("status_expired", unit=_unit(command), status=command.kind)


def _remove_status(match: Match, command: Any) -> None:
    if command.reason == "expired":  # ended at its kind's `expire_on` point; a death is silent
        match.emit("status_expired", unit=_unit(command), status=command.kind)


def _cooldowns(match: Match, command: Any) -> None:
    for i in command.ready:
        match.emit("cooldown_ready", unit=_unit(command), attack=i)


def _destroy(match: Match, command: Any) -> None:
    if command.tags.get("why") == "flame_expired":
        match.emit("flame_expired", tile=command.tags["tile"])


# The spec's events (section 8) of the engine's commands; the others emit none (a card moved
# between piles, an entity created, an intent removed: the spec has no event for them).
COMMAND_EVENTS = {"damage": _damage, "heal": _heal, "move": _move, "add_status": _add_status,
                  "tick_status": _tick_status, "remove_status": _remove_status,
                  "cooldowns": _cooldowns, "destroy": _destroy}


def emit_command_event(match: Match, command: Any) -> None:
    emit = COMMAND_EVENTS.get(command.name)
    if emit is not None:
        emit(match, command)


def resolve(match: Match, decision: dict[str, Any]) -> None:
    """One accepted decision (4.3-4.8): its intent component, then the phase's step."""
    verb = decision["type"]
    seat = decision["seat"]
    phase = match.state.phase
    journal = match.journal
    if verb == "pass":
        journal.add(world.board_entity(), PassOrder(seat))
    elif phase == "draft":
        pile = f"hand{seat}" if verb == "retain" else f"hand{1 - seat}"
        card = world.card_in(match, pile, decision["card"])
        journal.add(card, PickCard(seat, verb, decision.get("drop")))  # type: ignore[arg-type]
    elif verb == "place":
        journal.add(unplaced(seat)[0][0], PlaceOrder(decision["tile"][0], decision["tile"][1]))
    else:
        hero = world.hero(decision["unit"])
        assert hero is not None
        if verb == "move":
            journal.add(hero[0], MoveOrder(decision["to"][0], decision["to"][1]))
        else:
            target = world.hero(decision["target"]) if decision.get("target") else None
            journal.add(hero[0], AttackOrder(decision["attack"], target[0] if target else 0))
    SCHEDULE.run(match, STEP_OF_PHASE[phase])


StrikeRules.resolve = staticmethod(resolve)  # `resolve` comes after the class


def create_match(record: dict[str, Any], resources: ResourceSet) -> Match:
    """The match of a validated record at its start: the deal or its setup."""
    content = content_of(resources)
    match = Match(StrikeRules(content, record["rules"]), seed=record["seed"], options=record.get("options"),
                  resources=resources, phase="draft")
    match.begin(record.get("setup"))
    return match


SPEC = register(spec_of(
    CARD,
    resource_files=RESOURCE_FILES,
    create_match=create_match,
    make_cpu=lazy_cpu("game.ai.strike"),
    scene_entry="game.scenes.strike.start:open_strike",
    shot_entry="game.scenes.strike.start:shot_view",
    bench=bench_of("game.ai.strike.bench", "game.scenes.strike.bench"),
))
