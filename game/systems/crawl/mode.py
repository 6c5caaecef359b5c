"""The Card Crawl mode (spec crawl.md): its `Rules` for the engine's `Match` and its
registration.

`CrawlRules` gives the engine the verbs and messages of section 5, the mode's own checks in the
order of 5.2 (after the engine's common checks 1-5), which return the decision's intent (a
`MoveOrder` naming the moved card and its destination, a `RebuyOrder`,
`RandomAttackOrder` or `PickOrder`, all on the run entity) and the step of the schedule that consumes it
(game.systems.crawl.cycle: `play`, or `pick` for a constructed run's abilities), the one table
of the spec's events made from the commands' fields (game.systems.crawl.commands), the State
JSON and seat view of section 6 and the canonical legal list of section 7. Streams: `deal` and
`dungeon` only; only `dungeon` can be forced (4.12).
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from game.components.crawl import MoveOrder, PickOrder, RandomAttackOrder, RebuyOrder
from game.engine.match import Intent, Match, Rules, SetupError, is_int
from game.engine.modes import bench_of, lazy_cpu, register, spec_of
from game.engine.resources import ResourceSet
from game.engine.tutorial import TUTORIAL_FILE
from game.systems.crawl.card import CARD
from game.systems.crawl.commands import EVENTS
from game.systems.crawl.content import RESOURCE_FILES, Content, content_of
from game.systems.crawl.cycle import SCHEDULE
from game.systems.crawl.deal import start_run
from game.systems.crawl.hero import LAST, spend_the_striker
from game.systems.crawl.legal import legal_decisions
from game.systems.crawl.moves import judge_move, pick_error
from game.systems.crawl.setup import load_setup
from game.systems.crawl.state import DeckTypes, board_json
from game.systems.crawl.table import ZONES
from game.systems.crawl.view import mask_board, view_board
from game.systems.crawl.world import (
    RUN,
    ZONE_INDEX,
    LiveTable,
    board_count,
    run,
    run_entity,
)

MODE_ID = CARD.id
RULES_VERSION = CARD.rules_version  # what new matches play (the card says what differs)
VARIANTS = ("normal", "constructed", "daily")
STREAMS = ("deal", "dungeon")  # the match's only streams (4.12); the CPU has its own `ai`

MESSAGES = {
    "unknown_decision": "Unknown decision.",
    "bad_decision": "Malformed decision.",
    "game_over": "The run is over.",
    "not_your_turn": "There is only one seat.",
    "wrong_phase": "Not now.",
    "bad_abilities": "Pick exactly 5 different abilities.",
    "no_cards_on_board": "Nothing on the board to rebuy.",
    "already_used": "The random attack is spent.",
    "illegal_move": "That card can't go there.",
    "invalid_slot": "No such slot.",
    "empty_source": "Nothing to move there.",
    "spent_card": "Used up: it clears at the next draw.",
    "locked_in_hand": "Equipped cards stay in their hand until used.",
    "hand_full": "That hand is full.",
    "backpack_full": "The backpack is full.",
    "no_shield": "Enemies go onto the hero or onto a shield.",
    "not_equipped": "Equip it in a hand first.",
    "no_bash": "Only a shield with Shield Bash can attack.",
    "invalid_target": "Not a valid target.",
    "not_wounded": "Gangrene needs a wounded enemy.",
    "deck_empty": "The deck is empty.",
}

PLAY = frozenset({"play"})
VERBS = {"move": PLAY, "rebuy": PLAY, "random_attack": PLAY,
         "choose_abilities": frozenset({"pick"})}
# Section 5.1's fields of each verb (an index beside a zone that is not the board is one of
# them, and ignored); any other key is bad_decision (the engine's common checks).
FIELDS = {"move": frozenset({"from", "from_index", "to", "to_index"}), "rebuy": frozenset(),
          "random_attack": frozenset(), "choose_abilities": frozenset({"abilities"})}
NO_PILE = frozenset({"hero", "chest"})  # move destinations that are not piles


class CrawlRules(Rules):
    """Card Crawl as the engine sees it. One instance per match (it holds the content)."""

    mode = MODE_ID
    rules_version = RULES_VERSION
    seats = 1
    verbs = VERBS
    fields = FIELDS
    messages = MESSAGES
    streams = STREAMS
    forceable_streams = frozenset({"dungeon"})
    schedule = SCHEDULE
    events = EVENTS

    def __init__(self, content: Content, *, printed_setups: bool = False) -> None:
        self.content = content
        self.deck_types = DeckTypes()  # this match's memo of its deck's type counts (6.1)
        # a CPU's scratch match loads only views this program printed: read, not checked
        self.printed_setups = printed_setups

    # -- starting --------------------------------------------------------------------------
    def start(self, match: Match) -> None:
        start_run(match, self.content)

    def load_setup(self, match: Match, setup: dict[str, Any]) -> None:
        load_setup(match, self.content, setup, checked=not self.printed_setups)

    def install(self, match: Match) -> None:
        """The content's hero effects and card marks (their triggers), then the one rule that
        must follow every `before:damage` trigger: a hit's enemy leaves the game."""
        self.content.statuses.install(match)
        match.hooks.listen("before:damage", spend_the_striker, LAST)

    # -- checks (5.1, 5.2) -----------------------------------------------------------------
    def malformed(self, decision: dict[str, Any]) -> bool:
        verb = decision["type"]
        if verb == "move":
            frm, to = decision.get("from"), decision.get("to")
            if not (isinstance(frm, str) and frm in ZONES and isinstance(to, str)
                    and to in ZONES):
                return True
            return (frm == "board" and not is_int(decision.get("from_index"))) or (
                to == "board" and not is_int(decision.get("to_index")))
        if verb == "choose_abilities":
            picked = decision.get("abilities")
            return not (isinstance(picked, list) and all(isinstance(a, str) for a in picked))
        return False

    def check(self, match: Match, decision: dict[str, Any]) -> str | Intent:
        verb = decision["type"]
        if verb == "move":
            frm, to = decision["from"], decision["to"]
            fi, ti = decision.get("from_index"), decision.get("to_index")
            table = LiveTable(match)
            error, kind = judge_move(table, self.content, frm, fi, to, ti)
            if error is not None or kind is None:
                return error or "illegal_move"
            return _move_intent(match, table.rows, kind, frm, fi, to, ti)
        if verb == "rebuy":
            return (Intent(run_entity(match), RebuyOrder(), "play") if board_count(match)
                    else "no_cards_on_board")
        if verb == "random_attack":
            return ("already_used" if run(match).random_attack_used
                    else Intent(run_entity(match), RandomAttackOrder(), "play"))
        return pick_error(self.content, decision["abilities"]) or Intent(
            run_entity(match), PickOrder(tuple(decision["abilities"])), "pick")

    def intent(self, match: Match, decision: dict[str, Any]) -> Intent:
        """A decision taken from this position's legal list (`submit(trusted=True)`): the
        move's kind is judged again (that is what resolves it), nothing else is checked."""
        verb = decision["type"]
        if verb == "move":
            frm, to = decision["from"], decision["to"]
            fi, ti = decision.get("from_index"), decision.get("to_index")
            table = LiveTable(match)
            kind = judge_move(table, self.content, frm, fi, to, ti)[1]
            assert kind is not None, decision
            return _move_intent(match, table.rows, kind, frm, fi, to, ti)
        order: Any = {"rebuy": RebuyOrder, "random_attack": RandomAttackOrder}.get(verb)
        if order is not None:
            return Intent(run_entity(match), order(), "play")
        return Intent(run_entity(match), PickOrder(tuple(decision["abilities"])), "pick")

    # -- state (6) -------------------------------------------------------------------------
    def board_json(self, match: Match) -> dict[str, Any]:
        return board_json(match)

    def mask_board(self, board: dict[str, Any], seat: int) -> dict[str, Any]:
        return mask_board(board, seat)

    def view_board(self, match: Match, seat: int) -> dict[str, Any]:
        return view_board(match, seat)

    def legal_decisions(self, match: Match, seat: int) -> list[dict[str, Any]]:
        return legal_decisions(match, seat)


