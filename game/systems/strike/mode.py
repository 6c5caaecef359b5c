"""The Marve-Strike mode (spec strike.md): its `Rules` for the engine's `Match` and its
registration.

`StrikeRules` gives the engine the seven verbs of section 5 and their phases, the field types
(check 2), the mode's own checks in the spec's order (check 6, after the engine's common checks
1-5), the resolution of an accepted decision as one queued action, the State JSON and seat view
of section 6 and the canonical legal lists of 4.6 / 5. Streams: `deal` and `combat` (4.12);
forced rolls live in `board.rolls`, not in the engine's `forced` object.
"""

from __future__ import annotations

from typing import Any

from game.engine.match import Match, ModuleRules
from game.engine.modes import ModeSpec, bench_of, lazy_cpu, register
from game.engine.resources import ResourceSet
from game.systems.strike import combat, draft, legal
from game.systems.strike import setup as setup_rules
from game.systems.strike.content import RESOURCE_FILES, content_of
from game.systems.strike.state import board_json, mask_board

MODE_ID = "strike"
RULES_VERSION = "1"
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
    messages = MESSAGES
    legal = legal
    setup = setup_rules
    streams = STREAMS
    forceable_streams = frozenset({"deal", "combat"})

    def board_json(self, match: Match) -> dict[str, Any]:
        return board_json(match)

    def mask_board(self, board: dict[str, Any], seat: int) -> dict[str, Any]:
        return mask_board(board, seat)


def resolve(match: Match, decision: dict[str, Any]) -> None:
    """One accepted decision, by verb (4.3-4.8)."""
    verb = decision["type"]
    seat = decision["seat"]
    if match.state.phase == "draft":
        draft.pick(match, seat, verb, decision.get("card"), decision.get("drop"))
    elif verb == "place":
        draft.place(match, seat, (decision["tile"][0], decision["tile"][1]))
    elif verb == "move":
        combat.do_move(match, seat, decision["unit"], (decision["to"][0], decision["to"][1]))
    elif verb == "attack":
        combat.do_attack(match, seat, decision["unit"], decision["attack"],
                         decision.get("target"))
    else:
        combat.do_pass(match, seat)


StrikeRules.resolve = staticmethod(resolve)  # `resolve` comes after the class


def create_match(record: dict[str, Any], resources: ResourceSet) -> Match:
    """The match of a validated record at its start: the deal or its setup."""
    content = content_of(resources)
    match = Match(StrikeRules(content), seed=record["seed"], options=record.get("options"),
                  resources=resources, phase="draft")
    match.begin(record.get("setup"))
    return match


SPEC = register(ModeSpec(
    id=MODE_ID,
    title="Marve-Strike",
    description="Draft three elemental heroes, then fight on a 23 x 11 grid.",
    rules_version=RULES_VERSION,
    seats=2,
    cpu_levels=("easy", "normal", "hard"),
    default_level="normal",
    resource_files=RESOURCE_FILES,
    create_match=create_match,
    make_cpu=lazy_cpu("game.ai.strike"),
    scene_entry="game.scenes.strike.start:open_strike",
    shot_entry="game.scenes.strike.start:shot_view",
    bench=bench_of("game.ai.strike.bench", "game.scenes.strike.bench"),
    menu_order=10,
))
