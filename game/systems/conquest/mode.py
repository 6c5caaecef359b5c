"""The CardConquest mode (spec conquest.md): its `Rules` for the engine's `Match` and its
registration.

`ConquestRules` gives the engine the nine verbs of 5.1 and their phases, the field types (check
2), the mode's own checks in the spec's order (5.2, after the engine's common checks 1-5),
which return the decision's intent (game.systems.conquest.legal), the schedule of systems that
consume it (game.systems.conquest.schedule), the one table of the spec's events (4.16) made
from the commands' fields, the State JSON and seat view of section 6 and the legal lists of
5.3. The rules draw nothing from an RNG: the only streams are the CPU seats' own `ai.0` and
`ai.1`, which the live match never draws (4.1.4).
"""

from __future__ import annotations

from typing import Any

from game.engine.match import Match, ModuleRules
from game.engine.modes import bench_of, lazy_cpu, register, spec_of
from game.engine.resources import ResourceSet
from game.engine.tutorial import TUTORIAL_FILE
from game.systems.conquest import abilities, legal, world
from game.systems.conquest import setup as setup_rules
from game.systems.conquest.armies import DealArmies, armies_created
from game.systems.conquest.card import CARD
from game.systems.conquest.commands import EVENTS as COMMAND_EVENTS
from game.systems.conquest.content import RESOURCE_FILES, content_of
from game.systems.conquest.schedule import SCHEDULE
from game.systems.conquest.setup import SETUP_KINDS
from game.systems.conquest.state import board_json
from game.systems.conquest.view import mask_board, view_decision

MODE_ID = CARD.id
RULES_VERSION = CARD.rules_version  # what new matches play (the card says what differs)
STREAMS = ("ai.0", "ai.1")
CPU_LEVELS = CARD.cpu_levels

MESSAGES = {
    "not_ready": "You are not ready.",
    "already_ready": "You are ready: unready to change your orders.",
    "unknown_commander": "No such commander.",
    "no_units": "Name at least one unit.",
    "unknown_unit": "No such living unit.",
    "not_your_unit": "Not your unit.",
    "unknown_tile": "No such tile.",
    "water": "Units cannot enter water.",
    "zone_forbidden": "Place units only in your own zone.",
    "not_adjacent": "Units move one tile at a time.",
    "not_eligible": "That unit cannot reinforce this battle.",
    "card_not_in_hand": "That card is not in your hand.",
    "not_retreating": "That unit does not retreat.",
    "retreat_toward_enemy": "You cannot retreat toward the enemy base.",
    "retreat_enemy_present": "Enemy units hold that tile.",
    "no_commander_chosen": "Choose a commander first.",
    "not_all_placed": "Place every unit first.",
    "no_card_chosen": "Choose a card first.",
    "must_retreat_all": "Every retreating unit must leave the battle first.",
}

# The one table of the mode's events (4.16): the commands of game.systems.conquest.commands,
# and the armies' creation.
EVENTS = {**COMMAND_EVENTS, DealArmies: armies_created}


class ConquestRules(ModuleRules):
    """CardConquest as the engine sees it. One instance per match (it holds the content)."""

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
    events = EVENTS

    def message(self, error: str) -> str:
        if error == "tile_full":  # the cap is the content's (`rules.toml`)
            return f"At most {self.content.rules.max_own_per_tile} of your units on one tile."
        return super().message(error)

    # The rules' own functions, not methods that call them: `Match.submit` asks one of them
    # for every decision, and a search submits thousands (one Python frame less each).
    check = staticmethod(legal.check)
    intent = staticmethod(legal.intent)

    def install(self, match: Match) -> None:
        """The ability trigger at `conquest.battle` (game.systems.conquest.abilities)."""
        abilities.install(match)

    def board_json(self, match: Match) -> dict[str, Any]:
        return board_json(match)

    def view_board(self, match: Match, seat: int) -> dict[str, Any]:
        return mask_board(board_json(match), seat, match.state.phase)

    def view_decision(self, decision: dict[str, Any], seat: int,
                      phase: str) -> dict[str, Any] | None:
        return view_decision(decision, seat, phase)

    def waiting_for(self, match: Match) -> tuple[int, ...]:
        """A ready seat stays in `to_act` until the other readies (4.3) but has nothing to
        decide meanwhile (it may only unready)."""
        with match.active():
            ready = world.ready_flags(match)
        return tuple([seat for seat in match.state.to_act if not ready[seat]])


def create_match(record: dict[str, Any], resources: ResourceSet) -> Match:
    """The match of a validated record at its start: a new match or its setup."""
    content = content_of(resources)
    match = Match(ConquestRules(content, record["rules"]), seed=record["seed"],
                  options=record.get("options"), resources=resources, phase="commander")
    match.begin(record.get("setup"))
    return match


def check_options(options: dict[str, Any], seed: int) -> str | None:
    """6.1: `setup_kind` is "commanders" (default) or "classic"."""
    kind = options.get("setup_kind", "commanders")
    if kind not in SETUP_KINDS:
        return f"setup_kind: must be one of {', '.join(SETUP_KINDS)}, not {kind!r}"
    return None


SPEC = register(spec_of(
    CARD,
    resource_files=(*RESOURCE_FILES, TUTORIAL_FILE),  # docs/tutorials.md
    create_match=create_match,
    make_cpu=lazy_cpu("game.ai.conquest"),
    bench=bench_of("game.ai.conquest.bench", "game.scenes.conquest.bench"),
    scene_entry="game.scenes.conquest.start:open_conquest",
    shot_entry="game.scenes.conquest.start:shot_view",
    check_options=check_options,
    default_options={"setup_kind": "commanders"},
))