def _move_intent(match: Match, rows: list[Any], kind: str, frm: str, fi: Any, to: str,
                 ti: Any) -> Intent:
    """A judged move's intent, on the run: the card that moves, the destination pile and the
    card there (`rows`: the zone piles' rows the move was judged on)."""
    card = (rows[fi] if frm == "board" else rows[ZONE_INDEX[frm]]).pile.cards[0]
    run = RUN.first(match).entity  # the query's own read (every decision of a search)
    if to in NO_PILE:
        return Intent(run, MoveOrder(kind, card), "play")
    row = rows[ti] if to == "board" else rows[ZONE_INDEX[to]]
    cards = row.pile.cards
    return Intent(run, MoveOrder(kind, card, row.entity, cards[0] if cards else 0), "play")


# -- options and records -----------------------------------------------------------------------
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # ASCII digits; used with fullmatch


def check_options(options: dict[str, Any], seed: int) -> str | None:
    """`options.variant` is normal | constructed | daily; a `date` is a real YYYY-MM-DD."""
    variant = options.get("variant", "normal")
    if variant not in VARIANTS:
        return f"variant: must be one of {', '.join(VARIANTS)}, got {variant!r}"
    if "date" in options:
        date = options["date"]
        if not isinstance(date, str) or not DATE.fullmatch(date):
            return f"date: must be a date as 'YYYY-MM-DD', got {date!r}"
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            return f"date: {date!r} is not a calendar date"
    return None


