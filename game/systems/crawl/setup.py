"""Loading a setup (spec crawl.md section 6.1): a State JSON taken exactly as given.

A record's `setup` is the State JSON of 6.1 (envelope + `board`), every key optional with the
defaults of 6.1; no draw runs when it is loaded. Derived keys (`to_act`, `seats`, `variant`,
`deck_count`, `deck_types`, `rebuy_cost`) are ignored: the variant comes from the record's
options, the seats from `options.ai`. The envelope `seed` may be absent, an integer or
"hidden" (a CPU loads a seat view with a seed of its own in the record); it is ignored, the
record's seed drives the streams.

Malformed setups raise `SetupError` (a replay exits 1) naming the key: the checks of 6.1
(duplicate ids, unknown types, negative values, board or deck values below 1, `hp` outside
1..`max_hp` while the run goes on, a board list that is not 4 entries) plus keys of the wrong
JSON type, unknown keys, unknown ability ids, a deck that is not a list (a seat view's "hidden"
must be replaced by the caller), and a `pick` phase with cards on the table.

Every size and count has an upper bound too (hero HP and gold, card values, the deck, the
counters, the turn, id and name lengths; docs/crawl.md "Setup bounds"), so a crafted setup
cannot make a screen or a CPU grow without limit, and card ids are short ASCII strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.components.common import Health
from game.components.crawl import CrawlCard, Hero, Run
from game.engine.match import SetupError, is_int
from game.engine.piles import fill_pile
from game.engine.setup_checks import check_int, check_length, check_text, excerpt
from game.systems.crawl import content as content_bounds
from game.systems.crawl.content import MAX_HP  # hero max_hp: the bound a mod has too
from game.systems.crawl.table import CARD_HEAD_KEYS, CARD_TAIL_KEYS, CARD_TYPES, SLOTS
from game.systems.crawl.world import BOARD_PILES, add_card, create_zones, pile_entity

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.content import Content

ENVELOPE_KEYS = frozenset({"mode", "rules", "seed", "phase", "turn", "to_act", "result", "seats",
                           "board", "forced"})
BOARD_KEYS = frozenset({"variant", "abilities", "board", "left_hand", "right_hand", "backpack",
                        "hero", "deck", "deck_count", "deck_types", "clear_counter", "rebuy_cost",
                        "random_attack_used", "removed"})
HERO_VALUES = ("hp", "max_hp", "gold")  # then one key per hero effect of the content
RESULT_KEYS = frozenset({"won", "score", "reason"})

# Bounds of what a setup can set (docs/crawl.md "Setup bounds"): far above a run's 13 HP, 54
# cards and values of at most 10, small enough for the play screen's texts and a CPU's search.
# Each is at least what a valid mod can make a run reach (the content's bounds), so every
# State JSON loads back as a setup: "Play from here", a bug report, the hard CPU's seat view.
MAX_SCORE = 999999     # result.score
MAX_GOLD = MAX_SCORE   # hero gold (the score): a mod's start gold, win bonus and 220 cards
MAX_VALUE = 999        # card value and initial_value (a mod's: 99)
MAX_DECK = content_bounds.MAX_DECK + content_bounds.MAX_PER_RUN  # deck.toml and ability cards
MAX_COUNT = 9999       # clear_counter, removed
MAX_TURN = 99999       # turn
MAX_NAME = content_bounds.MAX_NAME  # characters of a card name
CARD_ID = content_bounds.CARD_ID


def _fail(where: str, problem: str) -> SetupError:
    return SetupError(f"{where}: {problem}")


# A setup card: its id, its CrawlCard and the ids of the card marks it holds.
SetupCard = tuple[str, CrawlCard, tuple[str, ...]]


@dataclass
class ParsedSetup:
    """A checked setup: cards per zone as SetupCards, plus the hero and the counters."""

    phase: str = "play"
    turn: int = 0
    result: dict[str, Any] | None = None
    abilities: tuple[str, ...] = ()
    board: list[SetupCard | None] = field(default_factory=lambda: [None] * SLOTS)
    hands: dict[str, SetupCard | None] = field(default_factory=dict)
    deck: list[SetupCard] = field(default_factory=list)
    hero: dict[str, Any] = field(default_factory=dict)
    effects: tuple[str, ...] = ()  # the hero effects held
    clear_counter: int = 0
    random_attack_used: bool = False
    removed: int = 0


def _int(value: Any, where: str, low: int = 0, high: int = MAX_VALUE) -> int:
    return check_int(value, where, low, high)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, f"must be true or false, got {excerpt(value)}")
    return value


def _card(content: Content, raw: Any, where: str, zone: str) -> SetupCard:
    """One card object; `zone` is board | hand | backpack | deck (for values and `spent`)."""
    if not isinstance(raw, dict):
        raise _fail(where, f"must be a card object, got {excerpt(raw)}")
    marks = content.statuses.card_ids()
    for key in raw:
        if key not in CARD_HEAD_KEYS and key not in CARD_TAIL_KEYS and key not in marks:
            raise _fail(f"{where}.{key}", "unknown card key")
    card_id = raw.get("id")
    if not isinstance(card_id, str) or not CARD_ID.fullmatch(card_id):
        raise _fail(f"{where}.id", "required: 1-64 of A-Z a-z 0-9 _ . -, got "
                                   f"{excerpt(card_id)}")
    card_type = raw.get("type")
    if card_type not in CARD_TYPES:
        raise _fail(f"{where}.type", f"unknown card type {excerpt(card_type)} "
                                     f"({', '.join(CARD_TYPES)})")
    if card_type == "ability":
        ability = raw.get("ability")
        if not isinstance(ability, str):
            raise _fail(f"{where}.ability", "required for an ability card: an ability id")
        if ability not in content.abilities:
            raise _fail(f"{where}.ability", f"unknown ability {excerpt(ability)}")
        for key in ("value", "initial_value"):
            if raw.get(key) is not None:
                raise _fail(f"{where}.{key}", "must be null for an ability card")
        value = initial = None
    else:
        ability = raw.get("ability")
        if ability is not None:
            raise _fail(f"{where}.ability", "must be null for a card that is not an ability")
        if "value" not in raw:
            raise _fail(f"{where}.value", "required")
        value = _int(raw["value"], f"{where}.value")
        if zone in ("board", "deck") and value < 1:
            raise _fail(f"{where}.value", f"a card on the board or in the deck has a value "
                                          f"of at least 1, got {value}")
        initial = _int(raw.get("initial_value", value), f"{where}.initial_value")
    held = tuple(mark for mark in marks if _bool(raw.get(mark, False), f"{where}.{mark}"))
    spent_default = (zone == "hand" and card_type in ("potion", "gold")) or (
        zone == "backpack" and card_type == "gold")
    spent = _bool(raw.get("spent", spent_default), f"{where}.spent")
    name = raw.get("name")
    if name is None:
        name = content.default_name(card_type, initial, ability)
    else:
        name = check_text(name, f"{where}.name", MAX_NAME, empty=True)
    return card_id, CrawlCard(card_type, value, initial, ability, spent, name), held


def parse_setup(content: Content, setup: Any) -> ParsedSetup:
    """Check a setup against 6.1 and return it parsed (SetupError names the bad key)."""
    if not isinstance(setup, dict):
        raise SetupError("must be an object (a State JSON)")
    for key in setup:
        if key not in ENVELOPE_KEYS:
            raise _fail(f"{key}", "unknown key")
    if setup.get("mode", "crawl") != "crawl":
        raise _fail("mode", f"must be 'crawl', got {excerpt(setup['mode'])}")
    if setup.get("rules", "1") != "1":
        raise _fail("rules", f"must be '1', got {excerpt(setup['rules'])}")
    seed = setup.get("seed")
    if seed is not None and not is_int(seed) and seed != "hidden":
        raise _fail("seed", f"must be an integer or 'hidden', got {excerpt(seed)}")
    parsed = ParsedSetup()
    parsed.turn = _int(setup.get("turn", 0), "turn", 0, MAX_TURN)
    parsed.result = _result(setup.get("result"))
    default_phase = "over" if parsed.result is not None else "play"
    phase = setup.get("phase", default_phase)
    if phase not in ("pick", "play", "over"):
        raise _fail("phase", f"must be 'pick', 'play' or 'over', got {excerpt(phase)}")
    if (phase == "over") != (parsed.result is not None):
        raise _fail("phase", "a run is 'over' exactly when it has a result")
    parsed.phase = phase
    board = setup.get("board", {})
    if not isinstance(board, dict):
        raise _fail("board", "must be an object")
    _parse_board(content, board, parsed)
    return parsed


def _result(raw: Any) -> dict[str, Any] | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != RESULT_KEYS:
        raise _fail("result", "must be null or {\"won\", \"score\", \"reason\"}")
    won = _bool(raw["won"], "result.won")
    score = _int(raw["score"], "result.score", 0, MAX_SCORE)
    if raw["reason"] not in ("cleared", "died"):
        raise _fail("result.reason", "must be 'cleared' or 'died'")
    return {"won": won, "score": score, "reason": raw["reason"]}


def _parse_board(content: Content, board: dict[str, Any], parsed: ParsedSetup) -> None:
    for key in board:
        if key not in BOARD_KEYS:
            raise _fail(f"board.{key}", "unknown key")
    abilities = board.get("abilities", [])
    if not isinstance(abilities, list):
        raise _fail("board.abilities", "must be a list of ability ids")
    check_length(abilities, "board.abilities", len(content.abilities))
    for i, ability in enumerate(abilities):
        if not isinstance(ability, str) or ability not in content.abilities:
            raise _fail(f"board.abilities[{i}]", f"unknown ability {excerpt(ability)}")
    if len(set(abilities)) != len(abilities):
        raise _fail("board.abilities", "abilities must be distinct")
    parsed.abilities = tuple(abilities)
    slots = board.get("board", [None] * SLOTS)
    if not isinstance(slots, list) or len(slots) != SLOTS:
        raise _fail("board.board", f"must be a list of exactly {SLOTS} entries")
    parsed.board = [None if raw is None else _card(content, raw, f"board.board[{i}]",
                                                    "board")
                    for i, raw in enumerate(slots)]
    for zone in ("left_hand", "right_hand", "backpack"):
        raw = board.get(zone)
        parsed.hands[zone] = None if raw is None else _card(
            content, raw, f"board.{zone}", "backpack" if zone == "backpack" else "hand")
    deck = board.get("deck", [])
    if not isinstance(deck, list):
        raise _fail("board.deck", f"must be a list of cards, got {excerpt(deck)} (a seat "
                                  "view's hidden deck must be replaced by a list)")
    check_length(deck, "board.deck", MAX_DECK)
    parsed.deck = [_card(content, raw, f"board.deck[{i}]", "deck")
                   for i, raw in enumerate(deck)]
    _parse_hero(content, board.get("hero", {}), parsed)
    parsed.clear_counter = _int(board.get("clear_counter", 0), "board.clear_counter", 0,
                                MAX_COUNT)
    parsed.random_attack_used = _bool(board.get("random_attack_used", False),
                                      "board.random_attack_used")
    parsed.removed = _int(board.get("removed", 0), "board.removed", 0, MAX_COUNT)
    seen: set[str] = set()
    for card_id, _, _ in _all_cards(parsed):
        if card_id in seen:
            raise _fail("board", f"duplicate card id {excerpt(card_id)}")
        seen.add(card_id)
    if parsed.phase == "pick" and seen:
        raise _fail("board", "a run in phase 'pick' has no cards yet")


def _parse_hero(content: Content, hero: Any, parsed: ParsedSetup) -> None:
    if not isinstance(hero, dict):
        raise _fail("board.hero", "must be an object")
    effects = content.statuses.hero_ids()
    for key in hero:
        if key not in HERO_VALUES and key not in effects:
            raise _fail(f"board.hero.{key}", "unknown key")
    rules = content.rules
    max_hp = _int(hero.get("max_hp", rules.max_hp), "board.hero.max_hp", 1, MAX_HP)
    hp = _int(hero.get("hp", max_hp), "board.hero.hp", 0, MAX_HP)
    low = 1 if parsed.result is None else 0
    if not low <= hp <= max_hp:
        raise _fail("board.hero.hp", f"must be in {low}..{max_hp} "
                                           f"{'while the run goes on' if low else ''}, got {hp}")
    parsed.hero = {
        "hp": hp, "max_hp": max_hp,
        "gold": _int(hero.get("gold", rules.start_gold), "board.hero.gold", 0, MAX_GOLD),
    }
    parsed.effects = tuple(e for e in effects
                           if _bool(hero.get(e, False), f"board.hero.{e}"))


def _all_cards(parsed: ParsedSetup) -> list[SetupCard]:
    cards = [c for c in parsed.board if c is not None]
    cards += [c for c in parsed.hands.values() if c is not None]
    return cards + parsed.deck


def read_position(content: Content, state: dict[str, Any]) -> ParsedSetup:
    """A State JSON this program printed (a CPU's seat view with its sampled deck), read
    without the checks of `parse_setup`: every key is there and valid. A CPU's scratch match
    loads one per sample, and the checks cost as much as the building."""
    def read(raw: dict[str, Any] | None) -> SetupCard | None:
        if raw is None:
            return None
        card = CrawlCard(raw["type"], raw["value"], raw["initial_value"], raw["ability"],
                         raw["spent"], raw["name"])
        return raw["id"], card, tuple(mark for mark in marks if raw.get(mark))

    marks = content.statuses.card_ids()
    board = state["board"]
    hero = board["hero"]
    parsed = ParsedSetup()
    parsed.phase, parsed.turn, parsed.result = state["phase"], state["turn"], state["result"]
    parsed.abilities = tuple(board["abilities"])
    parsed.board = [read(raw) for raw in board["board"]]
    parsed.hands = {zone: read(board[zone]) for zone in ("left_hand", "right_hand", "backpack")}
    parsed.deck = [read(raw) for raw in board["deck"]]  # type: ignore[misc]
    parsed.hero = {"hp": hero["hp"], "max_hp": hero["max_hp"], "gold": hero["gold"]}
    parsed.effects = tuple(e for e in content.statuses.hero_ids() if hero.get(e))
    parsed.clear_counter = board["clear_counter"]
    parsed.random_attack_used = board["random_attack_used"]
    parsed.removed = board["removed"]
    return parsed


def load_setup(match: Match, content: Content, setup: Any, *, checked: bool = True) -> None:
    """Build the position a setup describes (inside the match's active world); `checked`
    False only for a State JSON this program printed (`read_position`)."""
    parsed = parse_setup(content, setup) if checked else read_position(content, setup)
    variant = match.options.get("variant", "normal")
    kinds = content.statuses.by_id
    hero = parsed.hero
    create_zones(match, (Hero(hero["gold"]), Health(hero["hp"], hero["max_hp"]),
                         *(kinds[e].component(1) for e in parsed.effects)),
                 Run(variant=variant, abilities=parsed.abilities,
                     clear_counter=parsed.clear_counter,
                     random_attack_used=parsed.random_attack_used, removed=parsed.removed))

    def card(entry: SetupCard, pile: int) -> int:
        card_id, comp, marks = entry
        return add_card(match, card_id, comp, (kinds[m].component(1) for m in marks), pile)

    for slot, entry in enumerate(parsed.board):
        if entry is not None:
            pile = pile_entity(match, BOARD_PILES[slot])
            fill_pile(match, pile, (card(entry, pile),))
    for zone, entry in parsed.hands.items():
        if entry is not None:
            pile = pile_entity(match, zone)
            fill_pile(match, pile, (card(entry, pile),))
    pile = pile_entity(match, "deck")
    deck = tuple(card(entry, pile) for entry in parsed.deck)
    if deck:
        fill_pile(match, pile, deck)
    match.journal.set_field(match.state, "turn", parsed.turn)
    if parsed.result is not None:
        match.finish(parsed.result)
    else:
        match.set_phase(parsed.phase, (0,))