def daily_seed(date: str) -> int:
    """The seed of a daily run: its date as the integer YYYYMMDD (4.2.5)."""
    return int(date.replace("-", ""))


def check_record(record: dict[str, Any]) -> str | None:
    """A daily run from the deal (`setup: null`) has a date and plays on that date's seed."""
    options = record.get("options") or {}
    if options.get("variant") != "daily" or record.get("setup") is not None:
        return None
    date = options.get("date")
    if not isinstance(date, str):
        return "options.date: a daily run needs its date ('YYYY-MM-DD')"
    problem = check_options(options, record["seed"])
    if problem:
        return f"options.{problem}"
    if record["seed"] != daily_seed(date):
        return (f"seed: a daily run's seed is its date as YYYYMMDD ({daily_seed(date)}), "
                f"got {record['seed']}")
    return None


def create_match(record: dict[str, Any], resources: ResourceSet) -> Match:
    """The match of a validated record at its start: the deal, the pick, or its setup."""
    problem = check_options(record.get("options") or {}, record["seed"]) or check_record(record)
    if problem:
        raise SetupError(problem)
    content = content_of(resources)
    match = Match(CrawlRules(content), seed=record["seed"], options=record.get("options"),
                  resources=resources, phase="play")
    match.begin(record.get("setup"))
    return match


def summarize(result: dict[str, Any]) -> dict[str, float]:
    return {"score": result["score"]}


SPEC = register(spec_of(
    CARD,
    resource_files=(*RESOURCE_FILES, TUTORIAL_FILE),  # docs/tutorials.md
    create_match=create_match,
    make_cpu=lazy_cpu("game.ai.crawl"),
    scene_entry="game.scenes.crawl.start:open_crawl",
    shot_entry="game.scenes.crawl.play:shot_view",
    bench=bench_of("game.ai.crawl.bench"),
    check_options=check_options,
    check_record=check_record,
    summarize=summarize,
    default_options={"variant": "normal"},
))
